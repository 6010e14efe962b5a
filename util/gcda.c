/* gcda: gcc's coverage-count files, as the kernel writes them (see gcda.h) */
#include "gcda.h"

#include "plant.h"

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

size_t rdmaneg_gcda_count(const uint8_t *map, size_t bits)
{
	size_t n = 0;

	for (size_t i = 0; i < bits; i++)
		n += (map[i / 8] >> (i % 8)) & 1u;
	return n;
}

size_t rdmaneg_gcda_merge(uint8_t *acc, const uint8_t *map, size_t bits)
{
	size_t fresh = 0;

	for (size_t i = 0; i < bits; i++) {
		uint8_t bit = (uint8_t)(1u << (i % 8));

		if ((map[i / 8] & bit) && !(acc[i / 8] & bit)) {
			acc[i / 8] |= bit;
			fresh++;
		}
	}
	return fresh;
}
