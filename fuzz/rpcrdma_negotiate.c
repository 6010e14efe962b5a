// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Both peers' settings and the (possibly corrupted) octets each receives,
 * from the input as a choice stream; both roles, every promised invariant:
 * thresholds in 1024..262144, within the peer's receive and our own send
 * size, R only when both set it, and agreement when nothing was corrupted. */
#include "fuzz/prop.h"
#include "properties/props.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1024)
		return 0;
	/* [rpcrdma-cm-pvt-data-01#5.1-3] */
	rdmaneg_fuzz_prop(prop_exchange, data, size, "rpcrdma_negotiate");
	return 0;
}
