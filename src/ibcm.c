// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/ibcm.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

#define ROW(id, msg, name, byte, bit, width) { (msg), (name), (byte), (bit), (width) },
static const struct rdmaneg_ibcm_field fields[RDMANEG_IBCM_F_COUNT] = { RDMANEG_IBCM_FIELDS(ROW) };
#undef ROW

int rdmaneg_ibcm_field(size_t f, struct rdmaneg_ibcm_field *out)
{
	if (!out || f >= RDMANEG_IBCM_F_COUNT)
		return RDMANEG_E_INVAL;
	*out = fields[f];
	return RDMANEG_OK;
}

/* The first bit of the field in row r, counted from the MAD's first octet. */
/*@ requires \valid_read(r);
    assigns \nothing;
    ensures \result <= (65535 + RDMANEG_IBCM_HDR_LEN) * 8 + 255;
*/
static size_t first_bit(const struct rdmaneg_ibcm_field *r)
{
	/* [ibcm-c12#mad-1]: a message's fields follow the 24-octet header */
	size_t base = r->attr != 0u ? RDMANEG_IBCM_HDR_LEN : 0u;

	return (base + (size_t)r->byte) * 8u + (size_t)r->bit;
}

int rdmaneg_ibcm_get(const uint8_t *mad, size_t len, size_t f, uint64_t *v)
{
	struct rdmaneg_ibcm_field r;
	size_t pos, w, i;
	uint64_t x = 0;

	if (!mad || !v || rdmaneg_ibcm_field(f, &r) != RDMANEG_OK)
		return RDMANEG_E_INVAL;
	w = r.width;
	pos = first_bit(&r);
	if (w > 64u || (pos + w + 7u) / 8u > len)
		return RDMANEG_E_INVAL;
	/*@ loop invariant 0 <= i <= w;
	    loop assigns i, x;
	    loop variant w - i;
	*/
	for (i = 0; i < w; i++) {
		size_t b = pos + i;

		/*@ assert b / 8 < len; */
		/* big-endian, most significant bit first; the top bit
		 * cleared so that 64 doublings never overflow */
		x = (x % UINT64_C(0x8000000000000000)) * 2u +
		    (uint64_t)(((unsigned)mad[b / 8u] >> (7u - b % 8u)) % 2u);
	}
	*v = x;
	return RDMANEG_OK;
}

/* bit k of an octet, counted from the most significant */
static const uint8_t bit_mask[8] = { 0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01 };

int rdmaneg_ibcm_set(uint8_t *mad, size_t len, size_t f, uint64_t v)
{
	struct rdmaneg_ibcm_field r;
	size_t pos, w, i;

	if (!mad || rdmaneg_ibcm_field(f, &r) != RDMANEG_OK)
		return RDMANEG_E_INVAL;
	w = r.width;
	pos = first_bit(&r);
	if (w > 64u || (pos + w + 7u) / 8u > len)
		return RDMANEG_E_INVAL;
	if (w < 64u && v >> w != 0u)
		return RDMANEG_E_INVAL;
	/*@ loop invariant 0 <= i <= w;
	    loop assigns i, mad[0 .. len - 1];
	    loop variant w - i;
	*/
	for (i = 0; i < w; i++) {
		size_t b = pos + i;
#if RDMANEG_PLANTED(ibcm_set_lsb_first)
		unsigned m = bit_mask[7u - b % 8u];
#else
		unsigned m = bit_mask[b % 8u];
#endif
		unsigned o;

		/*@ assert b / 8 < len; */
		o = mad[b / 8u];
		if ((v >> (w - 1u - i)) % 2u != 0u)
			mad[b / 8u] = (uint8_t)(o | m);
		else
			mad[b / 8u] = (uint8_t)(o & (255u - m));
	}
	return RDMANEG_OK;
}

int rdmaneg_ibcm_field_octets(size_t f, size_t *off, size_t *len)
{
	struct rdmaneg_ibcm_field r;

	if (!off || !len || rdmaneg_ibcm_field(f, &r) != RDMANEG_OK || r.width <= 64u)
		return RDMANEG_E_INVAL;
	*off = first_bit(&r) / 8u;
	*len = (size_t)r.width / 8u;
	return RDMANEG_OK;
}

