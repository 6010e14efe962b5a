// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary SMB Direct Negotiate Request (0..512 octets) -> the server's
 * judgement and the response it sends, under three servers' resources. */
#include "fuzz/fuzz.h"
#include "rules/smbd_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Linux ksmbd 6.1, the smallest server the spec allows, and the
	 * largest the fields can name */
	static const struct rdmaneg_smbd_local locs[] = { RDMANEG_SMBD_LOCAL_LINUX,
							  { 1, 128, 128, 131072, 0 },
							  { 65535, 0xFFFFFFFFu, 0xFFFFFFFFu,
							    0xFFFFFFFFu, 0xFFFFFFFFu } };
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [ms-smbd#3.1.5.6]: the action equals the reference's, the fields
	 * are their octets, and a response passes the reference client */
	for (size_t i = 0; i < sizeof(locs) / sizeof(locs[0]); i++)
		rdmaneg_fuzz_check(rdmaneg_rule_smbd_server(&o, data, size, &locs[i]), &o,
				   "smbd_server");
	return 0;
}
