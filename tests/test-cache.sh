#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make test's suite cache, end to end: tools/run-tests.sh on a table of its
# own (suites over files in a temporary folder, each noting in a log that
# it ran) must run every suite the first time, none while nothing changes,
# and then exactly the suites that read a touched file, whether the file is
# a suite's own, shared, under a folder, or common to all. CACHE=0 and
# CI=true run all. A failing suite is never cached; a suite whose input
# changes while it runs keeps no verdict; the environment that counts
# (PROPS_CASES) reruns all; a program rebuilt with only its line numbers
# moved stays cached, one with other code does not. The audit names a file
# a suite reads without declaring it.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL tests/test-cache.sh: $1"; sed 's/^/  | /' "$tmp/out" | tail -25; }

T=$tmp/suites
cat >"$T" <<EOF
inputs $tmp/common
suite alpha
  inputs $tmp/a
  run echo alpha >>$tmp/ran; echo "3 passed, 0 failed"
suite beta
  inputs $tmp/b $tmp/shared
  run echo beta >>$tmp/ran
suite gamma
  inputs $tmp/shared $tmp/dir
  run echo gamma >>$tmp/ran; echo "2 passed, 0 failed"
suite delta
  after alpha
  inputs $tmp/flaky
  run echo delta >>$tmp/ran; [ "\$(cat $tmp/flaky)" = ok ]
suite prog
  inputs $tmp/prog
  run echo prog >>$tmp/ran; $tmp/prog
suite self
  inputs $tmp/self
  run echo self >>$tmp/ran; date +%s%N >$tmp/self
EOF
for f in common a b shared self; do echo 1 >"$tmp/$f"; done
echo ok >"$tmp/flaky"
mkdir -p "$tmp/dir"
prog() { printf '%s\nint main(void) { return %s; }\n' "$1" "$2" >"$tmp/prog.c" &&
	cc -O1 -g "$tmp/prog.c" -o "$tmp/prog"; }
prog "" 0

# run [ENV...]: the runner on the table; RAN is what ran, in name order
run() {
	rm -f "$tmp/ran"
	env -u CI -u CACHE -u TEST_TRACE -u TEST_ONLY TEST_SUITES="$T" TEST_LOGS="$tmp/logs" TEST_STATE="$tmp/state" \
		TEST_JOBS=2 RDMANEG_TOOLCHAIN=test "$@" tools/run-tests.sh >"$tmp/out" 2>&1
	rc=$?
	RAN=$(sort "$tmp/ran" 2>/dev/null | tr '\n' ' ' | sed 's/ $//')
}
# expect WHAT RC RAN
expect() {
	if [ "$rc" = "$2" ] && [ "$RAN" = "$3" ]; then ok; else bad "$1: exit $rc, ran '$RAN'; want exit $2, ran '$3'"; fi
}

run
expect "the first run" 0 "alpha beta delta gamma prog self"
tail -n 1 "$tmp/out" | grep -qx "9 passed, 0 failed" && ok || bad "the first run's count"
run
expect "nothing changed" 0 "self"
tail -n 1 "$tmp/out" | grep -qx "1 passed, 0 failed; 8 cached (5 suites whose inputs had not changed; CACHE=0 runs them)" && ok ||
	bad "the cached run's count"
grep -q '^cached alpha                  3 checks' "$tmp/out" && ok || bad "a cached suite is marked so"
grep -q '{"name":"alpha",.*"cached":true}' "$tmp/logs/times.json" &&
	grep -q '{"name":"self",.*"cached":false}' "$tmp/logs/times.json" && ok || bad "times.json marks the cached suites"
grep -q "an input of self changed while it ran" "$tmp/logs/self.log" && ok || bad "self: its changed input is named"

echo 2 >"$tmp/shared"
run
expect "a shared input" 0 "beta gamma self"
echo 2 >"$tmp/a"
run
expect "one suite's input" 0 "alpha self"
: >"$tmp/dir/new"
run
expect "a file new in a folder" 0 "gamma self"
echo 2 >"$tmp/common"
run
expect "a common input" 0 "alpha beta delta gamma prog self"
run CACHE=0
expect "CACHE=0" 0 "alpha beta delta gamma prog self"
run CI=true
expect "CI=true" 0 "alpha beta delta gamma prog self"
run PROPS_CASES=5
expect "a setting that counts" 0 "alpha beta delta gamma prog self"
run PROPS_CASES=5
expect "the same setting again" 0 "self"
run CACHE=x
expect "CACHE=x is refused" 2 ""
run
expect "the setting gone: one verdict is kept a suite" 0 "alpha beta delta gamma prog self"

echo bad >"$tmp/flaky"
run
expect "a failing suite" 1 "delta self"
grep -q '^FAIL  delta' "$tmp/out" && ok || bad "delta's failure is shown"
run
expect "a failure is not cached" 1 "delta self"
echo ok >"$tmp/flaky"
run
expect "fixed" 0 "delta self"

# a program by its loaded code: a comment line moves its line numbers only
prog "/* a comment */" 0
run
expect "debug information changed" 0 "self"
prog "/* a comment */" 1
run
expect "code changed" 1 "prog self"
prog "" 0
run
expect "code changed back" 0 "prog self"

# the audit: a suite that reads a file it does not declare is named, with
# the file; declared, it passes (what make test-audit runs on tests/suites)
A=$PWD/build/plain/rdmaneg-test-cache
mkdir -p "$tmp/au"
echo x >"$tmp/au/declared" && echo y >"$tmp/au/undeclared"
printf 'suite reads\n  inputs declared\n  run cat declared undeclared >/dev/null\n' >"$tmp/au/suites"
(cd "$tmp/au" && "$A" run suites reads --state state --trace "$tmp/au" &&
	"$A" audit suites reads "$tmp/au" "$tmp/au"/reads.*) >"$tmp/out" 2>&1
[ $? = 1 ] && grep -qx "reads: undeclared file undeclared" "$tmp/out" && ok ||
	bad "the audit names an undeclared input"
sed -i "s|inputs declared|& undeclared|" "$tmp/au/suites"
(cd "$tmp/au" && "$A" audit suites reads "$tmp/au" "$tmp/au"/reads.*) >"$tmp/out" 2>&1 && ok ||
	bad "the audit passes once it is declared"

echo "test-cache: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
