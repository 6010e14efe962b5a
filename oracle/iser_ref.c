// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* iser_ref: the oracle's reading (see iser_ref.h) */
#include "oracle/iser_ref.h"

bool rdmaneg_ref_iser_may_invalidate(const uint8_t *buf, size_t len)
{
	/* [iser-a12#req-1]: no 4-octet header offers nothing; I is bit 6 */
	return len >= 4 && (buf[0] & 0x40) == 0;
}
