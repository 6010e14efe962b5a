// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "peer/peer_cases.h"

#include "oracle/mpa_ref.h"
#include "peer/fpdu.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* the section each case tests */
static const char s5044[] = "[rfc5044#7.1]", s6[] = "[rfc6581#6]", s91[] = "[rfc6581#9.1]",
		  s92[] = "[rfc6581#9.2]", s7[] = "[rfc6581#7]", tcp[] = "[rfc5044#7.1] delivery";

#define DEF_IRD 16
#define DEF_ORD 16
/* [rfc5044#7.1.1-2]: "MPA ID Req Frame" and "MPA ID Rep Frame" */
static const uint8_t key_req[16] = { 0x4d, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52,
				     0x65, 0x71, 0x20, 0x46, 0x72, 0x61, 0x6d, 0x65 },
		     key_rep[16] = { 0x4d, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52,
				     0x65, 0x70, 0x20, 0x46, 0x72, 0x61, 0x6d, 0x65 };
/* the peer's resources as a responder (rdmaneg_peer_responder_local) */
#define REP_IRD 8
#define REP_IRD_MAX 64
#define REP_ORD 8

static size_t add(struct rdmaneg_peer_case *out, size_t n, size_t cap, const char *section,
		  unsigned roles, const struct rdmaneg_peer_recipe *r, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

static size_t add(struct rdmaneg_peer_case *out, size_t n, size_t cap, const char *section,
		  unsigned roles, const struct rdmaneg_peer_recipe *r, const char *fmt, ...)
{
	va_list ap;

	if (n >= cap)
		return n;
	memset(&out[n], 0, sizeof(out[n]));
	va_start(ap, fmt);
	vsnprintf(out[n].name, sizeof(out[n].name), fmt, ap);
	va_end(ap);
	out[n].section = section;
	out[n].roles = roles;
	out[n].r = *r;
	return n + 1;
}

static struct rdmaneg_peer_recipe base(void)
{
	struct rdmaneg_peer_recipe r;

	memset(&r, 0, sizeof(r));
	r.rev = RDMANEG_PEER_AUTO;
	r.ird = RDMANEG_PEER_AUTO;
	r.ord = RDMANEG_PEER_AUTO;
	r.abcd = RDMANEG_PEER_AUTO;
	r.ulp_len = RDMANEG_PEER_AUTO;
	r.pd_field = RDMANEG_PEER_AUTO;
	return r;
}

static const unsigned pd_lengths[] = { 0,   1,	 2,   3,   4,	8,   251, 252, 253, 254,
				       255, 256, 257, 258, 259, 260, 511, 512, 513, 65535 };

size_t rdmaneg_peer_cases(const struct rdmaneg_peer_params *p, struct rdmaneg_peer_case *out,
			  size_t cap)
{
	static const char *const deltas[] = { "exact", "short", "over" };
	static const uint8_t res_bits[] = { 1, 2, 4, 8 };
	static const unsigned revs[] = { 0, 1, 2, 3, 255 };
	struct rdmaneg_peer_recipe r;
	const unsigned both = RDMANEG_PEER_BOTH;
	size_t n = 0;

	/* keys ([rfc5044#7.1]) */
	r = base();
	r.key = RDMANEG_KEY_WRONG;
	/* [rfc5044#7.1.2-13] */
	n = add(out, n, cap, s5044, both, &r, "key-wrong");
	r.key = RDMANEG_KEY_OTHER;
	/* [rfc5044#7.1.2-16] */
	n = add(out, n, cap, s5044, both, &r, "key-swapped");
	r.key = RDMANEG_KEY_TRUNC;
	n = add(out, n, cap, s5044, both, &r, "key-truncated");

	/* Rev ([rfc5044#7.1], [rfc6581#6]) */
	for (size_t i = 0; i < sizeof(revs) / sizeof(revs[0]); i++) {
		r = base();
		r.rev = (int)revs[i];
		r.unenhanced = revs[i] < 2;
		/* [rfc6581#6-8] [rfc6581#6-10] [rfc6581#6-11] [rfc6581#10-2] [rfc6581#10-4] [rfc6581#10-6] [rfc5044#7.1.1-22] [rfc5044#7.1.2-9] */
		n = add(out, n, cap, revs[i] == 1 ? s6 : s5044, both, &r, "rev-%u", revs[i]);
	}
	r = base();
	r.rev = 1;
	n = add(out, n, cap, s6, both, &r, "rev-1-with-s");

	/* S=1 with 0..3 octets of private data ([rfc6581#6]) */
	for (unsigned k = 0; k < 4; k++) {
		r = base();
		r.pd_field = (int)k;
		r.pd_delta = 0;
		r.ulp_len = 0;
		n = add(out, n, cap, s6, both, &r, "s-with-pd-%u", k);
	}

	/* M, C, R and the Res bits ([rfc5044#7.1], [rfc6581#6]) */
	r = base();
	r.flags_xor = RDMANEG_MPA_F_M;
	/* [rfc6581#6-2] [rfc5044#7.1.1-6] */
	n = add(out, n, cap, s5044, both, &r, "flag-m");
	r.flags_xor = RDMANEG_MPA_F_C;
	/* [rfc6581#6-3] [rfc5044#7.1.1-12] [rfc5044#7.1.1-14] */
	n = add(out, n, cap, s5044, both, &r, "flag-c");
	r.flags_xor = RDMANEG_MPA_F_R;
	/* [rfc5044#7.1.1-16] */
	n = add(out, n, cap, s5044, RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST), &r, "flag-r");
	/* [rfc6581#6-4] */
	n = add(out, n, cap, s5044, RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REPLY), &r, "flag-r-reject");
	for (size_t i = 0; i < sizeof(res_bits); i++) {
		r = base();
		r.flags_xor = res_bits[i];
		/* [rfc6581#6-7] [rfc5044#7.1.1-18] */
		n = add(out, n, cap, s6, both, &r, "res-bit-%u", res_bits[i]);
	}

	/* PD_Length: exact, one octet short, one over ([rfc5044#7.1], [rfc6581#7]) */
	for (size_t i = 0; i < sizeof(pd_lengths) / sizeof(pd_lengths[0]); i++) {
		for (int d = 0; d < 3; d++) {
			unsigned v = pd_lengths[i];

			if (v == 0 && d == 1)
				continue;
			r = base();
			r.unenhanced = v < 4;
			r.pd_field = (int)v;
			r.pd_delta = d == 0 ? 0 : (d == 1 ? -1 : 1);
			/* [rfc6581#6-12] [rfc5044#7.1.1-25] */
			n = add(out, n, cap, v > 512 ? s7 : s5044, both, &r, "pd-length-%u-%s", v,
				deltas[d]);
		}
	}
	r = base();
	r.trailer = RDMANEG_TRAIL_FPDU;
	/* [rfc5044#7.1.2-12] */
	n = add(out, n, cap, s5044, both, &r, "trailing-fpdu");
	r.trailer = RDMANEG_TRAIL_GARBAGE;
	n = add(out, n, cap, s5044, both, &r, "trailing-garbage");

	/* delivery */
	r = base();
	r.delivery = RDMANEG_DELIVER_BYTEWISE;
	/* [rfc5044#7.1.2-3] [rfc5044#7.1.4.2-4] */
	n = add(out, n, cap, tcp, both, &r, "split-bytewise");
	r.delivery = RDMANEG_DELIVER_NOTHING;
	/* [rfc5044#7.1.2-17] */
	n = add(out, n, cap, tcp, both, &r, "send-nothing");
	r.delivery = RDMANEG_DELIVER_HALFCLOSE;
	/* [rfc5044#7.1.2-21] [rfc5044#7.2-1] */
	n = add(out, n, cap, tcp, both, &r, "half-close-after-header");

	/* IRD and ORD ([rfc6581#9.1]) */
	{
		unsigned vals[6] = { 0, 1, p->local_max, p->local_max + 1u, 0x3FFE, 0x3FFF };

		for (size_t i = 0; i < 6; i++) {
			r = base();
			r.ird = (int)vals[i];
			n = add(out, n, cap, s91, both, &r, "ird-%u", vals[i]);
			r = base();
			r.ord = (int)vals[i];
			n = add(out, n, cap, s91, both, &r, "ord-%u", vals[i]);
		}
		r = base();
		r.ird = 0x3FFF;
		r.ord = 0x3FFF;
		n = add(out, n, cap, s91, both, &r, "ird-ord-3fff");
	}

	/* every combination of A, B, C and D ([rfc6581#9.2]) */
	for (unsigned m = 0; m < 16; m++) {
		r = base();
		r.abcd = (int)m;
		/* [rfc6581#9-5] */
		n = add(out, n, cap, s92, both, &r, "abcd-%u%u%u%u", m >> 3 & 1u, m >> 2 & 1u,
			m >> 1 & 1u, m & 1u);
	}
	/* a peer-to-peer Request whose initiator then resets instead of
	 * sending its RTR or closing ([rfc6581#9.2]; siw's finding 3 without
	 * its race) */
	r = base();
	r.abcd = 8;
	r.delivery = RDMANEG_DELIVER_THEN_RESET;
	n = add(out, n, cap, s92, RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST), &r,
		"abcd-1000-reset");
	/* an RTR whose CRC field is wrong: valid with CRCs off, caught with
	 * them on ([rfc5044#7.1.1]) */
	r = base();
	r.abcd = 8 | 2; /* A=1, C=1: a zero-length RDMA Write RTR */
	r.delivery = RDMANEG_DELIVER_RTR_BAD_CRC;
	/* [rfc5044#7.1.1-15] */
	n = add(out, n, cap, s5044, RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST), &r,
		"rtr-crc-wrong");
	r.flags_xor = RDMANEG_MPA_F_C;
	/* [rfc5044#7.1.1-14] */
	n = add(out, n, cap, s5044, RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST), &r,
		"rtr-crc-wrong-c");
	/* last: a responder that loses its listener to it answers no case
	 * after it */
	r = base();
	r.delivery = RDMANEG_DELIVER_RESET;
	n = add(out, n, cap, tcp, RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST), &r,
		"reset-before-accept");
	return n;
}

