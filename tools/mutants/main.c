// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-mutants: the mutants of src/ (tools/mutants/mutate.h) and their score.
 * tools/mutants.sh builds and runs each mutant against the kill suite;
 * this program lists, applies and scores; its verbs are the table at the
 * end, which help lists.
 *
 * Exit status: 0 done (score: no survivor outside E, no entry of E
 * killed, no harness error), 1 otherwise, 2 usage error.
 */
#include "tools/mutants/mutate.h"
#include "util/file.h"
#include "util/json.h"
#include "util/rng.h"
#include "util/verb.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_LEN 4096
#define DESC RDMANEG_MUT_DESC

#define PROG "rdmaneg-mutants"

/* the table's usage on stderr, and exit 2 */
__attribute__((noreturn)) static void usage(void);

/* A source file, whole (at most 64 MiB); NULL, said on stderr, else. */
static char *slurp(const char *path, size_t *len)
{
	bool more;
	char *buf = rdmaneg_read_file(path, (size_t)64 << 20, len, &more);

	if (!buf)
		fprintf(stderr, "rdmaneg-mutants: %s: %s\n", path, strerror(errno));
	else if (more)
		fprintf(stderr, "rdmaneg-mutants: %s: larger than 64 MiB\n", path);
	if (buf && more) {
		free(buf);
		return NULL;
	}
	return buf;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* All mutants of one file; NULL with *n 0 on failure. */
static struct rdmaneg_mutant *mutants_of(const char *src, size_t len, size_t *n)
{
	size_t k = rdmaneg_mutate_list(src, len, NULL, 0);
	struct rdmaneg_mutant *m = calloc(k ? k : 1, sizeof(*m));

	*n = m ? rdmaneg_mutate_list(src, len, m, k) : 0;
	return m;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return *s != '\0' && *s != '-' && *end == '\0' && errno == 0;
}

struct listed {
	const char *file;
	unsigned k;
	struct rdmaneg_mutant m;
	const char *before, *after;
};

/* One mutant's before or after text. */
typedef char desc_t[DESC];

/* The descriptions of a file's n mutants (tools/mutants/mutate.h), DESC octets
 * each: n befores, then n afters; NULL when memory runs out. */
static char *describe_file(const char *src, size_t len, const struct rdmaneg_mutant *m, size_t n)
{
	char *d = malloc(2 * (n ? n : 1) * sizeof(desc_t));

	if (d)
		rdmaneg_mutate_describe_all(src, len, m, n, (desc_t *)d, (desc_t *)d + n);
	return d;
}

struct equiv;
static struct equiv *read_equivalent(const char *path, size_t *n);
static struct equiv *find_equiv(struct equiv *e, size_t n, const char *file, const char *op,
				const char *before, const char *after);

/* With --first E, the mutants E argues equivalent go first, each group in
 * source order: they survive, so each runs the whole kill suite, and
 * started last they would be the tail that make mutants waits on. */
static int cmd_list(int argc, char **argv)
{
	uint64_t sample = 0, seed = 1;
	const char *first = NULL;
	struct listed *all = NULL;
	size_t n = 0, *order = NULL;
	char **srcs = calloc((size_t)argc, sizeof(char *));
	char **descs = calloc((size_t)argc, sizeof(char *));
	int i = 0, rc = 0;

	if (!srcs || !descs) {
		free(srcs);
		free(descs);
		return 1;
	}
	for (; i < argc && argv[i][0] == '-'; i += 2) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--sample") == 0 && parse_u64(argv[i + 1], &sample))
			continue;
		if (strcmp(argv[i], "--seed") == 0 && parse_u64(argv[i + 1], &seed))
			continue;
		if (strcmp(argv[i], "--first") == 0) {
			first = argv[i + 1];
			continue;
		}
		usage();
	}
	if (i >= argc)
		usage();
	for (int f = i; f < argc; f++) {
		size_t len, k;
		struct rdmaneg_mutant *m;
		struct listed *grown;

		srcs[f] = slurp(argv[f], &len);
		if (!srcs[f]) {
			rc = 1;
			goto out;
		}
		m = mutants_of(srcs[f], len, &k);
		descs[f] = m ? describe_file(srcs[f], len, m, k) : NULL;
		grown = realloc(all, (n + k + 1) * sizeof(*all));
		if (!m || !descs[f] || !grown) {
			free(m);
			free(grown ? grown : all);
			all = NULL;
			rc = 1;
			goto out;
		}
		all = grown;
		for (size_t j = 0; j < k; j++)
			all[n + j] =
				(struct listed){ argv[f], (unsigned)j + 1, m[j],
						 descs[f] + j * DESC, descs[f] + (k + j) * DESC };
		n += k;
		free(m);
	}
	order = calloc(n ? n : 1, sizeof(*order));
	if (!order) {
		rc = 1;
		goto out;
	}
	for (size_t j = 0; j < n; j++)
		order[j] = j;
	if (sample > 0 && sample < n) {
		/* Fisher-Yates on a seeded stream: the same N and S pick the same
		 * mutants; then back to source order */
		uint64_t st = seed;
		bool *pick = calloc(n, sizeof(bool));

		if (!pick) {
			rc = 1;
			goto out;
		}
		for (size_t j = n - 1; j > 0; j--) {
			size_t r = (size_t)(rdmaneg_splitmix64(&st) % (j + 1)), t = order[j];

			order[j] = order[r];
			order[r] = t;
		}
		for (size_t j = 0; j < sample; j++)
			pick[order[j]] = true;
		for (size_t j = 0, o = 0; j < n; j++)
			if (pick[j])
				order[o++] = j;
		n = (size_t)sample;
		free(pick);
	}
	if (first) {
		size_t ne, o = 0;
		struct equiv *e = read_equivalent(first, &ne);
		size_t *rest = calloc(n ? n : 1, sizeof(*rest));
		size_t nr = 0;

		if (!e || !rest) {
			free(e);
			free(rest);
			rc = 1;
			goto out;
		}
		for (size_t j = 0; j < n; j++) {
			const struct listed *l = &all[order[j]];

			if (find_equiv(e, ne, l->file, rdmaneg_mut_op_name(l->m.op), l->before,
				       l->after))
				order[o++] = order[j];
			else
				rest[nr++] = order[j];
		}
		memcpy(order + o, rest, nr * sizeof(*rest));
		free(rest);
		free(e);
	}
	for (size_t j = 0; j < n; j++) {
		const struct listed *l = &all[order[j]];

		printf("%s:%u\t%s\t%u\t%u\t%s\t%s\t%s\n", base_name(l->file), l->k, l->file,
		       l->m.line, l->m.col, rdmaneg_mut_op_name(l->m.op), l->before, l->after);
	}
out:
	for (int f = 0; f < argc; f++) {
		free(srcs[f]);
		free(descs[f]);
	}
	free(srcs);
	free(descs);
	free(all);
	free(order);
	return rc;
}

