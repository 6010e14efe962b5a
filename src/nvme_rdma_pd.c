// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/nvme_rdma_pd.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

/* The little-endian u16 at p[0..1] ([nvme-rdma#fig5] to [nvme-rdma#fig7]). */
/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    ensures \result == p[0] + 256 * p[1];
*/
static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)((unsigned)p[0] + 256u * (unsigned)p[1]);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    ensures p[0] + 256 * p[1] == v;
*/
static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v % 256u);
	p[1] = (uint8_t)(v / 256u);
}

/*@ requires from <= to && \valid(p + (from .. to - 1));
    assigns p[from .. to - 1];
    ensures \forall integer i; from <= i < to ==> p[i] == 0;
*/
static void zero(uint8_t *p, size_t from, size_t to)
{
	size_t i;

	/*@ loop invariant from <= i <= to;
	    loop invariant \forall integer k; from <= k < i ==> p[k] == 0;
	    loop assigns i, p[from .. to - 1];
	    loop variant to - i;
	*/
	for (i = from; i < to; i++)
		p[i] = 0;
}

/* The first non-zero octet of p[from..to-1], or 0. */
/*@ requires 0 < from <= to && \valid_read(p + (from .. to - 1));
    assigns \nothing;
    ensures \result == 0 || (from <= \result < to && p[\result] != 0);
    ensures \result == 0 ==> \forall integer i; from <= i < to ==> p[i] == 0;
*/
static size_t first_set(const uint8_t *p, size_t from, size_t to)
{
	size_t i;

	/*@ loop invariant from <= i <= to;
	    loop invariant \forall integer k; from <= k < i ==> p[k] == 0;
	    loop assigns i;
	    loop variant to - i;
	*/
	for (i = from; i < to; i++)
		if (p[i] != 0)
			return i;
	return 0;
}

int rdmaneg_nvme_req_encode(const struct rdmaneg_nvme_req *r, uint8_t *out, size_t cap)
{
	if (!r || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_NVME_REQ_LEN)
		return RDMANEG_E_NOSPACE;
	put16(out, r->recfmt);
	put16(out + 2, r->qid);
	put16(out + 4, r->hrqsize);
	put16(out + 6, r->hsqsize);
	put16(out + 8, r->cntlid);
	zero(out, RDMANEG_NVME_REQ_RSVD, RDMANEG_NVME_REQ_LEN);
	return RDMANEG_OK;
}

/* Every field of r, written one by one (docs/proof.md). */
/*@ requires \valid(r);
    assigns *r;
    ensures r->recfmt == 0 && r->qid == 0 && r->hrqsize == 0 && r->hsqsize == 0 &&
      r->cntlid == 0 && r->reserved_at == 0;
*/
static void req_clear(struct rdmaneg_nvme_req *r)
{
	r->recfmt = 0;
	r->qid = 0;
	r->hrqsize = 0;
	r->hsqsize = 0;
	r->cntlid = 0;
	r->reserved_at = 0;
}

