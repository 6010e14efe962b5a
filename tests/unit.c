// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests: known answers from RFC 8797 / RFC 5044 / RFC 6581 text and
 * every error path of the core. Prints "N passed, N failed". */
#include <rdmaneg/rdmaneg.h>

#include <stdio.h>
#include <string.h>

#include "tests/check.h"
#include "tests/unit_ibcm.h"
#include "tests/unit_roce.h"
#include "tests/unit_ulp.h"

/* [rfc5044#7.1] keys, written out in hex as the RFC gives them. */
static const uint8_t KEY_REQ[16] = { 0x4D, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52,
				     0x65, 0x71, 0x20, 0x46, 0x72, 0x61, 0x6D, 0x65 };
static const uint8_t KEY_REP[16] = { 0x4D, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52,
				     0x65, 0x70, 0x20, 0x46, 0x72, 0x61, 0x6D, 0x65 };

static size_t frame(uint8_t *out, const uint8_t *key, uint8_t bits, uint8_t rev, uint16_t pdlen,
		    const uint8_t *pd, size_t pdgiven)
{
	memcpy(out, key, 16);
	out[16] = bits;
	out[17] = rev;
	out[18] = (uint8_t)(pdlen >> 8);
	out[19] = (uint8_t)pdlen;
	if (pdgiven)
		memcpy(out + 20, pd, pdgiven);
	return 20 + pdgiven;
}

