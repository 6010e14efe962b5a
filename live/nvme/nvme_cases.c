/*
 * nvme_cases: the hostile host's RDMA_CM_REQUEST private data (pure, host
 * and guest). The base is Linux's admin request (drivers/nvme/host/rdma.c:
 * RECFMT 0, QID 0, HRQSIZE 32, HSQSIZE 31); each case changes one thing.
 */
#include "nvme.h"

#include "rng.h"

#include <stdio.h>
#include <string.h>

/* one field change of the base: name, QID, HRQSIZE, HSQSIZE, and the
 * octet at off set to val (off 0: none) */
struct edit {
	const char *name;
	size_t off;
	uint16_t recfmt, qid, hrq, hsq, cntlid;
	uint8_t val;
};

/* nvme-rdma fig. 5 at its edges (docs/nvme.md's table says what a
 * conforming target answers each) */
static const struct edit edits[] = {
	{ "base-admin", 0, 0, 0, 32, 31, 0, 0 },
	{ "base-io", 0, 0, 1, 128, 127, 0, 0 },
	{ "recfmt-1", 0, 1, 0, 32, 31, 0, 0 },
	{ "recfmt-ffff", 0, 0xffff, 0, 32, 31, 0, 0 },
	{ "qid-128", 0, 0, 128, 128, 127, 0, 0 },
	{ "qid-129", 0, 0, 129, 128, 127, 0, 0 },
	{ "qid-ffff", 0, 0, 0xffff, 128, 127, 0, 0 },
	{ "admin-hsqsize-0", 0, 0, 0, 32, 0, 0, 0 },
	{ "admin-hsqsize-32", 0, 0, 0, 33, 32, 0, 0 },
	{ "admin-hsqsize-ffff", 0, 0, 0, 32, 0xffff, 0, 0 },
	{ "io-hsqsize-0", 0, 0, 1, 128, 0, 0, 0 },
	{ "io-hsqsize-1023", 0, 0, 1, 1024, 1023, 0, 0 },
	{ "io-hsqsize-1024", 0, 0, 1, 1025, 1024, 0, 0 },
	{ "io-hsqsize-ffff", 0, 0, 1, 0xffff, 0xffff, 0, 0 },
	{ "admin-hrqsize-0", 0, 0, 0, 0, 31, 0, 0 },
	{ "io-hrqsize-0", 0, 0, 1, 0, 127, 0, 0 },
	{ "io-hrq-below-hsq", 0, 0, 1, 16, 127, 0, 0 },
	{ "io-admin-sizes", 0, 0, 1, 32, 31, 0, 0 },
	{ "admin-cntlid-1", 0, 0, 0, 32, 31, 1, 0 },
	{ "io-cntlid-ffff", 0, 0, 1, 128, 127, 0xffff, 0 },
	{ "reserved-10", 10, 0, 0, 32, 31, 0, 0xff },
	{ "reserved-31", 31, 0, 0, 32, 31, 0, 0xff },
};
#define NEDITS (sizeof(edits) / sizeof(edits[0]))
#define NLENS 41 /* len-0 .. len-40 */

size_t live_nvme_case_count(void)
{
	return NEDITS + NLENS + LIVE_NVME_RANDOM;
}

static void base(uint8_t *pd, const struct edit *e)
{
	struct rdmaneg_nvme_req r = { e->recfmt, e->qid, e->hrq, e->hsq, e->cntlid, 0 };

	memset(pd, 0, LIVE_NVME_CASE_PD);
	(void)rdmaneg_nvme_req_encode(&r, pd, LIVE_NVME_CASE_PD);
	if (e->off)
		pd[e->off] = e->val;
}

bool live_nvme_case(size_t i, struct live_nvme_case *c)
{
	memset(c, 0, sizeof(*c));
	if (i < NEDITS) {
		snprintf(c->name, sizeof(c->name), "%s", edits[i].name);
		base(c->pd, &edits[i]);
		c->pd_len = RDMANEG_NVME_REQ_LEN;
		return true;
	}
	i -= NEDITS;
	if (i < NLENS) {
		/* fig. 5's record cut short or padded with zeros */
		snprintf(c->name, sizeof(c->name), "len-%zu", i);
		base(c->pd, &edits[0]);
		c->pd_len = i;
		return true;
	}
	i -= NLENS;
	if (i < LIVE_NVME_RANDOM) {
		/* 1 to 4 octets of the admin request replaced, then a length
		 * from 0 to 40, the stream seeded by the case's index */
		uint64_t s = 0x6e766d65ull + i; /* "nvme" */
		unsigned flips = 1u + (unsigned)(rdmaneg_splitmix64(&s) % 4u);

		snprintf(c->name, sizeof(c->name), "random-%zu", i);
		base(c->pd, &edits[0]);
		for (unsigned k = 0; k < flips; k++)
			c->pd[rdmaneg_splitmix64(&s) % 32u] = (uint8_t)rdmaneg_splitmix64(&s);
		c->pd_len = rdmaneg_splitmix64(&s) % 3u == 0
				    ? (size_t)(rdmaneg_splitmix64(&s) % 41u)
				    : RDMANEG_NVME_REQ_LEN;
		return true;
	}
	return false;
}

long live_nvme_case_index(const char *name)
{
	struct live_nvme_case c;

	for (size_t i = 0; live_nvme_case(i, &c); i++)
		if (strcmp(c.name, name) == 0)
			return (long)i;
	return -1;
}
