#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/ulp/suite.sh SUITE (smbd or iser): the boot loop both ULP suites
# share, called by live/smbd/smbd.sh and live/iser/iser.sh, which say
# what each runs. One boot runs the data check and every case
# (live/SUITE/SUITE-init.sh); a boot that dies or hangs makes its case a
# finding, with its console and reproducer, and the next boot goes on
# from the case after it (rdmaneg-live SUITE-next, from data 0). Then
# rdmaneg-live SUITE judges the console, rdmaneg-triage groups any splat,
# and on the debug or fixed kernel live/guest/gcov.sh reports the coverage.
#   KERNEL             stock, debug or fixed (the caller's default: stock);
#                      debug and fixed add the kernel coverage (gcov)
#   LIVE_TIMEOUT=1500  seconds a boot may take
#   LIVE_<SUITE>_SMOKE=1  the data check and the first 3 cases of each role
#   <SUITE>_CASE=NAME  one case (rdmaneg-live SUITE-cases), after the data
#                      check, on a fresh boot: a finding's reproducer; =data: the
#                      data check alone
# Writes build/live-SUITE/{console.log,console-N.log,findings.txt,
# report.txt,report.json}; ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
s=${1:-}
case "$s" in smbd | iser) ;; *) echo "usage: live/ulp/suite.sh smbd|iser" >&2; exit 2 ;; esac
S=${s^^} # SMBD, ISER: the variables' prefix
smoke_var=LIVE_${S}_SMOKE case_var=${S}_CASE
L=build/live N=build/live-$s
TMO=${LIVE_TIMEOUT:-1500} SMOKE=${!smoke_var:-0} ONLY=${!case_var:-}
: "${KERNEL:?live/ulp/suite.sh: the caller sets KERNEL}"
case "$TMO" in '' | *[!0-9]*) echo "live-$s: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
case "$SMOKE" in 0 | 1) ;; *) echo "live-$s: $smoke_var is 0 or 1" >&2; exit 2 ;; esac
[ -n "$ONLY" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-$s: $case_var runs one case, $smoke_var=1 a subset: one or the other" >&2; exit 2; }
read -r kver img prep_s img_s < <(live/guest/image.sh "$s" | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
cases() { "$L/rdmaneg-live" "$s-cases"; }
# Each boot runs the first role's cases from f1, c1 of them, the data
# check (data=1), then the second role's from f2, c2 of them; a count of
# 0 runs to the role's last case, a first of $none (past the last case)
# runs none of that role's.
none=$(cases | wc -l)
r2=$(cases | awk 'NR == 1 {r = $3} $3 != r {print $1; exit}') # the second role's first case
f1=0 c1=0 f2=$r2 c2=0
if [ "$ONLY" = data ]; then
	f1=$none f2=$none
elif [ -n "$ONLY" ]; then
	k=$(cases | awk -v n="$ONLY" '$2 == n {print $1}')
	[ -n "$k" ] || { echo "live-$s: $case_var: no case '$ONLY' (rdmaneg-live $s-cases; data: the data check alone)" >&2; exit 2; }
	if [ "$k" -lt "$r2" ]; then f1=$k c1=1 f2=$none; else f1=$none f2=$k c2=1; fi
elif [ "$SMOKE" = 1 ]; then
	c1=3 c2=3
fi
echo "live-$s: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)${ONLY:+, case $ONLY alone}"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log data=1
t0=$SECONDS
# live/core/boots.sh's loop, with this suite's four functions
# oops=panic, panic_on_warn=1: an oops or a WARNING ends the boot at
# once, its case a finding, not at the watchdog after every later case
# ran on a broken kernel (KASAN goes on: kasan_multi_shot)
boot_cmdline() {
	echo "live.transport=siw live.mode=$s oops=panic panic_on_warn=1 live.${s}_data=$data live.${s}_first=$f1 live.${s}_count=$c1 live.${s}_rfirst=$f2 live.${s}_rcount=$c2"
}
# a later boot's cases (and data check), with the kernel's lines among them
boot_join() { sed -n "/^LIVE_${S}_CASE /,\$p" "$1" >>"$log"; }
# the case after the last one begun and its name; the data check's
# death is a finding of its own (reproducer ${case_var}=data); one in the
# second role's setup, without it, is outside a case
boot_case() {
	local next name
	read -r next name < <("$L/rdmaneg-live" "$s-next" "$1")
	if [ "${next:-none}" = data ] && [ "$data" = 1 ]; then echo "data data"
	elif [ "${next:-none}" != none ] && [ "$next" != "done" ] && [ "$next" != data ]; then
		echo "$next $name"
	fi
}
boot_on() { # NEXT NAME
	local next=$1 name=$2 left
	# one case alone: done once it ran, unless what died was the data
	# check before it (a second role's case: the next boot runs it, as
	# the whole suite would)
	if [ -n "$ONLY" ]; then
		[ "$name" = data ] && [ "$ONLY" != data ] && [ "$f2" != "$none" ] || return 1
	fi
	# the next boot goes on after the case (or the data check) it died in;
	# the data check runs between the roles, so only a death in it or
	# after it leaves it out
	if [ "$name" = data ]; then
		f1=$none c1=0 data=0
	elif [ "$next" -le "$r2" ]; then
		# a first-role case: the rest of its range, if any is left
		left=all
		[ "$c1" -gt 0 ] && left=$((c1 - (next - f1)))
		f1=$next c1=0
		[ "$left" = all ] || c1=$left
		if [ "$left" = 0 ] || [ "$next" -ge "$r2" ]; then f1=$none c1=0; fi
	else
		f1=$none c1=0 data=0
		if [ "$c2" -gt 0 ]; then c2=$((c2 - (next - f2))); [ "$c2" -gt 0 ] || return 1; fi
		f2=$next
	fi
}
SUITE=$s CASE_VAR=$case_var
# shellcheck source=live/core/boots.sh
. live/core/boots.sh
live_boots
"$L/rdmaneg-live" "$s" "$log" --json "$N/report.json" | tee "$N/report.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
if [ -s "$N/findings.txt" ]; then
	echo "live-$s: findings (case, splat, reproducer, console):"
	sed 's/^/  /' "$N/findings.txt"
fi
grep -a -m1 '^Linux version' "$log" | cut -c1-120 | sed "s/^/live-$s: /"
# the debug kernel and the fixed one (the same build, patched) have gcov
[ "$KERNEL" = stock ] || live_boots_gcov
# last: a splat that no registered finding names ends the output framed
# as NEW (rdmaneg-triage kernel), so that no smoke run hides one
"$L/rdmaneg-live" splats "$log" | sed "s/^/live-$s: splat: /"
live/guest/triage.sh "$s" "$N/triage" "$N"/console-[0-9]*.log || fail=1
echo "live-$s: $boot boot(s), $((SECONDS - t0)) s"
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
