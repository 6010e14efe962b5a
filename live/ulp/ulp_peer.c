// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The hostile client and server of live/ulp/ulp.h (guest only): rdma_cm
 * for the connection, one QP with a receive posted before any message can
 * arrive, a send for ours. Both wait on the CQ and the event channel at
 * once, so a close is seen as soon as a message would be.
 */
#include "live/ulp/ulp.h"

#include "live/core/cm.h"
#include "util/clock.h"
#include "util/hex.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* one connection's verbs: the QP's PD and CQ, two receive buffers and a
 * send buffer in one MR */
struct ulp_conn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;
	struct {
		uint8_t recv[2][LIVE_ULP_MSG];
		uint8_t send[LIVE_ULP_MSG];
	} b;
};

static long now_ms(void)
{
	return (long)(rdmaneg_mono_us() / 1000);
}

void live_ulp_hex(FILE *out, const uint8_t *b, size_t len)
{
	char hex[2 * LIVE_ULP_KEEP + 1];
	size_t n;

	if (len == 0 ||
	    !rdmaneg_hex_format(b, len < LIVE_ULP_KEEP ? len : LIVE_ULP_KEEP, hex, sizeof(hex), &n))
		fprintf(out, " %zu -", len);
	else
		fprintf(out, " %zu %s", len, hex);
}

static int post_recv(struct ulp_conn *k, unsigned slot)
{
	struct ibv_sge sge = { (uintptr_t)k->b.recv[slot], LIVE_ULP_MSG, 0 };
	struct ibv_recv_wr wr, *bad;

	if (!k->mr)
		return -1;
	sge.lkey = k->mr->lkey;
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = slot;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	return ibv_post_recv(k->id->qp, &wr, &bad);
}

#define BAD_STAG 0xdeadbe00u /* a remote key no peer of ours has registered */

/* m[0..len-1] as a Send; with poison, in the same post, an RDMA Write of
 * 4 octets to BAD_STAG, which the server's device must refuse in its
 * receive path (its QP then fails) right after the Send has arrived */
static int post_send(struct ulp_conn *k, const uint8_t *m, size_t len, uint64_t wr_id, bool poison)
{
	struct ibv_sge sge = { (uintptr_t)k->b.send, (uint32_t)len, 0 }, wsge;
	struct ibv_send_wr wr, w, *bad;

	if (!k->mr || len > sizeof(k->b.send))
		return -1;
	sge.lkey = k->mr->lkey;
	memcpy(k->b.send, m, len);
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = wr_id;
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = IBV_SEND_SIGNALED;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	if (poison) {
		wsge = (struct ibv_sge){ (uintptr_t)k->b.send, 4, k->mr->lkey };
		memset(&w, 0, sizeof(w));
		w.wr_id = 1;
		w.opcode = IBV_WR_RDMA_WRITE;
		w.sg_list = &wsge;
		w.num_sge = 1;
		w.wr.rdma.rkey = BAD_STAG;
		wr.next = &w;
	}
	return ibv_post_send(k->id->qp, &wr, &bad);
}

/* the QP, the MR and two receives on k->id; 0 or -1 */
static int setup(struct ulp_conn *k)
{
	if (live_cm_qp(k->id, 4, &k->pd, &k->cq))
		return -1;
	k->mr = ibv_reg_mr(k->pd, &k->b, sizeof(k->b), IBV_ACCESS_LOCAL_WRITE);
	return k->mr && !post_recv(k, 0) && !post_recv(k, 1) ? 0 : -1;
}

static void release(struct ulp_conn *k)
{
	if (k->mr)
		ibv_dereg_mr(k->mr);
	live_cm_release(k->id, k->cq, k->pd);
	k->id = NULL;
	k->mr = NULL;
}

#define SEND_FAILED 1 /* *sent after a send that failed (poll_recv) */
#define SEND_FIRST 2  /* the first message's wr_id */
#define SEND_ANSWER 3 /* an answer's */
#define SEND_LAST 4   /* the last answer's */

/* A received message: its slot and length, or -1 for none yet (flushed
 * receives are passed over; a send's completion sets *sent to its wr_id
 * when it succeeded, or to SEND_FAILED) */
static int poll_recv(struct ulp_conn *k, size_t *len, uint64_t *sent)
{
	struct ibv_wc wc;

	while (k->cq && ibv_poll_cq(k->cq, 1, &wc) == 1) {
		if (wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_RECV && wc.wr_id < 2) {
			*len = wc.byte_len;
			return (int)wc.wr_id;
		}
		if (wc.wr_id >= SEND_FIRST)
			*sent = wc.status == IBV_WC_SUCCESS ? wc.wr_id : SEND_FAILED;
	}
	return -1;
}

