// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* clauses: the specs' normative statements (see clauses.h) */
#include "tools/clauses/clauses.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define PARA_MAX 16384 /* a joined paragraph; longer ones are cut */
#define CELLS_MAX 480  /* a layout's field names */

static const char *const level_names[] = { "MUST NOT", "MUST", "SHOULD NOT",
					   "SHOULD",   "MAY",  "LAYOUT" };

const char *rdmaneg_clause_level_name(enum rdmaneg_clause_level l)
{
	return (unsigned)l < sizeof(level_names) / sizeof(level_names[0]) ? level_names[l] : "?";
}

int rdmaneg_clause_level_of(const char *name)
{
	for (size_t k = 0; k < sizeof(level_names) / sizeof(level_names[0]); k++)
		if (strcmp(name, level_names[k]) == 0)
			return (int)k;
	return -1;
}

bool rdmaneg_clause_doc(const char *path, char *out, size_t cap)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	n = strlen(b);
	if (n >= 4 && strcmp(b + n - 4, ".txt") == 0)
		n -= 4;
	if (strncmp(b, "draft-ietf-", 11) == 0) {
		const char *d = memchr(b + 11, '-', n - 11);

		if (d) {
			n -= (size_t)(d + 1 - b);
			b = d + 1;
		}
	}
	if (n == 0 || n >= cap)
		return false;
	memcpy(out, b, n);
	out[n] = '\0';
	return true;
}

