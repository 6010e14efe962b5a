/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * report (host): reads the guest's records (and console log), judges
 * every attempt with judge.h, prints the table and the summary, and
 * writes report.json and cases.jsonl. The pure parts are exposed for
 * make test.
 */
#ifndef RDMANEG_LIVE_REPORT_H
#define RDMANEG_LIVE_REPORT_H

#include "live/mpa/cases.h"
#include "live/mpa/judge.h"
#include "live/mpa/obs.h"
#include "util/klog.h"

#include <stddef.h>
#include <stdint.h>

/* p (0..100) percentile of v[0..n-1] by nearest rank; sorts v. */
int64_t live_percentile(int64_t *v, size_t n, int p);

#define LIVE_MAX_SPLATS 32

/* One attempt as the report sees it: what the guest observed, the case,
 * what it had to produce and the verdict. */
struct live_attempt {
	struct live_obs o;
	struct live_case c;
	struct live_expected e;
	struct live_verdict v;
	const char *outcome; /* the case's, set on its last attempt */
	char first_why[420]; /* a flaky case: why its first attempt failed */
};

struct live_tstats {
	bool ran, done;
	int dev_ird;
	char dev[32];
	int64_t cases, conns, us;
	int64_t passed, flaky, failed, seen;
};

struct live_report {
	struct live_attempt *a;
	size_t n, cap;
	struct live_tstats t[2];
	struct live_res_snap res[32];
	size_t nres;
	char *klog; /* LIVE_KLOG lines, joined */
	size_t klog_len, klog_cap;
	char *console;
	size_t console_len;
	struct rdmaneg_splat splats[LIVE_MAX_SPLATS];
	size_t nsplats;
	int bad_records;
	char first_bad[200];
	/* rdmaneg-peer's smoke subset against siw: one per role */
	struct {
		char role[16];
		char core[48]; /* "unplanted" or "planted-NAME" */
		int64_t rc, cases;
	} peer[4];
	size_t npeer;
};

/* Reads the guest's records at path into rp (zeroed by the caller):
 * 0, or 2 (with a message) when the file cannot be read. */
int live_report_read(struct live_report *rp, const char *path);
/* Judges every attempt of rp, and sets each case's outcome. */
void live_report_judge(struct live_report *rp);

int live_report_main(int argc, char **argv);

#endif
