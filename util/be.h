/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * be: big-endian (network order) fields of the host tools' frames, read
 * and written octet by octet, so no alignment or host order matters.
 * Header-only, like util/rng.h. src/ keeps its own (it links nothing).
 */
#ifndef RDMANEG_BE_H
#define RDMANEG_BE_H

#include <stdint.h>

/* v's low 16 bits at p[0..1] */
static inline void rdmaneg_be16_put(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* v at p[0..3] */
static inline void rdmaneg_be32_put(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* the 32 bits at p[0..3] */
static inline uint32_t rdmaneg_be32_get(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

#endif