/* [nvme-rdma#fig5-1] */
int rdmaneg_nvme_req_decode(const uint8_t *buf, size_t len, struct rdmaneg_nvme_req *r)
{
	if (!r || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	req_clear(r);
	/* [nvme-rdma#fig5]: the record is octets 31:00 */
#if RDMANEG_PLANTED(nvme_short_read)
	if (len < RDMANEG_NVME_REQ_LEN - 2u || !buf)
#else
	/* [nvme-rdma#fig5-7] */
	if (len < RDMANEG_NVME_REQ_LEN || !buf)
#endif
		return RDMANEG_E_NVME_SHORT;
	r->recfmt = le16(buf);
	r->qid = le16(buf + 2);
#if RDMANEG_PLANTED(nvme_swap_sizes)
	r->hrqsize = le16(buf + 6);
	r->hsqsize = le16(buf + 4);
#else
	r->hrqsize = le16(buf + 4);
	r->hsqsize = le16(buf + 6);
#endif
	r->cntlid = le16(buf + 8);
	r->reserved_at = first_set(buf, RDMANEG_NVME_REQ_RSVD, RDMANEG_NVME_REQ_LEN);
	return RDMANEG_OK;
}

/* Bit k of a status set stands for status k (0: accept). */
#define BIT(sts) ((uint16_t)(1u << (sts)))

/* The statuses a conforming target may answer the decoded request r
 * with, and the strict one (the first), into *a. */
/*@ requires \valid(a) && \valid_read(r) && \valid_read(lim) && \separated(a, lim);
    requires 1 <= lim->admin_max <= 65536 && 1 <= lim->io_max <= 65536;
    assigns a->sts, a->allowed;
    ensures a->sts <= RDMANEG_NVME_STS_MAX;
    ensures recfmt: \old(r->recfmt) != 0 ==> a->sts == RDMANEG_NVME_STS_RECFMT;
*/
static void judge(const struct rdmaneg_nvme_req *r, const struct rdmaneg_nvme_limits *lim,
		  struct rdmaneg_nvme_answer *a)
{
	uint32_t max = r->qid == 0 ? lim->admin_max : lim->io_max;
	uint32_t entries = (uint32_t)r->hsqsize + 1u; /* [nvme-rdma#fig5]: HSQSIZE is 0's based */
	bool qid, hsq, hrq, hrq_low, cntlid;

	/* [nvme-rdma#fig5]: RECFMT shall be 0h; with another record format the other
	 * fields mean nothing */
	/* [nvme-rdma#fig5-2] */
	if (r->recfmt != RDMANEG_NVME_RECFMT) {
		a->sts = RDMANEG_NVME_STS_RECFMT;
		a->allowed = BIT(RDMANEG_NVME_STS_RECFMT);
		return;
	}
	/* [nvme-rdma#fig5], QID: the base spec's Connect QID, one the controller has */
	/* [nvme-rdma#fig5-3] */
	qid = r->qid > lim->max_qid;
	/* [nvme-rdma#fig5]: HSQSIZE is SQSIZE; the base spec's Connect: "If the size is
	 * 0h or larger than the controller supports" */
#if RDMANEG_PLANTED(nvme_admin_limit)
	hsq = r->hsqsize == 0 || entries - 1u > max;
#else
	/* [nvme-rdma#fig5-4] */
	hsq = r->hsqsize == 0 || entries > max;
#endif
	/* [nvme-rdma#fig5], HRQSIZE: entries for capsule reception; none at all cannot
	 * take one response. Below HSQSIZE + 1 no rule: either answer */
	/* [nvme-rdma#fig5-5] */
	hrq = r->hrqsize == 0;
	hrq_low = !hrq && r->hrqsize < entries;
	/* [nvme-rdma#fig5], CNTLID: "shall be cleared to 0h" for the admin queue; the
	 * rule binds the host, so a target may accept or refuse it */
	/* [nvme-rdma#fig5-6] */
	cntlid = r->qid == 0 && r->cntlid != 0;
	a->allowed = (uint16_t)((qid ? BIT(RDMANEG_NVME_STS_QID) : 0u) +
				(hsq ? BIT(RDMANEG_NVME_STS_HSQSIZE) : 0u) +
				(hrq || hrq_low ? BIT(RDMANEG_NVME_STS_HRQSIZE) : 0u) +
				(cntlid ? BIT(RDMANEG_NVME_STS_CNTLID) : 0u));
	if (qid)
		a->sts = RDMANEG_NVME_STS_QID;
	else if (hsq)
		a->sts = RDMANEG_NVME_STS_HSQSIZE;
	else if (hrq)
		a->sts = RDMANEG_NVME_STS_HRQSIZE;
	else {
		/* [nvme-rdma#fig11]: no resources is an answer to any valid request */
		a->sts = cntlid ? RDMANEG_NVME_STS_CNTLID : RDMANEG_NVME_ACCEPTED;
		a->allowed = (uint16_t)(a->allowed + BIT(RDMANEG_NVME_ACCEPTED) +
					BIT(RDMANEG_NVME_STS_NO_RSC));
	}
}

int rdmaneg_nvme_target_judge(const uint8_t *buf, size_t len, const struct rdmaneg_nvme_limits *lim,
			      struct rdmaneg_nvme_answer *a)
{
	if (!a || !lim || (!buf && len > 0) || lim->admin_max == 0 || lim->admin_max > 65536u ||
	    lim->io_max == 0 || lim->io_max > 65536u)
		return RDMANEG_E_INVAL;
	a->decoded = rdmaneg_nvme_req_decode(buf, len, &a->req) == RDMANEG_OK;
	if (!a->decoded) {
		/* [nvme-rdma#fig11], 1h: "an incorrect RDMA Private Data size" */
		a->sts = RDMANEG_NVME_STS_LEN;
		a->allowed = BIT(RDMANEG_NVME_STS_LEN);
		return RDMANEG_OK;
	}
	judge(&a->req, lim, a);
	return RDMANEG_OK;
}

int rdmaneg_nvme_accept_encode(const struct rdmaneg_nvme_req *r, uint8_t *out, size_t cap)
{
	if (!r || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_NVME_ACCEPT_LEN)
		return RDMANEG_E_NOSPACE;
	put16(out, RDMANEG_NVME_RECFMT);
	/* [nvme-rdma#fig6]: without RNR flow control CRQSIZE "shall" equal HSQSIZE */
#if RDMANEG_PLANTED(nvme_accept_plus_one)
	put16(out + 2, (uint16_t)(r->hsqsize + 1u));
#else
	put16(out + 2, r->hsqsize);
#endif
	zero(out, RDMANEG_NVME_ACCEPT_RSVD, RDMANEG_NVME_ACCEPT_LEN);
	return RDMANEG_OK;
}

int rdmaneg_nvme_accept_check(const uint8_t *buf, size_t len, const struct rdmaneg_nvme_req *r,
			      bool rnr, struct rdmaneg_nvme_accept *acc, unsigned *defects)
{
	unsigned d;
	bool crq_bad;

	if (!r || !acc || !defects || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	acc->recfmt = 0;
	acc->crqsize = 0;
	acc->reserved_at = 0;
	/* [nvme-rdma#fig6]: the record is octets 31:00 */
	/* [nvme-rdma#fig6-1] */
	if (len < RDMANEG_NVME_ACCEPT_LEN || !buf) {
		*defects = RDMANEG_NVME_D_SHORT;
		return RDMANEG_OK;
	}
	acc->recfmt = le16(buf);
	acc->crqsize = le16(buf + 2);
	acc->reserved_at = first_set(buf, RDMANEG_NVME_ACCEPT_RSVD, RDMANEG_NVME_ACCEPT_LEN);
	/* [nvme-rdma#fig6]: with RNR_RETRY_COUNT flow control CRQSIZE may be at most
	 * HSQSIZE; without, it shall equal HSQSIZE */
#if RDMANEG_PLANTED(nvme_crq_plus_one)
	crq_bad = rnr ? acc->crqsize > (uint32_t)r->hsqsize + 1u : acc->crqsize != r->hsqsize;
#else
	/* [nvme-rdma#fig6-3] [nvme-rdma#fig6-4] */
	crq_bad = rnr ? acc->crqsize > r->hsqsize : acc->crqsize != r->hsqsize;
#endif
	/* [nvme-rdma#fig6]: RECFMT shall be 0h */
	/* [nvme-rdma#fig6-2] */
	d = (acc->recfmt != RDMANEG_NVME_RECFMT ? RDMANEG_NVME_D_RECFMT : 0u) +
	    (crq_bad ? RDMANEG_NVME_D_CRQSIZE : 0u);
	/*@ assert d != RDMANEG_NVME_D_SHORT && d <= RDMANEG_NVME_D_RECFMT + RDMANEG_NVME_D_CRQSIZE; */
	*defects = d;
	return RDMANEG_OK;
}

int rdmaneg_nvme_reject_encode(uint16_t sts, uint8_t *out, size_t cap)
{
	if (!out || sts == 0 || sts > RDMANEG_NVME_STS_MAX)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_NVME_REJECT_LEN)
		return RDMANEG_E_NOSPACE;
	put16(out, RDMANEG_NVME_RECFMT);
	put16(out + 2, sts);
	return RDMANEG_OK;
}

int rdmaneg_nvme_reject_read(const uint8_t *buf, size_t len, struct rdmaneg_nvme_reject *rej,
			     unsigned *defects)
{
	unsigned d = 0;

	if (!rej || !defects || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	/* [nvme-rdma#fig7]: RECFMT is octets 01:00, STS 03:02; read only what is there */
	rej->has_recfmt = len >= 2u && buf != NULL;
#if RDMANEG_PLANTED(nvme_sts_two)
	rej->has_sts = len >= 2u && buf != NULL; /* Linux's check (host/rdma.c) */
#else
	/* [nvme-rdma#fig7-1] */
	rej->has_sts = len >= RDMANEG_NVME_REJECT_LEN && buf != NULL;
#endif
	rej->recfmt = rej->has_recfmt ? le16(buf) : 0u;
	rej->sts = rej->has_sts ? le16(buf + 2) : 0u;
	if (!rej->has_sts)
		d += RDMANEG_NVME_D_SHORT;
	if (rej->has_recfmt && rej->recfmt != RDMANEG_NVME_RECFMT)
		d += RDMANEG_NVME_D_RECFMT;
	/* [nvme-rdma#fig11]: 0Ah to FFh are reserved; 0h names no error */
	/* [nvme-rdma#fig11-1] */
	if (rej->has_sts && (rej->sts == 0 || rej->sts > RDMANEG_NVME_STS_MAX))
		d += RDMANEG_NVME_D_STS;
	*defects = d;
	return RDMANEG_OK;
}

const char *rdmaneg_nvme_sts_name(unsigned sts)
{
	switch (sts) {
	case RDMANEG_NVME_ACCEPTED:
		return "accept";
	case RDMANEG_NVME_STS_LEN:
		return "invalid_length";
	case RDMANEG_NVME_STS_RECFMT:
		return "invalid_recfmt";
	case RDMANEG_NVME_STS_QID:
		return "invalid_qid";
	case RDMANEG_NVME_STS_HSQSIZE:
		return "invalid_hsqsize";
	case RDMANEG_NVME_STS_HRQSIZE:
		return "invalid_hrqsize";
	case RDMANEG_NVME_STS_NO_RSC:
		return "no_resources";
	case RDMANEG_NVME_STS_IRD:
		return "invalid_ird";
	case RDMANEG_NVME_STS_ORD:
		return "invalid_ord";
	case RDMANEG_NVME_STS_CNTLID:
		return "invalid_cntlid";
	default:
		return "reserved";
	}
}
