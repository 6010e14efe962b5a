#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck disable=SC2016,SC2034 # check NAME 'CONDITION' evals CONDITION: its $ expand then, and the variables it reads look unused
# fuzz/targets is the one list of fuzz targets and fuzz/<t>.options the
# one home of each max_len; tools/targets.sh is the one reader scripts use.
# Fails when a script reads either around it, when a listed target lacks a
# file it needs, or when a fuzz target exists that the list does not name.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. tools/targets.sh
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi; }

# bypasses DIR...: script lines (comments aside) that read fuzz/targets or
# a max_len anywhere but tools/targets.sh
bypasses() {
	local pat='(awk|grep|sed|cat|while read|<)[^|]*(fuzz/targets|\.options)|max_len *= *[0-9]|max_len=[0-9]'
	{
		grep -rnE --include='*.sh' --include=Makefile --include='*.mk' --include='build.sh' --include='*.yml' \
			"$pat" "$@"
		# scripts without an extension (tools/triage.sh), known by their #! line
		# shellcheck disable=SC2013 # grep -l prints one path a line
		for f in $(grep -rlE '^#!.*sh' "$@" | grep -vE '(\.(sh|yml|c|h|md)|Makefile)$'); do
			grep -nE "$pat" "$f" | sed "s|^|$f:|"
		done
	} 2>/dev/null | grep -v '^[^:]*tools/targets.sh:' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#'
}
out=$(bypasses Makefile mk tools live tests oss-fuzz .clusterfuzzlite .ci .github | grep -v '^tests/targets.sh:')
check "no script reads fuzz/targets or a max_len around tools/targets.sh" '[ -z "$out" ] || { echo "$out"; false; }'
# negative control: a script with its own copy of the list is caught
ctl=$(mktemp -d /tmp/rdmaneg-targets.XXXXXX); trap 'rm -rf "$ctl"' EXIT
printf '#!/bin/sh\nfor t in $(awk %s fuzz/targets); do :; done\n' "'{print \$1}'" >"$ctl/copy.sh"
printf '#!/bin/sh\nrun -max_len=1024\n' >"$ctl/cap.sh"
check "control: a private copy of the list is caught" '[ -n "$(bypasses "$ctl/copy.sh")" ]'
check "control: a private max_len is caught" '[ -n "$(bypasses "$ctl/cap.sh")" ]'
mkdir "$ctl/bin"
printf '#!/usr/bin/env bash\nT=$(awk %s fuzz/targets)\n' "'{print \$1}'" >"$ctl/bin/tool"
check "control: a script without an extension is read too" '[ -n "$(bypasses "$ctl/bin")" ]'

check "the Makefile's TARGETS is the list" \
	'[ "$(make --no-print-directory -s -p -n nothing 2>/dev/null | sed -n "s/^TARGETS := //p")" = "$(rdmaneg_targets | xargs)" ]'
n=0
for t in $(rdmaneg_targets); do
	n=$((n + 1))
	check "$t: fuzz/$t.c, .dict, a max_len, corpus/$t, corpus/regress/$t" \
		'[ -f "fuzz/$t.c" ] && [ -f "fuzz/$t.dict" ] && rdmaneg_max_len "$t" >/dev/null && [ -d "corpus/$t" ] && [ -d "corpus/regress/$t" ]'
done
check "the list names targets" '[ "$n" -gt 0 ]'
for f in fuzz/*.c; do
	t=$(basename "$f" .c)
	case $t in replay | empty) continue ;; esac
	grep -q LLVMFuzzerTestOneInput "$f" || continue
	check "fuzz/$t.c is in fuzz/targets" 'rdmaneg_is_target "$t"'
done
check "control: a name not in the list is refused" '! rdmaneg_is_target no_such_target'
check "control: a target with no max_len fails" '! (rdmaneg_max_len no_such_target 2>/dev/null)'
echo "targets: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
