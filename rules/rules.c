// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_NEG RDMANEG_MPA_NO_NEGOTIATE

int rdmaneg_oracle_fail(struct rdmaneg_oracle *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	/* writes o->msg, reads nothing of *o: callers pass it uninitialized */
	// cppcheck-suppress ctuuninitvar
	vsnprintf(o->msg, sizeof(o->msg), fmt, ap);
	va_end(ap);
	return 1;
}

/* Every field of one decode against the reference's. */
static int same_decode(struct rdmaneg_oracle *o, const char *mode,
		       const struct rdmaneg_rpcrdma_result *a,
		       const struct rdmaneg_rpcrdma_result *r)
{
	RDMANEG_CHECK(
		o,
		a->present == r->present && a->reason == r->reason &&
			a->candidates == r->candidates,
		"[rfc8797#5.2]: %s decode: present=%d reason=%s candidates=%zu, the reference "
		"present=%d reason=%s candidates=%zu",
		mode, a->present, rdmaneg_rpcrdma_reason_name(a->reason), a->candidates, r->present,
		rdmaneg_rpcrdma_reason_name(r->reason), r->candidates);
	/* [rpcrdma-cm-pvt-data-01#4-1] [rpcrdma-cm-pvt-data-01#4-4] */
	RDMANEG_CHECK(
		o,
		a->offset == r->offset && a->version == r->version && a->flags == r->flags &&
			a->remote_invalidation == r->remote_invalidation &&
			a->send_code == r->send_code && a->recv_code == r->recv_code &&
			a->send_size == r->send_size && a->recv_size == r->recv_size,
		"[rfc8797#4]: %s decode fields offset=%zu version=%u flags=%02x R=%d codes=%u/%u "
		"sizes=%zu/%zu, the reference offset=%zu version=%u flags=%02x R=%d codes=%u/%u "
		"sizes=%zu/%zu",
		mode, a->offset, a->version, a->flags, a->remote_invalidation, a->send_code,
		a->recv_code, a->send_size, a->recv_size, r->offset, r->version, r->flags,
		r->remote_invalidation, r->send_code, r->recv_code, r->send_size, r->recv_size);
	return 0;
}

int rdmaneg_rule_decode(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_rpcrdma_result s, t, rs, rt, before, after;
	long ref = rdmaneg_ref_find(buf, len);

	/* an error leaves the result as it was */
	/* byte-wise on purpose: an error writes no octet, padding included,
	 * so both start from the same memset rather than an assignment */
	memset(&before, 0xA5, sizeof(before));
	memset(&after, 0xA5, sizeof(after));
	RDMANEG_CHECK(
		o,
		rdmaneg_rpcrdma_decode(buf, len, 2u, &after) == RDMANEG_E_INVAL &&
			/* NOLINTNEXTLINE(bugprone-suspicious-memory-comparison,cert-exp42-c,cert-flp37-c) */
			memcmp(&before, &after, sizeof(after)) == 0,
		"decode: unknown flags not refused, or the result changed on the error");

	RDMANEG_CHECK(o, rdmaneg_rpcrdma_decode(buf, len, RDMANEG_DECODE_SEARCH, &s) == 0,
		      "decode: search mode returned an error for a %zu-octet buffer", len);
	RDMANEG_CHECK(o, rdmaneg_rpcrdma_decode(buf, len, RDMANEG_DECODE_STRICT, &t) == 0,
		      "decode: strict mode returned an error");
	RDMANEG_CHECK(o, !s.present || s.offset + 8 <= len,
		      "[rfc8797#5.2]: reported offset %zu + 8 > length %zu", s.offset, len);
	RDMANEG_CHECK(o, !t.present || (s.present && s.offset == 0 && t.offset == 0),
		      "decode: strict found a message that search did not find at offset 0");
	/* [rfc8797#5.2-1] */
	RDMANEG_CHECK(o, s.present == (ref >= 0),
		      "[rfc8797#5.2]: search present=%d but the reference finds %ld", s.present,
		      ref);
	RDMANEG_CHECK(o, t.present == (ref == 0),
		      "decode: strict present=%d but the reference finds %ld", t.present, ref);
	if (s.present) {
		const uint8_t *m = buf + s.offset;

		RDMANEG_CHECK(o, (long)s.offset == ref,
			      "[rfc8797#5.2]: first valid occurrence is at %ld, decode says %zu",
			      ref, s.offset);
		/* [rfc8797#4-6] [rfc8797#4-7] [rpcrdma-cm-pvt-data-01#4-5] [rpcrdma-cm-pvt-data-01#4-6] */
		RDMANEG_CHECK(o,
			      s.version == 1 && s.send_size == ((size_t)m[6] + 1) * 1024 &&
				      s.recv_size == ((size_t)m[7] + 1) * 1024 &&
				      s.remote_invalidation == ((m[5] & 1) != 0),
			      "[rfc8797#4.2]: decoded fields differ from the octets at %zu",
			      s.offset);
	} else {
		RDMANEG_CHECK(o, s.reason != RDMANEG_PD_PRESENT,
			      "decode: absent with reason present");
	}
	rdmaneg_ref_decode(buf, len, false, &rs);
	rdmaneg_ref_decode(buf, len, true, &rt);
	if (same_decode(o, "search", &s, &rs))
		return 1;
	return same_decode(o, "strict", &t, &rt);
}

