/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * obs: what one live connection attempt saw, on both sides, as the guest
 * records it and the host reads it back (one LIVE_CASE record per
 * attempt, util/record.h). Nothing here judges; judge.h does.
 */
#ifndef RDMANEG_LIVE_OBS_H
#define RDMANEG_LIVE_OBS_H

#include "util/record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_PORT_BASE 18515 /* the one definition of the live ports */
#define LIVE_MAX_WC 8
#define LIVE_MAX_EV 8
#define LIVE_MAX_FRAMES 4
#define LIVE_PD_MAX 256	   /* rdma_cm private data is at most 255 octets */
#define LIVE_FRAME_MAX 600 /* 20 + 512 + slack for trailing octets */
#define LIVE_NAME 48

enum live_transport {
	LIVE_SIW = 0, /* iWARP: MPA carries the private data */
	LIVE_RXE = 1  /* RoCE v2: IB CM REQ/REP carry it, zero-padded */
};

/* One completion, in the order it was polled. */
struct live_wc {
	int64_t us;	      /* since the start of the attempt */
	bool send;	      /* send (true) or receive */
	int status;	      /* enum ibv_wc_status */
	uint32_t len;	      /* byte_len of a receive */
	char name[LIVE_NAME]; /* ibv_wc_status_str() */
};

/* One rdma_cm event, in the order it arrived. */
struct live_ev {
	int64_t us;
	int event; /* enum rdma_cm_event_type */
	int status;
	char name[LIVE_NAME]; /* rdma_event_str() */
};

struct live_side_obs {
	bool ok;    /* reached the data phase */
	int err_no; /* errno of the failed call, 0 if none */
	char err[160];
	size_t send_threshold, recv_threshold;
	bool remote_invalidation;
	bool peer_present;
	size_t posted_recv;	      /* octets of the posted Receive */
	size_t sent;		      /* octets of the posted Send */
	int send_status, recv_status; /* first of each; -1: none */
	size_t recv_len;
	bool data_ok;		      /* the received octets are the sender's pattern */
	int ird_seen, ord_seen;	      /* rdma_conn_param as rdma_cm handed it up */
	uint8_t pd_seen[LIVE_PD_MAX]; /* the private data the ULP received */
	size_t pd_seen_len;
	bool disconnected;  /* saw RDMA_CM_EVENT_DISCONNECTED */
	int64_t us_connect; /* connect/accept to ESTABLISHED; -1 none */
	int64_t us_met;	    /* both sides' completions reaped (rendezvous) */
	int64_t us_freed;   /* QP, CQ and cm_id released */
	struct live_wc wc[LIVE_MAX_WC];
	size_t nwc;
	struct live_ev ev[LIVE_MAX_EV];
	size_t nev;
};

/* A captured TCP payload that begins with "MPA " (siw only). */
struct live_frame {
	int64_t us;
	uint16_t sport, dport;
	uint8_t b[LIVE_FRAME_MAX];
	size_t len;
};

struct live_obs {
	int64_t seq; /* the case's place in this run */
	int attempt; /* 1, or 2 for the replay of a failure */
	int case_no;
	uint64_t seed;
	enum live_transport transport;
	int port;
	int64_t us_total;
	struct live_side_obs client, server;
	struct live_frame frame[LIVE_MAX_FRAMES];
	size_t nframes;
};

const char *live_transport_name(enum live_transport t);
int live_transport_parse(const char *s, enum live_transport *t);

void live_obs_init(struct live_obs *o);
void live_side_init(struct live_side_obs *s);
/* Appends an event or a completion, dropping what does not fit. */
void live_side_event(struct live_side_obs *s, int64_t us, int event, int status, const char *name);
void live_side_wc(struct live_side_obs *s, int64_t us, bool send, int status, uint32_t len,
		  const char *name);

/* rdma resource counts of one device, from `rdma resource show`; each
 * kind is named in live_res_names (the tool's word, the record's key). */
enum live_res_kind {
	LIVE_RES_PD,
	LIVE_RES_CQ,
	LIVE_RES_QP,
	LIVE_RES_CM_ID,
	LIVE_RES_MR,
	LIVE_RES_CTX,
	LIVE_RES_KINDS
};
extern const char *const live_res_names[LIVE_RES_KINDS];
struct live_res {
	char dev[32];
	int64_t n[LIVE_RES_KINDS];
};
/* Parses one line "N: dev: pd 1 cq 0 qp 0 cm_id 0 mr 2 ctx 1 srq 0";
 * 0, or -1 when it is not such a line. Absent counts read as 0. */
int live_res_parse(const char *line, struct live_res *r);
void live_res_write(FILE *f, const char *phase, const struct live_res *r);
int live_res_read(const struct rdmaneg_rec *rec, char *phase, size_t cap, struct live_res *r);

/* One LIVE_CASE record. */
void live_obs_write(FILE *f, const struct live_obs *o);
/* Reads one back; RDMANEG_REC_* status. */
int live_obs_read(const struct rdmaneg_rec *r, struct live_obs *o);

/* A resource snapshot: boot, start, end or exit. */
struct live_res_snap {
	char phase[16];
	struct live_res r;
};
/* Each start must equal the next end of its device (the harness's own),
 * and boot the next exit (the kernel's own, such as rxe's QP1); a start
 * or boot with no partner counts too. Returns the number of faults; why
 * names the first. */
int live_res_leaks(const struct live_res_snap *s, size_t n, char *why, size_t cap);

#endif
