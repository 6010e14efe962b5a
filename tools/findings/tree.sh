#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tools/findings/tree.sh KVER: a git tree of Debian's linux-source of the
# kernel line KVER (live/guest/kvers), made once in
# build/findings-port/KVER/linux with one commit (the source as Debian ships
# it) and reused while the package version holds; KVER/source names it.
# The patches are ported (port.sh), mailed (series.sh) and checked
# (tests/mail-series.sh) on it. Prints the tree's path and the version,
# "TREE VERSION"; exit 1 when the source cannot be fetched or unpacked,
# 2 on an unknown line.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
read -r KVER pkg suite < <(live/guest/kver.sh "${1:-}") || exit 2
[ -n "${KVER:-}" ] || exit 2
suite_arg=()
[ "$suite" = - ] || suite_arg=(--suite "$suite")
src_root=$(live/guest/debs.sh "${suite_arg[@]}" "$pkg") || { echo "findings-tree: cannot fetch $pkg" >&2; exit 1; }
ver=${src_root##*/"$pkg"-}
W=build/findings-port/$KVER
tree=$W/linux
g() { git -C "$tree" -c user.name=rdmaneg -c user.email=rdmaneg@invalid "$@"; }
if [ "$(cat "$W/source" 2>/dev/null)" != "$pkg $ver" ]; then
	echo "findings-tree: a git tree of $pkg $ver in $tree (once)" >&2
	rm -rf "$W" && mkdir -p "$tree"
	tar -x -I 'xz -T0' -f "$src_root/usr/src/$pkg.tar.xz" -C "$tree" --strip-components=1 ||
		{ echo "findings-tree: cannot unpack $pkg" >&2; exit 1; }
	g init -q && g add -A -f && g commit -q -m "$pkg $ver as Debian ships it" ||
		{ echo "findings-tree: git could not record $tree" >&2; exit 1; }
	echo "$pkg $ver" >"$W/source"
fi
echo "$tree $ver"
