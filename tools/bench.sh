#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make bench: exec/s of every target against an empty target built with the
# same flags (libFuzzer + ASan + UBSan), median of BENCH_RUNS runs of
# BENCH_SECONDS each, all in one invocation. A benchmark: it never fails
# on a figure. BENCH_JSON=path also writes the table as JSON;
# BENCH_TARGETS="a b" measures those targets only (beside the empty one).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
SECS=${BENCH_SECONDS:-5}
RUNS=${BENCH_RUNS:-3}
. tools/targets.sh
TARGETS=$(rdmaneg_targets)
if [ -n "${BENCH_TARGETS:-}" ]; then
	for t in $BENCH_TARGETS; do
		grep -qx "$t" <<<"$TARGETS" || { echo "bench: no target '$t' (fuzz/targets)" >&2; exit 2; }
	done
	TARGETS=$BENCH_TARGETS
fi
tools/deps.sh fuzz || exit 1
make --no-print-directory -s PLANT= fuzz-libfuzzer || exit 1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

rate() { # rate TARGET -> exec/s of one run from a fresh copy of its seeds
	local t=$1 seeds=corpus/$1
	local cap=rpcrdma_decode
	[ "$t" = empty ] && seeds=corpus/rpcrdma_decode || cap=$t
	rm -rf "$tmp/c"; mkdir -p "$tmp/c"; cp "$seeds"/* "$tmp/c/" 2>/dev/null
	"build/libfuzzer/$t" -max_total_time="$SECS" -print_final_stats=1 -max_len="$(rdmaneg_max_len "$cap")" \
		"$tmp/c" 2>&1 | awk '/stat::average_exec_per_sec/ {print $2}'
}
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "bench: libFuzzer+ASan+UBSan ($(clang --version | head -1)), $RUNS runs x ${SECS}s, one core"
read -ra names <<<"empty $(echo "$TARGETS" | tr '\n' ' ')"
meds=()
for t in "${names[@]}"; do
	r=""
	for ((i = 0; i < RUNS; i++)); do r="$r $(rate "$t")"; done
	meds+=("$(median <<<"$r")")
	printf '  %-18s runs:%s\n' "$t" "$r"
done
echo
printf '%-18s %12s %8s\n' target "median exec/s" "ratio"
json="["
for i in "${!names[@]}"; do
	ratio=$(awk -v a="${meds[i]}" -v b="${meds[0]}" 'BEGIN {printf "%.2f", b ? a / b : 0}')
	printf '%-18s %12s %8s\n' "${names[i]}" "${meds[i]}" "$ratio"
	json="$json{\"target\":\"${names[i]}\",\"median_exec_per_sec\":${meds[i]:-0},\"ratio\":$ratio},"
done
echo "(ratio: median exec/s over the empty target's; the goal is >= 0.5 for every target)"
[ -n "${BENCH_JSON:-}" ] && echo "${json%,}]" >"$BENCH_JSON"
exit 0
