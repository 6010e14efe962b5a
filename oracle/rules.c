#include "rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define NO_NEG RDMANEG_MPA_NO_NEGOTIATE

/* The oracle is a checker, not code to explore: keep fuzzers' comparison
 * tracing out of its per-octet loop. */
#if defined(__clang__) && __clang_major__ >= 13
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define NO_COVERAGE
#endif

int rdmaneg_oracle_fail(struct rdmaneg_oracle *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->msg, sizeof(o->msg), fmt, ap);
	va_end(ap);
	return 1;
}

NO_COVERAGE long rdmaneg_ref_find(const uint8_t *buf, size_t len)
{
	for (size_t i = 0; i + 8 <= len; i++)
		if (buf[i] == 0xf6 && buf[i + 1] == 0xab && buf[i + 2] == 0x0e &&
		    buf[i + 3] == 0x18 && buf[i + 4] == 1)
			return (long)i;
	return -1;
}

int rdmaneg_rule_decode(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_rpcrdma_result s, t;
	long ref = rdmaneg_ref_find(buf, len);

	RDMANEG_CHECK(o, rdmaneg_rpcrdma_decode(buf, len, RDMANEG_DECODE_SEARCH, &s) == 0,
		  "decode: search mode returned an error for a %zu-octet buffer", len);
	RDMANEG_CHECK(o, rdmaneg_rpcrdma_decode(buf, len, RDMANEG_DECODE_STRICT, &t) == 0,
		  "decode: strict mode returned an error");
	RDMANEG_CHECK(o, !s.present || s.offset + 8 <= len,
		  "RFC 8797 5.2: reported offset %zu + 8 > length %zu", s.offset, len);
	RDMANEG_CHECK(o, !t.present || (s.present && s.offset == 0 && t.offset == 0),
		  "decode: strict found a message that search did not find at offset 0");
	RDMANEG_CHECK(o, s.present == (ref >= 0),
		  "RFC 8797 5.2: search present=%d but the reference finds %ld", s.present, ref);
	RDMANEG_CHECK(o, t.present == (ref == 0),
		  "decode: strict present=%d but the reference finds %ld", t.present, ref);
	if (s.present) {
		const uint8_t *m = buf + s.offset;

		RDMANEG_CHECK(o, (long)s.offset == ref,
			  "RFC 8797 5.2: first valid occurrence is at %ld, decode says %zu",
			  ref, s.offset);
		RDMANEG_CHECK(o, s.version == 1 && s.send_size == ((size_t)m[6] + 1) * 1024 &&
			     s.recv_size == ((size_t)m[7] + 1) * 1024 &&
			     s.remote_invalidation == ((m[5] & 1) != 0),
			  "RFC 8797 4.2: decoded fields differ from the octets at %zu", s.offset);
	} else {
		RDMANEG_CHECK(o, s.reason != RDMANEG_PD_PRESENT, "decode: absent with reason present");
	}
	return 0;
}

int rdmaneg_rule_thresholds(struct rdmaneg_oracle *o, const struct rdmaneg_conn *c)
{
	size_t peer_recv = c->peer.present ? c->peer.recv_size : RDMANEG_INLINE_MIN;
	size_t peer_send = c->peer.present ? c->peer.send_size : RDMANEG_INLINE_MIN;
	const size_t th[2] = { c->send_threshold, c->recv_threshold };

	for (int i = 0; i < 2; i++) {
		RDMANEG_CHECK(o, th[i] >= RDMANEG_INLINE_MIN && th[i] <= RDMANEG_INLINE_MAX,
			  "RFC 8797 4.2: %s threshold %zu outside 1024..262144",
			  i ? "recv" : "send", th[i]);
		RDMANEG_CHECK(o, th[i] % 1024 == 0, "RFC 8797 4.2: %s threshold %zu not a multiple of 1024",
			  i ? "recv" : "send", th[i]);
	}
	RDMANEG_CHECK(o, c->send_threshold <= peer_recv,
		  "RFC 8797 4.2: send threshold %zu exceeds the peer's receive size %zu",
		  c->send_threshold, peer_recv);
	RDMANEG_CHECK(o, c->send_threshold <= c->local.send_size,
		  "RFC 8797 4.2: send threshold %zu exceeds own send size %zu",
		  c->send_threshold, c->local.send_size);
	RDMANEG_CHECK(o, c->recv_threshold <= c->local.recv_size,
		  "RFC 8797 4.2: recv threshold %zu exceeds own receive size %zu",
		  c->recv_threshold, c->local.recv_size);
	RDMANEG_CHECK(o, c->recv_threshold <= peer_send,
		  "RFC 8797 4.2: recv threshold %zu exceeds the peer's send size %zu",
		  c->recv_threshold, peer_send);
	RDMANEG_CHECK(o, !c->remote_invalidation ||
			     (c->local.remote_invalidation && c->peer.present &&
			      c->peer.remote_invalidation),
		  "RFC 8797 4.1: remote invalidation on without R from both sides");
	return 0;
}

