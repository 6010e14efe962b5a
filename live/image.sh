#!/usr/bin/env bash
# live/image.sh: everything a guest boot needs, for every live suite:
# the kernel and siw.ko (live/prepare.sh, cached), rdmaneg-live and
# rdmaneg-peer, and the initramfs, rebuilt only when an input changed.
# Prints "KVER IMAGE PREPARE_SECONDS IMAGE_SECONDS" on its last line.
set -uo pipefail
cd "$(dirname "$0")/.."
L=build/live
t0=$(date +%s.%N)
live/prepare.sh >&2 || { echo "live: FAILED: preparation" >&2; exit 1; }
read -r abi _ <"$L/cache/abi"
kver=$abi-amd64
make --no-print-directory -s PLANT= "$L/rdmaneg-live" build/plain/rdmaneg-peer >&2 ||
	{ echo "live: FAILED: building the harness and the peer" >&2; exit 1; }
t1=$(date +%s.%N)
stamp=$(cat live/init.sh live/mkinitramfs.sh live/peer-baseline.txt "$L/rdmaneg-live" \
	build/plain/rdmaneg-peer "$L/cache/siw-$kver/siw.ko" | sha1sum | cut -c1-16)
img=$L/initramfs-$stamp.gz
if [ ! -s "$img" ]; then
	rm -f "$L"/initramfs-*.gz
	live/mkinitramfs.sh "$kver" "$L/rdmaneg-live" build/plain/rdmaneg-peer "$img" >&2 ||
		{ echo "live: FAILED: initramfs" >&2; exit 1; }
fi
command -v qemu-system-x86_64 >/dev/null || { echo "live: FAILED: no qemu-system-x86_64" >&2; exit 1; }
t2=$(date +%s.%N)
echo "$kver $img $(echo "$t1 - $t0" | bc) $(echo "$t2 - $t1" | bc)"
