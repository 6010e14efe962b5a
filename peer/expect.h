/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * expect: what RFC 5044/6581 require of the system under test (SUT) for
 * the octets the peer sent, what the SUT was seen to do, and the one
 * verdict function that compares them. Pure: no I/O, unit-tested on the
 * host (tests/peer_unit.c).
 *
 * Two roles. In REQUEST the peer is the initiator and the SUT responds; in
 * REPLY the SUT initiated, the peer answers its Request with a crafted
 * Reply. The expected outcome is computed by the core from the final
 * octets, never from the recipe that made them, so random mutations get
 * the same treatment as table cases.
 */
#ifndef RDMANEG_PEER_EXPECT_H
#define RDMANEG_PEER_EXPECT_H

#include "util/verdict.h"
#include <rdmaneg/errors.h>
#include <rdmaneg/mpa.h>
#include <rdmaneg/mpa_negotiate.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rdmaneg_peer_role { RDMANEG_PEER_REQUEST = 0, RDMANEG_PEER_REPLY = 1 };

/* How the octets go out on the TCP connection. */
enum rdmaneg_peer_delivery {
	RDMANEG_DELIVER_WHOLE = 0,
	RDMANEG_DELIVER_BYTEWISE,   /* one octet per segment (TCP_NODELAY) */
	RDMANEG_DELIVER_NOTHING,    /* connect, then send nothing */
	RDMANEG_DELIVER_HALFCLOSE,  /* the 20-octet header, then FIN */
	RDMANEG_DELIVER_RESET,	    /* connect, then RST at once (REQUEST role) */
	RDMANEG_DELIVER_THEN_RESET, /* whole; the case ends with RST, not FIN */
	RDMANEG_DELIVER_RTR_BAD_CRC /* whole; the RTR owed after an accept carries a
				     * CRC field that is not its CRC, and the case
				     * watches what the SUT does with it (REQUEST) */
};

/* The first thing the SUT did, as one outcome. */
enum rdmaneg_peer_outcome {
	RDMANEG_OUT_ACCEPT = 0, /* REQUEST: Reply with R=0; REPLY: no TERM or close */
	RDMANEG_OUT_REJECT,	/* a Reply with R=1 */
	RDMANEG_OUT_TERM,	/* an MPA TERMINATE FPDU */
	RDMANEG_OUT_CLOSE,	/* TCP FIN before any of the above */
	RDMANEG_OUT_RESET,	/* TCP RST */
	RDMANEG_OUT_SILENCE,	/* nothing within the case timeout */
	RDMANEG_OUT_GARBAGE,	/* octets that are neither a Reply nor an FPDU */
	RDMANEG_OUT_COUNT
};
#define RDMANEG_OUT_BIT(o) (1u << (unsigned)(o))
#define RDMANEG_OUT_ANY ((1u << RDMANEG_OUT_COUNT) - 1u)

enum rdmaneg_peer_level { RDMANEG_LEVEL_MUST = 0, RDMANEG_LEVEL_SHOULD, RDMANEG_LEVEL_NONE };

/* One RFC clause: section, level, and its text (RFC 6581 verbatim; RFC
 * 5044 paraphrased, marked so, since its text is not in ../shared/spec). */
struct rdmaneg_peer_clause {
	const char *id; /* a registry id (spec/clauses.tsv), e.g. "rfc6581#9.1-4", or suite-* */
	const char *section; /* "[rfc6581#9.1]" */
	enum rdmaneg_peer_level level;
	const char *text;
};

const struct rdmaneg_peer_clause *rdmaneg_peer_clause(const char *id);
size_t rdmaneg_peer_clause_count(void);
const struct rdmaneg_peer_clause *rdmaneg_peer_clause_at(size_t i);

struct rdmaneg_peer_expect {
	unsigned allowed;	       /* RDMANEG_OUT_BIT set */
	uint8_t term_code;	       /* when TERM is required: 2/0/code */
	bool rtr_required;	       /* REPLY: A=1 accepted, an RTR must follow */
	bool rtr_crc_wrong;	       /* REQUEST: the peer's RTR has a wrong CRC field */
	uint8_t rtr_allowed;	       /* RDMANEG_RTR_* the initiator may send */
	bool frame_valid;	       /* the core parsed the frame the peer sent */
	int parse_status;	       /* RDMANEG_OK or the core's reason */
	bool trailing;		       /* octets after the frame */
	struct rdmaneg_mpa_frame sent; /* valid when frame_valid (pd not kept) */
	struct rdmaneg_mpa_enh sent_enh;
	uint8_t ulp[RDMANEG_MPA_PD_MAX]; /* the ULP part of the frame sent */
	uint16_t ulp_len;
	size_t wire_pd_len; /* octets delivered after the 20-octet header */
	const char *clause; /* why these outcomes; a clause id */
	char why[160];	    /* the requirement in a few words */
};

