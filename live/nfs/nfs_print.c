// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_print: the text report (report.txt) and the console's splats, from
 * a run and its verdicts.
 */
#include "live/nfs/nfs.h"

#include "util/klog.h"

#include <stdio.h>
#include <string.h>

/* ---- the text report ---- */

static void row(FILE *out, const char *field, const char *rfc, const char *core, const char *cl,
		const char *sv)
{
	fprintf(out, "  %-31s %-27s %-18s %-22s %s\n", field, rfc, core, cl, sv);
}

static void describe(const struct live_nfs_side *s, char *out, size_t cap)
{
	if (!s->seen)
		snprintf(out, cap, "not captured");
	else if (s->parse != RDMANEG_OK)
		snprintf(out, cap, "MPA frame: %s", rdmaneg_strerror(s->parse));
	else
		live_nfs_describe_msg(&s->msg, out, cap);
}

/* the table's DIVERGENCE and CORE DISAGREES lines */
static void print_divs(FILE *out, const struct live_nfs_verdict *v, enum live_nfs_table t)
{
	for (size_t i = 0; i < v->ndiv; i++)
		if (v->div[i].table == t) {
			if (v->div[i].ncases)
				fprintf(out, "  DIVERGENCE [%s]: %s, in %zu case(s): %s\n",
					v->div[i].clause, v->div[i].text, v->div[i].ncases,
					v->div[i].where);
			else
				fprintf(out, "  DIVERGENCE [%s]: %s (%s)\n", v->div[i].clause,
					v->div[i].text, v->div[i].where);
		}
	for (size_t i = 0; i < v->ncore; i++)
		if (v->core[i].table == t)
			fprintf(out, "  CORE DISAGREES with [%s]: %s (%s)\n", v->core[i].clause,
				v->core[i].text, v->core[i].where);
}

static void num_row(FILE *out, const char *field, const char *formula, size_t rfc, size_t core,
		    const char *cl, const char *sv)
{
	char a[40], b[32];

	snprintf(a, sizeof(a), "%zu = %s", rfc, formula);
	snprintf(b, sizeof(b), "%zu", core);
	row(out, field, a, b, cl, sv);
}

static void print_conns(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];
		char cl[64], sv[64], l[32];
		bool same = live_nfs_same_msg(&c->client.msg, &c->client.ref) &&
			    live_nfs_same_msg(&c->server.msg, &c->server.ref);

		fprintf(out, "connection %zu: client port %u -> %d\n", i + 1, c->client_port,
			LIVE_NFS_PORT);
		row(out, "field", "RFC", "core", "Linux client", "Linux server");
		describe(&c->client, cl, sizeof(cl));
		describe(&c->server, sv, sizeof(sv));
		row(out, "message sent (ver R send/recv)", "v1, 8 octets (4)",
		    same ? "decodes both alike" : "DECODES OTHERWISE", cl, sv);
		snprintf(cl, sizeof(cl), "IRD %u ORD %u", c->client.enh.ird, c->client.enh.ord);
		snprintf(sv, sizeof(sv), "IRD %u ORD %u", c->server.enh.ird, c->server.enh.ord);
		row(out, "MPA v2 word ([rfc6581#9])", "-", "-", c->client.f.enhanced ? cl : "none",
		    c->server.f.enhanced ? sv : "none");
		if (!c->client.seen || !c->server.seen)
			continue;
		snprintf(l, sizeof(l), "%zu", c->linux_send);
		num_row(out, "client send threshold", "min(c send, s recv)", c->rfc_client.send,
			c->core_client.send, c->traced ? l : "not traced", "-");
		snprintf(l, sizeof(l), "%zu", c->linux_recv);
		num_row(out, "client receive threshold", "min(s send, c recv)", c->rfc_client.recv,
			c->core_client.recv, c->traced ? l : "not traced", "-");
		num_row(out, "server send threshold", "min(s send, c recv)", c->rfc_server.send,
			c->core_server.send, "-", "not observable here");
		row(out, "server may Send With Invalidate",
		    c->rfc_server.ri ? "yes: both set R (4.1)" : "no: not both R (4.1)",
		    c->core_server.ri ? "yes" : "no", "-", "see below");
	}
	if (r->server_sends) {
		bool may = r->nconn > 0;
		char sv[64];

		for (size_t i = 0; i < r->nconn; i++)
			may = may && r->conn[i].rfc_server.ri;
		snprintf(sv, sizeof(sv), "%zu of %zu Sends", r->server_sends_inv, r->server_sends);
		fprintf(out, "all connections\n");
		row(out, "server Sends With Invalidate", may ? "allowed" : "none allowed", "-", "-",
		    sv);
	}
	print_divs(out, v, LIVE_NFS_T_CONN);
}

