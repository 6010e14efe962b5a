// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/netstat.h"

#include <string.h>

/* the line at text[*at..], its end excluded; *at past its newline */
static size_t next_line(const char *text, size_t len, size_t *at, size_t *start)
{
	size_t i = *at;

	*start = i;
	while (i < len && text[i] != '\n')
		i++;
	*at = i < len ? i + 1 : i;
	return i - *start;
}

/* the k-th space-separated word of line[0..n-1], after its "group:" */
static bool word(const char *line, size_t n, size_t k, size_t *off, size_t *wlen)
{
	size_t i = 0, w = 0;

	while (i < n && line[i] != ' ') /* the group's own word */
		i++;
	for (;;) {
		while (i < n && line[i] == ' ')
			i++;
		if (i >= n)
			return false;
		*off = i;
		while (i < n && line[i] != ' ')
			i++;
		if (w++ == k) {
			*wlen = i - *off;
			return true;
		}
	}
}

static bool is_group(const char *line, size_t n, const char *group, size_t glen)
{
	return n > glen && memcmp(line, group, glen) == 0 && line[glen] == ':';
}

bool rdmaneg_netstat_get(const char *text, size_t len, const char *group, const char *name,
			 uint64_t *v)
{
	size_t glen = strlen(group), nlen = strlen(name), at = 0;

	while (at < len) {
		size_t s1, s2, n1 = next_line(text, len, &at, &s1), n2, off, wl;

		if (!is_group(text + s1, n1, group, glen))
			continue;
		n2 = next_line(text, len, &at, &s2);
		if (!is_group(text + s2, n2, group, glen))
			return false; /* a names line with no values line */
		for (size_t k = 0; word(text + s1, n1, k, &off, &wl); k++) {
			uint64_t x = 0;

			if (wl != nlen || memcmp(text + s1 + off, name, nlen) != 0)
				continue;
			if (!word(text + s2, n2, k, &off, &wl))
				return false;
			for (size_t i = 0; i < wl; i++) {
				char c = text[s2 + off + i];

				if (c < '0' || c > '9' ||
				    x > (UINT64_MAX - (uint64_t)(c - '0')) / 10)
					return false;
				x = x * 10 + (uint64_t)(c - '0');
			}
			*v = x;
			return true;
		}
		return false;
	}
	return false;
}
