/* gcov: per-file totals of an lcov tracefile (see gcov.h) */
#include "gcov.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "klog.h"

static const char *const report_files[] = {
	"sw/siw/siw_cm.c",  "sw/siw/siw_qp_rx.c", "core/iwcm.c",
	"core/cma.c",	    "core/verbs.c",	  "xprtrdma/svc_rdma_transport.c",
	"xprtrdma/verbs.c",
};

size_t live_gcov_report_files(struct live_gcov_file *out, size_t cap)
{
	size_t n = sizeof(report_files) / sizeof(report_files[0]);

	for (size_t i = 0; i < n && i < cap; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].suffix = report_files[i];
	}
	return n < cap ? n : cap;
}

/* path ends in "/suffix" (or is suffix) */
static bool path_ends(const char *path, const char *suffix)
{
	size_t pl = strlen(path), sl = strlen(suffix);

	if (pl < sl || strcmp(path + pl - sl, suffix) != 0)
		return false;
	return pl == sl || path[pl - sl - 1] == '/';
}

/* "KEY:N" with a decimal N: true and *v */
static bool number_after(const char *line, size_t keylen, size_t *v)
{
	const char *p = line + keylen;
	char *end;
	unsigned long long x;

	if (*p < '0' || *p > '9')
		return false;
	x = strtoull(p, &end, 10);
	if (*end != '\0' || x > SIZE_MAX)
		return false;
	*v = (size_t)x;
	return true;
}

size_t live_gcov_info(const char *text, size_t len, struct live_gcov_file *files, size_t n)
{
	static const char *const keys[] = { "LF:", "LH:", "BRF:", "BRH:" };
	char line[4096];
	size_t pos = 0, bad = 0;
	bool in_record = false;
	struct live_gcov_file *cur = NULL;

	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		size_t k, v = 0;

		if (strncmp(line, "SF:", 3) == 0) {
			bad += in_record; /* the last record never ended */
			in_record = true;
			cur = NULL;
			for (size_t i = 0; i < n && !cur; i++)
				if (path_ends(line + 3, files[i].suffix))
					cur = &files[i];
			if (cur)
				cur->seen = true;
			continue;
		}
		if (strcmp(line, "end_of_record") == 0) {
			bad += !in_record;
			in_record = false;
			continue;
		}
		for (k = 0; k < 4 && strncmp(line, keys[k], strlen(keys[k])) != 0; k++)
			;
		if (k == 4)
			continue; /* TN:, FN:, DA:, BRDA: ... carry no totals */
		if (!in_record || !number_after(line, strlen(keys[k]), &v)) {
			bad++;
			continue;
		}
		if (!cur)
			continue;
		if (k == 0)
			cur->lines += v;
		else if (k == 1)
			cur->lines_hit += v;
		else if (k == 2)
			cur->branches += v;
		else
			cur->branches_hit += v;
	}
	return bad + in_record;
}

static void ratio(char *out, size_t cap, size_t hit, size_t total)
{
	if (total == 0)
		snprintf(out, cap, "-");
	else
		snprintf(out, cap, "%zu/%zu (%.1f%%)", hit, total,
			 100.0 * (double)hit / (double)total);
}

size_t live_gcov_print(FILE *out, const char *suite, const struct live_gcov_file *files, size_t n)
{
	size_t seen = 0;

	fprintf(out, "kernel coverage, %s:\n  %-32s %-22s %s\n", suite, "file", "lines",
		"branches");
	for (size_t i = 0; i < n; i++) {
		char l[48], b[48];

		if (!files[i].seen) {
			fprintf(out, "  %-32s not instrumented\n", files[i].suffix);
			continue;
		}
		seen++;
		ratio(l, sizeof(l), files[i].lines_hit, files[i].lines);
		ratio(b, sizeof(b), files[i].branches_hit, files[i].branches);
		fprintf(out, "  %-32s %-22s %s\n", files[i].suffix, l, b);
	}
	return seen;
}
