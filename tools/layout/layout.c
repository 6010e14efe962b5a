// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* layout: whether docs/layout.md names a file (see layout.h) */
#include "tools/layout/layout.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#define SPAN_MAX 256
#define HEADS_MAX 8

/* One span as a glob: "<x>" becomes "*"; false when it does not fit */
static bool glob_of(const char *s, size_t n, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		if (o + 2 > cap)
			return false;
		if (s[i] == '<') {
			const char *gt = memchr(s + i, '>', n - i);

			if (gt) {
				out[o++] = '*';
				i = (size_t)(gt - s);
				continue;
			}
		}
		/* the page's '*' is a glob (tools' `*.sh`); its other glob
		 * characters are themselves */
		if (s[i] == '?' || s[i] == '[' || s[i] == '\\')
			out[o++] = '\\';
		out[o++] = s[i];
	}
	out[o] = '\0';
	return true;
}

/* Does glob g (a trailing '/' with a '*': everything below) match path? */
static bool glob_match(const char *g, const char *path)
{
	size_t n = strlen(g);

	if (n > 0 && g[n - 1] == '/') {
		char below[SPAN_MAX + 2];

		if (!strchr(g, '*') || n + 2 > sizeof(below))
			return false;
		snprintf(below, sizeof(below), "%s*", g);
		return fnmatch(below, path, 0) == 0; /* '*' crosses '/' here */
	}
	return fnmatch(g, path, FNM_PATHNAME) == 0;
}

/* Calls each(glob, ctx) for every expansion of the span s[0..n-1] (one
 * "{a,b}" group); stops at the first true */
static bool expand(const char *s, size_t n, bool (*each)(const char *, void *), void *ctx)
{
	const char *open = memchr(s, '{', n),
		   *close = open ? memchr(open, '}', n - (size_t)(open - s)) : NULL;
	char g[SPAN_MAX];

	if (!open || !close) {
		return glob_of(s, n, g, sizeof(g)) && each(g, ctx);
	}
	for (const char *alt = open + 1; alt <= close;) {
		const char *end = alt;
		char one[SPAN_MAX];
		int len;

		while (end < close && *end != ',')
			end++;
		len = snprintf(one, sizeof(one), "%.*s%.*s%.*s", (int)(open - s), s,
			       (int)(end - alt), alt, (int)(n - (size_t)(close + 1 - s)),
			       close + 1);
		if (len > 0 && (size_t)len < sizeof(one) &&
		    glob_of(one, (size_t)len, g, sizeof(g)) && each(g, ctx))
			return true;
		alt = end + 1;
	}
	return false;
}

struct probe {
	const char *path;
	const char *heads[HEADS_MAX]; /* the row's folders, as globs */
	size_t nheads;
};

static bool names_path(const char *g, void *ctx)
{
	const struct probe *p = ctx;
	char below[2 * SPAN_MAX];

	/* a span that starts with a placeholder names something only below
	 * its row's folders (`<KVER>/<NAME>/` in the mail/ row) */
	if (g[0] != '*' && glob_match(g, p->path))
		return true;
	for (size_t h = 0; h < p->nheads; h++) {
		int len = snprintf(below, sizeof(below), "%s%s", p->heads[h], g);

		if (len > 0 && (size_t)len < sizeof(below) && glob_match(below, p->path))
			return true;
	}
	return false;
}

static char head_store[HEADS_MAX][SPAN_MAX];

static bool keep_head(const char *g, void *ctx)
{
	struct probe *p = ctx;
	size_t n = strlen(g);

	if (n > 0 && g[n - 1] == '/' && p->nheads < HEADS_MAX) {
		snprintf(head_store[p->nheads], SPAN_MAX, "%s", g);
		p->heads[p->nheads] = head_store[p->nheads];
		p->nheads++;
	}
	return false;
}

/* The spans of line l[0..n-1] from `from`: calls fn on each */
static bool spans(const char *l, const char *end, bool (*each)(const char *, void *), void *ctx)
{
	for (const char *q = memchr(l, '`', (size_t)(end - l)); q;) {
		const char *c = memchr(q + 1, '`', (size_t)(end - q - 1));

		if (!c)
			break;
		if (c > q + 1 && expand(q + 1, (size_t)(c - q - 1), each, ctx))
			return true;
		q = c + 1 < end ? memchr(c + 1, '`', (size_t)(end - c - 1)) : NULL;
	}
	return false;
}

bool rdmaneg_layout_names(const char *page, const char *path)
{
	for (const char *l = page; *l;) {
		const char *eol = strchr(l, '\n');
		const char *end = eol ? eol : l + strlen(l);
		struct probe p = { .path = path };

		if (*l == '|') {
			const char *cell = memchr(l + 1, '|', (size_t)(end - l - 1));

			if (cell)
				spans(l, cell, keep_head, &p);
		}
		if (spans(l, end, names_path, &p))
			return true;
		l = eol ? eol + 1 : end;
	}
	return false;
}
