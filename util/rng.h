/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rng: the one pseudo-random generator of the host tools, splitmix64
 * (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", 2014): a 64-bit state, one step per draw, the same stream
 * for the same seed on every machine, so a seed printed by a run replays
 * it. Header-only, so the property engine, the fuzz targets, the peers and
 * the tools share it without another object to link.
 */
#ifndef RDMANEG_RNG_H
#define RDMANEG_RNG_H

#include <stdint.h>

/* The next number of the stream whose state is *s. */
static inline uint64_t rdmaneg_splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

#endif
