#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Negative controls: for every row of plants/plants.tsv, the planted
# build must fail its checker, and a property must shrink to exactly the
# expected minimal counterexample; a replay row must report the expected
# sanitizer error on the plant's stored inputs (tests/crashes/<plant>/), a
# rule row the oracle's message on them, an
# asan row the ASan report of the planted props, an nfs row the planted live
# harness's NFS judge naming the core as disagreeing with the RFC column on
# a stored console of a real make live-nfs. Also checks that every plant in
# plants/plant.h and every property has at least one row.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
table=plants/plants.tsv
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

plants=$(sed -n 's/^#define RDMANEG_PLANT_ID_\([a-z0-9_]*\) .*/\1/p' plants/plant.h)
# every plant's builds in one make (on every core); -k builds the rest when one fails
# shellcheck disable=SC2046 # the targets are words
make --no-print-directory -s -k $(for pl in $plants; do echo "$B/plant/$pl/props $B/plant/$pl/sweep"; done) >/dev/null
for pl in $plants; do
	[ -x "$B/plant/$pl/props" ] && [ -x "$B/plant/$pl/sweep" ] || bad "build of plant $pl"
done

while IFS=$'\t' read -r plant checker want; do
	case "$plant" in ''|'#'*) continue ;; esac
	case "$checker" in
	props:*)
		prop=${checker#props:}
		out=$("$B/plant/$plant/props" --seed 1 --prop "$prop")
		rc=$?
		got=$(sed -n 's/^  counterexample: *//p' <<<"$out" | sed 's/ *$//')
		if [ "$rc" -ne 1 ]; then
			bad "$plant: property $prop did not catch it (exit $rc)"
		elif [ "$got" != "$want" ]; then
			bad "$plant: $prop shrank to '$got', expected '$want'"
		else
			ok
		fi ;;
	asan:*)
		# the planted ASan build of props: the report, and the case to replay
		prop=${checker#asan:}
		make --no-print-directory -s "$B/plant-asan/$plant/props" >/dev/null ||
			{ bad "build of $B/plant-asan/$plant/props"; continue; }
		out=$("$B/plant-asan/$plant/props" --seed 1 --prop "$prop" 2>&1)
		rc=$?
		if [ "$rc" -ne 0 ] && grep -q "ERROR: AddressSanitizer: $want " <<<"$out" &&
			grep -q "^props: sanitizer report in property $prop; replay: " <<<"$out"; then ok
		else bad "$plant: ASan props $prop did not report $want with a replay line (exit $rc)"; fi ;;
	sweep:*)
		# the sweep program make prove runs, and the one of make test's
		# sweep-<kind> suite, built with that sweep alone
		what=${checker#sweep:}
		make --no-print-directory -s "$B/plant/$plant/sweep-$what" >/dev/null ||
			{ bad "build of $B/plant/$plant/sweep-$what"; continue; }
		out=$("$B/plant/$plant/sweep" "$what" --slice 64)
		rc=$?
		out1=$("$B/plant/$plant/sweep-$what" "$what" --slice 64)
		rc1=$?
		if [ "$rc" -eq 1 ] && grep -q "^FAIL sweep $what" <<<"$out" &&
			[ "$rc1" -eq 1 ] && grep -q "^FAIL sweep $what" <<<"$out1"; then ok
		else bad "$plant: sweep $what did not catch it (exit $rc, alone $rc1)"; fi ;;
	replay:* | rule:*)
		# the planted ASan replay build on the stored inputs that show it:
		# replay wants the sanitizer's report, rule the oracle's message
		t=${checker#*:}
		# a tree of its own (tools/triage.sh builds build/plant-fuzz/, and
		# make test runs triage beside this)
		pb=$B/plant-replay/$plant
		report="ERROR: AddressSanitizer: $want "
		[ "${checker%%:*}" = rule ] && report="rule broken: $want"
		make --no-print-directory -s B="$pb" PLANT="$plant" "$pb/replay/$t" >/dev/null ||
			{ bad "build of $pb/replay/$t"; continue; }
		out=$("$pb/replay/$t" "tests/crashes/$plant" 2>&1)
		rc=$?
		if [ "$rc" -ne 0 ] && grep -qF "$report" <<<"$out"; then ok
		else bad "$plant: replay $t on tests/crashes/$plant did not print '$report' (exit $rc)"; fi ;;
	nfs:*)
		# the NFS judge's RFC column is the oracle's: a planted core must
		# show as disagreeing with it, and fail the run (exit 1)
		console=${checker#nfs:}
		make --no-print-directory -s "$B/plant-live/$plant/rdmaneg-live" >/dev/null ||
			{ bad "build of $B/plant-live/$plant/rdmaneg-live"; continue; }
		out=$("$B/plant-live/$plant/rdmaneg-live" nfs "$console")
		rc=$?
		if [ "$rc" -eq 1 ] && grep -qF "  CORE DISAGREES with $want" <<<"$out"; then ok
		else bad "$plant: the NFS judge on $console did not print 'CORE DISAGREES with $want' (exit $rc)"; fi ;;
	nvme:*)
		# make live-nvme's table judges each row with the core and the
		# oracle: a planted core must disagree on the field named
		console=${checker#nvme:}
		make --no-print-directory -s "$B/plant-live/$plant/rdmaneg-live" >/dev/null ||
			{ bad "build of $B/plant-live/$plant/rdmaneg-live"; continue; }
		out=$("$B/plant-live/$plant/rdmaneg-live" nvme "$console")
		rc=$?
		if [ "$rc" -eq 1 ] && grep -qE "^  $want .*<- the core and the oracle differ" <<<"$out"; then ok
		else bad "$plant: the NVMe judge on $console did not flag field $want (exit $rc)"; fi ;;
	*) bad "unknown checker '$checker'" ;;
	esac
done <"$table"

# completeness: every plant and every property has a negative control
for pl in $plants; do
	grep -q "^$pl	" "$table" && ok || bad "plant $pl has no row in $table"
done
for prop in $("$B/plant/decode_overrun/props" --list | awk '{print $1}'); do
	grep -q "	props:$prop	" "$table" && ok || bad "property $prop has no planted bug in $table"
done
echo "plants: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
