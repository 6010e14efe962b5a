/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * mpa_ref: the oracle's own reading of MPA frames and of what a conforming
 * initiator owes a Reply, written from the RFCs and never calling the core
 * (src/). The hostile peer (peer/expect.c) derives its expectations from
 * these, so a bug in the core under test cannot move its verdicts
 * (docs/compliance.md). Only the core's data types and constants are
 * shared.
 */
#ifndef RDMANEG_MPA_REF_H
#define RDMANEG_MPA_REF_H

#include <rdmaneg/rdmaneg.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The status rdmaneg_mpa_parse owes for buf, checked in the order the
 * API documents (mpa.h). */
int rdmaneg_ref_mpa_status(const uint8_t *buf, size_t len);

/* [rfc5044#7.1.1], [rfc6581#6]: buf[0..len-1] read as a Request or Reply
 * frame. The status is rdmaneg_ref_mpa_status's; on RDMANEG_OK, *f holds
 * every field (pd into buf), else *f is zeroed. */
int rdmaneg_ref_mpa_read(const uint8_t *buf, size_t len, struct rdmaneg_mpa_frame *f);

/* [rfc6581#9]: the enhanced word of frame f (S set, at least 4 octets of
 * private data) into *e; false when f has none. */
bool rdmaneg_ref_mpa_word(const struct rdmaneg_mpa_frame *f, struct rdmaneg_mpa_enh *e);

/* [rfc6581#9.2]: the RTR types B, C and D name, as RDMANEG_RTR_* bits. */
uint8_t rdmaneg_ref_mpa_rtr(const struct rdmaneg_mpa_enh *e);

/* The ULP's part of f's private data: after the enhanced word when S is
 * set ([rfc6581#6-13]), else all of it. */
void rdmaneg_ref_mpa_ulp(const struct rdmaneg_mpa_frame *f, const uint8_t **ulp, size_t *len);

/*
 * What an initiator that advertised req (and holds what it advertised,
 * ini) owes an accepting Reply's word rep ([rfc6581#9.1], [rfc6581#9.2]):
 *   - A differs from the Request's: TERM 7 ([rfc6581#9.2-10]);
 *   - the responder ORD (not 0x3FFF) needs an IRD past ini->ird_max:
 *     TERM 6 ([rfc6581#9.1-8]);
 *   - peer-to-peer with no RTR type both offer (no Read RTR when the
 *     responder IRD is 0): TERM 7 ([rfc6581#9.2-10]);
 *   - else accept ([rfc6581#9.1-7], [rfc6581#9.2-9] when A is set).
 * *term is 0 when it accepts, else the TERM's code; *rtr the RTR types it
 * may then send (RDMANEG_RTR_* bits; 0 without A), unless rtr is NULL.
 */
void rdmaneg_ref_mpa_initiator(const struct rdmaneg_mpa_local *ini,
			       const struct rdmaneg_mpa_enh *req, const struct rdmaneg_mpa_enh *rep,
			       bool *accept, uint8_t *term, uint8_t *rtr);

#endif
