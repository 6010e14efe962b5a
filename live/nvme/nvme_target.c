// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_target (guest only): the harness as a hostile NVMe-oF target. For
 * each case of live/nvme/nvme_cases.c the kernel host (nvme-rdma) is made
 * to connect, through /dev/nvme-fabrics in a child process, to a
 * user-space rdma_cm listener, which answers its admin queue's connect
 * request with the case: an accept or a reject with the case's private
 * data, or no answer. After an accept, the host's first capsule (the
 * fabrics Connect command) shows that it went on; it is answered with an
 * error completion, so the host gives up at once instead of after its
 * admin timeout. The outcome is printed and judged on the host
 * (live/nvme/nvme_judge.c).
 */
#include "live/nvme/nvme.h"

#include "live/core/client.h"
#include "live/core/cm.h"
#include "util/agent.h"
#include "util/clock.h"
#include "util/hex.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HOST_MS 40000	 /* the kernel host's connect, at most */
#define CAPSULE_MS 5000	 /* from ESTABLISHED to the host's first capsule */
#define CAPSULE_LEN 8192 /* a command capsule: the SQE and in-capsule data */
#define CQE_LEN 16	 /* NVMe base spec: a completion queue entry */
#define MAX_CONNS 8
/* the completion's status: Connect Invalid Parameters (182h), Do Not
 * Retry; the phase tag, bit 0, is not used on fabrics */
#define CQE_STATUS ((0x182u | 0x4000u) << 1)

struct tconn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;
	uint8_t buf[CAPSULE_LEN + CQE_LEN]; /* the capsule, then our completion */
};

/* a campaign's agent, for the case marks; NULL in a table run */
static const struct rdmaneg_agent *marks;

/* one case's outcome */
struct outcome {
	char name[RDMANEG_CASENAME_MAX]; /* the case (live_nvme_tcase_named) */
	const char *tag;		 /* its line's: LIVE_NVMET, or LIVE_NVMETR */
	unsigned requests;
	bool capsule;
	uint8_t req[LIVE_NVME_CASE_PD];
	size_t req_len;
	struct live_nvme_tcase t;
	struct tconn *conn[MAX_CONNS];
	size_t nconn;
};

static long now_ms(void)
{
	return (long)(rdmaneg_mono_us() / 1000);
}

static void release(struct tconn *k)
{
	if (k->mr)
		ibv_dereg_mr(k->mr);
	live_cm_release(k->id, k->cq, k->pd);
	free(k);
}

/* The kernel host, in a child: opts written to /dev/nvme-fabrics. Exits
 * 0 when a controller was created (and deletes it), else with the
 * errno of the write. */
static pid_t start_host(const char *opts)
{
	pid_t pid = fork();
	char back[256];
	int fd;
	ssize_t n;

	if (pid != 0)
		return pid;
	fd = open("/dev/nvme-fabrics", O_RDWR);
	if (fd < 0)
		_exit(errno & 0xff);
	if (write(fd, opts, strlen(opts)) < 0)
		_exit(errno & 0xff);
	/* "instance=N,cntlid=M": the controller the host made of our answer */
	n = read(fd, back, sizeof(back) - 1);
	close(fd);
	if (n > 0) {
		char *e;
		int inst = -1;

		back[n] = '\0';
		if (strncmp(back, "instance=", 9) == 0)
			inst = (int)strtol(back + 9, &e, 10);
		if (inst >= 0 && inst < 10000) {
			char path[80];

			snprintf(path, sizeof(path), "/sys/class/nvme/nvme%d/delete_controller",
				 inst);
			fd = open(path, O_WRONLY);
			if (fd < 0 || write(fd, "1", 1) != 1)
				_exit(0xfe); /* created, and left behind */
			close(fd);
		}
	}
	_exit(0);
}

static uint16_t le16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* A connect request: its private data kept (the first), then the case's
 * answer, built for the request's HSQSIZE ([nvme-rdma#fig5], octets 07:06). */
