// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's table and what a conforming passive side does with
 * each case ([ibcm-c12#req-1], [roce-a17#frame-1]); see roce_live.h. */
#include "roce_live.h"

#include "ibcm.h"
#include "ibcm_rules.h"
#include "roce_rules.h"

#include <stdio.h>
#include <string.h>

/* How a case differs from the good REQ: a field of the MAD, a header of
 * the frame, or the MAD's length. */
enum edit { E_NONE, E_FIELD, E_ICRC, E_TVER, E_DEST_QP, E_QKEY, E_LEN, E_CMA };

static const struct row {
	const char *name;
	size_t field; /* E_FIELD: the IB CM field */
	uint64_t value;
	enum edit edit;
	bool listener;	/* to the listener's port (else to the idle one) */
	bool unmatched; /* an edit that leaves no listener to match */
} rows[] = {
	/* the two good REQs: to a listener, and to no one */
	{ "req-listener", 0, 0, E_NONE, true, false },
	{ "req-no-listener", 0, 0, E_NONE, false, false },
	/* frames rxe must drop ([roce-a17#icrc-1], [roce-a17#bth-1], [roce-a17#deth-1]) */
	{ "frame-bad-icrc", 0, 1, E_ICRC, true, false },
	{ "frame-tver-1", 0, 1, E_TVER, true, false },
	{ "frame-dest-qp-2", 0, 2, E_DEST_QP, true, false },
	{ "frame-qkey-0", 0, 0, E_QKEY, true, false },
	/* MADs that are not a CM REQ ([ibcm-c12#mad-1]) */
	{ "mad-len-255", 0, 255, E_LEN, true, false },
	{ "mad-class-6", RDMANEG_IBCM_F_MAD_MGMT_CLASS, 6, E_FIELD, true, false },
	{ "mad-class-version-1", RDMANEG_IBCM_F_MAD_CLASS_VERSION, 1, E_FIELD, true, false },
	{ "mad-method-get", RDMANEG_IBCM_F_MAD_METHOD, 1, E_FIELD, true, false },
	{ "mad-attr-0x20", RDMANEG_IBCM_F_MAD_ATTR_ID, 0x20, E_FIELD, true, false },
	/* REQ fields ([ibcm-c12#req-2], [ibcm-c12#req-3]) */
	{ "req-mtu-0", RDMANEG_IBCM_F_REQ_PATH_MTU, 0, E_FIELD, true, false },
	{ "req-mtu-6", RDMANEG_IBCM_F_REQ_PATH_MTU, 6, E_FIELD, true, false },
	{ "req-mtu-15", RDMANEG_IBCM_F_REQ_PATH_MTU, 15, E_FIELD, true, false },
	{ "req-transport-3", RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE, 3, E_FIELD, true, false },
	{ "req-transport-rd", RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE, 2, E_FIELD, true, false },
	{ "req-responder-resources-255", RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 255, E_FIELD, true,
	  false },
	{ "req-initiator-depth-0", RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 0, E_FIELD, true, false },
	{ "req-local-qpn-0", RDMANEG_IBCM_F_REQ_LOCAL_QPN, 0, E_FIELD, true, false },
	{ "req-psn-max", RDMANEG_IBCM_F_REQ_STARTING_PSN, 0xFFFFFF, E_FIELD, true, false },
	{ "req-hop-limit-0", RDMANEG_IBCM_F_REQ_PRIMARY_HOP_LIMIT, 0, E_FIELD, true, false },
	{ "req-pkey-0", RDMANEG_IBCM_F_REQ_PARTITION_KEY, 0, E_FIELD, true, false },
	{ "req-retries-0", RDMANEG_IBCM_F_REQ_MAX_CM_RETRIES, 0, E_FIELD, true, false },
	{ "req-service-id-ib", RDMANEG_IBCM_F_REQ_SERVICE_ID, 0x00000000013f4a8cull, E_FIELD, true,
	  true },
	/* rdma_cm's header at the start of the private data ([ibcm-c12#cma-2]); an
	 * IPv6 header whose destination is no address here has no listener */
	{ "cma-version-1", 0, 0x0140, E_CMA, true, false },
	{ "cma-ip-version-5", 0, 0x0050, E_CMA, true, false },
	{ "cma-ip-version-0", 0, 0x0000, E_CMA, true, false },
	{ "cma-ip-version-6", 0, 0x0060, E_CMA, true, true },
	/* last: a MAD longer than QP1's receive buffer, then a good REQ
	 * (its answer is the case's): a receiver drops the first
	 * ([ibcm-c12#mad-1]) and answers the second */
	{ "qp1-after-mad-len-260", 0, 260, E_LEN, true, false },
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

size_t live_roce_case_count(void)
{
	return NROWS;
}

static void put(uint8_t *mad, size_t f, uint64_t v)
{
	(void)rdmaneg_ibcm_set(mad, RDMANEG_IBCM_MAD_LEN, f, v);
}

/* [ibcm-c12#req-1]: a REQ as Linux's cm_format_req() fills it for an
 * rdma_cm connection over RoCE v2 (IPv4, the TCP port space), from the
 * peer at LIVE_ROCE_PEER to port of LIVE_ROCE_ADDR; private data: rdma_cm's
 * header ([ibcm-c12#cma-1]), then 20 octets of a ULP's */
static void good_req(uint8_t *mad, uint32_t id, uint16_t port, uint16_t src_port)
{
	static const uint8_t gid_peer[16] = { [10] = 0xff, [11] = 0xff, 203, 0, 113, 2 };
	static const uint8_t gid_rxe[16] = { [10] = 0xff, [11] = 0xff, 203, 0, 113, 1 };
	struct rdmaneg_ibcm_cma_hdr h = { .version = 0, .ip_version = 4, .port = src_port };
	uint8_t pd[RDMANEG_IBCM_CMA_HDR_LEN + 20];
	size_t off, n;

	(void)rdmaneg_ibcm_init(mad, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_REQ,
				0x0000000052000000ull + id);
	put(mad, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, id);
	put(mad, RDMANEG_IBCM_F_REQ_SERVICE_ID, 0x0000000001060000ull + port);
	put(mad, RDMANEG_IBCM_F_REQ_LOCAL_CA_GUID, 0x0200000000000002ull);
	put(mad, RDMANEG_IBCM_F_REQ_LOCAL_QPN, 0x100 + (id & 0xff));
	put(mad, RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 16);
	put(mad, RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 16);
	put(mad, RDMANEG_IBCM_F_REQ_REMOTE_CM_RESPONSE_TIMEOUT, 20);
	put(mad, RDMANEG_IBCM_F_REQ_END_TO_END_FLOW_CONTROL, 1);
	put(mad, RDMANEG_IBCM_F_REQ_STARTING_PSN, 0xabcdef);
	put(mad, RDMANEG_IBCM_F_REQ_LOCAL_CM_RESPONSE_TIMEOUT, 20);
	put(mad, RDMANEG_IBCM_F_REQ_RETRY_COUNT, 7);
	put(mad, RDMANEG_IBCM_F_REQ_PARTITION_KEY, 0xffff);
	put(mad, RDMANEG_IBCM_F_REQ_PATH_MTU, 3);
	put(mad, RDMANEG_IBCM_F_REQ_RNR_RETRY_COUNT, 7);
	put(mad, RDMANEG_IBCM_F_REQ_MAX_CM_RETRIES, 15);
	put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_LID, 0xffff);
	put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_REMOTE_LID, 0xffff);
	put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_HOP_LIMIT, 64);
	put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_SUBNET_LOCAL, 1);
	put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_ACK_TIMEOUT, 18);
	if (rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_GID, &off, &n) == RDMANEG_OK)
		memcpy(mad + off, gid_peer, n);
	if (rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIMARY_REMOTE_GID, &off, &n) ==
	    RDMANEG_OK)
		memcpy(mad + off, gid_rxe, n);
	memcpy(h.src + 12, gid_peer + 12, 4);
	memcpy(h.dst + 12, gid_rxe + 12, 4);
	(void)rdmaneg_ibcm_cma_encode(&h, pd, sizeof(pd));
	for (size_t i = 0; i < 20; i++)
		pd[RDMANEG_IBCM_CMA_HDR_LEN + i] = (uint8_t)(0xa0 + i);
	(void)rdmaneg_ibcm_set_pd(mad, RDMANEG_IBCM_MAD_LEN, pd, sizeof(pd));
}

