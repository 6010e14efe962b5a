// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_rpc: the two RPCs the hostile NFS client sends after its connection
 * (NULL and a COMPOUND, RFC 8166 sec. 4 over RFC 5531), and the reading of
 * nfsd's replies.
 */
#include "live/nfs/nfs.h"

#include <stdint.h>
#include <string.h>

struct xdr {
	uint8_t *b;
	size_t cap, n;
	bool over;
};

static void put32(struct xdr *x, uint32_t v)
{
	if (x->cap - x->n < 4) {
		x->over = true;
		return;
	}
	for (int i = 3; i >= 0; i--)
		x->b[x->n++] = (uint8_t)(v >> (i * 8));
}

/* RFC 8166 4: xid, version 1, credits, RDMA_MSG, three empty chunk lists;
 * then the RPC call header (RFC 5531 9) up to the credential */
static void call_head(struct xdr *x, uint32_t xid, uint32_t proc)
{
	static const uint32_t head[] = { 1, 8, 0, 0, 0, 0 };

	put32(x, xid);
	for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
		put32(x, head[i]);
	put32(x, xid);
	put32(x, 0);	  /* CALL */
	put32(x, 2);	  /* RPC version */
	put32(x, 100003); /* NFS */
	put32(x, 4);
	put32(x, proc);
}

/* out is written through x (struct xdr) */
/* NOLINTNEXTLINE(readability-non-const-parameter) */
size_t live_nfs_rpc_null(uint32_t xid, uint8_t *out, size_t cap)
{
	struct xdr x = { out, cap, 0, false };

	call_head(&x, xid, 0);
	for (int i = 0; i < 4; i++) /* AUTH_NONE credential and verifier */
		put32(&x, 0);
	return x.over ? 0 : x.n;
}

/* NOLINTNEXTLINE(readability-non-const-parameter) */
size_t live_nfs_rpc_compound(uint32_t xid, unsigned getfh, uint8_t *out, size_t cap)
{
	struct xdr x = { out, cap, 0, false };

	call_head(&x, xid, 1);
	put32(&x, 1);  /* AUTH_SYS */
	put32(&x, 28); /* stamp, "rdmaneg" (7 + 1 pad), uid 0, gid 0, no gids */
	put32(&x, 0);
	put32(&x, 7);
	put32(&x, 0x72646d61); /* "rdma" */
	put32(&x, 0x6e656700); /* "neg" and the pad */
	put32(&x, 0);
	put32(&x, 0);
	put32(&x, 0);
	put32(&x, 0); /* AUTH_NONE verifier */
	put32(&x, 0);
	put32(&x, 0); /* COMPOUND4args (RFC 7530 16.2): empty tag, minor version 0 */
	put32(&x, 0);
	put32(&x, 1 + getfh);
	put32(&x, 24); /* OP_PUTROOTFH */
	for (unsigned i = 0; i < getfh; i++)
		put32(&x, 10); /* OP_GETFH */
	return x.over ? 0 : x.n;
}

static long get32(const uint8_t *b, size_t len, size_t at)
{
	if (at > len || len - at < 4)
		return -1;
	return (long)((uint32_t)b[at] << 24 | (uint32_t)b[at + 1] << 16 | (uint32_t)b[at + 2] << 8 |
		      b[at + 3]);
}

void live_nfs_reply_parse(const uint8_t *b, size_t len, struct live_nfs_reply *r)
{
	long vlen;

	r->proc = get32(b, len, 12);
	r->accept = r->nfs_status = -1;
	/* RDMA_MSG with the three chunk lists empty: the RPC reply at 28 */
	if (r->proc != 0 || get32(b, len, 16) != 0 || get32(b, len, 20) != 0 ||
	    get32(b, len, 24) != 0 || get32(b, len, 32) != 1 || get32(b, len, 36) != 0)
		return;
	vlen = get32(b, len, 44); /* the verifier's body length */
	if (vlen < 0 || vlen > 400)
		return;
	r->accept = get32(b, len, 48 + ((size_t)vlen + 3) / 4 * 4);
	if (r->accept == 0)
		r->nfs_status = get32(b, len, 52 + ((size_t)vlen + 3) / 4 * 4);
}
