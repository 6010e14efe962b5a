/* Both peers' settings and the (possibly mutated) octets each receives,
 * from the input as a choice stream; both roles, every promised invariant. */
#include "fuzz.h"
#include "props.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1024)
		return 0;
	rdmaneg_fuzz_prop(prop_thresholds, data, size, "rpcrdma_negotiate");
	rdmaneg_fuzz_prop(prop_remote_invalidation, data, size, "rpcrdma_negotiate");
	rdmaneg_fuzz_prop(prop_agreement, data, size, "rpcrdma_negotiate");
	rdmaneg_fuzz_prop(prop_reconnect, data, size, "rpcrdma_negotiate");
	rdmaneg_fuzz_prop(prop_absent_defaults, data, size, "rpcrdma_negotiate");
	return 0;
}
