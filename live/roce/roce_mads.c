// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The MADs make live-roce's cases start from: the good REQ, the model of
 * Linux's, the good REP, and any CM message between two Communication
 * IDs; see roce_mads.h. */
#include "live/roce/roce_mads.h"

#include "live/roce/roce_live.h"

#include "util/ibcm_name.h"

#include <stdio.h>
#include <string.h>

void live_roce_put(uint8_t *mad, size_t f, uint64_t v)
{
	(void)rdmaneg_ibcm_set(mad, RDMANEG_IBCM_MAD_LEN, f, v);
}

/* [ibcm-c12#req-1]: a REQ as Linux's cm_format_req() fills it for an
 * rdma_cm connection over RoCE v2 (IPv4, the TCP port space), from the
 * peer at LIVE_ROCE_PEER to port of LIVE_ROCE_ADDR; private data: rdma_cm's
 * header ([ibcm-c12#cma-1]), then 20 octets of a ULP's */
void live_roce_good_req(uint8_t *mad, uint32_t id, uint16_t port, uint16_t src_port)
{
	static const uint8_t gid_peer[16] = { [10] = 0xff, [11] = 0xff, 203, 0, 113, 2 };
	static const uint8_t gid_rxe[16] = { [10] = 0xff, [11] = 0xff, 203, 0, 113, 1 };
	struct rdmaneg_ibcm_cma_hdr h = { .version = 0, .ip_version = 4, .port = src_port };
	uint8_t pd[RDMANEG_IBCM_CMA_HDR_LEN + 20];
	size_t off, n;

	(void)rdmaneg_ibcm_init(mad, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_REQ,
				0x0000000052000000ull + id);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, id);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_SERVICE_ID, 0x0000000001060000ull + port);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_LOCAL_CA_GUID, 0x0200000000000002ull);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_LOCAL_QPN, 0x100 + (id & 0xff));
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 16);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 16);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_REMOTE_CM_RESPONSE_TIMEOUT, 20);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_END_TO_END_FLOW_CONTROL, 1);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_STARTING_PSN, 0xabcdef);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_LOCAL_CM_RESPONSE_TIMEOUT, 20);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_RETRY_COUNT, 7);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PARTITION_KEY, 0xffff);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PATH_MTU, 3);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_RNR_RETRY_COUNT, 7);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_MAX_CM_RETRIES, 15);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_LID, 0xffff);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_REMOTE_LID, 0xffff);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_HOP_LIMIT, 64);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_SUBNET_LOCAL, 1);
	live_roce_put(mad, RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_ACK_TIMEOUT, 18);
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
	live_roce_good_req(mad, 0x4c000001u, LIVE_ROCE_ACTIVE_PORT, 40000);
}

/* the REP as cm_format_rep() fills one for req ([ibcm-c12#rep-1]): its
 * IDs, our QP, the resources the REQ asked for, private data of ours */
void live_roce_good_rep(uint8_t *mad, const uint8_t *req, uint32_t local_id)
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
	live_roce_put(mad, RDMANEG_IBCM_F_REP_LOCAL_COMM_ID, local_id);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, id);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_LOCAL_QPN, 0x200 + (local_id & 0xff));
	live_roce_put(mad, RDMANEG_IBCM_F_REP_STARTING_PSN, 0x123456);
	/* [ibcm-c12#rep-3]: no more than the REQ offered */
	live_roce_put(mad, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, depth);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, rr);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_TARGET_ACK_DELAY, 15);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_END_TO_END_FLOW_CONTROL, 1);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_RNR_RETRY_COUNT, 7);
	live_roce_put(mad, RDMANEG_IBCM_F_REP_LOCAL_CA_GUID, 0x0200000000000002ull);
	for (size_t i = 0; i < sizeof(pd); i++)
		pd[i] = (uint8_t)(0xb0 + i);
	(void)rdmaneg_ibcm_set_pd(mad, RDMANEG_IBCM_MAD_LEN, pd, sizeof(pd));
}

