#!/usr/bin/env bash
# live/qemu.sh KVER IMAGE TIMEOUT APPEND: boots the live guest once under
# TCG and waits for it. Serial ports, all files under build/live:
#   ttyS0 console.log  ttyS1 records.txt
#   ttyS2 peer-request.json  ttyS3 peer-reply.json
# Exit status: qemu's, or 124 when TIMEOUT seconds ran out.
set -uo pipefail
cd "$(dirname "$0")/.."
L=build/live
kver=$1 img=$2 tmo=$3 append=$4
rm -f "$L"/{console.log,records.txt,peer-request.json,peer-reply.json}
timeout --foreground "$tmo" qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 512 \
	-display none -monitor none -no-reboot -nic none \
	-serial "file:$L/console.log" -serial "file:$L/records.txt" \
	-serial "file:$L/peer-request.json" -serial "file:$L/peer-reply.json" \
	-kernel "$L/cache/kernel-$kver/boot/vmlinuz-$kver" -initrd "$img" \
	-append "console=ttyS0 panic=-1 loglevel=5 $append" \
	</dev/null >"$L/qemu.log" 2>&1
