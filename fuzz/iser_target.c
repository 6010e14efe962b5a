// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary iSER CM REQ private data (0..512 octets) -> the target's
 * reading of it and the REP it answers with, under each capability. */
#include "fuzz/fuzz.h"
#include "rules/iser_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [iser-a12#req-1] to [iser-a12#req-3]: the flags, the defects and
	 * the REP equal the reference's */
	rdmaneg_fuzz_check(rdmaneg_rule_iser_target(&o, data, size), &o, "iser_target");
	return 0;
}
