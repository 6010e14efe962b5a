# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=sh
# Sourced (POSIX sh, so make's $(shell) and OSS-Fuzz's build.sh can use it)
# by every script that walks the fuzz targets. fuzz/targets is the list;
# fuzz/<t>.options holds each target's max_len, the engine's input cap.
# Run from the repository root. tests/targets.sh fails when a script reads
# either file around these functions.

# The target names, one per line.
rdmaneg_targets() {
	awk '!/^#/ && NF {print $1}' fuzz/targets
}

# rdmaneg_max_len T: T's max_len; fails (status 1, a message) when T has none.
rdmaneg_max_len() {
	_rdmaneg_n=$(sed -n 's/^max_len *= *\([0-9][0-9]*\) *$/\1/p' "fuzz/$1.options" 2>/dev/null | head -1)
	[ -n "$_rdmaneg_n" ] || { echo "targets: fuzz/$1.options has no max_len" >&2; return 1; }
	echo "$_rdmaneg_n"
}

# rdmaneg_is_target T: status 0 when T is in fuzz/targets.
rdmaneg_is_target() {
	rdmaneg_targets | grep -qx -- "$1"
}
