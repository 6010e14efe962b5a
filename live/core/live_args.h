/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * live_args: what every rdmaneg-live verb (live/main.c's table) uses to
 * read its arguments and inputs, and to say what was wrong with them.
 */
#ifndef RDMANEG_LIVE_ARGS_H
#define RDMANEG_LIVE_ARGS_H

#include <stddef.h>
#include <stdio.h>

/* 0 and *v when s is a decimal number in lo..hi, -1 otherwise */
int live_parse_int(const char *s, long long lo, long long hi, long long *v);

/* A whole file, NUL-terminated, in a malloc'd buffer (the caller frees
 * it); NULL when it cannot be read. */
char *live_slurp(const char *path, size_t *len);

/* A usage error: "rdmaneg-live: WHY ..." on stderr; returns 2. */
int live_misuse(const char *why);

/* A report verb's arguments, "VERB CONSOLE [--json FILE]" (use: that
 * usage, for the error): the console, whole, in *con and *len (the caller
 * frees it) and, with --json, FILE open for writing in *json (else NULL).
 * 0, or the exit status 2 with why on stderr. */
int live_report_args(int argc, char **argv, const char *use, char **con, size_t *len, FILE **json);

/* Closes a report's --json FILE at path (json NULL: nothing to do): 0,
 * or 2 with why on stderr when it could not be written whole. */
int live_report_close(FILE *json, const char *path);

/* Records go to a file ("-": stdout) or a serial line, which is put in
 * raw mode so nothing is translated on the way; NULL when it cannot be
 * opened. */
FILE *live_open_out(const char *path);

#endif