bool live_roce_case(size_t k, struct live_roce_case *c)
{
	const struct row *r;
	size_t off, n;

	if (k >= NROWS || !c)
		return false;
	r = &rows[k];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", r->name);
	c->listener = r->listener && !r->unmatched;
	c->comm_id = 0x52000000u + (uint32_t)k;
	good_req(c->mad, c->comm_id, r->listener ? LIVE_ROCE_PORT : LIVE_ROCE_IDLE_PORT,
		 (uint16_t)(40000 + k));
	c->mad_len = RDMANEG_IBCM_MAD_LEN;
	/* [roce-a17#bth-1], [roce-a17#deth-1]: a MAD to QP1 */
	c->frame.ip_version = 4;
	c->frame.hop_limit = 64;
	c->frame.ip_id = (uint16_t)k;
	c->frame.src_port = (uint16_t)(0xC000 + k);
	c->frame.opcode = RDMANEG_ROCE_OP_UD_SEND_ONLY;
	c->frame.pkey = 0xFFFF;
	c->frame.dest_qp = 1;
	c->frame.psn = (uint32_t)k;
	c->frame.qkey = RDMANEG_ROCE_QKEY_GSI;
	c->frame.src_qp = 1;
	switch (r->edit) {
	case E_FIELD:
		put(c->mad, r->field, r->value);
		break;
	case E_ICRC:
		c->frame.icrc_xor = (uint32_t)r->value;
		break;
	case E_TVER:
		c->frame.tver = (uint8_t)r->value;
		break;
	case E_DEST_QP:
		c->frame.dest_qp = (uint32_t)r->value;
		break;
	case E_QKEY:
		c->frame.qkey = (uint32_t)r->value;
		break;
	case E_LEN:
		c->mad_len = (size_t)r->value;
		break;
	case E_CMA:
		if (rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REQ, &off, &n) == RDMANEG_OK) {
			c->mad[off] = (uint8_t)(r->value >> 8);
			c->mad[off + 1] = (uint8_t)r->value;
		}
		break;
	case E_NONE:
		break;
	}
	/* the payload and its pad to a multiple of 4 ([roce-a17#bth-1]) */
	c->frame.pad = (uint8_t)((4 - c->mad_len % 4) % 4);
	if (strncmp(r->name, "qp1-after-", 10) == 0) {
		c->follow = true;
		c->follow_id = c->comm_id + 0x1000u;
		good_req(c->follow_mad, c->follow_id, LIVE_ROCE_PORT, (uint16_t)(41000 + k));
	}
	return true;
}