static void on_request(struct outcome *o, struct rdma_cm_event *ev)
{
	const struct rdma_conn_param *in = &ev->param.conn;
	struct rdma_conn_param cp;
	struct ibv_recv_wr wr, *bad;
	struct ibv_sge sge;
	struct tconn *k;

	if (o->requests++ == 0 && in->private_data) {
		o->req_len = in->private_data_len < sizeof(o->req) ? in->private_data_len
								   : sizeof(o->req);
		memcpy(o->req, in->private_data, o->req_len);
	}
	(void)live_nvme_tcase_named(o->name, o->req_len >= 8 ? le16_at(o->req + 6) : 0, &o->t);
	if (o->t.kind == LIVE_NVME_T_REJECT) {
		/* the id is destroyed once the event is acked (on_event) */
		rdma_reject(ev->id, o->t.pd_len ? o->t.pd : NULL, (uint8_t)o->t.pd_len);
		return;
	}
	k = calloc(1, sizeof(*k));
	if (!k || o->nconn == MAX_CONNS) {
		free(k);
		rdma_reject(ev->id, NULL, 0);
		return;
	}
	k->id = ev->id;
	o->conn[o->nconn++] = k;
	if (o->t.kind == LIVE_NVME_T_SILENT)
		return; /* no answer: the host's CM times out */
	if (live_cm_qp(k->id, 4, &k->pd, &k->cq) != 0 ||
	    !(k->mr = ibv_reg_mr(k->pd, k->buf, sizeof(k->buf), IBV_ACCESS_LOCAL_WRITE))) {
		rdma_reject(ev->id, NULL, 0);
		return;
	}
	/* the buffer for the host's first capsule, before the accept */
	sge.addr = (uintptr_t)k->buf;
	sge.length = CAPSULE_LEN;
	sge.lkey = k->mr->lkey;
	memset(&wr, 0, sizeof(wr));
	wr.sg_list = &sge;
	wr.num_sge = 1;
	memset(&cp, 0, sizeof(cp));
	cp.private_data = o->t.pd_len ? o->t.pd : NULL;
	cp.private_data_len = (uint8_t)o->t.pd_len;
	/* as nvmet answers: the host's depths, RNR retries (no meaning on iWARP) */
	cp.initiator_depth = in->initiator_depth;
	cp.responder_resources = in->responder_resources;
	cp.rnr_retry_count = 7;
	cp.flow_control = 1;
	if (ibv_post_recv(k->id->qp, &wr, &bad) || rdma_accept(k->id, &cp))
		rdma_reject(ev->id, NULL, 0);
}

/* ESTABLISHED: the host's first capsule within CAPSULE_MS, answered with an
 * error completion for its command identifier (SQE octets 03:02). */
static void on_established(struct outcome *o, struct tconn *k)
{
	struct ibv_send_wr wr, *bad;
	struct ibv_sge sge;
	struct ibv_wc wc;
	uint8_t *cqe = k->buf + CAPSULE_LEN;
	long end = now_ms() + CAPSULE_MS;
	int got = 0;

	if (!k->cq)
		return;
	while (got == 0 && now_ms() < end) {
		got = ibv_poll_cq(k->cq, 1, &wc);
		if (got == 0)
			usleep(1000);
	}
	if (got <= 0 || wc.status != IBV_WC_SUCCESS || wc.opcode != IBV_WC_RECV || wc.byte_len < 64)
		return;
	o->capsule = true;
	memset(cqe, 0, CQE_LEN);
	cqe[12] = k->buf[2]; /* command identifier */
	cqe[13] = k->buf[3];
	cqe[14] = (uint8_t)CQE_STATUS;
	cqe[15] = (uint8_t)(CQE_STATUS >> 8);
	sge.addr = (uintptr_t)cqe;
	sge.length = CQE_LEN;
	sge.lkey = k->mr->lkey;
	memset(&wr, 0, sizeof(wr));
	wr.sg_list = &sge;
	wr.num_sge = 1;
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = IBV_SEND_SIGNALED;
	if (ibv_post_send(k->id->qp, &wr, &bad) == 0) {
		end = now_ms() + 1000;
		while (ibv_poll_cq(k->cq, 1, &wc) == 0 && now_ms() < end)
			usleep(1000);
	}
}

