// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* apidoc: public functions of a header with their comments (see apidoc.h). */
#include "man/apidoc.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Copies a comment body, dropping " * " line prefixes; false if too long. */
static bool copy_doc(const char *s, size_t n, char *out, size_t cap)
{
	size_t o = 0;
	bool line_start = true;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (line_start && (c == ' ' || c == '\t'))
			continue;
		if (line_start && c == '*' && (i + 1 >= n || s[i + 1] != '/')) {
			line_start = false;
			if (i + 1 < n && s[i + 1] == ' ')
				i++;
			continue;
		}
		line_start = c == '\n';
		if (o + 1 >= cap)
			return false;
		out[o++] = c;
	}
	while (o > 0 && (out[o - 1] == '\n' || out[o - 1] == ' '))
		o--;
	out[o] = '\0';
	/* a leading newline ("/" "*" on a line of its own) */
	if (out[0] == '\n')
		memmove(out, out + 1, o);
	return true;
}

/* A declaration of rdmaneg_NAME( at text[i], which is at column 0:
 * sets *end after its ";" and name; false if it is not one. */
static bool function_at(const char *text, size_t i, size_t *end, char *name, size_t cap)
{
	const char *semi, *paren, *id;
	size_t n;

	if (strchr(" \t\n#{}/", text[i]) || strncmp(text + i, "struct ", 7) == 0 ||
	    strncmp(text + i, "enum ", 5) == 0 || strncmp(text + i, "typedef ", 8) == 0)
		return false;
	semi = strchr(text + i, ';');
	paren = strchr(text + i, '(');
	if (!semi || !paren || paren > semi || semi[-1] != ')')
		return false;
	for (id = paren; id > text + i && (id[-1] == '_' || (id[-1] >= 'a' && id[-1] <= 'z') ||
					   (id[-1] >= '0' && id[-1] <= '9'));)
		id--;
	n = (size_t)(paren - id);
	if (n < 9 || strncmp(id, "rdmaneg_", 8) != 0 || n >= cap)
		return false;
	memcpy(name, id, n);
	name[n] = '\0';
	*end = (size_t)(semi - text) + 1;
	return true;
}

int rdmaneg_apidoc_next(const char *text, size_t *pos, struct rdmaneg_apidoc *out)
{
	size_t i = *pos, len = strlen(text);
	const char *doc = NULL, *acsl = NULL;
	size_t doc_len = 0, acsl_len = 0;

	memset(out, 0, sizeof(*out));
	while (i < len) {
		if (strncmp(text + i, "/*", 2) == 0) {
			const char *close = strstr(text + i + 2, "*/");
			size_t body = i + 2, n;

			size_t back = i;

			if (!close)
				return 0;
			n = (size_t)(close - (text + body));
			while (back > 0 && (text[back - 1] == ' ' || text[back - 1] == '\t'))
				back--;
			if (back > 0 && text[back - 1] != '\n') {
				/* after code on its line: describes that code, not what follows */
				doc = NULL;
				acsl = NULL;
			} else if (text[body] == '@') {
				acsl = text + body + 1;
				acsl_len = n - 1;
			} else {
				doc = text + body;
				doc_len = n;
				acsl = NULL; /* a contract belongs after its comment */
			}
			i = (size_t)(close - text) + 2;
			continue;
		}
		if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n') {
			i++;
			continue;
		}
		/* code at column 0? */
		if (i == 0 || text[i - 1] == '\n') {
			size_t end;

			if (function_at(text, i, &end, out->name, sizeof(out->name))) {
				size_t o = 0;

				for (size_t k = i; k < end; k++) {
					bool space = text[k] == ' ' || text[k] == '\t' ||
						     text[k] == '\n';

					if (space && (o == 0 || out->proto[o - 1] == ' '))
						continue;
					if (o + 1 >= sizeof(out->proto))
						return -1;
					out->proto[o++] = text[k];
					if (space)
						out->proto[o - 1] = ' ';
				}
				out->proto[o] = '\0';
				if (doc && !copy_doc(doc, doc_len, out->doc, sizeof(out->doc)))
					return -1;
				out->acsl = acsl;
				out->acsl_len = acsl_len;
				*pos = end;
				return 1;
			}
		}
		/* any other code detaches what came before */
		doc = NULL;
		acsl = NULL;
		while (i < len && text[i] != '\n' && strncmp(text + i, "/*", 2) != 0)
			i++;
	}
	*pos = i;
	return 0;
}

static bool ident(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* word w[0..n-1] in text, not inside a longer identifier */
static bool names_word(const char *text, const char *w, size_t n)
{
	for (const char *p = text; *p; p++)
		if (strncmp(p, w, n) == 0 && (p == text || !ident(p[-1])) && !ident(p[n]))
			return true;
	return false;
}

bool rdmaneg_apidoc_unnamed_param(const struct rdmaneg_apidoc *d, char *name, size_t cap)
{
	const char *open = strchr(d->proto, '('), *close = strrchr(d->proto, ')');

	if (!open || !close || close < open || strncmp(open, "(void)", 6) == 0)
		return false;
	for (const char *p = open + 1; p < close;) {
		const char *end = memchr(p, ',', (size_t)(close - p));
		const char *q, *w;

		end = end ? end : close;
		/* the parameter's name: the last identifier before any '[' */
		q = memchr(p, '[', (size_t)(end - p));
		q = q ? q : end;
		while (q > p && !ident(q[-1]))
			q--;
		w = q;
		while (w > p && ident(w[-1]))
			w--;
		if (q > w && !names_word(d->doc, w, (size_t)(q - w))) {
			snprintf(name, cap, "%.*s", (int)(q - w), w);
			return true;
		}
		p = end + 1;
	}
	return false;
}
