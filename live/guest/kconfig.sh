#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/kconfig.sh KVER OPTION...: fails, naming each, when the cached
# kernel KVER (Debian's boot/config-KVER, or the debug kernel's config) has
# an OPTION neither =y nor =m. A suite whose kernel side is missing says
# so before it boots (live/smbd/smbd-prepare.sh: on Debian's 6.1, which has
# no SMB Direct, it rebuilds ksmbd and cifs instead).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
[ $# -ge 2 ] || { echo "usage: live/guest/kconfig.sh KVER OPTION..." >&2; exit 2; }
kver=$1
shift
k=build/live/cache/kernel-$kver
cfg=
for c in "$k/boot/config-$kver" "$k/config"; do [ -f "$c" ] && cfg=$c && break; done
[ -n "$cfg" ] || { echo "kconfig: no config for the cached kernel $kver" >&2; exit 2; }
missing=
for o in "$@"; do
	grep -Eq "^$o=(y|m)$" "$cfg" || missing="$missing $o"
done
[ -z "$missing" ] && exit 0
echo "kconfig: $kver lacks$missing ($cfg)" >&2
exit 1
