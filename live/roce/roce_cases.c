// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's table and what a conforming passive side does with
 * each case ([ibcm-c12#req-1], [roce-a17#frame-1]), then the active
 * cases' answers and what a conforming active side does with each
 * ([ibcm-c12#rep-2], [ibcm-c12#rep-3]); see roce_live.h. */
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

/* The active cases: how the peer answers Linux's REQ. A REP (as
 * cm_format_rep() fills one) with one field edited: set to value, XORed
 * with it, or (O_FROM) the REQ's field from plus value; or a REJ of
 * reason value with rejected info of ari octets; or an MRA before the
 * REP, or the REP sent twice. */
enum answer { A_REP, A_REP_TWICE, A_MRA_REP, A_REJ };
enum op { O_NONE, O_SET, O_XOR, O_FROM, O_PD_FF };

static const struct arow {
	const char *name;
	enum answer answer;
	enum op op;
	size_t field, from;
	uint64_t value;
	unsigned ari; /* A_REJ: its Rejected Info Length */
} arows[] = {
	{ "a-rep", A_REP, O_NONE, 0, 0, 0, 0 },
	{ "a-rep-remote-id-wrong", A_REP, O_XOR, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, 0, 1, 0 },
	{ "a-rep-responder-resources-above", A_REP, O_FROM, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES,
	  RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 1, 0 },
	{ "a-rep-initiator-depth-above", A_REP, O_FROM, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH,
	  RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 1, 0 },
	{ "a-rep-responder-resources-255", A_REP, O_SET, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, 0,
	  255, 0 },
	{ "a-rep-initiator-depth-0", A_REP, O_SET, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, 0, 0, 0 },
	{ "a-rep-qpn-0", A_REP, O_SET, RDMANEG_IBCM_F_REP_LOCAL_QPN, 0, 0, 0 },
	{ "a-rep-qpn-1", A_REP, O_SET, RDMANEG_IBCM_F_REP_LOCAL_QPN, 0, 1, 0 },
	{ "a-rep-psn-max", A_REP, O_SET, RDMANEG_IBCM_F_REP_STARTING_PSN, 0, 0xFFFFFF, 0 },
	{ "a-rep-target-ack-delay-31", A_REP, O_SET, RDMANEG_IBCM_F_REP_TARGET_ACK_DELAY, 0, 31,
	  0 },
	{ "a-rep-failover-3", A_REP, O_SET, RDMANEG_IBCM_F_REP_FAILOVER_ACCEPTED, 0, 3, 0 },
	{ "a-rep-rnr-retry-0", A_REP, O_SET, RDMANEG_IBCM_F_REP_RNR_RETRY_COUNT, 0, 0, 0 },
	{ "a-rep-srq-1", A_REP, O_SET, RDMANEG_IBCM_F_REP_SRQ, 0, 1, 0 },
	{ "a-rep-pd-ff", A_REP, O_PD_FF, 0, 0, 0, 0 },
	{ "a-rep-twice", A_REP_TWICE, O_NONE, 0, 0, 0, 0 },
	{ "a-mra-then-rep", A_MRA_REP, O_NONE, 0, 0, 0, 0 },
	{ "a-rej-consumer", A_REJ, O_NONE, 0, 0, 28, 0 },
	{ "a-rej-reason-0", A_REJ, O_NONE, 0, 0, 0, 0 },
	{ "a-rej-reason-ffff", A_REJ, O_NONE, 0, 0, 0xFFFF, 0 },
	{ "a-rej-timeout-ari-8", A_REJ, O_NONE, 0, 0, 4, 8 },
	{ "a-rej-stale-conn", A_REJ, O_NONE, 0, 0, 10, 0 },
	{ "a-rej-ari-72", A_REJ, O_NONE, 0, 0, 1, 72 },
	{ "a-rej-ari-127", A_REJ, O_NONE, 0, 0, 1, 127 },
	{ "a-rej-remote-id-wrong", A_REJ, O_XOR, RDMANEG_IBCM_F_REJ_REMOTE_COMM_ID, 0, 1, 0 },
};
#define NAROWS (sizeof(arows) / sizeof(arows[0]))

size_t live_roce_case_count(void)
{
	return NROWS + NAROWS;
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

void live_roce_model_req(uint8_t mad[RDMANEG_IBCM_MAD_LEN])
{
	good_req(mad, 0x4c000001u, LIVE_ROCE_ACTIVE_PORT, 40000);
}

/* the REP as cm_format_rep() fills one for req ([ibcm-c12#rep-1]): its
 * IDs, our QP, the resources the REQ asked for, private data of ours */
static void good_rep(uint8_t *mad, const uint8_t *req, uint32_t local_id)
{
	uint64_t tid = 0, id = 0, rr = 0, depth = 0;
	uint8_t pd[20];

	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_MAD_TID, &tid);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, &id);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES,
			       &rr);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH,
			       &depth);
	(void)rdmaneg_ibcm_init(mad, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_REP, tid);
	put(mad, RDMANEG_IBCM_F_REP_LOCAL_COMM_ID, local_id);
	put(mad, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, id);
	put(mad, RDMANEG_IBCM_F_REP_LOCAL_QPN, 0x200 + (local_id & 0xff));
	put(mad, RDMANEG_IBCM_F_REP_STARTING_PSN, 0x123456);
	/* [ibcm-c12#rep-3]: no more than the REQ offered */
	put(mad, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, depth);
	put(mad, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, rr);
	put(mad, RDMANEG_IBCM_F_REP_TARGET_ACK_DELAY, 15);
	put(mad, RDMANEG_IBCM_F_REP_END_TO_END_FLOW_CONTROL, 1);
	put(mad, RDMANEG_IBCM_F_REP_RNR_RETRY_COUNT, 7);
	put(mad, RDMANEG_IBCM_F_REP_LOCAL_CA_GUID, 0x0200000000000002ull);
	for (size_t i = 0; i < sizeof(pd); i++)
		pd[i] = (uint8_t)(0xb0 + i);
	(void)rdmaneg_ibcm_set_pd(mad, RDMANEG_IBCM_MAD_LEN, pd, sizeof(pd));
}

size_t live_roce_answer(const struct live_roce_case *c, const uint8_t *req, uint32_t local_id,
			uint8_t out[2][RDMANEG_IBCM_MAD_LEN])
{
	const struct arow *a;
	uint64_t tid = 0, id = 0, v = 0;
	size_t off, n, k = 0;
	uint8_t *m;

	if (!c || !c->active || c->row >= NAROWS || !req)
		return 0;
	a = &arows[c->row];
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_MAD_TID, &tid);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, &id);
	if (a->answer == A_MRA_REP) {
		/* [ibcm-c12#mra-1]: the REQ MRAed, a service timeout of 2^14 x 4.096 us */
		(void)rdmaneg_ibcm_init(out[k], RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_MRA, tid);
		put(out[k], RDMANEG_IBCM_F_MRA_LOCAL_COMM_ID, local_id);
		put(out[k], RDMANEG_IBCM_F_MRA_REMOTE_COMM_ID, id);
		put(out[k], RDMANEG_IBCM_F_MRA_MESSAGE_MRAED, 0);
		put(out[k], RDMANEG_IBCM_F_MRA_SERVICE_TIMEOUT, 14);
		k++;
	}
	m = out[k++];
	if (a->answer == A_REJ) {
		uint8_t pd[RDMANEG_IBCM_MAD_LEN];

		/* [ibcm-c12#rej-1]: the REQ rejected (message 0), reason value */
		(void)rdmaneg_ibcm_init(m, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_REJ, tid);
		put(m, RDMANEG_IBCM_F_REJ_LOCAL_COMM_ID, local_id);
		put(m, RDMANEG_IBCM_F_REJ_REMOTE_COMM_ID, id);
		put(m, RDMANEG_IBCM_F_REJ_REASON, a->value);
		put(m, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH, a->ari);
		if (rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REJ_ARI, &off, &n) == RDMANEG_OK)
			for (size_t i = 0; i < n; i++)
				m[off + i] = (uint8_t)(0xc0 + i);
		for (size_t i = 0; i < sizeof(pd); i++)
			pd[i] = (uint8_t)(0x40 + i);
		if (rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REJ, &off, &n) == RDMANEG_OK)
			(void)rdmaneg_ibcm_set_pd(m, RDMANEG_IBCM_MAD_LEN, pd, n);
	} else {
		good_rep(m, req, local_id);
	}
	switch (a->op) {
	case O_SET:
		put(m, a->field, a->value);
		break;
	case O_XOR:
		(void)rdmaneg_ibcm_get(m, RDMANEG_IBCM_MAD_LEN, a->field, &v);
		put(m, a->field, v ^ a->value);
		break;
	case O_FROM:
		(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, a->from, &v);
		put(m, a->field, v + a->value);
		break;
	case O_PD_FF:
		if (rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REP, &off, &n) == RDMANEG_OK)
			memset(m + off, 0xff, n);
		break;
	case O_NONE:
		break;
	}
	if (a->answer == A_REP_TWICE)
		memcpy(out[k++], m, RDMANEG_IBCM_MAD_LEN);
	return k;
}

