// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "tools/test-cache/suites.h"

#include "tools/test-cache/key.h"
#include "util/sha256.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool name_ok(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= RDMANEG_SUITE_NAME)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return false;
	return true;
}

/* the next word of *p (NULL at the end of the line); words end at blanks */
static char *word(char **p)
{
	char *s = *p, *w;

	s += strspn(s, " \t");
	if (*s == '\0')
		return NULL;
	w = s;
	s += strcspn(s, " \t");
	if (*s != '\0')
		*s++ = '\0';
	*p = s;
	return w;
}

static int words(char **p, const char **into, size_t *n, unsigned line, const char *what, char *err,
		 size_t errlen)
{
	char *w;
	size_t before = *n;

	while ((w = word(p)) != NULL) {
		if (*n == RDMANEG_SUITE_WORDS) {
			snprintf(err, errlen, "line %u: more than %d %s", line, RDMANEG_SUITE_WORDS,
				 what);
			return -1;
		}
		into[(*n)++] = w;
	}
	if (*n == before) {
		snprintf(err, errlen, "line %u: '%s' names nothing", line, what);
		return -1;
	}
	return 0;
}

void rdmaneg_suites_order(const struct rdmaneg_suites *t, const double *secs, size_t *order)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		if (secs[i] < 0)
			order[n++] = i;
	/* then the known, longest first: an insertion sort keeps ties in order */
	for (size_t i = 0; i < t->n; i++) {
		size_t j;

		if (secs[i] < 0)
			continue;
		for (j = n; j > 0 && secs[order[j - 1]] >= 0 && secs[order[j - 1]] < secs[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
		n++;
	}
}

const struct rdmaneg_suite *rdmaneg_suites_find(const struct rdmaneg_suites *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->suite[i].name, name) == 0)
			return &t->suite[i];
	return NULL;
}

/* reach[a][b]: suite a waits for suite b, through its own "after" words or
 * theirs (Warshall's closure of the waits) */
static void waits(const struct rdmaneg_suites *t, bool (*reach)[RDMANEG_SUITES_MAX])
{
	for (size_t a = 0; a < t->n; a++) {
		memset(reach[a], 0, sizeof(reach[a]));
		for (size_t i = 0; i < t->suite[a].n_after; i++)
			reach[a][rdmaneg_suites_find(t, t->suite[a].after[i]) - t->suite] = true;
	}
	for (size_t k = 0; k < t->n; k++)
		for (size_t a = 0; a < t->n; a++)
			for (size_t b = 0; reach[a][k] && b < t->n; b++)
				reach[a][b] = reach[a][b] || reach[k][b];
}

static bool prebuilt(const struct rdmaneg_suites *t, const char *target)
{
	for (size_t i = 0; i < t->n_prebuild; i++)
		if (strcmp(t->prebuild[i], target) == 0)
			return true;
	return false;
}

/* Two suites that bring the same make target up to date side by side race:
 * one runs the file while the other's linker is still writing it. A target
 * named by two suites must be prebuilt, or one suite must wait for the
 * other. Words with '=' are make's variables, not targets. */
static int shared_builds(const struct rdmaneg_suites *t, char *err, size_t errlen)
{
	static bool reach[RDMANEG_SUITES_MAX][RDMANEG_SUITES_MAX];

	waits(t, reach);
	for (size_t i = 0; i < t->n; i++) {
		const struct rdmaneg_suite *s = &t->suite[i];

		for (size_t b = 0; b < s->n_build; b++) {
			const char *w = s->build[b];

			if (strchr(w, '=') || prebuilt(t, w))
				continue;
			for (size_t j = i + 1; j < t->n; j++) {
				const struct rdmaneg_suite *o = &t->suite[j];

				for (size_t c = 0; c < o->n_build; c++)
					if (strcmp(o->build[c], w) == 0 && !reach[i][j] &&
					    !reach[j][i]) {
						snprintf(
							err, errlen,
							"line %u: suites %s and %s both build %s side by "
							"side: name it in 'prebuild', or make one wait for "
							"the other ('after')",
							o->line, s->name, o->name, w);
						return -1;
					}
			}
		}
	}
	return 0;
}

static int check(const struct rdmaneg_suites *t, char *err, size_t errlen)
{
	size_t done[RDMANEG_SUITES_MAX] = { 0 }; /* the round it was taken in */

	for (size_t i = 0; i < t->n; i++) {
		const struct rdmaneg_suite *s = &t->suite[i];

		if (!s->run) {
			snprintf(err, errlen, "line %u: suite %s has no 'run' line", s->line,
				 s->name);
			return -1;
		}
		for (size_t a = 0; a < s->n_after; a++)
			if (!rdmaneg_suites_find(t, s->after[a])) {
				snprintf(err, errlen,
					 "line %u: suite %s waits for %s, which is not a suite",
					 s->line, s->name, s->after[a]);
				return -1;
			}
	}
	/* Kahn's order: take suites whose waits are all taken; what is left
	 * waits in a circle */
	for (size_t taken = 0, round = 1; taken < t->n; round++) {
		size_t before = taken;

		for (size_t i = 0; i < t->n; i++) {
			const struct rdmaneg_suite *s = &t->suite[i];
			bool ready = !done[i];

			for (size_t a = 0; ready && a < s->n_after; a++) {
				size_t d = (size_t)(rdmaneg_suites_find(t, s->after[a]) - t->suite);

				/* taken in an earlier round, not this one */
				ready = done[d] && done[d] < round;
			}
			if (ready) {
				done[i] = round;
				taken++;
			}
		}
		if (taken == before) {
			for (size_t i = 0; i < t->n; i++)
				if (!done[i]) {
					snprintf(
						err, errlen,
						"line %u: suite %s waits for itself through 'after'",
						t->suite[i].line, t->suite[i].name);
					break;
				}
			return -1;
		}
	}
	return shared_builds(t, err, errlen);
}

