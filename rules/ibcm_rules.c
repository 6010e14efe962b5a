// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/ibcm_rules.h"

#include <string.h>

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

/* the core's message summary against the reference's reading */
static int check_msg(struct rdmaneg_oracle *o, const uint8_t *mad, size_t len,
		     const struct rdmaneg_ibcm_msg *m)
{
	unsigned a;

	if (len < 256) {
		RDMANEG_CHECK(o, m->attr == 0 && m->pd_len == 0 && m->local_id == 0,
			      "[ibcm-c12#mad-1]: %zu octets read as attribute 0x%x", len, m->attr);
		return 0;
	}
	a = attr_of(mad);
	RDMANEG_CHECK(o, m->attr == a && m->tid == be64(mad + 8),
		      "[ibcm-c12#mad-1]: attribute 0x%x tid %llx read as 0x%x %llx", a,
		      (unsigned long long)be64(mad + 8), m->attr, (unsigned long long)m->tid);
	if (!known(a)) {
		RDMANEG_CHECK(o, m->pd_len == 0 && m->local_id == 0,
			      "[ibcm-c12#mad-1]: attribute 0x%x has private data", a);
		return 0;
	}
	RDMANEG_CHECK(o, m->pd_off == pd_at[a - 0x10] && m->pd_off + m->pd_len == 256,
		      "[ibcm-c12#req-1]: attribute 0x%x private data at %zu+%zu, not %zu", a,
		      m->pd_off, m->pd_len, pd_at[a - 0x10]);
	RDMANEG_CHECK(o, m->local_id == be32(mad + 24),
		      "[ibcm-c12#req-1]: attribute 0x%x local ID %08x, not %08x", a, m->local_id,
		      be32(mad + 24));
	RDMANEG_CHECK(o, m->remote_id == (a == 0x10 || a == 0x17 || a == 0x18 ? 0 : be32(mad + 28)),
		      "[ibcm-c12#rep-1]: attribute 0x%x remote ID %08x", a, m->remote_id);
	return 0;
}

int rdmaneg_rule_ibcm_passive(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_ibcm_msg m;
	unsigned d, ref = rdmaneg_ref_ibcm_passive(buf, len);

	RDMANEG_CHECK(o, rdmaneg_ibcm_passive_check(buf, len, &m, &d) == RDMANEG_OK,
		      "ibcm passive check: an error for %zu octets", len);
	RDMANEG_CHECK(o, d == ref,
		      "[ibcm-c12#mad-1]: passive defects 0x%x, the reference says 0x%x", d, ref);
	return check_msg(o, buf, len, &m);
}

int rdmaneg_rule_ibcm_active(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_ibcm_msg m;
	uint8_t req[256];
	unsigned d;

	for (int k = 0; k < 4; k++) {
		unsigned ref;

		memset(req, 0, sizeof(req));
		req[0] = 1, req[1] = 7, req[2] = 2, req[3] = 3, req[17] = 0x10;
		/* the REQ's Local Comm ID: the answer's Remote one, or not */
		if (len >= 32 && (k & 1))
			memcpy(req + 24, buf + 28, 4);
		else
			req[24] = 0x12, req[25] = 0x34, req[26] = 0x56, req[27] = 0x78;
		/* responder resources and initiator depth: 16 each, or 0 */
		req[59] = req[63] = k & 2 ? 16 : 0;
		RDMANEG_CHECK(o,
			      rdmaneg_ibcm_active_check(buf, len, req, sizeof(req), &m, &d) ==
				      RDMANEG_OK,
			      "ibcm active check: an error for %zu octets", len);
		ref = rdmaneg_ref_ibcm_active(buf, len, req);
		RDMANEG_CHECK(o, d == ref,
			      "[ibcm-c12#rep-2]: active defects 0x%x, the reference says 0x%x (REQ "
			      "%d)",
			      d, ref, k);
		if (check_msg(o, buf, len, &m) != 0)
			return 1;
	}
	return 0;
}

/* splitmix64: one value per field from the seed */
static uint64_t mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15u;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
	return x ^ (x >> 31);
}

static bool bit_at(const uint8_t *p, size_t b)
{
	return (p[b / 8] >> (7 - b % 8)) & 1;
}

/* the reference's reading of the fields its rules use, or -1 */
static int64_t ref_field(const uint8_t *mad, size_t f)
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

