// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/mpa_negotiate.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

#define NO_NEG RDMANEG_MPA_NO_NEGOTIATE

/* Outputs start from zero, written field by field (docs/proof.md). */
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

/* RTR sets in arithmetic rather than & and ~, which the provers do not
 * follow (docs/proof.md): bit is 1, 2 or 4. */
/*@ requires bit == RDMANEG_RTR_SEND || bit == RDMANEG_RTR_WRITE || bit == RDMANEG_RTR_READ;
    assigns \nothing;
    ensures \result <==> rtr_has(rs, bit);
*/
static bool has(uint8_t rs, uint8_t bit)
{
	return rs / bit % 2u == 1u;
}

/* rs without bit */
/*@ requires rs <= RDMANEG_RTR_ALL;
    requires bit == RDMANEG_RTR_SEND || bit == RDMANEG_RTR_WRITE || bit == RDMANEG_RTR_READ;
    assigns \nothing;
    ensures \result <= rs;
    ensures \forall integer k; k == 1 || k == 2 || k == 4 ==>
      (rtr_has(\result, k) <==> rtr_has(rs, k) && k != bit);
*/
static uint8_t without(uint8_t rs, uint8_t bit)
{
	return has(rs, bit) ? (uint8_t)(rs - bit) : rs;
}

/* the types both sets hold */
/*@ requires a <= RDMANEG_RTR_ALL && b <= RDMANEG_RTR_ALL;
    assigns \nothing;
    ensures \result <= RDMANEG_RTR_ALL;
    ensures \forall integer k; k == 1 || k == 2 || k == 4 ==>
      (rtr_has(\result, k) <==> rtr_has(a, k) && rtr_has(b, k));
*/
static uint8_t common(uint8_t a, uint8_t b)
{
	return (uint8_t)((has(a, RDMANEG_RTR_SEND) && has(b, RDMANEG_RTR_SEND) ? RDMANEG_RTR_SEND
									       : 0u) +
			 (has(a, RDMANEG_RTR_WRITE) && has(b, RDMANEG_RTR_WRITE) ? RDMANEG_RTR_WRITE
										 : 0u) +
			 (has(a, RDMANEG_RTR_READ) && has(b, RDMANEG_RTR_READ) ? RDMANEG_RTR_READ
									       : 0u));
}

/*@ requires \valid(e);
    assigns e->b, e->c, e->d;
    ensures (e->b <==> rtr_has(rtr, RDMANEG_RTR_SEND)) &&
      (e->c <==> rtr_has(rtr, RDMANEG_RTR_WRITE)) && (e->d <==> rtr_has(rtr, RDMANEG_RTR_READ));
*/
static void set_rtr(struct rdmaneg_mpa_enh *e, uint8_t rtr)
{
	e->b = has(rtr, RDMANEG_RTR_SEND);
	e->c = has(rtr, RDMANEG_RTR_WRITE);
	e->d = has(rtr, RDMANEG_RTR_READ);
}

uint8_t rdmaneg_mpa_rtr_of(const struct rdmaneg_mpa_enh *e)
{
	/* [rfc6581#9.2-15] */
	if (!e || !e->a)
		return 0u;
	/* [rfc6581#9-6] [rfc6581#9-7] [rfc6581#9-8] */
	return (uint8_t)((e->b ? RDMANEG_RTR_SEND : 0u) + (e->c ? RDMANEG_RTR_WRITE : 0u) +
			 (e->d ? RDMANEG_RTR_READ : 0u));
}

int rdmaneg_mpa_check_initiator(const struct rdmaneg_mpa_local *ini)
{
	if (!ini)
		return RDMANEG_E_INVAL;
	if (ini->ird > NO_NEG || ini->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	if (ini->ird_max >= NO_NEG || ini->rtr > RDMANEG_RTR_ALL ||
	    (ini->ird != NO_NEG && ini->ird > ini->ird_max) || (ini->p2p && ini->rtr == 0u))
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
	    rsp->ird > rsp->ird_max || rsp->ord_min > rsp->ord || rsp->rtr > RDMANEG_RTR_ALL ||
	    /* [rfc6581#9.2]: an enhanced responder supports at least one RTR type */
	    /* [rfc6581#9.2-3] */
	    rsp->rtr == 0u || (rsp->rtr == RDMANEG_RTR_READ && rsp->ird_max == 0u))
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
	/* [rfc6581#9.2]: A=1 with each supported option; A=0 with B=C=D=0 */
	/* [rfc6581#9.2-1] [rfc6581#9.2-12] */
	req->a = ini->p2p;
	if (ini->p2p)
		/* [rfc6581#9.2-2] */
		set_rtr(req, ini->rtr);
	return RDMANEG_OK;
}

