/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: RFC 5044 / RFC 6581 MPA Request/Reply frames and the enhanced word. */
#ifndef RDMANEG_MPA_H
#define RDMANEG_MPA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_MPA_KEY_LEN 16u
#define RDMANEG_MPA_HDR_LEN 20u		 /* key + flags + Rev + PD_Length */
#define RDMANEG_MPA_PD_MAX 512u		 /* [rfc5044#7.1] */
#define RDMANEG_MPA_ENH_LEN 4u		 /* [rfc6581#9] */
#define RDMANEG_MPA_NO_NEGOTIATE 0x3FFFu /* [rfc6581#9.1]: all ones */
#define RDMANEG_MPA_REV_MAX 2u

/* Octet 16 of the header ([rfc6581#6]). */
#define RDMANEG_MPA_F_M 0x80u
#define RDMANEG_MPA_F_C 0x40u
#define RDMANEG_MPA_F_R 0x20u
#define RDMANEG_MPA_F_S 0x10u
#define RDMANEG_MPA_F_RES 0x0Fu

enum rdmaneg_mpa_type { RDMANEG_MPA_REQUEST = 0, RDMANEG_MPA_REPLY = 1 };

struct rdmaneg_mpa_frame {
	enum rdmaneg_mpa_type type;
	bool marker;   /* M */
	bool crc;      /* C */
	bool reject;   /* R: reject in a Reply, unchecked in a Request */
	bool enhanced; /* S: private data begins with the enhanced word */
	uint8_t res;   /* 4 Res bits: kept, never checked ([rfc5044#7.1]) */
	uint8_t rev;
	uint16_t pd_length;
	const uint8_t *pd; /* into the parsed buffer; NULL if pd_length is 0 */
	size_t frame_len;  /* 20 + pd_length */
};

/* [rfc6581#9]: A B IRD / C D ORD, 14-bit values in network order. */
struct rdmaneg_mpa_enh {
	bool a; /* peer-to-peer model */
	bool b; /* zero-length Send RTR */
	bool c; /* zero-length RDMA Write RTR */
	bool d; /* zero-length RDMA Read RTR */
	uint16_t ird;
	uint16_t ord;
};

/* ACSL contracts: see rpcrdma_pd.h and docs/proof.md. */

