// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "peer/expect.h"

#include "oracle/mpa_ref.h"
#include <rdmaneg/errors.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * The clauses. Text is quoted verbatim from spec/, except the RFC 5044
 * rules written before spec/rfc5044.txt existed, which are paraphrased
 * and say so; "suite" rules are this tool's own, named as such.
 */
static const struct rdmaneg_peer_clause clauses[] = {
	{ "rfc5044#7.1.1-3", "[rfc5044#7.1]", RDMANEG_LEVEL_MUST,
	  "(paraphrased) The first frame on an MPA connection is the MPA Request, identified by "
	  "its key; a responder that receives anything else closes the TCP connection." },
	{ "rfc5044#7.1.1-5", "[rfc5044#7.1]", RDMANEG_LEVEL_MUST,
	  "(paraphrased) The initiator's first received frame must carry the MPA Reply key; "
	  "otherwise the initiator closes the TCP connection." },
	{ "rfc5044#7.1.1-22", "[rfc5044#7.1]", RDMANEG_LEVEL_MUST,
	  "(paraphrased) Rev is set to 1 by RFC 5044 senders (2 by RFC 6581); a receiver that "
	  "cannot interpret the received revision MUST close the TCP connection. Rev 0 is the "
	  "pre-standard draft, defined by neither RFC." },
	{ "rfc6581#7-3", "[rfc6581#7]", RDMANEG_LEVEL_MUST,
	  "Private Data length MUST NOT exceed 512 bytes in any message, including enhanced RDMA "
	  "connection establishment data." },
	{ "rfc5044#7.1.2-18", "[rfc5044#7.1]", RDMANEG_LEVEL_SHOULD,
	  "(paraphrased) A frame is the 20-octet header and PD_Length octets of private data; a "
	  "receiver acts on it only once all of it has arrived." },
	{ "rfc5044#7.1.2-6", "[rfc5044#7.1]", RDMANEG_LEVEL_SHOULD,
	  "(paraphrased) A responder answers a well-formed MPA Request with an MPA Reply: R=0 to "
	  "accept, R=1 to reject." },
	{ "rfc5044#7.1.2-10", "[rfc5044#7.1]", RDMANEG_LEVEL_MUST,
	  "(paraphrased) An MPA Reply with R set rejects the connection; the initiator does not "
	  "enter Full Operation and closes the TCP connection." },
	{ "rfc5044#7.1.2", "[rfc5044#7.1]", RDMANEG_LEVEL_NONE,
	  "(paraphrased) The initiator sends no FPDU before it has received the Reply; what a "
	  "receiver does with one is not specified." },
	{ "rfc5044#7.1.1-16", "[rfc5044#7.1]", RDMANEG_LEVEL_NONE,
	  "(paraphrased) R is defined in the Reply only; a Request with R set is still a Request." },
	{ "rfc6581#6-7", "[rfc6581#6]", RDMANEG_LEVEL_MUST,
	  "[RFC5044] specifies that 'Res' MUST be set to zero when sending and MUST NOT be checked "
	  "on reception" },
	{ "rfc6581#6-9", "[rfc6581#6]", RDMANEG_LEVEL_MUST,
	  "To use any enhanced connection establishment feature, this MUST be set to two or "
	  "higher." },
	{ "rfc6581#6-13", "[rfc6581#6]", RDMANEG_LEVEL_MUST,
	  "if the 'S' flag is set, Private Data MUST begin with enhanced RDMA connection "
	  "establishment data (see Section 9)." },
	{ "rfc6581#6-11", "[rfc6581#6]", RDMANEG_LEVEL_MUST,
	  "A host accepting MPA connections MUST continue to accept MPA Requests with version "
	  "one, even if it supports version two." },
	{ "rfc6581#10-5", "[rfc6581#10]", RDMANEG_LEVEL_MUST,
	  "If the responder receives an enhanced MPA message, it MUST respond with an enhanced MPA "
	  "message." },
	{ "rfc6581#10-6", "[rfc6581#10]", RDMANEG_LEVEL_MUST,
	  "If the responder receives an unenhanced MPA message ('S' is set to 0), it MUST respond "
	  "with an unenhanced MPA message." },
	{ "rfc6581#9.1-4", "[rfc6581#9.1]", RDMANEG_LEVEL_MUST,
	  "The responder MUST set its ORD at most to the initiator IRD." },
	{ "rfc6581#9.1-11", "[rfc6581#9.1]", RDMANEG_LEVEL_MUST,
	  "The responder MUST respond to an initiator ORD value of 0x3FFF by leaving its local "
	  "endpoint IRD value unchanged and setting the IRD to 0x3FFF in its reply message." },
	{ "rfc6581#9.1-13", "[rfc6581#9.1]", RDMANEG_LEVEL_MUST,
	  "The responder MUST respond to an initiator IRD value of 0x3FFF by leaving its local "
	  "endpoint ORD value unchanged, and setting ORD to 0x3FFF in its reply message." },
	{ "rfc6581#9.1-7", "[rfc6581#9.1]", RDMANEG_LEVEL_MUST,
	  "the initiator MUST set its IRD at least to the responder ORD and its ORD at most to the "
	  "responder IRD. If the initiator does not have sufficient resources for the required "
	  "IRD, it MUST send a TERM message [...] Layer 2, Error Type 0, Error Code 6." },
	{ "rfc6581#9.1-12", "[rfc6581#9.1]", RDMANEG_LEVEL_MUST,
	  "The initiator MUST leave its local endpoint ORD value unchanged upon receiving a "
	  "responder IRD value of 0x3FFF. [...] The initiator MUST leave its local endpoint IRD "
	  "value unchanged upon receiving a responder ORD value of 0x3FFF." },
	{ "rfc6581#9.1-1", "[rfc6581#9.1]", RDMANEG_LEVEL_MUST,
	  "The responder and initiator MUST pass the peer's provided IRD and ORD values to the "
	  "ULP, in addition to using the values as calculated by the preceding rules." },
	{ "rfc6581#7-6", "[rfc6581#7]", RDMANEG_LEVEL_MUST,
	  "If reported, any supplied Private Data MUST be available for the ULP to examine." },
	{ "rfc6581#9.2-4", "[rfc6581#9.2]", RDMANEG_LEVEL_MUST,
	  "If Control Flag A is 1 in the MPA Request message, then the responder MUST set Control "
	  "Flag A to 1 in the MPA reply message. [...] The responder MUST set Control Flag A to 0 "
	  "if Control Flag A is 0 in the request." },
	{ "rfc6581#9.2-14", "[rfc6581#9.2]", RDMANEG_LEVEL_MUST,
	  "If Control Flag A is set to 0, then Control Flags B, C, and D MUST also be set to 0." },
	{ "rfc6581#9.2-8", "[rfc6581#9.2]", RDMANEG_LEVEL_MUST,
	  "If the responder does not support any of the initiator-specified RTR indication "
	  "options, then the responder MUST set at least one RTR indication type option it "
	  "supports." },
	{ "rfc6581#5-1", "[rfc6581#5]", RDMANEG_LEVEL_MUST,
	  "The RDMA connection initiator MUST NOT allow any later FULPDUs to be transmitted "
	  "before the RTR indication." },
	{ "rfc6581#9.2-9", "[rfc6581#9.2]", RDMANEG_LEVEL_MUST,
	  "Upon receiving the MPA Accept Frame with Control Flag A set to 1, the initiator MUST "
	  "generate one of the negotiated RTR indications." },
	{ "rfc6581#9.2-10", "[rfc6581#9.2]", RDMANEG_LEVEL_MUST,
	  "If the initiator is not able to generate any of the responder-supported RTR "
	  "indications, then it MUST send a TERM message [...] Layer 2, Error Type 0, Error "
	  "Code 7." },
	{ "rfc5044#7.1.1-14", "[rfc5044#7.1.1]", RDMANEG_LEVEL_MUST,
	  "When this bit is '1' in either the MPA Request Frame or MPA Reply Frame, CRCs MUST be "
	  "generated and checked by both endpoints." },
	{ "rfc5044#7.1.1-15", "[rfc5044#7.1.1]", RDMANEG_LEVEL_MUST,
	  "When CRCs are not in use, the CRC field MUST be considered valid for FPDU checking "
	  "regardless of its contents." },
	{ "suite-ulp-agree", "suite", RDMANEG_LEVEL_MUST,
	  "What the wire carried and what the ULP was told agree: a connection the ULP accepted "
	  "is not rejected on the wire, and an established one was accepted on it." },
	{ "suite-ulp-pd-bound", "suite", RDMANEG_LEVEL_MUST,
	  "The ULP is handed only private data the wire carried: octets beyond what the peer "
	  "sent came from the stack's own memory." },
	{ "suite-alive", "suite", RDMANEG_LEVEL_MUST,
	  "The system under test survives any input: no kernel splat, no hang, and it keeps "
	  "accepting connections." },
};

