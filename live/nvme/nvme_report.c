// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_report: make live-nvme's reader and differential table. Each row is
 * one field or answer of a connection: the value on the wire, the rule
 * (docs/nvme.md), and two verdicts, one from the core and one from the
 * oracle; a row where they differ is a defect of the core (its planted
 * bugs show there), a row where both say "diverges" is Linux's.
 */
#define _GNU_SOURCE /* memmem */
#include "live/core/frames.h"
#include "live/nvme/nvme.h"

#include "rules/nvme_rules.h"
#include "util/hex.h"
#include "util/klog.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char *const step_names[LIVE_NVME_NSTEPS] = { "modules", "target", "connect", "io",
							  "disconnect" };

const char *live_nvme_step_name(int step)
{
	return step >= 0 && step < LIVE_NVME_NSTEPS ? step_names[step] : "?";
}

static void bad_line(struct live_nvme *r, const char *p, size_t n)
{
	if (r->bad++ == 0)
		snprintf(r->first_bad, sizeof(r->first_bad), "%.*s", (int)(n > 120 ? 120 : n), p);
}

/* "SPORT DPORT HEX": one MPA frame on the target's port */
static int frame_line(struct live_nvme *r, const char *p, size_t n, char *why, size_t cap)
{
	static struct live_seg fr;
	struct rdmaneg_mpa_frame f;
	struct live_nvme_conn *c;
	const uint8_t *ulp;
	size_t ulp_len;

	/* [rfc5044#7.1]: a frame is its 20-octet header and PD_Length's
	 * limit at most */
	if (!live_seg_read(p, n, LIVE_NVME_PORT, &fr) || fr.len > 20 + LIVE_NVME_PD ||
	    rdmaneg_mpa_parse(fr.b, fr.len, &f) != RDMANEG_OK ||
	    rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) != RDMANEG_OK)
		return bad_line(r, p, n), 0;
	c = live_seg_conn(r->conn, sizeof(r->conn[0]), offsetof(struct live_nvme_conn, host_port),
			  &r->nconn, LIVE_NVME_CONNS, fr.client_port);
	if (!c) {
		snprintf(why, cap, "more than %d connections", LIVE_NVME_CONNS);
		return -1;
	}
	if (f.type == RDMANEG_MPA_REQUEST && fr.to_server) {
		c->have_req = true;
		c->req_len = ulp_len;
		if (ulp_len)
			memcpy(c->req, ulp, ulp_len);
	} else if (f.type == RDMANEG_MPA_REPLY && !fr.to_server) {
		c->have_rep = true;
		c->rejected = f.reject;
		c->rep_len = ulp_len;
		if (ulp_len)
			memcpy(c->rep, ulp, ulp_len);
	} else {
		bad_line(r, p, n);
	}
	return 0;
}

/* "NAME EVENT STATUS REPLY_PD_HEX": one hostile case's outcome */
static void hostile_line(struct live_nvme *r, const char *p, size_t n)
{
	char line[600], name[40], event[48], rpd[530];
	struct live_nvme_hostile *h;
	long idx;
	int status, used = 0;

	if (n >= sizeof(line) || r->nhost == LIVE_NVME_CASES_MAX)
		return bad_line(r, p, n);
	memcpy(line, p, n);
	line[n] = '\0';
	/* NOLINTNEXTLINE(cert-err34-c): STATUS is rdma_cm's errno, only printed */
	if (sscanf(line, "%39s %47s %d %529s%n", name, event, &status, rpd, &used) != 4 ||
	    (size_t)used != n || (idx = live_nvme_case_index(name)) < 0)
		return bad_line(r, p, n);
	h = &r->host[r->nhost++];
	memset(h, 0, sizeof(*h));
	h->index = idx;
	snprintf(h->event, sizeof(h->event), "%s", event);
	h->established = strcmp(event, "RDMA_CM_EVENT_ESTABLISHED") == 0;
	h->answered = h->established || strcmp(event, "RDMA_CM_EVENT_REJECTED") == 0;
	if (!h->established && h->answered && strcmp(rpd, "-") != 0) {
		uint8_t b[256];
		struct rdmaneg_hex hx;

		rdmaneg_hex_init(&hx, b, sizeof(b));
		if (rdmaneg_hex_feed(&hx, rpd) != 0 || !rdmaneg_hex_whole(&hx))
			return bad_line(r, p, n);
		/* [nvme-rdma#fig7]: STS is octets 03:02 */
		h->has_sts = hx.len >= RDMANEG_NVME_REJECT_LEN;
		h->sts = h->has_sts ? (unsigned)b[2] + 256u * (unsigned)b[3] : 0u;
	}
}

