// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* nvme_ref: the oracle's reading (see nvme_ref.h) */
#include "oracle/nvme_ref.h"

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