#define NCLAUSES (sizeof(clauses) / sizeof(clauses[0]))

const struct rdmaneg_peer_clause *rdmaneg_peer_clause(const char *id)
{
	for (size_t i = 0; id && i < NCLAUSES; i++)
		if (strcmp(clauses[i].id, id) == 0)
			return &clauses[i];
	return NULL;
}

size_t rdmaneg_peer_clause_count(void)
{
	return NCLAUSES;
}

const struct rdmaneg_peer_clause *rdmaneg_peer_clause_at(size_t i)
{
	return i < NCLAUSES ? &clauses[i] : NULL;
}

static const char *const outcome_names[RDMANEG_OUT_COUNT] = { "accept", "reject", "term",
							      "close",	"reset",  "silence",
							      "garbage" };

const char *rdmaneg_peer_role_name(enum rdmaneg_peer_role r)
{
	return r == RDMANEG_PEER_REQUEST ? "request" : "reply";
}

const char *rdmaneg_peer_outcome_name(enum rdmaneg_peer_outcome o)
{
	return (unsigned)o < RDMANEG_OUT_COUNT ? outcome_names[o] : "unknown";
}

void rdmaneg_peer_allowed_str(unsigned allowed, uint8_t term_code, char *out, size_t cap)
{
	size_t n = 0;

	if (cap == 0)
		return;
	out[0] = '\0';
	if ((allowed & RDMANEG_OUT_ANY) == RDMANEG_OUT_ANY) {
		snprintf(out, cap, "any");
		return;
	}
	for (unsigned i = 0; i < RDMANEG_OUT_COUNT && n < cap; i++) {
		int w;

		if (!(allowed & RDMANEG_OUT_BIT(i)))
			continue;
		if (i == RDMANEG_OUT_TERM && term_code)
			w = snprintf(out + n, cap - n, "%sterm(2,0,%u)", n ? "|" : "", term_code);
		else
			w = snprintf(out + n, cap - n, "%s%s", n ? "|" : "", outcome_names[i]);
		if (w < 0)
			return;
		n += (size_t)w;
	}
}

