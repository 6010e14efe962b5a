// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "peer/peer_report.h"

#include "util/hex.h"
#include "util/json.h"

#include <string.h>

static bool is_must(const struct rdmaneg_peer_row *r)
{
	const struct rdmaneg_peer_clause *c = rdmaneg_peer_clause(r->r.clause);

	return !c || c->level == RDMANEG_LEVEL_MUST;
}

void rdmaneg_peer_count(const struct rdmaneg_peer_row *rows, size_t n,
			struct rdmaneg_peer_totals *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < n; i++) {
		t->cases++;
		switch (rows[i].r.kind) {
		case RDMANEG_VERDICT_CONFORMS:
			t->conforms++;
			break;
		case RDMANEG_VERDICT_DIVERGES:
			t->diverges++;
			if (is_must(&rows[i]))
				t->must++;
			else
				t->should++;
			break;
		default:
			t->findings++;
			break;
		}
	}
}

void rdmaneg_peer_hex(const uint8_t *b, size_t n, size_t total, char *out, size_t cap)
{
	size_t o;

	if (cap == 0)
		return;
	(void)rdmaneg_hex_format(b, n, out, cap, &o);
	if (total > n && o + 16 < cap)
		snprintf(out + o, cap - o, "...(%zu)", total);
}

void rdmaneg_peer_summary(FILE *f, const struct rdmaneg_peer_row *rows, size_t n)
{
	const char *seen[32];
	size_t ns = 0;

	for (size_t i = 0; i < n; i++) {
		bool dup = false;

		for (size_t k = 0; k < ns; k++)
			dup = dup || strcmp(seen[k], rows[i].section) == 0;
		if (!dup && ns < 32)
			seen[ns++] = rows[i].section;
	}
	fprintf(f, "%-24s %6s %9s %9s %9s\n", "section", "cases", "conform", "diverge", "finding");
	for (size_t k = 0; k < ns; k++) {
		size_t c = 0, ok = 0, dv = 0, fi = 0;

		for (size_t i = 0; i < n; i++) {
			if (strcmp(rows[i].section, seen[k]) != 0)
				continue;
			c++;
			ok += rows[i].r.kind == RDMANEG_VERDICT_CONFORMS;
			dv += rows[i].r.kind == RDMANEG_VERDICT_DIVERGES;
			fi += rows[i].r.kind == RDMANEG_VERDICT_FINDING;
		}
		fprintf(f, "%-24s %6zu %9zu %9zu %9zu\n", seen[k], c, ok, dv, fi);
	}
}

void rdmaneg_peer_table(FILE *f, const struct rdmaneg_peer_row *rows, size_t n, bool all)
{
	bool header = false;

	for (size_t i = 0; i < n; i++) {
		const struct rdmaneg_peer_row *r = &rows[i];
		const struct rdmaneg_peer_clause *c = rdmaneg_peer_clause(r->r.clause);
		char hex[2 * RDMANEG_PEER_HEAD + 32], want[96];

		if (!all && r->r.kind == RDMANEG_VERDICT_CONFORMS)
			continue;
		if (!header) {
			fprintf(f, "\n%-8s %-7s %-28s %-20s %s\n", "verdict", "role", "case",
				"clause", "required -> the peer did");
			header = true;
		}
		rdmaneg_peer_hex(r->head,
				 r->frame_len < RDMANEG_PEER_HEAD ? r->frame_len
								  : RDMANEG_PEER_HEAD,
				 r->frame_len, hex, sizeof(hex));
		rdmaneg_peer_allowed_str(r->e.allowed, r->e.term_code, want, sizeof(want));
		fprintf(f, "%-8s %-7s %-28s %-20s %s -> %s\n", rdmaneg_verdict_name(r->r.kind),
			rdmaneg_peer_role_name(r->role), r->name, r->r.clause ? r->r.clause : "-",
			want, r->r.detail);
		fprintf(f, "         frame %s\n", hex[0] ? hex : "(nothing)");
		if (r->got_len) {
			rdmaneg_peer_hex(r->got, r->got_len, r->got_len, hex, sizeof(hex));
			fprintf(f, "         got   %s\n", hex);
		}
		if (r->o.have_ulp && r->o.ulp_event[0])
			fprintf(f, "         ulp   %s status %d pd %u rr %u id %u\n",
				r->o.ulp_event, r->o.ulp_status, r->o.ulp_pd_len, r->o.ulp_rr,
				r->o.ulp_id);
		if (r->r.kind != RDMANEG_VERDICT_CONFORMS && c)
			fprintf(f, "         %s %s: \"%s\"\n", c->section,
				c->level == RDMANEG_LEVEL_MUST ? "MUST" : "SHOULD", c->text);
		if (r->klog[0])
			fprintf(f, "         kernel: %s\n", r->klog);
	}
}

