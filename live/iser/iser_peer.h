/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The hostile iSER roles of make live-iser (guest only;
 * live/iser/iser_peer.c): cases from index first, count of them (0: all),
 * each printed to out as a LIVE_ISER* line.
 */
#ifndef RDMANEG_LIVE_ISER_PEER_H
#define RDMANEG_LIVE_ISER_PEER_H

#include <stddef.h>
#include <stdio.h>

/* The target's cases: each starts the login argv (iscsiadm) and answers
 * ib_iser on addr's port 3261. 0, or 1 when it cannot listen. */
int live_iser_target(const char *addr, size_t first, size_t count, char *const argv[], FILE *out);
/* The initiator's cases against isert on addr's port 3260. */
int live_iser_initiator(const char *addr, size_t first, size_t count, FILE *out);

#endif
