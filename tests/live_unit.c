// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of the live harness's pure half: records, the judge and its
 * wire check, resource accounting, the report's flaky accounting, the
 * tshark comparison and kernel-log scanning. No qemu. Every check that
 * says "pass" has a twin that must say "fail". Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "live/core/frames.h"
#include "live/guest/gcov.h"
#include "live/mpa/cases.h"
#include "live/mpa/judge.h"
#include "live/mpa/obs.h"
#include "live/mpa/pcap.h"
#include "live/mpa/report.h"
#include "live/nfs/nfs.h"
#include "tests/live_unit_roce.h"
#include "util/arcs.h"
#include "util/file.h"
#include "util/gcda.h"
#include "util/hex.h"
#include "util/klog.h"
#include "util/record.h"

#include <errno.h>
#include <ftw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/check.h"

/* A frame as siw would send it for these ULP octets and IRD/ORD. */
static void mk_frame(struct live_frame *fr, bool request, const uint8_t *ulp, size_t n,
		     uint16_t ird, uint16_t ord, uint16_t sport, uint16_t dport)
{
	struct rdmaneg_mpa_enh e = { false, false, false, false, ird, ord };
	struct rdmaneg_mpa_frame f;
	uint8_t pd[4 + 255];

	rdmaneg_mpa_enh_encode(&e, pd, 4);
	memcpy(pd + 4, ulp, n);
	memset(&f, 0, sizeof(f));
	f.type = request ? RDMANEG_MPA_REQUEST : RDMANEG_MPA_REPLY;
	f.enhanced = true;
	f.rev = 2;
	f.pd_length = (uint16_t)(4 + n);
	f.pd = pd;
	rdmaneg_mpa_build(&f, fr->b, sizeof(fr->b), &fr->len);
	fr->sport = sport;
	fr->dport = dport;
}

/* What a perfect attempt of case i on transport t looks like. */
static void good_obs(int i, enum live_transport t, struct live_case *c, struct live_expected *e,
		     struct live_obs *o)
{
	struct live_side_obs *cl = &o->client, *sv = &o->server;

	live_case_make(i, 1, c);
	live_expected_make(c, t, 16, e);
	live_obs_init(o);
	o->case_no = i;
	o->seed = 1;
	o->transport = t;
	o->port = LIVE_PORT_BASE + i;
	for (int k = 0; k < 2; k++) {
		struct live_side_obs *s = k ? sv : cl;
		const struct rdmaneg_conn *x = k ? &e->server : &e->client;

		s->ok = true;
		s->send_threshold = x->send_threshold;
		s->recv_threshold = x->recv_threshold;
		s->remote_invalidation = x->remote_invalidation;
		s->peer_present = x->peer.present;
		s->posted_recv = x->local.recv_size;
		s->sent = x->send_threshold;
		s->data_ok = true;
		s->disconnected = true;
	}
	cl->pd_seen_len = live_pd_delivery(t, false, e->spd, e->spd_len, cl->pd_seen);
	sv->pd_seen_len = live_pd_delivery(t, true, e->cpd, e->cpd_len, sv->pd_seen);
	live_side_wc(cl, 10, true, 0, 0, "success");
	live_side_wc(sv, 11, false, 0, (uint32_t)cl->sent, "success");
	live_side_wc(sv, 12, true, 0, 0, "success");
	live_side_wc(cl, 13, false, 0, (uint32_t)sv->sent, "success");
	live_side_event(cl, 1, LIVE_EV_ESTABLISHED, 0, "RDMA_CM_EVENT_ESTABLISHED");
	live_side_event(sv, 1, LIVE_EV_CONNECT_REQUEST, 0, "RDMA_CM_EVENT_CONNECT_REQUEST");
	if (t == LIVE_SIW) {
		mk_frame(&o->frame[0], true, e->cpd, e->cpd_len, c->c_ird, c->c_ord, 40000,
			 (uint16_t)o->port);
		mk_frame(&o->frame[1], false, e->spd, e->spd_len, 4, 4, (uint16_t)o->port, 40000);
		o->nframes = 2;
	}
}

static bool judged(const struct live_case *c, const struct live_expected *e,
		   const struct live_obs *o)
{
	struct live_verdict v;

	return live_judge(c, e, o, &v);
}

