/*
 * rdmaneg-live: real rdma_cm connections over siw carrying the core's
 * private data, with the negotiated thresholds proven by real Sends.
 *
 *   rdmaneg-live run ADDR FIRST_CASE COUNT SEED   cases, one JSON line each
 *   rdmaneg-live pcap FILE                        decode captured MPA frames
 *   rdmaneg-live fixed                            number of fixed cases
 *
 * Per case a thread is the server and the main thread the client (not a
 * forked child: librdmacm caches device contexts per process, and uverbs
 * refuses writes on a descriptor opened under other credentials). Each
 * side posts one Receive of exactly its advertised receive size, then
 * sends one message of exactly its negotiated send threshold; all four
 * completions must succeed. In the negative control the client sends one
 * octet more than the server's receive size, and that must fail.
 */
#define _GNU_SOURCE

#include "cases.h"
#include "pcap.h"
#include "rdmaneg.h"
#include "rules.h"

#include <arpa/inet.h>
#include <errno.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define PORT_BASE 18515
#define TIMEOUT_MS 8000

struct side_result {
	int ok;                  /* reached the Send phase */
	char err[160];
	size_t send_threshold, recv_threshold;
	int remote_invalidation;
	int peer_present;
	size_t posted_recv;      /* octets of the posted Receive */
	size_t sent;             /* octets sent */
	int send_status, recv_status;   /* ibv_wc_status, -1 none */
	size_t recv_len;
	int ird_seen, ord_seen;  /* rdma_conn_param as rdma_cm reported it */
	int disconnected;
	long long us_connect;    /* connect/accept to ESTABLISHED */
};

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int get_event(struct rdma_event_channel *ec, enum rdma_cm_event_type want,
		     struct rdma_cm_event **out, char *err, size_t errlen)
{
	struct pollfd p = { ec->fd, POLLIN, 0 };
	struct rdma_cm_event *ev;

	if (poll(&p, 1, TIMEOUT_MS) <= 0) {
		snprintf(err, errlen, "timeout waiting for %s", rdma_event_str(want));
		return -1;
	}
	if (rdma_get_cm_event(ec, &ev)) {
		snprintf(err, errlen, "rdma_get_cm_event: %s", strerror(errno));
		return -1;
	}
	if (ev->event != want) {
		snprintf(err, errlen, "got %s (status %d), wanted %s", rdma_event_str(ev->event),
			 ev->status, rdma_event_str(want));
		rdma_ack_cm_event(ev);
		return -1;
	}
	*out = ev;
	return 0;
}

struct conn_res {
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;
	uint8_t *buf;
	size_t buflen;
};

static int setup_qp(struct rdma_cm_id *id, struct conn_res *r, size_t buflen, char *err,
		    size_t errlen)
{
	struct ibv_qp_init_attr qa;

	memset(r, 0, sizeof(*r));
	r->pd = ibv_alloc_pd(id->verbs);
	r->cq = r->pd ? ibv_create_cq(id->verbs, 16, NULL, NULL, 0) : NULL;
	if (!r->cq) {
		snprintf(err, errlen, "pd/cq: %s", strerror(errno));
		return -1;
	}
	memset(&qa, 0, sizeof(qa));
	qa.send_cq = qa.recv_cq = r->cq;
	qa.qp_type = IBV_QPT_RC;
	qa.cap.max_send_wr = qa.cap.max_recv_wr = 4;
	qa.cap.max_send_sge = qa.cap.max_recv_sge = 1;
	if (rdma_create_qp(id, r->pd, &qa)) {
		snprintf(err, errlen, "rdma_create_qp: %s", strerror(errno));
		return -1;
	}
	r->buflen = buflen;
	r->buf = calloc(1, buflen);
	r->mr = r->buf ? ibv_reg_mr(r->pd, r->buf, buflen, IBV_ACCESS_LOCAL_WRITE) : NULL;
	if (!r->mr) {
		snprintf(err, errlen, "ibv_reg_mr(%zu): %s", buflen, strerror(errno));
		return -1;
	}
	return 0;
}

