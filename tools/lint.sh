#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make lint: clang-tidy (.clang-tidy, warnings as errors) on every C file of
# src/ and on all the host code and the tests, each file on its own
# (clang-tidy 14's analyzer reports false va_list errors across files);
# cppcheck on src/ and on the host code; shellcheck on every script. mk/lint.mk
# runs each step as a make target with a stamp under build/lint/, so a
# second lint redoes only what a changed file (or a header it includes)
# touches.
#
# Host code and tests run without two checks: cert-err33-c (the result of
# every printf: a failed write to stdout or stderr is not actionable call by
# call) and cert-dcl37-c/dcl51-cpp (feature-test macros such as
# _POSIX_C_SOURCE are reserved names by definition).
#
# A file's clean verdict is also kept in ~/.cache/rdmaneg/lint-cache/ (it
# survives a fresh clone, as CI's is), keyed by clang-tidy's version,
# .clang-tidy, the flags and the file preprocessed with its comments (so
# NOLINT markers count): a file whose key is there is clean without running
# clang-tidy again. LINT_CACHE=0 runs every file.
#   tools/lint.sh                           make lint
#   tools/lint.sh --one src|host FILE STAMP clang-tidy on one file
#   tools/lint.sh --cppcheck src|host STAMP FILE...
#   tools/lint.sh --shellcheck STAMP FILE...
#   tools/lint.sh --scripts                 every shell script, by name or first line
#   tools/lint.sh --spdx STAMP FILE...      each FILE names the licence (LICENSE's
#                                           SPDX identifier) in its first two lines
#   tools/lint.sh --licensed                every file that must name it
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# includes are by path from the top, and <rdmaneg/NAME.h> (Makefile's INC)
INC=(-I. -Iinclude)
RELAX=-cert-err33-c,-cert-dcl37-c,-cert-dcl51-cpp
SRC_FLAGS=(-std=c11 -Wall -Wextra -Werror -Wshadow -Wpedantic -Wstrict-prototypes
	-Wmissing-prototypes -Wconversion -I. -Iinclude)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/lint-cache

usage() { sed -n '/^#   tools\/lint.sh/s/^#   //p' "$0" >&2; exit 2; }

# one MODE FILE STAMP: clang-tidy on FILE; on success STAMP is made, and
# STAMP.d lists the headers FILE includes (make reruns it when one changes)
one() {
	local mode=$1 f=$2 stamp=$3 key out checks flags
	if [ "$mode" = src ]; then
		checks=() flags=("${SRC_FLAGS[@]}")
	else
		checks=(--checks="$RELAX") flags=(-std=gnu11 "${INC[@]}")
	fi
	mkdir -p "$(dirname "$stamp")"
	rm -f "$stamp"
	key=$({ clang-tidy --version; cat .clang-tidy; echo "$mode ${checks[*]} ${flags[*]}"
		clang -E -C "${flags[@]}" -MMD -MP -MF "$stamp.d" -MT "$stamp" "$f"; } |
		sha256sum | cut -c1-40) || { echo "lint: cannot preprocess $f"; return 1; }
	if [ "${LINT_CACHE:-1}" = 0 ] || [ ! -e "$cache/$key" ]; then
		if ! out=$(clang-tidy --quiet --warnings-as-errors='*' "${checks[@]}" "$f" -- "${flags[@]}" 2>&1); then
			echo "$out" | grep -A3 -E '(error|warning):'
			echo "lint: clang-tidy: findings in $f"
			return 1
		fi
		mkdir -p "$cache" && : >"$cache/$key"
	fi
	: >"$stamp"
}

# cppcheck MODE STAMP FILE...: whole-program, incremental in build/lint/
# (--cppcheck-build-dir keeps each file's analysis until the file changes)
cppcheck_files() {
	local mode=$1 stamp=$2 dir
	shift 2
	dir=$(dirname "$stamp")/cppcheck-$mode
	mkdir -p "$dir"
	rm -f "$stamp"
	if [ "$mode" = src ]; then
		cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
			--std=c11 --inline-suppr --suppress=missingIncludeSystem --cppcheck-build-dir="$dir" \
			-I. -Iinclude "$@" || { echo "lint: cppcheck: findings in src/"; return 1; }
	else
		cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
			--std=c11 --inline-suppr --suppress=missingIncludeSystem --cppcheck-build-dir="$dir" \
			"${INC[@]}" "$@" || { echo "lint: cppcheck: findings in the host code"; return 1; }
	fi
	: >"$stamp"
}

# every shell script of the project by name or by its first line (tracked
# or not: a new script is linted before it is committed)
scripts() {
	find .ci .clusterfuzzlite live oss-fuzz tests tools -type f | LC_ALL=C sort |
		while read -r f; do
			case "$f" in *.sh) echo "$f"; continue ;; esac
			head -c 64 "$f" | head -n 1 | grep -qE '^#!.*\b(ba|da|busybox )?sh\b' && echo "$f"
		done
}

# every file that must name the licence: C sources and headers, scripts,
# make fragments, build, packaging and CI files (tracked or not, as above);
# not findings/ (kernel patches: GPL-2.0), corpora or stored test inputs
licensed() {
	{
		scripts
		find . \( -path ./build -o -path ./.git -o -path ./findings -o -path ./corpus \
			-o -path ./tests/crashes \) -prune -o -type f \( -name '*.[ch]' -o -name '*.mk' \
			-o -name Makefile -o -name Dockerfile -o -name '*.yml' -o -name '*.yaml' \
			-o -name '*.in' \) -print | sed 's|^\./||'
	} | LC_ALL=C sort -u
}

# STAMP FILE...: each FILE's first two lines (a #! line may come first)
# carry LICENSE's SPDX identifier, the one place it is written
spdx() {
	local stamp=$1 id f bad=0
	shift
	mkdir -p "$(dirname "$stamp")"
	rm -f "$stamp"
	id=$(sed -n 's/^ *SPDX-License-Identifier: //p' LICENSE)
	[ -n "$id" ] || { echo "lint: LICENSE has no SPDX-License-Identifier line"; return 1; }
	for f in "$@"; do
		head -n 2 "$f" | grep -qF "SPDX-License-Identifier: $id" && continue
		echo "lint: $f: no 'SPDX-License-Identifier: $id' in its first two lines"
		bad=$((bad + 1))
	done
	[ "$bad" -eq 0 ] || { echo "lint: $bad files without the licence's SPDX line"; return 1; }
	: >"$stamp"
}

case "${1:-}" in
'') exec make --no-print-directory -k lint ;;
--one) [ $# -eq 4 ] && { [ "$2" = src ] || [ "$2" = host ]; } && [ -f "$3" ] || usage
	one "$2" "$3" "$4" ;;
--cppcheck) [ $# -ge 4 ] && { [ "$2" = src ] || [ "$2" = host ]; } || usage
	cppcheck_files "${@:2}" ;;
--shellcheck) [ $# -ge 3 ] || usage
	stamp=$2
	shift 2
	mkdir -p "$(dirname "$stamp")"
	rm -f "$stamp"
	if shellcheck -x "$@"; then
		: >"$stamp"
	else
		echo "lint: shellcheck: findings above"; exit 1
	fi ;;
--scripts) scripts ;;
--spdx) [ $# -ge 3 ] || usage
	spdx "${@:2}" ;;
--licensed) licensed ;;
*) usage ;;
esac
