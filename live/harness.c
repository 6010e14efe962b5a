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
 */
#define _GNU_SOURCE

#include "capture.h"
#include "cases.h"
#include "clock.h"
#include "endpoint.h"
#include "file.h"
#include "gcov.h"
#include "hex.h"
#include "judge.h"
#include "klog.h"
#include "nfs.h"
#include "nfspeer.h"
#include "obs.h"
#include "rdmaneg.h"
#include "record.h"
#include "report.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <pthread.h>
#include <rdma/rdma_cma.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
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
	/* the initiator sends first (RFC 5044, RFC 6581 sec. 4.3) */
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
		"WARNING: CPU: 0 PID: 1 at live/harness.c:1 rdmaneg_planted_warning+0x0/0x10\n",
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

struct run_opts {
	const char *addr;
	int first, count; /* fixed/random case numbers */
	uint64_t seed;
	int soak; /* > 0: this many cases, cycling */
	int random_per_round;
};

static int dev_ird_of(enum live_transport t)
{
	for (int i = 0; i < ndevs; i++)
		if ((devs[i].ctx->device->transport_type == IBV_TRANSPORT_IWARP) == (t == LIVE_SIW))
			return devs[i].max_rd_atom;
	return 16;
}

/* The n-th case of a soak: every fixed case, then random ones with a
 * fresh seed per round. */
static void soak_case(const struct run_opts *ro, int64_t n, int *case_no, uint64_t *seed)
{
	int per = LIVE_FIXED + ro->random_per_round;
	int64_t round = n / per;
	int k = (int)(n % per);

	*case_no = k;
	*seed = ro->seed + (uint64_t)round;
}

static int run(const struct run_opts *ro)
{
	int64_t total = ro->soak > 0 ? ro->soak : ro->count, conn = 0;
	int passed = 0, failed = 0, flaky = 0;
	int64_t t_all = rdmaneg_mono_us();
	int dev_ird;

	if (devres_setup()) {
		fprintf(stderr, "rdmaneg-live: no RDMA device, or cannot allocate on it\n");
		return 2;
	}
	if (live_capture_open() && transport == LIVE_SIW)
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
			printf("LIVE_FAIL %lld attempt %d: %s\n", (long long)seq, att, v.why);
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

/* Records go to a file or a serial line; a tty is put in raw mode so
 * nothing is translated on the way. */
static FILE *open_out(const char *path)
{
	FILE *f;
	int fd;
	struct termios t;

	if (strcmp(path, "-") == 0)
		return stdout;
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOCTTY | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	if (isatty(fd) && tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		cfsetospeed(&t, B115200);
		tcsetattr(fd, TCSANOW, &t);
	}
	f = fdopen(fd, "w");
	if (f)
		setvbuf(f, NULL, _IOLBF, 0);
	return f;
}

static int parse_int(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno || !*s || *end || *v < lo || *v > hi ? -1 : 0;
}

static void print_verbs(FILE *f);

static int usage(const char *why)
{
	if (why)
		fprintf(stderr, "rdmaneg-live: %s\n", why);
	print_verbs(stderr);
	return 2;
}

static int cmd_run(int argc, char **argv)
{
	struct run_opts ro = { NULL, 0, LIVE_FIXED, 1, 0, 8 };
	const char *out = "-";
	int rc;

	for (int i = 2; i < argc; i += 2) {
		const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		long long x = 0;

		if (!v)
			return usage("an option is missing its value");
		if (strcmp(k, "--addr") == 0) {
			struct in_addr a;

			if (inet_pton(AF_INET, v, &a) != 1)
				return usage("--addr takes an IPv4 address");
			ro.addr = v;
		} else if (strcmp(k, "--transport") == 0) {
			if (live_transport_parse(v, &transport))
				return usage("--transport is siw or rxe");
		} else if (strcmp(k, "--out") == 0) {
			out = v;
		} else if (strcmp(k, "--plant") == 0) {
			const struct live_plant *p = live_plant_find(v);

			if (*v && (!p || !p->harness))
				return usage(
					"--plant: not one of the harness's plants (rdmaneg-live "
					"plants)");
			plant = v;
		} else if (parse_int(v, 0, 1000000000, &x)) {
			return usage("a number is out of range");
		} else if (strcmp(k, "--first") == 0) {
			ro.first = (int)x;
		} else if (strcmp(k, "--count") == 0) {
			ro.count = (int)x;
		} else if (strcmp(k, "--seed") == 0) {
			ro.seed = (uint64_t)x;
		} else if (strcmp(k, "--soak") == 0) {
			ro.soak = (int)x;
		} else if (strcmp(k, "--random-per-round") == 0) {
			ro.random_per_round = (int)x;
		} else {
			return usage("unknown option");
		}
	}
	if (!ro.addr)
		return usage("--addr is required");
	rec_out = open_out(out);
	if (!rec_out) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", out, strerror(errno));
		return 2;
	}
	rc = run(&ro);
	if (rec_out != stdout)
		fclose(rec_out);
	return rc;
}

