#include "expect.h"

#include "errors.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * The clauses. RFC 6581 text is quoted verbatim from ../shared/spec. RFC
 * 5044's text is not in the spec folder, so its rules are paraphrased and
 * say so; "suite" rules are this tool's own, named as such.
 */
static const struct rdmaneg_peer_clause clauses[] = {
	{ "5044-7.1-key-request", "RFC 5044 7.1", RDMANEG_LEVEL_MUST,
	  "(paraphrased) The first frame on an MPA connection is the MPA Request, identified by "
	  "its key; a responder that receives anything else closes the TCP connection." },
	{ "5044-7.1-key-reply", "RFC 5044 7.1", RDMANEG_LEVEL_MUST,
	  "(paraphrased) The initiator's first received frame must carry the MPA Reply key; "
	  "otherwise the initiator closes the TCP connection." },
	{ "5044-7.1-rev", "RFC 5044 7.1", RDMANEG_LEVEL_MUST,
	  "(paraphrased) Rev is set to 1 by RFC 5044 senders (2 by RFC 6581); a receiver that "
	  "cannot interpret the received revision MUST close the TCP connection. Rev 0 is the "
	  "pre-standard draft, defined by neither RFC." },
	{ "6581-7-pd-max", "RFC 6581 7", RDMANEG_LEVEL_MUST,
	  "Private Data length MUST NOT exceed 512 bytes in any message, including enhanced RDMA "
	  "connection establishment data." },
	{ "5044-7.1-partial", "RFC 5044 7.1", RDMANEG_LEVEL_SHOULD,
	  "(paraphrased) A frame is the 20-octet header and PD_Length octets of private data; a "
	  "receiver acts on it only once all of it has arrived." },
	{ "5044-7.1-answer", "RFC 5044 7.1", RDMANEG_LEVEL_SHOULD,
	  "(paraphrased) A responder answers a well-formed MPA Request with an MPA Reply: R=0 to "
	  "accept, R=1 to reject." },
	{ "5044-7.1-reject", "RFC 5044 7.1", RDMANEG_LEVEL_MUST,
	  "(paraphrased) An MPA Reply with R set rejects the connection; the initiator does not "
	  "enter Full Operation and closes the TCP connection." },
	{ "5044-7.1-fpdu-early", "RFC 5044 7.1", RDMANEG_LEVEL_NONE,
	  "(paraphrased) The initiator sends no FPDU before it has received the Reply; what a "
	  "receiver does with one is not specified." },
	{ "5044-7.1-r-request", "RFC 5044 7.1", RDMANEG_LEVEL_NONE,
	  "(paraphrased) R is defined in the Reply only; a Request with R set is still a Request." },
	{ "6581-6-res", "RFC 6581 6", RDMANEG_LEVEL_MUST,
	  "[RFC5044] specifies that 'Res' MUST be set to zero when sending and MUST NOT be checked "
	  "on reception" },
	{ "6581-6-s-rev", "RFC 6581 6", RDMANEG_LEVEL_MUST,
	  "To use any enhanced connection establishment feature, this MUST be set to two or "
	  "higher." },
	{ "6581-6-s-pd", "RFC 6581 6", RDMANEG_LEVEL_MUST,
	  "if the 'S' flag is set, Private Data MUST begin with enhanced RDMA connection "
	  "establishment data (see Section 9)." },
	{ "6581-6-rev1", "RFC 6581 6", RDMANEG_LEVEL_MUST,
	  "A host accepting MPA connections MUST continue to accept MPA Requests with version "
	  "one, even if it supports version two." },
	{ "6581-10-enh", "RFC 6581 10", RDMANEG_LEVEL_MUST,
	  "If the responder receives an enhanced MPA message, it MUST respond with an enhanced MPA "
	  "message." },
	{ "6581-10-unenh", "RFC 6581 10", RDMANEG_LEVEL_MUST,
	  "If the responder receives an unenhanced MPA message ('S' is set to 0), it MUST respond "
	  "with an unenhanced MPA message." },
	{ "6581-9.1-ord", "RFC 6581 9.1", RDMANEG_LEVEL_MUST,
	  "The responder MUST set its ORD at most to the initiator IRD." },
	{ "6581-9.1-3fff-ird", "RFC 6581 9.1", RDMANEG_LEVEL_MUST,
	  "The responder MUST respond to an initiator ORD value of 0x3FFF by leaving its local "
	  "endpoint IRD value unchanged and setting the IRD to 0x3FFF in its reply message." },
	{ "6581-9.1-3fff-ord", "RFC 6581 9.1", RDMANEG_LEVEL_MUST,
	  "The responder MUST respond to an initiator IRD value of 0x3FFF by leaving its local "
	  "endpoint ORD value unchanged, and setting ORD to 0x3FFF in its reply message." },
	{ "6581-9.1-ini", "RFC 6581 9.1", RDMANEG_LEVEL_MUST,
	  "the initiator MUST set its IRD at least to the responder ORD and its ORD at most to the "
	  "responder IRD. If the initiator does not have sufficient resources for the required "
	  "IRD, it MUST send a TERM message [...] Layer 2, Error Type 0, Error Code 6." },
	{ "6581-9.1-ini-3fff", "RFC 6581 9.1", RDMANEG_LEVEL_MUST,
	  "The initiator MUST leave its local endpoint ORD value unchanged upon receiving a "
	  "responder IRD value of 0x3FFF. [...] The initiator MUST leave its local endpoint IRD "
	  "value unchanged upon receiving a responder ORD value of 0x3FFF." },
	{ "6581-9.1-ulp", "RFC 6581 9.1", RDMANEG_LEVEL_MUST,
	  "The responder and initiator MUST pass the peer's provided IRD and ORD values to the "
	  "ULP, in addition to using the values as calculated by the preceding rules." },
	{ "6581-7-ulp-pd", "RFC 6581 7", RDMANEG_LEVEL_MUST,
	  "If reported, any supplied Private Data MUST be available for the ULP to examine." },
	{ "6581-9.2-a", "RFC 6581 9.2", RDMANEG_LEVEL_MUST,
	  "If Control Flag A is 1 in the MPA Request message, then the responder MUST set Control "
	  "Flag A to 1 in the MPA reply message. [...] The responder MUST set Control Flag A to 0 "
	  "if Control Flag A is 0 in the request." },
	{ "6581-9.2-bcd", "RFC 6581 9.2", RDMANEG_LEVEL_MUST,
	  "If Control Flag A is set to 0, then Control Flags B, C, and D MUST also be set to 0." },
	{ "6581-9.2-offer", "RFC 6581 9.2", RDMANEG_LEVEL_MUST,
	  "If the responder does not support any of the initiator-specified RTR indication "
	  "options, then the responder MUST set at least one RTR indication type option it "
	  "supports." },
	{ "6581-9.2-rtr", "RFC 6581 9.2", RDMANEG_LEVEL_MUST,
	  "Upon receiving the MPA Accept Frame with Control Flag A set to 1, the initiator MUST "
	  "generate one of the negotiated RTR indications." },
	{ "6581-9.2-term7", "RFC 6581 9.2", RDMANEG_LEVEL_MUST,
	  "If the initiator is not able to generate any of the responder-supported RTR "
	  "indications, then it MUST send a TERM message [...] Layer 2, Error Type 0, Error "
	  "Code 7." },
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
		return reply ? "5044-7.1-key-reply" : "5044-7.1-key-request";
	case RDMANEG_E_MPA_REV0:
	case RDMANEG_E_MPA_REV_UNKNOWN:
		return "5044-7.1-rev";
	case RDMANEG_E_MPA_PD_TOO_LONG:
		return "6581-7-pd-max";
	case RDMANEG_E_MPA_S_REV:
		return "6581-6-s-rev";
	case RDMANEG_E_MPA_S_SHORT:
		return "6581-6-s-pd";
	default:
		return "5044-7.1-partial";
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
	e->parse_status = rdmaneg_mpa_parse(f, hdr, &e->sent);
	if (hdr < RDMANEG_MPA_HDR_LEN || e->parse_status == RDMANEG_E_MPA_PD_TRUNC) {
		/* nothing complete arrived: the receiver waits (its timer may
		 * close), and nothing may be accepted */
		e->parse_status = hdr < RDMANEG_MPA_HDR_LEN ? RDMANEG_E_MPA_SHORT : e->parse_status;
		set(e, B(SILENCE) | REFUSE | (reply ? 0u : B(REJECT)), "5044-7.1-partial",
		    "frame incomplete: wait or close, never act on it");
		return false;
	}
	if (e->parse_status != RDMANEG_OK) {
		set(e, REFUSE | (reply ? 0u : B(REJECT)), clause_of_status(e->parse_status, reply),
		    "improperly formatted frame: close the connection");
		return false;
	}
	e->frame_valid = true;
	e->trailing = n > e->sent.frame_len;
	if (e->sent.enhanced)
		(void)rdmaneg_mpa_frame_enh(&e->sent, &e->sent_enh);
	{
		const uint8_t *u = NULL;
		size_t ul = 0;

		(void)rdmaneg_mpa_ulp_pd(&e->sent, &u, &ul);
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
	if (!parse_sent(f, n, d, false, e))
		return;
	if (e->sent.type != RDMANEG_MPA_REQUEST) {
		e->parse_status = RDMANEG_E_MPA_KEY;
		set(e, REFUSE | B(REJECT), "5044-7.1-key-request",
		    "a Reply key where a Request belongs: close the connection");
		e->frame_valid = false;
		return;
	}
	if (e->trailing) {
		set(e, RDMANEG_OUT_ANY, "5044-7.1-fpdu-early",
		    "octets after the Request: behaviour not specified");
		return;
	}
	set(e, B(ACCEPT) | B(REJECT), e->sent.rev == 1 ? "6581-6-rev1" : "5044-7.1-answer",
	    "well-formed Request: answer with a Reply (accept or reject)");
}

/* The initiator configuration implied by its Request: it can hold what
 * it advertised, no more (RFC 6581 9.1). */
void rdmaneg_peer_initiator_of(const struct rdmaneg_mpa_enh *req, struct rdmaneg_mpa_local *ini)
{
	memset(ini, 0, sizeof(*ini));
	ini->ird = req->ird;
	ini->ord = req->ord;
	ini->ird_max = req->ird == RDMANEG_MPA_NO_NEGOTIATE ? 0x3FFEu : req->ird;
	ini->p2p = req->a;
	ini->rtr = rdmaneg_mpa_rtr_of(req);
}

void rdmaneg_peer_expect_reply(const uint8_t *req, size_t req_n, const uint8_t *f, size_t n,
			       enum rdmaneg_peer_delivery d, struct rdmaneg_peer_expect *e)
{
	struct rdmaneg_mpa_frame rq;
	struct rdmaneg_mpa_enh rq_enh, rp_enh;
	struct rdmaneg_mpa_local ini;
	struct rdmaneg_mpa_outcome out;

	memset(e, 0, sizeof(*e));
	if (!parse_sent(f, n, d, true, e))
		return;
	if (e->sent.type != RDMANEG_MPA_REPLY) {
		e->parse_status = RDMANEG_E_MPA_KEY;
		e->frame_valid = false;
		set(e, REFUSE, "5044-7.1-key-reply",
		    "a Request key where the Reply belongs: close the connection");
		return;
	}
	if (e->trailing) {
		set(e, RDMANEG_OUT_ANY, "5044-7.1-fpdu-early",
		    "octets after the Reply: behaviour not specified");
		return;
	}
	if (e->sent.reject) {
		set(e, REFUSE, "5044-7.1-reject", "rejected: close the connection");
		return;
	}
	if (rdmaneg_mpa_parse(req, req_n, &rq) != RDMANEG_OK || rq.enhanced != e->sent.enhanced) {
		/* the responder broke sec. 10; the initiator's answer is not
		 * specified beyond not hanging */
		set(e, RDMANEG_OUT_ANY, rq.enhanced ? "6581-10-enh" : "6581-10-unenh",
		    "Reply S differs from the Request's: behaviour not specified");
		return;
	}
	if (!rq.enhanced) {
		set(e, B(ACCEPT) | B(SILENCE), "5044-7.1-answer", "accepted: Full Operation");
		return;
	}
	(void)rdmaneg_mpa_frame_enh(&rq, &rq_enh);
	rp_enh = e->sent_enh;
	rdmaneg_peer_initiator_of(&rq_enh, &ini);
	if (rdmaneg_mpa_complete(&ini, &rq_enh, &rp_enh, false, &out) != RDMANEG_OK) {
		set(e, RDMANEG_OUT_ANY, "6581-9.1-ini", "initiator configuration not derivable");
		return;
	}
	if (out.accepted) {
		set(e, B(ACCEPT),
		    rp_enh.ird == RDMANEG_MPA_NO_NEGOTIATE || rp_enh.ord == RDMANEG_MPA_NO_NEGOTIATE
			    ? "6581-9.1-ini-3fff"
			    : (out.p2p ? "6581-9.2-rtr" : "6581-9.1-ini"),
		    out.p2p ? "accepted: send an RTR the responder offered"
			    : "accepted: Full Operation");
		e->rtr_required = out.p2p;
		if (!out.p2p) /* accepted, and nothing more is owed */
			e->allowed |= B(SILENCE);
		e->rtr_allowed = (uint8_t)(rdmaneg_mpa_rtr_of(&rp_enh) & ini.rtr);
		/* a responder ORD above what the initiator advertised may
		 * exceed its resources: TERM 6 is then allowed too */
		if (rp_enh.ord != RDMANEG_MPA_NO_NEGOTIATE && rp_enh.ord > rq_enh.ird) {
			e->allowed |= B(TERM);
			e->term_code = RDMANEG_TERM_INSUFFICIENT_IRD;
		}
		return;
	}
	e->term_code = out.term.code;
	set(e, B(TERM),
	    out.term.code == RDMANEG_TERM_NO_MATCHING_RTR ? "6581-9.2-term7" : "6581-9.1-ini",
	    out.term.code == RDMANEG_TERM_NO_MATCHING_RTR ? "no common model or RTR: TERM 7"
							  : "insufficient IRD: TERM 6");
}

const char *rdmaneg_peer_check_request(const uint8_t *req, size_t req_n)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	int st = rdmaneg_mpa_parse(req, req_n, &f);

	if (st != RDMANEG_OK)
		return clause_of_status(st, false);
	if (f.type != RDMANEG_MPA_REQUEST)
		return "5044-7.1-key-request";
	if (f.res != 0u)
		return "6581-6-res";
	if (f.enhanced && rdmaneg_mpa_frame_enh(&f, &e) == RDMANEG_OK && !e.a &&
	    (e.b || e.c || e.d))
		return "6581-9.2-bcd";
	return NULL;
}

