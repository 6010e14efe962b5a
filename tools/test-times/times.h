/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * times: the timing table of one `make test` run (tools/run-tests.sh).
 * Each suite's wall and CPU seconds and its check counts come in as
 * tab-separated rows; the table goes out as JSON (one suite a line, so a
 * later run can read it back) and two tables compare as figures and ratios.
 */
#ifndef RDMANEG_TIMES_H
#define RDMANEG_TIMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RDMANEG_TIMES_MAX 64
#define RDMANEG_TIMES_NAME 40

struct rdmaneg_times_suite {
	char name[RDMANEG_TIMES_NAME];
	double wall, cpu;
	unsigned long passed, failed;
	bool cached; /* not run: its inputs had not changed since it passed */
};

struct rdmaneg_times {
	unsigned jobs;
	double wall; /* the whole run, start to end */
	size_t n;
	struct rdmaneg_times_suite suite[RDMANEG_TIMES_MAX];
};

/*
 * Parses rows "name\twall\tcpu\tpassed\tfailed[\tcached]" (one a line,
 * blank lines ignored) into t, whose jobs and wall the caller sets. A name
 * is 1 to 39 of [a-z0-9-]; seconds are non-negative decimals; cached is
 * "ran" or "cached" (absent: ran). Returns 0, or -1 with a message naming
 * the line in err.
 */
int rdmaneg_times_parse_rows(char *text, struct rdmaneg_times *t, char *err, size_t errlen);

/* Sums over the suites; passed and failed count the suites that ran, cached
 * the checks of those that did not. */
double rdmaneg_times_cpu(const struct rdmaneg_times *t);
unsigned long rdmaneg_times_passed(const struct rdmaneg_times *t);
unsigned long rdmaneg_times_failed(const struct rdmaneg_times *t);
unsigned long rdmaneg_times_cached(const struct rdmaneg_times *t);

/* Writes t as JSON: totals on the first line, then one suite a line. */
void rdmaneg_times_write_json(const struct rdmaneg_times *t, FILE *f);

/*
 * Reads back what rdmaneg_times_write_json wrote, and the tables written
 * before suites could be cached (no "cached" fields). Returns 0, or -1
 * with a message naming the line in err.
 */
int rdmaneg_times_parse_json(char *text, struct rdmaneg_times *t, char *err, size_t errlen);

/*
 * Prints cur suite by suite (wall, CPU, share of CPU, checks) beside prev
 * when prev is not NULL: each figure before and now and the ratio now /
 * before. Suites in one table only show "-" for the other; a cached suite
 * says so after its checks.
 */
void rdmaneg_times_compare(const struct rdmaneg_times *prev, const struct rdmaneg_times *cur,
			   FILE *f);

#endif
