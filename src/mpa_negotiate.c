#include "mpa_negotiate.h"

#include "errors.h"
#include "plant.h"

#define NO_NEG RDMANEG_MPA_NO_NEGOTIATE

/*@ requires \valid(out);
    assigns out->accepted, out->term;
    ensures !out->accepted && out->term.code == code &&
      out->term.layer == RDMANEG_TERM_LAYER_LLP && out->term.type == RDMANEG_TERM_TYPE_MPA;
*/
static void term(struct rdmaneg_mpa_outcome *out, uint8_t code)
{
	out->accepted = false;
	/* sec. 8: Layer 2 (LLP), Error Type 0 (MPA) */
	out->term.layer = RDMANEG_TERM_LAYER_LLP;
	out->term.type = RDMANEG_TERM_TYPE_MPA;
	out->term.code = code;
}

/* Outputs start from zero, written field by field (README "Proof"). */
/*@ requires \valid(e);
    assigns *e;
    ensures !e->a && !e->b && !e->c && !e->d && e->ird == 0 && e->ord == 0;
*/
static void zero_enh(struct rdmaneg_mpa_enh *e)
{
	e->a = false;
	e->b = false;
	e->c = false;
	e->d = false;
	e->ird = 0;
	e->ord = 0;
}

/*@ requires \valid(o);
    assigns *o;
    ensures !o->accepted && o->term.layer == 0 && o->term.type == 0 &&
      o->term.code == 0 && o->ird == 0 && o->ord == 0 && o->peer_ird == 0 &&
      o->peer_ord == 0 && !o->p2p && o->rtr == 0;
*/
static void zero_outcome(struct rdmaneg_mpa_outcome *o)
{
	o->accepted = false;
	o->term.layer = 0;
	o->term.type = 0;
	o->term.code = 0;
	o->ird = 0;
	o->ord = 0;
	o->peer_ird = 0;
	o->peer_ord = 0;
	o->p2p = false;
	o->rtr = 0;
}

/*@ requires \valid(e);
    assigns e->b, e->c, e->d;
    ensures (e->b <==> (rtr & RDMANEG_RTR_SEND) != 0) &&
      (e->c <==> (rtr & RDMANEG_RTR_WRITE) != 0) && (e->d <==> (rtr & RDMANEG_RTR_READ) != 0);
*/
static void set_rtr(struct rdmaneg_mpa_enh *e, uint8_t rtr)
{
	e->b = (rtr & RDMANEG_RTR_SEND) != 0u;
	e->c = (rtr & RDMANEG_RTR_WRITE) != 0u;
	e->d = (rtr & RDMANEG_RTR_READ) != 0u;
}

uint8_t rdmaneg_mpa_rtr_of(const struct rdmaneg_mpa_enh *e)
{
	if (!e || !e->a)
		return 0u;
	return (uint8_t)((e->b ? RDMANEG_RTR_SEND : 0u) | (e->c ? RDMANEG_RTR_WRITE : 0u) |
			 (e->d ? RDMANEG_RTR_READ : 0u));
}

