// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The ULP suites' pure half (live/ulp/ulp_read.h): line words, octet
 * strings, captured FPDUs, verdict rows.
 */
#define _GNU_SOURCE /* memmem */

#include "live/ulp/ulp_read.h"
#include "live/core/frames.h"

#include "util/hex.h"
#include "util/json.h"
#include "util/klog.h"
#include <rdmaneg/mpa.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool live_ulp_split(const char *p, size_t n, struct live_ulp_words *w)
{
	char *s, *save = NULL;

	memset(w, 0, sizeof(*w));
	if (n >= sizeof(w->buf))
		return false;
	memcpy(w->buf, p, n);
	w->buf[n] = '\0';
	for (s = strtok_r(w->buf, " ", &save); s; s = strtok_r(NULL, " ", &save)) {
		if (w->n == LIVE_ULP_TOKENS)
			return false;
		w->w[w->n++] = s;
	}
	return true;
}

bool live_ulp_bytes(const struct live_ulp_words *w, size_t k, struct live_ulp_bytes *o)
{
	struct rdmaneg_hex h;
	char *e;
	unsigned long len;

	memset(o, 0, sizeof(*o));
	if (k + 1 >= w->n)
		return false;
	len = strtoul(w->w[k], &e, 10);
	if (*e || e == w->w[k] || len > 65536)
		return false;
	o->len = len;
	if (strcmp(w->w[k + 1], "-") == 0)
		return true;
	rdmaneg_hex_init(&h, o->b, sizeof(o->b));
	if (rdmaneg_hex_feed(&h, w->w[k + 1]) != RDMANEG_HEX_OK || !rdmaneg_hex_whole(&h) ||
	    h.len > len)
		return false;
	o->kept = h.len;
	return true;
}

static unsigned be16(const uint8_t *p)
{
	return (unsigned)(p[0] << 8 | p[1]);
}

bool live_ulp_first_send(const uint8_t *seg, size_t len, const uint8_t **payload, size_t *plen)
{
	size_t off = 0;

	/* RFC 5044 section 4.1: ULPDU_Length, the ULPDU, pad to 4, the CRC */
	while (off + 2 <= len) {
		size_t ul = be16(seg + off);
		const uint8_t *u = seg + off + 2;

		if (off + 2 + ul > len)
			return false;
		/* RFC 5041 section 4.3: untagged (T 0), an 18-octet header with the
		 * RDMAP control octet second; RFC 5040 section 4.2: opcodes 3 to 6 are
		 * the Sends */
		if (ul > 18 && !(u[0] & 0x80) && (u[1] & 0x0f) >= 3 && (u[1] & 0x0f) <= 6) {
			*payload = u + 18;
			*plen = ul - 18;
			return true;
		}
		off += (2 + ul + 3) / 4 * 4 + 4;
	}
	return false;
}

static void keep(struct live_ulp_bytes *o, const uint8_t *b, size_t n)
{
	o->len = n;
	o->kept = n < LIVE_ULP_BYTES ? n : LIVE_ULP_BYTES;
	memcpy(o->b, b, o->kept);
}

