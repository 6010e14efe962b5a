/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cases: the conformance cases, one row per RFC 5044/6581 edge, each named
 * after what it tests, and the frames they send. A case is a recipe; the
 * octets are written here from the RFCs, never by the core under test
 * (a planted core must not move the frames or the verdicts). What the SUT must do is
 * never stored here: expect.c derives it from the octets.
 */
#ifndef RDMANEG_PEER_CASES_H
#define RDMANEG_PEER_CASES_H

#include "peer/expect.h"
#include "util/rng.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_PEER_ROLE_BIT(r) (1u << (unsigned)(r))
#define RDMANEG_PEER_BOTH 3u
#define RDMANEG_PEER_AUTO (-1)

enum rdmaneg_peer_key {
	RDMANEG_KEY_OWN = 0,
	RDMANEG_KEY_OTHER,
	RDMANEG_KEY_WRONG,
	RDMANEG_KEY_TRUNC
};
enum rdmaneg_peer_trailer { RDMANEG_TRAIL_NONE = 0, RDMANEG_TRAIL_FPDU, RDMANEG_TRAIL_GARBAGE };

struct rdmaneg_peer_recipe {
	enum rdmaneg_peer_key key;
	int rev;	   /* AUTO: 2 with S, else 1 */
	bool unenhanced;   /* S=0, no word */
	uint8_t flags_xor; /* octet 16 bits flipped after the base */
	int ird, ord;	   /* the word's 14-bit values; AUTO: default/core */
	int abcd;	   /* A B C D as bits 3..0; AUTO: default/core */
	int ulp_len;	   /* ULP octets after the word; AUTO: 8 (RFC 8797 message) */
	int pd_field;	   /* PD_Length written; AUTO: the octets present */
	int pd_delta;	   /* octets present minus pd_field (with pd_field set) */
	enum rdmaneg_peer_trailer trailer;
	enum rdmaneg_peer_delivery delivery;
};

struct rdmaneg_peer_case {
	char name[48];
	const char *section; /* summary group, e.g. "[rfc6581#9.1]" */
	unsigned roles;	     /* RDMANEG_PEER_ROLE_BIT set */
	struct rdmaneg_peer_recipe r;
};

/* Everything the generated table needs from the user. */
struct rdmaneg_peer_params {
	uint16_t local_max; /* the SUT's maximum IRD/ORD (siw: 128) */
};

#define RDMANEG_PEER_CASES_MAX 256

/* Fills the table; returns the number of cases. */
size_t rdmaneg_peer_cases(const struct rdmaneg_peer_params *p, struct rdmaneg_peer_case *out,
			  size_t cap);

/* The responder configuration the peer uses for its Replies. */
void rdmaneg_peer_responder_local(struct rdmaneg_mpa_local *rsp);

/*
 * Builds the frame of a recipe into out. For REPLY, sut_req is the SUT's
 * Request (a conforming responder's answer to its word is the default). Returns the
 * length, 0 if cap is too small.
 */
size_t rdmaneg_peer_frame(const struct rdmaneg_peer_recipe *r, enum rdmaneg_peer_role role,
			  const uint8_t *sut_req, size_t sut_req_n, uint8_t *out, size_t cap);

/* One to three random mutations of a frame (bit flips, PD_Length,
 * truncation, extension); *len may change, never above cap. */
void rdmaneg_peer_mutate(uint8_t *buf, size_t *len, size_t cap, uint64_t *rng);

/* fnmatch-style glob, with '*' and '?'; linear in the name per '*'. */
bool rdmaneg_peer_glob(const char *pat, const char *name);

#endif
