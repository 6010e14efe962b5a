// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/mpa.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

/* [rfc5044#7.1] */
#define KEY_REQ "MPA ID Req Frame"
#define KEY_REP "MPA ID Rep Frame"

/* The 16-octet key at p, compared octet by octet. */
/*@ requires \valid_read(p + (0 .. RDMANEG_MPA_KEY_LEN - 1));
    requires \valid_read(key + (0 .. RDMANEG_MPA_KEY_LEN - 1));
    assigns \nothing;
*/
static bool key_is(const uint8_t *p, const char *key)
{
	size_t k;

	/*@ loop invariant 0 <= k <= RDMANEG_MPA_KEY_LEN;
	    loop assigns k;
	    loop variant RDMANEG_MPA_KEY_LEN - k;
	*/
	for (k = 0; k < RDMANEG_MPA_KEY_LEN; k++)
		if (p[k] != (uint8_t)key[k])
			return false;
	return true;
}

/* On an error the frame is all zero: every field, one by one, for the
 * proof (docs/proof.md). */
/*@ requires \valid(f);
    assigns *f;
    ensures f->type == RDMANEG_MPA_REQUEST && !f->marker && !f->crc && !f->reject &&
      !f->enhanced && f->res == 0 && f->rev == 0 && f->pd_length == 0 &&
      f->pd == \null && f->frame_len == 0;
*/
static void zero_frame(struct rdmaneg_mpa_frame *f)
{
	f->type = RDMANEG_MPA_REQUEST;
	f->marker = false;
	f->crc = false;
	f->reject = false;
	f->enhanced = false;
	f->res = 0;
	f->rev = 0;
	f->pd_length = 0;
	f->pd = NULL;
	f->frame_len = 0;
}

/* Header rules shared by parse and build, so the two accept the same set. */
/*@ assigns \nothing;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_MPA_REV0 ||
      \result == RDMANEG_E_MPA_REV_UNKNOWN || \result == RDMANEG_E_MPA_PD_TOO_LONG ||
      \result == RDMANEG_E_MPA_S_REV || \result == RDMANEG_E_MPA_S_SHORT;
    ensures \result == RDMANEG_OK <==> 1 <= rev <= RDMANEG_MPA_REV_MAX &&
      pd_length <= RDMANEG_MPA_PD_MAX &&
      (enhanced ==> rev >= 2 && pd_length >= RDMANEG_MPA_ENH_LEN);
*/
/* [rfc6581#6-10] [rfc6581#6-11] [rfc6581#10-4] */
static int check_header(uint8_t rev, bool enhanced, size_t pd_length)
{
	if (rev == 0u)
		return RDMANEG_E_MPA_REV0;
	/* [rfc5044#7.1.1-21] */
	if (rev > RDMANEG_MPA_REV_MAX)
		/* [rfc5044#7.1.1-22] */
		return RDMANEG_E_MPA_REV_UNKNOWN;
	/* [rfc6581#7-3] [rfc5044#7.1.1-26] */
	if (pd_length > RDMANEG_MPA_PD_MAX)
		return RDMANEG_E_MPA_PD_TOO_LONG;
	/* [rfc6581#6]: enhanced features need Rev 2 or higher */
	/* [rfc6581#6-9] */
	if (enhanced && rev < 2u)
		return RDMANEG_E_MPA_S_REV;
	/* [rfc6581#9]: S=1 means PD begins with the 4-octet word */
	/* [rfc6581#6-13] */
	if (enhanced && pd_length < RDMANEG_MPA_ENH_LEN)
		return RDMANEG_E_MPA_S_SHORT;
	return RDMANEG_OK;
}

