// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/nvme_rules.h"

#include <string.h>

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
