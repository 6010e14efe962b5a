// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of rdmaneg-peer's pure half: the FPDU codec, the case table,
 * the expectations and the one verdict function. Every "conforms" check
 * has a twin whose SUT misbehaves and must be judged otherwise.
 * Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "peer/expect.h"
#include "peer/fpdu.h"
#include "peer/peer_cases.h"
#include "peer/peer_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"

static uint8_t buf[70000];

static const struct rdmaneg_peer_case *find(const struct rdmaneg_peer_case *c, size_t n,
					    const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(c[i].name, name) == 0)
			return &c[i];
	return NULL;
}

static void test_fpdu(void)
{
	uint8_t b[64];
	struct rdmaneg_fpdu f;
	size_t n;
	static const enum rdmaneg_fpdu_kind k[] = { RDMANEG_FPDU_RTR_SEND, RDMANEG_FPDU_RTR_WRITE,
						    RDMANEG_FPDU_RTR_READ };

	CHECK(rdmaneg_crc32c((const uint8_t *)"123456789", 9) == 0xE3069283u);
	n = rdmaneg_fpdu_build(RDMANEG_FPDU_TERM, 2, 0, 6, true, b, sizeof(b));
	CHECK(n == 28);
	CHECK(rdmaneg_fpdu_parse(b, n, &f) && f.kind == RDMANEG_FPDU_TERM && f.layer == 2 &&
	      f.etype == 0 && f.ecode == 6 && f.len == 28);
	CHECK(!rdmaneg_fpdu_parse(b, n - 1, &f) && f.len == 28); /* one short: needs more */
	/* the CRC field: right as built, wrong after one flipped bit, and a
	 * frame built without CRCs carries none ([rfc5044#7.1.1-14]) */
	CHECK(rdmaneg_fpdu_crc_ok(b, n));
	b[n - 1] ^= 0x80u;
	CHECK(!rdmaneg_fpdu_crc_ok(b, n) && !rdmaneg_fpdu_crc_ok(b, 3));
	n = rdmaneg_fpdu_build(RDMANEG_FPDU_TERM, 2, 0, 6, false, b, sizeof(b));
	CHECK(!rdmaneg_fpdu_crc_ok(b, n));
	for (size_t i = 0; i < 3; i++) {
		n = rdmaneg_fpdu_build(k[i], 0, 0, 0, false, b, sizeof(b));
		CHECK(n > 0 && n % 4 == 0);
		CHECK(rdmaneg_fpdu_parse(b, n, &f) && f.kind == k[i] && f.len == n);
	}
	CHECK(rdmaneg_fpdu_build(RDMANEG_FPDU_TERM, 2, 0, 6, false, b, 10) == 0);
	/* negative control: DDP version 0 is not an FPDU this parser frames */
	n = rdmaneg_fpdu_build(RDMANEG_FPDU_RTR_SEND, 0, 0, 0, false, b, sizeof(b));
	b[2] &= (uint8_t)~0x01u; /* DV bits 9..8 of the DDP control field */
	CHECK(rdmaneg_fpdu_parse(b, n, &f) && f.kind == RDMANEG_FPDU_BAD);
}

