// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests: known answers from RFC 8797 / RFC 5044 / RFC 6581 text and
 * every error path of the core. Prints "N passed, N failed". */
#include "rdmaneg.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

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

/* [nvme-rdma#fig5] to [nvme-rdma#fig7], 11: hand-checked vectors of every entry point */
static void test_nvme(void)
{
	static const uint8_t admin[32] = { 0, 0, 0, 0, 32, 0, 31 }; /* Linux's admin queue */
	const struct rdmaneg_nvme_limits linux61 = { 128, 32, 1024 };
	struct rdmaneg_nvme_req r = { 0, 1, 128, 127, 0, 0 };
	struct rdmaneg_nvme_answer a;
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	uint8_t b[56];
	unsigned d;

	CHECK(rdmaneg_nvme_req_encode(&r, b, 31) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_nvme_req_encode(NULL, b, 32) == RDMANEG_E_INVAL);
	memset(b, 0xee, sizeof(b));
	CHECK(rdmaneg_nvme_req_encode(&r, b, sizeof(b)) == RDMANEG_OK);
	/* [nvme-rdma#fig5-1] */
	CHECK(b[0] == 0 && b[1] == 0 && b[2] == 1 && b[3] == 0 && b[4] == 128 && b[5] == 0 &&
	      b[6] == 127 && b[7] == 0 && b[8] == 0 && b[31] == 0 && b[32] == 0xee);
	CHECK(rdmaneg_nvme_req_decode(b, 31, &r) == RDMANEG_E_NVME_SHORT && r.qid == 0 &&
	      r.hsqsize == 0);
	CHECK(rdmaneg_nvme_req_decode(NULL, 1, &r) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_req_decode(b, 32, NULL) == RDMANEG_E_INVAL);
	b[20] = 7;
	CHECK(rdmaneg_nvme_req_decode(b, 56, &r) == RDMANEG_OK && r.qid == 1 && r.hrqsize == 128 &&
	      r.hsqsize == 127 && r.reserved_at == 20);

	/* the target's answers */
	CHECK(rdmaneg_nvme_target_judge(admin, 32, &linux61, &a) == RDMANEG_OK && a.decoded &&
	      a.sts == 0 && a.allowed == ((1u << 0) | (1u << 6)));
	/* [nvme-rdma#fig5-7] */
	CHECK(rdmaneg_nvme_target_judge(admin, 31, &linux61, &a) == RDMANEG_OK && !a.decoded &&
	      a.sts == RDMANEG_NVME_STS_LEN && a.allowed == (1u << 1));
	CHECK(rdmaneg_nvme_target_judge(NULL, 0, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_LEN);
	memcpy(b, admin, 32);
	b[6] = 32; /* 33 entries on a 32-entry admin queue */
	/* [nvme-rdma#fig5-4] */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_HSQSIZE);
	b[6] = 0; /* SQSIZE 0h: the base spec's Connect refuses it */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_HSQSIZE);
	memcpy(b, admin, 32);
	b[0] = 1;
	b[4] = 0; /* and HRQSIZE 0: RECFMT hides every other field */
	/* [nvme-rdma#fig5-2] */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_RECFMT && a.allowed == (1u << 2));
	b[0] = 0; /* HRQSIZE 0 alone */
	/* [nvme-rdma#fig5-5] */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_HRQSIZE && a.allowed == (1u << 5));
	memcpy(b, admin, 32);
	b[2] = 129; /* QID past 128 I/O queues, and admin sizes on an I/O queue */
	/* [nvme-rdma#fig5-3] */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_QID && a.allowed == (1u << 3));
	b[2] = 1; /* QID 1 with the admin sizes: conforming */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK && a.sts == 0);
	memcpy(b, admin, 32);
	b[8] = 1; /* CNTLID on the admin queue: the host broke a shall */
	/* [nvme-rdma#fig5-6] */
	CHECK(rdmaneg_nvme_target_judge(b, 32, &linux61, &a) == RDMANEG_OK &&
	      a.sts == RDMANEG_NVME_STS_CNTLID && a.allowed == ((1u << 0) | (1u << 6) | (1u << 9)));
	memcpy(b, admin, 32);
	b[31] = 0xff; /* reserved octets: no rule reads them */
	CHECK(rdmaneg_nvme_target_judge(b, 56, &linux61, &a) == RDMANEG_OK && a.sts == 0 &&
	      a.req.reserved_at == 31);
	CHECK(rdmaneg_nvme_target_judge(admin, 32, NULL, &a) == RDMANEG_E_INVAL);
	{
		const struct rdmaneg_nvme_limits bad = { 1, 0, 32 }, big = { 1, 32, 65537 };

		CHECK(rdmaneg_nvme_target_judge(admin, 32, &bad, &a) == RDMANEG_E_INVAL);
		CHECK(rdmaneg_nvme_target_judge(admin, 32, &big, &a) == RDMANEG_E_INVAL);
	}

	/* the host's checks: Linux's nvmet answers CRQSIZE = HSQSIZE + 1 */
	r.hsqsize = 31;
	memset(b, 0, sizeof(b));
	b[2] = 32;
	CHECK(rdmaneg_nvme_accept_check(b, 32, &r, true, &acc, &d) == RDMANEG_OK &&
	      d == RDMANEG_NVME_D_CRQSIZE && acc.crqsize == 32);
	b[2] = 31;
	CHECK(rdmaneg_nvme_accept_check(b, 32, &r, false, &acc, &d) == RDMANEG_OK && d == 0);
	b[2] = 30; /* below HSQSIZE: only with RNR flow control */
	/* [nvme-rdma#fig6-4] */
	CHECK(rdmaneg_nvme_accept_check(b, 32, &r, true, &acc, &d) == RDMANEG_OK && d == 0);
	/* [nvme-rdma#fig6-3] */
	CHECK(rdmaneg_nvme_accept_check(b, 32, &r, false, &acc, &d) == RDMANEG_OK &&
	      d == RDMANEG_NVME_D_CRQSIZE);
	b[0] = 1;
	b[20] = 1;
	/* [nvme-rdma#fig6-2] */
	CHECK(rdmaneg_nvme_accept_check(b, 32, &r, true, &acc, &d) == RDMANEG_OK &&
	      d == RDMANEG_NVME_D_RECFMT && acc.reserved_at == 20);
	/* [nvme-rdma#fig6-1] */
	CHECK(rdmaneg_nvme_accept_check(b, 31, &r, true, &acc, &d) == RDMANEG_OK &&
	      d == RDMANEG_NVME_D_SHORT && acc.recfmt == 0 && acc.crqsize == 0);
	CHECK(rdmaneg_nvme_accept_check(b, 32, NULL, true, &acc, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_accept_encode(&r, b, 32) == RDMANEG_OK && b[0] == 0 && b[2] == 31 &&
	      b[3] == 0 && b[4] == 0);

	CHECK(rdmaneg_nvme_reject_encode(6, b, 4) == RDMANEG_OK && b[0] == 0 && b[1] == 0 &&
	      b[2] == 6 && b[3] == 0);
	CHECK(rdmaneg_nvme_reject_encode(0, b, 4) == RDMANEG_E_INVAL &&
	      rdmaneg_nvme_reject_encode(10, b, 4) == RDMANEG_E_INVAL &&
	      rdmaneg_nvme_reject_encode(6, b, 3) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_nvme_reject_read(b, 4, &rej, &d) == RDMANEG_OK && d == 0 && rej.sts == 6);
	/* [nvme-rdma#fig7-1] */
	CHECK(rdmaneg_nvme_reject_read(b, 3, &rej, &d) == RDMANEG_OK && rej.has_recfmt &&
	      !rej.has_sts && rej.sts == 0 && d == RDMANEG_NVME_D_SHORT);
	CHECK(rdmaneg_nvme_reject_read(NULL, 0, &rej, &d) == RDMANEG_OK && !rej.has_recfmt &&
	      d == RDMANEG_NVME_D_SHORT);
	b[2] = 10;
	/* [nvme-rdma#fig11-1] */
	CHECK(rdmaneg_nvme_reject_read(b, 4, &rej, &d) == RDMANEG_OK && d == RDMANEG_NVME_D_STS);
	b[2] = 0;
	b[0] = 2;
	CHECK(rdmaneg_nvme_reject_read(b, 4, &rej, &d) == RDMANEG_OK &&
	      d == (RDMANEG_NVME_D_STS | RDMANEG_NVME_D_RECFMT));
	CHECK(rdmaneg_nvme_reject_read(b, 4, NULL, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_reject_read(b, 4, &rej, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_reject_read(NULL, 1, &rej, &d) == RDMANEG_E_INVAL);
	CHECK(strcmp(rdmaneg_nvme_sts_name(4), "invalid_hsqsize") == 0 &&
	      strcmp(rdmaneg_nvme_sts_name(0), "accept") == 0 &&
	      strcmp(rdmaneg_nvme_sts_name(10), "reserved") == 0);
}

/* SMB Direct ([ms-smbd#2.2.1] to [ms-smbd#6.1]); every rule with a
 * request or response that breaks it alone. */
static void smbd_req_bytes(uint8_t *b, uint16_t minv, uint16_t maxv, uint16_t cr, uint32_t pss,
			   uint32_t mrs, uint32_t mfs)
{
	struct rdmaneg_smbd_req q = { minv, maxv, 0, cr, pss, mrs, mfs };

	CHECK(rdmaneg_smbd_req_encode(&q, b, RDMANEG_SMBD_REQ_LEN) == RDMANEG_OK);
}

static void test_smbd(void)
{
	static const struct rdmaneg_smbd_local loc = RDMANEG_SMBD_LOCAL_LINUX;
	/* Linux cifs 6.1's request: 0x0100..0x0100, 255 credits, 1364/1364,
	 * 1 MiB fragmented, octet for octet */
	static const uint8_t cifs[20] = { 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
					  0x00, 0x54, 0x05, 0x00, 0x00, 0x54, 0x05,
					  0x00, 0x00, 0x00, 0x00, 0x10, 0x00 };
	struct rdmaneg_smbd_answer a;
	struct rdmaneg_smbd_req q;
	struct rdmaneg_smbd_resp r;
	uint8_t b[32], w[32];
	uint32_t ird, ord;
	unsigned d;

	/* [ms-smbd#2.2.1-1] */
	CHECK(rdmaneg_smbd_req_decode(cifs, sizeof(cifs), &q) == RDMANEG_OK &&
	      q.min_version == 0x0100 && q.max_version == 0x0100 && q.credits_requested == 255 &&
	      q.preferred_send_size == 1364 && q.max_receive_size == 1364 &&
	      q.max_fragmented_size == 1048576);
	CHECK(rdmaneg_smbd_req_encode(&q, b, sizeof(b)) == RDMANEG_OK &&
	      memcmp(b, cifs, sizeof(cifs)) == 0);
	CHECK(rdmaneg_smbd_req_encode(&q, b, 19) == RDMANEG_E_NOSPACE);
	/* a refused request leaves every field zero, whatever it held */
	CHECK(rdmaneg_smbd_req_decode(cifs, 19, &q) == RDMANEG_E_SMBD_SHORT && q.max_version == 0 &&
	      q.min_version == 0 && q.reserved == 0 && q.credits_requested == 0 &&
	      q.preferred_send_size == 0 && q.max_receive_size == 0 && q.max_fragmented_size == 0);
	CHECK(rdmaneg_smbd_req_decode(NULL, 1, &q) == RDMANEG_E_INVAL);
	/* the server's answer to it: respond, and the response passes the
	 * client's check */
	CHECK(rdmaneg_smbd_server_judge(cifs, sizeof(cifs), &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_RESPOND && a.defects == 0 && a.decoded);
	CHECK(a.resp.negotiated_version == 0x0100 && a.resp.credits_granted == 255 &&
	      a.resp.preferred_send_size == 1364 && a.resp.max_receive_size == 1364);
	CHECK(rdmaneg_smbd_resp_encode(&a.resp, w, sizeof(w)) == RDMANEG_OK);
	CHECK(rdmaneg_smbd_client_check(w, sizeof(w), 1364, &r, &d) == RDMANEG_OK && d == 0 &&
	      r.credits_granted == 255 && r.max_fragmented_size == 1048576);
	/* [ms-smbd#2.2.1-2]: Reserved is ignored: 0xffff changes nothing */
	memcpy(b, cifs, sizeof(cifs));
	b[4] = b[5] = 0xff;
	{
		struct rdmaneg_smbd_answer a2;

		CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a2) == RDMANEG_OK &&
		      a2.action == RDMANEG_SMBD_RESPOND && a2.req.reserved == 0xffff &&
		      a2.defects == 0 && memcmp(&a2.resp, &a.resp, sizeof(a.resp)) == 0);
	}
	/* [ms-smbd#3.1.5.6-1]: 19 octets: terminate */
	CHECK(rdmaneg_smbd_server_judge(cifs, 19, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_TERMINATE && a.defects == RDMANEG_SMBD_D_SHORT &&
	      !a.decoded);
	/* [ms-smbd#3.1.5.6-2]: 0x0101..0x0200: a failure response */
	smbd_req_bytes(b, 0x0101, 0x0200, 1, 1364, 1364, 131072);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_NOT_SUPPORTED && a.defects == RDMANEG_SMBD_D_VERSION &&
	      a.resp.status == RDMANEG_SMBD_STATUS_NOT_SUPPORTED && a.resp.credits_granted == 0);
	smbd_req_bytes(b, 0x0001, 0x00ff, 1, 1364, 1364, 131072);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_NOT_SUPPORTED);
	/* [ms-smbd#3.1.5.6-3]: each below its minimum terminates; each at its
	 * minimum is served (ksmbd 6.1 refuses MaxReceiveSize 128) */
	smbd_req_bytes(b, 0x0100, 0x0100, 0, 1364, 1364, 131072);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_TERMINATE && a.defects == RDMANEG_SMBD_D_CREDITS);
	smbd_req_bytes(b, 0x0100, 0x0100, 1, 1364, 127, 131072);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_TERMINATE && a.defects == RDMANEG_SMBD_D_RECEIVE);
	smbd_req_bytes(b, 0x0100, 0x0100, 1, 1364, 1364, 131071);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_TERMINATE && a.defects == RDMANEG_SMBD_D_FRAGMENTED);
	smbd_req_bytes(b, 0x0100, 0x0100, 1, 0, 128, 131072);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_RESPOND && a.resp.credits_granted == 1 &&
	      a.resp.preferred_send_size == 128);
	/* [ms-smbd#3.1.5.6-4]: PreferredSendSize 0 leaves 128 */
	CHECK(a.resp.max_receive_size == 128);
	/* the version check first: a bad version with 0 credits is not
	 * supported, not terminated */
	smbd_req_bytes(b, 0x0200, 0x0300, 0, 0, 0, 0);
	CHECK(rdmaneg_smbd_server_judge(b, 20, &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_NOT_SUPPORTED &&
	      a.defects == (RDMANEG_SMBD_D_VERSION | RDMANEG_SMBD_D_CREDITS |
			    RDMANEG_SMBD_D_RECEIVE | RDMANEG_SMBD_D_FRAGMENTED));
	{
		struct rdmaneg_smbd_local bad = loc;

		bad.credits_max = 0;
		CHECK(rdmaneg_smbd_server_judge(cifs, 20, &bad, &a) == RDMANEG_E_INVAL);
		CHECK(rdmaneg_smbd_server_judge(cifs, 20, NULL, &a) == RDMANEG_E_INVAL);
	}
	/* [ms-smbd#3.1.5.7]: each response rule broken alone */
	CHECK(rdmaneg_smbd_server_judge(cifs, sizeof(cifs), &loc, &a) == RDMANEG_OK);
	CHECK(rdmaneg_smbd_resp_encode(&a.resp, w, sizeof(w)) == RDMANEG_OK);
	/* [ms-smbd#3.1.5.7-1] */
	CHECK(rdmaneg_smbd_client_check(w, 31, 1364, &r, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_SHORT && r.negotiated_version == 0);
	w[4] = 0x01; /* [ms-smbd#3.1.5.7-2]: NegotiatedVersion 0x0101 */
	CHECK(rdmaneg_smbd_client_check(w, 32, 1364, &r, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_VERSION);
	w[4] = 0x00;
	w[10] = w[11] = 0; /* [ms-smbd#3.1.5.7-4]: CreditsGranted 0 */
	CHECK(rdmaneg_smbd_client_check(w, 32, 1364, &r, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_CREDITS);
	w[10] = 1;
	w[12] = 0x22; /* [ms-smbd#3.1.5.7-6]: Status not 0 */
	CHECK(rdmaneg_smbd_client_check(w, 32, 1364, &r, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_STATUS && r.status == 0x22);
	w[12] = 0;
	/* [ms-smbd#3.1.5.7-5]: PreferredSendSize 1364 above a client's 1363 */
	CHECK(rdmaneg_smbd_client_check(w, 32, 1363, &r, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_PREFERRED);
	w[24] = 127; /* [ms-smbd#3.1.5.7-3]: MaxReceiveSize 127 */
	w[25] = 0;
	CHECK(rdmaneg_smbd_client_check(w, 32, 1364, &r, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_RECEIVE);
	CHECK(rdmaneg_smbd_client_check(w, 32, 1364, NULL, &d) == RDMANEG_E_INVAL);
	/* [ms-smbd#6.1-1]: big-endian, 8 octets; [ms-smbd#6.1-2]: never 0 */
	CHECK(rdmaneg_smbd_irdord_encode(16, 1, b, sizeof(b)) == RDMANEG_OK && b[3] == 16 &&
	      b[0] == 0 && b[7] == 1);
	CHECK(rdmaneg_smbd_irdord_decode(b, 8, &ird, &ord, &d) == RDMANEG_OK && ird == 16 &&
	      ord == 1 && d == 0);
	CHECK(rdmaneg_smbd_irdord_decode(b, 7, &ird, &ord, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_SHORT && ird == 0);
	CHECK(rdmaneg_smbd_irdord_encode(0, 1, b, sizeof(b)) == RDMANEG_E_INVAL &&
	      rdmaneg_smbd_irdord_encode(1, 1, b, 7) == RDMANEG_E_NOSPACE);
	/* cifs 6.1's host-order {responder_resources, 1}: IRD 0x10000000 */
	{
		static const uint8_t le[8] = { 16, 0, 0, 0, 1, 0, 0, 0 };
		static const uint8_t zero[8] = { 0, 0, 0, 0, 0, 0, 0, 1 };

		CHECK(rdmaneg_smbd_irdord_decode(le, 8, &ird, &ord, &d) == RDMANEG_OK &&
		      ird == 0x10000000u && ord == 0x01000000u && d == 0);
		CHECK(rdmaneg_smbd_irdord_decode(zero, 8, &ird, &ord, &d) == RDMANEG_OK &&
		      d == RDMANEG_SMBD_D_ZERO);
	}
}

/* iSER's CM headers ([iser-a12#req-1] to [iser-a12#req-3]): Linux's
 * octets, every rule broken alone. */
static void test_iser(void)
{
	/* ib_iser 6.1's REQ with always_register (Z), and without it (Z, I);
	 * ib_isert 6.1's REP when it will not use SI (Z, I) */
	static const uint8_t linux_req[4] = { 0x80, 0, 0, 0 }, noinv_req[4] = { 0xc0, 0, 0, 0 };
	struct rdmaneg_iser_hdr h, rep, sent = { true, true, 0, 0 };
	uint8_t b[8];
	unsigned d;
	bool inv;

	/* [iser-a12#req-1] */
	CHECK(rdmaneg_iser_decode(linux_req, 4, &h, &d) == RDMANEG_OK && h.zbva_off && !h.si_off &&
	      d == 0);
	CHECK(rdmaneg_iser_decode(noinv_req, 4, &h, &d) == RDMANEG_OK && h.zbva_off && h.si_off);
	CHECK(rdmaneg_iser_encode(&h, b, sizeof(b)) == RDMANEG_OK && memcmp(b, noinv_req, 4) == 0);
	CHECK(rdmaneg_iser_encode(&h, b, 3) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_iser_decode(linux_req, 3, &h, &d) == RDMANEG_OK &&
	      d == RDMANEG_ISER_D_SHORT && !h.zbva_off);
	CHECK(rdmaneg_iser_decode(NULL, 0, &h, &d) == RDMANEG_OK && d == RDMANEG_ISER_D_SHORT);
	CHECK(rdmaneg_iser_decode(NULL, 1, &h, &d) == RDMANEG_E_INVAL);
	b[0] = 0x81; /* a reserved bit */
	b[1] = b[2] = b[3] = 0;
	CHECK(rdmaneg_iser_decode(b, 4, &h, &d) == RDMANEG_OK && d == RDMANEG_ISER_D_RSVD &&
	      h.reserved == 1);
	b[0] = 0;
	b[3] = 7; /* a reserved octet */
	CHECK(rdmaneg_iser_decode(b, 4, &h, &d) == RDMANEG_OK && d == RDMANEG_ISER_D_RSVD &&
	      h.reserved_at == 3);
	/* [iser-a12#req-2]: SI only when I is clear and the target can */
	CHECK(rdmaneg_iser_target_reply(linux_req, 4, true, false, &rep, &inv) == RDMANEG_OK &&
	      inv && !rep.si_off && rep.zbva_off);
	CHECK(rdmaneg_iser_target_reply(noinv_req, 4, true, false, &rep, &inv) == RDMANEG_OK &&
	      !inv && rep.si_off);
	CHECK(rdmaneg_iser_target_reply(linux_req, 4, false, false, &rep, &inv) == RDMANEG_OK &&
	      !inv && rep.si_off);
	/* no header: neither option */
	CHECK(rdmaneg_iser_target_reply(NULL, 0, true, true, &rep, &inv) == RDMANEG_OK && !inv &&
	      rep.si_off && rep.zbva_off);
	/* [iser-a12#req-3]: zero-based VAs only when Z is clear */
	b[0] = 0;
	b[3] = 0;
	CHECK(rdmaneg_iser_target_reply(b, 4, false, true, &rep, &inv) == RDMANEG_OK &&
	      !rep.zbva_off);
	CHECK(rdmaneg_iser_target_reply(linux_req, 4, false, true, &rep, &inv) == RDMANEG_OK &&
	      rep.zbva_off);
	/* [iser-a12#rep-1]: the initiator's check of isert's REP */
	CHECK(rdmaneg_iser_initiator_check(noinv_req, 4, &sent, &h, &d) == RDMANEG_OK && d == 0);
	CHECK(rdmaneg_iser_initiator_check(linux_req, 4, &sent, &h, &d) == RDMANEG_OK &&
	      d == RDMANEG_ISER_D_SI);
	CHECK(rdmaneg_iser_initiator_check(b, 4, &sent, &h, &d) == RDMANEG_OK &&
	      d == (RDMANEG_ISER_D_SI | RDMANEG_ISER_D_ZBVA));
	CHECK(rdmaneg_iser_initiator_check(b, 2, &sent, &h, &d) == RDMANEG_OK &&
	      d == RDMANEG_ISER_D_SHORT);
	CHECK(rdmaneg_iser_initiator_check(b, 4, NULL, &h, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_target_reply(linux_req, 4, true, true, NULL, &inv) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_target_reply(linux_req, 4, true, true, &rep, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_target_reply(NULL, 4, true, true, &rep, &inv) == RDMANEG_E_INVAL);
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
	test_nvme();
	test_smbd();
	test_iser();
	printf("unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
