// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/ibcm_rules.h"

#include <string.h>

/* the core's message summary against the reference's reading */
static int check_msg(struct rdmaneg_oracle *o, const uint8_t *mad, size_t len,
		     const struct rdmaneg_ibcm_msg *m)
{
	struct rdmaneg_ref_ibcm_msg r;

	if (len < 256) {
		RDMANEG_CHECK(o, m->attr == 0 && m->pd_len == 0 && m->local_id == 0,
			      "[ibcm-c12#mad-1]: %zu octets read as attribute 0x%x", len, m->attr);
		return 0;
	}
	rdmaneg_ref_ibcm_read(mad, &r);
	RDMANEG_CHECK(o, m->attr == r.attr && m->tid == r.tid,
		      "[ibcm-c12#mad-1]: attribute 0x%x tid %llx read as 0x%x %llx", r.attr,
		      (unsigned long long)r.tid, m->attr, (unsigned long long)m->tid);
	if (r.pd_off == 0) {
		RDMANEG_CHECK(o, m->pd_len == 0 && m->local_id == 0,
			      "[ibcm-c12#mad-1]: attribute 0x%x has private data", r.attr);
		return 0;
	}
	RDMANEG_CHECK(o, m->pd_off == r.pd_off && m->pd_off + m->pd_len == 256,
		      "[ibcm-c12#req-1]: attribute 0x%x private data at %zu+%zu, not %zu", r.attr,
		      m->pd_off, m->pd_len, r.pd_off);
	RDMANEG_CHECK(o, m->local_id == r.local_id,
		      "[ibcm-c12#req-1]: attribute 0x%x local ID %08x, not %08x", r.attr,
		      m->local_id, r.local_id);
	RDMANEG_CHECK(o, m->remote_id == r.remote_id,
		      "[ibcm-c12#rep-1]: attribute 0x%x remote ID %08x, not %08x", r.attr,
		      m->remote_id, r.remote_id);
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
	ref = rdmaneg_ref_ibcm_field(mad, f);
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
				      off == rdmaneg_ref_ibcm_pd_at(a) && off + room == 256,
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