/* [roce-a17#bth-1], [roce-a17#deth-1]: case k's headers of a MAD to QP1
 * from QP1 (the addresses are the peer's to fill) */
static void mad_frame(struct rdmaneg_roce_hdr *h, size_t k)
{
	h->ip_version = 4;
	h->hop_limit = 64;
	h->ip_id = (uint16_t)k;
	h->src_port = (uint16_t)(0xC000 + k);
	h->opcode = RDMANEG_ROCE_OP_UD_SEND_ONLY;
	h->pkey = 0xFFFF;
	h->dest_qp = 1;
	h->psn = (uint32_t)k;
	h->qkey = RDMANEG_ROCE_QKEY_GSI;
	h->src_qp = 1;
}

/* active case k (NROWS - 1 <= k < NROWS - 1 + NAROWS): its answer to the
 * model REQ in c->mad, the last MAD the peer sends ([ibcm-c12#rep-1]) */
static bool active_case(size_t k, struct live_roce_case *c)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	size_t n;

	memset(c, 0, sizeof(*c));
	c->active = true;
	c->row = (unsigned)(k - (NROWS - 1));
	snprintf(c->name, sizeof(c->name), "%s", arows[c->row].name);
	c->comm_id = 0x53000000u + (uint32_t)k;
	live_roce_model_req(req);
	n = live_roce_answer(c, req, c->comm_id, out);
	memcpy(c->mad, out[n - 1], RDMANEG_IBCM_MAD_LEN);
	c->mad_len = RDMANEG_IBCM_MAD_LEN;
	mad_frame(&c->frame, k);
	return true;
}

