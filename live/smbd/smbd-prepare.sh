#!/usr/bin/env bash
# live/smbd/smbd-prepare.sh KVER: what the SMB Direct guest adds to the live
# one, cached like the kernel:
#  1. ksmbd-tools (ksmbd.mountd, ksmbd.adduser: one multi-call program) and
#     cifs-utils (mount.cifs) from Debian (live/guest/debs.sh: nothing
#     installed on the host);
#  2. the kernel's ksmbd and cifs modules in load order (none on the debug
#     kernel, which has them built in). Debian's 6.1 kernel builds neither
#     with SMB Direct (CONFIG_SMB_SERVER_SMBDIRECT, CONFIG_CIFS_SMB_DIRECT):
#     on it this fails, saying so (docs/smbd.md).
# Writes build/live/smbd/{modules,bin}: one path per line.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:?usage: live/smbd/smbd-prepare.sh KVER}
L=build/live
N=$L/smbd
live/guest/kconfig.sh "$kver" CONFIG_SMB_SERVER_SMBDIRECT CONFIG_CIFS_SMB_DIRECT ||
	{ echo "smbd-prepare: the kernel $kver has no SMB Direct; make live-smbd runs on KERNEL=debug" >&2; exit 1; }
mkdir -p "$N"
# ksmbd-tools from bookworm-backports: bookworm's 3.4.7 predates the
# share config response's payload_sz (ksmbd-tools commit 0ab2c10, in
# 3.5.2), which 6.1.192's ipc_validate_msg requires: every tree connect
# fails with STATUS_BAD_NETWORK_NAME, the mount with ENOENT (docs/smbd.md)
mapfile -t roots < <(live/guest/debs.sh --suite bookworm-backports ksmbd-tools && live/guest/debs.sh cifs-utils)
[ ${#roots[@]} = 2 ] || { echo "smbd-prepare: ksmbd-tools or cifs-utils not fetched" >&2; exit 1; }
printf '%s\n' "${roots[0]}/usr/libexec/ksmbd.tools" "${roots[1]}/sbin/mount.cifs" >"$N/bin"
live/guest/modules.sh "$kver" "$N/modules" ksmbd cifs
echo "smbd-prepare: ${roots[0]##*/} and ${roots[1]##*/} from Debian, $(wc -l <"$N/modules") modules to load" >&2