static void set(struct rdmaneg_peer_expect *e, unsigned allowed, const char *clause,
		const char *why)
{
	e->allowed = allowed;
	e->clause = clause;
	snprintf(e->why, sizeof(e->why), "%s", why);
}

#define B(o) RDMANEG_OUT_BIT(RDMANEG_OUT_##o)
/* a receiver that drops the connection may do so with or without a TERM */
#define REFUSE (B(CLOSE) | B(RESET) | B(TERM))

/* The clause a core parse error breaks. */
static const char *clause_of_status(int st, bool reply)
{
	switch (st) {
	case RDMANEG_E_MPA_KEY:
		return reply ? "rfc5044#7.1.1-5" : "rfc5044#7.1.1-3";
	case RDMANEG_E_MPA_REV0:
	case RDMANEG_E_MPA_REV_UNKNOWN:
		/* [rfc5044#7.1.1-22] */
		return "rfc5044#7.1.1-22";
	case RDMANEG_E_MPA_PD_TOO_LONG:
		/* [rfc6581#7-3] [rfc5044#7.1.1-26] */
		return "rfc6581#7-3";
	case RDMANEG_E_MPA_S_REV:
		/* [rfc6581#6-9] */
		return "rfc6581#6-9";
	case RDMANEG_E_MPA_S_SHORT:
		/* [rfc6581#6-13] */
		return "rfc6581#6-13";
	default:
		return "rfc5044#7.1.2-18";
	}
}

/* Parses what the peer sent; the common part of both roles. Returns
 * false when the frame is incomplete or absent, after setting e. */
