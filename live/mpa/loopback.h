/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * loopback: make live's cases, each over a real rdma_cm connection on one
 * host (siw or rxe), one LIVE_CONN record per attempt (live/mpa/obs.h),
 * judged in the guest to decide on a second attempt (live/mpa/judge.h).
 */
#ifndef RDMANEG_LIVE_LOOPBACK_H
#define RDMANEG_LIVE_LOOPBACK_H

#include "live/mpa/cases.h"

#include <stdint.h>
#include <stdio.h>

struct live_run_opts {
	const char *addr; /* IPv4, of the RDMA device */
	int first, count; /* fixed/random case numbers */
	uint64_t seed;
	int soak; /* > 0: this many cases, cycling */
	int random_per_round;
	enum live_transport transport;
	const char *plant; /* a harness negative control, or "" */
	FILE *rec;	   /* the records: /dev/ttyS1 in the guest */
};

/* The run: 0 when every case passed first time, 1 otherwise, 2 when no
 * RDMA device can be used. */
int live_loopback_run(const struct live_run_opts *ro);

/* One LIVE_RES record per `rdma resource show` line, tagged with phase:
 * 0, or -1 when the tool gave none. */
int live_res_snapshot(FILE *rec, const char *phase);

#endif
