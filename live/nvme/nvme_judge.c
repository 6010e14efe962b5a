// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_judge: make live-nvme's second pass, what nvme_read.c read judged
 * by the core and by the oracle into plain rows (struct live_nvme_judged),
 * with the tally; nvme_print.c prints them.
 */
#include "live/nvme/nvme.h"

#include "rules/nvme_rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void names_of(unsigned set, char *out, size_t cap)
{
	size_t n = 0;

	out[0] = '\0';
	for (unsigned k = 0; k <= RDMANEG_NVME_STS_MAX && n < cap; k++)
		if ((set >> k) & 1u)
			n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "",
					      rdmaneg_nvme_sts_name(k));
}

/* w, a row of connection conn, into j's table and tally */
static void add_row(struct live_nvme_judged *j, size_t conn, const struct live_nvme_row *w)
{
	struct live_nvme_verdict *v = &j->v;

	if (j->nrow == LIVE_NVME_ROWS)
		return; /* nine rows a connection at most: not reached */
	j->row[j->nrow] = *w;
	j->row[j->nrow++].conn = conn;
	v->rows++;
	if (!w->oracle_ok)
		v->diverges++;
	if (w->core_ok != w->oracle_ok || !w->same_value)
		v->disagree++;
}

/* The host's request: each field as the sender wrote it. */
static void request_rows(struct live_nvme_judged *j, size_t conn, const struct live_nvme_conn *c,
			 const struct rdmaneg_nvme_answer *a,
			 const struct rdmaneg_ref_nvme_answer *ref)
{
	static const struct {
		const char *name;
		size_t off;
		unsigned sts;
		const char *rule, *clause;
	} f[] = {
		{ "RECFMT", 0, RDMANEG_NVME_STS_RECFMT, "[nvme-rdma#fig5]: shall be 0h",
		  "nvme-rdma#fig5-2" },
		/* [nvme-rdma#fig5-3] */
		{ "QID", 2, RDMANEG_NVME_STS_QID,
		  "[nvme-rdma#fig5]: a queue the controller has (1..128)", "nvme-rdma#fig5-3" },
		/* [nvme-rdma#fig5-5] */
		{ "HRQSIZE", 4, RDMANEG_NVME_STS_HRQSIZE,
		  "[nvme-rdma#fig5]: receive entries; 0h receives nothing", "nvme-rdma#fig5-5" },
		/* [nvme-rdma#fig5-4] */
		{ "HSQSIZE", 6, RDMANEG_NVME_STS_HSQSIZE,
		  "[nvme-rdma#fig5]: SQSIZE, 0's based; base spec Connect: not 0h, within the limit",
		  "nvme-rdma#fig5-4" },
		{ "CNTLID", 8, RDMANEG_NVME_STS_CNTLID,
		  "[nvme-rdma#fig5]: shall be 0h for the admin queue", "nvme-rdma#fig5-6" },
	};
	const unsigned core_vals[] = { a->req.recfmt, a->req.qid, a->req.hrqsize, a->req.hsqsize,
				       a->req.cntlid };
	struct live_nvme_row w;
	bool qid0;

	memset(&w, 0, sizeof(w));
	/* the host's request: Linux's nvme-rdma */
	w.impl = "nvme-rdma";
	w.field = "length";
	/* [nvme-rdma#fig5-7] */
	w.clause = "nvme-rdma#fig5-7";
	snprintf(w.value, sizeof(w.value), "%zu", c->req_len);
	snprintf(w.rule, sizeof(w.rule), "[nvme-rdma#fig5]: 32 octets (31:00)");
	w.core_ok = a->decoded;
	w.oracle_ok = c->req_len >= 32;
	w.same_value = true;
	add_row(j, conn, &w);
	if (c->req_len < 32 || !a->decoded)
		return;
	qid0 = rdmaneg_ref_nvme_u16(c->req, 2) == 0;
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		unsigned bit = 1u << f[i].sts, val = rdmaneg_ref_nvme_u16(c->req, f[i].off);

		w.field = f[i].name;
		w.clause = f[i].clause;
		snprintf(w.value, sizeof(w.value), "%u", val);
		if (core_vals[i] != val)
			snprintf(w.value, sizeof(w.value), "%u (core %u)", val, core_vals[i]);
		w.same_value = core_vals[i] == val;
		snprintf(w.rule, sizeof(w.rule), "%s", f[i].rule);
		if (f[i].sts == RDMANEG_NVME_STS_CNTLID) {
			/* a shall on the host, whatever a target may answer */
			/* [nvme-rdma#fig5-6] */
			w.core_ok = !(a->req.qid == 0 && a->req.cntlid != 0);
			w.oracle_ok = !(qid0 && val != 0);
		} else {
			/* a defect: its status conforms and the accept does not */
			w.core_ok = !((a->allowed & bit) && !(a->allowed & 1u));
			w.oracle_ok = !((ref->allowed & bit) && !(ref->allowed & 1u));
		}
		add_row(j, conn, &w);
	}
}

