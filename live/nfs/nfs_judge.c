// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_judge: the verdict pass. live_nfs_judge compares what Linux did with
 * the RFC column (the oracle's) and the core's column; live_nfs_broken says
 * when a run measured too little to judge.
 */
#include "live/nfs/nfs.h"

#include "rules/rules.h"

#include <stdio.h>
#include <string.h>

/* ---- verdicts ---- */

/* The registry ids (spec/clauses.tsv) the NFS verdicts cite */
static const char C_SIZES[] = "rfc8797#4.2", C_RI[] = "rfc8797#4.1-1",
		  C_SWI_XID[] = "rfc8797#4.1-2", C_SWI_ONLY_R[] = "rfc8797#4.1-3",
		  C_DEFAULTS[] = "rfc8797#5.1-1", C_SEARCH[] = "rfc8797#5.2",
		  /* the compliance row of a threshold verdict: section 4.2's
		   * min() rule has no key word, so no clause of its own; its
		   * rows go to the Receive Size field it bounds */
	C_RECV_SIZE[] = "rfc8797#4-9";

/* One row of the compliance matrix */
static void crow(struct live_nfs_verdict *v, const char *impl, const char *name, const char *clause,
		 enum rdmaneg_verdict_kind kind)
{
	struct live_nfs_crow *w;

	if (v->nrow == LIVE_NFS_MAX_CROWS)
		return;
	w = &v->row[v->nrow++];
	w->impl = impl;
	snprintf(w->name, sizeof(w->name), "%s", name);
	w->clause = clause == C_SIZES ? C_RECV_SIZE : clause;
	w->kind = kind;
}

/* Adds one disagreement, or names one more case in the entry of the same
 * table, clause and text (the hostile tables group their cases; the
 * text's " (first: ...)" tail, the first case's outcome, is not compared). */
static void div_add(struct live_nfs_div *d, size_t *n, enum live_nfs_table t, const char *clause,
		    const char *text, const char *where, bool is_case)
{
	const char *tail = strstr(text, " (first: ");
	size_t key = tail ? (size_t)(tail - text) : strlen(text);
	struct live_nfs_div *e = NULL;
	size_t used;

	for (size_t i = 0; is_case && i < *n; i++)
		if (d[i].table == t && d[i].ncases && strcmp(d[i].clause, clause) == 0 &&
		    strncmp(d[i].text, text, key) == 0 &&
		    (d[i].text[key] == '\0' || strncmp(d[i].text + key, " (first: ", 9) == 0))
			e = &d[i];
	if (!e) {
		if (*n == LIVE_NFS_MAX_DIV)
			return;
		e = &d[(*n)++];
		memset(e, 0, sizeof(*e));
		e->table = t;
		snprintf(e->clause, sizeof(e->clause), "%s", clause);
		snprintf(e->text, sizeof(e->text), "%s", text);
	}
	used = strlen(e->where);
	snprintf(e->where + used, sizeof(e->where) - used, "%s%s", used ? ", " : "", where);
	e->ncases += is_case;
}

bool live_nfs_same_msg(const struct rdmaneg_rpcrdma_result *a,
		       const struct rdmaneg_rpcrdma_result *b)
{
	return a->present == b->present &&
	       (!a->present || (a->offset == b->offset && a->flags == b->flags &&
				a->send_size == b->send_size && a->recv_size == b->recv_size));
}

void live_nfs_describe_msg(const struct rdmaneg_rpcrdma_result *m, char *out, size_t cap)
{
	if (!m->present)
		snprintf(out, cap, "none (%s)", rdmaneg_rpcrdma_reason_name(m->reason));
	else
		snprintf(out, cap, "v%u R=%d %zu/%zu @%zu", m->version, m->remote_invalidation,
			 m->send_size, m->recv_size, m->offset);
}

/* The core against the RFC column for one side's thresholds */
static void core_vs_rfc(struct live_nfs_verdict *v, enum live_nfs_table t, const char *where,
			const char *who, const struct live_nfs_th *core,
			const struct live_nfs_th *rfc, bool with_ri)
{
	char text[240];

	if (core->send != rfc->send || core->recv != rfc->recv) {
		snprintf(text, sizeof(text), "%s thresholds: core %zu/%zu, RFC %zu/%zu", who,
			 core->send, core->recv, rfc->send, rfc->recv);
		div_add(v->core, &v->ncore, t, C_SIZES, text, where, false);
	}
	if (with_ri && core->ri != rfc->ri) {
		snprintf(text, sizeof(text), "%s Send With Invalidate: core %s, RFC %s", who,
			 core->ri ? "yes" : "no", rfc->ri ? "yes" : "no");
		div_add(v->core, &v->ncore, t, C_RI, text, where, false);
	}
}

static void judge_conns(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	bool may = r->nconn > 0;

	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];
		char where[64], text[240];

		snprintf(where, sizeof(where), "connection %zu (client port %u)", i + 1,
			 c->client_port);
		if (!c->client.seen || !c->server.seen) {
			may = false;
			continue;
		}
		/* [rfc8797#4.1-1] [rpcrdma-cm-pvt-data-01#5.1-1] */
		may = may && c->rfc_server.ri;
		for (int s = 0; s < 2; s++) {
			const struct live_nfs_side *side = s ? &c->server : &c->client;

			if (side->parse == RDMANEG_OK &&
			    !live_nfs_same_msg(&side->msg, &side->ref)) {
				char a[64], b[64];

				live_nfs_describe_msg(&side->msg, a, sizeof(a));
				live_nfs_describe_msg(&side->ref, b, sizeof(b));
				snprintf(text, sizeof(text), "the %s's message: core %s, RFC %s",
					 s ? "server" : "client", a, b);
				div_add(v->core, &v->ncore, LIVE_NFS_T_CONN, C_SEARCH, text, where,
					false);
			}
		}
		core_vs_rfc(v, LIVE_NFS_T_CONN, where, "client", &c->core_client, &c->rfc_client,
			    true);
		core_vs_rfc(v, LIVE_NFS_T_CONN, where, "server", &c->core_server, &c->rfc_server,
			    true);
		if (c->traced && c->linux_send != c->rfc_client.send) {
			snprintf(text, sizeof(text),
				 "the client sends up to %zu octets inline, the RFC allows %zu",
				 c->linux_send, c->rfc_client.send);
			div_add(v->div, &v->ndiv, LIVE_NFS_T_CONN, C_SIZES, text, where, false);
		}
		if (c->traced && c->linux_recv != c->rfc_client.recv) {
			snprintf(text, sizeof(text),
				 "the client receives up to %zu octets inline, the RFC %zu",
				 c->linux_recv, c->rfc_client.recv);
			div_add(v->div, &v->ndiv, LIVE_NFS_T_CONN, C_SIZES, text, where, false);
		}
		/* [rfc8797#4.2] */
		if (c->traced)
			crow(v, "xprtrdma", "", C_SIZES,
			     c->linux_send != c->rfc_client.send ||
					     c->linux_recv != c->rfc_client.recv
				     ? RDMANEG_VERDICT_DIVERGES
				     : RDMANEG_VERDICT_CONFORMS);
	}
	/* [rfc8797#4.1-3] [rpcrdma-cm-pvt-data-01#5.1-3] */
	if (r->server_sends && !may && r->server_sends_inv) {
		char text[240];

		snprintf(text, sizeof(text),
			 "the server cleared R (or the client did) and still sent %zu of its %zu "
			 "Sends With Invalidate; when either peer clears R the responder MUST "
			 "use only Send",
			 r->server_sends_inv, r->server_sends);
		div_add(v->div, &v->ndiv, LIVE_NFS_T_CONN, C_SWI_ONLY_R, text, "all connections",
			false);
	}
	if (r->server_sends && !may)
		crow(v, "svcrdma", "", C_SWI_ONLY_R,
		     r->server_sends_inv ? RDMANEG_VERDICT_DIVERGES : RDMANEG_VERDICT_CONFORMS);
}

