/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rpcrdma_ref: the oracle's own reading of RPC-over-RDMA version 1's
 * private data ([rfc8797#4.1] to [rfc8797#5.2]), written from the RFC
 * without the core (src/rpcrdma_pd.c); rules/rules.c holds the core to
 * it. Only the core's data types and constants are shared.
 */
#ifndef RDMANEG_RPCRDMA_REF_H
#define RDMANEG_RPCRDMA_REF_H

#include <rdmaneg/rdmaneg.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reference decoder: a naive, separate reading of [rfc8797#5.2].
 * Returns the offset of the first valid message, or -1. */
long rdmaneg_ref_find(const uint8_t *buf, size_t len);

/* The reference decoder's whole result, every field as the API reports
 * it: the first valid message, or why none (the first failing candidate),
 * and the identifier occurrences examined. strict looks at offset 0 only. */
void rdmaneg_ref_decode(const uint8_t *buf, size_t len, bool strict,
			struct rdmaneg_rpcrdma_result *r);

/* [rfc8797#4.1], 4.2 and 5.1 read directly, each message found by the
 * reference decoder ([rfc8797#5.2]), never the core: one side's thresholds
 * from its own octets (the 1024 defaults when they hold no message) and
 * its peer's, and whether both set R. */
void rdmaneg_ref_thresholds(const uint8_t *own, size_t own_n, const uint8_t *peer, size_t peer_n,
			    size_t *send, size_t *recv, bool *ri);

#endif
