/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rdmaneg: iSER's CM private data: the initiator's iSER CM REQ header and
 * the target's iSER CM REP header ([iser-a12#req-1], [iser-a12#rep-1]).
 * RFC 7145 defers the layout to the InfiniBand iSER annex (A12), which is
 * not public here; the layout and rules are those that Linux
 * (include/scsi/iser.h, ib_iser, ib_isert) and OpenSolaris implement
 * alike: 4 octets, a flags octet and 3 reserved ones. docs/iser.md lists
 * each rule and Linux's reading.
 */
#ifndef RDMANEG_ISER_PD_H
#define RDMANEG_ISER_PD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_ISER_HDR_LEN 4u	  /* [iser-a12#req-1] [iser-a12#rep-1] */
#define RDMANEG_ISER_F_ZBVA 0x80u /* REQ: zero-based VAs not supported; REP: not used */
#define RDMANEG_ISER_F_SI 0x40u	  /* REQ: Send with Invalidate not supported; REP: not used */
#define RDMANEG_ISER_F_RSVD 0x3Fu /* the flags octet's reserved bits */

/* One iSER CM header, REQ or REP: the two flags, and where reserved bits
 * are set (reserved: the flags octet's low 6 bits; reserved_at: the first
 * non-zero octet of 1..3, or 0). */
struct rdmaneg_iser_hdr {
	bool zbva_off; /* Z: REQ "not supported", REP "not used" */
	bool si_off;   /* I: REQ "not supported", REP "not used" */
	uint8_t reserved;
	size_t reserved_at;
};

/* Defects a receiver finds (bits). */
#define RDMANEG_ISER_D_SHORT 0x01u /* under 4 octets (none at all included) */
#define RDMANEG_ISER_D_RSVD 0x02u  /* reserved bits or octets set */
#define RDMANEG_ISER_D_SI 0x04u	   /* REP: Send with Invalidate used, the REQ refused it */
#define RDMANEG_ISER_D_ZBVA 0x08u  /* REP: zero-based VAs used, the REQ refused them */

/*
 * Writes h into out[0..3] ([iser-a12#req-1]): the flags, reserved bits
 * and octets zero (h->reserved and h->reserved_at are not read). Returns
 * RDMANEG_OK, RDMANEG_E_INVAL (a NULL pointer) or RDMANEG_E_NOSPACE (cap
 * below 4); nothing is written on an error.
 */
/*@ requires h == \null || \valid_read(h);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires h == \null || out == \null || \separated(h, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_ISER_HDR_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures fields: \result == RDMANEG_OK ==> cap >= RDMANEG_ISER_HDR_LEN &&
      out[0] == (h->zbva_off ? RDMANEG_ISER_F_ZBVA : 0) + (h->si_off ? RDMANEG_ISER_F_SI : 0) &&
      out[1] == 0 && out[2] == 0 && out[3] == 0;
*/
int rdmaneg_iser_encode(const struct rdmaneg_iser_hdr *h, uint8_t *out, size_t cap);

/*
 * Reads a header from buf[0..len-1] (octets past 3 are not read) into *h
 * and its defects into *defects: D_SHORT (under 4 octets: *h is all zero,
 * the flags not read even when octet 0 is there) or D_RSVD. Returns
 * RDMANEG_OK or RDMANEG_E_INVAL (a NULL pointer, or buf NULL with len > 0).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires h == \null || \valid(h);
    requires defects == \null || \valid(defects);
    requires h == \null || defects == \null || \separated(h, defects);
    requires buf == \null || h == \null || \separated(h, buf + (0 .. len - 1));
    requires buf == \null || defects == \null || \separated(defects, buf + (0 .. len - 1));
    assigns *h, *defects;
    behavior inval:
      assumes h == \null || defects == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior short:
      assumes h != \null && defects != \null && !(buf == \null && len > 0) &&
        len < RDMANEG_ISER_HDR_LEN;
      ensures \result == RDMANEG_OK && *defects == RDMANEG_ISER_D_SHORT;
      ensures !h->zbva_off && !h->si_off && h->reserved == 0 && h->reserved_at == 0;
    behavior ok:
      assumes h != \null && defects != \null && buf != \null && len >= RDMANEG_ISER_HDR_LEN;
      ensures \result == RDMANEG_OK;
      // [iser-a12#req-1]
      ensures flags: (h->zbva_off <==> buf[0] >= 128) &&
        h->reserved == buf[0] % 64 && (h->si_off <==> buf[0] % 128 >= 64);
      ensures rsvd: (*defects == RDMANEG_ISER_D_RSVD) <==>
        (buf[0] % 64 != 0 || buf[1] != 0 || buf[2] != 0 || buf[3] != 0);
      ensures clean: *defects == 0 || *defects == RDMANEG_ISER_D_RSVD;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_iser_decode(const uint8_t *buf, size_t len, struct rdmaneg_iser_hdr *h,
			unsigned *defects);

/*
 * A target's answer to the REQ req[0..len-1] ([iser-a12#rep-1]): the REP
 * header it sends into *rep, and into *send_inv whether it may answer
 * with Send with Invalidate: only when the REQ was read and did not set I
 * ([iser-a12#req-2]) and the target can (si_capable). Zero-based VAs: the
 * REP says "not used" unless the REQ allowed them and the target uses
 * them (zbva_capable). No REQ header (under 4 octets) allows neither.
 * Returns RDMANEG_OK or RDMANEG_E_INVAL.
 */
