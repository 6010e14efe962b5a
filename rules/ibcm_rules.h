/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibcm_rules: the rules that hold the core (src/ibcm.c) to the oracle's
 * reading of the IB CM's MADs and rdma_cm's IP header (oracle/ibcm_ref.h):
 * the fuzz targets ibcm_passive and ibcm_active and the properties call
 * them.
 */
#ifndef RDMANEG_IBCM_RULES_H
#define RDMANEG_IBCM_RULES_H

#include "oracle/ibcm_ref.h"
#include "rules/rules.h"
#include <rdmaneg/ibcm.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
