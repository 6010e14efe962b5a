#include "mpa.h"

#include "errors.h"
#include "plant.h"

#include <string.h>

/* RFC 5044 sec. 7.1 */
static const uint8_t key_req[RDMANEG_MPA_KEY_LEN] = "MPA ID Req Frame";
static const uint8_t key_rep[RDMANEG_MPA_KEY_LEN] = "MPA ID Rep Frame";

/* Header rules shared by parse and build, so the two accept the same set. */
static int check_header(uint8_t rev, bool enhanced, size_t pd_length)
{
	if (rev == 0u)
		return RDMANEG_E_MPA_REV0;
	if (rev > RDMANEG_MPA_REV_MAX)
		return RDMANEG_E_MPA_REV_UNKNOWN;
	if (pd_length > RDMANEG_MPA_PD_MAX)
		return RDMANEG_E_MPA_PD_TOO_LONG;
	/* RFC 6581 sec. 6: enhanced features need Rev 2 or higher */
	if (enhanced && rev < 2u)
		return RDMANEG_E_MPA_S_REV;
	/* RFC 6581 sec. 9: S=1 means PD begins with the 4-octet word */
	if (enhanced && pd_length < RDMANEG_MPA_ENH_LEN)
		return RDMANEG_E_MPA_S_SHORT;
	return RDMANEG_OK;
}