/* listen|connect --addr A --port P --log FILE */
static int cmd_endpoint(int argc, char **argv)
{
	(void)argc; /* 8: the verb table checked it */
	long long port = 0;
	struct in_addr a;
	FILE *log;
	int rc;

	if (strcmp(argv[2], "--addr") != 0 || strcmp(argv[4], "--port") != 0 ||
	    strcmp(argv[6], "--log") != 0)
		return usage("listen|connect --addr A --port P --log FILE");
	if (inet_pton(AF_INET, argv[3], &a) != 1)
		return usage("--addr takes an IPv4 address");
	if (parse_int(argv[5], 1, 65535, &port))
		return usage("--port is 1..65535");
	log = fopen(argv[7], "a");
	if (!log) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", argv[7], strerror(errno));
		return 2;
	}
	rc = strcmp(argv[1], "listen") == 0 ? live_endpoint_listen(argv[3], (int)port, log)
					    : live_endpoint_connect(argv[3], (int)port, log);
	fclose(log);
	return rc;
}

/* splats FILE: "title<TAB>rip" per splat, in order; the campaign groups
 * its findings by title, syzbot-style */
static int cmd_splats(int argc, char **argv)
{
	const char *path = argv[argc - 1];
	static char text[4 << 20];
	static struct rdmaneg_splat sp[64];
	FILE *f = fopen(path, "rb");
	size_t n, found;

	if (!f) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", path, strerror(errno));
		return 2;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	found = rdmaneg_klog_scan(text, n, sp, sizeof(sp) / sizeof(sp[0]));
	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++)
		printf("%s\t%s\n", sp[i].title, sp[i].rip[0] ? sp[i].rip : "-");
	return found ? 0 : 1;
}

/* A whole file, NUL-terminated, in a malloc'd buffer; NULL on failure. */
static char *slurp(const char *path, size_t *len)
{
	*len = 0;
	return rdmaneg_read_file(path, SIZE_MAX - 1, len, NULL);
}

/* nfs-client --addr A --port P [--random N --seed S --budget SEC --gcov DIR
 * --guided --only-random]: the hostile NFS client (live/nfspeer.h) */
static int cmd_nfs_client(int argc, char **argv)
{
	static const char *const use = "nfs-client --addr A --port P (1..65535) [--case NAME] "
				       "[--random N] [--seed S] [--budget SEC] [--gcov DIR] "
				       "[--guided] [--only-random]";
	struct live_nfs_client_opts o;
	const char *addr = NULL;
	long long port = 0, v = 0;

	memset(&o, 0, sizeof(o));
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--guided") == 0) {
			o.guided = true;
			continue;
		}
		if (strcmp(a, "--only-random") == 0) {
			o.only_random = true;
			continue;
		}
		if (!val)
			return usage(use);
		i++;
		if (strcmp(a, "--addr") == 0)
			addr = val;
		else if (strcmp(a, "--case") == 0 && live_nfs_case_find(val) >= 0)
			o.only = val;
		else if (strcmp(a, "--gcov") == 0)
			o.gcov = val;
		else if (strcmp(a, "--port") == 0 && !parse_int(val, 1, 65535, &port))
			continue;
		else if (strcmp(a, "--random") == 0 && !parse_int(val, 0, 1000000, &v))
			o.random = (unsigned long)v;
		else if (strcmp(a, "--seed") == 0 && !parse_int(val, 0, 4294967295LL, &v))
			o.seed = (unsigned long)v;
		else if (strcmp(a, "--budget") == 0 && !parse_int(val, 0, 86400, &v))
			o.budget = (unsigned long)v;
		else
			return usage(use);
	}
	if (!addr || port == 0)
		return usage(use);
	if (o.guided && (!o.gcov || o.random == 0))
		return usage("nfs-client: --guided needs --gcov DIR and --random N");
	if (o.only_random && o.random == 0)
		return usage("nfs-client: --only-random needs --random N");
	if (o.only && o.random)
		return usage("nfs-client: --case runs one table case, without --random");
	return live_nfs_client(addr, (int)port, &o, stdout);
}

