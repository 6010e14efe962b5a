#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/modules.sh KVER OUT MODULE...: the kernel modules MODULE... need,
# in load order, one .ko path a line into OUT, from depmod and modprobe
# --show-depends run on the cached kernel tree (never a fixed list). A
# module the kernel has built in adds nothing (the debug kernel: OUT is
# empty). Fails, naming it, when the kernel has no such module.
#   MODULES_EXTRA=DIR  .ko files that take the place of the kernel's own of
#                      the same name, their dependencies read from them
#                      (SMB Direct's rebuilt ksmbd.ko and cifs.ko)
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
[ $# -ge 3 ] || { echo "usage: live/guest/modules.sh KVER OUT MODULE..." >&2; exit 2; }
kver=$1 out=$2
shift 2
L=build/live
kroot=$(readlink -f "$L/cache/kernel-$kver") # the depmod tree links into it
[ -d "$kroot/lib/modules/$kver" ] ||
	{ echo "modules: no cached kernel $kver (live/guest/prepare.sh or live/guest/kernel.sh)" >&2; exit 1; }
dep=$(readlink -f "$(mktemp -d "$L/depmod.XXXXXX")") # absolute: modprobe prints absolute paths
trap 'rm -rf "$dep"' EXIT
mkdir -p "$dep/lib/modules/$kver"
# (the debug kernel has every module built in, and no kernel/ tree)
if [ -d "$kroot/lib/modules/$kver/kernel" ]; then
	ln -s "$kroot/lib/modules/$kver/kernel" "$dep/lib/modules/$kver/kernel"
fi
for f in modules.order modules.builtin modules.builtin.modinfo; do
	if [ -e "$kroot/lib/modules/$kver/$f" ]; then cp "$kroot/lib/modules/$kver/$f" "$dep/lib/modules/$kver/"
	else : >"$dep/lib/modules/$kver/$f"; fi
done
extra=${MODULES_EXTRA:-}
conf=()
if [ -n "$extra" ]; then
	compgen -G "$extra/*.ko" >/dev/null || { echo "modules: MODULES_EXTRA=$extra has no .ko file" >&2; exit 1; }
	extra=$(readlink -f "$extra")
	mkdir -p "$dep/lib/modules/$kver/extra" "$dep/depmod.d"
	ln -s "$extra"/*.ko "$dep/lib/modules/$kver/extra/"
	# extra/ before the kernel's own tree (depmod.d(5))
	echo "search extra built-in" >"$dep/depmod.d/extra.conf"
	conf=(-C "$dep/depmod.d")
fi
depmod -b "$dep" "${conf[@]}" "$kver"
# each module is loaded (insmod lines) or built in ("builtin NAME")
for m in "$@"; do
	deps=$(modprobe -d "$dep" -S "$kver" --show-depends "$m" 2>&1) && [ -n "$deps" ] ||
		{ echo "modules: $kver has no $m: ${deps:-nothing from modprobe}" >&2; exit 1; }
	awk '$1 == "insmod" {print $2}' <<<"$deps"
done | awk '!seen[$0]++' | sed -e "s|^$dep/lib/modules/$kver/kernel/|$kroot/lib/modules/$kver/kernel/|" \
	-e "s|^$dep/lib/modules/$kver/extra/|$extra/|" >"$out"
# each path is the cached tree's, which outlives the scratch one
while read -r ko; do
	[ -e "$ko" ] || { echo "modules: $ko is missing" >&2; exit 1; }
done <"$out"
