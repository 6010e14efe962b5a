/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: RFC 8797 RPC-over-RDMA version 1 CM private data codec. */
#ifndef RDMANEG_RPCRDMA_PD_H
#define RDMANEG_RPCRDMA_PD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_RPCRDMA_FORMAT_ID 0xf6ab0e18u /* [rfc8797#4] */
#define RDMANEG_RPCRDMA_VERSION 1u
#define RDMANEG_RPCRDMA_MSG_LEN 8u
#define RDMANEG_RPCRDMA_R_BIT 0x01u /* octet 5, last bit */
#define RDMANEG_INLINE_MIN 1024u    /* RFC 8166 sec. 3.3.3 */
#define RDMANEG_INLINE_MAX 262144u  /* code 255, [rfc8797#4.2] */

/* Decode flags. */
#define RDMANEG_DECODE_SEARCH 0u /* [rfc8797#5.2]: any offset (default) */
#define RDMANEG_DECODE_STRICT 1u /* offset 0 only, as Linux peers send it */
/* Every flag: they are the low bits, so flags above this are invalid. */
#define RDMANEG_DECODE_FLAGS RDMANEG_DECODE_STRICT

/* What one side advertises; sizes in octets. */
struct rdmaneg_rpcrdma_settings {
	size_t send_size;
	size_t recv_size;
	bool remote_invalidation;
};

/* Why no message was taken from a buffer. */
enum rdmaneg_rpcrdma_reason {
	RDMANEG_PD_PRESENT = 0,
	RDMANEG_PD_EMPTY,	  /* zero-length buffer */
	RDMANEG_PD_NO_IDENTIFIER, /* no 0xf6ab0e18 anywhere (strict: at 0) */
	RDMANEG_PD_TRUNCATED,	  /* identifier, but fewer than 8 octets left */
	RDMANEG_PD_BAD_VERSION	  /* identifier, 8 octets, version != 1 */
};

struct rdmaneg_rpcrdma_result {
	bool present;
	enum rdmaneg_rpcrdma_reason reason; /* first failing candidate if absent */
	size_t offset;			    /* of the identifier; valid when present */
	size_t candidates;		    /* identifier occurrences examined */
	uint8_t version;
	uint8_t flags; /* raw octet 5, Reserved bits included */
	bool remote_invalidation;
	uint8_t send_code;
	uint8_t recv_code;
	size_t send_size; /* decoded: (code + 1) * 1024 */
	size_t recv_size;
};

/*
 * ACSL contracts (proved by make proof, docs/proof.md): a caller that
 * meets the requires clauses gets the ensures clauses, on every input.
 */

/*@ // [rfc8797#4]: the identifier at b + o
    predicate rdmaneg_rpcrdma_id(uint8_t *b, integer o) =
      b[o] == 0xf6 && b[o + 1] == 0xab && b[o + 2] == 0x0e && b[o + 3] == 0x18;
    // r's fields are the four octets after it
    predicate rdmaneg_rpcrdma_fields(uint8_t *b, struct rdmaneg_rpcrdma_result *r) =
      r->version == b[r->offset + 4] && r->flags == b[r->offset + 5] &&
      r->send_code == b[r->offset + 6] && r->recv_code == b[r->offset + 7];
    // r holds the 8-octet message at b + r->offset
    predicate rdmaneg_rpcrdma_at(uint8_t *b, struct rdmaneg_rpcrdma_result *r) =
      rdmaneg_rpcrdma_id(b, r->offset) && rdmaneg_rpcrdma_fields(b, r);
*/

/*
 * A buffer size as [rfc8797#4.2] can advertise it: size rounded down
 * to a multiple of 1024 and clamped to 262144. Returns 0 when size is
 * below 1024 (no code exists for it).
 */
/*@ assigns \nothing;
    ensures small: size < RDMANEG_INLINE_MIN ==> \result == 0;
    ensures range: size >= RDMANEG_INLINE_MIN ==>
      RDMANEG_INLINE_MIN <= \result <= RDMANEG_INLINE_MAX &&
      \result <= size && \result % 1024 == 0;
*/
size_t rdmaneg_rpcrdma_normalize(size_t size);

/*
 * The [rfc8797#4.2] code of a size: size / 1024 - 1 after
 * rdmaneg_rpcrdma_normalize, into *code (written only on success).
 * Returns RDMANEG_OK, RDMANEG_E_INVAL when code is NULL, or
 * RDMANEG_E_SIZE_TOO_SMALL when size is below 1024.
 */
/*@ requires code == \null || \valid(code);
    assigns *code;
    behavior inval:
      assumes code == \null;
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior small:
      assumes code != \null && size < RDMANEG_INLINE_MIN;
      assigns \nothing;
      ensures \result == RDMANEG_E_SIZE_TOO_SMALL;
    behavior ok:
      assumes code != \null && size >= RDMANEG_INLINE_MIN;
      ensures \result == RDMANEG_OK;
      ensures decodes_below: (*code + 1) * 1024 <= size;
      ensures largest: size < RDMANEG_INLINE_MAX ==> size < (*code + 2) * 1024;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_rpcrdma_size_code(size_t size, uint8_t *code);

/* The size a code stands for ([rfc8797#4.2]): (code + 1) * 1024, so
 * 1024 to 262144 for every value of code. */