int rdmaneg_suites_parse(char *text, struct rdmaneg_suites *t, char *err, size_t errlen)
{
	struct rdmaneg_suite *cur = NULL;
	unsigned line = 0;
	char *next = text;

	memset(t, 0, sizeof(*t));
	while (next) {
		char *l = next, *kw;
		char *nl = strchr(l, '\n');

		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		line++;
		if (*l && l[strlen(l) - 1] == '\r')
			l[strlen(l) - 1] = '\0';
		kw = word(&l);
		if (!kw || kw[0] == '#')
			continue;
		if (strcmp(kw, "suite") == 0) {
			char *nm = word(&l);

			if (!nm || !name_ok(nm) || word(&l)) {
				snprintf(err, errlen,
					 "line %u: want 'suite NAME', NAME 1 to %d of [a-z0-9-]",
					 line, RDMANEG_SUITE_NAME - 1);
				return -1;
			}
			if (rdmaneg_suites_find(t, nm)) {
				snprintf(err, errlen, "line %u: suite %s twice", line, nm);
				return -1;
			}
			if (t->n == RDMANEG_SUITES_MAX) {
				snprintf(err, errlen, "line %u: more than %d suites", line,
					 RDMANEG_SUITES_MAX);
				return -1;
			}
			cur = &t->suite[t->n++];
			snprintf(cur->name, sizeof(cur->name), "%s", nm);
			cur->line = line;
		} else if (strcmp(kw, "inputs") == 0) {
			if (words(&l, cur ? cur->inputs : t->common,
				  cur ? &cur->n_inputs : &t->n_common, line, "inputs", err,
				  errlen) != 0)
				return -1;
		} else if (strcmp(kw, "prebuild") == 0 && !cur) {
			if (words(&l, t->prebuild, &t->n_prebuild, line, "prebuild", err, errlen) !=
			    0)
				return -1;
		} else if (!cur) {
			snprintf(err, errlen, "line %u: '%s' before the first 'suite' line", line,
				 kw);
			return -1;
		} else if (strcmp(kw, "after") == 0) {
			if (words(&l, cur->after, &cur->n_after, line, "after", err, errlen) != 0)
				return -1;
		} else if (strcmp(kw, "build") == 0) {
			if (words(&l, cur->build, &cur->n_build, line, "build", err, errlen) != 0)
				return -1;
		} else if (strcmp(kw, "run") == 0) {
			l += strspn(l, " \t");
			if (cur->run || *l == '\0') {
				snprintf(err, errlen,
					 "line %u: want one 'run COMMAND' for suite %s", line,
					 cur->name);
				return -1;
			}
			cur->run = l;
		} else {
			snprintf(err, errlen, "line %u: unknown keyword '%s'", line, kw);
			return -1;
		}
	}
	if (t->n == 0) {
		snprintf(err, errlen, "no suite");
		return -1;
	}
	return check(t, err, errlen);
}

static void words_key(struct rdmaneg_sha256 *h, const char *what, const char *const *w, size_t n)
{
	rdmaneg_sha256_str(h, what);
	rdmaneg_sha256_u64(h, n);
	for (size_t i = 0; i < n; i++)
		rdmaneg_sha256_str(h, w[i]);
}

static int inputs_key(struct rdmaneg_sha256 *h, const char *const *in, size_t n, char *err,
		      size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		enum rdmaneg_key_kind k;

		if (rdmaneg_key_input(h, in[i], &k, err, errlen) != 0)
			return -1;
	}
	return 0;
}

int rdmaneg_suite_key(const struct rdmaneg_suites *t, const struct rdmaneg_suite *s,
		      char *const *env, char *hex, size_t hexlen, char *err, size_t errlen)
{
	struct rdmaneg_sha256 h;
	uint8_t d[RDMANEG_SHA256_LEN];
	char out[RDMANEG_SHA256_HEX];

	rdmaneg_sha256_init(&h);
	/* the key's own format: a new one invalidates every stored verdict */
	rdmaneg_sha256_str(&h, "rdmaneg-test-cache 1");
	rdmaneg_sha256_str(&h, s->name);
	rdmaneg_sha256_str(&h, s->run);
	words_key(&h, "after", s->after, s->n_after);
	words_key(&h, "build", s->build, s->n_build);
	words_key(&h, "inputs", s->inputs, s->n_inputs);
	words_key(&h, "common", t->common, t->n_common);
	rdmaneg_key_env(&h, env);
	if (inputs_key(&h, t->common, t->n_common, err, errlen) != 0 ||
	    inputs_key(&h, s->build, s->n_build, err, errlen) != 0 ||
	    inputs_key(&h, s->inputs, s->n_inputs, err, errlen) != 0)
		return -1;
	rdmaneg_sha256_final(&h, d);
	rdmaneg_sha256_hex(d, out);
	snprintf(hex, hexlen, "%s", out);
	return 0;
}