/* The target's answer, then the accept's or the reject's fields. */
static void answer_rows(struct live_nvme_judged *j, size_t conn, const struct live_nvme_conn *c,
			const struct rdmaneg_nvme_answer *a,
			const struct rdmaneg_ref_nvme_answer *ref)
{
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	unsigned d = 0, refd, sts;
	char set[160];
	struct live_nvme_row w;

	memset(&w, 0, sizeof(w));
	/* the target's answer: Linux's nvmet */
	w.impl = "nvmet";
	w.same_value = true;
	w.field = "answer";
	/* [nvme-rdma#fig11-1] */
	w.clause = "nvme-rdma#fig11-1";
	(void)rdmaneg_nvme_reject_read(c->rep, c->rep_len, &rej, &d);
	sts = c->rejected ? (rej.has_sts ? rej.sts : 0xFFFFu) : 0u;
	if (!c->rejected)
		snprintf(w.value, sizeof(w.value), "accept");
	else if (rej.has_sts)
		snprintf(w.value, sizeof(w.value), "reject %u", sts);
	else
		snprintf(w.value, sizeof(w.value), "reject, no STS");
	names_of(ref->allowed, set, sizeof(set));
	snprintf(w.rule, sizeof(w.rule), "[nvme-rdma#fig11]: one of %s", set);
	w.core_ok = sts <= RDMANEG_NVME_STS_MAX && ((a->allowed >> sts) & 1u);
	w.oracle_ok = sts <= RDMANEG_NVME_STS_MAX && ((ref->allowed >> sts) & 1u);
	add_row(j, conn, &w);
	if (c->rejected) {
		refd = rdmaneg_ref_nvme_reject(c->rep, c->rep_len);
		w.field = "reject";
		w.clause = "nvme-rdma#fig7-1";
		snprintf(w.value, sizeof(w.value), "%zu octets", c->rep_len);
		snprintf(w.rule, sizeof(w.rule),
			 "[nvme-rdma#fig7], 11: 4 octets, RECFMT 0h, STS 1h..9h");
		w.core_ok = d == 0;
		w.oracle_ok = refd == 0;
		add_row(j, conn, &w);
		return;
	}
	/* iWARP has no RNR retry: [nvme-rdma#fig6]'s rule without RNR flow control */
	(void)rdmaneg_nvme_accept_check(c->rep, c->rep_len, &a->req, false, &acc, &d);
	refd = rdmaneg_ref_nvme_accept(c->rep, c->rep_len, rdmaneg_ref_nvme_u16(c->req, 6), false);
	w.field = "accept";
	/* [nvme-rdma#fig6-2] */
	w.clause = "nvme-rdma#fig6-2";
	snprintf(w.value, sizeof(w.value), "%zu octets", c->rep_len);
	snprintf(w.rule, sizeof(w.rule), "[nvme-rdma#fig6]: 32 octets, RECFMT 0h");
	w.core_ok = !(d & (RDMANEG_NVME_D_SHORT | RDMANEG_NVME_D_RECFMT));
	w.oracle_ok = !(refd & (RDMANEG_NVME_D_SHORT | RDMANEG_NVME_D_RECFMT));
	add_row(j, conn, &w);
	if (c->rep_len < 32)
		return;
	w.field = "CRQSIZE";
	w.clause = "nvme-rdma#fig6-3";
	snprintf(w.value, sizeof(w.value), "%u", rdmaneg_ref_nvme_u16(c->rep, 2));
	w.same_value = acc.crqsize == rdmaneg_ref_nvme_u16(c->rep, 2);
	snprintf(w.rule, sizeof(w.rule),
		 "[nvme-rdma#fig6]: equal to HSQSIZE %u (no RNR flow control on iWARP)",
		 rdmaneg_ref_nvme_u16(c->req, 6));
	/* [nvme-rdma#fig6-3] */
	w.core_ok = !(d & RDMANEG_NVME_D_CRQSIZE);
	w.oracle_ok = !(refd & RDMANEG_NVME_D_CRQSIZE);
	add_row(j, conn, &w);
}

