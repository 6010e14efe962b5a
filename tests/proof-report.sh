#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck disable=SC2016 # check NAME 'CONDITION' evals CONDITION: its $ expand then
# Checks of build/plain/rdmaneg-proof-report on the Report CSVs in
# tests/proof/: a contract assumed by its caller's run and proved by its
# own run counts as proved, one only assumed fails; a goal no run proved
# fails, and so does a public header's contract (include/rdmaneg/); Eva
# counts an unknown run-time-error property or public precondition as an alarm but
# not a Dead one, nor a static helper's precondition (a WP goal); bad
# input exits 2.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
report=${1:-build/plain/rdmaneg-proof-report}
d=tests/proof
pass=0 fail=0 log=build/proof-report-test.log
mkdir -p build
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; cat "$log"; fi; }
run() { "$report" "$@" >"$log" 2>&1; }

run wp:$d/wp-caller.csv:2 wp:$d/wp-callee.csv:3
check "merged: exit 0" '[ $? -eq 0 ]'
check "merged: callee proved by its own run" 'grep -qE "^rdmaneg_callee +- +2/2 +3.0  ok$" "$log"'
check "merged: caller proved from the callee" 'grep -qE "^rdmaneg_caller +- +1/1 +2.0  ok$" "$log"'
check "merged: outside src/ ignored" '! grep -q memcpy "$log"'
check "merged: closing line" 'tail -1 "$log" | grep -qx "proof: 3 passed, 0 failed"'

run wp:$d/wp-caller.csv
check "assumed only: exit 1" '[ $? -eq 1 ]'
check "assumed only: callee's contract never proved" 'grep -qE "^rdmaneg_callee +- +assumed .*FAIL$" "$log"'

run wp:$d/wp-callee.csv wp:$d/wp-unproved.csv
check "unproved: exit 1" '[ $? -eq 1 ]'
check "unproved: helper 2/3, a multi-line property read" 'grep -qE "^helper +- +2/3 .*FAIL$" "$log"'

# a public header's contract (include/rdmaneg/) is the library's: its
# unproved postcondition fails its function
run wp:$d/wp-contract-unproved.csv
check "header contract unproved: exit 1" '[ $? -eq 1 ]'
check "header contract unproved: 1/2 FAIL" 'grep -qE "^rdmaneg_callee +- +1/2 .*FAIL$" "$log"'

run eva:$d/eva-clean.csv
check "eva clean: exit 0" '[ $? -eq 0 ]'
check "eva clean: Dead is no alarm" 'grep -qE "^rdmaneg_caller +0 +- .* ok$" "$log"'
check "eva clean: helper precondition left to WP" 'grep -qE "^helper +0 +- .* ok$" "$log"'

run eva:$d/eva-clean.csv eva:$d/eva-alarm.csv
check "eva alarm: exit 1" '[ $? -eq 1 ]'
check "eva alarm: one driver is enough" 'grep -qE "^rdmaneg_caller +1 +- .*FAIL$" "$log"'

run wp:$d/wp-callee.csv:3 eva:$d/eva-clean.csv:4:rdmaneg_callee
check "eva time: to the driver's function" 'grep -qE "^rdmaneg_callee +0 +2/2 +7.0  ok$" "$log" && grep -qE "^helper +0 +2/2 +3.0  ok$" "$log"'

run eva:$d/eva-public-pre.csv
check "eva public precondition: an alarm" '[ $? -eq 1 ] && grep -qE "^rdmaneg_caller +1 " "$log"'

run wp:$d/not-a-report.csv
check "bad input: not a report" '[ $? -eq 2 ] && grep -q "is no Report CSV" "$log"'
run wp:$d/short-row.csv
check "bad input: short row" '[ $? -eq 2 ] && grep -q "without 7 fields" "$log"'
run wp:$d/missing.csv
check "bad input: missing file" '[ $? -eq 2 ] && grep -q "cannot read" "$log"'
run xx:$d/wp-callee.csv
check "bad input: unknown kind" '[ $? -eq 2 ] && grep -q "^usage:" "$log"'
run
check "bad input: no argument" '[ $? -eq 2 ]'

echo "proof-report: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
