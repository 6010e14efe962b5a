// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "live/mpa/cases.h"

#include <rdmaneg/rdmaneg.h>

#include <string.h>

#define K ((size_t)1024)
static const size_t sizes[4] = { 1 * K, 4 * K, 32 * K, 256 * K };

enum { MATRIX = 16, SPECIAL = 8, ADVERSARIAL = 13 };
/* siw_send_mpareqrep() adds the 4-octet MPA v2 word to a u8 (see docs/findings.md) */
#define SIW_WRAP_MIN 252u
const int LIVE_FIXED = MATRIX + SPECIAL + ADVERSARIAL;

static void side(struct live_side *s, size_t send, size_t recv, bool r)
{
	memset(s, 0, sizeof(*s));
	s->send = send;
	s->recv = recv;
	s->r = r;
	s->mode = PD_CORE;
}

static void raw(struct live_side *s, const uint8_t *b, size_t n)
{
	s->mode = PD_RAW;
	memcpy(s->raw, b, n);
	s->raw_len = n;
}

/* filler with no 0xf6, so no identifier starts in it */
static void noise(uint8_t *b, size_t n, unsigned v)
{
	for (size_t i = 0; i < n; i++) {
		v = v * 1103515245u + 12345u;
		b[i] = (uint8_t)(v >> 16);
		if (b[i] == 0xf6)
			b[i] = 0xf5;
	}
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void adversarial(int k, struct live_case *c)
{
	static const uint8_t msg[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 7, 3 };
	uint8_t b[sizeof(c->client.raw)];

	c->kind = KIND_ADVERSARIAL;
	side(&c->client, 32 * K, 32 * K, true);
	side(&c->server, 16 * K, 8 * K, true);
	memset(b, 0, sizeof(b));
	switch (k) {
	case 0:
		snprintf(c->name, sizeof(c->name), "adv-empty-raw");
		raw(&c->client, b, 0);
		break;
	case 1:
		snprintf(c->name, sizeof(c->name), "adv-noise-251");
		noise(b, 251, 1);
		raw(&c->client, b, 251);
		break;
	case 2:
		snprintf(c->name, sizeof(c->name), "adv-id-offset-3-valid");
		noise(b, 3, 2);
		memcpy(b + 3, msg, 8);
		raw(&c->client, b, 11);
		break;
	case 3:
		snprintf(c->name, sizeof(c->name), "adv-id-offset-1-truncated");
		noise(b, 1, 3);
		memcpy(b + 1, msg, 7);
		raw(&c->client, b, 8);
		break;
	case 4:
		snprintf(c->name, sizeof(c->name), "adv-wrong-version");
		memcpy(b, msg, 8);
		b[4] = 2;
		raw(&c->client, b, 8);
		break;
	case 5:
		snprintf(c->name, sizeof(c->name), "adv-id-only");
		memcpy(b, msg, 4);
		raw(&c->client, b, 4);
		break;
	case 6:
		snprintf(c->name, sizeof(c->name), "adv-rxe-padded-56");
		memcpy(b, msg, 8);
		raw(&c->client, b, 56);
		break;
	case 7:
		snprintf(c->name, sizeof(c->name), "adv-id-offset-243-valid-251");
		noise(b, 243, 4);
		memcpy(b + 243, msg, 8);
		raw(&c->client, b, 251);
		break;
	case 8:
		snprintf(c->name, sizeof(c->name), "adv-server-wrong-version");
		memcpy(b, msg, 8);
		b[4] = 0;
		raw(&c->server, b, 8);
		break;
	case 9:
		snprintf(c->name, sizeof(c->name), "adv-server-noise-100");
		noise(b, 100, 5);
		raw(&c->server, b, 100);
		break;
	case 10:
		snprintf(c->name, sizeof(c->name), "adv-both-truncated");
		memcpy(b, msg, 6);
		raw(&c->client, b, 6);
		raw(&c->server, b, 7);
		break;
	case 11:
		snprintf(c->name, sizeof(c->name), "adv-invalid-then-valid-odd");
		memcpy(b, msg, 8);
		b[4] = 9;
		noise(b + 8, 5, 6);
		memcpy(b + 13, msg, 8);
		raw(&c->client, b, 21);
		break;
	default:
		/* 252 + 4 = 256 wraps siw's u8 PD_Length to 0: siw must reject */
		snprintf(c->name, sizeof(c->name), "adv-252-siw-pd-length-wrap");
		noise(b, SIW_WRAP_MIN, 7);
		raw(&c->client, b, SIW_WRAP_MIN);
		break;
	}
}

void live_case_make(int i, uint64_t seed, struct live_case *c)
{
	memset(c, 0, sizeof(*c));
	c->c_ird = 4;
	c->c_ord = 4;
	c->s_ird = 4;
	c->s_ord = 4;
	if (i < MATRIX) {
		size_t a = sizes[i / 4], b = sizes[i % 4];
		bool cr = (i % 4) < 2, sr = (i % 4) == 0 || (i % 4) == 2;

		/* every size on every axis, and every R combination */
		c->kind = KIND_MATRIX;
		side(&c->client, a, b, cr);
		side(&c->server, sizes[(i + 1) % 4], sizes[(i / 4 + 2) % 4], sr);
		c->c_ird = (uint8_t)(i % 6);
		c->c_ord = (uint8_t)((i + 3) % 5);
		c->s_ird = (uint8_t)((i + 1) % 7);
		c->s_ord = (uint8_t)(i % 4);
		snprintf(c->name, sizeof(c->name), "matrix-%zuk-%zuk-R%d%d", a / K, b / K, cr, sr);
		return;
	}
	if (i < MATRIX + SPECIAL) {
		int k = i - MATRIX;

		c->kind = KIND_SPECIAL;
		side(&c->client, 32 * K, 32 * K, true);
		side(&c->server, 4 * K, 8 * K, true);
		switch (k) {
		case 0:
			snprintf(c->name, sizeof(c->name), "client-no-pd");
			c->client.mode = PD_NONE;
			break;
		case 1:
			snprintf(c->name, sizeof(c->name), "server-no-pd");
			c->server.mode = PD_NONE;
			break;
		case 2:
			snprintf(c->name, sizeof(c->name), "both-no-pd");
			c->client.mode = c->server.mode = PD_NONE;
			break;
		case 3:
			snprintf(c->name, sizeof(c->name), "oversized-local");
			side(&c->client, 1u << 20, 300000, true);
			side(&c->server, 10u << 20, 263168, false);
			break;
		case 4:
			snprintf(c->name, sizeof(c->name), "odd-sizes");
			side(&c->client, 5000, 70000, false);
			side(&c->server, 9999, 2047, false);
			break;
		case 5:
			snprintf(c->name, sizeof(c->name), "ird-ord-siw-notes");
			c->c_ird = 5;
			c->c_ord = 4;
			c->s_ird = 3;
			c->s_ord = 8;
			break;
		case 6:
			snprintf(c->name, sizeof(c->name), "ird-ord-zero");
			c->c_ird = c->c_ord = c->s_ird = c->s_ord = 0;
			break;
		default:
			snprintf(c->name, sizeof(c->name), "negative-oversize-send");
			side(&c->client, 4 * K, 4 * K, false);
			side(&c->server, 4 * K, 4 * K, false);
			c->negative = true;
			break;
		}
		return;
	}
	if (i < LIVE_FIXED) {
		adversarial(i - MATRIX - SPECIAL, c);
		return;
	}
	{
		uint64_t s = seed * 2654435761u + (uint64_t)i * 40503u + 1;
		struct live_side *sd[2] = { &c->client, &c->server };

		c->kind = KIND_RANDOM;
		for (int j = 0; j < 4; j++)
			rnd(&s);
		for (int j = 0; j < 2; j++) {
			side(sd[j], 1024 + rnd(&s) % (300 * K), 1024 + rnd(&s) % (300 * K),
			     rnd(&s) & 1);
			if (rnd(&s) % 8 == 0)
				sd[j]->mode = PD_NONE;
		}
		c->c_ird = (uint8_t)(rnd(&s) % 17);
		c->c_ord = (uint8_t)(rnd(&s) % 17);
		c->s_ird = (uint8_t)(rnd(&s) % 17);
		c->s_ord = (uint8_t)(rnd(&s) % 17);
		snprintf(c->name, sizeof(c->name), "random-%d", i);
	}
}

size_t live_side_pd(const struct live_side *s, uint8_t *out)
{
	struct rdmaneg_rpcrdma_settings st = { s->send, s->recv, s->r };

	switch (s->mode) {
	case PD_CORE:
		rdmaneg_rpcrdma_encode(&st, out, 8);
		return 8;
	case PD_RAW:
		memcpy(out, s->raw, s->raw_len);
		return s->raw_len;
	default:
		return 0;
	}
}

enum live_expect live_case_expect(const struct live_case *c, enum live_transport t)
{
	uint8_t b[sizeof(c->client.raw)];
	size_t cl = live_side_pd(&c->client, b), sl = live_side_pd(&c->server, b);

	if (t == LIVE_RXE && (cl > LIVE_IB_REQ_PD || sl > LIVE_IB_REP_PD))
		return EXPECT_EINVAL;
	if (t == LIVE_SIW && cl >= SIW_WRAP_MIN)
		return EXPECT_SIW_WRAP;
	return c->negative ? EXPECT_NEGATIVE : EXPECT_EXCHANGE;
}

const char *live_expect_name(enum live_expect e)
{
	static const char *const names[] = { "exchange", "negative", "siw-wrap", "einval" };

	return (unsigned)e < 4u ? names[e] : "unknown";
}

const char *live_kind_name(enum live_kind k)
{
	static const char *const names[] = { "matrix", "special", "adversarial", "random" };

	return (unsigned)k < 4u ? names[k] : "unknown";
}

const struct live_plant live_plants[] = {
	{ "early_disconnect", true, "the client disconnects once its own completions are in" },
	{ "eager_send", true, "the client sends before the server has its ESTABLISHED" },
	{ "flaky_once", true, "one case in ten fails its first attempt (an oversize Send)" },
	{ "klog_splat", true, "a WARNING is written into the kernel log" },
	{ "stall", true, "the first case waits in read() for good, as the ready-pipe race did" },
	{ "kasan", false, "/init has lkdtm write past a slab object (KERNEL=debug)" },
	{ "hung", false, "/init sleeps uninterruptibly for good (lkdtm HUNG_TASK, KERNEL=debug)" },
	{ NULL, false, NULL },
};

const struct live_plant *live_plant_find(const char *name)
{
	for (const struct live_plant *p = live_plants; p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}
