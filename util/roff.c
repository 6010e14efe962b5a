// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* roff: man-page text escaping (see roff.h). */
#include "util/roff.h"

#include <stdbool.h>

void rdmaneg_roff(FILE *f, const char *s, size_t n)
{
	bool bol = true;

	for (size_t i = 0; i < n; i++) {
		if (bol && (s[i] == '.' || s[i] == '\''))
			fputs("\\&", f);
		bol = s[i] == '\n';
		if (s[i] == '\\')
			fputs("\\e", f);
		else if (s[i] == '-')
			fputs("\\-", f);
		else
			fputc(s[i], f);
	}
}
