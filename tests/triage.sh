#!/usr/bin/env bash
# Drives tools/triage on stored crash inputs (tests/crashes/, found by
# make fuzz PLANT=decode_overrun+mpa_pd_overrun) against that planted
# build: exactly two groups with the expected signatures must come out,
# and the same inputs must pass on the real build.
set -uo pipefail
cd "$(dirname "$0")/.."
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi; }
out=build/triage-test
tools/triage --plant decode_overrun+mpa_pd_overrun --minimize-seconds 5 --out "$out" \
	tests/crashes >"$out.log" 2>&1
check "triage ran" '[ -s "$out/report.json" ] && [ -s "$out/report.md" ]'
check "two groups" '[ "$(jq ".groups | length" "$out/report.json")" = 2 ]'
check "decode overrun signature" 'jq -e ".groups[] | select(.signature == \"heap-buffer-overflow-fill_candidate_rdmaneg_rpcrdma_decode\" and .bug_type == \"heap-buffer-overflow\" and .reliability == \"3/3\")" "$out/report.json" >/dev/null'
check "pd overrun signature" 'jq -e ".groups[] | select(.signature == \"rule-violation-RFC5044_7.1_PD_Length_N_trusted_beyond_the_N_octets_given\")" "$out/report.json" >/dev/null'
check "minimized reproducers still reproduce" 'for f in $(jq -r ".groups[].reproducer" "$out/report.json"); do [ -s "$f" ] || exit 1; done'
check "decoded fields present" 'jq -e "all(.groups[]; .decoded | length > 0)" "$out/report.json" >/dev/null'
# the real code handles every stored crash input
make --no-print-directory -s PLANT= build/replay/rpcrdma_decode build/replay/mpa_frame build/replay/stack
for t in rpcrdma_decode mpa_frame stack; do
	check "real build survives crashes on $t" 'build/replay/$t tests/crashes >/dev/null 2>&1'
done
echo "triage: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
