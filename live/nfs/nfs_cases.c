// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_cases: the hostile NFS peers' private-data cases ([rfc8797#4])
 * and their mutation for the random and guided modes.
 */
#include "live/nfs/nfs.h"

#include <string.h>

/* ---- the hostile NFS client's cases and RPCs ---- */

/* [rfc8797#4]: each case's message, where it sits and how it is cut */
static const struct {
	const char *name;
	size_t offset; /* octets of 0xA5 before the identifier */
	size_t cut;    /* octets of the message sent: 8, or fewer */
	uint8_t version, flags, send_code, recv_code;
	bool none; /* no private data at all */
} cases[] = {
	{ "no-pd", 0, 8, 1, 0, 0, 0, true },
	{ "short-1", 0, 1, 1, 0, 0, 0, false },
	{ "short-4", 0, 4, 1, 0, 0, 0, false },
	{ "short-5", 0, 5, 1, 0, 0, 0, false },
	{ "short-7", 0, 7, 1, 0, 0, 0, false },
	{ "v1-1k", 0, 8, 1, 0, 0, 0, false },
	{ "v1-1k-R", 0, 8, 1, 1, 0, 0, false },
	{ "v1-4k-R", 0, 8, 1, 1, 3, 3, false },
	{ "v1-256k", 0, 8, 1, 0, 255, 255, false },
	{ "offset-1-1k", 1, 8, 1, 0, 0, 0, false },
	{ "offset-3-1k", 3, 8, 1, 0, 0, 0, false },
	{ "version-0", 0, 8, 0, 0, 3, 3, false },
	/* [rfc8797#4-4] */
	{ "version-2", 0, 8, 2, 0, 3, 3, false },
	{ "version-255", 0, 8, 255, 0, 3, 3, false },
	{ "reserved-bits-1k", 0, 8, 1, 0xFE, 0, 0, false },
	{ "full-196-1k", LIVE_NFS_CASE_PD_MAX - 8, 8, 1, 0, 0, 0, false },
	{ "offset-1-4k", 1, 8, 1, 0, 3, 3, false },
	{ "offset-3-4k", 3, 8, 1, 0, 3, 3, false },
	{ "full-196-4k", LIVE_NFS_CASE_PD_MAX - 8, 8, 1, 0, 3, 3, false },
};

size_t live_nfs_case_count(void)
{
	return sizeof(cases) / sizeof(cases[0]);
}

long live_nfs_case_find(const char *name)
{
	for (size_t k = 0; k < live_nfs_case_count(); k++)
		if (strcmp(cases[k].name, name) == 0)
			return (long)k;
	return -1;
}

/* what the server may send: the case's Receive Size when its message
 * decodes in search mode ([rfc8797#5.2]), else the 1024 default (5.1) */
static void settle(struct live_nfs_case *c)
{
	struct rdmaneg_rpcrdma_result r;

	rdmaneg_rpcrdma_decode(c->pd, c->pd_len, RDMANEG_DECODE_SEARCH, &r);
	c->present = r.present;
	c->recv = r.present ? r.recv_size : RDMANEG_INLINE_MIN;
}

bool live_nfs_case(size_t k, struct live_nfs_case *c)
{
	uint8_t msg[8] = { 0xf6, 0xab, 0x0e, 0x18, 0, 0, 0, 0 };

	if (k >= live_nfs_case_count())
		return false;
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", cases[k].name);
	msg[4] = cases[k].version;
	msg[5] = cases[k].flags;
	msg[6] = cases[k].send_code;
	msg[7] = cases[k].recv_code;
	if (!cases[k].none) {
		memset(c->pd, 0xA5, cases[k].offset);
		memcpy(c->pd + cases[k].offset, msg, cases[k].cut);
		c->pd_len = cases[k].offset + cases[k].cut;
	}
	settle(c);
	return true;
}

/* An octet an [rfc8797#4.1] field is likely to be checked against: the
 * versions 0, 1 and 2, the R bit alone and with Reserved bits, the size
 * codes' ends (1024 and 262144) */
static const uint8_t edges[] = { 0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF };

unsigned live_nfs_mutate(struct live_nfs_case *c, uint64_t *rng)
{
	unsigned edits = 1u + (unsigned)(rdmaneg_splitmix64(rng) % 3u);
	static const uint8_t id[4] = { 0xf6, 0xab, 0x0e, 0x18 };

	for (unsigned i = 0; i < edits; i++) {
		uint64_t x = rdmaneg_splitmix64(rng);
		size_t n = c->pd_len, at, m;

		switch (x % 6u) {
		case 0: /* a bit anywhere */
			if (n > 0)
				c->pd[(x >> 8) % n] ^= (uint8_t)(1u << ((x >> 40) % 8u));
			break;
		case 1: /* a whole message at any alignment ([rfc8797#5.2] searches) */
		case 2: /* the identifier alone: a message cut short */
			m = (x % 6u) == 1 ? 8 : 4;
			at = (size_t)(x >> 8) % (LIVE_NFS_CASE_PD_MAX - m + 1);
			if (at > n) /* the gap before it: the filler the table uses */
				memset(c->pd + n, 0xA5, at - n);
			memcpy(c->pd + at, id, sizeof(id));
			if (m == 8) {
				c->pd[at + 4] = edges[(x >> 24) % 3u]; /* version 0, 1 or 2 */
				c->pd[at + 5] = edges[(x >> 28) % sizeof(edges)];
				c->pd[at + 6] = (uint8_t)(x >> 32);
				c->pd[at + 7] = (uint8_t)(x >> 40);
			}
			if (at + m > n)
				c->pd_len = at + m;
			break;
		case 3: /* an octet at an edge value */
			if (n > 0)
				c->pd[(x >> 8) % n] = edges[(x >> 32) % sizeof(edges)];
			break;
		case 4: /* cut */
			if (n > 0)
				c->pd_len = (size_t)(x >> 8) % n;
			break;
		default: /* grow, up to the most a case sends */
			for (unsigned j = 0;
			     j < 1u + (x >> 8) % 16u && c->pd_len < LIVE_NFS_CASE_PD_MAX; j++)
				c->pd[c->pd_len++] = (uint8_t)(x >> (j % 8u * 8u));
			break;
		}
	}
	settle(c);
	return edits;
}

bool live_nfs_case_named(const char *name, struct live_nfs_case *c)
{
	long k = live_nfs_case_find(name);

	return k >= 0 && live_nfs_case((size_t)k, c);
}