static void test_cases(const struct rdmaneg_peer_case *c, size_t n)
{
	size_t len;
	bool unique = true;
	const struct rdmaneg_peer_case *x;

	CHECK(n > 100 && n < RDMANEG_PEER_CASES_MAX);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			unique = unique && strcmp(c[i].name, c[j].name) != 0;
	CHECK(unique);
	x = find(c, n, "pd-length-65535-exact");
	CHECK(x && rdmaneg_peer_frame(&x->r, RDMANEG_PEER_REQUEST, NULL, 0, buf, sizeof(buf)) ==
			   20 + 65535);
	x = find(c, n, "pd-length-252-over");
	CHECK(x &&
	      rdmaneg_peer_frame(&x->r, RDMANEG_PEER_REQUEST, NULL, 0, buf, sizeof(buf)) ==
		      20 + 253 &&
	      buf[18] == 0 && buf[19] == 252);
	x = find(c, n, "rev-2");
	len = x ? rdmaneg_peer_frame(&x->r, RDMANEG_PEER_REQUEST, NULL, 0, buf, sizeof(buf)) : 0;
	{
		struct rdmaneg_mpa_frame f;

		CHECK(rdmaneg_mpa_parse(buf, len, &f) == RDMANEG_OK && f.enhanced && f.rev == 2 &&
		      f.type == RDMANEG_MPA_REQUEST && f.frame_len == len);
	}
	CHECK(rdmaneg_peer_glob("pd-length-25?-*", "pd-length-252-exact"));
	CHECK(!rdmaneg_peer_glob("pd-length-25?-*", "pd-length-2-exact"));
	CHECK(rdmaneg_peer_glob("*", ""));
	CHECK(rdmaneg_peer_glob("**", "abc") && rdmaneg_peer_glob("a*", "a"));
	CHECK(rdmaneg_peer_glob("a*b", "ab") && rdmaneg_peer_glob("a*b", "acbxb"));
	CHECK(!rdmaneg_peer_glob("a*b", "abc") && !rdmaneg_peer_glob("?", ""));
	CHECK(!rdmaneg_peer_glob("", "a") && rdmaneg_peer_glob("*x", "xx"));
	{
		/* backtracking by recursion takes exponential time on this */
		char name[201], pat[64] = "";

		memset(name, 'a', 200);
		name[200] = '\0';
		for (size_t i = 0; i < 20; i++)
			memcpy(pat + 2 * i, "*a", 3);
		CHECK(rdmaneg_peer_glob(pat, name));
		memcpy(pat + 40, "*b", 3);
		CHECK(!rdmaneg_peer_glob(pat, name));
	}
	{
		uint64_t rng = 7;
		bool within = true;

		for (int i = 0; i < 2000; i++) {
			size_t m = 28;

			memset(buf, 0, 28);
			rdmaneg_peer_mutate(buf, &m, 40, &rng);
			within = within && m <= 40;
		}
		CHECK(within);
	}
}

/* Builds the case's frame and the expectation in the REQUEST role. */
static size_t req_case(const struct rdmaneg_peer_case *c, size_t n, const char *name,
		       struct rdmaneg_peer_expect *e)
{
	const struct rdmaneg_peer_case *x = find(c, n, name);
	size_t len =
		x ? rdmaneg_peer_frame(&x->r, RDMANEG_PEER_REQUEST, NULL, 0, buf, sizeof(buf)) : 0;

	rdmaneg_peer_expect_request(buf, len, x ? x->r.delivery : RDMANEG_DELIVER_WHOLE, e);
	return len;
}

static void reply_obs(struct rdmaneg_peer_obs *o, bool reject, bool enh, uint16_t ird, uint16_t ord,
		      bool a, bool b)
{
	memset(o, 0, sizeof(*o));
	o->outcome = reject ? RDMANEG_OUT_REJECT : RDMANEG_OUT_ACCEPT;
	o->have_reply = true;
	o->reply_status = RDMANEG_OK;
	o->reply_flags = (uint8_t)((enh ? RDMANEG_MPA_F_S : 0u) | (reject ? RDMANEG_MPA_F_R : 0u));
	o->reply_rev = enh ? 2 : 1;
	o->reply_has_enh = enh;
	o->reply_enh.ird = ird;
	o->reply_enh.ord = ord;
	o->reply_enh.a = a;
	o->reply_enh.b = b;
}

static void verdict_is(enum rdmaneg_peer_role role, const struct rdmaneg_peer_expect *e,
		       const struct rdmaneg_peer_obs *o, enum rdmaneg_verdict_kind v,
		       const char *clause, int line)
{
	struct rdmaneg_verdict r;

	rdmaneg_peer_judge(role, e, o, &r);
	check(r.kind == v && (!clause || (r.clause && strcmp(r.clause, clause) == 0)),
	      clause ? clause : rdmaneg_verdict_name(v), __FILE__, line);
	if (r.kind != v || (clause && (!r.clause || strcmp(r.clause, clause) != 0)))
		printf("     got %s %s: %s\n", rdmaneg_verdict_name(r.kind),
		       r.clause ? r.clause : "-", r.detail);
}

#define VERDICT(role, e, o, v, clause) verdict_is(role, e, o, v, clause, __LINE__)
#define REQ RDMANEG_PEER_REQUEST
#define REP RDMANEG_PEER_REPLY
#define OK RDMANEG_VERDICT_CONFORMS
#define DIV RDMANEG_VERDICT_DIVERGES
#define FIND RDMANEG_VERDICT_FINDING

