#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/clauses.sh CLAUSES: the clause registry and its citations
# (tools/clauses, docs/compliance.md). spec/clauses.tsv is what the specs
# give (a spec changed under it fails), every citation in the tree names a
# clause or section of the registry, and the negative controls: a changed
# spec sentence, a citation of an id that does not exist, and one citation
# removed (its clause turns up uncovered). Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
C=${1:?usage: tests/clauses.sh CLAUSES}
[ -x "$C" ] || { echo "tests/clauses.sh: $C is not executable" >&2; exit 2; }
C=$(realpath "$C")
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL tests/clauses.sh: $1"; [ -f "${2:-}" ] && tail -5 "$2"; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
specs=$(make --no-print-directory -s -f - print-specs <<'MK'
include mk/compliance.mk
print-specs: ; @echo $(SPECS)
MK
)
[ -n "$specs" ] || { echo "tests/clauses.sh: no SPECS in mk/compliance.mk" >&2; exit 2; }
# the registry's files, as make compliance reads them
reg=$(make --no-print-directory -s -f - print-registry <<'MK'
include mk/compliance.mk
print-registry: ; @echo $(COMPLIANCE_REGISTRY)
MK
)
[ -n "$reg" ] || { echo "tests/clauses.sh: no COMPLIANCE_REGISTRY in mk/compliance.mk" >&2; exit 2; }
files() { git ls-files --cached --others --exclude-standard -- include src plants oracle rules cli man util tools fuzz properties \
	live peer tests proof examples | grep -vE '^tools/clauses/|^tests/clauses(_unit\.c|\.sh)$|\.(gz|pcap|log|bin|tar)$|^tests/[^/]+/'; }
mapfile -t src < <(files)

# 1. the registry is what the specs give; one changed sentence is caught
# shellcheck disable=SC2086 # SPECS is a list of words
"$C" check spec/clauses.tsv $specs >"$out/check.log" 2>&1 && ok || bad "spec/clauses.tsv drifted from spec/ (make clauses)" "$out/check.log"
mkdir -p "$out/spec"
cp spec/*.txt "$out/spec/"
sed -i 's/The responder MUST set its ORD at most to the initiator IRD/The responder MUST set its ORD to the initiator IRD/' "$out/spec/rfc6581.txt"
# shellcheck disable=SC2086
"$C" check spec/clauses.tsv ${specs//spec\//$out/spec/} >"$out/drift.log" 2>&1
[ $? -eq 1 ] && grep -q "not what the specs give" "$out/drift.log" && ok || bad "a changed spec sentence went unnoticed" "$out/drift.log"

# 2. every citation in the tree is of the registry
mkdir -p "$out/r"
"$C" report "$reg" spec/untestable.tsv "$out/r" "${src[@]}" >"$out/report.log" 2>&1 && ok ||
	bad "a citation names no clause or section of the registry" "$out/report.log"
jq -e '.clauses > 100 and (.rows | length) == .clauses' "$out/r/compliance.json" >/dev/null && ok ||
	bad "compliance.json: no rows" "$out/r/compliance.json"

# 3. negative control: a citation of an id that does not exist fails
printf '/* [rfc6581#9.1-99] [rfc6581#99] */\n' >"$out/bogus.c"
"$C" report "$reg" spec/untestable.tsv "$out/r" "${src[@]}" "$out/bogus.c" >"$out/bogus.log" 2>&1
[ $? -eq 1 ] && grep -q '\[rfc6581#9.1-99\] is no clause' "$out/bogus.log" &&
	grep -q '\[rfc6581#99\] is no clause' "$out/bogus.log" && ok || bad "an unknown id was not refused" "$out/bogus.log"

# 4. negative control: the normative clause with the fewest citations,
# each removed from a copy of its file: the clause turns up uncovered and
# the count grows by one
id=$(jq -r '[.rows[] | select((.level|test("^(MUST|SHOULD)")) and .untestable == "" and .cited_by != {})
	| {id, n: ([.cited_by[]] | add)}] | min_by(.n) | .id' "$out/r/compliance.json")
mapfile -t citing < <(grep -lF "[$id]" "${src[@]}")
if [ -n "$id" ] && [ "${#citing[@]}" -gt 0 ]; then
	before=$(jq .uncovered "$out/r/compliance.json")
	src2=("${src[@]}")
	for f in "${citing[@]}"; do
		mkdir -p "$out/tree/$(dirname "$f")"
		sed "s/\[$id\]//g" "$f" >"$out/tree/$f"
		for k in "${!src2[@]}"; do [ "${src2[$k]}" = "$f" ] && src2[k]=$out/tree/$f; done
	done
	"$C" report "$reg" spec/untestable.tsv "$out/r" "${src2[@]}" >"$out/minus.log" 2>&1
	jq -e --arg id "$id" --argjson b "$before" '.uncovered == $b + 1 and
		(.rows[] | select(.id == $id) | .cited_by == {})' "$out/r/compliance.json" >/dev/null && ok ||
		bad "removing $id's citations (${citing[*]}) did not show it uncovered" "$out/minus.log"
else
	bad "no cited normative clause to remove" "$out/report.log"
fi

# 5. bad arguments: exit 2 with a message
"$C" >"$out/u.log" 2>&1; [ $? -eq 2 ] && grep -q usage "$out/u.log" && ok || bad "no arguments: not exit 2"
"$C" check spec/clauses.tsv "$out/no-such.txt" >"$out/u.log" 2>&1; [ $? -eq 2 ] && grep -q "no-such.txt" "$out/u.log" && ok ||
	bad "a missing spec: not exit 2 with its name" "$out/u.log"
printf 'rfc6581#9.1-4\n' >"$out/unt.tsv"
"$C" report "$reg" "$out/unt.tsv" "$out/r" "${src[@]}" >"$out/u.log" 2>&1; [ $? -eq 2 ] && grep -q "ID<TAB>why" "$out/u.log" && ok ||
	bad "an untestable line without a reason: not exit 2" "$out/u.log"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
