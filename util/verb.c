// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "verb.h"

#include <string.h>

void rdmaneg_verb_usage(FILE *f, const char *prog, const char *about, const struct rdmaneg_verb *v,
			size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(v[i].name) + 1 + strlen(v[i].args);

		if (l > w)
			w = l;
	}
	fprintf(f, "usage: %s VERB [ARGS]\n", prog);
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(v[i].name) + 1 + strlen(v[i].args);

		fprintf(f, "  %s %s%*s  %s\n", v[i].name, v[i].args, (int)(w - l), "", v[i].help);
	}
	if (about)
		fprintf(f, "%s\n", about);
}

int rdmaneg_verb_dispatch(const char *prog, const char *about, const struct rdmaneg_verb *v,
			  size_t n, int argc, char **argv)
{
	if (argc < 2) {
		rdmaneg_verb_usage(stderr, prog, about, v, n);
		return 2;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		rdmaneg_verb_usage(stdout, prog, about, v, n);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(argv[1], v[i].name) == 0)
			return v[i].run(argc - 1, argv + 1);
	fprintf(stderr, "%s: unknown verb '%s'\n", prog, argv[1]);
	rdmaneg_verb_usage(stderr, prog, about, v, n);
	return 2;
}