/* one field of at most 64 bits: written, read back, nothing else moved */
static int check_field(struct rdmaneg_oracle *o, const uint8_t *start, size_t f,
		       const struct rdmaneg_ibcm_field *r, uint64_t v)
{
	uint8_t mad[256];
	size_t first = (r->attr ? 24 * 8 : 0) + r->byte * 8u + r->bit, b, lo, hi;
	uint64_t back = ~v;
	int64_t ref;

	memcpy(mad, start, sizeof(mad));
	if (r->width < 64)
		v &= ((uint64_t)1 << r->width) - 1;
	RDMANEG_CHECK(o, rdmaneg_ibcm_set(mad, sizeof(mad), f, v) == RDMANEG_OK,
		      "ibcm set: field %s of 0x%x refused %llx", r->name, r->attr,
		      (unsigned long long)v);
	RDMANEG_CHECK(o, rdmaneg_ibcm_get(mad, sizeof(mad), f, &back) == RDMANEG_OK && back == v,
		      "[ibcm-c12#mad-1]: field %s of 0x%x written %llx, read %llx", r->name,
		      r->attr, (unsigned long long)v, (unsigned long long)back);
	/* the octets around the field whole, the bits beside it in its own */
	lo = first / 8;
	hi = (first + r->width - 1) / 8;
	RDMANEG_CHECK(o,
		      memcmp(mad, start, lo) == 0 &&
			      memcmp(mad + hi + 1, start + hi + 1, sizeof(mad) - hi - 1) == 0,
		      "[ibcm-c12#mad-1]: writing field %s of 0x%x moved an octet outside %zu..%zu",
		      r->name, r->attr, lo, hi);
	for (b = lo * 8; b < hi * 8 + 8; b++)
		if ((b < first || b >= first + r->width) && bit_at(mad, b) != bit_at(start, b))
			break;
	RDMANEG_CHECK(o, b == hi * 8 + 8,
		      "[ibcm-c12#mad-1]: writing field %s of 0x%x moved bit %zu", r->name, r->attr,
		      b);
	ref = ref_field(mad, f);
	if (r->width == 64)
		v &= 0x7FFFFFFFFFFFFFFF;
	RDMANEG_CHECK(o, ref < 0 || (uint64_t)ref == v,
		      "[ibcm-c12#mad-1]: field %s of 0x%x written %llx, the reference reads %llx",
		      r->name, r->attr, (unsigned long long)v, (long long)ref);
	return 0;
}

int rdmaneg_rule_ibcm_fields(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     uint64_t seed)
{
	struct rdmaneg_ibcm_field r;
	uint8_t start[256] = { 0 }, mad[256], pd[224];
	size_t f, off, n, room;

	memcpy(start, buf, len < sizeof(start) ? len : sizeof(start));
	for (f = 0; rdmaneg_ibcm_field(f, &r) == RDMANEG_OK; f++) {
		if (r.width <= 64) {
			if (check_field(o, start, f, &r, mix(seed + f)) != 0)
				return 1;
			continue;
		}
		/* an octet string: inside the MAD, whole octets */
		RDMANEG_CHECK(o,
			      rdmaneg_ibcm_field_octets(f, &off, &n) == RDMANEG_OK &&
				      off + n <= 256 && n * 8 == r.width && r.bit == 0,
			      "[ibcm-c12#mad-1]: octet field %s of 0x%x at %zu+%zu", r.name, r.attr,
			      off, n);
	}
	RDMANEG_CHECK(o, f == RDMANEG_IBCM_F_COUNT, "ibcm field: %zu rows, not %d", f,
		      RDMANEG_IBCM_F_COUNT);
	/* the private data: the start of its span, nothing past pd_len */
	for (unsigned a = 0x10; a <= 0x1A; a++) {
		memcpy(mad, start, sizeof(mad));
		mad[16] = 0, mad[17] = (uint8_t)a;
		RDMANEG_CHECK(o,
			      rdmaneg_ibcm_pd_span((uint16_t)a, &off, &room) == RDMANEG_OK &&
				      off == pd_at[a - 0x10] && off + room == 256,
			      "[ibcm-c12#req-1]: attribute 0x%x private data at %zu+%zu", a, off,
			      room);
		n = mix(seed ^ a) % (room + 1);
		for (size_t i = 0; i < n; i++)
			pd[i] = (uint8_t)mix(seed + (uint64_t)a * 256 + i);
		RDMANEG_CHECK(o,
			      rdmaneg_ibcm_set_pd(mad, sizeof(mad), pd, n) == RDMANEG_OK &&
				      memcmp(mad + off, pd, n) == 0 &&
				      memcmp(mad, start, 16) == 0 &&
				      memcmp(mad + 18, start + 18, off - 18) == 0 &&
				      memcmp(mad + off + n, start + off + n, 256 - off - n) == 0,
			      "[ibcm-c12#req-1]: %zu octets of private data of 0x%x", n, a);
		RDMANEG_CHECK(
			o, rdmaneg_ibcm_set_pd(mad, sizeof(mad), pd, room + 1) == RDMANEG_E_INVAL,
			"[ibcm-c12#req-1]: %zu octets of private data of 0x%x taken", room + 1, a);
	}
	return 0;
}
