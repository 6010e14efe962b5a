#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make fuzz: a short campaign over every target with the shipped corpora.
#   FUZZ_SECONDS=60          per target
#   FUZZ_ENGINE=libfuzzer    or afl
#   FUZZ_JOBS=1              libFuzzer -fork=N, or AFL++ one -M and N-1 -S
#   FUZZ_TARGETS="a b"       a subset of fuzz/targets
#   PLANT=<name>             fuzz a build with one planted bug (plants/plant.h)
#   FUZZ_SEEDS=0             start from an empty corpus instead of corpus/<t>
# New inputs go to build/work/<engine>/<target>/, never to corpus/.
# Exits 1 if any target crashed, 2 on bad settings.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
SECS=${FUZZ_SECONDS:-60}
ENGINE=${FUZZ_ENGINE:-libfuzzer}
JOBS=${FUZZ_JOBS:-1}
PLANT=${PLANT:-}
SEEDS=${FUZZ_SEEDS:-1}
. tools/targets.sh
TARGETS=${FUZZ_TARGETS:-$(rdmaneg_targets)}
case "$SECS$JOBS" in *[!0-9]*) echo "fuzz: FUZZ_SECONDS and FUZZ_JOBS must be numbers" >&2; exit 2 ;; esac
case "$ENGINE" in libfuzzer|afl) ;; *) echo "fuzz: FUZZ_ENGINE must be libfuzzer or afl" >&2; exit 2 ;; esac
[ "$JOBS" -ge 1 ] || { echo "fuzz: FUZZ_JOBS must be at least 1" >&2; exit 2; }
for t in $TARGETS; do
	rdmaneg_is_target "$t" || { echo "fuzz: no target '$t' in fuzz/targets" >&2; exit 2; }
done

groups="fuzz cov"
[ "$ENGINE" = afl ] && groups="$groups afl"
# shellcheck disable=SC2086 # a list of groups
tools/deps.sh $groups || exit 1

B=build
[ -n "$PLANT" ] && B=build/plant-fuzz/$PLANT
work=$B/work/$ENGINE
MK="make --no-print-directory -s B=$B PLANT=$PLANT"
echo "fuzz: building $ENGINE targets${PLANT:+ with planted bug $PLANT} (ASan+UBSan)"
# shellcheck disable=SC2046 # $MK is a command with its words; the targets are words
if [ "$ENGINE" = libfuzzer ]; then
	$MK $(for t in $TARGETS; do echo "$B/libfuzzer/$t"; done) || exit 1
else
	$MK $(for t in $TARGETS; do echo "$B/afl/$t $B/afl-cmplog/$t"; done) || exit 1
fi
# coverage is measured with the unplanted build: a planted abort loses the profile
# shellcheck disable=SC2046 # the targets are words
make --no-print-directory -s PLANT= $(for t in $TARGETS; do echo "build/cov/$t"; done) || exit 1


# prints the newest status line of a running campaign every 10 s
progress() {
	local t=$1 log=$2 start=$SECONDS
	while sleep 10; do
		local line
		if [ "$ENGINE" = libfuzzer ]; then
			line=$(grep -aE '^#[0-9]+' "$log" | tail -1 | cut -c1-100)
		else
			line=$(grep -aE 'execs_done|corpus_count' "$work/$t/sync/main/fuzzer_stats" 2>/dev/null |
				awk '{printf "%s=%s ", $1, $3}')
		fi
		printf '  %-18s %4ds  %s\n' "$t" $((SECONDS - start)) "${line:-starting}"
	done
}

