// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-live: real rdma_cm connections carrying the core's private
 * data, with the negotiated thresholds proven by real Sends.
 *
 *   rdmaneg-live run [OPTIONS]     (guest) cases or a soak, one record each
 *   rdmaneg-live res PHASE         (guest) rdma resource counts, as records
 *   rdmaneg-live report [OPTIONS]  (host) verdicts, table and report.json
 *   rdmaneg-live fixed             number of fixed cases
 *
 * Per attempt a thread is the server and the main thread the client (not
 * a forked child: librdmacm caches device contexts per process, and uverbs
 * refuses writes on a descriptor opened under other credentials). Each
 * side posts one Receive of exactly its advertised receive size; the
 * client sends exactly its threshold, and the server, once it has
 * received, sends its own. In the negative control the client sends one
 * octet more than the server's receive size, and that must fail.
 *
 * Teardown: neither side disconnects until both have reaped all of their
 * completions (the rendezvous below). siw completes a Send whose last
 * segment is already on the wire with IBV_WC_LOC_QP_OP_ERR when the
 * peer's FIN arrives before it checks tx_suspend (siw_qp_tx.c,
 * siw_qp_sq_proc_tx); a client that disconnected as soon as its own
 * completions were in raced the server's Send that way.
 *
 * Start: the client sends only once the server has its ESTABLISHED. siw's
 * siw_accept sends the MPA Reply with the endpoint already in RDMA mode
 * but hands the socket to the QP (siw_qp_socket_assoc) only afterwards; an
 * FPDU arriving in between meets siw_cm_llp_data_ready, which ignores data
 * in RDMA mode, and nothing reads it until more data comes: the server's
 * Receive never completes although the client's Send did. Seen once in
 * about 280 siw connections of make live; LIVE_PLANT=eager_send restores
 * the old order.
 *
 * live_loopback_run is rdmaneg-live run; live/main.c parses its options.
 */
#define _GNU_SOURCE

#include "live/mpa/loopback.h"

#include "live/mpa/capture.h"
#include "live/mpa/cases.h"
#include "live/mpa/judge.h"
#include "live/mpa/obs.h"
#include "util/clock.h"
#include "util/record.h"
#include <rdmaneg/rdmaneg.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <pthread.h>
#include <rdma/rdma_cma.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

_Static_assert(LIVE_EV_CONNECT_REQUEST == RDMA_CM_EVENT_CONNECT_REQUEST, "event numbers");
_Static_assert(LIVE_EV_REJECTED == RDMA_CM_EVENT_REJECTED, "event numbers");
_Static_assert(LIVE_EV_ESTABLISHED == RDMA_CM_EVENT_ESTABLISHED, "event numbers");
_Static_assert(LIVE_EV_DISCONNECTED == RDMA_CM_EVENT_DISCONNECTED, "event numbers");

#define TIMEOUT_MS 8000	    /* any single wait */
#define NEG_TIMEOUT_MS 3000 /* waits that the negative control makes fail */
#define DISC_TIMEOUT_MS 3000
#define BUF_LEN (RDMANEG_INLINE_MAX + 4096)

static FILE *rec_out; /* records: /dev/ttyS1 in the guest */
static enum live_transport transport = LIVE_SIW;
static const char *plant = ""; /* a harness negative control */

/* ---- per-device resources, made once: a PD and one buffer per side ---- */

struct devres {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_mr *mr[2];
	uint8_t *buf[2];
	int max_rd_atom;
};

static struct devres devs[4];
static int ndevs;

static struct devres *devres_of(const struct ibv_context *ctx)
{
	for (int i = 0; i < ndevs; i++)
		if (devs[i].ctx == ctx)
			return &devs[i];
	return NULL;
}