/* The clause a request's first defect breaks (the oracle's strict
 * status), or fig. 11's answer set when it has none */
static const char *defect_clause(unsigned strict)
{
	switch (strict) {
	case RDMANEG_NVME_STS_LEN:
		return "nvme-rdma#fig5-7";
	case RDMANEG_NVME_STS_RECFMT:
		return "nvme-rdma#fig5-2";
	case RDMANEG_NVME_STS_QID:
		return "nvme-rdma#fig5-3";
	case RDMANEG_NVME_STS_HSQSIZE:
		return "nvme-rdma#fig5-4";
	case RDMANEG_NVME_STS_HRQSIZE:
		return "nvme-rdma#fig5-5";
	case RDMANEG_NVME_STS_CNTLID:
		return "nvme-rdma#fig5-6";
	default:
		return "nvme-rdma#fig11-1";
	}
}

/* The hostile host's cases: what nvmet answered each, against what a
 * conforming target may answer (the core's set and the oracle's), judged
 * on the private data each case sent */
static void hostile_rows(struct live_nvme_judged *j, const struct live_nvme *r,
			 const struct rdmaneg_nvme_limits *lim)
{
	struct live_nvme_verdict *v = &j->v;

	for (size_t i = 0; i < r->nhost; i++) {
		const struct live_nvme_hostile *h = &r->host[i];
		struct live_nvme_hrow *w = &j->host[j->nhost++];
		struct rdmaneg_nvme_answer a;
		struct rdmaneg_ref_nvme_answer ref;
		unsigned sts;

		memset(w, 0, sizeof(*w));
		w->h = h;
		(void)rdmaneg_nvme_target_judge(h->pd, h->pd_len, lim, &a);
		rdmaneg_ref_nvme_target(h->pd, h->pd_len, lim, &ref);
		if (!h->answered)
			snprintf(w->got, sizeof(w->got), "no answer");
		else if (h->established)
			snprintf(w->got, sizeof(w->got), "accept");
		else if (h->has_sts)
			snprintf(w->got, sizeof(w->got), "reject %u", h->sts);
		else
			snprintf(w->got, sizeof(w->got), "reject, no STS");
		/* an answer the status set can name, or none (0xFFFF) */
		sts = !h->answered ? 0xFFFFu : h->established ? 0u : h->has_sts ? h->sts : 0xFFFFu;
		w->core_ok = sts <= RDMANEG_NVME_STS_MAX && ((a.allowed >> sts) & 1u);
		w->oracle_ok = sts <= RDMANEG_NVME_STS_MAX && ((ref.allowed >> sts) & 1u);
		w->agree = w->core_ok == w->oracle_ok && a.allowed == ref.allowed;
		w->clause = defect_clause(ref.sts);
		names_of(ref.allowed, w->set, sizeof(w->set));
		v->cases++;
		if (!h->answered)
			v->case_unanswered++;
		if (w->oracle_ok)
			v->case_conform++;
		else
			v->case_diverge++;
		if (!w->agree)
			v->disagree++;
	}
}

/* What a conforming host does with an answer: go on (send its first
 * capsule), give the queue up, or nothing the harness can see. */
static const char *const expect_names[] = { "go on", "give up", "not seen" };

/* From the defects of an accept: one it cannot read ([nvme-rdma#fig6]: 32 octets,
 * RECFMT 0h) leaves it no queue; a CRQSIZE off [nvme-rdma#fig6]'s rule binds the
 * controller, and a host that keeps to it (no more commands outstanding
 * than CRQSIZE) looks, on the wire, like one that does not. */
