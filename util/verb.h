/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verb: the one verb dispatcher of the project's tools. A tool is a table
 * of verbs; its usage text (-h, --help, help, or a missing or unknown
 * verb) is made from the table, so the two cannot drift apart.
 */
#ifndef RDMANEG_VERB_H
#define RDMANEG_VERB_H

#include <stddef.h>
#include <stdio.h>

struct rdmaneg_verb {
	const char *name;
	const char *args; /* its arguments, as the usage shows them */
	const char *help; /* what it does, one line */
	/* argv[0] is the verb itself; returns the exit status */
	int (*run)(int argc, char **argv);
};

/* Prints "usage:" with one line per verb, and about (when not NULL). */
void rdmaneg_verb_usage(FILE *f, const char *prog, const char *about, const struct rdmaneg_verb *v,
			size_t n);

/*
 * Runs the verb argv[1] names with argv + 1. -h, --help and help print the
 * usage to stdout and return 0; no verb, or one the table lacks, prints
 * the usage to stderr and returns 2.
 */
int rdmaneg_verb_dispatch(const char *prog, const char *about, const struct rdmaneg_verb *v,
			  size_t n, int argc, char **argv);

#endif