static void test_request_role(const struct rdmaneg_peer_case *c, size_t n)
{
	struct rdmaneg_peer_expect e;
	struct rdmaneg_peer_obs o;

	/* a well-formed enhanced Request (IRD 16, ORD 16, A=0) */
	req_case(c, n, "rev-2", &e);
	CHECK(e.frame_valid && e.allowed == (RDMANEG_OUT_BIT(RDMANEG_OUT_ACCEPT) |
					     RDMANEG_OUT_BIT(RDMANEG_OUT_REJECT)));
	reply_obs(&o, false, true, 8, 8, false, false);
	VERDICT(REQ, &e, &o, OK, NULL);
	/* negative controls: each breaks one MUST of RFC 6581 */
	reply_obs(&o, false, true, 8, 0x3FFF, false, false);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.1-4");
	reply_obs(&o, false, true, 8, 17, false, false);
	/* [rfc6581#9.1-2] */
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.1-4");
	reply_obs(&o, false, true, 8, 8, true, true);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.2-4");
	reply_obs(&o, false, false, 0, 0, false, false);
	/* [rfc6581#10-1] [rfc6581#10-5] */
	VERDICT(REQ, &e, &o, DIV, "rfc6581#10-5");
	reply_obs(&o, false, true, 8, 8, false, false);
	o.reply_flags |= 0x04u;
	/* [rfc5044#7.1.1-18] */
	VERDICT(REQ, &e, &o, DIV, "rfc6581#6-7");
	reply_obs(&o, false, true, 8, 8, false, false);
	o.outcome = RDMANEG_OUT_SILENCE;
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.2-6");
	o.outcome = RDMANEG_OUT_CLOSE;
	/* [rfc5044#7.1.2-6] */
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.2-6");
	/* a kernel splat or a dead SUT is a finding, whatever the wire said */
	reply_obs(&o, false, true, 8, 8, false, false);
	o.splat = true;
	snprintf(o.splat_title, sizeof(o.splat_title), "WARNING in siw_proc_mpareq");
	VERDICT(REQ, &e, &o, FIND, "suite-alive");
	reply_obs(&o, false, true, 8, 8, false, false);
	o.unreachable = true;
	VERDICT(REQ, &e, &o, FIND, "suite-alive");

	/* [rfc5044#7.1.1-15]: an RTR with a wrong CRC field, CRCs off */
	req_case(c, n, "rtr-crc-wrong", &e);
	CHECK(e.frame_valid && e.rtr_crc_wrong && !e.sent.crc);
	reply_obs(&o, false, true, 8, 8, true, false);
	o.reply_enh.c = true;
	o.rtr_sent = true;
	VERDICT(REQ, &e, &o, OK, NULL);
	o.have_term = true; /* known bad: the stack checked a CRC nobody uses */
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.1-15");
	o.have_term = false;
	o.closed_after = true;
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.1-15");
	CHECK(strcmp(rdmaneg_peer_tested(&e, &o), "rfc5044#7.1.1-15") == 0);
	o.rtr_sent = false; /* no RTR went out: nothing to judge */
	VERDICT(REQ, &e, &o, OK, NULL);
	CHECK(strcmp(rdmaneg_peer_tested(&e, &o), "rfc5044#7.1.2-6") == 0);
	/* [rfc5044#7.1.1-14]: the same with CRCs on must be caught */
	req_case(c, n, "rtr-crc-wrong-c", &e);
	CHECK(e.frame_valid && e.rtr_crc_wrong && e.sent.crc);
	reply_obs(&o, false, true, 8, 8, true, false);
	o.reply_enh.c = true;
	o.reply_flags |= RDMANEG_MPA_F_C;
	o.rtr_sent = true;
	o.crc_on = true;
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.1-14");
	o.have_term = true;
	VERDICT(REQ, &e, &o, OK, NULL);
	CHECK(strcmp(rdmaneg_peer_tested(&e, &o), "rfc5044#7.1.1-14") == 0);
	/* an ordinary Request expects nothing of an RTR's CRC */
	req_case(c, n, "abcd-1010", &e);
	CHECK(!e.rtr_crc_wrong);

	/* 0x3FFF must be echoed ([rfc6581#9.1]) */
	req_case(c, n, "ird-ord-3fff", &e);
	reply_obs(&o, false, true, 0x3FFF, 0x3FFF, false, false);
	VERDICT(REQ, &e, &o, OK, NULL);
	reply_obs(&o, false, true, 128, 128, false, false);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.1-11");
	req_case(c, n, "ird-16383", &e);
	reply_obs(&o, false, true, 8, 128, false, false);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.1-13");

	/* A=1 without an RTR type on offer; responder must offer one */
	req_case(c, n, "abcd-1100", &e);
	reply_obs(&o, false, true, 8, 8, true, false);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.2-8");
	reply_obs(&o, false, true, 8, 8, true, true);
	VERDICT(REQ, &e, &o, OK, NULL);

	/* malformed Requests: no accept */
	req_case(c, n, "rev-0", &e);
	CHECK(!e.frame_valid && e.parse_status == RDMANEG_E_MPA_REV0);
	reply_obs(&o, false, false, 0, 0, false, false);
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.1-22");
	o.outcome = RDMANEG_OUT_CLOSE;
	/* [rfc5044#7.1.2-4] */
	VERDICT(REQ, &e, &o, OK, NULL);
	req_case(c, n, "pd-length-513-exact", &e);
	CHECK(e.parse_status == RDMANEG_E_MPA_PD_TOO_LONG);
	reply_obs(&o, false, true, 8, 8, false, false);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#7-3");
	req_case(c, n, "s-with-pd-2", &e);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#6-13");
	req_case(c, n, "rev-1-with-s", &e);
	VERDICT(REQ, &e, &o, DIV, "rfc6581#6-9");
	req_case(c, n, "key-wrong", &e);
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.1-3");
	req_case(c, n, "key-swapped", &e);
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.1-3");
	/* an incomplete Request: waiting is right, acting on it is not */
	req_case(c, n, "pd-length-8-short", &e);
	o.outcome = RDMANEG_OUT_SILENCE;
	/* [rfc5044#7.1.2-21] */
	VERDICT(REQ, &e, &o, OK, NULL);
	reply_obs(&o, false, true, 8, 8, false, false);
	/* [rfc5044#7.1.2-3] */
	VERDICT(REQ, &e, &o, DIV, "rfc5044#7.1.2-18");
	req_case(c, n, "half-close-after-header", &e);
	o.outcome = RDMANEG_OUT_CLOSE;
	VERDICT(REQ, &e, &o, OK, NULL);
	req_case(c, n, "send-nothing", &e);
	o.outcome = RDMANEG_OUT_SILENCE;
	/* [rfc5044#7.1.2-17] */
	VERDICT(REQ, &e, &o, OK, NULL);
	/* trailing octets: anything but a crash conforms */
	req_case(c, n, "trailing-garbage", &e);
	CHECK(e.allowed == RDMANEG_OUT_ANY);

	/* the ULP's view (suite rule, [rfc6581#7] and 9.1) */
	req_case(c, n, "rev-2", &e);
	reply_obs(&o, false, true, 8, 8, false, false);
	o.have_ulp = true;
	snprintf(o.ulp_event, sizeof(o.ulp_event), "CONNECT_REQUEST");
	memcpy(o.ulp_pd, e.ulp, e.ulp_len);
	o.ulp_pd_len = e.ulp_len;
	o.ulp_rr = 16;
	o.ulp_id = 16;
	VERDICT(REQ, &e, &o, OK, NULL);
	o.ulp_pd[0] ^= 1;
	/* [rfc6581#7-6] */
	VERDICT(REQ, &e, &o, DIV, "rfc6581#7-6");
	o.ulp_pd[0] ^= 1;
	o.ulp_rr = 15;
	VERDICT(REQ, &e, &o, DIV, "rfc6581#9.1-1");
	o.ulp_rr = 16;
	reply_obs(&o, true, true, 8, 8, false, false);
	o.have_ulp = true;
	snprintf(o.ulp_event, sizeof(o.ulp_event), "CONNECT_REQUEST");
	VERDICT(REQ, &e, &o, DIV, "suite-ulp-agree");
	reply_obs(&o, false, true, 8, 8, false, false);
	o.have_ulp = true; /* watched, and the ULP heard nothing */
	/* [rfc6581#7-5] */
	VERDICT(REQ, &e, &o, DIV, "suite-ulp-agree");
	/* more private data than the wire carried, whatever the event: the
	 * stack's own memory (siw's 3-octet enhanced Reply gave 255) */
	reply_obs(&o, false, true, 8, 8, false, false);
	o.have_ulp = true;
	snprintf(o.ulp_event, sizeof(o.ulp_event), "CONNECT_ERROR");
	o.ulp_status = -22;
	o.ulp_pd_len = (uint16_t)(e.wire_pd_len + 1);
	CHECK(e.wire_pd_len == 12);
	VERDICT(REQ, &e, &o, FIND, "suite-ulp-pd-bound");
	o.ulp_pd_len = (uint16_t)e.wire_pd_len;
	VERDICT(REQ, &e, &o, OK, NULL);
	req_case(c, n, "send-nothing", &e);
	CHECK(e.wire_pd_len == 0);
}