/* "ESTABLISHED" for "RDMA_CM_EVENT_ESTABLISHED" */
static const char *event_short(const char *event)
{
	return strncmp(event, "RDMA_CM_EVENT_", 14) == 0 ? event + 14 : event;
}

static void print_hostile(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	if (r->nhostile == 0)
		return;
	fprintf(out, "hostile client against nfsd (NULL, then PUTROOTFH + %d GETFH)\n",
		LIVE_NFS_GETFH);
	fprintf(out, "  %-17s %-6s %-7s %-11s %-17s %-8s %-8s %-17s %-22s %s\n", "case", "msg",
		"recv", "connect", "server sent", "RFC s->c", "core", "NULL", "COMPOUND",
		"verdict");
	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		char sv[40], nul[40], cmp[40], vt[48];

		if (h->reply.present)
			snprintf(sv, sizeof(sv), "v%u R=%d %zu/%zu", h->reply.version,
				 h->reply.remote_invalidation, h->reply.send_size,
				 h->reply.recv_size);
		else
			snprintf(sv, sizeof(sv), "none");
		live_nfs_call_text(&h->null, nul, sizeof(nul));
		live_nfs_call_text(&h->compound, cmp, sizeof(cmp));
		rdmaneg_verdict_text(&v->hostile[i], vt, sizeof(vt));
		fprintf(out, "  %-17s %-6s %-7zu %-11s %-17s %-8zu %-8zu %-17s %-22s %s\n", h->name,
			h->present ? "valid" : "none", h->recv, event_short(h->event), sv,
			h->threshold, h->core_threshold, nul, cmp, vt);
	}
	print_divs(out, v, LIVE_NFS_T_CLIENT);
}

static void print_served(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	size_t seen = 0;

	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++)
		seen += r->served[k].seen;
	if (seen == 0)
		return;
	fprintf(out, "hostile server against the kernel NFS client (its mount's connection)\n");
	fprintf(out, "  %-17s %-18s %-11s %-13s %-13s %-13s %-10s %s\n", "case", "server msg",
		"connect", "RFC send/recv", "core", "Linux", "1st Send", "verdict");
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *s = &r->served[k];
		char msg[24], rfc[24], core[24], lin[24], first[16], vt[48];

		if (!s->seen)
			continue;
		if (s->msg.present)
			snprintf(msg, sizeof(msg), "%zu/%zu @%zu", s->msg.send_size,
				 s->msg.recv_size, s->msg.offset);
		else
			snprintf(msg, sizeof(msg), "none");
		snprintf(rfc, sizeof(rfc), "%zu/%zu", s->rfc.send, s->rfc.recv);
		snprintf(core, sizeof(core), "%zu/%zu", s->core.send, s->core.recv);
		snprintf(lin, sizeof(lin), s->traced ? "%zu/%zu" : "not traced", s->linux_send,
			 s->linux_recv);
		snprintf(first, sizeof(first), s->first_ok ? "%zu" : "none", s->first_len);
		rdmaneg_verdict_text(&v->served[k], vt, sizeof(vt));
		fprintf(out, "  %-17s %-18s %-11s %-13s %-13s %-13s %-10s %s\n", s->c.name, msg,
			event_short(s->event), rfc, core, lin, first, vt);
	}
	print_divs(out, v, LIVE_NFS_T_SERVER);
}

void live_nfs_print(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	print_conns(out, r, v);
	print_hostile(out, r, v);
	print_served(out, r, v);
}

/* The case a splat at line no came during: the last "LIVE_NFS_CASE ROLE
 * NAME" line before it, or "the setup" */
void live_nfs_splat_case(const char *text, size_t len, size_t no, char *during, size_t cap)
{
	char line[256];
	size_t pos = 0, at = 0;

	snprintf(during, cap, "the setup");
	while (++at < no && rdmaneg_klog_line(text, len, &pos, line, sizeof(line)))
		if (strncmp(line, "LIVE_NFS_CASE ", 14) == 0)
			snprintf(during, cap, "%s", line + 14);
}

size_t live_nfs_splats(FILE *out, const char *text, size_t len)
{
	static struct rdmaneg_splat sp[16];
	size_t found = rdmaneg_klog_scan(text, len, sp, sizeof(sp) / sizeof(sp[0]));

	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++) {
		char during[256];

		live_nfs_splat_case(text, len, sp[i].line, during, sizeof(during));
		fprintf(out, "live-nfs: kernel splat during %s: %s (%s)\n", during, sp[i].title,
			sp[i].rip[0] ? sp[i].rip : "no RIP");
	}
	return found;
}
