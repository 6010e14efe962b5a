// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* arcs: the debug kernel's arcs, read from debugfs (see arcs.h) */
#define _XOPEN_SOURCE 700
#include "util/arcs.h"

#include "util/file.h"
#include "util/gcda.h"

#include <errno.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nftw has no context argument: the walk fills this one */
static struct rdmaneg_arcs *walking;
static int walk_full;

/* Does path hold one of the comma-separated parts of scope? */
static bool in_scope(const char *scope, const char *path)
{
	if (!scope[0])
		return true;
	for (const char *p = scope; *p;) {
		size_t n = strcspn(p, ",");
		char part[sizeof(walking->scope)];

		memcpy(part, p, n);
		part[n] = '\0';
		if (n > 0 && strstr(path, part))
			return true;
		p += n + (p[n] == ',');
	}
	return false;
}

static int found(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	size_t n = strlen(path);

	(void)st;
	(void)ftw;
	if (flag != FTW_F || n < 5 || strcmp(path + n - 5, ".gcda") != 0 ||
	    !in_scope(walking->scope, path))
		return 0;
	if (walking->nfiles == RDMANEG_ARCS_FILES || n >= sizeof(walking->path[0])) {
		walk_full = 1;
		return 1;
	}
	memcpy(walking->path[walking->nfiles++], path, n + 1);
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* a .gcda image of this many octets or more is refused */
#define IMAGE_MAX (1u << 20)

static long read_all(struct rdmaneg_arcs *c, uint8_t *map, bool layout, char *err, size_t cap)
{
	size_t bit = 0;

	for (size_t i = 0; i < c->nfiles; i++) {
		struct rdmaneg_gcda g;
		size_t len = 0;
		bool more = false;
		/* debugfs gives no size: util/file.c reads to the end */
		char *image = rdmaneg_read_file(c->path[i], IMAGE_MAX - 1, &len, &more);
		const char *why;

		if (!image || more) {
			snprintf(err, cap, "%s: %s", c->path[i],
				 image ? "1 MiB or more" : strerror(errno ? errno : EIO));
			free(image);
			return -1;
		}
		if (layout) {
			why = rdmaneg_gcda_parse((const uint8_t *)image, len, NULL, 0, &g);
			c->off[i] = bit;
			c->arcs[i] = g.arcs;
			c->narcs += g.arcs;
			bit += (g.arcs + 7) / 8 * 8;
			if (!why && bit > sizeof(c->acc) * 8)
				why = "more arcs than the bitmap holds";
		} else {
			why = rdmaneg_gcda_parse((const uint8_t *)image, len, map + c->off[i] / 8,
						 c->arcs[i], &g);
			if (!why && g.arcs != c->arcs[i])
				why = "its number of arcs changed";
		}
		free(image);
		if (why) {
			snprintf(err, cap, "%s: %s", c->path[i], why);
			return -1;
		}
	}
	if (layout)
		c->bits = bit;
	return 0;
}

int rdmaneg_arcs_open(struct rdmaneg_arcs *c, const char *dir, const char *scope, char *err,
		      size_t cap)
{
	memset(c, 0, sizeof(*c));
	if (scope &&
	    (size_t)snprintf(c->scope, sizeof(c->scope), "%s", scope) >= sizeof(c->scope)) {
		snprintf(err, cap, "the scope is longer than %zu octets", sizeof(c->scope) - 1);
		return -1;
	}
	walking = c;
	walk_full = 0;
	if (nftw(dir, found, 16, FTW_PHYS) == -1) {
		snprintf(err, cap, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (walk_full) {
		snprintf(err, cap, "%s: more than %d .gcda files, or a path too long", dir,
			 RDMANEG_ARCS_FILES);
		return -1;
	}
	if (c->nfiles == 0) {
		snprintf(err, cap, "%s: no .gcda file%s%s (not the debug kernel?)", dir,
			 c->scope[0] ? " in scope " : "", c->scope);
		return -1;
	}
	qsort(c->path, c->nfiles, sizeof(c->path[0]), by_path);
	if (read_all(c, NULL, true, err, cap) != 0)
		return -1;
	return rdmaneg_arcs_sample(c, err, cap) < 0 ? -1 : 0;
}

long rdmaneg_arcs_sample(struct rdmaneg_arcs *c, char *err, size_t cap)
{
	size_t fresh;

	memset(c->cur, 0, sizeof(c->cur));
	if (read_all(c, c->cur, false, err, cap) != 0)
		return -1;
	for (size_t i = 0; i < (c->bits + 7) / 8; i++)
		c->fresh[i] = (uint8_t)(c->cur[i] & ~c->acc[i]);
	fresh = rdmaneg_gcda_merge(c->acc, c->cur, c->bits);
	c->total += fresh;
	return (long)fresh;
}