uint64_t rdmaneg_clause_fnv(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < len; i++) {
		h ^= (uint8_t)text[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* ---- lines */

struct line {
	const char *p;
	size_t n;
};

/* The next line of text at *pos, without its newline, carriage return or
 * form feeds at either end; false at the end. */
static bool next_line(const char *text, size_t len, size_t *pos, struct line *l)
{
	const char *e;

	if (*pos >= len)
		return false;
	l->p = text + *pos;
	e = memchr(l->p, '\n', len - *pos);
	l->n = e ? (size_t)(e - l->p) : len - *pos;
	*pos += l->n + (e ? 1 : 0);
	while (l->n && (l->p[l->n - 1] == '\r' || l->p[l->n - 1] == '\f'))
		l->n--;
	while (l->n && l->p[0] == '\f') {
		l->p++;
		l->n--;
	}
	return true;
}

static bool blank(const struct line *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (!isspace((unsigned char)l->p[i]))
			return false;
	return true;
}

static bool ends_with(const struct line *l, const char *s)
{
	size_t k = strlen(s), n = l->n;

	while (n && l->p[n - 1] == ' ')
		n--;
	return n >= k && memcmp(l->p + n - k, s, k) == 0;
}

/* A page's header or footer in paginated text: "... [Page 12]", or
 * "Internet-Draft ... 2018" / "RFC 6581 ... 2012" at column 0. */
static bool page_line(const struct line *l)
{
	size_t n = l->n;

	if (ends_with(l, "]") && n > 8) {
		const char *o = l->p + n;

		while (o > l->p && o[-1] != '[')
			o--;
		if (o > l->p && (size_t)(l->p + n - o) > 5 && strncmp(o, "Page ", 5) == 0)
			return true;
	}
	if ((n > 15 && strncmp(l->p, "Internet-Draft ", 15) == 0) ||
	    (n > 8 && strncmp(l->p, "RFC ", 4) == 0 && isdigit((unsigned char)l->p[4]))) {
		/* a header ends in a year, a document's first lines do not
		 * look like it: "RFC 6581  Enhanced RDMA ...  April 2012" */
		return n > 40 && isdigit((unsigned char)l->p[n - 1]) &&
		       isdigit((unsigned char)l->p[n - 4]) && strstr(l->p, "   ") != NULL;
	}
	return false;
}

/* A heading at column 0: "4.2.  Title" or "Appendix A.  Title" (short,
 * not a sentence); its number into sec. */
static bool heading(const struct line *l, char *sec, size_t cap)
{
	size_t i = 0, k;
	const char *num = l->p;

	if (l->n == 0 || l->n > 80 || ends_with(l, "."))
		return false;
	if (l->n > 9 && strncmp(l->p, "Appendix ", 9) == 0) {
		i = 9;
		num = l->p + 9;
		if (!isupper((unsigned char)l->p[i]))
			return false;
		i++;
	} else {
		if (!isdigit((unsigned char)l->p[0]))
			return false;
		while (i < l->n &&
		       (isdigit((unsigned char)l->p[i]) ||
			(l->p[i] == '.' && i + 1 < l->n && isdigit((unsigned char)l->p[i + 1]))))
			i++;
	}
	k = (size_t)(l->p + i - num);
	/* the number, then "." and a space or two, then the title's capital
	 * (RFC 5044 has "7.1.1  MPA Request ...": a dotted number, two
	 * spaces, no final dot) */
	if (i + 2 < l->n && l->p[i] == '.' && l->p[i + 1] == ' ')
		i += 1;
	else if (!(i + 2 < l->n && memchr(num, '.', k) && l->p[i] == ' ' && l->p[i + 1] == ' '))
		return false;
	while (i < l->n && l->p[i] == ' ')
		i++;
	if (i >= l->n || !isupper((unsigned char)l->p[i]) || k == 0 || k >= cap)
		return false;
	/* a numbered list item of a paragraph is a sentence: ". " inside */
	for (size_t j = i; j + 1 < l->n; j++)
		if (l->p[j] == '.' && l->p[j + 1] == ' ')
			return false;
	memcpy(sec, num, k);
	sec[k] = '\0';
	return true;
}

/* ---- sentences and key words */

static bool word_at(const char *s, size_t n, size_t i, const char *w)
{
	size_t k = strlen(w);

	return i + k <= n && memcmp(s + i, w, k) == 0 &&
	       (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
	       (i + k == n || !isalnum((unsigned char)s[i + k]));
}

/* The strongest BCP 14 key word of s[0..n-1] (RFC 2119, RFC 8174: in
 * capitals only), or -1. */
static int level(const char *s, size_t n)
{
	int best = -1;

	for (size_t i = 0; i < n; i++) {
		int l = -1;

		if (word_at(s, n, i, "MUST") || word_at(s, n, i, "SHALL") ||
		    word_at(s, n, i, "REQUIRED")) {
			size_t k = s[i] == 'M' ? 4 : s[i] == 'S' ? 5 : 8;

			l = s[i] != 'R' && word_at(s, n, i + k + 1, "NOT") ? RDMANEG_LEVEL_MUST_NOT
									   : RDMANEG_LEVEL_MUST;
		} else if (word_at(s, n, i, "SHOULD")) {
			l = word_at(s, n, i + 7, "NOT") ? RDMANEG_LEVEL_SHOULD_NOT
							: RDMANEG_LEVEL_SHOULD;
		} else if (word_at(s, n, i, "RECOMMENDED")) {
			l = i >= 4 && word_at(s, n, i - 4, "NOT") ? RDMANEG_LEVEL_SHOULD_NOT
								  : RDMANEG_LEVEL_SHOULD;
		} else if (word_at(s, n, i, "MAY") || word_at(s, n, i, "OPTIONAL")) {
			l = RDMANEG_LEVEL_MAY;
		}
		if (l >= 0 && (best < 0 || l < best))
			best = l;
	}
	return best;
}

/* Does the sentence end at s[i] ('.', '?' or '!')? Not after "e.g",
 * "i.e", "etc" and the like, nor when no space and a capital, a quote
 * or a bracket follow. */
static bool sentence_end(const char *s, size_t n, size_t i)
{
	static const char *const abbr[] = { "e.g", "i.e", "etc", "Sec", "vs", "al", "Fig", "cf" };
	size_t j = i + 1, w = i;

	if (s[i] != '.' && s[i] != '?' && s[i] != '!')
		return false;
	if (j == n)
		return true;
	if (s[j] != ' ')
		return false;
	while (j < n && s[j] == ' ')
		j++;
	if (j == n)
		return true;
	if (!isupper((unsigned char)s[j]) && s[j] != '[' && s[j] != '"' && s[j] != '(')
		return false;
	while (w > 0 && s[w - 1] != ' ' && s[w - 1] != '(')
		w--;
	for (size_t k = 0; k < sizeof(abbr) / sizeof(abbr[0]); k++)
		if (i - w == strlen(abbr[k]) && memcmp(s + w, abbr[k], i - w) == 0)
			return false;
	return true;
}

struct state {
	const char *doc;
	char sec[24];
	unsigned nsec; /* clauses so far in this section */
	struct rdmaneg_clause *out;
	size_t cap, count;
	char cells[CELLS_MAX]; /* the section's last diagram: " | A | B | " */
};

static void add(struct state *st, enum rdmaneg_clause_level l, const char *text, size_t n)
{
	st->nsec++;
	if (st->count < st->cap) {
		struct rdmaneg_clause *c = &st->out[st->count];

		snprintf(c->id, sizeof(c->id), "%s#%s-%u", st->doc, st->sec, st->nsec);
		snprintf(c->section, sizeof(c->section), "%s", st->sec);
		c->level = l;
		if (n >= sizeof(c->text))
			n = sizeof(c->text) - 1;
		memcpy(c->text, text, n);
		c->text[n] = '\0';
	}
	st->count++;
}

/* A field's definition after its diagram, "Name: ..." with Name one of
 * the diagram's cells: the field's layout clause, its first sentence. */
static void field(struct state *st, const char *p, size_t n)
{
	const char *colon = memchr(p, ':', n < 40 ? n : 40);
	char want[48];

	if (!colon || !st->cells[0] || colon == p || colon + 1 >= p + n || colon[1] != ' ')
		return;
	snprintf(want, sizeof(want), " %.*s |", (int)(colon - p), p);
	if (!strstr(st->cells, want))
		return;
	for (size_t i = (size_t)(colon - p) + 2; i < n; i++)
		if (i + 1 == n || sentence_end(p, n, i)) {
			char t[RDMANEG_CLAUSE_TEXT];
			int k = snprintf(t, sizeof(t), "Field %.*s", (int)(i + 1), p);

			add(st, RDMANEG_LEVEL_LAYOUT, t, k > 0 ? (size_t)k : 0);
			return;
		}
}

/* The clauses of one joined paragraph, sentence by sentence. */
static void paragraph(struct state *st, const char *p, size_t n)
{
	size_t start = 0;

	/* RFC 8174's boilerplate names the key words, requires nothing */
	if (strstr(p, "BCP 14") || strstr(p, "RFC 2119") || strstr(p, "RFC2119"))
		return;
	field(st, p, n);
	for (size_t i = 0; i < n; i++) {
		if (i + 1 == n || sentence_end(p, n, i)) {
			size_t e = i + 1;
			int l;

			while (start < e && p[start] == ' ')
				start++;
			l = level(p + start, e - start);
			if (l >= 0)
				add(st, (enum rdmaneg_clause_level)l, p + start, e - start);
			start = e;
		}
	}
}

/* One diagram's field names, "A | B | C", from its cells. */
static void layout(struct state *st, const struct line *ls, size_t nl)
{
	char names[CELLS_MAX] = "Layout:";
	size_t used = strlen(names);
	bool any = false;

	for (size_t k = 0; k < nl; k++) {
		const struct line *l = &ls[k];
		size_t i = 0;

		while (i < l->n) {
			size_t a, b;

			while (i < l->n && l->p[i] != '|')
				i++;
			if (i >= l->n)
				break;
			a = ++i;
			while (i < l->n && l->p[i] != '|')
				i++;
			if (i >= l->n)
				break;
			b = i;
			while (a < b && l->p[a] == ' ')
				a++;
			while (b > a && l->p[b - 1] == ' ')
				b--;
			/* a cell's name: a word of letters, digits and -_/ */
			if (b > a && !strchr("+-", l->p[a]) && used + (b - a) + 4 < sizeof(names)) {
				memcpy(names + used, any ? " | " : " ", any ? 3 : 1);
				used += any ? 3 : 1;
				memcpy(names + used, l->p + a, b - a);
				used += b - a;
				names[used] = '\0';
				any = true;
			}
		}
	}
	if (!any)
		return;
	add(st, RDMANEG_LEVEL_LAYOUT, names, used);
	/* " | A | B | ": each name between bars, for field() */
	snprintf(st->cells, sizeof(st->cells), " | %s |", names + 8);
}

static bool diagram_line(const struct line *l)
{
	for (size_t i = 0; i + 4 < l->n; i++)
		if (memcmp(l->p + i, "+-+-+", 5) == 0)
			return true;
	return false;
}

size_t rdmaneg_clauses_extract(const char *doc, const char *text, size_t len,
			       struct rdmaneg_clause *out, size_t cap)
{
	static char para[PARA_MAX];
	static struct line block[256];
	static struct state st;
	size_t pos = 0, pn = 0, nb = 0;
	bool diagram = false;
	struct line l;
	char sec[24];

	memset(&st, 0, sizeof(st));
	st.doc = doc;
	snprintf(st.sec, sizeof(st.sec), "0");
	st.out = out;
	st.cap = cap;
	for (;;) {
		bool more = next_line(text, len, &pos, &l);
		bool head = more && heading(&l, sec, sizeof(sec));

		if (more && page_line(&l))
			continue;
		if (!more || blank(&l) || head) {
			/* the paragraph so far ends */
			if (diagram)
				layout(&st, block, nb);
			else if (pn)
				paragraph(&st, para, pn);
			pn = nb = 0;
			diagram = false;
			if (head) {
				snprintf(st.sec, sizeof(st.sec), "%s", sec);
				st.nsec = 0;
				st.cells[0] = '\0';
			}
			if (!more)
				break;
			continue;
		}
		diagram |= diagram_line(&l);
		if (nb < sizeof(block) / sizeof(block[0]))
			block[nb++] = l;
		/* joined with one space, leading blanks dropped */
		{
			size_t i = 0;

			while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
				i++;
			if (pn && pn + 1 < sizeof(para))
				para[pn++] = ' ';
			for (; i < l.n && pn + 1 < sizeof(para); i++) {
				char c = l.p[i];

				if (c == '\t')
					c = ' ';
				if (c == ' ' && pn && para[pn - 1] == ' ')
					continue;
				para[pn++] = c;
			}
			para[pn] = '\0';
		}
	}
	return st.count;
}

size_t rdmaneg_clause_sections(const char *text, size_t len, char (*out)[24], size_t cap)
{
	size_t pos = 0, n = 0;
	struct line l;
	char sec[24];

	while (next_line(text, len, &pos, &l))
		if (!page_line(&l) && heading(&l, sec, sizeof(sec))) {
			if (n < cap)
				memcpy(out[n], sec, sizeof(sec));
			n++;
		}
	return n;
}

size_t rdmaneg_clause_cites(const char *text, size_t len,
			    void (*fn)(void *ctx, const char *id, size_t line), void *ctx)
{
	size_t line = 1, found = 0;

	for (size_t i = 0; i < len; i++) {
		size_t j = i + 1, hash;
		char id[RDMANEG_CLAUSE_ID];

		if (text[i] == '\n')
			line++;
		if (text[i] != '[')
			continue;
		while (j < len && (islower((unsigned char)text[j]) ||
				   isdigit((unsigned char)text[j]) || text[j] == '-'))
			j++;
		if (j == i + 1 || j >= len || text[j] != '#')
			continue;
		hash = j++;
		if (j >= len || !isalnum((unsigned char)text[j]))
			continue;
		while (j < len && (isalnum((unsigned char)text[j]) || text[j] == '.'))
			j++;
		if (j < len && text[j] == '-') {
			size_t e = j + 1;

			while (e < len && isdigit((unsigned char)text[e]))
				e++;
			if (e == j + 1)
				continue;
			j = e;
		}
		if (j >= len || text[j] != ']' || j - i - 1 >= sizeof(id) || text[j - 1] == '.' ||
		    text[hash + 1] == '.')
			continue;
		memcpy(id, text + i + 1, j - i - 1);
		id[j - i - 1] = '\0';
		fn(ctx, id, line);
		found++;
		i = j;
	}
	return found;
}
