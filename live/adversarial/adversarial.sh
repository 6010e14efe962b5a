#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/adversarial/adversarial.sh [repro]: rdmaneg-peer against the guest kernel's siw,
# as responder (behind an rdma_cm listener) and as initiator (behind an
# rdma_cm client), driven by the campaign driver (live/campaign,
# docs/snapshots.md): the guest boots once, is saved at its ready point,
# gets each case over a virtio-serial port and is restored after a case
# that kills, hangs or taints it. Orchestration only: the peer judges in
# the guest, the driver schedules and records on the host.
#   make live-adversarial  every table case in both roles, then a seeded
#                          random campaign per role within a budget
#   make live-repro        one case (CASE=name or globs) or one frame
#                          (FRAME=hex) in one role on a fresh boot, no
#                          snapshot, with its kernel log
# Settings: PEER_ROLE=both|request|reply  PEER_RANDOM=60 (per role)
#   PEER_SEED (default: fresh)  PEER_BUDGET=60 (s of random per role)
#   PEER_TIMEOUT=500 (ms per case, the peer's wait)  PEER_CASE=glob[,glob]
#   LIVE_SNAPSHOT=1 (restore after a dirty case) | each (before every
#   case) | 0 (boot again instead: the old way, to measure against)
#   LIVE_SNAPSHOT_COLD=1 (a new snapshot, not the cached one)
#   LIVE_CASE_TIMEOUT=30 (s the host waits for a case)  LIVE_TIMEOUT=300
#   (s a boot may take)  LIVE_CONFIRM=1 (each distinct finding seen with a
#   snapshot again on a fresh boot; 0 skips it)
#   KERNEL=debug: the debug kernel (make live-kernel), with its coverage;
#   KERNEL=fixed: the same with the patches of findings/.
# Writes build/live/adversarial/ (repro: build/live/repro/): verdicts.txt
# (role case verdict clause), results.jsonl, findings.txt (role case,
# kernel splat title, reproducer; tab-separated), console-N.log (each
# finding's console: the boot, then its case), console-all.log, and ends
# with the findings grouped by splat (rdmaneg-triage kernel, in
# triage/report.md and report.json): one bug, one group. Exit 0 when the
# campaign ran (divergences and findings are its results), 1 when it could
# not, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
MODE=${1:-campaign}
L=build/live A=build/live/$([ "$MODE" = repro ] && echo repro || echo adversarial)
ROLE=${PEER_ROLE:-both} RANDOM_N=${PEER_RANDOM:-60} BUDGET=${PEER_BUDGET:-60}
SEED=${PEER_SEED:-$(( $(date +%s) % 1000000 ))} TMO_CASE=${PEER_TIMEOUT:-500}
CASES=${PEER_CASE:-} FRAME='' TMO=${LIVE_TIMEOUT:-300} SNAP=${LIVE_SNAPSHOT:-1}
CASE_S=${LIVE_CASE_TIMEOUT:-30} CONFIRM=${LIVE_CONFIRM:-1} COLD=${LIVE_SNAPSHOT_COLD:-0} extra=()
if [ "$MODE" = repro ]; then
	ROLE=${ROLE_ARG:-} CASES=${CASE_ARG:-} FRAME=${FRAME_ARG:-} RANDOM_N=0 SNAP=0 CONFIRM=0
	extra=(--dmesg)
	[ -n "$CASES$FRAME" ] && { [ -z "$CASES" ] || [ -z "$FRAME" ]; } ||
		{ echo "live-repro: give CASE=name or FRAME=hex (one of them)" >&2; exit 2; }
	case "$ROLE" in request|reply) ;; *) echo "live-repro: ROLE is request or reply" >&2; exit 2 ;; esac
	case "$FRAME" in *[!0-9a-fA-F]*) echo "live-repro: FRAME is hex" >&2; exit 2 ;; esac
	[ ${#FRAME} -le 131072 ] || { echo "live-repro: FRAME is at most 65536 octets" >&2; exit 2; }
	[ -n "$FRAME" ] && extra+=(--frame "$FRAME")
elif [ "$MODE" != campaign ]; then
	echo "usage: live/adversarial/adversarial.sh [repro]" >&2; exit 2
fi
case "$ROLE" in both|request|reply) ;; *) echo "live: PEER_ROLE is both, request or reply" >&2; exit 2 ;; esac
case "$RANDOM_N$BUDGET$SEED$TMO_CASE$TMO$CASE_S" in *[!0-9]*)
	echo "live: PEER_RANDOM, PEER_BUDGET, PEER_SEED, PEER_TIMEOUT, LIVE_TIMEOUT and LIVE_CASE_TIMEOUT are numbers" >&2; exit 2 ;; esac
