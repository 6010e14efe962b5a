// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* times: the timing table of one make test run (see times.h). */
#include "tools/test-times/times.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errlen, size_t line, const char *what)
{
	(void)snprintf(err, errlen, "line %zu: %s", line, what);
	return -1;
}

static int valid_name(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= RDMANEG_TIMES_NAME)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return 0;
	return 1;
}

/* a whole field as a finite, non-negative decimal */
static int parse_secs(const char *s, double *v)
{
	char *end;
	if (*s == '\0' || *s == '-' || *s == '+')
		return 0;
	errno = 0;
	*v = strtod(s, &end);
	return errno == 0 && *end == '\0' && isfinite(*v) && *v >= 0;
}

static int parse_count(const char *s, unsigned long *v)
{
	char *end;
	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	*v = strtoul(s, &end, 10);
	return errno == 0 && *end == '\0';
}

static char *next_line(char **p)
{
	char *line = *p, *nl;
	if (*line == '\0')
		return NULL;
	nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = line + strlen(line);
	}
	return line;
}

static int add_suite(struct rdmaneg_times *t, const struct rdmaneg_times_suite *s, size_t line,
		     char *err, size_t errlen)
{
	if (t->n == RDMANEG_TIMES_MAX)
		return fail(err, errlen, line, "more suites than the table holds");
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->suite[i].name, s->name) == 0)
			return fail(err, errlen, line, "a suite named twice");
	t->suite[t->n++] = *s;
	return 0;
}

int rdmaneg_times_parse_rows(char *text, struct rdmaneg_times *t, char *err, size_t errlen)
{
	char *p = text, *line;
	size_t no = 0;
	t->n = 0;
	while ((line = next_line(&p)) != NULL) {
		char *f[7];
		size_t nf = 0;
		struct rdmaneg_times_suite s;
		no++;
		if (*line == '\0')
			continue;
		for (char *q = line; nf < 7;) {
			f[nf++] = q;
			q = strchr(q, '\t');
			if (!q)
				break;
			*q++ = '\0';
		}
		if (nf != 5 && nf != 6)
			return fail(err, errlen, no,
				    "want 5 or 6 tab-separated fields: name wall cpu passed failed "
				    "[ran|cached]");
		if (!valid_name(f[0]))
			return fail(err, errlen, no, "a suite name is 1 to 39 of a-z, 0-9 and -");
		memset(&s, 0, sizeof(s));
		memcpy(s.name, f[0], strlen(f[0]) + 1);
		if (!parse_secs(f[1], &s.wall) || !parse_secs(f[2], &s.cpu))
			return fail(err, errlen, no, "seconds must be non-negative decimals");
		if (!parse_count(f[3], &s.passed) || !parse_count(f[4], &s.failed))
			return fail(err, errlen, no, "counts must be whole numbers");
		if (nf == 6 && strcmp(f[5], "ran") != 0 && strcmp(f[5], "cached") != 0)
			return fail(err, errlen, no, "the sixth field is ran or cached");
		s.cached = nf == 6 && strcmp(f[5], "cached") == 0;
		if (s.cached && s.failed != 0)
			return fail(err, errlen, no, "a cached suite has no failure");
		if (add_suite(t, &s, no, err, errlen) != 0)
			return -1;
	}
	return 0;
}

double rdmaneg_times_cpu(const struct rdmaneg_times *t)
{
	double sum = 0;
	for (size_t i = 0; i < t->n; i++)
		sum += t->suite[i].cpu;
	return sum;
}

unsigned long rdmaneg_times_passed(const struct rdmaneg_times *t)
{
	unsigned long sum = 0;
	for (size_t i = 0; i < t->n; i++)
		sum += t->suite[i].cached ? 0 : t->suite[i].passed;
	return sum;
}

unsigned long rdmaneg_times_cached(const struct rdmaneg_times *t)
{
	unsigned long sum = 0;
	for (size_t i = 0; i < t->n; i++)
		sum += t->suite[i].cached ? t->suite[i].passed : 0;
	return sum;
}

unsigned long rdmaneg_times_failed(const struct rdmaneg_times *t)
{
	unsigned long sum = 0;
	for (size_t i = 0; i < t->n; i++)
		sum += t->suite[i].failed;
	return sum;
}

