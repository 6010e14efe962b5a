/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * record: the line format the guest programs report in, one observation
 * per line:  TAG key=value key=value ...
 * Values are percent-encoded: every octet outside [A-Za-z0-9_.,:/+-] is
 * written %XX, so a value never holds a space or a newline. The host
 * parses the lines back; nothing is trusted beyond the line given.
 */
#ifndef RDMANEG_RECORD_H
#define RDMANEG_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RDMANEG_REC_FIELDS 160u
#define RDMANEG_REC_TAG 32u

struct rdmaneg_rec_field {
	const char *key; /* into the parsed line, not terminated */
	size_t key_len;
	const char *val; /* still percent-encoded */
	size_t val_len;
};

struct rdmaneg_rec {
	char tag[RDMANEG_REC_TAG];
	size_t n;
	struct rdmaneg_rec_field f[RDMANEG_REC_FIELDS];
};

/* Status of the parser and the getters. */
enum rdmaneg_rec_status {
	RDMANEG_REC_OK = 0,
	RDMANEG_REC_SYNTAX = 1,	 /* not TAG k=v ...; bad escape; too many fields */
	RDMANEG_REC_MISSING = 2, /* no such key */
	RDMANEG_REC_RANGE = 3	 /* value not a number, or does not fit */
};

/* Parses one line (no newline needed; a trailing \r or \n is ignored).
 * The record points into line, which must outlive it. */
int rdmaneg_rec_parse(const char *line, size_t len, struct rdmaneg_rec *r);

/* The raw (encoded) value of key, or NULL. */
const struct rdmaneg_rec_field *rdmaneg_rec_find(const struct rdmaneg_rec *r, const char *key);
/* Decoded text into out (always terminated); RANGE if it does not fit. */
int rdmaneg_rec_str(const struct rdmaneg_rec *r, const char *key, char *out, size_t cap);
/* Decoded octets (the value is hex) into out[0..cap-1]. */
int rdmaneg_rec_hex(const struct rdmaneg_rec *r, const char *key, uint8_t *out, size_t cap,
		    size_t *n);
/* A decimal integer, optionally negative. */
int rdmaneg_rec_i64(const struct rdmaneg_rec *r, const char *key, int64_t *v);

/* Writing: begin, any number of fields, end (which writes the newline). */
void rdmaneg_rec_begin(FILE *f, const char *tag);
void rdmaneg_rec_i64w(FILE *f, const char *key, int64_t v);
void rdmaneg_rec_strw(FILE *f, const char *key, const char *s);
void rdmaneg_rec_hexw(FILE *f, const char *key, const uint8_t *b, size_t n);
void rdmaneg_rec_end(FILE *f);

/* Percent-decodes src[0..n-1] into out; false on a bad escape or no room. */
bool rdmaneg_rec_unescape(const char *src, size_t n, char *out, size_t cap, size_t *outlen);

#endif
