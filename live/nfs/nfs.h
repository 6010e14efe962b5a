/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * nfs: the judge of make live-nfs (pure; host and unit tests). From the
 * guest's console it takes each NFS/RDMA connection's MPA Request and
 * Reply (LIVE_NFS_FRAME lines), the thresholds xprtrdma chose (the
 * rpcrdma:xprtrdma_inline_thresh tracepoint, LIVE_NFS_TRACE lines), the
 * server's Sends (rpcrdma:svcrdma_post_send: with Invalidate or not) and the
 * setup steps (LIVE_NFS_STEP lines). For each connection it decodes what
 * each kernel side sent with the core, computes what RFC 8797 requires for
 * the same two messages twice: with the core, and as the RFC column, with
 * the oracle's reference decoder and [rfc8797#4.2] read directly. A Linux side
 * that differs from the RFC column is a divergence (a finding); the core
 * differing from it is a defect of ours.
 *
 * One pass per file, over the plain structs below: nfs_read.c (capture and
 * decode), nfs_expect.c (the RFC and core columns), nfs_judge.c
 * (verdicts), nfs_print.c and nfs_json.c (reports); nfs_cases.c and
 * nfs_rpc.c serve the hostile peers (live/nfspeer).
 */
#ifndef RDMANEG_LIVE_NFS_H
#define RDMANEG_LIVE_NFS_H

#include "util/casename.h"
#include "util/rng.h"
#include "util/verdict.h"
#include <rdmaneg/mpa.h>
#include <rdmaneg/rpcrdma_pd.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_NFS_PORT 20049	   /* nfs-rdma.rst: the NFS/RDMA port */
#define LIVE_NFS_SERVER_PORT 20100 /* the hostile server's case 0; case k at +k */
#define LIVE_NFS_MAX_CONNS 8
#define LIVE_NFS_MAX_STEPS 8

#define LIVE_NFS_CASE_PD_MAX 196 /* the most private data a case sends */
#define LIVE_NFS_GETFH 100	 /* GETFH operations in the big COMPOUND */

/* One crafted connection to nfsd: the private data it sends and the
 * Receive it posts for each reply, which is what RFC 8797 lets the
 * server send: the case's Receive Size when its message decodes (search
 * mode, [rfc8797#5.2]), else the 1024 default ([rfc8797#5.1]). */
struct live_nfs_case {
	char name[RDMANEG_CASENAME_MAX];
	uint8_t pd[LIVE_NFS_CASE_PD_MAX];
	size_t pd_len;
	bool present; /* the core finds a valid message in pd ([rfc8797#5.2]) */
	size_t recv;  /* octets of each posted Receive */
};

/* What one kernel side put on the wire ([rfc5044#7.1], [rfc6581#9],
 * [rfc8797#4]). */
struct live_nfs_side {
	bool seen;			   /* its frame was captured */
	int parse;			   /* rdmaneg_mpa_parse status */
	struct rdmaneg_mpa_frame f;	   /* f.pd points into frame[] */
	struct rdmaneg_mpa_enh enh;	   /* when f.enhanced */
	struct rdmaneg_rpcrdma_result msg; /* the core, search mode, in the ULP data */
	struct rdmaneg_rpcrdma_result ref; /* the oracle's reference decoder, the same */
	uint8_t frame[600];
	size_t len;
};

/* One side's inline thresholds, and whether it may be sent Sends With
 * Invalidate ([rfc8797#4.1], 4.2) */
struct live_nfs_th {
	size_t send, recv;
	bool ri;
};

struct live_nfs_conn {
	unsigned client_port; /* the client's source port */
	struct live_nfs_side client, server;
	bool traced;	   /* an xprtrdma_inline_thresh line for this port */
	size_t linux_send; /* xprtrdma: neg send (re_inline_send) */
	size_t linux_recv; /* neg recv (re_inline_recv) */
	/* [rfc8797#4.2] for the two messages: the RFC column (the oracle) and
	 * the core's */
	struct live_nfs_th rfc_client, rfc_server, core_client, core_server;
};

struct live_nfs_step {
	char name[16];
	bool ok;
	char why[160];
};

/* One LIVE_NFSC line: a call's Receive completion ("-" lines: !reached) */
struct live_nfs_call {
	bool reached;
	bool timeout;
	int wc_status; /* ibv_wc_status: 0 success, 1 IBV_WC_LOC_LEN_ERR */
	unsigned long len;
	long proc, accept, nfs_status;
	bool inv;		/* the reply was a Send With Invalidate */
	unsigned long inv_rkey; /* ... of this STag */
};