static void test_size_codes(void)
{
	uint8_t code = 0xAA;

	/* [rfc8797#4.2]: floor(size/1024) - 1 */
	CHECK(rdmaneg_rpcrdma_size_code(1024, &code) == RDMANEG_OK && code == 0);
	CHECK(rdmaneg_rpcrdma_size_code(2047, &code) == RDMANEG_OK && code == 0);
	CHECK(rdmaneg_rpcrdma_size_code(4096, &code) == RDMANEG_OK && code == 3);
	CHECK(rdmaneg_rpcrdma_size_code(262144, &code) == RDMANEG_OK && code == 255);
	/* clamped, never wrapped: 257 KiB would be 256 = 0 mod 256 */
	CHECK(rdmaneg_rpcrdma_size_code(263168, &code) == RDMANEG_OK && code == 255);
	CHECK(rdmaneg_rpcrdma_size_code(SIZE_MAX, &code) == RDMANEG_OK && code == 255);
	CHECK(rdmaneg_rpcrdma_size_code(1023, &code) == RDMANEG_E_SIZE_TOO_SMALL);
	CHECK(rdmaneg_rpcrdma_size_code(0, &code) == RDMANEG_E_SIZE_TOO_SMALL);
	CHECK(rdmaneg_rpcrdma_size_code(4096, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_rpcrdma_code_size(0) == 1024);
	CHECK(rdmaneg_rpcrdma_code_size(255) == 262144);
	CHECK(rdmaneg_rpcrdma_normalize(1023) == 0);
	CHECK(rdmaneg_rpcrdma_normalize(5000) == 4096);
	CHECK(rdmaneg_rpcrdma_normalize(1u << 30) == 262144);
}

static void test_encode(void)
{
	struct rdmaneg_rpcrdma_settings s = { 4096, 8192, true };
	const uint8_t want[8] = { 0xf6, 0xab, 0x0e, 0x18, 0x01, 0x01, 0x03, 0x07 };
	uint8_t out[8];

	CHECK(rdmaneg_rpcrdma_encode(&s, out, sizeof(out)) == RDMANEG_OK);
	/* [rfc8797#4-2] */
	CHECK(memcmp(out, want, 8) == 0);
	CHECK(rdmaneg_rpcrdma_encode(&s, out, 7) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_rpcrdma_encode(NULL, out, 8) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_rpcrdma_encode(&s, NULL, 8) == RDMANEG_E_INVAL);
	s.send_size = 512;
	CHECK(rdmaneg_rpcrdma_encode(&s, out, 8) == RDMANEG_E_SIZE_TOO_SMALL);
	s.send_size = 4096;
	s.recv_size = 1000;
	CHECK(rdmaneg_rpcrdma_encode(&s, out, 8) == RDMANEG_E_SIZE_TOO_SMALL);
}

static void test_decode(void)
{
	struct rdmaneg_rpcrdma_result r;
	/* the siw capture's reply message, at offset 0 */
	const uint8_t m[8] = { 0xf6, 0xab, 0x0e, 0x18, 0x01, 0x00, 0x03, 0x07 };
	uint8_t buf[32];

	CHECK(rdmaneg_rpcrdma_decode(m, 8, 0, &r) == RDMANEG_OK && r.present);
	CHECK(r.offset == 0 && r.version == 1 && !r.remote_invalidation);
	/* [rpcrdma-cm-pvt-data-01#4-5] [rpcrdma-cm-pvt-data-01#4-6] */
	CHECK(r.send_size == 4096 && r.recv_size == 8192 && r.candidates == 1);

	/* empty, short, absent */
	CHECK(rdmaneg_rpcrdma_decode(NULL, 0, 0, &r) == RDMANEG_OK && !r.present &&
	      r.reason == RDMANEG_PD_EMPTY);
	CHECK(rdmaneg_rpcrdma_decode(m, 3, 0, &r) == RDMANEG_OK && !r.present &&
	      r.reason == RDMANEG_PD_NO_IDENTIFIER);
	/* [rfc8797#4-3] [rpcrdma-cm-pvt-data-01#4-2] */
	CHECK(rdmaneg_rpcrdma_decode(m + 1, 7, 0, &r) == RDMANEG_OK && !r.present &&
	      r.reason == RDMANEG_PD_NO_IDENTIFIER);
	/* truncated: identifier with 7 octets left */
	CHECK(rdmaneg_rpcrdma_decode(m, 7, 0, &r) == RDMANEG_OK && !r.present &&
	      r.reason == RDMANEG_PD_TRUNCATED && r.candidates == 1);
	/* wrong version */
	memcpy(buf, m, 8);
	buf[4] = 2;
	/* [rfc8797#4-4] [rpcrdma-cm-pvt-data-01#4-3] */
	CHECK(rdmaneg_rpcrdma_decode(buf, 8, 0, &r) == RDMANEG_OK && !r.present &&
	      r.reason == RDMANEG_PD_BAD_VERSION);
	/* reserved bits are ignored ([rfc8797#4]) */
	memcpy(buf, m, 8);
	buf[5] = 0xFE;
	/* [rfc8797#4-6] [rpcrdma-cm-pvt-data-01#4-4] */
	CHECK(rdmaneg_rpcrdma_decode(buf, 8, 0, &r) == RDMANEG_OK && r.present &&
	      !r.remote_invalidation && r.flags == 0xFE);
	buf[5] = 0xFF;
	/* [rfc8797#4-7] */
	CHECK(rdmaneg_rpcrdma_decode(buf, 8, 0, &r) == RDMANEG_OK && r.remote_invalidation);

	/* unaligned: at offset 5, found in search mode, not in strict mode */
	memset(buf, 0x55, sizeof(buf));
	memcpy(buf + 5, m, 8);
	CHECK(rdmaneg_rpcrdma_decode(buf, 13, RDMANEG_DECODE_SEARCH, &r) == RDMANEG_OK &&
	      r.present && r.offset == 5);
	CHECK(rdmaneg_rpcrdma_decode(buf, 13, RDMANEG_DECODE_STRICT, &r) == RDMANEG_OK &&
	      !r.present && r.reason == RDMANEG_PD_NO_IDENTIFIER);
	/* at the very end of the buffer */
	memset(buf, 0, sizeof(buf));
	memcpy(buf + 24, m, 8);
	CHECK(rdmaneg_rpcrdma_decode(buf, 32, 0, &r) == RDMANEG_OK && r.offset == 24);

	/* invalid first occurrence is skipped, a later valid one wins */
	memcpy(buf, m, 8);
	buf[4] = 9;
	memcpy(buf + 8, m, 8);
	buf[15] = 0;
	CHECK(rdmaneg_rpcrdma_decode(buf, 16, 0, &r) == RDMANEG_OK && r.present && r.offset == 8 &&
	      r.recv_code == 0 && r.candidates == 2);
	CHECK(rdmaneg_rpcrdma_decode(buf, 16, RDMANEG_DECODE_STRICT, &r) == RDMANEG_OK &&
	      !r.present && r.reason == RDMANEG_PD_BAD_VERSION);
	/* second valid occurrence: the first one wins */
	memcpy(buf, m, 8);
	CHECK(rdmaneg_rpcrdma_decode(buf, 16, 0, &r) == RDMANEG_OK && r.offset == 0 &&
	      r.recv_code == 7 && r.candidates == 1);
	/* bad arguments */
	CHECK(rdmaneg_rpcrdma_decode(NULL, 4, 0, &r) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_rpcrdma_decode(m, 8, 0, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_rpcrdma_decode(m, 8, 2, &r) == RDMANEG_E_INVAL);
	CHECK(strcmp(rdmaneg_rpcrdma_reason_name(RDMANEG_PD_TRUNCATED), "truncated") == 0);
	CHECK(strcmp(rdmaneg_rpcrdma_reason_name(RDMANEG_PD_PRESENT), "present") == 0);
	CHECK(strcmp(rdmaneg_rpcrdma_reason_name(RDMANEG_PD_EMPTY), "empty") == 0);
	CHECK(strcmp(rdmaneg_rpcrdma_reason_name(RDMANEG_PD_BAD_VERSION), "bad_version") == 0);
	CHECK(strcmp(rdmaneg_rpcrdma_reason_name(RDMANEG_PD_NO_IDENTIFIER), "no_identifier") == 0);
	CHECK(strcmp(rdmaneg_rpcrdma_reason_name((enum rdmaneg_rpcrdma_reason)99), "unknown") == 0);
}

static void test_negotiate(void)
{
	struct rdmaneg_rpcrdma_settings cs = { 32768, 32768, true };
	struct rdmaneg_rpcrdma_settings ss = { 5000, 8192, true };
	struct rdmaneg_conn c, s;
	uint8_t cpd[8], spd[8];

	CHECK(rdmaneg_conn_init(&c, RDMANEG_ROLE_CLIENT, &cs) == RDMANEG_OK);
	CHECK(rdmaneg_conn_init(&s, RDMANEG_ROLE_SERVER, &ss) == RDMANEG_OK);
	CHECK(s.local.send_size == 4096);
	CHECK(rdmaneg_conn_local_pd(&c, cpd, 8) == RDMANEG_OK);
	CHECK(rdmaneg_conn_local_pd(&s, spd, 8) == RDMANEG_OK);
	CHECK(rdmaneg_conn_negotiate(&s, cpd, 8, 0) == RDMANEG_OK);
	CHECK(rdmaneg_conn_negotiate(&c, spd, 8, 0) == RDMANEG_OK);
	/* c2s = min(32768, 8192); s2c = min(4096, 32768) */
	CHECK(c.send_threshold == 8192 && c.recv_threshold == 4096);
	CHECK(s.send_threshold == 4096 && s.recv_threshold == 8192);
	CHECK(rdmaneg_conn_c2s(&c) == rdmaneg_conn_c2s(&s));
	CHECK(rdmaneg_conn_s2c(&c) == rdmaneg_conn_s2c(&s));
	/* [rpcrdma-cm-pvt-data-01#5.1-1] */
	CHECK(c.remote_invalidation && s.remote_invalidation);

	/* [rfc8797#5.1]: absent peer means 1024/1024, R clear */
	/* [rfc8797#1-1] */
	CHECK(rdmaneg_conn_negotiate(&c, NULL, 0, 0) == RDMANEG_OK);
	/* [rfc8797#4-1] */
	CHECK(c.send_threshold == 1024 && c.recv_threshold == 1024 && !c.remote_invalidation);
	CHECK(!c.peer.present && c.peer.reason == RDMANEG_PD_EMPTY);
	/* reconnection: a new peer replaces everything ([rfc8797#4]) */
	/* [rfc8797#4-1] */
	CHECK(rdmaneg_conn_negotiate(&c, spd, 8, 0) == RDMANEG_OK && c.send_threshold == 8192);

	cs.send_size = 1023;
	CHECK(rdmaneg_conn_init(&c, RDMANEG_ROLE_CLIENT, &cs) == RDMANEG_E_SIZE_TOO_SMALL);
	CHECK(rdmaneg_conn_init(&c, (enum rdmaneg_role)7, &ss) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_conn_init(NULL, RDMANEG_ROLE_CLIENT, &ss) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_conn_local_pd(NULL, cpd, 8) == RDMANEG_E_INVAL);
	memset(&c, 0, sizeof(c));
	CHECK(rdmaneg_conn_negotiate(&c, spd, 8, 0) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_conn_negotiate(NULL, spd, 8, 0) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_conn_negotiate(&s, spd, 8, 5) == RDMANEG_E_INVAL);
}

static void test_mpa_parse(void)
{
	/* siw capture from shared/notes/siw-qemu.md */
	const uint8_t pd[12] = { 0x00, 0x05, 0x00, 0x04, 0xf6, 0xab,
				 0x0e, 0x18, 0x01, 0x01, 0x1f, 0x1f };
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	struct rdmaneg_rpcrdma_result r;
	uint8_t buf[600], out[600];
	const uint8_t *ulp;
	size_t n, ulp_len, w;

	n = frame(buf, KEY_REQ, 0x10, 2, 12, pd, 12);
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_OK);
	/* [rfc6581#6-1] */
	CHECK(f.type == RDMANEG_MPA_REQUEST && f.enhanced && !f.marker && !f.crc);
	/* [rfc5044#7.1.1-23] */
	CHECK(f.rev == 2 && f.pd_length == 12 && f.frame_len == 32);
	CHECK(rdmaneg_mpa_frame_enh(&f, &e) == RDMANEG_OK && e.ird == 5 && e.ord == 4 && !e.a);
	/* [rfc5044#7.1.2-2] */
	CHECK(rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) == RDMANEG_OK && ulp_len == 8);
	CHECK(rdmaneg_rpcrdma_decode(ulp, ulp_len, 0, &r) == RDMANEG_OK && r.present &&
	      r.send_size == 32768 && r.remote_invalidation);
	/* [rfc5044#7.1.1-2] */
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_OK && w == n &&
	      memcmp(out, buf, n) == 0);
	CHECK(rdmaneg_mpa_build(&f, out, n - 1, &w) == RDMANEG_E_NOSPACE);

	/* reply key, M/C/R and Res bits kept; trailing octets ignored */
	n = frame(buf, KEY_REP, 0xEF, 2, 4, pd, 4);
	buf[n++] = 0x99;
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_OK && f.type == RDMANEG_MPA_REPLY);
	/* [rfc6581#6-2] [rfc6581#6-3] [rfc6581#6-4] [rfc6581#6-6] [rfc6581#6-7] [rfc5044#7.1.1-1] [rfc5044#7.1.1-6] [rfc5044#7.1.1-12] [rfc5044#7.1.1-17] */
	CHECK(f.marker && f.crc && f.reject && !f.enhanced && f.res == 0xF && f.frame_len == 24);
	/* [rfc6581#6-5] */
	CHECK(rdmaneg_mpa_frame_enh(&f, &e) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) == RDMANEG_OK && ulp_len == 4);
	/* [rfc5044#7.1.1-4] */
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_OK && w == 24 &&
	      memcmp(out, buf, 24) == 0);
	/* zero-length private data */
	n = frame(buf, KEY_REQ, 0, 1, 0, NULL, 0);
	/* [rfc6581#6-10] [rfc6581#6-11] [rfc6581#10-4] */
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_OK && f.pd == NULL);
	CHECK(rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) == RDMANEG_OK && ulp_len == 0 && !ulp);

	/* each rejection has its own code */
	CHECK(rdmaneg_mpa_parse(buf, 19, &f) == RDMANEG_E_MPA_SHORT);
	CHECK(rdmaneg_mpa_parse(NULL, 0, &f) == RDMANEG_E_MPA_SHORT);
	CHECK(rdmaneg_mpa_parse(NULL, 20, &f) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_parse(buf, 20, NULL) == RDMANEG_E_INVAL);
	n = frame(buf, KEY_REQ, 0, 1, 0, NULL, 0);
	buf[9] = 'x';
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_E_MPA_KEY);
	/* [rfc5044#7.1]: every key octet counts, the first and the last too */
	for (size_t k = 0; k < 16; k += 15) {
		n = frame(buf, KEY_REQ, 0, 1, 0, NULL, 0);
		buf[k] ^= 0x20u;
		/* [rfc5044#7.1.1-3] */
		CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_E_MPA_KEY);
	}
	n = frame(buf, KEY_REQ, 0, 0, 0, NULL, 0);
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_E_MPA_REV0);
	n = frame(buf, KEY_REQ, 0, 3, 0, NULL, 0);
	/* [rfc5044#7.1.1-21] */
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_E_MPA_REV_UNKNOWN);
	memset(buf + 20, 0, 520);
	n = frame(buf, KEY_REQ, 0, 1, 513, NULL, 0);
	/* [rfc6581#7-3] */
	CHECK(rdmaneg_mpa_parse(buf, n + 513, &f) == RDMANEG_E_MPA_PD_TOO_LONG);
	n = frame(buf, KEY_REQ, 0, 1, 512, NULL, 0);
	CHECK(rdmaneg_mpa_parse(buf, n + 512, &f) == RDMANEG_OK && f.pd_length == 512);
	/* [rfc5044#7.1.1-25] */
	CHECK(rdmaneg_mpa_parse(buf, n + 511, &f) == RDMANEG_E_MPA_PD_TRUNC);
	n = frame(buf, KEY_REQ, 0x10, 1, 4, pd, 4);
	/* [rfc6581#6-9] */
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_E_MPA_S_REV);
	n = frame(buf, KEY_REQ, 0x10, 2, 3, pd, 3);
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_E_MPA_S_SHORT);
	/* an error leaves the frame all zero, header fields included */
	CHECK(f.type == RDMANEG_MPA_REQUEST && !f.enhanced && f.rev == 0 && f.pd_length == 0 &&
	      f.pd == NULL && f.frame_len == 0);

	/* build refuses what parse refuses */
	n = frame(buf, KEY_REQ, 0x10, 2, 12, pd, 12);
	CHECK(rdmaneg_mpa_parse(buf, n, &f) == RDMANEG_OK);
	f.rev = 0;
	/* [rfc5044#7.1.1-20] */
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_E_MPA_REV0);
	f.rev = 1;
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_E_MPA_S_REV);
	f.rev = 2;
	f.res = 16;
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_E_INVAL);
	f.res = 0;
	f.pd = NULL;
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) == RDMANEG_E_INVAL);
	f.pd = pd;
	f.type = (enum rdmaneg_mpa_type)2;
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &w) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_build(NULL, out, sizeof(out), &w) == RDMANEG_E_INVAL);
	f.type = RDMANEG_MPA_REQUEST;
	f.pd_length = 2;
	CHECK(rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) == RDMANEG_E_MPA_S_SHORT);
	CHECK(rdmaneg_mpa_ulp_pd(NULL, &ulp, &ulp_len) == RDMANEG_E_INVAL);
}