static struct tconn *conn_of(struct outcome *o, const struct rdma_cm_id *id, size_t *at)
{
	for (size_t i = 0; i < o->nconn; i++)
		if (o->conn[i]->id == id) {
			*at = i;
			return o->conn[i];
		}
	return NULL;
}

static void drop_conn(struct outcome *o, size_t at)
{
	release(o->conn[at]);
	o->conn[at] = o->conn[--o->nconn];
}

/* One rdma_cm event of the case; the id's connection released once its
 * event is acked. */
static void on_event(struct outcome *o, struct rdma_cm_event *ev)
{
	enum rdma_cm_event_type t = ev->event;
	struct rdma_cm_id *id = ev->id;
	struct tconn *k;
	size_t at = 0;

	if (t == RDMA_CM_EVENT_CONNECT_REQUEST) {
		on_request(o, ev);
		rdma_ack_cm_event(ev);
		if (o->t.kind == LIVE_NVME_T_REJECT || !conn_of(o, id, &at))
			rdma_destroy_id(id);
		return;
	}
	k = conn_of(o, id, &at);
	if (k && t == RDMA_CM_EVENT_ESTABLISHED)
		on_established(o, k);
	rdma_ack_cm_event(ev);
	if (k && t != RDMA_CM_EVENT_ESTABLISHED)
		drop_conn(o, at); /* disconnected, or the accept failed */
}

/* The host child's outcome into host[]: "created", "created-kept", the
 * errno it failed with; true once it has exited. */
static bool host_exited(pid_t pid, char *host, size_t cap)
{
	int st = 0;

	if (waitpid(pid, &st, WNOHANG) != pid)
		return false;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		snprintf(host, cap, "created");
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 0xfe)
		snprintf(host, cap, "created-kept");
	else
		snprintf(host, cap, "%d", WIFEXITED(st) ? WEXITSTATUS(st) : 255);
	return true;
}

/* A host whose connect never returned: killed, and reaped if it can be
 * (an uninterruptible wait cannot); host[] says "hung". */
static void host_hung(pid_t pid, char *host, size_t cap)
{
	int st;

	kill(pid, SIGKILL);
	for (int i = 0; i < 50 && waitpid(pid, &st, WNOHANG) != pid; i++)
		usleep(100000);
	snprintf(host, cap, "hung");
}

static void outcome_line(FILE *out, const struct outcome *o, const char *host)
{
	char req[2 * LIVE_NVME_CASE_PD + 1] = "-", ans[2 * LIVE_NVME_ANSWER_MAX + 1] = "-";
	size_t n;

	if (o->req_len)
		(void)rdmaneg_hex_format(o->req, o->req_len, req, sizeof(req), &n);
	if (o->requests && o->t.kind != LIVE_NVME_T_SILENT && o->t.pd_len)
		(void)rdmaneg_hex_format(o->t.pd, o->t.pd_len, ans, sizeof(ans), &n);
	fprintf(out, "%s %s %u %s %s %s %s\n", o->tag, o->t.name, o->requests,
		o->capsule ? "yes" : "no", host, req, ans);
	fflush(out);
}

static void one_case(struct rdma_event_channel *ch, const char *opts, struct outcome *o, FILE *out)
{
	char host[16] = "fork";
	long end = now_ms() + HOST_MS, quiet = 0;
	pid_t pid = start_host(opts);
	bool done = pid < 0;
	/* until the host has given up and its connections are gone */
	while (now_ms() < end && (!done || o->nconn > 0)) {
		struct rdma_cm_event *ev = live_cm_next_event(ch, 100);

		if (!done && host_exited(pid, host, sizeof(host))) {
			done = true;
			quiet = now_ms() + 2000; /* its disconnects, at most */
		}
		if (ev)
			on_event(o, ev);
		else if (done && now_ms() > quiet)
			break;
	}
	if (!done)
		host_hung(pid, host, sizeof(host));
	while (o->nconn > 0) {
		rdma_disconnect(o->conn[0]->id);
		drop_conn(o, 0);
	}
	outcome_line(out, o, host);
}

