// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/smbd.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

/* The little-endian u16 and u32 at p ([ms-smbd#2.2.1-1], [ms-smbd#2.2.2-1]). */
/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    ensures \result == p[0] + 256 * p[1];
*/
static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)((unsigned)p[0] + 256u * (unsigned)p[1]);
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    ensures \result == p[0] + 256 * p[1] + 65536 * p[2] + 16777216 * p[3];
*/
static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] + 256u * (uint32_t)p[1] + 65536u * (uint32_t)p[2] +
	       16777216u * (uint32_t)p[3];
}

/* The big-endian u32 at p ([ms-smbd#6.1-1], as Linux writes it). */
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    ensures \result == 16777216 * p[0] + 65536 * p[1] + 256 * p[2] + p[3];
*/
static uint32_t be32(const uint8_t *p)
{
#if RDMANEG_PLANTED(smbd_irdord_le)
	return le32(p);
#else
	return 16777216u * (uint32_t)p[0] + 65536u * (uint32_t)p[1] + 256u * (uint32_t)p[2] +
	       (uint32_t)p[3];
#endif
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    ensures p[0] + 256 * p[1] == v;
*/
static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v % 256u);
	p[1] = (uint8_t)(v / 256u);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    ensures p[0] + 256 * p[1] + 65536 * p[2] + 16777216 * p[3] == v;
*/
static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v % 256u);
	p[1] = (uint8_t)(v / 256u % 256u);
	p[2] = (uint8_t)(v / 65536u % 256u);
	p[3] = (uint8_t)(v / 16777216u);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    ensures 16777216 * p[0] + 65536 * p[1] + 256 * p[2] + p[3] == v;
*/
static void put32be(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v / 16777216u);
	p[1] = (uint8_t)(v / 65536u % 256u);
	p[2] = (uint8_t)(v / 256u % 256u);
	p[3] = (uint8_t)(v % 256u);
}

int rdmaneg_smbd_req_encode(const struct rdmaneg_smbd_req *r, uint8_t *out, size_t cap)
{
	if (!r || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_SMBD_REQ_LEN)
		return RDMANEG_E_NOSPACE;
	/* [ms-smbd#2.2.1-1]; the 32-bit fields first: the contract's goals
	 * on the 16-bit ones then survive short writes only (WP's time) */
	put32(out + 8, r->preferred_send_size);
	put32(out + 12, r->max_receive_size);
	put32(out + 16, r->max_fragmented_size);
	put16(out + 4, r->reserved);
	put16(out + 6, r->credits_requested);
	put16(out + 2, r->max_version);
	put16(out, r->min_version);
	return RDMANEG_OK;
}

/* Every field of r, written one by one (docs/proof.md). */
/*@ requires \valid(r);
    assigns *r;
    ensures r->min_version == 0 && r->max_version == 0 && r->reserved == 0 &&
      r->credits_requested == 0 && r->preferred_send_size == 0 && r->max_receive_size == 0 &&
      r->max_fragmented_size == 0;
*/
static void req_clear(struct rdmaneg_smbd_req *r)
{
	r->min_version = 0;
	r->max_version = 0;
	r->reserved = 0;
	r->credits_requested = 0;
	r->preferred_send_size = 0;
	r->max_receive_size = 0;
	r->max_fragmented_size = 0;
}

