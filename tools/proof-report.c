// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-proof-report: the per-function summary of make proof.
 *
 *   rdmaneg-proof-report [--md FILE] KIND:CSV[:SECONDS[:FUNCTION]] ...
 *
 * KIND is wp or eva; CSV is a Frama-C Report plugin table (-report-csv:
 * directory, file, line, function, property kind, status, property) and
 * SECONDS the run's wall time, added to the functions a WP run defines, or
 * to FUNCTION, the one an Eva driver calls (else those it names first). Only
 * properties in src/ count, each once (file, line, kind and text), merged
 * over all runs of its kind:
 *   wp:  a run counts the properties of the functions it defines (those
 *        with a property in a .c file); the contracts it only assumes are
 *        proved in their own file's run. A goal is proved when "Valid" or
 *        "Partially proven" (proved from other contracts, themselves goals).
 *        A contract assumed by some run and proved by none fails.
 *   eva: an alarm is a run-time-error property, or a public function's
 *        precondition, that some run left neither "Valid" nor "Dead". What
 *        Eva leaves unknown of the other ACSL properties is a WP goal
 *        (docs/proof.md).
 * A function passes with no alarm and every goal proved. Prints the table
 * and "proof: N passed, N failed"; exits 1 on a failure, 2 on bad input.
 */
#include "util/file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FUNCS 512
#define MAX_PROPS 8192
#define MAX_CSV (16u << 20)

struct func {
	char name[64];
	double seconds;
	unsigned alarms;
	unsigned goals;
	unsigned proved;
	bool ran_eva;
	bool ran_wp;
	bool assumed; /* a WP run relied on its contract */
};

static struct func funcs[MAX_FUNCS];
static size_t nfuncs;

/* One property of src/ over all runs of one kind. */
struct prop {
	char *key; /* file, line, kind, text */
	struct func *fn;
	bool eva;
	bool good; /* wp: proved by some run; eva: no run left an alarm */
};

static struct prop props[MAX_PROPS];
static size_t nprops;

/* Run-time-error property kinds as the RTE plugin and Eva name them. */
static const char *const rte_kinds[] = {
	"mem_access",
	"index_bound",
	"pointer_value",
	"signed_overflow",
	"unsigned_overflow",
	"signed_downcast",
	"unsigned_downcast",
	"division_by_zero",
	"shift",
	"float_to_int",
	"initialization",
	"dangling_pointer",
	"bool_value",
	"differing_blocks",
	"separation",
	"overlap",
	"function_pointer",
	"is_nan_or_infinite",
	"is_nan",
	"pointer_comparison",
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

/* The property's entry, added when new; NULL when the table is full. */
static struct prop *prop_of(bool eva, struct func *fn, char **f)
{
	char key[4096];
	size_t i;

	snprintf(key, sizeof(key), "%s\t%s\t%s\t%s", f[1], f[2], f[4], f[6]);
	for (i = 0; i < nprops; i++)
		if (props[i].eva == eva && props[i].fn == fn && strcmp(props[i].key, key) == 0)
			return &props[i];
	if (nprops == MAX_PROPS)
		return NULL;
	props[nprops].key = strdup(key);
	if (!props[nprops].key)
		return NULL;
	props[nprops].fn = fn;
	props[nprops].eva = eva;
	props[nprops].good = eva; /* eva: good until a run leaves an alarm */
	return &props[nprops++];
}

/* WP: the functions a run defines, i.e. those with a property in a .c
 * file. Its other rows are contracts of functions declared in headers,
 * only assumed there and proved in their own file's run. */
static char defined[MAX_FUNCS][64];
static size_t ndefined;

static void find_defined(const char *text)
{
	const char *line = text;

	ndefined = 0;
	while (line && *line) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		char copy[512];
		char *f[7];

		snprintf(copy, sizeof(copy), "%.*s",
			 (int)(n < sizeof(copy) - 1 ? n : sizeof(copy) - 1), line);
		line = end ? end + 1 : NULL;
		if (rdmaneg_split_tabs(copy, f, 7) < 5)
			continue;
		size_t fl = strlen(f[1]);

		if (fl < 2 || strcmp(f[1] + fl - 2, ".c") != 0 || f[3][0] == '\0')
			continue;
		size_t k;

		for (k = 0; k < ndefined && strcmp(defined[k], f[3]) != 0; k++)
			;
		if (k == ndefined && ndefined < MAX_FUNCS)
			snprintf(defined[ndefined++], sizeof(defined[0]), "%s", f[3]);
	}
}

static bool is_defined(const char *fn)
{
	for (size_t k = 0; k < ndefined; k++)
		if (strcmp(defined[k], fn) == 0)
			return true;
	return false;
}

