// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/rpcrdma_pd.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

/* Octet k (0..3) of the identifier, in network order ([rfc8797#4]). */
#define ID_OCTET(k) ((uint8_t)(RDMANEG_RPCRDMA_FORMAT_ID >> (24u - 8u * (k))))
#define ID_LEN 4u

size_t rdmaneg_rpcrdma_normalize(size_t size)
{
	if (size < RDMANEG_INLINE_MIN)
		return 0;
	if (size > RDMANEG_INLINE_MAX)
		return RDMANEG_INLINE_MAX;
#if RDMANEG_PLANTED(no_normalize)
	return size;
#else
	return size - size % 1024u;
#endif
}

int rdmaneg_rpcrdma_size_code(size_t size, uint8_t *code)
{
	size_t units;

	if (!code)
		return RDMANEG_E_INVAL;
	if (size < RDMANEG_INLINE_MIN)
		return RDMANEG_E_SIZE_TOO_SMALL;
#if RDMANEG_PLANTED(encode_round_up)
	units = (size + 1023u) / 1024u - 1u;
#else
	units = size / 1024u - 1u;
#endif
#if RDMANEG_PLANTED(code_wrap)
	*code = (uint8_t)(units & 0xffu);
#else
	/* [rfc8797#4.2]: above 262144 we still advertise 262144, never wrap */
	*code = units > 255u ? 255u : (uint8_t)units;
#endif
	return RDMANEG_OK;
}

size_t rdmaneg_rpcrdma_code_size(uint8_t code)
{
	return ((size_t)code + 1u) * 1024u;
}

int rdmaneg_rpcrdma_encode(const struct rdmaneg_rpcrdma_settings *s, uint8_t *out, size_t cap)
{
	uint8_t scode;
	uint8_t rcode;
	int rc;

	if (!s || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_RPCRDMA_MSG_LEN)
		return RDMANEG_E_NOSPACE;
	/* [rfc8797#4-8] */
	rc = rdmaneg_rpcrdma_size_code(s->send_size, &scode);
	if (rc != RDMANEG_OK)
		return rc;
	/* [rfc8797#4-9] */
	rc = rdmaneg_rpcrdma_size_code(s->recv_size, &rcode);
	if (rc != RDMANEG_OK)
		return rc;
	/* [rfc8797#4-2] [rpcrdma-cm-pvt-data-01#4-1] */
	out[0] = ID_OCTET(0);
	out[1] = ID_OCTET(1);
	out[2] = ID_OCTET(2);
	out[3] = ID_OCTET(3);
	out[4] = RDMANEG_RPCRDMA_VERSION;
	/* [rfc8797#4]: Reserved bits are sent as zero */
	/* [rfc8797#4-6] */
	out[5] = s->remote_invalidation ? RDMANEG_RPCRDMA_R_BIT : 0u;
	out[6] = scode;
	out[7] = rcode;
	return RDMANEG_OK;
}

/* The identifier at p[0..3] ([rfc8797#4]). */
/*@ requires \valid_read(p + (0 .. ID_LEN - 1));
    assigns \nothing;
    ensures \result <==> p[0] == 0xf6 && p[1] == 0xab && p[2] == 0x0e && p[3] == 0x18;
*/
static bool id_at(const uint8_t *p)
{
	/* [rfc8797#4-3] [rpcrdma-cm-pvt-data-01#4-2] */
	return p[0] == ID_OCTET(0) && p[1] == ID_OCTET(1) && p[2] == ID_OCTET(2) &&
	       p[3] == ID_OCTET(3);
}

/* The message at m[0..7], found at offset off. Its ensures name the
 * octets as they were on entry, so no proof has to show that a write to
 * *out left them alone (docs/proof.md). */
