/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * casename: the one grammar of a hostile peer's case names, shared by
 * rdmaneg-peer, rdmaneg-live nfs-client and the host's campaign driver
 * (live/campaign). A name is the whole key of a case: given to the peer
 * again (make live-repro CASE=..., or over a campaign's channel) it
 * rebuilds the same input.
 *   a table case        abcd-1000            (the peer's own table)
 *   a random case       random-SEED-K        the K-th random case of SEED
 *   a mutation chain    BASE~HEX[~HEX...]    BASE (a table case, or
 *                       corpus.FILE) with one mutation per HEX, seeded by
 *                       it, in order: what a guided campaign builds
 * Names hold [A-Za-z0-9_.,-] and '~' only, so they pass a kernel command
 * line, a shell word and a record value unescaped.
 */
#ifndef RDMANEG_CASENAME_H
#define RDMANEG_CASENAME_H

#include "util/guide.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_CASENAME_MAX 160u	       /* with its terminator */
#define RDMANEG_CASENAME_LINKS 8u	       /* mutations in a chain */
#define RDMANEG_CASENAME_RANDOM_MAX 10000000ul /* a random case's index bound */

enum rdmaneg_casename_kind {
	RDMANEG_CASENAME_PLAIN = 0, /* a table case (or a peer's own word: "frame") */
	RDMANEG_CASENAME_RANDOM,
	RDMANEG_CASENAME_CHAIN
};

struct rdmaneg_casename {
	enum rdmaneg_casename_kind kind;
	char base[RDMANEG_CASENAME_MAX]; /* PLAIN and CHAIN: the case or corpus.FILE */
	unsigned long seed, index;	 /* RANDOM */
	uint32_t chain[RDMANEG_CASENAME_LINKS];
	size_t nchain;
};

/* Parses name; false for a name outside the grammar (empty, too long, a
 * character outside the set, a chain with an empty base, an empty or
 * over-long HEX, more than RDMANEG_CASENAME_LINKS mutations, a random
 * case's index at or past RDMANEG_CASENAME_RANDOM_MAX). */
bool rdmaneg_casename_parse(const char *name, struct rdmaneg_casename *out);

/* The name of parent mutated once more by seed: parent~HEX, or, when
 * parent's chain is full, parent with its last HEX replaced (the chain
 * stays bounded). False when parent does not parse or out is too small. */
bool rdmaneg_casename_child(const char *parent, uint32_t seed, char *out, size_t cap);

/* A name as a guided pool holds it (util/guide.h's elements). */
struct rdmaneg_casename_str {
	char s[RDMANEG_CASENAME_MAX];
};

/* The name of the rel-th guided case of seed into out: the case's
 * generator (rdmaneg_guide_rng) picks an input of pool, whose elements
 * are struct rdmaneg_casename_str, and seeds its one new mutation. False
 * when the pool is empty or the name does not fit. */
bool rdmaneg_casename_guided(const struct rdmaneg_guide *pool, uint64_t seed, uint64_t rel,
			     char *out, size_t cap);

/* The corpus base of a file: "corpus." FILE (false when it does not fit
 * or FILE holds a character outside the set). */
bool rdmaneg_casename_corpus(const char *file, char *out, size_t cap);

#endif