void live_ulp_frame(struct live_ulp_capture *cap, unsigned port, const char *p, size_t n)
{
	static struct live_seg fr;
	struct rdmaneg_mpa_frame f;
	struct live_ulp_conn *c;
	const uint8_t *u;
	size_t ul;
	bool to_server;

	cap->frames++;
	if (!live_seg_read(p, n, port, &fr))
		goto bad;
	to_server = fr.to_server;
	c = live_seg_conn(cap->conn, sizeof(cap->conn[0]),
			  offsetof(struct live_ulp_conn, client_port), &cap->nconn, LIVE_ULP_CONNS,
			  fr.client_port);
	if (!c)
		goto bad;
	if (rdmaneg_mpa_parse(fr.b, fr.len, &f) == RDMANEG_OK) {
		if (rdmaneg_mpa_ulp_pd(&f, &u, &ul) != RDMANEG_OK)
			goto bad;
		if (f.type == RDMANEG_MPA_REQUEST && to_server && !c->have_req) {
			c->have_req = true;
			keep(&c->req, u, ul);
		} else if (f.type == RDMANEG_MPA_REPLY && !to_server && !c->have_rep) {
			c->have_rep = true;
			c->rejected = f.reject;
			keep(&c->rep, u, ul);
		}
		return;
	}
	if (live_ulp_first_send(fr.b, fr.len, &u, &ul)) {
		if (to_server && !c->have_cmsg) {
			c->have_cmsg = true;
			keep(&c->cmsg, u, ul);
		} else if (!to_server && !c->have_smsg) {
			c->have_smsg = true;
			keep(&c->smsg, u, ul);
		}
	}
	return;
bad:
	cap->bad++;
}

const char *live_ulp_verdict_name(enum live_ulp_verdict v)
{
	static const char *const names[] = { "conforms", "diverges", "measured", "missing" };

	return (unsigned)v < 4 ? names[v] : "?";
}

void live_ulp_rows_begin(struct live_ulp_rows *r, FILE *out, FILE *json, const char *suite)
{
	memset(r, 0, sizeof(*r));
	r->out = out;
	r->json = json;
	r->json_first = true;
	if (json)
		fprintf(json, "{\"suite\":\"%s\",\"rows\":[\n", suite);
}

static void jstr(FILE *f, const char *key, const char *s, bool comma)
{
	fprintf(f, "\"%s\":\"", key);
	rdmaneg_json_escape(f, s, strlen(s));
	fprintf(f, "\"%s", comma ? "," : "");
}

void live_ulp_row(struct live_ulp_rows *r, const char *impl, const char *name, const char *clause,
		  const char *expect, const char *got, enum live_ulp_verdict v, const char *note)
{
	r->n[v]++;
	fprintf(r->out, "  %-6s %-26s %-20s expect %-14s got %-14s %s%s%s\n", impl, name, clause,
		expect, got, live_ulp_verdict_name(v), note && note[0] ? ": " : "",
		note ? note : "");
	if (!r->json)
		return;
	fprintf(r->json, "%s{", r->json_first ? "" : ",\n");
	r->json_first = false;
	jstr(r->json, "impl", impl, true);
	jstr(r->json, "case", name, true);
	jstr(r->json, "clause", clause, true);
	jstr(r->json, "expect", expect, true);
	jstr(r->json, "got", got, true);
	jstr(r->json, "verdict", live_ulp_verdict_name(v), true);
	jstr(r->json, "note", note ? note : "", false);
	fprintf(r->json, "}");
}

void live_ulp_unreached(struct live_ulp_rows *r, const char *impl, const char *name,
			const char *clause, const char *client)
{
	if (r->unreached++ == 0) {
		snprintf(r->first_unreached, sizeof(r->first_unreached), "%s", name);
		snprintf(r->first_client, sizeof(r->first_client), "%s", client);
	}
	live_ulp_row(r, impl, name, clause, "-", "no-request", LIVE_ULP_MISSING,
		     "no connection request reached the hostile server");
}

void live_ulp_rows_end(struct live_ulp_rows *r)
{
	/* a client that hung, or a listener that stopped taking connections
	 * (on an unpatched siw, after a client's connection was reset before
	 * siw accepted it: finding 7) */
	if (r->unreached > 0)
		fprintf(r->out,
			"  %u hostile-server case(s) measured nothing: no connection request "
			"reached the listener; the first %s, its client's end %s (a listener "
			"that refuses after a client's reset: finding 7, docs/smbd.md)\n",
			r->unreached, r->first_unreached, r->first_client);
	fprintf(r->out,
		"  rows: %u conform, %u diverge, %u measured, %u missing; core against "
		"the oracle: %u disagreements\n",
		r->n[0], r->n[1], r->n[2], r->n[3], r->core_wrong);
	if (r->json)
		fprintf(r->json,
			"\n],\"conforms\":%u,\"diverges\":%u,\"measured\":%u,\"missing\":%u,"
			"\"core_wrong\":%u}\n",
			r->n[0], r->n[1], r->n[2], r->n[3], r->core_wrong);
}