int rdmaneg_rule_thresholds(struct rdmaneg_oracle *o, const struct rdmaneg_conn *c)
{
	size_t peer_recv = c->peer.present ? c->peer.recv_size : RDMANEG_INLINE_MIN;
	size_t peer_send = c->peer.present ? c->peer.send_size : RDMANEG_INLINE_MIN;
	const size_t th[2] = { c->send_threshold, c->recv_threshold };

	for (int i = 0; i < 2; i++) {
		RDMANEG_CHECK(o, th[i] >= RDMANEG_INLINE_MIN && th[i] <= RDMANEG_INLINE_MAX,
			      "[rfc8797#4.2]: %s threshold %zu outside 1024..262144",
			      i ? "recv" : "send", th[i]);
		RDMANEG_CHECK(o, th[i] % 1024 == 0,
			      "[rfc8797#4.2]: %s threshold %zu not a multiple of 1024",
			      i ? "recv" : "send", th[i]);
	}
	/* [rfc8797#4-9] */
	RDMANEG_CHECK(o, c->send_threshold <= peer_recv,
		      "[rfc8797#4.2]: send threshold %zu exceeds the peer's receive size %zu",
		      c->send_threshold, peer_recv);
	RDMANEG_CHECK(o, c->send_threshold <= c->local.send_size,
		      "[rfc8797#4.2]: send threshold %zu exceeds own send size %zu",
		      c->send_threshold, c->local.send_size);
	RDMANEG_CHECK(o, c->recv_threshold <= c->local.recv_size,
		      "[rfc8797#4.2]: recv threshold %zu exceeds own receive size %zu",
		      c->recv_threshold, c->local.recv_size);
	/* [rfc8797#4-8] */
	RDMANEG_CHECK(o, c->recv_threshold <= peer_send,
		      "[rfc8797#4.2]: recv threshold %zu exceeds the peer's send size %zu",
		      c->recv_threshold, peer_send);
	/* [rfc8797#4.1-3] [rpcrdma-cm-pvt-data-01#5.1-3] */
	RDMANEG_CHECK(o,
		      !c->remote_invalidation || (c->local.remote_invalidation && c->peer.present &&
						  c->peer.remote_invalidation),
		      "[rfc8797#4.1]: remote invalidation on without R from both sides");
	return 0;
}

int rdmaneg_rule_agree(struct rdmaneg_oracle *o, const struct rdmaneg_conn *cl,
		       const struct rdmaneg_conn *sv)
{
	RDMANEG_CHECK(o, rdmaneg_conn_c2s(cl) == rdmaneg_conn_c2s(sv),
		      "[rfc8797#4.2]: client-to-server threshold: client %zu, server %zu",
		      rdmaneg_conn_c2s(cl), rdmaneg_conn_c2s(sv));
	RDMANEG_CHECK(o, rdmaneg_conn_s2c(cl) == rdmaneg_conn_s2c(sv),
		      "[rfc8797#4.2]: server-to-client threshold: client %zu, server %zu",
		      rdmaneg_conn_s2c(cl), rdmaneg_conn_s2c(sv));
	RDMANEG_CHECK(o, cl->remote_invalidation == sv->remote_invalidation,
		      "[rfc8797#4.1]: the ends disagree on remote invalidation");
	return 0;
}

