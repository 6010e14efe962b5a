#!/usr/bin/env bash
# The body of 'make test': runs the suites side by side (TEST_JOBS at once,
# default one more than the cores), each with its own log under
# build/test-logs/, prints one line per suite as it ends (wall and CPU
# seconds), writes the timing table to build/test-logs/times.json (the
# previous run's kept as times.prev.json, for make bench-tests), and closes
# with one "N passed, N failed" line.
# A suite that prints its own "N passed, M failed" lines is counted by them;
# any other suite counts as one check, judged by its exit status.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
logs=build/test-logs
# one more than the cores: peer and oss-fuzz spend much of their time waiting
jobs=${TEST_JOBS:-$(($(nproc) + 1))}
case "$jobs" in '' | *[!0-9]* | 0) echo "run-tests: TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
mkdir -p "$logs"
rm -f "$logs"/*.log "$logs"/*.time "$logs/rows.tsv"

# The suites: name, the suites it must wait for ("-" for none, else a
# comma-separated list) and the command. A suite waits for another when both build the same file, or
# when it runs what the other builds. Longest first, so the pool ends
# evenly.
M="make --no-print-directory"
names=() afters=() cmds=()
add() { names+=("$1"); afters+=("$2"); cmds+=("$3"); }
add lint             -           "$M lint"
add oss-fuzz         -           "env OSSFUZZ_RUN_SECONDS=2 tools/oss-fuzz-check.sh"
add triage           plants,properties "tests/triage.sh"
add plants           -           "$M plants"
add peer             -           "$M build/plain/rdmaneg-peer build/asan/rdmaneg-peer && tests/peer.sh build/asan/rdmaneg-peer"
add properties       -           "$M props"
add replay           -           "$M replay"
add mutants          mutants-unit "env MUTANTS_SAMPLE=40 MUTANTS_SEED=1 tools/mutants.sh"
# its negative control: with no check run, mutants survive and it fails
# shellcheck disable=SC2016 # expanded by the bash that runs the suite
add mutants-control  -           'out=$(MUTANTS_SUITE=none MUTANTS_SAMPLE=8 MUTANTS_SEED=1 B=build/mutants-control tools/mutants.sh); rc=$?; grep -v "passed, [0-9]* failed" <<<"$out" | tail -5; [ $rc -eq 1 ] && grep -q "^SURVIVED " <<<"$out" && grep -q "^mutation score: 0/" <<<"$out"'
# its negative control: with a planted overread, build.sh must still
# succeed and check_build must fail on a crash, not on anything else
# shellcheck disable=SC2016 # expanded by the bash that runs the suite
add oss-fuzz-control -           'out=$(OSSFUZZ_PLANT=decode_overrun OSSFUZZ_COMBOS=libfuzzer:address OSSFUZZ_RUN_SECONDS=1 tools/oss-fuzz-check.sh); grep -v "passed, [0-9]* failed" <<<"$out"; ! grep -q "0 failed" <<<"$out" && ! grep -q "build.sh failed" <<<"$out" && grep -q "crashed on its seed corpus" <<<"$out"'
add build-gcc        -           "$M B=build/gcc CC=gcc all"
add build-clang      -           "$M B=build/clang CC=clang all"
add unit             build-gcc   "build/gcc/plain/unit"
add unit-asan        -           "$M build/asan/unit && build/asan/unit"
add cli              -           "$M build/plain/rdmaneg build/asan/rdmaneg && tests/cli.sh build/plain/rdmaneg && tests/cli.sh build/asan/rdmaneg"
add install          -           "tests/install.sh"
add live-unit        -           "$M build/asan/live-unit && build/asan/live-unit"
add nfs-unit         -           "$M build/asan/nfs-unit && build/asan/nfs-unit"
add nvme-unit        -           "$M build/asan/nvme-unit && build/asan/nvme-unit"
add ulp-unit         -           "$M build/asan/ulp-unit && build/asan/ulp-unit"
add util-unit        -           "$M build/asan/util-unit && build/asan/util-unit"
add peer-unit        -           "$M build/asan/peer-unit && build/asan/peer-unit"
# the peer's judge with bugs planted in the core under test (the functions
# it once called: complete, parse): its verdicts must not move, since they
# come from oracle/ (docs/compliance.md); encoder plants change the test's
# own inputs and are not here. Waits for plants, which builds the same
# planted cores.
add peer-oracle      plants      "set -o pipefail; for p in a_mismatch_ok ini_3fff_ird rtr_no_term7 parse_dirty enh_ord_mask ord_no_clamp mpa_3fff_number; do $M -s build/plant-asan/\$p/peer-unit && build/plant-asan/\$p/peer-unit | sed \"s/^/\$p: /\" || exit 1; done"

add campaign-unit    -           "$M build/asan/campaign-unit && build/asan/campaign-unit"
add campaign         peer        "$M build/live/rdmaneg-campaign build/asan/rdmaneg-peer && tests/campaign.sh build/live/rdmaneg-campaign build/asan/rdmaneg-peer"
add replay-driver    -           "$M build/asan/replay-control && tests/replay.sh build/asan/replay-control"
add apidoc-unit      -           "$M build/asan/apidoc-unit && build/asan/apidoc-unit"
add triage-unit      -           "$M build/asan/triage-unit && build/asan/triage-unit"
add findings-unit    -           "$M build/asan/findings-unit && build/asan/findings-unit"
add mutants-unit     -           "$M build/asan/mutants-unit build/plain/rdmaneg-mutants && build/asan/mutants-unit && tests/mutants.sh build/plain/rdmaneg-mutants"
add proof-report     -           "$M build/plain/rdmaneg-proof-report && tests/proof-report.sh"
add times-unit       -           "$M build/asan/times-unit && build/asan/times-unit"
add findings         -           "$M build/plain/rdmaneg-findings && tests/findings.sh"
add clauses-unit     -           "$M build/asan/clauses-unit && build/asan/clauses-unit"
add clauses          -           "$M build/plain/rdmaneg-clauses && tests/clauses.sh build/plain/rdmaneg-clauses"
add docs             -           "tests/docs.sh"
add format           -           "tests/format.sh"
add targets          -           "tests/targets.sh"
n=${#names[@]}

# tests/triage.sh builds the plant-fuzz trees that plants builds too, and
# build/asan/props (properties'): it waits for both. build/replay/* and
# build/plain/rdmaneg (several suites run them) are built before the pool.
# Each suite's builds run on every core; a caller's own -j or jobserver is kept.
case " ${MAKEFLAGS:-} " in
*" -j"* | *jobserver*) ;;
*) MAKEFLAGS="${MAKEFLAGS:-} -j$(nproc)"; export MAKEFLAGS ;;
esac

# Files more than one suite builds, and the table's own tool, built first.
t0=$(date +%s.%N)
# shellcheck disable=SC2046,SC1091 # the target list is words; targets.sh is sourced
if ! $M -s build/plain/rdmaneg build/plain/librdmaneg.a build/plain/rdmaneg-test-times \
	$(. tools/targets.sh && for t in $(rdmaneg_targets); do echo "build/replay/$t"; done) \
	>"$logs/prebuild.log" 2>&1; then
	echo "FAIL  the shared builds (log: $logs/prebuild.log)"
	tail -n 15 "$logs/prebuild.log" | sed 's/^/      | /'
	echo "0 passed, 1 failed"
	exit 1
fi

state=() pids=()
for ((i = 0; i < n; i++)); do state[i]=waiting; done

index_of() {
	local k
	for ((k = 0; k < n; k++)); do [ "${names[k]}" = "$1" ] && { echo "$k"; return 0; }; done
	return 1
}

start() {
	local i=$1
	state[i]=running
	/usr/bin/time -f '%e %U %S' -o "$logs/${names[i]}.time" \
		bash -o pipefail -c "${cmds[i]}" >"$logs/${names[i]}.log" 2>&1 &
	pids[i]=$!
}

total_pass=0 total_fail=0 failed_suites=()
finish() {
	local i=$1 rc=$2 name=${names[$1]} log="$logs/${names[$1]}.log" line p f wall user sys cpu
	state[i]=finished
	# GNU time puts "Command exited with non-zero status N" before the figures
	read -r wall user sys < <(tail -n 1 "$logs/$name.time" 2>/dev/null) || { wall=0 user=0 sys=0; }
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')
	# every "N passed, M failed" line in the log adds up
	line=$(grep -oE '[0-9]+ passed, [0-9]+ failed' "$log" |
		awk '{p += $1; f += $3} END {if (NR) print p, f}')
	if [ -n "$line" ]; then
		read -r p f <<<"$line"
		# a non-zero exit with no counted failure is still a failure
		[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	elif [ "$rc" -eq 0 ]; then
		p=1 f=0
	else
		p=0 f=1
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$wall" "$cpu" "$p" "$f" >>"$logs/rows.tsv"
	if [ "$f" -eq 0 ]; then
		printf 'ok    %-18s %5d checks %6.1fs wall %6.1fs cpu\n' "$name" "$p" "$wall" "$cpu"
	else
		printf 'FAIL  %-18s %5d passed %d failed, exit %d, %.1fs (log: %s)\n' "$name" "$p" "$f" "$rc" "$wall" "$log"
		tail -n 15 "$log" | sed 's/^/      | /'
		failed_suites+=("$name")
	fi
}

running=0 finished=0
while [ "$finished" -lt "$n" ]; do
	for ((i = 0; i < n && running < jobs; i++)); do
		[ "${state[i]}" = waiting ] || continue
		ready=1
		if [ "${afters[i]}" != - ]; then
			for a in ${afters[i]//,/ }; do
				d=$(index_of "$a") || { echo "run-tests: ${names[i]} waits for unknown suite $a" >&2; exit 2; }
				[ "${state[d]}" = finished ] || ready=0
			done
		fi
		[ "$ready" = 1 ] || continue
		start "$i"
		running=$((running + 1))
	done
	if [ "$running" -eq 0 ]; then
		echo "run-tests: no suite can start (a cycle among the waits)" >&2
		exit 2
	fi
	pid=
	wait -n -p pid
	rc=$?
	for ((i = 0; i < n; i++)); do
		if [ "${state[i]}" = running ] && [ "${pids[i]}" = "$pid" ]; then
			finish "$i" "$rc"
			break
		fi
	done
	running=$((running - 1))
	finished=$((finished + 1))
done

wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
[ -f "$logs/times.json" ] && mv "$logs/times.json" "$logs/times.prev.json"
if ! build/plain/rdmaneg-test-times record --jobs "$jobs" --wall "$wall" "$logs/rows.tsv" "$logs/times.json"; then
	echo "FAIL  the timing table ($logs/rows.tsv)"
	total_fail=$((total_fail + 1))
fi
echo
[ ${#failed_suites[@]} -gt 0 ] && echo "failed suites: ${failed_suites[*]}"
echo "make test: ${wall}s wall on $jobs jobs; the table is in $logs/times.json"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
