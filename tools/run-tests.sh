#!/usr/bin/env bash
# The body of 'make test': runs each suite, keeps its log under
# build/test-logs/, and closes with one "N passed, N failed" line.
# A suite that prints its own "N passed, M failed" line is counted by it;
# any other suite counts as one check, judged by its exit status.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=build/test-logs
mkdir -p "$logs"
total_pass=0
total_fail=0
failed_suites=()

suite() {
	local name=$1; shift
	local log="$logs/$name.log" start=$SECONDS rc p f line
	"$@" >"$log" 2>&1
	rc=$?
	# every "N passed, M failed" line in the log adds up
	line=$(grep -oE '[0-9]+ passed, [0-9]+ failed' "$log" |
		awk '{p += $1; f += $3} END {if (NR) print p, f}')
	if [ -n "$line" ]; then
		read -r p f <<<"$line"
		# a non-zero exit with no counted failure is still a failure
		[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	elif [ "$rc" -eq 0 ]; then
		p=1; f=0
	else
		p=0; f=1
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	if [ "$f" -eq 0 ]; then
		printf 'ok    %-22s %5d checks  %4ds\n' "$name" "$p" $((SECONDS - start))
	else
		printf 'FAIL  %-22s %5d passed %d failed  (log: %s)\n' "$name" "$p" "$f" "$log"
		tail -n 15 "$log" | sed 's/^/      | /'
		failed_suites+=("$name")
	fi
}

MAKE="make --no-print-directory"
# Every build rule writes its own binary from sources (no shared objects),
# so the suites' builds, and those of the scripts they call, run on every
# core; a caller's own -j or jobserver is kept.
case " ${MAKEFLAGS:-} " in
*" -j"* | *jobserver*) ;;
*) export MAKEFLAGS="${MAKEFLAGS:-} -j$(nproc)" ;;
esac
suite build-gcc        $MAKE B=build/gcc CC=gcc all
suite build-clang      $MAKE B=build/clang CC=clang all
suite lint             $MAKE lint
suite format           tests/format.sh
suite unit             build/gcc/plain/unit
suite unit-asan        bash -c "$MAKE build/asan/unit && build/asan/unit"
suite cli              bash -c "$MAKE build/plain/rdmaneg build/asan/rdmaneg && tests/cli.sh build/plain/rdmaneg && tests/cli.sh build/asan/rdmaneg"
suite live-unit        bash -c "$MAKE build/asan/live-unit && build/asan/live-unit"
suite peer-unit        bash -c "$MAKE build/asan/peer-unit && build/asan/peer-unit"
suite peer             bash -c "$MAKE build/plain/rdmaneg-peer build/asan/rdmaneg-peer && tests/peer.sh build/asan/rdmaneg-peer"
suite replay           $MAKE replay
suite replay-driver    bash -c "$MAKE build/asan/replay-control && tests/replay.sh build/asan/replay-control"
suite properties       $MAKE props
suite plants           $MAKE plants
suite apidoc-unit      bash -c "$MAKE build/asan/apidoc-unit && build/asan/apidoc-unit"
suite install          tests/install.sh
suite targets          tests/targets.sh
suite triage-unit      bash -c "$MAKE build/asan/triage-unit && build/asan/triage-unit"
suite mutants-unit     bash -c "$MAKE build/asan/mutants-unit build/plain/rdmaneg-mutants && build/asan/mutants-unit && tests/mutants.sh build/plain/rdmaneg-mutants"
# a sample of make mutants: every mutant killed or argued equivalent
suite mutants          env MUTANTS_SAMPLE=40 MUTANTS_SEED=1 tools/mutants.sh
# its negative control: with no check run, mutants survive and it fails
suite mutants-control  bash -c 'out=$(MUTANTS_SUITE=none MUTANTS_SAMPLE=8 MUTANTS_SEED=1 B=build/mutants-control tools/mutants.sh); rc=$?; grep -v "passed, [0-9]* failed" <<<"$out" | tail -5; [ $rc -eq 1 ] && grep -q "^SURVIVED " <<<"$out" && grep -q "^mutation score: 0/" <<<"$out"'

suite proof-report     bash -c "$MAKE build/plain/rdmaneg-proof-report && tests/proof-report.sh"
suite triage           tests/triage.sh
suite oss-fuzz         env OSSFUZZ_RUN_SECONDS=2 tools/oss-fuzz-check.sh
# its negative control: with a planted overread, build.sh must still
# succeed and check_build must fail on a crash, not on anything else
suite oss-fuzz-control bash -c 'out=$(OSSFUZZ_PLANT=decode_overrun OSSFUZZ_COMBOS=libfuzzer:address OSSFUZZ_RUN_SECONDS=1 tools/oss-fuzz-check.sh); grep -v "passed, [0-9]* failed" <<<"$out"; ! grep -q "0 failed" <<<"$out" && ! grep -q "build.sh failed" <<<"$out" && grep -q "crashed on its seed corpus" <<<"$out"'

echo
[ ${#failed_suites[@]} -gt 0 ] && echo "failed suites: ${failed_suites[*]}"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