static int cmd_apply(int argc, char **argv)
{
	const char *id, *colon;
	uint64_t k;
	size_t len, n, cap;
	struct rdmaneg_mutant *m;
	char *src, *out;
	FILE *f;
	int rc = 1;

	if (argc != 3)
		usage();
	id = argv[0];
	colon = strrchr(id, ':');
	if (!colon || !parse_u64(colon + 1, &k) || k == 0 ||
	    strncmp(id, base_name(argv[1]), (size_t)(colon - id)) != 0 ||
	    strlen(base_name(argv[1])) != (size_t)(colon - id)) {
		fprintf(stderr, "rdmaneg-mutants: mutant id '%s' does not name one of %s\n", id,
			argv[1]);
		return 2;
	}
	src = slurp(argv[1], &len);
	if (!src)
		return 1;
	m = mutants_of(src, len, &n);
	cap = len + 2 * (size_t)RDMANEG_MUT_TEXT + 1;
	out = malloc(cap);
	if (!m || !out || k > n) {
		fprintf(stderr, "rdmaneg-mutants: %s has %zu mutants, no %s\n", argv[1], n, id);
		goto done;
	}
	len = rdmaneg_mutate_apply(src, len, &m[k - 1], out, cap);
	if (len == (size_t)-1) {
		fprintf(stderr, "rdmaneg-mutants: mutant %s does not apply\n", id);
		goto done;
	}
	f = fopen(argv[2], "wb");
	if (!f || fwrite(out, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "rdmaneg-mutants: %s: cannot write\n", argv[2]);
		goto done;
	}
	rc = 0;
done:
	free(src);
	free(m);
	free(out);
	return rc;
}

