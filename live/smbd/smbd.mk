# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/smbd/smbd.mk: make live-smbd's part of rdmaneg-live (mk/live.mk
# includes every live/*/*.mk before its rules): SMB Direct, ksmbd and
# cifs, on siw in the guest, through live/ulp/ (docs/smbd.md)
LIVE_PURE += live/smbd/smbd_cases.c live/smbd/smbd_report.c live/smbd/smbd_write.c
LIVE_SUITE_SRC += live/smbd/smbd_peer.c

.PHONY: live-smbd
live-smbd:
	@live/smbd/smbd.sh