static void test_enh(void)
{
	struct rdmaneg_mpa_enh e = { true, true, false, true, 0x3FFF, 0x1234 & 0x3FFF };
	struct rdmaneg_mpa_enh d;
	uint8_t w[4];

	CHECK(rdmaneg_mpa_enh_encode(&e, w, 4) == RDMANEG_OK);
	/* [rfc6581#9-1] */
	CHECK(w[0] == 0xFF && w[1] == 0xFF && w[2] == 0x52 && w[3] == 0x34);
	CHECK(rdmaneg_mpa_enh_decode(w, 4, &d) == RDMANEG_OK);
	/* [rfc6581#9-2] [rfc6581#9-4] [rfc6581#9-5] */
	CHECK(d.a && d.b && !d.c && d.d && d.ird == 0x3FFF && d.ord == 0x1234);
	CHECK(rdmaneg_mpa_enh_decode(w, 3, &d) == RDMANEG_E_MPA_S_SHORT);
	CHECK(rdmaneg_mpa_enh_decode(NULL, 4, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_enh_encode(&e, w, 3) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_mpa_enh_encode(NULL, w, 4) == RDMANEG_E_INVAL);
	e.ird = 0x4000;
	CHECK(rdmaneg_mpa_enh_encode(&e, w, 4) == RDMANEG_E_MPA_RANGE);
	e.ird = 1;
	e.a = false;
	CHECK(rdmaneg_mpa_enh_encode(&e, w, 4) == RDMANEG_E_MPA_FLAGS);
	/* A=0: B/C/D ignored on receipt */
	w[0] = 0x40;
	/* [rfc6581#9.2-15] */
	CHECK(rdmaneg_mpa_enh_decode(w, 4, &d) == RDMANEG_OK && rdmaneg_mpa_rtr_of(&d) == 0);
	CHECK(rdmaneg_mpa_rtr_of(NULL) == 0);
	/* [rfc6581#9.2]: with A=1, B/C/D are the Send/Write/Read bits, each alone
	 * and together (a sum written as a difference agrees in the low 3 bits
	 * only, so it is caught here and not through respond/complete) */
	for (unsigned bits = 0; bits < 8u; bits++) {
		struct rdmaneg_mpa_enh x = { .a = true,
					     .b = (bits & 1u) != 0u,
					     .c = (bits & 2u) != 0u,
					     .d = (bits & 4u) != 0u };

		/* [rfc6581#9-6] [rfc6581#9-7] [rfc6581#9-8] */
		CHECK(rdmaneg_mpa_rtr_of(&x) == bits);
		x.a = false;
		CHECK(rdmaneg_mpa_rtr_of(&x) == 0u);
	}
}

static void test_mpa_negotiate(void)
{
	struct rdmaneg_mpa_local ini = { 5, 4, 16, 0, false, RDMANEG_RTR_ALL };
	struct rdmaneg_mpa_local rsp = { 3, 8, 16, 0, false, RDMANEG_RTR_SEND };
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome ro, io;

	/* client-server, numbers as in the siw notes */
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK && req.ird == 5 && req.ord == 4);
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && ro.accepted);
	/* [rfc6581#9.2-13] */
	CHECK(rep.ird == 4 && rep.ord == 5 && !rep.a && !rep.b);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK && io.accepted);
	CHECK(io.ord <= rep.ird && rep.ord <= io.ird && io.peer_ird == 4);
	/* accepted: no TERM, the whole triple zero */
	CHECK(io.term.layer == 0 && io.term.type == 0 && io.term.code == 0);

	/* responder capacity below initiator ORD: initiator ORD comes down */
	rsp.ird_max = 3;
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && rep.ird == 3);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK && io.ord == 3);

	/* 0x3FFF rules, [rfc6581#9.1] */
	ini.ird = 0x3FFF;
	ini.ord = 0x3FFF;
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK);
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK);
	CHECK(rep.ird == 0x3FFF && rep.ord == 0x3FFF && ro.ird == 3 && ro.ord == 8);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK);
	/* [rfc6581#9.1-12] */
	CHECK(io.accepted && io.ird == 0x3FFF && io.ord == 0x3FFF);

	/* responder ULP needs ORD 6, initiator IRD 2: TERM 6, reject names 6 */
	ini.ird = 2;
	ini.ord = 4;
	rsp.ord_min = 6;
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK);
	/* [rfc5044#7.1.2-5] */
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && !ro.accepted);
	/* [rfc6581#9.1-5] [rfc6581#9.1-6] */
	CHECK(ro.term.layer == 2 && ro.term.type == 0 && ro.term.code == 6 && rep.ord == 6);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, true, &io) == RDMANEG_OK);
	/* [rfc6581#9.1-10] [rfc5044#7.1.2-10] */
	CHECK(!io.accepted && io.term.code == 0 && io.peer_ord == 6);
	/* the responder rejected: the initiator sends no TERM of its own */
	CHECK(io.term.layer == 0 && io.term.type == 0);
	rsp.ord_min = 0;

	/* non-conforming responder ORD above initiator capacity: TERM 6 */
	rep.ord = 17;
	rep.ird = 4;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK);
	/* [rfc6581#9.1-8] */
	CHECK(!io.accepted && io.term.code == 6);
	/* ...within capacity: IRD raised to cover it */
	rep.ord = 9;
	/* [rfc6581#9.1-7] */
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK && io.accepted &&
	      io.ird == 9);

	/* peer-to-peer: common RTR chosen, lowest first */
	ini.p2p = true;
	ini.rtr = RDMANEG_RTR_WRITE | RDMANEG_RTR_READ;
	rsp.rtr = RDMANEG_RTR_ALL;
	/* [rfc6581#9.2-1] [rfc6581#9.2-2] */
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK && req.a && !req.b && req.c && req.d);
	/* [rfc6581#9.2-5] */
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && rep.a && rep.c && rep.d);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK);
	CHECK(io.accepted && io.p2p && io.rtr == RDMANEG_RTR_WRITE);
	/* no common RTR: responder offers its own, initiator sends TERM 7 */
	rsp.rtr = RDMANEG_RTR_SEND;
	/* [rfc6581#9.2-8] */
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && rep.b && !rep.c);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK);
	/* [rfc6581#9.2-10] */
	CHECK(!io.accepted && io.term.layer == 2 && io.term.code == 7);
	/* model mismatch (reply A=0 to A=1): TERM 7 */
	rep.a = false;
	rep.b = false;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK &&
	      io.term.code == 7);
	/* Read RTR with initiator ORD 0: responder raises IRD to 1 */
	ini.ord = 0;
	ini.rtr = RDMANEG_RTR_READ;
	rsp.rtr = RDMANEG_RTR_READ;
	rsp.ird = 0;
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK);
	/* [rfc6581#9.1-3] */
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && rep.ird == 1 && rep.d);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK &&
	      io.rtr == RDMANEG_RTR_READ);
	/* ...but initiator ORD 0x3FFF keeps the responder IRD at 0: no Read RTR
	 * can be taken, and a Read-only responder has nothing else (TERM 5) */
	ini.ord = 0x3FFF;
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK);
	/* [rfc6581#9.3-1] */
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && rep.ird == 0x3FFF &&
	      ro.ird == 0 && rep.a && !rep.d && !ro.accepted && ro.term.layer == 2 &&
	      ro.term.code == 5);
	/* with Send too, Send is offered instead, and the Read-only initiator
	 * ends with TERM 7 */
	rsp.rtr = RDMANEG_RTR_READ | RDMANEG_RTR_SEND;
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && ro.accepted && rep.b &&
	      !rep.d && ro.rtr == RDMANEG_RTR_SEND);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK &&
	      io.term.code == 7);
	ini.ord = 0;
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK);
	/* Read RTR with no IRRQ: READ dropped, nothing common, TERM 7 */
	rsp.rtr = RDMANEG_RTR_READ | RDMANEG_RTR_SEND;
	rsp.ird_max = 0;
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK && !rep.d && rep.b);
	rep.d = true;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_OK &&
	      io.term.code == 7);

	/* configuration errors */
	rsp = (struct rdmaneg_mpa_local){ 4, 4, 16, 0, false, 0 };
	/* [rfc6581#9.2-3] */
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	rsp.rtr = RDMANEG_RTR_READ;
	rsp.ird = 0;
	rsp.ird_max = 0;
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	rsp = (struct rdmaneg_mpa_local){ 0x3FFF, 4, 16, 0, false, 1 };
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	rsp.ird = 0x4000;
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_MPA_RANGE);
	rsp = (struct rdmaneg_mpa_local){ 4, 4, 16, 5, false, 1 };
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	CHECK(rdmaneg_mpa_check_responder(NULL) == RDMANEG_E_INVAL);
	ini = (struct rdmaneg_mpa_local){ 4, 4, 2, 0, false, 0 };
	CHECK(rdmaneg_mpa_check_initiator(&ini) == RDMANEG_E_CONFIG);
	ini = (struct rdmaneg_mpa_local){ 4, 4, 16, 0, true, 0 };
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_E_CONFIG);
	ini.ord = 0x4000;
	CHECK(rdmaneg_mpa_check_initiator(&ini) == RDMANEG_E_MPA_RANGE);
	CHECK(rdmaneg_mpa_check_initiator(NULL) == RDMANEG_E_INVAL);
	ini = (struct rdmaneg_mpa_local){ 4, 4, 16, 0, false, 0 };
	rsp = (struct rdmaneg_mpa_local){ 4, 4, 16, 0, false, 1 };
	CHECK(rdmaneg_mpa_request(&ini, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_respond(&rsp, NULL, &rep, &ro) == RDMANEG_E_INVAL);
	req.ird = 0x4000;
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_E_MPA_RANGE);
	rep.ord = 0x4000;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &io) == RDMANEG_E_MPA_RANGE);
	CHECK(rdmaneg_mpa_complete(&ini, NULL, &rep, false, &io) == RDMANEG_E_INVAL);
}