/* [rfc6581#9.2]: the RTR types a responder offers: the common ones, else its
 * own; none when A=0. */
/*@ requires req_rtr <= RDMANEG_RTR_ALL && 0 < own <= RDMANEG_RTR_ALL;
    assigns \nothing;
    ensures \result <= RDMANEG_RTR_ALL;
    ensures !a ==> \result == 0;
    // [rfc6581#9.2-6]
    ensures a ==> \result != 0;
*/
/* [rfc6581#9.2-6] */
static uint8_t offer(bool a, uint8_t req_rtr, uint8_t own)
{
	uint8_t both;

	if (!a)
		return 0u;
	/* [rfc6581#9.2-5] */
	both = common(req_rtr, own);
	/* [rfc6581#9.2-8] */
	return both != 0u ? both : own;
}

/* [rfc6581#9.1]: responder IRD covers the initiator ORD, within capacity; a
 * Read RTR needs an IRD of at least 1. */
/*@ requires ird <= ird_max < RDMANEG_MPA_NO_NEGOTIATE && req_ord <= RDMANEG_MPA_NO_NEGOTIATE;
    assigns \nothing;
    ensures ird <= \result <= ird_max;
    ensures req_ord == RDMANEG_MPA_NO_NEGOTIATE ==> \result == ird;
    ensures req_ord != RDMANEG_MPA_NO_NEGOTIATE ==> \result >= req_ord || \result == ird_max;
*/
static uint16_t respond_ird(uint16_t ird, uint16_t ird_max, uint16_t req_ord, bool read)
{
	uint16_t v;

#if RDMANEG_PLANTED(mpa_3fff_number)
	if (0)
#else
	if (req_ord == NO_NEG)
#endif
		return ird;
	v = req_ord < ird ? ird : req_ord > ird_max ? ird_max : req_ord;
	/* [rfc6581#9.1-3] */
	if (read && v == 0u && ird_max >= 1u)
		v = 1u;
	return v;
}

/* [rfc6581#9.2]: no Read RTR with IRD 0 (no IRRQ, or 0x3FFF kept it at 0);
 * still offer one type we support (offered held READ, so A=1) */
/*@ requires offered <= RDMANEG_RTR_ALL && own <= RDMANEG_RTR_ALL;
    assigns \nothing;
    ensures \result <= RDMANEG_RTR_ALL;
    ensures offered == 0 ==> \result == 0;
*/
static uint8_t usable_offer(uint8_t offered, uint8_t own, uint16_t ird)
{
	uint8_t v;

	if (!has(offered, RDMANEG_RTR_READ) || ird != 0u)
		return offered;
	v = without(offered, RDMANEG_RTR_READ);
	return v != 0u ? v : without(own, RDMANEG_RTR_READ);
}

/* [rfc6581#9.1]: responder ORD at most the initiator IRD */
/*@ assigns \nothing;
    ensures \result <= own;
    ensures req_ird == RDMANEG_MPA_NO_NEGOTIATE ==> \result == own;
    ensures req_ird != RDMANEG_MPA_NO_NEGOTIATE ==> \result <= req_ird;
*/
/* [rfc6581#9.1-2] */
static uint16_t respond_ord(uint16_t own, uint16_t req_ird)
{
#if RDMANEG_PLANTED(ord_no_clamp)
	(void)req_ird;
	return own;
#else
	if (req_ird == NO_NEG)
		return own;
	/* [rfc6581#9.1-4] */
	return own < req_ird ? own : req_ird;
#endif
}

/* [rfc6581#9.1]: reject when the initiator IRD leaves us below our minimum */
/*@ assigns \nothing; */
static bool ord_too_low(uint16_t ord, uint16_t ord_min)
{
#if RDMANEG_PLANTED(rsp_reject_equal)
	return ord <= ord_min && ord_min > 0u;
#else
	return ord < ord_min;
#endif
}