/* [rfc8797#4.2], 5.1: nothing inline above the threshold; IBV_WC_LOC_LEN_ERR
 * (1) on our Receive is a Send longer than the Receive we posted */
static bool overflowed(const struct live_nfs_hostile *h)
{
	return h->compound.reached && !h->compound.timeout &&
	       (h->compound.wc_status == 1 || h->compound.len > h->threshold);
}

void live_nfs_call_text(const struct live_nfs_call *c, char *out, size_t cap)
{
	if (!c->reached)
		snprintf(out, cap, "not sent");
	else if (c->timeout)
		snprintf(out, cap, "no reply");
	else if (c->wc_status == 1)
		snprintf(out, cap, "LOC_LEN_ERR");
	else if (c->wc_status != 0)
		snprintf(out, cap, "wc status %d", c->wc_status);
	else if (c->nfs_status >= 0)
		snprintf(out, cap, "%lu octets, nfs %ld", c->len, c->nfs_status);
	else
		snprintf(out, cap, "%lu octets, rpc %ld", c->len, c->accept);
}

static void judge_hostile(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	static const char *const clause[3] = { C_SIZES, C_DEFAULTS, C_DEFAULTS };
	static const char *const text[3] = {
		"the server sent more inline than the smaller of its own Send Size and the "
		"client's Receive Size",
		"without a valid message from the client, the server sent more inline than the "
		"1024-octet default",
		"a client without a valid message was not served with the defaults",
	};

	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		char where[64], what[64], t[240];
		int broke = -1;

		rdmaneg_verdict_conforms(&v->hostile[i]);
		if (!h->known)
			continue;
		snprintf(where, sizeof(where), "hostile client case %s", h->name);
		if (h->core_threshold != h->threshold) {
			snprintf(t, sizeof(t), "server-to-client threshold: core %zu, RFC %zu",
				 h->core_threshold, h->threshold);
			div_add(v->core, &v->ncore, LIVE_NFS_T_CLIENT, C_SIZES, t, where, false);
		}
		if (strcmp(h->event, "RDMA_CM_EVENT_ESTABLISHED") != 0 ||
		    (h->null.reached && (h->null.timeout || h->null.accept != 0)))
			/* [rfc8797#1-1] */
			broke = h->present ? -1 : 2;
		/* [rfc8797#4-9] */
		else if (overflowed(h))
			/* [rfc8797#5.1-1] */
			broke = h->present ? 0 : 1;
		/* [rfc8797#4.1-2] [rpcrdma-cm-pvt-data-01#5.1-2]: this client's
		 * calls carry no chunk, so no STag is associated with their XIDs
		 * and a Send With Invalidate has none it may invalidate */
		if (broke < 0 && (h->null.inv || h->compound.inv)) {
			snprintf(
				t, sizeof(t),
				"the server answered a call that carried no chunk with a Send With "
				"Invalidate (STag %lx)",
				h->null.inv ? h->null.inv_rkey : h->compound.inv_rkey);
			rdmaneg_verdict_set(&v->hostile[i], RDMANEG_VERDICT_DIVERGES, C_SWI_XID,
					    "%s", t);
			div_add(v->div, &v->ndiv, LIVE_NFS_T_CLIENT, C_SWI_XID, t, h->name, true);
		}
		/* the rows: the threshold (or the defaults) the case tested, once
		 * it was established; the Sends With Invalidate of its calls */
		if (broke >= 0 || strcmp(h->event, "RDMA_CM_EVENT_ESTABLISHED") == 0)
			crow(v, "svcrdma", h->name,
			     broke >= 0	  ? clause[broke]
			     : h->present ? C_SIZES
					  : C_DEFAULTS,
			     broke >= 0 ? RDMANEG_VERDICT_DIVERGES : RDMANEG_VERDICT_CONFORMS);
		if (broke < 0 && (h->null.reached || h->compound.reached))
			crow(v, "svcrdma", h->name, C_SWI_XID, v->hostile[i].kind);
		if (broke < 0)
			continue;
		live_nfs_call_text(broke == 2 ? &h->null : &h->compound, what, sizeof(what));
		snprintf(t, sizeof(t), "%s (first: %s)", text[broke], what);
		rdmaneg_verdict_set(&v->hostile[i], RDMANEG_VERDICT_DIVERGES, clause[broke], "%s",
				    t);
		div_add(v->div, &v->ndiv, LIVE_NFS_T_CLIENT, clause[broke], t, h->name, true);
	}
}