/* What the SUT did. */
struct rdmaneg_peer_obs {
	enum rdmaneg_peer_outcome outcome;
	/* REQUEST: the Reply, when one was parsed */
	bool have_reply;
	int reply_status; /* core parse of the Reply */
	uint8_t reply_flags, reply_rev;
	uint16_t reply_pd_length;
	bool reply_has_enh;
	struct rdmaneg_mpa_enh reply_enh;
	/* TERM, first one seen (also after a Reply) */
	bool have_term;
	uint8_t term_layer, term_etype, term_code;
	/* RTR seen after the Reply / from the initiator */
	uint8_t rtr;	      /* RDMANEG_RTR_* bit, 0 if none */
	bool data_before_rtr; /* a data FPDU came before any RTR */
	bool closed_after;    /* FIN or RST after the first outcome */
	/* REQUEST: the RTR the peer sent after the accept, and whether CRCs
	 * were in use on the connection (C in the Request or the Reply) */
	bool rtr_sent, crc_on;
	/* the ULP's view at the SUT, when a ULP log was given */
	bool have_ulp;
	char ulp_event[32];
	int ulp_status;
	uint16_t ulp_pd_len;
	uint8_t ulp_pd[512];
	uint16_t ulp_rr, ulp_id; /* responder_resources, initiator_depth */
	/* the peer side of it: hang, crash, kernel splat */
	bool unreachable; /* the SUT stopped accepting connections */
	bool splat;
	char splat_title[160];
};

/* REQUEST role: the SUT is the responder; f[0..n-1] is what the peer sent. */
void rdmaneg_peer_expect_request(const uint8_t *f, size_t n, enum rdmaneg_peer_delivery d,
				 struct rdmaneg_peer_expect *e);

/* REPLY role: req[0..req_n-1] is the SUT's Request (already received);
 * f[0..n-1] is the Reply the peer sent. */
void rdmaneg_peer_expect_reply(const uint8_t *req, size_t req_n, const uint8_t *f, size_t n,
			       enum rdmaneg_peer_delivery d, struct rdmaneg_peer_expect *e);

/* The initiator a Request describes ([rfc6581#9.1], 9.2): its IRD, ORD,
 * p2p and RTR offer; its IRD maximum is the IRD it asked for (0x3FFE when
 * it did not negotiate). */
void rdmaneg_peer_initiator_of(const struct rdmaneg_mpa_enh *req, struct rdmaneg_mpa_local *ini);

/* The initiator MUSTs on a Request the SUT sent (REPLY role): returns the
 * first clause id it breaks, or NULL. */
const char *rdmaneg_peer_check_request(const uint8_t *req, size_t req_n);

/* The responder MUSTs on a Reply, given the Request it answers: the first
 * clause id broken, or NULL. reply_status is the core's parse of it. */
const char *rdmaneg_peer_check_reply(const struct rdmaneg_peer_expect *e,
				     const struct rdmaneg_peer_obs *o);

/* The clause a case tested, whatever its verdict: the expectation's, or
 * the CRC rule when the peer's wrong-CRC RTR went out; "-" for none. */
const char *rdmaneg_peer_tested(const struct rdmaneg_peer_expect *e,
				const struct rdmaneg_peer_obs *o);

/* The one verdict function. */
void rdmaneg_peer_judge(enum rdmaneg_peer_role role, const struct rdmaneg_peer_expect *e,
			const struct rdmaneg_peer_obs *o, struct rdmaneg_verdict *r);

const char *rdmaneg_peer_role_name(enum rdmaneg_peer_role r); /* "request", "reply" */
const char *rdmaneg_peer_outcome_name(enum rdmaneg_peer_outcome o);
/* "accept|reject" style list of an allowed set into out. */
void rdmaneg_peer_allowed_str(unsigned allowed, uint8_t term_code, char *out, size_t cap);

#endif
