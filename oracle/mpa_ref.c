// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* mpa_ref: the oracle's reading of MPA frames (see mpa_ref.h) */
#include "oracle/mpa_ref.h"

#include "oracle/ref.h"

#include <string.h>

#define NO_NEG 0x3FFFu /* [rfc6581#9.1-11]: "don't negotiate" */

NO_COVERAGE int rdmaneg_ref_mpa_status(const uint8_t *buf, size_t len)
{
	size_t pdl;
	bool s;

	if (len < 20)
		return RDMANEG_E_MPA_SHORT;
	/* [rfc5044#7.1.1-3] */
	if (memcmp(buf, "MPA ID Req Frame", 16) != 0 && memcmp(buf, "MPA ID Rep Frame", 16) != 0)
		return RDMANEG_E_MPA_KEY;
	pdl = (size_t)buf[18] << 8 | buf[19];
	s = (buf[16] & 0x10) != 0;
	if (buf[17] == 0)
		return RDMANEG_E_MPA_REV0;
	if (buf[17] > 2)
		return RDMANEG_E_MPA_REV_UNKNOWN;
	if (pdl > 512)
		return RDMANEG_E_MPA_PD_TOO_LONG;
	if (s && buf[17] < 2)
		return RDMANEG_E_MPA_S_REV;
	if (s && pdl < 4)
		return RDMANEG_E_MPA_S_SHORT;
	if (len - 20 < pdl)
		return RDMANEG_E_MPA_PD_TRUNC;
	return RDMANEG_OK;
}

int rdmaneg_ref_mpa_read(const uint8_t *buf, size_t len, struct rdmaneg_mpa_frame *f)
{
	int st = rdmaneg_ref_mpa_status(buf, len);

	memset(f, 0, sizeof(*f));
	if (st != RDMANEG_OK)
		return st;
	/* [rfc5044#7.1.1-1]: the 16-octet key, then M C R S Res, Rev,
	 * PD_Length, in network order */
	f->type =
		memcmp(buf, "MPA ID Req Frame", 16) == 0 ? RDMANEG_MPA_REQUEST : RDMANEG_MPA_REPLY;
	f->marker = (buf[16] & 0x80u) != 0;
	f->crc = (buf[16] & 0x40u) != 0;
	f->reject = (buf[16] & 0x20u) != 0;
	f->enhanced = (buf[16] & 0x10u) != 0;
	f->res = buf[16] & 0x0Fu;
	f->rev = buf[17];
	f->pd_length = (uint16_t)(buf[18] << 8 | buf[19]);
	f->pd = f->pd_length ? buf + 20 : NULL;
	f->frame_len = 20u + f->pd_length;
	return RDMANEG_OK;
}

bool rdmaneg_ref_mpa_word(const struct rdmaneg_mpa_frame *f, struct rdmaneg_mpa_enh *e)
{
	const uint8_t *p = f->pd;

	memset(e, 0, sizeof(*e));
	if (!f->enhanced || f->pd_length < 4 || !p)
		return false;
	/* [rfc6581#9-2]: A B IRD(14) / C D ORD(14) */
	e->a = (p[0] & 0x80u) != 0;
	e->b = (p[0] & 0x40u) != 0;
	e->ird = (uint16_t)((p[0] & 0x3Fu) << 8 | p[1]);
	e->c = (p[2] & 0x80u) != 0;
	e->d = (p[2] & 0x40u) != 0;
	e->ord = (uint16_t)((p[2] & 0x3Fu) << 8 | p[3]);
	return true;
}

uint8_t rdmaneg_ref_mpa_rtr(const struct rdmaneg_mpa_enh *e)
{
	/* [rfc6581#9.2]: B zero-length Send, C zero-length Write, D
	 * zero-length Read */
	return (uint8_t)((e->b ? RDMANEG_RTR_SEND : 0u) | (e->c ? RDMANEG_RTR_WRITE : 0u) |
			 (e->d ? RDMANEG_RTR_READ : 0u));
}

void rdmaneg_ref_mpa_ulp(const struct rdmaneg_mpa_frame *f, const uint8_t **ulp, size_t *len)
{
	size_t skip = f->enhanced ? 4u : 0u;

	*ulp = NULL;
	*len = 0;
	if (f->pd && f->pd_length > skip) {
		*ulp = f->pd + skip;
		*len = f->pd_length - skip;
	}
}

void rdmaneg_ref_mpa_initiator(const struct rdmaneg_mpa_local *ini,
			       const struct rdmaneg_mpa_enh *req, const struct rdmaneg_mpa_enh *rep,
			       bool *accept, uint8_t *term, uint8_t *rtr)
{
	uint8_t both;

	*accept = false;
	if (rtr)
		*rtr = 0;
	/* [rfc6581#9.2-4] [rfc6581#9.2-13]: the responder matches A; an
	 * initiator left without the model it asked for has no RTR to send */
	if (rep->a != req->a) {
		*term = RDMANEG_TERM_NO_MATCHING_RTR;
		return;
	}
	/* [rfc6581#9.1-7] [rfc6581#9.1-8] [rfc6581#9.1-14]: IRD at least the
	 * responder ORD, which 0x3FFF leaves alone */
	if (rep->ord != NO_NEG) {
		unsigned own = ini->ird == NO_NEG ? 0u : ini->ird;
		unsigned need = own > rep->ord ? own : rep->ord;

		if (need > ini->ird_max) {
			*term = RDMANEG_TERM_INSUFFICIENT_IRD;
			return;
		}
	}
	/* [rfc6581#9.2-9] [rfc6581#9.2-10]: one RTR type both offer; a Read
	 * RTR needs a responder that can serve a Read (IRD above 0) */
	both = (uint8_t)(rdmaneg_ref_mpa_rtr(rep) & ini->rtr);
	if (rep->ird == 0)
		both &= (uint8_t)~RDMANEG_RTR_READ;
	if (req->a && both == 0) {
		*term = RDMANEG_TERM_NO_MATCHING_RTR;
		return;
	}
	*term = 0;
	*accept = true;
	if (rtr)
		*rtr = req->a ? both : 0u;
}
