// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/nvme_rules.h"

#include <string.h>

unsigned rdmaneg_ref_nvme_u16(const uint8_t *buf, size_t off)
{
	/* [nvme-rdma#fig5] to [nvme-rdma#fig7]: every field a little-endian u16 at an even offset */
	return (unsigned)buf[off] + 256u * (unsigned)buf[off + 1];
}

void rdmaneg_ref_nvme_target(const uint8_t *buf, size_t len, const struct rdmaneg_nvme_limits *lim,
			     struct rdmaneg_ref_nvme_answer *a)
{
	unsigned recfmt, qid, hrq, hsq, cntlid, entries, limit;
	unsigned bad = 0, may = 0;

	/* [nvme-rdma#fig11], 1h: the record is 32 octets ([nvme-rdma#fig5], 31:00) */
	/* [nvme-rdma#fig5-7] */
	if (len < 32) {
		a->sts = 1;
		a->allowed = 1u << 1;
		return;
	}
	recfmt = rdmaneg_ref_nvme_u16(buf, 0);
	qid = rdmaneg_ref_nvme_u16(buf, 2);
	hrq = rdmaneg_ref_nvme_u16(buf, 4);
	hsq = rdmaneg_ref_nvme_u16(buf, 6);
	cntlid = rdmaneg_ref_nvme_u16(buf, 8);
	/* [nvme-rdma#fig5]: another record format, nothing else readable */
	/* [nvme-rdma#fig5-2] */
	if (recfmt != 0) {
		a->sts = 2;
		a->allowed = 1u << 2;
		return;
	}
	entries = hsq + 1; /* 0's based */
	limit = qid == 0 ? lim->admin_max : lim->io_max;
	/* [nvme-rdma#fig5-3] */
	if (qid > lim->max_qid)
		bad |= 1u << 3;
	/* [nvme-rdma#fig5-4] */
	if (hsq == 0 || entries > limit)
		bad |= 1u << 4;
	/* [nvme-rdma#fig5-5] */
	if (hrq == 0)
		bad |= 1u << 5;
	if (hrq != 0 && hrq < entries)
		may |= 1u << 5;
	/* [nvme-rdma#fig5-6] */
	if (qid == 0 && cntlid != 0)
		may |= 1u << 9;
	if (bad == 0) {
		a->sts = (may >> 9) & 1u ? 9u : 0u;
		a->allowed = 1u | (1u << 6) | may;
		return;
	}
	a->allowed = bad | may;
	for (a->sts = 3; !((bad >> a->sts) & 1u); a->sts++)
		;
}

unsigned rdmaneg_ref_nvme_accept(const uint8_t *buf, size_t len, unsigned hsqsize, bool rnr)
{
	unsigned d = 0, crq;

	/* [nvme-rdma#fig6-1] */
	if (len < 32)
		return RDMANEG_NVME_D_SHORT;
	/* [nvme-rdma#fig6-2] */
	if (rdmaneg_ref_nvme_u16(buf, 0) != 0)
		d |= RDMANEG_NVME_D_RECFMT;
	crq = rdmaneg_ref_nvme_u16(buf, 2);
	/* [nvme-rdma#fig6]: RNR: "less than or equal to the value of HSQSIZE"; without
	 * RNR: "equal to the value of HSQSIZE" */
	/* [nvme-rdma#fig6-3] [nvme-rdma#fig6-4] */
	if ((rnr && crq > hsqsize) || (!rnr && crq != hsqsize))
		d |= RDMANEG_NVME_D_CRQSIZE;
	return d;
}

unsigned rdmaneg_ref_nvme_reject(const uint8_t *buf, size_t len)
{
	unsigned d = 0;

	if (len >= 2 && rdmaneg_ref_nvme_u16(buf, 0) != 0)
		d |= RDMANEG_NVME_D_RECFMT;
	if (len < 4)
		return d | RDMANEG_NVME_D_SHORT;
	/* [nvme-rdma#fig11]: 1h..9h defined, 0h and 0Ah..FFh not */
	/* [nvme-rdma#fig11-1] */
	if (rdmaneg_ref_nvme_u16(buf, 2) < 1 || rdmaneg_ref_nvme_u16(buf, 2) > 9)
		d |= RDMANEG_NVME_D_STS;
	return d;
}

