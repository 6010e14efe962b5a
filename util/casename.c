// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* casename: the grammar of a hostile peer's case names (see casename.h) */
#include "util/casename.h"

#include "util/rng.h"

#include <stdio.h>
#include <string.h>

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == ',' || c == '-';
}

/* Unsigned decimal at *p, no sign, bounded by ULONG_MAX. */
static bool decimal(const char **p, unsigned long *out)
{
	unsigned long x = 0;
	const char *s = *p;

	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned long d = (unsigned long)(*s - '0');

		if (x > (~0ul - d) / 10)
			return false;
		x = x * 10 + d;
	}
	*p = s;
	*out = x;
	return true;
}

static bool random_name(const char *name, unsigned long *seed, unsigned long *index)
{
	const char *p = name;

	if (strncmp(p, "random-", 7) != 0)
		return false;
	p += 7;
	return decimal(&p, seed) && *p++ == '-' && decimal(&p, index) && *p == '\0' &&
	       *index < RDMANEG_CASENAME_RANDOM_MAX;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

bool rdmaneg_casename_parse(const char *name, struct rdmaneg_casename *out)
{
	size_t len = strnlen(name, RDMANEG_CASENAME_MAX);
	const char *tilde = strchr(name, '~');
	size_t blen = tilde ? (size_t)(tilde - name) : len;

	memset(out, 0, sizeof(*out));
	if (len == 0 || len >= RDMANEG_CASENAME_MAX || blen == 0)
		return false;
	for (size_t i = 0; i < blen; i++)
		if (!name_char(name[i]))
			return false;
	memcpy(out->base, name, blen);
	out->base[blen] = '\0';
	if (!tilde) {
		if (random_name(name, &out->seed, &out->index)) {
			out->kind = RDMANEG_CASENAME_RANDOM;
			out->base[0] = '\0';
		}
		return true;
	}
	out->kind = RDMANEG_CASENAME_CHAIN;
	for (const char *p = tilde; *p;) {
		uint32_t x = 0;
		size_t digits = 0;

		if (*p++ != '~' || out->nchain == RDMANEG_CASENAME_LINKS)
			return false;
		for (; *p && *p != '~'; p++, digits++) {
			int v = hexval(*p);

			if (v < 0 || digits == 8)
				return false;
			x = x << 4 | (uint32_t)v;
		}
		if (digits == 0)
			return false;
		out->chain[out->nchain++] = x;
	}
	return true;
}

bool rdmaneg_casename_child(const char *parent, uint32_t seed, char *out, size_t cap)
{
	struct rdmaneg_casename c;
	size_t n;
	int w;

	if (!rdmaneg_casename_parse(parent, &c))
		return false;
	n = strlen(parent);
	if (c.kind == RDMANEG_CASENAME_CHAIN && c.nchain == RDMANEG_CASENAME_LINKS)
		n = (size_t)(strrchr(parent, '~') - parent); /* the last mutation goes */
	if (n >= cap)
		return false;
	memmove(out, parent, n);
	w = snprintf(out + n, cap - n, "~%x", (unsigned)seed);
	return w > 0 && (size_t)w < cap - n && n + (size_t)w < RDMANEG_CASENAME_MAX;
}

bool rdmaneg_casename_guided(const struct rdmaneg_guide *pool, uint64_t seed, uint64_t rel,
			     char *out, size_t cap)
{
	uint64_t rng = rdmaneg_guide_rng(seed, rel);
	const struct rdmaneg_casename_str *parent = rdmaneg_guide_pick(pool, &rng);

	return parent &&
	       rdmaneg_casename_child(parent->s, (uint32_t)rdmaneg_splitmix64(&rng), out, cap);
}

bool rdmaneg_casename_corpus(const char *file, char *out, size_t cap)
{
	int w = snprintf(out, cap, "corpus.%s", file);

	if (w < 0 || (size_t)w >= cap || (size_t)w >= RDMANEG_CASENAME_MAX)
		return false;
	for (const char *p = file; *p; p++)
		if (!name_char(*p))
			return false;
	return file[0] != '\0';
}
