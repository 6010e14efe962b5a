/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sha256: SHA-256 (FIPS 180-4) for the host tools' content keys: make
 * test's suite cache and the proof cache. Not for secrets: it only has to
 * tell two contents apart.
 */
#ifndef RDMANEG_SHA256_H
#define RDMANEG_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define RDMANEG_SHA256_LEN 32
#define RDMANEG_SHA256_HEX (2 * RDMANEG_SHA256_LEN + 1)

struct rdmaneg_sha256 {
	uint32_t h[8];
	uint64_t bits;	 /* message length so far */
	uint8_t buf[64]; /* the block being filled */
	size_t used;	 /* octets in buf */
};

void rdmaneg_sha256_init(struct rdmaneg_sha256 *s);
void rdmaneg_sha256_update(struct rdmaneg_sha256 *s, const void *data, size_t len);
/* Adds a NUL-terminated string and its terminator, so "ab","c" and "a","bc" differ. */
void rdmaneg_sha256_str(struct rdmaneg_sha256 *s, const char *str);
/* Adds a 64-bit number, little-endian. */
void rdmaneg_sha256_u64(struct rdmaneg_sha256 *s, uint64_t v);
void rdmaneg_sha256_final(struct rdmaneg_sha256 *s, uint8_t out[RDMANEG_SHA256_LEN]);
/* The digest as 64 lowercase hex digits and a NUL. */
void rdmaneg_sha256_hex(const uint8_t d[RDMANEG_SHA256_LEN], char out[RDMANEG_SHA256_HEX]);

#endif