static int devres_setup(void)
{
	int n = 0;
	struct ibv_context **ctxs = rdma_get_devices(&n);

	for (int i = 0; ctxs && i < n && ndevs < 4; i++) {
		struct devres *d = &devs[ndevs];
		struct ibv_device_attr da;

		memset(d, 0, sizeof(*d));
		d->ctx = ctxs[i];
		d->pd = ibv_alloc_pd(d->ctx);
		if (!d->pd || ibv_query_device(d->ctx, &da))
			return -1;
		d->max_rd_atom = da.max_qp_rd_atom;
		for (int s = 0; s < 2; s++) {
			d->buf[s] = calloc(1, BUF_LEN);
			d->mr[s] = d->buf[s] ? ibv_reg_mr(d->pd, d->buf[s], BUF_LEN,
							  IBV_ACCESS_LOCAL_WRITE)
					     : NULL;
			if (!d->mr[s])
				return -1;
		}
		rdmaneg_rec_begin(rec_out, "LIVE_DEVICE");
		rdmaneg_rec_strw(rec_out, "name", ibv_get_device_name(d->ctx->device));
		rdmaneg_rec_strw(rec_out, "transport",
				 d->ctx->device->transport_type == IBV_TRANSPORT_IWARP ? "siw"
										       : "rxe");
		rdmaneg_rec_i64w(rec_out, "max_qp_rd_atom", da.max_qp_rd_atom);
		rdmaneg_rec_i64w(rec_out, "max_qp_init_rd_atom", da.max_qp_init_rd_atom);
		rdmaneg_rec_end(rec_out);
		ndevs++;
	}
	if (ctxs)
		rdma_free_devices(ctxs);
	return ndevs > 0 ? 0 : -1;
}

static void devres_free(void)
{
	for (int i = 0; i < ndevs; i++) {
		for (int s = 0; s < 2; s++) {
			if (devs[i].mr[s])
				ibv_dereg_mr(devs[i].mr[s]);
			free(devs[i].buf[s]);
		}
		if (devs[i].pd)
			ibv_dealloc_pd(devs[i].pd);
	}
	ndevs = 0;
}

/* ---- the rendezvous: both sides reap before either disconnects ---- */

struct rendezvous {
	pthread_mutex_t m;
	pthread_cond_t cv;
	bool established; /* the server has its ESTABLISHED */
	bool done[2];
	int wake[2]; /* a byte per side done: wakes a side blocked on rdma_cm */
};

static void rv_init(struct rendezvous *r)
{
	pthread_mutex_init(&r->m, NULL);
	pthread_cond_init(&r->cv, NULL);
	r->established = r->done[0] = r->done[1] = false;
	if (pipe2(r->wake, O_NONBLOCK | O_CLOEXEC))
		r->wake[0] = r->wake[1] = -1;
}

static void rv_destroy(struct rendezvous *r)
{
	pthread_mutex_destroy(&r->m);
	pthread_cond_destroy(&r->cv);
	if (r->wake[0] >= 0) {
		close(r->wake[0]);
		close(r->wake[1]);
	}
}

/* Marks this side's completions as reaped. */
static void rv_done(struct rendezvous *r, int side)
{
	pthread_mutex_lock(&r->m);
	if (!r->done[side]) {
		r->done[side] = true;
		(void)!write(r->wake[1], "x", 1);
	}
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->m);
}

/* The server's ESTABLISHED is in: its QP owns the socket. */
static void rv_established(struct rendezvous *r)
{
	pthread_mutex_lock(&r->m);
	r->established = true;
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->m);
}

/* Waits up to ms until *flag, or the side 'quit' is done (it gave up). */
static bool rv_wait(struct rendezvous *r, const bool *flag, int quit, int ms)
{
	struct timespec ts;
	bool ok = true;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&r->m);
	while (!*flag && !r->done[quit] && ok)
		ok = pthread_cond_timedwait(&r->cv, &r->m, &ts) == 0;
	ok = *flag;
	pthread_mutex_unlock(&r->m);
	return ok;
}

/* Waits until the other side has reaped too; false on timeout. */
static bool rv_meet(struct rendezvous *r, int side, int ms)
{
	rv_done(r, side);
	return rv_wait(r, &r->done[!side], !side, ms);
}

/* ---- one side of one attempt ---- */

struct side {
	int who; /* 0 client, 1 server */
	struct live_side_obs *obs;
	int64_t t0; /* attempt start, monotonic us */
	struct rdma_event_channel *ec;
	struct rdma_cm_id *id;
	struct ibv_cq *cq;
	struct devres *dev;
	struct rendezvous *rv;
	uint8_t pattern;
};