/* Every field zero (padding is no field: the core writes fields only). */
static bool frame_is_zero(const struct rdmaneg_mpa_frame *f)
{
	return f->type == RDMANEG_MPA_REQUEST && !f->marker && !f->crc && !f->reject &&
	       !f->enhanced && f->res == 0 && f->rev == 0 && f->pd_length == 0 && !f->pd &&
	       f->frame_len == 0;
}

int rdmaneg_rule_frame(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
		       struct rdmaneg_mpa_frame *parsed)
{
	static uint8_t out[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX];
	struct rdmaneg_mpa_frame f;
	size_t n = 0, pdl;
	int rc = rdmaneg_mpa_parse(buf, len, &f);

	*parsed = f; /* parse zeroes it on failure: frame_len 0 */

	pdl = len >= 20 ? ((size_t)buf[18] << 8 | buf[19]) : 0;
	if (rc != RDMANEG_OK) {
		/* [rfc5044#7.1.2-20] */
		RDMANEG_CHECK(o, rc == rdmaneg_ref_mpa_status(buf, len),
			      "[rfc5044#7.1]: parse returned %s, the reference %s",
			      rdmaneg_status_name(rc),
			      rdmaneg_status_name(rdmaneg_ref_mpa_status(buf, len)));
		RDMANEG_CHECK(o, frame_is_zero(&f), "MPA: parse left fields set after %s",
			      rdmaneg_status_name(rc));
		return 0;
	}
	/* [rfc6581#6-1] [rfc6581#6-2] [rfc6581#6-3] [rfc6581#6-4] [rfc6581#6-6] */
	RDMANEG_CHECK(
		o,
		/* [rfc5044#7.1.1-1] [rfc5044#7.1.2-16] */
		f.type == (memcmp(buf, "MPA ID Req Frame", 16) == 0 ? RDMANEG_MPA_REQUEST
								    : RDMANEG_MPA_REPLY) &&
			/* [rfc5044#7.1.1-6] [rfc5044#7.1.1-7] [rfc5044#7.1.1-12] */
			f.marker == ((buf[16] & 0x80) != 0) && f.crc == ((buf[16] & 0x40) != 0) &&
			/* [rfc5044#7.1.1-16] */
			f.reject == ((buf[16] & 0x20) != 0) &&
			/* [rfc5044#7.1.1-17] */
			f.enhanced == ((buf[16] & 0x10) != 0) && f.res == (buf[16] & 0x0F) &&
			/* [rfc5044#7.1.1-19] */
			f.rev == buf[17] && f.pd == (pdl > 0 ? buf + 20 : NULL),
		"[rfc6581#6]: parsed fields differ from octets 16..19 (%02x %02x) of the frame",
		buf[16], buf[17]);
	if (f.enhanced) {
		struct rdmaneg_mpa_enh e;
		const uint8_t *w = buf + 20;

		/* [rfc6581#9-2] [rfc6581#9-3] [rfc6581#9-4] */
		RDMANEG_CHECK(o,
			      rdmaneg_mpa_frame_enh(&f, &e) == RDMANEG_OK &&
				      e.a == ((w[0] & 0x80) != 0) && e.b == ((w[0] & 0x40) != 0) &&
				      e.c == ((w[2] & 0x80) != 0) && e.d == ((w[2] & 0x40) != 0) &&
				      e.ird == (((w[0] & 0x3F) << 8) | w[1]) &&
				      e.ord == (((w[2] & 0x3F) << 8) | w[3]),
			      "[rfc6581#9]: the frame's enhanced word %02x%02x%02x%02x read wrong",
			      w[0], w[1], w[2], w[3]);
	} else {
		struct rdmaneg_mpa_enh e;

		/* [rfc6581#6-5] */
		RDMANEG_CHECK(o, rdmaneg_mpa_frame_enh(&f, &e) == RDMANEG_E_INVAL,
			      "[rfc6581#9]: an S=0 frame has no enhanced word, but one was read");
	}
	/* [rfc6581#7-3] [rfc5044#7.1.1-26] */
	RDMANEG_CHECK(o, len >= 20 && pdl <= RDMANEG_MPA_PD_MAX,
		      "[rfc5044#7.1]: frame with PD_Length %zu > 512 parsed", pdl);
	/* [rfc6581#6-12] [rfc5044#7.1.2-18] */
	RDMANEG_CHECK(o, f.pd_length == pdl && f.frame_len == 20 + pdl && f.frame_len <= len,
		      "[rfc5044#7.1]: PD_Length %zu trusted beyond the %zu octets given", pdl, len);
	/* [rfc6581#6-8] [rfc5044#7.1.1-21] */
	RDMANEG_CHECK(o, f.rev >= 1 && f.rev <= 2, "[rfc5044#7.1]: Rev %u parsed", f.rev);
	/* [rfc6581#6-9] */
	RDMANEG_CHECK(o, !f.enhanced || (f.rev >= 2 && f.pd_length >= 4),
		      "[rfc6581#6]: S=1 accepted with Rev %u, PD_Length %u", f.rev, f.pd_length);
	/* after the named rules above, any other status the reference owes */
	RDMANEG_CHECK(o, rdmaneg_ref_mpa_status(buf, len) == RDMANEG_OK,
		      "[rfc5044#7.1]: parse returned ok, the reference %s",
		      rdmaneg_status_name(rdmaneg_ref_mpa_status(buf, len)));
	RDMANEG_CHECK(o, rdmaneg_mpa_build(&f, out, sizeof(out), &n) == RDMANEG_OK,
		      "MPA: a parsed frame does not rebuild");
	/* [rfc5044#7.1.1-24] */
	RDMANEG_CHECK(o, n == f.frame_len && memcmp(out, buf, n) == 0,
		      "MPA: build(parse(x)) != x for a %zu-octet frame", f.frame_len);
	return 0;
}

