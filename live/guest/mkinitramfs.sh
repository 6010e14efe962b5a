#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/mkinitramfs.sh KVER HARNESS PEER OUT [FLAVOUR]: a gzipped cpio with
# busybox, the RDMA modules (siw.ko built here, rdma_rxe from Debian),
# rdma-core with the siw and rxe providers, iproute2's rdma, the harness,
# rdmaneg-peer, its siw baseline and corpus/mpa_frame, every ldd closure,
# and live/guest/init.sh as /init, with live/guest/listeners.sh as
# /listeners. PEER_PLANTED=PATH:NAME adds PATH, rdmaneg-peer built on a core
# with plant NAME, as /bin/rdmaneg-peer-planted (make live runs the
# baseline with it too: its verdicts must not move). With a FLAVOUR (nfs, nvme, smbd or iser: build/live/FLAVOUR, from
# live/FLAVOUR/FLAVOUR-prepare.sh) it adds that suite's modules
# (/lib/modules/FLAVOUR, load order in /FLAVOUR.modules), its programs
# and live/FLAVOUR/FLAVOUR-init.sh as /FLAVOUR-init.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=$1 harness=$2 peer=$3 out=$4 flavour=${5:-}
L=build/live
root=$L/root
kmods=$L/cache/kernel-$kver/lib/modules/$kver
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,etc,lib/modules,lib64}
cp "$(command -v busybox)" "$root/bin/busybox"
ldd_out=$(ldd "$root/bin/busybox" 2>&1 || true)
grep -q 'not a dynamic' <<<"$ldd_out" ||
	{ echo "mkinitramfs: busybox is not static (install busybox-static)" >&2; exit 1; }

# one module into DIR as NAME.ko, for the guest's insmod: Debian's 6.12
# ships its modules xz-compressed, 6.1 plain
put_ko() { # SRC DIR
	local name
	name=$(basename "$1")
	case "$name" in
	*.ko) cp "$1" "$2/$name" ;;
	*.ko.xz) xz -dc "$1" >"$2/${name%.xz}" ;;
	*) echo "mkinitramfs: $1 is not a .ko or .ko.xz module" >&2; return 1 ;;
	esac
}

# modules, in load order (shared/notes/siw-qemu.md); a kernel without a
# modules tree (live/guest/kernel.sh's) has all of them built in, and
# Debian's 6.12 some (virtio): modules.builtin says which
: >"$root/modules.order"
if [ -d "$kmods/kernel" ]; then
	# virtio-serial: a campaign's channels (live/campaign)
	for m in configfs crc32c_generic libcrc32c crc32_generic udp_tunnel ip6_udp_tunnel \
		ib_core ib_cm iw_cm rdma_cm ib_uverbs rdma_ucm rdma_rxe dummy \
		virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci \
		virtio_console; do
		f=$(find "$kmods" \( -name "$m.ko" -o -name "$m.ko.xz" \) | head -1)
		if [ -z "$f" ]; then
			grep -q "/$m\.ko\$" "$kmods/modules.builtin" 2>/dev/null && continue
			echo "mkinitramfs: $m is neither a module in $kmods nor built in" >&2
			exit 1
		fi
		put_ko "$f" "$root/lib/modules"
		echo "$m" >>"$root/modules.order"
	done
	cp "$L/cache/siw-$kver/siw.ko" "$root/lib/modules/"
	echo siw >>"$root/modules.order"
fi

# programs and everything they load
copy_closure() {
	local f dep
	for f in "$@"; do
		mkdir -p "$root$(dirname "$f")"
		cp -L "$f" "$root$f"
		for dep in $(ldd "$f" 2>/dev/null | grep -oE '/[^ ]+\.so[^ ]*'); do
			[ -e "$root$dep" ] && continue
			mkdir -p "$root$(dirname "$dep")"
			cp -L "$dep" "$root$dep"
		done
	done
}
providers=()
for p in siw rxe; do
	f=$(find /usr/lib -name "lib$p-rdmav*.so" | head -1)
	[ -n "$f" ] || { echo "mkinitramfs: no $p provider (ibverbs-providers)" >&2; exit 1; }
	providers+=("$f")
done
cp "$harness" "$root/bin/rdmaneg-live"
cp "$peer" "$root/bin/rdmaneg-peer"
if [ -n "${PEER_PLANTED:-}" ]; then
	cp "${PEER_PLANTED%%:*}" "$root/bin/rdmaneg-peer-planted"
	echo "${PEER_PLANTED#*:}" >"$root/peer-planted"
fi
cp live/adversarial/peer-baseline.txt "$root/peer-baseline.txt"
# the shipped MPA frames, seeds of rdmaneg-peer --corpus (make live-guided)
mkdir -p "$root/corpus"
cp -r corpus/mpa_frame "$root/corpus/"
copy_closure "$root/bin/rdmaneg-live" "$root/bin/rdmaneg-peer" ${PEER_PLANTED:+"$root/bin/rdmaneg-peer-planted"} "$(command -v rdma)" "${providers[@]}"
# threaded programs need libgcc_s at exit; the verbs provider is dlopen()ed
copy_closure "$(find /usr/lib /lib -name libgcc_s.so.1 | head -1)"
cp -r /etc/libibverbs.d "$root/etc/"
echo 'root:x:0:0:root:/:/bin/sh' >"$root/etc/passwd"
echo 'root:x:0:' >"$root/etc/group"
if [ -n "$flavour" ]; then
	# a suite's flavour (nfs, nvme, smbd, iser): build/live/FLAVOUR/{modules,bin} from
	# live/FLAVOUR/FLAVOUR-prepare.sh, and its part of /init
	fdir=build/live/$flavour
	mkdir -p "$root/lib/modules/$flavour" "$root/sbin"
	: >"$root/$flavour.modules"
	while read -r ko; do
		put_ko "$ko" "$root/lib/modules/$flavour"
		ko=$(basename "$ko")
		echo "${ko%.ko*}" >>"$root/$flavour.modules"
	done <"$fdir/modules"
	while read -r b; do
		copy_closure "$b"
		mv "$root$b" "$root/sbin/"
	done <"$fdir/bin"
	# libraries the host lacks (unpacked from Debian by the prepare script)
	if [ -s "$fdir/libs" ]; then
		mkdir -p "$root/usr/lib/x86_64-linux-gnu"
		while read -r l; do cp -L "$l" "$root/usr/lib/x86_64-linux-gnu/"; done <"$fdir/libs"
	fi
	cp "live/$flavour/$flavour-init.sh" "$root/$flavour-init"
fi
if [ "$flavour" = nfs ]; then
	ln -s mount.nfs "$root/sbin/mount.nfs4"
	# libtirpc reads the transports from /etc/netconfig
	[ -e /etc/netconfig ] && cp /etc/netconfig "$root/etc/"
fi
cp live/guest/init.sh "$root/init"
cp live/guest/listeners.sh "$root/listeners"
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out"
echo "mkinitramfs: $out $(du -h "$out" | cut -f1)"