/*@ requires req == \null || \valid_read(req + (0 .. len - 1));
    requires rep == \null || \valid(rep);
    requires send_inv == \null || \valid(send_inv);
    requires rep == \null || send_inv == \null || \separated(rep, send_inv);
    requires req == \null || rep == \null || \separated(rep, req + (0 .. len - 1));
    requires req == \null || send_inv == \null || \separated(send_inv, req + (0 .. len - 1));
    assigns *rep, *send_inv;
    behavior inval:
      assumes rep == \null || send_inv == \null || (req == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior answer:
      assumes rep != \null && send_inv != \null && !(req == \null && len > 0);
      ensures \result == RDMANEG_OK;
      // [iser-a12#req-2]
      ensures si: *send_inv == 1 <==> (si_capable && len >= RDMANEG_ISER_HDR_LEN &&
        req[0] % 128 < 64);
      ensures rep_si: rep->si_off <==> *send_inv == 0;
      ensures rep_zbva: !rep->zbva_off ==> (zbva_capable && len >= RDMANEG_ISER_HDR_LEN &&
        req[0] < 128);
      ensures rep_clean: rep->reserved == 0 && rep->reserved_at == 0;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_iser_target_reply(const uint8_t *req, size_t len, bool si_capable, bool zbva_capable,
			      struct rdmaneg_iser_hdr *rep, bool *send_inv);

/*
 * An initiator's check of the REP rep[0..len-1] that answered its REQ
 * header sent ([iser-a12#rep-1]): *h holds the REP (all zero when
 * short), *defects D_SHORT, D_RSVD, D_SI (the REP claims Send with
 * Invalidate though the REQ refused it) and D_ZBVA (likewise zero-based
 * VAs). Returns RDMANEG_OK or RDMANEG_E_INVAL.
 */
/*@ requires rep == \null || \valid_read(rep + (0 .. len - 1));
    requires sent == \null || \valid_read(sent);
    requires h == \null || \valid(h);
    requires defects == \null || \valid(defects);
    requires h == \null || defects == \null || \separated(h, defects);
    requires h == \null || sent == \null || \separated(h, sent);
    requires defects == \null || sent == \null || \separated(defects, sent);
    requires rep == \null || h == \null || \separated(h, rep + (0 .. len - 1));
    requires rep == \null || defects == \null || \separated(defects, rep + (0 .. len - 1));
    assigns *h, *defects;
    behavior inval:
      assumes sent == \null || h == \null || defects == \null || (rep == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior check:
      assumes sent != \null && h != \null && defects != \null && !(rep == \null && len > 0);
      ensures \result == RDMANEG_OK;
      ensures short: len < RDMANEG_ISER_HDR_LEN <==> *defects == RDMANEG_ISER_D_SHORT;
      ensures bits: *defects <= 15;
*/
int rdmaneg_iser_initiator_check(const uint8_t *rep, size_t len,
				 const struct rdmaneg_iser_hdr *sent, struct rdmaneg_iser_hdr *h,
				 unsigned *defects);

#endif
