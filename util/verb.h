/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verb: the one verb dispatcher of the project's tools. A tool is a table
 * of verbs; its usage text (-h, --help, help, or a missing or unknown
 * verb) is made from the table, so the two cannot drift apart, and the
 * table's arity is checked before a verb runs. A verb's name may have
 * several words ("mpa decode"); its first word then names a group.
 */
#ifndef RDMANEG_VERB_H
#define RDMANEG_VERB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* max_args: no upper bound */
#define RDMANEG_VERB_ANY (-1)

struct rdmaneg_verb {
	const char *name;
	const char *args; /* its arguments, as the usage shows them */
	/* what it does; "\n" starts a continuation line; NULL: an alias,
	 * dispatched but not listed (the entry before it describes it) */
	const char *help;
	/* argv[0] is the verb itself; returns the exit status */
	int (*run)(int argc, char **argv);
	/* how many arguments follow the verb: at least min_args, at most
	 * max_args (RDMANEG_VERB_ANY: any number; 0 and 0: none) */
	int min_args, max_args;
};

/* Defines fn_verb, a table entry's run for a function fn(argc, argv) that
 * takes the verb's arguments alone (argv[0] the first argument, not the
 * verb): for tools whose commands were written that way. */
#define RDMANEG_VERB_SHIFT(fn) \
	static int fn##_verb(int argc, char **argv) \
	{ \
		return fn(argc - 1, argv + 1); \
	}

/* Prints "usage:" with each listed verb and its help, then about (when
 * not NULL). */
void rdmaneg_verb_usage(FILE *f, const char *prog, const char *about, const struct rdmaneg_verb *v,
			size_t n);

/*
 * Runs the verb argv[1] (and the words after it, for a name of several)
 * names, with argv from its last word. -h, --help and help print the
 * usage to stdout and return 0; no verb, or one the table lacks, prints
 * the usage to stderr and returns 2; so does a verb given fewer or more
 * arguments than its entry allows (with that entry's usage).
 */
int rdmaneg_verb_dispatch(const char *prog, const char *about, const struct rdmaneg_verb *v,
			  size_t n, int argc, char **argv);

/* The entry of v[0..n-1] whose name's words argv[0..argc-1] begin with
 * ("mpa" "decode" "-f" for "mpa decode"), and in *used how many words
 * that took; NULL when no entry's name is spelt there. */
const struct rdmaneg_verb *rdmaneg_verb_find(const struct rdmaneg_verb *v, size_t n, int argc,
					     char **argv, int *used);

/* Whether e's name has several words, the first of them word. */
bool rdmaneg_verb_in_group(const struct rdmaneg_verb *e, const char *word);

/* A verb's own usage error: "PROG: WHY (PROG help lists the verbs)" on
 * stderr; returns 2, the usage error's exit status. */
int rdmaneg_verb_misuse(const char *prog, const char *why);

#endif
