// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE

#include "live/nfspeer/nfspeer.h"

#include "live/core/client.h"
#include "live/core/cm.h"
#include "live/nfs/nfs.h"
#include "util/agent.h"
#include "util/arcs.h"
#include "util/casename.h"
#include "util/clock.h"
#include "util/guide.h"
#include "util/hex.h"
#include "util/record.h"
#include "util/rng.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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
 * The result as "wc_status:octets:proc:accept:nfs_status:inv", or "timeout". */
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
			char inv[12] = "-";

			got_recv = true;
			if (wc.status == IBV_WC_SUCCESS)
				live_nfs_reply_parse(rbuf, wc.byte_len, &r);
			/* and the STag a Send With Invalidate invalidated, or "-":
			 * this client's calls carry no chunk, so none may be
			 * ([rfc8797#4.1-2]) */
			if (wc.status == IBV_WC_SUCCESS && (wc.wc_flags & IBV_WC_WITH_INV))
				snprintf(inv, sizeof(inv), "%x", wc.invalidated_rkey);
			snprintf(res, cap, "%d:%u:%ld:%ld:%ld:%s", (int)wc.status,
				 wc.status == IBV_WC_SUCCESS ? wc.byte_len : 0u, r.proc, r.accept,
				 r.nfs_status, inv);
			if (wc.status != IBV_WC_SUCCESS)
				return;
		}
	}
}

