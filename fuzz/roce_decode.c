// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary octets (0..4200) as a frame off the wire -> a RoCE v2
 * receiver's reading: defects, payload span, the ICRC's verdict. */
#include "fuzz/fuzz.h"
#include "rules/roce_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_oracle o;

	if (size > RDMANEG_ROCE_FRAME_MAX)
		return 0;
	/* [roce-a17#frame-1] to [roce-a17#icrc-1]: the ICRC judged as the
	 * reference judges it, the payload inside the frame */
	rdmaneg_fuzz_check(rdmaneg_rule_roce_decode(&o, data, size), &o, "roce_decode");
	return 0;
}
