/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hex: hexadecimal text to octets and back, one reader and one writer for
 * the CLI, rdmaneg-peer and the live records and reports. Digits in either case; spaces, tabs, newlines
 * and ':' only separate octets. A text may arrive in pieces (the CLI's
 * arguments): a half octet carries over to the next piece.
 */
#ifndef RDMANEG_HEX_H
#define RDMANEG_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The value of one hex digit, or -1. */
int rdmaneg_hex_digit(int c);

struct rdmaneg_hex {
	uint8_t *out;
	size_t cap;	/* room in out */
	size_t len;	/* octets written */
	size_t digits;	/* hex digits read */
	int hi;		/* the pending high nibble, -1 when none */
	const char *at; /* after an error: the character that caused it */
};

enum {
	RDMANEG_HEX_OK = 0,
	RDMANEG_HEX_DIGIT = 1, /* *at is not a hex digit nor a separator */
	RDMANEG_HEX_FULL = 2,  /* the octet ending at *at does not fit */
};

void rdmaneg_hex_init(struct rdmaneg_hex *h, uint8_t *out, size_t cap);

/* Reads the NUL-terminated text s into h; stops at the first error. */
int rdmaneg_hex_feed(struct rdmaneg_hex *h, const char *s);

/* True when no half octet is pending (an even number of digits). */
bool rdmaneg_hex_whole(const struct rdmaneg_hex *h);

/* And back: b[0..n-1] as lower-case hex, to f. */
void rdmaneg_hex_print(FILE *f, const uint8_t *b, size_t n);

/* The same into out, NUL-terminated, as many whole octets as fit in cap;
 * *len (may be NULL) gets the characters written. True when all of b fit. */
bool rdmaneg_hex_format(const uint8_t *b, size_t n, char *out, size_t cap, size_t *len);

#endif
