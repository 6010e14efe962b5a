#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make lint's negative controls: each of its three tools, given a file with
# a finding planted, fails and leaves no stamp (so the next make lint looks
# at the file again); a clean file gets its stamp and a dependency list
# naming the header it includes; every script tools/lint.sh finds is one
# mk/lint.mk watches (a script it does not watch would not be linted again
# when it changes).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL tests/lint.sh: $1"; [ -f "${2:-}" ] && tail -5 "$2"; }
tmp=build/lint-control
rm -rf "$tmp" && mkdir -p "$tmp"
# no verdict cache: the planted files must really be analysed
export LINT_CACHE=0

printf '#include "lint_control.h"\nint lint_control(int a)\n{\n\treturn a + LINT_ONE;\n}\n' >"$tmp/clean.c"
printf '#define LINT_ONE 1\nint lint_control(int a);\n' >"$tmp/lint_control.h"
# clang-analyzer: a value read before it is set
printf 'int lint_control(int a);\nint lint_control(int a)\n{\n\tint x;\n\tif (a)\n\t\tx = 1;\n\treturn x;\n}\n' >"$tmp/tidy.c"
# cppcheck: an index past the end
printf 'int lint_control(void);\nint lint_control(void)\n{\n\tint v[2] = { 0, 0 };\n\treturn v[2];\n}\n' >"$tmp/cppcheck.c"
# shellcheck disable=SC2016 # the scripts' own $1, written as they are
printf '#!/bin/sh\necho $1\n' >"$tmp/bad.sh"
# shellcheck disable=SC2016
printf '#!/bin/sh\necho "$1"\n' >"$tmp/good.sh"

tools/lint.sh --one host "$tmp/clean.c" "$tmp/clean.ok" >"$tmp/clean.log" 2>&1
rc=$?
[ "$rc" = 0 ] && [ -f "$tmp/clean.ok" ] && ok || bad "clang-tidy: a clean file gets its stamp (exit $rc)" "$tmp/clean.log"
grep -q "lint_control.h" "$tmp/clean.ok.d" 2>/dev/null && ok || bad "clang-tidy: the stamp's .d names the header"
tools/lint.sh --one host "$tmp/tidy.c" "$tmp/tidy.ok" >"$tmp/tidy.log" 2>&1
rc=$?
[ "$rc" = 1 ] && [ ! -e "$tmp/tidy.ok" ] && grep -q "uninitialized\|garbage" "$tmp/tidy.log" && ok ||
	bad "clang-tidy: an uninitialized read is caught, no stamp (exit $rc)" "$tmp/tidy.log"
tools/lint.sh --cppcheck host "$tmp/cppcheck.ok" "$tmp/cppcheck.c" >"$tmp/cppcheck.log" 2>&1
rc=$?
[ "$rc" = 1 ] && [ ! -e "$tmp/cppcheck.ok" ] && grep -q "arrayIndexOutOfBounds" "$tmp/cppcheck.log" && ok ||
	bad "cppcheck: an index past the end is caught, no stamp (exit $rc)" "$tmp/cppcheck.log"
tools/lint.sh --shellcheck "$tmp/sh.ok" "$tmp/good.sh" "$tmp/bad.sh" >"$tmp/sh.log" 2>&1
rc=$?
[ "$rc" = 1 ] && [ ! -e "$tmp/sh.ok" ] && grep -q "SC2086" "$tmp/sh.log" && ok ||
	bad "shellcheck: an unquoted expansion is caught, no stamp (exit $rc)" "$tmp/sh.log"
tools/lint.sh --shellcheck "$tmp/sh.ok" "$tmp/good.sh" >"$tmp/sh.log" 2>&1 && [ -f "$tmp/sh.ok" ] && ok ||
	bad "shellcheck: a clean script gets its stamp" "$tmp/sh.log"
tools/lint.sh --one nosuch "$tmp/clean.c" "$tmp/x.ok" >/dev/null 2>&1
[ $? = 2 ] && ok || bad "a bad mode is a usage error"

# the licence's SPDX line: LICENSE's identifier, first or after a #! line
id=$(sed -n 's/^ *SPDX-License-Identifier: //p' LICENSE)
printf '// SPDX-License-Identifier: %s\nint x;\n' "$id" >"$tmp/spdx.c"
printf '#!/bin/sh\n# SPDX-License-Identifier: %s\ntrue\n' "$id" >"$tmp/spdx.sh"
printf 'int x;\n' >"$tmp/nospdx.c"
printf '/* SPDX-License-Identifier: GPL-2.0-only */\nint x;\n' >"$tmp/otherspdx.h"
printf '#!/bin/sh\ntrue\n# SPDX-License-Identifier: %s\n' "$id" >"$tmp/latespdx.sh"
tools/lint.sh --spdx "$tmp/spdx.ok" "$tmp/spdx.c" "$tmp/spdx.sh" >"$tmp/spdx.log" 2>&1 && [ -f "$tmp/spdx.ok" ] && ok ||
	bad "spdx: files that name the licence get the stamp" "$tmp/spdx.log"
for f in nospdx.c otherspdx.h latespdx.sh; do
	tools/lint.sh --spdx "$tmp/spdx.ok" "$tmp/spdx.c" "$tmp/$f" >"$tmp/spdx.log" 2>&1
	rc=$?
	[ "$rc" = 1 ] && [ ! -e "$tmp/spdx.ok" ] && grep -q "$tmp/$f: no 'SPDX" "$tmp/spdx.log" && ok ||
		bad "spdx: $f is caught, no stamp (exit $rc)" "$tmp/spdx.log"
done
# what must name it: sources, headers, scripts, make and CI files, not the
# kernel patches of findings/
licensed=$(tools/lint.sh --licensed)
for f in src/mpa.c include/rdmaneg/mpa.h Makefile mk/lint.mk .ci/run tools/lint.sh src/rdmaneg.pc.in oss-fuzz/Dockerfile; do
	grep -qxF "$f" <<<"$licensed" && ok || bad "spdx: tools/lint.sh --licensed leaves out $f"
done
grep -q '^findings/' <<<"$licensed" && bad "spdx: --licensed lists findings/, whose patches are the kernel's GPL-2.0" || ok

# every script it finds is watched by make (mk/lint.mk's LINT_SCRIPTS)
watched=$(make --no-print-directory -pn lint 2>/dev/null | sed -n 's/^LINT_SCRIPTS := //p' | tr ' ' '\n')
missing=$(comm -23 <(tools/lint.sh --scripts | sort) <(sort <<<"$watched"))
[ -z "$missing" ] && ok || bad "scripts make lint would not look at again when they change: $missing"

echo "lint-control: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
