# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/nfs/nfs.mk: make live-nfs's part of rdmaneg-live (mk/live.mk
# includes every live/*/*.mk before its rules): Linux NFS over RDMA in the
# guest, measured against RFC 8797 (docs/nfs.md), with the hostile NFS
# client and server of live/nfspeer/
LIVE_PURE += $(addprefix live/nfs/,nfs_read.c nfs_expect.c nfs_judge.c nfs_print.c nfs_json.c \
	nfs_cases.c nfs_rpc.c)
LIVE_SUITE_SRC += live/nfs/nfs_verbs.c live/nfspeer/nfspeer.c

.PHONY: live-nfs
live-nfs:
	@live/nfs/nfs.sh