struct equiv {
	char file[128], op[16], before[DESC], after[DESC], why[DESC];
	bool used;
	unsigned line_no;
};

/* Reads E: file, op, before, after, reason per line; '#' comments. */
static struct equiv *read_equivalent(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[LINE_MAX_LEN];
	struct equiv *e = NULL;
	unsigned no = 0;

	*n = 0;
	if (!f) {
		fprintf(stderr, "rdmaneg-mutants: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	while (fgets(line, sizeof(line), f)) {
		char *fl[5];
		struct equiv *g;

		no++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (rdmaneg_split_tabs(line, fl, 5) != 5 || fl[4][0] == '\0') {
			fprintf(stderr,
				"rdmaneg-mutants: %s:%u: want file, op, before, after, reason "
				"(5 tab-separated fields)\n",
				path, no);
			free(e);
			fclose(f);
			return NULL;
		}
		g = realloc(e, (*n + 1) * sizeof(*e));
		if (!g) {
			free(e);
			fclose(f);
			return NULL;
		}
		e = g;
		memset(&e[*n], 0, sizeof(e[*n]));
		snprintf(e[*n].file, sizeof(e[*n].file), "%s", fl[0]);
		snprintf(e[*n].op, sizeof(e[*n].op), "%s", fl[1]);
		snprintf(e[*n].before, sizeof(e[*n].before), "%s", fl[2]);
		snprintf(e[*n].after, sizeof(e[*n].after), "%s", fl[3]);
		snprintf(e[*n].why, sizeof(e[*n].why), "%s", fl[4]);
		e[*n].line_no = no;
		(*n)++;
	}
	fclose(f);
	if (!e)
		e = calloc(1, sizeof(*e));
	return e;
}

static struct equiv *find_equiv(struct equiv *e, size_t n, const char *file, const char *op,
				const char *before, const char *after)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(e[i].file, base_name(file)) == 0 && strcmp(e[i].op, op) == 0 &&
		    strcmp(e[i].before, before) == 0 && strcmp(e[i].after, after) == 0)
			return &e[i];
	return NULL;
}

static int cmd_check_equivalent(int argc, char **argv)
{
	size_t ne;
	struct equiv *e;
	int bad = 0;

	if (argc < 2)
		usage();
	e = read_equivalent(argv[0], &ne);
	if (!e)
		return 1;
	for (int f = 1; f < argc; f++) {
		size_t len, n;
		char *src = slurp(argv[f], &len);
		struct rdmaneg_mutant *m;
		char *d;

		if (!src) {
			free(e);
			return 1;
		}
		m = mutants_of(src, len, &n);
		d = m ? describe_file(src, len, m, n) : NULL;
		for (size_t j = 0; d && j < n; j++) {
			struct equiv *q = find_equiv(e, ne, argv[f], rdmaneg_mut_op_name(m[j].op),
						     d + j * DESC, d + (n + j) * DESC);

			if (q)
				q->used = true;
		}
		free(d);
		free(m);
		free(src);
	}
	for (size_t i = 0; i < ne; i++)
		if (!e[i].used) {
			printf("stale: %s:%u names no mutant of the given files: %s %s '%s' -> '%s'\n",
			       argv[0], e[i].line_no, e[i].file, e[i].op, e[i].before, e[i].after);
			bad = 1;
		}
	printf("equivalent mutants: %zu entries, %s\n", ne, bad ? "some stale" : "all current");
	printf("check-equivalent: %d passed, %d failed\n", bad ? 0 : 1, bad);
	free(e);
	return bad;
}

/* ---- score ---- */

enum status { ST_NONE, ST_KILLED, ST_TIMEOUT, ST_SURVIVED, ST_IDENTICAL, ST_STILLBORN, ST_ERROR };

static const char *const status_names[] = { "not_run",	  "killed",    "timeout", "survived",
					    "equivalent", "stillborn", "error" };

struct row {
	char *f[7]; /* id file line col op before after */
	enum status st;
	char detail[256];
	struct equiv *argued;
};

static enum status status_of(const char *s)
{
	for (size_t i = 1; i < sizeof(status_names) / sizeof(status_names[0]); i++)
		if (strcmp(s, status_names[i]) == 0)
			return (enum status)i;
	return ST_NONE;
}