static double share(double part, double whole)
{
	return whole > 0 ? part / whole : 0;
}

void rdmaneg_times_write_json(const struct rdmaneg_times *t, FILE *f)
{
	double cpu = rdmaneg_times_cpu(t);
	fprintf(f,
		"{\"version\":1,\"jobs\":%u,\"wall\":%.1f,\"cpu\":%.1f,\"passed\":%lu,\"failed\":%lu,\"cached\":%lu,\"suites\":[\n",
		t->jobs, t->wall, cpu, rdmaneg_times_passed(t), rdmaneg_times_failed(t),
		rdmaneg_times_cached(t));
	for (size_t i = 0; i < t->n; i++) {
		const struct rdmaneg_times_suite *s = &t->suite[i];
		fprintf(f,
			"{\"name\":\"%s\",\"wall\":%.1f,\"cpu\":%.1f,\"share\":%.3f,\"passed\":%lu,\"failed\":%lu,\"cached\":%s}%s\n",
			s->name, s->wall, s->cpu, share(s->cpu, cpu), s->passed, s->failed,
			s->cached ? "true" : "false", i + 1 < t->n ? "," : "");
	}
	fputs("]}\n", f);
}

/* Reads "key":value at *p (a number) and moves past it and one comma. */
static int json_number(char **p, const char *key, double *v)
{
	size_t k = strlen(key);
	char *end;
	if ((*p)[0] != '"' || strncmp(*p + 1, key, k) != 0 || (*p)[k + 1] != '"' ||
	    (*p)[k + 2] != ':')
		return 0;
	*p += k + 3;
	if (**p == '-' || **p == '+')
		return 0;
	errno = 0;
	*v = strtod(*p, &end);
	if (end == *p || errno != 0 || !isfinite(*v) || *v < 0)
		return 0;
	*p = end;
	if (**p == ',')
		(*p)++;
	return 1;
}

static int json_count(char **p, const char *key, unsigned long *v)
{
	double d;
	if (!json_number(p, key, &d) || d != floor(d) || d > 4e9)
		return 0;
	*v = (unsigned long)d;
	return 1;
}

int rdmaneg_times_parse_json(char *text, struct rdmaneg_times *t, char *err, size_t errlen)
{
	char *p = text, *line;
	size_t no = 1;
	double version, jobs, cpu;
	unsigned long passed, failed, cached;
	t->n = 0;
	line = next_line(&p);
	if (!line || strncmp(line, "{", 1) != 0)
		return fail(err, errlen, no, "not a make test timing table");
	line++;
	if (!json_number(&line, "version", &version) || version != 1)
		return fail(err, errlen, no, "want \"version\":1");
	if (!json_number(&line, "jobs", &jobs) || jobs != floor(jobs) || jobs > 4096 ||
	    !json_number(&line, "wall", &t->wall) || !json_number(&line, "cpu", &cpu) ||
	    !json_count(&line, "passed", &passed) || !json_count(&line, "failed", &failed) ||
	    (strncmp(line, "\"cached\":", 9) == 0 && !json_count(&line, "cached", &cached)) ||
	    strcmp(line, "\"suites\":[") != 0)
		return fail(err, errlen, no,
			    "want jobs, wall, cpu, passed, failed and suites, in that order");
	t->jobs = (unsigned)jobs;
	while ((line = next_line(&p)) != NULL) {
		struct rdmaneg_times_suite s;
		double shr;
		char *q;
		size_t n;
		no++;
		if (strcmp(line, "]}") == 0)
			return *p == '\0' ? 0 : fail(err, errlen, no + 1, "text after the table");
		memset(&s, 0, sizeof(s));
		if (strncmp(line, "{\"name\":\"", 9) != 0)
			return fail(err, errlen, no, "want a suite object");
		line += 9;
		q = strchr(line, '"');
		if (!q)
			return fail(err, errlen, no, "unterminated name");
		n = (size_t)(q - line);
		if (n == 0 || n >= RDMANEG_TIMES_NAME)
			return fail(err, errlen, no, "a suite name is 1 to 39 of a-z, 0-9 and -");
		memcpy(s.name, line, n);
		if (!valid_name(s.name))
			return fail(err, errlen, no, "a suite name is 1 to 39 of a-z, 0-9 and -");
		line = q + 1;
		if (*line != ',')
			return fail(err, errlen, no, "want a comma after the name");
		line++;
		if (!json_number(&line, "wall", &s.wall) || !json_number(&line, "cpu", &s.cpu) ||
		    !json_number(&line, "share", &shr) || !json_count(&line, "passed", &s.passed) ||
		    !json_count(&line, "failed", &s.failed))
			return fail(err, errlen, no,
				    "want wall, cpu, share, passed and failed, in that order");
		if (strncmp(line, "\"cached\":", 9) == 0) {
			line += 9;
			if (strncmp(line, "true", 4) == 0) {
				s.cached = true;
				line += 4;
			} else if (strncmp(line, "false", 5) == 0)
				line += 5;
			else
				return fail(err, errlen, no, "cached is true or false");
		}
		if (strcmp(line, "}") != 0 && strcmp(line, "},") != 0)
			return fail(err, errlen, no, "want } after the fields");
		if (add_suite(t, &s, no, err, errlen) != 0)
			return -1;
	}
	return fail(err, errlen, no, "the table ends without ]}");
}

