#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/iser/iser-prepare.sh KVER: what the iSER guest adds to the live one,
# cached like the kernel:
#  1. open-iscsi's iscsid and iscsiadm (the initiator's user space), with
#     the two libraries of theirs the host lacks (libisns0,
#     libopeniscsiusr), from Debian (live/guest/debs.sh: nothing installed
#     on the host); LIO needs no tool: the
#     guest writes its configfs;
#  2. the kernel's iSER initiator (ib_iser), LIO's iSER target (ib_isert,
#     with iscsi_target_mod and target_core_mod, whose RAM disk backs the
#     LUN) and the SCSI disk driver, in load order (none on the debug
#     kernel, which has them built in).
# Writes build/live/iser/{modules,bin,libs}: one path per line.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:?usage: live/iser/iser-prepare.sh KVER}
L=build/live
N=$L/iser
live/guest/kconfig.sh "$kver" CONFIG_INFINIBAND_ISER CONFIG_INFINIBAND_ISERT CONFIG_ISCSI_TARGET \
	CONFIG_TARGET_CORE CONFIG_BLK_DEV_SD ||
	{ echo "iser-prepare: the kernel $kver lacks an iSER end" >&2; exit 1; }
mkdir -p "$N"
mapfile -t roots < <(live/guest/debs.sh open-iscsi libisns0 libopeniscsiusr)
[ ${#roots[@]} = 3 ] || { echo "iser-prepare: open-iscsi or its libraries not fetched" >&2; exit 1; }
printf '%s\n' "${roots[0]}/sbin/iscsid" "${roots[0]}/sbin/iscsiadm" >"$N/bin"
find "${roots[1]}" "${roots[2]}" -name 'lib*.so.*' -type f | sort >"$N/libs"
[ "$(wc -l <"$N/libs")" -ge 2 ] || { echo "iser-prepare: libisns or libopeniscsiusr not found" >&2; exit 1; }
live/guest/modules.sh "$kver" "$N/modules" ib_iser ib_isert iscsi_target_mod target_core_mod sd_mod
echo "iser-prepare: open-iscsi from Debian, $(wc -l <"$N/modules") modules to load" >&2
