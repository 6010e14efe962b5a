#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/prepare.sh: everything the guest needs for Debian's own kernel
# of the line KVER (6.1 by default, or 6.12: the lines of live/guest/kvers
# that Debian 12's own lists carry), cached.
#  1. host packages (tools/deps.sh live);
#  2. the line's current Debian kernel: ABI from apt-cache (what
#     linux-image-amd64 or linux-image-KVER-amd64 depends on), never
#     hard-coded; image fetched with apt-get download, unpacked with dpkg-deb -x;
#  3. siw.ko built out of tree from linux-source-KVER against the matching
#     linux-headers (no Debian kernel ships siw).
# Debian's 7.3 (trixie-backports) is built with gcc 14, which Debian 12
# lacks, so no module can be built for it here: KERNEL=debug on 7.3.
# The kernel and siw.ko are kept in ${XDG_CACHE_HOME:-~/.cache}/rdmaneg/live/
# keyed by the kernel version, so a fresh clone on this machine reuses them;
# build/live/cache links to them. Prints the seconds each step took.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live
mkdir -p "$L/cache" "$CACHE"
step() { printf 'prepare: %-34s %5.1f s\n' "$1" "$(echo "$(date +%s.%N) - $2" | bc)"; }
t=$(date +%s.%N)
tools/deps.sh live
step "host packages" "$t"
read -r line _ suite < <(live/guest/kver.sh "${KVER:-6.1}") || exit 2
[ "$suite" = - ] || {
	echo "prepare: Debian's $line kernel comes from $suite, built with a compiler Debian 12 lacks" \
		"(gcc 14), so siw.ko cannot be built for it here: run KERNEL=debug KVER=$line" >&2
	exit 2
}

# The ABI behind the line's meta package (apt lists refreshed only when
# needed): linux-image-amd64 for Debian 12's own 6.1, linux-image-6.12-amd64
t=$(date +%s.%N)
abi_file=$L/cache/abi-$line
resolve() {
	local pkg meta
	for meta in "linux-image-$line-amd64" linux-image-amd64; do
		pkg=$(apt-cache depends "$meta" 2>/dev/null |
			awk -v p="linux-image-$line." '$1 == "Depends:" && index($2, p) == 1 {print $2; exit}')
		[ -z "$pkg" ] || break
	done
	[ -n "$pkg" ] || return 1
	abi=${pkg#linux-image-}; abi=${abi%-amd64}
	ver=$(apt-cache policy "$pkg" | awk '/Candidate:/ {print $2}')
	[ -n "$ver" ] && [ "$ver" != "(none)" ]
}
if [ ! -s "$abi_file" ]; then
	if ! resolve; then
		[ "$(id -u)" -eq 0 ] && apt-get update -qq >/dev/null 2>&1
		resolve || { echo "prepare: no linux-image-$line.* behind linux-image-amd64 or linux-image-$line-amd64 (apt-get update?)" >&2; exit 1; }
	fi
	echo "$abi $ver" >"$abi_file"
fi
read -r abi ver <"$abi_file"
kver=$abi-amd64
step "kernel $kver ($ver)" "$t"

# kernel image and modules, unpacked into the cache (nothing installed)
t=$(date +%s.%N)
kdir=$CACHE/kernel-$kver
if [ ! -e "$kdir/boot/vmlinuz-$kver" ]; then
	tmp=$(mktemp -d "$CACHE/deb.XXXXXX")
	if ! (cd "$tmp" && apt-get -o APT::Sandbox::User=root download "linux-image-$kver" >/dev/null 2>&1); then
		# stale lists name a package the mirror no longer has
		[ "$(id -u)" -eq 0 ] && apt-get update -qq >/dev/null 2>&1
		(cd "$tmp" && apt-get -o APT::Sandbox::User=root download "linux-image-$kver" >/dev/null) ||
			{ echo "prepare: cannot download linux-image-$kver" >&2; rm -rf "$tmp"; exit 1; }
	fi
	rm -rf "$kdir.part"
	dpkg-deb -x "$tmp"/linux-image-"$kver"_*.deb "$kdir.part"
	mv "$kdir.part" "$kdir"
	rm -rf "$tmp"
fi
ln -sfn "$kdir" "$L/cache/kernel-$kver"
step "kernel image" "$t"

# siw.ko, out of tree, against the matching headers and source
t=$(date +%s.%N)
siw=$CACHE/siw-$kver
if [ ! -s "$siw/siw.ko" ]; then
	KVER=$line live/guest/ksource.sh "$kver"
	rm -rf "$siw.part"; mkdir -p "$siw.part"
	# siw's files by name, so tar stops once they are out (the archive has
	# 55 xz blocks: decompress on every core); any other layout: all of it
	d=linux-source-$line/drivers/infiniband/sw/siw
	# shellcheck disable=SC2046 # the member names, one word each
	if ! tar -x -I 'xz -T0' -f "/usr/src/linux-source-$line.tar.xz" -C "$siw.part" \
		--strip-components=5 --occurrence=1 $(for f in Kconfig Makefile iwarp.h siw.h \
		siw_cm.c siw_cm.h siw_cq.c siw_main.c siw_mem.c siw_mem.h siw_qp.c siw_qp_rx.c \
		siw_qp_tx.c siw_verbs.c siw_verbs.h; do echo "$d/$f"; done) 2>/dev/null; then
		rm -rf "$siw.part"; mkdir -p "$siw.part"
		tar -x -I 'xz -T0' -f "/usr/src/linux-source-$line.tar.xz" -C "$siw.part" \
			--strip-components=5 --wildcards "$d/*"
	fi
	[ -s "$siw.part/siw_cm.c" ] || { echo "prepare: no siw source in linux-source-$line" >&2; exit 1; }
	make -s -j"$(nproc)" -C "/usr/src/linux-headers-$kver" M="$siw.part" CONFIG_RDMA_SIW=m modules >&2
	rm -rf "$siw"; mv "$siw.part" "$siw"
fi
ln -sfn "$siw" "$L/cache/siw-$kver"
step "siw.ko" "$t"
echo "prepare: siw.ko $(stat -c %s "$siw/siw.ko") octets; kernel $kdir"