static void teardown(struct rdma_cm_id *id, struct conn_res *r)
{
	if (id && id->qp)
		rdma_destroy_qp(id);
	if (r->mr)
		ibv_dereg_mr(r->mr);
	free(r->buf);
	if (r->cq)
		ibv_destroy_cq(r->cq);
	if (r->pd)
		ibv_dealloc_pd(r->pd);
}

static int post_recv(struct rdma_cm_id *id, struct conn_res *r, size_t len)
{
	struct ibv_sge sge = { (uintptr_t)r->buf, (uint32_t)len, r->mr->lkey };
	struct ibv_recv_wr wr = { 1, NULL, &sge, 1 }, *bad;

	return ibv_post_recv(id->qp, &wr, &bad);
}

static int post_send(struct rdma_cm_id *id, struct conn_res *r, size_t len)
{
	struct ibv_sge sge = { (uintptr_t)r->buf, (uint32_t)len, r->mr->lkey };
	struct ibv_send_wr wr, *bad;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = 2;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = IBV_SEND_SIGNALED;
	memset(r->buf, 0xA5, len);
	return ibv_post_send(id->qp, &wr, &bad);
}

/* Waits for the wanted completions: send (wr_id 2), receive (wr_id 1). */
static void reap(struct conn_res *r, struct side_result *s, int want_send, int want_recv, int ms)
{
	long long end = now_us() + (long long)ms * 1000;
	struct ibv_wc wc;

	while (((want_send && s->send_status < 0) || (want_recv && s->recv_status < 0)) &&
	       now_us() < end) {
		int n = ibv_poll_cq(r->cq, 1, &wc);

		if (n <= 0) {
			usleep(100);
			continue;
		}
		if (wc.wr_id == 2) {
			s->send_status = wc.status;
		} else {
			s->recv_status = wc.status;
			s->recv_len = wc.status == IBV_WC_SUCCESS ? wc.byte_len : 0;
		}
	}
}

/* What one side actually advertises, and the settings it then lives by:
 * a side sending raw octets is a legacy peer unless the reference
 * decoder finds a valid message in them (RFC 8797 sec. 5.1, 5.2). */
static void side_setup(const struct live_side *ls, uint8_t *pd, size_t *pdlen,
		       struct rdmaneg_rpcrdma_settings *eff)
{
	struct rdmaneg_rpcrdma_result r;
	long at;

	*pdlen = live_side_pd(ls, pd);
	eff->send_size = ls->send;
	eff->recv_size = ls->recv;
	eff->remote_invalidation = ls->r;
	if (ls->mode == PD_CORE)
		return;
	at = rdmaneg_ref_find(pd, *pdlen);
	if (at >= 0 && rdmaneg_rpcrdma_decode(pd + at, 8, RDMANEG_DECODE_STRICT, &r) == 0) {
		eff->send_size = r.send_size;
		eff->recv_size = r.recv_size;
		eff->remote_invalidation = r.remote_invalidation;
	} else {
		eff->send_size = eff->recv_size = RDMANEG_INLINE_MIN;
		eff->remote_invalidation = false;
	}
}

