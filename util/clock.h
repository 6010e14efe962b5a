/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * clock: the one clock helper of the host tools and the guest harness.
 * Microseconds as a signed 64-bit count: CLOCK_MONOTONIC for durations and
 * deadlines, CLOCK_REALTIME for wall-clock stamps. Header-only, like rng.h.
 */
#ifndef RDMANEG_CLOCK_H
#define RDMANEG_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline int64_t rdmaneg_clock_us(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Monotonic microseconds, for durations and deadlines. */
static inline int64_t rdmaneg_mono_us(void)
{
	return rdmaneg_clock_us(CLOCK_MONOTONIC);
}

/* Wall-clock microseconds since the epoch, for stamps. */
static inline int64_t rdmaneg_real_us(void)
{
	return rdmaneg_clock_us(CLOCK_REALTIME);
}

#endif
