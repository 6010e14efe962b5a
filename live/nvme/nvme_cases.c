// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_cases: the hostile host's RDMA_CM_REQUEST private data (pure, host
 * and guest). The base is Linux's admin request (drivers/nvme/host/rdma.c:
 * RECFMT 0, QID 0, HRQSIZE 32, HSQSIZE 31); each case changes one thing.
 */
#include "live/nvme/nvme.h"

#include "util/rng.h"

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

/* [nvme-rdma#fig5] at its edges (docs/nvme.md's table says what a
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
	{ "io-hsqsize-128", 0, 0, 1, 129, 128, 0, 0 },
	{ "io-hsqsize-1023", 0, 0, 1, 1024, 1023, 0, 0 },
	{ "io-hsqsize-1024", 0, 0, 1, 1025, 1024, 0, 0 },
	{ "io-hsqsize-ffff", 0, 0, 1, 0xffff, 0xffff, 0, 0 },
	{ "admin-hrqsize-0", 0, 0, 0, 0, 31, 0, 0 },
	{ "io-hrqsize-0", 0, 0, 1, 0, 127, 0, 0 },
	{ "admin-hrqsize-33", 0, 0, 0, 33, 31, 0, 0 },
	{ "admin-hrqsize-ffff", 0, 0, 0, 0xffff, 31, 0, 0 },
	{ "io-hrqsize-129", 0, 0, 1, 129, 127, 0, 0 },
	{ "io-hrqsize-ffff", 0, 0, 1, 0xffff, 127, 0, 0 },
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
		/* [nvme-rdma#fig5]'s record cut short or padded with zeros */
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

/* ---- the hostile target's answers ---- */

/* one answer: its length, one octet at off set to val, its kind, CRQSIZE
 * (HSQSIZE + crq_add, or crq_abs when crq_fixed), RECFMT and STS */
struct answer {
	const char *name;
	size_t len, off;
	enum live_nvme_tkind kind;
	int crq_add;
	uint16_t recfmt, crq_abs, sts;
	bool crq_fixed;
	uint8_t val;
};

/* [nvme-rdma#fig6] (the accept) and [nvme-rdma#fig7] and 11 (the reject) at their
 * edges; docs/nvme.md says what a conforming host does with each. The
 * first three are CI's smoke subset: an accept the host goes on after, a
 * reject, and an accept it should give up. */
static const struct answer answers[] = {
	{ "accept-ok", 32, 0, LIVE_NVME_T_ACCEPT, 0, 0, 0, 0, false, 0 },
	{ "reject-sts-6", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 6, false, 0 },
	{ "accept-recfmt-1", 32, 0, LIVE_NVME_T_ACCEPT, 0, 1, 0, 0, false, 0 },
	{ "accept-crq-plus-1", 32, 0, LIVE_NVME_T_ACCEPT, 1, 0, 0, 0, false, 0 },
	{ "accept-crq-minus-1", 32, 0, LIVE_NVME_T_ACCEPT, -1, 0, 0, 0, false, 0 },
	{ "accept-crq-0", 32, 0, LIVE_NVME_T_ACCEPT, 0, 0, 0, 0, true, 0 },
	{ "accept-crq-ffff", 32, 0, LIVE_NVME_T_ACCEPT, 0, 0, 0xffff, 0, true, 0 },
	{ "accept-recfmt-ffff", 32, 0, LIVE_NVME_T_ACCEPT, 0, 0xffff, 0, 0, false, 0 },
	{ "accept-reserved-4", 32, 4, LIVE_NVME_T_ACCEPT, 0, 0, 0, 0, false, 0xff },
	{ "accept-reserved-31", 32, 31, LIVE_NVME_T_ACCEPT, 0, 0, 0, 0, false, 0xff },
	{ "accept-long-40", 40, 0, LIVE_NVME_T_ACCEPT, 0, 0, 0, 0, false, 0 },
	{ "reject-sts-0", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 0, false, 0 },
	{ "reject-sts-1", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 1, false, 0 },
	{ "reject-sts-2", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 2, false, 0 },
	{ "reject-sts-3", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 3, false, 0 },
	{ "reject-sts-4", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 4, false, 0 },
	{ "reject-sts-5", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 5, false, 0 },
	{ "reject-sts-7", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 7, false, 0 },
	{ "reject-sts-8", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 8, false, 0 },
	{ "reject-sts-9", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 9, false, 0 },
	{ "reject-sts-a", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 0xa, false, 0 },
	{ "reject-sts-ffff", 4, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 0xffff, false, 0 },
	{ "reject-recfmt-1", 4, 0, LIVE_NVME_T_REJECT, 0, 1, 0, 6, false, 0 },
	{ "reject-long-32", 32, 0, LIVE_NVME_T_REJECT, 0, 0, 0, 6, false, 0 },
	{ "silent", 0, 0, LIVE_NVME_T_SILENT, 0, 0, 0, 0, false, 0 },
};
#define NANSWERS (sizeof(answers) / sizeof(answers[0]))
#define NACCEPT_LENS 32 /* accept-len-0 .. accept-len-31 */
#define NREJECT_LENS 4	/* reject-len-0 .. reject-len-3 */

