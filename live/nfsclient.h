/*
 * nfsclient (guest only): the harness as a hostile NFS/RDMA client. For
 * each case of live_nfs_case it connects to nfsd with the case's private
 * data, records the server's, posts Receives of exactly the size RFC 8797
 * lets the server send, and sends an NFS NULL call, then a COMPOUND whose
 * inline reply outgrows 1024 octets. One LIVE_NFSC line per case on out:
 *   LIVE_NFSC CASE EVENT STATUS REPLY_PD_HEX NULL COMPOUND
 * where NULL and COMPOUND are "wc_status:octets:proc:accept:nfs_status"
 * (or "-" when not reached).
 */
#ifndef RDMANEG_LIVE_NFSCLIENT_H
#define RDMANEG_LIVE_NFSCLIENT_H

#include <stdio.h>

/* Runs every case against addr:port; 0, or 1 when rdma_cm could not be set
 * up at all. */
int live_nfs_client(const char *addr, int port, FILE *out);

#endif
