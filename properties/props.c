// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "properties/props.h"

#include "rules/rules.h"

#include <string.h>

#define NO_NEG RDMANEG_MPA_NO_NEGOTIATE

/* Sizes worth hitting often: the RFC 8797 boundaries and beyond. */
static const uint64_t sizes[] = { 1024,	  1025,	  2047,	  2048,	  4096,	  8192,	   32768,
				  261120, 262143, 262144, 262145, 263168, 1048576, SIZE_MAX };
static const uint64_t u14s[] = { 0, 1, 2, 3, 4, 16, 0x3FFE, NO_NEG };

/* Draw names, fixed so that no input pays for formatting them. */
struct names3 {
	const char *send, *recv, *r;
};
static const struct names3 N_OWN = { "own.send", "own.recv", "own.R" };
static const struct names3 N_PEER = { "peer.send", "peer.recv", "peer.R" };
static const struct names3 N_CLIENT = { "client.send", "client.recv", "client.R" };
static const struct names3 N_SERVER = { "server.send", "server.recv", "server.R" };

static void draw_settings(struct pbt *p, struct rdmaneg_rpcrdma_settings *s, const struct names3 *n)
{
	s->send_size = (size_t)pbt_mixed(p, sizes, 14, 1024, SIZE_MAX, n->send);
	s->recv_size = (size_t)pbt_mixed(p, sizes, 14, 1024, SIZE_MAX, n->recv);
	s->remote_invalidation = pbt_bool(p, n->r);
}

/* Peer octets: a valid message, perhaps moved, cut, mutated, or noise. */
static size_t draw_peer_bytes(struct pbt *p, uint8_t *buf, size_t cap)
{
	struct rdmaneg_rpcrdma_settings s;
	size_t kind = pbt_pick(p, 4, "peer.kind");
	size_t n, off;

	if (kind == 3)
		return pbt_bytes(p, buf, cap < 64 ? cap : 64, "peer.noise");
	draw_settings(p, &s, &N_PEER);
	off = kind >= 1 ? (size_t)pbt_range(p, 0, 24, "peer.offset") : 0;
	memset(buf, 0, off);
	for (size_t i = 0; i < off; i++)
		buf[i] = pbt_u8(p, NULL);
	rdmaneg_rpcrdma_encode(&s, buf + off, 8);
	n = off + 8;
	if (kind == 2) {
		/* mutate one octet and maybe cut the tail */
		size_t at = (size_t)pbt_range(p, 0, n - 1, "peer.mut_at");

		buf[at] ^= (uint8_t)pbt_range(p, 1, 255, "peer.mut_xor");
		n -= (size_t)pbt_range(p, 0, 8, "peer.cut");
	}
	return n;
}

/* 1. [rfc8797#4.2]: thresholds in range, within both sides' sizes. */
int prop_thresholds(struct pbt *p)
{
	struct rdmaneg_rpcrdma_settings s;
	struct rdmaneg_conn c;
	uint8_t buf[96];
	enum rdmaneg_role role = pbt_bool(p, "role") ? RDMANEG_ROLE_SERVER : RDMANEG_ROLE_CLIENT;
	size_t n;

	draw_settings(p, &s, &N_OWN);
	n = draw_peer_bytes(p, buf, sizeof(buf));
	PBT_CHECK(p, rdmaneg_conn_init(&c, role, &s) == 0, "init rejected valid sizes");
	PBT_CHECK(p, rdmaneg_conn_negotiate(&c, pbt_exact(p, buf, n), n, 0) == 0 && c.negotiated,
		  "negotiate failed, or did not mark the connection negotiated");
	return rdmaneg_rule_thresholds(&p->o, &c);
}

