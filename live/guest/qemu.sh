#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/qemu.sh KVER IMAGE TIMEOUT APPEND: boots the live guest once under
# TCG and waits for it. Serial ports, all files under build/live:
#   ttyS0 console.log  ttyS1 records.txt
#   ttyS2 peer-request.json  ttyS3 peer-reply.json
#   virtio-serial rdmaneg.gcov gcov.tar (the debug kernel only)
# Exit status: qemu's, or 124 when TIMEOUT seconds ran out, or 125 when the
# console grew past LIVE_CONSOLE_MAX MiB (default 32) or held more than
# LIVE_REPORTS_MAX KASAN reports (default 200): a report that repeats
# forever, such as KASAN's on a freed timer, whose first copies are kept;
# in both, qemu.log holds every vCPU's registers.
# LIVE_APPEND: more kernel parameters for a boot that diagnoses a finding
# (e.g. cifs.smbd_logging_class=0x3ff); every suite passes it through.
# LIVE_QEMU_CTL=1: under a campaign's control (live/campaign, the files in
# build/live/ctl): a QMP socket (qmp.sock), a virtio-serial port per agent
# of LIVE_QEMU_AGENTS (rdmaneg.agent.NAME on agent-NAME.sock) and one for
# init.sh's service shell (rdmaneg.service on service.sock), the qcow2
# drive snap.qcow2 that holds the snapshot (LIVE_QEMU_LOADVM=1 starts from
# it), and a guest reboot that resets the machine instead of ending QEMU.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
kver=$1 img=$2 tmo=$3 append=$4
rm -f "$L"/{console.log,records.txt,peer-request.json,peer-reply.json,gcov.tar}
# The monitor reads commands from a FIFO: on a timeout it dumps every
# vCPU's registers into qemu.log before quitting, so a frozen guest still
# says where it is (nokaslr: the RIPs match System.map; live/mpa/run.sh names
# them with rdmaneg-live rips).
# init.sh's watchdog dumps every task's stack 20 s before the timeout
[ "$tmo" -ge 60 ] && append="$append live.watchdog=$((tmo - 20))"
# LIVE_HUNG=60: the hung-task detector's timeout; its first report ends the
# boot (init.sh), so a deadlock costs about a minute, not the whole TIMEOUT.
# 0 leaves the kernel's (120 s) and the boot runs on to the watchdog.
hung=${LIVE_HUNG:-60}
case "$hung" in '' | *[!0-9]*) echo "qemu.sh: LIVE_HUNG is a number of seconds (0: off)" >&2; exit 2 ;; esac
append="$append live.hung=$hung"
# LIVE_SMP=2: the guest's vCPUs. A race whose window needs a preemption
# on the CPU that holds it (finding 19) shows on one; its check says
# LIVE_SMP=1 (findings/*/finding), which make passes down to here.
smp=${LIVE_SMP:-2}
case "$smp" in [1-8]) ;; *) echo "qemu.sh: LIVE_SMP is a number of vCPUs, 1 to 8 (got '$smp')" >&2; exit 2 ;; esac
cmax=${LIVE_CONSOLE_MAX:-32} rmax=${LIVE_REPORTS_MAX:-200}
case "$cmax" in '' | *[!0-9]* | 0) echo "qemu.sh: LIVE_CONSOLE_MAX is a number of MiB, at least 1 (got '$cmax')" >&2; exit 2 ;; esac
case "$rmax" in '' | *[!0-9]* | 0) echo "qemu.sh: LIVE_REPORTS_MAX is a number of reports, at least 1 (got '$rmax')" >&2; exit 2 ;; esac
mon=$L/qemu-monitor
rm -f "$mon" && mkfifo "$mon" && exec 7<>"$mon" || exit 1
# the debug kernel's KASAN shadow and lockdep tables want more (live/guest/kernel.sh)
kdir=$L/cache/kernel-$kver
mem=512
[ -s "$kdir/qemu-mem" ] && mem=$(cat "$kdir/qemu-mem")
[ -s "$kdir/cmdline" ] && append="$(cat "$kdir/cmdline") $append"
append="$append${LIVE_APPEND:+ $LIVE_APPEND}"
# a kernel with gcov (live/guest/kernel.sh) sends its counters on a port of its
# own, as a tar (init.sh; live/guest/gcov.sh reads it); under a campaign
# they leave through the service port instead
gcov=() ctl=(-no-reboot)
# shellcheck disable=SC2054 # the commas are qemu option syntax
[ -s "$kdir/gcov-dirs" ] && [ -z "${LIVE_QEMU_CTL:-}" ] && gcov=(-device virtio-serial-pci
	-chardev "file,id=gcov,path=$L/gcov.tar" -device virtserialport,chardev=gcov,name=rdmaneg.gcov)
