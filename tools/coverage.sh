#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make coverage: runs the unit tests, the CLI tests, the property suite and
# every corpus and regression input through clang source-based coverage
# builds, then writes an llvm-cov HTML report (build/coverage/html) and a
# per-file line/branch/function summary of src/ (build/coverage/summary.txt).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
tools/deps.sh cov || exit 1
out=build/coverage
rm -rf "$out"; mkdir -p "$out/prof"
export LLVM_PROFILE_FILE=$PWD/$out/prof/%p-%m.profraw
. tools/targets.sh
TARGETS=$(rdmaneg_targets)
build/cov-tools/unit >"$out/unit.log" || { echo "coverage: unit tests failed"; exit 1; }
tests/cli.sh build/cov-tools/rdmaneg >"$out/cli.log" || { echo "coverage: CLI tests failed"; exit 1; }
CI=true build/cov-tools/props --cases 20000 >"$out/props.log" || { echo "coverage: properties failed"; exit 1; }
objs=(build/cov-tools/unit -object build/cov-tools/props -object build/cov-tools/rdmaneg)
for t in $TARGETS; do
	"build/cov/$t" "corpus/$t" "corpus/regress/$t" >/dev/null 2>"$out/$t.log" ||
		{ echo "coverage: replay $t failed"; exit 1; }
	objs+=(-object "build/cov/$t")
done
llvm-profdata merge -sparse "$out"/prof/*.profraw -o "$out/all.profdata" || exit 1
llvm-cov show "${objs[@]}" -instr-profile="$out/all.profdata" -format=html \
	-show-branches=count -show-line-counts-or-regions -output-dir="$out/html" src/*.c || exit 1
llvm-cov report "${objs[@]}" -instr-profile="$out/all.profdata" src/*.c | tee "$out/summary.txt"
# uncovered branches, listed for docs/coverage.md
llvm-cov show "${objs[@]}" -instr-profile="$out/all.profdata" -show-branches=count src/*.c |
	awk '/^\/.*\.c:$/ {file = $0} /Branch \(/ && /(True|False): 0[,\]]/ {print file " " $0}' \
	>"$out/uncovered-branches.txt"
echo "coverage: HTML at $out/html/index.html; $(wc -l <"$out/uncovered-branches.txt") uncovered branch outcomes listed in $out/uncovered-branches.txt"
