#!/usr/bin/env bash
# live/nvme/nvme.sh (make live-nvme): Linux NVMe over Fabrics in the live
# guest, both ends on siw0 (live/nvme/nvme-init.sh): nvmet's target and the
# kernel host with an admin queue and two I/O queues, 1 MiB written through
# the block device and read back, and every connection's private data judged
# against the NVMe-oF RDMA transport spec with the core and the oracle
# (rdmaneg-live nvme, live/nvme/nvme_report.c; docs/nvme.md).
#   LIVE_TIMEOUT=240   seconds for the boot
#   KERNEL=debug       the debug kernel (make live-kernel), with the coverage
#                      of drivers/nvme/{target,host}/rdma.c
# Writes build/live-nvme/console.log, report.txt and report.json; ends with
# "N passed, N failed" (passed: the data came back, every connection was
# captured and judged, the core agreed with the oracle, no kernel splat).
# Orchestration only: the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live N=build/live-nvme
TMO=${LIVE_TIMEOUT:-240}
case "$TMO" in '' | *[!0-9]*) echo "live-nvme: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
read -r kver img prep_s img_s < <(live/guest/image.sh nvme | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
echo "live-nvme: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log fail=0
live/guest/qemu.sh "$kver" "$img" "$TMO" "live.transport=siw live.mode=nvme"
qrc=$?
cp "$L/console.log" "$log"
if [ "$qrc" -ne 0 ] || ! grep -aq '^LIVE_END' "$log"; then
	echo "live-nvme: FAILED: $([ "$qrc" -eq 124 ] && echo "boot timed out after ${TMO}s" || echo "the guest did not finish (qemu exit $qrc)")"
	sed '/^LIVE_WATCHDOG/,$d' "$log" | tail -25 | sed 's/^/  | /'
	"$L/rdmaneg-live" stacks "$log" | sed 's/^/  /'
	fail=1
fi
"$L/rdmaneg-live" nvme "$log" --json "$N/report.json" | tee "$N/report.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
if splats=$("$L/rdmaneg-live" splats "$log"); then
	echo "live-nvme: FAILED: the kernel log holds a splat:"
	while IFS= read -r l; do echo "  $l"; done <<<"$splats"
	fail=1
fi
grep -a -m1 '^Linux version' "$log" | cut -c1-120 | sed 's/^/live-nvme: /'
if [ "${KERNEL:-stock}" != stock ]; then
	live/guest/gcov.sh nvme "$kver" "$L/gcov.tar" || fail=1
fi
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
