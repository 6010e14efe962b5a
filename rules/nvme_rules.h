/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * nvme_rules: the rules that hold the core (src/nvme_rdma_pd.c) to the
 * oracle's reading (oracle/nvme_ref.h); each fails with the clause it
 * breaks in o->msg.
 */
#ifndef RDMANEG_NVME_RULES_H
#define RDMANEG_NVME_RULES_H

#include "oracle/nvme_ref.h"
#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Target side: the core's judgement of a request equals the reference's,
 * its decode reads the octets [nvme-rdma#fig5] names, and encode(decode) gives the
 * same fields back. 0 holds, 1 broken. */
int rdmaneg_rule_nvme_target(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     const struct rdmaneg_nvme_limits *lim);

/* Host side: the core's checks of an accept (answering a request with
 * hsqsize, with and without RNR) and of a reject equal the reference's,
 * and read no field the octets do not hold. 0 holds, 1 broken. */
int rdmaneg_rule_nvme_host(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			   uint16_t hsqsize);

#endif
