#define _GNU_SOURCE

#include "report.h"

#include "cases.h"
#include "file.h"
#include "hex.h"
#include "json.h"
#include "judge.h"
#include "klog.h"
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_SPLATS 32

int64_t live_percentile(int64_t *v, size_t n, int p)
{
	size_t rank;

	if (n == 0)
		return -1;
	for (size_t i = 1; i < n; i++) { /* insertion sort: n is small */
		int64_t x = v[i];
		size_t j = i;

		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
	rank = ((size_t)p * n + 99) / 100; /* nearest rank, 1-based */
	if (rank == 0)
		rank = 1;
	return v[rank - 1];
}

bool live_frame_csv(const struct live_frame *f, char *out, size_t cap)
{
	struct rdmaneg_mpa_frame m;
	int n;

	if (rdmaneg_mpa_parse(f->b, f->len, &m) != RDMANEG_OK)
		return false;
	n = snprintf(out, cap, "%u,%u,%u,%u,%d,%d,%d,", f->sport, f->dport, m.rev, m.pd_length,
		     m.marker, m.crc, m.reject);
	/* false, not a silently shortened line, when the octets do not fit */
	return n > 0 && (size_t)n < cap &&
	       rdmaneg_hex_format(m.pd, m.pd_length, out + n, cap - (size_t)n, NULL);
}

/* One tshark line normalized to the core's form: flags as 0/1. */
static void normalize_csv(const char *in, size_t n, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 2 < cap; i++) {
		if (strncmp(in + i, "True", 4) == 0 && n - i >= 4) {
			out[o++] = '1';
			i += 3;
		} else if (strncmp(in + i, "False", 5) == 0 && n - i >= 5) {
			out[o++] = '0';
			i += 4;
		} else if (in[i] != '\r') {
			out[o++] = in[i];
		}
	}
	out[o] = '\0';
}

size_t live_tshark_differ(const char *const *core, size_t ncore, const char *tshark_csv,
			  size_t *tshark_lines)
{
	size_t differ = 0, lines = 0;

	for (const char *p = tshark_csv; *p;) {
		const char *e = strchr(p, '\n');

		lines += (e ? e : p + strlen(p)) > p;
		p = e ? e + 1 : p + strlen(p);
	}
	*tshark_lines = lines;
	for (size_t i = 0; i < ncore; i++) {
		bool found = false;

		for (const char *p = tshark_csv; *p && !found;) {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			char norm[2048];

			normalize_csv(p, n, norm, sizeof(norm));
			found = strcmp(norm, core[i]) == 0;
			p = e ? e + 1 : p + n;
		}
		differ += !found;
	}
	return differ;
}

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32le(FILE *f, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

	fwrite(b, 1, 4, f);
}

void live_frames_request_first(const struct live_frame **fr, size_t n)
{
	/* a stable insertion: a Request moves ahead of the Replies before it */
	for (size_t i = 1; i < n; i++) {
		struct rdmaneg_mpa_frame m;
		const struct live_frame *f = fr[i];
		size_t k = i;

		if (rdmaneg_mpa_parse(f->b, f->len, &m) != RDMANEG_OK ||
		    m.type != RDMANEG_MPA_REQUEST)
			continue;
		while (k > 0) {
			struct rdmaneg_mpa_frame p;

			if (rdmaneg_mpa_parse(fr[k - 1]->b, fr[k - 1]->len, &p) != RDMANEG_OK ||
			    p.type != RDMANEG_MPA_REPLY)
				break;
			fr[k] = fr[k - 1];
			k--;
		}
		fr[k] = f;
	}
}

int live_pcap_write(const char *path, const struct live_frame *const *frames, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	put32le(f, 0xa1b2c3d4u);
	put32le(f, 0x00040002u); /* version 2.4 */
	put32le(f, 0);
	put32le(f, 0);
	put32le(f, 65535);
	put32le(f, 101); /* LINKTYPE_RAW: IPv4 from the first octet */
	for (size_t i = 0; i < n; i++) {
		const struct live_frame *fr = frames[i];
		uint8_t h[40];
		uint32_t sum = 0;
		size_t total = sizeof(h) + fr->len;

		memset(h, 0, sizeof(h));
		h[0] = 0x45;
		put16(h + 2, (unsigned)total);
		h[6] = 0x40; /* DF */
		h[8] = 64;   /* TTL */
		h[9] = 6;    /* TCP */
		h[12] = 192, h[13] = 0, h[14] = 2, h[15] = 1;
		memcpy(h + 16, h + 12, 4);
		for (int k = 0; k < 20; k += 2)
			sum += (uint32_t)(h[k] << 8 | h[k + 1]);
		while (sum >> 16)
			sum = (sum & 0xffffu) + (sum >> 16);
		put16(h + 10, ~sum & 0xffffu);
		put16(h + 20, fr->sport);
		put16(h + 22, fr->dport);
		h[27] = 1;    /* seq 1 */
		h[31] = 1;    /* ack 1 */
		h[32] = 0x50; /* data offset 5 */
		h[33] = 0x18; /* PSH, ACK */
		put16(h + 34, 0xffff);
		put32le(f, (uint32_t)(1000 + i));
		put32le(f, 0);
		put32le(f, (uint32_t)total);
		put32le(f, (uint32_t)total);
		fwrite(h, 1, sizeof(h), f);
		fwrite(fr->b, 1, fr->len, f);
	}
	return fclose(f) == 0 ? 0 : -1;
}

