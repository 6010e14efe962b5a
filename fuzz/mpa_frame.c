/* Arbitrary octets -> MPA Request/Reply parse; whatever parses rebuilds
 * to the same octets and never trusts PD_Length beyond the buffer. */
#include "fuzz.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	const uint8_t *ulp;
	size_t ulp_len;
	struct pbt p;

	if (size > 1024)
		return 0;
	pbt_init(&p, data, size, false);
	rdmaneg_fuzz_check(rdmaneg_rule_frame(&p, data, size, &f), &p, "mpa_frame");
	if (f.frame_len == 0)
		return 0;
	if (f.enhanced)
		rdmaneg_fuzz_check(rdmaneg_mpa_frame_enh(&f, &e) != 0 ?
				   pbt_fail(&p, "RFC 6581 9: S=1 frame without an enhanced word") : 0,
				   &p, "mpa_frame");
	rdmaneg_fuzz_check(rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) != 0 ||
				   (ulp_len > 0 && ulp + ulp_len > data + size) ?
			   pbt_fail(&p, "RFC 6581 9: ULP data beyond the frame") : 0,
			   &p, "mpa_frame");
	return 0;
}
