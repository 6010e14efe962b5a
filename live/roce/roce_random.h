/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_random: make live-roce's random REQs (rnd-req-*, [ibcm-c12#req-1]).
 * Each is the good REQ with 2 to 4 of its fields (not its Service ID,
 * which picks the listener) set to an edge (0, the top bit, all ones; an
 * octet string all zeros or all ones) or a value drawn at random from the
 * row's seed (splitmix64): the same octets on every build. Pure.
 */
#ifndef RDMANEG_LIVE_ROCE_RANDOM_H
#define RDMANEG_LIVE_ROCE_RANDOM_H

#include <stdint.h>

/* How many rows the table has. */
#define LIVE_ROCE_RANDOM_ROWS 40u

/* The edits seed draws, on the REQ mad (256 octets). */
void live_roce_random_req(uint8_t *mad, uint64_t seed);

#endif