/* ---- the report ---- */

struct attempt {
	struct live_obs o;
	struct live_case c;
	struct live_expected e;
	struct live_verdict v;
	const char *outcome; /* the case's, set on its last attempt */
	char first_why[420]; /* a flaky case: why its first attempt failed */
};

struct tstats {
	bool ran, done;
	int dev_ird;
	char dev[32];
	int64_t cases, conns, us;
	int64_t passed, flaky, failed, seen;
};

struct report {
	struct attempt *a;
	size_t n, cap;
	struct tstats t[2];
	struct live_res_snap res[32];
	size_t nres;
	char *klog; /* LIVE_KLOG lines, joined */
	size_t klog_len, klog_cap;
	char *console;
	size_t console_len;
	struct rdmaneg_splat splats[MAX_SPLATS];
	size_t nsplats;
	int bad_records;
	char first_bad[200];
	/* rdmaneg-peer's smoke subset against siw: one per role */
	struct {
		char role[16];
		int64_t rc, cases;
	} peer[4];
	size_t npeer;
};

static void klog_add(struct report *rp, const char *line)
{
	size_t n = strlen(line);

	if (rp->klog_len + n + 2 > rp->klog_cap) {
		size_t cap = (rp->klog_cap + n + 2) * 2;
		char *nb = realloc(rp->klog, cap);

		if (!nb)
			return;
		rp->klog = nb;
		rp->klog_cap = cap;
	}
	memcpy(rp->klog + rp->klog_len, line, n);
	rp->klog_len += n;
	rp->klog[rp->klog_len++] = '\n';
	rp->klog[rp->klog_len] = '\0';
}

static void bad(struct report *rp, size_t lineno, const char *why)
{
	if (rp->bad_records++ == 0)
		snprintf(rp->first_bad, sizeof(rp->first_bad), "record line %zu: %s", lineno, why);
}