/* the field of message attr named name, or RDMANEG_IBCM_F_COUNT */
size_t live_roce_field_of(uint16_t attr, const char *name)
{
	for (size_t f = 0; f < RDMANEG_IBCM_F_COUNT; f++) {
		struct rdmaneg_ibcm_field fd;

		if (rdmaneg_ibcm_field(f, &fd) == RDMANEG_OK && fd.attr == attr &&
		    strcmp(fd.name, name) == 0)
			return f;
	}
	return RDMANEG_IBCM_F_COUNT;
}

/* message attr from local (ours) to remote (theirs) for transaction tid:
 * its Communication IDs or Request ID, a DREQ's remote QP qpn, a REJ's
 * reason 28 naming the REP, an MRA's service timeout */
void live_roce_message(uint8_t *mad, uint16_t attr, uint64_t tid, uint32_t local, uint32_t remote,
		       uint64_t qpn)
{
	(void)rdmaneg_ibcm_init(mad, RDMANEG_IBCM_MAD_LEN, attr, tid);
	live_roce_put(mad, live_roce_field_of(attr, "local_comm_id"), local);
	live_roce_put(mad, live_roce_field_of(attr, "remote_comm_id"), remote);
	/* a SIDR REQ's Request ID is its sender's, a SIDR REP's the requester's */
	live_roce_put(mad, live_roce_field_of(attr, "request_id"),
		      attr == RDMANEG_IBCM_SIDR_REQ ? local : remote);
	if (attr == RDMANEG_IBCM_DREQ)
		live_roce_put(mad, RDMANEG_IBCM_F_DREQ_REMOTE_QPN, qpn);
	if (attr == RDMANEG_IBCM_REJ) {
		live_roce_put(mad, RDMANEG_IBCM_F_REJ_REASON, 28);
		live_roce_put(mad, RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED, 1);
	}
	if (attr == RDMANEG_IBCM_MRA)
		live_roce_put(mad, RDMANEG_IBCM_F_MRA_SERVICE_TIMEOUT, 14);
}

void live_roce_rej_req(uint8_t *mad, const uint8_t *req, uint32_t local_id, unsigned reason)
{
	uint64_t tid = 0, id = 0;

	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_MAD_TID, &tid);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, &id);
	live_roce_message(mad, RDMANEG_IBCM_REJ, tid, local_id, (uint32_t)id, 0);
	live_roce_put(mad, RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED, 0);
	live_roce_put(mad, RDMANEG_IBCM_F_REJ_REASON, reason);
}

/* the registry's clause of each message's layout, by attribute 0x10..0x1A */
static const char *const msg_clauses[] = {
	"ibcm-c12#req-1",     "ibcm-c12#mra-1",	 "ibcm-c12#rej-1",  "ibcm-c12#rep-1",
	"ibcm-c12#rtu-1",     "ibcm-c12#dreq-1", "ibcm-c12#drep-1", "ibcm-c12#sidrreq-1",
	"ibcm-c12#sidrrep-1", "ibcm-c12#lap-1",	 "ibcm-c12#apr-1"
};
#define NMSG (sizeof(msg_clauses) / sizeof(msg_clauses[0]))

const char *live_roce_msg_name(uint16_t attr)
{
	return rdmaneg_ibcm_message_name(attr);
}

const char *live_roce_msg_clause(uint16_t attr)
{
	return attr >= RDMANEG_IBCM_REQ && attr - RDMANEG_IBCM_REQ < NMSG
		       ? msg_clauses[attr - RDMANEG_IBCM_REQ]
		       : "ibcm-c12#mad-1";
}

void live_roce_mad_frame(struct rdmaneg_roce_hdr *h, size_t k)
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

size_t live_roce_edges(unsigned w, uint64_t v[3], const char *lab[3])
{
	size_t k = 0;

	v[k] = 0, lab[k++] = "0";
	if (w >= 2)
		v[k] = 1ull << (w - 1), lab[k++] = "top";
	v[k] = w >= 64 ? ~0ull : (1ull << w) - 1, lab[k++] = "max";
	return k;
}

void live_roce_field_name(char *out, size_t cap, const char *pre, const char *name, const char *lab)
{
	size_t n = (size_t)snprintf(out, cap, "%s%s-%s", pre, name, lab);

	for (size_t i = strlen(pre); i < n && i < cap; i++)
		if (out[i] == '_')
			out[i] = '-';
}
