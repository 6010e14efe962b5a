# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/roce/roce.mk: make live-roce's part of rdmaneg-live (mk/live.mk
# includes every live/*/*.mk before its rules): the hostile RoCE v2 peer
# against rxe, ib_cm and rdma_cm in the guest (docs/roce.md)
LIVE_PURE += live/roce/roce_cases.c live/roce/roce_active.c live/roce/roce_mads.c live/roce/roce_report.c \
	live/roce/roce_ulp.c live/roce/roce_wire.c live/roce/roce_random.c
LIVE_SUITE_SRC += live/roce/roce_peer.c live/roce/roce_run.c live/roce/roce_host.c

.PHONY: live-roce
live-roce:
	@live/roce/roce.sh