static int cmd_score(int argc, char **argv)
{
	const char *list = NULL, *results = NULL, *equivalent = NULL, *json = NULL;
	struct row *rows = NULL;
	size_t n = 0, ne = 0, counts[7] = { 0 }, argued = 0, wrongly = 0;
	struct equiv *e;
	char line[LINE_MAX_LEN];
	FILE *f;
	size_t killed, of;
	int rc = 0;

	for (int i = 0; i < argc; i += 2) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--list") == 0)
			list = argv[i + 1];
		else if (strcmp(argv[i], "--results") == 0)
			results = argv[i + 1];
		else if (strcmp(argv[i], "--equivalent") == 0)
			equivalent = argv[i + 1];
		else if (strcmp(argv[i], "--json") == 0)
			json = argv[i + 1];
		else
			usage();
	}
	if (!list || !results || !equivalent)
		usage();
	e = read_equivalent(equivalent, &ne);
	if (!e)
		return 1;
	f = fopen(list, "r");
	if (!f) {
		fprintf(stderr, "rdmaneg-mutants: %s: %s\n", list, strerror(errno));
		free(e);
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct row *g = realloc(rows, (n + 1) * sizeof(*rows));
		char *copy = strdup(line);

		if (!g || !copy) {
			free(copy);
			free(g ? g : rows);
			fclose(f);
			free(e);
			return 1;
		}
		rows = g;
		memset(&rows[n], 0, sizeof(rows[n]));
		if (rdmaneg_split_tabs(copy, rows[n].f, 7) != 7) {
			fprintf(stderr, "rdmaneg-mutants: %s: malformed line %zu\n", list, n + 1);
			free(copy);
			rc = 1;
			break;
		}
		n++;
	}
	fclose(f);
	f = rc ? NULL : fopen(results, "r");
	if (!f && rc == 0) {
		fprintf(stderr, "rdmaneg-mutants: %s: %s\n", results, strerror(errno));
		rc = 1;
	}
	while (f && fgets(line, sizeof(line), f)) {
		char *fl[3];
		size_t k = rdmaneg_split_tabs(line, fl, 3);

		for (size_t i = 0; i < n; i++)
			if (strcmp(rows[i].f[0], fl[0]) == 0) {
				rows[i].st = status_of(k > 1 ? fl[1] : "");
				if (rows[i].st == ST_NONE)
					rows[i].st = ST_ERROR;
				snprintf(rows[i].detail, sizeof(rows[i].detail), "%s",
					 k > 2 ? fl[2] : "");
			}
	}
	if (f)
		fclose(f);
	if (rc)
		goto done;

	for (size_t i = 0; i < n; i++) {
		struct row *r = &rows[i];

		r->argued = find_equiv(e, ne, r->f[1], r->f[4], r->f[5], r->f[6]);
		if (r->argued && (r->st == ST_KILLED || r->st == ST_TIMEOUT)) {
			printf("WRONG %s (%s:%s) is listed in %s:%u as equivalent but was killed by %s\n",
			       r->f[0], r->f[1], r->f[2], equivalent, r->argued->line_no,
			       r->detail);
			wrongly++;
		}
		if (r->st == ST_SURVIVED && r->argued)
			argued++;
		counts[r->st]++;
	}
	killed = counts[ST_KILLED] + counts[ST_TIMEOUT];
	of = killed + counts[ST_SURVIVED] - argued;
	printf("mutants: %zu run: %zu killed (%zu by timeout), %zu survived (%zu argued "
	       "equivalent in %s), %zu equivalent by object code, %zu stillborn, %zu errors, "
	       "%zu not run\n",
	       n, killed, counts[ST_TIMEOUT], counts[ST_SURVIVED], argued, equivalent,
	       counts[ST_IDENTICAL], counts[ST_STILLBORN], counts[ST_ERROR], counts[ST_NONE]);
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];

		if (r->st == ST_SURVIVED && !r->argued)
			printf("SURVIVED %s %s:%s:%s %s\n    before: %s\n    after:  %s\n", r->f[0],
			       r->f[1], r->f[2], r->f[3], r->f[4], r->f[5], r->f[6]);
		else if (r->st == ST_ERROR || r->st == ST_NONE)
			printf("ERROR %s %s:%s: %s\n", r->f[0], r->f[1], r->f[2],
			       r->st == ST_NONE ? "no result" : r->detail);
	}
	if (json) {
		FILE *jf = fopen(json, "w");
		struct rdmaneg_json j;

		if (!jf) {
			fprintf(stderr, "rdmaneg-mutants: %s: %s\n", json, strerror(errno));
			rc = 1;
			goto done;
		}
		rdmaneg_json_init(&j, jf);
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_uint(&j, "run", n);
		rdmaneg_json_uint(&j, "killed", killed);
		rdmaneg_json_uint(&j, "timeout", counts[ST_TIMEOUT]);
		rdmaneg_json_uint(&j, "survived", counts[ST_SURVIVED] - argued);
		rdmaneg_json_uint(&j, "equivalent_argued", argued);
		rdmaneg_json_uint(&j, "equivalent_object_code", counts[ST_IDENTICAL]);
		rdmaneg_json_uint(&j, "stillborn", counts[ST_STILLBORN]);
		rdmaneg_json_uint(&j, "errors", counts[ST_ERROR] + counts[ST_NONE]);
		rdmaneg_json_num(&j, "score_percent",
				 of ? 100.0 * (double)killed / (double)of : 100.0, 2);
		rdmaneg_json_arr(&j, "mutants");
		for (size_t i = 0; i < n; i++) {
			const struct row *r = &rows[i];
			static const char *const keys[7] = { "id", "file",   "line", "col",
							     "op", "before", "after" };

			rdmaneg_json_obj(&j, NULL);
			for (size_t k = 0; k < 7; k++)
				if (k == 2 || k == 3)
					rdmaneg_json_uint(&j, keys[k], strtoul(r->f[k], NULL, 10));
				else
					rdmaneg_json_str(&j, keys[k], r->f[k]);
			rdmaneg_json_str(&j, "status",
					 r->st == ST_SURVIVED && r->argued ? "equivalent_argued"
									   : status_names[r->st]);
			rdmaneg_json_str(&j, "detail", r->argued ? r->argued->why : r->detail);
			rdmaneg_json_end(&j);
		}
		rdmaneg_json_end(&j);
		rdmaneg_json_end(&j);
		fputc('\n', jf);
		if (fclose(jf) != 0)
			rc = 1;
	}
	printf("mutation score: %zu/%zu killed (%.1f%%)\n", killed, of,
	       of ? 100.0 * (double)killed / (double)of : 100.0);
	if (counts[ST_SURVIVED] > argued || wrongly || counts[ST_ERROR] || counts[ST_NONE])
		rc = 1;
