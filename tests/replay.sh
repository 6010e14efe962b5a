#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck disable=SC2016,SC2034 # check NAME 'CONDITION' evals CONDITION: its $ expand then, and the variables it reads look unused
# fuzz/replay.c is as strict as the engines' runners: each check feeds
# the driver, built around tests/replay_control.c, an input that one of
# its rules must catch.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=${1:?usage: tests/replay.sh REPLAY-CONTROL-BINARY}
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; echo "$out" | tail -5 | sed 's/^/  | /'; fi; }
work=$(mktemp -d /tmp/rdmaneg-replay.XXXXXX)
trap 'rm -rf "$work"' EXIT

printf 'plain' >"$work/plain"
out=$("$bin" "$work/plain" 2>&1); rc=$?
check "a harmless input passes" '[ $rc -eq 0 ] && grep -q "1 passed, 0 failed" <<<"$out"'

printf 'S' >"$work/stateful"
out=$("$bin" "$work/stateful" 2>&1); rc=$?
check "state left between runs aborts (4 runs by default)" '[ $rc -ne 0 ] && grep -q "state from an earlier run" <<<"$out"'
out=$(REPLAY_RUNS=1 "$bin" "$work/stateful" 2>&1); rc=$?
check "control: one run does not see that state" '[ $rc -eq 0 ]'

printf 'H' >"$work/hang"
out=$(REPLAY_TIMEOUT=1 timeout 30 "$bin" "$work/plain" "$work/hang" 2>&1); rc=$?
check "a hang is cut by the alarm, named, exit 70" '[ $rc -eq 70 ] && grep -q "^replay: timeout: $work/hang ran past REPLAY_TIMEOUT" <<<"$out"'

{ printf 'B'; head -c $((3 * 1024 * 1024 - 2)) /dev/zero; printf 'Z'; } >"$work/big"
out=$("$bin" "$work/big" 2>&1); rc=$?
check "a 3 MiB input is replayed whole, never cut" '[ $rc -eq 0 ] && grep -q "saw 3145728 octets, last 0x5a" <<<"$out"'

out=$("$bin" "$work/missing" 2>&1); rc=$?
check "a missing input fails, named" '[ $rc -eq 1 ] && grep -q "no such file: $work/missing" <<<"$out" && grep -q "0 passed, 1 failed" <<<"$out"'
out=$(REPLAY_RUNS=0 "$bin" "$work/plain" 2>&1); rc=$?
check "a malformed knob is refused" '[ $rc -eq 1 ] && grep -q "REPLAY_RUNS=.0.: want a whole number" <<<"$out"'
out=$(REPLAY_TIMEOUT=5s "$bin" "$work/plain" 2>&1); rc=$?
check "a malformed timeout is refused" '[ $rc -eq 1 ] && grep -q "REPLAY_TIMEOUT=.5s.: want a whole number" <<<"$out"'

echo "replay-driver: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
