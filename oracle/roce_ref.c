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

/* the 16-bit words of p[0..n-1] added into a 32-bit sum, an odd octet
 * last as the high half of a word (RFC 1071), the carries kept apart */
static uint32_t words(uint32_t s, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)(p[i] << 8 | p[i + 1]);
	if (n % 2 == 1)
		s += (uint32_t)p[n - 1] << 8;
	return s;
}

static uint16_t complement(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xFFFFu) + (s >> 16);
	return (uint16_t)~s;
}

uint16_t rdmaneg_ref_roce_ip4_csum(const uint8_t *ip)
{
	uint8_t h[20];

	memcpy(h, ip, sizeof(h));
	h[10] = h[11] = 0;
	return complement(words(0, h, sizeof(h)));
}

uint16_t rdmaneg_ref_roce_udp_csum(const uint8_t *ip, size_t len, unsigned v)
{
	/* IPv4: source, destination, zero, protocol, UDP length (RFC 768);
	 * IPv6: source, destination, 32-bit length, 3 zeros, next header */
	uint8_t pseudo[40];
	size_t hl = v == 4 ? 20 : 40, ulen, pn;
	uint32_t s;
	uint16_t c;

	if (len < hl + 8)
		return 0;
	ulen = len - hl;
	memset(pseudo, 0, sizeof(pseudo));
	if (v == 4) {
		memcpy(pseudo, ip + 12, 8);
		pseudo[9] = 17;
		pseudo[10] = (uint8_t)(ulen >> 8);
		pseudo[11] = (uint8_t)ulen;
		pn = 12;
	} else {
		memcpy(pseudo, ip + 8, 32);
		pseudo[34] = (uint8_t)(ulen >> 8);
		pseudo[35] = (uint8_t)ulen;
		pseudo[39] = 17;
		pn = 40;
	}
	s = words(0, pseudo, pn);
	s = words(s, ip + hl, 6);
	s = words(s, ip + hl + 8, ulen - 8);
	c = complement(s);
	return c == 0 ? 0xFFFFu : c;
}