static void side_err(struct side *s, int err_no, const char *fmt, const char *what)
{
	if (s->obs->err[0])
		return;
	s->obs->err_no = err_no;
	snprintf(s->obs->err, sizeof(s->obs->err), fmt, what, strerror(err_no));
}

/* Waits for the wanted event, recording every event that arrives. Before
 * the rendezvous a side also stops when the other side is done (it gave
 * up), so no attempt waits out a timeout for nothing. */
static int get_event(struct side *s, enum rdma_cm_event_type want, int ms, bool watch,
		     struct rdma_cm_event **out)
{
	int64_t end = rdmaneg_mono_us() + (int64_t)ms * 1000;

	for (;;) {
		struct pollfd p[2] = { { s->ec->fd, POLLIN, 0 }, { s->rv->wake[0], POLLIN, 0 } };
		int64_t left = (end - rdmaneg_mono_us()) / 1000;
		struct rdma_cm_event *ev;
		int n;

		if (left <= 0) {
			if (!s->obs->err[0])
				snprintf(s->obs->err, sizeof(s->obs->err), "timeout waiting for %s",
					 rdma_event_str(want));
			return -1;
		}
		n = poll(p, watch ? 2 : 1, (int)left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n > 0 && !(p[0].revents & POLLIN) && watch && (p[1].revents & POLLIN)) {
			if (!s->obs->err[0])
				snprintf(s->obs->err, sizeof(s->obs->err),
					 "peer gave up while waiting "
					 "for %s",
					 rdma_event_str(want));
			return -1;
		}
		if (n <= 0 || !(p[0].revents & POLLIN))
			continue;
		if (rdma_get_cm_event(s->ec, &ev)) {
			side_err(s, errno, "%s: %s", "rdma_get_cm_event");
			return -1;
		}
		live_side_event(s->obs, rdmaneg_mono_us() - s->t0, ev->event, ev->status,
				rdma_event_str(ev->event));
		if (ev->event == RDMA_CM_EVENT_DISCONNECTED)
			s->obs->disconnected = true;
		if (ev->event == want) {
			*out = ev;
			return 0;
		}
		if (!s->obs->err[0])
			snprintf(s->obs->err, sizeof(s->obs->err), "got %s (status %d), wanted %s",
				 rdma_event_str(ev->event), ev->status, rdma_event_str(want));
		rdma_ack_cm_event(ev);
		/* an unwanted event mid-handshake ends the attempt */
		if (want != RDMA_CM_EVENT_DISCONNECTED)
			return -1;
	}
}

static int make_qp(struct side *s)
{
	struct ibv_qp_init_attr qa;

	s->dev = devres_of(s->id->verbs);
	if (!s->dev) {
		snprintf(s->obs->err, sizeof(s->obs->err), "no resources for device %s",
			 ibv_get_device_name(s->id->verbs->device));
		return -1;
	}
	s->cq = ibv_create_cq(s->id->verbs, 16, NULL, NULL, 0);
	if (!s->cq) {
		side_err(s, errno, "%s: %s", "ibv_create_cq");
		return -1;
	}
	memset(&qa, 0, sizeof(qa));
	qa.send_cq = qa.recv_cq = s->cq;
	qa.qp_type = IBV_QPT_RC;
	qa.cap.max_send_wr = qa.cap.max_recv_wr = 4;
	qa.cap.max_send_sge = qa.cap.max_recv_sge = 1;
	if (rdma_create_qp(s->id, s->dev->pd, &qa)) {
		side_err(s, errno, "%s: %s", "rdma_create_qp");
		return -1;
	}
	return 0;
}

static int post_recv(struct side *s, size_t len)
{
	struct ibv_sge sge = { (uintptr_t)s->dev->buf[s->who], (uint32_t)len,
			       s->dev->mr[s->who]->lkey };
	struct ibv_recv_wr wr = { 1, NULL, &sge, 1 }, *bad;

	memset(s->dev->buf[s->who], 0, len);
	if (ibv_post_recv(s->id->qp, &wr, &bad)) {
		side_err(s, errno, "%s: %s", "ibv_post_recv");
		return -1;
	}
	s->obs->posted_recv = len;
	return 0;
}

