// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * make live-smbd's hostile cases (live/smbd/smbd.h): the IRD/ORD header
 * ([ms-smbd#6.1]) at every length and value edge, and every field of the
 * Negotiate Request ([ms-smbd#2.2.1]) and Response ([ms-smbd#2.2.2]) at
 * its edges, then random mutations of each role's message (a fixed seed:
 * a name names the same octets on every machine).
 */
#include "live/smbd/smbd_live.h"

#include "util/rng.h"

#include <stdio.h>
#include <string.h>

/* name, role, what, how, pd: its length, IRD, ORD, little-endian; the
 * message: field offset, width, value, length (-1: as built) */
struct spec {
	const char *name;
	size_t pd_len, off;
	long len;
	uint32_t ird, ord, val;
	unsigned w;
	uint8_t role, what, how;
	bool le;
};
/* a row in the order above's comment names (OK8 is four of them) */
#define ROW(...) ROW_(__VA_ARGS__)
#define ROW_(n, r, wh, h, pl, i, o, le_, of, w_, v, l) \
	{ \
		n, pl, of, l, i, o, v, w_, r, wh, h, le_ \
	}

#define S LIVE_SMBD_SERVER
#define C LIVE_SMBD_CLIENT
#define PD LIVE_SMBD_W_PD
#define MSG LIVE_SMBD_W_MSG
#define CM LIVE_SMBD_W_CM
#define OK8 8, 16, 16, false /* the IRD/ORD header a conforming peer sends */

/* The first three of each role are CI's smoke subset (live/smbd/smbd.sh). */
static const struct spec table[] = {
	/* the hostile server, against cifs: the response's fields
	 * ([ms-smbd#2.2.2-1]; offsets of the 32-octet response) */
	ROW("s-ok", S, MSG, 0, OK8, 0, 0, 0, -1),
	ROW("s-status-not-supported", S, MSG, 0, OK8, 12, 4, RDMANEG_SMBD_STATUS_NOT_SUPPORTED, -1),
	ROW("s-len-31", S, MSG, 0, OK8, 0, 0, 0, 31),
	ROW("s-len-1", S, MSG, 0, OK8, 0, 0, 0, 1),
	ROW("s-len-16", S, MSG, 0, OK8, 0, 0, 0, 16),
	ROW("s-len-33", S, MSG, 0, OK8, 0, 0, 0, 33),
	ROW("s-len-64", S, MSG, 0, OK8, 0, 0, 0, 64),
	ROW("s-version-0", S, MSG, 0, OK8, 4, 2, 0, -1),
	ROW("s-version-0200", S, MSG, 0, OK8, 4, 2, 0x0200, -1),
	ROW("s-version-ffff", S, MSG, 0, OK8, 4, 2, 0xffff, -1),
	ROW("s-minmax-ffff", S, MSG, 0, OK8, 0, 4, 0xffffffffu, -1),
	ROW("s-reserved-ffff", S, MSG, 0, OK8, 6, 2, 0xffff, -1),
	ROW("s-credits-requested-0", S, MSG, 0, OK8, 8, 2, 0, -1),
	ROW("s-credits-requested-ffff", S, MSG, 0, OK8, 8, 2, 0xffff, -1),
	ROW("s-credits-granted-0", S, MSG, 0, OK8, 10, 2, 0, -1),
	ROW("s-credits-granted-ffff", S, MSG, 0, OK8, 10, 2, 0xffff, -1),
	ROW("s-status-1", S, MSG, 0, OK8, 12, 4, 1, -1),
	ROW("s-status-ffffffff", S, MSG, 0, OK8, 12, 4, 0xffffffffu, -1),
	ROW("s-readwrite-0", S, MSG, 0, OK8, 16, 4, 0, -1),
	ROW("s-readwrite-1", S, MSG, 0, OK8, 16, 4, 1, -1),
	ROW("s-readwrite-ffffffff", S, MSG, 0, OK8, 16, 4, 0xffffffffu, -1),
	ROW("s-preferred-0", S, MSG, 0, OK8, 20, 4, 0, -1),
	ROW("s-preferred-1365", S, MSG, 0, OK8, 20, 4, 1365, -1),
	ROW("s-preferred-ffffffff", S, MSG, 0, OK8, 20, 4, 0xffffffffu, -1),
	ROW("s-receive-0", S, MSG, 0, OK8, 24, 4, 0, -1),
	ROW("s-receive-127", S, MSG, 0, OK8, 24, 4, 127, -1),
	ROW("s-receive-128", S, MSG, 0, OK8, 24, 4, 128, -1),
	ROW("s-receive-ffffffff", S, MSG, 0, OK8, 24, 4, 0xffffffffu, -1),
	ROW("s-fragmented-0", S, MSG, 0, OK8, 28, 4, 0, -1),
	ROW("s-fragmented-131071", S, MSG, 0, OK8, 28, 4, 131071, -1),
	ROW("s-fragmented-131072", S, MSG, 0, OK8, 28, 4, 131072, -1),
	ROW("s-fragmented-ffffffff", S, MSG, 0, OK8, 28, 4, 0xffffffffu, -1),
	/* ... the IRD/ORD header of the accept ([ms-smbd#6.1]) */
	ROW("s-pd-none", S, PD, 0, 0, 16, 16, false, 0, 0, 0, -1),
	ROW("s-pd-len-1", S, PD, 0, 1, 16, 16, false, 0, 0, 0, -1),
	ROW("s-pd-len-4", S, PD, 0, 4, 16, 16, false, 0, 0, 0, -1),
	ROW("s-pd-len-7", S, PD, 0, 7, 16, 16, false, 0, 0, 0, -1),
	ROW("s-pd-len-9", S, PD, 0, 9, 16, 16, false, 0, 0, 0, -1),
	ROW("s-pd-len-40", S, PD, 0, 40, 16, 16, false, 0, 0, 0, -1),
	ROW("s-pd-ird-0", S, PD, 0, 8, 0, 16, false, 0, 0, 0, -1),
	ROW("s-pd-ord-0", S, PD, 0, 8, 16, 0, false, 0, 0, 0, -1),
	ROW("s-pd-ird-ffffffff", S, PD, 0, 8, 0xffffffffu, 16, false, 0, 0, 0, -1),
	ROW("s-pd-ord-ffffffff", S, PD, 0, 8, 16, 0xffffffffu, false, 0, 0, 0, -1),
	ROW("s-pd-le", S, PD, 0, 8, 16, 16, true, 0, 0, 0, -1),
	/* ... the connection refused */
	ROW("s-reject", S, CM, LIVE_SMBD_REJECT, 0, 0, 0, false, 0, 0, 0, -1),
	ROW("s-reject-pd", S, CM, LIVE_SMBD_REJECT, OK8, 0, 0, 0, -1),
	/* ... no answer: the mount killed while its connect is held */
	ROW("s-killed-in-connect", S, CM, LIVE_SMBD_HOLD, 0, 0, 0, false, 0, 0, 0, -1),
	/* the hostile client, against ksmbd: the request's fields
	 * ([ms-smbd#2.2.1-1]; offsets of the 20-octet request) */
	ROW("c-ok", C, MSG, 0, OK8, 0, 0, 0, -1),
	ROW("c-len-19", C, MSG, 0, OK8, 0, 0, 0, 19),
	ROW("c-version-0200", C, MSG, 0, OK8, 0, 4, 0x02000200u, -1),
	ROW("c-len-1", C, MSG, 0, OK8, 0, 0, 0, 1),
	ROW("c-len-4", C, MSG, 0, OK8, 0, 0, 0, 4),
	ROW("c-len-12", C, MSG, 0, OK8, 0, 0, 0, 12),
	ROW("c-len-21", C, MSG, 0, OK8, 0, 0, 0, 21),
	ROW("c-len-64", C, MSG, 0, OK8, 0, 0, 0, 64),
	ROW("c-version-0", C, MSG, 0, OK8, 0, 4, 0, -1),
	ROW("c-version-max-below-min", C, MSG, 0, OK8, 0, 4, 0x00ff0100u, -1),
	ROW("c-version-0-to-ffff", C, MSG, 0, OK8, 0, 4, 0xffff0000u, -1),
	ROW("c-version-0101-to-ffff", C, MSG, 0, OK8, 0, 4, 0xffff0101u, -1),
	ROW("c-version-00ff-to-0100", C, MSG, 0, OK8, 0, 4, 0x010000ffu, -1),
	ROW("c-reserved-ffff", C, MSG, 0, OK8, 4, 2, 0xffff, -1),
	ROW("c-credits-0", C, MSG, 0, OK8, 6, 2, 0, -1),
	ROW("c-credits-1", C, MSG, 0, OK8, 6, 2, 1, -1),
	ROW("c-credits-ffff", C, MSG, 0, OK8, 6, 2, 0xffff, -1),
	ROW("c-preferred-0", C, MSG, 0, OK8, 8, 4, 0, -1),
	ROW("c-preferred-127", C, MSG, 0, OK8, 8, 4, 127, -1),
	ROW("c-preferred-ffffffff", C, MSG, 0, OK8, 8, 4, 0xffffffffu, -1),
	ROW("c-receive-0", C, MSG, 0, OK8, 12, 4, 0, -1),
	ROW("c-receive-127", C, MSG, 0, OK8, 12, 4, 127, -1),
	ROW("c-receive-128", C, MSG, 0, OK8, 12, 4, 128, -1),
	ROW("c-receive-129", C, MSG, 0, OK8, 12, 4, 129, -1),
	ROW("c-receive-ffffffff", C, MSG, 0, OK8, 12, 4, 0xffffffffu, -1),
	ROW("c-fragmented-0", C, MSG, 0, OK8, 16, 4, 0, -1),
	ROW("c-fragmented-131071", C, MSG, 0, OK8, 16, 4, 131071, -1),
	ROW("c-fragmented-131072", C, MSG, 0, OK8, 16, 4, 131072, -1),
	ROW("c-fragmented-131073", C, MSG, 0, OK8, 16, 4, 131073, -1),
	ROW("c-fragmented-ffffffff", C, MSG, 0, OK8, 16, 4, 0xffffffffu, -1),
	/* ... the IRD/ORD header of the request ([ms-smbd#6.1]) */
	ROW("c-pd-none", C, PD, 0, 0, 16, 16, false, 0, 0, 0, -1),
	ROW("c-pd-len-1", C, PD, 0, 1, 16, 16, false, 0, 0, 0, -1),
	ROW("c-pd-len-4", C, PD, 0, 4, 16, 16, false, 0, 0, 0, -1),
	ROW("c-pd-len-7", C, PD, 0, 7, 16, 16, false, 0, 0, 0, -1),
	ROW("c-pd-len-9", C, PD, 0, 9, 16, 16, false, 0, 0, 0, -1),
	ROW("c-pd-len-40", C, PD, 0, 40, 16, 16, false, 0, 0, 0, -1),
	ROW("c-pd-ird-0", C, PD, 0, 8, 0, 16, false, 0, 0, 0, -1),
	ROW("c-pd-ord-0", C, PD, 0, 8, 16, 0, false, 0, 0, 0, -1),
	ROW("c-pd-ird-ffffffff", C, PD, 0, 8, 0xffffffffu, 16, false, 0, 0, 0, -1),
	ROW("c-pd-ord-ffffffff", C, PD, 0, 8, 16, 0xffffffffu, false, 0, 0, 0, -1),
	ROW("c-pd-le", C, PD, 0, 8, 16, 16, true, 0, 0, 0, -1),
	/* ... connection requests withdrawn before ksmbd accepts them, then
	 * c-ok's connection, which ksmbd must still answer */
	ROW("c-abort-before-accept", C, CM, LIVE_SMBD_ABORT, OK8, 0, 0, 0, -1),
};
#define NTABLE (sizeof(table) / sizeof(table[0]))

/* the server's rows: table[]'s first */
static size_t nserver(void)
{
	size_t n = 0;

	while (n < NTABLE && table[n].role == S)
		n++;
	return n;
}

size_t live_smbd_case_count(void)
{
	return NTABLE + (size_t)2 * LIVE_SMBD_RANDOM;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void put_le(uint8_t *p, unsigned w, uint32_t v)
{
	for (unsigned i = 0; i < w; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void from_spec(const struct spec *s, struct live_smbd_case *c)
{
	uint8_t h[8];

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", s->name);
	c->role = s->role;
	c->what = s->what;
	c->how = s->how;
	if (s->le) {
		put_le(h, 4, s->ird);
		put_le(h + 4, 4, s->ord);
	} else {
		put_be32(h, s->ird);
		put_be32(h + 4, s->ord);
	}
	c->pd_len = s->pd_len;
	memcpy(c->pd, h, s->pd_len < 8 ? s->pd_len : 8); /* the rest: zeros */
	c->off = s->off;
	c->w = s->w;
	c->val = s->val;
	c->len = s->len;
}

/* random case k of a role: 1 to 4 octets of the message flipped, and one
 * case in four cut or padded */
static void random_case(uint8_t role, size_t k, struct live_smbd_case *c)
{
	uint64_t st = 0x5342444cull + k + (role == LIVE_SMBD_CLIENT ? 1000u : 0u);
	size_t base = role == LIVE_SMBD_CLIENT ? RDMANEG_SMBD_REQ_LEN : RDMANEG_SMBD_RESP_LEN;
	unsigned flips = 1 + (unsigned)(rdmaneg_splitmix64(&st) % 4);

	from_spec(&table[role == LIVE_SMBD_CLIENT ? nserver() : 0], c);
	snprintf(c->name, sizeof(c->name), "%s-random-%zu", role == LIVE_SMBD_CLIENT ? "c" : "s",
		 k);
	for (unsigned i = 0; i < flips; i++) {
		uint64_t r = rdmaneg_splitmix64(&st);

		c->mask[r % base] ^= (uint8_t)(1 + (r >> 8) % 255);
	}
	if (rdmaneg_splitmix64(&st) % 4 == 0)
		c->len = (long)(rdmaneg_splitmix64(&st) % LIVE_SMBD_MSG);
}

bool live_smbd_case(size_t i, struct live_smbd_case *c)
{
	size_t ns = nserver();

	if (i < ns) {
		from_spec(&table[i], c);
		return true;
	}
	i -= ns;
	if (i < LIVE_SMBD_RANDOM) {
		random_case(LIVE_SMBD_SERVER, i, c);
		return true;
	}
	i -= LIVE_SMBD_RANDOM;
	if (i < NTABLE - ns) {
		from_spec(&table[ns + i], c);
		return true;
	}
	i -= NTABLE - ns;
	if (i < LIVE_SMBD_RANDOM) {
		random_case(LIVE_SMBD_CLIENT, i, c);
		return true;
	}
	return false;
}

long live_smbd_case_index(const char *name)
{
	struct live_smbd_case c;

	for (size_t i = 0; live_smbd_case(i, &c); i++)
		if (strcmp(c.name, name) == 0)
			return (long)i;
	return -1;
}

void live_smbd_cifs_request(struct rdmaneg_smbd_req *r)
{
	/* smbd_receive_credit_max 255, smbd_max_send_size 1364,
	 * smbd_max_receive_size 1364, smbd_max_fragmented_recv_size 1 MiB */
	memset(r, 0, sizeof(*r));
	r->min_version = RDMANEG_SMBD_V1;
	r->max_version = RDMANEG_SMBD_V1;
	r->credits_requested = 255;
	r->preferred_send_size = 1364;
	r->max_receive_size = 1364;
	r->max_fragmented_size = 1048576;
}

size_t live_smbd_message(const struct live_smbd_case *c, const uint8_t *base, size_t base_len,
			 uint8_t *out, size_t cap)
{
	size_t n = base_len < cap ? base_len : cap;

	if (cap < LIVE_SMBD_MSG)
		return 0;
	memset(out, 0, cap);
	memcpy(out, base, n);
	if (c->w && c->off + c->w <= LIVE_SMBD_MSG)
		put_le(out + c->off, c->w, c->val);
	for (size_t i = 0; i < LIVE_SMBD_MSG; i++)
		out[i] ^= c->mask[i];
	return c->len >= 0 ? (size_t)c->len : n;
}

size_t live_smbd_response(const uint8_t *req, size_t len, uint8_t *out, size_t cap)
{
	const struct rdmaneg_smbd_local loc = RDMANEG_SMBD_LOCAL_LINUX;
	struct rdmaneg_smbd_answer a;

	if (rdmaneg_smbd_server_judge(req, len, &loc, &a) != RDMANEG_OK ||
	    a.action == RDMANEG_SMBD_TERMINATE)
		return 0;
	return rdmaneg_smbd_resp_encode(&a.resp, out, cap) == RDMANEG_OK ? RDMANEG_SMBD_RESP_LEN
									 : 0;
}
