// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* cm: the rdma_cm steps every hostile peer in the guest shares (cm.h) */
#define _GNU_SOURCE
#include "live/core/cm.h"

#include "util/hex.h"

#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <string.h>

int live_cm_addr(const char *addr, int port, struct sockaddr_in *sin)
{
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_port = htons((uint16_t)port);
	return inet_pton(AF_INET, addr, &sin->sin_addr) == 1 ? 0 : -1;
}

int live_cm_listen(struct rdma_event_channel *ch, const char *addr, int port, int backlog,
		   struct rdma_cm_id **listener)
{
	struct sockaddr_in sin;

	*listener = NULL;
	if (!ch || live_cm_addr(addr, port, &sin) != 0) {
		errno = EINVAL;
		return -1;
	}
	if (rdma_create_id(ch, listener, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(*listener, (struct sockaddr *)&sin) || rdma_listen(*listener, backlog)) {
		int e = errno;

		if (*listener)
			rdma_destroy_id(*listener);
		*listener = NULL;
		errno = e;
		return -1;
	}
	return 0;
}

int live_cm_qp(struct rdma_cm_id *id, uint32_t depth, struct ibv_pd **pd, struct ibv_cq **cq)
{
	struct ibv_qp_init_attr qa;

	*pd = ibv_alloc_pd(id->verbs);
	*cq = *pd ? ibv_create_cq(id->verbs, 8, NULL, NULL, 0) : NULL;
	if (!*cq)
		return -1;
	memset(&qa, 0, sizeof(qa));
	qa.send_cq = qa.recv_cq = *cq;
	qa.qp_type = IBV_QPT_RC;
	qa.cap.max_send_wr = qa.cap.max_recv_wr = depth;
	qa.cap.max_send_sge = qa.cap.max_recv_sge = 1;
	return rdma_create_qp(id, *pd, &qa) ? -1 : 0;
}

struct rdma_cm_event *live_cm_next_event(struct rdma_event_channel *ch, int ms)
{
	struct pollfd p = { ch->fd, POLLIN, 0 };
	struct rdma_cm_event *ev = NULL;

	if (poll(&p, 1, ms) <= 0 || rdma_get_cm_event(ch, &ev))
		return NULL;
	return ev;
}

/* the event that must come next, acked; 0 when it came */
static int expect_event(struct rdma_event_channel *ch, enum rdma_cm_event_type want)
{
	struct rdma_cm_event *ev = live_cm_next_event(ch, 5000);
	bool ok = ev && ev->event == want;

	if (ev)
		rdma_ack_cm_event(ev);
	return ok ? 0 : -1;
}

int live_cm_resolve(struct rdma_event_channel *ch, struct rdma_cm_id *id,
		    const struct sockaddr_in *sin)
{
	struct sockaddr_in dst = *sin; /* rdma_resolve_addr takes no const */

	if (rdma_resolve_addr(id, NULL, (struct sockaddr *)&dst, 2000) ||
	    expect_event(ch, RDMA_CM_EVENT_ADDR_RESOLVED) || rdma_resolve_route(id, 2000) ||
	    expect_event(ch, RDMA_CM_EVENT_ROUTE_RESOLVED))
		return -1;
	return 0;
}

bool live_cm_connect(struct rdma_event_channel *ch, struct rdma_cm_id *id,
		     struct rdma_conn_param *cp, int ms, struct live_cm_answer *a)
{
	struct rdma_cm_event *ev;
	size_t n;

	memset(a, 0, sizeof(*a));
	snprintf(a->pd, sizeof(a->pd), "-");
	if (rdma_connect(id, cp)) {
		snprintf(a->event, sizeof(a->event), "connect-failed");
		return false;
	}
	ev = live_cm_next_event(ch, ms);
	if (!ev) {
		snprintf(a->event, sizeof(a->event), "no-event");
		return false;
	}
	snprintf(a->event, sizeof(a->event), "%s", rdma_event_str(ev->event));
	a->status = ev->status;
	if (ev->param.conn.private_data && ev->param.conn.private_data_len > 0) {
		a->raw_len = ev->param.conn.private_data_len; /* a uint8_t: fits raw */
		memcpy(a->raw, ev->param.conn.private_data, a->raw_len);
		if (!rdmaneg_hex_format(a->raw, a->raw_len, a->pd, sizeof(a->pd), &n))
			snprintf(a->pd, sizeof(a->pd), "?");
	}
	a->established = ev->event == RDMA_CM_EVENT_ESTABLISHED;
	rdma_ack_cm_event(ev);
	return a->established;
}

void live_cm_release(struct rdma_cm_id *id, struct ibv_cq *cq, struct ibv_pd *pd)
{
	if (id && id->qp)
		rdma_destroy_qp(id);
	if (cq)
		ibv_destroy_cq(cq);
	if (pd)
		ibv_dealloc_pd(pd);
	if (id)
		rdma_destroy_id(id);
}

void live_cm_disconnect(struct rdma_event_channel *ch, struct rdma_cm_id *id)
{
	struct rdma_cm_event *ev;

	rdma_disconnect(id);
	while ((ev = live_cm_next_event(ch, 2000)) != NULL) {
		enum rdma_cm_event_type t = ev->event;

		rdma_ack_cm_event(ev);
		if (t == RDMA_CM_EVENT_DISCONNECTED)
			break;
	}
}
