#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The guest scripts' refusals, on the host and before anything is fetched,
# installed or booted: a kernel line the harness does not run (kver.sh),
# a KSRC that is not a kernel tree (kernel.sh), KSRC with Debian's own
# kernel and a flavour no suite provides (image.sh), make live-roce's random
# mode's settings (roce.sh). Each must exit 2 with a message that names the fix;
# an accepted line must pass (the control).
# Usage: tests/guest-args.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect NAME EXIT REGEX -- COMMAND...: its exit status and REGEX (grep -E)
# in its stdout and stderr together
expect() {
	local name=$1 want=$2 re=$3 rc; shift 4
	"$@" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ] && grep -qE -- "$re" "$tmp/out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit $rc (want $want), wanted /$re/: $*"
		sed 's/^/  | /' "$tmp/out" | tail -5
	fi
}

expect kver-known 0 '^7\.3 linux-source-7\.3 ' -- live/guest/kver.sh 7.3
expect kver-unknown 2 'KVER=9\.9 is not a kernel line.*6\.1 6\.12 7\.3' -- live/guest/kver.sh 9.9
mkdir -p "$tmp/notree"
expect ksrc-not-a-tree 2 "KSRC=$tmp/notree is not a kernel tree" -- env KSRC="$tmp/notree" live/guest/kernel.sh
expect ksrc-missing 2 'KSRC=/nonexistent is not a kernel tree' -- env KSRC=/nonexistent live/guest/kernel.sh
expect ksrc-stock 2 'KSRC builds a debug or fixed kernel.*KERNEL=debug' -- \
	env KSRC="$tmp/notree" KERNEL=stock live/guest/image.sh
expect flavour-unknown 2 "no suite 'nosuch' .*the flavours: .*iser.*nfs.*nvme.*smbd" -- live/guest/image.sh nosuch
expect flavour-bad 2 'a flavour is a suite' -- live/guest/image.sh ../x
expect kernel-unknown 2 'KERNEL is stock .*debug.*fixed' -- env KERNEL=nosuch live/guest/image.sh
# make live-roce's random mode: its time, its seed, what it goes with
expect roce-random-bad 2 'ROCE_RANDOM is a number of seconds' -- env ROCE_RANDOM=abc live/roce/roce.sh
expect roce-random-zero 2 'ROCE_RANDOM is a number of seconds' -- env ROCE_RANDOM=0 live/roce/roce.sh
expect roce-seed-bad 2 'ROCE_SEED is 1 to 15 lower-case hex digits' -- \
	env ROCE_RANDOM=5 ROCE_SEED=XYZ live/roce/roce.sh
expect roce-random-smoke 2 'ROCE_RANDOM goes with ROCE_CASES or alone' -- \
	env ROCE_RANDOM=5 LIVE_ROCE_SMOKE=1 live/roce/roce.sh
expect roce-case-seed-big 2 "rnd-f000000000000000's seed is past what ROCE_SEED takes" -- \
	env ROCE_CASE=rnd-f000000000000000 live/roce/roce.sh
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
