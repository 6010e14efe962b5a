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
 * where NULL and COMPOUND are "wc_status:octets:proc:accept:nfs_status"
 * (or "-" when not reached).
 */
#ifndef RDMANEG_LIVE_NFSPEER_H
#define RDMANEG_LIVE_NFSPEER_H

#include <stdbool.h>
#include <stdio.h>

/*
 * The random and guided cases after the table (nfs-client --random N):
 * each a case's private data through live_nfs_mutate, seeded by seed and
 * its index, up to budget seconds (0: no limit) from the first. Each runs
 * as a table case does, named random-SEED-K or guided-SEED-K, with
 * LIVE_NFSR in place of LIVE_NFSC.
 * With gcov (the debug kernel's debugfs directory), the kernel's arcs
 * after every case as rdmaneg-peer prints them:
 *   PEER_ARCS nfs-client K MS ARCS NEW
 * guided mutates the inputs that reached new arcs, starting from the
 * table's; only_random skips the table.
 */
struct live_nfs_client_opts {
	unsigned long random, seed, budget;
	const char *gcov;
	bool guided, only_random;
	const char *only; /* the one table case to run (NFS_CASE), or NULL */
};

/* Runs every case against addr:port; 0, or 1 when rdma_cm (or with gcov,
 * the arcs) could not be set up at all. */
int live_nfs_client(const char *addr, int port, const struct live_nfs_client_opts *o, FILE *out);

/*
 * The server: listens on addr:port, accepts the first connection with the
 * private data of case k (live_nfs_case), posts one 262144-octet Receive
 * and reports the first Send the kernel client makes on it, then closes.
 * Two lines on out, the first once it listens (the kernel log after it
 * belongs to the case, whose private data it names):
 *   LIVE_NFS_CASE server CASE PD_HEX
 *   LIVE_NFSS CASE PORT EVENT CLIENT_PD_HEX FIRST_SEND
 * with FIRST_SEND as "wc_status:octets" or "timeout". 0, or 1 when the
 * listener could not be set up.
 */
int live_nfs_server(const char *addr, int port, size_t k, FILE *out);

#endif
