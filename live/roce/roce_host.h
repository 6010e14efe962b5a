/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_host (guest only): the kernel ULPs that connect to make
 * live-roce's peer in its last rows (live/roce/roce_peer.c forks a child
 * for each), and the thresholds xprtrdma leaves in the trace.
 */
#ifndef RDMANEG_LIVE_ROCE_HOST_H
#define RDMANEG_LIVE_ROCE_HOST_H

#include <stddef.h>
#include <stdint.h>

/* nvme-rdma connecting to the peer (h-nvme-): writes the options to
 * /dev/nvme-fabrics, as nvme-cli does, and exits 0 when the kernel made
 * the controller, else with the write's errno. */
void live_roce_nvme_connect(void);
/* The NFS client mounting from the peer's port (h-nfs-), as mount.nfs4
 * asks the kernel (nfs4, vers=4.1, proto=rdma, the address given): soft,
 * so that calls nobody answers end in about 2 s. Exits 0 when it mounted
 * (then unmounted), else with mount(2)'s errno. */
void live_roce_nfs_mount(uint16_t port);
/* open-iscsi logging in through ib_iser to the peer's port (h-iser-):
 * iscsiadm makes the node record of the iSER suite's target IQN at the
 * peer's address and port on the iser interface, then logs in to it (the
 * guest's iscsid, started by roce-init.sh, does the work); their output
 * goes to /tmp/roce-iscsiadm.log. Exits with iscsiadm's status. */
void live_roce_iser_login(uint16_t port);
/* xprtrdma's thresholds for its first connection to the peer's port
 * since live_roce_trace_clear(), from the rpcrdma:xprtrdma_inline_thresh
 * line ("... -> 203.0.113.2:PORT neg send/recv=S/R, ..."): "CALL-S/R"
 * into event (cap octets), or "CALL" when there is no such line. */
void live_roce_nfs_thresholds(uint16_t port, char *event, size_t cap);
/* Empties the kernel's trace buffer. */
void live_roce_trace_clear(void);

#endif