/* QP, buffer, and the one Receive of exactly the advertised size. */
static int prepare(struct rdma_cm_id *id, struct conn_res *r, struct side_result *s)
{
	if (setup_qp(id, r, RDMANEG_INLINE_MAX + 4096, s->err, sizeof(s->err)))
		return -1;
	if (post_recv(id, r, s->posted_recv)) {
		snprintf(s->err, sizeof(s->err), "post_recv: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static void conn_params(struct rdma_conn_param *cp, const uint8_t *pd, size_t pdlen,
			uint8_t ird, uint8_t ord)
{
	memset(cp, 0, sizeof(*cp));
	cp->private_data = pdlen ? pd : NULL;
	cp->private_data_len = (uint8_t)pdlen;
	cp->responder_resources = ird;
	cp->initiator_depth = ord;
}

/* What the core negotiated, into the side's result. */
static void record(const struct rdmaneg_conn *conn, struct side_result *s)
{
	s->send_threshold = conn->send_threshold;
	s->recv_threshold = conn->recv_threshold;
	s->remote_invalidation = conn->remote_invalidation;
	s->peer_present = conn->peer.present;
}

static void set_addr(struct sockaddr_in *sin, const char *addr, int port)
{
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_port = htons((uint16_t)port);
	inet_pton(AF_INET, addr, &sin->sin_addr);
}

/* The peer's private data and IRD/ORD, as rdma_cm hands them up. */
static size_t take_peer(const struct rdma_cm_event *ev, uint8_t *peer, size_t cap,
			struct side_result *s)
{
	size_t n = ev->param.conn.private_data_len;

	if (n > cap)
		n = cap;
	memcpy(peer, ev->param.conn.private_data, n);
	s->ird_seen = ev->param.conn.responder_resources;
	s->ord_seen = ev->param.conn.initiator_depth;
	return n;
}

static void put_result(FILE *f, const char *who, const struct side_result *s)
{
	fprintf(f, "\"%s\":{\"ok\":%d,\"err\":\"%s\",\"send_threshold\":%zu,\"recv_threshold\":%zu,"
		"\"remote_invalidation\":%d,\"peer_present\":%d,\"posted_recv\":%zu,\"sent\":%zu,"
		"\"send_status\":%d,\"recv_status\":%d,\"recv_len\":%zu,\"ird_seen\":%d,"
		"\"ord_seen\":%d,\"disconnected\":%d,\"us_connect\":%lld}",
		who, s->ok, s->err, s->send_threshold, s->recv_threshold, s->remote_invalidation,
		s->peer_present, s->posted_recv, s->sent, s->send_status, s->recv_status,
		s->recv_len, s->ird_seen, s->ord_seen, s->disconnected, s->us_connect);
}

struct server_args {
	const struct live_case *c;
	const char *addr;
	int port;
	int ready_fd;
	struct side_result s;
};

static void *server(void *arg)
{
	struct server_args *a = arg;
	const struct live_case *c = a->c;
	const char *addr = a->addr;
	int port = a->port, ready_fd = a->ready_fd;
	struct side_result s;
	struct rdma_event_channel *ec = rdma_create_event_channel();
	struct rdma_cm_id *lid = NULL, *id = NULL;
	struct rdma_cm_event *ev;
	struct sockaddr_in sin;
	struct rdma_conn_param cp;
	struct rdmaneg_rpcrdma_settings eff;
	struct rdmaneg_conn conn;
	struct conn_res r;
	uint8_t pd[256], peer[256];
	size_t pdlen, peerlen, sendlen;
	long long t0;

	memset(&s, 0, sizeof(s));
	memset(&r, 0, sizeof(r));
	side_setup(&c->server, pd, &pdlen, &eff);
	set_addr(&sin, addr, port);
	if (!ec || rdma_create_id(ec, &lid, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(lid, (struct sockaddr *)&sin) || rdma_listen(lid, 1)) {
		snprintf(s.err, sizeof(s.err), "listen: %s", strerror(errno));
		(void)!write(ready_fd, "x", 1);
		goto done;
	}
	(void)!write(ready_fd, "r", 1);
	if (get_event(ec, RDMA_CM_EVENT_CONNECT_REQUEST, &ev, s.err, sizeof(s.err)))
		goto done;
	t0 = now_us();
	id = ev->id;
	peerlen = take_peer(ev, peer, sizeof(peer), &s);
	rdma_ack_cm_event(ev);
	/* the core: decode what the client sent and negotiate, server role */
	rdmaneg_conn_init(&conn, RDMANEG_ROLE_SERVER, &eff);
	rdmaneg_conn_negotiate(&conn, peer, peerlen, RDMANEG_DECODE_SEARCH);
	record(&conn, &s);
	s.posted_recv = conn.local.recv_size;
	sendlen = conn.send_threshold;
	if (prepare(id, &r, &s))
		goto done;
	conn_params(&cp, pd, pdlen, c->s_ird, c->s_ord);
	if (rdma_accept(id, &cp)) {
		snprintf(s.err, sizeof(s.err), "rdma_accept: %s", strerror(errno));
		goto done;
	}
	if (get_event(ec, RDMA_CM_EVENT_ESTABLISHED, &ev, s.err, sizeof(s.err)))
		goto done;
	rdma_ack_cm_event(ev);
	s.us_connect = now_us() - t0;
	s.ok = 1;
	s.send_status = s.recv_status = -1;
	/* client-server model (RFC 5044, RFC 6581 sec. 4.3): the initiator
	 * sends first, so the server answers after it has received */
	reap(&r, &s, 0, 1, c->negative ? 3000 : TIMEOUT_MS);
	if (!c->negative && s.recv_status == IBV_WC_SUCCESS) {
		if (post_send(id, &r, sendlen))
			snprintf(s.err, sizeof(s.err), "post_send: %s", strerror(errno));
		else
			s.sent = sendlen;
		reap(&r, &s, 1, 0, TIMEOUT_MS);
	}
	{
		struct pollfd p = { ec->fd, POLLIN, 0 };

		if (poll(&p, 1, c->negative ? 500 : 0) > 0 && rdma_get_cm_event(ec, &ev) == 0) {
			s.disconnected = ev->event == RDMA_CM_EVENT_DISCONNECTED;
			rdma_ack_cm_event(ev);
		}
	}
	rdma_disconnect(id);
done:
	teardown(id, &r);
	if (id)
		rdma_destroy_id(id);
	if (lid)
		rdma_destroy_id(lid);
	if (ec)
		rdma_destroy_event_channel(ec);
	a->s = s;
	return NULL;
}

static void client(const struct live_case *c, const char *addr, int port, struct side_result *s)
{
	struct rdma_event_channel *ec = rdma_create_event_channel();
	struct rdma_cm_id *id = NULL;
	struct rdma_cm_event *ev;
	struct sockaddr_in sin;
	struct rdma_conn_param cp;
	struct rdmaneg_rpcrdma_settings eff;
	struct rdmaneg_conn conn;
	struct conn_res r;
	uint8_t pd[256], peer[256];
	size_t pdlen, peerlen, sendlen;
	long long t0;

	memset(s, 0, sizeof(*s));
	memset(&r, 0, sizeof(r));
	side_setup(&c->client, pd, &pdlen, &eff);
	set_addr(&sin, addr, port);
	if (!ec || rdma_create_id(ec, &id, NULL, RDMA_PS_TCP) ||
	    rdma_resolve_addr(id, NULL, (struct sockaddr *)&sin, 2000)) {
		snprintf(s->err, sizeof(s->err), "resolve_addr: %s", strerror(errno));
		goto done;
	}
	if (get_event(ec, RDMA_CM_EVENT_ADDR_RESOLVED, &ev, s->err, sizeof(s->err)))
		goto done;
	rdma_ack_cm_event(ev);
	if (rdma_resolve_route(id, 2000) ||
	    get_event(ec, RDMA_CM_EVENT_ROUTE_RESOLVED, &ev, s->err, sizeof(s->err)))
		goto done;
	rdma_ack_cm_event(ev);
	rdmaneg_conn_init(&conn, RDMANEG_ROLE_CLIENT, &eff);
	s->posted_recv = conn.local.recv_size;
	if (prepare(id, &r, s))
		goto done;
	conn_params(&cp, pd, pdlen, c->c_ird, c->c_ord);
	t0 = now_us();
	if (rdma_connect(id, &cp)) {
		snprintf(s->err, sizeof(s->err), "rdma_connect: %s", strerror(errno));
		goto done;
	}
	if (get_event(ec, RDMA_CM_EVENT_ESTABLISHED, &ev, s->err, sizeof(s->err)))
		goto done;
	s->us_connect = now_us() - t0;
	peerlen = take_peer(ev, peer, sizeof(peer), s);
	rdma_ack_cm_event(ev);
	/* the core: decode the server's reply and negotiate, client role */
	rdmaneg_conn_negotiate(&conn, peer, peerlen, RDMANEG_DECODE_SEARCH);
	record(&conn, s);
	s->ok = 1;
	/* negative control: one octet over what the server posted */
	sendlen = c->negative ? conn.peer_recv + 1 : conn.send_threshold;
	s->send_status = s->recv_status = -1;
	if (post_send(id, &r, sendlen)) {
		snprintf(s->err, sizeof(s->err), "post_send: %s", strerror(errno));
		goto done;
	}
	s->sent = sendlen;
	reap(&r, s, 1, !c->negative, c->negative ? 3000 : TIMEOUT_MS);
	rdma_disconnect(id);
done:
	teardown(id, &r);
	if (id)
		rdma_destroy_id(id);
	if (ec)
		rdma_destroy_event_channel(ec);
}

/* RFC 6581 negotiation the core would have chosen for these values. */
static void core_mpa(const struct live_case *c, int dev_ird, char *buf, size_t len)
{
	struct rdmaneg_mpa_local ini = { c->c_ird, c->c_ord, (uint16_t)dev_ird, 0, false, 0 };
	struct rdmaneg_mpa_local rsp = { c->s_ird, c->s_ord, (uint16_t)dev_ird, 0, false, 1 };
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome ro, io;

	if (ini.ird > ini.ird_max)
		ini.ird_max = ini.ird;
	if (rsp.ird > rsp.ird_max)
		rsp.ird_max = rsp.ird;
	if (rdmaneg_mpa_request(&ini, &req) || rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) ||
	    rdmaneg_mpa_complete(&ini, &req, &rep, !ro.accepted, &io)) {
		snprintf(buf, len, "null");
		return;
	}
	snprintf(buf, len, "{\"request\":[%u,%u],\"reply\":[%u,%u],\"client\":[%u,%u],"
		 "\"server\":[%u,%u],\"accepted\":%d}", req.ird, req.ord, rep.ird, rep.ord,
		 io.ird, io.ord, ro.ird, ro.ord, ro.accepted && io.accepted);
}

static int verdict(const struct live_case *c, const struct side_result *cl,
		   const struct side_result *sv, char *why, size_t len)
{
	if (c->expect_reject && (!cl->ok || !sv->ok))
		return snprintf(why, len, "expected: siw rejected %zu octets of private data "
				"(u8 PD_Length wraps to 0); client: %s", c->client.raw_len, cl->err), 1;
	if (c->negative) {
		/* the oversize Send must fail somewhere the harness can see */
		if (cl->ok && sv->ok && sv->recv_status == IBV_WC_SUCCESS &&
		    cl->send_status == IBV_WC_SUCCESS)
			return snprintf(why, len, "oversize Send of %zu into %zu succeeded: harness broken",
					cl->sent, sv->posted_recv), 0;
		if (!cl->ok || !sv->ok)
			return snprintf(why, len, "setup failed: %s%s", cl->err, sv->err), 0;
		return snprintf(why, len, "expected failure seen (server recv %d, client send %d, disc %d)",
				sv->recv_status, cl->send_status, sv->disconnected), 1;
	}
	if (!cl->ok || !sv->ok || cl->err[0] || sv->err[0])
		return snprintf(why, len, "setup: client '%s' server '%s'", cl->err, sv->err), 0;
	if (cl->send_threshold != sv->recv_threshold || cl->recv_threshold != sv->send_threshold)
		return snprintf(why, len, "ends disagree: c2s %zu/%zu s2c %zu/%zu", cl->send_threshold,
				sv->recv_threshold, sv->send_threshold, cl->recv_threshold), 0;
	if (cl->remote_invalidation != sv->remote_invalidation)
		return snprintf(why, len, "ends disagree on remote invalidation"), 0;
	if (cl->send_status != IBV_WC_SUCCESS || sv->send_status != IBV_WC_SUCCESS ||
	    cl->recv_status != IBV_WC_SUCCESS || sv->recv_status != IBV_WC_SUCCESS)
		return snprintf(why, len, "Send failed: client send %d recv %d, server send %d recv %d",
				cl->send_status, cl->recv_status, sv->send_status, sv->recv_status), 0;
	if (cl->recv_len != sv->sent || sv->recv_len != cl->sent)
		return snprintf(why, len, "lengths: client got %zu of %zu, server got %zu of %zu",
				cl->recv_len, sv->sent, sv->recv_len, cl->sent), 0;
	return snprintf(why, len, "ok"), 1;
}

static int run(const char *addr, int first, int count, unsigned long seed)
{
	struct ibv_device_attr da;
	int dev_ird = 16, pass = 0, fail = 0;
	long long t_all = now_us();

	{
		int n;
		struct ibv_device **devs = ibv_get_device_list(&n);

		if (devs && n > 0) {
			struct ibv_context *ctx = ibv_open_device(devs[0]);

			if (ctx && ibv_query_device(ctx, &da) == 0)
				dev_ird = da.max_qp_rd_atom;
			if (ctx)
				ibv_close_device(ctx);
			printf("LIVE_DEVICE {\"name\":\"%s\",\"max_qp_rd_atom\":%d,\"max_qp_init_rd_atom\":%d}\n",
			       ibv_get_device_name(devs[0]), da.max_qp_rd_atom, da.max_qp_init_rd_atom);
		}
		if (devs)
			ibv_free_device_list(devs);
	}
	for (int i = first; i < first + count; i++) {
		struct live_case c;
		struct side_result cl, sv;
		struct server_args sa;
		int ready[2], port = PORT_BASE + i;
		char why[512], mpa[256], b = 0;
		pthread_t th;
		int ok;

		live_case_make(i, seed, &c);
		printf("LIVE_START %d %s\n", i, c.name);
		fflush(stdout);
		if (pipe(ready))
			return 2;
		memset(&sa, 0, sizeof(sa));
		sa.c = &c;
		sa.addr = addr;
		sa.port = port;
		sa.ready_fd = ready[1];
		if (pthread_create(&th, NULL, server, &sa))
			return 2;
		(void)!read(ready[0], &b, 1);
		memset(&cl, 0, sizeof(cl));
		if (b == 'r')
			client(&c, addr, port, &cl);
		else
			snprintf(cl.err, sizeof(cl.err), "server did not listen");
		pthread_join(th, NULL);
		close(ready[0]);
		close(ready[1]);
		sv = sa.s;
		ok = verdict(&c, &cl, &sv, why, sizeof(why));
		core_mpa(&c, dev_ird, mpa, sizeof(mpa));
		printf("LIVE_CASE {\"case\":%d,\"name\":\"%s\",\"negative\":%d,\"expect_reject\":%d,",
		       i, c.name, c.negative, c.expect_reject);
		live_case_json(stdout, &c);
		printf(",");
		put_result(stdout, "client", &cl);
		printf(",");
		put_result(stdout, "server", &sv);
		printf(",\"core_mpa\":%s,\"verdict\":\"%s\",\"why\":\"%s\"}\n", mpa,
		       ok ? "pass" : "fail", why);
		fflush(stdout);
		ok ? pass++ : fail++;
	}
	printf("LIVE_DONE {\"passed\":%d,\"failed\":%d,\"seconds\":%.2f}\n", pass, fail,
	       (double)(now_us() - t_all) / 1e6);
	return fail ? 1 : 0;
}

int main(int argc, char **argv)
{
	signal(SIGPIPE, SIG_IGN);
	if (argc == 6 && strcmp(argv[1], "run") == 0)
		return run(argv[2], atoi(argv[3]), atoi(argv[4]), strtoul(argv[5], NULL, 0));
	if (argc == 2 && strcmp(argv[1], "fixed") == 0)
		return printf("%d\n", LIVE_FIXED) < 0;
	if (argc == 3 && strcmp(argv[1], "pcap") == 0)
		return live_pcap(argv[2]);
	fprintf(stderr, "usage: rdmaneg-live run ADDR FIRST COUNT SEED | pcap FILE | fixed\n");
	return 2;
}
