// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/verdict.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const names[RDMANEG_VERDICT_KINDS] = { "conforms", "diverges", "finding" };

const char *rdmaneg_verdict_name(enum rdmaneg_verdict_kind k)
{
	return (unsigned)k < RDMANEG_VERDICT_KINDS ? names[k] : "?";
}

bool rdmaneg_verdict_parse(const char *name, enum rdmaneg_verdict_kind *k)
{
	for (unsigned i = 0; i < RDMANEG_VERDICT_KINDS; i++)
		if (strcmp(name, names[i]) == 0) {
			*k = (enum rdmaneg_verdict_kind)i;
			return true;
		}
	return false;
}

void rdmaneg_verdict_conforms(struct rdmaneg_verdict *v)
{
	v->kind = RDMANEG_VERDICT_CONFORMS;
	v->clause = NULL;
	v->detail[0] = '\0';
}

void rdmaneg_verdict_set(struct rdmaneg_verdict *v, enum rdmaneg_verdict_kind k, const char *clause,
			 const char *fmt, ...)
{
	va_list ap;

	v->kind = k;
	v->clause = clause;
	va_start(ap, fmt);
	(void)vsnprintf(v->detail, sizeof(v->detail), fmt, ap);
	va_end(ap);
}

void rdmaneg_verdict_text(const struct rdmaneg_verdict *v, char *out, size_t cap)
{
	(void)snprintf(out, cap, "%s%s%s", rdmaneg_verdict_name(v->kind), v->clause ? " " : "",
		       v->clause ? v->clause : "");
}

void rdmaneg_verdict_count(struct rdmaneg_verdict_tally *t, const struct rdmaneg_verdict *v)
{
	if ((unsigned)v->kind < RDMANEG_VERDICT_KINDS)
		t->n[v->kind]++;
}
