// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* frames: the captured segments of every suite's console (frames.h) */
#include "live/core/frames.h"
#include "util/hex.h"

#include <string.h>

/* A decimal port 1..65535 at p[*at..n-1] followed by a space: its value,
 * *at past the space */
static bool port_word(const char *p, size_t n, size_t *at, unsigned *port)
{
	unsigned long v = 0;
	size_t i = *at;

	if (i >= n || p[i] < '0' || p[i] > '9')
		return false;
	for (; i < n && p[i] >= '0' && p[i] <= '9'; i++) {
		v = v * 10 + (unsigned long)(p[i] - '0');
		if (v > 65535)
			return false;
	}
	if (v == 0 || i >= n || p[i] != ' ')
		return false;
	*at = i + 1;
	*port = (unsigned)v;
	return true;
}

bool live_seg_read(const char *p, size_t n, unsigned server, struct live_seg *f)
{
	char hex[2 * LIVE_SEG_MAX + 1];
	struct rdmaneg_hex h;
	unsigned sport, dport;
	size_t at = 0;

	if (!port_word(p, n, &at, &sport) || !port_word(p, n, &at, &dport) ||
	    (sport != server && dport != server) || at >= n || n - at >= sizeof(hex) ||
	    memchr(p + at, ' ', n - at) || memchr(p + at, '\0', n - at))
		return false;
	memcpy(hex, p + at, n - at);
	hex[n - at] = '\0';
	rdmaneg_hex_init(&h, f->b, sizeof(f->b));
	if (rdmaneg_hex_feed(&h, hex) != RDMANEG_HEX_OK || !rdmaneg_hex_whole(&h) || h.len == 0)
		return false;
	f->len = h.len;
	f->to_server = dport == server;
	f->client_port = f->to_server ? sport : dport;
	return true;
}

void *live_seg_conn(void *conns, size_t size, size_t port_off, size_t *n, size_t max, unsigned port)
{
	unsigned char *c = conns;
	unsigned have;

	for (size_t i = 0; i < *n; i++) {
		memcpy(&have, c + i * size + port_off, sizeof(have));
		if (have == port)
			return c + i * size;
	}
	if (*n == max)
		return NULL;
	c += (*n)++ * size;
	memset(c, 0, size);
	memcpy(c + port_off, &port, sizeof(port));
	return c;
}