/* capture --port P --ready FILE: every MPA Request and Reply to or from
 * port P, as "LIVE_NFS_FRAME SPORT DPORT HEX" lines as they arrive, until
 * SIGTERM (the NFS suite: the kernel is both ends). FILE appears once the
 * packet socket is open. */
static volatile sig_atomic_t capture_stop;

static void capture_on_term(int sig)
{
	(void)sig;
	capture_stop = 1;
}

static int cmd_capture(int argc, char **argv)
{
	static struct live_obs o;
	struct sigaction sa;
	long long port = 0;
	FILE *ready;

	if (argc != 6 || strcmp(argv[2], "--port") != 0 || parse_int(argv[3], 1, 65535, &port) ||
	    strcmp(argv[4], "--ready") != 0)
		return usage("capture --port P (1..65535) --ready FILE");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = capture_on_term;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	if (live_capture_open()) {
		fprintf(stderr, "rdmaneg-live capture: cannot open the packet socket: %s\n",
			strerror(errno));
		return 2;
	}
	/* the socket is open: a caller waits for this file, not a sleep */
	ready = fopen(argv[5], "w");
	if (!ready || fclose(ready) != 0) {
		fprintf(stderr, "rdmaneg-live capture: cannot write %s\n", argv[5]);
		live_capture_close();
		return 2;
	}
	for (int last = 0; !last;) {
		last = capture_stop; /* one more pass after the signal */
		live_obs_init(&o);
		live_capture_claim((int)port, 0, &o);
		for (size_t i = 0; i < o.nframes; i++) {
			printf("LIVE_NFS_FRAME %u %u ", o.frame[i].sport, o.frame[i].dport);
			rdmaneg_hex_print(stdout, o.frame[i].b, o.frame[i].len);
			printf("\n");
		}
		fflush(stdout);
		if (!last)
			poll(NULL, 0, 50);
	}
	live_capture_close();
	return 0;
}

/* nfs CONSOLE [--json FILE]: make live-nfs's verdict (live/nfs.c): per
 * connection what each kernel side sent, the RFC column against the core
 * and Linux, every divergence; the same as JSON into FILE. Exit 1 when the
 * run measured nothing (a step failed, a frame or trace line missing) or
 * the core disagrees with the RFC column, 0 otherwise: divergences of
 * Linux are findings. */
static int cmd_nfs(int argc, char **argv)
{
	static struct live_nfs r;
	static struct live_nfs_verdict v;
	size_t len;
	char *con, why[256];
	int rc = 0;

	if (argc != 3 && (argc != 5 || strcmp(argv[3], "--json") != 0))
		return usage("nfs CONSOLE [--json FILE]");
	con = slurp(argv[2], &len);
	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[2]);
		return 2;
	}
	live_nfs_read(con, len, &r);
	live_nfs_judge(&r, &v);
	live_nfs_print(stdout, &r, &v);
	live_nfs_splats(stdout, con, len);
	if (argc == 5) {
		FILE *j = fopen(argv[4], "w");

		if (j)
			live_nfs_json(j, &r, &v, con, len);
		if (!j || fclose(j) != 0) {
			fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[4]);
			rc = 2;
		}
	}
	free(con);
	if (rc)
		return rc;
	if (live_nfs_broken(&r, why, sizeof(why))) {
		printf("live-nfs: FAILED: %s\n", why);
		return 1;
	}
	if (v.ncore) {
		printf("live-nfs: FAILED: the core disagrees with the RFC column in %zu place(s)\n",
		       v.ncore);
		return 1;
	}
	printf("live-nfs: %zu connection(s) measured, %zu divergence(s) from RFC 8797\n", r.nconn,
	       v.ndiv);
	return 0;
}

