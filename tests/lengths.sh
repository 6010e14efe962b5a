#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# No C file over LIMIT lines (900; docs/layout.md): a longer one is split
# where a reader would split it. Checks every file tools/c-files.sh lists;
# its negative control, a file of LIMIT + 1 lines, must be caught.
# Usage: tests/lengths.sh [LIMIT]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
LIMIT=${1:-900}
case "$LIMIT" in '' | *[!0-9]*) echo "lengths: LIMIT is a number of lines" >&2; exit 2 ;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# over FILE...: each file longer than LIMIT, "FILE: N lines"; status 1 if any
over() {
	local f n bad=0
	for f in "$@"; do
		n=$(wc -l <"$f") || return 2
		if [ "$n" -gt "$LIMIT" ]; then echo "$f: $n lines"; bad=1; fi
	done
	return "$bad"
}

fail=0
seq "$((LIMIT + 1))" >"$tmp/long.c"
seq "$LIMIT" >"$tmp/limit.c"
if over "$tmp/long.c" >/dev/null; then echo "FAIL control: a file of $((LIMIT + 1)) lines passed"; fail=1; fi
if ! over "$tmp/limit.c" >/dev/null; then echo "FAIL control: a file of $LIMIT lines was refused"; fail=1; fi
mapfile -t files < <(tools/c-files.sh)
[ "${#files[@]}" -gt 0 ] || { echo "FAIL tools/c-files.sh listed no file"; fail=1; }
if ! out=$(over "${files[@]}"); then
	echo "FAIL C files over $LIMIT lines (split each where a reader would):"
	while IFS= read -r l; do echo "  $l"; done <<<"$out"
	fail=1
fi
echo "lengths: ${#files[@]} C files at most $LIMIT lines, 2 controls: $([ "$fail" -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed")"
exit "$fail"