static int add_csv(bool eva, const char *path, double seconds, const char *owner)
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
	if (!eva)
		find_defined(text);
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
		/* Report prints a multi-line property (e.g. "complete behaviors")
		 * with its further lines indented: its first line is the key */
		if (line[0] == ' ')
			continue;
		if (rdmaneg_split_tabs(line, f, 7) != 7) {
			fprintf(stderr, "proof-report: %s: a row without 7 fields\n", path);
			free(text);
			return 2;
		}
		/* only the library's: its sources (src/) and the contracts of its
		 * public headers (include/rdmaneg/), and only properties that
		 * belong to a function */
		if ((strcmp(f[0], "src") != 0 && strncmp(f[1], "src/", 4) != 0 &&
		     strcmp(f[0], "include/rdmaneg") != 0 &&
		     strncmp(f[1], "include/rdmaneg/", 16) != 0) ||
		    f[3][0] == '\0')
			continue;
		struct func *fn = func_of(f[3]);

		if (!fn) {
			fprintf(stderr, "proof-report: too many functions\n");
			free(text);
			return 2;
		}
		if (!eva && !is_defined(f[3])) {
			fn->assumed = true;
			continue;
		}
		if (eva) {
			bool alarm = strcmp(f[5], "Valid") != 0 && strcmp(f[5], "Dead") != 0;

			/* a public function's precondition is the driver's side of
			 * the contract; a static helper's is a WP goal */
			fn->ran_eva = true;
			if (!is_rte(f[4]) && !(strcmp(f[4], "precondition") == 0 &&
					       strncmp(f[3], "rdmaneg_", 8) == 0))
				continue;
			struct prop *p = prop_of(true, fn, f);

			if (!p)
				goto full;
			p->good = p->good && !alarm;
		} else {
			struct prop *p = prop_of(false, fn, f);

			fn->ran_wp = true;
			if (!p)
				goto full;
			p->good = p->good || strcmp(f[5], "Valid") == 0 ||
				  strcmp(f[5], "Partially proven") == 0;
		}
	}
	/* a WP run's time goes to the functions it defines, an Eva run's to
	 * the function its driver calls (OWNER), else to those it newly named */
	for (i = eva && !owner[0] ? first : 0; i < nfuncs; i++)
		if (eva ? !owner[0] || strcmp(funcs[i].name, owner) == 0
			: is_defined(funcs[i].name))
			funcs[i].seconds += seconds;
	free(text);
	return 0;
full:
	fprintf(stderr, "proof-report: %s: too many properties\n", path);
	free(text);
	return 2;
}

/* Counts each function's alarms and goals from the merged properties. */
static void tally(void)
{
	for (size_t i = 0; i < nprops; i++) {
		struct func *fn = props[i].fn;

		if (props[i].eva) {
			fn->alarms += !props[i].good;
		} else {
			fn->goals++;
			fn->proved += props[i].good;
		}
	}
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
	else if (f->assumed)
		snprintf(wp, sizeof(wp), "assumed"); /* no run proves its contract */
	else
		snprintf(wp, sizeof(wp), "-");
	if (md)
		fprintf(o, "| `%s` | %s | %s | %.1f | %s |\n", f->name, eva, wp, f->seconds,
			pass ? "pass" : "**FAIL**");
	else
		fprintf(o, "%-34s %6s %10s %7.1f  %s\n", f->name, eva, wp, f->seconds,
			pass ? "ok" : "FAIL");
}

/* One input, KIND:CSV[:SECONDS[:FUNCTION]] with KIND wp or eva; false
 * when malformed. */
static bool parse_input(const char *arg, bool *eva, char *path, size_t path_cap, double *seconds,
			char *owner, size_t owner_cap)
{
	const char *colon = strchr(arg, ':'), *p;
	size_t n;
	char *end;

	if (colon && colon - arg == 2 && strncmp(arg, "wp", 2) == 0)
		*eva = false;
	else if (colon && colon - arg == 3 && strncmp(arg, "eva", 3) == 0)
		*eva = true;
	else
		return false;
	p = colon + 1;
	n = strcspn(p, ":");
	if (n == 0 || n >= path_cap)
		return false;
	memcpy(path, p, n);
	path[n] = '\0';
	*seconds = 0;
	owner[0] = '\0';
	if (p[n] == '\0')
		return true;
	p += n + 1;
	errno = 0;
	*seconds = strtod(p, &end);
	if (errno != 0 || end == p || *seconds < 0)
		return false;
	if (*end == '\0')
		return true;
	n = strlen(end + 1);
	if (*end != ':' || n == 0 || n >= owner_cap)
		return false;
	memcpy(owner, end + 1, n + 1);
	return true;
}

int main(int argc, char **argv)
{
	const char *md_path = NULL;
	unsigned pass = 0;
	unsigned fail = 0;
	FILE *md = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		bool eva;
		char path[4096];
		char owner[64];
		double seconds = 0;
		int rc;

		if (strcmp(argv[i], "--md") == 0 && i + 1 < argc) {
			md_path = argv[++i];
			continue;
		}
		if (!parse_input(argv[i], &eva, path, sizeof(path), &seconds, owner,
				 sizeof(owner))) {
			fprintf(stderr, "usage: rdmaneg-proof-report [--md FILE] "
					"(wp|eva):CSV[:SECONDS[:FUNCTION]] ...\n");
			return 2;
		}
		rc = add_csv(eva, path, seconds, owner);
		if (rc != 0)
			return rc;
	}
	if (nfuncs == 0) {
		fprintf(stderr, "proof-report: no function of src/ in the inputs\n");
		return 2;
	}
	tally();
	qsort(funcs, nfuncs, sizeof(funcs[0]), by_name);
	if (md_path) {
		md = fopen(md_path, "w");
		if (!md) {
			fprintf(stderr, "proof-report: cannot write %s\n", md_path);
			return 2;
		}
		fprintf(md,
			"# make proof: src/\n\n| function | Eva alarms | WP properties proved | WP + Eva s | |\n"
			"|---|---|---|---|---|\n");
	}
	printf("%-34s %6s %10s %7s\n", "function", "alarms", "wp props", "time/s");
	for (size_t k = 0; k < nfuncs; k++) {
		const struct func *f = &funcs[k];
		bool ok = f->alarms == 0 && f->proved == f->goals && (f->ran_wp || !f->assumed);

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
