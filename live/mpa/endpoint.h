/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * endpoint: the guest's rdma_cm ULP for rdmaneg-peer (see endpoint.c).
 * Both write ULP records to log and return 0, or 1 when rdma_cm could
 * not be set up.
 */
#ifndef RDMANEG_LIVE_ENDPOINT_H
#define RDMANEG_LIVE_ENDPOINT_H

#include <stdbool.h>
#include <stdio.h>

/* Accepts every connection request on addr:port, until SIGTERM. */
int live_endpoint_listen(const char *addr, int port, FILE *log, bool kcov);
/* Connects to addr:port, one connection at a time, until refused.
 * kcov (both): KCOV over the endpoint's own syscalls, the functions of
 * siw and the CMs they ran printed at the end (LIVE_KCOV listen|connect,
 * make live-kcov). */
int live_endpoint_connect(const char *addr, int port, FILE *log, bool kcov);

#endif