case "$CASES" in *[!a-zA-Z0-9_.,*?~-]*) echo "live: PEER_CASE/CASE holds case names or globs" >&2; exit 2 ;; esac
case "$SNAP" in 0) recover=boot ;; 1) recover=snapshot ;; each) recover=each ;;
*) echo "live: LIVE_SNAPSHOT is 1 (restore after a dirty case), each (before every case) or 0 (boot again)" >&2; exit 2 ;; esac
case "$CONFIRM" in 0 | 1) ;; *) echo "live: LIVE_CONFIRM is 0 or 1" >&2; exit 2 ;; esac
case "$COLD" in 0) ;; 1) extra+=(--cold) ;; *) echo "live: LIVE_SNAPSHOT_COLD is 0 or 1" >&2; exit 2 ;; esac
[ "$TMO_CASE" -ge 10 ] && [ "$TMO_CASE" -le 600000 ] || { echo "live: PEER_TIMEOUT is 10..600000 ms" >&2; exit 2; }

read -r kver img prep_s img_s < <(live/guest/image.sh | tail -1)
[ -n "${img:-}" ] || exit 1
# a reproducer names the kernel it needs
repro="make live-repro" triage_args=()
if [ "${KERNEL:-stock}" != stock ]; then
	repro="make live-repro KERNEL=$KERNEL" triage_args=(--make-args "KERNEL=$KERNEL")
