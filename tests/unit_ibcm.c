// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of the IB CM codec (src/ibcm.c): octets checked by hand
 * against Linux's include/rdma/ibta_vol1_c12.h, every entry point
 * (tests/unit.c runs them). */
#include "tests/unit_ibcm.h"

#include <rdmaneg/rdmaneg.h>

#include <string.h>

#include "tests/check.h"

/* sets field f of mad to v, and says whether that worked */
static int put(uint8_t *mad, size_t f, uint64_t v)
{
	return rdmaneg_ibcm_set(mad, RDMANEG_IBCM_MAD_LEN, f, v) == RDMANEG_OK;
}

static uint64_t get(const uint8_t *mad, size_t f)
{
	uint64_t v = ~0ull;

	return rdmaneg_ibcm_get(mad, RDMANEG_IBCM_MAD_LEN, f, &v) == RDMANEG_OK ? v : ~0ull;
}

/* [ibcm-c12#mad-1] [ibcm-c12#req-1]: a REQ as rdma_cm fills it, octet by octet */
static void test_layout(uint8_t *req)
{
	static const uint8_t hdr[18] = { 1, 7, 2, 3, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0x10 };
	struct rdmaneg_ibcm_field r;
	size_t off, len, i;

	CHECK(rdmaneg_ibcm_init(req, 255, RDMANEG_IBCM_REQ, 1) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_ibcm_init(NULL, 256, RDMANEG_IBCM_REQ, 1) == RDMANEG_E_INVAL);
	memset(req, 0xee, 256);
	CHECK(rdmaneg_ibcm_init(req, 256, RDMANEG_IBCM_REQ, 0x0102030405060708ull) == RDMANEG_OK);
	CHECK(memcmp(req, hdr, sizeof(hdr)) == 0);
	/* an attribute ID past 0xff, as a hostile peer sends it */
	CHECK(rdmaneg_ibcm_init(req, 256, 0x0120, 0) == RDMANEG_OK && req[16] == 0x01 &&
	      req[17] == 0x20);
	CHECK(rdmaneg_ibcm_init(req, 256, RDMANEG_IBCM_REQ, 0x0102030405060708ull) == RDMANEG_OK);
	for (i = sizeof(hdr); i < 256 && req[i] == 0; i++)
		;
	CHECK(i == 256);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, 0xdeadbeef) && req[24] == 0xde &&
	      req[27] == 0xef);
	/* NVMe/TCP port space 0x0106, port 4420 */
	CHECK(put(req, RDMANEG_IBCM_F_REQ_SERVICE_ID, 0x0000000001061144ull) && req[35] == 0 &&
	      req[36] == 0x01 && req[37] == 0x06 && req[38] == 0x11 && req[39] == 0x44);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_LOCAL_QPN, 0x11) && req[56] == 0 && req[58] == 0x11 &&
	      req[59] == 0);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 16) && req[59] == 16);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 16) && req[63] == 16);
	/* octet 67: remote CM response timeout 20 (5 bits), transport 0 (RC), E2E 1 */
	CHECK(put(req, RDMANEG_IBCM_F_REQ_REMOTE_CM_RESPONSE_TIMEOUT, 20) &&
	      put(req, RDMANEG_IBCM_F_REQ_END_TO_END_FLOW_CONTROL, 1) && req[67] == 0xA1);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_STARTING_PSN, 0xABCDEF) && req[68] == 0xAB &&
	      req[70] == 0xEF && req[71] == 0);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_LOCAL_CM_RESPONSE_TIMEOUT, 20) &&
	      put(req, RDMANEG_IBCM_F_REQ_RETRY_COUNT, 7) && req[71] == 0xA7);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PARTITION_KEY, 0xFFFF) && req[72] == 0xFF &&
	      req[73] == 0xFF);
	/* octet 74: MTU 3 (1024), RDC 0, RNR retry 7; 75: 15 CM retries */
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PATH_MTU, 3) &&
	      put(req, RDMANEG_IBCM_F_REQ_RNR_RETRY_COUNT, 7) && req[74] == 0x37);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_MAX_CM_RETRIES, 15) && req[75] == 0xF0);
	/* octets 112..115: flow label (20 bits), 4 reserved, 2 reserved, packet rate */
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PRIMARY_FLOW_LABEL, 0xABCDE) && req[112] == 0xAB &&
	      req[113] == 0xCD && req[114] == 0xE0);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PRIMARY_PACKET_RATE, 0x3F) && req[115] == 0x3F);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PRIMARY_HOP_LIMIT, 64) && req[117] == 64);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PRIMARY_SL, 15) &&
	      put(req, RDMANEG_IBCM_F_REQ_PRIMARY_SUBNET_LOCAL, 1) && req[118] == 0xF8);
	CHECK(put(req, RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_ACK_TIMEOUT, 18) && req[119] == 0x90);
	CHECK(get(req, RDMANEG_IBCM_F_REQ_PRIMARY_FLOW_LABEL) == 0xABCDE &&
	      get(req, RDMANEG_IBCM_F_REQ_RETRY_COUNT) == 7 &&
	      get(req, RDMANEG_IBCM_F_MAD_TID) == 0x0102030405060708ull &&
	      get(req, RDMANEG_IBCM_F_REQ_SERVICE_ID) == 0x0000000001061144ull);
	/* a 64-bit field of ones, and of 63 ones: no doubling loses a bit */
	{
		uint8_t m[RDMANEG_IBCM_MAD_LEN];

		memcpy(m, req, sizeof(m));
		CHECK(put(m, RDMANEG_IBCM_F_MAD_TID, ~0ull) &&
		      get(m, RDMANEG_IBCM_F_MAD_TID) == ~0ull);
		CHECK(put(m, RDMANEG_IBCM_F_MAD_TID, ~0ull - 1u) &&
		      get(m, RDMANEG_IBCM_F_MAD_TID) == ~0ull - 1u);
	}
	/* a value wider than its field, an octet string, a field past len */
	CHECK(!put(req, RDMANEG_IBCM_F_REQ_PATH_MTU, 16) && req[74] == 0x37);
	CHECK(get(req, RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_GID) == ~0ull);
	CHECK(rdmaneg_ibcm_get(req, 100, RDMANEG_IBCM_F_REQ_PRIMARY_SL, &(uint64_t){ 0 }) ==
	      RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_get(req, 40, RDMANEG_IBCM_F_REQ_SERVICE_ID, &(uint64_t){ 0 }) ==
	      RDMANEG_OK);
	/* octets 32..39: one short of them is too short, for both directions */
	CHECK(rdmaneg_ibcm_get(req, 39, RDMANEG_IBCM_F_REQ_SERVICE_ID, &(uint64_t){ 0 }) ==
	      RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_set(req, 39, RDMANEG_IBCM_F_REQ_SERVICE_ID, 0) == RDMANEG_E_INVAL &&
	      req[36] == 0x01);
	CHECK(rdmaneg_ibcm_set(req, 256, RDMANEG_IBCM_F_COUNT, 0) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_get(NULL, 256, 0, &(uint64_t){ 0 }) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_GID, &off, &len) ==
		      RDMANEG_OK &&
	      off == 80 && len == 16);
	CHECK(rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PATH_MTU, &off, &len) ==
	      RDMANEG_E_INVAL);
	/* either pointer NULL alone is refused (the mutant ibcm.c:155 that
	 * needs both) */
	CHECK(rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_GID, NULL, &len) ==
	      RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIMARY_LOCAL_GID, &off, NULL) ==
	      RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_field(RDMANEG_IBCM_F_REJ_REASON, &r) == RDMANEG_OK &&
	      r.attr == RDMANEG_IBCM_REJ && strcmp(r.name, "reason") == 0 && r.width == 16);
	CHECK(rdmaneg_ibcm_field(RDMANEG_IBCM_F_COUNT, &r) == RDMANEG_E_INVAL);
	/* the table's shape that src/EQUIVALENT_MUTANTS argues from: numbers
	 * of at most 64 bits, octet strings of 128 or more, no field ending
	 * one bit into an octet */
	for (i = 0; rdmaneg_ibcm_field(i, &r) == RDMANEG_OK; i++)
		if ((r.width > 64 && (r.width < 128 || r.bit != 0 || r.width % 8 != 0)) ||
		    (r.bit + r.width) % 8 == 1)
			break;
	CHECK(i == RDMANEG_IBCM_F_COUNT);
	CHECK(rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REP, &off, &len) == RDMANEG_OK && off == 60 &&
	      len == 196);
	CHECK(rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REQ, &off, &len) == RDMANEG_OK && off == 164 &&
	      len == 92);
	CHECK(rdmaneg_ibcm_pd_span(0x1B, &off, &len) == RDMANEG_E_INVAL);
}

