/* rdmaneg: RFC 8797 inline-threshold and remote-invalidation negotiation. */
#ifndef RDMANEG_NEGOTIATE_H
#define RDMANEG_NEGOTIATE_H

#include "rpcrdma_pd.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rdmaneg_role {
	RDMANEG_ROLE_CLIENT = 0, /* actively connects, sends the request */
	RDMANEG_ROLE_SERVER = 1  /* accepts */
};

/* Per-connection state (RFC 8797 sec. 4: values may change on reconnect). */
struct rdmaneg_conn {
	enum rdmaneg_role role;
	struct rdmaneg_rpcrdma_settings local; /* normalized as advertised */
	struct rdmaneg_rpcrdma_result peer;    /* last decode of peer's data */
	size_t peer_send;          /* peer's sizes, defaults if absent */
	size_t peer_recv;
	bool peer_r;
	size_t send_threshold;     /* min(own send, peer recv) */
	size_t recv_threshold;     /* min(peer send, own recv) */
	bool remote_invalidation;  /* both set R (sec. 4.1) */
	bool negotiated;
};

/* Validates and normalizes the local settings (sizes >= 1024). */
int rdmaneg_conn_init(struct rdmaneg_conn *c, enum rdmaneg_role role,
		      const struct rdmaneg_rpcrdma_settings *local);

/* The 8 octets this side sends. */
int rdmaneg_conn_local_pd(const struct rdmaneg_conn *c, uint8_t *out, size_t cap);

/*
 * Decodes what the peer sent (any length, 0 for none) and computes both
 * thresholds. Calling it again replaces all peer-derived state.
 */
int rdmaneg_conn_negotiate(struct rdmaneg_conn *c, const uint8_t *peer_pd,
			   size_t len, unsigned decode_flags);

/* Direction-named views of the two thresholds. */
size_t rdmaneg_conn_c2s(const struct rdmaneg_conn *c);
size_t rdmaneg_conn_s2c(const struct rdmaneg_conn *c);

#endif