fi
make --no-print-directory -s build/plain/rdmaneg-triage "$L/rdmaneg-campaign" || exit 1
P=build/plain/rdmaneg-peer # the host's build of the guest's peer: the same tables
mkdir -p "$A"
rm -rf "${A:?}"/*
roles=$([ "$ROLE" = both ] && echo "request reply" || echo "$ROLE")
# the table cases (PEER_CASE's globs, in table order), and what random
# cases start from: the role's table and the shipped MPA frames
globs=()
IFS=, read -r -a pats <<<"$CASES"
for g in "${pats[@]}"; do globs+=(--case "$g"); done
: >"$A/cases.txt"
: >"$A/bases.txt"
for r in $roles; do
	if [ -n "$FRAME" ]; then
		echo "$r frame" >>"$A/cases.txt"
	elif [ -z "$CASES" ] && [ "$MODE" = campaign ]; then
		"$P" list --role "$r" | sed "s/^/$r /" >>"$A/cases.txt"
	else
		"$P" list --role "$r" "${globs[@]}" | sed "s/^/$r /" >>"$A/cases.txt"
	fi
	"$P" list --role "$r" --bases --corpus corpus/mpa_frame | sed "s/^/$r /" >>"$A/bases.txt"
done
grep -q . "$A/cases.txt" || [ "$RANDOM_N" -gt 0 ] ||
	{ echo "live: no case matches '$CASES' in the $ROLE role(s)" >&2; exit 2; }
agents=()
for r in $roles; do agents+=(--agent "$r"); done
# the guest: every agent of both roles, so one snapshot serves any run
# (printk.devkmsg=on: the agents' marks are /dev/kmsg records, never rate-limited)
append="oops=panic printk.devkmsg=on live.mode=adversarial live.transport=siw live.agents=request,reply"
append+=" live.timeout=$TMO_CASE live.corpus=1"
[ "$ROLE" != both ] && append="${append/live.agents=request,reply/live.agents=$ROLE}"
if [ "${KERNEL:-stock}" = debug ]; then
	# the arcs a guided case reports: siw and the iWARP CM alone keep a
	# sample cheap (docs/snapshots.md)
	append+=" live.gcov=1 live.gcov_scope=drivers/infiniband/sw/siw/,drivers/infiniband/core/iwcm."
	extra+=(--gcov)
fi
[ "$CONFIRM" = 1 ] && [ "$recover" != boot ] && extra+=(--confirm)
echo "live: rdmaneg-peer vs siw on $kver (prepared in $prep_s s, image in $img_s s); recover: $recover"
[ "$RANDOM_N" -gt 0 ] && echo "live: random campaign: up to $RANDOM_N cases or ${BUDGET}s per role, seed $SEED"
t0=$(date +%s.%N)
"$L/rdmaneg-campaign" --kver "$kver" --image "$img" --append "$append" --out "$A" \
	"${agents[@]}" --cases "$A/cases.txt" --bases "$A/bases.txt" \
	--random "$RANDOM_N" --seed "$SEED" --budget "$BUDGET" --recover "$recover" \
	--cache "${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live" --case-timeout "$((CASE_S * 1000))" \
	--boot-timeout "$TMO" --repro "$repro ROLE=%a CASE=%c" "${extra[@]}"
crc=$?
[ "$crc" -eq 0 ] || { echo "live: FAILED: the campaign could not run (rdmaneg-campaign exit $crc)"; exit 1; }
# the peer's own lines, for a repro: what it printed of its case
if [ "$MODE" = repro ]; then
	tr -d '\r' <"$A/console-all.log" | grep -aE '^(PEER_CASE|PEER_VERDICT|PEER_DMESG)' | cut -c1-300
	tr -d '\r' <"$A/console-all.log" | sed -n '/^PEER_DMESG_BEGIN/,/^PEER_DMESG_END/p'
fi
n=$(wc -l <"$A/findings.txt") v=$(wc -l <"$A/verdicts.txt")
echo "live: $v verdicts and $n finding(s) in $(echo "$(date +%s.%N) - $t0" | bc | cut -d. -f1) s; reports in $A/"
echo "verdicts (role verdict count):"
cut -d' ' -f1,3 "$A/verdicts.txt" | sort | uniq -c | sed 's/^/  /'
grep -q ' diverges ' "$A/verdicts.txt" && {
	echo "divergences (role case clause):"
	grep ' diverges ' "$A/verdicts.txt" | cut -d' ' -f1,2,4 | sed 's/^/  /'
}
if [ "$n" -gt 0 ]; then
	echo "findings (role case, splat, reproducer):"
	sed 's/^/  /' "$A/findings.txt"
	[ -s "$A/confirmed.txt" ] && { echo "on a fresh boot (splat, result):"; sed 's/^/  /' "$A/confirmed.txt"; }
fi
# one kernel bug, one group: the splats of every finding's console, with
# the case and the frame that was running (report.md and report.json)
if ls "$A"/console-[0-9]*.log >/dev/null 2>&1; then
	build/plain/rdmaneg-triage kernel --out "$A/triage" "${triage_args[@]}" \
		"$A"/console-[0-9]*.log || exit 1
fi
# the debug kernel: what the peer reached in siw, the CMs and rpcrdma (the
# counters of each guest before a restore and at the end; a guest that
# died took its own with it)
if [ "${KERNEL:-stock}" = debug ]; then
	if ls "$A"/gcov-*.tar >/dev/null 2>&1; then
		live/guest/gcov.sh "$([ "$MODE" = repro ] && echo repro || echo adversarial)" "$kver" \
			"$A"/gcov-*.tar || exit 1
	else
		echo "live: no kernel coverage: no guest lived to send its counters"
	fi
fi
exit 0
