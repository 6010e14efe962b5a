// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The benchmark's ceiling: an empty target built with the same flags. */
#include "fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return 0;
}
