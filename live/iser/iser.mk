# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/iser/iser.mk: make live-iser's part of rdmaneg-live (mk/live.mk
# includes every live/*/*.mk before its rules): iSER, LIO's isert and
# ib_iser with open-iscsi, on siw, through live/ulp/ (docs/iser.md)
LIVE_PURE += live/iser/iser_cases.c live/iser/iser_report.c live/iser/iser_session.c
LIVE_SUITE_SRC += live/iser/iser_peer.c

.PHONY: live-iser
live-iser:
	@live/iser/iser.sh