static bool parse_sent(const uint8_t *f, size_t n, enum rdmaneg_peer_delivery d, bool reply,
		       struct rdmaneg_peer_expect *e)
{
	size_t hdr =
		d == RDMANEG_DELIVER_HALFCLOSE && n > RDMANEG_MPA_HDR_LEN ? RDMANEG_MPA_HDR_LEN : n;

	if (d == RDMANEG_DELIVER_NOTHING || d == RDMANEG_DELIVER_RESET)
		hdr = 0;
	e->wire_pd_len = hdr > RDMANEG_MPA_HDR_LEN ? hdr - RDMANEG_MPA_HDR_LEN : 0;
	e->parse_status = rdmaneg_ref_mpa_read(f, hdr, &e->sent);
	if (hdr < RDMANEG_MPA_HDR_LEN || e->parse_status == RDMANEG_E_MPA_PD_TRUNC) {
		/* nothing complete arrived: the receiver waits (its timer may
		 * close), and nothing may be accepted */
		e->parse_status = hdr < RDMANEG_MPA_HDR_LEN ? RDMANEG_E_MPA_SHORT : e->parse_status;
		/* [rfc5044#7.1.2-3] [rfc5044#7.1.2-17] [rfc5044#7.1.2-21] */
		set(e, B(SILENCE) | REFUSE | (reply ? 0u : B(REJECT)), "rfc5044#7.1.2-18",
		    "frame incomplete: wait or close, never act on it");
		return false;
	}
	if (e->parse_status != RDMANEG_OK) {
		/* [rfc5044#7.1.2-4] [rfc5044#7.1.2-9] [rfc5044#7.1.2-13] [rfc5044#7.1.2-20] */
		set(e, REFUSE | (reply ? 0u : B(REJECT)), clause_of_status(e->parse_status, reply),
		    "improperly formatted frame: close the connection");
		return false;
	}
	e->frame_valid = true;
	/* [rfc5044#7.1-1] */
	e->trailing = n > e->sent.frame_len;
	if (e->sent.enhanced)
		(void)rdmaneg_ref_mpa_word(&e->sent, &e->sent_enh);
	{
		const uint8_t *u = NULL;
		size_t ul = 0;

		rdmaneg_ref_mpa_ulp(&e->sent, &u, &ul);
		if (u && ul <= sizeof(e->ulp)) {
			memcpy(e->ulp, u, ul);
			e->ulp_len = (uint16_t)ul;
		}
	}
	e->sent.pd = NULL; /* not kept: f belongs to the caller */
	return true;
}

void rdmaneg_peer_expect_request(const uint8_t *f, size_t n, enum rdmaneg_peer_delivery d,
				 struct rdmaneg_peer_expect *e)
{
	memset(e, 0, sizeof(*e));
	e->rtr_crc_wrong = d == RDMANEG_DELIVER_RTR_BAD_CRC;
	if (!parse_sent(f, n, d, false, e))
		return;
	if (e->sent.type != RDMANEG_MPA_REQUEST) {
		e->parse_status = RDMANEG_E_MPA_KEY;
		/* [rfc5044#7.1.1-3] */
		set(e, REFUSE | B(REJECT), "rfc5044#7.1.1-3",
		    "a Reply key where a Request belongs: close the connection");
		e->frame_valid = false;
		return;
	}
	if (e->trailing) {
		set(e, RDMANEG_OUT_ANY, "rfc5044#7.1.2",
		    "octets after the Request: behaviour not specified");
		return;
	}
	/* [rfc6581#6-11] [rfc6581#10-4] [rfc5044#7.1.1-16] [rfc5044#7.1.2-5] [rfc5044#7.1.2-6] */
	set(e, B(ACCEPT) | B(REJECT), e->sent.rev == 1 ? "rfc6581#6-11" : "rfc5044#7.1.2-6",
	    "well-formed Request: answer with a Reply (accept or reject)");
}

/* The initiator configuration implied by its Request: it can hold what
 * it advertised, no more ([rfc6581#9.1]). */
