#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/image.sh: everything a guest boot needs, for every live suite:
# the kernel and siw.ko (live/guest/prepare.sh, cached), rdmaneg-live and
# rdmaneg-peer, and the initramfs, rebuilt only when an input changed.
# live/guest/image.sh nfs: the same plus NFS over RDMA (live/nfs/nfs-prepare.sh);
# live/guest/image.sh nvme: plus NVMe over Fabrics (live/nvme/nvme-prepare.sh);
# smbd: plus SMB Direct (live/smbd/smbd-prepare.sh); iser: plus iSER
# (live/iser/iser-prepare.sh).
# KERNEL=debug: the debug kernel of live/guest/kernel.sh instead of Debian's,
# with everything built in (no modules, no siw.ko); KERNEL=fixed: the same
# with every patch of findings/ applied (FIXES_DROP=ID: but that one's).
# KVER=6.12 or 7.3 (live/guest/kvers): the debug and fixed kernels of that
# line instead of 6.1's; KERNEL=stock runs Debian's own 6.1 or 6.12 (siw.ko
# built out of tree for it), not 7.3: its modules come from gcc 14, which
# Debian 12 lacks (live/guest/prepare.sh).
# Prints "KVER IMAGE PREPARE_SECONDS IMAGE_SECONDS" on its last line.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
t0=$(date +%s.%N)
KVER=$(live/guest/kver.sh "${KVER:-6.1}" | cut -d' ' -f1) || exit 2
export KVER
flavour=${1:-}
# a suite's flavour: what its live/SUITE/SUITE-prepare.sh adds (checked
# before anything is prepared)
case "$flavour" in
'') ;;
*[!a-z0-9]*) echo "live/guest/image.sh: a flavour is a suite's name, [a-z0-9]" >&2; exit 2 ;;
*)
	[ -x "live/$flavour/$flavour-prepare.sh" ] || {
		flavours=(live/*/*-prepare.sh) flavours=("${flavours[@]#live/}")
		echo "live/guest/image.sh: no suite '$flavour' with a live/$flavour/$flavour-prepare.sh" \
			"(the flavours: ${flavours[*]%%/*})" >&2
		exit 2
	} ;;
esac
case "${KERNEL:-stock}" in
stock)
	[ -z "${KSRC:-}" ] || { echo "live: KSRC builds a debug or fixed kernel from your tree: add KERNEL=debug or KERNEL=fixed" >&2; exit 2; }
	live/guest/prepare.sh >&2 || { echo "live: FAILED: preparation (KVER=$KVER)" >&2; exit 1; }
	read -r abi _ <"$L/cache/abi-$KVER"
	kver=$abi-amd64
	siw=$L/cache/siw-$kver/siw.ko ;;
debug)
	tools/deps.sh live >&2 || { echo "live: FAILED: host packages" >&2; exit 1; }
	read -r kver _ < <(live/guest/kernel.sh | tail -1)
	[ -n "${kver:-}" ] || { echo "live: FAILED: the debug kernel (live/guest/kernel.sh)" >&2; exit 1; }
	siw= ;; # built in
fixed)
	# the debug kernel with the patches of findings/ (make live-fixes),
	# FIXES_DROP=ID leaving one finding's out
	tools/deps.sh live >&2 || { echo "live: FAILED: host packages" >&2; exit 1; }
	make --no-print-directory -s build/plain/rdmaneg-findings >&2 || exit 1
	# on a newer line, the ports of tools/findings/port.sh (findings/SLUG/KVER/)
	kv=()
	[ "$KVER" = 6.1 ] || kv=(--kver "$KVER")
	# and only the findings the line's on: lines do not measure absent,
	# as make live-fixes takes them (live/fixes/fixes.sh): 7.3's
	# fs/smb/smbdirect/ patch is no 6.1 patch
	patches=$(build/plain/rdmaneg-findings patches findings ${FIXES_DROP:+--drop "$FIXES_DROP"} "${kv[@]}" --for "$KVER") ||
		{ echo "live: FAILED: the findings' patches (rdmaneg-findings)" >&2; exit 2; }
	read -r kver _ < <(KERNEL_PATCHES="$patches" live/guest/kernel.sh fixed | tail -1)
	[ -n "${kver:-}" ] || { echo "live: FAILED: the fixed kernel (live/guest/kernel.sh fixed)" >&2; exit 1; }
	siw= ;;
*) echo "live: KERNEL is stock (Debian's, the default), debug (make live-kernel) or fixed" \
	"(the debug kernel with findings/'s patches)" >&2; exit 2 ;;
esac
fdir=
if [ -n "$flavour" ]; then
	"live/$flavour/$flavour-prepare.sh" "$kver" >&2 ||
		{ echo "live: FAILED: $flavour preparation" >&2; exit 1; }
	fdir=$L/$flavour
fi
# the peer again on a core with one planted bug (the enhanced word's ORD
# masked: the frames a core-built peer would send change with it); make
# live's baseline must not move with it (docs/compliance.md)
peer_plant=enh_ord_mask
planted=build/plant-peer/$peer_plant/rdmaneg-peer
make --no-print-directory -s PLANT= "$L/rdmaneg-live" build/plain/rdmaneg-peer "$planted" >&2 ||
	{ echo "live: FAILED: building the harness and the peer" >&2; exit 1; }
t1=$(date +%s.%N)
libs=() # the libraries a flavour's prepare unpacked (build/live/FLAVOUR/libs)
[ -n "$fdir" ] && [ -s "$fdir/libs" ] && mapfile -t libs <"$fdir/libs"
stamp=$({
	echo "$kver"
	# shellcheck disable=SC2086 # $siw is a list of module files
	cat live/guest/init.sh live/guest/listeners.sh live/guest/mkinitramfs.sh live/adversarial/peer-baseline.txt "$L/rdmaneg-live" \
		build/plain/rdmaneg-peer "$planted" $siw ${fdir:+"live/$flavour/$flavour-init.sh" "$fdir/modules" "$fdir/bin"} "${libs[@]}"
	cat corpus/mpa_frame/*
	# the flavour's modules themselves: a rebuilt one (live/smbd/smbd-modules.sh)
	# changes under the same path
	[ -z "$fdir" ] || xargs -r cat <"$fdir/modules"
} | sha1sum | cut -c1-16)
img=$L/initramfs-${flavour:+$flavour-}$stamp.gz
if [ ! -s "$img" ]; then
	rm -f "$L"/initramfs-${flavour:+$flavour-}[0-9a-f]*.gz
	PEER_PLANTED=$planted:$peer_plant live/guest/mkinitramfs.sh "$kver" "$L/rdmaneg-live" \
		build/plain/rdmaneg-peer "$img" ${fdir:+"$flavour"} >&2 ||
		{ echo "live: FAILED: initramfs" >&2; exit 1; }
fi
command -v qemu-system-x86_64 >/dev/null || { echo "live: FAILED: no qemu-system-x86_64" >&2; exit 1; }
t2=$(date +%s.%N)
echo "$kver $img $(echo "$t1 - $t0" | bc) $(echo "$t2 - $t1" | bc)"
