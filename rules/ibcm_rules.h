/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibcm_rules: the oracle's own reading of the IB CM's MADs and rdma_cm's
 * IP header ([ibcm-c12#mad-1] to [ibcm-c12#cma-2]), written without the
 * core: fixed absolute offsets and masks, as Wireshark's dissector reads
 * them, instead of the core's field table. The rules hold the core
 * (src/ibcm.c) to it: the fuzz targets ibcm_passive and ibcm_active and
 * the properties call them.
 */
#ifndef RDMANEG_IBCM_RULES_H
#define RDMANEG_IBCM_RULES_H

#include "rules/rules.h"
#include <rdmaneg/ibcm.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The defects a passive side finds in mad[0..len-1] (the decode's, and
 * D_CMA for a REQ or SIDR REQ to an rdma_cm IP service). */
unsigned rdmaneg_ref_ibcm_passive(const uint8_t *mad, size_t len);

/* The defects an active side that sent req[0..255] finds in
 * mad[0..len-1]. */
unsigned rdmaneg_ref_ibcm_active(const uint8_t *mad, size_t len, const uint8_t *req);

/* The core's passive reading of buf[0..len-1] (its defects, attribute,
 * IDs and private data span) equals the reference's. */
int rdmaneg_rule_ibcm_passive(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

/* The core's active check of buf[0..len-1] against four REQs (its own
 * Communication ID or another, two resource pairs) equals the
 * reference's. */
int rdmaneg_rule_ibcm_active(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

/* Every field of the core's table, written with rdmaneg_ibcm_set() into
 * a MAD holding the octets buf[0..len-1], reads back as written, and no
 * other bit of the MAD changed; the fields the reference knows read as
 * the reference reads them. */
int rdmaneg_rule_ibcm_fields(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     uint64_t seed);

#endif
