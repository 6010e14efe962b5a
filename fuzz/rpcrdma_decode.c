/* Arbitrary private data (0..512 octets) -> RFC 8797 decode, both modes. */
#include "fuzz.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pbt p;

	if (size > 512)
		return 0;
	pbt_init(&p, data, size, false);
	/* sec. 5.2: strict-present implies search-present at 0; offset + 8 <= len;
	 * both agree with the reference decoder */
	rdmaneg_fuzz_check(rdmaneg_rule_decode(&p, data, size), &p, "rpcrdma_decode");
	return 0;
}
