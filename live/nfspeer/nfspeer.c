#define _GNU_SOURCE

#include "nfspeer.h"

#include "arcs.h"
#include "clock.h"
#include "endpoint.h"
#include "guide.h"
#include "hex.h"
#include "nfs.h"

#include <arpa/inet.h>
#include <errno.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <string.h>
#include <time.h>

/* a reply normally takes milliseconds; one NULL call once got none within
 * 5 s (make live-nfs with make test beside it; the cause is not known) */
#define WAIT_MS 20000
#define SEND_MAX 4096

struct conn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *rmr, *smr;
};

static uint8_t rbuf[RDMANEG_INLINE_MAX], sbuf[SEND_MAX];

/* One call: a Receive of recv octets, the Send, then both completions.
 * The result as "wc_status:octets:proc:accept:nfs_status", or "timeout". */
static void call(struct conn *k, size_t recv, size_t len, char *res, size_t cap)
{
	struct ibv_sge rs = { (uintptr_t)rbuf, (uint32_t)recv, k->rmr->lkey };
	struct ibv_sge ss = { (uintptr_t)sbuf, (uint32_t)len, k->smr->lkey };
	struct ibv_recv_wr rw = { 1, NULL, &rs, 1 }, *rbad;
	struct ibv_send_wr sw, *sbad;
	int64_t end = (rdmaneg_mono_us() / 1000) + WAIT_MS;
	bool got_recv = false, got_send = false;

	snprintf(res, cap, "timeout");
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 2;
	sw.sg_list = &ss;
	sw.num_sge = 1;
	sw.opcode = IBV_WR_SEND;
	sw.send_flags = IBV_SEND_SIGNALED;
	memset(rbuf, 0, recv);
	if (ibv_post_recv(k->id->qp, &rw, &rbad) || ibv_post_send(k->id->qp, &sw, &sbad)) {
		snprintf(res, cap, "post-failed");
		return;
	}
	while (!(got_recv && got_send) && (rdmaneg_mono_us() / 1000) < end) {
		struct ibv_wc wc;
		int n = ibv_poll_cq(k->cq, 1, &wc);

		if (n <= 0) {
			poll(NULL, 0, 1);
			continue;
		}
		if (wc.wr_id == 2) {
			got_send = true;
			if (wc.status != IBV_WC_SUCCESS) {
				snprintf(res, cap, "send-%d", (int)wc.status);
				return;
			}
		} else {
			struct live_nfs_reply r = { -1, -1, -1 };

			got_recv = true;
			if (wc.status == IBV_WC_SUCCESS)
				live_nfs_reply_parse(rbuf, wc.byte_len, &r);
			snprintf(res, cap, "%d:%u:%ld:%ld:%ld", (int)wc.status,
				 wc.status == IBV_WC_SUCCESS ? wc.byte_len : 0u, r.proc, r.accept,
				 r.nfs_status);
			if (wc.status != IBV_WC_SUCCESS)
				return;
		}
	}
}

static void release(struct conn *k)
{
	if (k->id && k->id->qp)
		rdma_destroy_qp(k->id);
	if (k->rmr)
		ibv_dereg_mr(k->rmr);
	if (k->smr)
		ibv_dereg_mr(k->smr);
	if (k->cq)
		ibv_destroy_cq(k->cq);
	if (k->pd)
		ibv_dealloc_pd(k->pd);
	if (k->id)
		rdma_destroy_id(k->id);
}

/* A PD, CQ and QP on id k->id (resolved, or a connection request's), and
 * the Receive buffer registered: both hostile peers. */
static int make_qp(struct conn *k)
{
	if (live_cm_qp(k->id, 4, &k->pd, &k->cq))
		return -1;
	k->rmr = ibv_reg_mr(k->pd, rbuf, sizeof(rbuf), IBV_ACCESS_LOCAL_WRITE);
	return k->rmr ? 0 : -1;
}

