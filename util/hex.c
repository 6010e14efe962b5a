// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/hex.h"

int rdmaneg_hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void rdmaneg_hex_init(struct rdmaneg_hex *h, uint8_t *out, size_t cap)
{
	h->out = out;
	h->cap = cap;
	h->len = 0;
	h->digits = 0;
	h->hi = -1;
	h->at = NULL;
}

int rdmaneg_hex_feed(struct rdmaneg_hex *h, const char *s)
{
	for (; *s; s++) {
		int v;

		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == ':')
			continue;
		v = rdmaneg_hex_digit((unsigned char)*s);
		if (v < 0) {
			h->at = s;
			return RDMANEG_HEX_DIGIT;
		}
		if (h->hi < 0) {
			h->hi = v;
			h->digits++;
			continue;
		}
		if (h->len >= h->cap) {
			h->at = s;
			return RDMANEG_HEX_FULL;
		}
		h->out[h->len++] = (uint8_t)(h->hi << 4 | v);
		h->hi = -1;
		h->digits++;
	}
	return RDMANEG_HEX_OK;
}

bool rdmaneg_hex_whole(const struct rdmaneg_hex *h)
{
	return h->hi < 0;
}

static const char hex_digits[] = "0123456789abcdef";

void rdmaneg_hex_print(FILE *f, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fputc(hex_digits[b[i] >> 4], f);
		fputc(hex_digits[b[i] & 15], f);
	}
}

bool rdmaneg_hex_format(const uint8_t *b, size_t n, char *out, size_t cap, size_t *len)
{
	size_t o = 0, i = 0;

	if (cap == 0) {
		if (len)
			*len = 0;
		return n == 0;
	}
	for (; i < n && o + 2 < cap; i++) {
		out[o++] = hex_digits[b[i] >> 4];
		out[o++] = hex_digits[b[i] & 15];
	}
	out[o] = '\0';
	if (len)
		*len = o;
	return i == n;
}