/* 2. [rfc8797#5.1]: no valid peer message means 1024/1024, R off. */
int prop_absent_defaults(struct pbt *p)
{
	struct rdmaneg_rpcrdma_settings s, peer;
	struct rdmaneg_conn c;
	uint8_t buf[64];
	size_t n = 0, kind;

	draw_settings(p, &s, &N_OWN);
	s.remote_invalidation = true;
	draw_settings(p, &peer, &N_PEER);
	peer.remote_invalidation = true;
	rdmaneg_rpcrdma_encode(&peer, buf, 8);
	kind = pbt_pick(p, 4, "absent.kind");
	if (kind == 0) {
		n = 0; /* nothing */
	} else if (kind == 1) {
		n = (size_t)pbt_range(p, 4, 7, "truncated_to"); /* truncated */
	} else if (kind == 2) {
		buf[4] = (uint8_t)pbt_range(p, 2, 256, "version"); /* wrong version */
		n = 8;
	} else {
		size_t at = (size_t)pbt_range(p, 0, 3, "id_octet"); /* wrong id */

		buf[at] ^= (uint8_t)pbt_range(p, 1, 255, "id_xor");
		n = 8;
	}
	PBT_CHECK(p, rdmaneg_ref_find(buf, n) < 0, "generator made a valid message");
	PBT_CHECK(p, rdmaneg_conn_init(&c, RDMANEG_ROLE_CLIENT, &s) == 0, "init failed");
	/* [rfc8797#1-1] */
	PBT_CHECK(p, rdmaneg_conn_negotiate(&c, pbt_exact(p, buf, n), n, 0) == 0,
		  "negotiate failed");
	/* [rfc8797#5.1-1] [rfc8797#5.2-1] */
	PBT_CHECK(p, c.send_threshold == 1024 && c.recv_threshold == 1024,
		  "[rfc8797#5.1]: absent peer message gave thresholds %zu/%zu, not 1024/1024",
		  c.send_threshold, c.recv_threshold);
	PBT_CHECK(p, !c.remote_invalidation, "[rfc8797#5.1]: absent peer message but R honoured");
	return 0;
}

/* Two valid configurations, each end negotiating with the other's octets. */
static void valid_exchange(struct pbt *p, struct rdmaneg_rpcrdma_settings *cs,
			   struct rdmaneg_rpcrdma_settings *ss, struct rdmaneg_conn *c,
			   struct rdmaneg_conn *s)
{
	uint8_t cpd[8], spd[8];

	draw_settings(p, cs, &N_CLIENT);
	draw_settings(p, ss, &N_SERVER);
	rdmaneg_conn_init(c, RDMANEG_ROLE_CLIENT, cs);
	rdmaneg_conn_init(s, RDMANEG_ROLE_SERVER, ss);
	rdmaneg_conn_local_pd(c, cpd, 8);
	rdmaneg_conn_local_pd(s, spd, 8);
	rdmaneg_conn_negotiate(c, pbt_exact(p, spd, 8), 8, 0);
	rdmaneg_conn_negotiate(s, pbt_exact(p, cpd, 8), 8, 0);
}

/* 3. [rfc8797#4.1]: remote invalidation iff both peers set R. */
int prop_remote_invalidation(struct pbt *p)
{
	struct rdmaneg_rpcrdma_settings cs, ss;
	struct rdmaneg_conn c, s;

	valid_exchange(p, &cs, &ss, &c, &s);
	/* [rfc8797#4.1-1] */
	PBT_CHECK(p,
		  c.remote_invalidation == (cs.remote_invalidation && ss.remote_invalidation) &&
			  s.remote_invalidation == c.remote_invalidation,
		  "[rfc8797#4.1]: client R=%d server R=%d gave client %d, server %d",
		  cs.remote_invalidation, ss.remote_invalidation, c.remote_invalidation,
		  s.remote_invalidation);
	return 0;
}

/* 4. [rfc8797#4.2]: client and server agree on both directions. */
int prop_agreement(struct pbt *p)
{
	struct rdmaneg_rpcrdma_settings cs, ss;
	struct rdmaneg_conn c, s;

	valid_exchange(p, &cs, &ss, &c, &s);
	if (rdmaneg_rule_thresholds(&p->o, &c) || rdmaneg_rule_thresholds(&p->o, &s))
		return 1;
	return rdmaneg_rule_agree(&p->o, &c, &s);
}