if [ -n "${LIVE_QEMU_CTL:-}" ]; then
	C=$L/ctl
	mkdir -p "$C" && rm -f "$C"/*.sock
	# shellcheck disable=SC2054 # the commas are qemu option syntax
	ctl=(-qmp "unix:$C/qmp.sock,server=on,wait=off" -action shutdown=pause
		-drive "if=none,id=snap,format=qcow2,file=$C/snap.qcow2"
		-device virtio-serial-pci,id=vs
		-chardev "socket,id=svc,path=$C/service.sock,server=on,wait=off"
		-device virtserialport,bus=vs.0,chardev=svc,name=rdmaneg.service)
	for a in ${LIVE_QEMU_AGENTS:-}; do
		case "$a" in *[!a-z0-9-]*) echo "qemu.sh: agent '$a' is not a word of [a-z0-9-]" >&2; exit 2 ;; esac
		ctl+=(-chardev "socket,id=ag-$a,path=$C/agent-$a.sock,server=on,wait=off"
			-device "virtserialport,bus=vs.0,chardev=ag-$a,name=rdmaneg.agent.$a")
	done
	[ "${LIVE_QEMU_LOADVM:-0}" = 1 ] && ctl+=(-loadvm ready)
fi
qemu-system-x86_64 -accel tcg -cpu max -smp "$smp" -m "$mem" \
	-display none -monitor stdio -nic none "${ctl[@]}" \
	-serial "file:$L/console.log" -serial "file:$L/records.txt" \
	-serial "file:$L/peer-request.json" -serial "file:$L/peer-reply.json" \
	-kernel "$kdir/boot/vmlinuz-$kver" -initrd "$img" \
	-append "console=ttyS0 panic=-1 loglevel=5 nokaslr $append" "${gcov[@]}" \
	<&7 >"$L/qemu.log" 2>&1 &
q=$!
# the watch: 124 at the timeout, 125 once the console is past its limits
# (its size each second, its KASAN reports every 5 s)
(
	end=$((SECONDS + tmo)) tick=0
	while [ "$SECONDS" -lt "$end" ]; do
		sleep 1
		[ "$(stat -c %s "$L/console.log" 2>/dev/null || echo 0)" -le $((cmax << 20)) ] || exit 125
		tick=$((tick + 1))
		[ $((tick % 5)) -ne 0 ] ||
			[ "$(grep -ac '\] BUG: KASAN: ' "$L/console.log" 2>/dev/null)" -le "$rmax" ] || exit 125
	done
	exit 124
) & s=$!
wait -n -p first "$q" "$s"; rc=$?
if [ "$first" = "$s" ]; then
	echo "info registers -a" >&7
	sleep 2
	echo quit >&7
	wait "$q"
	[ "$rc" -eq 125 ] && echo "qemu.sh: the console passed ${cmax} MiB or $rmax KASAN reports: boot ended" >&2
else
	kill "$s" 2>/dev/null
fi
exec 7>&-
rm -f "$mon"
exit "$rc"
