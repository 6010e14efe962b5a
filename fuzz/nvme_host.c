// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary RDMA_CM_ACCEPT or RDMA_CM_REJECT private data (0..512
 * octets) -> the NVMe-oF RDMA host's checks of both. */
#include "fuzz/fuzz.h"
#include "rules/nvme_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Linux's admin queue, its I/O queue default, and both ends */
	static const uint16_t hsqsizes[] = { 31, 127, 0, 65535 };
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [nvme-rdma#fig6], 7, 11: the defects equal the reference's, and no
	 * field is read from octets that are not there */
	for (size_t i = 0; i < sizeof(hsqsizes) / sizeof(hsqsizes[0]); i++)
		rdmaneg_fuzz_check(rdmaneg_rule_nvme_host(&o, data, size, hsqsizes[i]), &o,
				   "nvme_host");
	return 0;
}
