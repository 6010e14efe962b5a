// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "tools/test-cache/result.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* digits ending just before p, as a number; false when there are none */
static bool number_before(const char *line, const char *p, unsigned long *v)
{
	const char *s = p;
	unsigned long n = 0, scale = 1;

	while (s > line && isdigit((unsigned char)s[-1]))
		s--;
	if (s == p || p - s > 9)
		return false;
	for (const char *d = p; d > s; d--) {
		n += (unsigned long)(d[-1] - '0') * scale;
		scale *= 10;
	}
	*v = n;
	return true;
}

void rdmaneg_result_scan(struct rdmaneg_result *r, const char *line)
{
	static const char mid[] = " passed, ";
	const char *p = line;

	while ((p = strstr(p, mid)) != NULL) {
		const char *q = p + sizeof(mid) - 1, *e = q;
		unsigned long passed, failed = 0;

		while (isdigit((unsigned char)*e) && e - q < 10)
			failed = failed * 10 + (unsigned long)(*e++ - '0');
		if (number_before(line, p, &passed) && e > q && strncmp(e, " failed", 7) == 0) {
			r->passed += passed;
			r->failed += failed;
			r->counted = true;
		}
		p = q;
	}
}

void rdmaneg_result_close(struct rdmaneg_result *r, int rc)
{
	if (!r->counted) {
		r->passed = rc == 0;
		r->failed = rc != 0;
		return;
	}
	if (rc != 0 && r->failed == 0)
		r->failed = 1;
}

size_t rdmaneg_verdict_format(const struct rdmaneg_verdict *v, char *buf, size_t cap)
{
	int n = snprintf(buf, cap, "%s %lu %lld\n", v->key, v->passed, (long long)v->when);

	return n < 0 || (size_t)n >= cap ? 0 : (size_t)n;
}

/* a run of digits at *p as a number (at most 19 of them); moves *p past it */
static bool digits(const char **p, unsigned long long *v)
{
	const char *s = *p;
	unsigned long long n = 0;

	while (isdigit((unsigned char)*s) && s - *p < 19)
		n = n * 10 + (unsigned long long)(*s++ - '0');
	if (s == *p || isdigit((unsigned char)*s))
		return false;
	*v = n;
	*p = s;
	return true;
}

bool rdmaneg_verdict_parse(const char *text, struct rdmaneg_verdict *v)
{
	const char *p = text;
	unsigned long long passed, when;
	size_t n = strspn(p, "0123456789abcdef");

	if (n != 64 || p[64] != ' ')
		return false;
	p += 65;
	if (!digits(&p, &passed) || *p++ != ' ' || !digits(&p, &when) || strcmp(p, "\n") != 0)
		return false;
	memcpy(v->key, text, 64);
	v->key[64] = '\0';
	v->passed = (unsigned long)passed;
	v->when = (time_t)when;
	return true;
}
