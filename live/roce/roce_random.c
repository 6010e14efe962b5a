// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's random REQs; see roce_random.h. */
#include "live/roce/roce_random.h"

#include "live/roce/roce_mads.h"
#include "util/hex.h"
#include "util/rng.h"
#include <rdmaneg/ibcm.h>

#include <stdio.h>
#include <string.h>

void live_roce_random_req(uint8_t *mad, uint64_t seed)
{
	const size_t first = RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID,
		     span = RDMANEG_IBCM_F_REQ_ALTERNATE_LOCAL_ACK_TIMEOUT - first + 1;
	uint64_t x = seed;
	size_t edits = 2 + (size_t)(rdmaneg_splitmix64(&x) % 3);

	for (size_t e = 0; e < edits; e++) {
		size_t f = first + (size_t)(rdmaneg_splitmix64(&x) % span), off, n;
		uint64_t pick = rdmaneg_splitmix64(&x), v = rdmaneg_splitmix64(&x), mask;
		struct rdmaneg_ibcm_field fd;

		if (f == RDMANEG_IBCM_F_REQ_SERVICE_ID || rdmaneg_ibcm_field(f, &fd) != RDMANEG_OK)
			continue;
		if (fd.width > 64) {
			if (rdmaneg_ibcm_field_octets(f, &off, &n) == RDMANEG_OK)
				memset(mad + off, pick % 2 ? 0xFF : 0, n);
			continue;
		}
		mask = fd.width >= 64 ? ~0ull : (1ull << fd.width) - 1;
		switch (pick % 4) {
		case 0:
			v = 0;
			break;
		case 1:
			v = 1ull << (fd.width - 1);
			break;
		case 2:
			v = mask;
			break;
		default:
			v &= mask;
			break;
		}
		live_roce_put(mad, f, v);
	}
}

void live_roce_random_name(uint64_t seed, char *name, size_t cap)
{
	snprintf(name, cap, "rnd-%016llx", (unsigned long long)seed);
}

bool live_roce_seed_parse(const char *s, uint64_t *seed)
{
	size_t n = s ? strlen(s) : 0;
	uint64_t v = 0;

	if (n == 0 || n > 16)
		return false;
	for (size_t i = 0; i < n; i++) {
		int d = rdmaneg_hex_digit((unsigned char)s[i]);

		if (d < 0 || (s[i] >= 'A' && s[i] <= 'F'))
			return false;
		v = v << 4 | (uint64_t)d;
	}
	*seed = v;
	return true;
}

bool live_roce_random_seed(const char *name, uint64_t *seed)
{
	return name && strncmp(name, "rnd-", 4) == 0 && strlen(name) == 4 + 16 &&
	       live_roce_seed_parse(name + 4, seed);
}
