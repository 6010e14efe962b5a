#include "hex.h"

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