/*
 * Parses the MPA Request or Reply at buf[0..len-1] ([rfc5044#7.1],
 * [rfc6581#6]) into f; octets after f->frame_len are not examined and
 * f->pd points into buf. On an error *f is all zero. Returns RDMANEG_OK,
 * RDMANEG_E_INVAL (f NULL, or buf NULL with len > 0), or the rule the
 * frame breaks: RDMANEG_E_MPA_SHORT, _KEY, _REV0, _REV_UNKNOWN,
 * _PD_TOO_LONG, _PD_TRUNC, _S_REV or _S_SHORT.
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires f == \null || \valid(f);
    requires buf == \null || f == \null || \separated(f, buf + (0 .. len - 1));
    assigns *f;
    behavior inval:
      assumes f == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior parse:
      assumes f != \null && !(buf == \null && len > 0);
      ensures status: \result == RDMANEG_OK || \result == RDMANEG_E_MPA_SHORT ||
        \result == RDMANEG_E_MPA_KEY || \result == RDMANEG_E_MPA_REV0 ||
        \result == RDMANEG_E_MPA_REV_UNKNOWN || \result == RDMANEG_E_MPA_PD_TOO_LONG ||
        \result == RDMANEG_E_MPA_PD_TRUNC || \result == RDMANEG_E_MPA_S_REV ||
        \result == RDMANEG_E_MPA_S_SHORT;
      // [rfc5044#7.1.2-20]
      ensures zero_on_error: \result != RDMANEG_OK ==>
        f->type == RDMANEG_MPA_REQUEST && !f->marker && !f->crc && !f->reject &&
        !f->enhanced && f->res == 0 && f->rev == 0 && f->pd_length == 0 &&
        f->pd == \null && f->frame_len == 0;
      // [rfc6581#6-12]
      ensures fits: // [rfc5044#7.1]
        // [rfc5044#7.1.1-26] [rfc5044#7.1.2-18]
        \result == RDMANEG_OK ==> f->pd_length <= RDMANEG_MPA_PD_MAX &&
        RDMANEG_MPA_HDR_LEN + f->pd_length <= len &&
        f->frame_len == RDMANEG_MPA_HDR_LEN + f->pd_length;
      // [rfc6581#6-8] [rfc5044#7.1.1-21]
      ensures rev: \result == RDMANEG_OK ==> 1 <= f->rev <= RDMANEG_MPA_REV_MAX;
      // [rfc6581#6-1]
      ensures header: \result == RDMANEG_OK ==>
        // [rfc5044#7.1.1-1] [rfc5044#7.1.1-19] [rfc5044#7.1.1-23]
        f->rev == buf[17] && f->pd_length == buf[18] * 256 + buf[19];
      // [rfc6581#6-5] [rfc6581#6-6] [rfc5044#7.1.1-17]
      ensures flags: \result == RDMANEG_OK ==> f->res == (buf[16] & RDMANEG_MPA_F_RES) &&
        (f->enhanced <==> (buf[16] & RDMANEG_MPA_F_S) != 0);
      ensures pd: \result == RDMANEG_OK ==>
        (f->pd_length > 0 ==> f->pd == buf + RDMANEG_MPA_HDR_LEN) &&
        (f->pd_length == 0 ==> f->pd == \null);
      ensures enhanced: // [rfc6581#6], 9
        \result == RDMANEG_OK && f->enhanced ==>
        f->rev >= 2 && f->pd_length >= RDMANEG_MPA_ENH_LEN;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_mpa_parse(const uint8_t *buf, size_t len, struct rdmaneg_mpa_frame *f);

/*
 * Builds the frame f describes into out (cap octets of room) and sets
 * *written to its length; accepts exactly what rdmaneg_mpa_parse accepts.
 * f->pd may point anywhere, out + 20 included. Returns RDMANEG_OK,
 * RDMANEG_E_INVAL (a NULL pointer, an unknown type, Res above 4 bits),
 * the header rule f breaks (RDMANEG_E_MPA_REV0, _REV_UNKNOWN,
 * _PD_TOO_LONG, _S_REV, _S_SHORT) or RDMANEG_E_NOSPACE.
 */
/*@ requires f == \null || \valid_read(f);
    requires f == \null || f->pd_length == 0 || f->pd == \null ||
      \valid_read(f->pd + (0 .. f->pd_length - 1));
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires written == \null || \valid(written);
    requires f == \null || out == \null || \separated(f, out + (0 .. cap - 1));
    requires written == \null || out == \null ||
      \separated(written, out + (0 .. cap - 1));
    requires written == \null || f == \null || \separated(written, f);
    requires written == \null || f == \null || f->pd_length == 0 || f->pd == \null ||
      \separated(written, f->pd + (0 .. f->pd_length - 1));
    assigns out[0 .. cap - 1], *written;
    ensures \result == RDMANEG_OK ==> f->pd_length <= RDMANEG_MPA_PD_MAX &&
      *written == RDMANEG_MPA_HDR_LEN + f->pd_length && *written <= cap;
    ensures \result == RDMANEG_OK ==> out[17] == f->rev &&
      // [rfc5044#7.1.1-24]
      out[18] * 256 + out[19] == f->pd_length;
    ensures copied: \result == RDMANEG_OK ==> \forall integer k;
      0 <= k < f->pd_length ==> out[RDMANEG_MPA_HDR_LEN + k] == \old(f->pd[k]);
*/
int rdmaneg_mpa_build(const struct rdmaneg_mpa_frame *f, uint8_t *out, size_t cap, size_t *written);

/* Reads the enhanced word ([rfc6581#9]) at p[0..len-1] into e; the
 * A/B/C/D flags are reported raw (see mpa_negotiate.h). Returns
 * RDMANEG_OK, RDMANEG_E_INVAL (a NULL pointer) or RDMANEG_E_MPA_S_SHORT
 * (len below 4). */
