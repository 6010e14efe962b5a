/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pbt: a small property-based testing engine on choice sequences.
 * A property reads its inputs from a byte stream through typed draws; the
 * same property runs on generated streams (with shrinking) and on fuzzer
 * input. Past the end of the stream every draw reads zeros, so any byte
 * string is a valid input, and zeros are the simplest values.
 */
#ifndef RDMANEG_PBT_H
#define RDMANEG_PBT_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pbt {
	const uint8_t *buf;
	size_t len;
	size_t pos;   /* octets consumed, including past the end */
	bool logging; /* record draws, for printing a counterexample */
	char log[2048];
	size_t log_len;
	struct rdmaneg_oracle o; /* the broken rule, set by PBT_CHECK */
	uint8_t *copies[8];	 /* pbt_exact's, freed by pbt_release */
	size_t ncopies;
};

void pbt_init(struct pbt *p, const uint8_t *buf, size_t len, bool logging);

uint8_t pbt_u8(struct pbt *p, const char *name);
bool pbt_bool(struct pbt *p, const char *name);
/* Uniform-ish in [lo, hi]; zeros give lo. */
uint64_t pbt_range(struct pbt *p, uint64_t lo, uint64_t hi, const char *name);
/* One of n (n >= 1); zeros give 0. */
size_t pbt_pick(struct pbt *p, size_t n, const char *name);
/* Draws from table[] half the time, else uniform in [lo, hi]. */
uint64_t pbt_mixed(struct pbt *p, const uint64_t *table, size_t n, uint64_t lo, uint64_t hi,
		   const char *name);
/* Length in [0, max] then that many octets into out; returns the length. */
size_t pbt_bytes(struct pbt *p, uint8_t *out, size_t max, const char *name);
/* An exact-size heap copy of buf[0..n-1], as libFuzzer passes its input,
 * so ASan reports a read one octet past the end. Lives until pbt_release;
 * at most 8 per run. */
const uint8_t *pbt_exact(struct pbt *p, const uint8_t *buf, size_t n);
/* Frees the copies of one run (pbt_run_stream calls it). */
void pbt_release(struct pbt *p);
/* Adds a free-form note to the counterexample log. */
void pbt_note(struct pbt *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records the broken rule; returns 1 so PBT_CHECK can return it. */
int pbt_fail(struct pbt *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* In a property: fail with the named rule unless cond holds. */
#define PBT_CHECK(p, cond, ...) \
	do { \
		if (!(cond)) \
			return pbt_fail((p), __VA_ARGS__); \
	} while (0)

/* A property: 0 when it holds for this stream, 1 (via PBT_CHECK) when not. */
typedef int (*pbt_prop_fn)(struct pbt *p);

struct pbt_prop {
	const char *name;
	const char *rule; /* the RFC section it checks */
	pbt_prop_fn fn;
};

/* Engine. */
struct pbt_config {
	uint64_t seed;
	unsigned cases;
	size_t stream_len;	/* generated stream length */
	unsigned shrink_budget; /* property calls allowed while shrinking */
};

struct pbt_report {
	unsigned ran; /* cases run */
	bool failed;
	uint64_t failing_case_seed;
	uint8_t minimal[1024];
	size_t minimal_len;
	unsigned shrink_steps;
	char msg[256];
	char log[2048];
};

/* Runs cases; on failure shrinks and fills the report. Returns 0 if held. */
int pbt_run(const struct pbt_prop *prop, const struct pbt_config *cfg, struct pbt_report *rep);
/* Runs one stream; returns the property's result. */
int pbt_run_stream(const struct pbt_prop *prop, const uint8_t *buf, size_t len, bool logging,
		   struct pbt *out);
/* The property and stream running now (NULL when none), for a sanitizer's
 * death callback to name what to replay. */
void pbt_current(const struct pbt_prop **prop, const uint8_t **buf, size_t *len);
/* Generates the stream of one case from its seed (splitmix64). */
void pbt_generate(uint64_t case_seed, uint8_t *buf, size_t len);

#endif