/* The header fields after a known key, into t (all but pd, frame_len). */
/*@ requires \valid_read(buf + (0 .. RDMANEG_MPA_HDR_LEN - 1)) && \valid(t);
    requires \separated(t, buf + (0 .. RDMANEG_MPA_HDR_LEN - 1));
    assigns t->marker, t->crc, t->reject, t->enhanced, t->res, t->rev, t->pd_length;
    ensures t->rev == buf[17] && t->pd_length == buf[18] * 256 + buf[19] &&
      t->res == (buf[16] & RDMANEG_MPA_F_RES) &&
      (t->enhanced <==> (buf[16] & RDMANEG_MPA_F_S) != 0);
*/
/* [rfc5044#7.1.1-1] */
static void read_header(const uint8_t *buf, struct rdmaneg_mpa_frame *t)
{
	uint8_t bits = buf[16];

	/* [rfc6581#6-2] [rfc5044#7.1.1-6] [rfc5044#7.1.1-7] */
	t->marker = (bits & RDMANEG_MPA_F_M) != 0u;
	/* [rfc6581#6-3] [rfc5044#7.1.1-12] */
	t->crc = (bits & RDMANEG_MPA_F_C) != 0u;
	/* [rfc6581#6-4] [rfc5044#7.1.1-16] */
	t->reject = (bits & RDMANEG_MPA_F_R) != 0u;
	/* [rfc6581#6-5] */
	t->enhanced = (bits & RDMANEG_MPA_F_S) != 0u;
	/* [rfc6581#6-6] [rfc6581#6-7] [rfc5044#7.1.1-17] [rfc5044#7.1.1-18] */
	t->res = bits & RDMANEG_MPA_F_RES;
	/* [rfc6581#6-8] [rfc5044#7.1.1-19] */
	t->rev = buf[17];
	/* [rfc6581#6-12] [rfc5044#7.1.1-23] */
	t->pd_length = (uint16_t)(buf[18] * 256u + buf[19]);
}

