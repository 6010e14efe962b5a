#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/mpa/run.sh [soak]: boots Debian's 6.1 kernel under qemu (TCG) with siw
# and rxe and runs the live harness; `rdmaneg-live report` judges.
#   make live       the fixed cases plus LIVE_CASES random ones
#   make live-soak  LIVE_SOAK connections cycling through every kind
# Settings:
#   LIVE_TRANSPORT=both  siw, rxe or both
#   LIVE_CASES=8         random cases after the fixed ones (per soak round)
#   LIVE_SEED=1          their seed (soak: a fresh one unless given)
#   LIVE_SOAK=1000       cases in a soak, per transport
#   LIVE_TIMEOUT=300     seconds for the whole boot (soak: 1800)
#   LIVE_SEEDS=1         also copy the captured frames into corpus/
#   LIVE_PLANT=name      a negative control, one of rdmaneg-live plants (the
#                        one list, live/mpa/cases.c, with what each does); stall's
#                        watchdog task dump must name pipe_read, kasan
#                        (KERNEL=debug) must be reported by KASAN, hung
#                        (KERNEL=debug) by the hung-task detector
#   KERNEL=stock         stock (Debian's kernel) or debug (make live-kernel:
#                        KASAN, KFENCE, lockdep, UBSAN and gcov on the RDMA paths)
# Writes build/live/{console.log,records.txt,report.json,cases.jsonl};
# ends with "N passed, N failed". Orchestration only: the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
MODE=${1:-cases}
TRANSPORT=${LIVE_TRANSPORT:-both}
CASES=${LIVE_CASES:-8}
SOAK=0
if [ "$MODE" = soak ]; then
	SOAK=${LIVE_SOAK:-1000}
	SEED=${LIVE_SEED:-$(( $(date +%s) % 1000000 ))}
	TMO=${LIVE_TIMEOUT:-1800}
else
	SEED=${LIVE_SEED:-1}
	TMO=${LIVE_TIMEOUT:-300}