void rdmaneg_peer_responder_local(struct rdmaneg_mpa_local *rsp)
{
	memset(rsp, 0, sizeof(*rsp));
	rsp->ird = REP_IRD;
	rsp->ord = REP_ORD;
	rsp->ird_max = REP_IRD_MAX;
	rsp->rtr = RDMANEG_RTR_ALL;
}

static void put_word(uint8_t *p, bool a, bool b, uint16_t ird, bool c, bool d, uint16_t ord)
{
	uint16_t hi = (uint16_t)((a ? 0x8000u : 0u) | (b ? 0x4000u : 0u) | (ird & 0x3FFFu));
	uint16_t lo = (uint16_t)((c ? 0x8000u : 0u) | (d ? 0x4000u : 0u) | (ord & 0x3FFFu));

	p[0] = (uint8_t)(hi >> 8);
	p[1] = (uint8_t)hi;
	p[2] = (uint8_t)(lo >> 8);
	p[3] = (uint8_t)lo;
}

/*
 * The word a conforming responder with rdmaneg_peer_responder_local's
 * resources (IRD 8 up to 64, ORD 8, every RTR type) answers req with,
 * computed here from RFC 6581, never by the core under test:
 */
static void reply_word(const struct rdmaneg_mpa_enh *req, struct rdmaneg_mpa_enh *e)
{
	uint8_t rtr = rdmaneg_ref_mpa_rtr(req);
	uint16_t v;

	memset(e, 0, sizeof(*e));
	/* [rfc6581#9.2-4] [rfc6581#9.2-5] [rfc6581#9.2-8]: A echoed; the
	 * common RTR types, or all of ours when the initiator named none */
	e->a = req->a;
	if (e->a) {
		rtr = rtr ? rtr : RDMANEG_RTR_ALL;
		e->b = (rtr & RDMANEG_RTR_SEND) != 0;
		e->c = (rtr & RDMANEG_RTR_WRITE) != 0;
		e->d = (rtr & RDMANEG_RTR_READ) != 0;
	}
	/* [rfc6581#9.1-11]: 0x3FFF answers 0x3FFF; else an IRD that covers
	 * the initiator ORD, within 8..64 */
	v = req->ord < REP_IRD ? REP_IRD : req->ord > REP_IRD_MAX ? REP_IRD_MAX : req->ord;
	e->ird = req->ord == RDMANEG_MPA_NO_NEGOTIATE ? RDMANEG_MPA_NO_NEGOTIATE : v;
	/* [rfc6581#9.1-13] [rfc6581#9.1-4]: ORD at most the initiator IRD */
	e->ord = req->ird == RDMANEG_MPA_NO_NEGOTIATE ? RDMANEG_MPA_NO_NEGOTIATE
		 : req->ird < REP_ORD		      ? req->ird
						      : REP_ORD;
}