/* p[0..n-1] is "TAG_SUFFIX" followed by a space (sp) or nothing (!sp) */
static bool tagged(const char *p, size_t n, const char *tag, const char *suffix, bool sp)
{
	size_t tl = strlen(tag), sl = strlen(suffix);

	if (n < tl + sl + (sp ? 2 : 0) || strncmp(p, tag, tl) != 0 ||
	    strncmp(p + tl, suffix, sl) != 0)
		return false;
	return sp ? p[tl + sl] == ' ' : n == tl + sl;
}

/* "[ 36.957303] " at p (n octets left): a kernel record's timestamp */
static size_t stamp_at(const char *p, size_t n)
{
	size_t i = 1, d = 0;

	if (n < 4 || p[0] != '[')
		return 0;
	while (i < n && p[i] == ' ')
		i++;
	while (i < n && p[i] >= '0' && p[i] <= '9')
		i++, d++;
	if (!d || i >= n || p[i++] != '.')
		return 0;
	for (d = 0; i < n && p[i] >= '0' && p[i] <= '9'; i++)
		d++;
	return d && i + 1 < n && p[i] == ']' && p[i + 1] == ' ' ? i + 2 : 0;
}

size_t live_ulp_untangle(char *con, size_t len)
{
	size_t r = 0, w = 0;

	while (r < len) {
		/* a record that begins after a line's first octet cut that
		 * line: drop the record and its newline, the line goes on */
		if (r > 0 && con[r - 1] != '\n' && stamp_at(con + r, len - r)) {
			const char *nl = memchr(con + r, '\n', len - r);

			if (!nl)
				break;
			r = (size_t)(nl - con) + 1;
			continue;
		}
		con[w++] = con[r++];
	}
	return w;
}

/* A "TAG_CASE ROLE NAME" line's NAME (its length in *nl), or NULL when
 * the line is no case line */
static const char *case_name(const struct live_ulp_suite *s, const char *p, size_t n, size_t *nl)
{
	size_t tl = strlen(s->tag) + 6; /* "TAG_CASE " */
	const char *sp;

	if (!tagged(p, n, s->tag, "_CASE", true) || !(sp = memchr(p + tl, ' ', n - tl)))
		return NULL;
	*nl = n - (size_t)(sp + 1 - p);
	return sp + 1;
}

/* "TAG_CASE check data": the data check began (its name, the reproducer's
 * <SUITE>_CASE=data) */
static bool is_data(const char *name, size_t n)
{
	return name && n == 4 && memcmp(name, "data", 4) == 0;
}

