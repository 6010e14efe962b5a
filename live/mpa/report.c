// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE

#include "live/mpa/report.h"

#include "live/mpa/cases.h"
#include "live/mpa/judge.h"
#include "live/mpa/pcap.h"
#include "util/file.h"
#include "util/hex.h"
#include "util/json.h"
#include "util/klog.h"
#include "util/record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static void print_row(const struct live_attempt *a)
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
					   : a->v.verdict.detail);
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
static void print_detail(const struct live_attempt *a)
{
	printf("  %s seq %lld attempt %d (%s, case %d, seed %llu, port %d): %s\n", a->c.name,
	       (long long)a->o.seq, a->o.attempt, live_transport_name(a->o.transport), a->o.case_no,
	       (unsigned long long)a->o.seed, a->o.port, a->v.verdict.detail);
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

static void json_attempt(struct rdmaneg_json *j, const struct live_attempt *a)
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
	rdmaneg_json_bool(j, "pass", live_passed(&a->v));
	rdmaneg_json_str(j, "verdict", rdmaneg_verdict_name(a->v.verdict.kind));
	if (a->outcome)
		rdmaneg_json_str(j, "outcome", a->outcome);
	rdmaneg_json_str(j, "why", a->v.verdict.detail);
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
static double console_mark(const struct live_report *rp, const char *tag)
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
struct opts {
	const char *records, *console, *out, *tshark, *frames, *kernel;
	bool quiet;
	double prepare_s, qemu_s;
	int64_t expect_cases;
	int64_t expect_peer;
};

static void write_frames(const struct live_report *rp, const char *dir)
{
	size_t written = 0;

	mkdir(dir, 0755);
	for (size_t i = 0; i < rp->n; i++) {
		const struct live_attempt *a = &rp->a[i];

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

static int tshark_compare(const struct live_report *rp, const char *csv_path,
			  struct rdmaneg_json *j)
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

/* Each transport's line and JSON entry; failures: cases that failed, a run
 * that did not finish or ran other than the cases asked for. */
static int report_transports(struct live_report *rp, const struct opts *op, struct rdmaneg_json *j)
{
	int failures = 0;

	rdmaneg_json_arr(j, "transports");
	for (int t = 0; t < 2; t++) {
		struct live_tstats *ts = &rp->t[t];
		int64_t *us;
		size_t nus = 0;
		double secs = (double)ts->us / 1e6;
		int64_t p50, p99;

		if (!ts->ran && !ts->done)
			continue;
		us = calloc(rp->n + 1, sizeof(*us));
		for (size_t i = 0; us && i < rp->n; i++)
			if ((int)rp->a[i].o.transport == t && rp->a[i].o.client.us_connect >= 0 &&
			    rp->a[i].o.client.ok)
				us[nus++] = rp->a[i].o.client.us_connect;
		p50 = us ? live_percentile(us, nus, 50) : -1;
		p99 = us ? live_percentile(us, nus, 99) : -1;
		free(us);
		printf("%s (%s): %lld cases, %lld passed, %lld flaky, %lld failed; %lld connections "
		       "in %.1f s, %.2f connections/s; connect to ESTABLISHED p50 %.1f ms, p99 %.1f ms\n",
		       live_transport_name((enum live_transport)t), ts->dev, (long long)ts->seen,
		       (long long)ts->passed, (long long)ts->flaky, (long long)ts->failed,
		       (long long)ts->conns, secs, secs > 0 ? (double)ts->conns / secs : 0.0,
		       (double)p50 / 1000.0, (double)p99 / 1000.0);
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "transport", live_transport_name((enum live_transport)t));
		rdmaneg_json_str(j, "device", ts->dev);
		rdmaneg_json_int(j, "cases", ts->seen);
		rdmaneg_json_int(j, "passed", ts->passed);
		rdmaneg_json_int(j, "flaky", ts->flaky);
		rdmaneg_json_int(j, "failed", ts->failed);
		rdmaneg_json_int(j, "connections", ts->conns);
		rdmaneg_json_num(j, "seconds", secs, 2);
		rdmaneg_json_num(j, "connections_per_s", secs > 0 ? (double)ts->conns / secs : 0,
				 2);
		rdmaneg_json_int(j, "connect_us_p50", p50);
		rdmaneg_json_int(j, "connect_us_p99", p99);
		rdmaneg_json_end(j);
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
	rdmaneg_json_end(j);
	return failures;
}

/* The resource snapshots: 1 when one leaked or none was taken. */
static int report_resources(struct live_report *rp, struct rdmaneg_json *j)
{
	char why[256];
	int failures = 0, nleaks;

	nleaks = live_res_leaks(rp->res, rp->nres, why, sizeof(why));
	rdmaneg_json_obj(j, "resources");
	rdmaneg_json_bool(j, "leaked", nleaks > 0);
	rdmaneg_json_str(j, "note", why);
	rdmaneg_json_arr(j, "snapshots");
	for (size_t i = 0; i < rp->nres; i++) {
		const struct live_res *r = &rp->res[i].r;

		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "phase", rp->res[i].phase);
		rdmaneg_json_str(j, "dev", r->dev);
		for (size_t k = 0; k < LIVE_RES_KINDS; k++)
			rdmaneg_json_int(j, live_res_names[k], r->n[k]);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
	rdmaneg_json_end(j);
	if (rp->nres == 0) {
		printf("live: FAILED: no resource snapshots\n");
		failures++;
	} else if (nleaks) {
		printf("live: FAILED: leaked RDMA resources: %s\n", why);
		failures++;
	} else {
		printf("resources: %zu snapshots, no QP, CQ, MR, PD or cm_id leaked\n", rp->nres);
	}
	return failures;
}

/* The kernel log: the console, and every message read after each case;
 * 1 when it holds a splat. */
static int report_klog(struct live_report *rp, struct rdmaneg_json *j)
{
	int failures = 0;

	size_t k1 = rp->console ? rdmaneg_klog_scan(rp->console, rp->console_len, rp->splats,
						    LIVE_MAX_SPLATS)
				: 0;
	size_t k2 =
		rp->klog ? rdmaneg_klog_scan(
				   rp->klog, rp->klog_len,
				   rp->splats + (k1 < LIVE_MAX_SPLATS ? k1 : LIVE_MAX_SPLATS),
				   LIVE_MAX_SPLATS - (k1 < LIVE_MAX_SPLATS ? k1 : LIVE_MAX_SPLATS))
			 : 0;

	/* the console and /dev/kmsg show the same splat: keep one of each title */
	rp->nsplats = 0;
	for (size_t i = 0; i < k1 + k2 && i < LIVE_MAX_SPLATS; i++) {
		bool dup = false;

		for (size_t k = 0; k < rp->nsplats && !dup; k++)
			dup = strcmp(rp->splats[k].title, rp->splats[i].title) == 0;
		if (!dup)
			rp->splats[rp->nsplats++] = rp->splats[i];
	}
	rdmaneg_json_obj(j, "kernel_log");
	rdmaneg_json_bool(j, "clean", rp->nsplats == 0);
	rdmaneg_json_arr(j, "splats");
	for (size_t i = 0; i < rp->nsplats && i < LIVE_MAX_SPLATS; i++)
		rdmaneg_json_str(j, NULL, rp->splats[i].title);
	rdmaneg_json_end(j);
	rdmaneg_json_end(j);
	if (rp->nsplats) {
		printf("live: FAILED: kernel log: %zu distinct splat(s)\n", rp->nsplats);
		for (size_t i = 0; i < rp->nsplats && i < LIVE_MAX_SPLATS; i++)
			printf("  | %s\n", rp->splats[i].title);
		failures++;
	} else {
		printf("kernel log: clean (console and /dev/kmsg after every case)\n");
	}
	return failures;
}

/* The peer smoke: each role's verdicts equal
 * live/adversarial/peer-baseline.txt. */
static int report_peer(const struct live_report *rp, const struct opts *op, int64_t *passed_extra)
{
	int failures = 0;

	for (size_t i = 0; i < rp->npeer; i++) {
		if (rp->peer[i].rc == 0) {
			printf("rdmaneg-peer %s smoke (%s core): %lld cases, every verdict as in "
			       "the baseline\n",
			       rp->peer[i].role, rp->peer[i].core, (long long)rp->peer[i].cases);
			(*passed_extra)++;
		} else {
			printf("live: FAILED: rdmaneg-peer %s smoke (%s core): exit %lld, verdicts "
			       "differ from the baseline (the console log has the peer's table)\n",
			       rp->peer[i].role, rp->peer[i].core, (long long)rp->peer[i].rc);
			print_expect_lines(rp->console, rp->console_len, rp->peer[i].role);
			failures++;
		}
	}
	if ((int64_t)rp->npeer < op->expect_peer) {
		printf("live: FAILED: %lld rdmaneg-peer smoke runs expected, %zu reported\n",
		       (long long)op->expect_peer, rp->npeer);
		failures++;
	}
	return failures;
}

static int report(const struct opts *op)
{
	static struct live_report rp;
	struct rdmaneg_json j;
	char path[512];
	FILE *jf, *lf;
	size_t agree = 0, differ = 0;
	int failures = 0;
	int64_t passed_extra = 0;

	if (live_report_read(&rp, op->records))
		return 2;
	if (op->console)
		rp.console = rdmaneg_read_file(op->console, SIZE_MAX - 1, &rp.console_len, NULL);
	live_report_judge(&rp);
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
		const struct live_attempt *a = &rp.a[i];

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
		if (live_passed(&rp.a[i].v))
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
	failures += report_transports(&rp, op, &j);
	if (!rp.t[0].ran && !rp.t[1].ran) {
		printf("live: FAILED: no case records in %s\n", op->records);
		failures++;
	}
	if (rp.bad_records) {
		printf("live: FAILED: %d unreadable records (first: %s)\n", rp.bad_records,
		       rp.first_bad);
		failures++;
	}

	failures += report_resources(&rp, &j);

	failures += report_klog(&rp, &j);
	failures += report_peer(&rp, op, &passed_extra);
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
	static struct live_report rp;
	const struct live_frame **fr;
	size_t n = 0;
	int rc;

	if (live_report_read(&rp, records))
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
