#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/adversarial/kcov.sh (make live-kcov): what KCOV would see of siw and
# iw_cm, against what gcov saw run, on the debug kernel (make live-kernel;
# its KCOV instruments the directories gcov profiles). One boot runs
# rdmaneg-peer's table in both roles with KCOV on in every task that could
# carry it: the peer (its own syscalls) and both ULP endpoints (rdma_cm's
# listener and initiator: their rdma_accept, rdma_connect). gcov counts
# every context; KCOV only the task that enabled it, outside interrupts
# (kernel/kcov.c), and 6.1 has no remote KCOV section in drivers/infiniband
# or net/ipv4. The table: each function of siw and iw_cm gcov saw run,
# which tasks' KCOV saw it (docs/snapshots.md). Settings: LIVE_TIMEOUT=300.
# Writes build/live/kcov/{console.log,table.txt}. Exit 0 when the table was
# made, 1 when not, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live K=build/live/kcov
TMO=${LIVE_TIMEOUT:-300}
case "$TMO" in '' | *[!0-9]*) echo "live-kcov: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
read -r kver img _ < <(KERNEL=debug live/guest/image.sh | tail -1)
[ -n "${img:-}" ] || exit 1
mkdir -p "$K"
rm -rf "${K:?}"/*
echo "live-kcov: the cases of no finding in both roles on $kver, KCOV in the peer and both ULP endpoints"
live/guest/qemu.sh "$kver" "$img" "$TMO" "live.mode=kcov live.transport=siw"
qrc=$?
tr -d '\r' <"$L/console.log" >"$K/console.log"
grep -aq '^LIVE_END' "$K/console.log" || {
	echo "live-kcov: FAILED: the guest did not finish (qemu exit $qrc)"
	tail -20 "$K/console.log" | sed 's/^/  | /'
	exit 1
}
live/guest/gcov.sh kcov "$kver" "$L/gcov.tar" >/dev/null || exit 1
"$L/rdmaneg-live" kcov "$K/console.log" "$L/gcov/kcov/coverage.info" | tee "$K/table.txt"
exit "${PIPESTATUS[0]}"
