#!/usr/bin/env bash
# live/iser/iser.sh (make live-iser): iSER in the live guest, both ends on
# siw0 (live/iser/iser-init.sh): the hostile target's cases against Linux's
# ib_iser (open-iscsi logging in), the data check between ib_iser and LIO's
# isert (1 MiB written to the LUN and read back, the REQ and REP captured
# and judged), then the hostile initiator's cases against isert; every
# answer judged with the core and the oracle (rdmaneg-live iser,
# live/iser/iser_report.c; docs/iser.md). Debian's kernel by default;
# KERNEL=debug adds the coverage of drivers/infiniband/ulp/{iser,isert}
# (its LIO side runs on rxe0: no network namespaces there). A case that
# kills or hangs the guest is a finding, with its console and reproducer,
# and the next boot goes on from the case after it.
#   LIVE_TIMEOUT=1500  seconds a boot may take
#   LIVE_ISER_SMOKE=1  the data check and the first 3 cases of each role
#   ISER_CASE=NAME     one case (rdmaneg-live iser-cases), after the data
#                      check, on a fresh boot: a finding's reproducer
# Writes build/live-iser/{console.log,console-N.log,findings.txt,report.txt,
# report.json}; ends with "N passed, N failed" (passed: the data came back,
# every case ran and was judged, the core agreed with the oracle; Linux's
# divergences and findings are results). Orchestration only: the verdicts
# are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live N=build/live-iser
TMO=${LIVE_TIMEOUT:-1500} SMOKE=${LIVE_ISER_SMOKE:-0} ONLY=${ISER_CASE:-}
export KERNEL=${KERNEL:-stock}
case "$TMO" in '' | *[!0-9]*) echo "live-iser: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
case "$SMOKE" in 0 | 1) ;; *) echo "live-iser: LIVE_ISER_SMOKE is 0 or 1" >&2; exit 2 ;; esac
[ -n "$ONLY" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-iser: ISER_CASE runs one case, LIVE_ISER_SMOKE=1 a subset: one or the other" >&2; exit 2; }
read -r kver img prep_s img_s < <(live/guest/image.sh iser | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
cases() { "$L/rdmaneg-live" iser-cases; }
first=0 count=0 extra=
if [ -n "$ONLY" ]; then
	first=$(cases | awk -v n="$ONLY" '$2 == n {print $1}')
	[ -n "$first" ] || { echo "live-iser: ISER_CASE: no case '$ONLY' (rdmaneg-live iser-cases)" >&2; exit 2; }
	count=1
elif [ "$SMOKE" = 1 ]; then
	# the first 3 of each role: the server's from 0, the client's own range
	count=3
	extra=" live.iser_ifirst=$(cases | awk '$3 == "initiator" {print $1; exit}') live.iser_icount=3"
fi
end=0
[ "$count" -gt 0 ] && end=$((first + count))
echo "live-iser: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)${ONLY:+, case $ONLY alone}"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log fail=0 boot=0 data=1 gcov=()
: >"$N/findings.txt"
repro="make live-iser${KERNEL:+ KERNEL=$KERNEL}"
t0=$SECONDS
while :; do
	boot=$((boot + 1))
	live/guest/qemu.sh "$kver" "$img" "$TMO" \
		"live.transport=siw live.mode=iser live.iser_data=$data live.iser_first=$first live.iser_count=$count$extra"
	qrc=$?
	cp "$L/console.log" "$N/console-$boot.log"
	[ -s "$L/gcov.tar" ] && cp "$L/gcov.tar" "$N/gcov-$boot.tar" && gcov+=("$N/gcov-$boot.tar")
	# a later boot's cases, with the kernel's lines among them
	if [ "$data" = 1 ]; then cp "$N/console-$boot.log" "$log"
	else sed -n '/^LIVE_ISER_CASE /,$p' "$N/console-$boot.log" >>"$log"; fi
	if [ "$qrc" -eq 0 ] && grep -aq '^LIVE_END' "$N/console-$boot.log"; then break; fi
	# the guest died or hung: the case it was running is a finding
	read -r next name < <("$L/rdmaneg-live" iser-next "$N/console-$boot.log")
	why=$("$L/rdmaneg-live" splats "$N/console-$boot.log" | tail -1 | cut -f1)
	[ -n "$why" ] || why=$([ "$qrc" -eq 124 ] && echo "hung: no end after ${TMO}s" || echo "died (qemu exit $qrc)")
	if [ "${next:-none}" = none ] || [ "$next" = "done" ]; then
		echo "live-iser: FAILED: boot $boot ended outside a case ($why)"
		sed '/^LIVE_WATCHDOG/,$d' "$N/console-$boot.log" | tail -25 | sed 's/^/  | /'
		"$L/rdmaneg-live" stacks "$N/console-$boot.log" | sed 's/^/  /'
		fail=1
		break
	fi
	printf '%s\t%s\t%s ISER_CASE=%s\tconsole-%d.log\n' "$name" "$why" "$repro" "$name" "$boot" \
		>>"$N/findings.txt"
	echo "live-iser: finding: case $name: $why (build/live-iser/console-$boot.log); the next boot goes on"
	[ -n "$ONLY" ] && break
	[ "$boot" -ge 20 ] && { echo "live-iser: FAILED: 20 boots, giving up"; fail=1; break; }
	first=$next data=0
	if [ "$end" -gt 0 ]; then count=$((end - next)); [ "$count" -gt 0 ] || break; fi
done
"$L/rdmaneg-live" iser "$log" --json "$N/report.json" | tee "$N/report.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
if [ -s "$N/findings.txt" ]; then
	echo "live-iser: findings (case, splat, reproducer, console):"
	sed 's/^/  /' "$N/findings.txt"
fi
if [ -s "$N/findings.txt" ] || "$L/rdmaneg-live" splats "$log" >/dev/null; then
	"$L/rdmaneg-live" splats "$log" | sed 's/^/live-iser: splat: /'
	make --no-print-directory -s build/plain/rdmaneg-triage || exit 1
	build/plain/rdmaneg-triage kernel --out "$N/triage" --make-args "KERNEL=$KERNEL" \
		"$N"/console-[0-9]*.log | sed 's/^/live-iser: triage: /'
fi
grep -a -m1 '^Linux version' "$log" | cut -c1-120 | sed 's/^/live-iser: /'
if [ "$KERNEL" = debug ]; then
	if [ ${#gcov[@]} -gt 0 ]; then live/guest/gcov.sh iser "$kver" "${gcov[@]}" || fail=1
	else echo "live-iser: no kernel coverage: no guest lived to send its counters"; fi
fi
echo "live-iser: $boot boot(s), $((SECONDS - t0)) s"
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