const char *live_nvme_host_expect_name(enum live_nvme_host_expect x)
{
	return (size_t)x < sizeof(expect_names) / sizeof(expect_names[0]) ? expect_names[x] : "?";
}

enum live_nvme_host_expect live_nvme_host_expect(enum live_nvme_tkind kind, unsigned defects)
{
	if (kind != LIVE_NVME_T_ACCEPT)
		return LIVE_NVME_GIVE_UP; /* [nvme-rdma#fig7], 11: a reject, an MPA Reply the
					   * host's RNIC refuses ([rfc5044#7.1]), or no
					   * answer ends the queue */
	if (defects & (RDMANEG_NVME_D_SHORT | RDMANEG_NVME_D_RECFMT))
		return LIVE_NVME_GIVE_UP;
	return defects & RDMANEG_NVME_D_CRQSIZE ? LIVE_NVME_UNSEEN : LIVE_NVME_GO_ON;
}

/* The hostile target's cases: what the kernel host did with each answer,
 * against what a conforming host does (the core's reading and the
 * oracle's). */
static void target_rows(struct live_nvme_judged *j, const struct live_nvme *r,
			const struct rdmaneg_nvme_limits *lim)
{
	struct live_nvme_verdict *v = &j->v;

	for (size_t i = 0; i < r->ntarget; i++) {
		const struct live_nvme_target_run *t = &r->target[i];
		struct live_nvme_trow *w = &j->target[j->ntarget];
		struct live_nvme_tcase tc;
		struct rdmaneg_nvme_answer a;
		struct rdmaneg_nvme_accept acc;
		unsigned d = 0, refd;
		enum live_nvme_host_expect core, oracle;
		/* went on: its first capsule reached us, or its own log says it
		 * sent the Connect command (a capsule can stall in siw: docs/nvme.md) */
		bool went_on = t->capsule || t->connect_logged;
		bool gave_up = !went_on && !t->created && !t->hung;
		char *note = w->note;
		size_t cap = sizeof(w->note);

		/* the case's kind: how the hostile target answered (its octets
		 * are the console's, in t->ans) */
		if (!live_nvme_tcase((size_t)t->index, 0, &tc))
			continue;
		j->ntarget++;
		memset(w, 0, sizeof(*w));
		w->t = t;
		snprintf(w->name, sizeof(w->name), "%s", tc.name);
		v->tcases++;
		(void)rdmaneg_nvme_target_judge(t->req, t->req_len, lim, &a);
		if (tc.kind == LIVE_NVME_T_ACCEPT)
			(void)rdmaneg_nvme_accept_check(t->ans, t->ans_len, &a.req, false, &acc,
							&d);
		refd = tc.kind == LIVE_NVME_T_ACCEPT
			       ? rdmaneg_ref_nvme_accept(
					 t->ans, t->ans_len,
					 t->req_len >= 8 ? rdmaneg_ref_nvme_u16(t->req, 6) : 0u,
					 false)
			       : 0u;
		core = live_nvme_host_expect(tc.kind, d);
		oracle = live_nvme_host_expect(tc.kind, refd);
		w->core = live_nvme_host_expect_name(core);
		w->oracle = live_nvme_host_expect_name(oracle);
		w->agree = core == oracle;
		if (!w->agree)
			v->disagree++;
		if (t->hung)
			snprintf(w->did, sizeof(w->did), "hung");
		else if (went_on)
			snprintf(w->did, sizeof(w->did), "went on");
		else if (t->created)
			snprintf(w->did, sizeof(w->did), "created");
		else
			snprintf(w->did, sizeof(w->did), "gave up (%d)", t->err);
		if (t->requests == 0) {
			w->verdict = "void";
			snprintf(note, cap, "no connect request reached the target");
			v->t_void++;
		} else if (t->hung) {
			/* [rfc5044#7.1.2-21] [rfc5044#7.1.2-22]: a host that waits
			 * for the target's answer has its own timeout */
			w->verdict = "diverges";
			snprintf(note, cap, "its connect never returned");
			v->t_diverge++;
		} else if (oracle == LIVE_NVME_UNSEEN) {
			w->verdict = "unjudged";
			v->t_unjudged++;
		} else if ((oracle == LIVE_NVME_GO_ON) == went_on &&
			   (oracle == LIVE_NVME_GO_ON || gave_up)) {
			w->verdict = "conforms";
			v->t_conform++;
		} else {
			w->verdict = "diverges";
			v->t_diverge++;
		}
		v->t_lost += went_on && !t->capsule;
		if (went_on && !t->capsule)
			snprintf(note + strlen(note), cap - strlen(note),
				 "%sits Connect command never reached us", note[0] ? "; " : "");
		if (tc.kind == LIVE_NVME_T_REJECT || tc.kind == LIVE_NVME_T_MPA)
			snprintf(note + strlen(note), cap - strlen(note), "%sSTS %s",
				 note[0] ? "; " : "", t->sts_logged ? "logged" : "not read");
		if (t->requests > 1)
			snprintf(note + strlen(note), cap - strlen(note), "%s%u connect requests",
				 note[0] ? "; " : "", t->requests);
		/* an accept's octets ([nvme-rdma#fig6-2]); a reject's or a
		 * refused Reply's ([nvme-rdma#fig7-1]); no answer at all: the
		 * host's own timeout ([rfc5044#7.1.2-22]) */
		w->clause = tc.kind == LIVE_NVME_T_ACCEPT   ? "nvme-rdma#fig6-2"
			    : tc.kind == LIVE_NVME_T_SILENT ? "rfc5044#7.1.2-22"
							    : "nvme-rdma#fig7-1";
	}
}

