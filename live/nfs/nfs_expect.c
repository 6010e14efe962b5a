// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_expect: the expectation pass of make live-nfs. For every captured
 * connection and hostile case, what RFC 8797 requires of the two messages
 * twice: the RFC column (the oracle's reference decoder and [rfc8797#4.2] read
 * directly) and the core's column. nfs_judge.c compares Linux with both.
 */
#include "live/nfs/nfs.h"

#include "rules/rules.h"
#include <rdmaneg/negotiate.h>

#include <string.h>

/* The RFC column: the oracle's reading of [rfc8797#4.1], 4.2 and 5.1 with
 * its reference decoder (rdmaneg_ref_thresholds), never the core */
static struct live_nfs_th rfc_th(const uint8_t *own, size_t own_n, const uint8_t *peer,
				 size_t peer_n)
{
	struct live_nfs_th t;

	rdmaneg_ref_thresholds(own, own_n, peer, peer_n, &t.send, &t.recv, &t.ri);
	return t;
}

/* The core column: the same with the core, in role: its own message
 * (decoded by the core) as its local settings, then negotiated with the
 * peer's octets. All zero when the core refuses. */
static struct live_nfs_th core_th(enum rdmaneg_role role, const uint8_t *own, size_t own_n,
				  const uint8_t *peer, size_t peer_n)
{
	struct rdmaneg_rpcrdma_settings local = { RDMANEG_INLINE_MIN, RDMANEG_INLINE_MIN, false };
	struct rdmaneg_rpcrdma_result m;
	struct rdmaneg_conn conn;
	struct live_nfs_th t = { 0, 0, false };

	rdmaneg_rpcrdma_decode(own, own_n, RDMANEG_DECODE_SEARCH, &m);
	if (m.present) {
		local.send_size = m.send_size;
		local.recv_size = m.recv_size;
		local.remote_invalidation = m.remote_invalidation;
	}
	if (rdmaneg_conn_init(&conn, role, &local) != RDMANEG_OK ||
	    rdmaneg_conn_negotiate(&conn, peer, peer_n, RDMANEG_DECODE_SEARCH) != RDMANEG_OK)
		return t;
	t.send = conn.send_threshold;
	t.recv = conn.recv_threshold;
	t.ri = conn.remote_invalidation;
	return t;
}

void live_nfs_expect(struct live_nfs *r)
{
	/* the server-to-client threshold ([rfc8797#4.2], and 5.1 for a side
	 * without a message: the defaults) is the client's receive threshold */
	for (size_t i = 0; i < r->nhostile; i++) {
		struct live_nfs_hostile *h = &r->hostile[i];
		struct live_nfs_case c;

		if (!h->known || !live_nfs_case_named(h->name, &c))
			continue;
		h->threshold = rfc_th(c.pd, c.pd_len, h->reply_pd, h->reply_pd_len).recv;
		h->core_threshold =
			core_th(RDMANEG_ROLE_CLIENT, c.pd, c.pd_len, h->reply_pd, h->reply_pd_len)
				.recv;
	}
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		struct live_nfs_served *v = &r->served[k];

		if (!v->seen)
			continue;
		/* the kernel client's own message, as it sent it to us, and the
		 * case's as the server's */
		rdmaneg_rpcrdma_decode(v->c.pd, v->c.pd_len, RDMANEG_DECODE_SEARCH, &v->msg);
		v->rfc = rfc_th(v->client_pd, v->client_pd_len, v->c.pd, v->c.pd_len);
		v->core = core_th(RDMANEG_ROLE_CLIENT, v->client_pd, v->client_pd_len, v->c.pd,
				  v->c.pd_len);
	}
	for (size_t i = 0; i < r->nconn; i++) {
		struct live_nfs_conn *c = &r->conn[i];
		const uint8_t *cu, *su;
		size_t cn, sn;

		if (!c->client.seen || !c->server.seen)
			continue;
		live_nfs_side_ulp(&c->client, &cu, &cn);
		live_nfs_side_ulp(&c->server, &su, &sn);
		c->rfc_client = rfc_th(cu, cn, su, sn);
		c->rfc_server = rfc_th(su, sn, cu, cn);
		c->core_client = core_th(RDMANEG_ROLE_CLIENT, cu, cn, su, sn);
		c->core_server = core_th(RDMANEG_ROLE_SERVER, su, sn, cu, cn);
	}
}
