// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "tools/mutants/mutate.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokens of the live code (planted branches removed) ---- */

enum tok_kind { T_ID, T_NUM, T_STR, T_CHR, T_PUNCT };

struct tok {
	enum tok_kind kind;
	size_t s, e;
};

struct lexer {
	const char *src;
	size_t len;
	struct tok *t;
	size_t n, cap;
};

static const char *const puncts[] = {
	"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
	"&&",  "||",  "+=",  "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##",
};

static bool push(struct lexer *lx, enum tok_kind k, size_t s, size_t e)
{
	if (lx->n == lx->cap) {
		size_t cap = lx->cap ? lx->cap * 2 : 256;
		struct tok *t = realloc(lx->t, cap * sizeof(*t));

		if (!t)
			return false;
		lx->t = t;
		lx->cap = cap;
	}
	lx->t[lx->n++] = (struct tok){ k, s, e };
	return true;
}

/* Conditional inclusion: only RDMANEG_PLANTED(...) conditions are known
 * false; any other #if is taken as true and its #else as dead, so an
 * unknown branch is never mutated. */
struct cond {
	bool parent_live;
	bool plant;   /* the condition names a plant */
	bool negated; /* ... as !RDMANEG_PLANTED(...) */
	bool live;
};

static bool directive_is(const char *d, size_t n, const char *name)
{
	size_t k = strlen(name);

	return n >= k && strncmp(d, name, k) == 0 && (n == k || !isalnum((unsigned char)d[k]));
}

