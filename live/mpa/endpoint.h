/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * endpoint: the guest's rdma_cm ULP for rdmaneg-peer (see endpoint.c).
 * Both write ULP records to log and return 0, or 1 when rdma_cm could
 * not be set up.
 */
#ifndef RDMANEG_LIVE_ENDPOINT_H
#define RDMANEG_LIVE_ENDPOINT_H

#include <netinet/in.h>
#include <rdma/rdma_cma.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Accepts every connection request on addr:port, until SIGTERM. */
int live_endpoint_listen(const char *addr, int port, FILE *log, bool kcov);
/* Connects to addr:port, one connection at a time, until refused.
 * kcov (both): KCOV over the endpoint's own syscalls, the functions of
 * siw and the CMs they ran printed at the end (LIVE_KCOV listen|connect,
 * make live-kcov). */
int live_endpoint_connect(const char *addr, int port, FILE *log, bool kcov);

/* The next rdma_cm event on ch, up to ms; NULL on a timeout or an error. */
struct rdma_cm_event *live_cm_next_event(struct rdma_event_channel *ch, int ms);
/* addr (dotted IPv4) and port as a sockaddr_in into *sin; 0, or -1 when
 * addr is not an IPv4 address. */
int live_cm_addr(const char *addr, int port, struct sockaddr_in *sin);
/* On id (resolved, or a connection request's): a PD, an 8-entry CQ and an
 * RC QP of depth Sends and Receives of one SGE; 0 or -1 (what was made is
 * in *pd and *cq for the caller to free). */
int live_cm_qp(struct rdma_cm_id *id, uint32_t depth, struct ibv_pd **pd, struct ibv_cq **cq);
/* Resolves id's address and route to sin, acking both events; 0 or -1. */
int live_cm_resolve(struct rdma_event_channel *ch, struct rdma_cm_id *id,
		    const struct sockaddr_in *sin);

/* The answer to a connection request, as the hostile clients report it */
struct live_cm_answer {
	char event[40];	      /* rdma_event_str, or connect-failed, no-event */
	int status;	      /* the event's status */
	char pd[2 * 256 + 1]; /* the answer's private data in hex, "-" for none */
	uint8_t raw[256];     /* ... and its octets */
	size_t raw_len;
	bool established;
};

/* rdma_connect(id, cp), then the first event on ch within ms, acked, into
 * *a; true when the connection is established (the caller disconnects). */
bool live_cm_connect(struct rdma_event_channel *ch, struct rdma_cm_id *id,
		     struct rdma_conn_param *cp, int ms, struct live_cm_answer *a);
/* What live_cm_qp made, and id itself, in the order verbs wants them
 * gone: the QP, the CQ, the PD, the id (each may be NULL; the caller
 * deregisters its MRs first). */
void live_cm_release(struct rdma_cm_id *id, struct ibv_cq *cq, struct ibv_pd *pd);
/* rdma_disconnect(id), then its events acked until DISCONNECTED or 2 s
 * without one. */
void live_cm_disconnect(struct rdma_event_channel *ch, struct rdma_cm_id *id);

#endif