/* n octets from fd into buf within ms; 0, or -1 */
static int read_full(int fd, uint8_t *buf, size_t n, int ms)
{
	long end = now_ms() + ms;

	while (n > 0) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t k;

		if (poll(&p, 1, (int)(end - now_ms() > 0 ? end - now_ms() : 0)) != 1)
			return -1;
		k = read(fd, buf, n);
		if (k <= 0)
			return -1;
		buf += k;
		n -= (size_t)k;
	}
	return 0;
}

/* An MPA-level case: the host's TCP connection accepted on our own
 * listener, its MPA Request read ([rfc5044#7.1]: 20 octets, then
 * PD_Length), the case's Reply frame sent, the host waited for. */
static void one_mpa_case(int lfd, const char *opts, struct outcome *o, FILE *out)
{
	static uint8_t req[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX];
	char host[16] = "fork";
	long end = now_ms() + HOST_MS;
	struct pollfd p = { lfd, POLLIN, 0 };
	struct rdmaneg_mpa_frame f;
	const uint8_t *ulp;
	size_t ulp_len;
	int cfd = -1;
	pid_t pid = start_host(opts);

	if (pid >= 0 && poll(&p, 1, 10000) == 1 && (cfd = accept(lfd, NULL, NULL)) >= 0 &&
	    read_full(cfd, req, RDMANEG_MPA_HDR_LEN, 5000) == 0) {
		size_t pdl = (size_t)req[18] << 8 | req[19];

		o->requests = 1;
		/* the ULP's octets of a Request siw could send (PD_Length <= 512) */
		if (pdl <= RDMANEG_MPA_PD_MAX &&
		    read_full(cfd, req + RDMANEG_MPA_HDR_LEN, pdl, 5000) == 0 &&
		    rdmaneg_mpa_parse(req, RDMANEG_MPA_HDR_LEN + pdl, &f) == RDMANEG_OK &&
		    rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) == RDMANEG_OK) {
			o->req_len = ulp_len < sizeof(o->req) ? ulp_len : sizeof(o->req);
			if (o->req_len)
				memcpy(o->req, ulp, o->req_len);
		}
		if (write(cfd, o->t.pd, o->t.pd_len) != (ssize_t)o->t.pd_len)
			o->requests = 0; /* the Reply never left: nothing measured */
	}
	while (pid >= 0 && !host_exited(pid, host, sizeof(host))) {
		if (now_ms() > end) {
			host_hung(pid, host, sizeof(host));
			break;
		}
		usleep(100000);
	}
	if (cfd >= 0)
		close(cfd);
	outcome_line(out, o, host);
}

/* The TCP listener for the MPA-level cases; -1 when it cannot be made */
static int tcp_listener(const struct sockaddr_in *sin)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

	if (fd < 0)
		return -1;
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0 ||
	    bind(fd, (const struct sockaddr *)sin, sizeof(*sin)) != 0 || listen(fd, 4) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The two listeners, on addr's LIVE_NVME_TARGET_PORT (rdma_cm) and
 * LIVE_NVME_MPA_PORT (TCP), and the host's connect options for each. 0,
 * or -1 with why on stderr (everything released). */
static int listeners(const char *addr, const char *nqn, struct rdma_event_channel *ch,
		     struct rdma_cm_id **listener, int *lfd, char opts[2][256])
{
	struct sockaddr_in tsin;