/* The client: up to the route, the QP, and the Send buffer too. */
static int setup(struct rdma_event_channel *ch, const struct sockaddr_in *sin, struct conn *k)
{
	if (rdma_create_id(ch, &k->id, NULL, RDMA_PS_TCP) || live_cm_resolve(ch, k->id, sin) ||
	    make_qp(k))
		return -1;
	k->smr = ibv_reg_mr(k->pd, sbuf, sizeof(sbuf), 0);
	return k->smr ? 0 : -1;
}

/* "LIVE_NFS_CASE ROLE NAME PD_HEX" ("-" for none): the kernel log after
 * it belongs to the case */
static void case_mark(FILE *out, const char *role, const struct live_nfs_case *c)
{
	char hex[2 * LIVE_NFS_CASE_PD_MAX + 1];
	size_t n;

	if (c->pd_len == 0 || !rdmaneg_hex_format(c->pd, c->pd_len, hex, sizeof(hex), &n))
		snprintf(hex, sizeof(hex), "-");
	fprintf(out, "LIVE_NFS_CASE %s %s %s\n", role, c->name, hex);
	fflush(out);
}

/* One case: connect with its private data, NULL, then COMPOUND; one line
 * on out, LIVE_NFSC for a table case, LIVE_NFSR for a random one. */
static void one_case(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
		     const struct live_nfs_case *c, const char *tag, FILE *out)
{
	struct conn k;
	struct rdma_conn_param cp;
	struct rdma_cm_event *ev;
	char ename[40] = "setup-failed", nul[64] = "-", cmp[64] = "-";
	char rpd[2 * 256 + 1] = "-";
	int estatus = 0;
	size_t n;

	/* the kernel log after this line belongs to this case, whose private
	 * data it names for a reproducer (rdmaneg-triage kernel) */
	case_mark(out, "client", c);
	memset(&k, 0, sizeof(k));
	if (setup(ch, sin, &k) != 0)
		goto done;
	memset(&cp, 0, sizeof(cp));
	cp.private_data = c->pd_len ? c->pd : NULL;
	cp.private_data_len = (uint8_t)c->pd_len;
	cp.responder_resources = 16; /* as xprtrdma: the server may Read */
	cp.initiator_depth = 0;
	if (rdma_connect(k.id, &cp)) {
		snprintf(ename, sizeof(ename), "connect-failed");
		goto done;
	}
	ev = live_cm_next_event(ch, WAIT_MS);
	if (!ev) {
		snprintf(ename, sizeof(ename), "no-event");
		goto done;
	}
	snprintf(ename, sizeof(ename), "%s", rdma_event_str(ev->event));
	estatus = ev->status;
	if (ev->param.conn.private_data && ev->param.conn.private_data_len > 0 &&
	    !rdmaneg_hex_format(ev->param.conn.private_data, ev->param.conn.private_data_len, rpd,
				sizeof(rpd), &n))
		snprintf(rpd, sizeof(rpd), "?");
	if (ev->event != RDMA_CM_EVENT_ESTABLISHED) {
		rdma_ack_cm_event(ev);
		goto done;
	}
	rdma_ack_cm_event(ev);
	n = live_nfs_rpc_null(1, sbuf, sizeof(sbuf));
	call(&k, c->recv, n, nul, sizeof(nul));
	if (strncmp(nul, "0:", 2) == 0) {
		n = live_nfs_rpc_compound(2, LIVE_NFS_GETFH, sbuf, sizeof(sbuf));
		call(&k, c->recv, n, cmp, sizeof(cmp));
	}
	rdma_disconnect(k.id);
	while ((ev = live_cm_next_event(ch, 2000)) != NULL) {
		enum rdma_cm_event_type t = ev->event;

		rdma_ack_cm_event(ev);
		if (t == RDMA_CM_EVENT_DISCONNECTED)
			break;
	}
done:
	release(&k);
	fprintf(out, "%s %s %s %d %s %s %s\n", tag, c->name, ename, estatus, rpd, nul, cmp);
	fflush(out);
}