int rdmaneg_mpa_parse(const uint8_t *buf, size_t len, struct rdmaneg_mpa_frame *f)
{
	int rc;

	if (!f || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	/* fields are read straight into *f, and zeroed again on an error */
	zero_frame(f);
	if (len < RDMANEG_MPA_HDR_LEN)
		return RDMANEG_E_MPA_SHORT;
	/* [rfc6581#6-1] */
	if (key_is(buf, KEY_REQ))
		f->type = RDMANEG_MPA_REQUEST;
	else if (key_is(buf, KEY_REP))
		/* [rfc5044#7.1.2-16] */
		f->type = RDMANEG_MPA_REPLY;
	else
		/* [rfc5044#7.1.1-3] [rfc5044#7.1.1-5] [rfc5044#7.1.2-13] */
		return RDMANEG_E_MPA_KEY;
	read_header(buf, f);
	/* [rfc5044#7.1.2-8] */
	rc = check_header(f->rev, f->enhanced, f->pd_length);
#if RDMANEG_PLANTED(mpa_pd_overrun)
	/* planted: trusts PD_Length beyond the buffer by one octet */
	if (rc == RDMANEG_OK && len - RDMANEG_MPA_HDR_LEN + 1u < f->pd_length)
#else
	/* [rfc5044#7.1.1-25] [rfc5044#7.1.2-3] [rfc5044#7.1.2-19] */
	if (rc == RDMANEG_OK && len - RDMANEG_MPA_HDR_LEN < f->pd_length)
#endif
		rc = RDMANEG_E_MPA_PD_TRUNC;
	/* [rfc5044#7.1.2-20] */
	if (rc != RDMANEG_OK) {
#if !RDMANEG_PLANTED(parse_dirty)
		zero_frame(f);
#endif
		return rc;
	}
	f->pd = f->pd_length > 0u ? buf + RDMANEG_MPA_HDR_LEN : NULL;
	/* [rfc5044#7.1-1] */
	f->frame_len = RDMANEG_MPA_HDR_LEN + (size_t)f->pd_length;
	return RDMANEG_OK;
}

/* d[0..n-1] = s[0..n-1] for areas that do not overlap. */
/*@ requires \valid(d + (0 .. n - 1)) && \valid_read(s + (0 .. n - 1));
    requires \separated(d + (0 .. n - 1), s + (0 .. n - 1));
    assigns d[0 .. n - 1];
    ensures \forall integer j; 0 <= j < n ==> d[j] == s[j];
*/
static void copy_octets(uint8_t *d, const uint8_t *s, size_t n)
{
	size_t k;

	/*@ loop invariant 0 <= k <= n;
	    loop invariant \forall integer j; 0 <= j < k ==> d[j] == s[j];
	    loop assigns k, d[0 .. n - 1];
	    loop variant n - k;
	*/
	for (k = 0; k < n; k++)
		d[k] = s[k];
}

/* The 16-octet key into out[0..15]. */
/*@ requires \valid(out + (0 .. RDMANEG_MPA_KEY_LEN - 1));
    requires \valid_read(key + (0 .. RDMANEG_MPA_KEY_LEN - 1));
    assigns out[0 .. RDMANEG_MPA_KEY_LEN - 1];
*/
static void put_key(uint8_t *out, const char *key)
{
	size_t k;

	/*@ loop invariant 0 <= k <= RDMANEG_MPA_KEY_LEN;
	    loop assigns k, out[0 .. RDMANEG_MPA_KEY_LEN - 1];
	    loop variant RDMANEG_MPA_KEY_LEN - k;
	*/
	for (k = 0; k < RDMANEG_MPA_KEY_LEN; k++)
		out[k] = (uint8_t)key[k];
}

int rdmaneg_mpa_build(const struct rdmaneg_mpa_frame *f, uint8_t *out, size_t cap, size_t *written)
{
	uint8_t tmp[RDMANEG_MPA_PD_MAX] = { 0 }; /* whole: Eva sees it initialised */
	size_t n;
	int rc;

	if (!f || !out || !written || f->res > RDMANEG_MPA_F_RES ||
	    (f->type != RDMANEG_MPA_REQUEST && f->type != RDMANEG_MPA_REPLY) ||
	    (f->pd_length > 0u && !f->pd))
		return RDMANEG_E_INVAL;
	/* [rfc5044#7.1.1-20] */
	rc = check_header(f->rev, f->enhanced, f->pd_length);
	if (rc != RDMANEG_OK)
		return rc;
	n = RDMANEG_MPA_HDR_LEN + (size_t)f->pd_length;
	if (cap < n)
		return RDMANEG_E_NOSPACE;
	/* f->pd may lie inside out: copy it aside before the header goes in,
	 * as memmove would */
	copy_octets(tmp, f->pd, f->pd_length);
	/* [rfc5044#7.1.1-2] [rfc5044#7.1.1-4] */
	put_key(out, f->type == RDMANEG_MPA_REQUEST ? KEY_REQ : KEY_REP);
	/* [rfc5044#7.1.1-7] */
	out[16] = (uint8_t)((f->marker ? RDMANEG_MPA_F_M : 0u) | (f->crc ? RDMANEG_MPA_F_C : 0u) |
			    (f->reject ? RDMANEG_MPA_F_R : 0u) |
			    (f->enhanced ? RDMANEG_MPA_F_S : 0u));
#if !RDMANEG_PLANTED(res_dropped)
	out[16] = (uint8_t)(out[16] | f->res);
#endif
	out[17] = f->rev;
	/* [rfc5044#7.1.1-24] */
	out[18] = (uint8_t)(f->pd_length / 256u);
	out[19] = (uint8_t)(f->pd_length % 256u);
	/* [rfc5044#7.1.2-2] */
	copy_octets(out + RDMANEG_MPA_HDR_LEN, tmp, f->pd_length);
	*written = n;
	return RDMANEG_OK;
}

int rdmaneg_mpa_enh_decode(const uint8_t *p, size_t len, struct rdmaneg_mpa_enh *e)
{
	if (!p || !e)
		return RDMANEG_E_INVAL;
	if (len < RDMANEG_MPA_ENH_LEN)
		return RDMANEG_E_MPA_S_SHORT;
	/* [rfc6581#9-2] [rfc6581#9-5] */
	e->a = (p[0] & 0x80u) != 0u;
	/* [rfc6581#9-6] */
	e->b = (p[0] & 0x40u) != 0u;
	/* [rfc6581#9-3]: the low 14 bits */
	e->ird = (uint16_t)(p[0] % 64u * 256u + p[1]);
	/* [rfc6581#9-7] */
	e->c = (p[2] & 0x80u) != 0u;
	/* [rfc6581#9-8] */
	e->d = (p[2] & 0x40u) != 0u;
#if RDMANEG_PLANTED(enh_ord_mask)
	e->ord = (uint16_t)(p[2] % 128u * 256u + p[3]);
#else
	/* [rfc6581#9-4] */
	e->ord = (uint16_t)(p[2] % 64u * 256u + p[3]);
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
	/* [rfc6581#9.2]: A=0 requires B, C and D to be 0 */
	/* [rfc6581#9.2-14] */
	if (!e->a && (e->b || e->c || e->d))
		return RDMANEG_E_MPA_FLAGS;
	/* [rfc6581#9-1] */
	out[0] = (uint8_t)((e->a ? 0x80u : 0u) + (e->b ? 0x40u : 0u) + e->ird / 256u);
	out[1] = (uint8_t)(e->ird % 256u);
	out[2] = (uint8_t)((e->c ? 0x80u : 0u) + (e->d ? 0x40u : 0u) + e->ord / 256u);
	out[3] = (uint8_t)(e->ord % 256u);
	return RDMANEG_OK;
}

/* [rfc6581#7-6] */
int rdmaneg_mpa_ulp_pd(const struct rdmaneg_mpa_frame *f, const uint8_t **ulp, size_t *ulp_len)
{
	size_t skip;

	if (!f || !ulp || !ulp_len || (f->pd_length > 0u && !f->pd))
		return RDMANEG_E_INVAL;
	/* [rfc6581#7-2] */
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
