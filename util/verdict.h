/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verdict: the one verdict type of every suite that judges an
 * implementation against the RFCs (rdmaneg-peer, make live, make
 * live-nfs): conforms, diverges from a clause, or a finding (the
 * implementation crashed, hung or corrupted memory). Each suite's judge
 * fills it from its expectation and its observation; its reports print it.
 */
#ifndef RDMANEG_UTIL_VERDICT_H
#define RDMANEG_UTIL_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

enum rdmaneg_verdict_kind {
	RDMANEG_VERDICT_CONFORMS = 0,
	RDMANEG_VERDICT_DIVERGES,
	RDMANEG_VERDICT_FINDING
};
#define RDMANEG_VERDICT_KINDS 3

struct rdmaneg_verdict {
	enum rdmaneg_verdict_kind kind;
	const char *clause; /* the clause it diverges from, or NULL */
	char detail[400];
};

/* "conforms", "diverges", "finding" */
const char *rdmaneg_verdict_name(enum rdmaneg_verdict_kind k);
/* The kind a name gives; false when it is none of them. */
bool rdmaneg_verdict_parse(const char *name, enum rdmaneg_verdict_kind *k);

/* v conforms, with no clause and no detail. */
void rdmaneg_verdict_conforms(struct rdmaneg_verdict *v);
/* v diverges from clause (or is a finding), detail formatted from fmt. */
void rdmaneg_verdict_set(struct rdmaneg_verdict *v, enum rdmaneg_verdict_kind k, const char *clause,
			 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* "conforms", or the kind and the clause: "diverges 4.2" */
void rdmaneg_verdict_text(const struct rdmaneg_verdict *v, char *out, size_t cap);

/* How many verdicts of each kind. */
struct rdmaneg_verdict_tally {
	size_t n[RDMANEG_VERDICT_KINDS];
};
void rdmaneg_verdict_count(struct rdmaneg_verdict_tally *t, const struct rdmaneg_verdict *v);

#endif
