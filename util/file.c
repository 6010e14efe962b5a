// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *rdmaneg_read_stream(FILE *f, size_t max, size_t *len, bool *more)
{
	char *buf = NULL;
	size_t cap = 0, n = 0;

	*len = 0;
	if (more)
		*more = false;
	for (;;) {
		size_t want, got;

		if (n == cap) {
			size_t grow = cap ? cap : 65536;
			char *nb;

			if (cap >= max)
				break;
			cap = grow > max - cap ? max : cap + grow;
			nb = realloc(buf, cap + 1);
			if (!nb)
				goto fail;
			buf = nb;
		}
		want = cap - n;
		got = fread(buf + n, 1, want, f);
		n += got;
		if (got < want)
			break;
	}
	if (ferror(f))
		goto fail;
	if (n == max && more) {
		int c = fgetc(f);

		*more = c != EOF;
	}
	if (!buf && !(buf = malloc(1)))
		goto fail;
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	free(buf);
	return NULL;
}

char *rdmaneg_read_file(const char *path, size_t max, size_t *len, bool *more)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	*len = 0;
	if (more)
		*more = false;
	if (!f)
		return NULL;
	buf = rdmaneg_read_stream(f, max, len, more);
	fclose(f);
	return buf;
}

size_t rdmaneg_split_tabs(char *line, char **field, size_t max)
{
	size_t n = 0;
	char *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max) {
		field[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	return n;
}
