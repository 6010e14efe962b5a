// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * endpoint: the rdma_cm ULP that rdmaneg-peer tests siw through, in the
 * guest. `listen` accepts every connection request (siw is the MPA
 * responder); `connect` connects again and again (siw is the initiator)
 * until the peer stops listening. Each side writes what its ULP was handed
 * for every connection to a log, one record per event:
 *   ULP seq= lport= rport= event= status= pd= rr= id=
 * (rr/id: responder_resources/initiator_depth). rdmaneg-peer --ulp-log
 * reads it and compares it with the wire. On connect, the private data
 * carries an RFC 8797 message and the attempt's sequence number (octets
 * 8..11), which is how the peer tells the connections apart.
 */
#define _GNU_SOURCE
#include "live/mpa/endpoint.h"
#include "live/core/cm.h"

#include "util/hex.h"

#include "util/kcov.h"
#include "util/net.h"
#include "util/record.h"
#include <rdmaneg/rpcrdma_pd.h>

#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EP_PD_LEN 12
#define EP_DEPTH 16 /* the IRD/ORD the initiator asks for */

struct ep_conn {
	struct ibv_pd *pd;
	struct ibv_cq *cq;
};

static void log_event(FILE *f, uint32_t seq, struct rdma_cm_id *id, const struct rdma_cm_event *ev)
{
	const struct rdma_conn_param *c = &ev->param.conn;

	rdmaneg_rec_begin(f, "ULP");
	rdmaneg_rec_i64w(f, "seq", seq);
	rdmaneg_rec_i64w(f, "lport", rdmaneg_sockaddr_port(rdma_get_local_addr(id)));
	rdmaneg_rec_i64w(f, "rport", rdmaneg_sockaddr_port(rdma_get_peer_addr(id)));
	rdmaneg_rec_strw(f, "event", rdma_event_str(ev->event) + strlen("RDMA_CM_EVENT_"));
	rdmaneg_rec_i64w(f, "status", ev->status);
	rdmaneg_rec_hexw(f, "pd", c->private_data, c->private_data ? c->private_data_len : 0);
	rdmaneg_rec_i64w(f, "rr", c->responder_resources);
	rdmaneg_rec_i64w(f, "id", c->initiator_depth);
	rdmaneg_rec_end(f);
	fflush(f);
}

static int make_qp(struct rdma_cm_id *id)
{
	struct ep_conn *c = calloc(1, sizeof(*c));

	if (!c)
		return -1;
	id->context = c;
	return live_cm_qp(id, 2, &c->pd, &c->cq);
}

static void drop(struct rdma_cm_id *id)
{
	struct ep_conn *c = id->context;

	id->context = NULL;
	live_cm_release(id, c ? c->cq : NULL, c ? c->pd : NULL);
	free(c);
}

static void ulp_pd(uint8_t *pd, uint32_t seq)
{
	struct rdmaneg_rpcrdma_settings s = { 4096, 4096, false };

	(void)rdmaneg_rpcrdma_encode(&s, pd, EP_PD_LEN);
	pd[8] = (uint8_t)(seq >> 24);
	pd[9] = (uint8_t)(seq >> 16);
	pd[10] = (uint8_t)(seq >> 8);
	pd[11] = (uint8_t)seq;
}

/* --kcov: this task's KCOV, over its whole life */
static struct rdmaneg_kcov kc = { -1, NULL, 0 };
static struct rdmaneg_kcov_set kset;
static volatile sig_atomic_t stopping;

static void on_term(int sig)
{
	(void)sig;
	stopping = 1;
}

/* KCOV on for this task, and SIGTERM ends the event loop (no restart of
 * the read it interrupts); 0, or -1 after a message. */
static int kcov_begin(bool on)
{
	struct sigaction sa;
	char err[200];

	if (!on)
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	if (rdmaneg_kcov_open(&kc, 1u << 20, err, sizeof(err)) != 0 ||
	    rdmaneg_kcov_start(&kc) != 0) {
		fprintf(stderr, "rdmaneg-live: --kcov: %s\n", err);
		return -1;
	}
	return 0;
}

static void kcov_end(const char *who)
{
	if (kc.fd < 0)
		return;
	(void)rdmaneg_kcov_fold(&kc, &kset);
	(void)rdmaneg_kcov_stop(&kc);
	rdmaneg_kcov_report(stdout, "LIVE_KCOV", who, &kset, RDMANEG_KCOV_PREFIXES);
	rdmaneg_kcov_close(&kc);
}