static void test_records(void)
{
	static struct rdmaneg_rec r;
	char buf[256];
	uint8_t hex[8];
	size_t n;
	int64_t v;
	FILE *f;
	char *text = NULL;
	size_t len = 0;

	CHECK(rdmaneg_rec_parse("TAG a=1 b=x%20y c=00ff", 22, &r) == RDMANEG_REC_OK);
	CHECK(strcmp(r.tag, "TAG") == 0 && r.n == 3);
	CHECK(rdmaneg_rec_i64(&r, "a", &v) == 0 && v == 1);
	CHECK(rdmaneg_rec_str(&r, "b", buf, sizeof(buf)) == 0 && strcmp(buf, "x y") == 0);
	CHECK(rdmaneg_rec_hex(&r, "c", hex, sizeof(hex), &n) == 0 && n == 2 && hex[1] == 0xff);
	CHECK(rdmaneg_rec_i64(&r, "missing", &v) == RDMANEG_REC_MISSING);
	CHECK(rdmaneg_rec_i64(&r, "b", &v) == RDMANEG_REC_RANGE);
	CHECK(rdmaneg_rec_hex(&r, "b", hex, sizeof(hex), &n) == RDMANEG_REC_RANGE);
	CHECK(rdmaneg_rec_str(&r, "b", buf, 3) == RDMANEG_REC_RANGE);
	/* malformed lines: each one refused, never half-read */
	CHECK(rdmaneg_rec_parse("", 0, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("tag a=1", 7, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG a", 5, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG =1", 6, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG a=%2", 8, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG a=%zz", 9, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG a=b c", 9, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG a=\"", 7, &r) == RDMANEG_REC_SYNTAX);
	CHECK(rdmaneg_rec_parse("TAG a=99999999999999999999", 26, &r) == RDMANEG_REC_OK &&
	      rdmaneg_rec_i64(&r, "a", &v) == RDMANEG_REC_RANGE);
	/* the writer's output reads back, whatever the text holds */
	f = open_memstream(&text, &len);
	rdmaneg_rec_begin(f, "T");
	rdmaneg_rec_strw(f, "s", "a b=c%\n\"");
	rdmaneg_rec_i64w(f, "n", -42);
	rdmaneg_rec_end(f);
	fclose(f);
	CHECK(rdmaneg_rec_parse(text, len, &r) == 0 &&
	      rdmaneg_rec_str(&r, "s", buf, sizeof(buf)) == 0 && strcmp(buf, "a b=c%\n\"") == 0 &&
	      rdmaneg_rec_i64(&r, "n", &v) == 0 && v == -42);
	free(text);
}

/* a written as a record and read back into b: the reader's status */
static int reread(const struct live_obs *a, struct live_obs *b)
{
	static struct rdmaneg_rec r;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc;

	if (!f)
		return -1;
	live_obs_write(f, a);
	fclose(f);
	rc = rdmaneg_rec_parse(text, len, &r) == 0 ? live_obs_read(&r, b) : -1;
	free(text);
	return rc;
}

/* A whole attempt written as a record reads back field for field. */
static void test_obs_roundtrip(void)
{
	static struct rdmaneg_rec r;
	static struct live_obs a, b;
	struct live_case c;
	struct live_expected e;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	good_obs(3, LIVE_SIW, &c, &e, &a);
	snprintf(a.client.err, sizeof(a.client.err), "got RDMA_CM_EVENT_REJECTED (status -104)");
	a.seq = 77;
	a.attempt = 2;
	a.seed = (uint64_t)INT64_MAX;
	a.us_total = 123456;
	a.server.ird_seen = 0;
	a.client.ord_seen = 255;
	a.client.us_met = 4242;
	a.server.us_freed = -1;
	a.client.remote_invalidation = true;
	CHECK(reread(&a, &b) == 0);
	/* every kind of field: bool, int, size_t, int64_t, uint64_t */
	CHECK(b.seed == a.seed && b.us_total == 123456 && b.server.ird_seen == 0 &&
	      b.client.ord_seen == 255 && b.client.us_met == 4242 && b.server.us_freed == -1 &&
	      b.client.remote_invalidation && !b.server.remote_invalidation &&
	      b.client.send_threshold == a.client.send_threshold &&
	      b.server.posted_recv == a.server.posted_recv &&
	      b.client.data_ok == a.client.data_ok &&
	      b.client.disconnected == a.client.disconnected && b.client.err_no == a.client.err_no);
	/* out of its bounds, a field is refused: attempt is 1 or 2, IRD -1..255 */
	a.attempt = 3;
	CHECK(reread(&a, &b) == RDMANEG_REC_RANGE);
	a.attempt = 2;
	a.server.ird_seen = 256;
	CHECK(reread(&a, &b) == RDMANEG_REC_RANGE);
	a.server.ird_seen = 0;
	f = open_memstream(&text, &len);
	live_obs_write(f, &a);
	fclose(f);
	CHECK(rdmaneg_rec_parse(text, len, &r) == 0 && live_obs_read(&r, &b) == 0);
	CHECK(b.seq == 77 && b.attempt == 2 && b.case_no == 3 && b.port == a.port &&
	      b.nframes == 2 && b.frame[1].len == a.frame[1].len &&
	      memcmp(b.frame[1].b, a.frame[1].b, a.frame[1].len) == 0);
	CHECK(strcmp(b.client.err, a.client.err) == 0 && b.client.nwc == 2 && b.server.nwc == 2 &&
	      b.client.send_status == 0 && b.server.recv_len == a.server.recv_len &&
	      b.client.nev == 1 && b.client.ev[0].event == LIVE_EV_ESTABLISHED &&
	      b.server.pd_seen_len == 8 && memcmp(b.server.pd_seen, a.server.pd_seen, 8) == 0);
	/* it judges as the original does: failed, for the error it carries */
	CHECK(!judged(&c, &e, &b) && judged(&c, &e, &a) == judged(&c, &e, &b));
	/* a damaged record is refused */
	text[len / 2] = '\x01';
	CHECK(rdmaneg_rec_parse(text, len, &r) != 0);
	free(text);
}

static void test_judge(void)
{
	static struct live_obs o, bad;
	struct live_case c;
	struct live_expected e;
	struct live_verdict v;

	for (int t = 0; t < 2; t++)
		for (int i = 0; i < LIVE_FIXED + 8; i++) {
			good_obs(i, (enum live_transport)t, &c, &e, &o);
			if (e.expect != EXPECT_EXCHANGE)
				continue;
			if (!judged(&c, &e, &o))
				printf("  case %d (%s) should pass\n", i, c.name);
			CHECK(judged(&c, &e, &o));
		}
	/* negative controls: one field off, and the judge must say so */
	good_obs(0, LIVE_SIW, &c, &e, &o);
	bad = o;
	bad.client.send_threshold += 1024;
	CHECK(!live_judge(&c, &e, &bad, &v) && strstr(v.verdict.detail, "thresholds"));
	bad = o;
	bad.server.recv_threshold = (size_t)1024 * 300;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.client.remote_invalidation = !bad.client.remote_invalidation;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.server.send_status = 2; /* IBV_WC_LOC_QP_OP_ERR: the old race */
	CHECK(!live_judge(&c, &e, &bad, &v) && strstr(v.verdict.detail, "Send failed"));
	bad = o;
	bad.client.recv_len--;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.server.data_ok = false;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.server.disconnected = false;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.server.pd_seen[0] ^= 1;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.server.pd_seen_len++;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.client.posted_recv += 1;
	CHECK(!judged(&c, &e, &bad));
	/* wire: a Request whose PD_Length disagrees with what was sent */
	bad = o;
	bad.frame[0].b[19] ^= 0x01;
	CHECK(!live_judge(&c, &e, &bad, &v) && strstr(v.verdict.detail, "wire"));
	bad = o;
	bad.frame[1].b[20 + 4] ^= 0xff; /* Reply ULP octets */
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.frame[0].b[20 + 1] ^= 0x01; /* Request IRD */
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.nframes = 1; /* no Reply captured */
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.frame[0].b[16] = 0x00; /* S cleared: not a v2 frame */
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.client.err[0] = 'x';
	CHECK(!judged(&c, &e, &bad));
}

/* rxe: the IB CM zero-pads, and that can complete a truncated message */
static void test_rxe(void)
{
	static struct live_obs o, bad;
	struct live_case c;
	struct live_expected siw, rxe;
	uint8_t out[LIVE_PD_MAX];
	const uint8_t sent[3] = { 1, 2, 3 };

	CHECK(live_pd_delivery(LIVE_SIW, true, sent, 3, out) == 3);
	CHECK(live_pd_delivery(LIVE_RXE, true, sent, 3, out) == LIVE_IB_REQ_PD && out[2] == 3 &&
	      out[3] == 0 && out[55] == 0);
	CHECK(live_pd_delivery(LIVE_RXE, false, sent, 3, out) == LIVE_IB_REP_PD);
	/* case 27 sends 7 octets of a message at offset 1: absent on siw,
	 * present (Receive code 0 from the padding) on rxe */
	live_case_make(LIVE_FIXED - 10, 1, &c);
	CHECK(strcmp(c.name, "adv-id-offset-1-truncated") == 0);
	live_expected_make(&c, LIVE_SIW, 16, &siw);
	live_expected_make(&c, LIVE_RXE, 16, &rxe);
	CHECK(!siw.server.peer.present && rxe.server.peer.present &&
	      rxe.server.peer.recv_size == 1024 && rxe.server.peer.send_size == 8192);
	good_obs(LIVE_FIXED - 10, LIVE_RXE, &c, &rxe, &o);
	CHECK(judged(&c, &rxe, &o));
	bad = o;
	bad.server.pd_seen_len = 8; /* unpadded on rxe: wrong */
	CHECK(!judged(&c, &rxe, &bad));
	bad = o;
	bad.server.pd_seen[40] = 1; /* padding that is not zero */
	CHECK(!judged(&c, &rxe, &bad));
	/* the 251-octet cases cannot be sent over the IB CM */
	live_case_make(LIVE_FIXED - 12, 1, &c);
	CHECK(live_case_expect(&c, LIVE_RXE) == EXPECT_EINVAL);
	CHECK(live_case_expect(&c, LIVE_SIW) == EXPECT_EXCHANGE);
}

static void test_expectations(void)
{
	static struct live_obs o;
	struct live_case c;
	struct live_expected e;
	struct live_verdict v;

	/* the siw PD_Length wrap: rejected, and a frame with PD_Length 0 */
	live_case_make(LIVE_FIXED - 1, 1, &c);
	live_expected_make(&c, LIVE_SIW, 16, &e);
	CHECK(e.expect == EXPECT_SIW_WRAP && e.cpd_len == 252);
	live_obs_init(&o);
	o.transport = LIVE_SIW;
	o.port = 20000;
	live_side_event(&o.client, 5, LIVE_EV_REJECTED, -104, "RDMA_CM_EVENT_REJECTED");
	o.frame[0].dport = 20000;
	memcpy(o.frame[0].b, "MPA ID Req Frame\x10\x02\x00\x00", 20);
	o.frame[0].len = 20 + 4 + 252;
	o.nframes = 1;
	CHECK(live_judge(&c, &e, &o, &v));
	o.frame[0].b[19] = 4; /* not the wrapped value */
	CHECK(!live_judge(&c, &e, &o, &v));
	o.frame[0].b[19] = 0;
	live_side_event(&o.server, 6, LIVE_EV_CONNECT_REQUEST, 0, "x"); /* the ULP saw it */
	CHECK(!live_judge(&c, &e, &o, &v));
	/* rxe refuses 251 octets locally */
	live_case_make(LIVE_FIXED - 12, 1, &c);
	live_expected_make(&c, LIVE_RXE, 16, &e);
	live_obs_init(&o);
	o.transport = LIVE_RXE;
	o.client.err_no = EINVAL;
	CHECK(live_judge(&c, &e, &o, &v));
	o.client.err_no = ENOMEM;
	CHECK(!live_judge(&c, &e, &o, &v));
	/* the negative control must see its oversize Send fail */
	for (int i = 0; i < LIVE_FIXED; i++) {
		live_case_make(i, 1, &c);
		if (c.negative)
			break;
	}
	CHECK(c.negative);
	good_obs((int)(strstr(c.name, "negative") ? 23 : 0), LIVE_SIW, &c, &e, &o);
	CHECK(e.expect == EXPECT_NEGATIVE);
	CHECK(!live_judge(&c, &e, &o, &v) && strstr(v.verdict.detail, "harness broken"));
	o.server.recv_status = 1; /* local length error */
	CHECK(live_judge(&c, &e, &o, &v));
}

static void test_resources(void)
{
	struct live_res r;
	struct live_res_snap s[4];
	char why[256];

	CHECK(live_res_parse("0: siw0: pd 1 cq 2 qp 3 cm_id 4 mr 5 ctx 6 srq 0\n", &r) == 0);
	CHECK(strcmp(r.dev, "siw0") == 0 && r.n[LIVE_RES_PD] == 1 && r.n[LIVE_RES_CQ] == 2 &&
	      r.n[LIVE_RES_QP] == 3 && r.n[LIVE_RES_CM_ID] == 4 && r.n[LIVE_RES_MR] == 5 &&
	      r.n[LIVE_RES_CTX] == 6);
	CHECK(live_res_parse("link siw0/1 state ACTIVE", &r) != 0);
	CHECK(live_res_parse("0: siw0: pd x", &r) != 0);
	memset(s, 0, sizeof(s));
	snprintf(s[0].phase, sizeof(s[0].phase), "start");
	snprintf(s[0].r.dev, sizeof(s[0].r.dev), "siw0");
	s[1] = s[0];
	snprintf(s[1].phase, sizeof(s[1].phase), "end");
	CHECK(live_res_leaks(s, 2, why, sizeof(why)) == 0);
	s[1].r.n[LIVE_RES_QP] = 1; /* a QP left behind */
	CHECK(live_res_leaks(s, 2, why, sizeof(why)) == 1 &&
	      strcmp(why, "siw0: start pd 0 cq 0 qp 0 cm_id 0 mr 0 ctx 0, "
			  "end pd 0 cq 0 qp 1 cm_id 0 mr 0 ctx 0") == 0);
	CHECK(live_res_leaks(s, 1, why, sizeof(why)) == 1); /* no end at all */
	s[1] = s[0];
	snprintf(s[1].phase, sizeof(s[1].phase), "end");
	s[0].r.n[LIVE_RES_QP] = s[1].r.n[LIVE_RES_QP] = 1; /* rxe's QP1: same before and after */
	CHECK(live_res_leaks(s, 2, why, sizeof(why)) == 0);
}

/* The report over a records file: a case that fails once and passes its
 * replay is flaky, and the run fails. */
/* nftw's callback: removes one entry of a scratch directory, deepest first */
static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void test_report_flaky(void)
{
	static struct live_obs o;
	struct live_case c;
	struct live_expected e;
	char dir[] = "/tmp/live-unit-XXXXXX", path[256], *argv[8];
	FILE *f, *devnull;
	int rc, saved;
	struct live_res r;

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(path, sizeof(path), "%s/records.txt", dir);
	f = fopen(path, "w");
	rdmaneg_rec_begin(f, "LIVE_DEVICE");
	rdmaneg_rec_strw(f, "name", "siw0");
	rdmaneg_rec_strw(f, "transport", "siw");
	rdmaneg_rec_i64w(f, "max_qp_rd_atom", 16);
	rdmaneg_rec_end(f);
	memset(&r, 0, sizeof(r));
	snprintf(r.dev, sizeof(r.dev), "siw0");
	live_res_write(f, "start", &r);
	good_obs(0, LIVE_SIW, &c, &e, &o);
	live_obs_write(f, &o); /* seq 0: passes */
	good_obs(1, LIVE_SIW, &c, &e, &o);
	o.seq = 1;
	o.server.send_status = 2; /* seq 1: fails ... */
	live_obs_write(f, &o);
	good_obs(1, LIVE_SIW, &c, &e, &o);
	o.seq = 1;
	o.attempt = 2; /* ... and passes its replay */
	live_obs_write(f, &o);
	live_res_write(f, "end", &r);
	rdmaneg_rec_begin(f, "LIVE_DONE");
	rdmaneg_rec_strw(f, "transport", "siw");
	rdmaneg_rec_i64w(f, "cases", 2);
	rdmaneg_rec_i64w(f, "connections", 3);
	rdmaneg_rec_i64w(f, "us", 1000000);
	rdmaneg_rec_end(f);
	fclose(f);
	argv[0] = (char *)"report";
	argv[1] = (char *)"--records";
	argv[2] = path;
	argv[3] = (char *)"--out";
	argv[4] = dir;
	argv[5] = NULL;
	fflush(stdout);
	saved = dup(1);
	devnull = fopen("/dev/null", "w");
	dup2(fileno(devnull), 1);
	rc = live_report_main(5, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	fclose(devnull);
	CHECK(rc == 1);
	snprintf(path, sizeof(path), "%s/report.json", dir);
	{
		size_t n;
		char *json = rdmaneg_read_file(path, 1 << 20, &n, NULL);

		CHECK(json && strstr(json, "\"passed\":1,\"flaky\":1,\"failed\":0"));
		CHECK(json && strstr(json, "\"leaked\":false"));
		free(json);
	}
	CHECK(nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS) == 0);
}

/* LIVE_PEER: the core the peer was built on, "unplanted" when unnamed */
static void test_peer_core(void)
{
	static struct live_report rp;
	char dir[] = "/tmp/live-unit-XXXXXX", path[256];
	FILE *f;

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	snprintf(path, sizeof(path), "%s/records.txt", dir);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs("LIVE_PEER role=request rc=0 cases=13\n"
	      "LIVE_PEER role=reply rc=1 cases=9 core=planted-enh_ord_mask\n"
	      "LIVE_PEER role=reply cases=9\n",
	      f);
	fclose(f);
	memset(&rp, 0, sizeof(rp));
	CHECK(live_report_read(&rp, path) == 0);
	CHECK(rp.npeer == 2 && strcmp(rp.peer[0].core, "unplanted") == 0 &&
	      strcmp(rp.peer[1].core, "planted-enh_ord_mask") == 0 && rp.peer[1].rc == 1);
	CHECK(unlink(path) == 0 && rmdir(dir) == 0);
}

static void test_small(void)
{
	int64_t v[7] = { 7, 1, 5, 3, 2, 6, 4 };
	struct live_frame fr;
	char csv[2048];
	const char *core[1];
	size_t tl;
	const uint8_t msg[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0, 3, 7 };

	CHECK(live_percentile(v, 7, 50) == 4 && live_percentile(v, 7, 99) == 7 &&
	      live_percentile(v, 7, 0) == 1 && live_percentile(v, 0, 50) == -1);
	memset(&fr, 0, sizeof(fr));
	mk_frame(&fr, true, msg, 8, 5, 4, 40000, 18515);
	CHECK(live_frame_csv(&fr, csv, sizeof(csv)));
	CHECK(strcmp(csv, "40000,18515,2,12,0,0,0,00050004f6ab0e1801000307") == 0);
	/* a line that does not fit is refused, not cut short */
	{
		char small[30];

		CHECK(!live_frame_csv(&fr, small, sizeof(small)) &&
		      !live_frame_csv(&fr, small, 10));
	}
	core[0] = csv;
	CHECK(live_tshark_differ(core, 1,
				 "40000,18515,2,12,False,False,False,00050004f6ab0e1801000307\n",
				 &tl) == 0 &&
	      tl == 1);
	CHECK(live_tshark_differ(core, 1,
				 "40000,18515,2,13,False,False,False,00050004f6ab0e1801000307\n",
				 &tl) == 1);
	CHECK(live_tshark_differ(core, 1, "", &tl) == 1 && tl == 0);
}

/* the negative controls' one list: names unique and found, the guest's
 * own (kasan) not the harness's */
static void test_plants(void)
{
	size_t n = 0;

	for (const struct live_plant *p = live_plants; p->name; p++, n++) {
		CHECK(live_plant_find(p->name) == p && p->what && *p->what);
		for (const struct live_plant *q = live_plants; q < p; q++)
			CHECK(strcmp(q->name, p->name) != 0);
	}
	CHECK(n > 0 && live_plant_find("stall") && live_plant_find("stall")->harness);
	CHECK(live_plant_find("kasan") && !live_plant_find("kasan")->harness);
	CHECK(!live_plant_find("nosuch") && !live_plant_find(""));
}

/* the pcap's order: each Request ahead of the Replies just before it */
static void test_request_first(void)
{
	static struct live_frame req, rep, rep2;
	const struct live_frame *fr[3];
	struct rdmaneg_mpa_frame m;

	memset(&m, 0, sizeof(m));
	m.rev = 1;
	m.type = RDMANEG_MPA_REQUEST;
	CHECK(rdmaneg_mpa_build(&m, req.b, sizeof(req.b), &req.len) == RDMANEG_OK);
	m.type = RDMANEG_MPA_REPLY;
	CHECK(rdmaneg_mpa_build(&m, rep.b, sizeof(rep.b), &rep.len) == RDMANEG_OK);
	rep2 = rep;
	fr[0] = &rep;
	fr[1] = &req;
	live_frames_request_first(fr, 2);
	CHECK(fr[0] == &req && fr[1] == &rep);
	live_frames_request_first(fr, 2);
	CHECK(fr[0] == &req && fr[1] == &rep);
	fr[0] = &rep;
	fr[1] = &rep2;
	fr[2] = &req;
	live_frames_request_first(fr, 3);
	CHECK(fr[0] == &req && fr[1] == &rep && fr[2] == &rep2);
	live_frames_request_first(fr, 0);
}

/* the debug kernel's coverage: an lcov tracefile summed per file, with
 * the ways one can be torn or name another file */
static void test_gcov(void)
{
	struct live_gcov_file f[LIVE_GCOV_FILES];
	size_t n = live_gcov_report_files(f, LIVE_GCOV_FILES);
	const char *info =
		"TN:\nSF:/k/drivers/infiniband/sw/siw/siw_cm.c\nFN:10,siw_cm_work\n"
		"DA:11,3\nLF:1200\nLH:300\nBRF:800\nBRH:100\nend_of_record\n"
		"SF:/k/drivers/infiniband/sw/siw/siw_verbs.c\nLF:9\nLH:9\nend_of_record\n"
		"SF:/k/drivers/infiniband/core/verbs.c\nLF:50\nLH:5\nBRF:0\nBRH:0\n"
		"end_of_record\nSF:/k/include/linux/list.h\nLF:4\nLH:4\nend_of_record\n";
	FILE *null = fopen("/dev/null", "w");

	CHECK(n >= 6 && strcmp(f[0].suffix, "sw/siw/siw_cm.c") == 0);
	CHECK(live_gcov_info(info, strlen(info), f, n) == 0);
	CHECK(f[0].seen && f[0].lines == 1200 && f[0].lines_hit == 300 && f[0].branches == 800 &&
	      f[0].branches_hit == 100);
	/* core/verbs.c, not siw_verbs.c nor xprtrdma/verbs.c */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(f[i].suffix, "core/verbs.c") == 0)
			CHECK(f[i].seen && f[i].lines == 50 && f[i].lines_hit == 5);
		if (strcmp(f[i].suffix, "xprtrdma/verbs.c") == 0 ||
		    strcmp(f[i].suffix, "core/cma.c") == 0)
			CHECK(!f[i].seen && f[i].lines == 0);
	}
	CHECK(null && live_gcov_print(null, "live", f, n) == 2);
	/* torn: a total without a number, a record never ended, a total
	 * outside any record */
	live_gcov_report_files(f, LIVE_GCOV_FILES);
	CHECK(live_gcov_info("SF:/a/core/cma.c\nLF:x\nend_of_record\n",
			     strlen("SF:/a/core/cma.c\nLF:x\nend_of_record\n"), f, n) == 1);
	live_gcov_report_files(f, LIVE_GCOV_FILES);
	CHECK(live_gcov_info("SF:/a/core/cma.c\nLF:3\n", strlen("SF:/a/core/cma.c\nLF:3\n"), f,
			     n) == 1);
	/* the IB CM's cm.c and rdma_cm's cma.c apart; rxe's receive path */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(f[i].suffix, "core/cma.c") == 0)
			CHECK(f[i].seen && f[i].lines == 3);
		if (strcmp(f[i].suffix, "core/cm.c") == 0 ||
		    strcmp(f[i].suffix, "sw/rxe/rxe_recv.c") == 0)
			CHECK(!f[i].seen && f[i].lines == 0);
	}
	live_gcov_report_files(f, LIVE_GCOV_FILES);
	{
		const char *cm = "SF:/k/drivers/infiniband/core/cm.c\nLF:7\nLH:2\nend_of_record\n"
				 "SF:/k/drivers/infiniband/sw/rxe/rxe_recv.c\nLF:5\nLH:5\n"
				 "end_of_record\n";
		size_t hits = 0;

		CHECK(live_gcov_info(cm, strlen(cm), f, n) == 0);
		for (size_t i = 0; i < n; i++) {
			if (strcmp(f[i].suffix, "core/cm.c") == 0)
				hits += f[i].seen && f[i].lines == 7 && f[i].lines_hit == 2;
			if (strcmp(f[i].suffix, "sw/rxe/rxe_recv.c") == 0)
				hits += f[i].seen && f[i].lines == 5;
			if (strcmp(f[i].suffix, "core/cma.c") == 0)
				hits += !f[i].seen;
		}
		CHECK(hits == 3);
	}
	live_gcov_report_files(f, LIVE_GCOV_FILES);
	CHECK(live_gcov_info("LH:3\n", strlen("LH:3\n"), f, n) == 1);
	live_gcov_report_files(f, LIVE_GCOV_FILES);
	CHECK(null && live_gcov_info("", 0, f, n) == 0 && live_gcov_print(null, "x", f, n) == 0);
	if (null)
		fclose(null);
}