int rdmaneg_mpa_respond(const struct rdmaneg_mpa_local *rsp, const struct rdmaneg_mpa_enh *req,
			struct rdmaneg_mpa_enh *reply, struct rdmaneg_mpa_outcome *out)
{
	uint8_t offered;
	uint8_t code = 0;
	uint16_t ird;
	uint16_t ord;
	uint16_t reply_ord;
	uint16_t req_ird;
	uint16_t req_ord;
	bool a;
	int rc = rdmaneg_mpa_check_responder(rsp);

	if (rc != RDMANEG_OK)
		return rc;
	if (!req || !reply || !out)
		return RDMANEG_E_INVAL;
	if (req->ird > NO_NEG || req->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	/* every value first, then the outputs (docs/proof.md) */
	a = req->a;
	req_ird = req->ird;
	req_ord = req->ord;
	/* [rfc6581#9.2]: match A; offer the common RTR types, else our own */
	offered = offer(a, rdmaneg_mpa_rtr_of(req), rsp->rtr);
	ird = respond_ird(rsp->ird, rsp->ird_max, req_ord, has(offered, RDMANEG_RTR_READ));
	offered = usable_offer(offered, rsp->rtr, ird);
	ord = respond_ord(rsp->ord, req_ird);
	/* [rfc6581#9.1-13] */
	reply_ord = req_ird == NO_NEG ? NO_NEG : ord;
	/* [rfc6581#9.1-5] [rfc5044#7.1.2-5] [rfc5044#7.1.2-15] */
	if (req_ird != NO_NEG && ord_too_low(ord, rsp->ord_min)) {
		/* [rfc6581#9.1]: reject, naming the ORD the ULP requires */
		reply_ord = rsp->ord_min;
		/* [rfc6581#9.1-6] */
		code = RDMANEG_TERM_INSUFFICIENT_IRD;
	}
	/* [rfc6581#8]: a Read-only responder whose IRD 0x3FFF kept at 0 can take
	 * no RTR type: a local error with no code of its own */
	/* [rfc6581#9.3-1] */
	if (a && offered == 0u)
		code = RDMANEG_TERM_LOCAL_CATASTROPHIC;

	/* [rfc6581#9.2]: A=1 with the offered types; A=0 with B=C=D=0 */
	/* [rfc6581#9.2-4] [rfc6581#9.2-13] */
	reply->a = a;
	reply->b = a && has(offered, RDMANEG_RTR_SEND);
	reply->c = a && has(offered, RDMANEG_RTR_WRITE);
	reply->d = a && has(offered, RDMANEG_RTR_READ);
#if RDMANEG_PLANTED(a0_echo_bcd)
	if (!a) {
		reply->b = req->b;
		reply->c = req->c;
		reply->d = req->d;
	}
#endif
#if RDMANEG_PLANTED(mpa_3fff_number)
	reply->ird = ird;
#else
	/* [rfc6581#9.1-11] */
	reply->ird = req_ord == NO_NEG ? NO_NEG : ird;
#endif
	reply->ord = reply_ord;

	/* [rfc5044#7.1.2-6] */
	out->accepted = code == 0u;
	/* [rfc6581#8]: Layer 2 (LLP), Error Type 0 (MPA) */
	out->term.layer = code == 0u ? 0u : RDMANEG_TERM_LAYER_LLP;
	out->term.type = RDMANEG_TERM_TYPE_MPA;
	out->term.code = code;
	out->ird = ird;
	out->ord = ord;
	/* [rfc6581#9.1-1] */
	out->peer_ird = req_ird;
	out->peer_ord = req_ord;
	out->p2p = a;
	out->rtr = offered;
	return RDMANEG_OK;
}

/*@ requires 0 < rs <= RDMANEG_RTR_ALL;
    assigns \nothing;
    ensures \result == RDMANEG_RTR_SEND || \result == RDMANEG_RTR_WRITE ||
      \result == RDMANEG_RTR_READ;
    ensures rtr_has(rs, \result);
*/
static uint8_t lowest_bit(uint8_t rs)
{
	if (has(rs, RDMANEG_RTR_SEND))
		return RDMANEG_RTR_SEND;
	return has(rs, RDMANEG_RTR_WRITE) ? RDMANEG_RTR_WRITE : RDMANEG_RTR_READ;
}

/* [rfc6581#9.2]: one RTR type the responder offered and we support; 0 for
 * none. A zero-length Read needs one responder IRRQ entry. */
/*@ requires offered <= RDMANEG_RTR_ALL && own <= RDMANEG_RTR_ALL;
    assigns \nothing;
    ensures \result == 0 || ((\result == RDMANEG_RTR_SEND || \result == RDMANEG_RTR_WRITE ||
      \result == RDMANEG_RTR_READ) && rtr_has(own, \result) && rtr_has(offered, \result));
*/
static uint8_t pick_rtr(uint8_t offered, uint8_t own, uint16_t reply_ird)
{
	uint8_t usable = common(offered, own);

	if (reply_ird == 0u)
		usable = without(usable, RDMANEG_RTR_READ);
#if RDMANEG_PLANTED(rtr_no_term7)
	if (usable == 0u)
		usable = own;
#endif
	return usable == 0u ? 0u : lowest_bit(usable);
}

int rdmaneg_mpa_complete(const struct rdmaneg_mpa_local *ini, const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply, bool rejected,
			 struct rdmaneg_mpa_outcome *out)
{
	uint8_t code = 0;
	uint8_t rtr = 0;
	uint16_t ird;
	uint16_t ord;
	uint16_t rep_ird;
	uint16_t rep_ord;
	bool a;
	bool accepted = false;
	int rc = rdmaneg_mpa_check_initiator(ini);