void rdmaneg_peer_initiator_of(const struct rdmaneg_mpa_enh *req, struct rdmaneg_mpa_local *ini)
{
	memset(ini, 0, sizeof(*ini));
	ini->ird = req->ird;
	ini->ord = req->ord;
	ini->ird_max = req->ird == RDMANEG_MPA_NO_NEGOTIATE ? 0x3FFEu : req->ird;
	ini->p2p = req->a;
	ini->rtr = rdmaneg_ref_mpa_rtr(req);
}

void rdmaneg_peer_expect_reply(const uint8_t *req, size_t req_n, const uint8_t *f, size_t n,
			       enum rdmaneg_peer_delivery d, struct rdmaneg_peer_expect *e)
{
	struct rdmaneg_mpa_frame rq;
	struct rdmaneg_mpa_enh rq_enh, rp_enh;
	struct rdmaneg_mpa_local ini;
	bool accept;
	uint8_t term;

	memset(e, 0, sizeof(*e));
	/* [rfc5044#7.1.2-8] */
	if (!parse_sent(f, n, d, true, e))
		return;
	if (e->sent.type != RDMANEG_MPA_REPLY) {
		e->parse_status = RDMANEG_E_MPA_KEY;
		e->frame_valid = false;
		/* [rfc5044#7.1.1-5] [rfc5044#7.1.2-16] */
		set(e, REFUSE, "rfc5044#7.1.1-5",
		    "a Request key where the Reply belongs: close the connection");
		return;
	}
	if (e->trailing) {
		/* [rfc5044#7.1.2-12] */
		set(e, RDMANEG_OUT_ANY, "rfc5044#7.1.2",
		    "octets after the Reply: behaviour not specified");
		return;
	}
	if (e->sent.reject) {
		/* [rfc5044#7.1.2-10] */
		set(e, REFUSE, "rfc5044#7.1.2-10", "rejected: close the connection");
		return;
	}
	if (rdmaneg_ref_mpa_read(req, req_n, &rq) != RDMANEG_OK ||
	    rq.enhanced != e->sent.enhanced) {
		/* the responder broke [rfc6581#10]; the initiator's answer is not
		 * specified beyond not hanging */
		set(e, RDMANEG_OUT_ANY, rq.enhanced ? "rfc6581#10-5" : "rfc6581#10-6",
		    "Reply S differs from the Request's: behaviour not specified");
		return;
	}
	if (!rq.enhanced) {
		/* [rfc5044#7.1.2-11] */
		set(e, B(ACCEPT) | B(SILENCE), "rfc5044#7.1.2-6", "accepted: Full Operation");
		return;
	}
	(void)rdmaneg_ref_mpa_word(&rq, &rq_enh);
	rp_enh = e->sent_enh;
	rdmaneg_peer_initiator_of(&rq_enh, &ini);
	/* what the initiator owes, from the oracle, never from the core under
	 * test (docs/compliance.md) */
	rdmaneg_ref_mpa_initiator(&ini, &rq_enh, &rp_enh, &accept, &term, NULL);
	if (accept) {
		set(e, B(ACCEPT),
		    /* [rfc6581#9.1-12] [rfc6581#9.1-14] */
		    rp_enh.ird == RDMANEG_MPA_NO_NEGOTIATE || rp_enh.ord == RDMANEG_MPA_NO_NEGOTIATE
			    ? "rfc6581#9.1-12"
			    : (rq_enh.a ? "rfc6581#9.2-9" : "rfc6581#9.1-7"),
		    rq_enh.a ? "accepted: send an RTR the responder offered"
			     : "accepted: Full Operation");
		e->rtr_required = rq_enh.a;
		if (!rq_enh.a) /* accepted, and nothing more is owed */
			e->allowed |= B(SILENCE);
		e->rtr_allowed = (uint8_t)(rdmaneg_ref_mpa_rtr(&rp_enh) & ini.rtr);
		/* a responder ORD above what the initiator advertised may
		 * exceed its resources: TERM 6 is then allowed too */
		if (rp_enh.ord != RDMANEG_MPA_NO_NEGOTIATE && rp_enh.ord > rq_enh.ird) {
			e->allowed |= B(TERM);
			e->term_code = RDMANEG_TERM_INSUFFICIENT_IRD;
		}
		return;
	}
	e->term_code = term;
	/* [rfc6581#9.1-8] [rfc6581#9.2-10] [rfc5044#7.1.2-14] */
	set(e, B(TERM), term == RDMANEG_TERM_NO_MATCHING_RTR ? "rfc6581#9.2-10" : "rfc6581#9.1-7",
	    term == RDMANEG_TERM_NO_MATCHING_RTR ? "no common model or RTR: TERM 7"
						 : "insufficient IRD: TERM 6");
}

