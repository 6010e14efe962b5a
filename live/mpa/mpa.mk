# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/mpa/mpa.mk: make live's part of rdmaneg-live (mk/live.mk includes
# every live/*/*.mk before its rules): the MPA loopback over siw and rxe,
# its hostile endpoint, capture, judge and report (docs/live.md)
LIVE_PURE += $(addprefix live/mpa/,cases.c obs.c judge.c report.c report_read.c pcap.c)
LIVE_SUITE_SRC += $(addprefix live/mpa/,mpa_verbs.c loopback.c capture.c endpoint.c)

.PHONY: live live-soak
live:
	@live/mpa/run.sh

# LIVE_SOAK cases per transport in one boot (default 1000)
live-soak:
	@live/mpa/run.sh soak
