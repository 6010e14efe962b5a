// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* gcda: gcc's coverage-count files, as the kernel writes them (see gcda.h) */
#include "util/gcda.h"

#include "plants/plant.h"

#include <string.h>

/* the writer's byte order: x86's, little-endian (kernel/gcov/base.c) */
static uint32_t word(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* counter kinds: RDMANEG_GCDA_TAG_ARCS + (kind << 17) (kernel/gcov/gcov.h) */
static bool counter_tag(uint32_t tag)
{
	return (tag & 0xffe1ffffu) == RDMANEG_GCDA_TAG_ARCS;
}

/* One pass over the records; bits set only when hit is not NULL. */
static const char *walk(const uint8_t *b, size_t len, uint8_t *hit, size_t hit_bits,
			struct rdmaneg_gcda *out)
{
	size_t pos = RDMANEG_GCDA_HEADER;

	memset(out, 0, sizeof(*out));
	if (len < RDMANEG_GCDA_HEADER)
		return "shorter than the 16-octet header";
	if (word(b) != RDMANEG_GCDA_MAGIC)
		return "not a .gcda image (magic)";
	out->version = word(b + 4);
	out->stamp = word(b + 8);
	while (pos < len) {
		uint32_t tag, rlen;

		if (len - pos < 8)
			return "a record header cut short";
		tag = word(b + pos);
		rlen = word(b + pos + 4);
		pos += 8;
		if (rlen > len - pos && !RDMANEG_PLANTED(gcda_len_unchecked))
			return "a record longer than the image";
		if (rlen % 4 != 0)
			return "a record length that is not a whole number of words";
		if (tag == RDMANEG_GCDA_TAG_FUNCTION) {
			if (rlen != 12)
				return "a function record that is not 12 octets";
			out->functions++;
		} else if (counter_tag(tag)) {
			if (rlen % 8 != 0)
				return "counters that are not whole 64-bit values";
			if (tag == RDMANEG_GCDA_TAG_ARCS && out->functions == 0)
				return "arcs before any function";
			for (size_t k = 0; tag == RDMANEG_GCDA_TAG_ARCS && k < rlen; k += 8) {
				size_t i = out->arcs++;

				if ((word(b + pos + k) | word(b + pos + k + 4)) == 0)
					continue;
				out->arcs_hit++;
				if (hit && i < hit_bits)
					hit[i / 8] |= (uint8_t)(1u << (i % 8));
			}
		}
		pos += rlen;
	}
	return NULL;
}

const char *rdmaneg_gcda_parse(const uint8_t *b, size_t len, uint8_t *hit, size_t hit_bits,
			       struct rdmaneg_gcda *out)
{
	/* the whole image is checked before a bit is set */
	const char *why = walk(b, len, NULL, 0, out);

	return why || !hit ? why : walk(b, len, hit, hit_bits, out);
}

/* popcount of map[0..n-1], eight octets at a time: the fuzz target counts
 * 4096 bits per input, and each loop test is a traced comparison there */
static size_t octets_set(const uint8_t *map, size_t n)
{
	size_t c = 0, i = 0;
	for (; n - i >= 8; i += 8) {
		uint64_t w;
		memcpy(&w, map + i, 8);
		c += (size_t)__builtin_popcountll(w);
	}
	for (; i < n; i++)
		c += (size_t)__builtin_popcount(map[i]);
	return c;
}

size_t rdmaneg_gcda_count(const uint8_t *map, size_t bits)
{
	size_t n = octets_set(map, bits / 8);
	if (bits % 8)
		n += (size_t)__builtin_popcount(map[bits / 8] & ((1u << (bits % 8)) - 1u));
	return n;
}

/* ORs map into acc over n octets; returns the bits that were new to acc */
static size_t merge_octets(uint8_t *acc, const uint8_t *map, size_t n)
{
	size_t fresh = 0, i = 0;
	for (; n - i >= 8; i += 8) {
		uint64_t a, m;
		memcpy(&a, acc + i, 8);
		memcpy(&m, map + i, 8);
		fresh += (size_t)__builtin_popcountll(m & ~a);
		a |= m;
		memcpy(acc + i, &a, 8);
	}
	for (; i < n; i++) {
		uint8_t add = (uint8_t)(map[i] & ~acc[i]);
		acc[i] |= add;
		fresh += (size_t)__builtin_popcount(add);
	}
	return fresh;
}

size_t rdmaneg_gcda_merge(uint8_t *acc, const uint8_t *map, size_t bits)
{
	size_t fresh = merge_octets(acc, map, bits / 8);
	if (bits % 8) {
		uint8_t add = (uint8_t)(map[bits / 8] & ~acc[bits / 8] & ((1u << (bits % 8)) - 1u));
		acc[bits / 8] |= add;
		fresh += (size_t)__builtin_popcount(add);
	}
	return fresh;
}