int live_ulp_report(const struct live_ulp_suite *s, const char *con, size_t len, FILE *out,
		    FILE *json, struct live_ulp_tally *t)
{
	static struct live_ulp_capture cap;
	struct live_ulp_rows rows;
	bool done = false, step_failed = false;
	unsigned bad = 0;
	const char *p;
	size_t n;

	memset(t, 0, sizeof(*t));
	memset(&cap, 0, sizeof(cap));
	live_ulp_rows_begin(&rows, out, json, s->name);
	for (const char *at = con; rdmaneg_klog_next(&at, con + len, &p, &n);) {
		size_t tl = strlen(s->tag);

		if (tagged(p, n, s->tag, "_FRAME", true)) {
			live_ulp_frame(&cap, s->port, p + tl + 7, n - tl - 7);
		} else if (tagged(p, n, s->tag, "_CASE", true)) {
			size_t nl = 0;
			const char *nm = case_name(s, p, n, &nl);

			t->data_run |= is_data(nm, nl);
		} else if (tagged(p, n, s->tag, "_STEP", true)) {
			/* any step's failure fails the run: the data check's, or
			 * the setup's (modules, a server) before or after it */
			if (!memmem(p, n, " ok", 3) || memmem(p, n, " failed", 7)) {
				step_failed = true;
				fprintf(out, "  %.*s\n", (int)n, p);
			}
		} else if (tagged(p, n, s->tag, "_DONE", false)) {
			done = true;
		}
	}
	/* the data check's table leads */
	t->data_ok = t->data_run;
	if (t->data_run) {
		fprintf(out, "the data check (%s on siw0):\n", s->ends);
		/* the guest died in it: a finding (the suite's findings.txt),
		 * judged like a case that kills the guest, not a failed check */
		t->data_died = !done;
		if (t->data_died)
			fprintf(out, "  the guest died in it: a finding, no data moved\n");
		else if (step_failed)
			fprintf(out, "  a step failed\n");
		t->data_ok = done && !step_failed;
		if (done)
			s->data(&rows, &cap, &t->data_ok);
	}
	fprintf(out, "the hostile cases:\n");
	for (const char *at = con; rdmaneg_klog_next(&at, con + len, &p, &n);) {
		if (tagged(p, n, s->tag, "_CASE", true)) {
			size_t nl = 0;

			t->begun += !is_data(case_name(s, p, n, &nl), nl);
			continue;
		}
		for (int k = 0; k < 2; k++) {
			size_t rl = strlen(s->result[k]);
			struct live_ulp_words w;

			if (!tagged(p, n, s->result[k], "", true))
				continue;
			t->ended++;
			if (!live_ulp_split(p + rl + 1, n - rl - 1, &w) || w.n != s->words[k])
				bad++;
			else
				s->row[k](&rows, &w);
		}
	}
	live_ulp_rows_end(&rows);
	if (bad + rows.malformed)
		fprintf(out, "  %u malformed result lines\n", bad + rows.malformed);
	fprintf(out, "%s: %u cases ended of %u begun; data check %s\n", s->name, t->ended, t->begun,
		!t->data_run   ? "not run"
		: t->data_died ? "died (a finding)"
		: t->data_ok   ? "passed"
			       : "FAILED");
	return (t->data_run && !t->data_ok && !t->data_died) || step_failed || bad ||
			       rows.malformed || rows.core_wrong
		       ? 1
		       : 0;
}

void live_ulp_next(const struct live_ulp_suite *s, const char *con, size_t len, FILE *out)
{
	char last[160] = "", end1[64], end2[64];
	bool ended1 = false, ended2 = false, any = false, step = false;
	const char *p;
	size_t n;

	snprintf(end1, sizeof(end1), "%s_END", s->result[0]);
	snprintf(end2, sizeof(end2), "%s_END", s->result[1]);
	for (const char *at = con; rdmaneg_klog_next(&at, con + len, &p, &n);) {
		size_t nl = 0;
		const char *nm = case_name(s, p, n, &nl);

		if (nm) {
			if (is_data(nm, nl)) {
				step = true;
			} else {
				snprintf(last, sizeof(last), "%.*s", (int)nl, nm);
				any = true;
				step = false;
			}
		} else if (tagged(p, n, end2, "", false)) {
			ended2 = true;
		} else if (tagged(p, n, end1, "", false)) {
			ended1 = true;
		} else if (ended1 && tagged(p, n, s->tag, "_STEP", true)) {
			/* a step of the data check (or of the second role's
			 * setup) began after the first role's last case */
			step = true;
		}
	}
	if (ended2)
		fprintf(out, "done\n");
	else if (step)
		fprintf(out, "data\n");
	else if (!any || s->index(last) < 0)
		fprintf(out, "none\n");
	else
		fprintf(out, "%ld %s\n", s->index(last) + 1, last);
}
