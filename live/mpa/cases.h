/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* live cases: the fixed matrix, adversarial private data, seeded random,
 * and what each must do on each transport. Pure: host and guest share it. */
#ifndef RDMANEG_LIVE_CASES_H
#define RDMANEG_LIVE_CASES_H

#include "live/mpa/obs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum pd_mode {
	PD_CORE = 0, /* the core's 8-octet message */
	PD_NONE = 1, /* no private data at all */
	PD_RAW = 2   /* raw, non-conforming octets */
};

struct live_side {
	size_t send, recv; /* local sizes, raw (normalized by the core) */
	bool r;
	enum pd_mode mode;
	uint8_t raw[255]; /* rdma_conn_param.private_data_len is a u8 */
	size_t raw_len;
};

enum live_kind { KIND_MATRIX, KIND_SPECIAL, KIND_ADVERSARIAL, KIND_RANDOM };

struct live_case {
	char name[64];
	enum live_kind kind;
	struct live_side client, server;
	bool negative;			    /* client sends one octet over the server's receive */
	uint8_t c_ird, c_ord, s_ird, s_ord; /* rdma_conn_param values */
};

/* What a case must do on a transport. */
enum live_expect {
	EXPECT_EXCHANGE = 0, /* connect, four successful completions, agreement */
	EXPECT_NEGATIVE,     /* the oversize Send must fail visibly */
	EXPECT_SIW_WRAP,     /* siw's u8 PD_Length wraps (252..255 octets): reset */
	EXPECT_EINVAL	     /* rdma_cm refuses the private data length locally */
};

/* IB CM private data left to the ULP (rdma_cm keeps 36 of the REQ's 92). */
#define LIVE_IB_REQ_PD 56u
#define LIVE_IB_REP_PD 196u

/* Cases 0 .. LIVE_FIXED-1 are the fixed set; later numbers are random
 * cases drawn from the seed. */
extern const int LIVE_FIXED;
void live_case_make(int i, uint64_t seed, struct live_case *c);
enum live_expect live_case_expect(const struct live_case *c, enum live_transport t);
const char *live_expect_name(enum live_expect e);
const char *live_kind_name(enum live_kind k);
/* The private data a side sends (0..255 octets) into out[255]; its length.
 * The one definition the harness, the judge and the wire check use. */
size_t live_side_pd(const struct live_side *s, uint8_t *out);

/* The live suite's negative controls (LIVE_PLANT=NAME), the one list:
 * NULL-terminated, each with what it does. harness is false for a plant
 * the guest's /init carries out itself (kasan: lkdtm). */
struct live_plant {
	const char *name;
	bool harness;
	const char *what;
};
extern const struct live_plant live_plants[];

/* The plant named name, or NULL. */
const struct live_plant *live_plant_find(const char *name);

#endif
