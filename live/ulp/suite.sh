#!/usr/bin/env bash
# live/ulp/suite.sh SUITE (smbd or iser): the boot loop both ULP suites
# share, called by live/smbd/smbd.sh and live/iser/iser.sh, which say
# what each runs. One boot runs the data check and every case
# (live/SUITE/SUITE-init.sh); a boot that dies or hangs makes its case a
# finding, with its console and reproducer, and the next boot goes on
# from the case after it (rdmaneg-live SUITE-next, from data 0). Then
# rdmaneg-live SUITE judges the console, rdmaneg-triage groups any splat,
# and on the debug kernel live/guest/gcov.sh reports the coverage.
#   KERNEL             stock or debug (the caller's default)
#   LIVE_TIMEOUT=1500  seconds a boot may take
#   LIVE_<SUITE>_SMOKE=1  the data check and the first 3 cases of each role
#   <SUITE>_CASE=NAME  one case (rdmaneg-live SUITE-cases), after the data
#                      check, on a fresh boot: a finding's reproducer
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
first=0 count=0 extra=
if [ -n "$ONLY" ]; then
	first=$(cases | awk -v n="$ONLY" '$2 == n {print $1}')
	[ -n "$first" ] || { echo "live-$s: $case_var: no case '$ONLY' (rdmaneg-live $s-cases)" >&2; exit 2; }
	count=1
elif [ "$SMOKE" = 1 ]; then
	# the first 3 of each role: the first role's from 0, the second's own
	# range (its first case: the first whose role is not case 0's)
	count=3
	extra=" live.${s}_rfirst=$(cases | awk 'NR == 1 {r = $3} $3 != r {print $1; exit}') live.${s}_rcount=3"
fi
end=0
[ "$count" -gt 0 ] && end=$((first + count))
echo "live-$s: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)${ONLY:+, case $ONLY alone}"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log fail=0 boot=0 data=1 gcov=()
: >"$N/findings.txt"
repro="make live-$s KERNEL=$KERNEL"
t0=$SECONDS
while :; do
	boot=$((boot + 1))
	live/guest/qemu.sh "$kver" "$img" "$TMO" \
		"live.transport=siw live.mode=$s live.${s}_data=$data live.${s}_first=$first live.${s}_count=$count$extra"
	qrc=$?
	cp "$L/console.log" "$N/console-$boot.log"
	[ -s "$L/gcov.tar" ] && cp "$L/gcov.tar" "$N/gcov-$boot.tar" && gcov+=("$N/gcov-$boot.tar")
	# a later boot's cases, with the kernel's lines among them
	if [ "$data" = 1 ]; then cp "$N/console-$boot.log" "$log"
	else sed -n "/^LIVE_${S}_CASE /,\$p" "$N/console-$boot.log" >>"$log"; fi
	if [ "$qrc" -eq 0 ] && grep -aq '^LIVE_END' "$N/console-$boot.log"; then break; fi
	# the guest died or hung: the case it was running is a finding
	read -r next name < <("$L/rdmaneg-live" "$s-next" "$N/console-$boot.log")
	why=$("$L/rdmaneg-live" splats "$N/console-$boot.log" | tail -1 | cut -f1)
	[ -n "$why" ] || why=$([ "$qrc" -eq 124 ] && echo "hung: no end after ${TMO}s" || echo "died (qemu exit $qrc)")
	if [ "${next:-none}" = none ] || [ "$next" = "done" ]; then
		echo "live-$s: FAILED: boot $boot ended outside a case ($why)"
		sed '/^LIVE_WATCHDOG/,$d' "$N/console-$boot.log" | tail -25 | sed 's/^/  | /'
		"$L/rdmaneg-live" stacks "$N/console-$boot.log" | sed 's/^/  /'
		fail=1
		break
	fi
	printf '%s\t%s\t%s %s=%s\tconsole-%d.log\n' "$name" "$why" "$repro" "$case_var" "$name" "$boot" \
		>>"$N/findings.txt"
	echo "live-$s: finding: case $name: $why ($N/console-$boot.log); the next boot goes on"
	[ -n "$ONLY" ] && break
	[ "$boot" -ge 20 ] && { echo "live-$s: FAILED: 20 boots, giving up"; fail=1; break; }
	first=$next data=0
	if [ "$end" -gt 0 ]; then count=$((end - next)); [ "$count" -gt 0 ] || break; fi
done
"$L/rdmaneg-live" "$s" "$log" --json "$N/report.json" | tee "$N/report.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
if [ -s "$N/findings.txt" ]; then
	echo "live-$s: findings (case, splat, reproducer, console):"
	sed 's/^/  /' "$N/findings.txt"
fi
if [ -s "$N/findings.txt" ] || "$L/rdmaneg-live" splats "$log" >/dev/null; then
	"$L/rdmaneg-live" splats "$log" | sed "s/^/live-$s: splat: /"
	make --no-print-directory -s build/plain/rdmaneg-triage || exit 1
	build/plain/rdmaneg-triage kernel --out "$N/triage" --make-args "KERNEL=$KERNEL" \
		"$N"/console-[0-9]*.log | sed "s/^/live-$s: triage: /"
fi
grep -a -m1 '^Linux version' "$log" | cut -c1-120 | sed "s/^/live-$s: /"
if [ "$KERNEL" = debug ]; then
	if [ ${#gcov[@]} -gt 0 ]; then live/guest/gcov.sh "$s" "$kver" "${gcov[@]}" || fail=1
	else echo "live-$s: no kernel coverage: no guest lived to send its counters"; fi
fi
echo "live-$s: $boot boot(s), $((SECONDS - t0)) s"
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
