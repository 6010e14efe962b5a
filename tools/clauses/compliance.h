/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * compliance: one row per clause of the registry, the checks that cite it
 * and each implementation's verdict on it (make compliance;
 * docs/compliance.md). Text in, reports out, so the host tests it.
 */
#ifndef RDMANEG_COMPLIANCE_H
#define RDMANEG_COMPLIANCE_H

#include "tools/clauses/clauses.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RDMANEG_COMP_CLAUSES 2048
#define RDMANEG_COMP_KINDS 9 /* core ... tool: rdmaneg_comp_kind_name */
/* core, oracle, siw responder and initiator, then the two Linux ends of
 * each live suite: nvmet, nvme-rdma, svcrdma and xprtrdma (the Linux NFS
 * server and client), isert, ib_iser, ksmbd and cifs, ib_cm passive and
 * active (rxe, ib_cm and rdma_cm over RoCE v2) */
#define RDMANEG_COMP_IMPLS 14
/* the live suites whose report.json rdmaneg_comp_linux reads: nvme, nfs,
 * iser, smbd, roce (rdmaneg_comp_suite_name) */
#define RDMANEG_COMP_SUITES 5

/* An implementation's verdict on a clause. */
enum rdmaneg_comp_verdict {
	RDMANEG_COMP_NOT_EXERCISED = 0,
	RDMANEG_COMP_CONFORMS,
	RDMANEG_COMP_DIVERGES,
	RDMANEG_COMP_FINDING
};

struct rdmaneg_comp_row {
	char id[RDMANEG_CLAUSE_ID], level[16], section[24];
	const char *text;     /* into the registry's text, which the caller keeps */
	char untestable[200]; /* why no check can cite it, or "" */
	unsigned cites[RDMANEG_COMP_KINDS];
	char first[160]; /* the first citation, FILE:LINE */
	enum rdmaneg_comp_verdict v[RDMANEG_COMP_IMPLS];
	char why[RDMANEG_COMP_IMPLS][400]; /* a divergence's case and reproducer */
};

struct rdmaneg_comp {
	struct rdmaneg_comp_row row[RDMANEG_COMP_CLAUSES];
	size_t n;
	char sections[RDMANEG_COMP_CLAUSES][RDMANEG_CLAUSE_ID]; /* DOC#SECTION */
	size_t nsections;
	size_t unknown; /* citations of ids the registry does not hold */
	/* what the implementation verdicts were read from, or "" */
	char tests_from[200], siw_from[200], live_from[RDMANEG_COMP_SUITES][200];
};

const char *rdmaneg_comp_kind_name(size_t k);
const char *rdmaneg_comp_impl_name(size_t i);
const char *rdmaneg_comp_verdict_name(enum rdmaneg_comp_verdict v);
/* A live suite's name (its make live-NAME, its report option --NAME), or
 * NULL past the last. */
const char *rdmaneg_comp_suite_name(size_t s);

/* The kind of check a file's citations are (by its folder). */
size_t rdmaneg_comp_kind_of(const char *path);

/* Loads a registry's text (clauses.tsv's form; kept by the caller, the
 * rows point into it): 0, or -1 with why in err. */
int rdmaneg_comp_load(struct rdmaneg_comp *c, char *text, char *err, size_t cap);

/* UNTESTABLE's "ID<TAB>why" lines: 0, or -1 with why in err. */
int rdmaneg_comp_untestable(struct rdmaneg_comp *c, char *text, char *err, size_t cap);

/* Tallies the citations in src, a file of path; an unknown id is counted
 * in c->unknown and named on err_out. */
void rdmaneg_comp_cite(struct rdmaneg_comp *c, const char *path, const char *src, size_t len,
		       FILE *err_out);

/*
 * Implementation verdicts.
 * rdmaneg_comp_tests: make test's timing table (build/test-logs/
 * times.json): when it says every suite passed, every clause a check of
 * the core (core, proof, unit test, property, fuzz target) cites
 * conforms for the core, and every clause an oracle rule cites for the
 * oracle. False when the table does not say so.
 * rdmaneg_comp_siw: a campaign's results.jsonl (make live-adversarial):
 * each case's "tests" (the clause the peer's expectation named) and
 * "clause" (its divergence's), by agent: request is siw as responder,
 * reply siw as initiator. Returns the rows read.
 */
bool rdmaneg_comp_tests(struct rdmaneg_comp *c, const char *times, size_t len);
size_t rdmaneg_comp_siw(struct rdmaneg_comp *c, const char *jsonl, size_t len);

/* A live suite's report.json (make live-nvme, live-nfs, live-iser,
 * live-smbd, live-roce), one row a line: each names its clause, the Linux end it
 * judges ("impl": nvmet, nvme-rdma, svcrdma, xprtrdma, isert, ib_iser,
 * ksmbd, cifs, ib_cm passive or ib_cm active) and Linux's verdict ("verdict", else the "oracle"
 * column; "unjudged", "measured" and "void" rows count for nothing).
 * Returns the rows read. */
size_t rdmaneg_comp_linux(struct rdmaneg_comp *c, const char *report, size_t len);

/* MUST and SHOULD clauses no check cites and not untestable. */
size_t rdmaneg_comp_uncovered(const struct rdmaneg_comp *c);

/* The reports: JSON, Markdown, and one self-contained HTML page (no
 * external script, style or font) with filters by spec, level and
 * implementation verdict. */
void rdmaneg_comp_json(const struct rdmaneg_comp *c, FILE *f);
void rdmaneg_comp_md(const struct rdmaneg_comp *c, FILE *f);
void rdmaneg_comp_html(const struct rdmaneg_comp *c, FILE *f);

#endif
