/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * nvme_ref: the oracle's own reading of the NVMe-oF RDMA transport's CM
 * private data, written from the spec's figures ([nvme-rdma#fig5], 6, 7,
 * 11) without the core (src/nvme_rdma_pd.c). Only the core's data types
 * and constants are shared.
 */
#ifndef RDMANEG_NVME_REF_H
#define RDMANEG_NVME_REF_H

#include <rdmaneg/rdmaneg.h>

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

#endif
