// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Arbitrary RDMA_CM_REQUEST private data (0..512 octets) -> the NVMe-oF
 * RDMA target's judgement, under three targets' limits. */
#include "fuzz/fuzz.h"
#include "rules/nvme_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Linux nvmet 6.1 (128 I/O queues, NVME_AQ_DEPTH 32, NVMET_QUEUE_SIZE
	 * 1024), the smallest target, and the largest the fields can name */
	static const struct rdmaneg_nvme_limits lims[] = { { 128, 32, 1024 },
							   { 0, 2, 2 },
							   { 65535, 65536, 65536 } };
	struct rdmaneg_oracle o;

	if (size > 512)
		return 0;
	/* [nvme-rdma#fig5], 11: the strict status and the conforming set equal
	 * the reference's; the fields are their octets; encode(decode) */
	for (size_t i = 0; i < sizeof(lims) / sizeof(lims[0]); i++)
		rdmaneg_fuzz_check(rdmaneg_rule_nvme_target(&o, data, size, &lims[i]), &o,
				   "nvme_target");
	return 0;
}
