#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/smbd/smbd.sh (make live-smbd): SMB Direct in the live guest, both
# ends on siw0 (live/smbd/smbd-init.sh): the hostile server's cases
# against Linux's cifs client, the data check between ksmbd and cifs (1 MiB
# written and read back, the negotiate exchange captured and judged), then
# the hostile client's cases against ksmbd; every answer judged with the
# core and the oracle (rdmaneg-live smbd, live/smbd/smbd_report.c;
# docs/smbd.md). Debian's 6.1 kernel builds neither end with SMB Direct:
# on it (KERNEL=stock, the default) ksmbd.ko and cifs.ko are rebuilt from
# its own source with it (live/smbd/smbd-modules.sh); KERNEL=debug is the
# KASAN+gcov kernel (make live-kernel). A case that kills or hangs the guest is a
# finding, with its console and reproducer, and the next boot goes on from
# the case after it.
#   LIVE_TIMEOUT=1500  seconds a boot may take
#   LIVE_SMBD_SMOKE=1  the data check and the first 3 cases of each role
#   SMBD_CASE=NAME     one case (rdmaneg-live smbd-cases), after the data
#                      check, on a fresh boot: a finding's reproducer; =data: the
#                      data check alone
# Writes build/live-smbd/{console.log,console-N.log,findings.txt,report.txt,
# report.json}; ends with "N passed, N failed" (passed: the data came back
# or the guest died in the data check, a finding; every case ran and was
# judged; the core agreed with the oracle; Linux's divergences and
# findings are results). The boot loop is live/ulp/suite.sh's;
# the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
export KERNEL=${KERNEL:-stock}
exec live/ulp/suite.sh smbd