/* nfs-case NAME: the index of the hostile case NAME (exit 2, with every
 * name, when there is none) */
static int cmd_nfs_case(int argc, char **argv)
{
	const char *name = argv[argc - 1];
	long k = live_nfs_case_find(name);
	struct live_nfs_case c;

	if (k >= 0)
		return printf("%ld\n", k) < 0;
	fprintf(stderr, "rdmaneg-live: no NFS case '%s'; the cases:", name);
	for (size_t i = 0; live_nfs_case(i, &c); i++)
		fprintf(stderr, " %s", c.name);
	fprintf(stderr, "\n");
	return 2;
}

/* gcov SUITE INFO: the debug kernel's coverage of the files a hostile peer
 * aims at, from lcov's tracefile of one suite (live/gcov.sh). Exit 1 when
 * the tracefile names none of them or does not parse. */
static int cmd_gcov(int argc, char **argv)
{
	const char *suite = argv[argc - 2], *info_path = argv[argc - 1];
	struct live_gcov_file files[16];
	size_t len, n = live_gcov_report_files(files, 16), bad;
	char *info = slurp(info_path, &len);

	if (!info) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", info_path);
		return 2;
	}
	bad = live_gcov_info(info, len, files, n);
	free(info);
	if (live_gcov_print(stdout, suite, files, n) == 0 || bad) {
		printf("live: FAILED: kernel coverage: %zu line(s) of %s did not parse, %s\n", bad,
		       info_path, "or it names none of the files");
		return 1;
	}
	return 0;
}

/* arcs UNGUIDED GUIDED: the debug kernel's arcs the peer reached over
 * time in two consoles (--gcov, the second --guided), every 10 s. Exit 1
 * when either holds no sample. */
static int cmd_arcs(int argc, char **argv)
{
	const char *unguided_path = argv[argc - 2], *guided_path = argv[argc - 1];
	static struct live_arcs u, g;
	size_t ul, gl;
	char *ut = slurp(unguided_path, &ul), *gt = slurp(guided_path, &gl);
	int rc = 0;

	if (!ut || !gt) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", ut ? guided_path : unguided_path);
		free(ut);
		free(gt);
		return 2;
	}
	if (live_arcs_read(ut, ul, &u) == 0 || live_arcs_read(gt, gl, &g) == 0) {
		printf("live: FAILED: no PEER_ARCS samples in %s\n",
		       u.n == 0 ? unguided_path : guided_path);
		rc = 1;
	} else {
		live_arcs_print(stdout, &u, &g, 10000);
	}
	free(ut);
	free(gt);
	return rc;
}

/* stacks CONSOLE: where each rdmaneg-* task of a guest that did not
 * finish was waiting, from the SysRq-t dump that init.sh's watchdog
 * writes before qemu.sh's timeout. Exit 1 when the log holds none. */
static int cmd_stacks(int argc, char **argv)
{
	const char *console_path = argv[argc - 1];
	size_t len, n;
	char *con = slurp(console_path, &len);
	static char out[1 << 16];

	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", console_path);
		return 2;
	}
	n = rdmaneg_klog_task_stacks(con, len, "rdmaneg-", out, sizeof(out));
	free(con);
	fputs(out, stdout);
	return n ? 0 : 1;
}

/* rips MAP CONSOLE QEMULOG: each vCPU's RIP from the monitor's "info
 * registers -a" in QEMULOG, named from System.map and the guest's
 * LIVE_MODULE lines (its /proc/modules) in CONSOLE: where a frozen guest
 * is. Exit 1 when the log holds no RIP. */