static int64_t ms_since(int64_t t)
{
	return (rdmaneg_mono_us() / 1000) - t;
}

/* the debug kernel's arcs (--gcov) */
static struct rdmaneg_arcs arcs;

/* --random: mutated cases after the table, guided by the kernel's arcs
 * when o->guided; 0, or 1 when the arcs cannot be read */
#define NFS_POOL 1024
static int random_cases(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
			const struct live_nfs_client_opts *o, FILE *out)
{
	static struct live_nfs_case pool[NFS_POOL];
	struct rdmaneg_guide guide;
	char err[512];
	int64_t t0 = (rdmaneg_mono_us() / 1000);

	if (o->gcov) {
		/* what the table reached counts as reached */
		if (rdmaneg_arcs_sample(&arcs, err, sizeof(err)) < 0) {
			fprintf(stderr, "rdmaneg-live nfs-client: --gcov: %s\n", err);
			return 1;
		}
		fprintf(out, "PEER_ARCS nfs-client start 0 %zu 0 (%zu files, %zu arcs)\n",
			arcs.total, arcs.nfiles, arcs.narcs);
	}
	/* the guided pool starts from the table */
	rdmaneg_guide_init(&guide, pool, sizeof(pool[0]), NFS_POOL);
	for (size_t k = 0; o->guided && k < live_nfs_case_count(); k++) {
		struct live_nfs_case c;

		if (live_nfs_case(k, &c))
			(void)rdmaneg_guide_add(&guide, &c);
	}
	for (unsigned long k = 0; k < o->random; k++) {
		uint64_t rng = rdmaneg_guide_rng(o->seed, k);
		struct live_nfs_case c;

		if (o->budget && ms_since(t0) > (int64_t)o->budget * 1000)
			break;
		if (o->guided && guide.n > 0)
			c = *(const struct live_nfs_case *)rdmaneg_guide_pick(&guide, &rng);
		else
			live_nfs_case((size_t)(rdmaneg_splitmix64(&rng) % live_nfs_case_count()),
				      &c);
		live_nfs_mutate(&c, &rng);
		snprintf(c.name, sizeof(c.name), "%s-%lu-%lu", o->guided ? "guided" : "random",
			 o->seed, k);
		one_case(ch, sin, &c, "LIVE_NFSR", out);
		if (o->gcov) {
			long fresh = rdmaneg_arcs_sample(&arcs, err, sizeof(err));

			if (fresh < 0) {
				fprintf(stderr, "rdmaneg-live nfs-client: --gcov: %s\n", err);
				return 1;
			}
			fprintf(out, "PEER_ARCS nfs-client %lu %lld %zu %ld\n", k,
				(long long)ms_since(t0), arcs.total, fresh);
			/* a kept input: it reached arcs no case had */
			if (o->guided)
				(void)rdmaneg_guide_keep(&guide, &c, fresh);
			fflush(out);
		}
	}
	return 0;
}

