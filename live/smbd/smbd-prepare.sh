#!/usr/bin/env bash
# live/smbd/smbd-prepare.sh KVER: what the SMB Direct guest adds to the live
# one, cached like the kernel:
#  1. ksmbd-tools (ksmbd.mountd, ksmbd.adduser: one multi-call program) and
#     cifs-utils (mount.cifs) from Debian, fetched with apt-get download and
#     unpacked (nothing installed on the host);
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
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live
live/guest/kconfig.sh "$kver" CONFIG_SMB_SERVER_SMBDIRECT CONFIG_CIFS_SMB_DIRECT ||
	{ echo "smbd-prepare: the kernel $kver has no SMB Direct; make live-smbd runs on KERNEL=debug" >&2; exit 1; }
mkdir -p "$N"
roots=()
for p in ksmbd-tools cifs-utils; do
	v=$(apt-cache policy "$p" | awk '/Candidate:/ {print $2}')
	[ -n "$v" ] && [ "$v" != "(none)" ] ||
		{ echo "smbd-prepare: apt knows no $p (apt-get update?)" >&2; exit 1; }
	r=$CACHE/$p-${v//[:+~]/_}
	if [ ! -d "$r/usr" ]; then
		tmp=$(mktemp -d "$CACHE/smbddeb.XXXXXX")
		(cd "$tmp" && apt-get download -q "$p=$v" >&2) ||
			{ rm -rf "$tmp"; echo "smbd-prepare: apt-get download $p failed" >&2; exit 1; }
		dpkg-deb -x "$tmp"/*.deb "$tmp/root"
		rm -rf "$r" && mv "$tmp/root" "$r" && rm -rf "$tmp"
	fi
	roots+=("$r")
done
printf '%s\n' "${roots[0]}/usr/libexec/ksmbd.tools" "${roots[1]}/sbin/mount.cifs" >"$N/bin"
live/guest/modules.sh "$kver" "$N/modules" ksmbd cifs
echo "smbd-prepare: ksmbd-tools and cifs-utils from Debian, $(wc -l <"$N/modules") modules to load" >&2