/* hex into out[0..cap-1], "-" for none; false when it is not whole octets
 * or too long */
static bool hex_field(const char *hex, uint8_t *out, size_t cap, size_t *len)
{
	struct rdmaneg_hex hx;

	*len = 0;
	if (strcmp(hex, "-") == 0)
		return true;
	rdmaneg_hex_init(&hx, out, cap);
	if (rdmaneg_hex_feed(&hx, hex) != 0 || !rdmaneg_hex_whole(&hx))
		return false;
	*len = hx.len;
	return true;
}

/* "NAME REQUESTS CAPSULE HOST REQ_HEX ANSWER_HEX": one hostile target
 * case's outcome (live/nvme/nvme_target.c) */
static void target_line(struct live_nvme *r, const char *p, size_t n)
{
	char line[400], name[40], nreq[8], cap[8], host[16], req[2 * LIVE_NVME_CASE_PD + 2],
		ans[2 * LIVE_NVME_ANSWER_MAX + 2], *e;
	struct live_nvme_target_run *t;
	unsigned long requests;
	long idx;
	int used = 0;

	if (n >= sizeof(line) || r->ntarget == LIVE_NVME_TCASES_MAX)
		return bad_line(r, p, n);
	memcpy(line, p, n);
	line[n] = '\0';
	if (sscanf(line, "%39s %7s %7s %15s %97s %129s%n", name, nreq, cap, host, req, ans,
		   &used) != 6 ||
	    (size_t)used != n || (idx = live_nvme_tcase_index(name)) < 0 ||
	    (strcmp(cap, "yes") != 0 && strcmp(cap, "no") != 0))
		return bad_line(r, p, n);
	requests = strtoul(nreq, &e, 10);
	if (*e || nreq[0] == '-' || requests > 1000)
		return bad_line(r, p, n);
	t = &r->target[r->ntarget];
	memset(t, 0, sizeof(*t));
	t->index = idx;
	t->requests = (unsigned)requests;
	t->capsule = strcmp(cap, "yes") == 0;
	t->hung = strcmp(host, "hung") == 0;
	t->created = strncmp(host, "created", 7) == 0;
	if (!t->hung && !t->created) {
		long err = strtol(host, &e, 10);

		if (*e || err <= 0 || err > 255)
			return bad_line(r, p, n);
		t->err = (int)err;
	}
	if (!hex_field(req, t->req, sizeof(t->req), &t->req_len) ||
	    !hex_field(ans, t->ans, sizeof(t->ans), &t->ans_len))
		return bad_line(r, p, n);
	r->ntarget++;
}

static void step_line(struct live_nvme *r, const char *p, size_t n)
{
	for (int s = 0; s < LIVE_NVME_NSTEPS; s++) {
		size_t k = strlen(step_names[s]);

		if (n < k + 3 || strncmp(p, step_names[s], k) != 0 || p[k] != ' ')
			continue;
		if (n == k + 3 && strncmp(p + k + 1, "ok", 2) == 0) {
			r->step[s] = 1;
			return;
		}
		if (n > k + 8 && strncmp(p + k + 1, "failed", 6) == 0) {
			r->step[s] = 0;
			snprintf(r->step_why[s], sizeof(r->step_why[s]), "%.*s", (int)(n - k - 1),
				 p + k + 1);
			return;
		}
	}
	bad_line(r, p, n);
}