done:
	for (size_t i = 0; i < n; i++)
		free(rows[i].f[0]);
	free(rows);
	free(e);
	return rc;
}

RDMANEG_VERB_SHIFT(cmd_list)
RDMANEG_VERB_SHIFT(cmd_apply)
RDMANEG_VERB_SHIFT(cmd_score)
RDMANEG_VERB_SHIFT(cmd_check_equivalent)

static const struct rdmaneg_verb verbs[] = {
	{ "list", "[--sample N] [--seed S] [--first E] FILE...",
	  "one TSV line per mutant: id file line col op before after", cmd_list_verb, 1,
	  RDMANEG_VERB_ANY },
	{ "apply", "ID FILE OUT", "writes mutant ID (base:k, as listed) of FILE to OUT",
	  cmd_apply_verb, 3, 3 },
	{ "score", "--list L --results R --equivalent E [--json J]",
	  "joins the listed mutants with their results and the argued\n"
	  "equivalents; prints survivors and \"mutation score: K/M killed (X%)\"",
	  cmd_score_verb, 6, 8 },
	{ "check-equivalent", "E FILE...", "every entry of E still names a mutant of FILE...",
	  cmd_check_equivalent_verb, 2, RDMANEG_VERB_ANY },
};

static void usage(void)
{
	rdmaneg_verb_usage(stderr, PROG, NULL, verbs, sizeof(verbs) / sizeof(verbs[0]));
	exit(2);
}

int main(int argc, char **argv)
{
	return rdmaneg_verb_dispatch(
		PROG,
		"Exit status: 0 done (score: no survivor outside E, no entry of E\n"
		"killed, no harness error), 1 otherwise, 2 usage error.",
		verbs, sizeof(verbs) / sizeof(verbs[0]), argc, argv);
}
