/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* file: read a whole file into memory and split its tables, for the
 * host-side tools. */
#ifndef RDMANEG_FILE_H
#define RDMANEG_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Reads at most max octets of path into a new NUL-terminated buffer (the
 * caller frees it) and sets *len. *more (when not NULL) tells whether the
 * file held more than max octets. NULL when the file cannot be opened or
 * read, or memory runs out.
 */
char *rdmaneg_read_file(const char *path, size_t max, size_t *len, bool *more);

/* The same from an open stream, read to its end or to max octets. */
char *rdmaneg_read_stream(FILE *f, size_t max, size_t *len, bool *more);

/*
 * Splits one line of a tab-separated table in place: drops a trailing
 * CR/LF, points field[0..] at up to max fields and returns their count.
 * Fields past the max-th are dropped.
 */
size_t rdmaneg_split_tabs(char *line, char **field, size_t max);

#endif
