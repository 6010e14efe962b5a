#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/roce/roce.sh (make live-roce): the hostile RoCE v2 peer against
# rxe, ib_cm and rdma_cm in the live guest (live/roce/roce-init.sh): each
# case's frame, built by the core, goes into veth1 and what comes back is
# judged against what a conforming passive side does; then the active
# cases, where rdmaneg-live connect asks the peer for connections and the
# peer answers each REQ with the case's REP, REJ or MRA, judged against
# what a conforming active side does (rdmaneg-live roce,
# live/roce/roce_report.c; docs/roce.md). Debian's 6.1 by default;
# KERNEL and KVER as in the other suites (roce-prepare.sh refuses a
# kernel without veth or rxe). A guest that
# dies or hangs makes the case it was running a finding (its console,
# splat and reproducer in findings.txt), and the next boot goes on after
# it; rdmaneg-triage then names the registered finding each splat is.
#   LIVE_TIMEOUT=S    seconds the guest may take (2400 for the table,
#                     600 for one case or the smoke)
#   ROCE_CASE=NAME    one case (rdmaneg-live roce-cases)
#   ROCE_CASES=PREFIX the cases whose names begin with PREFIX, a run of
#                     the table (svcrdma-, isert-, nvmet-, idle-, rnd-, a-, h-nvme-,
#                     h-nfs-, h-iser-)
#   ROCE_RANDOM=S     random REQs for S seconds (each the good REQ with 2 to
#                     4 fields at edges or random values, one seed after
#                     another, judged by the oracle as the table's rnd-req-
#                     rows): after ROCE_CASES' run, or alone; a death is
#                     a finding and the next boot draws on from the next
#                     seed for the time left; ROCE_CASE=rnd-HEX reruns one
#   ROCE_SEED=HEX     the first seed (default: the time, printed)
#   LIVE_ROCE_SMOKE=1 CI's subset: the first 3 cases (a REP, a REJ and
#                     the bad-ICRC control), a good REQ to each ULP's
#                     listener (nvmet-base-admin, svcrdma-v1-4k-R,
#                     isert-i-linux), a-rep (the active role),
#                     h-nvme-accept-ok (nvme-rdma connecting),
#                     h-nfs-v1-4k-R (the NFS client mounting) and
#                     h-iser-t-ok (ib_iser logging in)
# Writes build/live-roce/{console.log (every boot's cases),
# console-N.log, findings.txt, report.txt, report.json (make compliance's
# rows), triage/}; ends with "N passed, N failed" (passed: every case
# ran and was judged, the bad-ICRC control was dropped, rxe's own frames
# carry a good ICRC; Linux's divergences, the cases that killed it and
# its splats, named by rdmaneg-triage or framed NEW, are results).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
export KERNEL=${KERNEL:-stock}
L=build/live N=build/live-roce
ONLY=${ROCE_CASE:-} SMOKE=${LIVE_ROCE_SMOKE:-0} PREFIX=${ROCE_CASES:-}
RANDOM_S=${ROCE_RANDOM:-} SEED=${ROCE_SEED:-$(printf '%x' "$(date +%s)")}
[[ "$RANDOM_S" =~ ^([1-9][0-9]{0,4})?$ ]] ||
	{ echo "live-roce: ROCE_RANDOM is a number of seconds, 1 to 99999" >&2; exit 2; }
# a seed shell arithmetic can step (15 hex digits at most)
[[ "$SEED" =~ ^[0-9a-f]{1,15}$ ]] || { echo "live-roce: ROCE_SEED is 1 to 15 lower-case hex digits" >&2; exit 2; }
if [ -n "$RANDOM_S" ] && { [ "$SMOKE" = 1 ] || [ -n "$ONLY" ]; }; then
	echo "live-roce: ROCE_RANDOM goes with ROCE_CASES or alone" >&2; exit 2
fi
rmax=0
if [[ "$ONLY" =~ ^rnd-([0-9a-f]{16})$ ]]; then
	# one random case, again: its seed, once
	[ "${BASH_REMATCH[1]:0:1}" = 0 ] || { echo "live-roce: ROCE_CASE: $ONLY's seed is past what ROCE_SEED takes" >&2; exit 2; }
	SEED=$(printf '%x' "$((16#${BASH_REMATCH[1]}))") RANDOM_S=1 rmax=1