int rdmaneg_ibcm_pd_span(uint16_t attr, size_t *off, size_t *len)
{
	size_t pd;

	if (!off || !len)
		return RDMANEG_E_INVAL;
	/* [ibcm-c12#req-1] to [ibcm-c12#apr-1]: each message's last field */
	switch (attr) {
	case RDMANEG_IBCM_REQ:
		pd = RDMANEG_IBCM_F_REQ_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_MRA:
		pd = RDMANEG_IBCM_F_MRA_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_REJ:
		pd = RDMANEG_IBCM_F_REJ_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_REP:
		pd = RDMANEG_IBCM_F_REP_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_RTU:
		pd = RDMANEG_IBCM_F_RTU_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_DREQ:
		pd = RDMANEG_IBCM_F_DREQ_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_DREP:
		pd = RDMANEG_IBCM_F_DREP_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_SIDR_REQ:
		pd = RDMANEG_IBCM_F_SIDR_REQ_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_SIDR_REP:
		pd = RDMANEG_IBCM_F_SIDR_REP_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_LAP:
		pd = RDMANEG_IBCM_F_LAP_PRIVATE_DATA;
		break;
	case RDMANEG_IBCM_APR:
		pd = RDMANEG_IBCM_F_APR_PRIVATE_DATA;
		break;
	default:
		return RDMANEG_E_INVAL;
	}
	*off = RDMANEG_IBCM_HDR_LEN + (size_t)fields[pd].byte;
	*len = (size_t)fields[pd].width / 8u;
	return RDMANEG_OK;
}

int rdmaneg_ibcm_init(uint8_t *out, size_t cap, uint16_t attr, uint64_t tid)
{
	size_t i;

	if (!out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_IBCM_MAD_LEN)
		return RDMANEG_E_NOSPACE;
	/*@ loop invariant 0 <= i <= RDMANEG_IBCM_MAD_LEN;
	    loop assigns i, out[0 .. RDMANEG_IBCM_MAD_LEN - 1];
	    loop variant RDMANEG_IBCM_MAD_LEN - i;
	*/
	for (i = 0; i < RDMANEG_IBCM_MAD_LEN; i++)
		out[i] = 0;
	/* [ibcm-c12#mad-1] */
	out[0] = RDMANEG_IBCM_BASE_VERSION;
	out[1] = RDMANEG_IBCM_CLASS;
	out[2] = RDMANEG_IBCM_CLASS_VERSION;
	out[3] = RDMANEG_IBCM_METHOD_SEND;
	/*@ loop invariant 0 <= i <= 8;
	    loop assigns i, out[8 .. 15];
	    loop variant 8 - i;
	*/
	for (i = 0; i < 8u; i++)
		out[15u - i] = (uint8_t)((tid >> (8u * i)) % 256u);
	out[16] = (uint8_t)(attr / 256u);
	out[17] = (uint8_t)(attr % 256u);
	return RDMANEG_OK;
}

int rdmaneg_ibcm_set_pd(uint8_t *mad, size_t cap, const uint8_t *pd, size_t pd_len)
{
	size_t off, room, i;

	if (!mad || (!pd && pd_len > 0) || cap < RDMANEG_IBCM_MAD_LEN)
		return RDMANEG_E_INVAL;
	if (rdmaneg_ibcm_pd_span((uint16_t)(mad[16] * 256u + mad[17]), &off, &room) != RDMANEG_OK ||
	    pd_len > room)
		return RDMANEG_E_INVAL;
	/*@ loop invariant 0 <= i <= pd_len;
	    loop assigns i, mad[0 .. cap - 1];
	    loop variant pd_len - i;
	*/
	for (i = 0; i < pd_len; i++)
		mad[off + i] = pd[i];
	return RDMANEG_OK;
}

/* Field f of the 256 octets at mad, 0 if it cannot be read. */
/*@ requires \valid_read(mad + (0 .. RDMANEG_IBCM_MAD_LEN - 1));
    assigns \nothing;
*/
static uint64_t field(const uint8_t *mad, size_t f)
{
	uint64_t v = 0;

	(void)rdmaneg_ibcm_get(mad, RDMANEG_IBCM_MAD_LEN, f, &v);
	return v;
}

