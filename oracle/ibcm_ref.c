// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* ibcm_ref: the oracle's reading (see ibcm_ref.h) */
#include "oracle/ibcm_ref.h"

#include <rdmaneg/ibcm.h>

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const uint8_t *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* [ibcm-c12#req-1] to [ibcm-c12#apr-1]: where each message's private
 * data starts in the MAD, attributes 0x10 to 0x1A; it runs to octet 255 */
static const size_t pd_at[11] = { 164, 34, 108, 60, 32, 36, 32, 40, 120, 88, 108 };

static unsigned attr_of(const uint8_t *mad)
{
	return (unsigned)mad[16] << 8 | mad[17];
}

static bool known(unsigned attr)
{
	return attr >= 0x10 && attr <= 0x1A;
}

/* [ibcm-c12#mad-1] and the rules of each message's own fields */
static unsigned ref_decode(const uint8_t *mad, size_t len)
{
	unsigned d = 0, a;

	if (len < 256)
		return RDMANEG_IBCM_D_LEN;
	if (len != 256)
		d |= RDMANEG_IBCM_D_LEN;
	if (mad[0] != 1 || mad[1] != 7 || mad[2] != 2)
		d |= RDMANEG_IBCM_D_CLASS;
	if (mad[3] != 3)
		d |= RDMANEG_IBCM_D_METHOD;
	a = attr_of(mad);
	if (!known(a))
		return d | RDMANEG_IBCM_D_ATTR;
	switch (a) {
	case 0x10: /* REQ, [ibcm-c12#req-2] [ibcm-c12#req-3] */
		if ((mad[67] & 0x06) == 0x06 && (mad[75] & 0x07) != 1)
			d |= RDMANEG_IBCM_D_TRANSPORT;
		if ((mad[74] >> 4) == 0 || (mad[74] >> 4) > 5)
			d |= RDMANEG_IBCM_D_MTU;
		break;
	case 0x11: /* MRA, [ibcm-c12#mra-2] */
		if ((mad[32] & 0xC0) == 0xC0)
			d |= RDMANEG_IBCM_D_MSG;
		break;
	case 0x12: /* REJ, [ibcm-c12#rej-2] [ibcm-c12#rej-3] */
		if ((mad[32] & 0xC0) == 0xC0)
			d |= RDMANEG_IBCM_D_MSG;
		if ((mad[33] >> 1) > 72)
			d |= RDMANEG_IBCM_D_INFO_LEN;
		break;
	case 0x18: /* SIDR REP, [ibcm-c12#sidrrep-2] */
		if (mad[29] > 72)
			d |= RDMANEG_IBCM_D_INFO_LEN;
		break;
	case 0x1A: /* APR, [ibcm-c12#apr-2] */
		if (mad[32] > 72)
			d |= RDMANEG_IBCM_D_INFO_LEN;
		break;
	default:
		break;
	}
	return d;
}

/* [ibcm-c12#cma-1]: (port space << 16) + port, TCP, UDP or IPoIB */
static bool ip_service(uint64_t sid)
{
	uint64_t ps = sid >> 16;

	return ps == 0x0106 || ps == 0x0111 || ps == 0x0002;
}

unsigned rdmaneg_ref_ibcm_passive(const uint8_t *mad, size_t len)
{
	unsigned d = ref_decode(mad, len), a;

	if (len < 256)
		return d;
	a = attr_of(mad);
	/* REQ and SIDR REQ both carry the Service ID at octet 32 */
	if ((a == 0x10 || a == 0x17) && ip_service(be64(mad + 32))) {
		const uint8_t *pd = mad + pd_at[a - 0x10];

		/* [ibcm-c12#cma-2] */
		if (pd[0] != 0 || ((pd[1] >> 4) != 4 && (pd[1] >> 4) != 6))
			d |= RDMANEG_IBCM_D_CMA;
	}
	return d;
}

unsigned rdmaneg_ref_ibcm_active(const uint8_t *mad, size_t len, const uint8_t *req)
{
	unsigned d = ref_decode(mad, len), a;

	if (len < 256)
		return d;
	a = attr_of(mad);
	/* [ibcm-c12#rep-2]: REP, MRA, REJ name the REQ's Local Comm ID */
	if ((a == 0x13 || a == 0x11 || a == 0x12) && be32(mad + 28) != be32(req + 24))
		d |= RDMANEG_IBCM_D_COMM_ID;
	/* [ibcm-c12#rep-3]: REP octets 48 and 49, REQ octets 63 and 59 */
	if (a == 0x13 && (mad[48] > req[63] || mad[49] > req[59]))
		d |= RDMANEG_IBCM_D_RESOURCES;
	return d;
}

size_t rdmaneg_ref_ibcm_pd_at(unsigned attr)
{
	return known(attr) ? pd_at[attr - 0x10] : 0;
}

void rdmaneg_ref_ibcm_read(const uint8_t *mad, struct rdmaneg_ref_ibcm_msg *m)
{
	m->attr = attr_of(mad);
	m->tid = be64(mad + 8);
	m->pd_off = rdmaneg_ref_ibcm_pd_at(m->attr);
	m->local_id = be32(mad + 24);
	/* [ibcm-c12#rep-1]: REQ, SIDR REQ and SIDR REP name no remote ID */
	m->remote_id = m->attr == 0x10 || m->attr == 0x17 || m->attr == 0x18 ? 0 : be32(mad + 28);
}

int64_t rdmaneg_ref_ibcm_field(const uint8_t *mad, size_t f)
{
	switch (f) {
	case RDMANEG_IBCM_F_MAD_ATTR_ID:
		return attr_of(mad);
	case RDMANEG_IBCM_F_MAD_TID:
		return (int64_t)(be64(mad + 8) & 0x7FFFFFFFFFFFFFFF);
	case RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID:
		return be32(mad + 24);
	case RDMANEG_IBCM_F_REP_REMOTE_COMM_ID:
		return be32(mad + 28);
	case RDMANEG_IBCM_F_REQ_SERVICE_ID:
		return (int64_t)(be64(mad + 32) & 0x7FFFFFFFFFFFFFFF);
	case RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE:
		return (mad[67] >> 1) & 3;
	case RDMANEG_IBCM_F_REQ_PATH_MTU:
		return mad[74] >> 4;
	case RDMANEG_IBCM_F_REQ_RNR_RETRY_COUNT:
		return mad[74] & 7;
	case RDMANEG_IBCM_F_REQ_EXTENDED_TRANSPORT_TYPE:
		return mad[75] & 7;
	case RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES:
		return mad[59];
	case RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH:
		return mad[63];
	case RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES:
		return mad[48];
	case RDMANEG_IBCM_F_REP_INITIATOR_DEPTH:
		return mad[49];
	case RDMANEG_IBCM_F_MRA_MESSAGE_MRAED:
	case RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED:
		return mad[32] >> 6;
	case RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH:
		return mad[33] >> 1;
	case RDMANEG_IBCM_F_SIDR_REP_ADDITIONAL_INFO_LENGTH:
		return mad[29];
	case RDMANEG_IBCM_F_APR_ADDITIONAL_INFO_LENGTH:
		return mad[32];
	default:
		return -1;
	}
}
