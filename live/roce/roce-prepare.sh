#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/roce/roce-prepare.sh KVER: what the RoCE guest adds to the live one:
#  1. iproute2's ip (busybox's makes no veth pair and no permanent
#     neighbour), from the host's iproute2 (tools/deps.sh live); and
#     open-iscsi's iscsid and iscsiadm with the two libraries of theirs
#     the host lacks, from Debian as the iSER suite takes them
#     (live/iser/iser-prepare.sh);
#  2. the veth, nvmet-rdma, nfsd, nfsv4, rpcrdma, ib_isert, nvme-rdma and
#     ib_iser modules in load order (none on a kernel that has them built
#     in): nvmet, nfsd's svcrdma and LIO's isert listen over rxe too, and
#     nvme-rdma, the NFS client and ib_iser connect to the peer (its
#     h-nvme-, h-nfs- and h-iser- cases).
# Fails, naming it, on a kernel without veth or rxe: a debug kernel built
# before its configuration gained CONFIG_VETH (docs/roce.md).
# Writes build/live/roce/{modules,bin}: one path per line.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:?usage: live/roce/roce-prepare.sh KVER}
N=build/live/roce
live/guest/kconfig.sh "$kver" CONFIG_VETH CONFIG_RDMA_RXE ||
	{ echo "roce-prepare: the kernel $kver lacks veth or rxe (docs/roce.md)" >&2; exit 1; }
mkdir -p "$N"
ip=$(command -v ip) || { echo "roce-prepare: no iproute2 ip on the host (tools/deps.sh live)" >&2; exit 1; }
ip -V 2>&1 | grep -q iproute2 || { echo "roce-prepare: $ip is not iproute2's" >&2; exit 1; }
mapfile -t roots < <(live/guest/debs.sh open-iscsi libisns0 libopeniscsiusr)
[ ${#roots[@]} = 3 ] || { echo "roce-prepare: open-iscsi or its libraries not fetched" >&2; exit 1; }
{ readlink -f "$ip"; printf '%s\n' "${roots[0]}/sbin/iscsid" "${roots[0]}/sbin/iscsiadm"; } >"$N/bin"
find "${roots[1]}" "${roots[2]}" -name 'lib*.so.*' -type f | sort >"$N/libs"
[ "$(wc -l <"$N/libs")" -ge 2 ] || { echo "roce-prepare: libisns or libopeniscsiusr not found" >&2; exit 1; }
live/guest/modules.sh "$kver" "$N/modules" veth nvmet-rdma nfsd nfsv4 rpcrdma ib_isert nvme-rdma ib_iser
echo "roce-prepare: iproute2's ip, open-iscsi, $(wc -l <"$N/modules") module(s) to load" >&2
