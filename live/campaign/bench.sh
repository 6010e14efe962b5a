#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/campaign/bench.sh (make bench-live): snapshots against boots, side by
# side in one run on one machine (docs/snapshots.md).
#  1. the same adversarial campaign (every table case of both roles, then
#     BENCH_RANDOM random cases per role of seed BENCH_SEED, no time
#     budget, so both modes run the same cases, crashes included) with
#     LIVE_SNAPSHOT=0 (a boot after every dirty case) and LIVE_SNAPSHOT=1
#     (a restore), on the stock kernel and with KERNEL=debug; the snapshot
#     runs make their snapshot anew (LIVE_SNAPSHOT_COLD=1), and count it;
#  2. the table cases' outcomes of the two modes, case by case
#     (rdmaneg-campaign compare, live/adversarial/racy.txt's known races
#     reported apart);
#  3. make live-guided's random and guided campaigns on the debug kernel
#     (BENCH_BUDGET seconds each): their cases per second.
# Cases per second count the guest's bring-up (a boot, or the snapshot
# made or loaded) and every case; never fails on a figure, only when a run
# could not run. Writes build/bench-live/ (each run's files and log) and
# ends with: bench-live: boot X cases/s, snapshot Y cases/s, ratio R
# (stock); boot X cases/s, snapshot Y cases/s, ratio R (debug);
# guided/random G
# Settings: BENCH_SEED=1122 BENCH_RANDOM=60 BENCH_BUDGET=60
#   BENCH_KERNELS="stock debug"
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
O=build/bench-live
SEED=${BENCH_SEED:-1122} RND=${BENCH_RANDOM:-60} BUD=${BENCH_BUDGET:-60}
KERNELS=${BENCH_KERNELS:-stock debug}
case "$SEED$RND$BUD" in '' | *[!0-9]*) echo "bench-live: BENCH_SEED, BENCH_RANDOM and BENCH_BUDGET are numbers" >&2; exit 2 ;; esac
for k in $KERNELS; do case "$k" in stock | debug) ;; *) echo "bench-live: BENCH_KERNELS holds stock and debug" >&2; exit 2 ;; esac; done
mkdir -p "$O"
rm -rf "${O:?}"/*
C=build/live/rdmaneg-campaign
# rate RUNLOG: cases over the guest's bring-up and the campaign, from the
# driver's own lines ("guest ready in X s", "N cases in Y s")
rate() {
	local up n secs
	up=$(sed -n 's/^campaign: guest ready in \([0-9.]*\) s.*/\1/p' "$1" | head -1)
	read -r n secs < <(sed -n 's/^campaign: \([0-9]*\) cases in \([0-9.]*\) s,.*/\1 \2/p' "$1" | tail -1)
	[ -n "$up" ] && [ -n "${n:-}" ] || { echo "?"; return 1; }
	echo "scale=2; $n / ($up + $secs)" | bc
}
summary=() rows=()
fail=0
for k in $KERNELS; do
	for m in 0 1; do
		name=$k-$([ $m = 0 ] && echo boot || echo snapshot)
		echo "bench-live: $name: make live-adversarial, seed $SEED, $RND random cases per role"
		t0=$(date +%s)
		# LIVE_SNAPSHOT_COLD=1: the snapshot is made in the run, and counted
		KERNEL=$k PEER_SEED=$SEED PEER_RANDOM=$RND PEER_BUDGET=0 LIVE_SNAPSHOT=$m LIVE_CONFIRM=0 \
			LIVE_SNAPSHOT_COLD=1 \
			live/adversarial/adversarial.sh >"$O/$name.log" 2>&1 || {
			echo "bench-live: FAILED: the $name campaign did not run ($O/$name.log)"
			tail -5 "$O/$name.log" | sed 's/^/  | /'
			fail=1
			continue
		}
		cp -r build/live/adversarial "$O/$name"
		grep -E '^campaign: ([0-9]+ cases|guest ready)' "$O/$name.log" | sed "s/^/  $name: /"
		echo "  $name: $(($(date +%s) - t0)) s in all, $(rate "$O/$name.log") cases/s"
	done
	if [ -d "$O/$k-boot" ] && [ -d "$O/$k-snapshot" ]; then
		# the table cases alone: the random ones are the same names in both
		grep -v ' random-' "$O/$k-snapshot/cases.txt" >"$O/$k-table.txt"
		"$C" compare "$O/$k-table.txt" "$O/$k-boot" "$O/$k-snapshot" live/adversarial/racy.txt |
			tee "$O/$k-compare.txt" | sed "s/^/  $k: /"
		[ "${PIPESTATUS[0]}" -eq 0 ] || echo "bench-live: $k: the table's outcomes differ between the modes"
		b=$(rate "$O/$k-boot.log") s=$(rate "$O/$k-snapshot.log")
		r=$(echo "scale=2; $s / $b" | bc)
		summary+=("boot $b cases/s, snapshot $s cases/s, ratio $r ($k)")
		rows+=("$(printf '| %s | %s | %s | %s |' "$k" "$b" "$s" "$r")")
	fi
done
g=n/a
if [[ " $KERNELS " == *" debug "* ]]; then
	echo "bench-live: guided and random mode on the debug kernel, ${BUD}s each"
	if PEER_BUDGET=$BUD live/adversarial/guided.sh >"$O/guided.log" 2>&1; then
		cp -r build/live/guided "$O/guided"
		grep -E 'cases/s|at [0-9]+ s' "$O/guided.log" | sed 's/^/  /'
		ru=$(sed -n 's/^live-guided: unguided: campaign: [0-9]* cases in [0-9.]* s, \([0-9.]*\) cases\/s.*/\1/p' "$O/guided.log")
		rg=$(sed -n 's/^live-guided: guided: campaign: [0-9]* cases in [0-9.]* s, \([0-9.]*\) cases\/s.*/\1/p' "$O/guided.log")
		[ -n "$ru" ] && [ -n "$rg" ] && g=$(echo "scale=2; $rg / $ru" | bc)
	else
		echo "bench-live: FAILED: make live-guided did not run ($O/guided.log)"
		fail=1
	fi
fi
echo "| kernel | boot cases/s | snapshot cases/s | ratio |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
line="bench-live:"
for i in "${!summary[@]}"; do line+="$([ "$i" -gt 0 ] && echo ";") ${summary[$i]}"; done
echo "$line; guided/random $g"
exit "$fail"