static int cmd_rips(int argc, char **argv)
{
	const char *map_path = argv[argc - 3], *console_path = argv[argc - 2],
		   *qlog_path = argv[argc - 1];
	size_t map_len, con_len, q_len, mods_len = 0, found = 0;
	char *map = slurp(map_path, &map_len), *con = slurp(console_path, &con_len);
	char *q = slurp(qlog_path, &q_len), *mods = con ? malloc(con_len + 1) : NULL;
	const char *p;
	int cpu = -1;

	if (!q) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", qlog_path);
		free(map);
		free(con);
		free(mods);
		return 2;
	}
	for (p = con; p && mods && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);

		if (strncmp(p, "LIVE_MODULE ", 12) == 0) {
			memcpy(mods + mods_len, p + 12, n - 12);
			mods_len += n - 12;
		}
		p += n;
	}
	for (p = q; *p; p++) {
		unsigned long long rip;
		char sym[128];

		if (strncmp(p, "CPU#", 4) == 0)
			cpu = (int)strtol(p + 4, NULL, 10);
		if (strncmp(p, "RIP=", 4) != 0 || !isxdigit((unsigned char)p[4]))
			continue;
		rip = strtoull(p + 4, NULL, 16);
		rdmaneg_klog_symbol(map, map_len, mods, mods_len, (uint64_t)rip, sym, sizeof(sym));
		printf("CPU#%d RIP=%016llx %s\n", cpu, rip, sym);
		found++;
	}
	free(map);
	free(con);
	free(q);
	free(mods);
	return found ? 0 : 1;
}

/* ---- the verbs: one table for dispatch and help ---- */

static int verb_report(int argc, char **argv)
{
	return live_report_main(argc - 1, argv + 1);
}

static int verb_res(int argc, char **argv)
{
	if (argc == 4 || (argc == 5 && strcmp(argv[3], "--out") != 0))
		return usage("res PHASE [--out FILE]");
	rec_out = open_out(argc == 5 ? argv[4] : "-");
	if (!rec_out)
		return usage("cannot open the output");
	return res_snapshot(argv[2]) ? 1 : 0;
}

static int verb_nfs_facts(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d %d %zu\n", LIVE_NFS_PORT, LIVE_NFS_SERVER_PORT, live_nfs_case_count()) <
	       0;
}

static int verb_nfs_server(int argc, char **argv)
{
	long long port = 0, k = 0;

	if (argc != 8 || strcmp(argv[2], "--addr") != 0 || strcmp(argv[4], "--port") != 0 ||
	    parse_int(argv[5], 1, 65535, &port) || strcmp(argv[6], "--case") != 0 ||
	    parse_int(argv[7], 0, (long long)live_nfs_case_count() - 1, &k))
		return usage("nfs-server --addr A --port P --case K (0..cases-1)");
	return live_nfs_server(argv[3], (int)port, (size_t)k, stdout);
}

static int verb_fixed(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d\n", LIVE_FIXED) < 0;
}

static int verb_plants(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	for (const struct live_plant *p = live_plants; p->name; p++)
		printf("%s %s %s\n", p->name, p->harness ? "harness" : "guest", p->what);
	return fflush(stdout) != 0;
}

static int verb_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	print_verbs(stdout);
	return fflush(stdout) != 0;
}

/* argc counts the program and the verb; max_argc 0: no upper bound. The
 * help text is each verb's synopsis, in this order. */
