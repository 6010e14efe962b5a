// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A .gcda image as the guest kernel's debugfs gives it -> rdmaneg_gcda_parse
 * (util/gcda.c): never reads past the image; two parses agree; the arcs
 * hit never outnumber the arcs nor the counters the octets can hold; the
 * bitmap agrees with the total; a refused image sets no bit. */
#include "util/gcda.h"
#include "fuzz/fuzz.h"

#include <string.h>

static void broken(const char *why)
{
	fprintf(stderr, "rdmaneg fuzz target gcda: rule broken: %s\n", why);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t map[512], again[512];
	const size_t bits = sizeof(map) * 8;
	struct rdmaneg_gcda g, h;
	const char *why, *why2;
	size_t set;

	if (size > 65536)
		return 0;
	memset(map, 0, sizeof(map));
	memset(again, 0, sizeof(again));
	why = rdmaneg_gcda_parse(data, size, map, bits, &g);
	why2 = rdmaneg_gcda_parse(data, size, again, bits, &h);
	if ((why == NULL) != (why2 == NULL) || memcmp(&g, &h, sizeof(g)) != 0 ||
	    memcmp(map, again, sizeof(map)) != 0)
		broken("two parses of one image differ");
	if (why) {
		if (rdmaneg_gcda_count(map, bits) != 0)
			broken("a refused image set bits");
		return 0;
	}
	if (g.arcs_hit > g.arcs || g.arcs > (size - RDMANEG_GCDA_HEADER) / 8)
		broken("more arcs than the image holds, or more hit than there are");
	set = rdmaneg_gcda_count(map, bits);
	if (set > g.arcs_hit || (g.arcs <= bits && set != g.arcs_hit))
		broken("the bitmap and the total disagree");
	if (rdmaneg_gcda_merge(again, map, bits) != 0)
		broken("merging a bitmap into itself added arcs");
	return 0;
}