static void release(struct conn *k)
{
	if (k->rmr)
		ibv_dereg_mr(k->rmr);
	if (k->smr)
		ibv_dereg_mr(k->smr);
	live_cm_release(k->id, k->cq, k->pd);
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

/* the campaign's agent, for the case marks (util/agent.h) */
static const struct rdmaneg_agent *marks;

/* "LIVE_NFS_CASE ROLE NAME PD_HEX" ("-" for none): the kernel log after
 * it belongs to the case; and the campaign's marks, in the kernel's log */
static void case_mark(FILE *out, const char *role, const struct live_nfs_case *c)
{

	char hex[2 * LIVE_NFS_CASE_PD_MAX + 1];
	size_t n;

	if (c->pd_len == 0 || !rdmaneg_hex_format(c->pd, c->pd_len, hex, sizeof(hex), &n))
		snprintf(hex, sizeof(hex), "-");
	fprintf(out, "LIVE_NFS_CASE %s %s %s\n", role, c->name, hex);
	fflush(out);
	rdmaneg_agent_mark(marks, out, c->name);
}

/* One case: connect with its private data, NULL, then COMPOUND; one line
 * on out, LIVE_NFSC for a table case, LIVE_NFSR for a random one. */
static void one_case(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
		     const struct live_nfs_case *c, const char *tag, FILE *out)
{
	struct conn k;
	struct rdma_conn_param cp;
	struct live_cm_answer ans = { .event = "setup-failed", .pd = "-" };
	char nul[64] = "-", cmp[64] = "-";
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
	if (!live_cm_connect(ch, k.id, &cp, WAIT_MS, &ans))
		goto done;
	n = live_nfs_rpc_null(1, sbuf, sizeof(sbuf));
	call(&k, c->recv, n, nul, sizeof(nul));
	if (strncmp(nul, "0:", 2) == 0) {
		n = live_nfs_rpc_compound(2, LIVE_NFS_GETFH, sbuf, sizeof(sbuf));
		call(&k, c->recv, n, cmp, sizeof(cmp));
	}
	live_cm_disconnect(ch, k.id);
done:
	release(&k);
	fprintf(out, "%s %s %s %d %s %s %s\n", tag, c->name, ans.event, ans.status, ans.pd, nul,
		cmp);
	fflush(out);
}

/* The case a name stands for: a table case, random-SEED-K (a table case
 * its generator draws, mutated once by it) or BASE~HEX~... (the table case
 * BASE mutated once per HEX), as rdmaneg-peer reads names
 * (util/casename.h). False when there is no such case. */
static bool case_of(const char *name, struct live_nfs_case *c)
{
	struct rdmaneg_casename cn;

	if (!rdmaneg_casename_parse(name, &cn))
		return false;
	if (cn.kind == RDMANEG_CASENAME_RANDOM) {
		uint64_t rng = rdmaneg_guide_rng(cn.seed, cn.index);

		live_nfs_case((size_t)(rdmaneg_splitmix64(&rng) % live_nfs_case_count()), c);
		live_nfs_mutate(c, &rng);
	} else {
		if (!live_nfs_case_named(cn.base, c))
			return false;
		for (size_t j = 0; j < cn.nchain; j++) {
			uint64_t rng = cn.chain[j];

			live_nfs_mutate(c, &rng);
		}
	}
	snprintf(c->name, sizeof(c->name), "%s", name);
	return true;
}

/* One campaign case: a table case's line is judged (LIVE_NFSC); a
 * mutated one's is only reported (LIVE_NFSR) */
static const char *client_case(const struct live_client *k, const struct rdmaneg_agent *a,
			       const char *name)
{
	struct live_nfs_case c;

	if (!case_of(name, &c))
		return "no such hostile client case";
	marks = a;
	one_case(k->ch, &k->sin, &c, live_nfs_case_find(name) >= 0 ? "LIVE_NFSC" : "LIVE_NFSR",
		 k->out);
	return NULL;
}

int live_nfs_client(const char *addr, int port, const struct live_agent_opts *o, FILE *out)
{
	return live_client_serve("nfs-client", addr, port, o, client_case, out);
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

/* The kernel client of a hostile server case: mount.nfs4 against port,
 * soft, one retransmission, bounded by timeout(1), as the server listens. */
static pid_t mount_client(const char *addr, int port)
{
	char src[64], opt[160];
	char *argv[] = { "/bin/timeout", "10", "/sbin/mount.nfs4", src, "/mnt", "-o", opt, NULL };
	pid_t pid;
	posix_spawn_file_actions_t fa;

	snprintf(src, sizeof(src), "%s:/", addr);
	snprintf(opt, sizeof(opt), "vers=4.1,proto=rdma,port=%d,soft,timeo=10,retrans=1,retry=0",
		 port);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0)
		pid = -1;
	posix_spawn_file_actions_destroy(&fa);
	return pid;
}

/* xprtrdma's thresholds of the connection to port (its
 * xprtrdma_inline_thresh line, as LIVE_NFS_TRACE), then the trace is
 * emptied: each case reports its own, and a restore keeps none */
static void trace_of(const char *addr, int port, FILE *out)
{
	FILE *t = fopen("/sys/kernel/tracing/trace", "r");
	char line[1024], want[64];

	snprintf(want, sizeof(want), "-> %s:%d ", addr, port);
	while (t && fgets(line, sizeof(line), t)) {
		const char *m = strstr(line, "xprtrdma_inline_thresh: ");

		if (m && strstr(m, want))
			fprintf(out, "LIVE_NFS_TRACE %s", m);
	}
	if (t)
		fclose(t);
	t = fopen("/sys/kernel/tracing/trace", "w");
	if (t)
		fclose(t);
	fflush(out);
}

/* Waits up to ms for pid; false when it still runs (then it is killed). */
static bool reaped(pid_t pid, int ms)
{
	for (int i = 0; i < ms / 20; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return true;
		poll(NULL, 0, 20);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return false;
}

/* Case kcase's server on addr:port: listens, starts the kernel client
 * (*mnt), accepts with the case's private data, reports the first Send
 * (LIVE_NFSS). 0, or -1 when it could not listen. */
static int serve_case(const char *addr, int port, size_t kcase, FILE *out, pid_t *mnt)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_id *lid = NULL;
	struct rdma_cm_event *ev;
	struct live_nfs_case c;
	struct conn k;
	struct rdma_conn_param cp;
	char cpd[2 * 256 + 1] = "-", res[40] = "-", ename[40] = "no-request";
	size_t n;

	memset(&k, 0, sizeof(k));
	if (!live_nfs_case(kcase, &c) || live_cm_listen(ch, addr, port, 1, &lid) != 0) {
		fprintf(stderr, "rdmaneg-live nfs-server: cannot listen on %s:%d\n", addr, port);
		if (ch)
			rdma_destroy_event_channel(ch);
		*mnt = -1;
		return -1;
	}
	case_mark(out, "server", &c);
	*mnt = mount_client(addr, port);
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

struct server_ctx {
	const char *addr;
	int base;
	FILE *out;
};

/* One case of the hostile server (table cases only) */
static const char *server_case(struct rdmaneg_agent *a, void *ctx, const char *name, char *finding,
			       size_t cap)
{
	struct server_ctx *v = ctx;
	long k = live_nfs_case_find(name);
	int port = v->base + (int)k;
	pid_t mnt;

	if (k < 0)
		return "no such hostile server case (table cases only)";
	marks = a;
	if (serve_case(v->addr, port, (size_t)k, v->out, &mnt) != 0)
		return "the hostile server could not listen";
	/* a kernel client that never gives up on a hostile server is a
	 * finding (soft, timeo=10, retrans=1, and timeout 10) */
	if (mnt > 0 && !reaped(mnt, 15000)) {
		snprintf(finding, cap, "mount.nfs still running 15 s after case %s", name);
		fprintf(v->out, "LIVE_NFS_STEP client-%s failed: %s\n", name, finding);
	}
	trace_of(v->addr, port, v->out);
	return NULL;
}

int live_nfs_server(const char *addr, int base, const char *channel, FILE *out)
{
	static struct rdmaneg_agent a;
	static struct rdmaneg_arcs none; /* the server reports no arcs */
	struct server_ctx v = { addr, base, out };

	return rdmaneg_agent_serve(&a, "nfs-server", channel, &none, NULL, NULL, server_case, &v);
}