const char *live_nvme_limits(const char *release, struct rdmaneg_nvme_limits *lim)
{
	static const struct {
		const char *line;
		unsigned long major, minor;
		struct rdmaneg_nvme_limits lim;
	} lines[] = {
		{ "6.1", 6, 1, RDMANEG_NVME_LIMITS_LINUX },
		{ "6.12", 6, 12, RDMANEG_NVME_LIMITS_LINUX_6_12 },
		{ "7.3", 7, 3, RDMANEG_NVME_LIMITS_LINUX_6_12 },
	};
	const struct rdmaneg_nvme_limits dflt = RDMANEG_NVME_LIMITS_LINUX;
	const char *line = NULL;
	unsigned long major, minor;
	char *end;

	*lim = dflt;
	if (!release || !isdigit((unsigned char)release[0]))
		return NULL;
	major = strtoul(release, &end, 10);
	if (*end != '.' || !isdigit((unsigned char)end[1]))
		return NULL;
	minor = strtoul(end + 1, &end, 10);
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		if (major > lines[i].major ||
		    (major == lines[i].major && minor >= lines[i].minor)) {
			*lim = lines[i].lim;
			line = lines[i].line;
		}
	return line;
}

void live_nvme_judge(const struct live_nvme *r, struct live_nvme_judged *j)
{
	struct rdmaneg_nvme_limits lim;
	const char *line = live_nvme_limits(r->kernel, &lim);

	memset(j, 0, sizeof(*j));
	j->lim = lim;
	j->line = line;
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nvme_conn *c = &r->conn[i];
		struct rdmaneg_nvme_answer a;
		struct rdmaneg_ref_nvme_answer ref;

		if (!c->have_req || !c->have_rep) {
			j->v.disagree++; /* nothing to judge is a failed measurement */
			continue;
		}
		j->v.conns++;
		(void)rdmaneg_nvme_target_judge(c->req, c->req_len, &lim, &a);
		rdmaneg_ref_nvme_target(c->req, c->req_len, &lim, &ref);
		if (c->req_len >= 32 && rdmaneg_ref_nvme_u16(c->req, 2) == 0)
			j->v.admin++;
		else if (c->req_len >= 32)
			j->v.io++;
		j->qid[i] = c->req_len >= 32
				    ? (rdmaneg_ref_nvme_u16(c->req, 2) ? "I/O" : "0 (admin)")
				    : "?";
		request_rows(j, i, c, &a, &ref);
		answer_rows(j, i, c, &a, &ref);
	}
	hostile_rows(j, r, &lim);
	target_rows(j, r, &lim);
}
