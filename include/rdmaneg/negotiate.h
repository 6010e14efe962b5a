/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: RFC 8797 inline-threshold and remote-invalidation negotiation. */
#ifndef RDMANEG_NEGOTIATE_H
#define RDMANEG_NEGOTIATE_H

#include "errors.h"
#include "rpcrdma_pd.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rdmaneg_role {
	RDMANEG_ROLE_CLIENT = 0, /* actively connects, sends the request */
	RDMANEG_ROLE_SERVER = 1	 /* accepts */
};

/* Per-connection state ([rfc8797#4]: values may change on reconnect). */
struct rdmaneg_conn {
	enum rdmaneg_role role;
	struct rdmaneg_rpcrdma_settings local; /* normalized as advertised */
	struct rdmaneg_rpcrdma_result peer;    /* last decode of peer's data */
	size_t peer_send;		       /* peer's sizes, defaults if absent */
	size_t peer_recv;
	bool peer_r;
	size_t send_threshold;	  /* min(own send, peer recv) */
	size_t recv_threshold;	  /* min(peer send, own recv) */
	bool remote_invalidation; /* both set R ([rfc8797#4.1]) */
	bool negotiated;
};

/* ACSL contracts: see rpcrdma_pd.h and docs/proof.md. */

/*
 * Starts the connection state c for role (client or server) with this
 * side's settings local: both sizes normalized as they will be advertised
 * ([rfc8797#4.2]), no peer yet (c->negotiated false until
 * rdmaneg_conn_negotiate). Returns RDMANEG_OK, RDMANEG_E_INVAL (a NULL
 * pointer or an unknown role; *c untouched) or RDMANEG_E_SIZE_TOO_SMALL (a
 * size below 1024).
 */
/*@ requires c == \null || \valid(c);
    requires local == \null || \valid_read(local);
    requires c == \null || local == \null || \separated(c, local);
    assigns *c;
    behavior inval:
      assumes c == \null || local == \null ||
        (role != RDMANEG_ROLE_CLIENT && role != RDMANEG_ROLE_SERVER);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior small:
      assumes c != \null && local != \null &&
        (role == RDMANEG_ROLE_CLIENT || role == RDMANEG_ROLE_SERVER) &&
        (local->send_size < RDMANEG_INLINE_MIN || local->recv_size < RDMANEG_INLINE_MIN);
      assigns \nothing;
      ensures \result == RDMANEG_E_SIZE_TOO_SMALL;
    behavior ok:
      assumes c != \null && local != \null &&
        (role == RDMANEG_ROLE_CLIENT || role == RDMANEG_ROLE_SERVER) &&
        local->send_size >= RDMANEG_INLINE_MIN && local->recv_size >= RDMANEG_INLINE_MIN;
      ensures \result == RDMANEG_OK;
      ensures c->role == role;
      ensures !c->negotiated && !c->peer.present;
      ensures normalized: RDMANEG_INLINE_MIN <= c->local.send_size <= RDMANEG_INLINE_MAX &&
        RDMANEG_INLINE_MIN <= c->local.recv_size <= RDMANEG_INLINE_MAX &&
        c->local.send_size <= \old(local->send_size) && c->local.recv_size <= \old(local->recv_size);
      ensures c->local.remote_invalidation == \old(local->remote_invalidation);
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_conn_init(struct rdmaneg_conn *c, enum rdmaneg_role role,
		      const struct rdmaneg_rpcrdma_settings *local);

/* The 8 octets this side of c sends (rdmaneg_rpcrdma_encode of its
 * settings) into out, which has cap octets of room. Returns what
 * rdmaneg_rpcrdma_encode returns. */
/*@ requires c == \null || \valid_read(c);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires c == \null || out == \null || \separated(c, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_RPCRDMA_MSG_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE || \result == RDMANEG_E_SIZE_TOO_SMALL;
*/
int rdmaneg_conn_local_pd(const struct rdmaneg_conn *c, uint8_t *out, size_t cap);