static void judge_served(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	/* 0: a message at offset 0, 1: elsewhere (the receiver searches), 2:
	 * none (the defaults), 3: a first Send above the client's own send
	 * threshold */
	static const char *const clause[4] = { C_SIZES, C_SEARCH, C_DEFAULTS, C_SIZES };
	static const char *const text[4] = {
		"the client's thresholds are not min(own, server's) for the server's message",
		("the client did not find the server's message away from offset 0 (the receiver "
		 "searches at any alignment)"),
		"without a valid message from the server, the client did not use the defaults",
		"the client's first Send was longer than its send threshold",
	};

	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *s = &r->served[k];
		char where[64], t[240];
		int broke = -1;

		rdmaneg_verdict_set(&v->served[k], RDMANEG_VERDICT_CONFORMS, "-", "not run");
		if (!s->seen)
			continue;
		rdmaneg_verdict_conforms(&v->served[k]);
		snprintf(where, sizeof(where), "hostile server case %s", s->c.name);
		core_vs_rfc(v, LIVE_NFS_T_SERVER, where, "the client's", &s->core, &s->rfc, false);
		if (s->traced && (s->linux_send != s->rfc.send || s->linux_recv != s->rfc.recv))
			broke = !s->msg.present ? 2 : s->msg.offset > 0 ? 1 : 0;
		else if (s->first_ok && s->first_len > s->rfc.send)
			broke = 3;
		/* [rfc8797#4.2] [rfc8797#5.1-1] [rfc8797#5.2] */
		if (s->traced && (broke < 0 || broke == 3))
			crow(v, "xprtrdma", s->c.name,
			     !s->msg.present	 ? C_DEFAULTS
			     : s->msg.offset > 0 ? C_SEARCH
						 : C_SIZES,
			     RDMANEG_VERDICT_CONFORMS);
		if (broke >= 0)
			crow(v, "xprtrdma", s->c.name, clause[broke], RDMANEG_VERDICT_DIVERGES);
		if (broke < 0)
			continue;
		if (broke == 3)
			snprintf(t, sizeof(t), "%s (first: %zu octets, RFC %zu)", text[broke],
				 s->first_len, s->rfc.send);
		else
			snprintf(t, sizeof(t), "%s (first: Linux %zu/%zu, RFC %zu/%zu)",
				 text[broke], s->linux_send, s->linux_recv, s->rfc.send,
				 s->rfc.recv);
		rdmaneg_verdict_set(&v->served[k], RDMANEG_VERDICT_DIVERGES, clause[broke], "%s",
				    t);
		div_add(v->div, &v->ndiv, LIVE_NFS_T_SERVER, clause[broke], t, s->c.name, true);
	}
}

