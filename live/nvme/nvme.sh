#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/nvme/nvme.sh (make live-nvme): Linux NVMe over Fabrics in the live
# guest, both ends on siw0 (live/nvme/nvme-init.sh): nvmet's target and the
# kernel host with an admin queue and two I/O queues, 1 MiB written through
# the block device and read back, every connection's private data judged
# against the NVMe-oF RDMA transport spec with the core and the oracle; then
# the hostile host's cases against nvmet (rdmaneg-live nvme-cases lists
# them), each answer judged the same way (rdmaneg-live nvme,
# live/nvme/nvme_judge.c; docs/nvme.md). A case that kills or hangs the
# guest is a finding, with its console and reproducer, and the next boot
# goes on from the case after it.
#   LIVE_TIMEOUT=300   seconds a boot may take
#   LIVE_NVME_SMOKE=1  CI's subset: the connection, the data, the table, the
#                      first NVME_SMOKE_CASES=12 hostile host cases and the
#                      first NVME_SMOKE_TCASES=3 hostile target cases
#   NVME_CASE=NAME     one hostile case, after the data check, on a fresh
#                      boot (a finding's reproducer); a mutated case of a
#                      campaign (random-S-K, BASE~HEX..., make live-guided's)
#                      runs alone on its agent, the role NVME_ROLE's (host)
#   NVME_ROLE=host|target  one role's cases only: the hostile host's
#                      against nvmet, or the hostile target's against the
#                      kernel host (default: both, the host's first)
#   KERNEL=debug       the debug kernel (make live-kernel), with the coverage
#                      of drivers/nvme/{target,host}/rdma.c
# Writes build/live-nvme/console.log (the first boot, then every later
# boot's hostile lines), console-N.log, findings.txt, report.txt and
# report.json; ends with "N passed, N failed" (passed: the data came back,
# every connection and case was judged, the core agreed with the oracle;
# findings are results, listed, as in make live-adversarial). Orchestration
# only: the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live N=build/live-nvme
TMO=${LIVE_TIMEOUT:-300} SMOKE=${LIVE_NVME_SMOKE:-0} SMOKE_CASES=${NVME_SMOKE_CASES:-12}
SMOKE_TCASES=${NVME_SMOKE_TCASES:-3}
ONLY=${NVME_CASE:-} ROLE=${NVME_ROLE:-}
case "$TMO$SMOKE_CASES$SMOKE_TCASES" in '' | *[!0-9]*)
	echo "live-nvme: LIVE_TIMEOUT, NVME_SMOKE_CASES and NVME_SMOKE_TCASES are numbers" >&2; exit 2 ;; esac
case "$SMOKE" in 0 | 1) ;; *) echo "live-nvme: LIVE_NVME_SMOKE is 0 or 1" >&2; exit 2 ;; esac
[ -n "$ONLY" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-nvme: NVME_CASE runs one case, LIVE_NVME_SMOKE=1 a subset: one or the other" >&2; exit 2; }
case "$ROLE" in '' | host | target) ;; *)
	echo "live-nvme: NVME_ROLE is host or target, not '$ROLE'" >&2; exit 2 ;; esac
[ -n "$ROLE" ] && [ "$SMOKE" = 1 ] &&
	{ echo "live-nvme: NVME_ROLE does not take LIVE_NVME_SMOKE=1" >&2; exit 2; }
