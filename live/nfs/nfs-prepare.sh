#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/nfs/nfs-prepare.sh KVER: what the NFS-over-RDMA guest adds to the live
# one, cached like the kernel:
#  1. nfs-kernel-server and nfs-common from Debian, fetched with apt-get
#     download and unpacked (nothing installed on the host): rpc.mountd,
#     exportfs and mount.nfs;
#  2. the kernel's NFS modules in load order (live/guest/modules.sh).
# Writes build/live/nfs/{modules,bin}: one path per line.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:?usage: live/nfs/nfs-prepare.sh KVER}
L=build/live
N=$L/nfs
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live
tools/deps.sh live-nfs
mkdir -p "$N"

# 1. nfs-utils, keyed by its version
utils=$(apt-cache policy nfs-kernel-server | awk '/Candidate:/ {print $2}')
[ -n "$utils" ] && [ "$utils" != "(none)" ] ||
	{ echo "nfs-prepare: apt knows no nfs-kernel-server (apt-get update?)" >&2; exit 1; }
uroot=$CACHE/nfs-utils-${utils//[:+~]/_}
if [ ! -x "$uroot/usr/sbin/rpc.mountd" ]; then
	tmp=$(mktemp -d "$CACHE/nfsdeb.XXXXXX")
	(cd "$tmp" && apt-get download -q "nfs-kernel-server=$utils" "nfs-common=$utils" >&2) ||
		{ rm -rf "$tmp"; echo "nfs-prepare: apt-get download nfs-kernel-server nfs-common failed" >&2; exit 1; }
	for d in "$tmp"/*.deb; do dpkg-deb -x "$d" "$tmp/root"; done
	rm -rf "$uroot" && mv "$tmp/root" "$uroot" && rm -rf "$tmp"
fi
printf '%s\n' "$uroot/usr/sbin/rpc.mountd" "$uroot/usr/sbin/exportfs" \
	"$uroot/sbin/mount.nfs" >"$N/bin"

# 2. modules, in load order
live/guest/modules.sh "$kver" "$N/modules" nfsd nfsv4 rpcrdma
echo "nfs-prepare: nfs-utils $utils, $(wc -l <"$N/modules") modules to load" >&2
