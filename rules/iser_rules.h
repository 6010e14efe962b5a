/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * iser_rules: the rules that hold the core (src/iser_pd.c) to the
 * oracle's reading of iSER's CM REQ and REP headers (oracle/iser_ref.h,
 * [iser-a12#req-1] to [iser-a12#req-3]): the fuzz targets iser_target
 * and iser_initiator and the properties call them.
 */
#ifndef RDMANEG_ISER_RULES_H
#define RDMANEG_ISER_RULES_H

#include "oracle/iser_ref.h"
#include "rules/rules.h"
#include <rdmaneg/iser_pd.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The core's reading of a REQ and its REP equal the reference's, under
 * each of the target's four capability pairs. */
int rdmaneg_rule_iser_target(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

/* The core's check of a REP buf[0..len-1] against each of the four REQs
 * an initiator may have sent equals the reference's. */
int rdmaneg_rule_iser_initiator(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

#endif