static int read_records(struct report *rp, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t n;

	if (!f) {
		fprintf(stderr, "rdmaneg-live report: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		static struct rdmaneg_rec r;
		int64_t v;
		enum live_transport t;
		char tr[8];

		lineno++;
		if (n == 1 && line[0] == '\n')
			continue;
		if (rdmaneg_rec_parse(line, (size_t)n, &r) != RDMANEG_REC_OK) {
			bad(rp, lineno, "not a record");
			continue;
		}
		if (strcmp(r.tag, "LIVE_CASE") == 0) {
			struct attempt *a;

			if (rp->n == rp->cap) {
				size_t nc = rp->cap ? rp->cap * 2 : 256;
				struct attempt *na = realloc(rp->a, nc * sizeof(*na));

				if (!na)
					return -1;
				rp->a = na;
				rp->cap = nc;
			}
			a = &rp->a[rp->n];
			memset(a, 0, sizeof(*a));
			if (live_obs_read(&r, &a->o) != RDMANEG_REC_OK) {
				bad(rp, lineno, "LIVE_CASE does not read back");
				continue;
			}
			rp->n++;
		} else if (strcmp(r.tag, "LIVE_DEVICE") == 0) {
			if (rdmaneg_rec_str(&r, "transport", tr, sizeof(tr)) ||
			    live_transport_parse(tr, &t) ||
			    rdmaneg_rec_i64(&r, "max_qp_rd_atom", &v) || v < 0 || v > 0xFFFF) {
				bad(rp, lineno, "bad LIVE_DEVICE");
				continue;
			}
			rp->t[t].dev_ird = (int)v;
			rdmaneg_rec_str(&r, "name", rp->t[t].dev, sizeof(rp->t[t].dev));
		} else if (strcmp(r.tag, "LIVE_KLOG") == 0) {
			char text[1024];

			if (rdmaneg_rec_str(&r, "line", text, sizeof(text)) == RDMANEG_REC_OK)
				klog_add(rp, text);
		} else if (strcmp(r.tag, "LIVE_RES") == 0) {
			struct live_res_snap *row = &rp->res[rp->nres];

			if (rp->nres == sizeof(rp->res) / sizeof(rp->res[0]) ||
			    live_res_read(&r, row->phase, sizeof(row->phase), &row->r)) {
				bad(rp, lineno, "bad LIVE_RES");
				continue;
			}
			rp->nres++;
		} else if (strcmp(r.tag, "LIVE_PEER") == 0) {
			if (rp->npeer == sizeof(rp->peer) / sizeof(rp->peer[0]) ||
			    rdmaneg_rec_str(&r, "role", rp->peer[rp->npeer].role,
					    sizeof(rp->peer[0].role)) ||
			    rdmaneg_rec_i64(&r, "rc", &rp->peer[rp->npeer].rc) ||
			    rdmaneg_rec_i64(&r, "cases", &rp->peer[rp->npeer].cases)) {
				bad(rp, lineno, "bad LIVE_PEER");
				continue;
			}
			rp->npeer++;
		} else if (strcmp(r.tag, "LIVE_DONE") == 0) {
			struct tstats *ts;

			if (rdmaneg_rec_str(&r, "transport", tr, sizeof(tr)) ||
			    live_transport_parse(tr, &t)) {
				bad(rp, lineno, "bad LIVE_DONE");
				continue;
			}
			ts = &rp->t[t];
			ts->done = true;
			if (rdmaneg_rec_i64(&r, "cases", &ts->cases) ||
			    rdmaneg_rec_i64(&r, "connections", &ts->conns) ||
			    rdmaneg_rec_i64(&r, "us", &ts->us))
				bad(rp, lineno, "bad LIVE_DONE");
		} else {
			bad(rp, lineno, "unknown record tag");
		}
	}
	free(line);
	fclose(f);
	return 0;
}

/* Judges every attempt and sets each case's outcome on its last one. */
static void judge_all(struct report *rp)
{
	for (size_t i = 0; i < rp->n; i++) {
		struct attempt *a = &rp->a[i];
		struct tstats *ts = &rp->t[a->o.transport];
		bool last = i + 1 == rp->n || rp->a[i + 1].o.seq != a->o.seq ||
			    rp->a[i + 1].o.transport != a->o.transport;

		live_case_make(a->o.case_no, a->o.seed, &a->c);
		live_expected_make(&a->c, a->o.transport, ts->dev_ird ? ts->dev_ird : 16, &a->e);
		live_judge(&a->c, &a->e, &a->o, &a->v);
		ts->ran = true;
		if (!last)
			continue;
		ts->seen++;
		if (a->o.attempt == 1 && a->v.pass) {
			a->outcome = "pass";
			ts->passed++;
		} else if (a->v.pass) {
			a->outcome = "flaky";
			if (i > 0)
				snprintf(a->first_why, sizeof(a->first_why), "attempt 1: %s",
					 rp->a[i - 1].v.why);
			ts->flaky++;
		} else {
			a->outcome = "FAIL";
			ts->failed++;
		}
	}
}

static void fmt_size(char *out, size_t cap, size_t v)
{
	if (v % 1024 == 0 || v >= 10240)
		snprintf(out, cap, "%zuK", v / 1024);
	else
		snprintf(out, cap, "%zu", v);
}

static void side_cell(char *out, size_t cap, const struct live_side *s)
{
	char a[24], b[24];

	fmt_size(a, sizeof(a), s->send);
	fmt_size(b, sizeof(b), s->recv);
	snprintf(out, cap, "%s/%s%s", a, b,
		 s->mode == PD_RAW    ? "(raw)"
		 : s->mode == PD_NONE ? "(none)"
				      : "");
}

static void print_row(const struct attempt *a)
{
	const struct live_side_obs *c = &a->o.client, *s = &a->o.server;
	char cl[64], sv[64], th[96], ulp[48], sends[16], ird[48];

	side_cell(cl, sizeof(cl), &a->c.client);
	side_cell(sv, sizeof(sv), &a->c.server);
	snprintf(th, sizeof(th), "%zu=%zu %zu=%zu", c->send_threshold, s->recv_threshold,
		 s->send_threshold, c->recv_threshold);
	snprintf(ulp, sizeof(ulp), "%zu|%zu", s->pd_seen_len, c->pd_seen_len);
	if (a->e.expect == EXPECT_NEGATIVE)
		snprintf(sends, sizeof(sends), "neg:fail");
	else if (c->send_status == 0 && s->send_status == 0 && c->recv_status == 0 &&
		 s->recv_status == 0)
		snprintf(sends, sizeof(sends), "ok");
	else if (!c->ok)
		snprintf(sends, sizeof(sends), "-");
	else
		snprintf(sends, sizeof(sends), "FAIL");
	if (a->v.reply_known)
		snprintf(ird, sizeof(ird), "%u/%u|%u/%u", a->v.reply_ird, a->v.reply_ord,
			 a->e.core_reply_ird, a->e.core_reply_ord);
	else
		snprintf(ird, sizeof(ird), "-");
	printf("%-28s %-4s %-16s %-16s %-25s %-8s %-8s %-13s %s%s%s\n", a->c.name,
	       live_transport_name(a->o.transport), cl, sv, th, ulp, sends, ird, a->outcome,
	       strcmp(a->outcome, "pass") ? ": " : "",
	       !strcmp(a->outcome, "pass") ? ""
	       : a->first_why[0]	   ? a->first_why
					   : a->v.why);
}

static void print_hex(const char *label, const uint8_t *b, size_t n)
{
	printf("      %s (%zu octets): ", label, n);
	rdmaneg_hex_print(stdout, b, n);
	printf("\n");
}

static void print_side_detail(const char *who, const struct live_side_obs *s)
{
	printf("    %s: ok=%d err='%s' errno=%d connect_us=%lld\n", who, s->ok, s->err, s->err_no,
	       (long long)s->us_connect);
	for (size_t i = 0; i < s->nev; i++)
		printf("      +%8.3f ms  event %-30s status %d\n", (double)s->ev[i].us / 1000.0,
		       s->ev[i].name, s->ev[i].status);
	for (size_t i = 0; i < s->nwc; i++)
		printf("      +%8.3f ms  %s completion: %s (status %d, %u octets)\n",
		       (double)s->wc[i].us / 1000.0, s->wc[i].send ? "send" : "recv", s->wc[i].name,
		       s->wc[i].status, s->wc[i].len);
	print_hex("private data its ULP received", s->pd_seen, s->pd_seen_len);
}

/* Everything a reviewer needs about one failed attempt, without a rerun. */
static void print_detail(const struct attempt *a)
{
	printf("  %s seq %lld attempt %d (%s, case %d, seed %llu, port %d): %s\n", a->c.name,
	       (long long)a->o.seq, a->o.attempt, live_transport_name(a->o.transport), a->o.case_no,
	       (unsigned long long)a->o.seed, a->o.port, a->v.why);
	printf("    expected: %s; wire: %s\n", live_expect_name(a->e.expect), a->v.wire);
	print_side_detail("client", &a->o.client);
	print_side_detail("server", &a->o.server);
	for (size_t i = 0; i < a->o.nframes; i++) {
		char label[64];

		snprintf(label, sizeof(label), "frame %u->%u at +%.3f ms", a->o.frame[i].sport,
			 a->o.frame[i].dport, (double)a->o.frame[i].us / 1000.0);
		print_hex(label, a->o.frame[i].b, a->o.frame[i].len);
	}
}

static void json_side(struct rdmaneg_json *j, const char *key, const struct live_side_obs *s)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_bool(j, "ok", s->ok);
	rdmaneg_json_str(j, "err", s->err);
	rdmaneg_json_int(j, "errno", s->err_no);
	rdmaneg_json_uint(j, "send_threshold", s->send_threshold);
	rdmaneg_json_uint(j, "recv_threshold", s->recv_threshold);
	rdmaneg_json_bool(j, "remote_invalidation", s->remote_invalidation);
	rdmaneg_json_bool(j, "peer_present", s->peer_present);
	rdmaneg_json_uint(j, "posted_recv", s->posted_recv);
	rdmaneg_json_uint(j, "sent", s->sent);
	rdmaneg_json_uint(j, "recv_len", s->recv_len);
	rdmaneg_json_bool(j, "data_ok", s->data_ok);
	rdmaneg_json_int(j, "ird_seen", s->ird_seen);
	rdmaneg_json_int(j, "ord_seen", s->ord_seen);
	rdmaneg_json_hex(j, "pd_received", s->pd_seen, s->pd_seen_len);
	rdmaneg_json_int(j, "connect_us", s->us_connect);
	rdmaneg_json_arr(j, "events");
	for (size_t i = 0; i < s->nev; i++) {
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_int(j, "us", s->ev[i].us);
		rdmaneg_json_str(j, "event", s->ev[i].name);
		rdmaneg_json_int(j, "status", s->ev[i].status);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
	rdmaneg_json_arr(j, "completions");
	for (size_t i = 0; i < s->nwc; i++) {
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_int(j, "us", s->wc[i].us);
		rdmaneg_json_str(j, "op", s->wc[i].send ? "send" : "recv");
		rdmaneg_json_int(j, "status", s->wc[i].status);
		rdmaneg_json_str(j, "status_str", s->wc[i].name);
		rdmaneg_json_uint(j, "byte_len", s->wc[i].len);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
	rdmaneg_json_end(j);
}

static void json_attempt(struct rdmaneg_json *j, const struct attempt *a)
{
	rdmaneg_json_obj(j, NULL);
	rdmaneg_json_str(j, "name", a->c.name);
	rdmaneg_json_str(j, "kind", live_kind_name(a->c.kind));
	rdmaneg_json_str(j, "transport", live_transport_name(a->o.transport));
	rdmaneg_json_int(j, "seq", a->o.seq);
	rdmaneg_json_int(j, "attempt", a->o.attempt);
	rdmaneg_json_int(j, "case", a->o.case_no);
	rdmaneg_json_uint(j, "seed", a->o.seed);
	rdmaneg_json_int(j, "port", a->o.port);
	rdmaneg_json_str(j, "expect", live_expect_name(a->e.expect));
	rdmaneg_json_bool(j, "pass", a->v.pass);
	if (a->outcome)
		rdmaneg_json_str(j, "outcome", a->outcome);
	rdmaneg_json_str(j, "why", a->v.why);
	rdmaneg_json_obj(j, "sent");
	rdmaneg_json_hex(j, "client_pd", a->e.cpd, a->e.cpd_len);
	rdmaneg_json_hex(j, "server_pd", a->e.spd, a->e.spd_len);
	rdmaneg_json_uint(j, "client_send", a->c.client.send);
	rdmaneg_json_uint(j, "client_recv", a->c.client.recv);
	rdmaneg_json_uint(j, "server_send", a->c.server.send);
	rdmaneg_json_uint(j, "server_recv", a->c.server.recv);
	rdmaneg_json_arr(j, "client_ird_ord");
	rdmaneg_json_int(j, NULL, a->c.c_ird);
	rdmaneg_json_int(j, NULL, a->c.c_ord);
	rdmaneg_json_end(j);
	rdmaneg_json_arr(j, "server_ird_ord");
	rdmaneg_json_int(j, NULL, a->c.s_ird);
	rdmaneg_json_int(j, NULL, a->c.s_ord);
	rdmaneg_json_end(j);
	rdmaneg_json_end(j);
	rdmaneg_json_obj(j, "expected");
	rdmaneg_json_uint(j, "c2s", a->e.client.send_threshold);
	rdmaneg_json_uint(j, "s2c", a->e.server.send_threshold);
	rdmaneg_json_bool(j, "remote_invalidation", a->e.client.remote_invalidation);
	rdmaneg_json_end(j);
	json_side(j, "client", &a->o.client);
	json_side(j, "server", &a->o.server);
	rdmaneg_json_obj(j, "wire");
	rdmaneg_json_bool(j, "checked", a->v.wire_checked);
	rdmaneg_json_bool(j, "ok", a->v.wire_ok);
	rdmaneg_json_str(j, "note", a->v.wire);
	if (a->v.reply_known) {
		rdmaneg_json_arr(j, "reply_ird_ord");
		rdmaneg_json_int(j, NULL, a->v.reply_ird);
		rdmaneg_json_int(j, NULL, a->v.reply_ord);
		rdmaneg_json_end(j);
	}
	if (a->e.core_mpa) {
		rdmaneg_json_arr(j, "core_reply_ird_ord");
		rdmaneg_json_int(j, NULL, a->e.core_reply_ird);
		rdmaneg_json_int(j, NULL, a->e.core_reply_ord);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_arr(j, "frames");
	for (size_t i = 0; i < a->o.nframes; i++) {
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_int(j, "us", a->o.frame[i].us);
		rdmaneg_json_uint(j, "sport", a->o.frame[i].sport);
		rdmaneg_json_uint(j, "dport", a->o.frame[i].dport);
		rdmaneg_json_hex(j, "hex", a->o.frame[i].b, a->o.frame[i].len);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
	rdmaneg_json_end(j);
	rdmaneg_json_end(j);
}

/* Guest uptime printed by /init: "LIVE_READY 3.78". */
static double console_mark(const struct report *rp, const char *tag)
{
	const char *p = rp->console;
	size_t tl = strlen(tag);

	while (p && (p = strstr(p, tag)) != NULL) {
		if ((p == rp->console || p[-1] == '\n') && p[tl] == ' ')
			return strtod(p + tl + 1, NULL);
		p += tl;
	}
	return -1;
}

/* "pd 1 cq 0 qp 0 cm_id 0 mr 2 ctx 1", as `rdma resource show` prints it */
static void res_counts(const struct live_res *r, char *out, size_t cap)
{
	size_t o = 0;

	out[0] = '\0';
	for (size_t k = 0; k < LIVE_RES_KINDS && o < cap; k++) {
		int w = snprintf(out + o, cap - o, "%s%s %lld", k ? " " : "", live_res_names[k],
				 (long long)r->n[k]);

		if (w < 0)
			break;
		o += (size_t)w;
	}
}

int live_res_leaks(const struct live_res_snap *s, size_t n, char *why, size_t cap)
{
	int found = 0;

	why[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const struct live_res *a = &s[i].r;
		const char *then = strcmp(s[i].phase, "start") == 0  ? "end"
				   : strcmp(s[i].phase, "boot") == 0 ? "exit"
								     : NULL;
		bool paired = false;

		if (!then)
			continue;
		for (size_t k = i + 1; k < n && !paired; k++) {
			const struct live_res *b = &s[k].r;

			if (strcmp(s[k].phase, then) != 0 || strcmp(b->dev, a->dev) != 0)
				continue;
			paired = true;
			if (memcmp(a->n, b->n, sizeof(a->n)) == 0)
				continue;
			if (found++ == 0) {
				char ca[160], cb[160];

				res_counts(a, ca, sizeof(ca));
				res_counts(b, cb, sizeof(cb));
				snprintf(why, cap, "%s: %s %s, %s %s", a->dev, s[i].phase, ca, then,
					 cb);
			}
		}
		if (!paired && found++ == 0)
			snprintf(why, cap, "%s: a %s snapshot with no %s", a->dev, s[i].phase,
				 then);
	}
	return found;
}

struct opts {
	const char *records, *console, *out, *tshark, *frames, *kernel;
	bool quiet;
	double prepare_s, qemu_s;
	int64_t expect_cases;
	int64_t expect_peer;
};

static void write_frames(const struct report *rp, const char *dir)
{
	size_t written = 0;

	mkdir(dir, 0755);
	for (size_t i = 0; i < rp->n; i++) {
		const struct attempt *a = &rp->a[i];

		if (a->o.transport != LIVE_SIW || a->o.attempt != 1 || a->c.kind == KIND_RANDOM)
			continue;
		for (size_t k = 0; k < a->o.nframes; k++) {
			const struct live_frame *fr = &a->o.frame[k];
			struct rdmaneg_mpa_frame m;
			char path[512];
			FILE *f;
			int rc = rdmaneg_mpa_parse(fr->b, fr->len, &m);

			snprintf(path, sizeof(path), "%s/live-%s-%d", dir,
				 rc != RDMANEG_OK		 ? "malformed"
				 : m.type == RDMANEG_MPA_REQUEST ? "request"
								 : "reply",
				 a->o.case_no);
			f = fopen(path, "wb");
			if (!f)
				continue;
			fwrite(fr->b, 1, rc == RDMANEG_OK ? m.frame_len : fr->len, f);
			fclose(f);
			written++;
		}
	}
	printf("live: wrote %zu captured frames to %s\n", written, dir);
}

static int tshark_compare(const struct report *rp, const char *csv_path, struct rdmaneg_json *j)
{
	size_t ncore = 0, tl = 0, differ, len;
	char **core = calloc(rp->n * LIVE_MAX_FRAMES + 1, sizeof(char *));
	char *csv = rdmaneg_read_file(csv_path, SIZE_MAX - 1, &len, NULL);

	if (!core || !csv) {
		free(core);
		free(csv);
		printf("live: tshark comparison not run (cannot read %s)\n", csv_path);
		return 0;
	}
	for (size_t i = 0; i < rp->n; i++)
		for (size_t k = 0; k < rp->a[i].o.nframes; k++) {
			char buf[2048];

			if (live_frame_csv(&rp->a[i].o.frame[k], buf, sizeof(buf)))
				core[ncore++] = strdup(buf);
		}
	differ = live_tshark_differ((const char *const *)core, ncore, csv, &tl);
	printf("live: tshark vs core: %zu frames the core parsed, %zu tshark decoded, %zu "
	       "differ\n",
	       ncore, tl, differ);
	/* each frame tshark did not read as the core did, and its ports' lines */
	for (size_t i = 0, shown = 0; i < ncore && differ && shown < 8; i++) {
		size_t one;
		const char *comma = strchr(core[i], ',');

		if (live_tshark_differ((const char *const *)&core[i], 1, csv, &one) == 0)
			continue;
		shown++;
		printf("  core:   %s\n", core[i]);
		for (const char *p = csv; comma && *p;) {
			const char *e = strchr(p, '\n');
			size_t ll = e ? (size_t)(e - p) : strlen(p);

			if (ll > (size_t)(comma - core[i]) &&
			    strncmp(p, core[i], (size_t)(comma - core[i]) + 1) == 0)
				printf("  tshark: %.*s\n", (int)ll, p);
			p = e ? e + 1 : p + ll;
		}
	}
	rdmaneg_json_obj(j, "tshark");
	rdmaneg_json_uint(j, "core_frames", ncore);
	rdmaneg_json_uint(j, "tshark_frames", tl);
	rdmaneg_json_uint(j, "differing", differ);
	rdmaneg_json_end(j);
	for (size_t i = 0; i < ncore; i++)
		free(core[i]);
	free(core);
	free(csv);
	return differ > 0;
}

/* The peer's "EXPECT differs|missing: ROLE ..." lines for one role. */
static void print_expect_lines(const char *text, size_t len, const char *role)
{
	size_t pos = 0, rl = strlen(role);

	while (text && pos < len) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		const char *colon = memchr(line, ':', n);

		if (n > 7 && strncmp(line, "EXPECT ", 7) == 0 && colon &&
		    (size_t)(line + n - colon) > rl + 2 && strncmp(colon + 2, role, rl) == 0 &&
		    colon[2 + rl] == ' ')
			printf("  %.*s\n", (int)(line[n - 1] == '\r' ? n - 1 : n), line);
		pos += n + 1;
	}
}

static int report(const struct opts *op)
{
	static struct report rp;
	struct rdmaneg_json j;
	char path[512], why[256];
	FILE *jf, *lf;
	size_t agree = 0, differ = 0;
	int failures = 0, nleaks;
	int64_t passed_extra = 0;

	if (read_records(&rp, op->records))
		return 2;
	if (op->console)
		rp.console = rdmaneg_read_file(op->console, SIZE_MAX - 1, &rp.console_len, NULL);
	judge_all(&rp);
	mkdir(op->out, 0755);

	if (!op->quiet || rp.n < 200) {
		printf("\n%-28s %-4s %-16s %-16s %-25s %-8s %-8s %-13s %s\n", "case", "tr",
		       "client snd/rcv", "server snd/rcv", "thresholds c2s/s2c", "ULP got", "Sends",
		       "reply IRD/ORD", "verdict");
		for (size_t i = 0; i < rp.n; i++)
			if (rp.a[i].outcome && (!op->quiet || strcmp(rp.a[i].outcome, "pass") != 0))
				print_row(&rp.a[i]);
	}
	for (size_t i = 0; i < rp.n; i++) {
		const struct attempt *a = &rp.a[i];

		if (a->v.reply_known && a->e.core_mpa && a->o.attempt == 1) {
			if (a->v.reply_ird == a->e.core_reply_ird &&
			    a->v.reply_ord == a->e.core_reply_ord)
				agree++;
			else
				differ++;
		}
	}
	/* every failed attempt, in full */
	for (size_t i = 0, shown = 0; i < rp.n; i++) {
		if (rp.a[i].v.pass)
			continue;
		if (shown++ == 0)
			printf("\nfailed attempts (a flaky case fails once and passes its replay):\n");
		print_detail(&rp.a[i]);
	}

	snprintf(path, sizeof(path), "%s/report.json", op->out);
	jf = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/cases.jsonl", op->out);
	lf = fopen(path, "w");
	if (!jf || !lf) {
		fprintf(stderr, "rdmaneg-live report: cannot write to %s\n", op->out);
		return 2;
	}
	for (size_t i = 0; i < rp.n; i++) {
		rdmaneg_json_init(&j, lf);
		json_attempt(&j, &rp.a[i]);
		fputc('\n', lf);
	}
	fclose(lf);
	rdmaneg_json_init(&j, jf);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "kernel", op->kernel ? op->kernel : "");
	printf("\n");
	rdmaneg_json_arr(&j, "transports");
	for (int t = 0; t < 2; t++) {
		struct tstats *ts = &rp.t[t];
		int64_t *us;
		size_t nus = 0;
		double secs = (double)ts->us / 1e6;
		int64_t p50, p99;

		if (!ts->ran && !ts->done)
			continue;
		us = calloc(rp.n + 1, sizeof(*us));
		for (size_t i = 0; us && i < rp.n; i++)
			if ((int)rp.a[i].o.transport == t && rp.a[i].o.client.us_connect >= 0 &&
			    rp.a[i].o.client.ok)
				us[nus++] = rp.a[i].o.client.us_connect;
		p50 = us ? live_percentile(us, nus, 50) : -1;
		p99 = us ? live_percentile(us, nus, 99) : -1;
		free(us);
		printf("%s (%s): %lld cases, %lld passed, %lld flaky, %lld failed; %lld connections "
		       "in %.1f s, %.2f connections/s; connect to ESTABLISHED p50 %.1f ms, p99 %.1f ms\n",
		       live_transport_name((enum live_transport)t), ts->dev, (long long)ts->seen,
		       (long long)ts->passed, (long long)ts->flaky, (long long)ts->failed,
		       (long long)ts->conns, secs, secs > 0 ? (double)ts->conns / secs : 0.0,
		       (double)p50 / 1000.0, (double)p99 / 1000.0);
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "transport", live_transport_name((enum live_transport)t));
		rdmaneg_json_str(&j, "device", ts->dev);
		rdmaneg_json_int(&j, "cases", ts->seen);
		rdmaneg_json_int(&j, "passed", ts->passed);
		rdmaneg_json_int(&j, "flaky", ts->flaky);
		rdmaneg_json_int(&j, "failed", ts->failed);
		rdmaneg_json_int(&j, "connections", ts->conns);
		rdmaneg_json_num(&j, "seconds", secs, 2);
		rdmaneg_json_num(&j, "connections_per_s", secs > 0 ? (double)ts->conns / secs : 0,
				 2);
		rdmaneg_json_int(&j, "connect_us_p50", p50);
		rdmaneg_json_int(&j, "connect_us_p99", p99);
		rdmaneg_json_end(&j);
		failures += (int)(ts->failed + ts->flaky);
		if (!ts->done) {
			printf("live: FAILED: the %s run did not finish (no LIVE_DONE record)\n",
			       live_transport_name((enum live_transport)t));
			failures++;
		} else if (ts->seen != ts->cases ||
			   (op->expect_cases && ts->cases != op->expect_cases)) {
			printf("live: FAILED: %s: %lld cases reported, %lld run, %lld asked for\n",
			       live_transport_name((enum live_transport)t), (long long)ts->seen,
			       (long long)ts->cases, (long long)op->expect_cases);
			failures++;
		}
	}
	rdmaneg_json_end(&j);
	if (!rp.t[0].ran && !rp.t[1].ran) {
		printf("live: FAILED: no case records in %s\n", op->records);
		failures++;
	}
	if (rp.bad_records) {
		printf("live: FAILED: %d unreadable records (first: %s)\n", rp.bad_records,
		       rp.first_bad);
		failures++;
	}

	/* resources */
	nleaks = live_res_leaks(rp.res, rp.nres, why, sizeof(why));
	rdmaneg_json_obj(&j, "resources");
	rdmaneg_json_bool(&j, "leaked", nleaks > 0);
	rdmaneg_json_str(&j, "note", why);
	rdmaneg_json_arr(&j, "snapshots");
	for (size_t i = 0; i < rp.nres; i++) {
		const struct live_res *r = &rp.res[i].r;

		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "phase", rp.res[i].phase);
		rdmaneg_json_str(&j, "dev", r->dev);
		for (size_t k = 0; k < LIVE_RES_KINDS; k++)
			rdmaneg_json_int(&j, live_res_names[k], r->n[k]);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	rdmaneg_json_end(&j);
	if (rp.nres == 0) {
		printf("live: FAILED: no resource snapshots\n");
		failures++;
	} else if (nleaks) {
		printf("live: FAILED: leaked RDMA resources: %s\n", why);
		failures++;
	} else {
		printf("resources: %zu snapshots, no QP, CQ, MR, PD or cm_id leaked\n", rp.nres);
	}

	/* kernel log: the console, and every message read after each case */
	{
		size_t k1 = rp.console ? rdmaneg_klog_scan(rp.console, rp.console_len, rp.splats,
							   MAX_SPLATS)
				       : 0;
		size_t k2 = rp.klog ? rdmaneg_klog_scan(
					      rp.klog, rp.klog_len,
					      rp.splats + (k1 < MAX_SPLATS ? k1 : MAX_SPLATS),
					      MAX_SPLATS - (k1 < MAX_SPLATS ? k1 : MAX_SPLATS))
				    : 0;

		/* the console and /dev/kmsg show the same splat: keep one of each title */
		rp.nsplats = 0;
		for (size_t i = 0; i < k1 + k2 && i < MAX_SPLATS; i++) {
			bool dup = false;

			for (size_t k = 0; k < rp.nsplats && !dup; k++)
				dup = strcmp(rp.splats[k].title, rp.splats[i].title) == 0;
			if (!dup)
				rp.splats[rp.nsplats++] = rp.splats[i];
		}
		rdmaneg_json_obj(&j, "kernel_log");
		rdmaneg_json_bool(&j, "clean", rp.nsplats == 0);
		rdmaneg_json_arr(&j, "splats");
		for (size_t i = 0; i < rp.nsplats && i < MAX_SPLATS; i++)
			rdmaneg_json_str(&j, NULL, rp.splats[i].title);
		rdmaneg_json_end(&j);
		rdmaneg_json_end(&j);
		if (rp.nsplats) {
			printf("live: FAILED: kernel log: %zu distinct splat(s)\n", rp.nsplats);
			for (size_t i = 0; i < rp.nsplats && i < MAX_SPLATS; i++)
				printf("  | %s\n", rp.splats[i].title);
			failures++;
		} else {
			printf("kernel log: clean (console and /dev/kmsg after every case)\n");
		}
	}
	/* the peer smoke: each role's verdicts equal live/peer-baseline.txt */
	for (size_t i = 0; i < rp.npeer; i++) {
		if (rp.peer[i].rc == 0) {
			printf("rdmaneg-peer %s smoke: %lld cases, every verdict as in the baseline\n",
			       rp.peer[i].role, (long long)rp.peer[i].cases);
			passed_extra++;
		} else {
			printf("live: FAILED: rdmaneg-peer %s smoke: exit %lld, verdicts differ from "
			       "the baseline (the console log has the peer's table)\n",
			       rp.peer[i].role, (long long)rp.peer[i].rc);
			print_expect_lines(rp.console, rp.console_len, rp.peer[i].role);
			failures++;
		}
	}
	if ((int64_t)rp.npeer < op->expect_peer) {
		printf("live: FAILED: %lld rdmaneg-peer smoke runs expected, %zu reported\n",
		       (long long)op->expect_peer, rp.npeer);
		failures++;
	}
	if (agree + differ > 0)
		printf("IRD/ORD in siw's Reply vs the core's RFC 6581 choice: %zu agree, %zu differ\n",
		       agree, differ);
	rdmaneg_json_obj(&j, "ird_ord_reply_vs_core");
	rdmaneg_json_uint(&j, "agree", agree);
	rdmaneg_json_uint(&j, "differ", differ);
	rdmaneg_json_end(&j);
	if (op->tshark)
		failures += tshark_compare(&rp, op->tshark, &j);
	rdmaneg_json_obj(&j, "timing");
	rdmaneg_json_num(&j, "prepare_s", op->prepare_s, 1);
	rdmaneg_json_num(&j, "qemu_s", op->qemu_s, 1);
	rdmaneg_json_num(&j, "guest_uptime_at_first_case_s", console_mark(&rp, "LIVE_READY"), 2);
	rdmaneg_json_num(&j, "guest_uptime_at_end_s", console_mark(&rp, "LIVE_END"), 2);
	rdmaneg_json_end(&j);
	printf("timing: prepare %.1f s, qemu %.1f s, first case at guest uptime %.2f s, last "
	       "at %.2f s\n",
	       op->prepare_s, op->qemu_s, console_mark(&rp, "LIVE_READY"),
	       console_mark(&rp, "LIVE_END"));
	rdmaneg_json_int(&j, "failures", failures);
	rdmaneg_json_end(&j);
	fputc('\n', jf);
	fclose(jf);
	if (op->frames)
		write_frames(&rp, op->frames);
	{
		int64_t passed = rp.t[0].passed + rp.t[1].passed + passed_extra;

		printf("report: %s/report.json, %s/cases.jsonl\n", op->out, op->out);
		printf("%lld passed, %d failed\n", (long long)passed, failures);
	}
	free(rp.a);
	free(rp.klog);
	free(rp.console);
	return failures ? 1 : 0;
}

static int pcap_cmd(const char *records, const char *out)
{
	static struct report rp;
	const struct live_frame **fr;
	size_t n = 0;
	int rc;

	if (read_records(&rp, records))
		return 2;
	/* an array of pointers to frames: sizeof a pointer is meant */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	fr = calloc(rp.n * LIVE_MAX_FRAMES + 1, sizeof(fr[0]));
	if (!fr)
		return 2;
	for (size_t i = 0; i < rp.n; i++) {
		size_t first = n;

		for (size_t k = 0; k < rp.a[i].o.nframes; k++)
			fr[n++] = &rp.a[i].o.frame[k];
		live_frames_request_first(fr + first, n - first);
	}
	rc = live_pcap_write(out, fr, n);
	free(fr);
	free(rp.a);
	free(rp.klog);
	if (rc) {
		fprintf(stderr, "rdmaneg-live pcap: cannot write %s\n", out);
		return 2;
	}
	printf("live: %zu captured frames in %s\n", n, out);
	return 0;
}

int live_report_main(int argc, char **argv)
{
	struct opts op = { NULL, NULL, "build/live", NULL, NULL, NULL, false, 0, 0, 0, 0 };
	const char *pcap = NULL;

	for (int i = 1; i < argc; i++) {
		const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *end = NULL;

		if (strcmp(k, "--quiet-passes") == 0) {
			op.quiet = true;
			continue;
		}
		if (!v) {
			fprintf(stderr, "rdmaneg-live report: %s needs a value\n", k);
			return 2;
		}
		i++;
		if (strcmp(k, "--records") == 0)
			op.records = v;
		else if (strcmp(k, "--console") == 0)
			op.console = v;
		else if (strcmp(k, "--out") == 0)
			op.out = v;
		else if (strcmp(k, "--tshark") == 0)
			op.tshark = v;
		else if (strcmp(k, "--frames") == 0)
			op.frames = v;
		else if (strcmp(k, "--kernel") == 0)
			op.kernel = v;
		else if (strcmp(k, "--pcap") == 0)
			pcap = v;
		else if (strcmp(k, "--prepare-s") == 0)
			op.prepare_s = strtod(v, &end);
		else if (strcmp(k, "--qemu-s") == 0)
			op.qemu_s = strtod(v, &end);
		else if (strcmp(k, "--expect-cases") == 0)
			op.expect_cases = strtoll(v, &end, 10);
		else if (strcmp(k, "--expect-peer") == 0)
			op.expect_peer = strtoll(v, &end, 10);
		else {
			fprintf(stderr, "rdmaneg-live report: unknown option %s\n", k);
			return 2;
		}
		if (end && *end) {
			fprintf(stderr, "rdmaneg-live report: %s takes a number: '%s'\n", k, v);
			return 2;
		}
	}
	if (!op.records) {
		fprintf(stderr, "rdmaneg-live report: --records FILE is required\n");
		return 2;
	}
	if (pcap)
		return pcap_cmd(op.records, pcap);
	return report(&op);
}