/* B, C, D of a word as an RTR set, read here without the core's helper */
static uint8_t rtr_bits(const struct rdmaneg_mpa_enh *e)
{
	return (uint8_t)((e->b ? RDMANEG_RTR_SEND : 0) | (e->c ? RDMANEG_RTR_WRITE : 0) |
			 (e->d ? RDMANEG_RTR_READ : 0));
}

static int is_term(const struct rdmaneg_mpa_outcome *out, unsigned code)
{
	return !out->accepted && out->term.layer == 2 && out->term.type == 0 &&
	       out->term.code == code;
}

int rdmaneg_rule_ird_ord(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_local *rsp, const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply, const struct rdmaneg_mpa_outcome *ro,
			 const struct rdmaneg_mpa_outcome *io)
{
	RDMANEG_CHECK(o,
		      reply->ird <= NO_NEG && reply->ord <= NO_NEG && ro->ird <= NO_NEG &&
			      ro->ord <= NO_NEG && io->ird <= NO_NEG && io->ord <= NO_NEG,
		      "[rfc6581#9]: a value above 0x3FFF");
	/* the 0x3FFF rules, exactly */
	if (req->ord == NO_NEG)
		RDMANEG_CHECK(o, reply->ird == NO_NEG && ro->ird == rsp->ird,
			      "[rfc6581#9.1]: initiator ORD 0x3FFF but responder IRD %u (reply %u)",
			      ro->ird, reply->ird);
	else
		RDMANEG_CHECK(o, reply->ird != NO_NEG,
			      "[rfc6581#9.1]: responder sent IRD 0x3FFF for initiator ORD %u",
			      req->ord);
	if (req->ird == NO_NEG && ro->accepted)
		RDMANEG_CHECK(o, reply->ord == NO_NEG && ro->ord == rsp->ord,
			      "[rfc6581#9.1]: initiator IRD 0x3FFF but responder ORD %u (reply %u)",
			      ro->ord, reply->ord);
	/* capacities */
	RDMANEG_CHECK(o, ro->ird <= rsp->ird_max || ro->ird == rsp->ird,
		      "[rfc6581#9.1]: responder IRD %u above its capacity %u", ro->ird,
		      rsp->ird_max);
	RDMANEG_CHECK(o, ro->ord <= rsp->ord, "[rfc6581#9.1]: responder ORD %u above its own %u",
		      ro->ord, rsp->ord);
	if (!ro->accepted) {
		/* TERM 5: no RTR type it can take (rdmaneg_rule_respond says when) */
		/* [rfc6581#9.1-6] */
		RDMANEG_CHECK(o, is_term(ro, 6) || is_term(ro, 5),
			      "[rfc6581#9.1]: responder refusal without TERM (2,0,6)");
		return 0;
	}
	RDMANEG_CHECK(o, req->ird == NO_NEG || ro->ord >= rsp->ord_min,
		      "[rfc6581#9.1]: responder ORD %u below its ULP minimum %u accepted", ro->ord,
		      rsp->ord_min);
	/* responder ORD <= initiator IRD (the value sent in the Request) */
	if (req->ird != NO_NEG)
		/* [rfc6581#9.1-4] */
		RDMANEG_CHECK(o, reply->ord <= req->ird,
			      "[rfc6581#9.1]: responder ORD %u > initiator IRD %u", reply->ord,
			      req->ird);
	if (!io->accepted)
		return 0;
	if (reply->ird == NO_NEG)
		/* [rfc6581#9.1-12] */
		RDMANEG_CHECK(o, io->ord == ini->ord,
			      "[rfc6581#9.1]: responder IRD 0x3FFF but initiator ORD changed to %u",
			      io->ord);
	else
		RDMANEG_CHECK(o, io->ord <= reply->ird,
			      "[rfc6581#9.1]: initiator ORD %u > responder IRD %u", io->ord,
			      reply->ird);
	if (reply->ord == NO_NEG)
		RDMANEG_CHECK(o, io->ird == ini->ird,
			      "[rfc6581#9.1]: responder ORD 0x3FFF but initiator IRD changed to %u",
			      io->ird);
	else
		/* [rfc6581#9.1-7] */
		RDMANEG_CHECK(
			o, io->ird >= reply->ord && io->ird <= ini->ird_max,
			"[rfc6581#9.1]: initiator IRD %u not in [responder ORD %u, capacity %u]",
			io->ird, reply->ord, ini->ird_max);
	RDMANEG_CHECK(o, io->ord <= ini->ord, "[rfc6581#9.1]: initiator ORD %u above its own %u",
		      io->ord, ini->ord);
	return 0;
}