/* The SUT's Request: enhanced, IRD/ORD 16, A as given, RTR all if A. */
static size_t sut_request(uint8_t *out, size_t cap, bool a)
{
	struct rdmaneg_mpa_enh q = { a, a, a, a, 16, 16 };
	uint8_t w[4];
	struct rdmaneg_mpa_frame f;
	size_t n = 0;

	memset(&f, 0, sizeof(f));
	f.type = RDMANEG_MPA_REQUEST;
	f.rev = 2;
	f.enhanced = true;
	f.pd = w;
	f.pd_length = 4;
	(void)rdmaneg_mpa_enh_encode(&q, w, sizeof(w));
	(void)rdmaneg_mpa_build(&f, out, cap, &n);
	return n;
}

/* The expectation for table case NAME sent as the Reply to req[0..rn-1]. */
static void expect_reply_case(const struct rdmaneg_peer_case *c, size_t n, const char *name,
			      const uint8_t *req, size_t rn, struct rdmaneg_peer_expect *e)
{
	const struct rdmaneg_peer_case *x = find(c, n, name);
	size_t len = x ? rdmaneg_peer_frame(&x->r, REP, req, rn, buf, sizeof(buf)) : 0;

	CHECK(x != NULL && len > 0);
	rdmaneg_peer_expect_reply(req, rn, buf, len, RDMANEG_DELIVER_WHOLE, e);
}

