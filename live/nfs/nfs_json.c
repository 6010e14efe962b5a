// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_json: report.json, from a run and its verdicts: the frames and
 * private data in hex, both columns, each verdict, the divergences and the
 * splats.
 */
#include "live/nfs/nfs.h"

#include "util/hex.h"
#include "util/json.h"
#include "util/klog.h"

#include <stdio.h>
#include <string.h>

/* ---- the JSON report ---- */

/* "verdict", "clause" and "detail" of one case (util/verdict.h) */
static void json_verdict(struct rdmaneg_json *j, const struct rdmaneg_verdict *v)
{
	rdmaneg_json_str(j, "verdict", rdmaneg_verdict_name(v->kind));
	if (v->clause)
		rdmaneg_json_str(j, "clause", v->clause);
	else
		rdmaneg_json_null(j, "clause");
	rdmaneg_json_str(j, "detail", v->detail);
}

static void json_msg(struct rdmaneg_json *j, const char *key,
		     const struct rdmaneg_rpcrdma_result *m)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_bool(j, "present", m->present);
	if (m->present) {
		rdmaneg_json_uint(j, "offset", m->offset);
		rdmaneg_json_uint(j, "version", m->version);
		rdmaneg_json_bool(j, "R", m->remote_invalidation);
		rdmaneg_json_uint(j, "flags", m->flags);
		rdmaneg_json_uint(j, "send_size", m->send_size);
		rdmaneg_json_uint(j, "recv_size", m->recv_size);
	} else {
		rdmaneg_json_str(j, "reason", rdmaneg_rpcrdma_reason_name(m->reason));
	}
	rdmaneg_json_end(j);
}

static void json_th(struct rdmaneg_json *j, const char *key, const struct live_nfs_th *t)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_uint(j, "send", t->send);
	rdmaneg_json_uint(j, "recv", t->recv);
	rdmaneg_json_bool(j, "remote_invalidation", t->ri);
	rdmaneg_json_end(j);
}

/* the thresholds xprtrdma_inline_thresh showed, or null when not traced */
static void json_traced(struct rdmaneg_json *j, const char *key, bool traced, size_t send,
			size_t recv)
{
	if (!traced) {
		rdmaneg_json_null(j, key);
		return;
	}
	rdmaneg_json_obj(j, key);
	rdmaneg_json_uint(j, "send", send);
	rdmaneg_json_uint(j, "recv", recv);
	rdmaneg_json_end(j);
}

static void json_side(struct rdmaneg_json *j, const char *key, const struct live_nfs_side *s)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_bool(j, "captured", s->seen);
	if (s->seen) {
		rdmaneg_json_hex(j, "frame", s->frame, s->len);
		rdmaneg_json_str(j, "mpa",
				 s->parse == RDMANEG_OK ? "ok" : rdmaneg_strerror(s->parse));
		if (s->parse == RDMANEG_OK && s->f.enhanced) {
			rdmaneg_json_uint(j, "ird", s->enh.ird);
			rdmaneg_json_uint(j, "ord", s->enh.ord);
		}
		json_msg(j, "message", &s->msg);
		json_msg(j, "message_rfc", &s->ref);
	}
	rdmaneg_json_end(j);
}

static void json_call(struct rdmaneg_json *j, const char *key, const struct live_nfs_call *c)
{
	char t[40];

	live_nfs_call_text(c, t, sizeof(t));
	rdmaneg_json_obj(j, key);
	rdmaneg_json_str(j, "outcome", t);
	if (c->reached && !c->timeout) {
		rdmaneg_json_int(j, "wc_status", c->wc_status);
		rdmaneg_json_uint(j, "octets", c->len);
	}
	rdmaneg_json_end(j);
}

static void json_divs(struct rdmaneg_json *j, const char *key, const struct live_nfs_div *d,
		      size_t n)
{
	static const char *const table[LIVE_NFS_T_COUNT] = { "connections", "hostile_client",
							     "hostile_server" };

	rdmaneg_json_arr(j, key);
	for (size_t i = 0; i < n; i++) {
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "table", table[d[i].table]);
		rdmaneg_json_str(j, "clause", d[i].clause);
		rdmaneg_json_str(j, "text", d[i].text);
		rdmaneg_json_str(j, d[i].ncases ? "cases" : "where", d[i].where);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
}

static void json_conns(struct rdmaneg_json *j, const struct live_nfs *r)
{
	rdmaneg_json_arr(j, "connections");
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];

		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_uint(j, "client_port", c->client_port);
		json_side(j, "client", &c->client);
		json_side(j, "server", &c->server);
		if (c->client.seen && c->server.seen) {
			json_th(j, "rfc_client", &c->rfc_client);
			json_th(j, "core_client", &c->core_client);
			json_th(j, "rfc_server", &c->rfc_server);
			json_th(j, "core_server", &c->core_server);
		}
		json_traced(j, "linux_client", c->traced, c->linux_send, c->linux_recv);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
	rdmaneg_json_obj(j, "server_sends");
	rdmaneg_json_uint(j, "total", r->server_sends);
	rdmaneg_json_uint(j, "with_invalidate", r->server_sends_inv);
	rdmaneg_json_end(j);
}

