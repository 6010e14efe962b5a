#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/fixes/fixes.sh (make live-fixes): proves each patch of findings/ on
# the harness that found its bug.
#   1. every patch passes the kernel's scripts/checkpatch.pl --strict
#      (no sign-off, which the sender adds; commit ids cannot be looked up
#      here) and adds no W=1 warning to the files it touches;
#   2. the debug kernel is built a second time with every patch applied
#      (KERNEL=fixed, cached beside it: live/guest/kernel.sh fixed);
#   3. each finding's check (rdmaneg-findings plan) runs on both kernels:
#      once, or FIXES_TRIES times (default 20) for a race. It must
#      reproduce on the debug kernel and never on the fixed one (a
#      finding with "unpatched: others", which an earlier bug hides on
#      the debug kernel: on the fixed kernel without its own patch);
#   4. make live, the whole make live-adversarial table, make live-nfs,
#      live-nvme, live-iser, live-smbd and live-soak run on the fixed
#      kernel: no splat, and the
#      divergences the patches remove are gone (their checks above).
# Prints one table (finding, unpatched k/N, patched k/N, verdict) and
# exits 1 on any miss, 2 on a usage error.
# Settings: FIXES_TRIES=20  FIXES_ONLY=ID (that finding alone)
#   FIXES_DROP=ID (its patch left out: the negative control; that finding
#   must then fail)  FIXES_SUITES=0 (skip step 4)  LIVE_SOAK (step 4's
#   soak, default 200 cases)  KVER=6.1 (a kernel line of live/guest/kvers:
#   its debug kernel, and the ports of the patches to it that
#   tools/findings/port.sh wrote; a finding without one is named and left
#   unpatched)
# Writes build/live/fixes/: results.tsv, each run's console
# (SLUG/KERNEL-N.log), checkpatch.log, w1.log, suites.log.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
# shellcheck source=live/fixes/check.sh
. live/fixes/check.sh
F=build/live/fixes FB=build/plain/rdmaneg-findings
TRIES=${FIXES_TRIES:-20} DROP=${FIXES_DROP:-} ONLY=${FIXES_ONLY:-} SUITES=${FIXES_SUITES:-1}
case "$TRIES$SUITES" in '' | *[!0-9]*)
	echo "live-fixes: FIXES_TRIES and FIXES_SUITES are numbers" >&2; exit 2 ;; esac