int live_ulp_client(struct rdma_event_channel *ch, const struct sockaddr_in *sin, const uint8_t *pd,
		    size_t pd_len, uint8_t ird, uint8_t ord, const uint8_t *msg, size_t msg_len,
		    int wait_ms, struct live_ulp_client_out *o)
{
	const struct live_ulp_talk t = { .msg = msg, .msg_len = msg_len, .wait_ms = wait_ms };

	return live_ulp_client_talk(ch, sin, pd, pd_len, ird, ord, &t, o);
}

/* The server's messages, or its close, awaited after ours (wait_ms each);
 * with t->answer, each answered until the last answer's send has ended
 * or failed (the caller closes at once after it) */
static void converse(struct rdma_event_channel *ch, struct ulp_conn *k,
		     const struct live_ulp_talk *t, struct live_ulp_client_out *o)
{
	static uint8_t in[LIVE_ULP_MSG], ans[LIVE_ULP_MSG];
	long end = now_ms() + t->wait_ms;
	uint64_t sent = 0;
	bool last = false;

	while (now_ms() < end && !o->closed &&
	       !(last && (sent == SEND_LAST || sent == SEND_FAILED))) {
		struct rdma_cm_event *ev;
		size_t len;
		int slot = poll_recv(k, &len, &sent);

		if (slot >= 0) {
			if (len > LIVE_ULP_MSG)
				len = LIVE_ULP_MSG;
			memcpy(in, k->b.recv[slot], len);
			(void)post_recv(k, (unsigned)slot);
			if (!o->got_msg) {
				o->got_msg = true;
				o->msg_len = len;
				memcpy(o->msg, in, len);
				end = now_ms() + 500; /* and a close right after it */
			}
		}
		if (slot >= 0 && t->answer && !last) {
			size_t n = t->answer(in, len, ans, sizeof(ans), &last, t->ctx);

			if (last)
				sent = 0; /* from here, the last answer's own end */

			/* the message answered says the last send's buffer is free */
			if (n > 0 && n <= sizeof(ans) &&
			    post_send(k, ans, n, last ? SEND_LAST : SEND_ANSWER,
				      last && t->poison) == 0) {
				end = now_ms() + t->wait_ms;
			} else {
				last = false;
			}
			/* the last one: its send's end, at once, not after an
			 * event's wait in which the server may answer it */
			while (last && sent != SEND_LAST && sent != SEND_FAILED && now_ms() < end)
				(void)poll_recv(k, &len, &sent);
		}
		ev = live_cm_next_event(ch, 5);
		if (ev) {
			if (ev->event == RDMA_CM_EVENT_DISCONNECTED)
				o->closed = true;
			rdma_ack_cm_event(ev);
		}
	}
	o->last_sent = last && sent == SEND_LAST;
}

int live_ulp_client_talk(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
			 const uint8_t *pd, size_t pd_len, uint8_t ird, uint8_t ord,
			 const struct live_ulp_talk *t, struct live_ulp_client_out *o)
{
	static struct ulp_conn k;
	struct live_cm_answer ans;
	struct rdma_conn_param cp;

	memset(o, 0, sizeof(*o));
	memset(&k, 0, sizeof(k));
	snprintf(o->event, sizeof(o->event), "setup-failed");
	if (rdma_create_id(ch, &k.id, NULL, RDMA_PS_TCP)) {
		k.id = NULL;
		return -1;
	}
	if (live_cm_resolve(ch, k.id, sin) || setup(&k)) {
		release(&k);
		return 0;
	}
	memset(&cp, 0, sizeof(cp));
	cp.private_data = pd_len ? pd : NULL;
	cp.private_data_len = (uint8_t)(pd_len > LIVE_ULP_PD - 1 ? LIVE_ULP_PD - 1 : pd_len);
	cp.responder_resources = ird;
	cp.initiator_depth = ord;
	cp.retry_count = 7;
	cp.rnr_retry_count = 7;
	o->established = live_cm_connect(ch, k.id, &cp, 20000, &ans);
	snprintf(o->event, sizeof(o->event), "%s", ans.event);
	o->status = ans.status;
	o->rep_len = ans.raw_len;
	memcpy(o->rep, ans.raw, ans.raw_len);
	if (o->established && t->msg_len > 0 && t->msg_len <= LIVE_ULP_MSG)
		o->sent = post_send(&k, t->msg, t->msg_len, SEND_FIRST, false) == 0;
	if (o->sent)
		converse(ch, &k, t, o);
	if (o->established && !o->closed)
		live_cm_disconnect(ch, k.id);
	release(&k);
	return 0;
}