int rdmaneg_rule_agree(struct rdmaneg_oracle *o, const struct rdmaneg_conn *cl,
		       const struct rdmaneg_conn *sv)
{
	RDMANEG_CHECK(o, rdmaneg_conn_c2s(cl) == rdmaneg_conn_c2s(sv),
		  "RFC 8797 4.2: client-to-server threshold: client %zu, server %zu",
		  rdmaneg_conn_c2s(cl), rdmaneg_conn_c2s(sv));
	RDMANEG_CHECK(o, rdmaneg_conn_s2c(cl) == rdmaneg_conn_s2c(sv),
		  "RFC 8797 4.2: server-to-client threshold: client %zu, server %zu",
		  rdmaneg_conn_s2c(cl), rdmaneg_conn_s2c(sv));
	RDMANEG_CHECK(o, cl->remote_invalidation == sv->remote_invalidation,
		  "RFC 8797 4.1: the ends disagree on remote invalidation");
	return 0;
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
		RDMANEG_CHECK(o, rc >= RDMANEG_E_MPA_SHORT && rc <= RDMANEG_E_MPA_S_SHORT,
			  "MPA: parse returned non-MPA status %d", rc);
		return 0;
	}
	RDMANEG_CHECK(o, len >= 20 && pdl <= RDMANEG_MPA_PD_MAX,
		  "RFC 5044 7.1: frame with PD_Length %zu > 512 parsed", pdl);
	RDMANEG_CHECK(o, f.pd_length == pdl && f.frame_len == 20 + pdl && f.frame_len <= len,
		  "RFC 5044 7.1: PD_Length %zu trusted beyond the %zu octets given", pdl, len);
	RDMANEG_CHECK(o, f.rev >= 1 && f.rev <= 2, "RFC 5044 7.1: Rev %u parsed", f.rev);
	RDMANEG_CHECK(o, !f.enhanced || (f.rev >= 2 && f.pd_length >= 4),
		  "RFC 6581 6: S=1 accepted with Rev %u, PD_Length %u", f.rev, f.pd_length);
	RDMANEG_CHECK(o, rdmaneg_mpa_build(&f, out, sizeof(out), &n) == RDMANEG_OK,
		  "MPA: a parsed frame does not rebuild");
	RDMANEG_CHECK(o, n == f.frame_len && memcmp(out, buf, n) == 0,
		  "MPA: build(parse(x)) != x for a %zu-octet frame", f.frame_len);
	return 0;
}

int rdmaneg_rule_ird_ord(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_local *rsp,
			 const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply,
			 const struct rdmaneg_mpa_outcome *ro,
			 const struct rdmaneg_mpa_outcome *io)
{
	RDMANEG_CHECK(o, reply->ird <= NO_NEG && reply->ord <= NO_NEG && ro->ird <= NO_NEG &&
		     ro->ord <= NO_NEG && io->ird <= NO_NEG && io->ord <= NO_NEG,
		  "RFC 6581 9: a value above 0x3FFF");
	/* the 0x3FFF rules, exactly */
	if (req->ord == NO_NEG)
		RDMANEG_CHECK(o, reply->ird == NO_NEG && ro->ird == rsp->ird,
			  "RFC 6581 9.1: initiator ORD 0x3FFF but responder IRD %u (reply %u)",
			  ro->ird, reply->ird);
	else
		RDMANEG_CHECK(o, reply->ird != NO_NEG,
			  "RFC 6581 9.1: responder sent IRD 0x3FFF for initiator ORD %u", req->ord);
	if (req->ird == NO_NEG && ro->accepted)
		RDMANEG_CHECK(o, reply->ord == NO_NEG && ro->ord == rsp->ord,
			  "RFC 6581 9.1: initiator IRD 0x3FFF but responder ORD %u (reply %u)",
			  ro->ord, reply->ord);
	/* capacities */
	RDMANEG_CHECK(o, ro->ird <= rsp->ird_max || ro->ird == rsp->ird,
		  "RFC 6581 9.1: responder IRD %u above its capacity %u", ro->ird, rsp->ird_max);
	RDMANEG_CHECK(o, ro->ord <= rsp->ord, "RFC 6581 9.1: responder ORD %u above its own %u",
		  ro->ord, rsp->ord);
	if (!ro->accepted) {
		RDMANEG_CHECK(o, ro->term.layer == 2 && ro->term.type == 0 && ro->term.code == 6,
			  "RFC 6581 9.1: responder refusal without TERM (2,0,6)");
		return 0;
	}
	RDMANEG_CHECK(o, req->ird == NO_NEG || ro->ord >= rsp->ord_min,
		  "RFC 6581 9.1: responder ORD %u below its ULP minimum %u accepted",
		  ro->ord, rsp->ord_min);
	/* responder ORD <= initiator IRD (the value sent in the Request) */
	if (req->ird != NO_NEG)
		RDMANEG_CHECK(o, reply->ord <= req->ird,
			  "RFC 6581 9.1: responder ORD %u > initiator IRD %u", reply->ord, req->ird);
	if (!io->accepted)
		return 0;
	if (reply->ird == NO_NEG)
		RDMANEG_CHECK(o, io->ord == ini->ord,
			  "RFC 6581 9.1: responder IRD 0x3FFF but initiator ORD changed to %u", io->ord);
	else
		RDMANEG_CHECK(o, io->ord <= reply->ird,
			  "RFC 6581 9.1: initiator ORD %u > responder IRD %u", io->ord, reply->ird);
	if (reply->ord == NO_NEG)
		RDMANEG_CHECK(o, io->ird == ini->ird,
			  "RFC 6581 9.1: responder ORD 0x3FFF but initiator IRD changed to %u", io->ird);
	else
		RDMANEG_CHECK(o, io->ird >= reply->ord && io->ird <= ini->ird_max,
			  "RFC 6581 9.1: initiator IRD %u not in [responder ORD %u, capacity %u]",
			  io->ird, reply->ord, ini->ird_max);
	RDMANEG_CHECK(o, io->ord <= ini->ord, "RFC 6581 9.1: initiator ORD %u above its own %u",
		  io->ord, ini->ord);
	return 0;
}