/*@ assigns \nothing;
    ensures \result == (code + 1) * 1024;
    ensures RDMANEG_INLINE_MIN <= \result <= RDMANEG_INLINE_MAX;
*/
size_t rdmaneg_rpcrdma_code_size(uint8_t code);

/*
 * Writes the 8-octet version-1 message ([rfc8797#4]) for the settings
 * s into out[0..7]: identifier, version 1, R from s->remote_invalidation,
 * both sizes normalized and encoded. cap is the room at out; nothing is
 * written on an error. Returns RDMANEG_OK, RDMANEG_E_INVAL (a NULL
 * pointer), RDMANEG_E_NOSPACE (cap below 8) or RDMANEG_E_SIZE_TOO_SMALL.
 */
/*@ requires s == \null || \valid_read(s);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires s == \null || out == \null || \separated(s, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_RPCRDMA_MSG_LEN - 1];
    ensures \result != RDMANEG_OK ==> \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE || \result == RDMANEG_E_SIZE_TOO_SMALL;
    ensures room: \result == RDMANEG_OK ==> cap >= RDMANEG_RPCRDMA_MSG_LEN;
    // [rfc8797#4-3] [rpcrdma-cm-pvt-data-01#4-2]
    ensures id: \result == RDMANEG_OK ==>
      out[0] == 0xf6 && out[1] == 0xab && out[2] == 0x0e && out[3] == 0x18;
    // [rpcrdma-cm-pvt-data-01#4-3]
    ensures version: \result == RDMANEG_OK ==> out[4] == RDMANEG_RPCRDMA_VERSION;
    // [rfc8797#4-5] [rfc8797#4-6]
    ensures reserved_zero: \result == RDMANEG_OK ==>
      (out[5] == RDMANEG_RPCRDMA_R_BIT || out[5] == 0);
    // [rfc8797#4-8] [rfc8797#4-9]
    ensures sizes: \result == RDMANEG_OK ==>
      (out[6] + 1) * 1024 <= s->send_size && (out[7] + 1) * 1024 <= s->recv_size;
*/
int rdmaneg_rpcrdma_encode(const struct rdmaneg_rpcrdma_settings *s, uint8_t *out, size_t cap);

/*
 * Decodes the private data buf[0..len-1] a peer sent (len may be 0). flags
 * is RDMANEG_DECODE_SEARCH (the identifier at any offset,
 * [rfc8797#5.2]; the first valid occurrence wins, invalid ones are skipped) or
 * RDMANEG_DECODE_STRICT (at offset 0 only). A missing or invalid message
 * is not an error: out->present is false and out->reason says why (the
 * peer then counts as sending the defaults, [rfc8797#5.1]). Returns RDMANEG_OK,
 * or RDMANEG_E_INVAL for a NULL out, buf NULL with len > 0, or unknown
 * flags (out is left as it was).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires out == \null || \valid(out);
    requires buf == \null || out == \null || \separated(out, buf + (0 .. len - 1));
    assigns *out;
    behavior inval:
      assumes out == \null || (buf == \null && len > 0) ||
        flags > RDMANEG_DECODE_FLAGS;
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior ok:
      assumes out != \null && !(buf == \null && len > 0) &&
        flags <= RDMANEG_DECODE_FLAGS;
      ensures \result == RDMANEG_OK;
      ensures in_buffer: out->present ==> out->offset + RDMANEG_RPCRDMA_MSG_LEN <= len;
      // [rfc8797#4-4]
      ensures valid: out->present ==> out->reason == RDMANEG_PD_PRESENT &&
        out->version == RDMANEG_RPCRDMA_VERSION;
      // [rfc8797#4-2] [rfc8797#5.2-1] [rpcrdma-cm-pvt-data-01#4-1] [rpcrdma-cm-pvt-data-01#4-4]
      ensures message: out->present ==> rdmaneg_rpcrdma_at(buf, out);
      ensures strict: out->present && flags / RDMANEG_DECODE_STRICT % 2 == 1 ==>
        out->offset == 0;
      // [rpcrdma-cm-pvt-data-01#4-5] [rpcrdma-cm-pvt-data-01#4-6]
      ensures sizes: out->present ==>
        out->send_size == (out->send_code + 1) * 1024 &&
        out->recv_size == (out->recv_code + 1) * 1024 &&
        RDMANEG_INLINE_MIN <= out->send_size <= RDMANEG_INLINE_MAX &&
        RDMANEG_INLINE_MIN <= out->recv_size <= RDMANEG_INLINE_MAX;
      ensures absent: !out->present ==> out->reason != RDMANEG_PD_PRESENT;
      ensures empty: len == 0 ==> !out->present && out->reason == RDMANEG_PD_EMPTY;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_rpcrdma_decode(const uint8_t *buf, size_t len, unsigned flags,
			   struct rdmaneg_rpcrdma_result *out);

/* A short stable name of the reason r, e.g. "no_identifier"; "unknown"
 * for a value outside the enum. Never NULL. */
/*@ assigns \nothing;
    ensures \result != \null;
*/
const char *rdmaneg_rpcrdma_reason_name(enum rdmaneg_rpcrdma_reason r);

#endif