/* The word the recipe asks for: defaults or the answer to the SUT's
 * Request, then the recipe's raw overrides. */
static void word_of(const struct rdmaneg_peer_recipe *r, enum rdmaneg_peer_role role,
		    const uint8_t *sut_req, size_t sut_req_n, uint8_t w[4])
{
	struct rdmaneg_mpa_enh e;
	struct rdmaneg_mpa_frame q;

	memset(&e, 0, sizeof(e));
	e.ird = DEF_IRD;
	e.ord = DEF_ORD;
	if (role == RDMANEG_PEER_REPLY && sut_req &&
	    rdmaneg_ref_mpa_read(sut_req, sut_req_n, &q) == RDMANEG_OK && q.enhanced) {
		struct rdmaneg_mpa_enh req;

		if (rdmaneg_ref_mpa_word(&q, &req))
			reply_word(&req, &e);
	}
	if (r->ird != RDMANEG_PEER_AUTO)
		e.ird = (uint16_t)r->ird;
	if (r->ord != RDMANEG_PEER_AUTO)
		e.ord = (uint16_t)r->ord;
	if (r->abcd != RDMANEG_PEER_AUTO) {
		e.a = (r->abcd & 8) != 0;
		e.b = (r->abcd & 4) != 0;
		e.c = (r->abcd & 2) != 0;
		e.d = (r->abcd & 1) != 0;
	}
	/* [rfc6581#9-1]: A B IRD, then C D ORD, big-endian, written raw (also
	 * A=0 with B/C/D, which a conforming encoder refuses) */
	put_word(w, e.a, e.b, e.ird, e.c, e.d, e.ord);
}

