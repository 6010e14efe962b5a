#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/roce/roce.sh (make live-roce): the hostile RoCE v2 peer against
# rxe, ib_cm and rdma_cm in the live guest (live/roce/roce-init.sh): each
# case's frame, built by the core, goes into veth1 and what comes back is
# judged against what a conforming passive side does; then the active
# cases, where rdmaneg-live connect asks the peer for connections and the
# peer answers each REQ with the case's REP, REJ or MRA, judged against
# what a conforming active side does (rdmaneg-live roce,
# live/roce/roce_report.c; docs/roce.md). Debian's 6.1 by default (the
# debug kernels have no veth yet: roce-prepare.sh says so). One boot; a
# guest that dies or hangs names the case it was running.
#   LIVE_TIMEOUT=S    seconds the guest may take (2400 for the table,
#                     600 for one case or the smoke)
#   ROCE_CASE=NAME    one case (rdmaneg-live roce-cases)
#   LIVE_ROCE_SMOKE=1 CI's subset: the first 3 cases (a REP, a REJ and
#                     the bad-ICRC control) and a-rep (the active role)
# Writes build/live-roce/{console.log,report.txt,report.json (make
# compliance's rows)}; ends with "N passed,
# N failed" (passed: every case ran and was judged, the bad-ICRC control
# was dropped, rxe's own frames carry a good ICRC; Linux's divergences
# are results).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
export KERNEL=${KERNEL:-stock}
L=build/live N=build/live-roce
ONLY=${ROCE_CASE:-} SMOKE=${LIVE_ROCE_SMOKE:-0}
# the whole table takes about 11 minutes under TCG on stock 6.1 (the REJ
# cases each wait out the peer's second); one case or the smoke, seconds
TMO=${LIVE_TIMEOUT:-$([ -n "$ONLY" ] || [ "$SMOKE" = 1 ] && echo 600 || echo 2400)}
case "$SMOKE" in 0 | 1) ;; *) echo "live-roce: LIVE_ROCE_SMOKE is 0 or 1" >&2; exit 2 ;; esac
[ -n "$ONLY" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-roce: ROCE_CASE runs one case, LIVE_ROCE_SMOKE=1 a subset: one or the other" >&2; exit 2; }
case "$TMO" in '' | *[!0-9]*) echo "live-roce: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
read -r kver img prep_s img_s < <(live/guest/image.sh roce | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
first=0 count=0 also=
if [ -n "$ONLY" ]; then
	first=$("$L/rdmaneg-live" roce-cases | awk -v n="$ONLY" '$2 == n {print $1}')
	[ -n "$first" ] || { echo "live-roce: ROCE_CASE: no case '$ONLY' (rdmaneg-live roce-cases)" >&2; exit 2; }
	count=1
elif [ "$SMOKE" = 1 ]; then
	# the first 3 cases and the first active one (a good REP: the
	# connector, the RTU, the DREQ)
	count=3
	also=$("$L/rdmaneg-live" roce-cases | awk '$2 == "a-rep" {print $1}')
	[ -n "$also" ] || { echo "live-roce: no case a-rep for the smoke (rdmaneg-live roce-cases)" >&2; exit 2; }
fi
echo "live-roce: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)${ONLY:+, case $ONLY alone}"
mkdir -p "$N"
rm -rf "${N:?}"/*
live/guest/qemu.sh "$kver" "$img" "$TMO" \
	"live.transport=siw live.mode=roce oops=panic panic_on_warn=1 live.roce_first=$first live.roce_count=$count${also:+ live.roce_also=$also}"
qrc=$?
cp "$L/console.log" "$N/console.log"
fail=0
if [ "$qrc" -ne 0 ] || ! grep -aq '^LIVE_END' "$N/console.log"; then
	last=$(grep -a '^LIVE_ROCE_BEGIN' "$N/console.log" | tail -1 | cut -d' ' -f4)
	why=$("$L/rdmaneg-live" splats "$N/console.log" | cut -f1 | grep -v -m1 '^Kernel panic')
	echo "live-roce: the guest did not finish (qemu exit $qrc) in case ${last:-none}: ${why:-no splat}"
	echo "  reproducer: make live-roce KERNEL=$KERNEL ROCE_CASE=${last:-?}"
	fail=1
fi
grep -a '^LIVE_ROCE_STEP\|^LIVE_ERROR' "$N/console.log"
grep -aq '^LIVE_ROCE_STEP setup ok' "$N/console.log" || fail=1
if [ -n "$ONLY" ]; then
	grep -a '^LIVE_ROCE_CASE' "$N/console.log" | tee "$N/report.txt"
	grep -aq "^LIVE_ROCE_CASE $first $ONLY " "$N/console.log" || fail=1
elif ! "$L/rdmaneg-live" roce "$N/console.log" --count "$count" ${also:+--also "$also"} \
	--json "$N/report.json" >"$N/report.txt"; then
	fail=1
fi
[ -n "$ONLY" ] || cat "$N/report.txt"
echo "$((1 - fail)) passed, $fail failed"
[ "$fail" = 0 ]
