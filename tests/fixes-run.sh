#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/fixes/check.sh's run_check (one run of a finding's check, for make
# live-fixes and make live-findings) judged on the host, with make and
# rdmaneg-findings stood in for: a run that boots nothing must be void
# (3), even when an earlier run's console is still there, and not count
# as "not reproduced"; the controls: a run that leaves a console is
# judged by rdmaneg-findings seen, 1 (not reproduced) and 0 (reproduced).
# Usage: tests/fixes-run.sh
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
pass=0 fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
mkdir -p build/plain build/live-roce build/live-nvme
# the judge stood in for: exit $SEEN_RC
# shellcheck disable=SC2016 # the stand-in's own $3 and SEEN_RC
printf '#!/bin/sh\necho "seen: $3"\nexit "${SEEN_RC:-1}"\n' >build/plain/rdmaneg-findings
chmod +x build/plain/rdmaneg-findings
# shellcheck source=live/fixes/check.sh
. "$top/live/fixes/check.sh"
# expect NAME RC SUITE: run_check's status and, for a void run, its reason
expect() {
	local name=$1 want=$2 suite=$3 rc
	run_check x "$suite" "" debug "" "$tmp/$name.log"
	rc=$?
	if [ "$rc" = "$want" ] && { [ "$want" != 3 ] || grep -q "no console" "$tmp/$name.log.seen"; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL tests/fixes-run.sh: $name: run_check returned $rc, not $want: $(cat "$tmp/$name.log.seen" 2>/dev/null)"
	fi
}
# a build that fails, an earlier run's console left behind
# shellcheck disable=SC2317 # make stood in for: run_check calls it
make() { return 2; }
echo "an earlier run's console" >build/live-roce/console.log
echo "an earlier run's console" >build/live-nvme/console-1.log
expect stale-roce 3 roce
expect stale-nvme 3 nvme
# a run that boots: its console is judged
# shellcheck disable=SC2317 # make stood in for: run_check calls it
make() { echo "LIVE_END" >build/live-roce/console.log; return 0; }
SEEN_RC=1 expect booted-not 1 roce
SEEN_RC=0 expect booted-yes 0 roce
# a run whose guest died (make fails) but left its console: judged too
# shellcheck disable=SC2317 # make stood in for: run_check calls it
make() { echo "Kernel panic" >build/live-nvme/console-1.log; return 1; }
SEEN_RC=0 expect died-yes 0 nvme
echo "fixes-run: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
