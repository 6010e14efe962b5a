#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/ksource.sh KVER: makes sure the host has what an out-of-tree
# module for Debian's kernel KVER is built from: linux-headers-KVER and
# linux-source-LINE at the kernel's own version (build/live/cache/abi-LINE,
# written by live/guest/prepare.sh; LINE is the env's KVER, 6.1 by default). Installs them as root; otherwise
# prints the apt-get line and exits 1. Used for siw.ko (prepare.sh) and
# SMB Direct's ksmbd.ko and cifs.ko (live/smbd/smbd-modules.sh).
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:-}
case "$kver" in *-amd64) ;; *) echo "usage: live/guest/ksource.sh KVER (Debian's, e.g. 6.1.0-56-amd64)" >&2; exit 2 ;; esac
line=$(live/guest/kver.sh "${KVER:-6.1}" | cut -d' ' -f1) || exit 2
abi_file=build/live/cache/abi-$line
[ -s "$abi_file" ] && read -r abi ver <"$abi_file" || { echo "ksource: no $abi_file (live/guest/prepare.sh writes it)" >&2; exit 1; }
[ "$abi-amd64" = "$kver" ] || { echo "ksource: $abi_file names $abi-amd64, not $kver" >&2; exit 1; }
need=()
dpkg-query -W -f='${Status}' "linux-headers-$kver" 2>/dev/null | grep -q 'ok installed' ||
	need+=("linux-headers-$kver")
src_ver=$(dpkg-query -W -f='${Version}' "linux-source-$line" 2>/dev/null || true)
[ "$src_ver" = "$ver" ] || need+=("linux-source-$line=$ver")
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "ksource: as root, run: apt-get install -y ${need[*]}" >&2; exit 1
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
