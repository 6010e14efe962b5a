/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rdmaneg: SMB Direct's connection setup ([MS-SMBD], "ms-smbd" below):
 * the Negotiate Request ([ms-smbd#2.2.1]) and Response
 * ([ms-smbd#2.2.2]) that open every SMB Direct connection, with the
 * receiver's checks of each ([ms-smbd#3.1.5.6], [ms-smbd#3.1.5.7]), and
 * the IRD/ORD header that iWARP peers without RFC 6581 put first in the
 * CM private data ([ms-smbd#6.1]). The messages are little-endian; the
 * IRD/ORD header is written big-endian, as Linux does since its 2025 fix
 * (the spec states no byte order). docs/smbd.md lists each rule and how
 * Linux's ksmbd and cifs read it.
 */
#ifndef RDMANEG_SMBD_H
#define RDMANEG_SMBD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_SMBD_REQ_LEN 20u		      /* [ms-smbd#2.2.1-1] */
#define RDMANEG_SMBD_RESP_LEN 32u		      /* [ms-smbd#2.2.2-1] */
#define RDMANEG_SMBD_IRDORD_LEN 8u		      /* [ms-smbd#6.1-1] */
#define RDMANEG_SMBD_V1 0x0100u			      /* the one version */
#define RDMANEG_SMBD_MIN_RECEIVE 128u		      /* [ms-smbd#3.1.5.6-3] */
#define RDMANEG_SMBD_MIN_FRAGMENTED 131072u	      /* [ms-smbd#3.1.5.6-3] */
#define RDMANEG_SMBD_STATUS_NOT_SUPPORTED 0xC00000BBu /* STATUS_NOT_SUPPORTED */

/* The Negotiate Request ([ms-smbd#2.2.1-1]). */
struct rdmaneg_smbd_req {
	uint16_t min_version, max_version, reserved, credits_requested;
	uint32_t preferred_send_size, max_receive_size, max_fragmented_size;
};

/* The Negotiate Response ([ms-smbd#2.2.2-1]). */
struct rdmaneg_smbd_resp {
	uint16_t min_version, max_version, negotiated_version, reserved;
	uint16_t credits_requested, credits_granted;
	uint32_t status, max_read_write_size, preferred_send_size, max_receive_size;
	uint32_t max_fragmented_size;
};

/* What a conforming server does with a Negotiate Request. */
enum rdmaneg_smbd_action {
	RDMANEG_SMBD_RESPOND = 0,   /* a Negotiate Response, Status 0 */
	RDMANEG_SMBD_NOT_SUPPORTED, /* a failure response, STATUS_NOT_SUPPORTED */
	RDMANEG_SMBD_TERMINATE	    /* the connection ends, no response */
};

/* Defects a receiver finds (bits of a defects word). */
#define RDMANEG_SMBD_D_SHORT 0x01u	/* shorter than the message */
#define RDMANEG_SMBD_D_VERSION 0x02u	/* no 0x0100 (request), not 0x0100 (response) */
#define RDMANEG_SMBD_D_CREDITS 0x04u	/* a credits field is 0 */
#define RDMANEG_SMBD_D_RECEIVE 0x08u	/* MaxReceiveSize below 128 */
#define RDMANEG_SMBD_D_FRAGMENTED 0x10u /* MaxFragmentedSize below 131072 */
#define RDMANEG_SMBD_D_PREFERRED 0x20u	/* response: PreferredSendSize above ours */
#define RDMANEG_SMBD_D_STATUS 0x40u	/* response: Status not 0 */
#define RDMANEG_SMBD_D_ZERO 0x80u	/* IRD/ORD header: IRD or ORD is 0 */

/* A server's own resources; each at least the protocol's minimum. */
struct rdmaneg_smbd_local {
	uint16_t credits_max;	      /* receives it posts: 1 or more */
	uint32_t preferred_send_size; /* 128 or more */
	uint32_t max_receive_size;    /* 128 or more */
	uint32_t max_fragmented_size; /* 131072 or more */
	uint32_t max_read_write_size;
};

/* Linux ksmbd 6.1's (smb_direct_receive_credit_max 255, send size 1364,
 * receive size 1364, fragmented 1 MiB, read/write 8 MiB): the defaults of
 * rdmaneg smbd judge. */
#define RDMANEG_SMBD_LOCAL_LINUX \
	{ \
		255, 1364, 1364, 1048576, 8388608 \
	}

/*
 * A conforming server's answer to one request buf[0..len-1]
 * ([ms-smbd#3.1.5.6]): action, the request's defects (the first rule it
 * breaks decides the action: length, then version, then the rest), the
 * request when at least 20 octets came, and the response it sends (all
 * zero when it terminates).
 */
struct rdmaneg_smbd_answer {
	uint8_t action; /* enum rdmaneg_smbd_action */
	unsigned defects;
	bool decoded;
	struct rdmaneg_smbd_req req;
	struct rdmaneg_smbd_resp resp;
};

/* ACSL contracts: see rpcrdma_pd.h and docs/proof.md. */

/*@ // the little-endian u16 and u32 at b + o
    logic integer rdmaneg_sle16(uint8_t *b, integer o) = b[o] + 256 * b[o + 1];
    logic integer rdmaneg_sle32(uint8_t *b, integer o) =
      b[o] + 256 * b[o + 1] + 65536 * b[o + 2] + 16777216 * b[o + 3];
    // the big-endian u32 at b + o
    logic integer rdmaneg_sbe32(uint8_t *b, integer o) =
      16777216 * b[o] + 65536 * b[o + 1] + 256 * b[o + 2] + b[o + 3];
*/

/*
 * Writes the 20-octet request r into out[0..19] ([ms-smbd#2.2.1-1]).
 * Returns RDMANEG_OK, RDMANEG_E_INVAL (a NULL pointer) or
 * RDMANEG_E_NOSPACE (cap below 20); nothing is written on an error.
 */
/*@ requires r == \null || \valid_read(r);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires r == \null || out == \null || \separated(r, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_SMBD_REQ_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    // the fields written last; with the 32-bit ones too, WP's goals
    // time out under CI's load (the round trip is the property
    // smbd_server's, docs/smbd.md)
    ensures room: \result == RDMANEG_OK ==> cap >= RDMANEG_SMBD_REQ_LEN;
    ensures min: \result == RDMANEG_OK ==> rdmaneg_sle16(out, 0) == r->min_version;
    ensures max: \result == RDMANEG_OK ==> rdmaneg_sle16(out, 2) == r->max_version;
    ensures credits: \result == RDMANEG_OK ==> rdmaneg_sle16(out, 6) == r->credits_requested;
*/
int rdmaneg_smbd_req_encode(const struct rdmaneg_smbd_req *r, uint8_t *out, size_t cap);

/*
 * Reads a request from buf[0..len-1]; octets past 19 are not read.
 * Returns RDMANEG_OK, RDMANEG_E_INVAL (r NULL, or buf NULL with len > 0)
 * or RDMANEG_E_SMBD_SHORT (len below 20: *r is all zero).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires r == \null || \valid(r);
    requires buf == \null || r == \null || \separated(r, buf + (0 .. len - 1));
    assigns *r;
    behavior inval:
      assumes r == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior short:
      assumes r != \null && !(buf == \null && len > 0) && len < RDMANEG_SMBD_REQ_LEN;
      ensures \result == RDMANEG_E_SMBD_SHORT;
      ensures r->min_version == 0 && r->max_version == 0 && r->credits_requested == 0 &&
        r->max_receive_size == 0 && r->max_fragmented_size == 0;
    behavior ok:
      assumes r != \null && buf != \null && len >= RDMANEG_SMBD_REQ_LEN;
      ensures \result == RDMANEG_OK;
      // [ms-smbd#2.2.1-1], one goal per group of fields
      ensures versions: r->min_version == rdmaneg_sle16(buf, 0) &&
        r->max_version == rdmaneg_sle16(buf, 2) && r->reserved == rdmaneg_sle16(buf, 4);
      ensures credits: r->credits_requested == rdmaneg_sle16(buf, 6);
      ensures sizes: r->preferred_send_size == rdmaneg_sle32(buf, 8) &&
        r->max_receive_size == rdmaneg_sle32(buf, 12) &&
        r->max_fragmented_size == rdmaneg_sle32(buf, 16);
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_smbd_req_decode(const uint8_t *buf, size_t len, struct rdmaneg_smbd_req *r);

/*
 * Writes the 32-octet response r into out[0..31] ([ms-smbd#2.2.2-1]).
 * Returns RDMANEG_OK, RDMANEG_E_INVAL or RDMANEG_E_NOSPACE (cap below
 * 32); nothing is written on an error.
 */
/*@ requires r == \null || \valid_read(r);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires r == \null || out == \null || \separated(r, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_SMBD_RESP_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures room: \result == RDMANEG_OK ==> cap >= RDMANEG_SMBD_RESP_LEN;
    ensures version: \result == RDMANEG_OK ==> rdmaneg_sle16(out, 4) == r->negotiated_version;
    ensures status: \result == RDMANEG_OK ==> rdmaneg_sle32(out, 12) == r->status;
*/
int rdmaneg_smbd_resp_encode(const struct rdmaneg_smbd_resp *r, uint8_t *out, size_t cap);

/*
 * Reads a response from buf[0..len-1]; octets past 31 are not read.
 * Returns RDMANEG_OK, RDMANEG_E_INVAL or RDMANEG_E_SMBD_SHORT (len below
 * 32: *r is all zero).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires r == \null || \valid(r);
    requires buf == \null || r == \null || \separated(r, buf + (0 .. len - 1));
    assigns *r;
    behavior inval:
      assumes r == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior short:
      assumes r != \null && !(buf == \null && len > 0) && len < RDMANEG_SMBD_RESP_LEN;
      ensures \result == RDMANEG_E_SMBD_SHORT;
      ensures r->negotiated_version == 0 && r->credits_granted == 0 && r->status == 0;
    behavior ok:
      assumes r != \null && buf != \null && len >= RDMANEG_SMBD_RESP_LEN;
      ensures \result == RDMANEG_OK;
      // [ms-smbd#2.2.2-1], one goal per group of fields
      ensures version: r->negotiated_version == rdmaneg_sle16(buf, 4);
      ensures credits: r->credits_requested == rdmaneg_sle16(buf, 8) &&
        r->credits_granted == rdmaneg_sle16(buf, 10);
      ensures status: r->status == rdmaneg_sle32(buf, 12);
      ensures sizes: r->preferred_send_size == rdmaneg_sle32(buf, 20) &&
        r->max_receive_size == rdmaneg_sle32(buf, 24) &&
        r->max_fragmented_size == rdmaneg_sle32(buf, 28);
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_smbd_resp_decode(const uint8_t *buf, size_t len, struct rdmaneg_smbd_resp *r);

/*
 * Judges the request buf[0..len-1] as a conforming server with the
 * resources loc would ([ms-smbd#3.1.5.6]) into *a; a->resp is the
 * response it then sends: on RESPOND every field the client checks
 * passes ([ms-smbd#3.1.5.7]), on NOT_SUPPORTED Status is
 * STATUS_NOT_SUPPORTED and the rest zero but the versions
 * ([ms-smbd#3.1.5.3-1]). Returns RDMANEG_OK, or RDMANEG_E_INVAL for a
 * NULL pointer, buf NULL with len > 0, or loc below the minimums.
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires loc == \null || \valid_read(loc);
    requires a == \null || \valid(a);
    requires a == \null || \separated(a, loc);
    requires buf == \null || a == \null || \separated(a, buf + (0 .. len - 1));
    assigns *a;
    behavior inval:
      assumes a == \null || loc == \null || (buf == \null && len > 0) ||
        loc->credits_max == 0 || loc->preferred_send_size < RDMANEG_SMBD_MIN_RECEIVE ||
        loc->max_receive_size < RDMANEG_SMBD_MIN_RECEIVE ||
        loc->max_fragmented_size < RDMANEG_SMBD_MIN_FRAGMENTED;
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior judge:
      assumes a != \null && loc != \null && !(buf == \null && len > 0) &&
        loc->credits_max > 0 && loc->preferred_send_size >= RDMANEG_SMBD_MIN_RECEIVE &&
        loc->max_receive_size >= RDMANEG_SMBD_MIN_RECEIVE &&
        loc->max_fragmented_size >= RDMANEG_SMBD_MIN_FRAGMENTED;
      ensures \result == RDMANEG_OK;
      ensures action: a->action <= RDMANEG_SMBD_TERMINATE;
      // [ms-smbd#3.1.5.6-1]
      ensures short: len < RDMANEG_SMBD_REQ_LEN <==>
        (!a->decoded && a->action == RDMANEG_SMBD_TERMINATE &&
         a->defects == RDMANEG_SMBD_D_SHORT);
      // (the version, terminate and respond rules are proved on its
      // helper, judge() in smbd.c: WP does not carry them through the
      // decode here within the timeout; docs/proof.md)
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_smbd_server_judge(const uint8_t *buf, size_t len, const struct rdmaneg_smbd_local *loc,
			      struct rdmaneg_smbd_answer *a);

/*
 * A client's check of the response buf[0..len-1] ([ms-smbd#3.1.5.7]):
 * *resp holds its fields (all zero when short) and *defects what breaks
 * the rules, with own_max_receive the client's Connection.MaxReceiveSize
 * (the PreferredSendSize bound). Any defect means: terminate. Returns
 * RDMANEG_OK or RDMANEG_E_INVAL (a NULL pointer, or buf NULL with len > 0).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires resp == \null || \valid(resp);
    requires defects == \null || \valid(defects);
    requires resp == \null || defects == \null || \separated(resp, defects);
    requires buf == \null || resp == \null || \separated(resp, buf + (0 .. len - 1));
    requires buf == \null || defects == \null || \separated(defects, buf + (0 .. len - 1));
    assigns *resp, *defects;
    behavior inval:
      assumes resp == \null || defects == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior check:
      assumes resp != \null && defects != \null && !(buf == \null && len > 0);
      ensures \result == RDMANEG_OK;
      // [ms-smbd#3.1.5.7-1]
      ensures short: len < RDMANEG_SMBD_RESP_LEN <==> *defects == RDMANEG_SMBD_D_SHORT;
      ensures bits: *defects <= 0x7F;
*/
int rdmaneg_smbd_client_check(const uint8_t *buf, size_t len, uint32_t own_max_receive,
			      struct rdmaneg_smbd_resp *resp, unsigned *defects);

/*
 * Writes the IRD/ORD header ([ms-smbd#6.1-1]), big-endian, into
 * out[0..7]. Returns RDMANEG_OK, RDMANEG_E_INVAL (out NULL, or ird or
 * ord 0: [ms-smbd#6.1-2]) or RDMANEG_E_NOSPACE (cap below 8).
 */
/*@ requires out == \null || \valid(out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_SMBD_IRDORD_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures fields: \result == RDMANEG_OK ==> cap >= RDMANEG_SMBD_IRDORD_LEN &&
      ird > 0 && ord > 0 && rdmaneg_sbe32(out, 0) == ird && rdmaneg_sbe32(out, 4) == ord;
*/
int rdmaneg_smbd_irdord_encode(uint32_t ird, uint32_t ord, uint8_t *out, size_t cap);

/*
 * Reads the IRD/ORD header at the start of the private data
 * buf[0..len-1] ([ms-smbd#6.1-1]) into *ird and *ord (0 when short), its
 * defects into *defects: D_SHORT (below 8 octets), D_ZERO (IRD or ORD 0,
 * [ms-smbd#6.1-2]). Returns RDMANEG_OK or RDMANEG_E_INVAL.
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires ird == \null || \valid(ird);
    requires ord == \null || \valid(ord);
    requires defects == \null || \valid(defects);
    requires ird == \null || ord == \null || \separated(ird, ord);
    requires ird == \null || defects == \null || \separated(ird, defects);
    requires ord == \null || defects == \null || \separated(ord, defects);
    requires buf == \null || ird == \null || \separated(ird, buf + (0 .. len - 1));
    requires buf == \null || ord == \null || \separated(ord, buf + (0 .. len - 1));
    requires buf == \null || defects == \null || \separated(defects, buf + (0 .. len - 1));
    assigns *ird, *ord, *defects;
    behavior inval:
      assumes ird == \null || ord == \null || defects == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior read:
      assumes ird != \null && ord != \null && defects != \null && !(buf == \null && len > 0);
      ensures \result == RDMANEG_OK;
      ensures short: len < RDMANEG_SMBD_IRDORD_LEN <==> *defects == RDMANEG_SMBD_D_SHORT;
      ensures fields: len >= RDMANEG_SMBD_IRDORD_LEN ==>
        *ird == rdmaneg_sbe32(buf, 0) && *ord == rdmaneg_sbe32(buf, 4);
      // [ms-smbd#6.1-2]
      ensures zero: len >= RDMANEG_SMBD_IRDORD_LEN ==>
        (*defects == RDMANEG_SMBD_D_ZERO <==> (*ird == 0 || *ord == 0));
*/
int rdmaneg_smbd_irdord_decode(const uint8_t *buf, size_t len, uint32_t *ird, uint32_t *ord,
			       unsigned *defects);

#endif