/* ULP private data: the RFC 8797 message first (identifier, version 1,
 * R=1, Send and Receive Size 4096: (4096 / 1024) - 1 = 3, [rfc8797#4.2]),
 * then a counting pattern. */
static void ulp_fill(uint8_t *p, size_t n)
{
	static const uint8_t m[8] = { 0xf6, 0xab, 0x0e, 0x18, 0x01, 0x01, 0x03, 0x03 };

	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(0x40u + i % 64u);
	if (n >= sizeof(m))
		memcpy(p, m, sizeof(m));
}

size_t rdmaneg_peer_frame(const struct rdmaneg_peer_recipe *r, enum rdmaneg_peer_role role,
			  const uint8_t *sut_req, size_t sut_req_n, uint8_t *out, size_t cap)
{
	struct rdmaneg_mpa_frame q;
	size_t present, pd_field, ulp, n;
	bool s = !r->unenhanced;
	int rev = r->rev;
	enum rdmaneg_mpa_type type =
		role == RDMANEG_PEER_REQUEST ? RDMANEG_MPA_REQUEST : RDMANEG_MPA_REPLY;

	/* the SUT's Request decides S and Rev of a default Reply ([rfc6581#10]) */
	if (role == RDMANEG_PEER_REPLY && !r->unenhanced && r->rev == RDMANEG_PEER_AUTO &&
	    sut_req && rdmaneg_ref_mpa_read(sut_req, sut_req_n, &q) == RDMANEG_OK && !q.enhanced)
		s = false;
	if (rev == RDMANEG_PEER_AUTO)
		rev = s ? 2 : 1;
	if (r->key == RDMANEG_KEY_OTHER)
		type = type == RDMANEG_MPA_REQUEST ? RDMANEG_MPA_REPLY : RDMANEG_MPA_REQUEST;
	/* [rfc5044#7.1.1-2]: the key, 16 ASCII octets */
	if (cap < RDMANEG_MPA_HDR_LEN)
		return 0;
	memcpy(out, type == RDMANEG_MPA_REQUEST ? key_req : key_rep, sizeof(key_req));
	ulp = r->ulp_len == RDMANEG_PEER_AUTO ? 8u : (size_t)r->ulp_len;
	if (r->pd_field != RDMANEG_PEER_AUTO) {
		pd_field = (size_t)r->pd_field;
		present = (size_t)((long)pd_field + r->pd_delta);
	} else {
		present = (s ? RDMANEG_MPA_ENH_LEN : 0u) + ulp;
		pd_field = present;
	}
	n = RDMANEG_MPA_HDR_LEN + present;
	if (n + 64 > cap)
		return 0;
	out[16] = (uint8_t)((s ? RDMANEG_MPA_F_S : 0u) ^ r->flags_xor);
	out[17] = (uint8_t)rev;
	out[18] = (uint8_t)(pd_field >> 8);
	out[19] = (uint8_t)pd_field;
	ulp_fill(out + RDMANEG_MPA_HDR_LEN, present);
	if (s && present >= RDMANEG_MPA_ENH_LEN)
		word_of(r, role, sut_req, sut_req_n, out + RDMANEG_MPA_HDR_LEN);
	if (r->key == RDMANEG_KEY_WRONG)
		out[3] ^= 0x20u; /* "MPA id req frame": one letter's case */
	if (r->key == RDMANEG_KEY_TRUNC)
		return 10; /* ten octets of the key, then (with FIN) nothing */
	if (r->trailer == RDMANEG_TRAIL_FPDU)
		n += rdmaneg_fpdu_build(RDMANEG_FPDU_RTR_SEND, 0, 0, 0, false, out + n, cap - n);
	else if (r->trailer == RDMANEG_TRAIL_GARBAGE)
		for (size_t i = 0; i < 13; i++)
			out[n++] = (uint8_t)(0xA5u ^ (i * 29u));
	return n;
}