static int post_send(struct side *s, size_t len)
{
	uint8_t *buf = s->dev->buf[s->who];
	struct ibv_sge sge = { (uintptr_t)buf, (uint32_t)len, s->dev->mr[s->who]->lkey };
	struct ibv_send_wr wr, *bad;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = 2;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = IBV_SEND_SIGNALED;
	memset(buf, s->pattern, len);
	if (ibv_post_send(s->id->qp, &wr, &bad)) {
		side_err(s, errno, "%s: %s", "ibv_post_send");
		return -1;
	}
	s->obs->sent = len;
	return 0;
}

/* Polls until the wanted completions are in (wr_id 2 send, 1 receive),
 * recording each in order. */
static void reap(struct side *s, bool want_send, bool want_recv, int ms, uint8_t peer_pattern)
{
	int64_t end = rdmaneg_mono_us() + (int64_t)ms * 1000;
	struct live_side_obs *o = s->obs;
	struct ibv_wc wc;

	while (((want_send && o->send_status < 0) || (want_recv && o->recv_status < 0)) &&
	       rdmaneg_mono_us() < end) {
		if (ibv_poll_cq(s->cq, 1, &wc) <= 0) {
			usleep(100);
			continue;
		}
		live_side_wc(o, rdmaneg_mono_us() - s->t0, wc.wr_id == 2, wc.status, wc.byte_len,
			     ibv_wc_status_str(wc.status));
		if (wc.wr_id == 1 && wc.status == IBV_WC_SUCCESS) {
			const uint8_t *b = s->dev->buf[s->who];

			o->data_ok = true;
			for (uint32_t i = 0; i < wc.byte_len; i++)
				if (b[i] != peer_pattern) {
					o->data_ok = false;
					break;
				}
		}
	}
}

static void conn_params(struct rdma_conn_param *cp, const uint8_t *pd, size_t pdlen, uint8_t ird,
			uint8_t ord)
{
	memset(cp, 0, sizeof(*cp));
	cp->private_data = pdlen ? pd : NULL;
	cp->private_data_len = (uint8_t)pdlen;
	cp->responder_resources = ird;
	cp->initiator_depth = ord;
}

/* The peer's private data and IRD/ORD, as rdma_cm hands them up. */
static void take_peer(const struct rdma_cm_event *ev, struct live_side_obs *o)
{
	size_t n = ev->param.conn.private_data_len;

	if (n > sizeof(o->pd_seen))
		n = sizeof(o->pd_seen);
	if (n > 0 && ev->param.conn.private_data)
		memcpy(o->pd_seen, ev->param.conn.private_data, n);
	o->pd_seen_len = n;
	o->ird_seen = ev->param.conn.responder_resources;
	o->ord_seen = ev->param.conn.initiator_depth;
}

static void record(const struct rdmaneg_conn *conn, struct live_side_obs *o)
{
	o->send_threshold = conn->send_threshold;
	o->recv_threshold = conn->recv_threshold;
	o->remote_invalidation = conn->remote_invalidation;
	o->peer_present = conn->peer.present;
}

static bool established(const struct live_side_obs *o)
{
	for (size_t i = 0; i < o->nev; i++)
		if (o->ev[i].event == RDMA_CM_EVENT_ESTABLISHED)
			return true;
	return false;
}

/* After the rendezvous: disconnect a connection that was established,
 * wait for the event, release. */
static void finish(struct side *s)
{
	struct rdma_cm_event *ev;

	if (s->id && s->id->qp) {
		if (established(s->obs) && !s->obs->disconnected) {
			rdma_disconnect(s->id);
			if (get_event(s, RDMA_CM_EVENT_DISCONNECTED, DISC_TIMEOUT_MS, false, &ev) ==
			    0)
				rdma_ack_cm_event(ev);
		}
		rdma_destroy_qp(s->id);
	}
	if (s->cq)
		ibv_destroy_cq(s->cq);
}

struct server_args {
	const struct live_case *c;
	struct sockaddr_in sin;
	struct side s;
	int ready_fd;
	bool negative;
};

