// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary iSER CM REP private data (0..512 octets) -> the initiator's
 * check of it after each of the four REQs it may have sent. */
#include "fuzz/fuzz.h"
#include "rules/iser_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [iser-a12#rep-1]: the defects equal the reference's */
	rdmaneg_fuzz_check(rdmaneg_rule_iser_initiator(&o, data, size), &o, "iser_initiator");
	return 0;
}
