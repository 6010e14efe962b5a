/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rdmaneg: the InfiniBand Communication Manager's messages, as RoCE and
 * InfiniBand peers send them to QP1 in 256-octet MADs ([ibcm-c12#mad-1]),
 * and rdma_cm's IP header at the start of their private data
 * ([ibcm-c12#cma-1]). The IBTA specification (volume 1, chapter 12) is not
 * public here: every field is where Linux's include/rdma/ibta_vol1_c12.h
 * and Wireshark's InfiniBand dissector agree; docs/ibcm.md says which
 * reading each rule follows.
 *
 * A message is its 256 octets: one field table (RDMANEG_IBCM_FIELDS)
 * names every field of every message, and rdmaneg_ibcm_get() and
 * rdmaneg_ibcm_set() read and write any of them by that name, so a peer
 * can build any REQ and a test can check every field it wrote.
 */
#ifndef RDMANEG_IBCM_H
#define RDMANEG_IBCM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_IBCM_MAD_LEN 256u    /* [ibcm-c12#mad-1] */
#define RDMANEG_IBCM_HDR_LEN 24u     /* the common MAD header; the message follows */
#define RDMANEG_IBCM_INFO_MAX 72u    /* REJ's ARI, APR's and SIDR REP's additional information */
#define RDMANEG_IBCM_CMA_HDR_LEN 36u /* [ibcm-c12#cma-1] */

/* [ibcm-c12#mad-1]: what the MAD layer hands to the CM */
#define RDMANEG_IBCM_BASE_VERSION 1u
#define RDMANEG_IBCM_CLASS 0x07u
#define RDMANEG_IBCM_CLASS_VERSION 2u
#define RDMANEG_IBCM_METHOD_SEND 0x03u

/* Attribute IDs, one per message ([ibcm-c12#mad-1]) */
#define RDMANEG_IBCM_REQ 0x0010u
#define RDMANEG_IBCM_MRA 0x0011u
#define RDMANEG_IBCM_REJ 0x0012u
#define RDMANEG_IBCM_REP 0x0013u
#define RDMANEG_IBCM_RTU 0x0014u
#define RDMANEG_IBCM_DREQ 0x0015u
#define RDMANEG_IBCM_DREP 0x0016u
#define RDMANEG_IBCM_SIDR_REQ 0x0017u
#define RDMANEG_IBCM_SIDR_REP 0x0018u
#define RDMANEG_IBCM_LAP 0x0019u
#define RDMANEG_IBCM_APR 0x001Au

/*
 * Every field, once: X(id, message, name, byte, bit, width). byte is the
 * offset after the 24-octet MAD header (the MAD header's own fields,
 * message 0, count from octet 0), bit the first bit counted from the
 * octet's most significant one, width in bits, big-endian: Linux's
 * CM_FIELD_BLOC(byte, bit, width) form, so each row can be read against
 * ibta_vol1_c12.h. Rows of more than 64 bits are octet strings (GIDs,
 * additional information, private data), read with
 * rdmaneg_ibcm_field_octets().
 */
#define RDMANEG_IBCM_FIELDS(X) \
	/* [ibcm-c12#mad-1] */ \
	X(MAD_BASE_VERSION, 0, "base_version", 0, 0, 8) \
	X(MAD_MGMT_CLASS, 0, "mgmt_class", 1, 0, 8) \
	X(MAD_CLASS_VERSION, 0, "class_version", 2, 0, 8) \
	X(MAD_METHOD, 0, "method", 3, 0, 8) \
	X(MAD_STATUS, 0, "status", 4, 0, 16) \
	X(MAD_CLASS_SPECIFIC, 0, "class_specific", 6, 0, 16) \
	X(MAD_TID, 0, "tid", 8, 0, 64) \
	X(MAD_ATTR_ID, 0, "attr_id", 16, 0, 16) \
	X(MAD_RESERVED, 0, "reserved", 18, 0, 16) \
	X(MAD_ATTR_MOD, 0, "attr_mod", 20, 0, 32) \
	/* [ibcm-c12#req-1] */ \
	X(REQ_LOCAL_COMM_ID, RDMANEG_IBCM_REQ, "local_comm_id", 0, 0, 32) \
	X(REQ_SERVICE_ID, RDMANEG_IBCM_REQ, "service_id", 8, 0, 64) \
	X(REQ_LOCAL_CA_GUID, RDMANEG_IBCM_REQ, "local_ca_guid", 16, 0, 64) \
	X(REQ_LOCAL_Q_KEY, RDMANEG_IBCM_REQ, "local_q_key", 28, 0, 32) \
	X(REQ_LOCAL_QPN, RDMANEG_IBCM_REQ, "local_qpn", 32, 0, 24) \
	X(REQ_RESPONDER_RESOURCES, RDMANEG_IBCM_REQ, "responder_resources", 35, 0, 8) \
	X(REQ_LOCAL_EECN, RDMANEG_IBCM_REQ, "local_eecn", 36, 0, 24) \
	X(REQ_INITIATOR_DEPTH, RDMANEG_IBCM_REQ, "initiator_depth", 39, 0, 8) \
	X(REQ_REMOTE_EECN, RDMANEG_IBCM_REQ, "remote_eecn", 40, 0, 24) \
	X(REQ_REMOTE_CM_RESPONSE_TIMEOUT, RDMANEG_IBCM_REQ, "remote_cm_response_timeout", 43, 0, \
	  5) \
	X(REQ_TRANSPORT_SERVICE_TYPE, RDMANEG_IBCM_REQ, "transport_service_type", 43, 5, 2) \
	X(REQ_END_TO_END_FLOW_CONTROL, RDMANEG_IBCM_REQ, "end_to_end_flow_control", 43, 7, 1) \
	X(REQ_STARTING_PSN, RDMANEG_IBCM_REQ, "starting_psn", 44, 0, 24) \
	X(REQ_LOCAL_CM_RESPONSE_TIMEOUT, RDMANEG_IBCM_REQ, "local_cm_response_timeout", 47, 0, 5) \
	X(REQ_RETRY_COUNT, RDMANEG_IBCM_REQ, "retry_count", 47, 5, 3) \
	X(REQ_PARTITION_KEY, RDMANEG_IBCM_REQ, "partition_key", 48, 0, 16) \
	X(REQ_PATH_MTU, RDMANEG_IBCM_REQ, "path_mtu", 50, 0, 4) \
	X(REQ_RDC_EXISTS, RDMANEG_IBCM_REQ, "rdc_exists", 50, 4, 1) \
	X(REQ_RNR_RETRY_COUNT, RDMANEG_IBCM_REQ, "rnr_retry_count", 50, 5, 3) \
	X(REQ_MAX_CM_RETRIES, RDMANEG_IBCM_REQ, "max_cm_retries", 51, 0, 4) \
	X(REQ_SRQ, RDMANEG_IBCM_REQ, "srq", 51, 4, 1) \
	X(REQ_EXTENDED_TRANSPORT_TYPE, RDMANEG_IBCM_REQ, "extended_transport_type", 51, 5, 3) \
	X(REQ_PRIMARY_LOCAL_LID, RDMANEG_IBCM_REQ, "primary_local_lid", 52, 0, 16) \
	X(REQ_PRIMARY_REMOTE_LID, RDMANEG_IBCM_REQ, "primary_remote_lid", 54, 0, 16) \
	X(REQ_PRIMARY_LOCAL_GID, RDMANEG_IBCM_REQ, "primary_local_gid", 56, 0, 128) \
	X(REQ_PRIMARY_REMOTE_GID, RDMANEG_IBCM_REQ, "primary_remote_gid", 72, 0, 128) \
	X(REQ_PRIMARY_FLOW_LABEL, RDMANEG_IBCM_REQ, "primary_flow_label", 88, 0, 20) \
	X(REQ_PRIMARY_PACKET_RATE, RDMANEG_IBCM_REQ, "primary_packet_rate", 91, 2, 6) \
	X(REQ_PRIMARY_TRAFFIC_CLASS, RDMANEG_IBCM_REQ, "primary_traffic_class", 92, 0, 8) \
	X(REQ_PRIMARY_HOP_LIMIT, RDMANEG_IBCM_REQ, "primary_hop_limit", 93, 0, 8) \
	X(REQ_PRIMARY_SL, RDMANEG_IBCM_REQ, "primary_sl", 94, 0, 4) \
	X(REQ_PRIMARY_SUBNET_LOCAL, RDMANEG_IBCM_REQ, "primary_subnet_local", 94, 4, 1) \
	X(REQ_PRIMARY_LOCAL_ACK_TIMEOUT, RDMANEG_IBCM_REQ, "primary_local_ack_timeout", 95, 0, 5) \
	X(REQ_ALTERNATE_LOCAL_LID, RDMANEG_IBCM_REQ, "alternate_local_lid", 96, 0, 16) \
	X(REQ_ALTERNATE_REMOTE_LID, RDMANEG_IBCM_REQ, "alternate_remote_lid", 98, 0, 16) \
	X(REQ_ALTERNATE_LOCAL_GID, RDMANEG_IBCM_REQ, "alternate_local_gid", 100, 0, 128) \
	X(REQ_ALTERNATE_REMOTE_GID, RDMANEG_IBCM_REQ, "alternate_remote_gid", 116, 0, 128) \
	X(REQ_ALTERNATE_FLOW_LABEL, RDMANEG_IBCM_REQ, "alternate_flow_label", 132, 0, 20) \
	X(REQ_ALTERNATE_PACKET_RATE, RDMANEG_IBCM_REQ, "alternate_packet_rate", 135, 2, 6) \
	X(REQ_ALTERNATE_TRAFFIC_CLASS, RDMANEG_IBCM_REQ, "alternate_traffic_class", 136, 0, 8) \
	X(REQ_ALTERNATE_HOP_LIMIT, RDMANEG_IBCM_REQ, "alternate_hop_limit", 137, 0, 8) \
	X(REQ_ALTERNATE_SL, RDMANEG_IBCM_REQ, "alternate_sl", 138, 0, 4) \
	X(REQ_ALTERNATE_SUBNET_LOCAL, RDMANEG_IBCM_REQ, "alternate_subnet_local", 138, 4, 1) \
	X(REQ_ALTERNATE_LOCAL_ACK_TIMEOUT, RDMANEG_IBCM_REQ, "alternate_local_ack_timeout", 139, \
	  0, 5) \
	X(REQ_PRIVATE_DATA, RDMANEG_IBCM_REQ, "private_data", 140, 0, 736) \
	/* [ibcm-c12#mra-1] */ \
	X(MRA_LOCAL_COMM_ID, RDMANEG_IBCM_MRA, "local_comm_id", 0, 0, 32) \
	X(MRA_REMOTE_COMM_ID, RDMANEG_IBCM_MRA, "remote_comm_id", 4, 0, 32) \
	X(MRA_MESSAGE_MRAED, RDMANEG_IBCM_MRA, "message_mraed", 8, 0, 2) \
	X(MRA_SERVICE_TIMEOUT, RDMANEG_IBCM_MRA, "service_timeout", 9, 0, 5) \
	X(MRA_PRIVATE_DATA, RDMANEG_IBCM_MRA, "private_data", 10, 0, 1776) \
	/* [ibcm-c12#rej-1] */ \
	X(REJ_LOCAL_COMM_ID, RDMANEG_IBCM_REJ, "local_comm_id", 0, 0, 32) \
	X(REJ_REMOTE_COMM_ID, RDMANEG_IBCM_REJ, "remote_comm_id", 4, 0, 32) \
	X(REJ_MESSAGE_REJECTED, RDMANEG_IBCM_REJ, "message_rejected", 8, 0, 2) \
	X(REJ_REJECTED_INFO_LENGTH, RDMANEG_IBCM_REJ, "rejected_info_length", 9, 0, 7) \
	X(REJ_REASON, RDMANEG_IBCM_REJ, "reason", 10, 0, 16) \
	X(REJ_ARI, RDMANEG_IBCM_REJ, "ari", 12, 0, 576) \
	X(REJ_PRIVATE_DATA, RDMANEG_IBCM_REJ, "private_data", 84, 0, 1184) \
	/* [ibcm-c12#rep-1] */ \
	X(REP_LOCAL_COMM_ID, RDMANEG_IBCM_REP, "local_comm_id", 0, 0, 32) \
	X(REP_REMOTE_COMM_ID, RDMANEG_IBCM_REP, "remote_comm_id", 4, 0, 32) \
	X(REP_LOCAL_Q_KEY, RDMANEG_IBCM_REP, "local_q_key", 8, 0, 32) \
	X(REP_LOCAL_QPN, RDMANEG_IBCM_REP, "local_qpn", 12, 0, 24) \
	X(REP_LOCAL_EECN, RDMANEG_IBCM_REP, "local_eecn", 16, 0, 24) \
	X(REP_STARTING_PSN, RDMANEG_IBCM_REP, "starting_psn", 20, 0, 24) \
	X(REP_RESPONDER_RESOURCES, RDMANEG_IBCM_REP, "responder_resources", 24, 0, 8) \
	X(REP_INITIATOR_DEPTH, RDMANEG_IBCM_REP, "initiator_depth", 25, 0, 8) \
	X(REP_TARGET_ACK_DELAY, RDMANEG_IBCM_REP, "target_ack_delay", 26, 0, 5) \
	X(REP_FAILOVER_ACCEPTED, RDMANEG_IBCM_REP, "failover_accepted", 26, 5, 2) \
	X(REP_END_TO_END_FLOW_CONTROL, RDMANEG_IBCM_REP, "end_to_end_flow_control", 26, 7, 1) \
	X(REP_RNR_RETRY_COUNT, RDMANEG_IBCM_REP, "rnr_retry_count", 27, 0, 3) \
	X(REP_SRQ, RDMANEG_IBCM_REP, "srq", 27, 3, 1) \
	X(REP_LOCAL_CA_GUID, RDMANEG_IBCM_REP, "local_ca_guid", 28, 0, 64) \
	X(REP_PRIVATE_DATA, RDMANEG_IBCM_REP, "private_data", 36, 0, 1568) \
	/* [ibcm-c12#rtu-1] */ \
	X(RTU_LOCAL_COMM_ID, RDMANEG_IBCM_RTU, "local_comm_id", 0, 0, 32) \
	X(RTU_REMOTE_COMM_ID, RDMANEG_IBCM_RTU, "remote_comm_id", 4, 0, 32) \
	X(RTU_PRIVATE_DATA, RDMANEG_IBCM_RTU, "private_data", 8, 0, 1792) \
	/* [ibcm-c12#dreq-1] */ \
	X(DREQ_LOCAL_COMM_ID, RDMANEG_IBCM_DREQ, "local_comm_id", 0, 0, 32) \
	X(DREQ_REMOTE_COMM_ID, RDMANEG_IBCM_DREQ, "remote_comm_id", 4, 0, 32) \
	X(DREQ_REMOTE_QPN, RDMANEG_IBCM_DREQ, "remote_qpn", 8, 0, 24) \
	X(DREQ_PRIVATE_DATA, RDMANEG_IBCM_DREQ, "private_data", 12, 0, 1760) \
	/* [ibcm-c12#drep-1] */ \
	X(DREP_LOCAL_COMM_ID, RDMANEG_IBCM_DREP, "local_comm_id", 0, 0, 32) \
	X(DREP_REMOTE_COMM_ID, RDMANEG_IBCM_DREP, "remote_comm_id", 4, 0, 32) \
	X(DREP_PRIVATE_DATA, RDMANEG_IBCM_DREP, "private_data", 8, 0, 1792) \
	/* [ibcm-c12#sidrreq-1] */ \
	X(SIDR_REQ_REQUEST_ID, RDMANEG_IBCM_SIDR_REQ, "request_id", 0, 0, 32) \
	X(SIDR_REQ_PARTITION_KEY, RDMANEG_IBCM_SIDR_REQ, "partition_key", 4, 0, 16) \
	X(SIDR_REQ_SERVICE_ID, RDMANEG_IBCM_SIDR_REQ, "service_id", 8, 0, 64) \
	X(SIDR_REQ_PRIVATE_DATA, RDMANEG_IBCM_SIDR_REQ, "private_data", 16, 0, 1728) \
	/* [ibcm-c12#sidrrep-1] */ \
	X(SIDR_REP_REQUEST_ID, RDMANEG_IBCM_SIDR_REP, "request_id", 0, 0, 32) \
	X(SIDR_REP_STATUS, RDMANEG_IBCM_SIDR_REP, "status", 4, 0, 8) \
	X(SIDR_REP_ADDITIONAL_INFO_LENGTH, RDMANEG_IBCM_SIDR_REP, "additional_info_length", 5, 0, \
	  8) \
	X(SIDR_REP_QPN, RDMANEG_IBCM_SIDR_REP, "qpn", 8, 0, 24) \
	X(SIDR_REP_SERVICE_ID, RDMANEG_IBCM_SIDR_REP, "service_id", 12, 0, 64) \
	X(SIDR_REP_Q_KEY, RDMANEG_IBCM_SIDR_REP, "q_key", 20, 0, 32) \
	X(SIDR_REP_ADDITIONAL_INFO, RDMANEG_IBCM_SIDR_REP, "additional_info", 24, 0, 576) \
	X(SIDR_REP_PRIVATE_DATA, RDMANEG_IBCM_SIDR_REP, "private_data", 96, 0, 1088) \
	/* [ibcm-c12#lap-1] */ \
	X(LAP_LOCAL_COMM_ID, RDMANEG_IBCM_LAP, "local_comm_id", 0, 0, 32) \
	X(LAP_REMOTE_COMM_ID, RDMANEG_IBCM_LAP, "remote_comm_id", 4, 0, 32) \
	X(LAP_REMOTE_QPN, RDMANEG_IBCM_LAP, "remote_qpn", 12, 0, 24) \
	X(LAP_REMOTE_CM_RESPONSE_TIMEOUT, RDMANEG_IBCM_LAP, "remote_cm_response_timeout", 15, 0, \
	  5) \
	X(LAP_ALTERNATE_LOCAL_LID, RDMANEG_IBCM_LAP, "alternate_local_lid", 20, 0, 16) \
	X(LAP_ALTERNATE_REMOTE_LID, RDMANEG_IBCM_LAP, "alternate_remote_lid", 22, 0, 16) \
	X(LAP_ALTERNATE_LOCAL_GID, RDMANEG_IBCM_LAP, "alternate_local_gid", 24, 0, 128) \
	X(LAP_ALTERNATE_REMOTE_GID, RDMANEG_IBCM_LAP, "alternate_remote_gid", 40, 0, 128) \
	X(LAP_ALTERNATE_FLOW_LABEL, RDMANEG_IBCM_LAP, "alternate_flow_label", 56, 0, 20) \
	X(LAP_ALTERNATE_TRAFFIC_CLASS, RDMANEG_IBCM_LAP, "alternate_traffic_class", 59, 0, 8) \
	X(LAP_ALTERNATE_HOP_LIMIT, RDMANEG_IBCM_LAP, "alternate_hop_limit", 60, 0, 8) \
	X(LAP_ALTERNATE_PACKET_RATE, RDMANEG_IBCM_LAP, "alternate_packet_rate", 61, 2, 6) \
	X(LAP_ALTERNATE_SL, RDMANEG_IBCM_LAP, "alternate_sl", 62, 0, 4) \
	X(LAP_ALTERNATE_SUBNET_LOCAL, RDMANEG_IBCM_LAP, "alternate_subnet_local", 62, 4, 1) \
	X(LAP_ALTERNATE_LOCAL_ACK_TIMEOUT, RDMANEG_IBCM_LAP, "alternate_local_ack_timeout", 63, 0, \
	  5) \
	X(LAP_PRIVATE_DATA, RDMANEG_IBCM_LAP, "private_data", 64, 0, 1344) \
	/* [ibcm-c12#apr-1] */ \
	X(APR_LOCAL_COMM_ID, RDMANEG_IBCM_APR, "local_comm_id", 0, 0, 32) \
	X(APR_REMOTE_COMM_ID, RDMANEG_IBCM_APR, "remote_comm_id", 4, 0, 32) \
	X(APR_ADDITIONAL_INFO_LENGTH, RDMANEG_IBCM_APR, "additional_info_length", 8, 0, 8) \
	X(APR_STATUS, RDMANEG_IBCM_APR, "status", 9, 0, 8) \
	X(APR_ADDITIONAL_INFO, RDMANEG_IBCM_APR, "additional_info", 12, 0, 576) \
	X(APR_PRIVATE_DATA, RDMANEG_IBCM_APR, "private_data", 84, 0, 1184)

#define RDMANEG_IBCM_FIELD_ENUM(id, msg, name, byte, bit, width) RDMANEG_IBCM_F_##id,
enum rdmaneg_ibcm_field_id { RDMANEG_IBCM_FIELDS(RDMANEG_IBCM_FIELD_ENUM) RDMANEG_IBCM_F_COUNT };
#undef RDMANEG_IBCM_FIELD_ENUM

/* One row of the table. */
struct rdmaneg_ibcm_field {
	uint16_t attr;	  /* the message's attribute ID; 0 for the MAD header */
	const char *name; /* e.g. "local_comm_id" */
	uint16_t byte;	  /* as in RDMANEG_IBCM_FIELDS */
	uint8_t bit;
	uint16_t width;
};

/* What rdmaneg_ibcm_decode() reads of any message. */
struct rdmaneg_ibcm_msg {
	uint16_t attr;	    /* the attribute ID (0x10..0x1A for the CM's own) */
	uint64_t tid;	    /* the transaction ID */
	uint32_t local_id;  /* the Local Communication ID; SIDR: the Request ID */
	uint32_t remote_id; /* the Remote Communication ID (0 in REQ and SIDR) */
	size_t pd_off;	    /* where the private data starts in the MAD */
	size_t pd_len;	    /* and its length; 0 for an unknown attribute */
};

/* Defects a receiver finds (bits). */
#define RDMANEG_IBCM_D_LEN 0x001u	/* not 256 octets ([ibcm-c12#mad-1]) */
#define RDMANEG_IBCM_D_CLASS 0x002u	/* not base 1, class 0x07, class version 2 */
#define RDMANEG_IBCM_D_METHOD 0x004u	/* not the Send method */
#define RDMANEG_IBCM_D_ATTR 0x008u	/* not one of the CM's 11 attributes */
#define RDMANEG_IBCM_D_MSG 0x010u	/* MRA or REJ naming message 3 (reserved) */
#define RDMANEG_IBCM_D_INFO_LEN 0x020u	/* a REJ's, APR's or SIDR REP's info past 72 */
#define RDMANEG_IBCM_D_TRANSPORT 0x040u /* REQ: transport type 3 not extended as XRC */
#define RDMANEG_IBCM_D_MTU 0x080u	/* REQ: path MTU not 256..4096 (codes 1..5) */
#define RDMANEG_IBCM_D_CMA 0x100u	/* rdma_cm header: version or IP version */
#define RDMANEG_IBCM_D_COMM_ID 0x200u	/* an answer to another REQ's Communication ID */
#define RDMANEG_IBCM_D_RESOURCES 0x400u /* REP: more RDMA reads than the REQ allowed */
#define RDMANEG_IBCM_D_DECODE 0x0FFu	/* the bits rdmaneg_ibcm_decode() sets */
#define RDMANEG_IBCM_D_ALL 0x7FFu

/* rdma_cm's IP header ([ibcm-c12#cma-1]): Linux's struct cma_hdr. */
struct rdmaneg_ibcm_cma_hdr {
	uint8_t version;    /* 0 */
	uint8_t ip_version; /* 4 or 6: octet 1's high nibble */
	uint16_t port;	    /* the active side's source port */
	uint8_t src[16];    /* IPv4: octets 12..15, after 12 zero octets */
	uint8_t dst[16];
};

/*
 * The row of field f into *out. Returns RDMANEG_OK, or RDMANEG_E_INVAL
 * (f out of range, or out NULL).
 */
/*@ requires out == \null || \valid(out);
    assigns *out;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
    ensures \result == RDMANEG_OK <==> (out != \null && f < RDMANEG_IBCM_F_COUNT);
*/
int rdmaneg_ibcm_field(size_t f, struct rdmaneg_ibcm_field *out);

/*
 * Where the private data of the message with attribute ID attr starts in
 * the MAD (*off) and how long it is (*len): REQ 92 octets, MRA 222, REJ
 * 148, REP 196, RTU 224, DREQ 220, DREP 224, SIDR REQ 216, SIDR REP 136,
 * LAP 168, APR 148 ([ibcm-c12#req-1] to [ibcm-c12#apr-1]). Returns
 * RDMANEG_OK, or RDMANEG_E_INVAL for another attribute or a NULL pointer.
 */
/*@ requires off == \null || \valid(off);
    requires len == \null || \valid(len);
    requires off == \null || len == \null || \separated(off, len);
    assigns *off, *len;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
    ensures \result == RDMANEG_OK ==> *off + *len == RDMANEG_IBCM_MAD_LEN && *len >= 92 &&
      *off >= 32;
*/
int rdmaneg_ibcm_pd_span(uint16_t attr, size_t *off, size_t *len);

/*
 * Reads the field f (of at most 64 bits) of the MAD mad[0..len-1] into
 * *v. It does not look at the attribute ID: a field of the REQ reads the
 * REQ's octets of any MAD. Returns RDMANEG_OK, or RDMANEG_E_INVAL (a NULL
 * pointer, f out of range or an octet string, or a field past len).
 */
/*@ requires mad == \null || \valid_read(mad + (0 .. len - 1));
    requires v == \null || \valid(v);
    requires mad == \null || v == \null || \separated(v, mad + (0 .. len - 1));
    assigns *v;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
*/
int rdmaneg_ibcm_get(const uint8_t *mad, size_t len, size_t f, uint64_t *v);

/*
 * Writes v into the field f of mad[0..len-1], leaving every other bit as
 * it was. Returns RDMANEG_OK, or RDMANEG_E_INVAL (as rdmaneg_ibcm_get(),
 * or v wider than the field); nothing is written on an error.
 */
/*@ requires mad == \null || \valid(mad + (0 .. len - 1));
    assigns mad[0 .. len - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
*/
int rdmaneg_ibcm_set(uint8_t *mad, size_t len, size_t f, uint64_t v);

/*
 * Where the octet string field f (a GID, additional information, private
 * data) lies: *off and *len in octets from the MAD's start. Returns
 * RDMANEG_OK, or RDMANEG_E_INVAL (a NULL pointer, f out of range, or a
 * field of at most 64 bits).
 */
/*@ requires off == \null || \valid(off);
    requires len == \null || \valid(len);
    requires off == \null || len == \null || \separated(off, len);
    assigns *off, *len;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
*/
int rdmaneg_ibcm_field_octets(size_t f, size_t *off, size_t *len);

/*
 * Starts a MAD in out[0..255] ([ibcm-c12#mad-1]): all zero but base
 * version 1, class 0x07, class version 2, method Send, the transaction ID
 * tid and the attribute ID attr (any value: a hostile peer sends others).
 * Returns RDMANEG_OK, RDMANEG_E_INVAL (out NULL) or RDMANEG_E_NOSPACE
 * (cap under 256); nothing is written on an error.
 */
/*@ requires out == \null || \valid(out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_IBCM_MAD_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures hdr: \result == RDMANEG_OK ==> out[0] == RDMANEG_IBCM_BASE_VERSION &&
      out[1] == RDMANEG_IBCM_CLASS && out[2] == RDMANEG_IBCM_CLASS_VERSION &&
      out[3] == RDMANEG_IBCM_METHOD_SEND && out[16] == attr / 256 && out[17] == attr % 256;
*/
int rdmaneg_ibcm_init(uint8_t *out, size_t cap, uint16_t attr, uint64_t tid);

/*
 * Copies pd[0..pd_len-1] to the start of the private data of the message
 * in mad[0..255] (by its attribute ID); octets past pd_len are left as
 * they are. Returns RDMANEG_OK or RDMANEG_E_INVAL (a NULL pointer, cap
 * under 256, an attribute without private data, or pd_len past the
 * message's private data).
 */
/*@ requires mad == \null || \valid(mad + (0 .. cap - 1));
    requires pd == \null || \valid_read(pd + (0 .. pd_len - 1));
    requires mad == \null || pd == \null ||
      \separated(mad + (0 .. cap - 1), pd + (0 .. pd_len - 1));
    assigns mad[0 .. cap - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
*/
int rdmaneg_ibcm_set_pd(uint8_t *mad, size_t cap, const uint8_t *pd, size_t pd_len);

/*
 * Reads any MAD mad[0..len-1] into *m and what a receiver finds wrong
 * with it into *defects ([ibcm-c12#mad-1] and each message's rules):
 * D_LEN (not 256 octets; under 256 nothing else is read and *m is all
 * zero), D_CLASS, D_METHOD, D_ATTR, D_MSG, D_INFO_LEN, D_TRANSPORT,
 * D_MTU. Returns RDMANEG_OK or RDMANEG_E_INVAL (a NULL pointer, or mad
 * NULL with len > 0).
 */
/*@ requires mad == \null || \valid_read(mad + (0 .. len - 1));
    requires m == \null || \valid(m);
    requires defects == \null || \valid(defects);
    requires m == \null || defects == \null || \separated(m, defects);
    requires mad == \null || m == \null || \separated(m, mad + (0 .. len - 1));
    requires mad == \null || defects == \null || \separated(defects, mad + (0 .. len - 1));
    assigns *m, *defects;
    behavior inval:
      assumes m == \null || defects == \null || (mad == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior short:
      assumes m != \null && defects != \null && !(mad == \null && len > 0) &&
        len < RDMANEG_IBCM_MAD_LEN;
      ensures \result == RDMANEG_OK && *defects == RDMANEG_IBCM_D_LEN;
      ensures m->attr == 0 && m->pd_len == 0;
    behavior full:
      assumes m != \null && defects != \null && mad != \null && len >= RDMANEG_IBCM_MAD_LEN;
      ensures \result == RDMANEG_OK;
      // [ibcm-c12#mad-1]
      ensures attr: m->attr == mad[16] * 256 + mad[17];
      ensures len: *defects % 2 == 1 <==> len != RDMANEG_IBCM_MAD_LEN;
      ensures class: *defects / 2 % 2 == 1 <==>
        (mad[0] != RDMANEG_IBCM_BASE_VERSION || mad[1] != RDMANEG_IBCM_CLASS ||
         mad[2] != RDMANEG_IBCM_CLASS_VERSION);
      ensures method: *defects / 4 % 2 == 1 <==> mad[3] != RDMANEG_IBCM_METHOD_SEND;
      ensures pd: m->pd_off + m->pd_len <= RDMANEG_IBCM_MAD_LEN;
      ensures bits: *defects <= RDMANEG_IBCM_D_DECODE;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_ibcm_decode(const uint8_t *mad, size_t len, struct rdmaneg_ibcm_msg *m,
			unsigned *defects);

/* [ibcm-c12#cma-1]: whether a REQ or SIDR REQ for service_id goes to an
 * rdma_cm IP listener, so its private data starts with the IP header:
 * the port spaces TCP (0x0106), UDP (0x0111) and IPoIB (0x0002) in bits
 * 31..16, the port in bits 15..0, the rest zero. */
/*@ assigns \nothing;
    ensures \result <==> (service_id / 4294967296 == 0 &&
      (service_id / 65536 == 0x0106 || service_id / 65536 == 0x0111 ||
       service_id / 65536 == 0x0002));
*/
bool rdmaneg_ibcm_sid_is_ip(uint64_t service_id);

/*
 * Writes h as rdma_cm's 36-octet IP header into out[0..35]
 * ([ibcm-c12#cma-1]). Returns RDMANEG_OK, RDMANEG_E_INVAL (a NULL
 * pointer, or ip_version above 15) or RDMANEG_E_NOSPACE (cap under 36);
 * nothing is written on an error.
 */
/*@ requires h == \null || \valid_read(h);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires h == \null || out == \null || \separated(h, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_IBCM_CMA_HDR_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures fields: \result == RDMANEG_OK ==> out[0] == h->version &&
      out[1] == h->ip_version * 16 && out[2] * 256 + out[3] == h->port;
*/
int rdmaneg_ibcm_cma_encode(const struct rdmaneg_ibcm_cma_hdr *h, uint8_t *out, size_t cap);

/*
 * Reads rdma_cm's IP header from pd[0..len-1] into *h, and into *defects
 * D_LEN (under 36 octets: *h all zero) or D_CMA (a version other than 0,
 * or an IP version other than 4 or 6: Linux's rdma_cm refuses both).
 * Returns RDMANEG_OK or RDMANEG_E_INVAL.
 */
/*@ requires pd == \null || \valid_read(pd + (0 .. len - 1));
    requires h == \null || \valid(h);
    requires defects == \null || \valid(defects);
    requires h == \null || defects == \null || \separated(h, defects);
    requires pd == \null || h == \null || \separated(h, pd + (0 .. len - 1));
    requires pd == \null || defects == \null || \separated(defects, pd + (0 .. len - 1));
    assigns *h, *defects;
    behavior inval:
      assumes h == \null || defects == \null || (pd == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior short:
      assumes h != \null && defects != \null && !(pd == \null && len > 0) &&
        len < RDMANEG_IBCM_CMA_HDR_LEN;
      ensures \result == RDMANEG_OK && *defects == RDMANEG_IBCM_D_LEN;
    behavior full:
      assumes h != \null && defects != \null && pd != \null &&
        len >= RDMANEG_IBCM_CMA_HDR_LEN;
      ensures \result == RDMANEG_OK;
      // [ibcm-c12#cma-2]
      ensures cma: (*defects == RDMANEG_IBCM_D_CMA) <==>
        (pd[0] != 0 || (pd[1] / 16 != 4 && pd[1] / 16 != 6));
      ensures clean: *defects == 0 || *defects == RDMANEG_IBCM_D_CMA;
      ensures fields: h->version == pd[0] && h->ip_version == pd[1] / 16 &&
        h->port == pd[2] * 256 + pd[3];
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_ibcm_cma_decode(const uint8_t *pd, size_t len, struct rdmaneg_ibcm_cma_hdr *h,
			    unsigned *defects);

/*
 * A passive side's reading of the MAD mad[0..len-1] it received: as
 * rdmaneg_ibcm_decode() into *m and *defects, and for a REQ or SIDR REQ
 * to an rdma_cm IP service (rdmaneg_ibcm_sid_is_ip()) the IP header at
 * the start of its private data: D_CMA ([ibcm-c12#cma-2]). Returns as
 * rdmaneg_ibcm_decode().
 */
/*@ requires mad == \null || \valid_read(mad + (0 .. len - 1));
    requires m == \null || \valid(m);
    requires defects == \null || \valid(defects);
    requires m == \null || defects == \null || \separated(m, defects);
    requires mad == \null || m == \null || \separated(m, mad + (0 .. len - 1));
    requires mad == \null || defects == \null || \separated(defects, mad + (0 .. len - 1));
    assigns *m, *defects;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
    ensures \result == RDMANEG_OK ==> *defects <= RDMANEG_IBCM_D_ALL;
*/
int rdmaneg_ibcm_passive_check(const uint8_t *mad, size_t len, struct rdmaneg_ibcm_msg *m,
			       unsigned *defects);

/*
 * An active side's check of the MAD mad[0..len-1] that answers the REQ
 * req[0..req_len-1] it sent (256 octets): as rdmaneg_ibcm_decode() into
 * *m and *defects, then for a REP, REJ or MRA D_COMM_ID (its Remote
 * Communication ID is not the REQ's Local one, [ibcm-c12#rep-2]) and for
 * a REP D_RESOURCES (responder resources above the REQ's initiator
 * depth, or initiator depth above the REQ's responder resources,
 * [ibcm-c12#rep-3]). Returns RDMANEG_OK or RDMANEG_E_INVAL (as
 * rdmaneg_ibcm_decode(), or req NULL or req_len under 256).
 */
/*@ requires mad == \null || \valid_read(mad + (0 .. len - 1));
    requires req == \null || \valid_read(req + (0 .. req_len - 1));
    requires m == \null || \valid(m);
    requires defects == \null || \valid(defects);
    requires m == \null || defects == \null || \separated(m, defects);
    requires mad == \null || m == \null || \separated(m, mad + (0 .. len - 1));
    requires mad == \null || defects == \null || \separated(defects, mad + (0 .. len - 1));
    requires req == \null || m == \null || \separated(m, req + (0 .. req_len - 1));
    requires req == \null || defects == \null ||
      \separated(defects, req + (0 .. req_len - 1));
    assigns *m, *defects;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
    ensures \result == RDMANEG_OK ==> *defects <= RDMANEG_IBCM_D_ALL;
*/
int rdmaneg_ibcm_active_check(const uint8_t *mad, size_t len, const uint8_t *req, size_t req_len,
			      struct rdmaneg_ibcm_msg *m, unsigned *defects);

#endif