fi
PLANT=${LIVE_PLANT:-}
case "$MODE" in cases|soak) ;; *) echo "live: usage: live/mpa/run.sh [soak]" >&2; exit 2 ;; esac
case "$CASES$SEED$TMO$SOAK" in *[!0-9]*) echo "live: LIVE_CASES, LIVE_SEED, LIVE_SOAK and LIVE_TIMEOUT are numbers" >&2; exit 2 ;; esac
case "$TRANSPORT" in siw|rxe|both) ;; *) echo "live: LIVE_TRANSPORT is siw, rxe or both" >&2; exit 2 ;; esac
case "$PLANT" in kasan | hung) [ "${KERNEL:-stock}" = stock ] && { echo "live: LIVE_PLANT=$PLANT needs KERNEL=debug (lkdtm)" >&2; exit 2; } ;; esac
t0=$(date +%s.%N)
read -r kver img prep_s img_s < <(live/guest/image.sh | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
# the plants are the harness's one list (live/mpa/cases.c), built by image.sh
if [ -n "$PLANT" ] && ! "$L/rdmaneg-live" plants | cut -d' ' -f1 | grep -qxF -- "$PLANT"; then
	echo "live: LIVE_PLANT is one of: $("$L/rdmaneg-live" plants | cut -d' ' -f1 | tr '\n' ' ')" >&2
	exit 2
fi
fixed=$("$L/rdmaneg-live" fixed)
if [ "$SOAK" -gt 0 ]; then expect=$SOAK; what="a soak of $SOAK cases per transport (seed $SEED)"
else expect=$((fixed + CASES)); what="$expect cases per transport ($fixed fixed + $CASES random, seed $SEED)"; fi
# the rdmaneg-peer smoke subset (live/adversarial/peer-baseline.txt, both roles) runs
# after the cases, on siw, unplanted, not in a soak: by the peer, and again by
# the peer built on a planted core (live/guest/image.sh): 2 runs per role
peers=0
# (its verdicts are the stock kernel's: on KERNEL=debug, KASAN turns reply
# s-with-pd-3 into a splat and a hung QP; make live-adversarial KERNEL=debug
# runs the peer there, rebooting after each finding)
[ "$TRANSPORT" != rxe ] && [ -z "$PLANT" ] && [ "$SOAK" -eq 0 ] && [ "${KERNEL:-stock}" = stock ] && peers=2
t_prep=$(date +%s.%N)
echo "live: prepared in $prep_s s, image in $img_s s"
echo "live: booting $kver under qemu (TCG) on $TRANSPORT: $what${PLANT:+, planted $PLANT}"
log=$L/console.log rec=$L/records.txt
rm -f "$log" "$rec"
live/guest/qemu.sh "$kver" "$img" "$TMO" "live.transport=$TRANSPORT live.count=$((fixed + CASES)) live.seed=$SEED live.soak=$SOAK live.random=$CASES${PLANT:+ live.plant=$PLANT}${peers:+ live.peer=$peers}" &
qpid=$!
while kill -0 "$qpid" 2>/dev/null; do
	sleep 5
	last=$(grep -a '^LIVE_START' "$log" 2>/dev/null | tail -1)
	[ -n "$last" ] && printf '  running case %s\n' "${last#LIVE_START }"
done
wait "$qpid"; qrc=$?
t_end=$(date +%s.%N)

if [ "$qrc" -eq 124 ] || ! grep -aq '^LIVE_END' "$log"; then
	hung=$(grep -a -m1 '^LIVE_HUNG ' "$log")
	if [ "$qrc" -eq 124 ]; then why="boot timed out after ${TMO}s"
	elif [ -n "$hung" ]; then why="the hung-task detector ended the boot (${hung#LIVE_HUNG })"
	else why="the guest did not finish (qemu exit $qrc)"; fi
	echo "live: FAILED: $why"
	last=$(grep -a '^LIVE_START' "$log" | tail -1)
	[ -n "$last" ] && echo "live: the case running was ${last#LIVE_START }"
	sed -E '/^LIVE_(WATCHDOG|HUNG)/,$d' "$log" | tail -25 | sed 's/^/  | /'
	"$L/rdmaneg-live" splats "$log" | cut -f1 | sed 's/^/  splat: /'
	if [ "$qrc" -eq 124 ] || [ -n "$hung" ]; then
		echo "live: where each rdmaneg task waited (SysRq t):"
		"$L/rdmaneg-live" stacks "$log" | sed 's/^/  /' ||
			echo "  (no task dump: the guest never reached its watchdog)"
		# Debian's System.map is a stub: kernel-image RIPs stay unnamed
		# (linux-image-$kver-dbg has the symbols); module RIPs are named
		echo "live: where each vCPU was (qemu monitor; nokaslr; modules from /proc/modules):"
		"$L/rdmaneg-live" rips "$L/cache/kernel-$kver/boot/System.map-$kver" "$log" \
			"$L/qemu.log" | sed 's/^/  /'
	else
		[ -s "$L/qemu.log" ] && sed 's/^/  qemu: /' "$L/qemu.log" | tail -5
	fi
	live/guest/triage.sh live "$L/triage" "$log"
	echo "0 passed, 1 failed"
	exit 1
fi

# tshark's reading of the captured frames (Debian's Wireshark 4.0 knows
# Rev, PD_Length, M/C/R and the private data, not the MPA v2 word)
tshark_opt=()
if "$L/rdmaneg-live" report --records "$rec" --pcap "$L/mpa.pcap" && command -v tshark >/dev/null; then
	# heuristics first: port dissectors (eti on 19006, xti on 19042, ...)
	# would otherwise claim some of the harness's ports
	tshark -o tcp.try_heuristic_first:TRUE -r "$L/mpa.pcap" -Y iwarp_mpa -T fields -E separator=, -e tcp.srcport \
		-e tcp.dstport -e iwarp_mpa.rev -e iwarp_mpa.pdlength -e iwarp_mpa.marker_flag \
		-e iwarp_mpa.crc_flag -e iwarp_mpa.rej_flag -e iwarp_mpa.privatedata \
		>"$L/tshark.csv" 2>"$L/tshark.err" && tshark_opt=(--tshark "$L/tshark.csv")
fi
frames_opt=()
[ "${LIVE_SEEDS:-0}" = 1 ] && frames_opt=(--frames "$L/frames")
quiet=()
[ "$SOAK" -gt 0 ] && quiet=(--quiet-passes)
"$L/rdmaneg-live" report --records "$rec" --console "$log" --out "$L" --kernel "$kver" \
	--expect-cases "$expect" --expect-peer "$((peers * 2))" --prepare-s "$(echo "$t_prep - $t0" | bc)" \
	--qemu-s "$(echo "$t_end - $t_prep" | bc)" "${tshark_opt[@]}" "${frames_opt[@]}" "${quiet[@]}"
rc=$?
if [ "${LIVE_SEEDS:-0}" = 1 ] && [ -d "$L/frames" ]; then
	for t in mpa_frame stack; do cp "$L"/frames/live-* "corpus/$t/"; done
	echo "live: copied the captured frames into corpus/mpa_frame and corpus/stack"
fi
# the debug kernel: what this run reached in siw, the CMs and rpcrdma
if [ "${KERNEL:-stock}" = debug ]; then
	live/guest/gcov.sh "$([ "$SOAK" -gt 0 ] && echo soak || echo live)" "$kver" "$L/gcov.tar" || rc=1
fi
# last: each splat's group and registered finding, NEW ones framed
live/guest/triage.sh live "$L/triage" "$log" || rc=1
exit "$rc"