/* The hostile client's case against nfsd, and the verdict */
struct live_nfs_hostile {
	char name[RDMANEG_CASENAME_MAX];
	bool known;	/* a case of live_nfs_case */
	bool present;	/* its private data held a valid message */
	size_t recv;	/* the Receives it posted (from the case table) */
	char event[40]; /* the rdma_cm event its connect got */
	int event_status;
	uint8_t reply_pd[256]; /* nfsd's private data */
	size_t reply_pd_len;
	struct rdmaneg_rpcrdma_result reply; /* ... decoded by the core */
	/* [rfc8797#4.2]/5.1: min(server send, client recv), the RFC column (the
	 * oracle) and the core's */
	size_t threshold, core_threshold;
	struct live_nfs_call null, compound;
};

#define LIVE_NFS_MAX_HOSTILE 32

/* The hostile server's case k (port LIVE_NFS_SERVER_PORT + k): what the
 * kernel client sent, the thresholds it chose, what RFC 8797 says */
struct live_nfs_served {
	bool seen, traced;
	struct live_nfs_case c;
	struct rdmaneg_rpcrdma_result msg; /* the case's message, as the core reads it */
	char event[40];
	uint8_t client_pd[256];
	size_t client_pd_len;
	bool first_ok;	   /* the client's first Send arrived */
	size_t first_len;  /* its octets */
	size_t linux_send; /* xprtrdma_inline_thresh: neg send/recv */
	size_t linux_recv;
	/* the client role: the RFC column (the oracle) and the core's */
	struct live_nfs_th rfc, core;
};

struct live_nfs {
	struct live_nfs_conn conn[LIVE_NFS_MAX_CONNS];
	size_t nconn;
	/* svcrdma's Sends (the rpcrdma:svcrdma_post_send tracepoint), over
	 * every connection: how many, and how many with Invalidate */
	size_t server_sends, server_sends_inv;
	struct live_nfs_step step[LIVE_NFS_MAX_STEPS];
	size_t nstep;
	struct live_nfs_hostile hostile[LIVE_NFS_MAX_HOSTILE];
	size_t nhostile;
	struct live_nfs_served served[LIVE_NFS_MAX_HOSTILE];
	size_t nserved;
	size_t bad_lines; /* LIVE_NFS_* lines that did not parse */
	/* "LIVE_NFS_SMOKE": the guest ran the mount and its data only
	 * (LIVE_NFS_SMOKE=1, CI's subset): no hostile peer is expected */
	bool smoke;
	/* "LIVE_NFS_ONLY NAME" (NFS_CASE=NAME): the hostile peers ran that
	 * table case alone, once each */
	char only[32];
	char kernel[256]; /* the console's "Linux version" line, after those words */
};

/* The reading pass: every LIVE_NFS_* line of text[0..len-1] into r (the
 * expectation pass, live_nfs_expect, comes next). Never fails: what is
 * missing stays unseen. */
void live_nfs_read(const char *text, size_t len, struct live_nfs *r);

/* The three tables a verdict belongs to */
enum live_nfs_table { LIVE_NFS_T_CONN, LIVE_NFS_T_CLIENT, LIVE_NFS_T_SERVER, LIVE_NFS_T_COUNT };

/* One disagreement: the table, the RFC 8797 clause, what was seen, and
 * the connection or the cases it was seen in */
struct live_nfs_div {
	enum live_nfs_table table;
	char clause[32]; /* a registry id (spec/clauses.tsv) */
	char text[240];
	char where[512];
	size_t ncases; /* the cases named in where; 0 for a connection */
};

#define LIVE_NFS_MAX_DIV 64

/* Every verdict of a run: the divergences of Linux from the RFC column
 * (findings), the core's disagreements with it (defects of ours), and each
 * hostile case's verdict ("conforms", "diverges 4.2", ...). */
/* One row of the compliance matrix (make compliance): which Linux end
 * was judged, in which case ("" for the mount's connections), on which
 * registry clause, and its verdict. */
struct live_nfs_crow {
	const char *impl; /* "svcrdma" (the server) or "xprtrdma" (the client) */
	char name[RDMANEG_CASENAME_MAX];
	const char *clause;
	enum rdmaneg_verdict_kind kind;
};

#define LIVE_NFS_MAX_CROWS (3 * LIVE_NFS_MAX_HOSTILE + LIVE_NFS_MAX_CONNS + 1)

