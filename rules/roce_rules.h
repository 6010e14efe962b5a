/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_rules: the rules that hold the core (src/roce.c) to the oracle's
 * ICRC (oracle/roce_ref.h): the property roce_frame and the fuzz target
 * roce_decode call them.
 */
#ifndef RDMANEG_ROCE_RULES_H
#define RDMANEG_ROCE_RULES_H

#include "oracle/roce_ref.h"
#include "rules/rules.h"
#include <rdmaneg/roce.h>

#include <stddef.h>
#include <stdint.h>

/* A frame built from h and payload[0..n-1] decodes to the same header,
 * payload and no defect, carries the reference's ICRC, and changing
 * octets of its IP, UDP, BTH and DETH headers or of its ICRC, one at a
 * time (8 of them, from the from-th, in a cycle), is seen by the ICRC
 * check exactly when the octet is not masked. */
int rdmaneg_rule_roce_frame(struct rdmaneg_oracle *o, const struct rdmaneg_roce_hdr *h,
			    const uint8_t *payload, size_t n, size_t from);

/* The core's reading of any octets buf[0..len-1]: a frame whose headers
 * it found has its ICRC judged as the reference judges it, and its
 * payload inside the frame. */
int rdmaneg_rule_roce_decode(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

#endif
