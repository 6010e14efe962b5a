// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/iser_rules.h"

/* [iser-a12#req-1]: reserved bits 5..0 and octets 1..3 */
static bool reserved_set(const uint8_t *buf)
{
	return (buf[0] & 0x3F) != 0 || buf[1] != 0 || buf[2] != 0 || buf[3] != 0;
}

int rdmaneg_rule_iser_target(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_iser_hdr h, rep;
	unsigned d;
	bool inv;

	RDMANEG_CHECK(o, rdmaneg_iser_decode(buf, len, &h, &d) == RDMANEG_OK,
		      "iser decode: an error for %zu octets", len);
	if (len < 4) {
		RDMANEG_CHECK(o, d == RDMANEG_ISER_D_SHORT && !h.si_off && !h.zbva_off,
			      "[iser-a12#req-1]: a header read from %zu octets", len);
	} else {
		/* [iser-a12#req-1] */
		RDMANEG_CHECK(o,
			      h.zbva_off == ((buf[0] & 0x80) != 0) &&
				      h.si_off == ((buf[0] & 0x40) != 0) &&
				      (d == RDMANEG_ISER_D_RSVD) == reserved_set(buf) &&
				      (d & ~RDMANEG_ISER_D_RSVD) == 0,
			      "[iser-a12#req-1]: flags %02x read as Z%d I%d defects 0x%x", buf[0],
			      h.zbva_off, h.si_off, d);
	}
	for (int k = 0; k < 4; k++) {
		bool si_cap = k & 1, zbva_cap = k & 2;

		RDMANEG_CHECK(o,
			      rdmaneg_iser_target_reply(buf, len, si_cap, zbva_cap, &rep, &inv) ==
				      RDMANEG_OK,
			      "iser target reply: an error for %zu octets", len);
		/* [iser-a12#req-2] */
		RDMANEG_CHECK(
			o, inv == (si_cap && rdmaneg_ref_iser_may_invalidate(buf, len)),
			"[iser-a12#req-2]: Send with Invalidate %d after %zu octets (capable %d)",
			inv, len, si_cap);
		/* [iser-a12#rep-1]: the REP says what is used */
		RDMANEG_CHECK(o, rep.si_off == !inv && rep.reserved == 0 && rep.reserved_at == 0,
			      "[iser-a12#rep-1]: the REP's I is %d for Send with Invalidate %d",
			      rep.si_off, inv);
		/* [iser-a12#req-3] */
		RDMANEG_CHECK(o, rep.zbva_off || (zbva_cap && len >= 4 && (buf[0] & 0x80) == 0),
			      "[iser-a12#req-3]: zero-based VAs used after %zu octets", len);
	}
	return 0;
}

int rdmaneg_rule_iser_initiator(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_iser_hdr sent, h;
	unsigned d, ref;

	for (int k = 0; k < 4; k++) {
		sent.si_off = k & 1;
		sent.zbva_off = (k & 2) != 0;
		sent.reserved = 0;
		sent.reserved_at = 0;
		RDMANEG_CHECK(o,
			      rdmaneg_iser_initiator_check(buf, len, &sent, &h, &d) == RDMANEG_OK,
			      "iser initiator check: an error for %zu octets", len);
		if (len < 4) {
			ref = RDMANEG_ISER_D_SHORT;
		} else {
			ref = reserved_set(buf) ? RDMANEG_ISER_D_RSVD : 0u;
			/* [iser-a12#req-2] [iser-a12#req-3]: a REP that uses what
			 * the REQ refused */
			ref |= sent.si_off && (buf[0] & 0x40) == 0 ? RDMANEG_ISER_D_SI : 0u;
			ref |= sent.zbva_off && (buf[0] & 0x80) == 0 ? RDMANEG_ISER_D_ZBVA : 0u;
		}
		RDMANEG_CHECK(
			o, d == ref,
			"[iser-a12#rep-1]: REP defects 0x%x, the reference says 0x%x (REQ Z%d "
			"I%d, %zu octets)",
			d, ref, sent.zbva_off, sent.si_off, len);
	}
	return 0;
}
