// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary private data (0..512 octets) -> RFC 8797 decode, both modes. */
#include "fuzz/fuzz.h"
#include "rules/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [rfc8797#5.2]: strict-present implies search-present at 0; offset + 8 <= len;
	 * both agree with the reference decoder */
	rdmaneg_fuzz_check(rdmaneg_rule_decode(&o, data, size), &o, "rpcrdma_decode");
	return 0;
}
