// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The IB CM properties ([ibcm-c12#mad-1] to [ibcm-c12#cma-2]), one
 * function each: MADs drawn field by field around each rule's edges,
 * judged by rules/ibcm_rules.c. */
#include "properties/pbt.h"
#include "properties/props.h"
#include "rules/ibcm_rules.h"

#include <string.h>

static void put(uint8_t *mad, size_t f, uint64_t v)
{
	(void)rdmaneg_ibcm_set(mad, RDMANEG_IBCM_MAD_LEN, f, v);
}

/* the MAD header: mostly the CM's, sometimes another class or method */
static void draw_header(struct pbt *p, uint8_t *mad, uint16_t attr)
{
	static const uint64_t methods[] = { 0x03, 0x01, 0x13, 0x83 };

	(void)rdmaneg_ibcm_init(mad, RDMANEG_IBCM_MAD_LEN, attr, pbt_range(p, 0, 3, "tid"));
	if (pbt_bool(p, "other_class"))
		mad[pbt_range(p, 0, 2, "class_at")] ^= (uint8_t)pbt_range(p, 1, 255, "class_xor");
	mad[3] = (uint8_t)pbt_mixed(p, methods, 4, 0, 255, "method");
}

/* a MAD's length: 256, or around it */
static size_t draw_len(struct pbt *p)
{
	static const uint64_t lens[] = { 256, 255, 257, 0, 24 };

	return (size_t)pbt_mixed(p, lens, 5, 0, 300, "len");
}

/* [ibcm-c12#cma-1]: rdma_cm's header at pd: version, IP version */
static void draw_cma(struct pbt *p, uint8_t *mad, size_t pd)
{
	static const uint64_t ipv[] = { 0x40, 0x60, 0x50, 0x00, 0x4f, 0xf0 };

	mad[pd] = (uint8_t)(pbt_bool(p, "cma_version") ? pbt_range(p, 1, 255, "version") : 0);
	mad[pd + 1] = (uint8_t)pbt_mixed(p, ipv, 6, 0, 255, "ip_version");
}

/* 25. [ibcm-c12#mad-1] to [ibcm-c12#cma-2]: a passive side's reading of
 * any REQ, SIDR REQ or other CM MAD equals the reference's. */
int prop_ibcm_passive(struct pbt *p)
{
	static const uint64_t attrs[] = { 0x10, 0x17, 0x14, 0x15, 0x12, 0x11, 0x00, 0x1b };
	static const uint64_t sids[] = { 0x0000000001061144, 0x0000000001110007, 0x0000000000021144,
					 0x00000000013f1144, 0x0100000001061144 };
	static const uint64_t mtus[] = { 3, 0, 5, 6, 1, 15 };
	uint8_t mad[300] = { 0 };
	uint16_t attr = (uint16_t)pbt_mixed(p, attrs, 8, 0, 0xffff, "attr");
	size_t n;

	draw_header(p, mad, attr);
	if (attr == RDMANEG_IBCM_REQ || attr == RDMANEG_IBCM_SIDR_REQ) {
		put(mad,
		    attr == RDMANEG_IBCM_REQ ? RDMANEG_IBCM_F_REQ_SERVICE_ID
					     : RDMANEG_IBCM_F_SIDR_REQ_SERVICE_ID,
		    pbt_mixed(p, sids, 5, 0, ~0ull, "service_id"));
		draw_cma(p, mad, attr == RDMANEG_IBCM_REQ ? 164 : 40);
	}
	if (attr == RDMANEG_IBCM_REQ) {
		put(mad, RDMANEG_IBCM_F_REQ_PATH_MTU, pbt_mixed(p, mtus, 6, 0, 15, "mtu"));
		put(mad, RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE,
		    pbt_range(p, 0, 3, "transport"));
		put(mad, RDMANEG_IBCM_F_REQ_EXTENDED_TRANSPORT_TYPE, pbt_range(p, 0, 7, "ext"));
	}
	if (attr == RDMANEG_IBCM_REJ || attr == RDMANEG_IBCM_MRA)
		mad[32] = (uint8_t)(pbt_range(p, 0, 3, "msg") << 6);
	n = draw_len(p);
	return rdmaneg_rule_ibcm_passive(&p->o, pbt_exact(p, mad, n), n);
}

/* 26. [ibcm-c12#rep-2] [ibcm-c12#rep-3]: an active side's check of any
 * answer equals the reference's. */
int prop_ibcm_active(struct pbt *p)
{
	static const uint64_t attrs[] = { 0x13, 0x12, 0x11, 0x18, 0x1a, 0x14, 0x10, 0x20 };
	static const uint64_t ids[] = { 0x12345678, 0, 0x12345679, 0xffffffff };
	static const uint64_t infos[] = { 72, 73, 0, 127, 255 };
	static const uint64_t depths[] = { 16, 0, 17, 255 };
	uint8_t mad[300] = { 0 };
	uint16_t attr = (uint16_t)pbt_mixed(p, attrs, 8, 0, 0xffff, "attr");
	size_t n;

	draw_header(p, mad, attr);
	put(mad, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID,
	    pbt_mixed(p, ids, 4, 0, 0xffffffff, "remote_id"));
	if (attr == RDMANEG_IBCM_REP) {
		put(mad, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES,
		    pbt_mixed(p, depths, 4, 0, 255, "responder_resources"));
		put(mad, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH,
		    pbt_mixed(p, depths, 4, 0, 255, "initiator_depth"));
	}
	if (attr == RDMANEG_IBCM_REJ || attr == RDMANEG_IBCM_MRA)
		mad[32] = (uint8_t)(pbt_range(p, 0, 3, "msg") << 6);
	if (attr == RDMANEG_IBCM_REJ)
		put(mad, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH,
		    pbt_mixed(p, infos, 4, 0, 127, "info_len"));
	if (attr == RDMANEG_IBCM_SIDR_REP || attr == RDMANEG_IBCM_APR)
		mad[attr == RDMANEG_IBCM_APR ? 32 : 29] =
			(uint8_t)pbt_mixed(p, infos, 5, 0, 255, "info_len");
	n = draw_len(p);
	return rdmaneg_rule_ibcm_active(&p->o, pbt_exact(p, mad, n), n);
}

/* 27. [ibcm-c12#mad-1]: every field of every message, written into any
 * MAD, reads back as written and moves no other bit; the private data
 * fills its span. */
int prop_ibcm_fields(struct pbt *p)
{
	uint8_t start[256];
	size_t n = pbt_bytes(p, start, sizeof(start), "start");
	uint64_t seed = pbt_range(p, 0, ~0ull, "seed");

	return rdmaneg_rule_ibcm_fields(&p->o, pbt_exact(p, start, n), n, seed);
}
