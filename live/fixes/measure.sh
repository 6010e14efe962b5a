#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/fixes/measure.sh (make live-findings KVER=7.3): every finding of
# findings/ measured on the debug kernel of one kernel line (KVER, default
# 6.1; live/guest/kvers): its check (rdmaneg-findings plan) run once, or
# FINDINGS_TRIES times (default 5) for a race, on KERNEL=debug, by the
# same runner as make live-fixes (live/fixes/check.sh). A finding that an
# earlier bug hides ("unpatched: others") runs on the fixed kernel
# without its own patch, so it needs the other patches to apply to KVER;
# when they do not, the kernel build fails and the run is void.
# Prints one table against the registry's "on:" lines (rdmaneg-findings
# measured) with the line to record for each finding whose result the
# registry lacks or contradicts. A finding that does not reproduce is a
# measurement, not a failure: exits 1 only when a run measured nothing
# (or FINDINGS_CHECK=1 and the registry disagrees), 2 on a usage error.
# Settings: FINDINGS_TRIES=5 (a race's runs; with FINDINGS_ONLY, that
#   finding's whatever it is)  FINDINGS_ONLY=ID (that finding alone: its
#   line of results.tsv and its consoles are replaced, the others kept)
#   FINDINGS_CHECK=0  FINDINGS_REJUDGE=1 (no run: the kept consoles judged
#   again by today's rdmaneg-findings, after a fix to the judge)
# Writes build/live/findings-KVER/: results.tsv (SLUG RELEASE K N VOID),
# each run's console (SLUG/N.log, with .out and .seen), table.txt.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
# shellcheck source=live/fixes/check.sh
. live/fixes/check.sh
FB=build/plain/rdmaneg-findings
TRIES=${FINDINGS_TRIES:-5} ONLY=${FINDINGS_ONLY:-} CHECK=${FINDINGS_CHECK:-0}
REJUDGE=${FINDINGS_REJUDGE:-0}
case "$TRIES" in '' | *[!0-9]*) echo "live-findings: FINDINGS_TRIES is a number" >&2; exit 2 ;; esac
[ "$TRIES" -ge 1 ] || { echo "live-findings: FINDINGS_TRIES is at least 1" >&2; exit 2; }
case "$CHECK" in 0 | 1) ;; *) echo "live-findings: FINDINGS_CHECK is 0 or 1" >&2; exit 2 ;; esac
case "$REJUDGE" in 0 | 1) ;; *) echo "live-findings: FINDINGS_REJUDGE is 0 or 1" >&2; exit 2 ;; esac
KVER=$(live/guest/kver.sh "${KVER:-6.1}" | cut -d' ' -f1) || exit 2
export KVER
make --no-print-directory -s "$FB" build/plain/rdmaneg-triage || exit 1
"$FB" check findings || exit 2
plan=$("$FB" plan findings ${ONLY:+--only "$ONLY"}) || exit 2
F=build/live/findings-$KVER
t0=$(date +%s)
if [ "$REJUDGE" = 1 ]; then
	[ -s "$F/results.tsv" ] || { echo "live-findings: nothing to judge again: no $F/results.tsv" >&2; exit 2; }
	mv "$F/results.tsv" "$F/results.old"
	while read -r slug release _ n _; do
		hits=0 void=0
		for ((i = 1; i <= n; i++)); do
			"$FB" seen findings "$slug" "$F/$slug/$i.log" >"$F/$slug/$i.log.seen" 2>&1
			case $? in 0) hits=$((hits + 1)) ;; 1) ;; *) void=$((void + 1)) ;; esac
		done
		echo "live-findings: $slug judged again: reproduced $hits of $((n - void))"
		echo "$slug $release $hits $n $void" >>"$F/results.tsv"
	done <"$F/results.old"
	plan=
else
	mkdir -p "$F"
	if [ -n "$ONLY" ]; then
		slug=${plan%% *}
		rm -rf "${F:?}/$slug"
		if [ -f "$F/results.tsv" ]; then
			grep -v "^$slug " "$F/results.tsv" >"$F/results.tmp" || :
			mv "$F/results.tmp" "$F/results.tsv"
		fi
	else
		rm -rf "${F:?}"/*
	fi
	read -r release _ < <(live/guest/kernel.sh | tail -1)
	[ -n "${release:-}" ] || { echo "live-findings: FAILED: the $KVER debug kernel (live/guest/kernel.sh)"; exit 1; }
	echo "live-findings: $KVER's debug kernel $release ready after $(( $(date +%s) - t0 )) s"
fi
while read -r slug race unpatched suite args; do
	[ -n "$slug" ] || continue
	n=1
	{ [ "$race" = race ] || [ -n "$ONLY" ]; } && n=$TRIES
	kernel=debug drop=
	[ "$unpatched" = others ] && kernel=fixed drop=$slug
	mkdir -p "$F/$slug"
	hits=0 void=0
	for ((i = 1; i <= n; i++)); do
		log=$F/$slug/$i.log
		run_check "$slug" "$suite" "$args" "$kernel" "$drop" "$log"
		case $? in
		0) hits=$((hits + 1)) ;;
		1) ;;
		*) void=$((void + 1))
			echo "live-findings: $slug, run $i: the reproducer measured nothing: $(cat "$log.seen");" \
				"its output: $log.out"
			tail -40 "$log.out" | sed 's/^/  | /' ;;
		esac
	done
	v=
	[ "$void" -eq 0 ] || v=" ($void void)"
	echo "live-findings: $slug on $release${drop:+ (KERNEL=fixed FIXES_DROP=$drop)}: reproduced $hits of" \
		"$((n - void))$v"
	echo "$slug $release $hits $n $void" >>"$F/results.tsv"
done <<<"$plan"
echo
rc=0
check_arg=()
[ "$CHECK" = 1 ] && check_arg=(--check)
"$FB" measured findings "$F/results.tsv" "$KVER" "${check_arg[@]}" | tee "$F/table.txt"
rc=${PIPESTATUS[0]}
echo "live-findings: $KVER: $(( $(date +%s) - t0 )) s"
exit "$rc"
