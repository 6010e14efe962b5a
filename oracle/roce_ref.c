// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* roce_ref: the oracle's reading (see roce_ref.h) */
#include "oracle/roce_ref.h"

#include <string.h>

static uint32_t crc_update(uint32_t c, const uint8_t *p, size_t n)
{
	static uint32_t t[256];

	if (t[1] == 0) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t v = i;

			for (int k = 0; k < 8; k++)
				v = (v & 1u) ? 0xEDB88320u ^ (v >> 1) : v >> 1;
			t[i] = v;
		}
	}
	for (size_t i = 0; i < n; i++)
		c = t[(c ^ p[i]) & 0xFFu] ^ (c >> 8);
	return c;
}

int rdmaneg_ref_roce_masked(size_t i, unsigned v)
{
	/* IPv4: TOS 1, TTL 8, checksum 10-11; IPv6: traffic class and flow
	 * label 0-3 (octet 0's version nibble excepted), hop limit 7; UDP
	 * checksum; BTH octet 4 */
	if (v == 4)
		return i == 1 || i == 8 || i == 10 || i == 11 || i == 26 || i == 27 || i == 32;
	return i == 1 || i == 2 || i == 3 || i == 7 || i == 46 || i == 47 || i == 52;
}

uint32_t rdmaneg_ref_roce_icrc(const uint8_t *ip, size_t len, unsigned v)
{
	static const uint8_t ones[8] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	uint8_t hdr[40 + 8 + 12];
	size_t hl = v == 4 ? 20 + 8 + 12 : 40 + 8 + 12;
	uint32_t c;

	if (len < hl + 4)
		return 0;
	memcpy(hdr, ip, hl);
	if (v == 4) {
		hdr[1] = 0xFF;
		hdr[8] = 0xFF;
		hdr[10] = hdr[11] = 0xFF;
		hdr[26] = hdr[27] = 0xFF;
		hdr[32] = 0xFF;
	} else {
		hdr[0] |= 0x0F;
		hdr[1] = hdr[2] = hdr[3] = 0xFF;
		hdr[7] = 0xFF;
		hdr[46] = hdr[47] = 0xFF;
		hdr[52] = 0xFF;
	}
	c = crc_update(0xFFFFFFFFu, ones, sizeof(ones));
	c = crc_update(c, hdr, hl);
	c = crc_update(c, ip + hl, len - hl - 4);
	return ~c;
}
