/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * session: one case on the wire. MPA over a plain TCP socket: send the
 * crafted frame as the case says (whole, byte by byte, nothing, or the
 * header and a FIN), then read what the SUT does until the case timeout
 * and classify it (expect.h). Every read is bounded by the buffer and
 * every wait by a deadline.
 */
#ifndef RDMANEG_PEER_SESSION_H
#define RDMANEG_PEER_SESSION_H

#include "peer/expect.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#define RDMANEG_PEER_RX_MAX 4096u

struct rdmaneg_peer_wire {
	uint8_t rx[RDMANEG_PEER_RX_MAX]; /* what the SUT sent, from the start */
	size_t rx_len;
	uint8_t req[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX]; /* REPLY: the SUT's Request */
	size_t req_len;
	uint16_t sut_port;   /* the SUT's TCP port of this connection */
	uint16_t local_port; /* ours */
	double ms;	     /* from connect (or accept) to the first outcome */
	char err[160];	     /* set when the case could not run */
};

/* Parses "HOST:PORT" (IPv4, IPv6 in brackets, or a name). */
int rdmaneg_peer_addr(const char *s, struct sockaddr_storage *sa, socklen_t *len, char *err,
		      size_t errcap);

/* REQUEST role. Returns 0, or -1 with w->err set when it could not connect. */
int rdmaneg_peer_run_request(const struct sockaddr_storage *sa, socklen_t salen, const uint8_t *f,
			     size_t n, enum rdmaneg_peer_delivery d, int timeout_ms,
			     struct rdmaneg_peer_obs *o, struct rdmaneg_peer_wire *w);

/* Builds the Reply for the SUT's Request. */
typedef size_t (*rdmaneg_peer_make_reply)(void *ctx, const uint8_t *req, size_t req_n, uint8_t *out,
					  size_t cap);

/* REPLY role: accepts one connection on lfd (waiting up to accept_ms),
 * reads the SUT's Request, sends make()'s Reply and observes. The frame
 * sent is left in f[0..*n-1]. Returns 0, or -1 with w->err set. */
int rdmaneg_peer_run_reply(int lfd, int accept_ms, rdmaneg_peer_make_reply make, void *ctx,
			   enum rdmaneg_peer_delivery d, int timeout_ms, uint8_t *f, size_t cap,
			   size_t *n, struct rdmaneg_peer_obs *o, struct rdmaneg_peer_wire *w);

/* A listening TCP socket on port (0: any); -1 with err set. */
int rdmaneg_peer_listen(uint16_t port, char *err, size_t errcap);

/* Milliseconds on the monotonic clock. */
double rdmaneg_peer_now_ms(void);

/* Sends f[0..n-1] as the delivery says; false when the SUT reset. */
int rdmaneg_peer_send(int fd, const uint8_t *f, size_t n, enum rdmaneg_peer_delivery d);

/* Reads until a whole MPA frame (header and PD_Length octets) is in buf or
 * the frame is found invalid, EOF, or the deadline. It carries on from
 * the *len octets already in buf (start with 0). Returns the core's
 * parse status of buf[0..*len-1], with -1 for EOF/timeout before 20 octets. */
int rdmaneg_peer_read_frame(int fd, uint8_t *buf, size_t cap, size_t *len, double deadline);

#endif