/* 5. [rfc8797#4.2]: decode(encode(s)) is the normalized s, never larger. */
int prop_roundtrip(struct pbt *p)
{
	static const uint64_t any_sizes[] = { 0,      1,      1023,   1024,   1025,    2047,
					      262144, 262145, 263168, 524288, SIZE_MAX };
	struct rdmaneg_rpcrdma_settings s;
	struct rdmaneg_rpcrdma_result r;
	uint8_t m[8];
	int rc;

	s.send_size = (size_t)pbt_mixed(p, any_sizes, 11, 0, SIZE_MAX, "send");
	s.recv_size = (size_t)pbt_mixed(p, any_sizes, 11, 0, SIZE_MAX, "recv");
	s.remote_invalidation = pbt_bool(p, "R");
	rc = rdmaneg_rpcrdma_encode(&s, m, sizeof(m));
	if (s.send_size < 1024 || s.recv_size < 1024) {
		PBT_CHECK(p, rc == RDMANEG_E_SIZE_TOO_SMALL,
			  "[rfc8797#4.2]: size below 1024 encoded (rc %d)", rc);
		return 0;
	}
	PBT_CHECK(p, rc == 0, "encode rejected valid sizes");
	/* [rfc8797#4-5] */
	PBT_CHECK(p, m[5] == (s.remote_invalidation ? 1 : 0),
		  "[rfc8797#4]: Reserved bits not zero");
	PBT_CHECK(p,
		  rdmaneg_rpcrdma_decode(pbt_exact(p, m, 8), 8, RDMANEG_DECODE_STRICT, &r) == 0 &&
			  r.present,
		  "encoded message does not decode");
	/* [rfc8797#4-8] */
	PBT_CHECK(p, r.send_size <= s.send_size && r.recv_size <= s.recv_size,
		  "[rfc8797#4.2]: advertised %zu/%zu exceeds the real buffers %zu/%zu", r.send_size,
		  r.recv_size, s.send_size, s.recv_size);
	PBT_CHECK(p,
		  r.send_size == rdmaneg_rpcrdma_normalize(s.send_size) &&
			  r.recv_size == rdmaneg_rpcrdma_normalize(s.recv_size),
		  "[rfc8797#4.2]: decode(encode(%zu/%zu)) = %zu/%zu, not the normalized sizes",
		  s.send_size, s.recv_size, r.send_size, r.recv_size);
	/* [rfc8797#4-7] */
	PBT_CHECK(p, r.remote_invalidation == s.remote_invalidation, "[rfc8797#4.1]: R lost");
	return 0;
}

/* 6. [rfc8797#5.2]: a message at any offset k is found at k. */
int prop_search(struct pbt *p)
{
	struct rdmaneg_rpcrdma_result r;
	uint8_t buf[160];
	size_t k, tail, n;

	k = pbt_bytes(p, buf, 64, "prefix");
	/* no identifier may start in the prefix */
	for (size_t i = 0; i < k; i++)
		if (buf[i] == 0xf6)
			buf[i] = 0xf5;
	buf[k] = 0xf6;
	buf[k + 1] = 0xab;
	buf[k + 2] = 0x0e;
	buf[k + 3] = 0x18;
	buf[k + 4] = 1;
	buf[k + 5] = pbt_u8(p, "flags");
	buf[k + 6] = pbt_u8(p, "send_code");
	buf[k + 7] = pbt_u8(p, "recv_code");
	tail = pbt_bytes(p, buf + k + 8, 64, "suffix");
	n = k + 8 + tail;
	PBT_CHECK(p, rdmaneg_rpcrdma_decode(pbt_exact(p, buf, n), n, 0, &r) == 0, "decode error");
	PBT_CHECK(p, r.present && r.offset == k,
		  "[rfc8797#5.2]: message at offset %zu found=%d at %zu", k, r.present, r.offset);
	PBT_CHECK(p,
		  r.send_code == buf[k + 6] && r.recv_code == buf[k + 7] &&
			  r.remote_invalidation == ((buf[k + 5] & 1) != 0),
		  "[rfc8797#4]: fields differ at offset %zu", k);
	/* and any buffer at all, ending anywhere: offset + 8 <= length */
	n = (size_t)pbt_range(p, 0, n, "cut");
	return rdmaneg_rule_decode(&p->o, pbt_exact(p, buf, n), n);
}

/* 7. [rfc8797#4]: renegotiating gives the new peer's result only. */
int prop_reconnect(struct pbt *p)
{
	struct rdmaneg_rpcrdma_settings s;
	struct rdmaneg_conn c, fresh;
	uint8_t a[96], b[96];
	size_t na, nb;

	draw_settings(p, &s, &N_OWN);
	na = draw_peer_bytes(p, a, sizeof(a));
	nb = draw_peer_bytes(p, b, sizeof(b));
	rdmaneg_conn_init(&c, RDMANEG_ROLE_CLIENT, &s);
	rdmaneg_conn_init(&fresh, RDMANEG_ROLE_CLIENT, &s);
	rdmaneg_conn_negotiate(&c, pbt_exact(p, a, na), na, 0);
	rdmaneg_conn_negotiate(&c, pbt_exact(p, b, nb), nb, 0);
	rdmaneg_conn_negotiate(&fresh, pbt_exact(p, b, nb), nb, 0);
	/* [rfc8797#4-1] */
	PBT_CHECK(p,
		  c.send_threshold == fresh.send_threshold &&
			  c.recv_threshold == fresh.recv_threshold &&
			  c.remote_invalidation == fresh.remote_invalidation &&
			  c.peer.present == fresh.peer.present,
		  "[rfc8797#4]: after reconnecting: present=%d %zu/%zu R=%d; a fresh "
		  "connection: present=%d %zu/%zu R=%d",
		  c.peer.present, c.send_threshold, c.recv_threshold, c.remote_invalidation,
		  fresh.peer.present, fresh.send_threshold, fresh.recv_threshold,
		  fresh.remote_invalidation);
	return 0;
}