int rdmaneg_rule_rtr(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
		     const struct rdmaneg_mpa_local *rsp,
		     const struct rdmaneg_mpa_enh *req,
		     const struct rdmaneg_mpa_enh *reply,
		     const struct rdmaneg_mpa_outcome *ro,
		     const struct rdmaneg_mpa_outcome *io)
{
	uint8_t offered = rdmaneg_mpa_rtr_of(reply), usable;

	(void)ro;
	RDMANEG_CHECK(o, reply->a == req->a, "RFC 6581 9.2: reply A=%d for request A=%d",
		  reply->a, req->a);
	if (!req->a) {
		RDMANEG_CHECK(o, !reply->b && !reply->c && !reply->d,
			  "RFC 6581 9.2: A=0 reply with B/C/D set");
		RDMANEG_CHECK(o, !io->accepted || io->rtr == 0,
			  "RFC 6581 9.2: client-server model chose an RTR");
		return 0;
	}
	RDMANEG_CHECK(o, offered != 0 && (offered & ~rsp->rtr) == 0,
		  "RFC 6581 9.2: responder offered %u, supports %u", offered, rsp->rtr);
	if (io->term.code == 6 || !ro->accepted)
		return 0;
	usable = offered & ini->rtr;
	if (reply->ird == 0)
		usable &= (uint8_t)~RDMANEG_RTR_READ;
	if (usable == 0) {
		RDMANEG_CHECK(o, !io->accepted && io->term.layer == 2 && io->term.type == 0 &&
			     io->term.code == 7,
			  "RFC 6581 9.2: no common RTR type but no TERM (2,0,7)");
	} else {
		RDMANEG_CHECK(o, io->accepted && io->rtr != 0 && (io->rtr & (io->rtr - 1)) == 0 &&
			     (io->rtr & usable) == io->rtr,
			  "RFC 6581 9.2: initiator chose RTR %u from usable %u", io->rtr, usable);
	}
	return 0;
}

int rdmaneg_rule_stack(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_frame *f)
{
	static uint8_t bare[RDMANEG_MPA_PD_MAX];
	struct rdmaneg_rpcrdma_result a, b;
	const uint8_t *ulp;
	size_t ulp_len;
	size_t word_len = f->enhanced ? 4 : 0;

	RDMANEG_CHECK(o, rdmaneg_mpa_ulp_pd(f, &ulp, &ulp_len) == RDMANEG_OK,
		  "RFC 6581 9: ULP data of a parsed frame not available");
	RDMANEG_CHECK(o, ulp_len == (size_t)f->pd_length - word_len &&
		     (ulp_len == 0 || ulp == f->pd + word_len),
		  "RFC 6581 9: ULP data is not PD minus the %zu-octet enhanced word", word_len);
	/* the same octets, copied out, decode alike */
	if (ulp_len > 0)
		memcpy(bare, f->pd + word_len, ulp_len);
	RDMANEG_CHECK(o, rdmaneg_rpcrdma_decode(ulp, ulp_len, 0, &a) == RDMANEG_OK &&
		     rdmaneg_rpcrdma_decode(bare, ulp_len, 0, &b) == RDMANEG_OK,
		  "RFC 8797 5.2: decode error on ULP data");
	RDMANEG_CHECK(o, a.present == b.present && a.offset == b.offset &&
		     a.send_size == b.send_size && a.recv_size == b.recv_size &&
		     a.remote_invalidation == b.remote_invalidation,
		  "RFC 8797 5.2: stacked decode (present=%d offset=%zu) differs from bare "
		  "(present=%d offset=%zu)", a.present, a.offset, b.present, b.offset);
	return 0;
}
