// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/verb.h"

#include <string.h>

/* a verb and its arguments wider than this put the help on the next line */
#define VERB_COLUMN 40

static size_t verb_width(const struct rdmaneg_verb *v)
{
	return strlen(v->name) + (v->args[0] ? 1 + strlen(v->args) : 0);
}

/* the help, each continuation line indented to column col */
static void verb_help(FILE *f, const char *help, size_t col)
{
	for (const char *s = help; *s; s++) {
		fputc(*s, f);
		if (*s == '\n')
			fprintf(f, "%*s", (int)col, "");
	}
	fputc('\n', f);
}

static void verb_line(FILE *f, const struct rdmaneg_verb *v, size_t w)
{
	size_t l = verb_width(v);

	fprintf(f, "  %s%s%s", v->name, v->args[0] ? " " : "", v->args);
	if (l <= w)
		fprintf(f, "%*s  ", (int)(w - l), "");
	else
		fprintf(f, "\n%*s", (int)(w + 4), "");
	verb_help(f, v->help, w + 4);
}

static size_t verbs_width(const struct rdmaneg_verb *v, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++) {
		size_t l = verb_width(&v[i]);

		if (v[i].help && l <= VERB_COLUMN && l > w)
			w = l;
	}
	return w;
}

void rdmaneg_verb_usage(FILE *f, const char *prog, const char *about, const struct rdmaneg_verb *v,
			size_t n)
{
	size_t w = verbs_width(v, n);

	fprintf(f, "usage: %s VERB [ARGS]\n", prog);
	for (size_t i = 0; i < n; i++)
		if (v[i].help)
			verb_line(f, &v[i], w);
	if (about)
		fprintf(f, "%s\n", about);
}

int rdmaneg_verb_misuse(const char *prog, const char *why)
{
	fprintf(stderr, "%s: %s (%s help lists the verbs)\n", prog, why, prog);
	return 2;
}

/* How many of argv[0..argc-1] spell name's words: all of them, or 0. */
static int spells(const char *name, int argc, char **argv)
{
	const char *p = name;
	int k = 0;

	while (*p) {
		size_t w = strcspn(p, " ");

		if (k >= argc || strlen(argv[k]) != w || strncmp(argv[k], p, w) != 0)
			return 0;
		k++;
		p += w;
		if (*p == ' ')
			p++;
	}
	return k;
}

const struct rdmaneg_verb *rdmaneg_verb_find(const struct rdmaneg_verb *v, size_t n, int argc,
					     char **argv, int *used)
{
	for (size_t i = 0; i < n; i++) {
		int k = spells(v[i].name, argc, argv);

		if (k > 0) {
			*used = k;
			return &v[i];
		}
	}
	return NULL;
}

bool rdmaneg_verb_in_group(const struct rdmaneg_verb *e, const char *word)
{
	size_t w = strcspn(e->name, " ");

	return e->name[w] == ' ' && strlen(word) == w && strncmp(e->name, word, w) == 0;
}

/* Runs e with argv[0] its name's last word, argc - 1 arguments after it,
 * when the table allows that many. */
static int run_verb(const char *prog, const struct rdmaneg_verb *v, const struct rdmaneg_verb *e,
		    int argc, char **argv)
{
	const struct rdmaneg_verb *d = e;
	int nargs = argc - 1;

	if (nargs >= e->min_args && (e->max_args == RDMANEG_VERB_ANY || nargs <= e->max_args))
		return e->run(argc, argv);
	/* an alias is described by the entry before it */
	while (!d->help && d > v)
		d--;
	fprintf(stderr, "%s %s: %s arguments; usage:\n", prog, e->name,
		nargs < e->min_args ? "too few" : "too many");
	if (d->help)
		verb_line(stderr, d, verb_width(d));
	return 2;
}

int rdmaneg_verb_dispatch(const char *prog, const char *about, const struct rdmaneg_verb *v,
			  size_t n, int argc, char **argv)
{
	const struct rdmaneg_verb *e;
	int used = 0;

	if (argc < 2) {
		rdmaneg_verb_usage(stderr, prog, about, v, n);
		return 2;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		rdmaneg_verb_usage(stdout, prog, about, v, n);
		return 0;
	}
	e = rdmaneg_verb_find(v, n, argc - 1, argv + 1, &used);
	if (e)
		return run_verb(prog, v, e, argc - used, argv + used);
	fprintf(stderr, "%s: unknown verb '%s'\n", prog, argv[1]);
	rdmaneg_verb_usage(stderr, prog, about, v, n);
	return 2;
}