/* A valid local MPA configuration drawn from the stream. */
struct names5 {
	const char *ird_max, *ird, *ord, *ord_min, *rtr;
};
static const struct names5 N_INI = { "ini.ird_max", "ini.ird", "ini.ord", "ini.ord_min",
				     "ini.rtr" };
static const struct names5 N_RSP = { "rsp.ird_max", "rsp.ird", "rsp.ord", "rsp.ord_min",
				     "rsp.rtr" };

static void draw_local(struct pbt *p, struct rdmaneg_mpa_local *l, bool responder)
{
	const struct names5 *n = responder ? &N_RSP : &N_INI;
	uint16_t top = responder ? NO_NEG - 1 : NO_NEG;

	memset(l, 0, sizeof(*l));
	l->ird_max = (uint16_t)pbt_mixed(p, u14s, 7, 0, NO_NEG - 1, n->ird_max);
	l->ird = (uint16_t)pbt_mixed(p, u14s, 8, 0, top, n->ird);
	/* a responder's IRD is a number (0x3FFF only answers a request) */
	if ((responder || l->ird != NO_NEG) && l->ird > l->ird_max)
		l->ird = l->ird_max;
	l->ord = (uint16_t)pbt_mixed(p, u14s, 8, 0, top, n->ord);
	if (responder) {
		if (l->ord == NO_NEG)
			l->ord = NO_NEG - 1;
		l->ord_min = (uint16_t)pbt_range(p, 0, l->ord, n->ord_min);
		if (pbt_bool(p, NULL))
			l->ord_min = 0;
	}
	l->rtr = (uint8_t)pbt_range(p, responder ? 1 : 0, 7, n->rtr);
	if (responder && l->rtr == RDMANEG_RTR_READ && l->ird_max == 0)
		l->rtr |= RDMANEG_RTR_SEND;
	if (!responder)
		l->p2p = l->rtr != 0 && pbt_bool(p, "ini.p2p");
}

/* Outputs filled with valid values no call leaves there, so a field a call
 * forgets to set, or an error that touches one, shows. */
static void poison_enh(struct rdmaneg_mpa_enh *e)
{
	memset(e, 0, sizeof(*e));
	e->a = e->b = e->c = e->d = true;
	e->ird = e->ord = 0x2AAA;
}

static void poison(struct rdmaneg_mpa_outcome *out, struct rdmaneg_mpa_enh *e)
{
	memset(out, 0, sizeof(*out));
	out->accepted = out->p2p = true;
	out->term.layer = out->term.type = out->term.code = 7;
	out->ird = out->ord = out->peer_ird = out->peer_ord = 0x2AAA;
	out->rtr = 0x55;
	if (e)
		poison_enh(e);
}

/* One exchange; the request word may be replaced by raw flags. */
static int exchange(struct pbt *p, bool raw_flags, struct rdmaneg_mpa_local *ini,
		    struct rdmaneg_mpa_local *rsp, struct rdmaneg_mpa_enh *req,
		    struct rdmaneg_mpa_enh *rep, struct rdmaneg_mpa_outcome *ro,
		    struct rdmaneg_mpa_outcome *io)
{
	draw_local(p, ini, false);
	draw_local(p, rsp, true);
	poison_enh(req);
	poison(ro, rep);
	poison(io, NULL);
	PBT_CHECK(p, rdmaneg_mpa_request(ini, req) == 0, "request rejected a valid config");
	/* [rfc6581#9.1]: its own IRD and ORD; [rfc6581#9.2]: A for peer to peer, then B,
	 * C, D for each RTR option it supports, else all three 0 */
	/* [rfc6581#9.2-1] [rfc6581#9.2-2] [rfc6581#9.2-12] */
	PBT_CHECK(p,
		  req->ird == ini->ird && req->ord == ini->ord && req->a == ini->p2p &&
			  req->b == (ini->p2p && (ini->rtr & RDMANEG_RTR_SEND) != 0) &&
			  req->c == (ini->p2p && (ini->rtr & RDMANEG_RTR_WRITE) != 0) &&
			  req->d == (ini->p2p && (ini->rtr & RDMANEG_RTR_READ) != 0),
		  "[rfc6581#9.1], 9.2: request word A=%d B=%d C=%d D=%d IRD=%u ORD=%u for "
		  "p2p=%d RTR %u IRD %u ORD %u",
		  req->a, req->b, req->c, req->d, req->ird, req->ord, ini->p2p, ini->rtr, ini->ird,
		  ini->ord);
	if (raw_flags && !req->a) {
		/* [rfc6581#9.2]: B/C/D on an A=0 request must be ignored */
		req->b = pbt_bool(p, "req.b");
		req->c = pbt_bool(p, "req.c");
		req->d = pbt_bool(p, "req.d");
	}
	PBT_CHECK(p, rdmaneg_mpa_respond(rsp, req, rep, ro) == 0, "respond failed");
	PBT_CHECK(p, rdmaneg_mpa_complete(ini, req, rep, !ro->accepted, io) == 0,
		  "complete failed");
	return 0;
}