const char *rdmaneg_peer_check_request(const uint8_t *req, size_t req_n)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	int st = rdmaneg_ref_mpa_read(req, req_n, &f);

	/* [rfc5044#7.1.2-1] */
	if (st != RDMANEG_OK)
		return clause_of_status(st, false);
	/* [rfc5044#7.1.1-2] */
	if (f.type != RDMANEG_MPA_REQUEST)
		return "rfc5044#7.1.1-3";
	/* [rfc5044#7.1.1-18] */
	if (f.res != 0u)
		return "rfc6581#6-7";
	if (f.enhanced && rdmaneg_ref_mpa_word(&f, &e) && !e.a && (e.b || e.c || e.d))
		return "rfc6581#9.2-14";
	return NULL;
}

const char *rdmaneg_peer_check_reply(const struct rdmaneg_peer_expect *e,
				     const struct rdmaneg_peer_obs *o)
{
	const struct rdmaneg_mpa_enh *q = &e->sent_enh, *p = &o->reply_enh;

	if (!o->have_reply)
		return NULL;
	if (o->reply_status != RDMANEG_OK)
		/* [rfc5044#7.1.1-20] */
		return clause_of_status(o->reply_status, true);
	/* [rfc6581#6-7] */
	if (o->reply_flags & RDMANEG_MPA_F_RES)
		return "rfc6581#6-7";
	if (!e->frame_valid)
		return NULL;
	/* [rfc6581#10-1] [rfc6581#10-5] */
	if (e->sent.enhanced && !o->reply_has_enh)
		return "rfc6581#10-5";
	/* [rfc6581#10-2] [rfc6581#10-6] */
	if (!e->sent.enhanced && o->reply_has_enh)
		return "rfc6581#10-6";
	if (!e->sent.enhanced || o->outcome != RDMANEG_OUT_ACCEPT)
		return NULL;
	/* [rfc6581#9.1] */
	/* [rfc6581#9.1-11] */
	if (q->ord == RDMANEG_MPA_NO_NEGOTIATE && p->ird != RDMANEG_MPA_NO_NEGOTIATE)
		return "rfc6581#9.1-11";
	/* [rfc6581#9.1-13] */
	if (q->ird == RDMANEG_MPA_NO_NEGOTIATE && p->ord != RDMANEG_MPA_NO_NEGOTIATE)
		return "rfc6581#9.1-13";
	/* [rfc6581#9.1-4] */
	if (q->ird != RDMANEG_MPA_NO_NEGOTIATE && p->ord > q->ird)
		return "rfc6581#9.1-4";
	/* [rfc6581#9.2] */
	/* [rfc6581#9.2-4] [rfc6581#9.2-13] */
	if (p->a != q->a)
		return "rfc6581#9.2-4";
	/* [rfc6581#9.2-14] */
	if (!p->a && (p->b || p->c || p->d))
		return "rfc6581#9.2-14";
	/* [rfc6581#9.2-6] [rfc6581#9.2-8] */
	if (p->a && !(p->b || p->c || p->d))
		return "rfc6581#9.2-8";
	return NULL;
}