/* [ibcm-c12#mad-1] and each message's rules */
static void test_decode(const uint8_t *req)
{
	struct rdmaneg_ibcm_msg m;
	uint8_t b[300];
	unsigned d;

	memcpy(b, req, 256);
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == 0 &&
	      m.attr == RDMANEG_IBCM_REQ && m.local_id == 0xdeadbeef && m.remote_id == 0 &&
	      m.pd_off == 164 && m.pd_len == 92 && m.tid == 0x0102030405060708ull);
	CHECK(rdmaneg_ibcm_decode(b, 255, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN &&
	      m.attr == 0);
	CHECK(rdmaneg_ibcm_decode(b, 300, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN &&
	      m.attr == RDMANEG_IBCM_REQ);
	CHECK(rdmaneg_ibcm_decode(NULL, 0, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN);
	CHECK(rdmaneg_ibcm_decode(NULL, 1, &m, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_decode(b, 256, NULL, &d) == RDMANEG_E_INVAL);
	b[1] = 0x06; /* another class */
	b[3] = 0x13; /* another method */
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK &&
	      d == (RDMANEG_IBCM_D_CLASS | RDMANEG_IBCM_D_METHOD));
	memcpy(b, req, 256);
	b[17] = 0x1B;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_ATTR &&
	      m.pd_len == 0 && m.local_id == 0);
	/* [ibcm-c12#req-3]: MTU codes 1..5 */
	memcpy(b, req, 256);
	b[74] = 0x07;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_MTU);
	b[74] = 0x67;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_MTU);
	b[74] = 0x57;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == 0);
	/* [ibcm-c12#req-2]: type 3 is XRC with extended type 1; RD (2) is not a defect */
	b[67] = 0xA7;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_TRANSPORT);
	b[75] = 0xF1;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == 0);
	b[67] = 0xA5;
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == 0);
	/* [ibcm-c12#rej-2] [ibcm-c12#rej-3]: a REJ of message 3, 72 and 73 octets of ARI */
	CHECK(rdmaneg_ibcm_init(b, 256, RDMANEG_IBCM_REJ, 9) == RDMANEG_OK &&
	      put(b, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH, 72) && b[33] == 144);
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == 0 && m.pd_off == 108);
	CHECK(put(b, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH, 73) &&
	      put(b, RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED, 3) && b[32] == 0xC0);
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK &&
	      d == (RDMANEG_IBCM_D_MSG | RDMANEG_IBCM_D_INFO_LEN));
	/* [ibcm-c12#mra-2] [ibcm-c12#sidrrep-2] [ibcm-c12#apr-2] */
	CHECK(rdmaneg_ibcm_init(b, 256, RDMANEG_IBCM_MRA, 9) == RDMANEG_OK &&
	      put(b, RDMANEG_IBCM_F_MRA_MESSAGE_MRAED, 3));
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_MSG);
	CHECK(rdmaneg_ibcm_init(b, 256, RDMANEG_IBCM_SIDR_REP, 9) == RDMANEG_OK &&
	      put(b, RDMANEG_IBCM_F_SIDR_REP_ADDITIONAL_INFO_LENGTH, 73) && b[29] == 73);
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_INFO_LEN &&
	      m.remote_id == 0);
	CHECK(rdmaneg_ibcm_init(b, 256, RDMANEG_IBCM_APR, 9) == RDMANEG_OK &&
	      put(b, RDMANEG_IBCM_F_APR_ADDITIONAL_INFO_LENGTH, 73));
	CHECK(rdmaneg_ibcm_decode(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_INFO_LEN);
}

