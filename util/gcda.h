/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gcda: gcc's coverage-count files as the kernel writes them under
 * /sys/kernel/debug/gcov (kernel/gcov/gcc_4_7.c with gcc 12 or later: a
 * 16-octet header, then tagged records whose lengths count octets; every
 * number a 32-bit word in the writer's byte order, a 64-bit counter as two
 * words, low first). The data is the guest kernel's, so every length is
 * checked before it is read.
 */
#ifndef RDMANEG_GCDA_H
#define RDMANEG_GCDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_GCDA_MAGIC 0x67636461u	      /* "gcda" */
#define RDMANEG_GCDA_TAG_FUNCTION 0x01000000u /* ident, lineno and cfg checksums */
#define RDMANEG_GCDA_TAG_ARCS 0x01a10000u     /* counter kind 0: the arcs */
#define RDMANEG_GCDA_HEADER 16u		      /* magic, version, stamp, checksum */

struct rdmaneg_gcda {
	uint32_t version, stamp;
	size_t functions; /* function records */
	size_t arcs;	  /* arc counters, in file order */
	size_t arcs_hit;  /* of them, non-zero */
};

/*
 * Parses the .gcda image b[0..len-1] into *out. Arc counter i (in file
 * order, over every function) that is non-zero sets bit i of hit (octet
 * i / 8, bit i % 8) when i < hit_bits; hit may be NULL when hit_bits is 0.
 * Bits are only ever set, so one bitmap can gather several reads, and
 * only for an image that parses whole: a refused one sets none. Records
 * of other counter kinds and of unknown tags are skipped by their length.
 * Returns NULL on success, else why the image was refused (a short
 * header, another magic, a record longer than the image, a length that is
 * not a whole number of words or counters, arcs before any function).
 */
const char *rdmaneg_gcda_parse(const uint8_t *b, size_t len, uint8_t *hit, size_t hit_bits,
			       struct rdmaneg_gcda *out);

/* How many of the first bits of map (bits of them) are set. */
size_t rdmaneg_gcda_count(const uint8_t *map, size_t bits);

/* Sets in acc every bit of map that acc lacks (bits of each) and returns
 * how many that was: the arcs new to acc. */
size_t rdmaneg_gcda_merge(uint8_t *acc, const uint8_t *map, size_t bits);

#endif