int live_nvme_read(const char *con, size_t len, struct live_nvme *r, char *why, size_t cap)
{
	const char *p = con, *end = con + len;
	size_t frames = 0;
	bool in_target = false; /* between a target case's line and its outcome */
	bool logged = false;	/* ... the kernel host logged the reject's STS */
	bool connect = false;	/* ... or its NVMe Connect command's end */

	memset(r, 0, sizeof(*r));
	r->queues = -1;
	for (int s = 0; s < LIVE_NVME_NSTEPS; s++)
		r->step[s] = -1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);

		if (n && p[n - 1] == '\r')
			n--;
		if (n > 16 && strncmp(p, "LIVE_NVME_FRAME ", 16) == 0) {
			frames++;
			if (frame_line(r, p + 16, n - 16, why, cap) != 0)
				return -1;
		} else if (n > 15 && strncmp(p, "LIVE_NVME_STEP ", 15) == 0) {
			step_line(r, p + 15, n - 15);
		} else if (n > 17 && strncmp(p, "LIVE_NVME_QUEUES ", 17) == 0) {
			char *e;
			long q = strtol(p + 17, &e, 10);

			if (e != p + n || q < 0 || q > 65536)
				bad_line(r, p, n);
			else
				r->queues = q;
		} else if (n == 14 && strncmp(p, "LIVE_NVME_DONE", 14) == 0) {
			r->done = true;
		} else if (n > 20 && (strncmp(p, "LIVE_NVME_CASE host ", 20) == 0 ||
				      strncmp(p, "LIVE_NVME_CASE target ", 22) == 0)) {
			size_t at = p[15] == 'h' ? 20 : 22;
			const char *sp = memchr(p + at, ' ', n - at);
			size_t k = sp ? (size_t)(sp - p) - at : n - at;

			snprintf(r->last_case, sizeof(r->last_case), "%.*s", (int)k, p + at);
			in_target = at == 22;
		} else if (in_target && memmem(p, n, "Connect rejected: status", 24)) {
			/* drivers/nvme/host/rdma.c nvme_rdma_conn_rejected: "nvme
			 * status" only when it read the reject's STS */
			logged |= memmem(p, n, "nvme status", 11) != NULL;
		} else if (in_target && (memmem(p, n, "Connect command failed", 22) ||
					 memmem(p, n, ": Connect Invalid", 17) ||
					 memmem(p, n, " QID 0 timeout", 14))) {
			/* the host sent its NVMe Connect command: nvmf_log_connect_error
			 * says how it failed, nvme_rdma_timeout that it never ended */
			connect = true;
		} else if (n > 11 && strncmp(p, "LIVE_NVMET ", 11) == 0) {
			size_t before = r->ntarget;

			target_line(r, p + 11, n - 11);
			if (r->ntarget > before) {
				r->target[before].sts_logged = logged;
				r->target[before].connect_logged = connect;
			}
			in_target = logged = connect = false;
		} else if (n == 14 && strncmp(p, "LIVE_NVMET_END", 14) == 0) {
			r->target_done = true;
		} else if (n > 11 && strncmp(p, "LIVE_NVMEH ", 11) == 0) {
			hostile_line(r, p + 11, n - 11);
		} else if (n == 14 && strncmp(p, "LIVE_NVMEH_END", 14) == 0) {
			r->host_done = true;
		}
		p = nl ? nl + 1 : end;
	}
	if (frames == 0) {
		snprintf(why, cap, "no LIVE_NVME_FRAME line: nothing was captured");
		return -1;
	}
	return 0;
}

/* ---- the table ---- */