/* MPA Replies, sent on a TCP listener of our own: what rdma_cm cannot
 * send. name, the M and R bits, S with the enhanced word, the ULP private
 * data's length ([nvme-rdma#fig7]'s reject, RECFMT 0 and STS 6, cut or padded) */
static const struct mpa_answer {
	const char *name;
	bool m, r, s;
	size_t ulp;
} mpa_answers[] = {
	/* M set: siw refuses the Reply as unsupported and reports
	 * -ECONNREFUSED, rdma_cm's consumer reject, with the ULP octets */
	{ "mpa-markers-ulp-0", true, false, true, 0 },
	{ "mpa-markers-ulp-1", true, false, true, 1 },
	{ "mpa-markers-ulp-2", true, false, true, 2 },
	{ "mpa-markers-ulp-3", true, false, true, 3 },
	{ "mpa-markers-ulp-4", true, false, true, 4 },
	{ "mpa-markers-ulp-32", true, false, true, 32 },
	/* R set: the reject itself, as rdma_cm sends it */
	{ "mpa-reject-ulp-2", false, true, true, 2 },
	{ "mpa-reject-ulp-4", false, true, true, 4 },
	/* no enhanced word to an enhanced Request ([rfc6581#5]) */
	{ "mpa-no-enhanced-ulp-4", false, false, false, 4 },
};
#define NMPA (sizeof(mpa_answers) / sizeof(mpa_answers[0]))

size_t live_nvme_tcase_count(void)
{
	return NANSWERS + NACCEPT_LENS + NREJECT_LENS + LIVE_NVME_TRANDOM + NMPA;
}

/* An MPA Reply ([rfc5044#7.1]), rev 2, IRD and ORD 16 in the
 * enhanced word ([rfc6581#9]) when S is set. */
