// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/iser_pd.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

int rdmaneg_iser_encode(const struct rdmaneg_iser_hdr *h, uint8_t *out, size_t cap)
{
	if (!h || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_ISER_HDR_LEN)
		return RDMANEG_E_NOSPACE;
	/* [iser-a12#req-1]: Z and I, the rest zero */
	out[0] = (uint8_t)((h->zbva_off ? RDMANEG_ISER_F_ZBVA : 0u) +
			   (h->si_off ? RDMANEG_ISER_F_SI : 0u));
#if RDMANEG_PLANTED(iser_encode_reserved)
	out[0] = (uint8_t)(out[0] | h->reserved % 64u);
#endif
	out[1] = 0;
	out[2] = 0;
	out[3] = 0;
	return RDMANEG_OK;
}

/*@ requires \valid(h);
    assigns *h;
    ensures !h->zbva_off && !h->si_off && h->reserved == 0 && h->reserved_at == 0;
*/
static void hdr_clear(struct rdmaneg_iser_hdr *h)
{
	h->zbva_off = false;
	h->si_off = false;
	h->reserved = 0;
	h->reserved_at = 0;
}

int rdmaneg_iser_decode(const uint8_t *buf, size_t len, struct rdmaneg_iser_hdr *h,
			unsigned *defects)
{
	if (!h || !defects || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	hdr_clear(h);
	/* [iser-a12#req-1]: the header is 4 octets */
#if RDMANEG_PLANTED(iser_one_octet)
	if (len < 1u || !buf) {
#else
	if (len < RDMANEG_ISER_HDR_LEN || !buf) {
#endif
		*defects = RDMANEG_ISER_D_SHORT;
		return RDMANEG_OK;
	}
	h->zbva_off = buf[0] >= 128u;
	h->si_off = buf[0] % 128u >= 64u;
	h->reserved = (uint8_t)(buf[0] % 64u);
#if RDMANEG_PLANTED(iser_one_octet)
	h->reserved_at = len < RDMANEG_ISER_HDR_LEN ? 0u
			 : buf[1]		    ? 1u
			 : buf[2]		    ? 2u
			 : buf[3]		    ? 3u
						    : 0u;
#else
	h->reserved_at = buf[1] != 0u ? 1u : buf[2] != 0u ? 2u : buf[3] != 0u ? 3u : 0u;
#endif
	*defects = h->reserved != 0u || h->reserved_at != 0u ? RDMANEG_ISER_D_RSVD : 0u;
	return RDMANEG_OK;
}

int rdmaneg_iser_target_reply(const uint8_t *req, size_t len, bool si_capable, bool zbva_capable,
			      struct rdmaneg_iser_hdr *rep, bool *send_inv)
{
	bool have;
	bool si_ok;
	bool zbva_ok;

	if (!rep || !send_inv || (!req && len > 0))
		return RDMANEG_E_INVAL;
	/* no REQ header: neither option was offered */
	have = len >= RDMANEG_ISER_HDR_LEN && req;
	/* [iser-a12#req-2]: I set, no Send with Invalidate */
#if RDMANEG_PLANTED(iser_si_ignored)
	si_ok = have;
#else
	si_ok = have && req[0] % 128u < 64u;
#endif
	/* [iser-a12#req-3]: Z set, no zero-based VAs */
	zbva_ok = have && req[0] < 128u;
	hdr_clear(rep);
	*send_inv = si_capable && si_ok;
	/* [iser-a12#rep-1]: "not used" unless used */
	rep->si_off = !*send_inv;
	rep->zbva_off = !(zbva_capable && zbva_ok);
	return RDMANEG_OK;
}

int rdmaneg_iser_initiator_check(const uint8_t *rep, size_t len,
				 const struct rdmaneg_iser_hdr *sent, struct rdmaneg_iser_hdr *h,
				 unsigned *defects)
{
	unsigned d;

	if (!sent || !h || !defects || (!rep && len > 0))
		return RDMANEG_E_INVAL;
	(void)rdmaneg_iser_decode(rep, len, h, &d);
	if (d == RDMANEG_ISER_D_SHORT) {
		*defects = d;
		return RDMANEG_OK;
	}
	/* [iser-a12#req-2]: a REP may not use what the REQ refused */
	if (sent->si_off && !h->si_off)
		d += RDMANEG_ISER_D_SI;
		/* [iser-a12#req-3] */
#if !RDMANEG_PLANTED(iser_zbva_unchecked)
	if (sent->zbva_off && !h->zbva_off)
		d += RDMANEG_ISER_D_ZBVA;
#endif
	*defects = d;
	return RDMANEG_OK;
}
