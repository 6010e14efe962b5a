/* rdmaneg: RFC 6581 sec. 9.1 IRD/ORD and sec. 9.2 RTR negotiation, TERM codes. */
#ifndef RDMANEG_MPA_NEGOTIATE_H
#define RDMANEG_MPA_NEGOTIATE_H

#include "mpa.h"

#include <stdbool.h>
#include <stdint.h>

/* RTR indication types (RFC 6581 sec. 9.2), as a bit set. */
#define RDMANEG_RTR_SEND 0x1u  /* B: zero-length FULPDU Send */
#define RDMANEG_RTR_WRITE 0x2u /* C: zero-length RDMA Write */
#define RDMANEG_RTR_READ 0x4u  /* D: zero-length RDMA Read */
#define RDMANEG_RTR_ALL 0x7u

/* TERM codes, Layer 2 (LLP), Error Type 0 (MPA): RFC 6581 sec. 8. */
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
 * for no automatic negotiation of that value (sec. 9.1).
 */
struct rdmaneg_mpa_local {
	uint16_t ird;     /* IRD configured now, and advertised */
	uint16_t ord;     /* ORD wanted, and advertised */
	uint16_t ird_max; /* IRRQ capacity: IRD is never raised above it */
	uint16_t ord_min; /* responder: ULP-required ORD, else TERM 6 */
	bool p2p;         /* initiator: request the peer-to-peer model (A) */
	uint8_t rtr;      /* RDMANEG_RTR_* this side can generate or accept */
};

struct rdmaneg_mpa_outcome {
	bool accepted;        /* false: TERM sent, or a reject frame */
	struct rdmaneg_term term;
	uint16_t ird;         /* local endpoint IRD to configure */
	uint16_t ord;         /* local endpoint ORD to configure */
	uint16_t peer_ird;    /* peer's values, handed to the ULP (sec. 9.1) */
	uint16_t peer_ord;
	bool p2p;
	uint8_t rtr;          /* responder: offered; initiator: the one chosen */
};

/* Initiator: the enhanced word of the MPA Request. */
int rdmaneg_mpa_request(const struct rdmaneg_mpa_local *ini, struct rdmaneg_mpa_enh *req);

/*
 * Responder: computes its reply word from the request (sec. 9.1, 9.2).
 * When it rejects (TERM 6), reply carries the required ORD and the frame
 * should go out with R=1.
 */
int rdmaneg_mpa_respond(const struct rdmaneg_mpa_local *rsp,
			const struct rdmaneg_mpa_enh *req,
			struct rdmaneg_mpa_enh *reply, struct rdmaneg_mpa_outcome *out);

/* Initiator: final values from the reply (sec. 9.1, 9.2, 9.3). */
int rdmaneg_mpa_complete(const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply, bool rejected,
			 struct rdmaneg_mpa_outcome *out);

/* Local configuration checks, exposed for callers and tests. */
int rdmaneg_mpa_check_initiator(const struct rdmaneg_mpa_local *ini);
int rdmaneg_mpa_check_responder(const struct rdmaneg_mpa_local *rsp);

/* B/C/D of a word as an RTR bit set; 0 when A=0 (sec. 9.2: ignored). */
uint8_t rdmaneg_mpa_rtr_of(const struct rdmaneg_mpa_enh *e);

#endif