int rdmaneg_rule_rtr(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
		     const struct rdmaneg_mpa_local *rsp, const struct rdmaneg_mpa_enh *req,
		     const struct rdmaneg_mpa_enh *reply, const struct rdmaneg_mpa_outcome *ro,
		     const struct rdmaneg_mpa_outcome *io)
{
	uint8_t offered = reply->a ? rtr_bits(reply) : 0;

	/* [rfc6581#9.2-4] */
	RDMANEG_CHECK(o, reply->a == req->a, "[rfc6581#9.2]: reply A=%d for request A=%d", reply->a,
		      req->a);
	if (!req->a) {
		RDMANEG_CHECK(o, !reply->b && !reply->c && !reply->d,
			      "[rfc6581#9.2]: A=0 reply with B/C/D set");
		RDMANEG_CHECK(o, !io->accepted || io->rtr == 0,
			      "[rfc6581#9.2]: client-server model chose an RTR");
		return 0;
	}
	/* TERM 5: no RTR type it can take (rdmaneg_rule_respond says when) */
	if (ro->term.code == 5)
		return 0;
	RDMANEG_CHECK(o, offered != 0 && (offered & ~rsp->rtr) == 0,
		      "[rfc6581#9.2]: responder offered %u, supports %u", offered, rsp->rtr);
	/* the initiator's choice, or TERM 7: the rules for any Reply */
	return rdmaneg_rule_complete(o, ini, req, reply, !ro->accepted, io);
}