[ "$TRIES" -ge 1 ] || { echo "live-fixes: FIXES_TRIES is at least 1" >&2; exit 2; }
make --no-print-directory -s "$FB" build/plain/rdmaneg-triage || exit 1
"$FB" check findings || exit 2
KVER=$(live/guest/kver.sh "${KVER:-6.1}" | cut -d' ' -f1) || exit 2
export KVER
# on a newer kernel line, each patch's port (tools/findings/port.sh)
kv=()
[ "$KVER" = 6.1 ] || kv=(--kver "$KVER")
# on any line, only the findings its on: lines do not measure absent (a
# bug in code a line does not have: 7.3's fs/smb/smbdirect/ on 6.1)
fv=(--for "$KVER")
patches=$("$FB" patches findings ${DROP:+--drop "$DROP"} "${kv[@]}" "${fv[@]}") || exit 2
plan=$("$FB" plan findings ${ONLY:+--only "$ONLY"} "${fv[@]}") || exit 2
mkdir -p "$F" && rm -rf "${F:?}"/*
t0=$(date +%s) fail=0

# 1 and 2: the kernels, the style and the warnings
read -r _ debug_dir < <(live/guest/kernel.sh | tail -1)
[ -n "${debug_dir:-}" ] || { echo "live-fixes: FAILED: the debug kernel (live/guest/kernel.sh)"; exit 1; }
tree=$(cat "$debug_dir/tree")
for p in $patches; do
	echo "== $p" >>"$F/checkpatch.log"
	if ! tools/findings/checkpatch.sh "$tree" "$p" >>"$F/checkpatch.log" 2>&1; then
		echo "live-fixes: FAILED: checkpatch --strict: $p (see $F/checkpatch.log)"
		fail=1
	fi
done
echo "live-fixes: checkpatch --strict: $(wc -w <<<"$patches") patch(es) checked"
read -r _ fixed_dir < <(KERNEL_PATCHES="$patches" live/guest/kernel.sh fixed | tail -1)
[ -n "${fixed_dir:-}" ] || { echo "live-fixes: FAILED: the fixed kernel (live/guest/kernel.sh fixed)"; exit 1; }
"$FB" w1 "$fixed_dir/w1-before.log" "$fixed_dir/w1-after.log" >"$F/w1.log" || fail=1
tail -1 "$F/w1.log"
echo "live-fixes: kernels ready after $(( $(date +%s) - t0 )) s"

# 3: each finding on both kernels
while read -r slug race unpatched suite args; do
	[ -n "$slug" ] || continue
	n=1
	[ "$race" = race ] && n=$TRIES
	mkdir -p "$F/$slug"
	counts=()
	for k in debug fixed; do
		# unpatched: others: an earlier bug hides this one on the debug
		# kernel, so its unpatched kernel is the one with every other
		# finding's patch (built and cached beside the fixed one)
		drop='' kernel=$k
		[ "$k" = fixed ] && drop=$DROP
		[ "$k" = debug ] && [ "$unpatched" = others ] && drop=$slug kernel=fixed
		hits=0 void=0
		for ((i = 1; i <= n; i++)); do
			log=$F/$slug/$k-$i.log
			run_check "$slug" "$suite" "$args" "$kernel" "$drop" "$log"
			case $? in
			0) hits=$((hits + 1)) ;;
			1) ;;
			*) void=$((void + 1))
				echo "live-fixes: $slug on $k, run $i: the reproducer measured nothing:" \
					"$(cat "$log.seen"); its output: $log.out"
				tail -40 "$log.out" | sed 's/^/  | /' ;;
			esac
		done
		counts+=("$hits" "$n" "$void")
		echo "live-fixes: $slug on $k${drop:+ (KERNEL=$kernel FIXES_DROP=$drop)}: reproduced $hits of $n"
	done
	echo "$slug ${counts[*]}" >>"$F/results.tsv"
done <<<"$plan"

# 4: the suites on the fixed kernel
if [ "$SUITES" -ne 0 ] && [ -z "$DROP" ] && [ -z "$ONLY" ]; then
	for s in "live" "live-adversarial PEER_RANDOM=0" "live-nfs" "live-nvme" "live-iser" "live-smbd" \
		"live-soak LIVE_SOAK=${LIVE_SOAK:-200}"; do
		# shellcheck disable=SC2086 # a target and its make variables
		if KERNEL=fixed make --no-print-directory $s >>"$F/suites.log" 2>&1; then
			echo "live-fixes: make $s KERNEL=fixed: passed"
		else
			echo "live-fixes: FAILED: make $s KERNEL=fixed (see $F/suites.log)"
			fail=1
		fi
	done
	# the hostile tables: a splat of any kind is a failure on the fixed kernel
	for found in build/live/adversarial/findings.txt build/live-nvme/findings.txt \
		build/live-iser/findings.txt build/live-smbd/findings.txt; do
		if grep -qa . "$found" 2>/dev/null; then
			echo "live-fixes: FAILED: the fixed kernel has findings ($found):"
			sed 's/^/  | /' "$found"
			fail=1
		fi
	done
	# a splat that did not kill the guest is no finding of make live-nvme's,
	# but the fixed kernel must have none
	for con in build/live-nvme/console-[0-9]*.log; do
		[ -e "$con" ] || continue
		if build/live/rdmaneg-live splats "$con" >"$F/nvme-splats.txt"; then
			echo "live-fixes: FAILED: make live-nvme KERNEL=fixed: splats in $con:"
			sed 's/^/  | /' "$F/nvme-splats.txt"
			fail=1
		fi
	done
fi

echo
"$FB" verdicts findings "$F/results.tsv" || fail=1
echo "live-fixes: $(( $(date +%s) - t0 )) s${DROP:+ (FIXES_DROP=$DROP)}"
exit "$fail"
