// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary SMB Direct Negotiate Response, or IRD/ORD private data
 * (0..512 octets) -> the client's checks of both. */
#include "fuzz/fuzz.h"
#include "rules/smbd_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Linux cifs 6.1's receive size (1364), the minimum, and the largest */
	static const uint32_t owns[] = { 1364, 128, 0xFFFFFFFFu };
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [ms-smbd#3.1.5.7] [ms-smbd#6.1]: the defects equal the reference's,
	 * and no field is read from octets that are not there */
	for (size_t i = 0; i < sizeof(owns) / sizeof(owns[0]); i++)
		rdmaneg_fuzz_check(rdmaneg_rule_smbd_client(&o, data, size, owns[i]), &o,
				   "smbd_client");
	return 0;
}