int rdmaneg_rule_respond(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *rsp,
			 const struct rdmaneg_mpa_enh *req, const struct rdmaneg_mpa_enh *reply,
			 const struct rdmaneg_mpa_outcome *out)
{
	uint8_t offered = reply->a ? rtr_bits(reply) : 0;
	uint8_t common = req->a ? rtr_bits(req) & rsp->rtr : 0;
	/* [rfc6581#8], 9.2: Read only, and IRD 0 that 0x3FFF keeps: no RTR at all */
	bool no_rtr = req->a && (rsp->rtr & (uint8_t)~RDMANEG_RTR_READ) == 0 &&
		      req->ord == NO_NEG && rsp->ird == 0;

	/* [rfc6581#9.1-1] */
	RDMANEG_CHECK(o, out->peer_ird == req->ird && out->peer_ord == req->ord,
		      "[rfc6581#9.1]: the ULP was handed IRD %u ORD %u, the initiator sent %u %u",
		      out->peer_ird, out->peer_ord, req->ird, req->ord);
	/* [rfc6581#9.2-13] */
	RDMANEG_CHECK(o, reply->a == req->a && out->p2p == req->a,
		      "[rfc6581#9.2]: reply A=%d for request A=%d", reply->a, req->a);
	/* [rfc6581#9.2-14] */
	RDMANEG_CHECK(o, req->a || (!reply->b && !reply->c && !reply->d && out->rtr == 0),
		      "[rfc6581#9.2]: an A=0 reply sets B, C or D");
	/* [rfc6581#9.1]: ORD at most the initiator IRD, and no lower */
	if (req->ird == NO_NEG) {
		/* [rfc6581#9.1-13] */
		RDMANEG_CHECK(o, out->ord == rsp->ord && reply->ord == NO_NEG,
			      "[rfc6581#9.1]: initiator IRD 0x3FFF: ORD must stay %u and the reply "
			      "say 0x3FFF, got %u and %u",
			      rsp->ord, out->ord, reply->ord);
	} else {
		uint16_t want = rsp->ord < req->ird ? rsp->ord : req->ird;

		/* [rfc6581#9.1-2] */
		RDMANEG_CHECK(
			o, out->ord == want,
			"[rfc6581#9.1]: responder ORD %u, but min(own ORD %u, initiator IRD %u) "
			"= %u is allowed",
			out->ord, rsp->ord, req->ird, want);
		if (no_rtr)
			;
		else if (want < rsp->ord_min)
			/* [rfc6581#9.1-5] */
			RDMANEG_CHECK(
				/* [rfc5044#7.1.2-15] */
				o, is_term(out, 6) && reply->ord == rsp->ord_min,
				"[rfc6581#9.1]: initiator IRD %u below the ULP's ORD %u must be "
				"refused with TERM (2,0,6) naming %u (reply ORD %u)",
				req->ird, rsp->ord_min, rsp->ord_min, reply->ord);
		else
			RDMANEG_CHECK(
				o, reply->ord == want && out->term.code == 0,
				"[rfc6581#9.1]: initiator IRD %u meets the ULP's ORD %u, but the "
				"reply says ORD %u, TERM %u",
				req->ird, rsp->ord_min, reply->ord, out->term.code);
	}
	RDMANEG_CHECK(o, out->accepted == (out->term.code == 0),
		      "[rfc6581#9.1]: accepted=%d with TERM %u", out->accepted, out->term.code);
	/* [rfc6581#9.1]: IRD covers the initiator ORD as far as capacity allows */
	if (req->ord == NO_NEG) {
		/* [rfc6581#9.1-11] */
		RDMANEG_CHECK(o, out->ird == rsp->ird && reply->ird == NO_NEG,
			      "[rfc6581#9.1]: initiator ORD 0x3FFF: IRD must stay %u and the reply "
			      "say 0x3FFF, got %u and %u",
			      rsp->ird, out->ird, reply->ird);
	} else {
		uint16_t want = req->ord > rsp->ird ? req->ord : rsp->ird;

		if (want > rsp->ird_max)
			want = rsp->ird_max;
		/* a zero-length Read RTR needs one IRRQ entry */
		if (want == 0 && (offered & RDMANEG_RTR_READ) != 0)
			want = 1;
		/* [rfc6581#9.1-3] */
		RDMANEG_CHECK(o, out->ird == want && reply->ird == want,
			      "[rfc6581#9.1]: initiator ORD %u, own IRD %u..%u: IRD %u (reply %u), "
			      "want %u",
			      req->ord, rsp->ird, rsp->ird_max, out->ird, reply->ird, want);
	}
	RDMANEG_CHECK(o, (offered & RDMANEG_RTR_READ) == 0 || out->ird >= 1,
		      "[rfc6581#9.2]: a zero-length Read RTR offered with responder IRD 0");
	if (!req->a)
		return 0;
	if (no_rtr) {
		/* [rfc6581#9.3-1] */
		RDMANEG_CHECK(
			o, is_term(out, 5) && offered == 0 && out->rtr == 0,
			"[rfc6581#8]: a Read-only responder with IRD 0 kept by 0x3FFF can take "
			"no RTR: TERM (2,0,5) expected, got TERM %u offering %u",
			out->term.code, offered);
		return 0;
	}
	/* [rfc6581#9.2]: every common option it can take; else one of its own */
	if ((req->ord == NO_NEG && rsp->ird == 0) || rsp->ird_max == 0)
		common &= (uint8_t)~RDMANEG_RTR_READ;
	/* [rfc6581#9.2-6] [rfc6581#9.2-8] */
	RDMANEG_CHECK(o, offered != 0 && (offered & ~rsp->rtr) == 0,
		      "[rfc6581#9.2]: responder offered RTR %u, supports %u", offered, rsp->rtr);
	/* [rfc6581#9.2-5] */
	RDMANEG_CHECK(o, common == 0 || offered == common,
		      "[rfc6581#9.2]: initiator asked RTR %u, responder supports %u: offered %u, "
		      "the common %u",
		      rtr_bits(req), rsp->rtr, offered, common);
	RDMANEG_CHECK(o, out->rtr == offered, "[rfc6581#9.2]: outcome RTR %u, reply %u", out->rtr,
		      offered);
	return 0;
}

