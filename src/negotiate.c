#include "negotiate.h"

#include "errors.h"
#include "plant.h"

#include <string.h>

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

int rdmaneg_conn_init(struct rdmaneg_conn *c, enum rdmaneg_role role,
		      const struct rdmaneg_rpcrdma_settings *local)
{
	if (!c || !local ||
	    (role != RDMANEG_ROLE_CLIENT && role != RDMANEG_ROLE_SERVER))
		return RDMANEG_E_INVAL;
	if (local->send_size < RDMANEG_INLINE_MIN ||
	    local->recv_size < RDMANEG_INLINE_MIN)
		return RDMANEG_E_SIZE_TOO_SMALL;
	memset(c, 0, sizeof(*c));
	c->role = role;
	/* normalize exactly as advertised, so both ends compute alike */
	c->local.send_size = rdmaneg_rpcrdma_normalize(local->send_size);
	c->local.recv_size = rdmaneg_rpcrdma_normalize(local->recv_size);
	c->local.remote_invalidation = local->remote_invalidation;
	return RDMANEG_OK;
}

int rdmaneg_conn_local_pd(const struct rdmaneg_conn *c, uint8_t *out, size_t cap)
{
	if (!c)
		return RDMANEG_E_INVAL;
	return rdmaneg_rpcrdma_encode(&c->local, out, cap);
}

int rdmaneg_conn_negotiate(struct rdmaneg_conn *c, const uint8_t *peer_pd,
			   size_t len, unsigned decode_flags)
{
	const struct rdmaneg_rpcrdma_result *r;
	int rc;
#if RDMANEG_PLANTED(stale_peer)
	struct rdmaneg_rpcrdma_result old;
#endif

	if (!c || c->local.send_size < RDMANEG_INLINE_MIN ||
	    c->local.recv_size < RDMANEG_INLINE_MIN)
		return RDMANEG_E_INVAL;
	r = &c->peer;
#if RDMANEG_PLANTED(stale_peer)
	old = c->peer;
#endif
	/* straight into c->peer: decode leaves it untouched on an error, and a
	 * copy through a local costs a store-forwarding stall per call */
	rc = rdmaneg_rpcrdma_decode(peer_pd, len, decode_flags, &c->peer);
	if (rc != RDMANEG_OK)
		return rc;
#if RDMANEG_PLANTED(stale_peer)
	if (!c->peer.present && c->negotiated)
		c->peer = old;
#endif
	if (r->present) {
		c->peer_send = r->send_size;
		c->peer_recv = r->recv_size;
		c->peer_r = r->remote_invalidation;
	} else {
		/* sec. 5.1: as if both Size fields and R were zero */
		c->peer_send = RDMANEG_INLINE_MIN;
		c->peer_recv = RDMANEG_INLINE_MIN;
		c->peer_r = false;
#if RDMANEG_PLANTED(absent_own)
		c->peer_send = c->local.recv_size;
		c->peer_recv = c->local.send_size;
#endif
	}
	/* sec. 4.2: smaller of own send size and peer's receive size */
#if RDMANEG_PLANTED(thresh_own_recv)
	c->send_threshold = min_size(c->local.send_size, c->local.recv_size);
#else
	c->send_threshold = min_size(c->local.send_size, c->peer_recv);
#endif
	c->recv_threshold = min_size(c->peer_send, c->local.recv_size);
	/* sec. 4.1: only when both peers set R */
#if RDMANEG_PLANTED(r_one_side)
	c->remote_invalidation = c->local.remote_invalidation || c->peer_r;
#else
	c->remote_invalidation = c->local.remote_invalidation && c->peer_r;
#endif
	c->negotiated = true;
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
