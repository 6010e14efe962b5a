#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/kernel-control.sh (the second half of make live-kernel): proves that
# KASAN is live in the debug kernel and that make live flags its report as
# a finding. LIVE_PLANT=kasan has lkdtm write 4 octets past a 1020-octet
# kmalloc (SLAB_LINEAR_OVERFLOW); make live must then fail, naming it.
# Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
want='KASAN: slab-out-of-bounds Write in lkdtm_SLAB_LINEAR_OVERFLOW'
echo "live-kernel: control: KERNEL=debug LIVE_PLANT=kasan LIVE_TRANSPORT=siw LIVE_CASES=0 make live"
out=$(KERNEL=debug LIVE_PLANT=kasan LIVE_TRANSPORT=siw LIVE_CASES=0 live/mpa/run.sh 2>&1)
rc=$?
if [ "$rc" -ne 0 ] && grep -qF "| $want" <<<"$out"; then
	grep -F -e 'live: FAILED: kernel log' -e "| $want" <<<"$out" | sed 's/^/  /'
	echo "live-kernel: the control was caught: make live exit $rc on '$want'"
	echo "1 passed, 0 failed"
	exit 0
fi
tail -40 <<<"$out" | sed 's/^/  | /'
echo "live-kernel: FAILED: the control was not caught: make live exit $rc, no '$want' among its splats"
echo "0 passed, 1 failed"
exit 1