int rdmaneg_rule_complete(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
			  const struct rdmaneg_mpa_enh *req, const struct rdmaneg_mpa_enh *reply,
			  bool rejected, const struct rdmaneg_mpa_outcome *out)
{
	uint16_t want_ord;
	uint8_t usable;

	/* [rfc6581#9.1-10] */
	RDMANEG_CHECK(o, out->peer_ird == reply->ird && out->peer_ord == reply->ord,
		      "[rfc6581#9.1]: the ULP was handed IRD %u ORD %u, the responder sent %u %u",
		      out->peer_ird, out->peer_ord, reply->ird, reply->ord);
	RDMANEG_CHECK(o, out->p2p == req->a, "[rfc6581#9.2]: the model changed");
	if (rejected) {
		RDMANEG_CHECK(
			o,
			/* [rfc5044#7.1.2-10] */
			!out->accepted && out->term.code == 0 && out->ird == ini->ird &&
				out->ord == ini->ord,
			"[rfc6581#9.1]: on a Reject the initiator keeps IRD %u ORD %u and sends "
			"no TERM; got IRD %u ORD %u TERM %u accepted %d",
			ini->ird, ini->ord, out->ird, out->ord, out->term.code, out->accepted);
		return 0;
	}
	if (reply->a != req->a) {
		/* [rfc6581#9.2-11] */
		RDMANEG_CHECK(o, is_term(out, 7),
			      "[rfc6581#9.2]: reply A=%d for request A=%d must end in TERM (2,0,7)",
			      reply->a, req->a);
		return 0;
	}
	/* [rfc6581#9.1]: ORD at most the responder IRD; 0x3FFF leaves it */
	want_ord = reply->ird == NO_NEG || ini->ord <= reply->ird ? ini->ord : reply->ird;
	RDMANEG_CHECK(o, out->ord == want_ord,
		      "[rfc6581#9.1]: own ORD %u, responder IRD %u: initiator ORD %u, want %u",
		      ini->ord, reply->ird, out->ord, want_ord);
	/* [rfc6581#9.1]: IRD at least the responder ORD, else TERM 6 */
	if (reply->ord == NO_NEG) {
		/* [rfc6581#9.1-14] */
		RDMANEG_CHECK(o, out->ird == ini->ird,
			      "[rfc6581#9.1]: responder ORD 0x3FFF, but IRD changed %u -> %u",
			      ini->ird, out->ird);
	} else {
		uint16_t base = ini->ird == NO_NEG ? 0 : ini->ird;
		uint16_t need = reply->ord > base ? reply->ord : base;

		if (need > ini->ird_max) {
			/* [rfc6581#9.1-8] [rfc6581#9.1-9] */
			RDMANEG_CHECK(
				o, is_term(out, 6) && out->ird == base,
				"[rfc6581#9.1]: responder ORD %u over IRD capacity %u must end "
				"in TERM (2,0,6) with IRD left at %u; got TERM %u IRD %u",
				reply->ord, ini->ird_max, base, out->term.code, out->ird);
			return 0;
		}
		RDMANEG_CHECK(
			o, out->ird == need,
			"[rfc6581#9.1]: responder ORD %u, own IRD %u: initiator IRD %u, want %u",
			reply->ord, base, out->ird, need);
	}
	if (!req->a) {
		/* [rfc6581#9.2-15] */
		RDMANEG_CHECK(o, out->accepted && out->rtr == 0 && out->term.code == 0,
			      "[rfc6581#9.2]: an A=0 exchange that fits is accepted with no RTR "
			      "(B, C, D of the reply ignored); got accepted %d RTR %u TERM %u",
			      out->accepted, out->rtr, out->term.code);
		return 0;
	}
	/* [rfc6581#9.2], 9.3: one usable RTR type (lowest first), else TERM 7 */
	usable = rtr_bits(reply) & ini->rtr;
	if (reply->ird == 0)
		usable &= (uint8_t)~RDMANEG_RTR_READ;
	if (usable == 0)
		/* [rfc6581#9.2-10] */
		RDMANEG_CHECK(o, is_term(out, 7),
			      "[rfc6581#9.2]: no usable RTR (offered %u, own %u) must end in TERM "
			      "(2,0,7); got TERM %u accepted %d",
			      rtr_bits(reply), ini->rtr, out->term.code, out->accepted);
	else
		/* [rfc6581#9.2-9] */
		RDMANEG_CHECK(o,
			      out->accepted && out->term.code == 0 &&
				      out->rtr == (usable & (uint8_t)-usable),
			      "[rfc6581#9.2]: usable RTR %u: must accept with %u, got accepted %d "
			      "RTR %u TERM %u",
			      usable, usable & (uint8_t)-usable, out->accepted, out->rtr,
			      out->term.code);
	return 0;
}