void live_nfs_judge(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	memset(v, 0, sizeof(*v));
	judge_conns(r, v);
	judge_hostile(r, v);
	judge_served(r, v);
}

size_t live_nfs_count(const struct live_nfs_verdict *v, enum live_nfs_table t, bool core)
{
	const struct live_nfs_div *d = core ? v->core : v->div;
	size_t n = core ? v->ncore : v->ndiv, c = 0;

	for (size_t i = 0; i < n; i++)
		c += d[i].table == t;
	return c;
}

/* The hostile peers' part of live_nfs_broken: every case ran and is known
 * (the one case alone under NFS_CASE). */
static bool hostile_broken(const struct live_nfs *r, char *why, size_t cap)
{
	size_t want = r->only[0] ? 1 : live_nfs_case_count();

	if (r->nhostile != want) {
		snprintf(why, cap, "the hostile client ran %zu of its %zu cases", r->nhostile,
			 want);
		return true;
	}
	if (r->nserved != want) {
		snprintf(why, cap, "the hostile server ran %zu of its %zu cases", r->nserved, want);
		return true;
	}
	for (size_t k = 0; k < live_nfs_case_count(); k++) {
		if (r->only[0] && (long)k != live_nfs_case_find(r->only))
			continue;
		if (!r->served[k].seen || !r->served[k].traced) {
			snprintf(why, cap, "hostile server case %zu: %s", k,
				 !r->served[k].seen ? "no LIVE_NFSS line"
						    : "no xprtrdma_inline_thresh line");
			return true;
		}
	}
	for (size_t i = 0; i < r->nhostile; i++)
		if (!r->hostile[i].known ||
		    (r->only[0] && strcmp(r->hostile[i].name, r->only) != 0)) {
			snprintf(why, cap, "the hostile client ran %s case %s",
				 r->hostile[i].known ? "another" : "an unknown",
				 r->hostile[i].name);
			return true;
		}
	return false;
}

bool live_nfs_broken(const struct live_nfs *r, char *why, size_t cap)
{
	for (size_t i = 0; i < r->nstep; i++)
		if (!r->step[i].ok) {
			snprintf(why, cap, "step %s %s", r->step[i].name, r->step[i].why);
			return true;
		}
	if (r->bad_lines) {
		snprintf(why, cap, "%zu LIVE_NFS line(s) did not parse", r->bad_lines);
		return true;
	}
	if (r->nstep == 0 || r->nconn == 0) {
		snprintf(why, cap, "%s",
			 r->nstep ? "no NFS/RDMA connection was captured"
				  : "the guest ran no NFS step");
		return true;
	}
	if (r->smoke && (r->nhostile || r->nserved)) {
		snprintf(why, cap, "a smoke run ran %zu hostile client and %zu server case(s)",
			 r->nhostile, r->nserved);
		return true;
	}
	if (!r->smoke && hostile_broken(r, why, cap))
		return true;
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];

		if (!c->client.seen || !c->server.seen || !c->traced) {
			snprintf(why, cap, "connection from port %u: %s", c->client_port,
				 !c->client.seen   ? "no MPA Request"
				 : !c->server.seen ? "no MPA Reply"
						   : "no xprtrdma_inline_thresh line");
			return true;
		}
	}
	return false;
}
