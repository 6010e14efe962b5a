/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_rules: the oracle's own reading of RoCE v2 frames' invariant CRC
 * ([roce-a17#icrc-1]), written without the core: the IP, UDP and BTH
 * headers copied and their variant fields overwritten at absolute
 * offsets (as Linux's rxe_icrc.c does), then a table-driven CRC-32. The
 * property roce_frame and the fuzz target roce_decode hold the core
 * (src/roce.c) to it.
 */
#ifndef RDMANEG_ROCE_RULES_H
#define RDMANEG_ROCE_RULES_H

#include "rules/rules.h"
#include <rdmaneg/roce.h>

#include <stddef.h>
#include <stdint.h>

/* The ICRC of the IP packet ip[0..len-1] (its last 4 octets the ICRC's
 * place), IP version v: 0 when len is under the headers. */
uint32_t rdmaneg_ref_roce_icrc(const uint8_t *ip, size_t len, unsigned v);

/* Whether octet i of an IPv4 (v 4) or IPv6 packet is one the ICRC does
 * not see ([roce-a17#icrc-1]). */
int rdmaneg_ref_roce_masked(size_t i, unsigned v);

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