int rdmaneg_rule_stack(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_frame *f)
{
	struct rdmaneg_rpcrdma_result a, b;
	const uint8_t *ulp;
	uint8_t *bare;
	size_t ulp_len;
	size_t word_len = f->enhanced ? 4 : 0;
	int rc;

	RDMANEG_CHECK(o, rdmaneg_mpa_ulp_pd(f, &ulp, &ulp_len) == RDMANEG_OK,
		      "[rfc6581#9]: ULP data of a parsed frame not available");
	/* [rfc6581#7-2] */
	RDMANEG_CHECK(o,
		      ulp_len == (size_t)f->pd_length - word_len &&
			      (ulp_len == 0 || ulp == f->pd + word_len),
		      "[rfc6581#9]: ULP data is not PD minus the %zu-octet enhanced word",
		      word_len);
	/* the same octets, copied out to an exact-size block (so a sanitizer
	 * sees a read past them), decode alike */
	bare = malloc(ulp_len);
	RDMANEG_CHECK(o, bare || ulp_len == 0, "oracle: out of memory");
	if (ulp_len > 0)
		memcpy(bare, f->pd + word_len, ulp_len);
	rc = rdmaneg_rpcrdma_decode(ulp, ulp_len, 0, &a) == RDMANEG_OK &&
	     rdmaneg_rpcrdma_decode(bare, ulp_len, 0, &b) == RDMANEG_OK;
	free(bare);
	RDMANEG_CHECK(o, rc, "[rfc8797#5.2]: decode error on ULP data");
	RDMANEG_CHECK(o,
		      a.present == b.present && a.offset == b.offset &&
			      a.send_size == b.send_size && a.recv_size == b.recv_size &&
			      a.remote_invalidation == b.remote_invalidation,
		      "[rfc8797#5.2]: stacked decode (present=%d offset=%zu) differs from bare "
		      "(present=%d offset=%zu)",
		      a.present, a.offset, b.present, b.offset);
	return 0;
}
