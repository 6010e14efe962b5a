/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * guide: the one coverage-guided mutation loop of the hostile peers
 * (rdmaneg-peer's MPA cases, rdmaneg-live nfs-client's RFC 8797 private
 * data). Each peer owns its inputs' type and its mutator; the loop is
 * the same: the k-th random case draws its generator from the seed, picks
 * a kept input (or, unguided, a table case), mutates it, runs it, samples
 * the kernel's arcs (arcs.h), and keeps the input when it reached arcs
 * that no case had. The pool is the caller's storage.
 */
#ifndef RDMANEG_UTIL_GUIDE_H
#define RDMANEG_UTIL_GUIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rdmaneg_guide {
	unsigned char *pool; /* cap inputs of elem octets each */
	size_t elem, cap, n;
	size_t kept; /* inputs kept for reaching new arcs */
};

void rdmaneg_guide_init(struct rdmaneg_guide *g, void *storage, size_t elem, size_t cap);

/* A starting input (a table case, a corpus frame): false when full. */
bool rdmaneg_guide_add(struct rdmaneg_guide *g, const void *input);

/* The generator state of the k-th random case of seed: one formula for
 * every peer, so a case's name (seed, k) rebuilds it. */
uint64_t rdmaneg_guide_rng(uint64_t seed, uint64_t k);

/* A pooled input chosen with rng (advanced), or NULL when the pool is
 * empty. */
const void *rdmaneg_guide_pick(const struct rdmaneg_guide *g, uint64_t *rng);

/* After a case: fresh is how many arcs it reached first. The input is
 * kept when fresh > 0 and there is room; true when it was kept. */
bool rdmaneg_guide_keep(struct rdmaneg_guide *g, const void *input, long fresh);

#endif
