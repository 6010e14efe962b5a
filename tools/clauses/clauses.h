/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * clauses: the registry of the specs' normative statements (spec/,
 * docs/compliance.md). Pure: text in, clauses out, so the host tests it.
 *
 * A spec is plain RFC or Internet-Draft text. Page headers and footers
 * and form feeds are dropped, each paragraph (lines up to a blank line)
 * joined into one, and each heading at column 0 ("4.2.  Title",
 * "Appendix A.  Title") starts a section. A clause is:
 *   - a sentence with a BCP 14 key word in capitals (MUST, MUST NOT,
 *     REQUIRED, SHALL, SHALL NOT, SHOULD, SHOULD NOT, RECOMMENDED, NOT
 *     RECOMMENDED, MAY, OPTIONAL), outside the Requirements Language
 *     paragraph; its level is the strongest key word in it;
 *   - a field layout: each ASCII diagram of a packet (lines of +-+-+),
 *     with the field names of its cells.
 * A clause's id is DOC#SECTION-N (the N-th clause of the section, in
 * order), and the one citation form is that id in brackets:
 * [rfc8797#4-2].
 */
#ifndef RDMANEG_CLAUSES_H
#define RDMANEG_CLAUSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_CLAUSE_ID 64	/* an id, with its terminator */
#define RDMANEG_CLAUSE_TEXT 640 /* a clause's text; longer ones are cut */
#define RDMANEG_CLAUSE_DOC 40	/* a document's name */

enum rdmaneg_clause_level {
	RDMANEG_LEVEL_MUST_NOT,
	RDMANEG_LEVEL_MUST,
	RDMANEG_LEVEL_SHOULD_NOT,
	RDMANEG_LEVEL_SHOULD,
	RDMANEG_LEVEL_MAY,
	RDMANEG_LEVEL_LAYOUT
};

struct rdmaneg_clause {
	char id[RDMANEG_CLAUSE_ID];
	char section[24];
	enum rdmaneg_clause_level level;
	char text[RDMANEG_CLAUSE_TEXT];
};

/* The level's name: "MUST NOT", ..., "LAYOUT"; and back (-1: none). */
const char *rdmaneg_clause_level_name(enum rdmaneg_clause_level l);
int rdmaneg_clause_level_of(const char *name);

/* The document name of a spec file: its base name without ".txt", a
 * draft's without "draft-ietf-WG-" ("rpcrdma-cm-pvt-data-01"). False
 * when it does not fit or is empty. */
bool rdmaneg_clause_doc(const char *path, char *out, size_t cap);

/* The clauses of text[0..len-1], the spec doc, into out[0..cap-1], in
 * order: how many there are (those past cap are counted, not stored). */
size_t rdmaneg_clauses_extract(const char *doc, const char *text, size_t len,
			       struct rdmaneg_clause *out, size_t cap);

/* The sections of text (each heading's number), into out[k] as strings
 * of up to 24 octets: how many (past cap counted, not stored). */
size_t rdmaneg_clause_sections(const char *text, size_t len, char (*out)[24], size_t cap);

/* FNV-1a, 64 bits: the registry's fingerprint of a spec file. */
uint64_t rdmaneg_clause_fnv(const char *text, size_t len);

/*
 * Citations in text: each "[DOC#SECTION-N]" or "[DOC#SECTION]" (DOC of
 * [a-z0-9-], SECTION of [0-9A-Za-z.]); fn is called with the id (without
 * brackets) and its 1-based line. How many were found.
 */
size_t rdmaneg_clause_cites(const char *text, size_t len,
			    void (*fn)(void *ctx, const char *id, size_t line), void *ctx);

#endif