read -r kver img prep_s img_s < <(live/guest/image.sh nvme | tail -1)
[ -n "${img:-}" ] || { echo "0 passed, 1 failed"; exit 1; }
if [ -n "$ONLY" ] && ! "$L/rdmaneg-live" nvme-cases | awk -v n="$ONLY" '$2 == n {f = 1} END {exit !f}'; then
	# a campaign's mutated case: its agent, one case, one boot
	case "$ONLY" in *[!A-Za-z0-9_.,~-]*)
		echo "live-nvme: NVME_CASE: '$ONLY' is neither a case (rdmaneg-live nvme-cases) nor a mutated one" >&2
		exit 2 ;; esac
	make --no-print-directory -s "$L/rdmaneg-campaign" || exit 1
	a=nvme-${ROLE:-host}
	mkdir -p "$N"
	rm -rf "${N:?}"/*
	echo "$a $ONLY" >"$N/cases.txt"
	echo "live-nvme: $ONLY alone on the $a agent, $kver under qemu (TCG)"
	"$L/rdmaneg-campaign" --kver "$kver" --image "$img" --out "$N" --agent "$a" \
		--append "printk.devkmsg=on live.transport=siw live.mode=nvme live.nvme_data=0 live.agents=$a" \
		--cases "$N/cases.txt" --recover boot --boot-timeout "$TMO" --case-timeout 60000 \
		--cache "${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live" \
		--repro "make live-nvme${KERNEL:+ KERNEL=$KERNEL} NVME_ROLE=${ROLE:-host} NVME_CASE=%c"
	crc=$?
	grep -a -E '^(LIVE_NVME_CASE|LIVE_NVMEHR|LIVE_NVMETR) ' "$N/console-all.log" | sed 's/^/live-nvme: /'
	if [ "$crc" -ne 0 ] || ! grep -aq "^LIVE_NVME_CASE ${a#nvme-} $ONLY" "$N/console-all.log"; then
		echo "live-nvme: FAILED: the case did not run (rdmaneg-campaign exit $crc)"
		echo "0 passed, 1 failed"
		exit 1
	fi
	if [ -s "$N/findings.txt" ]; then
		sed 's/^/live-nvme: finding: /' "$N/findings.txt"
		# which registered finding it is, if any (rdmaneg-triage kernel)
		live/guest/triage.sh nvme "$N/triage" "$N"/console-[0-9]*.log || exit 1
	fi
	echo "1 passed, 0 failed"
	exit 0
fi
[ -n "$ROLE" ] && [ -n "$ONLY" ] &&
	{ echo "live-nvme: NVME_ROLE is for a mutated NVME_CASE; '$ONLY' is a table case" >&2; exit 2; }
first=0 count=0 targets=
if [ "$SMOKE" = 1 ]; then
	count=$SMOKE_CASES
	# and the hostile target's first cases, a range of their own
	tfirst=$("$L/rdmaneg-live" nvme-cases | awk '$3 == "target" {print $1; exit}')
	targets=" live.nvme_tfirst=$tfirst live.nvme_tcount=$SMOKE_TCASES"
fi
if [ -n "$ONLY" ]; then
	first=$("$L/rdmaneg-live" nvme-cases | awk -v n="$ONLY" '$2 == n {print $1}')
	[ -n "$first" ] || { echo "live-nvme: NVME_CASE: no case '$ONLY' (rdmaneg-live nvme-cases)" >&2; exit 2; }
	count=1
fi
if [ -n "$ROLE" ]; then
	# the role's cases: a range of the one index space (rdmaneg-live nvme-cases)
	read -r first count < <("$L/rdmaneg-live" nvme-cases |
		awk -v r="$ROLE" '$3 == r {if (n++ == 0) f = $1} END {print f, n}')
fi
end=0
[ "$count" -gt 0 ] && end=$((first + count))
echo "live-nvme: prepared in $prep_s s, image in $img_s s; booting $kver under qemu (TCG)${ONLY:+, case $ONLY alone}"
mkdir -p "$N"
rm -rf "${N:?}"/*
log=$N/console.log data=1
# live/core/boots.sh's loop, with this suite's four functions
boot_cmdline() {
	echo "live.transport=siw live.mode=nvme live.nvme_data=$data live.nvme_first=$first live.nvme_count=$count$targets"
}
# a later boot's cases, with the kernel's lines among them (splats, the
# host's "Connect rejected"), from its first case line on
boot_join() { sed -n '/^LIVE_NVME_CASE /,$p' "$1" >>"$log"; }
# the case to go on from and the name of the one that died; nothing when
# the boot died before the hostile host ran
boot_case() {
	local next name
	read -r next name < <("$L/rdmaneg-live" nvme-next "$1")
	[ "${next:-none}" = none ] || [ "$next" = "done" ] || echo "$next $name"
}
boot_on() { # NEXT NAME
	[ -z "$ONLY" ] || return 1
	first=$1 data=0
	# a bounded range (the smoke subset, a role) goes on to its end
	if [ "$end" -gt 0 ]; then count=$((end - first)); [ "$count" -gt 0 ] || return 1; fi
}
SUITE=nvme CASE_VAR=NVME_CASE KERNEL=${KERNEL:-stock}
# shellcheck source=live/core/boots.sh
. live/core/boots.sh
live_boots
"$L/rdmaneg-live" nvme "$log" --json "$N/report.json" | tee "$N/report.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
# a finding (a case that killed or hung the guest, or a splat during a
# case) is a result, as in make live-adversarial: reported, grouped by
# kernel bug (rdmaneg-triage kernel), never a failed run
if [ -s "$N/findings.txt" ]; then
	echo "live-nvme: findings (case, splat, reproducer, console):"
	sed 's/^/  /' "$N/findings.txt"
fi
grep -a -m1 '^Linux version' "$log" | cut -c1-120 | sed 's/^/live-nvme: /'
# the coverage of the kernel the suite measures, not of the patched one
[ "${KERNEL:-stock}" != debug ] || live_boots_gcov
# last: each splat's group and registered finding, NEW ones framed
live/guest/triage.sh nvme "$N/triage" "$N"/console-[0-9]*.log || fail=1
echo "live-nvme: $boot boot(s)"
echo "$((1 - fail)) passed, $fail failed"
exit "$fail"
