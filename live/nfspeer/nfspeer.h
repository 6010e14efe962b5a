/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * nfspeer (guest only): the harness as a hostile NFS/RDMA client and
 * server.
 *
 * The client: for
 * each case of live_nfs_case it connects to nfsd with the case's private
 * data, records the server's, posts Receives of exactly the size RFC 8797
 * lets the server send, and sends an NFS NULL call, then a COMPOUND whose
 * inline reply outgrows 1024 octets. Two lines per case on out, the first
 * before it starts (the kernel log after it belongs to the case):
 *   LIVE_NFS_CASE client CASE PD_HEX
 *   LIVE_NFSC CASE EVENT STATUS REPLY_PD_HEX NULL COMPOUND
 * where NULL and COMPOUND are "wc_status:octets:proc:accept:nfs_status:inv"
 * (or "-" when not reached); inv is the STag a Send With Invalidate
 * invalidated, in hex, or "-" (older consoles: absent).
 */
#ifndef RDMANEG_LIVE_NFSPEER_H
#define RDMANEG_LIVE_NFSPEER_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Both peers serve a campaign (live/campaign, util/agent.h): READY on
 * their channel, then one case per CASE line, named as rdmaneg-peer names
 * them (util/casename.h).
 *
 * The client: a table case (its line LIVE_NFSC, judged on the host), a
 * random-SEED-K or a BASE~HEX~... chain (the private data through
 * live_nfs_mutate; LIVE_NFSR, reported). With gcov (the debug kernel's
 * debugfs directory) and a CASE's cov=1, the arcs new to the guest come
 * back in its DONE.
 */
/* Serves the client's cases against nfsd at addr:port; 0, or 1 when the
 * channel, rdma_cm or the arcs could not be set up. */
struct live_agent_opts; /* live/core/client.h */
int live_nfs_client(const char *addr, int port, const struct live_agent_opts *o, FILE *out);

/*
 * The server: for each CASE (a table case), listens on addr:(base + its
 * index), starts the kernel client (mount.nfs4, soft, bounded by
 * timeout 10) against it, accepts the first connection with the case's
 * private data, posts one 262144-octet Receive and reports the first Send
 * the kernel client makes on it, then closes. Lines on out (the kernel
 * log after the first belongs to the case, whose private data it names):
 *   LIVE_NFS_CASE server CASE PD_HEX
 *   LIVE_NFSS CASE PORT EVENT CLIENT_PD_HEX FIRST_SEND
 *   LIVE_NFS_TRACE xprtrdma_inline_thresh: ...   (that connection's)
 * with FIRST_SEND as "wc_status:octets" or "timeout". A kernel client
 * still running 15 s later is a finding (LIVE_NFS_STEP client-CASE
 * failed). 0, or 1 when the channel could not be set up.
 */
int live_nfs_server(const char *addr, int base, const char *channel, FILE *out);

#endif