/* 8. [rfc6581#9.1]: IRD/ORD inequalities, 0x3FFF rules, capacities. */
/* [rfc6581#9.1-2] */
int prop_ird_ord(struct pbt *p)
{
	struct rdmaneg_mpa_local ini, rsp;
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome ro, io;

	if (exchange(p, false, &ini, &rsp, &req, &rep, &ro, &io))
		return 1;
	return rdmaneg_rule_ird_ord(&p->o, &ini, &rsp, &req, &rep, &ro, &io);
}

/* 9. [rfc6581#9.2]: A/B/C/D rules and TERM 7. */
int prop_rtr(struct pbt *p)
{
	struct rdmaneg_mpa_local ini, rsp;
	struct rdmaneg_mpa_enh req, rep, clean, rep2;
	struct rdmaneg_mpa_outcome ro, io, ro2;
	uint8_t w[4];

	if (exchange(p, true, &ini, &rsp, &req, &rep, &ro, &io))
		return 1;
	/* [rfc6581#9.2-14] */
	PBT_CHECK(p, rdmaneg_mpa_enh_encode(&rep, w, 4) == 0,
		  "[rfc6581#9.2]: the reply word cannot go on the wire (A=0 with B/C/D?)");
	if (!req.a) {
		clean = req;
		clean.b = clean.c = clean.d = false;
		rdmaneg_mpa_respond(&rsp, &clean, &rep2, &ro2);
		/* [rfc6581#9.2-15] */
		PBT_CHECK(p, memcmp(&rep, &rep2, sizeof(rep)) == 0,
			  "[rfc6581#9.2]: B/C/D of an A=0 request changed the reply");
	}
	return rdmaneg_rule_rtr(&p->o, &ini, &rsp, &req, &rep, &ro, &io);
}

/* A frame-shaped buffer: mostly well-formed headers around the edges. */
static size_t draw_frame(struct pbt *p, uint8_t *buf, size_t cap)
{
	static const uint64_t pdls[] = { 0, 4, 8, 12, 256, 511, 512, 513, 65535 };
	static const char keys[2][17] = { "MPA ID Req Frame", "MPA ID Rep Frame" };
	size_t pdl, have;

	if (pbt_pick(p, 8, "shape") == 7)
		return pbt_bytes(p, buf, cap, "raw");
	memcpy(buf, keys[pbt_bool(p, "reply")], 16);
	buf[16] = pbt_u8(p, "bits");
	/* [rfc5044#7.1.1-19] */
	buf[17] = (uint8_t)pbt_range(p, 0, 3, "rev");
	/* [rfc5044#7.1.1-23] */
	pdl = (size_t)pbt_mixed(p, pdls, 9, 0, 600, "pd_length");
	buf[18] = (uint8_t)(pdl >> 8);
	buf[19] = (uint8_t)pdl;
	/* octets given: exactly PD_Length, one short, one over, or anything */
	/* [rfc5044#7.1.2-18] */
	switch (pbt_pick(p, 4, "pd_given")) {
	case 0:
		have = pdl;
		break;
	case 1:
		have = pdl > 0 ? pdl - 1 : 0;
		break;
	case 2:
		have = pdl + 1;
		break;
	default:
		have = (size_t)pbt_range(p, 0, cap - 20, "pd_given_any");
		break;
	}
	if (have > cap - 20)
		have = cap - 20;
	for (size_t i = 0; i < have; i++)
		buf[20 + i] = pbt_u8(p, NULL);
	return 20 + have;
}

/* 10. [rfc5044#7.1]: parse/build round trip, PD_Length bounds. */
int prop_frame_roundtrip(struct pbt *p)
{
	static uint8_t buf[20 + 600];
	struct rdmaneg_mpa_frame f;
	size_t n = draw_frame(p, buf, sizeof(buf));

	return rdmaneg_rule_frame(&p->o, pbt_exact(p, buf, n), n, &f);
}