static void mpa_answer(const struct mpa_answer *a, struct live_nvme_tcase *t)
{
	uint8_t pd[4 + 32] = { 0 };
	struct rdmaneg_mpa_frame f;
	size_t at = 0;

	memset(&f, 0, sizeof(f));
	snprintf(t->name, sizeof(t->name), "%s", a->name);
	t->kind = LIVE_NVME_T_MPA;
	if (a->s) {
		struct rdmaneg_mpa_enh e = { false, false, false, false, 16, 16 };

		(void)rdmaneg_mpa_enh_encode(&e, pd, sizeof(pd));
		at = 4;
	}
	pd[at + 2] = RDMANEG_NVME_STS_NO_RSC; /* [nvme-rdma#fig7]: RECFMT 0, STS 6 */
	f.type = RDMANEG_MPA_REPLY;
	f.marker = a->m;
	f.reject = a->r;
	f.enhanced = a->s;
	f.rev = 2;
	f.pd_length = (uint16_t)(at + a->ulp);
	f.pd = f.pd_length ? pd : NULL;
	if (rdmaneg_mpa_build(&f, t->pd, sizeof(t->pd), &t->pd_len) != RDMANEG_OK)
		t->pd_len = 0;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void answer(const struct answer *a, uint16_t hsqsize, struct live_nvme_tcase *t)
{
	snprintf(t->name, sizeof(t->name), "%s", a->name);
	t->kind = a->kind;
	t->pd_len = a->len;
	put16(t->pd, a->recfmt);
	if (a->kind == LIVE_NVME_T_ACCEPT) /* [nvme-rdma#fig6]: CRQSIZE, octets 03:02 */
		put16(t->pd + 2, a->crq_fixed ? a->crq_abs : (uint16_t)(hsqsize + a->crq_add));
	else /* [nvme-rdma#fig7]: STS, octets 03:02 */
		put16(t->pd + 2, a->sts);
	if (a->off)
		t->pd[a->off] = a->val;
}

/* the answer named name (of the table above) */
static const struct answer *named(const char *name)
{
	for (size_t i = 0; i < NANSWERS; i++)
		if (strcmp(answers[i].name, name) == 0)
			return &answers[i];
	return &answers[0];
}

bool live_nvme_tcase(size_t j, uint16_t hsqsize, struct live_nvme_tcase *t)
{
	memset(t, 0, sizeof(*t));
	if (j < NANSWERS) {
		answer(&answers[j], hsqsize, t);
		return true;
	}
	j -= NANSWERS;
	if (j < NACCEPT_LENS) { /* [nvme-rdma#fig6]'s record cut short */
		answer(named("accept-ok"), hsqsize, t);
		snprintf(t->name, sizeof(t->name), "accept-len-%zu", j);
		t->pd_len = j;
		return true;
	}
	j -= NACCEPT_LENS;
	if (j < NREJECT_LENS) { /* [nvme-rdma#fig7]'s record cut short: RECFMT 0, STS 6 */
		answer(named("reject-sts-6"), hsqsize, t);
		snprintf(t->name, sizeof(t->name), "reject-len-%zu", j);
		t->pd_len = j;
		return true;
	}
	j -= NREJECT_LENS;
	if (j < LIVE_NVME_TRANDOM) {
		/* a valid accept or reject with 1 to 4 octets replaced, a
		 * third of them cut short, the stream seeded by the index */
		uint64_t s = 0x6e766d74ull + j; /* "nvmt" */
		unsigned flips = 1u + (unsigned)(rdmaneg_splitmix64(&s) % 4u);
		bool acc = rdmaneg_splitmix64(&s) % 2u == 0;

		answer(named(acc ? "accept-ok" : "reject-sts-6"), hsqsize, t);
		snprintf(t->name, sizeof(t->name), "answer-random-%zu", j);
		for (unsigned k = 0; k < flips; k++)
			t->pd[rdmaneg_splitmix64(&s) % t->pd_len] = (uint8_t)rdmaneg_splitmix64(&s);
		if (rdmaneg_splitmix64(&s) % 3u == 0)
			t->pd_len = (size_t)(rdmaneg_splitmix64(&s) % (t->pd_len + 1));
		return true;
	}
	j -= LIVE_NVME_TRANDOM;
	if (j < NMPA) {
		mpa_answer(&mpa_answers[j], t);
		return true;
	}
	return false;
}

long live_nvme_tcase_index(const char *name)
{
	struct live_nvme_tcase t;

	for (size_t j = 0; live_nvme_tcase(j, 0, &t); j++)
		if (strcmp(t.name, name) == 0)
			return (long)j;
	return -1;
}

long live_nvme_any_index(const char *name)
{
	long k = live_nvme_case_index(name);

	if (k >= 0)
		return k;
	k = live_nvme_tcase_index(name);
	return k < 0 ? -1 : (long)live_nvme_case_count() + k;
}

/* ---- a campaign's mutations (random and guided cases) ---- */

/* 16-bit values at the fields' edges: queue sizes around the admin
 * queue's 32 and the target's 128 and 1024, RECFMT and STS past their
 * defined values */
static const uint16_t edges[] = { 0,	1,     2,     0x1f,  0x20,   0x21,   0x7f,   0x80,
				  0x81, 0x3ff, 0x400, 0x401, 0x7fff, 0x8000, 0xfffe, 0xffff };
#define NEDGES (sizeof(edges) / sizeof(edges[0]))
#define MUT_MAX 40 /* the private data's longest, as the table's */

/* One mutation of pd[0..*len-1] (cap octets of room, lo the first octet
 * it may change): octets replaced, a 16-bit field (an even offset of the
 * first 16) set to an edge, or, when resize, the length changed. */
static void mutate(uint8_t *pd, size_t *len, size_t cap, size_t lo, bool resize, uint64_t *rng)
{
	size_t span = *len > lo ? *len - lo : 1, off;
	unsigned op = (unsigned)(rdmaneg_splitmix64(rng) % (resize ? 3u : 2u));

	if (op == 0) {
		unsigned flips = 1u + (unsigned)(rdmaneg_splitmix64(rng) % 4u);

		for (unsigned k = 0; k < flips; k++) {
			off = lo + (size_t)(rdmaneg_splitmix64(rng) % span);
			if (off < cap)
				pd[off] = (uint8_t)rdmaneg_splitmix64(rng);
		}
	} else if (op == 1) {
		uint16_t v = edges[rdmaneg_splitmix64(rng) % NEDGES];

		off = lo + 2u * (size_t)(rdmaneg_splitmix64(rng) % 8u);
		if (off + 1 < cap) {
			pd[off] = (uint8_t)v;
			pd[off + 1] = (uint8_t)(v >> 8);
		}
	} else {
		size_t n = (size_t)(rdmaneg_splitmix64(rng) % (MUT_MAX + 1u));

		*len = n < cap ? n : cap;
	}
}

/* The table case, random draw or chain a name stands for: its table
 * index (of a table of count) into *k and the mutation seeds into seeds,
 * their number returned; -1 when there is no such case. */
static long resolve(const char *name, size_t count, long (*index)(const char *), size_t *k,
		    uint64_t *seeds)
{
	struct rdmaneg_casename cn;
	long i;

	if (!rdmaneg_casename_parse(name, &cn))
		return -1;
	if (cn.kind == RDMANEG_CASENAME_RANDOM) {
		uint64_t rng = rdmaneg_guide_rng(cn.seed, cn.index);

		*k = (size_t)(rdmaneg_splitmix64(&rng) % count);
		seeds[0] = rng;
		return 1;
	}
	i = index(cn.base);
	if (i < 0)
		return -1;
	*k = (size_t)i;
	for (size_t j = 0; j < cn.nchain; j++)
		seeds[j] = cn.chain[j];
	return (long)cn.nchain;
}

bool live_nvme_case_named(const char *name, struct live_nvme_case *c)
{
	uint64_t seeds[RDMANEG_CASENAME_LINKS];
	size_t k;
	long n = resolve(name, live_nvme_case_count(), live_nvme_case_index, &k, seeds);

	if (n < 0 || strlen(name) >= sizeof(c->name) || !live_nvme_case(k, c))
		return false;
	for (long j = 0; j < n; j++)
		mutate(c->pd, &c->pd_len, MUT_MAX, 0, true, &seeds[j]);
	snprintf(c->name, sizeof(c->name), "%s", name);
	return true;
}

bool live_nvme_tcase_named(const char *name, uint16_t hsqsize, struct live_nvme_tcase *t)
{
	uint64_t seeds[RDMANEG_CASENAME_LINKS];
	size_t k;
	long n = resolve(name, live_nvme_tcase_count(), live_nvme_tcase_index, &k, seeds);

	if (n < 0 || strlen(name) >= sizeof(t->name) || !live_nvme_tcase(k, hsqsize, t))
		return false;
	/* an MPA Reply keeps its key ([rfc5044#7.1]: octets 0..15) and
	 * its length on the wire; its flags, Rev, PD_Length and ULP octets
	 * change */
	for (long j = 0; j < n && t->kind != LIVE_NVME_T_SILENT; j++)
		mutate(t->pd, &t->pd_len, t->kind == LIVE_NVME_T_MPA ? t->pd_len : MUT_MAX,
		       t->kind == LIVE_NVME_T_MPA ? 16 : 0, t->kind != LIVE_NVME_T_MPA, &seeds[j]);
	snprintf(t->name, sizeof(t->name), "%s", name);
	return true;
}