struct row {
	const char *field;
	char value[48];
	char rule[200];
	bool core_ok, oracle_ok, same_value;
	const char *clause; /* the registry's (spec/nvme-rdma.tsv) */
	const char *impl;   /* whose octets the row judges: nvme-rdma or nvmet */
};

static void names_of(unsigned set, char *out, size_t cap)
{
	size_t n = 0;

	out[0] = '\0';
	for (unsigned k = 0; k <= RDMANEG_NVME_STS_MAX && n < cap; k++)
		if ((set >> k) & 1u)
			n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "",
					      rdmaneg_nvme_sts_name(k));
}

static void emit(FILE *out, FILE *json, const struct live_nvme_conn *c, const struct row *w,
		 bool *first, struct live_nvme_verdict *v)
{
	bool agree = w->core_ok == w->oracle_ok && w->same_value;

	v->rows++;
	if (!w->oracle_ok)
		v->diverges++;
	if (!agree)
		v->disagree++;
	fprintf(out, "  %-10s %-22s %-9s %-9s %s%s\n", w->field, w->value,
		w->core_ok ? "conforms" : "diverges", w->oracle_ok ? "conforms" : "diverges",
		w->rule, agree ? "" : "   <- the core and the oracle differ");
	if (json) {
		fprintf(json,
			"%s\n  {\"host_port\":%u,\"field\":\"%s\",\"value\":\"%s\",\"rule\":\"%s\","
			"\"core\":\"%s\",\"oracle\":\"%s\",\"clause\":\"%s\",\"impl\":\"%s\"}",
			*first ? "" : ",", c->host_port, w->field, w->value, w->rule,
			w->core_ok ? "conforms" : "diverges",
			w->oracle_ok ? "conforms" : "diverges", w->clause, w->impl);
		*first = false;
	}
}

/* The host's request: each field as the sender wrote it. */
static void request_rows(FILE *out, FILE *json, const struct live_nvme_conn *c,
			 const struct rdmaneg_nvme_answer *a,
			 const struct rdmaneg_ref_nvme_answer *ref, bool *first,
			 struct live_nvme_verdict *v)
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
	struct row w;
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
	emit(out, json, c, &w, first, v);
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
		emit(out, json, c, &w, first, v);
	}
}