/* 11. [rfc6581#9] / [rfc8797#5.2]: stacked equals bare. */
/* [rfc6581#7-2] */
int prop_stacking(struct pbt *p)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	uint8_t pd[RDMANEG_MPA_PD_MAX], frame[20 + RDMANEG_MPA_PD_MAX];
	size_t ulp, n;

	memset(&e, 0, sizeof(e));
	e.ird = (uint16_t)pbt_mixed(p, u14s, 8, 0, NO_NEG, "ird");
	e.ord = (uint16_t)pbt_mixed(p, u14s, 8, 0, NO_NEG, "ord");
	rdmaneg_mpa_enh_encode(&e, pd, 4);
	ulp = draw_peer_bytes(p, pd + 4, sizeof(pd) - 4);
	memset(&f, 0, sizeof(f));
	f.type = pbt_bool(p, "reply") ? RDMANEG_MPA_REPLY : RDMANEG_MPA_REQUEST;
	f.enhanced = true;
	f.rev = 2;
	f.pd_length = (uint16_t)(4 + ulp);
	f.pd = pd;
	PBT_CHECK(p, rdmaneg_mpa_build(&f, frame, sizeof(frame), &n) == 0, "build failed");
	PBT_CHECK(p, rdmaneg_mpa_parse(pbt_exact(p, frame, n), n, &f) == 0,
		  "a built frame does not parse");
	if (rdmaneg_rule_stack(&p->o, &f))
		return 1;
	return rdmaneg_rule_decode(&p->o, pbt_exact(p, pd + 4, ulp), ulp);
}

/* Octets on their way to the peer: intact, moved behind other private
 * data (still valid), or corrupted (one octet flipped, or cut). */
static bool corrupt(struct pbt *p, uint8_t *buf, size_t *n, const char *name)
{
	size_t k;

	switch (pbt_pick(p, 4, name)) {
	case 1:
		k = (size_t)pbt_range(p, 1, 24, "moved_by");
		memmove(buf + k, buf, *n);
		for (size_t i = 0; i < k; i++) {
			buf[i] = pbt_u8(p, NULL);
			if (buf[i] == 0xf6)
				buf[i] = 0xf5; /* no identifier before the message */
		}
		*n += k;
		return false;
	case 2:
		buf[pbt_range(p, 0, *n - 1, "flip_at")] ^= (uint8_t)pbt_range(p, 1, 255, "flip");
		return true;
	case 3:
		*n = (size_t)pbt_range(p, 0, *n - 1, "cut_to");
		return true;
	default:
		return false;
	}
}

/* 12. [rfc8797#4.1], 4.2, 5.1: one two-party exchange, each side
 * decoding what the other sent, possibly corrupted on the way. */
int prop_exchange(struct pbt *p)
{
	struct rdmaneg_rpcrdma_settings cs, ss;
	struct rdmaneg_conn c, s;
	uint8_t cpd[40], spd[40];
	size_t cn = 8, sn = 8;
	bool cbad, sbad;

	draw_settings(p, &cs, &N_CLIENT);
	draw_settings(p, &ss, &N_SERVER);
	rdmaneg_conn_init(&c, RDMANEG_ROLE_CLIENT, &cs);
	rdmaneg_conn_init(&s, RDMANEG_ROLE_SERVER, &ss);
	rdmaneg_conn_local_pd(&c, cpd, sizeof(cpd));
	rdmaneg_conn_local_pd(&s, spd, sizeof(spd));
	cbad = corrupt(p, cpd, &cn, "to_server");
	sbad = corrupt(p, spd, &sn, "to_client");
	PBT_CHECK(p,
		  rdmaneg_conn_negotiate(&s, pbt_exact(p, cpd, cn), cn, 0) == 0 &&
			  rdmaneg_conn_negotiate(&c, pbt_exact(p, spd, sn), sn, 0) == 0,
		  "negotiate failed");
	if (rdmaneg_rule_thresholds(&p->o, &c) || rdmaneg_rule_thresholds(&p->o, &s))
		return 1;
	if (cbad || sbad)
		return 0;
	PBT_CHECK(p, c.remote_invalidation == (cs.remote_invalidation && ss.remote_invalidation),
		  "[rfc8797#4.1]: client R=%d server R=%d gave %d", cs.remote_invalidation,
		  ss.remote_invalidation, c.remote_invalidation);
	return rdmaneg_rule_agree(&p->o, &c, &s);
}

/* Any enhanced word: flags and 14-bit values, 0x3FFF and the edges often. */
static void draw_word(struct pbt *p, struct rdmaneg_mpa_enh *e, const char *const names[6])
{
	e->a = pbt_bool(p, names[0]);
	e->b = pbt_bool(p, names[1]);
	e->c = pbt_bool(p, names[2]);
	e->d = pbt_bool(p, names[3]);
	e->ird = (uint16_t)pbt_mixed(p, u14s, 8, 0, NO_NEG, names[4]);
	e->ord = (uint16_t)pbt_mixed(p, u14s, 8, 0, NO_NEG, names[5]);
}