	if (rc != RDMANEG_OK)
		return rc;
	if (!req || !reply || !out)
		return RDMANEG_E_INVAL;
	if (reply->ird > NO_NEG || reply->ord > NO_NEG)
		return RDMANEG_E_MPA_RANGE;
	/* every value first, then the outputs (docs/proof.md) */
	a = req->a;
	rep_ird = reply->ird;
	rep_ord = reply->ord;
	/* [rfc6581#9.1]: pass the responder's values to the ULP, accept or reject */
	ird = ini->ird;
	ord = ini->ord;
	/* [rfc6581#9.2]: the responder must match A */
#if RDMANEG_PLANTED(a_mismatch_ok)
	if (!rejected && 0) {
#else
	if (!rejected && reply->a != a) {
#endif
		code = RDMANEG_TERM_NO_MATCHING_RTR;
		/* [rfc5044#7.1.2-10] */
	} else if (!rejected) {
		/* [rfc6581#9.1]: ORD at most the responder IRD; 0x3FFF leaves it */
		/* [rfc6581#9.1-7] [rfc6581#9.1-12] */
		if (rep_ird != NO_NEG && ord > rep_ird)
			ord = rep_ird;
			/* [rfc6581#9.1]: IRD at least the responder ORD, or TERM 6 */
#if RDMANEG_PLANTED(ini_3fff_ird)
		if (1) {
#else
		/* [rfc6581#9.1-14] */
		if (rep_ord != NO_NEG) {
#endif
			uint16_t base = ini->ird == NO_NEG ? 0u : ini->ird;

			ird = base > rep_ord ? base : rep_ord;
			/* [rfc6581#9.1-8] */
			if (ird > ini->ird_max) {
				ird = base;
				/* [rfc5044#7.1.2-14] */
				code = RDMANEG_TERM_INSUFFICIENT_IRD;
			}
		}
		if (code == 0u && a) {
			/* [rfc6581#9.2-9] */
			rtr = pick_rtr(rdmaneg_mpa_rtr_of(reply), ini->rtr, rep_ird);
			/* [rfc6581#9.2-10] */
			if (rtr == 0u)
				/* [rfc6581#9.2-11] */
				code = RDMANEG_TERM_NO_MATCHING_RTR;
		}
		/* [rfc5044#7.1.2-11] */
		accepted = code == 0u;
	}

	out->accepted = accepted;
	/* [rfc6581#8]: Layer 2 (LLP), Error Type 0 (MPA) */
	/* [rfc6581#9.1-9] */
	out->term.layer = code == 0u ? 0u : RDMANEG_TERM_LAYER_LLP;
	out->term.type = RDMANEG_TERM_TYPE_MPA;
	out->term.code = code;
	out->ird = ird;
	out->ord = ord;
	/* [rfc6581#9.1-10] */
	out->peer_ird = rep_ird;
	out->peer_ord = rep_ord;
	out->p2p = a;
	out->rtr = rtr;
	return RDMANEG_OK;
}
