#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make live-fixes-control: make live-fixes's negative control. With the
# patch of finding 7 (the siw listener's use-after-free, deterministic)
# left out of the fixed kernel, make live-fixes must fail and name that
# finding as reproducing with the patches; with it in, the same run must
# pass. Slow (a kernel build and four guest boots): not in make test.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
id=${FIXES_CONTROL_ID:-7}
out=$(FIXES_DROP=$id FIXES_ONLY=$id FIXES_SUITES=0 live/fixes/fixes.sh 2>&1); rc=$?
echo "$out" | tail -4
if [ "$rc" -ne 1 ] || ! grep -qE "^$id +[^ ]+ +[0-9]+/[0-9]+ +[1-9][0-9]*/[0-9]+ +reproduces with the patch" <<<"$out"; then
	echo "live-fixes-control: FAILED: without finding $id's patch, make live-fixes exited $rc" \
		"and did not name the finding as reproducing"
	mapfile -t lines <<<"$out"; printf '  | %s\n' "${lines[@]}"
	exit 1
fi
out=$(FIXES_ONLY=$id FIXES_SUITES=0 live/fixes/fixes.sh 2>&1); rc=$?
echo "$out" | tail -4
if [ "$rc" -ne 0 ] || ! grep -qE "^$id +[^ ]+ +[1-9][0-9]*/[0-9]+ +0/[0-9]+ +fixed" <<<"$out"; then
	echo "live-fixes-control: FAILED: with every patch, finding $id is not fixed (exit $rc)"
	mapfile -t lines <<<"$out"; printf '  | %s\n' "${lines[@]}"
	exit 1
fi
echo "live-fixes-control: 2 passed, 0 failed (finding $id: caught without its patch, fixed with it)"