# src/ branch coverage of a corpus, from the llvm-cov build
src_branches() {
	local t=$1; shift
	local prof=$work/$t/cov.profraw
	LLVM_PROFILE_FILE=$prof "build/cov/$t" "$@" >/dev/null 2>&1
	llvm-profdata merge -sparse "$prof" -o "$work/$t/cov.profdata" 2>/dev/null &&
		llvm-cov report "build/cov/$t" -instr-profile="$work/$t/cov.profdata" src/*.c 2>/dev/null |
		awk '/^TOTAL/ {print $(NF-2) - $(NF-1) "/" $(NF-2)}'
}

rows=()
crashed=0
for t in $TARGETS; do
	mkdir -p "$work/$t"
	log=$work/$t/fuzz.log
	echo "fuzz: $t for ${SECS}s ($ENGINE, jobs $JOBS)"
	progress "$t" "$log" &
	ppid=$!
	start=$SECONDS
	if [ "$ENGINE" = libfuzzer ]; then
		mkdir -p "$work/$t/corpus" "$work/$t/crashes"
		fork=()
		[ "$JOBS" -gt 1 ] && fork=(-fork="$JOBS")
		# shellcheck disable=SC2046 # no seed directory, or one
		"$B/libfuzzer/$t" -max_total_time="$SECS" -print_final_stats=1 \
			-dict="fuzz/$t.dict" -max_len="$(rdmaneg_max_len "$t")" "${fork[@]}" \
			-artifact_prefix="$work/$t/crashes/" \
			"$work/$t/corpus" $([ "$SEEDS" = 0 ] || echo "corpus/$t") >"$log" 2>&1
		execs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
		[ -n "$execs" ] || execs=$(grep -aoE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
		rate=$(grep -a 'stat::average_exec_per_sec' "$log" | awk '{print $2}' | tail -1)
		corpus_n=$(find "$work/$t/corpus" -type f | wc -l)
		crashes=$(find "$work/$t/crashes" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
		cov=$(src_branches "$t" "$work/$t/corpus" "corpus/$t")
	else
		sync=$work/$t/sync
		seeds=$work/$t/seeds
		rm -rf "$seeds"; mkdir -p "$seeds" "$sync"
		if [ "$SEEDS" = 0 ]; then echo > "$seeds/empty"
		else find "corpus/$t" -type f -size +0 -exec cp {} "$seeds/" \; ; fi
		export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
			AFL_NO_AFFINITY=1
		pids=()
		for ((j = 0; j < JOBS; j++)); do
			role=(-M main); [ "$j" -gt 0 ] && role=(-S "sec$j")
			cmplog=(); [ "$j" -eq 0 ] && cmplog=(-c "$B/afl-cmplog/$t")
			afl-fuzz -i "$seeds" -o "$sync" -V "$SECS" -G "$(rdmaneg_max_len "$t")" -x "fuzz/$t.dict" "${cmplog[@]}" \
				"${role[@]}" -- "$B/afl/$t" >"$log.$j" 2>&1 &
			pids+=($!)
		done
		wait "${pids[@]}"
		cat "$log".* >"$log"
		execs=$(awk '/^execs_done/ {s += $3} END {print s + 0}' "$sync"/*/fuzzer_stats 2>/dev/null)
		rate=$(awk '/^execs_per_sec/ {s += $3} END {printf "%d", s}' "$sync"/*/fuzzer_stats 2>/dev/null)
		corpus_n=$(find "$sync"/*/queue -maxdepth 1 -type f -name 'id:*' | wc -l)
		crashes=$(find "$sync"/*/crashes -type f -name 'id:*' 2>/dev/null | sort)
		cov=$(src_branches "$t" "$sync"/main/queue)
	fi
	kill "$ppid" 2>/dev/null; wait "$ppid" 2>/dev/null
	elapsed=$((SECONDS - start)); [ "$elapsed" -gt 0 ] || elapsed=1
	# libFuzzer reports 0 exec/s when it stops on a crash
	[ -n "${rate:-}" ] && [ "${rate:-0}" != 0 ] || rate=$(( ${execs:-0} / elapsed ))
	ncrash=$(grep -c . <<<"$crashes")
	[ "$ncrash" -gt 0 ] && crashed=1
	rows+=("$(printf '%-18s %-9s %11s %9s %13s %7s %7s' "$t" "$ENGINE" "${execs:-0}" \
		"$rate" "${cov:-?}" "$corpus_n" "$ncrash")")
	while read -r c; do [ -n "$c" ] && rows+=("    crash: $c"); done <<<"$crashes"
done

echo
printf '%-18s %-9s %11s %9s %13s %7s %7s\n' target engine executions exec/s "src branches" corpus crashes
for r in "${rows[@]}"; do echo "$r"; done
echo "(src branches: llvm-cov branch coverage of src/ by the final working corpus; corpus: $work)"
if [ "$crashed" -ne 0 ]; then
	echo "fuzz: crashes found. Triage with: tools/triage.sh ${PLANT:+--plant $PLANT }<crash files>"
	exit 1
fi
exit 0
