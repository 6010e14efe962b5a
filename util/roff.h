/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* roff: text for a man page (rdmaneg(1) from cli/main.c, rdmaneg(3)
 * from man/main.c), escaped once, here. */
#ifndef RDMANEG_ROFF_H
#define RDMANEG_ROFF_H

#include <stddef.h>
#include <stdio.h>

/* Writes s[0..n-1] to f as roff text: backslashes and hyphens escaped, a
 * dot or quote that starts a line guarded with \&. */
void rdmaneg_roff(FILE *f, const char *s, size_t n);

#endif
