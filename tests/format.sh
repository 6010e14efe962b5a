#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every C file in the tree against .clang-format (clang-format --dry-run
# --Werror), then the negative control: a copy of one file with its layout
# broken must be refused, and the same copy put right by clang-format must
# pass, so the check can fail and the style file is the one in use.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL tests/format.sh: $1"; }
style=--style=file:.clang-format

mapfile -t files < <(tools/c-files.sh)
[ ${#files[@]} -gt 50 ] && ok || bad "tools/c-files.sh lists ${#files[@]} files"
if out=$(clang-format "$style" --dry-run --Werror "${files[@]}" 2>&1); then
	ok
else
	bad "files differ from .clang-format (make format fixes them):"
	grep -E "^[^ ].*(error|warning):" <<<"$out" | cut -d: -f1 | sort | uniq -c | head -20
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# code lines (not comments: they are never re-indented) by two spaces
sed -e 's/^\t\([a-z]\)/  \1/' src/mpa.c > "$tmp/mpa.c"
if clang-format "$style" --dry-run --Werror "$tmp/mpa.c" >/dev/null 2>&1; then
	bad "control: a misformatted src/mpa.c was accepted"
else
	ok
fi
clang-format "$style" "$tmp/mpa.c" > "$tmp/fixed.c"
if cmp -s "$tmp/fixed.c" src/mpa.c; then ok; else bad "control: clang-format does not restore src/mpa.c"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
