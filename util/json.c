// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/json.h"

#include "util/hex.h"

#include <string.h>

void rdmaneg_json_init(struct rdmaneg_json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->first[0] = true;
}

void rdmaneg_json_escape(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
}

/* The comma and the key before a value at the current depth. */
static void lead(struct rdmaneg_json *j, const char *key)
{
	if (!j->first[j->depth])
		fputc(',', j->f);
	j->first[j->depth] = false;
	if (key) {
		fputc('"', j->f);
		rdmaneg_json_escape(j->f, key, strlen(key));
		fputs("\":", j->f);
	}
}

static void open_(struct rdmaneg_json *j, const char *key, char o, char c)
{
	lead(j, key);
	fputc(o, j->f);
	if (j->depth + 1 < RDMANEG_JSON_DEPTH) {
		j->depth++;
		j->first[j->depth] = true;
		j->close[j->depth] = c;
	}
}

void rdmaneg_json_obj(struct rdmaneg_json *j, const char *key)
{
	open_(j, key, '{', '}');
}

void rdmaneg_json_arr(struct rdmaneg_json *j, const char *key)
{
	open_(j, key, '[', ']');
}

void rdmaneg_json_end(struct rdmaneg_json *j)
{
	if (j->depth == 0)
		return;
	fputc(j->close[j->depth], j->f);
	j->depth--;
}

void rdmaneg_json_int(struct rdmaneg_json *j, const char *key, int64_t v)
{
	lead(j, key);
	fprintf(j->f, "%lld", (long long)v);
}

void rdmaneg_json_uint(struct rdmaneg_json *j, const char *key, uint64_t v)
{
	lead(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void rdmaneg_json_num(struct rdmaneg_json *j, const char *key, double v, int decimals)
{
	lead(j, key);
	fprintf(j->f, "%.*f", decimals, v);
}

void rdmaneg_json_bool(struct rdmaneg_json *j, const char *key, bool v)
{
	lead(j, key);
	fputs(v ? "true" : "false", j->f);
}

void rdmaneg_json_null(struct rdmaneg_json *j, const char *key)
{
	lead(j, key);
	fputs("null", j->f);
}

void rdmaneg_json_strn(struct rdmaneg_json *j, const char *key, const char *s, size_t n)
{
	lead(j, key);
	fputc('"', j->f);
	rdmaneg_json_escape(j->f, s, n);
	fputc('"', j->f);
}

void rdmaneg_json_str(struct rdmaneg_json *j, const char *key, const char *s)
{
	rdmaneg_json_strn(j, key, s, strlen(s));
}

void rdmaneg_json_hex(struct rdmaneg_json *j, const char *key, const uint8_t *b, size_t n)
{
	lead(j, key);
	fputc('"', j->f);
	rdmaneg_hex_print(j->f, b, n);
	fputc('"', j->f);
}
