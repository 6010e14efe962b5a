/*
 * nfs: the judge of make live-nfs (pure; host and unit tests). From the
 * guest's console it takes each NFS/RDMA connection's MPA Request and
 * Reply (LIVE_NFS_FRAME lines), the thresholds xprtrdma chose (the
 * rpcrdma:xprtrdma_inline_thresh tracepoint, LIVE_NFS_TRACE lines), the
 * server's Sends (rpcrdma:svcrdma_post_send: with Invalidate or not) and the
 * setup steps (LIVE_NFS_STEP lines). For each connection it decodes what
 * each kernel side sent with the core, computes what RFC 8797 requires for
 * the same two messages, and names every divergence.
 */
#ifndef RDMANEG_LIVE_NFS_H
#define RDMANEG_LIVE_NFS_H

#include "mpa.h"
#include "rpcrdma_pd.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_NFS_PORT 20049 /* nfs-rdma.rst: the NFS/RDMA port */
#define LIVE_NFS_MAX_CONNS 8
#define LIVE_NFS_MAX_STEPS 8

/* What one kernel side put on the wire (RFC 5044 7.1, RFC 6581 9,
 * RFC 8797 4). */
struct live_nfs_side {
	bool seen;			   /* its frame was captured */
	int parse;			   /* rdmaneg_mpa_parse status */
	struct rdmaneg_mpa_frame f;	   /* f.pd points into frame[] */
	struct rdmaneg_mpa_enh enh;	   /* when f.enhanced */
	struct rdmaneg_rpcrdma_result msg; /* search mode, in the ULP data */
	uint8_t frame[600];
	size_t len;
};

struct live_nfs_conn {
	uint16_t client_port; /* the client's source port */
	struct live_nfs_side client, server;
	bool traced;	   /* an xprtrdma_inline_thresh line for this port */
	size_t linux_send; /* xprtrdma: neg send (re_inline_send) */
	size_t linux_recv; /* neg recv (re_inline_recv) */
	/* RFC 8797 4.2 for the two messages, computed by the core */
	size_t rfc_client_send, rfc_client_recv, rfc_server_send, rfc_server_recv;
	bool rfc_client_ri, rfc_server_ri; /* Send With Invalidate allowed */
};

struct live_nfs_step {
	char name[16];
	bool ok;
	char why[160];
};

struct live_nfs {
	struct live_nfs_conn conn[LIVE_NFS_MAX_CONNS];
	size_t nconn;
	/* svcrdma's Sends (the rpcrdma:svcrdma_post_send tracepoint), over
	 * every connection: how many, and how many with Invalidate */
	size_t server_sends, server_sends_inv;
	struct live_nfs_step step[LIVE_NFS_MAX_STEPS];
	size_t nstep;
	size_t bad_lines; /* LIVE_NFS_* lines that did not parse */
};

/* Reads every LIVE_NFS_* line of text[0..len-1] into r and computes the
 * RFC columns. Never fails: what is missing stays unseen. */
void live_nfs_read(const char *text, size_t len, struct live_nfs *r);

/* Prints the table (field, RFC, core, Linux client, Linux server) and one
 * DIVERGENCE line per disagreement; returns the number of divergences. */
size_t live_nfs_print(FILE *out, const struct live_nfs *r);

/* Why the run is not a measurement (a step failed, no connection, a
 * connection without both frames or its trace line, an unreadable line),
 * into why; false when it is one. */
bool live_nfs_broken(const struct live_nfs *r, char *why, size_t cap);

#endif