/* d points past '#' and blanks; n is the rest of the logical line. */
static void directive(const char *d, size_t n, struct cond *st, size_t *depth, bool *live)
{
	bool is_if = directive_is(d, n, "if"), is_ifdef = directive_is(d, n, "ifdef"),
	     is_ifndef = directive_is(d, n, "ifndef");

	if (is_if || is_ifdef || is_ifndef) {
		struct cond c = { *live, false, false, *live };
		const char *p = NULL;

		for (size_t i = 0; i + 16 <= n; i++)
			if (strncmp(d + i, "RDMANEG_PLANTED(", 16) == 0) {
				p = d + i;
				break;
			}
		if (is_if && p) {
			const char *q = p;

			c.plant = true;
			while (q > d && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
			c.negated = q > d && q[-1] == '!';
			c.live = c.parent_live && c.negated;
		}
		if (*depth < 32)
			st[*depth] = c;
		(*depth)++;
	} else if (directive_is(d, n, "elif") && *depth > 0 && *depth <= 32) {
		st[*depth - 1].live = false;
	} else if (directive_is(d, n, "else") && *depth > 0 && *depth <= 32) {
		struct cond *c = &st[*depth - 1];

		c->live = c->parent_live && c->plant && !c->negated;
	} else if (directive_is(d, n, "endif") && *depth > 0) {
		(*depth)--;
	}
	/* past 32 levels the innermost known state stands */
	if (*depth == 0)
		*live = true;
	else if (*depth <= 32)
		*live = st[*depth - 1].live;
}

static bool lex(struct lexer *lx)
{
	const char *s = lx->src;
	size_t i = 0, n = lx->len, depth = 0;
	struct cond st[32];
	bool live = true, line_start = true;

	while (i < n) {
		char c = s[i];

		if (c == '\n') {
			line_start = true;
			i++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *end = NULL;

			for (size_t k = i + 2; k + 1 < n; k++)
				if (s[k] == '*' && s[k + 1] == '/') {
					end = s + k;
					break;
				}
			i = end ? (size_t)(end - s) + 2 : n;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (c == '#' && line_start) {
			size_t b = i + 1, e;

			while (b < n && (s[b] == ' ' || s[b] == '\t'))
				b++;
			e = b;
			while (e < n && !(s[e] == '\n' && s[e - 1] != '\\'))
				e++;
			directive(s + b, e - b, st, &depth, &live);
			i = e;
		} else {
			size_t b = i;
			enum tok_kind k;

			line_start = false;
			if (isalpha((unsigned char)c) || c == '_') {
				while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
					i++;
				k = T_ID;
			} else if (isdigit((unsigned char)c) ||
				   (c == '.' && i + 1 < n && isdigit((unsigned char)s[i + 1]))) {
				while (i < n &&
				       (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
					i++;
				k = T_NUM;
			} else if (c == '"' || c == '\'') {
				i++;
				while (i < n && s[i] != c && s[i] != '\n')
					i += s[i] == '\\' && i + 1 < n ? 2 : 1;
				if (i < n && s[i] == c)
					i++;
				k = c == '"' ? T_STR : T_CHR;
			} else {
				size_t len = 1;

				for (size_t p = 0; p < sizeof(puncts) / sizeof(puncts[0]); p++) {
					size_t pl = strlen(puncts[p]);

					if (pl > len && i + pl <= n &&
					    strncmp(s + i, puncts[p], pl) == 0)
						len = pl;
				}
				i += len;
				k = T_PUNCT;
			}
			if (live && !push(lx, k, b, i))
				return false;
		}
	}
	return true;
}

/* ---- structure: groups, braces, statements ---- */

enum owner { OWN_NONE, OWN_IF, OWN_WHILE, OWN_FOR, OWN_SWITCH };
enum brace { BR_BLOCK, BR_INIT };

struct info {
	size_t match;	  /* of ( [ { and ) ] }; else SIZE_MAX */
	enum owner owner; /* of a ( : the keyword before it */
	bool code;	  /* inside a function body */
	bool init;	  /* innermost brace is an initializer */
	bool stmt;	  /* begins a statement */
	unsigned region;  /* statement-ish region, for index swaps */
};

struct ctx {
	const char *src;
	const struct tok *t;
	size_t n;
	struct info *in;
	struct rdmaneg_mutant *out;
	size_t cap, count;
};

static bool is(const struct ctx *c, size_t i, const char *text)
{
	size_t k = strlen(text);

	return i < c->n && c->t[i].e - c->t[i].s == k && strncmp(c->src + c->t[i].s, text, k) == 0;
}

static bool is_any(const struct ctx *c, size_t i, const char *const *set)
{
	for (; *set; set++)
		if (is(c, i, *set))
			return true;
	return false;
}

static const char *const keywords[] = { "return", "sizeof",   "case",	  "if",	     "while",
					"for",	  "do",	      "else",	  "switch",  "goto",
					"break",  "continue", "default",  "typedef", "static",
					"const",  "volatile", "extern",	  "struct",  "enum",
					"union",  "void",     "char",	  "short",   "int",
					"long",	  "unsigned", "signed",	  "float",   "double",
					"inline", "register", "restrict", "_Bool",   NULL };
/* what a declaration may start with */
static const char *const decl_starts[] = {
	"static",  "const",   "volatile", "extern",  "struct",	 "enum",     "union",	 "void",
	"char",	   "short",   "int",	  "long",    "unsigned", "signed",   "float",	 "double",
	"bool",	   "_Bool",   "size_t",	  "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t",
	"int16_t", "int32_t", "int64_t",  "typedef", "register", NULL
};

/* i ends an operand, so an operator after it is binary */
static bool ends_operand(const struct ctx *c, size_t i)
{
	const struct tok *t = &c->t[i];

	if (t->kind == T_ID)
		return !is_any(c, i, keywords);
	return t->kind == T_NUM || t->kind == T_STR || t->kind == T_CHR || is(c, i, ")") ||
	       is(c, i, "]");
}

static bool structure(struct ctx *c)
{
	size_t stack[256], sp = 0;
	enum brace braces[128];
	size_t nb = 0, paren = 0;
	bool next_stmt = false, in_label = false;
	unsigned region = 0;

	for (size_t i = 0; i < c->n; i++) {
		struct info *in = &c->in[i];
		bool open_p = is(c, i, "("), open_b = is(c, i, "["), open_c = is(c, i, "{");

		in->match = SIZE_MAX;
		in->owner = OWN_NONE;
		in->code = nb > 0 && braces[0] == BR_BLOCK;
		in->init = nb > 0 && braces[nb - 1] == BR_INIT;
		in->stmt =
			next_stmt && nb > 0 && braces[nb - 1] == BR_BLOCK && paren == 0 && !open_c;
		next_stmt = false;
		in->region = region;
		if (in->stmt && (is(c, i, "case") || is(c, i, "default")))
			in_label = true;
		if (open_p || open_b || open_c) {
			if (sp == 256)
				return false;
			stack[sp++] = i;
		}
		if (open_p) {
			paren++;
			if (i > 0 && is(c, i - 1, "if"))
				in->owner = OWN_IF;
			else if (i > 0 && is(c, i - 1, "while"))
				in->owner = OWN_WHILE;
			else if (i > 0 && is(c, i - 1, "for"))
				in->owner = OWN_FOR;
			else if (i > 0 && is(c, i - 1, "switch"))
				in->owner = OWN_SWITCH;
		} else if (open_c) {
			enum brace k = BR_BLOCK;

			if (nb == 0)
				k = i > 0 && is(c, i - 1, ")") ? BR_BLOCK : BR_INIT;
			else if (braces[nb - 1] == BR_INIT ||
				 (i > 0 && (is(c, i - 1, "=") || is(c, i - 1, ","))) ||
				 /* a compound literal */
				 (i > 0 && is(c, i - 1, ")") &&
				  c->in[c->in[i - 1].match].owner == OWN_NONE))
				k = BR_INIT;
			if (nb == 128)
				return false;
			braces[nb++] = k;
			in->init = k == BR_INIT;
			next_stmt = k == BR_BLOCK;
			region++;
		} else if (is(c, i, ")") || is(c, i, "]") || is(c, i, "}")) {
			size_t o;

			if (sp == 0)
				return false;
			o = stack[--sp];
			c->in[o].match = i;
			in->match = o;
			if (is(c, i, ")")) {
				paren--;
				/* the body of if/while/for is a statement */
				next_stmt = c->in[o].owner == OWN_IF ||
					    c->in[o].owner == OWN_WHILE ||
					    c->in[o].owner == OWN_FOR;
			} else if (is(c, i, "}")) {
				if (nb == 0)
					return false;
				nb--;
				next_stmt = paren == 0;
				region++;
			}
		} else if (is(c, i, ";")) {
			next_stmt = paren == 0;
			if (paren == 0)
				region++;
		} else if (is(c, i, "else") || is(c, i, "do")) {
			next_stmt = true;
		} else if (is(c, i, ":") && in_label) {
			in_label = false;
			next_stmt = true;
		}
	}
	return sp == 0 && nb == 0;
}

/* ---- emitting mutants ---- */

static void emit(struct ctx *c, enum rdmaneg_mut_op op, size_t s1, size_t e1, const char *t1,
		 size_t l1, size_t s2, size_t e2, const char *t2, size_t l2)
{
	if (l1 >= RDMANEG_MUT_TEXT || l2 >= RDMANEG_MUT_TEXT)
		return;
	if (c->count < c->cap) {
		struct rdmaneg_mutant *m = &c->out[c->count];

		memset(m, 0, sizeof(*m));
		m->op = op;
		m->nedits = t2 ? 2u : 1u;
		m->edit[0].start = s1;
		m->edit[0].end = e1;
		memcpy(m->edit[0].text, t1, l1);
		if (t2) {
			m->edit[1].start = s2;
			m->edit[1].end = e2;
			memcpy(m->edit[1].text, t2, l2);
		}
		m->line = 1;
		m->col = 1;
		for (size_t k = 0; k < s1; k++) {
			if (c->src[k] == '\n') {
				m->line++;
				m->col = 1;
			} else {
				m->col++;
			}
		}
	}
	c->count++;
}

static void replace(struct ctx *c, enum rdmaneg_mut_op op, size_t i, const char *text)
{
	emit(c, op, c->t[i].s, c->t[i].e, text, strlen(text), 0, 0, NULL, 0);
}

/* Wraps tokens a..b (inclusive) in !( ). */
static void negate(struct ctx *c, size_t a, size_t b)
{
	emit(c, RDMANEG_MUT_COND, c->t[a].s, c->t[a].s, "!(", 2, c->t[b].e, c->t[b].e, ")", 1);
}

static void op_relational(struct ctx *c, size_t i)
{
	static const char *const from[] = { "<", "<=", ">", ">=" };
	static const char *const to[4][2] = {
		{ "<=", ">=" }, { "<", ">" }, { ">=", "<=" }, { ">", "<" }
	};

	for (size_t k = 0; k < 4; k++)
		if (is(c, i, from[k])) {
			replace(c, RDMANEG_MUT_ROR, i, to[k][0]);
			replace(c, RDMANEG_MUT_ROR, i, to[k][1]);
		}
	if (is(c, i, "=="))
		replace(c, RDMANEG_MUT_EQ, i, "!=");
	else if (is(c, i, "!="))
		replace(c, RDMANEG_MUT_EQ, i, "==");
}

static void op_swaps(struct ctx *c, size_t i)
{
	static const struct {
		const char *a, *b;
		enum rdmaneg_mut_op op;
		bool binary; /* only as a binary operator */
	} sw[] = {
		{ "&&", "||", RDMANEG_MUT_LCR, false },
		{ "||", "&&", RDMANEG_MUT_LCR, false },
		{ "<<", ">>", RDMANEG_MUT_SHIFT, false },
		{ ">>", "<<", RDMANEG_MUT_SHIFT, false },
		{ "<<=", ">>=", RDMANEG_MUT_SHIFT, false },
		{ ">>=", "<<=", RDMANEG_MUT_SHIFT, false },
		{ "+", "-", RDMANEG_MUT_AOR, true },
		{ "-", "+", RDMANEG_MUT_AOR, true },
		{ "+=", "-=", RDMANEG_MUT_AOR, false },
		{ "-=", "+=", RDMANEG_MUT_AOR, false },
		{ "++", "--", RDMANEG_MUT_AOR, false },
		{ "--", "++", RDMANEG_MUT_AOR, false },
		{ "&", "|", RDMANEG_MUT_BIT, true },
		{ "|", "&", RDMANEG_MUT_BIT, true },
		{ "&=", "|=", RDMANEG_MUT_BIT, false },
		{ "|=", "&=", RDMANEG_MUT_BIT, false },
	};

	for (size_t k = 0; k < sizeof(sw) / sizeof(sw[0]); k++)
		if (is(c, i, sw[k].a) && (!sw[k].binary || (i > 0 && ends_operand(c, i - 1))))
			replace(c, sw[k].op, i, sw[k].b);
}

static void op_literal(struct ctx *c, size_t i)
{
	const char *s = c->src + c->t[i].s;
	size_t len = c->t[i].e - c->t[i].s, digits = len;
	char num[64], text[80];
	unsigned long long v;
	char *end;
	bool hex = len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	bool upper = false;

	while (digits > 0 && strchr("uUlL", s[digits - 1]))
		digits--;
	if (digits == 0 || digits >= sizeof(num))
		return;
	memcpy(num, s, digits);
	num[digits] = '\0';
	v = strtoull(num, &end, 0);
	if (*end != '\0')
		return; /* not an integer */
	for (size_t k = 2; hex && k < digits; k++)
		upper = upper || (s[k] >= 'A' && s[k] <= 'F');
	for (int d = 1; d >= -1; d -= 2) {
		unsigned long long w = v + (unsigned long long)(long long)d;

		if (d < 0 && v == 0)
			continue;
		if (hex)
			snprintf(text, sizeof(text), upper ? "%c%c%llX%.*s" : "%c%c%llx%.*s", s[0],
				 s[1], w, (int)(len - digits), s + digits);
		else if (digits > 1 && s[0] == '0')
			snprintf(text, sizeof(text), "0%llo%.*s", w, (int)(len - digits),
				 s + digits);
		else
			snprintf(text, sizeof(text), "%llu%.*s", w, (int)(len - digits),
				 s + digits);
		replace(c, RDMANEG_MUT_LIT, i, text);
	}
}

/* The ; that ends the statement beginning at i, or SIZE_MAX. */
static size_t stmt_end(const struct ctx *c, size_t i)
{
	for (size_t k = i; k < c->n; k++) {
		if (is(c, k, "(") || is(c, k, "["))
			k = c->in[k].match;
		else if (is(c, k, ";"))
			return k;
		else if (is(c, k, "{") || is(c, k, "}"))
			return SIZE_MAX;
	}
	return SIZE_MAX;
}

static void op_delete(struct ctx *c, size_t i)
{
	const struct tok *t = &c->t[i];
	bool expr;
	size_t e;

	if (is(c, i, "break") || is(c, i, "continue"))
		expr = true;
	else if (t->kind == T_ID)
		expr = !is_any(c, i, keywords) && !is_any(c, i, decl_starts) && i + 1 < c->n &&
		       c->t[i + 1].kind != T_ID && !is(c, i + 1, ":");
	else
		expr = is(c, i, "*") || is(c, i, "(") || is(c, i, "++") || is(c, i, "--");
	if (!expr || (e = stmt_end(c, i)) == SIZE_MAX)
		return;
	emit(c, RDMANEG_MUT_DEL, t->s, c->t[e].e, ";", 1, 0, 0, NULL, 0);
}

static void op_condition(struct ctx *c, size_t i)
{
	if (is(c, i, "(") && (c->in[i].owner == OWN_IF || c->in[i].owner == OWN_WHILE)) {
		if (c->in[i].match > i + 1)
			negate(c, i + 1, c->in[i].match - 1);
	} else if (is(c, i, "(") && c->in[i].owner == OWN_FOR) {
		size_t a = SIZE_MAX, b = SIZE_MAX;

		for (size_t k = i + 1; k < c->in[i].match; k++) {
			if (is(c, k, "(") || is(c, k, "["))
				k = c->in[k].match;
			else if (is(c, k, ";") && a == SIZE_MAX)
				a = k;
			else if (is(c, k, ";"))
				b = k;
		}
		if (a != SIZE_MAX && b != SIZE_MAX && b > a + 1)
			negate(c, a + 1, b - 1);
	} else if (is(c, i, "?")) {
		static const char *const stops[] = { "=",  "+=", "-=", "*=",	 "/=",	"%=",
						     "&=", "|=", "^=", "<<=",	 ">>=", ",",
						     ";",  "?",	 ":",  "return", NULL };
		size_t k = i;

		while (k > 0) {
			size_t p = k - 1;

			if ((is(c, p, ")") || is(c, p, "]")) && c->in[p].match < p) {
				k = c->in[p].match;
				continue;
			}
			if (is(c, p, "(") || is(c, p, "[") || is(c, p, "{") || is(c, p, "}") ||
			    is_any(c, p, stops))
				break;
			k = p;
		}
		if (k < i)
			negate(c, k, i - 1);
	}
}

static void op_return(struct ctx *c, size_t i)
{
	size_t e = stmt_end(c, i);
	const char *s;
	size_t len;

	if (e == SIZE_MAX || e == i + 1)
		return;
	s = c->src + c->t[i + 1].s;
	len = c->t[e - 1].e - c->t[i + 1].s;
	if (!(len == 1 && s[0] == '0'))
		emit(c, RDMANEG_MUT_RET, c->t[i + 1].s, c->t[e - 1].e, "0", 1, 0, 0, NULL, 0);
	if (!(len == 1 && s[0] == '1'))
		emit(c, RDMANEG_MUT_RET, c->t[i + 1].s, c->t[e - 1].e, "1", 1, 0, 0, NULL, 0);
}

/* Swaps the contents of consecutive subscripts of one region. */
static void op_indices(struct ctx *c)
{
	size_t prev = SIZE_MAX;

	for (size_t i = 0; i < c->n; i++) {
		if (!c->in[i].code || !is(c, i, "[") || i == 0 || !ends_operand(c, i - 1) ||
		    c->in[i].match == i + 1)
			continue;
		if (prev != SIZE_MAX && c->in[prev].region == c->in[i].region &&
		    c->in[prev].match < i) {
			size_t a = c->in[prev].match, b = c->in[i].match;
			size_t la = c->t[a - 1].e - c->t[prev + 1].s;
			size_t lb = c->t[b - 1].e - c->t[i + 1].s;

			if ((la != lb ||
			     memcmp(c->src + c->t[prev + 1].s, c->src + c->t[i + 1].s, la) != 0))
				emit(c, RDMANEG_MUT_IDX, c->t[prev + 1].s, c->t[a - 1].e,
				     c->src + c->t[i + 1].s, lb, c->t[i + 1].s, c->t[b - 1].e,
				     c->src + c->t[prev + 1].s, la);
		}
		prev = i;
	}
}

size_t rdmaneg_mutate_list(const char *src, size_t len, struct rdmaneg_mutant *out, size_t cap)
{
	struct lexer lx = { src, len, NULL, 0, 0 };
	struct ctx c;

	if (!lex(&lx)) {
		free(lx.t);
		return 0;
	}
	c = (struct ctx){ src, lx.t, lx.n, calloc(lx.n + 1, sizeof(struct info)), out, cap, 0 };
	if (!c.in || !structure(&c)) {
		free(c.in);
		free(lx.t);
		return 0;
	}
	for (size_t i = 0; i < c.n; i++) {
		bool code = c.in[i].code;

		if (c.t[i].kind == T_NUM && (code || c.in[i].init))
			op_literal(&c, i);
		if (!code)
			continue;
		if (c.in[i].stmt)
			op_delete(&c, i);
		if (c.t[i].kind == T_PUNCT) {
			op_relational(&c, i);
			op_swaps(&c, i);
			op_condition(&c, i);
		}
		if (is(&c, i, "return"))
			op_return(&c, i);
	}
	op_indices(&c);
	free(c.in);
	free(lx.t);
	return c.count;
}

size_t rdmaneg_mutate_apply(const char *src, size_t len, const struct rdmaneg_mutant *m, char *out,
			    size_t cap)
{
	size_t pos = 0, o = 0;

	if (m->nedits < 1 || m->nedits > 2 || (m->nedits == 2 && m->edit[1].start < m->edit[0].end))
		return (size_t)-1;
	for (unsigned k = 0; k < m->nedits; k++) {
		const struct rdmaneg_mut_edit *e = &m->edit[k];
		size_t tl = strnlen(e->text, RDMANEG_MUT_TEXT);

		if (e->start < pos || e->end < e->start || e->end > len ||
		    o + (e->start - pos) + tl >= cap)
			return (size_t)-1;
		memcpy(out + o, src + pos, e->start - pos);
		o += e->start - pos;
		memcpy(out + o, e->text, tl);
		o += tl;
		pos = e->end;
	}
	if (o + (len - pos) >= cap)
		return (size_t)-1;
	memcpy(out + o, src + pos, len - pos);
	o += len - pos;
	out[o] = '\0';
	return o;
}

/* Appends src[a, b) to out with blanks collapsed and lines joined. */
static void flatten(const char *s, size_t a, size_t b, char *out, size_t cap, size_t *o,
		    bool *blank)
{
	for (size_t k = a; k < b && *o + 1 < cap; k++) {
		char ch = s[k];

		if (ch == '\n' || ch == '\t' || ch == ' ' || ch == '\r') {
			*blank = *o > 0;
			continue;
		}
		if (*blank && *o + 2 < cap)
			out[(*o)++] = ' ';
		*blank = false;
		out[(*o)++] = ch;
	}
	out[*o] = '\0';
}

void rdmaneg_mutate_describe(const char *src, size_t len, const struct rdmaneg_mutant *m,
			     char *before, size_t bcap, char *after, size_t acap)
{
	const struct rdmaneg_mut_edit *last = &m->edit[m->nedits - 1];
	size_t a = m->edit[0].start, b = last->end, pos, o = 0;
	bool blank = false;

	if (bcap == 0 || acap == 0)
		return;
	before[0] = after[0] = '\0';
	if (b > len || a > b)
		return;
	while (a > 0 && src[a - 1] != '\n')
		a--;
	while (b < len && src[b] != '\n')
		b++;
	flatten(src, a, b, before, bcap, &o, &blank);
	o = 0;
	blank = false;
	pos = a;
	for (unsigned k = 0; k < m->nedits; k++) {
		const struct rdmaneg_mut_edit *e = &m->edit[k];

		flatten(src, pos, e->start, after, acap, &o, &blank);
		flatten(e->text, 0, strnlen(e->text, RDMANEG_MUT_TEXT), after, acap, &o, &blank);
		pos = e->end;
	}
	flatten(src, pos, b, after, acap, &o, &blank);
}

const char *rdmaneg_mut_op_name(enum rdmaneg_mut_op op)
{
	static const char *const names[RDMANEG_MUT_NOPS] = {
		"ror", "eq", "lcr", "cond", "lit", "del", "idx", "ret", "shift", "aor", "bit",
	};

	return (unsigned)op < RDMANEG_MUT_NOPS ? names[op] : "unknown";
}

void rdmaneg_mutate_describe_all(const char *src, size_t len, const struct rdmaneg_mutant *m,
				 size_t n, char (*before)[RDMANEG_MUT_DESC],
				 char (*after)[RDMANEG_MUT_DESC])
{
	unsigned *k = calloc(n ? n : 1, sizeof(*k));

	for (size_t j = 0; j < n; j++)
		rdmaneg_mutate_describe(src, len, &m[j], before[j], RDMANEG_MUT_DESC, after[j],
					RDMANEG_MUT_DESC);
	/* count on the plain texts first, then mark them */
	for (size_t j = 0; k && j < n; j++) {
		k[j] = 1;
		for (size_t i = 0; i < j; i++)
			k[j] += m[i].op == m[j].op && strcmp(before[i], before[j]) == 0 &&
				strcmp(after[i], after[j]) == 0;
	}
	for (size_t j = 0; k && j < n; j++)
		if (k[j] > 1) {
			size_t l = strlen(after[j]);

			snprintf(after[j] + l, RDMANEG_MUT_DESC - l, " [#%u]", k[j]);
		}
	free(k);
}