static void test_reply_role(const struct rdmaneg_peer_case *c, size_t n)
{
	uint8_t req[64];
	size_t rn = sut_request(req, sizeof(req), false);
	struct rdmaneg_peer_expect e;
	struct rdmaneg_peer_obs o;

	CHECK(rdmaneg_peer_check_request(req, rn) == NULL);
	expect_reply_case(c, n, "rev-2", req, rn, &e);
	memset(&o, 0, sizeof(o));
	o.outcome = RDMANEG_OUT_SILENCE;
	VERDICT(REP, &e, &o, OK, NULL);
	o.outcome = RDMANEG_OUT_TERM;
	o.have_term = true;
	o.term_layer = 2;
	o.term_code = 5;
	VERDICT(REP, &e, &o, DIV, "rfc6581#9.1-7");

	/* A=1 in a Reply to A=0: TERM (2,0,7) and nothing else */
	expect_reply_case(c, n, "abcd-1100", req, rn, &e);
	CHECK(e.term_code == 7 && e.allowed == RDMANEG_OUT_BIT(RDMANEG_OUT_TERM));
	o.term_code = 7;
	VERDICT(REP, &e, &o, OK, NULL);
	o.term_code = 5;
	/* [rfc6581#9.2-11] [rfc5044#7.1.2-14] */
	VERDICT(REP, &e, &o, DIV, "rfc6581#9.2-10");
	memset(&o, 0, sizeof(o));
	o.outcome = RDMANEG_OUT_CLOSE;
	VERDICT(REP, &e, &o, DIV, "rfc6581#9.2-10");

	/* responder ORD 0x3FFF: the initiator keeps its IRD and goes on */
	expect_reply_case(c, n, "ord-16383", req, rn, &e);
	o.outcome = RDMANEG_OUT_SILENCE;
	VERDICT(REP, &e, &o, OK, NULL);
	o.outcome = RDMANEG_OUT_TERM;
	o.have_term = true;
	o.term_layer = 2;
	o.term_code = 6;
	/* [rfc6581#9.1-14] */
	VERDICT(REP, &e, &o, DIV, "rfc6581#9.1-12");

	/* responder ORD above what the initiator advertised: TERM 6 allowed */
	expect_reply_case(c, n, "ord-129", req, rn, &e);
	VERDICT(REP, &e, &o, OK, NULL);

	/* reject, bad key: close; staying silent is a divergence */
	expect_reply_case(c, n, "flag-r-reject", req, rn, &e);
	memset(&o, 0, sizeof(o));
	o.outcome = RDMANEG_OUT_CLOSE;
	VERDICT(REP, &e, &o, OK, NULL);
	o.outcome = RDMANEG_OUT_SILENCE;
	VERDICT(REP, &e, &o, DIV, "rfc5044#7.1.2-10");
	expect_reply_case(c, n, "key-swapped", req, rn, &e);
	/* [rfc5044#7.1.1-5] [rfc5044#7.1.2-9] */
	VERDICT(REP, &e, &o, DIV, "rfc5044#7.1.1-5");

	/* p2p: an RTR of an offered type is owed */
	rn = sut_request(req, sizeof(req), true);
	expect_reply_case(c, n, "rev-2", req, rn, &e);
	CHECK(e.rtr_required && e.rtr_allowed != 0);
	memset(&o, 0, sizeof(o));
	o.outcome = RDMANEG_OUT_ACCEPT;
	o.rtr = RDMANEG_RTR_SEND;
	VERDICT(REP, &e, &o, OK, NULL);
	o.rtr = 0;
	/* [rfc5044#7.1.2-11] */
	VERDICT(REP, &e, &o, DIV, "rfc6581#9.2-9");
	o.outcome = RDMANEG_OUT_SILENCE;
	VERDICT(REP, &e, &o, DIV, "rfc6581#9.2-9");
	/* [rfc6581#5-1]: a FULPDU before the RTR diverges, even with the RTR
	 * after it */
	o.outcome = RDMANEG_OUT_ACCEPT;
	o.rtr = RDMANEG_RTR_SEND;
	o.data_before_rtr = true;
	VERDICT(REP, &e, &o, DIV, "rfc6581#5-1");
	o.data_before_rtr = false;

	/* the SUT's own Request is checked too */
	req[16] |= 0x01u;
	/* [rfc5044#7.1.2-1] */
	CHECK(rdmaneg_peer_check_request(req, rn) != NULL &&
	      strcmp(rdmaneg_peer_check_request(req, rn), "rfc6581#6-7") == 0);
}