/* 13. [rfc6581#9.1], 9.2, 9.3: the initiator against any Reply word,
 * the ones a hostile or buggy responder sends included. */
/* [rfc6581#9.1-10] */
int prop_hostile_reply(struct pbt *p)
{
	static const char *const names[6] = { "rep.a", "rep.b",	  "rep.c",
					      "rep.d", "rep.ird", "rep.ord" };
	struct rdmaneg_mpa_local ini;
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome io, before;
	bool rejected;

	draw_local(p, &ini, false);
	PBT_CHECK(p, rdmaneg_mpa_request(&ini, &req) == 0, "request rejected a valid config");
	draw_word(p, &rep, names);
	rejected = pbt_pick(p, 4, "rep.rejected") == 3;
	if (pbt_pick(p, 8, "rep.range") == 7) {
		/* not a 14-bit value: refused, and the outcome untouched */
		rep.ord = (uint16_t)pbt_range(p, NO_NEG + 1, UINT16_MAX, "rep.ord_over");
		poison(&io, NULL);
		before = io;
		PBT_CHECK(p,
			  rdmaneg_mpa_complete(&ini, &req, &rep, rejected, &io) ==
					  RDMANEG_E_MPA_RANGE &&
				  memcmp(&io, &before, sizeof(io)) == 0,
			  "[rfc6581#9]: reply ORD %u above 0x3FFF not refused, or the outcome "
			  "changed",
			  rep.ord);
		return 0;
	}
	poison(&io, NULL);
	PBT_CHECK(p, rdmaneg_mpa_complete(&ini, &req, &rep, rejected, &io) == 0,
		  "complete failed on a 14-bit reply");
	return rdmaneg_rule_complete(&p->o, &ini, &req, &rep, rejected, &io);
}

/* 14. [rfc6581#9.1], 9.2: the responder against any Request word. */
/* [rfc6581#9.1-3] [rfc6581#9.1-5] [rfc6581#9.2-5] */
int prop_respond(struct pbt *p)
{
	static const char *const names[6] = { "req.a", "req.b",	  "req.c",
					      "req.d", "req.ird", "req.ord" };
	struct rdmaneg_mpa_local rsp;
	struct rdmaneg_mpa_enh req, rep, rep_before;
	struct rdmaneg_mpa_outcome ro, before;

	draw_local(p, &rsp, true);
	draw_word(p, &req, names);
	if (pbt_pick(p, 8, "req.range") == 7) {
		req.ird = (uint16_t)pbt_range(p, NO_NEG + 1, UINT16_MAX, "req.ird_over");
		poison(&ro, &rep);
		before = ro;
		rep_before = rep;
		PBT_CHECK(p,
			  rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_E_MPA_RANGE &&
				  memcmp(&ro, &before, sizeof(ro)) == 0 &&
				  memcmp(&rep, &rep_before, sizeof(rep)) == 0,
			  "[rfc6581#9]: request IRD %u above 0x3FFF not refused, or an output "
			  "changed",
			  req.ird);
		return 0;
	}
	poison(&ro, &rep);
	PBT_CHECK(p, rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == 0, "respond failed");
	return rdmaneg_rule_respond(&p->o, &rsp, &req, &rep, &ro);
}

/* 15. [rfc6581#9.3]: an exchange whose two ends fit is accepted at
 * both: the initiator IRD meets the responder ULP's ORD, and, peer to
 * peer, they share an RTR type the responder can take. */
int prop_liveness(struct pbt *p)
{
	struct rdmaneg_mpa_local ini, rsp;
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome ro, io;
	uint8_t common;
	bool read_ok;

	if (exchange(p, false, &ini, &rsp, &req, &rep, &ro, &io))
		return 1;
	/* a Read RTR needs a responder IRD of 1: raised unless 0x3FFF keeps it */
	read_ok = ini.ord == NO_NEG ? rsp.ird >= 1 : rsp.ird_max >= 1;
	common = ini.rtr & rsp.rtr & (read_ok ? RDMANEG_RTR_ALL : (uint8_t)~RDMANEG_RTR_READ);
	if ((ini.ird != NO_NEG && ini.ird < rsp.ord_min) || (ini.p2p && common == 0))
		return 0;
	PBT_CHECK(p, ro.accepted && io.accepted,
		  "[rfc6581#9.3]: ends that fit (initiator IRD %u vs ULP ORD %u, common RTR %u) "
		  "were refused: responder TERM %u, initiator TERM %u",
		  ini.ird, rsp.ord_min, common, ro.term.code, io.term.code);
	PBT_CHECK(p, !ini.p2p || (io.rtr & common) == io.rtr,
		  "[rfc6581#9.2]: initiator chose RTR %u outside the common %u", io.rtr, common);
	return 0;
}

