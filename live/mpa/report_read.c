// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * report_read: the first passes of make live's report on the host: the
 * guest's records into plain structs (capture and decode), then every
 * attempt judged against its case (judge.h).
 */
#define _GNU_SOURCE

#include "live/mpa/report.h"

#include "live/mpa/cases.h"
#include "live/mpa/judge.h"
#include "util/file.h"
#include "util/hex.h"
#include "util/klog.h"
#include "util/record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void klog_add(struct live_report *rp, const char *line)
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

static void bad(struct live_report *rp, size_t lineno, const char *why)
{
	if (rp->bad_records++ == 0)
		snprintf(rp->first_bad, sizeof(rp->first_bad), "record line %zu: %s", lineno, why);
}

int live_report_read(struct live_report *rp, const char *path)
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
			struct live_attempt *a;

			if (rp->n == rp->cap) {
				size_t nc = rp->cap ? rp->cap * 2 : 256;
				struct live_attempt *na = realloc(rp->a, nc * sizeof(*na));

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
			/* which core the peer was built on (absent: before the planted run) */
			if (rdmaneg_rec_str(&r, "core", rp->peer[rp->npeer].core,
					    sizeof(rp->peer[0].core)))
				snprintf(rp->peer[rp->npeer].core, sizeof(rp->peer[0].core),
					 "unplanted");
			rp->npeer++;
		} else if (strcmp(r.tag, "LIVE_DONE") == 0) {
			struct live_tstats *ts;

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
void live_report_judge(struct live_report *rp)
{
	for (size_t i = 0; i < rp->n; i++) {
		struct live_attempt *a = &rp->a[i];
		struct live_tstats *ts = &rp->t[a->o.transport];
		bool last = i + 1 == rp->n || rp->a[i + 1].o.seq != a->o.seq ||
			    rp->a[i + 1].o.transport != a->o.transport;

		live_case_make(a->o.case_no, a->o.seed, &a->c);
		live_expected_make(&a->c, a->o.transport, ts->dev_ird ? ts->dev_ird : 16, &a->e);
		live_judge(&a->c, &a->e, &a->o, &a->v);
		ts->ran = true;
		if (!last)
			continue;
		ts->seen++;
		if (a->o.attempt == 1 && live_passed(&a->v)) {
			a->outcome = "pass";
			ts->passed++;
		} else if (live_passed(&a->v)) {
			a->outcome = "flaky";
			if (i > 0)
				snprintf(a->first_why, sizeof(a->first_why), "attempt 1: %s",
					 rp->a[i - 1].v.verdict.detail);
			ts->flaky++;
		} else {
			a->outcome = "FAIL";
			ts->failed++;
		}
	}
}