/* The target's answer, then the accept's or the reject's fields. */
static void answer_rows(FILE *out, FILE *json, const struct live_nvme_conn *c,
			const struct rdmaneg_nvme_answer *a,
			const struct rdmaneg_ref_nvme_answer *ref, bool *first,
			struct live_nvme_verdict *v)
{
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	unsigned d = 0, refd, sts;
	char set[160];
	struct row w;

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
	emit(out, json, c, &w, first, v);
	if (c->rejected) {
		refd = rdmaneg_ref_nvme_reject(c->rep, c->rep_len);
		w.field = "reject";
		w.clause = "nvme-rdma#fig7-1";
		snprintf(w.value, sizeof(w.value), "%zu octets", c->rep_len);
		snprintf(w.rule, sizeof(w.rule),
			 "[nvme-rdma#fig7], 11: 4 octets, RECFMT 0h, STS 1h..9h");
		w.core_ok = d == 0;
		w.oracle_ok = refd == 0;
		emit(out, json, c, &w, first, v);
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
	emit(out, json, c, &w, first, v);
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
	emit(out, json, c, &w, first, v);
}

/* The hostile host's cases: what nvmet answered each, against what a
 * conforming target may answer (the core's set and the oracle's). */
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

static void hostile_rows(FILE *out, FILE *json, const struct live_nvme *r,
			 const struct rdmaneg_nvme_limits *lim, bool *first,
			 struct live_nvme_verdict *v)
{
	if (r->nhost == 0)
		return;
	fprintf(out, "live-nvme: the hostile host against nvmet (%zu cases)\n", r->nhost);
	fprintf(out, "  %-20s %4s %-16s %-9s %-9s %s\n", "case", "len", "nvmet", "core", "oracle",
		"conforming");
	for (size_t i = 0; i < r->nhost; i++) {
		const struct live_nvme_hostile *h = &r->host[i];
		struct live_nvme_case c;
		struct rdmaneg_nvme_answer a;
		struct rdmaneg_ref_nvme_answer ref;
		char got[32], set[160];
		unsigned sts;
		bool core_ok, oracle_ok;

		if (!live_nvme_case((size_t)h->index, &c))
			continue;
		(void)rdmaneg_nvme_target_judge(c.pd, c.pd_len, lim, &a);
		rdmaneg_ref_nvme_target(c.pd, c.pd_len, lim, &ref);
		if (!h->answered)
			snprintf(got, sizeof(got), "no answer");
		else if (h->established)
			snprintf(got, sizeof(got), "accept");
		else if (h->has_sts)
			snprintf(got, sizeof(got), "reject %u", h->sts);
		else
			snprintf(got, sizeof(got), "reject, no STS");
		/* an answer the status set can name, or none (0xFFFF) */
		sts = !h->answered ? 0xFFFFu : h->established ? 0u : h->has_sts ? h->sts : 0xFFFFu;
		core_ok = sts <= RDMANEG_NVME_STS_MAX && ((a.allowed >> sts) & 1u);
		oracle_ok = sts <= RDMANEG_NVME_STS_MAX && ((ref.allowed >> sts) & 1u);
		names_of(ref.allowed, set, sizeof(set));
		v->cases++;
		if (!h->answered)
			v->case_unanswered++;
		if (oracle_ok)
			v->case_conform++;
		else
			v->case_diverge++;
		if (core_ok != oracle_ok || a.allowed != ref.allowed)
			v->disagree++;
		fprintf(out, "  %-20s %4zu %-16s %-9s %-9s %s%s\n", c.name, c.pd_len, got,
			core_ok ? "conforms" : "diverges", oracle_ok ? "conforms" : "diverges", set,
			core_ok == oracle_ok && a.allowed == ref.allowed
				? ""
				: "   <- the core and the oracle differ");
		if (json) {
			fprintf(json,
				"%s\n  {\"case\":\"%s\",\"length\":%zu,\"nvmet\":\"%s\","
				"\"event\":\"%s\",\"core\":\"%s\",\"oracle\":\"%s\","
				"\"clause\":\"%s\",\"impl\":\"nvmet\"}",
				*first ? "" : ",", c.name, c.pd_len, got, h->event,
				core_ok ? "conforms" : "diverges",
				oracle_ok ? "conforms" : "diverges", defect_clause(ref.sts));
			*first = false;
		}
	}
}

/* What a conforming host does with an answer: go on (send its first
 * capsule), give the queue up, or nothing the harness can see. */
enum expect { GO_ON, GIVE_UP, UNSEEN };

static const char *const expect_names[] = { "go on", "give up", "not seen" };

/* From the defects of an accept: one it cannot read ([nvme-rdma#fig6]: 32 octets,
 * RECFMT 0h) leaves it no queue; a CRQSIZE off [nvme-rdma#fig6]'s rule binds the
 * controller, and a host that keeps to it (no more commands outstanding
 * than CRQSIZE) looks, on the wire, like one that does not. */
static enum expect expect_of(enum live_nvme_tkind kind, unsigned defects)
{
	if (kind != LIVE_NVME_T_ACCEPT)
		return GIVE_UP; /* [nvme-rdma#fig7], 11: a reject, an MPA Reply the host's
				 * RNIC refuses ([rfc5044#7.1]), or no answer
				 * ends the queue */
	if (defects & (RDMANEG_NVME_D_SHORT | RDMANEG_NVME_D_RECFMT))
		return GIVE_UP;
	return defects & RDMANEG_NVME_D_CRQSIZE ? UNSEEN : GO_ON;
}

/* The hostile target's cases: what the kernel host did with each answer,
 * against what a conforming host does (the core's reading and the
 * oracle's). */
static void target_rows(FILE *out, FILE *json, const struct live_nvme *r,
			const struct rdmaneg_nvme_limits *lim, struct live_nvme_verdict *v)
{
	bool first = true;

	if (r->ntarget == 0)
		return;
	fprintf(out, "live-nvme: the hostile target against the kernel host (%zu cases)\n",
		r->ntarget);
	fprintf(out, "  %-22s %3s %-13s %-8s %-8s %-9s %s\n", "case", "len", "host", "core",
		"oracle", "verdict", "note");
	for (size_t i = 0; i < r->ntarget; i++) {
		const struct live_nvme_target_run *t = &r->target[i];
		struct live_nvme_tcase tc;
		struct rdmaneg_nvme_answer a;
		struct rdmaneg_nvme_accept acc;
		unsigned d = 0, refd;
		enum expect core, oracle;
		const char *verdict;
		char did[24], note[96] = "";
		/* went on: its first capsule reached us, or its own log says it
		 * sent the Connect command (a capsule can stall in siw: docs/nvme.md) */
		bool went_on = t->capsule || t->connect_logged;
		bool gave_up = !went_on && !t->created && !t->hung;

		if (!live_nvme_tcase((size_t)t->index, 0, &tc))
			continue;
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
		core = expect_of(tc.kind, d);
		oracle = expect_of(tc.kind, refd);
		if (core != oracle)
			v->disagree++;
		if (t->hung)
			snprintf(did, sizeof(did), "hung");
		else if (went_on)
			snprintf(did, sizeof(did), "went on");
		else if (t->created)
			snprintf(did, sizeof(did), "created");
		else
			snprintf(did, sizeof(did), "gave up (%d)", t->err);
		if (t->requests == 0) {
			verdict = "void";
			snprintf(note, sizeof(note), "no connect request reached the target");
			v->t_void++;
		} else if (t->hung) {
			/* [rfc5044#7.1.2-21] [rfc5044#7.1.2-22]: a host that waits
			 * for the target's answer has its own timeout */
			verdict = "diverges";
			snprintf(note, sizeof(note), "its connect never returned");
			v->t_diverge++;
		} else if (oracle == UNSEEN) {
			verdict = "unjudged";
			v->t_unjudged++;
		} else if ((oracle == GO_ON) == went_on && (oracle == GO_ON || gave_up)) {
			verdict = "conforms";
			v->t_conform++;
		} else {
			verdict = "diverges";
			v->t_diverge++;
		}
		v->t_lost += went_on && !t->capsule;
		if (went_on && !t->capsule)
			snprintf(note + strlen(note), sizeof(note) - strlen(note),
				 "%sits Connect command never reached us", note[0] ? "; " : "");
		if (tc.kind == LIVE_NVME_T_REJECT || tc.kind == LIVE_NVME_T_MPA)
			snprintf(note + strlen(note), sizeof(note) - strlen(note), "%sSTS %s",
				 note[0] ? "; " : "", t->sts_logged ? "logged" : "not read");
		if (t->requests > 1)
			snprintf(note + strlen(note), sizeof(note) - strlen(note),
				 "%s%u connect requests", note[0] ? "; " : "", t->requests);
		fprintf(out, "  %-22s %3zu %-13s %-8s %-8s %-9s %s%s\n", tc.name, t->ans_len, did,
			expect_names[core], expect_names[oracle], verdict, note,
			core == oracle ? "" : "   <- the core and the oracle differ");
		if (json) {
			fprintf(json,
				"%s\n  {\"case\":\"%s\",\"length\":%zu,\"host\":\"%s\","
				"\"requests\":%u,\"core\":\"%s\",\"oracle\":\"%s\","
				"\"verdict\":\"%s\",\"sts_logged\":%s,\"clause\":\"%s\","
				"\"impl\":\"nvme-rdma\"}",
				first ? "" : ",", tc.name, t->ans_len, did, t->requests,
				expect_names[core], expect_names[oracle], verdict,
				t->sts_logged ? "true" : "false",
				/* an accept's octets ([nvme-rdma#fig6-2]); a reject's or a
				 * refused Reply's ([nvme-rdma#fig7-1]); no answer at all:
				 * the host's own timeout ([rfc5044#7.1.2-22]) */
				tc.kind == LIVE_NVME_T_ACCEPT	? "nvme-rdma#fig6-2"
				: tc.kind == LIVE_NVME_T_SILENT ? "rfc5044#7.1.2-22"
								: "nvme-rdma#fig7-1");
			first = false;
		}
	}
}

void live_nvme_report(FILE *out, FILE *json, const struct live_nvme *r, struct live_nvme_verdict *v)
{
	const struct rdmaneg_nvme_limits lim = RDMANEG_NVME_LIMITS_LINUX;
	bool first = true;

	memset(v, 0, sizeof(*v));
	if (json)
		fprintf(json, "{\"queues\":%ld,\"rows\":[", r->queues);
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nvme_conn *c = &r->conn[i];
		struct rdmaneg_nvme_answer a;
		struct rdmaneg_ref_nvme_answer ref;

		fprintf(out, "live-nvme: connection %zu (host port %u)", i + 1, c->host_port);
		if (!c->have_req || !c->have_rep) {
			fprintf(out, ": %s not captured\n",
				c->have_req ? "the reply" : "the request");
			v->disagree++; /* nothing to judge is a failed measurement */
			continue;
		}
		v->conns++;
		(void)rdmaneg_nvme_target_judge(c->req, c->req_len, &lim, &a);
		rdmaneg_ref_nvme_target(c->req, c->req_len, &lim, &ref);
		if (c->req_len >= 32 && rdmaneg_ref_nvme_u16(c->req, 2) == 0)
			v->admin++;
		else if (c->req_len >= 32)
			v->io++;
		fprintf(out, ", QID %s\n",
			c->req_len >= 32 ? (rdmaneg_ref_nvme_u16(c->req, 2) ? "I/O" : "0 (admin)")
					 : "?");
		fprintf(out, "  %-10s %-22s %-9s %-9s %s\n", "field", "Linux", "core", "oracle",
			"rule");
		request_rows(out, json, c, &a, &ref, &first, v);
		answer_rows(out, json, c, &a, &ref, &first, v);
	}
	if (json)
		fprintf(json, "\n],\"hostile_host\":[");
	first = true;
	hostile_rows(out, json, r, &lim, &first, v);
	if (json)
		fprintf(json, "\n],\"hostile_target\":[");
	target_rows(out, json, r, &lim, v);
	if (json)
		fprintf(json, "\n]}\n");
}

size_t live_nvme_splats(const char *con, size_t len, FILE *out)
{
	static struct rdmaneg_splat sp[16];
	size_t n = rdmaneg_klog_scan(con, len, sp, 16), pos = 0, lineno = 0, k = 0;
	char line[512], current[32] = "";

	/* the kernel log after "LIVE_NVME_CASE ROLE NAME" belongs to NAME */
	while (k < n && k < 16 && rdmaneg_klog_line(con, len, &pos, line, sizeof(line))) {
		lineno++;
		if (strncmp(line, "LIVE_NVME_CASE host ", 20) == 0)
			sscanf(line + 20, "%31s", current);
		else if (strncmp(line, "LIVE_NVME_CASE target ", 22) == 0)
			sscanf(line + 22, "%31s", current);
		while (k < n && k < 16 && sp[k].line == lineno) {
			if (current[0])
				fprintf(out,
					"live-nvme: splat during hostile case %s: %s (make live-nvme "
					"NVME_CASE=%s)\n",
					current, sp[k].title, current);
			else
				fprintf(out, "live-nvme: splat before the hostile host: %s\n",
					sp[k].title);
			k++;
		}
	}
	return n;
}