int rdmaneg_smbd_req_decode(const uint8_t *buf, size_t len, struct rdmaneg_smbd_req *r)
{
	if (!r || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	req_clear(r);
	/* [ms-smbd#3.1.5.6-1] */
	if (len < RDMANEG_SMBD_REQ_LEN || !buf)
		return RDMANEG_E_SMBD_SHORT;
	/* [ms-smbd#2.2.1-1] */
	r->min_version = le16(buf);
	r->max_version = le16(buf + 2);
	r->reserved = le16(buf + 4);
	r->credits_requested = le16(buf + 6);
	r->preferred_send_size = le32(buf + 8);
	r->max_receive_size = le32(buf + 12);
	r->max_fragmented_size = le32(buf + 16);
	return RDMANEG_OK;
}

int rdmaneg_smbd_resp_encode(const struct rdmaneg_smbd_resp *r, uint8_t *out, size_t cap)
{
	if (!r || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_SMBD_RESP_LEN)
		return RDMANEG_E_NOSPACE;
	/* [ms-smbd#2.2.2-1]; the two fields the contract names last */
	put16(out, r->min_version);
	put16(out + 2, r->max_version);
	put16(out + 6, r->reserved);
	put16(out + 8, r->credits_requested);
	put16(out + 10, r->credits_granted);
	put32(out + 16, r->max_read_write_size);
	put32(out + 20, r->preferred_send_size);
	put32(out + 24, r->max_receive_size);
	put32(out + 28, r->max_fragmented_size);
	put16(out + 4, r->negotiated_version);
	put32(out + 12, r->status);
	return RDMANEG_OK;
}

/*@ requires \valid(r);
    assigns *r;
    ensures r->min_version == 0 && r->max_version == 0 && r->negotiated_version == 0 &&
      r->reserved == 0 && r->credits_requested == 0 && r->credits_granted == 0 &&
      r->status == 0 && r->max_read_write_size == 0 && r->preferred_send_size == 0 &&
      r->max_receive_size == 0 && r->max_fragmented_size == 0;
*/
static void resp_clear(struct rdmaneg_smbd_resp *r)
{
	r->min_version = 0;
	r->max_version = 0;
	r->negotiated_version = 0;
	r->reserved = 0;
	r->credits_requested = 0;
	r->credits_granted = 0;
	r->status = 0;
	r->max_read_write_size = 0;
	r->preferred_send_size = 0;
	r->max_receive_size = 0;
	r->max_fragmented_size = 0;
}

int rdmaneg_smbd_resp_decode(const uint8_t *buf, size_t len, struct rdmaneg_smbd_resp *r)
{
	if (!r || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	resp_clear(r);
	/* [ms-smbd#3.1.5.7-1] */
#if RDMANEG_PLANTED(smbd_resp_short)
	if (len < RDMANEG_SMBD_RESP_LEN - 4u || !buf)
#else
	if (len < RDMANEG_SMBD_RESP_LEN || !buf)
#endif
		return RDMANEG_E_SMBD_SHORT;
	/* [ms-smbd#2.2.2-1] */
	r->min_version = le16(buf);
	r->max_version = le16(buf + 2);
	r->negotiated_version = le16(buf + 4);
	r->reserved = le16(buf + 6);
	r->credits_requested = le16(buf + 8);
	r->credits_granted = le16(buf + 10);
	r->status = le32(buf + 12);
	r->max_read_write_size = le32(buf + 16);
	r->preferred_send_size = le32(buf + 20);
	r->max_receive_size = le32(buf + 24);
#if RDMANEG_PLANTED(smbd_resp_short)
	r->max_fragmented_size = len >= RDMANEG_SMBD_RESP_LEN ? le32(buf + 28) : 0u;
#else
	r->max_fragmented_size = le32(buf + 28);
#endif
	return RDMANEG_OK;
}

/*@ assigns \nothing;
    ensures \result == (a < b ? a : b);
*/
static uint32_t min32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/* [ms-smbd#3.1.5.6-3]: the request's defects past its version. */
/*@ requires \valid_read(q);
    assigns \nothing;
    ensures \result <= RDMANEG_SMBD_D_CREDITS + RDMANEG_SMBD_D_RECEIVE +
      RDMANEG_SMBD_D_FRAGMENTED;
    ensures (\result == 0) <==> (q->credits_requested > 0 &&
      q->max_receive_size >= RDMANEG_SMBD_MIN_RECEIVE &&
      q->max_fragmented_size >= RDMANEG_SMBD_MIN_FRAGMENTED);
*/
static unsigned req_defects(const struct rdmaneg_smbd_req *q)
{
	unsigned d = 0;

	if (q->credits_requested == 0u)
		d += RDMANEG_SMBD_D_CREDITS;
#if RDMANEG_PLANTED(smbd_receive_le)
	/* ksmbd 6.1's test: 128 itself refused */
	if (q->max_receive_size <= RDMANEG_SMBD_MIN_RECEIVE)
#else
	if (q->max_receive_size < RDMANEG_SMBD_MIN_RECEIVE)
#endif
		d += RDMANEG_SMBD_D_RECEIVE;
	if (q->max_fragmented_size < RDMANEG_SMBD_MIN_FRAGMENTED)
		d += RDMANEG_SMBD_D_FRAGMENTED;
	return d;
}

/* [ms-smbd#3.1.5.6-2]: the range MinVersion..MaxVersion holds 0x0100 */
/*@ requires \valid_read(q);
    assigns \nothing;
    ensures \result == 1 <==>
      (q->min_version <= RDMANEG_SMBD_V1 && RDMANEG_SMBD_V1 <= q->max_version);
*/
static bool has_v1(const struct rdmaneg_smbd_req *q)
{
#if RDMANEG_PLANTED(smbd_version_max_only)
	return q->max_version >= RDMANEG_SMBD_V1;
#else
	return q->min_version <= RDMANEG_SMBD_V1 && q->max_version >= RDMANEG_SMBD_V1;
#endif
}

/* [ms-smbd#3.1.5.3-1]: a failure response, its versions and Status */
/*@ requires \valid(r);
    assigns *r;
    ensures r->status == RDMANEG_SMBD_STATUS_NOT_SUPPORTED && r->negotiated_version == 0 &&
      r->credits_granted == 0;
*/
static void not_supported(struct rdmaneg_smbd_resp *r)
{
	resp_clear(r);
	r->min_version = RDMANEG_SMBD_V1;
	r->max_version = RDMANEG_SMBD_V1;
	r->status = RDMANEG_SMBD_STATUS_NOT_SUPPORTED;
}

/* The response to an acceptable request q from a server with loc. */
/*@ requires \valid_read(q) && \valid_read(loc) && \valid(r);
    requires \separated(r, q) && \separated(r, loc);
    requires loc->credits_max > 0 && q->credits_requested > 0;
    assigns *r;
    ensures r->status == 0 && r->negotiated_version == RDMANEG_SMBD_V1 &&
      r->credits_granted > 0 && r->credits_granted <= loc->credits_max &&
      r->max_receive_size >= RDMANEG_SMBD_MIN_RECEIVE &&
      r->preferred_send_size <= q->max_receive_size;
*/
static void respond(const struct rdmaneg_smbd_req *q, const struct rdmaneg_smbd_local *loc,
		    struct rdmaneg_smbd_resp *r)
{
	/* [ms-smbd#3.1.5.6-4]: our MaxReceiveSize at most the client's
	 * PreferredSendSize, never below 128 */
	uint32_t rcv = min32(loc->max_receive_size, q->preferred_send_size);

	r->min_version = RDMANEG_SMBD_V1;
	r->max_version = RDMANEG_SMBD_V1;
	r->negotiated_version = RDMANEG_SMBD_V1;
	r->reserved = 0;
	r->status = 0;
	r->credits_requested = loc->credits_max;
	/* at least 1: both are above 0 */
	r->credits_granted = (uint16_t)min32(q->credits_requested, loc->credits_max);
	r->max_read_write_size = loc->max_read_write_size;
	/* [ms-smbd#3.1.5.7-5]: what the client can receive */
	r->preferred_send_size = min32(loc->preferred_send_size, q->max_receive_size);
	r->max_receive_size = rcv < RDMANEG_SMBD_MIN_RECEIVE ? RDMANEG_SMBD_MIN_RECEIVE : rcv;
	r->max_fragmented_size = loc->max_fragmented_size;
}

/* The action and response for the decoded request q ([ms-smbd#3.1.5.6]). */
/*@ requires \valid_read(q) && \valid_read(loc);
    requires \valid(action) && \valid(defects) && \valid(r);
    requires \separated(action, defects, r, q, loc);
    requires loc->credits_max > 0;
    assigns *action, *defects, *r;
    ensures *action <= RDMANEG_SMBD_TERMINATE;
    // [ms-smbd#3.1.5.6-2]
    ensures version: !(q->min_version <= RDMANEG_SMBD_V1 && RDMANEG_SMBD_V1 <= q->max_version) ==>
      *action == RDMANEG_SMBD_NOT_SUPPORTED && r->status == RDMANEG_SMBD_STATUS_NOT_SUPPORTED;
    // [ms-smbd#3.1.5.6-3]
    ensures terminate: q->min_version <= RDMANEG_SMBD_V1 && RDMANEG_SMBD_V1 <= q->max_version &&
      (q->credits_requested == 0 || q->max_receive_size < RDMANEG_SMBD_MIN_RECEIVE ||
       q->max_fragmented_size < RDMANEG_SMBD_MIN_FRAGMENTED) ==>
      *action == RDMANEG_SMBD_TERMINATE;
    ensures respond: *action == RDMANEG_SMBD_RESPOND ==>
      r->status == 0 && r->negotiated_version == RDMANEG_SMBD_V1 &&
      r->credits_granted > 0 && r->credits_granted <= loc->credits_max &&
      r->max_receive_size >= RDMANEG_SMBD_MIN_RECEIVE &&
      r->preferred_send_size <= q->max_receive_size;
*/
static void judge(const struct rdmaneg_smbd_req *q, const struct rdmaneg_smbd_local *loc,
		  uint8_t *action, unsigned *defects, struct rdmaneg_smbd_resp *r)
{
	unsigned d = req_defects(q);

	if (!has_v1(q)) {
		not_supported(r);
		*defects = RDMANEG_SMBD_D_VERSION + d;
		*action = RDMANEG_SMBD_NOT_SUPPORTED;
		return;
	}
	*defects = d;
	/* [ms-smbd#3.1.5.6-3] */
	if (d != 0u) {
		resp_clear(r);
		*action = RDMANEG_SMBD_TERMINATE;
		return;
	}
	respond(q, loc, r);
	*action = RDMANEG_SMBD_RESPOND;
}

int rdmaneg_smbd_server_judge(const uint8_t *buf, size_t len, const struct rdmaneg_smbd_local *loc,
			      struct rdmaneg_smbd_answer *a)
{
	if (!a || !loc || (!buf && len > 0) || loc->credits_max == 0u ||
	    loc->preferred_send_size < RDMANEG_SMBD_MIN_RECEIVE ||
	    loc->max_receive_size < RDMANEG_SMBD_MIN_RECEIVE ||
	    loc->max_fragmented_size < RDMANEG_SMBD_MIN_FRAGMENTED)
		return RDMANEG_E_INVAL;
	a->decoded = rdmaneg_smbd_req_decode(buf, len, &a->req) == RDMANEG_OK;
	if (!a->decoded) {
		/* [ms-smbd#3.1.5.6-1]: short, terminate */
		resp_clear(&a->resp);
		a->defects = RDMANEG_SMBD_D_SHORT;
		a->action = RDMANEG_SMBD_TERMINATE;
		return RDMANEG_OK;
	}
	judge(&a->req, loc, &a->action, &a->defects, &a->resp);
	return RDMANEG_OK;
}

int rdmaneg_smbd_client_check(const uint8_t *buf, size_t len, uint32_t own_max_receive,
			      struct rdmaneg_smbd_resp *resp, unsigned *defects)
{
	unsigned d = 0;

	if (!resp || !defects || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	/* [ms-smbd#3.1.5.7-1] */
	if (rdmaneg_smbd_resp_decode(buf, len, resp) != RDMANEG_OK) {
		*defects = RDMANEG_SMBD_D_SHORT;
		return RDMANEG_OK;
	}
	/* [ms-smbd#3.1.5.7-2] */
	if (resp->negotiated_version != RDMANEG_SMBD_V1)
		d += RDMANEG_SMBD_D_VERSION;
	/* [ms-smbd#3.1.5.7-4] */
	if (resp->credits_granted == 0u || resp->credits_requested == 0u)
		d += RDMANEG_SMBD_D_CREDITS;
	/* [ms-smbd#3.1.5.7-3] */
	if (resp->max_receive_size < RDMANEG_SMBD_MIN_RECEIVE)
		d += RDMANEG_SMBD_D_RECEIVE;
	if (resp->max_fragmented_size < RDMANEG_SMBD_MIN_FRAGMENTED)
		d += RDMANEG_SMBD_D_FRAGMENTED;
	/* [ms-smbd#3.1.5.7-5] */
	if (resp->preferred_send_size > own_max_receive)
		d += RDMANEG_SMBD_D_PREFERRED;
		/* [ms-smbd#3.1.5.7-6] */
#if !RDMANEG_PLANTED(smbd_status_ignored)
	if (resp->status != 0u)
		d += RDMANEG_SMBD_D_STATUS;
#endif
	*defects = d;
	return RDMANEG_OK;
}

int rdmaneg_smbd_irdord_encode(uint32_t ird, uint32_t ord, uint8_t *out, size_t cap)
{
	/* [ms-smbd#6.1-2] */
	if (!out || ird == 0u || ord == 0u)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_SMBD_IRDORD_LEN)
		return RDMANEG_E_NOSPACE;
	/* [ms-smbd#6.1-1] */
	put32be(out, ird);
	put32be(out + 4, ord);
	return RDMANEG_OK;
}

int rdmaneg_smbd_irdord_decode(const uint8_t *buf, size_t len, uint32_t *ird, uint32_t *ord,
			       unsigned *defects)
{
	if (!ird || !ord || !defects || (!buf && len > 0))
		return RDMANEG_E_INVAL;
	*ird = 0;
	*ord = 0;
	if (len < RDMANEG_SMBD_IRDORD_LEN || !buf) {
		*defects = RDMANEG_SMBD_D_SHORT;
		return RDMANEG_OK;
	}
	/* [ms-smbd#6.1-1] */
	*ird = be32(buf);
	*ord = be32(buf + 4);
	/* [ms-smbd#6.1-2] */
	*defects = *ird == 0u || *ord == 0u ? RDMANEG_SMBD_D_ZERO : 0u;
	return RDMANEG_OK;
}
