#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/mutants.sh TOOL: rdmaneg-mutants' verbs on small fixed inputs: the
# equivalent list is current, and each way a score must fail does fail.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
TOOL=${1:-build/plain/rdmaneg-mutants}
pass=0 fail=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
check() { # check NAME CONDITION-COMMAND...
	local name=$1; shift
	if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}

# the shipped list names current mutants only
check "equivalent list current" "$TOOL" check-equivalent src/EQUIVALENT_MUTANTS src/*.c

# a stale or malformed entry fails
printf 'x.c\tror\ta < b\ta <= b\tno such mutant\n' >"$t/stale"
check "stale entry fails" bash -c "! '$TOOL' check-equivalent '$t/stale' src/mpa.c >'$t/out' && grep -q '^stale: ' '$t/out'"
printf 'x.c\tror\ta < b\n' >"$t/short"
check "short entry refused" bash -c "! '$TOOL' check-equivalent '$t/short' src/mpa.c 2>/dev/null"

# score: a fixture of three mutants of one file
cat >"$t/f.c" <<'EOF'
int f(int a)
{
	if (a < 2)
		return 1;
	return a == 7;
}
EOF
"$TOOL" list "$t/f.c" >"$t/list.tsv"
check "fixture has mutants" test "$(wc -l <"$t/list.tsv")" -gt 3
mapfile -t ids < <(cut -f1 "$t/list.tsv")
line1=$(sed -n 1p "$t/list.tsv")
: >"$t/none"
for id in "${ids[@]}"; do printf '%s\tkilled\tunit\n' "$id"; done >"$t/all-killed"
check "all killed passes" bash -c "'$TOOL' score --list '$t/list.tsv' --results '$t/all-killed' --equivalent '$t/none' --json '$t/r.json' | grep -q 'mutation score: ${#ids[@]}/${#ids[@]} killed (100.0%)'"
check "json written" grep -q '"score_percent":100.00' "$t/r.json"
# one survivor: reported with its texts, and the score fails
sed "1s/\tkilled\tunit/\tsurvived\t/" "$t/all-killed" >"$t/one-survives"
check "survivor fails" bash -c "! '$TOOL' score --list '$t/list.tsv' --results '$t/one-survives' --equivalent '$t/none' >'$t/out'"
check "survivor printed" grep -q "^SURVIVED ${ids[0]} " "$t/out"
check "score counts it" grep -q "mutation score: $((${#ids[@]} - 1))/${#ids[@]} killed" "$t/out"
# ... argued equivalent: passes, and leaves the denominator
printf 'f.c\t%s\t%s\t%s\tfixture\n' "$(cut -f5 <<<"$line1")" "$(cut -f6 <<<"$line1")" "$(cut -f7 <<<"$line1")" >"$t/eq"
check "argued survivor passes" bash -c "'$TOOL' score --list '$t/list.tsv' --results '$t/one-survives' --equivalent '$t/eq' | grep -q 'mutation score: $((${#ids[@]} - 1))/$((${#ids[@]} - 1)) killed'"
# ... but an argued mutant that is killed means the argument is wrong
"$TOOL" score --list "$t/list.tsv" --results "$t/all-killed" --equivalent "$t/eq" >"$t/out"
check "killed but argued is named" grep -q "^WRONG ${ids[0]} " "$t/out"
check "killed but argued fails (status)" bash -c "! '$TOOL' score --list '$t/list.tsv' --results '$t/all-killed' --equivalent '$t/eq' >/dev/null"
# a mutant with no result is an error, not a kill
sed 1d "$t/all-killed" >"$t/missing"
check "missing result fails" bash -c "! '$TOOL' score --list '$t/list.tsv' --results '$t/missing' --equivalent '$t/none' >'$t/out'"
check "missing result named" grep -q "^ERROR ${ids[0]} " "$t/out"
# apply: the mutant differs from the source by its edit; a bad id is a usage error
"$TOOL" apply "${ids[0]}" "$t/f.c" "$t/m.c"
check "apply writes a different file" bash -c "! cmp -s '$t/f.c' '$t/m.c'"
check "apply missing id exits 1" bash -c "'$TOOL' apply f.c:999 '$t/f.c' '$t/m.c' 2>/dev/null; [ \$? -eq 1 ]"
check "apply wrong file exits 2" bash -c "'$TOOL' apply g.c:1 '$t/f.c' '$t/m.c' 2>/dev/null; [ \$? -eq 2 ]"
check "unknown verb exits 2" bash -c "'$TOOL' frobnicate 2>/dev/null; [ \$? -eq 2 ]"
# sampling is reproducible and a subset
a=$("$TOOL" list --sample 2 --seed 5 "$t/f.c" | cut -f1)
b=$("$TOOL" list --sample 2 --seed 5 "$t/f.c" | cut -f1)
check "sample reproducible" test "$a" = "$b"
check "sample size" test "$(wc -l <<<"$a")" -eq 2
# --first: the argued mutants lead (they run the whole kill suite), the set unchanged
last=$(tail -1 "$t/list.tsv")
printf 'f.c\t%s\t%s\t%s\tfixture\n' "$(cut -f5 <<<"$last")" "$(cut -f6 <<<"$last")" "$(cut -f7 <<<"$last")" >"$t/eq-last"
"$TOOL" list --first "$t/eq-last" "$t/f.c" >"$t/first.tsv"
check "--first puts the argued mutant first" test "$(head -1 "$t/first.tsv" | cut -f1)" = "$(cut -f1 <<<"$last")"
check "--first keeps the set" test "$(sort "$t/first.tsv")" = "$(sort "$t/list.tsv")"
check "--first of a missing file fails" bash -c "! '$TOOL' list --first '$t/nosuch' '$t/f.c' >/dev/null 2>&1"
echo "mutants: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