static void *server(void *arg)
{
	struct server_args *a = arg;
	struct side *s = &a->s;
	const struct live_case *c = a->c;
	struct rdma_cm_id *lid = NULL;
	struct rdma_cm_event *ev;
	struct rdma_conn_param cp;
	struct rdmaneg_rpcrdma_settings eff;
	struct rdmaneg_conn conn;
	uint8_t pd[sizeof(c->server.raw)];
	size_t pdlen = live_side_pd(&c->server, pd);

	live_side_effective(&c->server, &eff);
	s->ec = rdma_create_event_channel();
	if (!s->ec || rdma_create_id(s->ec, &lid, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(lid, (struct sockaddr *)&a->sin) || rdma_listen(lid, 1)) {
		side_err(s, errno, "%s: %s", "listen");
		(void)!write(a->ready_fd, "x", 1);
		goto done;
	}
	(void)!write(a->ready_fd, "r", 1);
	if (get_event(s, RDMA_CM_EVENT_CONNECT_REQUEST, TIMEOUT_MS, true, &ev))
		goto done;
	s->id = ev->id;
	take_peer(ev, s->obs);
	rdma_ack_cm_event(ev);
	/* the core: decode what the client sent and negotiate, server role */
	rdmaneg_conn_init(&conn, RDMANEG_ROLE_SERVER, &eff);
	rdmaneg_conn_negotiate(&conn, s->obs->pd_seen, s->obs->pd_seen_len, RDMANEG_DECODE_SEARCH);
	record(&conn, s->obs);
	if (make_qp(s) || post_recv(s, conn.local.recv_size))
		goto done;
	conn_params(&cp, pd, pdlen, c->s_ird, c->s_ord);
	if (rdma_accept(s->id, &cp)) {
		side_err(s, errno, "%s: %s", "rdma_accept");
		goto done;
	}
	if (get_event(s, RDMA_CM_EVENT_ESTABLISHED, TIMEOUT_MS, true, &ev))
		goto done;
	rdma_ack_cm_event(ev);
	rv_established(s->rv);
	s->obs->us_connect = rdmaneg_mono_us() - s->t0 - s->obs->ev[0].us;
	s->obs->ok = true;
	/* the initiator sends first (RFC 5044, [rfc6581#4.3]) */
	reap(s, false, true, a->negative ? NEG_TIMEOUT_MS : TIMEOUT_MS,
	     (uint8_t)(s->pattern ^ 0xFF));
	if (s->obs->recv_status == IBV_WC_SUCCESS && !a->negative) {
		if (post_send(s, conn.send_threshold) == 0)
			reap(s, true, false, TIMEOUT_MS, 0);
	}
done:
	if (!rv_meet(s->rv, s->who, TIMEOUT_MS) && !s->obs->err[0])
		snprintf(s->obs->err, sizeof(s->obs->err), "client never finished its completions");
	s->obs->us_met = rdmaneg_mono_us() - s->t0;
	finish(s);
	if (s->id)
		rdma_destroy_id(s->id);
	if (lid)
		rdma_destroy_id(lid);
	if (s->ec)
		rdma_destroy_event_channel(s->ec);
	s->obs->us_freed = rdmaneg_mono_us() - s->t0;
	return NULL;
}

static void client(const struct live_case *c, struct sockaddr_in *sin, bool negative, bool oversize,
		   struct side *s)
{
	struct rdma_cm_event *ev;
	struct rdma_conn_param cp;
	struct rdmaneg_rpcrdma_settings eff;
	struct rdmaneg_conn conn;
	uint8_t pd[sizeof(c->client.raw)];
	size_t pdlen = live_side_pd(&c->client, pd), sendlen;
	int64_t tc;

	live_side_effective(&c->client, &eff);
	s->ec = rdma_create_event_channel();
	if (!s->ec || rdma_create_id(s->ec, &s->id, NULL, RDMA_PS_TCP) ||
	    rdma_resolve_addr(s->id, NULL, (struct sockaddr *)sin, 2000)) {
		side_err(s, errno, "%s: %s", "rdma_resolve_addr");
		goto done;
	}
	if (get_event(s, RDMA_CM_EVENT_ADDR_RESOLVED, TIMEOUT_MS, true, &ev))
		goto done;
	rdma_ack_cm_event(ev);
	if (rdma_resolve_route(s->id, 2000)) {
		side_err(s, errno, "%s: %s", "rdma_resolve_route");
		goto done;
	}
	if (get_event(s, RDMA_CM_EVENT_ROUTE_RESOLVED, TIMEOUT_MS, true, &ev))
		goto done;
	rdma_ack_cm_event(ev);
	rdmaneg_conn_init(&conn, RDMANEG_ROLE_CLIENT, &eff);
	if (make_qp(s) || post_recv(s, conn.local.recv_size))
		goto done;
	conn_params(&cp, pd, pdlen, c->c_ird, c->c_ord);
	tc = rdmaneg_mono_us();
	if (rdma_connect(s->id, &cp)) {
		side_err(s, errno, "%s: %s", "rdma_connect");
		goto done;
	}
	if (get_event(s, RDMA_CM_EVENT_ESTABLISHED, TIMEOUT_MS, true, &ev))
		goto done;
	s->obs->us_connect = rdmaneg_mono_us() - tc;
	take_peer(ev, s->obs);
	rdma_ack_cm_event(ev);
	/* the core: decode the server's reply and negotiate, client role */
	rdmaneg_conn_negotiate(&conn, s->obs->pd_seen, s->obs->pd_seen_len, RDMANEG_DECODE_SEARCH);
	record(&conn, s->obs);
	s->obs->ok = true;
	/* not before the server's QP owns its socket (see the top) */
	if (strcmp(plant, "eager_send") != 0 &&
	    !rv_wait(s->rv, &s->rv->established, 1, TIMEOUT_MS)) {
		if (!s->obs->err[0])
			snprintf(s->obs->err, sizeof(s->obs->err),
				 "the server never reached ESTABLISHED");
		goto done;
	}
	/* negative control: one octet over what the server posted */
	sendlen = negative || oversize ? conn.peer_recv + 1 : conn.send_threshold;
	if (post_send(s, sendlen) == 0)
		reap(s, true, !negative, negative ? NEG_TIMEOUT_MS : TIMEOUT_MS,
		     (uint8_t)(s->pattern ^ 0xFF));
done:
	if (strcmp(plant, "early_disconnect") == 0) {
		/* the old protocol: disconnect as soon as our own are in */
		rv_done(s->rv, s->who);
	} else if (!rv_meet(s->rv, s->who, TIMEOUT_MS) && !s->obs->err[0]) {
		snprintf(s->obs->err, sizeof(s->obs->err), "server never finished its completions");
	}
	s->obs->us_met = rdmaneg_mono_us() - s->t0;
	finish(s);
	if (s->id)
		rdma_destroy_id(s->id);
	if (s->ec)
		rdma_destroy_event_channel(s->ec);
	s->obs->us_freed = rdmaneg_mono_us() - s->t0;
}

/* One attempt of one case; fills o. */
static void attempt(const struct live_case *c, const char *addr, int port, bool oversize,
		    struct live_obs *o)
{
	struct server_args sa;
	struct side cs;
	struct rendezvous rv;
	int ready[2];
	char b = 0;
	pthread_t th;
	int64_t t0 = rdmaneg_mono_us(), t0r = rdmaneg_real_us();
	bool negative = live_case_expect(c, transport) == EXPECT_NEGATIVE;

	o->port = port;
	rv_init(&rv);
	memset(&sa, 0, sizeof(sa));
	memset(&cs, 0, sizeof(cs));
	sa.c = c;
	sa.negative = negative;
	sa.sin.sin_family = AF_INET;
	sa.sin.sin_port = htons((uint16_t)port);
	inet_pton(AF_INET, addr, &sa.sin.sin_addr);
	sa.s = (struct side){ .who = 1,
			      .obs = &o->server,
			      .t0 = t0,
			      .rv = &rv,
			      .pattern = (uint8_t)(0x5A ^ o->seq) };
	cs = (struct side){ .who = 0,
			    .obs = &o->client,
			    .t0 = t0,
			    .rv = &rv,
			    .pattern = (uint8_t)(0xA5 ^ o->seq) };
	if (pipe(ready)) {
		snprintf(o->client.err, sizeof(o->client.err), "cannot make the ready pipe");
		rv_destroy(&rv);
		return;
	}
	/* before the thread starts: a server that wrote its "r" to fd 0 (the
	 * console) left this thread in read() for good, one boot in six */
	sa.ready_fd = ready[1];
	if (pthread_create(&th, NULL, server, &sa)) {
		snprintf(o->client.err, sizeof(o->client.err), "cannot start the server");
		close(ready[0]);
		close(ready[1]);
		rv_destroy(&rv);
		return;
	}
	(void)!read(ready[0], &b, 1);
	if (b == 'r')
		client(c, &sa.sin, negative, oversize, &cs);
	else
		rv_done(&rv, 0);
	pthread_join(th, NULL);
	close(ready[0]);
	close(ready[1]);
	rv_destroy(&rv);
	o->us_total = rdmaneg_mono_us() - t0;
	live_capture_claim(port, t0r, o);
}

/* ---- the kernel log, read after every attempt ---- */

static int kmsg_fd = -1;

static void klog_open(void)
{
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
}

/* The stall plant: the shape of the ready-pipe hang (see attempt), a
 * read() that nothing will ever answer, for the watchdog to name. */
static void stall_plant(void)
{
	int p[2];
	char b;

	printf("LIVE_PLANT stall: waiting in read() for good\n");
	fflush(stdout);
	if (pipe(p) == 0)
		(void)!read(p[0], &b, 1);
}

/* The klog_splat plant: a WARNING written into the kernel log, which the
 * report must flag (the kernel-log check's negative control). */
static void klog_plant(void)
{
	static const char *const lines[] = {
		"WARNING: CPU: 0 PID: 1 at live/main.c:1 rdmaneg_planted_warning+0x0/0x10\n",
		"Call Trace:\n",
		" rdmaneg_planted_warning+0x0/0x10\n",
		"---[ end trace 0000000000000000 ]---\n",
	};
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

	for (size_t i = 0; fd >= 0 && i < sizeof(lines) / sizeof(lines[0]); i++)
		(void)!write(fd, lines[i], strlen(lines[i]));
	if (fd >= 0)
		close(fd);
}

/* Every kernel message since the last call, one LIVE_KLOG record each. */
static void klog_drain(int64_t seq)
{
	char buf[2048];
	ssize_t n;

	if (kmsg_fd < 0)
		return;
	while ((n = read(kmsg_fd, buf, sizeof(buf) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		char *msg;

		if (n <= 0)
			continue; /* EPIPE: records were overwritten; go on */
		buf[n] = '\0';
		msg = strchr(buf, ';');
		msg = msg ? msg + 1 : buf;
		msg[strcspn(msg, "\n")] = '\0';
		rdmaneg_rec_begin(rec_out, "LIVE_KLOG");
		rdmaneg_rec_i64w(rec_out, "seq", seq);
		rdmaneg_rec_strw(rec_out, "line", msg);
		rdmaneg_rec_end(rec_out);
	}
}

/* ---- resource counts, from `rdma resource show` ---- */

static int res_snapshot(const char *phase)
{
	char *argv[] = { (char *)"rdma", (char *)"resource", (char *)"show", NULL };
	posix_spawn_file_actions_t fa;
	int p[2], st, found = 0;
	pid_t pid;
	FILE *f;
	char line[512];

	if (pipe(p))
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
	posix_spawn_file_actions_addclose(&fa, p[0]);
	if (posix_spawnp(&pid, "rdma", &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		close(p[0]);
		close(p[1]);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	f = fdopen(p[0], "r");
	while (f && fgets(line, sizeof(line), f)) {
		struct live_res r;

		if (live_res_parse(line, &r) == 0) {
			live_res_write(rec_out, phase, &r);
			found++;
		}
	}
	if (f)
		fclose(f);
	waitpid(pid, &st, 0);
	return found > 0 ? 0 : -1;
}

/* ---- the run ---- */

static int dev_ird_of(enum live_transport t)
{
	for (int i = 0; i < ndevs; i++)
		if ((devs[i].ctx->device->transport_type == IBV_TRANSPORT_IWARP) == (t == LIVE_SIW))
			return devs[i].max_rd_atom;
	return 16;
}

/* The n-th case of a soak: every fixed case, then random ones with a
 * fresh seed per round. */
static void soak_case(const struct live_run_opts *ro, int64_t n, int *case_no, uint64_t *seed)
{
	int per = LIVE_FIXED + ro->random_per_round;
	int64_t round = n / per;
	int k = (int)(n % per);

	*case_no = k;
	*seed = ro->seed + (uint64_t)round;
}

int live_loopback_run(const struct live_run_opts *ro)
{
	int64_t total = ro->soak > 0 ? ro->soak : ro->count, conn = 0;
	int passed = 0, failed = 0, flaky = 0;
	int64_t t_all = rdmaneg_mono_us();
	int dev_ird;

	rec_out = ro->rec;
	transport = ro->transport;
	plant = ro->plant ? ro->plant : "";
	if (devres_setup()) {
		fprintf(stderr, "rdmaneg-live: no RDMA device, or cannot allocate on it\n");
		return 2;
	}
	if (live_capture_open(false) && transport == LIVE_SIW)
		fprintf(stderr, "rdmaneg-live: cannot capture on lo: %s\n", strerror(errno));
	klog_open();
	dev_ird = dev_ird_of(transport);
	res_snapshot("start");
	for (int64_t seq = 0; seq < total; seq++) {
		struct live_case c;
		int case_no = ro->first + (int)seq;
		uint64_t seed = ro->seed;
		bool passed_once = false;

		if (ro->soak > 0)
			soak_case(ro, seq, &case_no, &seed);
		live_case_make(case_no, seed, &c);
		printf("LIVE_START %lld %s %s\n", (long long)seq, live_transport_name(transport),
		       c.name);
		fflush(stdout);
		for (int att = 1; att <= 2; att++) {
			struct live_obs o;
			struct live_expected e;
			struct live_verdict v;
			/* harness negative control: the first attempt of some cases fails */
			bool oversize =
				att == 1 && strcmp(plant, "flaky_once") == 0 && seq % 10 == 3;

			live_obs_init(&o);
			o.seq = seq;
			o.attempt = att;
			o.case_no = case_no;
			o.seed = seed;
			o.transport = transport;
			attempt(&c, ro->addr, LIVE_PORT_BASE + (int)(conn++ % 40000), oversize, &o);
			live_obs_write(rec_out, &o);
			if (seq == 1 && att == 1 && strcmp(plant, "klog_splat") == 0)
				klog_plant();
			if (seq == 1 && strcmp(plant, "stall") == 0)
				stall_plant();
			klog_drain(seq);
			live_expected_make(&c, transport, dev_ird, &e);
			if (live_judge(&c, &e, &o, &v)) {
				passed_once = true;
				att == 1 ? passed++ : flaky++;
				break;
			}
			printf("LIVE_FAIL %lld attempt %d: %s\n", (long long)seq, att,
			       v.verdict.detail);
			fflush(stdout);
		}
		if (!passed_once)
			failed++;
	}
	res_snapshot("end");
	live_capture_close();
	devres_free();
	klog_drain(-1);
	rdmaneg_rec_begin(rec_out, "LIVE_DONE");
	rdmaneg_rec_strw(rec_out, "transport", live_transport_name(transport));
	rdmaneg_rec_i64w(rec_out, "cases", total);
	rdmaneg_rec_i64w(rec_out, "connections", conn);
	rdmaneg_rec_i64w(rec_out, "passed", passed);
	rdmaneg_rec_i64w(rec_out, "flaky", flaky);
	rdmaneg_rec_i64w(rec_out, "failed", failed);
	rdmaneg_rec_i64w(rec_out, "us", rdmaneg_mono_us() - t_all);
	rdmaneg_rec_end(rec_out);
	printf("LIVE_DONE %s: %d passed, %d flaky, %d failed\n", live_transport_name(transport),
	       passed, flaky, failed);
	return failed || flaky ? 1 : 0;
}

int live_res_snapshot(FILE *rec, const char *phase)
{
	rec_out = rec;
	return res_snapshot(phase);
}
