// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary octets (0..512) as a CM MAD answering a REQ -> the active
 * side's check against four REQs. */
#include "fuzz/fuzz.h"
#include "rules/ibcm_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [ibcm-c12#rep-2] [ibcm-c12#rep-3]: the check equals the reference's */
	rdmaneg_fuzz_check(rdmaneg_rule_ibcm_active(&o, data, size), &o, "ibcm_active");
	return 0;
}