int rdmaneg_rule_nvme_target(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     const struct rdmaneg_nvme_limits *lim)
{
	struct rdmaneg_nvme_answer a;
	struct rdmaneg_ref_nvme_answer ref;
	uint8_t again[RDMANEG_NVME_REQ_LEN];
	struct rdmaneg_nvme_req back;

	RDMANEG_CHECK(o, rdmaneg_nvme_target_judge(buf, len, lim, &a) == RDMANEG_OK,
		      "nvme target judge: an error for %zu octets", len);
	rdmaneg_ref_nvme_target(buf, len, lim, &ref);
	RDMANEG_CHECK(o, a.sts == ref.sts,
		      "[nvme-rdma#fig11]: strict status %u (%s), the reference says %u (%s)", a.sts,
		      rdmaneg_nvme_sts_name(a.sts), ref.sts, rdmaneg_nvme_sts_name(ref.sts));
	RDMANEG_CHECK(o, a.allowed == ref.allowed,
		      "[nvme-rdma#fig5]: conforming answers 0x%x, the reference says 0x%x",
		      a.allowed, ref.allowed);
	RDMANEG_CHECK(o, a.decoded == (len >= 32), "[nvme-rdma#fig5]: decoded=%d for %zu octets",
		      a.decoded, len);
	if (!a.decoded)
		return 0;
	RDMANEG_CHECK(o,
		      /* [nvme-rdma#fig5-1] */
		      a.req.recfmt == rdmaneg_ref_nvme_u16(buf, 0) &&
			      a.req.qid == rdmaneg_ref_nvme_u16(buf, 2) &&
			      a.req.hrqsize == rdmaneg_ref_nvme_u16(buf, 4) &&
			      a.req.hsqsize == rdmaneg_ref_nvme_u16(buf, 6) &&
			      a.req.cntlid == rdmaneg_ref_nvme_u16(buf, 8),
		      "[nvme-rdma#fig5]: a field differs from its octets");
	{
		size_t first = 0;

		for (size_t i = 31; i >= 10; i--)
			if (buf[i] != 0)
				first = i;
		RDMANEG_CHECK(
			o, a.req.reserved_at == first,
			"[nvme-rdma#fig5]: first non-zero reserved octet %zu, decode says %zu",
			first, a.req.reserved_at);
	}
	RDMANEG_CHECK(o,
		      rdmaneg_nvme_req_encode(&a.req, again, sizeof(again)) == RDMANEG_OK &&
			      memcmp(again, buf, 10) == 0,
		      "[nvme-rdma#fig5]: encode(decode) changed octets 09:00");
	RDMANEG_CHECK(o,
		      rdmaneg_nvme_req_decode(again, sizeof(again), &back) == RDMANEG_OK &&
			      back.reserved_at == 0 && back.hsqsize == a.req.hsqsize &&
			      back.hrqsize == a.req.hrqsize,
		      "[nvme-rdma#fig5]: encode wrote reserved octets, or decode(encode) differs");
	return 0;
}

int rdmaneg_rule_nvme_host(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			   uint16_t hsqsize)
{
	struct rdmaneg_nvme_req r = { 0 };
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	unsigned d, ref;

	r.hsqsize = hsqsize;
	for (int rnr = 0; rnr < 2; rnr++) {
		RDMANEG_CHECK(o,
			      rdmaneg_nvme_accept_check(buf, len, &r, rnr, &acc, &d) == RDMANEG_OK,
			      "nvme accept check: an error for %zu octets", len);
		ref = rdmaneg_ref_nvme_accept(buf, len, hsqsize, rnr);
		RDMANEG_CHECK(o, d == ref,
			      "[nvme-rdma#fig6]: accept defects 0x%x, the reference says 0x%x "
			      "(HSQSIZE %u, rnr %d)",
			      d, ref, hsqsize, rnr);
		RDMANEG_CHECK(o, len >= 32 || (acc.recfmt == 0 && acc.crqsize == 0),
			      "[nvme-rdma#fig6]: fields read from a %zu-octet accept", len);
	}
	RDMANEG_CHECK(o, rdmaneg_nvme_reject_read(buf, len, &rej, &d) == RDMANEG_OK,
		      "nvme reject read: an error for %zu octets", len);
	ref = rdmaneg_ref_nvme_reject(buf, len);
	RDMANEG_CHECK(o, d == ref, "[nvme-rdma#fig7]: reject defects 0x%x, the reference says 0x%x",
		      d, ref);
	/* [nvme-rdma#fig7-1] */
	RDMANEG_CHECK(o, rej.has_sts == (len >= 4) && rej.has_recfmt == (len >= 2),
		      "[nvme-rdma#fig7]: STS read from %zu octets", len);
	RDMANEG_CHECK(o, !rej.has_sts || rej.sts == rdmaneg_ref_nvme_u16(buf, 2),
		      "[nvme-rdma#fig7]: STS %u, the octets say %u", rej.sts,
		      rdmaneg_ref_nvme_u16(buf, 2));
	return 0;
}