/*@ requires \valid(m);
    assigns *m;
    ensures m->attr == 0 && m->tid == 0 && m->local_id == 0 && m->remote_id == 0 &&
      m->pd_off == 0 && m->pd_len == 0;
*/
static void msg_clear(struct rdmaneg_ibcm_msg *m)
{
	m->attr = 0;
	m->tid = 0;
	m->local_id = 0;
	m->remote_id = 0;
	m->pd_off = 0;
	m->pd_len = 0;
}

/* The rules of one message's own fields (bits D_MSG to D_MTU). */
/*@ requires \valid_read(mad + (0 .. RDMANEG_IBCM_MAD_LEN - 1));
    assigns \nothing;
    ensures \result <= RDMANEG_IBCM_D_MSG + RDMANEG_IBCM_D_INFO_LEN +
      RDMANEG_IBCM_D_TRANSPORT + RDMANEG_IBCM_D_MTU;
    ensures \result % 16 == 0;
*/
static unsigned message_rules(const uint8_t *mad, uint16_t attr)
{
	unsigned d = 0;
	uint64_t x;

	switch (attr) {
	case RDMANEG_IBCM_REQ:
		/* [ibcm-c12#req-2]: type 3 is XRC only with extended type 1 */
		if (field(mad, RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE) == 3u &&
		    field(mad, RDMANEG_IBCM_F_REQ_EXTENDED_TRANSPORT_TYPE) != 1u)
			d += RDMANEG_IBCM_D_TRANSPORT;
		/* [ibcm-c12#req-3]: MTU codes 1 (256) to 5 (4096) */
		x = field(mad, RDMANEG_IBCM_F_REQ_PATH_MTU);
#if RDMANEG_PLANTED(ibcm_mtu_zero)
		if (x > 5u)
#else
		if (x < 1u || x > 5u)
#endif
			d += RDMANEG_IBCM_D_MTU;
		break;
	case RDMANEG_IBCM_MRA:
		/* [ibcm-c12#mra-2]: 0 REQ, 1 REP, 2 LAP, 3 reserved */
		if (field(mad, RDMANEG_IBCM_F_MRA_MESSAGE_MRAED) == 3u)
			d += RDMANEG_IBCM_D_MSG;
		break;
	case RDMANEG_IBCM_REJ:
		/* [ibcm-c12#rej-2]: 0 REQ, 1 REP, 2 other, 3 reserved */
		if (field(mad, RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED) == 3u)
			d += RDMANEG_IBCM_D_MSG;
			/* [ibcm-c12#rej-3]: the ARI field holds 72 octets */
#if RDMANEG_PLANTED(ibcm_ari_73)
		if (field(mad, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH) >
		    RDMANEG_IBCM_INFO_MAX + 1u)
#else
		if (field(mad, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH) > RDMANEG_IBCM_INFO_MAX)
#endif
			d += RDMANEG_IBCM_D_INFO_LEN;
		break;
	case RDMANEG_IBCM_APR:
		/* [ibcm-c12#apr-2] */
		if (field(mad, RDMANEG_IBCM_F_APR_ADDITIONAL_INFO_LENGTH) > RDMANEG_IBCM_INFO_MAX)
			d += RDMANEG_IBCM_D_INFO_LEN;
		break;
	case RDMANEG_IBCM_SIDR_REP:
		/* [ibcm-c12#sidrrep-2] */
		if (field(mad, RDMANEG_IBCM_F_SIDR_REP_ADDITIONAL_INFO_LENGTH) >
		    RDMANEG_IBCM_INFO_MAX)
			d += RDMANEG_IBCM_D_INFO_LEN;
		break;
	default:
		break;
	}
	return d;
}

