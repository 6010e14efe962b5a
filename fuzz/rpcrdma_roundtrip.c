// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* encode(decode(x)) == x (Reserved cleared) and decode(encode(s)) == s. */
#include "fuzz/prop.h"
#include "properties/props.h"
#include <rdmaneg/rdmaneg.h>

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_rpcrdma_result r;
	struct rdmaneg_rpcrdma_settings s;
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	if (rdmaneg_rpcrdma_decode(data, size, RDMANEG_DECODE_SEARCH, &r) == 0 && r.present) {
		uint8_t m[8], want[8];

		s.send_size = r.send_size;
		s.recv_size = r.recv_size;
		s.remote_invalidation = r.remote_invalidation;
		memcpy(want, data + r.offset, 8);
		want[5] &= RDMANEG_RPCRDMA_R_BIT; /* [rfc8797#4]: Reserved sent as zero */
		/* [rfc8797#4-2] [rfc8797#4-5] [rpcrdma-cm-pvt-data-01#4-1] */
		rdmaneg_fuzz_check(
			rdmaneg_rpcrdma_encode(&s, m, sizeof(m)) != 0 || memcmp(m, want, 8) != 0
				? rdmaneg_oracle_fail(
					  &o, "[rfc8797#4.2]: encode(decode(x)) != x at offset %zu",
					  r.offset)
				: 0,
			&o, "rpcrdma_roundtrip");
	}
	rdmaneg_fuzz_prop(prop_roundtrip, data, size, "rpcrdma_roundtrip");
	return 0;
}
