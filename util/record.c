// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/record.h"

#include "util/hex.h"

#include <string.h>

static bool plain(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == ',' || c == ':' || c == '/' || c == '+' || c == '-';
}

int rdmaneg_rec_parse(const char *line, size_t len, struct rdmaneg_rec *r)
{
	size_t i = 0, t;

	memset(r, 0, sizeof(*r));
	while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	/* the tag: upper case, digits and '_' */
	while (i < len && ((line[i] >= 'A' && line[i] <= 'Z') || line[i] == '_' ||
			   (line[i] >= '0' && line[i] <= '9')))
		i++;
	if (i == 0 || i >= sizeof(r->tag) || (i < len && line[i] != ' '))
		return RDMANEG_REC_SYNTAX;
	memcpy(r->tag, line, i);
	r->tag[i] = '\0';
	while (i < len) {
		struct rdmaneg_rec_field *f;

		if (line[i] != ' ')
			return RDMANEG_REC_SYNTAX;
		i++;
		if (i == len)
			break; /* a trailing space */
		if (r->n == RDMANEG_REC_FIELDS)
			return RDMANEG_REC_SYNTAX;
		f = &r->f[r->n];
		f->key = line + i;
		for (t = i; t < len && line[t] != '='; t++)
			if (!plain((unsigned char)line[t]))
				return RDMANEG_REC_SYNTAX;
		if (t == i || t == len)
			return RDMANEG_REC_SYNTAX;
		f->key_len = t - i;
		i = t + 1;
		f->val = line + i;
		while (i < len && line[i] != ' ') {
			if (line[i] == '%') {
				if (len - i < 3 ||
				    rdmaneg_hex_digit((unsigned char)line[i + 1]) < 0 ||
				    rdmaneg_hex_digit((unsigned char)line[i + 2]) < 0)
					return RDMANEG_REC_SYNTAX;
				i += 3;
			} else if (plain((unsigned char)line[i])) {
				i++;
			} else {
				return RDMANEG_REC_SYNTAX;
			}
		}
		f->val_len = (size_t)(line + i - f->val);
		r->n++;
	}
	return RDMANEG_REC_OK;
}

const struct rdmaneg_rec_field *rdmaneg_rec_find(const struct rdmaneg_rec *r, const char *key)
{
	size_t kl = strlen(key);

	for (size_t i = 0; i < r->n; i++)
		if (r->f[i].key_len == kl && memcmp(r->f[i].key, key, kl) == 0)
			return &r->f[i];
	return NULL;
}

bool rdmaneg_rec_unescape(const char *src, size_t n, char *out, size_t cap, size_t *outlen)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)src[i];

		if (c == '%') {
			int hi, lo;

			if (n - i < 3)
				return false;
			hi = rdmaneg_hex_digit((unsigned char)src[i + 1]);
			lo = rdmaneg_hex_digit((unsigned char)src[i + 2]);
			if (hi < 0 || lo < 0)
				return false;
			c = hi << 4 | lo;
			i += 2;
		}
		if (o >= cap)
			return false;
		out[o++] = (char)c;
	}
	*outlen = o;
	return true;
}

int rdmaneg_rec_str(const struct rdmaneg_rec *r, const char *key, char *out, size_t cap)
{
	const struct rdmaneg_rec_field *f = rdmaneg_rec_find(r, key);
	size_t n;

	if (cap == 0)
		return RDMANEG_REC_RANGE;
	out[0] = '\0';
	if (!f)
		return RDMANEG_REC_MISSING;
	if (!rdmaneg_rec_unescape(f->val, f->val_len, out, cap - 1, &n))
		return RDMANEG_REC_RANGE;
	out[n] = '\0';
	return RDMANEG_REC_OK;
}

int rdmaneg_rec_hex(const struct rdmaneg_rec *r, const char *key, uint8_t *out, size_t cap,
		    size_t *n)
{
	const struct rdmaneg_rec_field *f = rdmaneg_rec_find(r, key);

	*n = 0;
	if (!f)
		return RDMANEG_REC_MISSING;
	if (f->val_len % 2 != 0 || f->val_len / 2 > cap)
		return RDMANEG_REC_RANGE;
	for (size_t i = 0; i < f->val_len; i += 2) {
		int hi = rdmaneg_hex_digit((unsigned char)f->val[i]);
		int lo = rdmaneg_hex_digit((unsigned char)f->val[i + 1]);

		if (hi < 0 || lo < 0)
			return RDMANEG_REC_RANGE;
		out[i / 2] = (uint8_t)(hi << 4 | lo);
	}
	*n = f->val_len / 2;
	return RDMANEG_REC_OK;
}

int rdmaneg_rec_i64(const struct rdmaneg_rec *r, const char *key, int64_t *v)
{
	const struct rdmaneg_rec_field *f = rdmaneg_rec_find(r, key);
	uint64_t acc = 0;
	size_t i = 0;
	bool neg = false;

	if (!f)
		return RDMANEG_REC_MISSING;
	if (f->val_len > 0 && f->val[0] == '-') {
		neg = true;
		i = 1;
	}
	if (i == f->val_len)
		return RDMANEG_REC_RANGE;
	for (; i < f->val_len; i++) {
		unsigned d = (unsigned)(unsigned char)f->val[i] - '0';

		if (d > 9 || acc > (UINT64_MAX - d) / 10)
			return RDMANEG_REC_RANGE;
		acc = acc * 10 + d;
	}
	if (acc > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
		return RDMANEG_REC_RANGE;
	*v = neg ? (int64_t)(0 - acc) : (int64_t)acc;
	return RDMANEG_REC_OK;
}

void rdmaneg_rec_begin(FILE *f, const char *tag)
{
	fputs(tag, f);
}

void rdmaneg_rec_i64w(FILE *f, const char *key, int64_t v)
{
	fprintf(f, " %s=%lld", key, (long long)v);
}

void rdmaneg_rec_strw(FILE *f, const char *key, const char *s)
{
	fprintf(f, " %s=", key);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (plain(c))
			fputc(c, f);
		else
			fprintf(f, "%%%02X", c);
	}
}

void rdmaneg_rec_hexw(FILE *f, const char *key, const uint8_t *b, size_t n)
{
	fprintf(f, " %s=", key);
	rdmaneg_hex_print(f, b, n);
}

void rdmaneg_rec_end(FILE *f)
{
	fputc('\n', f);
	fflush(f);
}