int rdmaneg_ibcm_decode(const uint8_t *mad, size_t len, struct rdmaneg_ibcm_msg *m,
			unsigned *defects)
{
	unsigned d = 0;
	size_t off, pd_len;

	if (!m || !defects || (!mad && len > 0))
		return RDMANEG_E_INVAL;
	msg_clear(m);
	/* [ibcm-c12#mad-1]: a MAD is 256 octets */
	if (len < RDMANEG_IBCM_MAD_LEN || !mad) {
		*defects = RDMANEG_IBCM_D_LEN;
		return RDMANEG_OK;
	}
	if (len != RDMANEG_IBCM_MAD_LEN)
		d += RDMANEG_IBCM_D_LEN;
	if (mad[0] != RDMANEG_IBCM_BASE_VERSION || mad[1] != RDMANEG_IBCM_CLASS ||
	    mad[2] != RDMANEG_IBCM_CLASS_VERSION)
		d += RDMANEG_IBCM_D_CLASS;
	if (mad[3] != RDMANEG_IBCM_METHOD_SEND)
		d += RDMANEG_IBCM_D_METHOD;
	m->attr = (uint16_t)(mad[16] * 256u + mad[17]);
	m->tid = field(mad, RDMANEG_IBCM_F_MAD_TID);
	if (rdmaneg_ibcm_pd_span(m->attr, &off, &pd_len) != RDMANEG_OK) {
		*defects = d + RDMANEG_IBCM_D_ATTR;
		return RDMANEG_OK;
	}
	m->pd_off = off;
	m->pd_len = pd_len;
	/* [ibcm-c12#req-1] to [ibcm-c12#apr-1]: every message starts with
	 * its Local Communication ID (SIDR: the Request ID), and all but REQ
	 * and SIDR follow it with the Remote one */
	m->local_id = (uint32_t)field(mad, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID);
	if (m->attr != RDMANEG_IBCM_REQ && m->attr != RDMANEG_IBCM_SIDR_REQ &&
	    m->attr != RDMANEG_IBCM_SIDR_REP)
		m->remote_id = (uint32_t)field(mad, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID);
	*defects = d + message_rules(mad, m->attr);
	return RDMANEG_OK;
}

bool rdmaneg_ibcm_sid_is_ip(uint64_t service_id)
{
	uint64_t ps = service_id / 65536u;

	/* [ibcm-c12#cma-1]: (port space << 16) + port */
	return service_id / UINT64_C(4294967296) == 0u &&
	       (ps == 0x0106u || ps == 0x0111u || ps == 0x0002u);
}

int rdmaneg_ibcm_cma_encode(const struct rdmaneg_ibcm_cma_hdr *h, uint8_t *out, size_t cap)
{
	size_t i;

	if (!h || !out || h->ip_version > 15u)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_IBCM_CMA_HDR_LEN)
		return RDMANEG_E_NOSPACE;
	/* [ibcm-c12#cma-1] */
	out[0] = h->version;
	out[1] = (uint8_t)(h->ip_version * 16u);
	out[2] = (uint8_t)(h->port / 256u);
	out[3] = (uint8_t)(h->port % 256u);
	/*@ loop invariant 0 <= i <= 16;
	    loop invariant out[0] == h->version && out[1] == h->ip_version * 16 &&
	      out[2] * 256 + out[3] == h->port;
	    loop assigns i, out[4 .. 35];
	    loop variant 16 - i;
	*/
	for (i = 0; i < 16u; i++) {
		out[4u + i] = h->src[i];
		out[20u + i] = h->dst[i];
	}
	return RDMANEG_OK;
}

