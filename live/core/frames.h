/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * frames: the one reader of the captured segments every suite's console
 * carries ("TAG_FRAME SPORT DPORT HEX": make live-nfs, live-nvme,
 * live-iser, live-smbd), and the one table of connections they are kept
 * in, by the client's port.
 */
#ifndef RDMANEG_LIVE_FRAMES_H
#define RDMANEG_LIVE_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LIVE_SEG_MAX ((size_t)2048) /* octets of one captured segment, at most */

/* One captured segment between a client and the server's port. */
struct live_seg {
	unsigned client_port; /* the other end's port */
	bool to_server;	      /* sent to the server's port */
	size_t len;
	uint8_t b[LIVE_SEG_MAX];
};

/* Reads "SPORT DPORT HEX" (p[0..n-1], no tag): two decimal ports in
 * 1..65535, one of them server, each followed by one space, then the
 * segment as whole hex octets (at most LIVE_SEG_MAX). False, with *f
 * unspecified, for anything else. */
bool live_seg_read(const char *p, size_t n, unsigned server, struct live_seg *f);

/* A suite's connections: an array of *n elements (at most max) of size
 * octets each, whose unsigned at offset port_off is the client's port.
 * Returns the element of port, or a new one, zeroed but for its port;
 * NULL when the array is full. */
void *live_seg_conn(void *conns, size_t size, size_t port_off, size_t *n, size_t max,
		    unsigned port);

#endif
