/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * result: what one suite of make test came to, and the verdict the cache
 * keeps. A suite counts its checks by the "N passed, M failed" lines it
 * prints (they add up); a suite that prints none is one check, judged by
 * its exit status.
 */
#ifndef RDMANEG_RESULT_H
#define RDMANEG_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

struct rdmaneg_result {
	unsigned long passed, failed;
	bool counted; /* at least one "N passed, M failed" was seen */
};

/* Adds every "N passed, M failed" in line (NUL-terminated) to r. */
void rdmaneg_result_scan(struct rdmaneg_result *r, const char *line);

/*
 * The checks of a suite that exited with status rc: its counted lines, or
 * one check when it printed none; a non-zero exit with no failure counted
 * is one failure.
 */
void rdmaneg_result_close(struct rdmaneg_result *r, int rc);

/* What the cache keeps of a suite that passed: its key, checks and when. */
struct rdmaneg_verdict {
	char key[65];
	unsigned long passed;
	time_t when;
};

/* "KEY PASSED WHEN\n" into buf; returns the length, or 0 when it does not fit. */
size_t rdmaneg_verdict_format(const struct rdmaneg_verdict *v, char *buf, size_t cap);

/* Reads what rdmaneg_verdict_format wrote; false when text is anything else. */
bool rdmaneg_verdict_parse(const char *text, struct rdmaneg_verdict *v);

#endif
