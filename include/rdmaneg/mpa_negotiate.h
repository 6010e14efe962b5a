/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: [rfc6581#9.1] IRD/ORD and [rfc6581#9.2] RTR negotiation, TERM codes. */
#ifndef RDMANEG_MPA_NEGOTIATE_H
#define RDMANEG_MPA_NEGOTIATE_H

#include "errors.h"
#include "mpa.h"

#include <stdbool.h>
#include <stdint.h>

/* RTR indication types ([rfc6581#9.2]), as a bit set. */
#define RDMANEG_RTR_SEND 0x1u  /* B: zero-length FULPDU Send */
#define RDMANEG_RTR_WRITE 0x2u /* C: zero-length RDMA Write */
#define RDMANEG_RTR_READ 0x4u  /* D: zero-length RDMA Read */
#define RDMANEG_RTR_ALL 0x7u

/* TERM codes, Layer 2 (LLP), Error Type 0 (MPA): [rfc6581#8]. */
#define RDMANEG_TERM_LAYER_LLP 2u
#define RDMANEG_TERM_TYPE_MPA 0u
#define RDMANEG_TERM_LOCAL_CATASTROPHIC 5u
#define RDMANEG_TERM_INSUFFICIENT_IRD 6u
#define RDMANEG_TERM_NO_MATCHING_RTR 7u

struct rdmaneg_term {
	uint8_t layer;
	uint8_t type;
	uint8_t code; /* 0: no TERM */
};

/*
 * One side's local configuration. 0x3FFF in ird/ord (initiator only) asks
 * for no automatic negotiation of that value ([rfc6581#9.1]).
 */
struct rdmaneg_mpa_local {
	uint16_t ird;	  /* IRD configured now, and advertised */
	uint16_t ord;	  /* ORD wanted, and advertised */
	uint16_t ird_max; /* IRRQ capacity: IRD is never raised above it */
	uint16_t ord_min; /* responder: ULP-required ORD, else TERM 6 */
	bool p2p;	  /* initiator: request the peer-to-peer model (A) */
	uint8_t rtr;	  /* RDMANEG_RTR_* this side can generate or accept */
};

struct rdmaneg_mpa_outcome {
	bool accepted; /* false: TERM sent, or a reject frame */
	struct rdmaneg_term term;
	uint16_t ird;	   /* local endpoint IRD to configure */
	uint16_t ord;	   /* local endpoint ORD to configure */
	uint16_t peer_ird; /* peer's values, handed to the ULP ([rfc6581#9.1]) */
	uint16_t peer_ord;
	bool p2p;
	uint8_t rtr; /* responder: offered; initiator: the one chosen */
};

/* ACSL contracts: see rpcrdma_pd.h and docs/proof.md. The predicates
 * below are the [rfc6581#9.1] inequalities the outcomes meet. */

/*@ predicate rsp_ok(struct rdmaneg_mpa_local *r) =
      r->ird < RDMANEG_MPA_NO_NEGOTIATE && r->ord < RDMANEG_MPA_NO_NEGOTIATE &&
      r->ird_max < RDMANEG_MPA_NO_NEGOTIATE && r->ird <= r->ird_max &&
      // [rfc6581#9.2-3]
      r->ord_min <= r->ord && 0 < r->rtr <= RDMANEG_RTR_ALL;
    logic integer rdmaneg_rtr_set(struct rdmaneg_mpa_enh *e) =
      (e->b ? RDMANEG_RTR_SEND : 0) + (e->c ? RDMANEG_RTR_WRITE : 0) +
      (e->d ? RDMANEG_RTR_READ : 0);
    // an RTR set holds bit (1, 2 or 4): arithmetic, which the provers follow
    predicate rtr_has(integer rs, integer bit) = rs / bit % 2 == 1;
    predicate ini_ok(struct rdmaneg_mpa_local *i) =
      i->ird <= RDMANEG_MPA_NO_NEGOTIATE && i->ord <= RDMANEG_MPA_NO_NEGOTIATE &&
      i->ird_max < RDMANEG_MPA_NO_NEGOTIATE && i->rtr <= RDMANEG_RTR_ALL &&
      (i->ird == RDMANEG_MPA_NO_NEGOTIATE || i->ird <= i->ird_max);
*/

/* Initiator: from its configuration ini, the enhanced word req of the MPA
 * Request ([rfc6581#9.1], 9.2). Returns RDMANEG_OK, RDMANEG_E_INVAL,
 * or what rdmaneg_mpa_check_initiator says of ini (RDMANEG_E_MPA_RANGE,
 * RDMANEG_E_CONFIG). */
/*@ requires ini == \null || \valid_read(ini);
    requires req == \null || \valid(req);
    requires ini == \null || req == \null || \separated(ini, req);
    assigns *req;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_RANGE || \result == RDMANEG_E_CONFIG;
    ensures \result == RDMANEG_OK ==> ini_ok(ini) &&
      // [rfc6581#9.2-1] [rfc6581#9.2-12]
      req->ird == ini->ird && req->ord == ini->ord && req->a == ini->p2p &&
      (!req->a ==> !req->b && !req->c && !req->d);
*/
int rdmaneg_mpa_request(const struct rdmaneg_mpa_local *ini, struct rdmaneg_mpa_enh *req);

/*
 * Responder: from its configuration rsp and the Request's word req,
 * computes its reply word and fills out with the outcome ([rfc6581#9.1],
 * 9.2). When it rejects (TERM 6), reply carries the required ORD and the
 * frame should go out with R=1. Returns RDMANEG_OK (out says accept or
 * reject), RDMANEG_E_INVAL, RDMANEG_E_MPA_RANGE (in rsp, or req's IRD or
 * ORD above 0x3FFF) or RDMANEG_E_CONFIG (rdmaneg_mpa_check_responder).
 */
/*@ requires rsp == \null || \valid_read(rsp);
    requires req == \null || \valid_read(req);
    requires reply == \null || \valid(reply);
    requires out == \null || \valid(out);
    requires rsp != \null && req != \null && reply != \null && out != \null ==>
      \separated(rsp, req, reply, out);
    assigns *reply, *out;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_RANGE || \result == RDMANEG_E_CONFIG;
    // [rfc6581#9.1-1]
    ensures handed_to_ulp: \result == RDMANEG_OK ==> rsp_ok(rsp) &&
      out->peer_ird == req->ird && out->peer_ord == req->ord;
    // [rfc6581#9.1-6]
    ensures term: \result == RDMANEG_OK ==>
      (out->accepted <==> out->term.code == 0) &&
      // [rfc6581#9.3-1]
      (out->term.code == 0 || out->term.code == RDMANEG_TERM_LOCAL_CATASTROPHIC ||
       out->term.code == RDMANEG_TERM_INSUFFICIENT_IRD);
    // [rfc6581#9.1-4]
    ensures ord: // [rfc6581#9.1]: responder ORD <= initiator IRD, and its own
      \result == RDMANEG_OK ==> out->ord <= rsp->ord &&
      (req->ird != RDMANEG_MPA_NO_NEGOTIATE ==> out->ord <= req->ird);
    ensures ird: // [rfc6581#9.1]: IRD >= initiator ORD as far as capacity allows
      \result == RDMANEG_OK ==> rsp->ird <= out->ird <= rsp->ird_max &&
      (req->ord != RDMANEG_MPA_NO_NEGOTIATE ==>
        out->ird >= req->ord || out->ird == rsp->ird_max);
    ensures keeps: // [rfc6581#9.1]: 0x3FFF asks for no negotiation
      \result == RDMANEG_OK ==>
      (req->ord == RDMANEG_MPA_NO_NEGOTIATE ==> out->ird == rsp->ird &&
        reply->ird == RDMANEG_MPA_NO_NEGOTIATE) &&
      // [rfc6581#9.1-13]
      (req->ird == RDMANEG_MPA_NO_NEGOTIATE ==> out->ord == rsp->ord &&
        reply->ord == RDMANEG_MPA_NO_NEGOTIATE);
    ensures model: // [rfc6581#9.2]
      // [rfc6581#9.2-4]
      \result == RDMANEG_OK ==> reply->a == req->a &&
      (!req->a ==> !reply->b && !reply->c && !reply->d && out->rtr == 0);
*/
int rdmaneg_mpa_respond(const struct rdmaneg_mpa_local *rsp, const struct rdmaneg_mpa_enh *req,
			struct rdmaneg_mpa_enh *reply, struct rdmaneg_mpa_outcome *out);

/* Initiator: with its configuration ini, the word req it sent, the Reply's
 * word reply and whether the Reply was rejected (R=1), the final values
 * in out ([rfc6581#9.1], 9.2, 9.3), with a TERM triple when the connection
 * must end. Returns RDMANEG_OK, RDMANEG_E_INVAL, RDMANEG_E_MPA_RANGE (in
 * ini, or reply's IRD or ORD above 0x3FFF) or RDMANEG_E_CONFIG. */
/*@ requires ini == \null || \valid_read(ini);
    requires req == \null || \valid_read(req);
    requires reply == \null || \valid_read(reply);
    requires out == \null || \valid(out);
    requires out == \null || ((ini == \null || \separated(ini, out)) &&
      (req == \null || \separated(req, out)) && (reply == \null || \separated(reply, out)));
    assigns *out;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_RANGE || \result == RDMANEG_E_CONFIG;
    ensures handed_to_ulp: \result == RDMANEG_OK ==> ini_ok(ini) &&
      out->peer_ird == reply->ird && out->peer_ord == reply->ord;
    // [rfc6581#9.1-9]
    ensures term: \result == RDMANEG_OK ==>
      (out->accepted ==> out->term.code == 0) &&
      (out->term.code == 0 || out->term.code == RDMANEG_TERM_INSUFFICIENT_IRD ||
       out->term.code == RDMANEG_TERM_NO_MATCHING_RTR);
    // [rfc6581#9.1-7]
    ensures ord: // [rfc6581#9.1]: initiator ORD <= responder IRD
      \result == RDMANEG_OK && out->accepted ==> out->ord <= ini->ord &&
      (reply->ird != RDMANEG_MPA_NO_NEGOTIATE ==> out->ord <= reply->ird);
    ensures ird: // [rfc6581#9.1]: initiator IRD >= responder ORD, within capacity
      \result == RDMANEG_OK && out->accepted &&
      reply->ord != RDMANEG_MPA_NO_NEGOTIATE ==>
        out->ird >= reply->ord && out->ird <= ini->ird_max;
    // [rfc6581#9.2-9]
    ensures rtr: // [rfc6581#9.2]: one type, and one the responder offered
      \result == RDMANEG_OK && out->accepted && req->a ==>
        (out->rtr == RDMANEG_RTR_SEND || out->rtr == RDMANEG_RTR_WRITE ||
         out->rtr == RDMANEG_RTR_READ) && rtr_has(ini->rtr, out->rtr) &&
        rtr_has(rdmaneg_rtr_set(reply), out->rtr);
*/
int rdmaneg_mpa_complete(const struct rdmaneg_mpa_local *ini, const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply, bool rejected,
			 struct rdmaneg_mpa_outcome *out);

/* Checks an initiator's local configuration ini (predicate ini_ok): IRD
 * and ORD at most 0x3FFF, 0x3FFF asking for no negotiation ([rfc6581#9.1]);
 * ird_max below 0x3FFF and IRD within it unless 0x3FFF; RTR within send,
 * write, read. Returns RDMANEG_OK, RDMANEG_E_INVAL (ini NULL),
 * RDMANEG_E_MPA_RANGE (IRD or ORD above 0x3FFF) or RDMANEG_E_CONFIG. */
/*@ requires ini == \null || \valid_read(ini);
    assigns \nothing;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_RANGE || \result == RDMANEG_E_CONFIG;
    ensures \result == RDMANEG_OK ==> ini != \null && ini_ok(ini);
*/
int rdmaneg_mpa_check_initiator(const struct rdmaneg_mpa_local *ini);

/* Checks a responder's local configuration rsp (predicate rsp_ok): IRD,
 * ORD and ird_max are numbers below 0x3FFF (a responder always
 * negotiates, [rfc6581#9.1]); IRD within ird_max; ord_min at most ORD; at least
 * one RTR type of send, write, read. Returns RDMANEG_OK, RDMANEG_E_INVAL
 * (rsp NULL), RDMANEG_E_MPA_RANGE or RDMANEG_E_CONFIG. */
/*@ requires rsp == \null || \valid_read(rsp);
    assigns \nothing;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_RANGE || \result == RDMANEG_E_CONFIG;
    ensures \result == RDMANEG_OK ==> rsp != \null && rsp_ok(rsp);
*/
int rdmaneg_mpa_check_responder(const struct rdmaneg_mpa_local *rsp);

/* B/C/D of the word e as an RTR bit set; 0 when A=0 ([rfc6581#9.2]: then they
 * are ignored) or when e is NULL. */
/*@ requires e == \null || \valid_read(e);
    assigns \nothing;
    ensures \result <= RDMANEG_RTR_ALL;
    ensures e == \null || !e->a ==> \result == 0;
    ensures e != \null && e->a ==> \result == rdmaneg_rtr_set(e);
*/
uint8_t rdmaneg_mpa_rtr_of(const struct rdmaneg_mpa_enh *e);

#endif