static const struct verb {
	const char *name;
	int min_argc, max_argc;
	int (*run)(int argc, char **argv);
	const char *synopsis;
} verbs[] = {
	{ "run", 2, 0, cmd_run,
	  "run --addr A [--transport siw|rxe] [--first N] [--count N]\n"
	  "    [--seed S] [--soak N] [--random-per-round N]\n"
	  "    [--out FILE] [--plant NAME]   (rdmaneg-live plants)" },
	{ "res", 3, 5, verb_res, "res PHASE [--out FILE]" },
	{ "report", 2, 0, verb_report,
	  "report --records FILE [--console FILE] [--out DIR]\n"
	  "    [--tshark CSV] [--frames DIR] [--quiet-passes]" },
	{ "fixed", 2, 2, verb_fixed, "fixed" },
	{ "plants", 2, 2, verb_plants,
	  "plants   the negative controls (LIVE_PLANT), one per line: name,\n"
	  "    harness|guest, what it does" },
	{ "rips", 5, 5, cmd_rips,
	  "rips MAP CONSOLE QEMULOG   each vCPU's RIP in a hung guest, named from System.map" },
	{ "capture", 2, 0, cmd_capture,
	  "capture --port P --ready FILE   every MPA Request and Reply to or from\n"
	  "    port P, one line each, until SIGTERM; FILE once it listens" },
	{ "nfs-client", 2, 0, cmd_nfs_client,
	  "nfs-client --addr A --port P   the hostile NFS/RDMA client's cases against\n"
	  "    nfsd (live/nfspeer.c);\n"
	  "    [--case NAME]     that table case alone\n"
	  "    [--random N --seed S --budget SEC]  then N mutated ones\n"
	  "    [--gcov DIR [--guided]]  the debug kernel's arcs after each;\n"
	  "                      guided: mutate what reached new arcs\n"
	  "    [--only-random]   without the table" },
	{ "nfs-facts", 2, 2, verb_nfs_facts,
	  "nfs-facts   nfsd's port, the hostile server's first port and the number\n"
	  "    of hostile cases" },
	{ "nfs-server", 2, 0, verb_nfs_server,
	  "nfs-server --addr A --port P --case K   case K's private data to the\n"
	  "    kernel NFS client (live/nfspeer.c)" },
	{ "nfs-case", 3, 3, cmd_nfs_case, "nfs-case NAME   the index of hostile case NAME" },
	{ "nfs", 2, 0, cmd_nfs,
	  "nfs FILE [--json OUT]   make live-nfs's tables and divergences from its\n"
	  "    console log (exit 1: nothing measured, or the core disagrees)" },
	{ "stacks", 3, 3, cmd_stacks,
	  "stacks FILE   from the watchdog's SysRq-t dump in a console log, the\n"
	  "    stack of every rdmaneg-* task (exit 1: none)" },
	{ "splats", 3, 3, cmd_splats,
	  "splats FILE   the kernel splats in a console log, one per line: title,\n"
	  "    then RIP (exit 1: none)" },
	{ "gcov", 4, 4, cmd_gcov,
	  "gcov SUITE INFO   the debug kernel's lines and branches reached per file,\n"
	  "    from lcov's tracefile (exit 1: none of the files, or torn)" },
	{ "arcs", 4, 4, cmd_arcs,
	  "arcs UNGUIDED GUIDED   the kernel arcs two peer runs reached over time\n"
	  "    (make live-guided; exit 1: no samples)" },
	{ "listen", 8, 8, cmd_endpoint,
	  "listen|connect --addr A --port P --log FILE   the ULP endpoint\n"
	  "    rdmaneg-peer tests siw through" },
	{ "connect", 8, 8, cmd_endpoint, NULL },
	{ "help", 2, 2, verb_help, "help, --help   this text" },
	{ "--help", 2, 2, verb_help, NULL },
};

static void print_verbs(FILE *f)
{
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		const char *s = verbs[i].synopsis;

		if (!s)
			continue;
		fputs(i == 0 ? "usage: rdmaneg-live " : "       rdmaneg-live ", f);
		for (; *s; s++) {
			fputc(*s, f);
			if (*s == '\n')
				fputs("                   ", f);
		}
		fputc('\n', f);
	}
	fputs("Exit 0 when every case passed, 1 when one failed, 2 on a usage error.\n", f);
}

int main(int argc, char **argv)
{
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2)
		return usage(NULL);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		const struct verb *v = &verbs[i];

		if (strcmp(argv[1], v->name) != 0)
			continue;
		if (argc < v->min_argc || (v->max_argc && argc > v->max_argc))
			return usage("wrong number of arguments");
		return v->run(argc, argv);
	}
	return usage("unknown command");
}
