/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan: what rdmaneg-peer sends, by case name (util/casename.h). The table
 * of the role, the --corpus frames, and the one path from a name to a
 * frame: a table case's recipe, a random case's mutation of a table case
 * or corpus frame, a chain of mutations of one, or the --frame octets.
 * Every run, in-process loop or campaign agent alike, builds its frames
 * here, so a name printed by one rebuilds the same frame in the other.
 */
#ifndef RDMANEG_PEER_PLAN_H
#define RDMANEG_PEER_PLAN_H

#include "peer/peer_cases.h"
#include "peer/peer_report.h"
#include "util/casename.h"
#include <rdmaneg/mpa.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_PEER_FRAME_CAP (RDMANEG_MPA_HDR_LEN + 65536u + 128u)
#define RDMANEG_PEER_CORPUS_MAX 1024
#define RDMANEG_PEER_CORPUS_ARENA (1u << 20)

/* --corpus: every regular file of the directory of 1..cap octets, in name
 * order, one frame each */
struct rdmaneg_peer_corpus {
	const uint8_t *frame[RDMANEG_PEER_CORPUS_MAX];
	size_t len[RDMANEG_PEER_CORPUS_MAX];
	char base[RDMANEG_PEER_CORPUS_MAX][RDMANEG_CASENAME_MAX]; /* corpus.FILE */
	size_t n, used;
	uint8_t arena[RDMANEG_PEER_CORPUS_ARENA];
};

struct rdmaneg_peer_plan {
	enum rdmaneg_peer_role role;
	struct rdmaneg_peer_case table[RDMANEG_PEER_CASES_MAX];
	size_t ntable;
	size_t nmutable; /* the table cases random ones draw from: not the tail
			    of cases that end in a reset (the table's last,
			    added after the random draws were fixed) */
	const struct rdmaneg_peer_corpus *corpus; /* or NULL */
	const uint8_t *fixed;			  /* --frame, the case "frame" */
	size_t fixed_n;
};

/* What one case sends: filled by rdmaneg_peer_resolve, read by
 * rdmaneg_peer_make_frame (a rdmaneg_peer_make_reply for the reply role). */
struct rdmaneg_peer_frame_ctx {
	enum rdmaneg_peer_role role;
	const struct rdmaneg_peer_case *c;
	bool random; /* a random case: one mutation drawn from rng */
	uint64_t rng;
	uint32_t chain[RDMANEG_CASENAME_LINKS]; /* a chain's mutations, in order */
	size_t nchain;
	const uint8_t *fixed; /* a corpus frame or --frame, sent whole */
	size_t fixed_n;
	size_t k;	 /* the case's index in the run */
	bool progress;	 /* print PEER_FRAME: triage attaches it to a splat */
	int progress_fd; /* rdmaneg_peer_progress's fd */
};

/* The role's table: 0, or -1 when it is empty. */
int rdmaneg_peer_plan_init(struct rdmaneg_peer_plan *p, enum rdmaneg_peer_role role,
			   uint16_t local_max);

/* Loads --corpus DIR: 0, or -1 with why in err (no directory, nothing to
 * load, too much). */
int rdmaneg_peer_corpus_load(const char *dir, struct rdmaneg_peer_corpus *cp, char *err,
			     size_t cap);

/* The table case of this role called name, or NULL. */
const struct rdmaneg_peer_case *rdmaneg_peer_plan_find(const struct rdmaneg_peer_plan *p,
						       const char *name);

/* The inputs a random or guided case starts from, in order: the mutable
 * table cases of the role, then the corpus frames. Their number; base(i)
 * names the i-th. */
size_t rdmaneg_peer_plan_bases(const struct rdmaneg_peer_plan *p);
const char *rdmaneg_peer_plan_base(const struct rdmaneg_peer_plan *p, size_t i);

/* Case name to frame recipe: fills x and names row r (name, section).
 * 0, or -1 with why in err (not a case name, no such table case or
 * corpus frame, "frame" without --frame octets). */
int rdmaneg_peer_resolve(const struct rdmaneg_peer_plan *p, const char *name,
			 struct rdmaneg_peer_frame_ctx *x, struct rdmaneg_peer_row *r, char *err,
			 size_t cap);

/* One progress line (PEER_CASE, PEER_FRAME, PEER_VERDICT): on stdout,
 * drained when it is a tty, or with fd >= 0 as one write(), cut to
 * RDMANEG_PEER_PROGRESS_MAX octets: a /dev/kmsg record, which the console
 * prints whole, in order with the kernel's own lines. */
#define RDMANEG_PEER_PROGRESS_MAX 900u
void rdmaneg_peer_progress(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The frame of a resolved case into out (req: the SUT's Request, for the
 * reply role); its length. */
size_t rdmaneg_peer_make_frame(void *vctx, const uint8_t *req, size_t req_n, uint8_t *out,
			       size_t cap);

#endif
