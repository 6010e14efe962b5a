#!/usr/bin/env bash
# live/nfs/nfs.sh (make live-nfs): Linux NFS over RDMA in the live guest, both
# ends on siw0 (live/nfs/nfs-init.sh), measured against RFC 8797 with the core
# (rdmaneg-live nfs, live/nfs/nfs.c): what each side sent, the thresholds
# xprtrdma chose, svcrdma's Sends With Invalidate, every divergence.
#   LIVE_TIMEOUT=240   seconds for the boot
#   LIVE_NFS_SMOKE=1   CI's subset: the mount, its data and its table, no
#                      hostile peers
#   NFS_CASE=NAME      the hostile peers run that table case alone (one
#                      case's reproducer; rdmaneg-live nfs-case lists them)
#   KERNEL=debug       the debug kernel (make live-kernel) instead of Debian's
#   KERNEL=fixed       the same with the patches of findings/
# Writes build/live-nfs/console.log, report.txt and report.json; ends with
# "N passed, N failed" (passed: the run measured, the core agreed with the
# RFC column, no kernel splat). Orchestration only: the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
TMO=${LIVE_TIMEOUT:-240}
case "$TMO" in '' | *[!0-9]*) echo "live-nfs: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
SMOKE=${LIVE_NFS_SMOKE:-0}
case "$SMOKE" in 0 | 1) ;; *) echo "live-nfs: LIVE_NFS_SMOKE is 0 or 1" >&2; exit 2 ;; esac
ONLY=${NFS_CASE:-}
[ -n "$ONLY" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-nfs: NFS_CASE runs a hostile case, LIVE_NFS_SMOKE=1 none" >&2; exit 2; }
read -r kver img prep_s img_s < <(live/guest/image.sh nfs | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
# the harness was built by image.sh: it knows the case names
if [ -n "$ONLY" ]; then "$L/rdmaneg-live" nfs-case "$ONLY" >/dev/null || exit 2; fi
echo "live-nfs: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)$([ "$SMOKE" = 1 ] && echo ", smoke subset")${ONLY:+, case $ONLY alone}"
live/guest/qemu.sh "$kver" "$img" "$TMO" \
	"live.transport=siw live.mode=nfs live.nfs_smoke=$SMOKE${ONLY:+ live.nfs_case=$ONLY}"; qrc=$?
N=build/live-nfs
mkdir -p "$N"
log=$N/console.log
cp "$L/console.log" "$log"
fail=0
if [ "$qrc" -ne 0 ] || ! grep -aq '^LIVE_END' "$log"; then
	echo "live-nfs: FAILED: $([ "$qrc" -eq 124 ] && echo "boot timed out after ${TMO}s" || echo "the guest did not finish (qemu exit $qrc)")"
	sed '/^LIVE_WATCHDOG/,$d' "$log" | tail -25 | sed 's/^/  | /'
	"$L/rdmaneg-live" stacks "$log" | sed 's/^/  /'
	fail=1
fi
grep -a '^LIVE_NFS_STEP' "$log" | sed 's/^LIVE_NFS_STEP /live-nfs: step /'
"$L/rdmaneg-live" nfs "$log" --json "$N/report.json" | tee "$N/report.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
if splats=$("$L/rdmaneg-live" splats "$log"); then
	echo "live-nfs: FAILED: the kernel log holds a splat:"
	while IFS= read -r l; do echo "  $l"; done <<<"$splats"
	fail=1
fi
grep -a -m1 '^Linux version' "$log" | cut -c1-120 | sed 's/^/live-nfs: /'
# the debug kernel: what NFS and the hostile peers reached in rpcrdma
if [ "${KERNEL:-stock}" = debug ]; then
	live/guest/gcov.sh "$([ "$SMOKE" = 1 ] && echo nfs-smoke || echo nfs)" "$kver" "$L/gcov.tar" || fail=1
fi
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