static void json_hostile(struct rdmaneg_json *j, const struct live_nfs *r,
			 const struct live_nfs_verdict *v)
{
	rdmaneg_json_arr(j, "hostile_client");
	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		struct live_nfs_case c;

		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "case", h->name);
		if (live_nfs_case_named(h->name, &c))
			rdmaneg_json_hex(j, "private_data", c.pd, c.pd_len);
		rdmaneg_json_bool(j, "valid_message", h->present);
		rdmaneg_json_uint(j, "receive_posted", h->recv);
		rdmaneg_json_str(j, "event", h->event);
		rdmaneg_json_int(j, "event_status", h->event_status);
		rdmaneg_json_hex(j, "reply_private_data", h->reply_pd, h->reply_pd_len);
		json_msg(j, "reply", &h->reply);
		rdmaneg_json_uint(j, "rfc_server_to_client", h->threshold);
		rdmaneg_json_uint(j, "core_server_to_client", h->core_threshold);
		json_call(j, "null", &h->null);
		json_call(j, "compound", &h->compound);
		json_verdict(j, &v->hostile[i]);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
}

static void json_served(struct rdmaneg_json *j, const struct live_nfs *r,
			const struct live_nfs_verdict *v)
{
	rdmaneg_json_arr(j, "hostile_server");
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *s = &r->served[k];

		if (!s->seen)
			continue;
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "case", s->c.name);
		rdmaneg_json_hex(j, "private_data", s->c.pd, s->c.pd_len);
		json_msg(j, "message", &s->msg);
		rdmaneg_json_str(j, "event", s->event);
		rdmaneg_json_hex(j, "client_private_data", s->client_pd, s->client_pd_len);
		json_th(j, "rfc", &s->rfc);
		json_th(j, "core", &s->core);
		json_traced(j, "linux", s->traced, s->linux_send, s->linux_recv);
		if (s->first_ok)
			rdmaneg_json_uint(j, "first_send", s->first_len);
		else
			rdmaneg_json_null(j, "first_send");
		json_verdict(j, &v->served[k]);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
}

void live_nfs_json(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v,
		   const char *text, size_t len)
{
	static struct rdmaneg_splat sp[16];
	size_t found = rdmaneg_klog_scan(text, len, sp, sizeof(sp) / sizeof(sp[0]));
	struct rdmaneg_json j;
	char why[256];
	bool broken = live_nfs_broken(r, why, sizeof(why));

	rdmaneg_json_init(&j, out);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "suite", "live-nfs");
	rdmaneg_json_strn(&j, "kernel_release", r->kernel, strcspn(r->kernel, " "));
	rdmaneg_json_str(&j, "kernel_banner", r->kernel);
	rdmaneg_json_bool(&j, "smoke", r->smoke);
	if (r->only[0])
		rdmaneg_json_str(&j, "only_case", r->only);
	rdmaneg_json_bool(&j, "measured", !broken);
	if (broken)
		rdmaneg_json_str(&j, "why_not", why);
	rdmaneg_json_arr(&j, "steps");
	for (size_t i = 0; i < r->nstep; i++) {
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "name", r->step[i].name);
		rdmaneg_json_bool(&j, "ok", r->step[i].ok);
		if (!r->step[i].ok)
			rdmaneg_json_str(&j, "why", r->step[i].why);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	json_conns(&j, r);
	json_hostile(&j, r, v);
	json_served(&j, r, v);
	json_divs(&j, "divergences", v->div, v->ndiv);
	json_divs(&j, "core_disagreements", v->core, v->ncore);
	rdmaneg_json_arr(&j, "splats");
	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++) {
		char during[256];

		live_nfs_splat_case(text, len, sp[i].line, during, sizeof(during));
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "during", during);
		rdmaneg_json_str(&j, "title", sp[i].title);
		rdmaneg_json_str(&j, "rip", sp[i].rip);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	/* the compliance rows, one a line for make compliance
	 * (tools/clauses/compliance.c reads a line's keys) */
	rdmaneg_json_arr(&j, "clauses");
	for (size_t i = 0; i < v->nrow; i++) {
		fputc('\n', out);
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "impl", v->row[i].impl);
		if (v->row[i].name[0])
			rdmaneg_json_str(&j, "case", v->row[i].name);
		rdmaneg_json_str(&j, "clause", v->row[i].clause);
		rdmaneg_json_str(&j, "verdict", rdmaneg_verdict_name(v->row[i].kind));
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	rdmaneg_json_end(&j);
	fputc('\n', out);
}
