#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/iser/iser.sh (make live-iser): iSER in the live guest, both ends on
# siw0 (live/iser/iser-init.sh): the hostile target's cases against Linux's
# ib_iser (open-iscsi logging in), the data check between ib_iser and LIO's
# isert (1 MiB written to the LUN and read back, the REQ and REP captured
# and judged), then the hostile initiator's cases against isert; every
# answer judged with the core and the oracle (rdmaneg-live iser,
# live/iser/iser_report.c; docs/iser.md). Debian's kernel by default;
# KERNEL=debug adds KASAN and the coverage of
# drivers/infiniband/ulp/{iser,isert}. A case that
# kills or hangs the guest is a finding, with its console and reproducer,
# and the next boot goes on from the case after it.
#   LIVE_TIMEOUT=1500  seconds a boot may take
#   LIVE_ISER_SMOKE=1  the data check and the first 3 cases of each role
#   ISER_CASE=NAME     one case (rdmaneg-live iser-cases), after the data
#                      check, on a fresh boot: a finding's reproducer; =data: the
#                      data check alone
# Writes build/live-iser/{console.log,console-N.log,findings.txt,report.txt,
# report.json}; ends with "N passed, N failed" (passed: the data came back
# or the guest died in the data check, a finding; every case ran and was
# judged; the core agreed with the oracle; Linux's divergences and
# findings are results). The boot loop is live/ulp/suite.sh's;
# the verdicts are C.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
export KERNEL=${KERNEL:-stock}
exec live/ulp/suite.sh iser