int rdmaneg_mpa_check_initiator(const struct rdmaneg_mpa_local *ini)
{
	if (!ini)
		return RDMANEG_E_INVAL;
	if (ini->ird > NO_NEG || ini->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	if (ini->ird_max >= NO_NEG || ini->rtr > RDMANEG_RTR_ALL ||
	    (ini->ird != NO_NEG && ini->ird > ini->ird_max) ||
	    (ini->p2p && ini->rtr == 0u))
		return RDMANEG_E_CONFIG;
	return RDMANEG_OK;
}

int rdmaneg_mpa_check_responder(const struct rdmaneg_mpa_local *rsp)
{
	if (!rsp)
		return RDMANEG_E_INVAL;
	if (rsp->ird > NO_NEG || rsp->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	/* a responder's own values are numbers: 0x3FFF would mean "ULP" */
	if (rsp->ird == NO_NEG || rsp->ord == NO_NEG || rsp->ird_max >= NO_NEG ||
	    rsp->ird > rsp->ird_max || rsp->ord_min > rsp->ord ||
	    rsp->rtr > RDMANEG_RTR_ALL ||
	    /* sec. 9.2: an enhanced responder supports at least one RTR type */
	    rsp->rtr == 0u ||
	    (rsp->rtr == RDMANEG_RTR_READ && rsp->ird_max == 0u))
		return RDMANEG_E_CONFIG;
	return RDMANEG_OK;
}

int rdmaneg_mpa_request(const struct rdmaneg_mpa_local *ini, struct rdmaneg_mpa_enh *req)
{
	int rc = rdmaneg_mpa_check_initiator(ini);

	if (rc != RDMANEG_OK)
		return rc;
	if (!req)
		return RDMANEG_E_INVAL;
	zero_enh(req);
	req->ird = ini->ird;
	req->ord = ini->ord;
	/* sec. 9.2: A=1 with each supported option; A=0 with B=C=D=0 */
	req->a = ini->p2p;
	if (ini->p2p)
		set_rtr(req, ini->rtr);
	return RDMANEG_OK;
}

/*@ requires lo <= hi;
    assigns \nothing;
    ensures lo <= \result <= hi;
    ensures v < lo ==> \result == lo;
    ensures v > hi ==> \result == hi;
    ensures lo <= v <= hi ==> \result == v;
*/
static uint16_t clamp16(uint16_t v, uint16_t lo, uint16_t hi)
{
	if (v < lo)
		return lo;
	return v > hi ? hi : v;
}

int rdmaneg_mpa_respond(const struct rdmaneg_mpa_local *rsp,
			const struct rdmaneg_mpa_enh *req,
			struct rdmaneg_mpa_enh *reply, struct rdmaneg_mpa_outcome *out)
{
	uint8_t offered = 0;
	int rc = rdmaneg_mpa_check_responder(rsp);

	if (rc != RDMANEG_OK)
		return rc;
	if (!req || !reply || !out)
		return RDMANEG_E_INVAL;
	if (req->ird > NO_NEG || req->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	zero_enh(reply);
	zero_outcome(out);
	out->accepted = true;
	out->peer_ird = req->ird;
	out->peer_ord = req->ord;

	/* sec. 9.2: match A; offer the common RTR types, else our own */
	reply->a = req->a;
	out->p2p = req->a;
	if (req->a) {
		offered = rdmaneg_mpa_rtr_of(req) & rsp->rtr;
		if (offered == 0u)
			offered = rsp->rtr;
	}
#if RDMANEG_PLANTED(a0_echo_bcd)
	if (!req->a) {
		reply->b = req->b;
		reply->c = req->c;
		reply->d = req->d;
	}
#endif

	/* sec. 9.1: responder IRD covers initiator ORD, within capacity */
#if RDMANEG_PLANTED(mpa_3fff_number)
	if (0) {
#else
	if (req->ord == NO_NEG) {
#endif
		out->ird = rsp->ird;
		reply->ird = NO_NEG;
	} else {
		out->ird = clamp16(req->ord, rsp->ird, rsp->ird_max);
		/* sec. 9.1: a Read RTR needs an IRD of at least 1 */
		if ((offered & RDMANEG_RTR_READ) != 0u && out->ird == 0u && rsp->ird_max >= 1u)
			out->ird = 1u;
		reply->ird = out->ird;
	}
	/* sec. 9.2: no Read RTR with IRD 0 (no IRRQ, or 0x3FFF kept it at 0);
	 * still offer one type we support (offered held READ, so A=1) */
	if ((offered & RDMANEG_RTR_READ) != 0u && out->ird == 0u) {
		offered &= (uint8_t)~RDMANEG_RTR_READ;
		if (offered == 0u)
			offered = rsp->rtr & (uint8_t)~RDMANEG_RTR_READ;
	}
	if (req->a)
		set_rtr(reply, offered);
	out->rtr = offered;

	/* sec. 9.1: responder ORD at most the initiator IRD */
	if (req->ird == NO_NEG) {
		out->ord = rsp->ord;
		reply->ord = NO_NEG;
	} else {
#if RDMANEG_PLANTED(ord_no_clamp)
		out->ord = rsp->ord;
#else
		out->ord = rsp->ord < req->ird ? rsp->ord : req->ird;
#endif
		reply->ord = out->ord;
#if RDMANEG_PLANTED(rsp_reject_equal)
		if (out->ord <= rsp->ord_min && rsp->ord_min > 0u) {
#else
		if (out->ord < rsp->ord_min) {
#endif
			/* sec. 9.1: reject, naming the ORD the ULP requires */
			reply->ord = rsp->ord_min;
			term(out, RDMANEG_TERM_INSUFFICIENT_IRD);
		}
	}
	/* sec. 8: a Read-only responder whose IRD 0x3FFF kept at 0 can take
	 * no RTR type: a local error with no code of its own */
	if (req->a && offered == 0u)
		term(out, RDMANEG_TERM_LOCAL_CATASTROPHIC);
	return RDMANEG_OK;
}

/*@ requires 0 < set <= RDMANEG_RTR_ALL;
    assigns \nothing;
    ensures \result == RDMANEG_RTR_SEND || \result == RDMANEG_RTR_WRITE ||
      \result == RDMANEG_RTR_READ;
    ensures (\result & set) != 0;
*/
static uint8_t lowest_bit(uint8_t set)
{
	return (uint8_t)(set & (uint8_t)(~set + 1u));
}

int rdmaneg_mpa_complete(const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply, bool rejected,
			 struct rdmaneg_mpa_outcome *out)
{
	uint8_t usable;
	int rc = rdmaneg_mpa_check_initiator(ini);

	if (rc != RDMANEG_OK)
		return rc;
	if (!req || !reply || !out)
		return RDMANEG_E_INVAL;
	if (reply->ird > NO_NEG || reply->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	zero_outcome(out);
	/* sec. 9.1: pass the responder's values to the ULP, accept or reject */
	out->peer_ird = reply->ird;
	out->peer_ord = reply->ord;
	out->ird = ini->ird;
	out->ord = ini->ord;
	out->p2p = req->a;
	if (rejected)
		return RDMANEG_OK;

	/* sec. 9.2: the responder must match A */
#if RDMANEG_PLANTED(a_mismatch_ok)
	if (0) {
#else
	if (reply->a != req->a) {
#endif
		term(out, RDMANEG_TERM_NO_MATCHING_RTR);
		return RDMANEG_OK;
	}
	/* sec. 9.1: ORD at most the responder IRD; 0x3FFF leaves it */
	if (reply->ird != NO_NEG && ini->ord > reply->ird)
		out->ord = reply->ird;
	/* sec. 9.1: IRD at least the responder ORD, or TERM 6 */
#if RDMANEG_PLANTED(ini_3fff_ird)
	if (1) {
#else
	if (reply->ord != NO_NEG) {
#endif
		uint16_t base = ini->ird == NO_NEG ? 0u : ini->ird;

		out->ird = base > reply->ord ? base : reply->ord;
		if (out->ird > ini->ird_max) {
			out->ird = base;
			term(out, RDMANEG_TERM_INSUFFICIENT_IRD);
			return RDMANEG_OK;
		}
	}
	if (req->a) {
		/* sec. 9.2: choose one RTR type the responder supports */
		usable = rdmaneg_mpa_rtr_of(reply) & ini->rtr;
		/* a zero-length Read needs one responder IRRQ entry */
		if (reply->ird == 0u)
			usable &= (uint8_t)~RDMANEG_RTR_READ;
#if RDMANEG_PLANTED(rtr_no_term7)
		if (usable == 0u)
			usable = ini->rtr;
#endif
		if (usable == 0u) {
			term(out, RDMANEG_TERM_NO_MATCHING_RTR);
			return RDMANEG_OK;
		}
		out->rtr = lowest_bit(usable);
	}
	out->accepted = true;
	return RDMANEG_OK;
}