/* 16. [rfc8797#5.2]: a buffer of identifier pieces (messages, wrong
 * versions, bare or cut-off identifiers, noise), cut anywhere, decodes
 * field by field as the reference does: reason, candidates and all. */
int prop_decode_pieces(struct pbt *p)
{
	static const uint8_t id[4] = { 0xf6, 0xab, 0x0e, 0x18 };
	uint8_t buf[96];
	size_t n = 0, pieces = (size_t)pbt_range(p, 0, 6, "pieces");

	for (size_t k = 0; k < pieces; k++) {
		size_t kind = pbt_pick(p, 4, "piece"), len;

		if (kind == 0) {
			n += pbt_bytes(p, buf + n, 4, "noise");
			continue;
		}
		memcpy(buf + n, id, 4);
		len = kind == 2 ? (size_t)pbt_range(p, 4, 7, "bare_len") : 8;
		for (size_t i = 4; i < len; i++)
			buf[n + i] = pbt_u8(p, NULL);
		/* kind 1: any version; kind 3: version 1 */
		if (len > 4)
			buf[n + 4] = kind == 3 ? 1 : (uint8_t)pbt_range(p, 0, 3, "version");
		n += len;
	}
	n = (size_t)pbt_range(p, 0, n, "cut");
	return rdmaneg_rule_decode(&p->o, pbt_exact(p, buf, n), n);
}

const struct pbt_prop rdmaneg_props[] = {
	{ "thresholds", "[rfc8797#4.2]", prop_thresholds },
	{ "absent_defaults", "[rfc8797#5.1]", prop_absent_defaults },
	{ "remote_invalidation", "[rfc8797#4.1]", prop_remote_invalidation },
	{ "agreement", "[rfc8797#4.2]", prop_agreement },
	{ "roundtrip", "[rfc8797#4.2]", prop_roundtrip },
	{ "search", "[rfc8797#5.2]", prop_search },
	{ "reconnect", "[rfc8797#4]", prop_reconnect },
	{ "ird_ord", "[rfc6581#9.1]", prop_ird_ord },
	{ "rtr", "[rfc6581#9.2]", prop_rtr },
	{ "frame_roundtrip", "[rfc5044#7.1]", prop_frame_roundtrip },
	{ "stacking", "[rfc6581#9]", prop_stacking },
	{ "exchange", "[rfc8797#4.2]", prop_exchange },
	{ "hostile_reply", "[rfc6581#9.1]", prop_hostile_reply },
	{ "respond", "[rfc6581#9.1]", prop_respond },
	{ "liveness", "[rfc6581#9.3]", prop_liveness },
	{ "decode_pieces", "[rfc8797#5.2]", prop_decode_pieces },
	{ "nvme_request", "[nvme-rdma#fig5]", prop_nvme_request },
	{ "nvme_answer", "[nvme-rdma#fig6]", prop_nvme_answer },
	{ "nvme_host", "[nvme-rdma#fig7]", prop_nvme_host },
	{ "smbd_server", "[ms-smbd#3.1.5.6]", prop_smbd_server },
	{ "smbd_roundtrip", "[ms-smbd#2.2.2]", prop_smbd_roundtrip },
	{ "smbd_client", "[ms-smbd#3.1.5.7]", prop_smbd_client },
	{ "iser_target", "[iser-a12#req-1]", prop_iser_target },
	{ "iser_initiator", "[iser-a12#rep-1]", prop_iser_initiator },
	{ "ibcm_passive", "[ibcm-c12#mad-1]", prop_ibcm_passive },
	{ "ibcm_active", "[ibcm-c12#rep-2]", prop_ibcm_active },
	{ "ibcm_fields", "[ibcm-c12#mad-1]", prop_ibcm_fields },
	{ "roce_frame", "[roce-a17#icrc-1]", prop_roce_frame },
	{ "cma_roundtrip", "[ibcm-c12#cma-1]", prop_cma_roundtrip },
	{ "mpa_roundtrip", "[rfc5044#7.1]", prop_mpa_roundtrip },
	{ "nvme_roundtrip", "[nvme-rdma#fig5]", prop_nvme_roundtrip },
	{ "iser_roundtrip", "[iser-a12#req-1]", prop_iser_roundtrip },
};
const size_t rdmaneg_nprops = sizeof(rdmaneg_props) / sizeof(rdmaneg_props[0]);
