#!/usr/bin/env bash
# make lint: clang-tidy (.clang-tidy, warnings as errors) and cppcheck on
# src/, then on all the host code and the tests, each file on its own
# (clang-tidy 14's analyzer reports false va_list errors across files); last,
# every shell script git tracks goes through shellcheck.
#
# Host code and tests run without two checks: cert-err33-c (the result of
# every printf: a failed write to stdout or stderr is not actionable call by
# call) and cert-dcl37-c/dcl51-cpp (feature-test macros such as
# _POSIX_C_SOURCE are reserved names by definition).
#
# A host file's clean verdict is cached in ~/.cache/rdmaneg/lint-cache/
# (it survives a fresh clone, as CI's is), keyed by clang-tidy's version,
# .clang-tidy, the flags and the file preprocessed with its comments (so
# NOLINT markers count): a file whose key is cached is clean without
# running clang-tidy again. LINT_CACHE=0 runs every file.
#   tools/lint.sh --one FILE   one host file (what xargs runs)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
INC=(-Isrc -Ioracle -Iproperties -Ifuzz -Iutil -Itools/cli -Itools/test-times -Itools/triage
	-Itools/mutants -Itools/man3 -Itools/findings -Itools/clauses -Itests -Ilive/mpa -Ilive/nfs -Ilive/nvme -Ilive/nfspeer -Ilive/guest -Ipeer
	-Ilive/campaign -Ilive/ulp -Ilive/smbd -Ilive/iser)
RELAX=-cert-err33-c,-cert-dcl37-c,-cert-dcl51-cpp
cache=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/lint-cache

one() {
	local f=$1 key out
	key=$({ clang-tidy --version; cat .clang-tidy; echo "$RELAX ${INC[*]}"
		clang -E -C -std=gnu11 "${INC[@]}" "$f"; } | sha256sum | cut -c1-40) ||
		{ echo "lint: cannot preprocess $f"; return 1; }
	[ "${LINT_CACHE:-1}" != 0 ] && [ -e "$cache/$key" ] && return 0
	if ! out=$(clang-tidy --quiet --warnings-as-errors='*' --checks="$RELAX" "$f" -- -std=gnu11 "${INC[@]}" 2>&1); then
		echo "$out" | grep -A3 -E '(error|warning):'
		echo "lint: clang-tidy: findings in $f"
		return 1
	fi
	mkdir -p "$cache" && : >"$cache/$key"
}
if [ "${1:-}" = --one ]; then
	[ $# -eq 2 ] && [ -f "$2" ] || { echo "usage: tools/lint.sh --one FILE" >&2; exit 2; }
	one "$2"
	exit
fi

rc=0
mapfile -t src < <(ls src/*.c)
if out=$(clang-tidy --quiet --warnings-as-errors='*' "${src[@]}" -- -std=c11 -Wall -Wextra -Werror -Wshadow \
	-Wpedantic -Wstrict-prototypes -Wmissing-prototypes -Wconversion -Isrc 2>&1); then
	echo "clang-tidy: src/ clean"
else
	echo "$out"; echo "lint: clang-tidy: findings in src/"; rc=1
fi
cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
	--std=c11 --inline-suppr --suppress=missingIncludeSystem -Isrc "${src[@]}" || rc=1

mapfile -t host < <(ls oracle/*.c util/*.c tools/*.c tools/*/*.c fuzz/*.c properties/*.c live/*.c \
	live/*/*.c peer/*.c tests/*.c)
if printf '%s\n' "${host[@]}" | xargs -P "$(nproc)" -n 1 tools/lint.sh --one; then
	echo "clang-tidy: ${#host[@]} host and test files clean"
else
	rc=1
fi
cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
	--std=c11 --inline-suppr --suppress=missingIncludeSystem "${INC[@]}" "${host[@]}" || rc=1

# every tracked file that is a shell script by name or by its first line
mapfile -t scripts < <(git ls-files | while read -r f; do
	[ -f "$f" ] || continue
	case "$f" in *.sh) echo "$f"; continue ;; esac
	head -c 64 "$f" | head -n 1 | grep -qE '^#!.*\b(ba|da|busybox )?sh\b' && echo "$f"
done)
if shellcheck -x "${scripts[@]}"; then
	echo "shellcheck: ${#scripts[@]} scripts clean"
else
	echo "lint: shellcheck: findings above"; rc=1
fi
exit "$rc"