static const struct rdmaneg_times_suite *find(const struct rdmaneg_times *t, const char *name)
{
	for (size_t i = 0; t && i < t->n; i++)
		if (strcmp(t->suite[i].name, name) == 0)
			return &t->suite[i];
	return NULL;
}

/* "  before    now  ratio" for one figure; "-" where a side is missing */
static void figures(FILE *f, const double *before, const double *now)
{
	if (before)
		fprintf(f, " %7.1f", *before);
	else
		fprintf(f, " %7s", "-");
	if (now)
		fprintf(f, " %7.1f", *now);
	else
		fprintf(f, " %7s", "-");
	if (before && now && *before > 0)
		fprintf(f, " %6.2f", *now / *before);
	else
		fprintf(f, " %6s", "-");
}

static void row(FILE *f, const char *name, const struct rdmaneg_times_suite *b,
		const struct rdmaneg_times_suite *c, double cpu_total)
{
	fprintf(f, "%-20s", name);
	figures(f, b ? &b->wall : NULL, c ? &c->wall : NULL);
	figures(f, b ? &b->cpu : NULL, c ? &c->cpu : NULL);
	if (c)
		fprintf(f, " %5.1f%% %7lu%s\n", 100 * share(c->cpu, cpu_total), c->passed,
			c->cached ? " cached" : "");
	else
		fprintf(f, " %6s %7s\n", "-", "-");
}

void rdmaneg_times_compare(const struct rdmaneg_times *prev, const struct rdmaneg_times *cur,
			   FILE *f)
{
	double cpu = rdmaneg_times_cpu(cur);
	struct rdmaneg_times_suite tb, tc;
	fprintf(f, "%-20s %7s %7s %6s %7s %7s %6s %6s %7s\n", "suite", "wall", "", "", "cpu", "",
		"", "share", "checks");
	fprintf(f, "%-20s %7s %7s %6s %7s %7s %6s\n", "", "before", "now", "ratio", "before", "now",
		"ratio");
	for (size_t i = 0; i < cur->n; i++)
		row(f, cur->suite[i].name, find(prev, cur->suite[i].name), &cur->suite[i], cpu);
	for (size_t i = 0; prev && i < prev->n; i++)
		if (!find(cur, prev->suite[i].name))
			row(f, prev->suite[i].name, &prev->suite[i], NULL, cpu);
	memset(&tc, 0, sizeof(tc));
	tc.wall = cur->wall;
	tc.cpu = cpu;
	tc.passed = rdmaneg_times_passed(cur) + rdmaneg_times_cached(cur);
	if (prev) {
		memset(&tb, 0, sizeof(tb));
		tb.wall = prev->wall;
		tb.cpu = rdmaneg_times_cpu(prev);
		tb.passed = rdmaneg_times_passed(prev) + rdmaneg_times_cached(prev);
	}
	row(f, "total", prev ? &tb : NULL, &tc, cpu);
	if (prev)
		fprintf(f,
			"checks: %lu now (%lu of them cached), %lu before (%lu cached); jobs: %u now, %u before\n",
			tc.passed, rdmaneg_times_cached(cur), tb.passed, rdmaneg_times_cached(prev),
			cur->jobs, prev->jobs);
}