/*
 * Decodes the private data the peer sent, peer_pd[0..len-1] (len 0 for
 * none), with decode_flags as rdmaneg_rpcrdma_decode takes them, and sets
 * c's thresholds ([rfc8797#4.2]): send_threshold = min(own send, peer
 * receive), recv_threshold = min(peer send, own receive), each within
 * 1024..262144; remote_invalidation only when both set R ([rfc8797#4.1]).
 * Calling it again replaces all peer-derived state. Returns RDMANEG_OK or
 * RDMANEG_E_INVAL (c NULL or never initialised, peer_pd NULL with len > 0,
 * unknown flags; *c is then untouched).
 */
/*@ requires c == \null || \valid(c);
    requires peer_pd == \null || \valid_read(peer_pd + (0 .. len - 1));
    requires c == \null || peer_pd == \null || \separated(c, peer_pd + (0 .. len - 1));
    assigns c->peer, c->peer_send, c->peer_recv, c->peer_r, c->send_threshold,
      c->recv_threshold, c->remote_invalidation, c->negotiated;
    behavior inval:
      assumes c == \null || c->local.send_size < RDMANEG_INLINE_MIN ||
        c->local.recv_size < RDMANEG_INLINE_MIN || (peer_pd == \null && len > 0) ||
        decode_flags > RDMANEG_DECODE_FLAGS;
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior ok:
      assumes c != \null && c->local.send_size >= RDMANEG_INLINE_MIN &&
        c->local.recv_size >= RDMANEG_INLINE_MIN && !(peer_pd == \null && len > 0) &&
        decode_flags <= RDMANEG_DECODE_FLAGS;
      ensures \result == RDMANEG_OK && c->negotiated;
      ensures thresholds_in_range: // [rfc8797#4.2], RFC 8166 sec. 3.3.3
        RDMANEG_INLINE_MIN <= c->send_threshold <= RDMANEG_INLINE_MAX &&
        RDMANEG_INLINE_MIN <= c->recv_threshold <= RDMANEG_INLINE_MAX;
      ensures send_threshold: // [rfc8797#4.2]: min(own send, peer receive)
        c->send_threshold == (c->local.send_size < c->peer_recv ?
                              c->local.send_size : c->peer_recv);
      ensures recv_threshold:
        c->recv_threshold == (c->peer_send < c->local.recv_size ?
                              c->peer_send : c->local.recv_size);
      ensures peer_sizes: c->peer.present ==>
        c->peer_send == c->peer.send_size && c->peer_recv == c->peer.recv_size &&
        c->peer_r == c->peer.remote_invalidation;
      // [rfc8797#5.1-1]
      ensures absent_defaults: !c->peer.present ==> // [rfc8797#5.1]
        c->peer_send == RDMANEG_INLINE_MIN && c->peer_recv == RDMANEG_INLINE_MIN && !c->peer_r;
      // [rfc8797#4.1-1] [rpcrdma-cm-pvt-data-01#5.1-1]
      ensures remote_invalidation: // [rfc8797#4.1]: both sides set R
        c->remote_invalidation <==> (c->local.remote_invalidation && c->peer_r);
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_conn_negotiate(struct rdmaneg_conn *c, const uint8_t *peer_pd, size_t len,
			   unsigned decode_flags);

/* The inline threshold from client to server of connection c
 * ([rfc8797#4.2]): the client's send_threshold, the server's recv_threshold. */
/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == (c->role == RDMANEG_ROLE_CLIENT ? c->send_threshold : c->recv_threshold);
*/
size_t rdmaneg_conn_c2s(const struct rdmaneg_conn *c);

/* The inline threshold from server to client of connection c: the
 * client's recv_threshold, the server's send_threshold. */
/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == (c->role == RDMANEG_ROLE_CLIENT ? c->recv_threshold : c->send_threshold);
*/
size_t rdmaneg_conn_s2c(const struct rdmaneg_conn *c);

#endif