/* the guided comparison: PEER_ARCS lines of two boots, side by side */
static void test_arcs(void)
{
	static struct live_arcs u, g;
	static char out[4096];
	const char *tu = "PEER_ARCS request start 0 100 0 (3 files, 900 arcs)\n"
			 "PEER_ARCS request 0 500 110 10\nnoise\n"
			 "PEER_ARCS request 1 1500 115 5\nPEER_ARCS request x\n";
	const char *tg = "PEER_ARCS request start 0 100 0 (3 files, 900 arcs)\n"
			 "PEER_ARCS request 0 400 120 20\nPEER_ARCS request 1 2500 140 20\n";
	FILE *f = fmemopen(out, sizeof(out), "w");

	CHECK(live_arcs_read(tu, strlen(tu), &u) == 2 && u.bad == 1 && u.start == 100 &&
	      u.total == 900 && u.files == 3);
	CHECK(live_arcs_read(tg, strlen(tg), &g) == 2 && g.bad == 0);
	CHECK(live_arcs_at(&u, 0) == 100 && live_arcs_at(&u, 500) == 110 &&
	      live_arcs_at(&u, 1499) == 110 && live_arcs_at(&u, 9999) == 115);
	CHECK(f != NULL);
	if (!f)
		return;
	live_arcs_print(f, &u, &g, 1000);
	fclose(f);
	/* at the shorter run's end (1.5 s): 115 against 120 */
	CHECK(strstr(out, "unguided 115 arcs, guided 120 arcs (+5)") != NULL);
	CHECK(strstr(out, "         3          115          140") != NULL);
}

