/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * json: a small streaming JSON writer. It places the commas and escapes
 * strings; a key is given inside objects and NULL inside arrays.
 */
#ifndef RDMANEG_JSON_H
#define RDMANEG_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RDMANEG_JSON_DEPTH 32

struct rdmaneg_json {
	FILE *f;
	int depth;
	bool first[RDMANEG_JSON_DEPTH];
	char close[RDMANEG_JSON_DEPTH];
};

void rdmaneg_json_init(struct rdmaneg_json *j, FILE *f);
void rdmaneg_json_obj(struct rdmaneg_json *j, const char *key);
void rdmaneg_json_arr(struct rdmaneg_json *j, const char *key);
void rdmaneg_json_end(struct rdmaneg_json *j);
void rdmaneg_json_int(struct rdmaneg_json *j, const char *key, int64_t v);
void rdmaneg_json_uint(struct rdmaneg_json *j, const char *key, uint64_t v);
/* Fixed-point with the given number of decimals. */
void rdmaneg_json_num(struct rdmaneg_json *j, const char *key, double v, int decimals);
void rdmaneg_json_bool(struct rdmaneg_json *j, const char *key, bool v);
void rdmaneg_json_null(struct rdmaneg_json *j, const char *key);
void rdmaneg_json_str(struct rdmaneg_json *j, const char *key, const char *s);
/* A string of n octets that may hold anything (escaped as \u00XX). */
void rdmaneg_json_strn(struct rdmaneg_json *j, const char *key, const char *s, size_t n);
void rdmaneg_json_hex(struct rdmaneg_json *j, const char *key, const uint8_t *b, size_t n);
/* Writes s[0..n-1] as a JSON string body (no quotes) to f. */
void rdmaneg_json_escape(FILE *f, const char *s, size_t n);

#endif
