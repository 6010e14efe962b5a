// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary octets -> MPA Request/Reply parse; whatever parses rebuilds
 * to the same octets and never trusts PD_Length beyond the buffer. */
#include "fuzz/fuzz.h"
#include "rules/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	const uint8_t *ulp;
	size_t ulp_len;
	struct rdmaneg_oracle o;

	if (size > 1024)
		return 0;
	/* [rfc5044#7.1.2-18] */
	rdmaneg_fuzz_check(rdmaneg_rule_frame(&o, data, size, &f), &o, "mpa_frame");
	if (f.frame_len == 0)
		return 0;
	if (f.enhanced)
		/* [rfc6581#6-13] */
		rdmaneg_fuzz_check(
			rdmaneg_mpa_frame_enh(&f, &e) != 0
				? rdmaneg_oracle_fail(
					  &o, "[rfc6581#9]: S=1 frame without an enhanced word")
				: 0,
			&o, "mpa_frame");
	rdmaneg_fuzz_check(
		rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) != 0 ||
				/* [rfc5044#7.1.2-19] */
				(ulp_len > 0 && ulp + ulp_len > data + size)
			? rdmaneg_oracle_fail(&o, "[rfc6581#9]: ULP data beyond the frame")
			: 0,
		&o, "mpa_frame");
	return 0;
}