int live_nfs_client(const char *addr, int port, const struct live_nfs_client_opts *o, FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct sockaddr_in sin;
	struct live_nfs_case c;
	char err[512];
	int rc;

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, addr, &sin.sin_addr) != 1) {
		fprintf(stderr, "rdmaneg-live nfs-client: %s is not an IPv4 address\n", addr);
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	if (!ch) {
		fprintf(stderr, "rdmaneg-live nfs-client: no rdma_cm event channel: %s\n",
			strerror(errno));
		return 1;
	}
	if (o->gcov && rdmaneg_arcs_open(&arcs, o->gcov, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-live nfs-client: --gcov: %s\n", err);
		rdma_destroy_event_channel(ch);
		return 1;
	}
	for (size_t k = 0; !o->only_random && live_nfs_case(k, &c); k++)
		if (!o->only || strcmp(o->only, c.name) == 0)
			one_case(ch, &sin, &c, "LIVE_NFSC", out);
	rc = random_cases(ch, &sin, o, out);
	rdma_destroy_event_channel(ch);
	return rc;
}

/* the first Receive completion, up to WAIT_MS: "wc_status:octets" */
static void first_send(struct conn *k, char *res, size_t cap)
{
	int64_t end = (rdmaneg_mono_us() / 1000) + WAIT_MS;

	snprintf(res, cap, "timeout");
	while ((rdmaneg_mono_us() / 1000) < end) {
		struct ibv_wc wc;
		int n = ibv_poll_cq(k->cq, 1, &wc);

		if (n > 0) {
			snprintf(res, cap, "%d:%u", (int)wc.status,
				 wc.status == IBV_WC_SUCCESS ? wc.byte_len : 0u);
			return;
		}
		poll(NULL, 0, 1);
	}
}

int live_nfs_server(const char *addr, int port, size_t kcase, FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_id *lid = NULL;
	struct rdma_cm_event *ev;
	struct sockaddr_in sin;
	struct live_nfs_case c;
	struct conn k;
	struct rdma_conn_param cp;
	char cpd[2 * 256 + 1] = "-", res[40] = "-", ename[40] = "no-request";
	size_t n;

	memset(&sin, 0, sizeof(sin));
	memset(&k, 0, sizeof(k));
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)port);
	if (!ch || !live_nfs_case(kcase, &c) || inet_pton(AF_INET, addr, &sin.sin_addr) != 1 ||
	    rdma_create_id(ch, &lid, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(lid, (struct sockaddr *)&sin) || rdma_listen(lid, 1)) {
		fprintf(stderr, "rdmaneg-live nfs-server: cannot listen on %s:%d\n", addr, port);
		if (lid)
			rdma_destroy_id(lid);
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	case_mark(out, "server", &c);
	printf("LIVE_NFSS_READY %d\n", port);
	fflush(stdout);
	ev = live_cm_next_event(ch, 30000);
	if (ev && ev->event == RDMA_CM_EVENT_CONNECT_REQUEST) {
		k.id = ev->id;
		if (ev->param.conn.private_data_len > 0 &&
		    !rdmaneg_hex_format(ev->param.conn.private_data,
					ev->param.conn.private_data_len, cpd, sizeof(cpd), &n))
			snprintf(cpd, sizeof(cpd), "?");
		rdma_ack_cm_event(ev);
		snprintf(ename, sizeof(ename), "accept-failed");
		memset(&cp, 0, sizeof(cp));
		cp.private_data = c.pd_len ? c.pd : NULL;
		cp.private_data_len = (uint8_t)c.pd_len;
		cp.responder_resources = 0;
		cp.initiator_depth = 16; /* as svcrdma: the server Reads */
		if (make_qp(&k) == 0) {
			struct ibv_sge rs = { (uintptr_t)rbuf, (uint32_t)sizeof(rbuf),
					      k.rmr->lkey };
			struct ibv_recv_wr rw = { 1, NULL, &rs, 1 }, *bad;

			if (ibv_post_recv(k.id->qp, &rw, &bad) == 0 &&
			    rdma_accept(k.id, &cp) == 0) {
				ev = live_cm_next_event(ch, WAIT_MS);
				snprintf(ename, sizeof(ename), "%s",
					 ev ? rdma_event_str(ev->event) : "no-event");
				if (ev)
					rdma_ack_cm_event(ev);
				if (strcmp(ename, "RDMA_CM_EVENT_ESTABLISHED") == 0)
					first_send(&k, res, sizeof(res));
				rdma_disconnect(k.id);
			}
		}
	} else if (ev) {
		snprintf(ename, sizeof(ename), "%s", rdma_event_str(ev->event));
		rdma_ack_cm_event(ev);
	}
	fprintf(out, "LIVE_NFSS %s %d %s %s %s\n", c.name, port, ename, cpd, res);
	fflush(out);
	release(&k);
	rdma_destroy_id(lid);
	rdma_destroy_event_channel(ch);
	return 0;
}