fi
# the whole table takes about 11 minutes under TCG on stock 6.1 (the REJ
# cases each wait out the peer's second); one case or the smoke, seconds;
# a random mode, its time more
TMO=${LIVE_TIMEOUT:-$(( $([ -n "$ONLY" ] || [ "$SMOKE" = 1 ] || { [ -n "$RANDOM_S" ] && [ -z "$PREFIX" ]; } && echo 600 || echo 2400) + ${RANDOM_S:-0} ))}
case "$SMOKE" in 0 | 1) ;; *) echo "live-roce: LIVE_ROCE_SMOKE is 0 or 1" >&2; exit 2 ;; esac
[ $(( ${ONLY:+1} + ${PREFIX:+1} + (SMOKE == 1) )) -le 1 ] ||
	{ echo "live-roce: ROCE_CASE (one case), ROCE_CASES (a run of them) and LIVE_ROCE_SMOKE=1 (CI's subset): one at most" >&2; exit 2; }
case "$TMO" in '' | *[!0-9]*) echo "live-roce: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
read -r kver img prep_s img_s < <(live/guest/image.sh roce | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
first=0 count=0 also=
total=$("$L/rdmaneg-live" roce-cases | wc -l)
if [ -n "$RANDOM_S" ] && [ -z "$PREFIX" ]; then
	first=$total # a random mode alone: no case of the table
elif [ -n "$ONLY" ]; then
	first=$("$L/rdmaneg-live" roce-cases | awk -v n="$ONLY" '$2 == n {print $1}')
	[ -n "$first" ] || { echo "live-roce: ROCE_CASE: no case '$ONLY' (rdmaneg-live roce-cases)" >&2; exit 2; }
	count=1
elif [ -n "$PREFIX" ]; then
	# the run of cases whose names begin with PREFIX: one run, no gap
	read -r first count span < <("$L/rdmaneg-live" roce-cases | awk -v p="$PREFIX" '
		index($2, p) == 1 {if (n++ == 0) f = $1; l = $1} END {print f + 0, n + 0, l - f + 1}')
	[ "$count" -gt 0 ] || { echo "live-roce: ROCE_CASES: no case begins with '$PREFIX' (rdmaneg-live roce-cases)" >&2; exit 2; }
	[ "$count" = "$span" ] || { echo "live-roce: ROCE_CASES: the cases beginning with '$PREFIX' are not one run of the table" >&2; exit 2; }
elif [ "$SMOKE" = 1 ]; then
	# the first 3 cases, a good REQ to each ULP's listener (nvmet,
	# svcrdma, isert) and the first active case (a good REP: the
	# connector, the RTU, the DREQ)
	count=3
	also=nvmet-base-admin,svcrdma-v1-4k-R,isert-i-linux,a-rep,h-nvme-accept-ok,h-nfs-v1-4k-R,h-iser-t-ok
	for a in ${also//,/ }; do
		"$L/rdmaneg-live" roce-cases | awk -v n="$a" '$2 == n {f = 1} END {exit !f}' ||
			{ echo "live-roce: no case $a for the smoke (rdmaneg-live roce-cases)" >&2; exit 2; }
	done
fi
echo "live-roce: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)${ONLY:+, case $ONLY alone}${PREFIX:+, the $count cases $PREFIX*}"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log
rfirst=$first rcount=$count # the run the report judges; the boots move first on
rseed=$SEED rsecs=$RANDOM_S # the random mode's; the boots move them on
[ -z "$RANDOM_S" ] || echo "live-roce: random REQs for $RANDOM_S s from seed $SEED${ONLY:+ (its one case)}"
t0=$SECONDS
# live/core/boots.sh's loop, with this suite's four functions
# oops=panic, panic_on_warn=1: an oops or a WARNING ends the boot at
# once, its case a finding; the next boot goes on after it
boot_cmdline() {
	echo "live.transport=siw live.mode=roce oops=panic panic_on_warn=1 live.roce_first=$first live.roce_count=$count${also:+ live.roce_also=$also}${rsecs:+ live.roce_rseed=$rseed live.roce_rsecs=$rsecs live.roce_rmax=$rmax}"
}
boot_join() { sed -n '/^LIVE_ROCE_BEGIN /,$p' "$1" >>"$log"; }
# the case begun last: "INDEX NAME"
boot_case() { grep -a '^LIVE_ROCE_BEGIN ' "$1" | tail -1 | tr -d '\r' | cut -d' ' -f3,4; }
boot_on() { # INDEX NAME
	local k=$1
	# its line: "answer=died" (the report counts it as a divergence)
	echo "LIVE_ROCE_CASE $k $2 answer=died reason=0 rcvd=-1 icrc=- frames=0" >>"$log"
	# one case or the smoke: done; the table or a run of it: the next
	# boot goes on after it, to the run's end
	[ -z "$ONLY" ] && [ "$SMOKE" = 0 ] || return 1
	if [[ "$2" =~ ^rnd-([0-9a-f]{16})$ ]] && [ "$k" -ge "$total" ]; then
		# a random case: the next boot draws from the next seed for the
		# time left, and runs no case of the table
		rsecs=$((RANDOM_S - (SECONDS - t0)))
		[ "$rsecs" -gt 0 ] || return 1
		rseed=$(printf '%x' "$((16#${BASH_REMATCH[1]} + 1))") first=$total count=0
		return 0
	fi
	local more=1
	[ $((k + 1)) -lt "$total" ] || more=0
	if [ "$more" = 1 ] && [ "$count" -gt 0 ]; then
		count=$((first + count - k - 1))
		[ "$count" -gt 0 ] || more=0
	fi
	if [ "$more" = 1 ]; then
		first=$((k + 1))
		return 0
	fi
	# the run's end: the random mode's time is left, if it has one
	[ -n "$rsecs" ] || return 1
	first=$total count=0
}
SUITE=roce CASE_VAR=ROCE_CASE
# shellcheck source=live/core/boots.sh
. live/core/boots.sh
live_boots
grep -a '^LIVE_ROCE_STEP\|^LIVE_ROCE_NFSD\|^LIVE_ERROR' "$N/console-1.log"
grep -aq '^LIVE_ROCE_STEP setup ok' "$N/console-1.log" || fail=1
grep -aq '^LIVE_ROCE_STEP nvmet ok' "$N/console-1.log" || fail=1
grep -aq '^LIVE_ROCE_STEP nfsd ok' "$N/console-1.log" || fail=1
grep -aq '^LIVE_ROCE_STEP isert ok' "$N/console-1.log" || fail=1
grep -aq '^LIVE_ROCE_STEP trace ok' "$N/console-1.log" || fail=1
grep -aq '^LIVE_ROCE_STEP iscsid ok' "$N/console-1.log" || fail=1
if [ -n "$ONLY" ]; then
	grep -a '^LIVE_ROCE_CASE' "$log" | tee "$N/report.txt"
	grep -aq "^LIVE_ROCE_CASE $first $ONLY " "$log" || fail=1
elif ! "$L/rdmaneg-live" roce "$log" --first "$rfirst" --count "$rcount" ${also:+--also "$also"} \
	--json "$N/report.json" >"$N/report.txt"; then
	fail=1
fi
[ -n "$ONLY" ] || cat "$N/report.txt"
if [ -n "$RANDOM_S" ] && [ -z "$ONLY" ] && ! grep -q '^random: [1-9]' "$N/report.txt"; then
	echo "live-roce: FAILED: ROCE_RANDOM=$RANDOM_S ran no random case"
	grep -a '^LIVE_ROCE_RANDOM' "$log" | sed 's/^/  | /'
	fail=1
fi
if [ -s "$N/findings.txt" ]; then
	echo "live-roce: findings (case, splat, reproducer, console):"
	sed 's/^/  /' "$N/findings.txt"
fi
# the debug or fixed kernel's coverage (core/cm.c and core/cma.c among
# GCOV_DIRS, live/guest/kernel.sh): a boot that died sent no counters
[ "${KERNEL:-stock}" = stock ] || live_boots_gcov
# last: a splat that no registered finding names ends the output framed
# as NEW (rdmaneg-triage kernel), so that no run hides one
live/guest/triage.sh roce "$N/triage" "$N"/console-[0-9]*.log || fail=1
echo "live-roce: $boot boot(s), $((SECONDS - t0)) s"
echo "$((1 - fail)) passed, $fail failed"
[ "$fail" = 0 ]