void rdmaneg_peer_json(FILE *f, const struct rdmaneg_peer_row *rows, size_t n, const char *target,
		       double seconds)
{
	struct rdmaneg_json j;
	struct rdmaneg_peer_totals t;

	rdmaneg_peer_count(rows, n, &t);
	rdmaneg_json_init(&j, f);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "target", target);
	rdmaneg_json_uint(&j, "cases", t.cases);
	rdmaneg_json_uint(&j, "conforms", t.conforms);
	rdmaneg_json_uint(&j, "diverges", t.diverges);
	rdmaneg_json_uint(&j, "diverges_must", t.must);
	rdmaneg_json_uint(&j, "findings", t.findings);
	rdmaneg_json_num(&j, "seconds", seconds, 2);
	rdmaneg_json_arr(&j, "results");
	for (size_t i = 0; i < n; i++) {
		const struct rdmaneg_peer_row *r = &rows[i];
		char want[96];

		rdmaneg_peer_allowed_str(r->e.allowed, r->e.term_code, want, sizeof(want));
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "case", r->name);
		rdmaneg_json_str(&j, "section", r->section);
		rdmaneg_json_str(&j, "role", rdmaneg_peer_role_name(r->role));
		rdmaneg_json_hex(&j, "frame", r->head,
				 r->frame_len < RDMANEG_PEER_HEAD ? r->frame_len
								  : RDMANEG_PEER_HEAD);
		rdmaneg_json_uint(&j, "frame_len", r->frame_len);
		rdmaneg_json_str(&j, "required", want);
		rdmaneg_json_str(&j, "why", r->e.why);
		/* the clause the case tests, whatever its verdict */
		rdmaneg_json_str(&j, "tests", rdmaneg_peer_tested(&r->e, &r->o));
		rdmaneg_json_str(&j, "outcome", rdmaneg_peer_outcome_name(r->o.outcome));
		rdmaneg_json_hex(&j, "got", r->got, r->got_len);
		if (r->o.have_term) {
			rdmaneg_json_obj(&j, "term");
			rdmaneg_json_uint(&j, "layer", r->o.term_layer);
			rdmaneg_json_uint(&j, "type", r->o.term_etype);
			rdmaneg_json_uint(&j, "code", r->o.term_code);
			rdmaneg_json_end(&j);
		}
		if (r->o.have_ulp && r->o.ulp_event[0]) {
			rdmaneg_json_obj(&j, "ulp");
			rdmaneg_json_str(&j, "event", r->o.ulp_event);
			rdmaneg_json_int(&j, "status", r->o.ulp_status);
			rdmaneg_json_hex(&j, "private_data", r->o.ulp_pd, r->o.ulp_pd_len);
			rdmaneg_json_uint(&j, "responder_resources", r->o.ulp_rr);
			rdmaneg_json_uint(&j, "initiator_depth", r->o.ulp_id);
			rdmaneg_json_end(&j);
		}
		rdmaneg_json_str(&j, "verdict", rdmaneg_verdict_name(r->r.kind));
		if (r->r.clause)
			rdmaneg_json_str(&j, "clause", r->r.clause);
		else
			rdmaneg_json_null(&j, "clause");
		rdmaneg_json_str(&j, "detail", r->r.detail);
		rdmaneg_json_num(&j, "ms", r->ms, 1);
		if (r->klog[0])
			rdmaneg_json_str(&j, "kernel", r->klog);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	rdmaneg_json_end(&j);
	fputc('\n', f);
}

static void xml(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\n')
				fputc(*s, f);
			break;
		}
	}
}

void rdmaneg_peer_junit(FILE *f, const struct rdmaneg_peer_row *rows, size_t n, double seconds)
{
	struct rdmaneg_peer_totals t;

	rdmaneg_peer_count(rows, n, &t);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f,
		"<testsuites name=\"rdmaneg-peer\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" "
		"time=\"%.2f\">\n",
		t.cases, t.diverges, t.findings, seconds);
	fprintf(f,
		"<testsuite name=\"rdmaneg-peer\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\">\n",
		t.cases, t.diverges, t.findings);
	for (size_t i = 0; i < n; i++) {
		const struct rdmaneg_peer_row *r = &rows[i];
		const struct rdmaneg_peer_clause *c = rdmaneg_peer_clause(r->r.clause);

		fprintf(f, "<testcase classname=\"");
		xml(f, r->section);
		fprintf(f, ".%s\" name=\"", rdmaneg_peer_role_name(r->role));
		xml(f, r->name);
		fprintf(f, "\" time=\"%.3f\"", r->ms / 1000.0);
		if (r->r.kind == RDMANEG_VERDICT_CONFORMS) {
			fprintf(f, "/>\n");
			continue;
		}
		fprintf(f, ">\n<%s message=\"",
			r->r.kind == RDMANEG_VERDICT_FINDING ? "error" : "failure");
		xml(f, r->r.detail);
		fprintf(f, "\" type=\"%s\">", r->r.clause ? r->r.clause : "");
		if (c) {
			fprintf(f, "%s: ", c->section);
			xml(f, c->text);
		}
		if (r->klog[0]) {
			fputc('\n', f);
			xml(f, r->klog);
		}
		fprintf(f, "</%s>\n</testcase>\n",
			r->r.kind == RDMANEG_VERDICT_FINDING ? "error" : "failure");
	}
	fprintf(f, "</testsuite>\n</testsuites>\n");
}
