/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* html: text for an HTML page (the compliance page, the findings' status
 * page), escaped once, here. */
#ifndef RDMANEG_HTML_H
#define RDMANEG_HTML_H

#include <stdio.h>

/* Writes s to f as HTML text or an attribute value: <, >, & and " as
 * entities, every other octet as it is. */
void rdmaneg_html_text(FILE *f, const char *s);

#endif
