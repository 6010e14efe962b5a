/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cm: the rdma_cm steps every hostile peer in the guest shares (the MPA
 * endpoint, the NFS, NVMe-oF, iSER and SMB Direct peers): an address, a
 * listener, a QP, resolving, connecting with the answer kept, releasing.
 */
#ifndef RDMANEG_LIVE_CM_H
#define RDMANEG_LIVE_CM_H

#include <netinet/in.h>
#include <rdma/rdma_cma.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The next rdma_cm event on ch, up to ms; NULL on a timeout or an error. */
struct rdma_cm_event *live_cm_next_event(struct rdma_event_channel *ch, int ms);
/* addr (dotted IPv4) and port as a sockaddr_in into *sin; 0, or -1 when
 * addr is not an IPv4 address. */
int live_cm_addr(const char *addr, int port, struct sockaddr_in *sin);
/* A listener on ch at addr:port with backlog: 0 and *listener, or -1
 * (errno says why) with *listener NULL and nothing left made. */
int live_cm_listen(struct rdma_event_channel *ch, const char *addr, int port, int backlog,
		   struct rdma_cm_id **listener);
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