/* live/core/frames.c: the capture line every suite's console carries, and
 * the connection table, each rule with a line one step outside it */
static void test_frames(void)
{
	static struct live_seg f;
	struct conn {
		int before;
		unsigned port;
		int after;
	} conns[2];
	size_t n = 0;
	struct conn *a, *b;

#define FRAME(s, server) live_seg_read((s), sizeof(s) - 1, (server), &f)
	CHECK(FRAME("40000 4420 0102ff", 4420) && f.to_server && f.client_port == 40000 &&
	      f.len == 3 && f.b[2] == 0xff);
	CHECK(FRAME("4420 40000 01", 4420) && !f.to_server && f.client_port == 40000);
	CHECK(!FRAME("40000 4421 01", 4420)); /* neither port the server's */
	CHECK(!FRAME("0 4420 01", 4420));     /* port 0 */
	CHECK(!FRAME("65536 4420 01", 4420)); /* past 65535 */
	CHECK(!FRAME("-1 4420 01", 4420) && !FRAME(" 1 4420 01", 4420));
	CHECK(!FRAME("1 4420 0", 4420));     /* half an octet */
	CHECK(!FRAME("1 4420 ", 4420));	     /* no octet */
	CHECK(!FRAME("1 4420 01 02", 4420)); /* a space in the hex */
	CHECK(!FRAME("1  4420 01", 4420) && !FRAME("1 4420", 4420));
	CHECK(!FRAME("1 4420 zz", 4420));
	/* the longest segment, and one octet more */
	{
		static char line[16 + 2 * (LIVE_SEG_MAX + 1)];
		size_t at = (size_t)snprintf(line, sizeof(line), "1 4420 ");

		memset(line + at, 'a', 2 * LIVE_SEG_MAX);
		CHECK(live_seg_read(line, at + 2 * LIVE_SEG_MAX, 4420, &f) &&
		      f.len == LIVE_SEG_MAX);
		memset(line + at, 'a', 2 * LIVE_SEG_MAX + 2);
		CHECK(!live_seg_read(line, at + 2 * LIVE_SEG_MAX + 2, 4420, &f));
	}
#undef FRAME
	/* the table: a port's element, found again; a new one zeroed; full */
	memset(conns, 0x5a, sizeof(conns));
	a = live_seg_conn(conns, sizeof(conns[0]), offsetof(struct conn, port), &n, 2, 7);
	CHECK(a == &conns[0] && n == 1 && a->port == 7 && a->before == 0 && a->after == 0);
	a->after = 3;
	b = live_seg_conn(conns, sizeof(conns[0]), offsetof(struct conn, port), &n, 2, 9);
	CHECK(b == &conns[1] && n == 2 && b->port == 9);
	CHECK(live_seg_conn(conns, sizeof(conns[0]), offsetof(struct conn, port), &n, 2, 7) == a &&
	      a->after == 3 && n == 2);
	CHECK(live_seg_conn(conns, sizeof(conns[0]), offsetof(struct conn, port), &n, 2, 8) ==
		      NULL &&
	      n == 2);
}

int main(void)
{
	test_frames();
	test_records();
	test_obs_roundtrip();
	test_judge();
	test_rxe();
	test_expectations();
	test_resources();
	test_report_flaky();
	test_peer_core();
	test_small();
	test_request_first();
	test_plants();
	test_gcov();
	test_arcs();
	live_unit_roce(&passed, &failed);
	printf("live-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