enum live_roce_expect live_roce_expected(const struct live_roce_case *c)
{
	/* the answer is the good REQ's that follows */
	if (c->follow)
		return LIVE_ROCE_X_REP;
	/* [roce-a17#icrc-1], [roce-a17#bth-1]: a frame a receiver drops, or
	 * one for no QP1 ([roce-a17#deth-1]: QP1 takes only its Q_Key) */
	if (c->frame.icrc_xor != 0 || c->frame.tver != 0 || c->frame.dest_qp != 1 ||
	    c->frame.qkey != RDMANEG_ROCE_QKEY_GSI)
		return LIVE_ROCE_X_SILENCE;
	/* [ibcm-c12#mad-1] to [ibcm-c12#cma-2]: the oracle's reading */
	if (rdmaneg_ref_ibcm_passive(c->mad, c->mad_len) != 0)
		return LIVE_ROCE_X_NO_REP;
	return c->listener ? LIVE_ROCE_X_REP : LIVE_ROCE_X_REJ;
}

const char *live_roce_answer_name(enum live_roce_answer a)
{
	static const char *const names[] = { "none", "rep", "rej", "mra", "other" };

	return (unsigned)a < sizeof(names) / sizeof(names[0]) ? names[a] : "unknown";
}

const char *live_roce_expect_name(enum live_roce_expect x)
{
	static const char *const names[] = { "rep", "rej", "silence", "no-rep" };

	return (unsigned)x < sizeof(names) / sizeof(names[0]) ? names[x] : "unknown";
}

bool live_roce_conforms(enum live_roce_expect x, enum live_roce_answer a)
{
	switch (x) {
	case LIVE_ROCE_X_REP:
		return a == LIVE_ROCE_REP || a == LIVE_ROCE_MRA;
	case LIVE_ROCE_X_REJ:
		return a == LIVE_ROCE_REJ;
	case LIVE_ROCE_X_SILENCE:
		return a == LIVE_ROCE_NONE;
	case LIVE_ROCE_X_NO_REP:
		return a != LIVE_ROCE_REP;
	}
	return false;
}
