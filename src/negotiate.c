// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <rdmaneg/negotiate.h>

#include "plants/plant.h"
#include <rdmaneg/errors.h>

/*@ assigns \nothing;
    ensures \result == (a < b ? a : b);
*/
static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

int rdmaneg_conn_init(struct rdmaneg_conn *c, enum rdmaneg_role role,
		      const struct rdmaneg_rpcrdma_settings *local)
{
	if (!c || !local || (role != RDMANEG_ROLE_CLIENT && role != RDMANEG_ROLE_SERVER))
		return RDMANEG_E_INVAL;
	if (local->send_size < RDMANEG_INLINE_MIN || local->recv_size < RDMANEG_INLINE_MIN)
		return RDMANEG_E_SIZE_TOO_SMALL;
	/* every field, one by one (docs/proof.md: no memset of a struct) */
	c->role = role;
	/* normalize exactly as advertised, so both ends compute alike */
	c->local.send_size = rdmaneg_rpcrdma_normalize(local->send_size);
	c->local.recv_size = rdmaneg_rpcrdma_normalize(local->recv_size);
	c->local.remote_invalidation = local->remote_invalidation;
	/* no peer data yet: decode of nothing is the empty, absent result */
	(void)rdmaneg_rpcrdma_decode(NULL, 0, RDMANEG_DECODE_SEARCH, &c->peer);
	c->peer_send = 0;
	c->peer_recv = 0;
	c->peer_r = false;
	c->send_threshold = 0;
	c->recv_threshold = 0;
	c->remote_invalidation = false;
	c->negotiated = false;
	return RDMANEG_OK;
}

int rdmaneg_conn_local_pd(const struct rdmaneg_conn *c, uint8_t *out, size_t cap)
{
	if (!c)
		return RDMANEG_E_INVAL;
	return rdmaneg_rpcrdma_encode(&c->local, out, cap);
}

/* The peer-derived state from c->peer and c->local ([rfc8797#4.1],
 * 4.2, 5.1). A function of its own so that its proof sees only what it
 * needs of decode's contract. */
/*@ requires \valid(c);
    requires c->local.send_size >= RDMANEG_INLINE_MIN &&
      c->local.recv_size >= RDMANEG_INLINE_MIN;
    requires c->peer.present ==>
      RDMANEG_INLINE_MIN <= c->peer.send_size <= RDMANEG_INLINE_MAX &&
      RDMANEG_INLINE_MIN <= c->peer.recv_size <= RDMANEG_INLINE_MAX;
    assigns c->peer_send, c->peer_recv, c->peer_r, c->send_threshold,
      c->recv_threshold, c->remote_invalidation, c->negotiated;
    ensures c->negotiated;
    ensures RDMANEG_INLINE_MIN <= c->send_threshold <= RDMANEG_INLINE_MAX &&
      RDMANEG_INLINE_MIN <= c->recv_threshold <= RDMANEG_INLINE_MAX;
    ensures c->send_threshold == (c->local.send_size < c->peer_recv ?
                                  c->local.send_size : c->peer_recv);
    ensures c->recv_threshold == (c->peer_send < c->local.recv_size ?
                                  c->peer_send : c->local.recv_size);
    ensures c->peer.present ==>
      c->peer_send == c->peer.send_size && c->peer_recv == c->peer.recv_size &&
      c->peer_r == c->peer.remote_invalidation;
    ensures !c->peer.present ==>
      c->peer_send == RDMANEG_INLINE_MIN && c->peer_recv == RDMANEG_INLINE_MIN && !c->peer_r;
    ensures c->remote_invalidation <==> (c->local.remote_invalidation && c->peer_r);
*/
static void derive(struct rdmaneg_conn *c)
{
	/* [rfc8797#1-1] */
	if (c->peer.present) {
		c->peer_send = c->peer.send_size;
		c->peer_recv = c->peer.recv_size;
		c->peer_r = c->peer.remote_invalidation;
	} else {
		/* [rfc8797#5.1]: as if both Size fields and R were zero */
		/* [rfc8797#5.1-1] */
		c->peer_send = RDMANEG_INLINE_MIN;
		c->peer_recv = RDMANEG_INLINE_MIN;
		c->peer_r = false;
#if RDMANEG_PLANTED(absent_own)
		c->peer_send = c->local.recv_size;
		c->peer_recv = c->local.send_size;
#endif
	}
	/* [rfc8797#4.2]: smaller of own send size and peer's receive size */
#if RDMANEG_PLANTED(thresh_own_recv)
	c->send_threshold = min_size(c->local.send_size, c->local.recv_size);
#else
	c->send_threshold = min_size(c->local.send_size, c->peer_recv);
#endif
	c->recv_threshold = min_size(c->peer_send, c->local.recv_size);
	/* [rfc8797#4.1]: only when both peers set R */
#if RDMANEG_PLANTED(r_one_side)
	c->remote_invalidation = c->local.remote_invalidation || c->peer_r;
#else
	/* [rfc8797#4.1-1] [rfc8797#4.1-3] [rpcrdma-cm-pvt-data-01#5.1-1] [rpcrdma-cm-pvt-data-01#5.1-3] */
	c->remote_invalidation = c->local.remote_invalidation && c->peer_r;
#endif
	c->negotiated = true;
}

int rdmaneg_conn_negotiate(struct rdmaneg_conn *c, const uint8_t *peer_pd, size_t len,
			   unsigned decode_flags)
{
#if RDMANEG_PLANTED(stale_peer)
	struct rdmaneg_rpcrdma_result old;
#endif

	/* decode's own argument checks, made here so that an invalid call
	 * leaves *c untouched and decode below cannot fail */
	if (!c || c->local.send_size < RDMANEG_INLINE_MIN ||
	    c->local.recv_size < RDMANEG_INLINE_MIN || (!peer_pd && len > 0) ||
	    decode_flags > RDMANEG_DECODE_FLAGS)
		return RDMANEG_E_INVAL;
#if RDMANEG_PLANTED(stale_peer)
	old = c->peer;
#endif
	/* straight into c->peer: a copy through a local costs a
	 * store-forwarding stall per call */
	/* [rfc8797#4-1] */
	(void)rdmaneg_rpcrdma_decode(peer_pd, len, decode_flags, &c->peer);
#if RDMANEG_PLANTED(stale_peer)
	if (!c->peer.present && c->negotiated)
		c->peer = old;
#endif
	derive(c);
	return RDMANEG_OK;
}

size_t rdmaneg_conn_c2s(const struct rdmaneg_conn *c)
{
	return c->role == RDMANEG_ROLE_CLIENT ? c->send_threshold : c->recv_threshold;
}

size_t rdmaneg_conn_s2c(const struct rdmaneg_conn *c)
{
	return c->role == RDMANEG_ROLE_CLIENT ? c->recv_threshold : c->send_threshold;
}
