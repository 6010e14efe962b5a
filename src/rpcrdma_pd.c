#include "rpcrdma_pd.h"

#include "errors.h"
#include "plant.h"

#include <string.h>

static const uint8_t format_id[4] = { 0xf6, 0xab, 0x0e, 0x18 };

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
	/* sec. 4.2: above 262144 we still advertise 262144, never wrap */
	*code = units > 255u ? 255u : (uint8_t)units;
#endif
	return RDMANEG_OK;
}

size_t rdmaneg_rpcrdma_code_size(uint8_t code)
{
	return ((size_t)code + 1u) * 1024u;
}

int rdmaneg_rpcrdma_encode(const struct rdmaneg_rpcrdma_settings *s,
			   uint8_t *out, size_t cap)
{
	uint8_t scode;
	uint8_t rcode;
	int rc;

	if (!s || !out)
		return RDMANEG_E_INVAL;
	if (cap < RDMANEG_RPCRDMA_MSG_LEN)
		return RDMANEG_E_NOSPACE;
	rc = rdmaneg_rpcrdma_size_code(s->send_size, &scode);
	if (rc != RDMANEG_OK)
		return rc;
	rc = rdmaneg_rpcrdma_size_code(s->recv_size, &rcode);
	if (rc != RDMANEG_OK)
		return rc;
	memcpy(out, format_id, sizeof(format_id));
	out[4] = RDMANEG_RPCRDMA_VERSION;
	/* sec. 4: Reserved bits are sent as zero */
	out[5] = s->remote_invalidation ? RDMANEG_RPCRDMA_R_BIT : 0u;
	out[6] = scode;
	out[7] = rcode;
	return RDMANEG_OK;
}

static bool id_at(const uint8_t *buf, size_t i)
{
	return buf[i] == format_id[0] && buf[i + 1] == format_id[1] &&
	       buf[i + 2] == format_id[2] && buf[i + 3] == format_id[3];
}

static void fill(const uint8_t *m, size_t off, struct rdmaneg_rpcrdma_result *out)
{
	out->present = true;
	out->reason = RDMANEG_PD_PRESENT;
	out->offset = off;
	out->version = m[4];
	out->flags = m[5];
	/* sec. 4: receivers ignore the Reserved bits */
	out->remote_invalidation = (m[5] & RDMANEG_RPCRDMA_R_BIT) != 0u;
	out->send_code = m[6];
	out->recv_code = m[7];
	out->send_size = rdmaneg_rpcrdma_code_size(m[6]);
	out->recv_size = rdmaneg_rpcrdma_code_size(m[7]);
}

/* Checks one identifier occurrence at i; fills out when it is valid. */
static enum rdmaneg_rpcrdma_reason candidate(const uint8_t *buf, size_t len, size_t i,
					     struct rdmaneg_rpcrdma_result *out)
{
	/* sec. 5.2: the content must not overrun the buffer */
#if RDMANEG_PLANTED(decode_overrun)
	if (len - i < RDMANEG_RPCRDMA_MSG_LEN - 1u)
#else
	if (len - i < RDMANEG_RPCRDMA_MSG_LEN)
#endif
		return RDMANEG_PD_TRUNCATED;
	/* sec. 4 and 6: version 1 means exactly these 8 octets */
	if (buf[i + 4] != RDMANEG_RPCRDMA_VERSION)
		return RDMANEG_PD_BAD_VERSION;
	fill(buf + i, i, out);
	return RDMANEG_PD_PRESENT;
}

int rdmaneg_rpcrdma_decode(const uint8_t *buf, size_t len, unsigned flags,
			   struct rdmaneg_rpcrdma_result *out)
{
	enum rdmaneg_rpcrdma_reason first = RDMANEG_PD_NO_IDENTIFIER;
	size_t i;

	if (!out || (!buf && len > 0) || (flags & ~RDMANEG_DECODE_STRICT) != 0u)
		return RDMANEG_E_INVAL;
	memset(out, 0, sizeof(*out));
	out->reason = len == 0 ? RDMANEG_PD_EMPTY : RDMANEG_PD_NO_IDENTIFIER;
	if (len < sizeof(format_id))
		return RDMANEG_OK;
	/* sec. 5.2: search at any alignment; strict mode looks at 0 only */
	for (i = 0; i + sizeof(format_id) <= len; i++) {
		enum rdmaneg_rpcrdma_reason r;

		if ((flags & RDMANEG_DECODE_STRICT) != 0u) {
			if (i > 0)
				break;
		} else {
#if RDMANEG_PLANTED(search_aligned)
			if (i % 4u != 0u)
				continue;
#else
			/* memchr: no per-octet work until a first octet matches;
			 * the last identifier starts at len - 4 */
#if RDMANEG_PLANTED(search_overrun)
			const uint8_t *hit = memchr(buf + i, format_id[0], len - i - 1u);
#else
			const uint8_t *hit = memchr(buf + i, format_id[0], len - i - 3u);
#endif

			if (!hit)
				break;
			i = (size_t)(hit - buf);
#endif
		}
		if (!id_at(buf, i))
			continue;
		out->candidates++;
		r = candidate(buf, len, i, out);
		if (r == RDMANEG_PD_PRESENT)
			return RDMANEG_OK;
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
