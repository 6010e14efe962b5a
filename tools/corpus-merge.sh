#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make corpus-merge: keeps corpora from growing without bound.
#  - libFuzzer -merge=1 minimizes each working corpus (build/work/libfuzzer/
#    <t>/corpus) against the shipped seeds;
#  - afl-cmin minimizes each AFL++ queue (build/work/afl/<t>/sync/*/queue)
#    when one exists;
#  - PROMOTE=1 copies inputs that add coverage beyond corpus/<t> into
#    corpus/<t>/ as lf-<sha1> (review before committing).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. tools/targets.sh
TARGETS=$(rdmaneg_targets)
tools/deps.sh fuzz || exit 1
make --no-print-directory -s PLANT= fuzz-libfuzzer || exit 1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '%-18s %10s %10s %10s\n' target working merged promoted
for t in $TARGETS; do
	w=build/work/libfuzzer/$t/corpus
	mkdir -p "$w"
	before=$(find "$w" -type f | wc -l)
	rm -rf "$tmp/m" "$tmp/new"; mkdir -p "$tmp/m" "$tmp/new"
	"build/libfuzzer/$t" -merge=1 -max_len="$(rdmaneg_max_len "$t")" "$tmp/m" "corpus/$t" "$w" >"$tmp/log" 2>&1 ||
		{ echo "corpus-merge: $t merge failed"; tail -5 "$tmp/log"; exit 1; }
	rm -rf "$w"; mv "$tmp/m" "$w"
	promoted=0
	if [ "${PROMOTE:-0}" = 1 ]; then
		# merge adds to the first directory only what adds coverage to it
		cp "corpus/$t"/* "$tmp/new/" 2>/dev/null
		known=$(sha1sum "corpus/$t"/* 2>/dev/null | cut -c1-40)
		"build/libfuzzer/$t" -merge=1 -max_len="$(rdmaneg_max_len "$t")" "$tmp/new" "$w" >/dev/null 2>&1
		for f in "$tmp/new"/*; do
			h=$(sha1sum "$f" | cut -c1-40)
			grep -q "$h" <<<"$known" && continue
			cp "$f" "corpus/$t/lf-$h"
			promoted=$((promoted + 1))
		done
	fi
	printf '%-18s %10d %10d %10d\n' "$t" "$before" "$(find "$w" -type f | wc -l)" "$promoted"
	for q in build/work/afl/"$t"/sync/*/queue; do
		[ -d "$q" ] || continue
		if command -v afl-cmin >/dev/null; then
			out=build/work/afl/$t/cmin
			rm -rf "$out"
			AFL_SKIP_BIN_CHECK=1 afl-cmin -i "$q" -o "$out" -- "build/afl/$t" >/dev/null 2>&1 &&
				printf '  afl-cmin %-30s %5d -> %d\n' "$q" "$(find "$q" -maxdepth 1 -name 'id:*' | wc -l)" \
					"$(find "$out" -type f | wc -l)"
		fi
	done
done
