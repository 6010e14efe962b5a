/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * mutate: the source mutants of one C file, for tools/mutants (make mutants).
 * A small tokenizer finds the places where a classic mutation operator
 * applies; a mutant is one or two text edits of the original file. Code in
 * a planted-bug branch (#if RDMANEG_PLANTED(...)) is never compiled by the
 * real build, so it is never mutated.
 */
#ifndef RDMANEG_MUTATE_H
#define RDMANEG_MUTATE_H

#include <stddef.h>

/* The operators; names are stable (they appear in reports and in
 * src/EQUIVALENT_MUTANTS). */
enum rdmaneg_mut_op {
	RDMANEG_MUT_ROR = 0, /* relational flip: < <= > >= */
	RDMANEG_MUT_EQ,	     /* equality flip: == != */
	RDMANEG_MUT_LCR,     /* && <-> || */
	RDMANEG_MUT_COND,    /* negated condition: if, while, for, ?: */
	RDMANEG_MUT_LIT,     /* integer literal +1 / -1 */
	RDMANEG_MUT_DEL,     /* deleted statement */
	RDMANEG_MUT_IDX,     /* two array indices of one statement swapped */
	RDMANEG_MUT_RET,     /* constant return: 0 or 1 */
	RDMANEG_MUT_SHIFT,   /* << <-> >> */
	RDMANEG_MUT_AOR,     /* + <-> -, ++ <-> -- */
	RDMANEG_MUT_BIT,     /* & <-> | */
	RDMANEG_MUT_NOPS
};

#define RDMANEG_MUT_TEXT 128

/* One replacement of source[start, end) by text. */
struct rdmaneg_mut_edit {
	size_t start, end;
	char text[RDMANEG_MUT_TEXT];
};

struct rdmaneg_mutant {
	enum rdmaneg_mut_op op;
	unsigned line, col; /* of the first edit, 1-based */
	unsigned nedits;    /* 1 or 2, in source order, not overlapping */
	struct rdmaneg_mut_edit edit[2];
};

/* Short stable name of an operator, e.g. "ror". */
const char *rdmaneg_mut_op_name(enum rdmaneg_mut_op op);

/*
 * Finds the mutants of src[0..len-1] in source order. Writes at most cap of
 * them to out (out may be NULL when cap is 0) and returns how many exist,
 * so a caller can size its array with a first call.
 */
size_t rdmaneg_mutate_list(const char *src, size_t len, struct rdmaneg_mutant *out, size_t cap);

/* Writes the mutated file to out (NUL-terminated). Returns its length, or
 * (size_t)-1 when cap is too small or the edits do not fit the source. */
size_t rdmaneg_mutate_apply(const char *src, size_t len, const struct rdmaneg_mutant *m, char *out,
			    size_t cap);

/*
 * The source lines the mutant touches, before and after, each on one line:
 * leading blanks trimmed, lines joined by one space, tabs as spaces. These
 * two strings name a mutant independently of its line number.
 */
void rdmaneg_mutate_describe(const char *src, size_t len, const struct rdmaneg_mutant *m,
			     char *before, size_t bcap, char *after, size_t acap);

#define RDMANEG_MUT_DESC 1024

/*
 * Describes all n mutants of one file at once. When an operator gives the
 * same before and after texts twice in a file (a "break;" deleted in three
 * places), the k-th gets " [#k]" appended to its after text, so the pair
 * names one mutant.
 */
void rdmaneg_mutate_describe_all(const char *src, size_t len, const struct rdmaneg_mutant *m,
				 size_t n, char (*before)[RDMANEG_MUT_DESC],
				 char (*after)[RDMANEG_MUT_DESC]);

#endif