static void test_report(const struct rdmaneg_peer_case *c, size_t n)
{
	struct rdmaneg_peer_row rows[2];
	struct rdmaneg_peer_totals t;
	char *text = NULL;
	size_t tl = 0;
	FILE *f;

	memset(rows, 0, sizeof(rows));
	for (int i = 0; i < 2; i++) {
		snprintf(rows[i].name, sizeof(rows[i].name), "%s", i ? "rev-0" : "rev-2");
		rows[i].section = "[rfc5044#7.1]";
		rows[i].frame_len = req_case(c, n, rows[i].name, &rows[i].e);
		memcpy(rows[i].head, buf, RDMANEG_PEER_HEAD);
		reply_obs(&rows[i].o, false, true, 8, 8, false, false);
		rdmaneg_peer_judge(REQ, &rows[i].e, &rows[i].o, &rows[i].r);
	}
	rdmaneg_peer_count(rows, 2, &t);
	CHECK(t.cases == 2 && t.conforms == 1 && t.diverges == 1 && t.must == 1);
	f = open_memstream(&text, &tl);
	rdmaneg_peer_table(f, rows, 2, false);
	rdmaneg_peer_junit(f, rows, 2, 1.0);
	fclose(f);
	CHECK(text && strstr(text, "rev-0") && !strstr(text, "rev-2 ") &&
	      strstr(text, "<failure") && strstr(text, "rfc5044#7.1.1-22"));
	free(text);
}

int main(void)
{
	static struct rdmaneg_peer_case c[RDMANEG_PEER_CASES_MAX];
	struct rdmaneg_peer_params p = { 128 };
	size_t n = rdmaneg_peer_cases(&p, c, RDMANEG_PEER_CASES_MAX);

	test_fpdu();
	test_cases(c, n);
	test_request_role(c, n);
	test_reply_role(c, n);
	test_report(c, n);
	for (size_t i = 0; i < rdmaneg_peer_clause_count(); i++)
		CHECK(rdmaneg_peer_clause_at(i)->text[0] != '\0');
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
