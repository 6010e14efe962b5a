#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/kver.sh [KVER]: checks a kernel line (KVER, default 6.1)
# against live/guest/kvers and prints "KVER PACKAGE SUITE" (SUITE "-" for
# the host's apt lists). live/guest/kver.sh --list: the lines, one a line.
# Exits 2, naming the lines it knows, on any other value.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
table() { grep -v '^#' live/guest/kvers | awk 'NF == 3'; }
if [ "${1:-}" = --list ]; then table | awk '{print $1}'; exit 0; fi
k=${1:-6.1}
row=$(table | awk -v k="$k" '$1 == k') || true
[ -n "$row" ] || {
	echo "kver: KVER=$k is not a kernel line the harness runs; it runs $(table | awk '{print $1}' | paste -sd' ')" \
		"(live/guest/kvers)" >&2
	exit 2
}
echo "$row" | awk '{print $1, $2, $3}'