int rdmaneg_mpa_parse(const uint8_t *buf, size_t len, struct rdmaneg_mpa_frame *f)
{
	struct rdmaneg_mpa_frame t;
	uint8_t bits;
	int rc;

	if (!f || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	/* on any error *f stays all zero: the frame is read into t, whose
	 * every field is set before it is copied out */
	memset(f, 0, sizeof(*f));
	if (len < RDMANEG_MPA_HDR_LEN)
		return RDMANEG_E_MPA_SHORT;
	if (memcmp(buf, key_req, RDMANEG_MPA_KEY_LEN) == 0)
		t.type = RDMANEG_MPA_REQUEST;
	else if (memcmp(buf, key_rep, RDMANEG_MPA_KEY_LEN) == 0)
		t.type = RDMANEG_MPA_REPLY;
	else
		return RDMANEG_E_MPA_KEY;
	bits = buf[16];
	t.marker = (bits & RDMANEG_MPA_F_M) != 0u;
	t.crc = (bits & RDMANEG_MPA_F_C) != 0u;
	t.reject = (bits & RDMANEG_MPA_F_R) != 0u;
	t.enhanced = (bits & RDMANEG_MPA_F_S) != 0u;
	t.res = bits & RDMANEG_MPA_F_RES;
	t.rev = buf[17];
	t.pd_length = (uint16_t)(((unsigned)buf[18] << 8) | buf[19]);
	rc = check_header(t.rev, t.enhanced, t.pd_length);
#if RDMANEG_PLANTED(parse_dirty)
	*f = t;
#endif
	if (rc != RDMANEG_OK)
		return rc;
#if RDMANEG_PLANTED(mpa_pd_overrun)
	/* planted: trusts PD_Length beyond the buffer by one octet */
	if (len - RDMANEG_MPA_HDR_LEN + 1u < t.pd_length)
#else
	if (len - RDMANEG_MPA_HDR_LEN < t.pd_length)
#endif
		return RDMANEG_E_MPA_PD_TRUNC;
	t.pd = t.pd_length > 0u ? buf + RDMANEG_MPA_HDR_LEN : NULL;
	t.frame_len = RDMANEG_MPA_HDR_LEN + (size_t)t.pd_length;
	*f = t;
	return RDMANEG_OK;
}

int rdmaneg_mpa_build(const struct rdmaneg_mpa_frame *f, uint8_t *out,
		      size_t cap, size_t *written)
{
	size_t n;
	int rc;

	if (!f || !out || !written || f->res > RDMANEG_MPA_F_RES ||
	    (f->type != RDMANEG_MPA_REQUEST && f->type != RDMANEG_MPA_REPLY) ||
	    (f->pd_length > 0u && !f->pd))
		return RDMANEG_E_INVAL;
	rc = check_header(f->rev, f->enhanced, f->pd_length);
	if (rc != RDMANEG_OK)
		return rc;
	n = RDMANEG_MPA_HDR_LEN + (size_t)f->pd_length;
	if (cap < n)
		return RDMANEG_E_NOSPACE;
	memcpy(out, f->type == RDMANEG_MPA_REQUEST ? key_req : key_rep,
	       RDMANEG_MPA_KEY_LEN);
	out[16] = (uint8_t)((f->marker ? RDMANEG_MPA_F_M : 0u) |
			    (f->crc ? RDMANEG_MPA_F_C : 0u) |
			    (f->reject ? RDMANEG_MPA_F_R : 0u) |
			    (f->enhanced ? RDMANEG_MPA_F_S : 0u));
#if !RDMANEG_PLANTED(res_dropped)
	out[16] = (uint8_t)(out[16] | f->res);
#endif
	out[17] = f->rev;
	out[18] = (uint8_t)(f->pd_length >> 8);
	out[19] = (uint8_t)(f->pd_length & 0xFFu);
	if (f->pd_length > 0u)
		memmove(out + RDMANEG_MPA_HDR_LEN, f->pd, f->pd_length);
	*written = n;
	return RDMANEG_OK;
}

int rdmaneg_mpa_enh_decode(const uint8_t *p, size_t len, struct rdmaneg_mpa_enh *e)
{
	if (!p || !e)
		return RDMANEG_E_INVAL;
	if (len < RDMANEG_MPA_ENH_LEN)
		return RDMANEG_E_MPA_S_SHORT;
	e->a = (p[0] & 0x80u) != 0u;
	e->b = (p[0] & 0x40u) != 0u;
	e->ird = (uint16_t)((((unsigned)p[0] & 0x3Fu) << 8) | p[1]);
	e->c = (p[2] & 0x80u) != 0u;
	e->d = (p[2] & 0x40u) != 0u;
#if RDMANEG_PLANTED(enh_ord_mask)
	e->ord = (uint16_t)((((unsigned)p[2] & 0x7Fu) << 8) | p[3]);
#else
	e->ord = (uint16_t)((((unsigned)p[2] & 0x3Fu) << 8) | p[3]);
#endif
	return RDMANEG_OK;
}

int rdmaneg_mpa_enh_encode(const struct rdmaneg_mpa_enh *e, uint8_t *out, size_t cap)
{
	if (!e || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_MPA_ENH_LEN)
		return RDMANEG_E_NOSPACE;
	if (e->ird > RDMANEG_MPA_NO_NEGOTIATE || e->ord > RDMANEG_MPA_NO_NEGOTIATE)
		return RDMANEG_E_MPA_RANGE;
	/* sec. 9.2: A=0 requires B, C and D to be 0 */
	if (!e->a && (e->b || e->c || e->d))
		return RDMANEG_E_MPA_FLAGS;
	out[0] = (uint8_t)((e->a ? 0x80u : 0u) | (e->b ? 0x40u : 0u) | (e->ird >> 8));
	out[1] = (uint8_t)(e->ird & 0xFFu);
	out[2] = (uint8_t)((e->c ? 0x80u : 0u) | (e->d ? 0x40u : 0u) | (e->ord >> 8));
	out[3] = (uint8_t)(e->ord & 0xFFu);
	return RDMANEG_OK;
}

int rdmaneg_mpa_ulp_pd(const struct rdmaneg_mpa_frame *f, const uint8_t **ulp,
		       size_t *ulp_len)
{
	size_t skip;

	if (!f || !ulp || !ulp_len || (f->pd_length > 0u && !f->pd))
		return RDMANEG_E_INVAL;
	skip = f->enhanced ? RDMANEG_MPA_ENH_LEN : 0u;
#if RDMANEG_PLANTED(ulp_offset)
	if (skip > 0u)
		skip--;
#endif
	if (f->pd_length < skip)
		return RDMANEG_E_MPA_S_SHORT;
	*ulp_len = f->pd_length - skip;
	*ulp = *ulp_len > 0u ? f->pd + skip : NULL;
	return RDMANEG_OK;
}

int rdmaneg_mpa_frame_enh(const struct rdmaneg_mpa_frame *f, struct rdmaneg_mpa_enh *e)
{
	if (!f || !e || !f->enhanced)
		return RDMANEG_E_INVAL;
	return rdmaneg_mpa_enh_decode(f->pd, f->pd_length, e);
}
