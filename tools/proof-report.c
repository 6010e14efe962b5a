/*
 * rdmaneg-proof-report: the per-function summary of make proof.
 *
 *   rdmaneg-proof-report [--md FILE] KIND:CSV[:SECONDS] ...
 *
 * KIND is wp or eva; CSV is a Frama-C Report plugin table (-report-csv:
 * directory, file, line, function, property kind, status, property) and
 * SECONDS the run's wall time, added to each function it names. Only
 * properties in src/ count. For eva, an alarm is a run-time-error
 * property or a precondition whose status is not Valid; for wp, every
 * property is a goal and a goal is proved when its status is Valid.
 * A function passes with no alarm and every goal proved. Prints the table
 * and "proof: N passed, N failed"; exits 1 on a failure, 2 on bad input.
 */
#include "file.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FUNCS 128
#define MAX_CSV (16u << 20)

struct func {
	char name[64];
	unsigned alarms;
	unsigned goals;
	unsigned proved;
	double seconds;
	bool ran_eva;
	bool ran_wp;
};

static struct func funcs[MAX_FUNCS];
static size_t nfuncs;

/* Run-time-error property kinds as the RTE plugin and Eva name them. */
static const char *const rte_kinds[] = {
	"mem_access", "index_bound", "pointer_value", "signed_overflow",
	"unsigned_overflow", "signed_downcast", "unsigned_downcast", "division_by_zero",
	"shift", "float_to_int", "initialization", "dangling_pointer", "bool_value",
	"differing_blocks", "separation", "overlap", "function_pointer",
	"is_nan_or_infinite", "is_nan", "pointer_comparison", "precondition",
};

static bool is_rte(const char *kind)
{
	for (size_t i = 0; i < sizeof(rte_kinds) / sizeof(rte_kinds[0]); i++)
		if (strcmp(kind, rte_kinds[i]) == 0)
			return true;
	return false;
}

static struct func *func_of(const char *name)
{
	for (size_t i = 0; i < nfuncs; i++)
		if (strcmp(funcs[i].name, name) == 0)
			return &funcs[i];
	if (nfuncs == MAX_FUNCS || strlen(name) >= sizeof(funcs[0].name))
		return NULL;
	snprintf(funcs[nfuncs].name, sizeof(funcs[nfuncs].name), "%s", name);
	return &funcs[nfuncs++];
}

/* Splits line at tabs into at most n fields; returns the count. */
static size_t split(char *line, char **field, size_t n)
{
	size_t k = 0;

	while (k < n) {
		field[k++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return k;
}

static int add_csv(bool eva, const char *path, double seconds)
{
	size_t len;
	char *text = rdmaneg_read_file(path, MAX_CSV, &len, NULL);
	char *line;
	char *next;
	bool header = true;
	size_t i;
	size_t first = nfuncs;

	if (!text) {
		fprintf(stderr, "proof-report: cannot read %s\n", path);
		return 2;
	}
	for (line = text; line && *line; line = next) {
		char *f[7];

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (header) {
			header = false;
			if (strncmp(line, "directory\tfile\tline\tfunction", 28) != 0) {
				fprintf(stderr, "proof-report: %s is no Report CSV\n", path);
				free(text);
				return 2;
			}
			continue;
		}
		if (split(line, f, 7) != 7) {
			fprintf(stderr, "proof-report: %s: a row without 7 fields\n", path);
			free(text);
			return 2;
		}
		/* only src/, and only properties that belong to a function */
		if ((strcmp(f[0], "src") != 0 && strncmp(f[1], "src/", 4) != 0) || f[3][0] == '\0')
			continue;
		struct func *fn = func_of(f[3]);

		if (!fn) {
			fprintf(stderr, "proof-report: too many functions\n");
			free(text);
			return 2;
		}
		bool valid = strcmp(f[5], "Valid") == 0;

		if (eva) {
			fn->ran_eva = true;
			if (is_rte(f[4]) && !valid)
				fn->alarms++;
		} else {
			fn->ran_wp = true;
			fn->goals++;
			fn->proved += valid;
		}
	}
	/* the run's time goes to the functions it newly named */
	for (i = first; i < nfuncs; i++)
		funcs[i].seconds += seconds;
	free(text);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct func *)a)->name, ((const struct func *)b)->name);
}

static void row(FILE *o, bool md, const struct func *f, bool pass)
{
	char eva[16];
	char wp[32];

	if (f->ran_eva)
		snprintf(eva, sizeof(eva), "%u", f->alarms);
	else
		snprintf(eva, sizeof(eva), "-");
	if (f->ran_wp)
		snprintf(wp, sizeof(wp), "%u/%u", f->proved, f->goals);
	else
		snprintf(wp, sizeof(wp), "-");
	if (md)
		fprintf(o, "| `%s` | %s | %s | %.1f | %s |\n", f->name, eva, wp, f->seconds,
			pass ? "pass" : "**FAIL**");
	else
		fprintf(o, "%-34s %6s %10s %7.1f  %s\n", f->name, eva, wp, f->seconds,
			pass ? "ok" : "FAIL");
}

int main(int argc, char **argv)
{
	const char *md_path = NULL;
	unsigned pass = 0;
	unsigned fail = 0;
	FILE *md = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		char kind[8];
		char path[4096];
		double seconds = 0;
		int rc;

		if (strcmp(argv[i], "--md") == 0 && i + 1 < argc) {
			md_path = argv[++i];
			continue;
		}
		if (sscanf(argv[i], "%7[a-z]:%4095[^:]:%lf", kind, path, &seconds) < 2 ||
		    (strcmp(kind, "wp") != 0 && strcmp(kind, "eva") != 0)) {
			fprintf(stderr, "usage: rdmaneg-proof-report [--md FILE] "
					"(wp|eva):CSV[:SECONDS] ...\n");
			return 2;
		}
		rc = add_csv(strcmp(kind, "eva") == 0, path, seconds);
		if (rc != 0)
			return rc;
	}
	if (nfuncs == 0) {
		fprintf(stderr, "proof-report: no function of src/ in the inputs\n");
		return 2;
	}
	qsort(funcs, nfuncs, sizeof(funcs[0]), by_name);
	if (md_path) {
		md = fopen(md_path, "w");
		if (!md) {
			fprintf(stderr, "proof-report: cannot write %s\n", md_path);
			return 2;
		}
		fprintf(md, "# make proof: src/\n\n| function | Eva alarms | WP properties proved | s | |\n"
			    "|---|---|---|---|---|\n");
	}
	printf("%-34s %6s %10s %7s\n", "function", "alarms", "wp props", "time/s");
	for (size_t k = 0; k < nfuncs; k++) {
		const struct func *f = &funcs[k];
		bool ok = f->alarms == 0 && f->proved == f->goals;

		row(stdout, false, f, ok);
		if (md)
			row(md, true, f, ok);
		if (ok)
			pass++;
		else
			fail++;
	}
	printf("proof: %u passed, %u failed\n", pass, fail);
	if (md) {
		fprintf(md, "\nproof: %u passed, %u failed\n", pass, fail);
		if (fclose(md) != 0) {
			fprintf(stderr, "proof-report: cannot write %s\n", md_path);
			return 2;
		}
	}
	return fail == 0 ? 0 : 1;
}
