#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# docs/layout.md names every file git tracks (tools/layout/layout.h says
# what names one). Its negative controls: a new file nobody described, and
# the page with one folder's row left out, must be caught.
# usage: tests/layout.sh build/plain/rdmaneg-layout
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: tests/layout.sh RDMANEG-LAYOUT" >&2; exit 2; }
tool=$1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

git ls-files >"$tmp/files" || { echo "tests/layout.sh: git ls-files failed" >&2; exit 2; }
[ -s "$tmp/files" ] || { echo "tests/layout.sh: git tracks no file here" >&2; exit 2; }
"$tool" unnamed docs/layout.md <"$tmp/files" >"$tmp/unnamed" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok ||
	bad "docs/layout.md does not name $(wc -l <"$tmp/unnamed") tracked files (exit $rc): $(head -20 "$tmp/unnamed" | tr '\n' ' ')$(cat "$tmp/err")"

# negative control: a file nobody described
{ cat "$tmp/files"; echo src/new_module.c; } >"$tmp/more"
"$tool" unnamed docs/layout.md <"$tmp/more" >"$tmp/out" 2>/dev/null
rc=$?
[ $rc -eq 1 ] && [ "$(cat "$tmp/out")" = src/new_module.c ] && ok ||
	bad "control: an undescribed src/new_module.c was not caught (exit $rc, got '$(head -3 "$tmp/out" | tr '\n' ' ')')"

# negative control: the page without the live/mpa/ row
# shellcheck disable=SC2016 # the backticks are Markdown, not a command
grep -v '^| `live/mpa/` |' docs/layout.md >"$tmp/layout.md"
"$tool" unnamed "$tmp/layout.md" <"$tmp/files" >"$tmp/out" 2>/dev/null
rc=$?
[ $rc -eq 1 ] && grep -qx live/mpa/run.sh "$tmp/out" && ! grep -qv '^live/mpa/' "$tmp/out" && ok ||
	bad "control: the page without its live/mpa/ row was not caught as exactly live/mpa/'s files (exit $rc, got '$(head -3 "$tmp/out" | tr '\n' ' ')')"

echo "layout: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