struct live_nfs_verdict {
	struct live_nfs_div div[LIVE_NFS_MAX_DIV];
	size_t ndiv;
	struct live_nfs_div core[LIVE_NFS_MAX_DIV];
	size_t ncore;
	struct rdmaneg_verdict hostile[LIVE_NFS_MAX_HOSTILE]; /* by index into r->hostile */
	struct rdmaneg_verdict served[LIVE_NFS_MAX_HOSTILE];  /* by case; unseen: clause "-" */
	struct live_nfs_crow row[LIVE_NFS_MAX_CROWS];
	size_t nrow;
};

/* Judges r into v. */
void live_nfs_judge(const struct live_nfs *r, struct live_nfs_verdict *v);

/* How many divergences (core: disagreements of the core) table t has. */
size_t live_nfs_count(const struct live_nfs_verdict *v, enum live_nfs_table t, bool core);

/* The connection table (field, RFC, core, Linux client, Linux server),
 * the hostile client's and the hostile server's, each followed by its
 * DIVERGENCE lines and any "CORE DISAGREES" line. */
void live_nfs_print(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v);

/* The same as one JSON object (build/live-nfs/report.json), with the
 * splats of the console text[0..len-1]. */
void live_nfs_json(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v,
		   const char *text, size_t len);

/* Each kernel splat in the console text, with the case it came during:
 * the last "LIVE_NFS_CASE ROLE NAME" line before it. One line each on
 * out; returns how many splats there are. */
size_t live_nfs_splats(FILE *out, const char *text, size_t len);

/* The expectation pass (nfs_expect.c): each connection's and hostile
 * case's RFC and core columns, from what live_nfs_read captured into r. */
void live_nfs_expect(struct live_nfs *r);

/* Shared by the passes. */
/* The ULP data of a captured side: none when its frame did not parse. */
void live_nfs_side_ulp(const struct live_nfs_side *s, const uint8_t **ulp, size_t *n);
bool live_nfs_same_msg(const struct rdmaneg_rpcrdma_result *a,
		       const struct rdmaneg_rpcrdma_result *b);
void live_nfs_describe_msg(const struct rdmaneg_rpcrdma_result *m, char *out, size_t cap);
void live_nfs_call_text(const struct live_nfs_call *c, char *out, size_t cap);
/* The case a splat at console line no came during: the last "LIVE_NFS_CASE
 * ROLE NAME" line before it, or "the setup". */
void live_nfs_splat_case(const char *text, size_t len, size_t no, char *during, size_t cap);

/* Why the run is not a measurement (a step failed, no connection, a
 * connection without both frames or its trace line, an unreadable line),
 * into why; false when it is one. */
bool live_nfs_broken(const struct live_nfs *r, char *why, size_t cap);

/* ---- the harness as a hostile NFS client (rdmaneg-live nfs-client) ---- */

/* How many cases there are; the k-th into c (false past the end). */
size_t live_nfs_case_count(void);
bool live_nfs_case(size_t k, struct live_nfs_case *c);

/* The index of the case named name, or -1. */
long live_nfs_case_find(const char *name);
/* The case called name into c: false when there is none. */
bool live_nfs_case_named(const char *name, struct live_nfs_case *c);

/* The random and guided hostile client (nfs-client --random): one to three
 * edits of c's private data, each aimed at [rfc8797#4.1] and 5.2: a bit
 * flipped, a whole message or its identifier alone written at any
 * offset, an octet set to an edge value, the data cut or grown. It never
 * exceeds LIVE_NFS_CASE_PD_MAX; c->present and c->recv follow the new
 * data, c->name is left to the caller. Returns the number of edits. */
unsigned live_nfs_mutate(struct live_nfs_case *c, uint64_t *rng);

/* An RPC-over-RDMA version 1 RDMA_MSG with no chunks (RFC 8166 4) carrying
 * an NFSv4 call with xid: NULL (proc 0, AUTH_NONE), or COMPOUND (proc 1,
 * AUTH_SYS root, minor version 0: PUTROOTFH and getfh GETFHs, whose
 * inline reply outgrows 1024 octets). Returns the length, 0 when cap is
 * too small. */
size_t live_nfs_rpc_null(uint32_t xid, uint8_t *out, size_t cap);
size_t live_nfs_rpc_compound(uint32_t xid, unsigned getfh, uint8_t *out, size_t cap);

/* A received reply: its rdma_proc (RDMA_MSG 0, RDMA_NOMSG 1, RDMA_ERROR 4)
 * and, for an RDMA_MSG without chunks, the RPC accept_stat (0 success) and
 * for a COMPOUND the NFS status; -1 for a field not there. */
struct live_nfs_reply {
	long proc, accept, nfs_status;
};
void live_nfs_reply_parse(const uint8_t *b, size_t len, struct live_nfs_reply *r);

#endif
