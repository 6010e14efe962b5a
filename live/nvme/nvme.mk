# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/nvme/nvme.mk: make live-nvme's part of rdmaneg-live (mk/live.mk
# includes every live/*/*.mk before its rules): Linux NVMe over Fabrics
# on siw in the guest, both roles (docs/nvme.md)
LIVE_PURE += live/nvme/nvme_read.c live/nvme/nvme_judge.c live/nvme/nvme_print.c live/nvme/nvme_cases.c
LIVE_SUITE_SRC += live/nvme/nvme_verbs.c live/nvme/nvme_host.c live/nvme/nvme_target.c

.PHONY: live-nvme
live-nvme:
	@live/nvme/nvme.sh
