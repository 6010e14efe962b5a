// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Fuzzed initiator/responder capacities and request flags through
 * [rfc6581#9.1] and 9.2: inequalities, 0x3FFF rules, A/B/C/D, TERM;
 * and each side alone against any word the other could send. */
#include "fuzz/prop.h"
#include "properties/props.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1024)
		return 0;
	/* [rfc6581#9.2-12] */
	rdmaneg_fuzz_prop(prop_ird_ord, data, size, "mpa_negotiate");
	/* [rfc6581#9.2-2] */
	rdmaneg_fuzz_prop(prop_rtr, data, size, "mpa_negotiate");
	rdmaneg_fuzz_prop(prop_hostile_reply, data, size, "mpa_negotiate");
	rdmaneg_fuzz_prop(prop_respond, data, size, "mpa_negotiate");
	rdmaneg_fuzz_prop(prop_liveness, data, size, "mpa_negotiate");
	return 0;
}