const char *rdmaneg_peer_check_reply(const struct rdmaneg_peer_expect *e,
				     const struct rdmaneg_peer_obs *o)
{
	const struct rdmaneg_mpa_enh *q = &e->sent_enh, *p = &o->reply_enh;

	if (!o->have_reply)
		return NULL;
	if (o->reply_status != RDMANEG_OK)
		return clause_of_status(o->reply_status, true);
	if (o->reply_flags & RDMANEG_MPA_F_RES)
		return "6581-6-res";
	if (!e->frame_valid)
		return NULL;
	if (e->sent.enhanced && !o->reply_has_enh)
		return "6581-10-enh";
	if (!e->sent.enhanced && o->reply_has_enh)
		return "6581-10-unenh";
	if (!e->sent.enhanced || o->outcome != RDMANEG_OUT_ACCEPT)
		return NULL;
	/* sec. 9.1 */
	if (q->ord == RDMANEG_MPA_NO_NEGOTIATE && p->ird != RDMANEG_MPA_NO_NEGOTIATE)
		return "6581-9.1-3fff-ird";
	if (q->ird == RDMANEG_MPA_NO_NEGOTIATE && p->ord != RDMANEG_MPA_NO_NEGOTIATE)
		return "6581-9.1-3fff-ord";
	if (q->ird != RDMANEG_MPA_NO_NEGOTIATE && p->ord > q->ird)
		return "6581-9.1-ord";
	/* sec. 9.2 */
	if (p->a != q->a)
		return "6581-9.2-a";
	if (!p->a && (p->b || p->c || p->d))
		return "6581-9.2-bcd";
	if (p->a && !(p->b || p->c || p->d))
		return "6581-9.2-offer";
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

/* ULP view against the wire (suite rule and RFC 6581 7, 9.1). */
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
	else if (role == RDMANEG_PEER_REQUEST && accepted && !told)
		diverge(r, "suite-ulp-agree", "accepted on the wire, the ULP saw nothing");
	else if (role == RDMANEG_PEER_REPLY && accepted && e->frame_valid && !e->sent.reject &&
		 strcmp(o->ulp_event, "ESTABLISHED") != 0)
		diverge(r, "suite-ulp-agree", "accepted on the wire, the ULP saw %s",
			told ? o->ulp_event : "nothing");
	if (r->kind != RDMANEG_VERDICT_CONFORMS || !ulp_ok || !e->frame_valid)
		return;
	if (o->ulp_pd_len != e->ulp_len || memcmp(o->ulp_pd, e->ulp, e->ulp_len) != 0) {
		diverge(r, "6581-7-ulp-pd",
			"the wire carried %u octets of ULP private data; the "
			"ULP was handed %u, or other octets",
			e->ulp_len, o->ulp_pd_len);
		return;
	}
	/* the peer's IRD and ORD, in whichever of the two fields the API
	 * names them (Linux swaps them between roles) */
	if (e->sent.enhanced && !((o->ulp_rr == e->sent_enh.ird && o->ulp_id == e->sent_enh.ord) ||
				  (o->ulp_rr == e->sent_enh.ord && o->ulp_id == e->sent_enh.ird))) {
		diverge(r, "6581-9.1-ulp",
			"the wire carried IRD %u ORD %u; the ULP was handed "
			"responder_resources/initiator_depth %u/%u",
			e->sent_enh.ird, e->sent_enh.ord, o->ulp_rr, o->ulp_id);
	}
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
	if (role == RDMANEG_PEER_REPLY && o->outcome == RDMANEG_OUT_ACCEPT && e->rtr_required &&
	    !(o->rtr & e->rtr_allowed)) {
		diverge(r, "6581-9.2-rtr", "accepted with A=1 but %s",
			o->rtr ? "sent an RTR type the responder did not offer" : "sent no RTR");
		return;
	}
	if (o->have_ulp)
		judge_ulp(role, e, o, r);
	if (r->kind == RDMANEG_VERDICT_CONFORMS && !r->detail[0])
		snprintf(r->detail, sizeof(r->detail), "%s", rdmaneg_peer_outcome_name(o->outcome));
}
