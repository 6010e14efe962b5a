/*
 * nfspeer (guest only): the harness as a hostile NFS/RDMA client and
 * server.
 *
 * The client: for
 * each case of live_nfs_case it connects to nfsd with the case's private
 * data, records the server's, posts Receives of exactly the size RFC 8797
 * lets the server send, and sends an NFS NULL call, then a COMPOUND whose
 * inline reply outgrows 1024 octets. One LIVE_NFSC line per case on out:
 *   LIVE_NFSC CASE EVENT STATUS REPLY_PD_HEX NULL COMPOUND
 * where NULL and COMPOUND are "wc_status:octets:proc:accept:nfs_status"
 * (or "-" when not reached).
 */
#ifndef RDMANEG_LIVE_NFSPEER_H
#define RDMANEG_LIVE_NFSPEER_H

#include <stdio.h>

/* Runs every case against addr:port; 0, or 1 when rdma_cm could not be set
 * up at all. */
int live_nfs_client(const char *addr, int port, FILE *out);

/*
 * The server: listens on addr:port, accepts the first connection with the
 * private data of case k (live_nfs_case), posts one 262144-octet Receive
 * and reports the first Send the kernel client makes on it, then closes:
 *   LIVE_NFSS CASE PORT EVENT CLIENT_PD_HEX FIRST_SEND
 * with FIRST_SEND as "wc_status:octets" or "timeout". 0, or 1 when the
 * listener could not be set up.
 */
int live_nfs_server(const char *addr, int port, size_t k, FILE *out);

#endif