	*listener = NULL;
	*lfd = -1;
	for (int k = 0; k < 2; k++)
		snprintf(opts[k], 256, "transport=rdma,traddr=%s,trsvcid=%d,nqn=%s,nr_io_queues=1",
			 addr, k ? LIVE_NVME_MPA_PORT : LIVE_NVME_TARGET_PORT, nqn);
	if (live_cm_addr(addr, LIVE_NVME_MPA_PORT, &tsin) != 0 ||
	    live_cm_listen(ch, addr, LIVE_NVME_TARGET_PORT, 4, listener) != 0 ||
	    (*lfd = tcp_listener(&tsin)) < 0) {
		fprintf(stderr, "rdmaneg-live nvme-target: cannot listen on %s:%d and :%d: %s\n",
			addr, LIVE_NVME_TARGET_PORT, LIVE_NVME_MPA_PORT, strerror(errno));
		if (*listener)
			rdma_destroy_id(*listener);
		*listener = NULL;
		return -1;
	}
	return 0;
}

/* One case, named: its LIVE_NVME_CASE line, then the answer and the
 * outcome line tagged tag. False when there is no such case. */
static bool run_case(struct rdma_event_channel *ch, int lfd, char opts[2][256], const char *name,
		     const char *tag, FILE *out)
{
	static struct outcome o;

	memset(&o, 0, sizeof(o));
	if (!live_nvme_tcase_named(name, 0, &o.t))
		return false;
	snprintf(o.name, sizeof(o.name), "%s", name);
	o.tag = tag;
	/* the kernel log after this line belongs to this case */
	fprintf(out, "LIVE_NVME_CASE target %s\n", o.t.name);
	fflush(out);
	rdmaneg_agent_mark(marks, out, o.t.name);
	if (o.t.kind == LIVE_NVME_T_MPA)
		one_mpa_case(lfd, opts[1], &o, out);
	else
		one_case(ch, opts[0], &o, out);
	return true;
}

int live_nvme_target(const char *addr, const char *nqn, size_t first, size_t count, FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_id *listener;
	size_t base = live_nvme_case_count(), end = count ? first + count : SIZE_MAX;
	struct live_nvme_tcase t;
	char opts[2][256];
	int lfd;

	if (listeners(addr, nqn, ch, &listener, &lfd, opts) != 0) {
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	for (size_t i = first > base ? first : base; i < end && live_nvme_tcase(i - base, 0, &t);
	     i++)
		(void)run_case(ch, lfd, opts, t.name, "LIVE_NVMET", out);
	fprintf(out, "LIVE_NVMET_END\n");
	fflush(out);
	close(lfd);
	rdma_destroy_id(listener);
	rdma_destroy_event_channel(ch);
	return 0;
}

struct target_ctx {
	struct rdma_event_channel *ch;
	int lfd;
	char opts[2][256];
	FILE *out;
};

/* One campaign case: a table case's line is judged (LIVE_NVMET), a
 * mutated one's only reported (LIVE_NVMETR) */
static const char *agent_case(struct rdmaneg_agent *a, void *ctx, const char *name, char *finding,
			      size_t cap)
{
	struct target_ctx *t = ctx;

	(void)cap;
	finding[0] = '\0'; /* the host judges the case from the console */
	marks = a;
	if (!run_case(t->ch, t->lfd, t->opts, name,
		      live_nvme_tcase_index(name) >= 0 ? "LIVE_NVMET" : "LIVE_NVMETR", t->out))
		return "no such hostile target case";
	return NULL;
}

int live_nvme_target_agent(const char *addr, const char *nqn, const struct live_agent_opts *ao,
			   FILE *out)
{
	static struct rdmaneg_agent a;
	static struct rdmaneg_arcs arcs;
	static struct target_ctx t;
	struct rdma_cm_id *listener;
	int rc;

	t.ch = rdma_create_event_channel();
	t.out = out;
	if (listeners(addr, nqn, t.ch, &listener, &t.lfd, t.opts) != 0) {
		if (t.ch)
			rdma_destroy_event_channel(t.ch);
		return 1;
	}
	rc = rdmaneg_agent_serve(&a, "nvme-target", ao->agent, &arcs, ao->gcov, ao->gcov_scope,
				 agent_case, &t);
	close(t.lfd);
	rdma_destroy_id(listener);
	rdma_destroy_event_channel(t.ch);
	return rc;
}