/* The kernel client, in a child with its output to /dev/null */
pid_t live_ulp_start_client(char *const argv[])
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	return pid;
}

bool live_ulp_client_exited(pid_t pid, char *client, size_t cap)
{
	int st = 0;

	if (waitpid(pid, &st, WNOHANG) != pid)
		return false;
	snprintf(client, cap, "%d", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	return true;
}

struct server_state {
	struct ulp_conn k;
	long quiet; /* the wait after the reply or accept ends here */
	bool replied;
};

static void on_request(struct server_state *s, struct rdma_cm_event *ev, enum live_ulp_answer how,
		       const uint8_t *pd, size_t pd_len, struct live_ulp_server_out *o)
{
	const struct rdma_conn_param *in = &ev->param.conn;
	struct rdma_conn_param cp;

	if (o->requests++ > 0 || s->k.id) {
		rdma_reject(ev->id, NULL, 0);
		rdma_destroy_id(ev->id);
		return;
	}
	o->req_len = in->private_data_len; /* a uint8_t: below LIVE_ULP_PD */
	if (in->private_data && o->req_len)
		memcpy(o->req, in->private_data, o->req_len);
	if (how == LIVE_ULP_SILENT) {
		s->k.id = ev->id; /* never answered; destroyed at the end */
		return;
	}
	memset(&cp, 0, sizeof(cp));
	cp.private_data = pd_len ? pd : NULL;
	cp.private_data_len = (uint8_t)pd_len;
	if (how == LIVE_ULP_REJECT) {
		rdma_reject(ev->id, cp.private_data, cp.private_data_len);
		rdma_destroy_id(ev->id);
		return;
	}
	s->k.id = ev->id;
	if (setup(&s->k)) {
		rdma_reject(ev->id, NULL, 0);
		release(&s->k);
		return;
	}
	cp.responder_resources = in->initiator_depth;
	cp.initiator_depth = in->responder_resources;
	cp.retry_count = 7;
	cp.rnr_retry_count = 7;
	if (rdma_accept(ev->id, &cp))
		release(&s->k);
}

/* the client's messages on an established connection: the first is
 * answered, a later one means it went on */
static void on_message(struct server_state *s, live_ulp_reply_fn reply, void *ctx, int wait_ms,
		       struct live_ulp_server_out *o)
{
	size_t len;
	uint64_t sent = 0; /* the server's own send's end is not awaited */
	int slot;

	while ((slot = poll_recv(&s->k, &len, &sent)) >= 0) {
		if (o->got_first) {
			o->after = "continued";
			return;
		}
		o->got_first = true;
		o->first_len = len;
		memcpy(o->first, s->k.b.recv[slot], len < LIVE_ULP_MSG ? len : LIVE_ULP_MSG);
		(void)post_recv(&s->k, (unsigned)slot);
		o->reply_len =
			reply ? reply(o->first, o->first_len, o->reply, sizeof(o->reply), ctx) : 0;
		if (o->reply_len == 0) {
			o->after = "continued"; /* nothing to answer: its message is the news */
			return;
		}
		(void)post_send(&s->k, o->reply, o->reply_len, SEND_FIRST, false);
		s->replied = true;
		s->quiet = now_ms() + wait_ms;
	}
}

int live_ulp_server(struct rdma_event_channel *ch, char *const argv[], enum live_ulp_answer how,
		    const uint8_t *pd, size_t pd_len, live_ulp_reply_fn reply, void *ctx,
		    int wait_ms, int client_ms, struct live_ulp_server_out *o)
{
	static struct server_state s;
	long end = now_ms() + client_ms, gone = 0;
	bool exited = false;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	memset(&s, 0, sizeof(s));
	o->after = "-";
	snprintf(o->client, sizeof(o->client), "fork");
	pid = live_ulp_start_client(argv);
	if (pid < 0)
		return -1;
	while (now_ms() < end) {
		struct rdma_cm_event *ev = live_cm_next_event(ch, 10);

		if (ev) {
			enum rdma_cm_event_type t = ev->event;
			bool ours = s.k.id && ev->id == s.k.id;

			if (t == RDMA_CM_EVENT_CONNECT_REQUEST) {
				on_request(&s, ev, how, pd, pd_len, o);
			} else if (ours && t == RDMA_CM_EVENT_ESTABLISHED) {
				o->established = true;
				s.quiet = now_ms() + 10000; /* its first message, at most */
			} else if (ours && (t == RDMA_CM_EVENT_DISCONNECTED ||
					    t == RDMA_CM_EVENT_CONNECT_ERROR ||
					    t == RDMA_CM_EVENT_UNREACHABLE)) {
				if (o->established && strcmp(o->after, "continued") != 0)
					o->after = "closed";
				s.quiet = now_ms();
			}
			rdma_ack_cm_event(ev);
		}
		if (o->established && strcmp(o->after, "-") == 0)
			on_message(&s, reply, ctx, wait_ms, o);
		if (o->established && strcmp(o->after, "-") == 0 && s.quiet && now_ms() > s.quiet)
			o->after = "silent";
		if (!exited && live_ulp_client_exited(pid, o->client, sizeof(o->client))) {
			exited = true;
			gone = now_ms() + 1000; /* its disconnect, at most */
		}
		/* decided: the client gets twice the wait to give up by itself
		 * (killed, open-iscsi's iscsid would go on retrying its session) */
		if (o->established && strcmp(o->after, "-") != 0 && !exited && !gone)
			gone = now_ms() + 2L * wait_ms;
		if (gone && now_ms() > gone)
			break;
	}
	if (s.k.id && o->established)
		rdma_disconnect(s.k.id);
	if (!exited && !live_ulp_client_exited(pid, o->client, sizeof(o->client))) {
		kill(pid, SIGKILL);
		for (int i = 0;
		     i < 50 && !live_ulp_client_exited(pid, o->client, sizeof(o->client)); i++)
			usleep(100000);
		if (!strcmp(o->client, "fork"))
			snprintf(o->client, sizeof(o->client), "hung");
		else
			snprintf(o->client, sizeof(o->client), "killed");
	}
	/* the disconnect's events, so the next case starts clean */
	for (struct rdma_cm_event *ev; (ev = live_cm_next_event(ch, 200));)
		rdma_ack_cm_event(ev);
	if (s.k.id)
		release(&s.k);
	return 0;
}

int live_ulp_serve(const struct live_ulp_server_cases *s, const char *addr, size_t first,
		   size_t count, char *const argv[], FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_id *listener;
	struct live_ulp_case c;
	static struct live_ulp_server_out o;
	int k;

	if (live_cm_listen(ch, addr, s->port, 4, &listener) != 0) {
		fprintf(stderr, "rdmaneg-live %s: cannot listen on %s:%d: %s\n", s->verb, addr,
			s->port, strerror(errno));
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	for (size_t i = first;
	     (count == 0 || i < first + count) && (k = s->nth(i, &c, s->ctx)) >= 0; i++) {
		if (k == 0)
			continue;
		fprintf(out, "%s %s %s\n", s->case_tag, s->role, c.name);
		fflush(out);
		if (c.how == LIVE_ULP_HOLD) {
			/* the port's TCP listener is the case's own while it runs */
			rdma_destroy_id(listener);
			(void)live_ulp_hold(addr, s->port, argv, out, &o);
			if (live_cm_listen(ch, addr, s->port, 4, &listener) != 0) {
				fprintf(stderr,
					"rdmaneg-live %s: cannot listen again on %s:%d: %s\n",
					s->verb, addr, s->port, strerror(errno));
				rdma_destroy_event_channel(ch);
				return 1;
			}
		} else {
			(void)live_ulp_server(ch, argv, c.how, c.pd, c.pd_len, c.reply, c.ctx,
					      s->wait_ms, s->client_ms, &o);
		}
		fprintf(out, "%s %s %u %d %s %s", s->line, c.name, o.requests, o.established,
			o.after, o.client);
		live_ulp_hex(out, o.req, o.req_len);
		live_ulp_hex(out, c.pd, c.pd_len);
		live_ulp_hex(out, o.first, o.first_len);
		if (s->show_reply)
			live_ulp_hex(out, o.reply, o.reply_len);
		fprintf(out, "\n");
		fflush(out);
	}
	fprintf(out, "%s_END\n", s->line);
	fflush(out);
	rdma_destroy_id(listener);
	rdma_destroy_event_channel(ch);
	return 0;
}
