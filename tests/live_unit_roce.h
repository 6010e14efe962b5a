/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* live_unit_roce: make live-roce's table, answers and report
 * (tests/live_unit_roce.c), part of tests/live_unit.c's program. */
#ifndef RDMANEG_TESTS_LIVE_UNIT_ROCE_H
#define RDMANEG_TESTS_LIVE_UNIT_ROCE_H

#include "live/roce/roce_live.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void live_unit_roce(int *pass, int *fail);
/* The case named name into *c, its index into *k; false if none. */
bool live_unit_roce_named(const char *name, struct live_roce_case *c, size_t *k);
/* xprtrdma's RFC 8797 message in its REQ (rpcrdma_ep_create: version 1,
 * Send with Invalidate welcome, 4 KiB each way) */
extern const uint8_t live_unit_linux_nfs_pd[8];

#endif
