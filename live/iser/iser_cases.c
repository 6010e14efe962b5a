// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * make live-iser's hostile cases (live/iser/iser.h): the iSER CM header
 * ([iser-a12#req-1], [iser-a12#rep-1]) at every length, each flag
 * combination, reserved bits and octets set, then random headers (a fixed
 * seed: a name names the same octets on every machine).
 */
#include "live/iser/iser.h"

#include "util/rng.h"

#include <string.h>

/* name, role, how, the flags octet, what the initiator does once
 * connected (0: nothing), a reserved octet set (0: none), length */
struct spec {
	const char *name;
	uint8_t role, how, flags, session;
	size_t rsvd_at;
	size_t len;
};

#define T LIVE_ISER_TARGET
#define I LIVE_ISER_INITIATOR
#define A LIVE_ISER_ACCEPT
#define R LIVE_ISER_REJECT

/* The first three of each role are CI's smoke subset (live/iser/iser.sh). */
static const struct spec table[] = {
	/* the hostile target's REP, against ib_iser's REQ */
	{ "t-ok", T, A, 0xc0, 0, 0, 4 },
	{ "t-si-used", T, A, 0x80, 0, 0, 4 },
	{ "t-zbva-used", T, A, 0x40, 0, 0, 4 },
	{ "t-both-used", T, A, 0x00, 0, 0, 4 },
	{ "t-len-0", T, A, 0xc0, 0, 0, 0 },
	{ "t-len-1", T, A, 0xc0, 0, 0, 1 },
	{ "t-len-3", T, A, 0xc0, 0, 0, 3 },
	{ "t-len-40", T, A, 0xc0, 0, 0, 40 },
	{ "t-len-196", T, A, 0xc0, 0, 0, 196 },
	{ "t-rsvd-bit-01", T, A, 0xc1, 0, 0, 4 },
	{ "t-rsvd-bits-3f", T, A, 0xff, 0, 0, 4 },
	{ "t-rsvd-octet-1", T, A, 0xc0, 0, 1, 4 },
	{ "t-rsvd-octet-3", T, A, 0xc0, 0, 3, 4 },
	{ "t-reject", T, R, 0xc0, 0, 0, 0 },
	{ "t-reject-pd", T, R, 0xc0, 0, 0, 4 },
	/* the hostile initiator's REQ, against isert */
	{ "i-linux", I, A, 0xc0, 0, 0, 4 },
	{ "i-si-supported", I, A, 0x80, 0, 0, 4 },
	{ "i-len-0", I, A, 0x00, 0, 0, 0 },
	{ "i-both-supported", I, A, 0x00, 0, 0, 4 },
	{ "i-zbva-supported", I, A, 0x40, 0, 0, 4 },
	{ "i-len-1", I, A, 0x80, 0, 0, 1 },
	{ "i-len-2", I, A, 0x80, 0, 0, 2 },
	{ "i-len-3", I, A, 0x80, 0, 0, 3 },
	{ "i-len-1-si-off", I, A, 0xc0, 0, 0, 1 },
	{ "i-len-40", I, A, 0x80, 0, 0, 40 },
	{ "i-len-196", I, A, 0x80, 0, 0, 196 },
	{ "i-rsvd-bit-01", I, A, 0x81, 0, 0, 4 },
	{ "i-rsvd-bits-3f", I, A, 0xbf, 0, 0, 4 },
	{ "i-rsvd-octet-1", I, A, 0x80, 0, 1, 4 },
	{ "i-rsvd-octet-3", I, A, 0x80, 0, 3, 4 },
	/* i-linux's REQ, then a login and a Logout whose connection is
	 * closed, or fails, under isert's response (docs/iser.md) */
	{ "i-logout-then-close", I, A, 0xc0, LIVE_ISER_LOGOUT_CLOSE, 0, 4 },
	{ "i-logout-then-fail", I, A, 0xc0, LIVE_ISER_LOGOUT_FAIL, 0, 4 },
};
#define NTABLE (sizeof(table) / sizeof(table[0]))

static size_t ntarget(void)
{
	size_t n = 0;

	while (n < NTABLE && table[n].role == T)
		n++;
	return n;
}

size_t live_iser_case_count(void)
{
	return NTABLE + (size_t)2 * LIVE_ISER_RANDOM;
}

static void from_spec(const struct spec *s, struct live_iser_case *c)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", s->name);
	c->role = s->role;
	c->how = s->how;
	c->session = s->session;
	c->pd_len = s->len;
	c->pd[0] = s->flags; /* beyond pd_len: not sent */
	if (s->rsvd_at)
		c->pd[s->rsvd_at] = 0xff;
}

/* random case k of a role: 0 to 8 random octets */
static void random_case(uint8_t role, size_t k, struct live_iser_case *c)
{
	uint64_t st = 0x69534552ull + k + (role == I ? 1000u : 0u);

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s-random-%zu", role == I ? "i" : "t", k);
	c->role = role;
	c->how = A;
	c->pd_len = (size_t)(rdmaneg_splitmix64(&st) % 9);
	for (size_t i = 0; i < c->pd_len; i++)
		c->pd[i] = (uint8_t)rdmaneg_splitmix64(&st);
}

bool live_iser_case(size_t i, struct live_iser_case *c)
{
	size_t nt = ntarget();

	if (i < nt) {
		from_spec(&table[i], c);
		return true;
	}
	i -= nt;
	if (i < LIVE_ISER_RANDOM) {
		random_case(T, i, c);
		return true;
	}
	i -= LIVE_ISER_RANDOM;
	if (i < NTABLE - nt) {
		from_spec(&table[nt + i], c);
		return true;
	}
	i -= NTABLE - nt;
	if (i < LIVE_ISER_RANDOM) {
		random_case(I, i, c);
		return true;
	}
	return false;
}

long live_iser_case_index(const char *name)
{
	struct live_iser_case c;

	for (size_t i = 0; live_iser_case(i, &c); i++)
		if (strcmp(c.name, name) == 0)
			return (long)i;
	return -1;
}
