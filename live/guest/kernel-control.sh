#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/kernel-control.sh (the second half of make live-kernel): proves
# that the debug kernel's detectors are live and that make live flags what
# they report. Two negative controls, each with lkdtm:
#   LIVE_PLANT=kasan  4 octets written past a 1020-octet kmalloc
#                     (SLAB_LINEAR_OVERFLOW): make live must fail, naming
#                     KASAN's report;
#   LIVE_PLANT=hung   /init asleep uninterruptibly for good (HUNG_TASK): the
#                     hung-task detector's first report must end the boot
#                     (live/guest/init.sh, LIVE_HUNG), long before its
#                     LIVE_TIMEOUT, and make live must fail, naming the task's
#                     report.
# Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
control() { # control PLANT TIMEOUT WANT...: make live must fail with every WANT line
	local plant=$1 tmo=$2 out rc w missing=
	shift 2
	echo "live-kernel: control: KERNEL=debug LIVE_PLANT=$plant LIVE_TRANSPORT=siw LIVE_CASES=0 LIVE_TIMEOUT=$tmo make live"
	out=$(KERNEL=debug LIVE_PLANT=$plant LIVE_TRANSPORT=siw LIVE_CASES=0 LIVE_TIMEOUT=$tmo live/mpa/run.sh 2>&1)
	rc=$?
	for w in "$@"; do grep -qF -- "$w" <<<"$out" || missing+=" '$w'"; done
	if [ "$rc" -ne 0 ] && [ -z "$missing" ]; then
		grep -F -e 'live: FAILED' "${@/#/-e}" <<<"$out" | sed 's/^/  /'
		echo "live-kernel: the $plant control was caught: make live exit $rc"
		pass=$((pass + 1))
	else
		tail -40 <<<"$out" | sed 's/^/  | /'
		echo "live-kernel: FAILED: the $plant control was not caught: make live exit $rc,${missing:+ missing$missing}"
		fail=$((fail + 1))
	fi
}
control kasan 300 '| KASAN: slab-out-of-bounds Write in lkdtm_SLAB_LINEAR_OVERFLOW'
# 900 s: a boot that ran on to the watchdog would say "timed out" instead
control hung 900 'the hung-task detector ended the boot' 'splat: INFO: task hung in lkdtm_HUNG_TASK'
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
