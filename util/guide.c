// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/guide.h"

#include "util/rng.h"

#include <string.h>

void rdmaneg_guide_init(struct rdmaneg_guide *g, void *storage, size_t elem, size_t cap)
{
	g->pool = storage;
	g->elem = elem;
	g->cap = cap;
	g->n = 0;
	g->kept = 0;
}

bool rdmaneg_guide_add(struct rdmaneg_guide *g, const void *input)
{
	if (g->n >= g->cap)
		return false;
	memcpy(g->pool + g->n * g->elem, input, g->elem);
	g->n++;
	return true;
}

uint64_t rdmaneg_guide_rng(uint64_t seed, uint64_t k)
{
	return seed * 0x100000001B3ull + k;
}

const void *rdmaneg_guide_pick(const struct rdmaneg_guide *g, uint64_t *rng)
{
	if (g->n == 0)
		return NULL;
	return g->pool + (size_t)(rdmaneg_splitmix64(rng) % g->n) * g->elem;
}

bool rdmaneg_guide_keep(struct rdmaneg_guide *g, const void *input, long fresh)
{
	if (fresh <= 0 || !rdmaneg_guide_add(g, input))
		return false;
	g->kept++;
	return true;
}
