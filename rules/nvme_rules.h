/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The NVMe-oF RDMA transport's oracle: a reference reading of the CM
 * private data written from the spec's figures ([nvme-rdma#fig5], 6, 7,
 * 11), independent of src/nvme_rdma_pd.c, and the rules that hold the
 * core to it (each fails with the clause it breaks in o->msg).
 */
#ifndef RDMANEG_ORACLE_NVME_H
#define RDMANEG_ORACLE_NVME_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The reference target's answer: the strict status and the set of
 * conforming ones (bit k: status k, bit 0: accept). */
struct rdmaneg_ref_nvme_answer {
	unsigned sts;
	unsigned allowed;
};

/* The reference reading of the field at buf + off (octets off, off + 1). */
unsigned rdmaneg_ref_nvme_u16(const uint8_t *buf, size_t off);

void rdmaneg_ref_nvme_target(const uint8_t *buf, size_t len, const struct rdmaneg_nvme_limits *lim,
			     struct rdmaneg_ref_nvme_answer *a);

/* The reference host's defects (RDMANEG_NVME_D_*) of an accept that
 * answered a request with hsqsize, and of a reject. */
unsigned rdmaneg_ref_nvme_accept(const uint8_t *buf, size_t len, unsigned hsqsize, bool rnr);
unsigned rdmaneg_ref_nvme_reject(const uint8_t *buf, size_t len);

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