/*@ requires \valid_read(m + (0 .. RDMANEG_RPCRDMA_MSG_LEN - 1)) && \valid(out);
    requires \separated(out, m + (0 .. RDMANEG_RPCRDMA_MSG_LEN - 1));
    assigns out->present, out->reason, out->offset, out->version, out->flags,
      out->remote_invalidation, out->send_code, out->recv_code, out->send_size,
      out->recv_size;
    ensures out->present && out->reason == RDMANEG_PD_PRESENT && out->offset == off;
    ensures fields: out->version == \old(m[4]) && out->flags == \old(m[5]) &&
      out->send_code == \old(m[6]) && out->recv_code == \old(m[7]);
    ensures out->send_size == (out->send_code + 1) * 1024 &&
      out->recv_size == (out->recv_code + 1) * 1024 &&
      RDMANEG_INLINE_MIN <= out->send_size <= RDMANEG_INLINE_MAX &&
      RDMANEG_INLINE_MIN <= out->recv_size <= RDMANEG_INLINE_MAX;
*/
static void fill(const uint8_t *m, size_t off, struct rdmaneg_rpcrdma_result *out)
{
	out->present = true;
	out->reason = RDMANEG_PD_PRESENT;
	out->offset = off;
	out->version = m[4];
	/* [rpcrdma-cm-pvt-data-01#4-4] */
	out->flags = m[5];
	/* [rfc8797#4]: receivers ignore the Reserved bits */
	/* [rfc8797#4-5] [rfc8797#4-7] */
	out->remote_invalidation = (m[5] & RDMANEG_RPCRDMA_R_BIT) != 0u;
	out->send_code = m[6];
	out->recv_code = m[7];
	/* [rpcrdma-cm-pvt-data-01#4-5] */
	out->send_size = rdmaneg_rpcrdma_code_size(m[6]);
	/* [rpcrdma-cm-pvt-data-01#4-6] */
	out->recv_size = rdmaneg_rpcrdma_code_size(m[7]);
}

/* Every field of an absent result, written one by one: a struct copy or
 * memset would hide the fields from the proof (docs/proof.md). */
/*@ requires \valid(out);
    assigns *out;
    ensures !out->present && out->reason == r && out->offset == 0 &&
      out->candidates == 0 && out->version == 0 && out->flags == 0 &&
      !out->remote_invalidation && out->send_code == 0 && out->recv_code == 0 &&
      out->send_size == 0 && out->recv_size == 0;
*/
static void absent(struct rdmaneg_rpcrdma_result *out, enum rdmaneg_rpcrdma_reason r)
{
	out->present = false;
	out->reason = r;
	out->offset = 0;
	out->candidates = 0;
	out->version = 0;
	out->flags = 0;
	out->remote_invalidation = false;
	out->send_code = 0;
	out->recv_code = 0;
	out->send_size = 0;
	out->recv_size = 0;
}

/* Judges one identifier occurrence at i. */
/*@ requires i < len && \valid_read(buf + (0 .. len - 1));
    assigns \nothing;
    behavior truncated:
      assumes len - i < RDMANEG_RPCRDMA_MSG_LEN;
      ensures \result == RDMANEG_PD_TRUNCATED;
    behavior bad_version:
      assumes len - i >= RDMANEG_RPCRDMA_MSG_LEN && buf[i + 4] != RDMANEG_RPCRDMA_VERSION;
      ensures \result == RDMANEG_PD_BAD_VERSION;
    behavior present:
      assumes len - i >= RDMANEG_RPCRDMA_MSG_LEN && buf[i + 4] == RDMANEG_RPCRDMA_VERSION;
      ensures \result == RDMANEG_PD_PRESENT;
    complete behaviors;
    disjoint behaviors;
*/
static enum rdmaneg_rpcrdma_reason candidate(const uint8_t *buf, size_t len, size_t i)
{
	/* [rfc8797#5.2]: the content must not overrun the buffer */
#if RDMANEG_PLANTED(decode_overrun)
	if (len - i < RDMANEG_RPCRDMA_MSG_LEN - 1u)
#else
	if (len - i < RDMANEG_RPCRDMA_MSG_LEN)
#endif
		return RDMANEG_PD_TRUNCATED;
	/* [rfc8797#4] and 6: version 1 means exactly these 8 octets */
	/* [rfc8797#4-4] [rpcrdma-cm-pvt-data-01#4-3] */
	if (buf[i + 4] != RDMANEG_RPCRDMA_VERSION)
		return RDMANEG_PD_BAD_VERSION;
	return RDMANEG_PD_PRESENT;
}

/* [rfc8797#5.2]: the first valid message at an offset in 0..last, into *out
 * (absent on entry); the first invalid candidate's reason otherwise. */
