/* live cases: the fixed matrix, adversarial private data, seeded random. */
#ifndef RDMANEG_LIVE_CASES_H
#define RDMANEG_LIVE_CASES_H

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
	size_t send, recv;   /* local sizes, raw (normalized by the core) */
	bool r;
	enum pd_mode mode;
	uint8_t raw[252];
	size_t raw_len;
};

struct live_case {
	char name[64];
	struct live_side client, server;
	int negative;        /* client sends one octet over the server's receive */
	int expect_reject;   /* siw wraps PD_Length for >= 252 octets (see README) */
	uint8_t c_ird, c_ord, s_ird, s_ord; /* rdma_conn_param values */
};

/* Cases 0 .. LIVE_FIXED-1 are the fixed matrix and adversarial set;
 * later numbers are random cases drawn from the seed. */
extern const int LIVE_FIXED;
void live_case_make(int i, unsigned long seed, struct live_case *c);
/* The private data a side sends (0..252 octets) into out[252]; its length.
 * The one definition both the harness and the wire check use. */
size_t live_side_pd(const struct live_side *s, uint8_t *out);
/* "cfg":{...} with the octets each side sends, as hex. */
void live_case_json(FILE *f, const struct live_case *c);

#endif