bool live_roce_case(size_t k, struct live_roce_case *c)
{
	const struct row *r;
	size_t off, n;

	if (k >= NROWS + NAROWS || !c)
		return false;
	/* the last passive row (qp1-after-) last of all: on a kernel with
	 * finding 23 it leaves QP1 dead, and no case after it could be
	 * answered; the active cases come before it */
	if (k >= NROWS - 1 && k < NROWS - 1 + NAROWS)
		return active_case(k, c);
	memset(c, 0, sizeof(*c));
	c->row = (unsigned)(k < NROWS - 1 ? k : NROWS - 1);
	r = &rows[c->row];
	snprintf(c->name, sizeof(c->name), "%s", r->name);
	c->listener = r->listener && !r->unmatched;
	c->comm_id = 0x52000000u + (uint32_t)k;
	good_req(c->mad, c->comm_id, r->listener ? LIVE_ROCE_PORT : LIVE_ROCE_IDLE_PORT,
		 (uint16_t)(40000 + k));
	c->mad_len = RDMANEG_IBCM_MAD_LEN;
	mad_frame(&c->frame, k);
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

const char *live_roce_clause(const struct live_roce_case *c)
{
	size_t k;

	if (c->active) {
		const struct arow *a = &arows[c->row < NAROWS ? c->row : 0];

		if (a->op == O_XOR)
			return "ibcm-c12#rep-2";
		if (a->op == O_FROM ||
		    (a->op == O_SET && (a->field == RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES ||
					a->field == RDMANEG_IBCM_F_REP_INITIATOR_DEPTH)))
			return "ibcm-c12#rep-3";
		if (a->answer == A_REJ)
			return a->ari > 72 ? "ibcm-c12#rej-3" : "ibcm-c12#rej-1";
		return a->answer == A_MRA_REP ? "ibcm-c12#mra-1" : "ibcm-c12#rep-1";
	}
	k = c->row < NROWS ? c->row : 0;
	switch (rows[k].edit) {
	case E_ICRC:
		return "roce-a17#icrc-1";
	case E_TVER:
		return "roce-a17#bth-1";
	case E_DEST_QP:
	case E_QKEY:
		return "roce-a17#deth-1";
	case E_LEN:
		return "ibcm-c12#mad-1";
	case E_CMA:
		return "ibcm-c12#cma-2";
	case E_FIELD:
		if (rows[k].field == RDMANEG_IBCM_F_REQ_PATH_MTU)
			return "ibcm-c12#req-3";
		if (rows[k].field == RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE)
			return "ibcm-c12#req-2";
		return rows[k].field <= RDMANEG_IBCM_F_MAD_ATTR_MOD ? "ibcm-c12#mad-1"
								    : "ibcm-c12#req-1";
	case E_NONE:
		break;
	}
	return "ibcm-c12#req-1";
}

enum live_roce_expect live_roce_expected(const struct live_roce_case *c)
{
	/* active: a REJ ends the attempt; a REP the oracle finds good gets
	 * the RTU ([ibcm-c12#rtu-1]), one it finds defective does not
	 * ([ibcm-c12#rep-2], [ibcm-c12#rep-3]) */
	if (c->active) {
		uint8_t req[RDMANEG_IBCM_MAD_LEN];

		if (arows[c->row].answer == A_REJ)
			return LIVE_ROCE_X_QUIET;
		live_roce_model_req(req);
		return rdmaneg_ref_ibcm_active(c->mad, c->mad_len, req) == 0 ? LIVE_ROCE_X_RTU
									     : LIVE_ROCE_X_NO_RTU;
	}
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
	static const char *const names[] = { "none", "rep", "rej", "mra", "other", "rtu", "noreq" };

	return (unsigned)a < sizeof(names) / sizeof(names[0]) ? names[a] : "unknown";
}

const char *live_roce_expect_name(enum live_roce_expect x)
{
	static const char *const names[] = { "rep", "rej",    "silence", "no-rep",
					     "rtu", "no-rtu", "quiet" };

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
	case LIVE_ROCE_X_RTU:
		return a == LIVE_ROCE_RTU;
	case LIVE_ROCE_X_NO_RTU:
		return a != LIVE_ROCE_RTU && a != LIVE_ROCE_NOREQ;
	case LIVE_ROCE_X_QUIET:
		return a == LIVE_ROCE_NONE;
	}
	return false;
}
