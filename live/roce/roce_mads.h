/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The MADs make live-roce's cases (roce_cases.c, roce_active.c) start
 * from, and the helpers both tables build with: the good REQ
 * as Linux's cm_format_req() fills one, the good REP as cm_format_rep()
 * answers a REQ, and any CM message between two Communication IDs. Each
 * MAD is RDMANEG_IBCM_MAD_LEN octets.
 */
#ifndef RDMANEG_LIVE_ROCE_MADS_H
#define RDMANEG_LIVE_ROCE_MADS_H

#include <rdmaneg/ibcm.h>
#include <rdmaneg/roce.h>

#include <stddef.h>
#include <stdint.h>

/* field f of mad set to v; a field the message lacks or a value too wide
 * is left alone */
void live_roce_put(uint8_t *mad, size_t f, uint64_t v);
/* [ibcm-c12#req-1]: the REQ of Communication ID id from the peer's port
 * src_port to port of LIVE_ROCE_ADDR: rdma_cm's header, 20 octets of a
 * ULP's */
void live_roce_good_req(uint8_t *mad, uint32_t id, uint16_t port, uint16_t src_port);
/* [ibcm-c12#rep-1]: the REP of Communication ID local_id to req */
void live_roce_good_rep(uint8_t *mad, const uint8_t *req, uint32_t local_id);
/* the field of message attr named name (as the core's table names it), or
 * RDMANEG_IBCM_F_COUNT */
size_t live_roce_field_of(uint16_t attr, const char *name);
/* message attr from local to remote in transaction tid: its
 * Communication IDs (a SIDR REQ's Request ID: local; a SIDR REP's:
 * remote), a DREQ's remote QPN qpn, a REJ's reason 28 naming the REP, an
 * MRA's service timeout of 14 */
void live_roce_message(uint8_t *mad, uint16_t attr, uint64_t tid, uint32_t local, uint32_t remote,
		       uint64_t qpn);
/* A REJ of reason to the REQ req (256 octets): its transaction, its
 * Local Communication ID as the remote one, the REQ as the message
 * rejected, from the peer's local_id */
void live_roce_rej_req(uint8_t *mad, const uint8_t *req, uint32_t local_id, unsigned reason);
/* message attr's name in case names ("req" ... "apr"; NULL for no CM
 * message), and the registry's clause of its layout ("ibcm-c12#mad-1"
 * for no CM message) */
const char *live_roce_msg_name(uint16_t attr);
const char *live_roce_msg_clause(uint16_t attr);
/* [roce-a17#bth-1], [roce-a17#deth-1]: case k's headers of a MAD to QP1
 * from QP1 (the addresses are the peer's to fill) */
void live_roce_mad_frame(struct rdmaneg_roce_hdr *h, size_t k);
/* A field's edges for the sweeps: 0, its top bit alone (the sign of a
 * signed reading) and all ones; how many for width w (top only from 2
 * bits), with their labels */
size_t live_roce_edges(unsigned w, uint64_t v[3], const char *lab[3]);
/* A sweep row's name into out (cap octets): pre, the field's name with
 * '_' as '-', then "-lab" */
void live_roce_field_name(char *out, size_t cap, const char *pre, const char *name,
			  const char *lab);

#endif