/*@ requires p == \null || \valid_read(p + (0 .. len - 1));
    requires e == \null || \valid(e);
    requires p == \null || e == \null || \separated(e, p + (0 .. len - 1));
    assigns *e;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_S_SHORT;
    // [rfc6581#9-3] [rfc6581#9-4]
    ensures \result == RDMANEG_OK ==> len >= RDMANEG_MPA_ENH_LEN &&
      e->ird <= RDMANEG_MPA_NO_NEGOTIATE && e->ord <= RDMANEG_MPA_NO_NEGOTIATE &&
      e->ird == p[0] % 64 * 256 + p[1] && e->ord == p[2] % 64 * 256 + p[3] &&
      (e->a <==> (p[0] & 0x80) != 0) && (e->b <==> (p[0] & 0x40) != 0) &&
      (e->c <==> (p[2] & 0x80) != 0) && (e->d <==> (p[2] & 0x40) != 0);
*/
int rdmaneg_mpa_enh_decode(const uint8_t *p, size_t len, struct rdmaneg_mpa_enh *e);

/* Writes the enhanced word e into out[0..3] (cap octets of room).
 * Returns RDMANEG_OK, RDMANEG_E_INVAL, RDMANEG_E_NOSPACE, RDMANEG_E_MPA_RANGE
 * (IRD or ORD above 0x3FFF) or RDMANEG_E_MPA_FLAGS (A=0 with B, C or D). */
/*@ requires e == \null || \valid_read(e);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires e == \null || out == \null || \separated(e, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_MPA_ENH_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE || \result == RDMANEG_E_MPA_RANGE ||
      \result == RDMANEG_E_MPA_FLAGS;
    // [rfc6581#9-1]
    ensures \result == RDMANEG_OK ==> cap >= RDMANEG_MPA_ENH_LEN &&
      out[0] == (e->a ? 128 : 0) + (e->b ? 64 : 0) + e->ird / 256 &&
      out[1] == e->ird % 256 &&
      out[2] == (e->c ? 128 : 0) + (e->d ? 64 : 0) + e->ord / 256 &&
      out[3] == e->ord % 256;
*/
int rdmaneg_mpa_enh_encode(const struct rdmaneg_mpa_enh *e, uint8_t *out, size_t cap);

/* The ULP's private data of the parsed frame f: *ulp and *ulp_len, past
 * the enhanced word when S=1 (*ulp NULL when there is none). Returns
 * RDMANEG_OK, RDMANEG_E_INVAL, or RDMANEG_E_MPA_S_SHORT (S=1 with fewer
 * than 4 octets). */
/*@ requires f == \null || \valid_read(f);
    requires ulp == \null || \valid(ulp);
    requires ulp_len == \null || \valid(ulp_len);
    requires ulp == \null || ulp_len == \null || \separated(ulp, ulp_len);
    requires f == \null || ulp == \null || \separated(f, ulp);
    requires f == \null || ulp_len == \null || \separated(f, ulp_len);
    assigns *ulp, *ulp_len;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_S_SHORT;
    ensures \result == RDMANEG_OK ==> *ulp_len <= f->pd_length &&
      (*ulp_len > 0 ==> *ulp == f->pd + (f->pd_length - *ulp_len)) &&
      (*ulp_len == 0 ==> *ulp == \null);
*/
int rdmaneg_mpa_ulp_pd(const struct rdmaneg_mpa_frame *f, const uint8_t **ulp, size_t *ulp_len);

/* The enhanced word of the parsed S=1 frame f, into e. Returns RDMANEG_OK,
 * RDMANEG_E_INVAL (a NULL pointer or a frame without S) or
 * RDMANEG_E_MPA_S_SHORT. */
/*@ requires f == \null || \valid_read(f);
    requires f == \null || f->pd == \null ||
      \valid_read(f->pd + (0 .. f->pd_length - 1));
    requires e == \null || \valid(e);
    requires f == \null || e == \null || \separated(e, f);
    requires f == \null || e == \null || f->pd == \null ||
      \separated(e, f->pd + (0 .. f->pd_length - 1));
    assigns *e;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_MPA_S_SHORT;
    ensures \result == RDMANEG_OK ==> f->enhanced &&
      e->ird <= RDMANEG_MPA_NO_NEGOTIATE && e->ord <= RDMANEG_MPA_NO_NEGOTIATE;
*/
int rdmaneg_mpa_frame_enh(const struct rdmaneg_mpa_frame *f, struct rdmaneg_mpa_enh *e);

#endif