/* x mod n, 0 when n is 0 */
static size_t below(uint64_t x, size_t n)
{
	return n ? (size_t)(x % n) : 0;
}

void rdmaneg_peer_mutate(uint8_t *buf, size_t *len, size_t cap, uint64_t *rng)
{
	unsigned k = 1u + (unsigned)(rdmaneg_splitmix64(rng) % 3u);

	for (unsigned i = 0; i < k; i++) {
		uint64_t x = rdmaneg_splitmix64(rng);
		size_t n = *len;

		switch (x % 6u) {
		case 0: /* a bit in the header or the word */
		case 1:
			if (n > 0)
				buf[below(x >> 8, n < 24 ? n : 24)] ^=
					(uint8_t)(1u << ((x >> 40) % 8u));
			break;
		case 2: /* PD_Length */
			if (n >= 20) {
				buf[18] = (uint8_t)(x >> 16);
				buf[19] = (uint8_t)(x >> 24);
				if ((x >> 32) & 1u)
					buf[18] = (uint8_t)((x >> 33) % 3u);
			}
			break;
		case 3: /* Rev or the flags octet */
			if (n >= 20)
				buf[16 + (x >> 8) % 2u] = (uint8_t)(x >> 16);
			break;
		case 4: /* truncate */
			if (n > 0)
				*len = (size_t)(x >> 8) % n;
			break;
		default: /* extend */
			for (unsigned j = 0; j < 1u + (x >> 8) % 16u && *len < cap; j++)
				buf[(*len)++] = (uint8_t)(x >> (j % 8u * 8u));
			break;
		}
	}
}

bool rdmaneg_peer_glob(const char *pat, const char *name)
{
	const char *star = NULL, *resume = NULL;

	/* one backtrack point, the last '*': linear in the name per star */
	while (*name) {
		if (*pat == '*') {
			star = pat++;
			resume = name;
		} else if (*pat == '?' || *pat == *name) {
			pat++;
			name++;
		} else if (star) {
			pat = star + 1;
			name = ++resume;
		} else {
			return false;
		}
	}
	while (*pat == '*')
		pat++;
	return *pat == '\0';
}
