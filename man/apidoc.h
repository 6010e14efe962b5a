/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * apidoc: the public functions of a header, each with the plain comment
 * and the ACSL contract written just before it, for rdmaneg(3)
 * (man/main.c). A function is a declaration at column 0 that names
 * rdmaneg_...( and ends with ");". Any other code between a comment and a
 * function detaches the comment.
 */
#ifndef RDMANEG_APIDOC_H
#define RDMANEG_APIDOC_H

#include <stdbool.h>
#include <stddef.h>

struct rdmaneg_apidoc {
	char name[64];	  /* rdmaneg_... */
	char proto[512];  /* the declaration, whitespace runs folded to one space */
	char doc[2048];	  /* the comment's text, markers and leading stars removed */
	const char *acsl; /* the contract's text inside the source, or NULL */
	size_t acsl_len;
};

/*
 * Finds the next function in text[*pos..]: 1 and *out filled, *pos after
 * it; 0 when there is none; -1 when a field does not fit (name, proto or
 * doc longer than its array).
 */
int rdmaneg_apidoc_next(const char *text, size_t *pos, struct rdmaneg_apidoc *out);

/*
 * The first parameter of d->proto that d->doc does not name as a whole
 * word, copied into name (cut to cap - 1): true; false when the comment
 * names every parameter (or there are none: "(void)").
 */
bool rdmaneg_apidoc_unnamed_param(const struct rdmaneg_apidoc *d, char *name, size_t cap);

#endif