/* Every argument check, one sub-condition at a time. */
static void test_arguments(void)
{
	const uint8_t pd[4] = { 0, 0, 0, 0 };
	struct rdmaneg_mpa_frame f = {
		RDMANEG_MPA_REQUEST, false, false, false, false, 0, 1, 0, NULL, 20
	};
	struct rdmaneg_mpa_enh e = { false, false, false, false, 0, 0 };
	struct rdmaneg_mpa_local ini = { 4, 4, 16, 0, false, 0 };
	struct rdmaneg_mpa_local rsp = { 4, 4, 16, 0, false, 1 };
	struct rdmaneg_mpa_enh req = e, rep = e;
	struct rdmaneg_mpa_outcome o;
	struct rdmaneg_rpcrdma_settings ok = { 4096, 4096, false }, small = { 4096, 512, false };
	struct rdmaneg_conn c;
	const uint8_t *ulp;
	uint8_t out[64];
	size_t n;

	CHECK(rdmaneg_mpa_build(&f, NULL, sizeof(out), &n) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_build(&f, out, sizeof(out), &n) == RDMANEG_OK && n == 20);
	CHECK(rdmaneg_mpa_enh_decode(pd, 4, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_enh_encode(&e, NULL, 4) == RDMANEG_E_INVAL);
	e.ord = 0x4000;
	CHECK(rdmaneg_mpa_enh_encode(&e, out, 4) == RDMANEG_E_MPA_RANGE);
	e.ord = 0;
	e.c = true;
	CHECK(rdmaneg_mpa_enh_encode(&e, out, 4) == RDMANEG_E_MPA_FLAGS);
	e.c = false;
	e.d = true;
	CHECK(rdmaneg_mpa_enh_encode(&e, out, 4) == RDMANEG_E_MPA_FLAGS);
	e.d = false;
	CHECK(rdmaneg_mpa_ulp_pd(&f, NULL, &n) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_ulp_pd(&f, &ulp, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_frame_enh(NULL, &e) == RDMANEG_E_INVAL);
	f.enhanced = true;
	CHECK(rdmaneg_mpa_frame_enh(&f, NULL) == RDMANEG_E_INVAL);

	/* initiator configuration, each rule alone */
	ini.ird = 0x4000;
	CHECK(rdmaneg_mpa_check_initiator(&ini) == RDMANEG_E_MPA_RANGE);
	ini.ird = 4;
	ini.ird_max = 0x3FFF;
	CHECK(rdmaneg_mpa_check_initiator(&ini) == RDMANEG_E_CONFIG);
	ini.ird_max = 16;
	ini.rtr = 8;
	CHECK(rdmaneg_mpa_check_initiator(&ini) == RDMANEG_E_CONFIG);
	ini.rtr = 0;
	/* responder configuration, each rule alone */
	rsp.ord = 0x4000;
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_MPA_RANGE);
	rsp.ord = 0x3FFF;
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	rsp.ord = 4;
	rsp.ird_max = 0x3FFF;
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	rsp.ird_max = 16;
	rsp.rtr = 9;
	CHECK(rdmaneg_mpa_check_responder(&rsp) == RDMANEG_E_CONFIG);
	rsp.rtr = 1;
	/* negotiation entry points */
	CHECK(rdmaneg_mpa_request(NULL, &req) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_respond(NULL, &req, &rep, &o) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_respond(&rsp, &req, NULL, &o) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, NULL) == RDMANEG_E_INVAL);
	req.ord = 0x4000;
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &o) == RDMANEG_E_MPA_RANGE);
	req.ord = 0;
	CHECK(rdmaneg_mpa_complete(NULL, &req, &rep, false, &o) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_complete(&ini, &req, NULL, false, &o) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, NULL) == RDMANEG_E_INVAL);
	rep.ird = 0x4000;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &o) == RDMANEG_E_MPA_RANGE);
	rep.ird = 4;
	/* initiator left IRD to the ULP (0x3FFF), responder sent a number */
	ini.ird = 0x3FFF;
	rep.ord = 3;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &o) == RDMANEG_OK && o.ird == 3);

	/* RFC 8797 connection arguments */
	CHECK(rdmaneg_conn_init(&c, RDMANEG_ROLE_SERVER, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_conn_init(&c, RDMANEG_ROLE_SERVER, &small) == RDMANEG_E_SIZE_TOO_SMALL);
	CHECK(rdmaneg_conn_init(&c, RDMANEG_ROLE_SERVER, &ok) == RDMANEG_OK);
	c.local.recv_size = 0;
	CHECK(rdmaneg_conn_negotiate(&c, NULL, 0, 0) == RDMANEG_E_INVAL);

	/* a NULL buffer is refused at every length above 0, 1 included */
	{
		struct rdmaneg_rpcrdma_result r;
		struct rdmaneg_mpa_frame g;

		CHECK(rdmaneg_rpcrdma_decode(NULL, 1, 0, &r) == RDMANEG_E_INVAL);
		CHECK(rdmaneg_mpa_parse(NULL, 1, &g) == RDMANEG_E_INVAL);
		g = f;
		g.enhanced = false;
		g.pd_length = 1;
		g.pd = NULL;
		CHECK(rdmaneg_mpa_build(&g, out, sizeof(out), &n) == RDMANEG_E_INVAL);
		CHECK(rdmaneg_mpa_ulp_pd(&g, &ulp, &n) == RDMANEG_E_INVAL);
	}
	/* each entry point passes a configuration error on as it is */
	rsp.rtr = 0;
	CHECK(rdmaneg_mpa_respond(&rsp, &req, &rep, &o) == RDMANEG_E_CONFIG);
	rsp.rtr = 1;
	ini.ird = 4;
	ini.ird_max = 0;
	CHECK(rdmaneg_mpa_complete(&ini, &req, &rep, false, &o) == RDMANEG_E_CONFIG);
	CHECK(rdmaneg_mpa_request(&ini, &req) == RDMANEG_E_CONFIG);
	ini.ird_max = 16;
	/* init leaves nothing of what was there before: not negotiated yet */
	memset(&c, 0xA5, sizeof(c));
	CHECK(rdmaneg_conn_init(&c, RDMANEG_ROLE_CLIENT, &ok) == RDMANEG_OK && !c.negotiated &&
	      !c.peer.present && c.peer.candidates == 0 && c.send_threshold == 0 &&
	      c.recv_threshold == 0 && !c.remote_invalidation && c.peer_send == 0 &&
	      c.peer_recv == 0 && !c.peer_r);
	/* a NULL buffer of length 1 is refused before anything is written */
	CHECK(rdmaneg_conn_negotiate(&c, NULL, 1, 0) == RDMANEG_E_INVAL && !c.negotiated &&
	      c.peer.reason == RDMANEG_PD_EMPTY);
	CHECK(rdmaneg_conn_negotiate(&c, NULL, 0, 0) == RDMANEG_OK && c.negotiated);
	/* an accepted outcome carries no TERM triple at all */
	{
		struct rdmaneg_mpa_local r1 = {
			.ird = 1, .ord = 1, .ird_max = 4, .rtr = RDMANEG_RTR_SEND
		};
		struct rdmaneg_mpa_enh q = { .ird = 1, .ord = 1 };
		struct rdmaneg_mpa_enh w;
		struct rdmaneg_mpa_outcome ao;

		memset(&ao, 0xA5, sizeof(ao));
		CHECK(rdmaneg_mpa_respond(&r1, &q, &w, &ao) == RDMANEG_OK && ao.accepted &&
		      ao.term.layer == 0 && ao.term.type == 0 && ao.term.code == 0);
	}

	/* two invalid occurrences: the first one's reason is kept */
	{
		const uint8_t two_bad[16] = { 0xf6, 0xab, 0x0e, 0x18, 2, 0, 0, 0,
					      0xf6, 0xab, 0x0e, 0x18, 3, 0, 0, 0 };
		struct rdmaneg_rpcrdma_result r;

		CHECK(rdmaneg_rpcrdma_decode(two_bad, 16, 0, &r) == RDMANEG_OK && !r.present &&
		      r.reason == RDMANEG_PD_BAD_VERSION && r.candidates == 2);
	}
}

static void test_errors(void)
{
	for (int i = 0; i <= RDMANEG_STATUS_MAX; i++) {
		CHECK(strcmp(rdmaneg_status_name(i), "unknown") != 0);
		CHECK(strlen(rdmaneg_strerror(i)) > 0);
	}
	CHECK(strcmp(rdmaneg_status_name(-1), "unknown") == 0);
	CHECK(strcmp(rdmaneg_strerror(RDMANEG_STATUS_MAX + 1), "unknown status") == 0);
	CHECK(strcmp(rdmaneg_status_name(RDMANEG_E_MPA_PD_TOO_LONG), "mpa_pd_too_long") == 0);
}

int main(void)
{
	test_size_codes();
	test_encode();
	test_decode();
	test_negotiate();
	test_mpa_parse();
	test_enh();
	test_mpa_negotiate();
	test_arguments();
	test_errors();
	unit_ulp(&passed, &failed);
	unit_ibcm(&passed, &failed);
	unit_roce(&passed, &failed);
	printf("unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