/* [ibcm-c12#cma-1] [ibcm-c12#cma-2]: rdma_cm's header for 10.0.0.1:47000 -> 10.0.0.2 */
static void test_cma(const uint8_t *req)
{
	static const uint8_t v4[36] = {
		0, 0x40, 0xB7, 0x98, [16] = 10, 0, 0, 1, [32] = 10, 0, 0, 2
	};
	struct rdmaneg_ibcm_cma_hdr h = {
		0, 4, 47000, { [12] = 10, 0, 0, 1 }, { [12] = 10, 0, 0, 2 }
	};
	struct rdmaneg_ibcm_msg m;
	uint8_t b[256], c[40];
	unsigned d;

	CHECK(rdmaneg_ibcm_cma_encode(&h, c, 35) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_ibcm_cma_encode(&h, c, sizeof(c)) == RDMANEG_OK && memcmp(c, v4, 36) == 0);
	h.ip_version = 16;
	CHECK(rdmaneg_ibcm_cma_encode(&h, c, sizeof(c)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_cma_decode(v4, 36, &h, &d) == RDMANEG_OK && d == 0 &&
	      h.ip_version == 4 && h.port == 47000 && h.dst[15] == 2);
	CHECK(rdmaneg_ibcm_cma_decode(v4, 35, &h, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN &&
	      h.port == 0);
	memcpy(c, v4, 36);
	c[1] = 0x41; /* the low nibble: Linux does not read it */
	CHECK(rdmaneg_ibcm_cma_decode(c, 36, &h, &d) == RDMANEG_OK && d == 0);
	c[1] = 0x50;
	CHECK(rdmaneg_ibcm_cma_decode(c, 36, &h, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_CMA);
	c[1] = 0x60;
	c[0] = 1;
	CHECK(rdmaneg_ibcm_cma_decode(c, 36, &h, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_CMA);
	CHECK(rdmaneg_ibcm_sid_is_ip(0x0000000001061144ull) &&
	      rdmaneg_ibcm_sid_is_ip(0x0000000001111144ull) &&
	      rdmaneg_ibcm_sid_is_ip(0x0000000000021144ull) &&
	      !rdmaneg_ibcm_sid_is_ip(0x00000000013F1144ull) &&
	      !rdmaneg_ibcm_sid_is_ip(0x1000000001061144ull));
	/* the passive side: the REQ's header, good, bad, and bad outside an IP service */
	memcpy(b, req, 256);
	CHECK(rdmaneg_ibcm_set_pd(b, 256, v4, 36) == RDMANEG_OK && memcmp(b + 164, v4, 36) == 0);
	CHECK(rdmaneg_ibcm_passive_check(b, 256, &m, &d) == RDMANEG_OK && d == 0);
	CHECK(rdmaneg_ibcm_set_pd(b, 256, c, 36) == RDMANEG_OK);
	CHECK(rdmaneg_ibcm_passive_check(b, 256, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_CMA);
	CHECK(put(b, RDMANEG_IBCM_F_REQ_SERVICE_ID, 0x00000000013F1144ull));
	CHECK(rdmaneg_ibcm_passive_check(b, 256, &m, &d) == RDMANEG_OK && d == 0);
	CHECK(rdmaneg_ibcm_passive_check(b, 256, &m, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_set_pd(b, 256, c, 93) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_set_pd(b, 255, c, 1) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_set_pd(b, 256, NULL, 1) == RDMANEG_E_INVAL);
	b[17] = 0x1B;
	CHECK(rdmaneg_ibcm_set_pd(b, 256, c, 1) == RDMANEG_E_INVAL);
}

/* [ibcm-c12#rep-2] [ibcm-c12#rep-3]: the active side's checks of a REP */
static void test_active(const uint8_t *req)
{
	struct rdmaneg_ibcm_msg m;
	uint8_t b[256];
	unsigned d;

	CHECK(rdmaneg_ibcm_init(b, 256, RDMANEG_IBCM_REP, 1) == RDMANEG_OK &&
	      put(b, RDMANEG_IBCM_F_REP_LOCAL_COMM_ID, 0x5a5a5a5a) &&
	      put(b, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, 0xdeadbeef) &&
	      put(b, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, 16) &&
	      put(b, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, 16) && b[48] == 16 && b[49] == 16);
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 256, &m, &d) == RDMANEG_OK && d == 0 &&
	      m.local_id == 0x5a5a5a5a && m.remote_id == 0xdeadbeef && m.pd_off == 60);
	CHECK(put(b, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, 17));
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 256, &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_RESOURCES);
	CHECK(put(b, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, 0) &&
	      put(b, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, 17));
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 256, &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_RESOURCES);
	CHECK(put(b, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, 0) &&
	      put(b, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, 1));
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 256, &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_COMM_ID);
	b[17] = (uint8_t)RDMANEG_IBCM_REJ;
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 256, &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_COMM_ID);
	b[17] = (uint8_t)RDMANEG_IBCM_RTU; /* not an answer to the REQ */
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 256, &m, &d) == RDMANEG_OK && d == 0);
	CHECK(rdmaneg_ibcm_active_check(b, 256, NULL, 256, &m, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_active_check(b, 256, req, 255, &m, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_active_check(b, 100, req, 256, &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_LEN);
}

/* the edges each entry point has: a field that ends at the buffer's end,
 * an attribute above 255, NULL arguments, the outputs a short input
 * leaves cleared, and rdma_cm's header octet by octet (make mutants) */
static void test_edges(const uint8_t *req)
{
	struct rdmaneg_ibcm_cma_hdr h = { 0x55, 15, 0x1234, { 0 }, { 0 } };
	struct rdmaneg_ibcm_msg m;
	uint8_t one[1] = { 0 }, b[256], c[40], pd[36];
	size_t off = 0, len = 0;
	uint64_t v = 0;
	unsigned d = 0;

	/* [ibcm-c12#mad-1]: the base version, octet 0, in a buffer of 1 */
	CHECK(rdmaneg_ibcm_set(one, 1, RDMANEG_IBCM_F_MAD_BASE_VERSION, 1) == RDMANEG_OK &&
	      one[0] == 1);
	CHECK(rdmaneg_ibcm_get(one, 1, RDMANEG_IBCM_F_MAD_BASE_VERSION, &v) == RDMANEG_OK &&
	      v == 1);
	CHECK(rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIVATE_DATA, NULL, &len) ==
		      RDMANEG_E_INVAL &&
	      rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REQ_PRIVATE_DATA, &off, NULL) ==
		      RDMANEG_E_INVAL);
	CHECK(rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REQ, NULL, &len) == RDMANEG_E_INVAL &&
	      rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REQ, &off, NULL) == RDMANEG_E_INVAL);
	/* an attribute ID is 16 bits, high octet first */
	CHECK(rdmaneg_ibcm_init(b, sizeof(b), 0xFF00u, 1) == RDMANEG_OK && b[16] == 0xFF &&
	      b[17] == 0);
	/* 0xFF11 is no message, though its low octet is one's plus one */
	b[17] = 0x11;
	CHECK(rdmaneg_ibcm_set_pd(b, sizeof(b), pd, 1) == RDMANEG_E_INVAL);
	/* no private data to write is no error */
	memcpy(b, req, sizeof(b));
	CHECK(rdmaneg_ibcm_set_pd(b, sizeof(b), NULL, 0) == RDMANEG_OK &&
	      memcmp(b, req, sizeof(b)) == 0);
	/* a short MAD leaves nothing of what m held */
	memset(&m, 0xA5, sizeof(m));
	CHECK(rdmaneg_ibcm_decode(req, 100, &m, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN &&
	      m.attr == 0 && m.tid == 0 && m.local_id == 0 && m.remote_id == 0 && m.pd_off == 0 &&
	      m.pd_len == 0);
	/* [ibcm-c12#cma-1]: the port is the low 16 bits, whole */
	CHECK(rdmaneg_ibcm_sid_is_ip(0x000000000106FFFFull));
	/* encode: its arguments, IP version 15 (the nibble's top), the
	 * exact room, each octet in its place */
	CHECK(rdmaneg_ibcm_cma_encode(NULL, c, sizeof(c)) == RDMANEG_E_INVAL &&
	      rdmaneg_ibcm_cma_encode(&h, NULL, sizeof(c)) == RDMANEG_E_INVAL);
	for (size_t i = 0; i < 16; i++) {
		h.src[i] = (uint8_t)(0x80 + i);
		h.dst[i] = (uint8_t)(0xC0 + i);
	}
	memset(c, 0xEE, sizeof(c));
	CHECK(rdmaneg_ibcm_cma_encode(&h, c, RDMANEG_IBCM_CMA_HDR_LEN) == RDMANEG_OK &&
	      c[0] == 0x55 && c[1] == 0xF0 && c[2] == 0x12 && c[3] == 0x34 && c[4] == 0x80 &&
	      c[19] == 0x8F && c[20] == 0xC0 && c[35] == 0xCF && c[36] == 0xEE);
	/* decode: its arguments; a short header clears what h held; every
	 * address octet read from its own place */
	CHECK(rdmaneg_ibcm_cma_decode(NULL, 0, &h, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN);
	CHECK(rdmaneg_ibcm_cma_decode(NULL, 1, &h, &d) == RDMANEG_E_INVAL &&
	      rdmaneg_ibcm_cma_decode(c, 36, NULL, &d) == RDMANEG_E_INVAL &&
	      rdmaneg_ibcm_cma_decode(c, 36, &h, NULL) == RDMANEG_E_INVAL);
	memset(&h, 0xA5, sizeof(h));
	CHECK(rdmaneg_ibcm_cma_decode(c, 35, &h, &d) == RDMANEG_OK && d == RDMANEG_IBCM_D_LEN &&
	      h.version == 0 && h.ip_version == 0 && h.port == 0);
	for (size_t i = 0; i < 16; i++)
		CHECK(h.src[i] == 0 && h.dst[i] == 0);
	for (size_t i = 0; i < sizeof(pd); i++)
		pd[i] = (uint8_t)(i + 1);
	pd[0] = 0;
	pd[1] = 0x60;
	CHECK(rdmaneg_ibcm_cma_decode(pd, sizeof(pd), &h, &d) == RDMANEG_OK && d == 0);
	for (size_t i = 0; i < 16; i++)
		CHECK(h.src[i] == pd[4 + i] && h.dst[i] == pd[20 + i]);
	/* [ibcm-c12#cma-2] is the REQ's: a REP whose octets there look like
	 * an IP service with a bad header is no defect of that kind */
	CHECK(rdmaneg_ibcm_init(b, sizeof(b), RDMANEG_IBCM_REP, 1) == RDMANEG_OK);
	b[24 + 12] = 0x01;
	b[24 + 13] = 0x06;
	b[24 + 14] = 0x11;
	b[24 + 15] = 0x44;
	b[60] = 1; /* rdma_cm header version 1, where a REQ's would be read */
	CHECK(rdmaneg_ibcm_passive_check(b, sizeof(b), &m, &d) == RDMANEG_OK &&
	      (d & RDMANEG_IBCM_D_CMA) == 0);
	/* the active check's arguments */
	CHECK(rdmaneg_ibcm_active_check(b, sizeof(b), req, 256, &m, NULL) == RDMANEG_E_INVAL &&
	      rdmaneg_ibcm_active_check(b, sizeof(b), req, 256, NULL, &d) == RDMANEG_E_INVAL);
}

void unit_ibcm(int *pass, int *fail)
{
	uint8_t req[256];

	test_layout(req);
	test_decode(req);
	test_cma(req);
	test_active(req);
	test_edges(req);
	*pass += passed;
	*fail += failed;
}
