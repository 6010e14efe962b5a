#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/smbd/smbd-prepare.sh KVER: what the SMB Direct guest adds to the live
# one, cached like the kernel:
#  1. ksmbd-tools (ksmbd.mountd, ksmbd.adduser: one multi-call program) and
#     cifs-utils (mount.cifs) from Debian (live/guest/debs.sh: nothing
#     installed on the host);
#  2. the kernel's ksmbd and cifs modules in load order (none on the debug
#     kernel, which has them built in). Debian's 6.1 kernel builds neither
#     with SMB Direct (CONFIG_SMB_SERVER_SMBDIRECT, CONFIG_CIFS_SMB_DIRECT):
#     on it the two are rebuilt with it (live/smbd/smbd-modules.sh) and
#     loaded in place of Debian's (docs/smbd.md).
# Writes build/live/smbd/{modules,bin}: one path per line.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:?usage: live/smbd/smbd-prepare.sh KVER}
L=build/live
N=$L/smbd
opts=(CONFIG_SMB_SERVER_SMBDIRECT CONFIG_CIFS_SMB_DIRECT) extra='' mods=(ksmbd cifs)
if [ -f "$L/cache/kernel-$kver/boot/config-$kver" ] && ! live/guest/kconfig.sh "$kver" "${opts[@]}" 2>/dev/null; then
	# Debian's kernel, without them
	extra=$(live/smbd/smbd-modules.sh "$kver") || exit 1
	# SMB3's signing and encryption algorithms, modules in Debian's kernel.
	# There they load on demand (request_module); the guest has no
	# modprobe, and cifs's MODULE_SOFTDEP lines lack "pre:", so modprobe's
	# list leaves them out. The generic ones: no CPU feature to refuse.
	mods+=(cmac ccm gcm ctr ghash-generic sha512_generic ecb nls_utf8)
else
	live/guest/kconfig.sh "$kver" "${opts[@]}" || exit 1
fi
mkdir -p "$N"
# ksmbd-tools from bookworm-backports: bookworm's 3.4.7 predates the
# share config response's payload_sz (ksmbd-tools commit 0ab2c10, in
# 3.5.2), which 6.1.192's ipc_validate_msg requires: every tree connect
# fails with STATUS_BAD_NETWORK_NAME, the mount with ENOENT (docs/smbd.md)
mapfile -t roots < <(live/guest/debs.sh --suite bookworm-backports ksmbd-tools && live/guest/debs.sh cifs-utils)
[ ${#roots[@]} = 2 ] || { echo "smbd-prepare: ksmbd-tools or cifs-utils not fetched" >&2; exit 1; }
printf '%s\n' "${roots[0]}/usr/libexec/ksmbd.tools" "${roots[1]}/sbin/mount.cifs" >"$N/bin"
MODULES_EXTRA=$extra live/guest/modules.sh "$kver" "$N/modules" "${mods[@]}"
echo "smbd-prepare: ${roots[0]##*/} and ${roots[1]##*/} from Debian, $(wc -l <"$N/modules") modules to load${extra:+ (ksmbd and cifs rebuilt with SMB Direct)}" >&2
