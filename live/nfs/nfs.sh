#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/nfs/nfs.sh (make live-nfs): Linux NFS over RDMA in the live guest, both
# ends on siw0 (live/nfs/nfs-init.sh), measured against RFC 8797 with the core
# (rdmaneg-live nfs, live/nfs/nfs_*.c): what each side sent, the thresholds
# xprtrdma chose, svcrdma's Sends With Invalidate, every divergence. The
# hostile client and server are a campaign's agents (live/campaign,
# docs/snapshots.md): the guest mounts once, is saved, and gets each case
# over its channel; a case that kills, hangs or taints it is a finding and
# the snapshot is restored.
#   LIVE_TIMEOUT=240   seconds for the boot
#   LIVE_NFS_SMOKE=1   CI's subset: the mount, its data and its table, no
#                      hostile peers (one boot, no campaign)
#   NFS_CASE=NAME      the hostile peers run that table case alone, on a
#                      fresh boot (one case's reproducer; rdmaneg-live
#                      nfs-cases lists them)
#   LIVE_SNAPSHOT=1|each|0   as make live-adversarial
#   KERNEL=debug       the debug kernel (make live-kernel) instead of Debian's
#   KERNEL=fixed       the same with the patches of findings/
# Writes build/live-nfs/console.log, report.txt and report.json, and the
# campaign's files (findings.txt, console-N.log); ends with "N passed, N
# failed" (passed: the run measured, the core agreed with the RFC column,
# no kernel splat). Orchestration only: the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live N=build/live-nfs
TMO=${LIVE_TIMEOUT:-240} SNAP=${LIVE_SNAPSHOT:-1}
case "$TMO" in '' | *[!0-9]*) echo "live-nfs: LIVE_TIMEOUT is a number of seconds" >&2; exit 2 ;; esac
SMOKE=${LIVE_NFS_SMOKE:-0}
case "$SMOKE" in 0 | 1) ;; *) echo "live-nfs: LIVE_NFS_SMOKE is 0 or 1" >&2; exit 2 ;; esac
case "$SNAP" in 0) recover=boot ;; 1) recover=snapshot ;; each) recover=each ;;
*) echo "live-nfs: LIVE_SNAPSHOT is 1, each or 0" >&2; exit 2 ;; esac
ONLY=${NFS_CASE:-}
[ -n "$ONLY" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-nfs: NFS_CASE runs a hostile case, LIVE_NFS_SMOKE=1 none" >&2; exit 2; }
read -r kver img prep_s img_s < <(live/guest/image.sh nfs | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
# the harness was built by image.sh: it knows the case names
if [ -n "$ONLY" ]; then "$L/rdmaneg-live" nfs-case "$ONLY" >/dev/null || exit 2; fi
echo "live-nfs: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)$([ "$SMOKE" = 1 ] && echo ", smoke subset")${ONLY:+, case $ONLY alone}"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log fail=0
if [ "$SMOKE" = 1 ]; then
	live/guest/qemu.sh "$kver" "$img" "$TMO" "live.transport=siw live.mode=nfs live.nfs_smoke=1"
	qrc=$?
	cp "$L/console.log" "$log"
	if [ "$qrc" -ne 0 ] || ! grep -aq '^LIVE_END' "$log"; then
		echo "live-nfs: FAILED: $([ "$qrc" -eq 124 ] && echo "boot timed out after ${TMO}s" || echo "the guest did not finish (qemu exit $qrc)")"
		sed -E '/^LIVE_(WATCHDOG|HUNG)/,$d' "$log" | tail -25 | sed 's/^/  | /'
		"$L/rdmaneg-live" stacks "$log" | sed 's/^/  /'
		fail=1
	fi
else
	make --no-print-directory -s "$L/rdmaneg-campaign" || exit 1
	repro="make live-nfs" extra=()
	[ "${KERNEL:-stock}" != stock ] && repro+=" KERNEL=$KERNEL"
	# (printk.devkmsg=on: the agents' case marks, never rate-limited)
	append="printk.devkmsg=on live.transport=siw live.mode=nfs live.nfs_smoke=0 live.agents=nfs-client,nfs-server"
	[ -n "$ONLY" ] && append+=" live.nfs_case=$ONLY" recover=boot
	if [ "${KERNEL:-stock}" = debug ]; then
		# the client's arcs, in rpcrdma's server and connection code
		append+=" live.gcov=1 live.gcov_scope=net/sunrpc/xprtrdma/"
		extra+=(--gcov)
	fi
	: >"$N/cases.txt"
	for a in nfs-client nfs-server; do
		if [ -n "$ONLY" ]; then echo "$a $ONLY"; else "$L/rdmaneg-live" nfs-cases | sed "s/^/$a /"; fi
	done >"$N/cases.txt"
	"$L/rdmaneg-campaign" --kver "$kver" --image "$img" --append "$append" --out "$N" \
		--agent nfs-client --agent nfs-server --cases "$N/cases.txt" --recover "$recover" \
		--cache "${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live" --boot-timeout "$TMO" \
		--case-timeout 60000 --repro "$repro NFS_CASE=%c" "${extra[@]}"
	crc=$?
	cp "$N/console-all.log" "$log" 2>/dev/null
	[ "$crc" -eq 0 ] || { echo "live-nfs: FAILED: the campaign could not run (rdmaneg-campaign exit $crc)"; fail=1; }
	if [ -s "$N/findings.txt" ]; then
		echo "live-nfs: FAILED: findings (agent case, splat, reproducer):"
		sed 's/^/  /' "$N/findings.txt"
		fail=1
	fi
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
	if [ "$SMOKE" = 1 ]; then
		live/guest/gcov.sh nfs-smoke "$kver" "$L/gcov.tar" || fail=1
	elif ls "$N"/gcov-*.tar >/dev/null 2>&1; then
		live/guest/gcov.sh nfs "$kver" "$N"/gcov-*.tar || fail=1
	else
		echo "live-nfs: no kernel coverage: no guest lived to send its counters"
	fi
fi
# last: each splat's group and registered finding, NEW ones framed
live/guest/triage.sh nfs "$N/triage" "$log" || fail=1
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