/*@ requires ID_LEN <= len && last <= len - ID_LEN;
    requires \valid_read(buf + (0 .. len - 1)) && \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    requires !out->present && out->candidates == 0;
    assigns out->present, out->reason, out->offset, out->version, out->flags,
      out->remote_invalidation, out->send_code, out->recv_code, out->send_size,
      out->recv_size, out->candidates;
    ensures in_buffer: out->present ==>
      out->offset <= last && out->offset + RDMANEG_RPCRDMA_MSG_LEN <= len;
    ensures valid: out->present ==> out->reason == RDMANEG_PD_PRESENT &&
      out->version == RDMANEG_RPCRDMA_VERSION;
    ensures message: out->present ==> rdmaneg_rpcrdma_at(buf, out);
    ensures sizes: out->present ==>
      out->send_size == (out->send_code + 1) * 1024 &&
      out->recv_size == (out->recv_code + 1) * 1024 &&
      RDMANEG_INLINE_MIN <= out->send_size <= RDMANEG_INLINE_MAX &&
      RDMANEG_INLINE_MIN <= out->recv_size <= RDMANEG_INLINE_MAX;
    ensures absent: !out->present ==> out->reason != RDMANEG_PD_PRESENT;
*/
static void search(const uint8_t *buf, size_t len, size_t last, struct rdmaneg_rpcrdma_result *out)
{
	enum rdmaneg_rpcrdma_reason first = RDMANEG_PD_NO_IDENTIFIER;
	size_t i;

	/*@ loop invariant bound: 0 <= i <= last + 1;
	    loop invariant count: out->candidates <= i;
	    loop invariant first: first == RDMANEG_PD_NO_IDENTIFIER ||
	      first == RDMANEG_PD_TRUNCATED || first == RDMANEG_PD_BAD_VERSION;
	    loop assigns i, first, out->candidates;
	    loop variant last - i;
	*/
	for (i = 0; i <= last; i++) {
		enum rdmaneg_rpcrdma_reason r;

#if RDMANEG_PLANTED(search_aligned)
		if (i % 4u != 0u)
			continue;
#endif
		/* [rfc8797#5.2-1] */
		if (!id_at(buf + i))
			continue;
		out->candidates++;
		r = candidate(buf, len, i);
		if (r == RDMANEG_PD_PRESENT) {
			fill(buf + i, i, out);
			return;
		}
#if RDMANEG_PLANTED(reason_last)
		first = r;
#else
		if (first == RDMANEG_PD_NO_IDENTIFIER)
			first = r;
#endif
		/* a truncated candidate leaves no room for a later one */
		if (r == RDMANEG_PD_TRUNCATED)
			break;
	}
	out->reason = first;
}

int rdmaneg_rpcrdma_decode(const uint8_t *buf, size_t len, unsigned flags,
			   struct rdmaneg_rpcrdma_result *out)
{
	size_t last;

	if (!out || (!buf && len > 0) || flags > RDMANEG_DECODE_FLAGS)
		return RDMANEG_E_INVAL;
	absent(out, len == 0 ? RDMANEG_PD_EMPTY : RDMANEG_PD_NO_IDENTIFIER);
	if (len < ID_LEN)
		return RDMANEG_OK;
		/* [rfc8797#5.2]: search at any alignment, up to the last offset with room
	 * for an identifier; strict mode looks at offset 0 only */
#if RDMANEG_PLANTED(search_overrun)
	last = len - ID_LEN + 2u;
#else
	last = len - ID_LEN;
#endif
	if (flags / RDMANEG_DECODE_STRICT % 2u == 1u) /* a bit test the provers follow */
		last = 0;
	search(buf, len, last, out);
	return RDMANEG_OK;
}

const char *rdmaneg_rpcrdma_reason_name(enum rdmaneg_rpcrdma_reason r)
{
	switch (r) {
	case RDMANEG_PD_PRESENT:
		return "present";
	case RDMANEG_PD_EMPTY:
		return "empty";
	case RDMANEG_PD_NO_IDENTIFIER:
		return "no_identifier";
	case RDMANEG_PD_TRUNCATED:
		return "truncated";
	case RDMANEG_PD_BAD_VERSION:
		return "bad_version";
	}
	return "unknown";
}