int live_endpoint_listen(const char *addr, int port, FILE *log, bool kcov)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_id *lid = NULL;
	struct rdma_cm_event *ev;
	uint32_t seq = 0;

	if (live_cm_listen(ch, addr, port, 16, &lid) != 0) {
		fprintf(stderr, "rdmaneg-live listen %s:%d: %s\n", addr, port, strerror(errno));
		return 1;
	}
	if (kcov_begin(kcov) != 0)
		return 1;
	printf("LIVE_LISTENING %s:%d\n", addr, port);
	fflush(stdout);
	while (rdma_get_cm_event(ch, &ev) == 0) {
		struct rdma_cm_id *id = ev->id;
		enum rdma_cm_event_type t = ev->event;

		log_event(log, ++seq, id, ev);
		if (kc.fd >= 0)
			(void)rdmaneg_kcov_fold(&kc, &kset);
		if (t == RDMA_CM_EVENT_CONNECT_REQUEST) {
			struct rdma_conn_param cp = ev->param.conn;
			uint8_t pd[EP_PD_LEN];

			/* accept with what rdma_cm reported, as ULPs do */
			ulp_pd(pd, seq);
			cp.private_data = pd;
			cp.private_data_len = sizeof(pd);
			rdma_ack_cm_event(ev);
			if (make_qp(id) || rdma_accept(id, &cp)) {
				fprintf(stderr, "LIVE_EP accept failed: %s\n", strerror(errno));
				drop(id);
			}
			continue;
		}
		rdma_ack_cm_event(ev);
		if (id != lid &&
		    (t == RDMA_CM_EVENT_DISCONNECTED || t == RDMA_CM_EVENT_CONNECT_ERROR ||
		     t == RDMA_CM_EVENT_REJECTED || t == RDMA_CM_EVENT_UNREACHABLE)) {
			if (t == RDMA_CM_EVENT_DISCONNECTED)
				rdma_disconnect(id);
			drop(id);
		}
	}
	/* only a failing rdma_get_cm_event ends the loop, or --kcov's SIGTERM */
	if (stopping) {
		kcov_end("listen");
		return 0;
	}
	fprintf(stderr, "LIVE_ERROR rdmaneg-live listen: rdma_get_cm_event: %s\n", strerror(errno));
	return 1;
}

int live_endpoint_connect(const char *addr, int port, FILE *log, bool kcov)
{
	struct sockaddr_in sin;
	struct rdma_event_channel *ch = rdma_create_event_channel();
	unsigned refused = 0;

	if (!ch || live_cm_addr(addr, port, &sin)) {
		fprintf(stderr, "rdmaneg-live connect %s:%d: bad address\n", addr, port);
		return 1;
	}
	if (kcov_begin(kcov) != 0)
		return 1;
	for (uint32_t seq = 1; refused < 3; seq++) {
		struct rdma_cm_id *id = NULL;
		struct rdma_cm_event *ev;
		struct rdma_conn_param cp;
		uint8_t pd[EP_PD_LEN];
		bool done = false;

		if (rdma_create_id(ch, &id, NULL, RDMA_PS_TCP) || live_cm_resolve(ch, id, &sin))
			return 1;
		memset(&cp, 0, sizeof(cp));
		ulp_pd(pd, seq);
		cp.private_data = pd;
		cp.private_data_len = sizeof(pd);
		cp.responder_resources = EP_DEPTH;
		cp.initiator_depth = EP_DEPTH;
		if (make_qp(id) || rdma_connect(id, &cp)) {
			/* the peer has stopped listening: siw connects its TCP
			 * stream in rdma_connect() (siw_connect()), so a
			 * refused stream fails the call itself */
			drop(id);
			refused++;
			continue;
		}
		refused = 0;
		/* the connection's events until it is over (the peer closes).
		 * A REJECTED event is a case's answer whatever its status:
		 * -ECONNREFUSED is the peer's reject on a siw that reports it
		 * as cxgb4 and irdma do (finding 24's patch), not its end. */
		while (!done && (ev = live_cm_next_event(ch, 30000)) != NULL) {
			log_event(log, seq, id, ev);
			done = ev->event != RDMA_CM_EVENT_ESTABLISHED;
			rdma_ack_cm_event(ev);
		}
		if (!ev)
			fprintf(stderr, "LIVE_EP connect %u: no event for 30 s\n", seq);
		drop(id);
		if (kc.fd >= 0)
			(void)rdmaneg_kcov_fold(&kc, &kset);
	}
	kcov_end("connect");
	return 0;
}