int rdmaneg_ibcm_cma_decode(const uint8_t *pd, size_t len, struct rdmaneg_ibcm_cma_hdr *h,
			    unsigned *defects)
{
	size_t i;

	if (!h || !defects || (!pd && len > 0))
		return RDMANEG_E_INVAL;
	/*@ loop invariant 0 <= i <= 16;
	    loop assigns i, h->src[0 .. 15], h->dst[0 .. 15];
	    loop variant 16 - i;
	*/
	for (i = 0; i < 16u; i++) {
		h->src[i] = 0;
		h->dst[i] = 0;
	}
	h->version = 0;
	h->ip_version = 0;
	h->port = 0;
	if (len < RDMANEG_IBCM_CMA_HDR_LEN || !pd) {
		*defects = RDMANEG_IBCM_D_LEN;
		return RDMANEG_OK;
	}
	h->version = pd[0];
#if RDMANEG_PLANTED(ibcm_cma_nibble)
	h->ip_version = (uint8_t)(pd[1] % 16u);
#else
	h->ip_version = (uint8_t)(pd[1] / 16u);
#endif
	h->port = (uint16_t)(pd[2] * 256u + pd[3]);
	/*@ loop invariant 0 <= i <= 16;
	    loop invariant h->version == pd[0] && h->port == pd[2] * 256 + pd[3];
	    loop invariant h->ip_version == \at(h->ip_version, LoopEntry);
	    loop assigns i, h->src[0 .. 15], h->dst[0 .. 15];
	    loop variant 16 - i;
	*/
	for (i = 0; i < 16u; i++) {
		h->src[i] = pd[4u + i];
		h->dst[i] = pd[20u + i];
	}
	/* [ibcm-c12#cma-2]: version 0, IP version 4 or 6 */
	*defects = h->version != 0u || (h->ip_version != 4u && h->ip_version != 6u)
			   ? RDMANEG_IBCM_D_CMA
			   : 0u;
	return RDMANEG_OK;
}

int rdmaneg_ibcm_passive_check(const uint8_t *mad, size_t len, struct rdmaneg_ibcm_msg *m,
			       unsigned *defects)
{
	struct rdmaneg_ibcm_cma_hdr h;
	unsigned d, c;
	int r;

	r = rdmaneg_ibcm_decode(mad, len, m, &d);
	if (r != RDMANEG_OK || !defects)
		return RDMANEG_E_INVAL;
	if (mad && len >= RDMANEG_IBCM_MAD_LEN &&
	    (m->attr == RDMANEG_IBCM_REQ || m->attr == RDMANEG_IBCM_SIDR_REQ)) {
		uint64_t sid = field(mad, m->attr == RDMANEG_IBCM_REQ
						  ? RDMANEG_IBCM_F_REQ_SERVICE_ID
						  : RDMANEG_IBCM_F_SIDR_REQ_SERVICE_ID);
		/* [ibcm-c12#cma-2]: an IP service's private data starts
		 * with rdma_cm's header */
		if (rdmaneg_ibcm_sid_is_ip(sid) &&
		    rdmaneg_ibcm_cma_decode(mad + m->pd_off, m->pd_len, &h, &c) == RDMANEG_OK &&
		    c == RDMANEG_IBCM_D_CMA)
			d += RDMANEG_IBCM_D_CMA;
	}
	*defects = d;
	return RDMANEG_OK;
}

int rdmaneg_ibcm_active_check(const uint8_t *mad, size_t len, const uint8_t *req, size_t req_len,
			      struct rdmaneg_ibcm_msg *m, unsigned *defects)
{
	unsigned d;
	int r;

	if (!req || req_len < RDMANEG_IBCM_MAD_LEN)
		return RDMANEG_E_INVAL;
	r = rdmaneg_ibcm_decode(mad, len, m, &d);
	if (r != RDMANEG_OK || !defects)
		return RDMANEG_E_INVAL;
	if (mad && len >= RDMANEG_IBCM_MAD_LEN) {
		/* [ibcm-c12#rep-2]: an answer names the REQ's Communication ID */
		bool answer = m->attr == RDMANEG_IBCM_REP || m->attr == RDMANEG_IBCM_MRA ||
			      m->attr == RDMANEG_IBCM_REJ;

#if RDMANEG_PLANTED(ibcm_rej_comm_id)
		answer = m->attr == RDMANEG_IBCM_REP || m->attr == RDMANEG_IBCM_MRA;
#endif
		if (answer && m->remote_id != field(req, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID))
			d += RDMANEG_IBCM_D_COMM_ID;
		/* [ibcm-c12#rep-3]: no more reads than the REQ allowed */
		if (m->attr == RDMANEG_IBCM_REP &&
		    (field(mad, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES) >
			     field(req, RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH) ||
		     field(mad, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH) >
			     field(req, RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES)))
			d += RDMANEG_IBCM_D_RESOURCES;
	}
	*defects = d;
	return RDMANEG_OK;
}
