/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibcm_ref: the oracle's own reading of the IB CM's MADs and rdma_cm's
 * IP header ([ibcm-c12#mad-1] to [ibcm-c12#cma-2]), written without the
 * core (src/ibcm.c): fixed absolute offsets and masks, as Wireshark's
 * dissector reads them, instead of the core's field table. Only the
 * core's constants are shared.
 */
#ifndef RDMANEG_IBCM_REF_H
#define RDMANEG_IBCM_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the reference reads of a whole MAD (256 octets). */
struct rdmaneg_ref_ibcm_msg {
	unsigned attr;	    /* the attribute ID */
	uint64_t tid;	    /* the transaction ID, all 64 bits */
	size_t pd_off;	    /* where the private data starts; 0: not a CM message */
	uint32_t local_id;  /* the Local Communication ID (octets 24..27) */
	uint32_t remote_id; /* the Remote one; 0 for REQ, SIDR REQ, SIDR REP */
};

/* The defects a passive side finds in mad[0..len-1] (the decode's, and
 * D_CMA for a REQ or SIDR REQ to an rdma_cm IP service). */
unsigned rdmaneg_ref_ibcm_passive(const uint8_t *mad, size_t len);

/* The defects an active side that sent req[0..255] finds in
 * mad[0..len-1]. */
unsigned rdmaneg_ref_ibcm_active(const uint8_t *mad, size_t len, const uint8_t *req);

/* [ibcm-c12#req-1] to [ibcm-c12#apr-1]: where attribute attr's private
 * data starts in the MAD (it runs to octet 255); 0 when attr is not one
 * of the CM's messages 0x10 to 0x1A. */
size_t rdmaneg_ref_ibcm_pd_at(unsigned attr);

/* The header fields of the MAD mad[0..255] into *m. */
void rdmaneg_ref_ibcm_read(const uint8_t *mad, struct rdmaneg_ref_ibcm_msg *m);

/* The reference's reading of field f (RDMANEG_IBCM_F_*) of the MAD
 * mad[0..255], for the fields its rules use; -1 for any other. */
int64_t rdmaneg_ref_ibcm_field(const uint8_t *mad, size_t f);

#endif
