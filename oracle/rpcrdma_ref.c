// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rpcrdma_ref: the oracle's reading of RFC 8797 (see rpcrdma_ref.h) */
#include "oracle/rpcrdma_ref.h"

#include "oracle/ref.h"

#include <string.h>

NO_COVERAGE long rdmaneg_ref_find(const uint8_t *buf, size_t len)
{
	for (size_t i = 0; i + 8 <= len; i++)
		if (buf[i] == 0xf6 && buf[i + 1] == 0xab && buf[i + 2] == 0x0e &&
		    buf[i + 3] == 0x18 && buf[i + 4] == 1)
			return (long)i;
	return -1;
}

NO_COVERAGE void rdmaneg_ref_decode(const uint8_t *buf, size_t len, bool strict,
				    struct rdmaneg_rpcrdma_result *r)
{
	memset(r, 0, sizeof(*r));
	r->reason = len == 0 ? RDMANEG_PD_EMPTY : RDMANEG_PD_NO_IDENTIFIER;
	for (size_t i = 0; i + 4 <= len && (!strict || i == 0); i++) {
		enum rdmaneg_rpcrdma_reason why;

		/* [rfc8797#4-3] [rpcrdma-cm-pvt-data-01#4-2] */
		if (buf[i] != 0xf6 || buf[i + 1] != 0xab || buf[i + 2] != 0x0e ||
		    buf[i + 3] != 0x18)
			continue;
		r->candidates++;
		/* [rpcrdma-cm-pvt-data-01#4-3] */
		if (len - i >= 8 && buf[i + 4] == 1) {
			r->present = true;
			r->reason = RDMANEG_PD_PRESENT;
			r->offset = i;
			r->version = 1;
			r->flags = buf[i + 5];
			r->remote_invalidation = (buf[i + 5] & 1) != 0;
			r->send_code = buf[i + 6];
			r->recv_code = buf[i + 7];
			r->send_size = ((size_t)buf[i + 6] + 1) * 1024;
			r->recv_size = ((size_t)buf[i + 7] + 1) * 1024;
			return;
		}
		why = len - i < 8 ? RDMANEG_PD_TRUNCATED : RDMANEG_PD_BAD_VERSION;
		if (r->reason == RDMANEG_PD_NO_IDENTIFIER)
			r->reason = why;
		/* a cut-off candidate is the last place a message could start */
		if (why == RDMANEG_PD_TRUNCATED)
			return;
	}
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

NO_COVERAGE void rdmaneg_ref_thresholds(const uint8_t *own, size_t own_n, const uint8_t *peer,
					size_t peer_n, size_t *send, size_t *recv, bool *ri)
{
	struct rdmaneg_rpcrdma_result o, p;

	rdmaneg_ref_decode(own, own_n, false, &o);
	rdmaneg_ref_decode(peer, peer_n, false, &p);
	*send = min_size(o.present ? o.send_size : RDMANEG_INLINE_MIN,
			 p.present ? p.recv_size : RDMANEG_INLINE_MIN);
	*recv = min_size(o.present ? o.recv_size : RDMANEG_INLINE_MIN,
			 p.present ? p.send_size : RDMANEG_INLINE_MIN);
	*ri = o.present && o.remote_invalidation && p.present && p.remote_invalidation;
}
