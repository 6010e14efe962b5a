/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_random: make live-roce's random REQs (rnd-req-*, [ibcm-c12#req-1]).
 * Each is the good REQ with 2 to 4 of its fields (not its Service ID,
 * which picks the listener) set to an edge (0, the top bit, all ones; an
 * octet string all zeros or all ones) or a value drawn at random from the
 * row's seed (splitmix64): the same octets on every build. The random
 * mode draws more of them, one seed after another, for a time. Pure.
 */
#ifndef RDMANEG_LIVE_ROCE_RANDOM_H
#define RDMANEG_LIVE_ROCE_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How many rows the table has. */
#define LIVE_ROCE_RANDOM_ROWS 40u

/* The edits seed draws, on the REQ mad (256 octets). */
void live_roce_random_req(uint8_t *mad, uint64_t seed);

/* A random mode's case (make live-roce ROCE_RANDOM=S, live_roce_random_case):
 * its name, "rnd-" and seed's 16 hex digits, into name (cap octets). */
void live_roce_random_name(uint64_t seed, char *name, size_t cap);
/* A seed written as 1 to 16 lower-case hex digits (ROCE_SEED, roce-peer's
 * --random-seed) into *seed; false for anything else. */
bool live_roce_seed_parse(const char *s, uint64_t *seed);
/* The seed name carries when it is such a name (exactly 16 lower-case
 * hex digits after "rnd-"); false for any other. */
bool live_roce_random_seed(const char *name, uint64_t *seed);

#endif
