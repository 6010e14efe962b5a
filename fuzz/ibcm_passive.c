// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary octets (0..512) as a CM MAD sent to a listener -> the passive
 * side's reading: defects, attribute, IDs, private data span. */
#include "fuzz/fuzz.h"
#include "rules/ibcm_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [ibcm-c12#mad-1] to [ibcm-c12#cma-2]: the reading equals the
	 * reference's */
	rdmaneg_fuzz_check(rdmaneg_rule_ibcm_passive(&o, data, size), &o, "ibcm_passive");
	return 0;
}
