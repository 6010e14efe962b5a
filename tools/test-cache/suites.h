/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * suites: the table of make test's suites (tests/suites), read once and
 * checked. The file is a list of stanzas:
 *
 *   inputs P...     before the first stanza: inputs of every suite
 *   prebuild T...   before the first stanza: make targets several suites
 *                   build or run, built once before any suite starts
 *   suite NAME      starts a stanza: 1 to 39 of [a-z0-9-]
 *   after S...      suites it waits for (they build the same files)
 *   build T...      make targets brought up to date before its key is taken
 *   inputs P...     what it reads besides what it builds (files, folders,
 *                   globs; see key.h); may repeat
 *   run CMD...      its command, the rest of the line (bash -o pipefail -c)
 *
 * Blank lines and lines starting with '#' are skipped; words are separated
 * by spaces or tabs. The order of the stanzas is the order the suites start
 * in (longest first, so the pool ends evenly).
 */
#ifndef RDMANEG_SUITES_H
#define RDMANEG_SUITES_H

#include <stddef.h>

#define RDMANEG_SUITES_MAX 80
#define RDMANEG_SUITE_WORDS 64
#define RDMANEG_SUITE_NAME 40

struct rdmaneg_suite {
	char name[RDMANEG_SUITE_NAME];
	const char *run;
	const char *after[RDMANEG_SUITE_WORDS];
	size_t n_after;
	const char *build[RDMANEG_SUITE_WORDS];
	size_t n_build;
	const char *inputs[RDMANEG_SUITE_WORDS];
	size_t n_inputs;
	unsigned line; /* of its "suite" line */
};

struct rdmaneg_suites {
	const char *common[RDMANEG_SUITE_WORDS]; /* inputs of every suite */
	size_t n_common;
	const char *prebuild[RDMANEG_SUITE_WORDS]; /* built before any suite starts */
	size_t n_prebuild;
	struct rdmaneg_suite suite[RDMANEG_SUITES_MAX];
	size_t n;
};

/*
 * Parses text (modified in place; the table points into it). Checks that
 * every keyword is known, every name is well formed and unique, every
 * suite has a command, every "after" names a suite, the waits have no
 * cycle, and no make target is built by two suites side by side (it must
 * be prebuilt, or one of them must wait for the other). Returns 0, or -1 with a message naming the line in err.
 */
int rdmaneg_suites_parse(char *text, struct rdmaneg_suites *t, char *err, size_t errlen);

/*
 * The order to start the suites in: longest first, so the pool ends evenly
 * (LPT). secs[i] is how long suite i took when it last ran, or negative
 * when unknown; the unknown go first, in the table's order (a new suite may
 * be long), then the rest by secs, longest first, ties in the table's
 * order. order gets t->n indices.
 */
void rdmaneg_suites_order(const struct rdmaneg_suites *t, const double *secs, size_t *order);

/* The suite named name, or NULL. */
const struct rdmaneg_suite *rdmaneg_suites_find(const struct rdmaneg_suites *t, const char *name);

/*
 * The key of suite s: its stanza, the common inputs and its own (key.h),
 * and the environment that counts. hex gets 64 hex digits. Returns 0, or
 * -1 with a message in err when an input cannot be read.
 */
int rdmaneg_suite_key(const struct rdmaneg_suites *t, const struct rdmaneg_suite *s,
		      char *const *env, char *hex, size_t hexlen, char *err, size_t errlen);

#endif