static void diverge(struct rdmaneg_verdict *r, const char *clause, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void diverge(struct rdmaneg_verdict *r, const char *clause, const char *fmt, ...)
{
	const struct rdmaneg_peer_clause *c = rdmaneg_peer_clause(clause);
	va_list ap;

	r->clause = clause;
	r->kind = c && c->level == RDMANEG_LEVEL_NONE ? RDMANEG_VERDICT_CONFORMS
						      : RDMANEG_VERDICT_DIVERGES;
	va_start(ap, fmt);
	vsnprintf(r->detail, sizeof(r->detail), fmt, ap);
	va_end(ap);
}

/* ULP view against the wire (suite rule and [rfc6581#7], 9.1). */
static void judge_ulp(enum rdmaneg_peer_role role, const struct rdmaneg_peer_expect *e,
		      const struct rdmaneg_peer_obs *o, struct rdmaneg_verdict *r)
{
	bool told = o->ulp_event[0] != '\0';
	bool accepted = o->outcome == RDMANEG_OUT_ACCEPT ||
			(role == RDMANEG_PEER_REPLY && o->outcome == RDMANEG_OUT_SILENCE &&
			 (e->allowed & RDMANEG_OUT_BIT(RDMANEG_OUT_SILENCE)) && e->frame_valid &&
			 !e->sent.reject);
	bool ulp_ok = told && o->ulp_status == 0 &&
		      (strcmp(o->ulp_event, role == RDMANEG_PEER_REQUEST ? "CONNECT_REQUEST"
									 : "ESTABLISHED") == 0);

	if (role == RDMANEG_PEER_REQUEST && ulp_ok && !accepted)
		diverge(r, "suite-ulp-agree", "the ULP accepted the Request, the wire shows %s",
			rdmaneg_peer_outcome_name(o->outcome));
	else if (role == RDMANEG_PEER_REPLY && ulp_ok && !accepted)
		diverge(r, "suite-ulp-agree", "the ULP saw ESTABLISHED, the wire shows %s",
			rdmaneg_peer_outcome_name(o->outcome));
	/* [rfc6581#7-5] */
	else if (role == RDMANEG_PEER_REQUEST && accepted && !told)
		diverge(r, "suite-ulp-agree", "accepted on the wire, the ULP saw nothing");
	else if (role == RDMANEG_PEER_REPLY && accepted && e->frame_valid && !e->sent.reject &&
		 strcmp(o->ulp_event, "ESTABLISHED") != 0)
		diverge(r, "suite-ulp-agree", "accepted on the wire, the ULP saw %s",
			told ? o->ulp_event : "nothing");
	if (r->kind != RDMANEG_VERDICT_CONFORMS || !ulp_ok || !e->frame_valid)
		return;
	/* [rfc6581#7-6] [rfc5044#7.1.2-2] [rfc5044#7.1.2-7] */
	if (o->ulp_pd_len != e->ulp_len || memcmp(o->ulp_pd, e->ulp, e->ulp_len) != 0) {
		diverge(r, "rfc6581#7-6",
			"the wire carried %u octets of ULP private data; the "
			"ULP was handed %u, or other octets",
			e->ulp_len, o->ulp_pd_len);
		return;
	}
	/* the peer's IRD and ORD, in whichever of the two fields the API
	 * names them (Linux swaps them between roles) */
	/* [rfc6581#9.1-1] */
	if (e->sent.enhanced && !((o->ulp_rr == e->sent_enh.ird && o->ulp_id == e->sent_enh.ord) ||
				  (o->ulp_rr == e->sent_enh.ord && o->ulp_id == e->sent_enh.ird))) {
		diverge(r, "rfc6581#9.1-1",
			"the wire carried IRD %u ORD %u; the ULP was handed "
			"responder_resources/initiator_depth %u/%u",
			e->sent_enh.ird, e->sent_enh.ord, o->ulp_rr, o->ulp_id);
	}
}

const char *rdmaneg_peer_tested(const struct rdmaneg_peer_expect *e,
				const struct rdmaneg_peer_obs *o)
{
	/* [rfc5044#7.1.1-14] [rfc5044#7.1.1-15] */
	if (e->rtr_crc_wrong && o->rtr_sent && o->outcome == RDMANEG_OUT_ACCEPT)
		return o->crc_on ? "rfc5044#7.1.1-14" : "rfc5044#7.1.1-15";
	return e->clause ? e->clause : "-";
}

void rdmaneg_peer_judge(enum rdmaneg_peer_role role, const struct rdmaneg_peer_expect *e,
			const struct rdmaneg_peer_obs *o, struct rdmaneg_verdict *r)
{
	const char *c;

	memset(r, 0, sizeof(*r));
	if (o->splat || o->unreachable) {
		r->kind = RDMANEG_VERDICT_FINDING;
		r->clause = "suite-alive";
		snprintf(r->detail, sizeof(r->detail), "%s",
			 o->splat ? o->splat_title : "the SUT stopped accepting connections");
		return;
	}
	/* suite: more private data than the wire carried is the stack's own
	 * memory handed to its ULP (a disclosure), whatever the event */
	/* [rfc5044#7.1.2-19] */
	if (o->have_ulp && o->ulp_pd_len > e->wire_pd_len) {
		r->kind = RDMANEG_VERDICT_FINDING;
		r->clause = "suite-ulp-pd-bound";
		snprintf(r->detail, sizeof(r->detail),
			 "the ULP was handed %u octets of private data (%s); the peer sent %zu "
			 "after the header",
			 o->ulp_pd_len, o->ulp_event[0] ? o->ulp_event : "no event",
			 e->wire_pd_len);
		return;
	}
	if (!(e->allowed & RDMANEG_OUT_BIT(o->outcome))) {
		diverge(r, e->clause, "the peer did %s", rdmaneg_peer_outcome_name(o->outcome));
		return;
	}
	/* [rfc6581#9.1-9] [rfc6581#9.2-11] */
	if (o->outcome == RDMANEG_OUT_TERM && e->term_code &&
	    e->allowed == RDMANEG_OUT_BIT(RDMANEG_OUT_TERM) &&
	    (o->term_layer != RDMANEG_TERM_LAYER_LLP || o->term_etype != RDMANEG_TERM_TYPE_MPA ||
	     o->term_code != e->term_code)) {
		diverge(r, e->clause, "the peer sent term(%u,%u,%u)", o->term_layer, o->term_etype,
			o->term_code);
		return;
	}
	if (role == RDMANEG_PEER_REQUEST && (c = rdmaneg_peer_check_reply(e, o)) != NULL) {
		char b[80] = "";

		if (o->reply_has_enh)
			snprintf(b, sizeof(b), ", A%u B%u C%u D%u IRD %u ORD %u", o->reply_enh.a,
				 o->reply_enh.b, o->reply_enh.c, o->reply_enh.d, o->reply_enh.ird,
				 o->reply_enh.ord);
		diverge(r, c, "Reply Rev %u flags %02x PD_Length %u%s", o->reply_rev,
			o->reply_flags, o->reply_pd_length, b);
		return;
	}
	/* [rfc6581#9.2-9] */
	if (role == RDMANEG_PEER_REPLY && o->outcome == RDMANEG_OUT_ACCEPT && e->rtr_required &&
	    !(o->rtr & e->rtr_allowed)) {
		diverge(r, "rfc6581#9.2-9", "accepted with A=1 but %s",
			o->rtr ? "sent an RTR type the responder did not offer" : "sent no RTR");
		return;
	}
	/* [rfc6581#5-1]: the initiator's RTR goes before any FULPDU */
	if (role == RDMANEG_PEER_REPLY && o->outcome == RDMANEG_OUT_ACCEPT && e->rtr_required &&
	    o->data_before_rtr) {
		diverge(r, "rfc6581#5-1", "accepted with A=1, then sent a FULPDU before its RTR");
		return;
	}
	/* [rfc5044#7.1.1-15]: with CRCs off, any CRC field is valid */
	if (role == RDMANEG_PEER_REQUEST && o->outcome == RDMANEG_OUT_ACCEPT && e->rtr_crc_wrong &&
	    o->rtr_sent && !o->crc_on && (o->have_term || o->closed_after)) {
		diverge(r, "rfc5044#7.1.1-15",
			"CRCs off (C=0 both ways); the RTR's CRC field was refused with %s",
			o->have_term ? "a TERM" : "a close");
		return;
	}
	/* [rfc5044#7.1.1-14]: with CRCs on, the wrong one is caught */
	if (role == RDMANEG_PEER_REQUEST && o->outcome == RDMANEG_OUT_ACCEPT && e->rtr_crc_wrong &&
	    o->rtr_sent && o->crc_on && !o->have_term && !o->closed_after) {
		diverge(r, "rfc5044#7.1.1-14",
			"CRCs on; an RTR with a wrong CRC got neither a TERM nor a close");
		return;
	}
	if (o->have_ulp)
		judge_ulp(role, e, o, r);
	if (r->kind == RDMANEG_VERDICT_CONFORMS && !r->detail[0])
		snprintf(r->detail, sizeof(r->detail), "%s", rdmaneg_peer_outcome_name(o->outcome));
}
