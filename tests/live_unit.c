/*
 * Host tests of the live harness's pure half: records, the judge and its
 * wire check, resource accounting, the report's flaky accounting, the
 * tshark comparison and kernel-log scanning. No qemu. Every check that
 * says "pass" has a twin that must say "fail". Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "arcs.h"
#include "cases.h"
#include "file.h"
#include "gcda.h"
#include "gcov.h"
#include "hex.h"
#include "judge.h"
#include "klog.h"
#include "nfs.h"
#include "obs.h"
#include "record.h"
#include "report.h"

#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

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
	CHECK(!live_judge(&c, &e, &bad, &v) && strstr(v.why, "thresholds"));
	bad = o;
	bad.server.recv_threshold = (size_t)1024 * 300;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.client.remote_invalidation = !bad.client.remote_invalidation;
	CHECK(!judged(&c, &e, &bad));
	bad = o;
	bad.server.send_status = 2; /* IBV_WC_LOC_QP_OP_ERR: the old race */
	CHECK(!live_judge(&c, &e, &bad, &v) && strstr(v.why, "Send failed"));
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
	CHECK(!live_judge(&c, &e, &bad, &v) && strstr(v.why, "wire"));
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
	CHECK(!live_judge(&c, &e, &o, &v) && strstr(v.why, "harness broken"));
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

/* make live-nfs's judge on lines taken from a real run (Debian 6.1.192-2),
 * then each way the run can be wrong or diverge */
#define NFS_REQ "4d504120494420526571204672616d651002000c00800000f6ab0e1801010303"
#define NFS_REP "4d504120494420526570204672616d651002000c00000080f6ab0e1801000303"
#define NFS_TRACE \
	"LIVE_NFS_TRACE xprtrdma_inline_thresh: 192.0.2.1:52420 -> 192.0.2.1:20049 neg " \
	"send/recv=%s, calc send/recv=3948/3996\n"

/* The divergences of table t (of every table: LIVE_NFS_T_COUNT) after
 * judging r; the tables are printed too, to /dev/null. The core must
 * agree with the RFC column. */
static size_t nfs_divs(const struct live_nfs *r, enum live_nfs_table t)
{
	static struct live_nfs_verdict v;
	FILE *null = fopen("/dev/null", "w");
	size_t n = 0;

	live_nfs_judge(r, &v);
	live_nfs_print(null ? null : stdout, r, &v);
	if (null)
		fclose(null);
	CHECK(v.ncore == 0);
	for (int k = 0; k < LIVE_NFS_T_COUNT; k++)
		if (t == LIVE_NFS_T_COUNT || (int)t == k)
			n += live_nfs_count(&v, (enum live_nfs_table)k, false);
	return n;
}

static size_t nfs_judge(const char *text, struct live_nfs *r, bool *broken)
{
	char why[256];

	live_nfs_read(text, strlen(text), r);
	*broken = live_nfs_broken(r, why, sizeof(why));
	return nfs_divs(r, LIVE_NFS_T_CONN);
}

/* The hostile server's lines for every case: the kernel client (its own
 * message 4096/4096, R) answering each case as RFC 8797 says, computed
 * here with the core; case odd gets the thresholds in odd instead. */
static size_t nfs_served_lines(char *out, size_t cap, size_t odd, const char *odd_thresh)
{
	struct rdmaneg_rpcrdma_settings own = { 4096, 4096, true };
	struct live_nfs_case c;
	size_t n = 0;

	for (size_t k = 0; live_nfs_case(k, &c); k++) {
		struct rdmaneg_conn conn;
		char th[32];

		rdmaneg_conn_init(&conn, RDMANEG_ROLE_CLIENT, &own);
		rdmaneg_conn_negotiate(&conn, c.pd, c.pd_len, RDMANEG_DECODE_SEARCH);
		snprintf(th, sizeof(th), "%zu/%zu", conn.send_threshold, conn.recv_threshold);
		n += (size_t)snprintf(
			out + n, cap - n,
			"LIVE_NFSS %s %zu RDMA_CM_EVENT_ESTABLISHED f6ab0e1801010303 0:68\n"
			"LIVE_NFS_TRACE xprtrdma_inline_thresh: 192.0.2.1:40000 -> "
			"192.0.2.1:%zu neg send/recv=%s, calc send/recv=1/1\n",
			c.name, LIVE_NFS_SERVER_PORT + k, LIVE_NFS_SERVER_PORT + k,
			k == odd ? odd_thresh : th);
	}
	return n;
}

/* the hostile server's verdicts: as the RFC says, a client that does not
 * search (the 4096 message at offset 1 read as absent), a missing trace */
static void test_nfs_served(void)
{
	static struct live_nfs r;
	static char text[8192];
	struct live_nfs_case c;
	size_t k, n;
	FILE *null = fopen("/dev/null", "w");

	n = nfs_served_lines(text, sizeof(text), SIZE_MAX, NULL);
	live_nfs_read(text, n, &r);
	CHECK(null && r.nserved == live_nfs_case_count() && r.bad_lines == 0 &&
	      nfs_divs(&r, LIVE_NFS_T_SERVER) == 0);
	for (k = 0; live_nfs_case(k, &c) && strcmp(c.name, "offset-1-4k") != 0; k++)
		;
	CHECK(k < live_nfs_case_count() && r.served[k].rfc.send == 4096 &&
	      r.served[k].core.send == 4096 && r.served[k].msg.offset == 1);
	n = nfs_served_lines(text, sizeof(text), k, "1024/1024");
	live_nfs_read(text, n, &r);
	CHECK(null && r.served[k].linux_send == 1024 && nfs_divs(&r, LIVE_NFS_T_SERVER) == 1);
	/* the RFC column, by hand (sec. 4.2): the client's 4096/4096 against
	 * a server's 1024/1024 message at offset 3, and the 5.1 defaults */
	k = (size_t)live_nfs_case_find("offset-3-1k");
	CHECK(r.served[k].rfc.send == 1024 && r.served[k].rfc.recv == 1024);
	k = (size_t)live_nfs_case_find("version-2");
	CHECK(r.served[k].rfc.send == 1024 && r.served[k].rfc.recv == 1024 &&
	      !r.served[k].msg.present);
	k = (size_t)live_nfs_case_find("v1-256k");
	CHECK(r.served[k].rfc.send == 4096 && r.served[k].rfc.recv == 4096);
	/* two cases breaking one clause with different outcomes: one line
	 * naming both (as finding 5's short-5 4096/4096 and short-7 4096/1024) */
	{
		static struct live_nfs_verdict v;

		n = nfs_served_lines(text, sizeof(text), SIZE_MAX, NULL);
		live_nfs_read(text, n, &r);
		r.served[live_nfs_case_find("short-5")].linux_send = 4096;
		r.served[live_nfs_case_find("short-5")].linux_recv = 4096;
		r.served[live_nfs_case_find("short-7")].linux_send = 4096;
		live_nfs_judge(&r, &v);
		CHECK(v.ndiv == 1 && v.div[0].ncases == 2 &&
		      strcmp(v.div[0].where, "short-5, short-7") == 0 &&
		      strstr(v.div[0].text, "(first: Linux 4096/4096, RFC 1024/1024)"));
	}
	/* no trace for one case: not a measurement */
	n = nfs_served_lines(text, sizeof(text), SIZE_MAX, NULL);
	*strstr(text, "-> 192.0.2.1:20100") = 'X';
	live_nfs_read(text, n, &r);
	CHECK(r.bad_lines == 1 && !r.served[0].traced);
	if (null)
		fclose(null);
}

static void test_nfs(void)
{
	static struct live_nfs r;
	static char text[16384], steps[8192];
	struct live_nfs_case c;
	bool broken;
	/* the steps, and every hostile case answered within its Receive */
	size_t sn = (size_t)snprintf(steps, sizeof(steps),
				     "LIVE_NFS_STEP modules ok\nLIVE_NFS_STEP io ok\n");

	for (size_t k = 0; live_nfs_case(k, &c); k++)
		sn += (size_t)snprintf(steps + sn, sizeof(steps) - sn,
				       "LIVE_NFSC %s RDMA_CM_EVENT_ESTABLISHED 0 f6ab0e1801000303 "
				       "0:52:0:0:-1 0:1000:0:0:0\n",
				       c.name);
	sn += nfs_served_lines(steps + sn, sizeof(steps) - sn, SIZE_MAX, NULL);
	CHECK(sn < sizeof(steps)); /* every line fitted */
	const char *inv = "LIVE_NFS_TRACE svcrdma_post_send: cq_id=2 cid=72 num_sge=1 "
			  "inv_rkey=0x96a7aa01\n";
	const char *plain = "LIVE_NFS_TRACE svcrdma_post_send: cq_id=2 cid=72 num_sge=1 "
			    "inv_rkey=0x00000000\n";

	/* the run as it was: thresholds agree, Sends With Invalidate diverge */
	snprintf(text, sizeof(text),
		 "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP
		 "\n" NFS_TRACE "%s%s",
		 steps, "4096/4096", plain, inv);
	CHECK(nfs_judge(text, &r, &broken) == 1 && !broken && r.nconn == 1);
	CHECK(r.conn[0].client.msg.present && r.conn[0].client.msg.remote_invalidation &&
	      !r.conn[0].server.msg.remote_invalidation && r.conn[0].client.enh.ird == 128 &&
	      r.conn[0].server.enh.ord == 128);
	CHECK(r.conn[0].rfc_client.send == 4096 && r.conn[0].linux_send == 4096 &&
	      !r.conn[0].rfc_server.ri && r.server_sends == 2 && r.server_sends_inv == 1);
	CHECK(r.conn[0].core_client.send == 4096 && r.conn[0].core_server.send == 4096 &&
	      !r.conn[0].core_server.ri && r.conn[0].client.ref.present &&
	      r.conn[0].client.ref.remote_invalidation);
	/* only plain Sends: no divergence */
	snprintf(text, sizeof(text),
		 "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP
		 "\n" NFS_TRACE "%s",
		 steps, "4096/4096", plain);
	CHECK(nfs_judge(text, &r, &broken) == 0 && !broken);
	/* a client sending past the server's Receive size diverges (4.2) */
	snprintf(text, sizeof(text),
		 "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP
		 "\n" NFS_TRACE,
		 steps, "8192/4096");
	CHECK(nfs_judge(text, &r, &broken) == 1 && !broken && r.conn[0].linux_send == 8192);
	/* a server that set R too (flags octet 01): invalidation allowed */
	snprintf(text, sizeof(text),
		 "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ
		 "\nLIVE_NFS_FRAME 20049 52420 %.58s01%s\n" NFS_TRACE "%s",
		 steps, NFS_REP, &NFS_REP[60], "4096/4096", inv);
	CHECK(nfs_judge(text, &r, &broken) == 0 && !broken && r.conn[0].rfc_server.ri);
	/* no Reply captured, no trace line, a failed step, a torn line, nothing */
	snprintf(text, sizeof(text), "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ "\n" NFS_TRACE, steps,
		 "4096/4096");
	nfs_judge(text, &r, &broken);
	CHECK(broken);
	snprintf(text, sizeof(text),
		 "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP
		 "\n",
		 steps);
	nfs_judge(text, &r, &broken);
	CHECK(broken);
	nfs_judge("LIVE_NFS_STEP io failed: mount.nfs4: Connection refused\n", &r, &broken);
	CHECK(broken && r.nstep == 1 && !r.step[0].ok);
	snprintf(text, sizeof(text),
		 "%sLIVE_NFS_FRAME 52420 20049 " NFS_REQ "\nLIVE_NFS_FRAME 20049 52420 4d5[ 12.3] "
		 "siw\n" NFS_TRACE,
		 steps, "4096/4096");
	nfs_judge(text, &r, &broken);
	CHECK(broken && r.bad_lines == 1);
	nfs_judge("", &r, &broken);
	CHECK(broken);
	/* a smoke run (LIVE_NFS_SMOKE=1): the mount's connection without the
	 * hostile peers is whole; without the marker it is not; a smoke run
	 * that still ran a hostile case is wrong */
#define NFS_MOUNT_ONLY \
	"LIVE_NFS_STEP modules ok\nLIVE_NFS_STEP io ok\nLIVE_NFS_FRAME 52420 20049 " NFS_REQ \
	"\nLIVE_NFS_FRAME 20049 52420 " NFS_REP "\n" NFS_TRACE
	snprintf(text, sizeof(text), "LIVE_NFS_SMOKE\n" NFS_MOUNT_ONLY, "4096/4096");
	CHECK(nfs_judge(text, &r, &broken) == 0 && !broken && r.smoke && r.nconn == 1);
	snprintf(text, sizeof(text), NFS_MOUNT_ONLY, "4096/4096");
	nfs_judge(text, &r, &broken);
	CHECK(broken && !r.smoke);
	snprintf(text, sizeof(text), "LIVE_NFS_SMOKE\n" NFS_MOUNT_ONLY "%s", "4096/4096", steps);
	nfs_judge(text, &r, &broken);
	CHECK(broken && r.smoke && r.nhostile > 0);
}

/* the hostile NFS client: its cases, its RPCs, and the verdict on lines
 * of a real run, with each way a line can conform or diverge */
static void test_nfs_hostile(void)
{
	static struct live_nfs r;
	static char text[4096];
	struct live_nfs_case c;
	struct rdmaneg_rpcrdma_result m;
	struct live_nfs_reply rp;
	uint8_t b[1024];
	size_t n, all = 0;
	bool broken;

	for (size_t k = 0; live_nfs_case(k, &c); k++) {
		rdmaneg_rpcrdma_decode(c.pd, c.pd_len, RDMANEG_DECODE_SEARCH, &m);
		CHECK(m.present == c.present &&
		      c.recv == (m.present ? m.recv_size : RDMANEG_INLINE_MIN));
		if (strcmp(c.name, "full-196-1k") == 0)
			CHECK(c.pd_len == 196 && m.present && m.offset == 188 && c.recv == 1024);
		if (strcmp(c.name, "offset-3-1k") == 0)
			CHECK(m.present && m.offset == 3);
		if (strcmp(c.name, "short-7") == 0 || strcmp(c.name, "version-2") == 0)
			CHECK(!m.present && c.pd_len > 0);
		if (strcmp(c.name, "no-pd") == 0)
			CHECK(c.pd_len == 0 && !c.present);
		all++;
	}
	CHECK(all == live_nfs_case_count() && !live_nfs_case(all, &c));

	/* RFC 8166 4 header, RPC call (RFC 5531 9): NULL is 68 octets */
	n = live_nfs_rpc_null(0x11223344, b, sizeof(b));
	CHECK(n == 68 && b[0] == 0x11 && b[7] == 1 && b[11] == 8 && b[15] == 0 && b[28] == 0x11 &&
	      b[39] == 2 && b[41] == 1 && b[42] == 0x86 && b[43] == 0xa3 && b[47] == 4 &&
	      b[51] == 0);
	CHECK(live_nfs_rpc_null(1, b, 67) == 0);
	n = live_nfs_rpc_compound(2, 3, b, sizeof(b));
	CHECK(n == 52 + 36 + 8 + 12 + 4 * 4 && b[51] == 1 && b[55] == 1 && b[n - 1] == 10 &&
	      b[n - 13] == 24 && b[n - 17] == 4);
	CHECK(live_nfs_rpc_compound(2, 3, b, n - 1) == 0);
	/* a reply: RDMA_MSG, accepted, verifier of 0, success, NFS4ERR_RESOURCE */
	memset(b, 0, 64);
	b[35] = 1;
	b[55] = 0x1a; /* 10018 = 0x2722 */
	b[54] = 0x27;
	b[55] = 0x22;
	live_nfs_reply_parse(b, 56, &rp);
	CHECK(rp.proc == 0 && rp.accept == 0 && rp.nfs_status == 10018);
	live_nfs_reply_parse(b, 52, &rp);
	CHECK(rp.proc == 0 && rp.accept == 0 && rp.nfs_status == -1);
	b[15] = 4; /* RDMA_ERROR */
	live_nfs_reply_parse(b, 56, &rp);
	CHECK(rp.proc == 4 && rp.accept == -1);
	live_nfs_reply_parse(b, 10, &rp);
	CHECK(rp.proc == -1);

	/* every case, as the run saw them: 1024-octet Receives overflowed */
	n = 0;
	for (size_t k = 0; live_nfs_case(k, &c); k++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "LIVE_NFSC %s RDMA_CM_EVENT_ESTABLISHED 0 f6ab0e1801000303 "
				      "0:52:0:0:-1 %s\n",
				      c.name, c.recv > 1024 ? "0:1040:0:0:10018" : "1:0:-1:-1:-1");
	live_nfs_read(text, n, &r);
	CHECK(r.nhostile == live_nfs_case_count() && r.bad_lines == 0);
	{
		FILE *null = fopen("/dev/null", "w");

		CHECK(null && nfs_divs(&r, LIVE_NFS_T_CLIENT) == 2);
		if (null)
			fclose(null);
	}
	/* a server that kept to 1024: no divergence */
	n = 0;
	for (size_t k = 0; live_nfs_case(k, &c); k++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "LIVE_NFSC %s RDMA_CM_EVENT_ESTABLISHED 0 f6ab0e1801000303 "
				      "0:52:0:0:-1 0:%s:0:0:0\n",
				      c.name, c.recv > 1024 ? "1040" : "1000");
	live_nfs_read(text, n, &r);
	{
		FILE *null = fopen("/dev/null", "w");

		CHECK(null && nfs_divs(&r, LIVE_NFS_T_CLIENT) == 0);
		/* one refusal of a client without a message: 5.1 */
		n = 0;
		for (size_t k = 0; live_nfs_case(k, &c); k++)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "LIVE_NFSC %s RDMA_CM_EVENT_%s -111 - - -\n", c.name,
					      k == 0 ? "REJECTED" : "ESTABLISHED");
		live_nfs_read(text, n, &r);
		CHECK(r.bad_lines == 0 && r.hostile[0].event_status == -111 && null &&
		      nfs_divs(&r, LIVE_NFS_T_CLIENT) == 1);
		if (null)
			fclose(null);
	}
	/* a case missing, an unknown case, a torn line: not a measurement */
	nfs_judge("LIVE_NFS_STEP io ok\nLIVE_NFSC v1-1k RDMA_CM_EVENT_ESTABLISHED 0 - - -\n", &r,
		  &broken);
	CHECK(broken && r.nhostile == 1 && !r.hostile[0].null.reached);
	live_nfs_read("LIVE_NFSC v9 RDMA_CM_EVENT_ESTABLISHED 0 - - -\n", 47, &r);
	CHECK(r.nhostile == 1 && !r.hostile[0].known);
	live_nfs_read("LIVE_NFSC v1-1k RDMA_CM_EVENT_ESTABLISHED 0 f6ab 0:52\n", 53, &r);
	CHECK(r.bad_lines == 1 && r.nhostile == 0);
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

/* JSON that nests: every {, [ and " closed in order, outside strings */
static bool json_balanced(const char *s)
{
	char stack[64];
	size_t d = 0;

	for (bool str = false; *s; s++) {
		if (str) {
			if (*s == '\\' && s[1])
				s++;
			else if (*s == '"')
				str = false;
		} else if (*s == '"') {
			str = true;
		} else if (*s == '{' || *s == '[') {
			if (d == sizeof(stack))
				return false;
			stack[d++] = *s == '{' ? '}' : ']';
		} else if (*s == '}' || *s == ']') {
			if (d == 0 || stack[--d] != *s)
				return false;
		}
	}
	return d == 0;
}

/* the report: the core against the RFC column, NFS_CASE's one case, the
 * JSON of a run */
static void test_nfs_report(void)
{
	static struct live_nfs r;
	static struct live_nfs_verdict v;
	static char text[16384];
	struct live_nfs_case c;
	char *json = NULL, why[256];
	size_t n = 0, jn = 0;
	FILE *f;

	/* NFS_CASE=short-1: that case alone in each role is whole */
	live_nfs_case((size_t)live_nfs_case_find("short-1"), &c);
	n = (size_t)snprintf(
		text, sizeof(text),
		"[    0.000000] Linux version 6.1.0-56-amd64 (debian-kernel@lists.debian.org)\n"
		"LIVE_NFS_STEP io ok\nLIVE_NFS_ONLY short-1\n"
		"LIVE_NFS_FRAME 52420 20049 " NFS_REQ "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP
		"\n" NFS_TRACE "LIVE_NFS_CASE client short-1 f6\n"
		"LIVE_NFSC short-1 RDMA_CM_EVENT_ESTABLISHED 0 f6ab0e1801000303 "
		"0:52:0:0:-1 1:0:-1:-1:-1\n"
		"LIVE_NFS_CASE server short-1 f6\n"
		"LIVE_NFSS short-1 %ld RDMA_CM_EVENT_ESTABLISHED f6ab0e1801010303 0:68\n"
		"LIVE_NFS_TRACE xprtrdma_inline_thresh: 192.0.2.1:40000 -> "
		"192.0.2.1:%ld neg send/recv=1024/1024, calc send/recv=1/1\n",
		"4096/4096", LIVE_NFS_SERVER_PORT + live_nfs_case_find("short-1"),
		LIVE_NFS_SERVER_PORT + live_nfs_case_find("short-1"));
	live_nfs_read(text, n, &r);
	CHECK(r.bad_lines == 0 && strcmp(r.only, "short-1") == 0 &&
	      !live_nfs_broken(&r, why, sizeof(why)) &&
	      strncmp(r.kernel, "6.1.0-56-amd64 ", 15) == 0);
	/* 1 octet: no message, the 1024 default; nfsd overflowed it (5.1) */
	CHECK(nfs_divs(&r, LIVE_NFS_T_CLIENT) == 1 && nfs_divs(&r, LIVE_NFS_T_SERVER) == 0 &&
	      r.hostile[0].threshold == 1024 && r.hostile[0].core_threshold == 1024);
	/* the JSON of the same run */
	live_nfs_judge(&r, &v);
	f = open_memstream(&json, &jn);
	CHECK(f != NULL);
	if (f) {
		live_nfs_json(f, &r, &v, text, n);
		fclose(f);
	}
	CHECK(json && json_balanced(json) && strstr(json, "\"suite\":\"live-nfs\"") &&
	      strstr(json, "\"only_case\":\"short-1\"") && strstr(json, "\"measured\":true") &&
	      strstr(json, "\"private_data\":\"f6\"") &&
	      strstr(json, "\"table\":\"hostile_client\",\"clause\":\"5.1\"") &&
	      strstr(json, "\"core_disagreements\":[]") &&
	      strstr(json, "\"rfc_server_to_client\":1024"));
	free(json);
	/* another case beside the one: not that run; an unknown name */
	n += (size_t)snprintf(text + n, sizeof(text) - n,
			      "LIVE_NFSC v1-1k RDMA_CM_EVENT_ESTABLISHED 0 - - -\n");
	live_nfs_read(text, n, &r);
	CHECK(live_nfs_broken(&r, why, sizeof(why)) && strstr(why, "ran 2 of its 1"));
	live_nfs_read("LIVE_NFS_ONLY nosuch\n", 21, &r);
	CHECK(r.bad_lines == 1 && !r.only[0] && live_nfs_case_find("nosuch") == -1);

	/* a real run (tests/nfs/console-stock.log: the judge's lines of make
	 * live-nfs on Debian 6.1.0-56-amd64): measured, the core agrees with
	 * the RFC column everywhere, Linux diverges 4 times (docs/nfs.md) */
	{
		size_t cl = 0;
		char *con = rdmaneg_read_file("tests/nfs/console-stock.log", 1u << 20, &cl, NULL);

		CHECK(con != NULL);
		if (con) {
			live_nfs_read(con, cl, &r);
			live_nfs_judge(&r, &v);
			CHECK(!live_nfs_broken(&r, why, sizeof(why)) && r.nconn == 2 &&
			      r.nhostile == live_nfs_case_count() &&
			      r.nserved == live_nfs_case_count() && v.ncore == 0 && v.ndiv == 4 &&
			      live_nfs_count(&v, LIVE_NFS_T_CONN, false) == 1 &&
			      live_nfs_count(&v, LIVE_NFS_T_CLIENT, false) == 2 &&
			      strcmp(v.div[0].clause, "4.1") == 0);
			free(con);
		}
	}

	/* the core differing from the RFC column is named, in every table;
	 * a planted core shows it on a real console (properties/plants.tsv) */
	n = (size_t)snprintf(text, sizeof(text),
			     "LIVE_NFS_FRAME 52420 20049 " NFS_REQ
			     "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP "\n" NFS_TRACE,
			     "4096/4096");
	live_nfs_read(text, n, &r);
	live_nfs_judge(&r, &v);
	CHECK(v.ncore == 0 && v.ndiv == 0);
	r.conn[0].core_client.send = 8192;
	r.conn[0].core_server.ri = true;
	live_nfs_judge(&r, &v);
	CHECK(v.ncore == 2 && live_nfs_count(&v, LIVE_NFS_T_CONN, true) == 2 && v.ndiv == 0 &&
	      strstr(v.core[0].text, "core 8192/4096, RFC 4096/4096") &&
	      strcmp(v.core[1].clause, "4.1") == 0);
	r.conn[0].client.msg.offset = 1;
	live_nfs_judge(&r, &v);
	CHECK(v.ncore == 3 && strcmp(v.core[0].clause, "5.2") == 0);
}

/* a splat belongs to the case whose marker precedes it */
static void test_nfs_splats(void)
{
	static const char text[] =
		"LIVE_NFS_CASE mount\n"
		"LIVE_NFS_CASE client v1-1k\n"
		"[   20.0] WARNING: CPU: 1 PID: 9 at net/sunrpc/xprtrdma/svc_rdma_sendto.c:1 "
		"svc_rdma_sendto+0x1/0x2 [rpcrdma]\n"
		"[   20.0] Call Trace:\n"
		"[   20.0]  <TASK>\n"
		"[   20.0]  svc_rdma_sendto+0x1/0x2 [rpcrdma]\n"
		"[   20.0]  </TASK>\n"
		"[   20.0] ---[ end trace 0000000000000000 ]---\n"
		"LIVE_NFS_CASE client v1-4k-R\n";
	char buf[512] = "";
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	CHECK(f && live_nfs_splats(f, text, sizeof(text) - 1) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(buf, "during client v1-1k:") && !strstr(buf, "v1-4k-R"));
	f = fmemopen(buf, sizeof(buf), "w");
	CHECK(f && live_nfs_splats(f, "LIVE_NFS_CASE mount\n[ 1.0] siw: fine\n", 38) == 0);
	if (f)
		fclose(f);
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

/* a SysRq-t dump: the rdmaneg-live blocks, not the others */
static void test_task_stacks(void)
{
	static const char dump[] =
		"LIVE_START 16 siw client-no-pd\n"
		"[  285.1] task:sh              state:S stack:0     pid:1     ppid:0\n"
		"[  285.1] Call Trace:\n"
		"[  285.1]  <TASK>\n"
		"[  285.1]  do_wait+0x15e/0x300\n"
		"[  285.1]  </TASK>\n"
		"[  285.2] task:rdmaneg-live    state:S stack:0     pid:170   ppid:1\n"
		"[  285.2] Call Trace:\n"
		"[  285.2]  <TASK>\n"
		"[  285.2]  pipe_read+0x2ee/0x460\n"
		"[  285.2]  </TASK>\n"
		"[  285.3] task:kworker/0:1     state:I stack:0     pid:20    ppid:2\n"
		"[  285.3]  worker_thread+0xc6/0x3c0\n";
	char out[512];

	CHECK(rdmaneg_klog_task_stacks(dump, sizeof(dump) - 1, "rdmaneg-", out, sizeof(out)) == 1);
	CHECK(strncmp(out, "task:rdmaneg-live", 17) == 0 && strstr(out, " pipe_read+0x2ee") &&
	      strstr(out, "</TASK>\n") && !strstr(out, "do_wait") && !strstr(out, "worker_thread"));
	CHECK(rdmaneg_klog_task_stacks(dump, sizeof(dump) - 1, "sh", out, 20) == 1 &&
	      strlen(out) == 19 && strncmp(out, "task:sh", 7) == 0);
	CHECK(rdmaneg_klog_task_stacks(dump, sizeof(dump) - 1, "nfsd", out, sizeof(out)) == 0 &&
	      out[0] == '\0');
	CHECK(rdmaneg_klog_task_stacks("", 0, "rdmaneg-", out, 0) == 0);
}

static void test_klog(void)
{
	static const char text[] =
		"[    1.000000] siw: loaded\n"
		"[    2.000000] ------------[ cut here ]------------\n"
		"[    2.000001] WARNING: CPU: 1 PID: 42 at drivers/infiniband/sw/siw/siw_cm.c:100 siw_cm_work_handler+0x12/0x30 [siw]\n"
		"[    2.000002] CPU: 1 PID: 42 Comm: kworker/1:1 Tainted: G           OE      6.1.0-56-amd64 #1  Debian 6.1.192-2\n"
		"[    2.000003] RIP: 0010:siw_cm_work_handler+0x12/0x30 [siw]\n"
		"[    2.000004] Call Trace:\n"
		"[    2.000005]  <TASK>\n"
		"[    2.000006]  ? __warn+0x7d/0xc0\n"
		"[    2.000007]  process_one_work+0x1c7/0x380\n"
		"[    2.000008]  </TASK>\n"
		"[    2.000009] ---[ end trace 0000000000000000 ]---\n"
		"[    3.000000] all good\n";
	static const char null_in_memcpy[] =
		"[   17.832060] BUG: kernel NULL pointer dereference, address: 0000000000000004\n"
		"[   17.833630] Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
		"[   17.835113] RIP: 0010:memcpy_erms+0x6/0x10\n"
		"[   17.835113] Call Trace:\n"
		"[   17.835113]  <TASK>\n"
		"[   17.835113]  kmemdup+0x32/0x40\n"
		"[   17.835113]  cm_event_handler+0x1c6/0x240 [iw_cm]\n"
		"[   17.835113]  siw_cm_upcall+0x10a/0x1b0 [siw]\n"
		"[   17.835113]  process_one_work+0x1c7/0x380\n"
		"[   17.835113] ---[ end trace 0000000000000000 ]---\n"
		"[   17.835113] Kernel panic - not syncing: Fatal exception\n";
	struct rdmaneg_splat s[4];

	CHECK(rdmaneg_klog_scan(text, sizeof(text) - 1, s, 4) == 1);
	CHECK(strcmp(s[0].title, "WARNING in siw_cm_work_handler") == 0);
	CHECK(strcmp(s[0].taint, "G           OE") == 0);
	CHECK(rdmaneg_klog_scan("[ 1.0] siw: all fine\n", 21, s, 4) == 0);
	/* a fault in memcpy names its caller; oops=panic's panic is no splat */
	CHECK(rdmaneg_klog_scan(null_in_memcpy, sizeof(null_in_memcpy) - 1, s, 4) == 1);
	CHECK(strcmp(s[0].title, "BUG: kernel NULL pointer dereference in cm_event_handler") == 0);
	CHECK(strcmp(s[0].rip, "memcpy_erms") == 0);
	/* seen on the guest console: the peer's line, cut by the kernel's
	 * report (without the split it reads as "Oops in cm_event_handler") */
	{
		static const char cut[] =
			"PEER_CASE reply 0 pd-length-257-exact\n"
			"PEER_FRAME reply 0 277 4d504120494420526570204672616d65100201010010"
			"[    3.587052] BUG: kernel NULL pointer dereference, address: 0000000000000004\n"
			"[    3.588493] Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
			"[    3.592509] RIP: 0010:memcpy_erms+0x6/0x10\n"
			"[    3.592509] Call Trace:\n"
			"[    3.592509]  <TASK>\n"
			"[    3.592509]  kmemdup+0x32/0x40\n"
			"[    3.592509]  cm_event_handler+0x1c6/0x240 [iw_cm]\n"
			"[    3.592509] ---[ end trace 0000000000000000 ]---\n";

		CHECK(rdmaneg_klog_scan(cut, sizeof(cut) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title,
			     "BUG: kernel NULL pointer dereference in cm_event_handler") == 0);
		CHECK(s[0].line == 2); /* the file's line, where the cut line began */
	}
	/* lockdep names the lock's taker in its "at:" line (syzbot's title);
	 * seen on the debug kernel for request abcd-1000 */
	{
		static const char lockdep[] =
			"[   43.342434] ================================\n"
			"[   43.342434] WARNING: inconsistent lock state\n"
			"[   43.342434] 6.1.192-rdmaneg-debug #1 Not tainted\n"
			"[   43.342434] --------------------------------\n"
			"[   43.342434] inconsistent {SOFTIRQ-ON-R} -> {IN-SOFTIRQ-W} usage.\n"
			"[   43.342434] rdmaneg-peer/115 [HC0[0]:SC1[3]:HE1:SE0] takes:\n"
			"[   43.342434] ffff8880059933a0 (clock-AF_INET){++-?}-{2:2}, at: "
			"siw_qp_socket_assoc+0x72/0x140\n"
			"[   43.342434] {SOFTIRQ-ON-R} state was registered at:\n"
			"[   43.342434]   lock_acquire+0x19c/0x480\n"
			"[   43.342434]   _raw_read_lock+0x58/0x70\n"
			"[   43.342434]   siw_cm_llp_state_change+0x23/0x210\n"
			"[   43.342434] stack backtrace:\n"
			"[   43.342434] Call Trace:\n"
			"[   43.342434]  <IRQ>\n"
			"[   43.342434]  dump_stack_lvl+0x4c/0x5f\n"
			"[   43.342434]  mark_lock.cold+0x8a/0x97\n"
			"[   43.342434]  __lock_acquire+0x153e/0x6030\n"
			"[   43.342434]  lock_acquire+0x19c/0x480\n"
			"[   43.342434]  _raw_write_lock_bh+0x2f/0x40\n"
			"[   43.342434]  siw_qp_socket_assoc+0x72/0x140\n"
			"[   43.342434]  siw_rtr_data_ready+0x176/0x230\n"
			"[   43.342434] RIP: 0033:0x7f7ce0b099f0\n";

		CHECK(rdmaneg_klog_scan(lockdep, sizeof(lockdep) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].kind, "LOCKDEP") == 0);
		CHECK(strcmp(s[0].title, "inconsistent lock state in siw_qp_socket_assoc") == 0);
	}
	/* a hung task whose stack the report left out: no " in " and nothing */
	{
		static const char hung[] =
			"[  246.910674] INFO: task rdmaneg-live:111 blocked for more than 120 seconds.\n"
			"[  246.914580]       Tainted: G    B              6.1.192-rdmaneg-debug #1\n"
			"[  246.920044] INFO: lockdep is turned off.\n";

		CHECK(rdmaneg_klog_scan(hung, sizeof(hung) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].kind, "HUNG") == 0 && strstr(s[0].title, " in") == NULL &&
		      s[0].title[0] != '\0');
	}
	CHECK(rdmaneg_klog_starts("6,99,123,-;BUG: kernel NULL pointer dereference, address: 8"));
	CHECK(!rdmaneg_klog_starts("6,99,123,-;siw: bug fixed"));
}

static void test_symbol(void)
{
	static const char map[] = "ffffffff81000000 T _stext\n"
				  "ffffffff81001000 t native_safe_halt\n"
				  "ffffffff81001040 D some_data\n"
				  "ffffffff81002000 T default_idle\n";
	static const char mods[] = "siw 200704 0 - Live 0xffffffffc0600000 (OE)\n"
				   "iw_cm 53248 1 rdma_cm, Live 0xffffffffc0500000\n";
	char out[96];

	rdmaneg_klog_symbol(map, sizeof(map) - 1, mods, sizeof(mods) - 1, 0xffffffff81001010ull,
			    out, sizeof(out));
	CHECK(strcmp(out, "native_safe_halt+0x10") == 0); /* data symbols skipped */
	rdmaneg_klog_symbol(map, sizeof(map) - 1, mods, sizeof(mods) - 1, 0xffffffffc0600b91ull,
			    out, sizeof(out));
	CHECK(strcmp(out, "[siw]+0xb91") == 0);
	rdmaneg_klog_symbol(map, sizeof(map) - 1, mods, sizeof(mods) - 1, 0x401000ull, out,
			    sizeof(out));
	CHECK(strcmp(out, "?") == 0); /* user space: nothing to name */
	rdmaneg_klog_symbol(NULL, 0, NULL, 0, 0xffffffff81001010ull, out, sizeof(out));
	CHECK(strcmp(out, "vmlinux") == 0); /* Debian's System.map is a stub */
}

static void test_hex(void)
{
	uint8_t b[3];
	struct rdmaneg_hex h;

	/* separators skip, a half octet carries to the next piece */
	rdmaneg_hex_init(&h, b, sizeof(b));
	CHECK(rdmaneg_hex_feed(&h, "4d:5\t") == RDMANEG_HEX_OK && !rdmaneg_hex_whole(&h));
	CHECK(rdmaneg_hex_feed(&h, "0 Aa") == RDMANEG_HEX_OK && rdmaneg_hex_whole(&h));
	CHECK(h.len == 3 && b[0] == 0x4d && b[1] == 0x50 && b[2] == 0xaa && h.digits == 6);
	/* one octet more than fits, and a non-digit: each stops, naming where */
	rdmaneg_hex_init(&h, b, 1);
	CHECK(rdmaneg_hex_feed(&h, "0102") == RDMANEG_HEX_FULL && h.len == 1 && *h.at == '2');
	rdmaneg_hex_init(&h, b, sizeof(b));
	CHECK(rdmaneg_hex_feed(&h, "01g2") == RDMANEG_HEX_DIGIT && *h.at == 'g');
	CHECK(rdmaneg_hex_digit('f') == 15 && rdmaneg_hex_digit('G') == -1);
	/* and back: whole octets only, false when they do not all fit */
	{
		static const uint8_t o[3] = { 0x4d, 0x0a, 0xff };
		char out[7], *text = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&text, &n);

		CHECK(rdmaneg_hex_format(o, 3, out, sizeof(out), &n) && n == 6 &&
		      strcmp(out, "4d0aff") == 0);
		CHECK(!rdmaneg_hex_format(o, 3, out, 6, &n) && n == 4 && strcmp(out, "4d0a") == 0);
		CHECK(!rdmaneg_hex_format(o, 1, out, 0, &n) && n == 0);
		if (f) {
			rdmaneg_hex_print(f, o, 3);
			fclose(f);
			CHECK(text && strcmp(text, "4d0aff") == 0);
			free(text);
		}
	}
}

/* the debug kernel's coverage: an lcov tracefile summed per file, with
 * the ways one can be torn or name another file */
static void test_gcov(void)
{
	struct live_gcov_file f[16];
	size_t n = live_gcov_report_files(f, 16);
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
	live_gcov_report_files(f, 16);
	CHECK(live_gcov_info("SF:/a/core/cma.c\nLF:x\nend_of_record\n",
			     strlen("SF:/a/core/cma.c\nLF:x\nend_of_record\n"), f, n) == 1);
	live_gcov_report_files(f, 16);
	CHECK(live_gcov_info("SF:/a/core/cma.c\nLF:3\n", strlen("SF:/a/core/cma.c\nLF:3\n"), f,
			     n) == 1 &&
	      f[3].lines == 3);
	live_gcov_report_files(f, 16);
	CHECK(live_gcov_info("LH:3\n", strlen("LH:3\n"), f, n) == 1);
	live_gcov_report_files(f, 16);
	CHECK(null && live_gcov_info("", 0, f, n) == 0 && live_gcov_print(null, "x", f, n) == 0);
	if (null)
		fclose(null);
}

/* .gcda images: one the debug kernel wrote (siw_cm.c after make live;
 * gcov-dump-12 -l counts 55 functions, 701 arcs, 317 of them non-zero),
 * then each way an image can be refused */
static void test_gcda(void)
{
	static uint8_t map[128], acc[128], img[64];
	struct rdmaneg_gcda g;
	size_t len = 0;
	uint8_t *b = (uint8_t *)rdmaneg_read_file("tests/gcda/siw_cm.gcda", 1 << 20, &len, NULL);
	const uint8_t fn[] = { 0x00, 0x00, 0x00, 0x01, 12, 0, 0, 0, 1, 0,
			       0,    0,	   2,	 0,    0,  0, 3, 0, 0, 0 };
	const uint8_t arcs[] = { 0x00, 0x00, 0xa1, 0x01, 16, 0, 0, 0, 0, 0, 0, 0,
				 0,    0,    0,	   0,	 0,  0, 0, 0, 0, 0, 0, 1 };

	CHECK(b != NULL && len == 7164);
	if (!b)
		return;
	CHECK(rdmaneg_gcda_parse(b, len, map, sizeof(map) * 8, &g) == NULL);
	CHECK(g.functions == 55 && g.arcs == 701 && g.arcs_hit == 317);
	CHECK(rdmaneg_gcda_count(map, 701) == 317 &&
	      rdmaneg_gcda_count(map, sizeof(map) * 8) == 317);
	CHECK(rdmaneg_gcda_merge(acc, map, 701) == 317);
	CHECK(rdmaneg_gcda_merge(acc, map, 701) == 0); /* nothing new the second time */
	/* a small bitmap keeps the first arcs only; the totals stay whole */
	memset(map, 0, sizeof(map));
	CHECK(rdmaneg_gcda_parse(b, len, map, 8, &g) == NULL && g.arcs_hit == 317 && map[1] == 0 &&
	      rdmaneg_gcda_count(map, 8) <= 8);
	/* every cut shorter than the image: refused, unless it falls on a
	 * record's end (the header, then 109 of the 110 records' ends) */
	{
		size_t whole = 0, bad = 0;

		for (size_t cut = 0; cut < len; cut++) {
			if (rdmaneg_gcda_parse(b, cut, NULL, 0, &g) != NULL)
				continue;
			whole++;
			bad += cut < RDMANEG_GCDA_HEADER || g.arcs_hit > 317;
		}
		CHECK(whole == 110 && bad == 0);
	}
	b[0] ^= 1;
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	b[0] ^= 1;
	b[RDMANEG_GCDA_HEADER + 4] = 13; /* the first function record: 13 octets */
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	b[RDMANEG_GCDA_HEADER + 4] = 12;
	b[RDMANEG_GCDA_HEADER + 20 + 4] = 20; /* its arcs: 20 octets, 2.5 counters */
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	b[RDMANEG_GCDA_HEADER + 20 + 7] = 0x40; /* longer than the image */
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	free(b);
	/* built by hand: arcs before any function; one with a counter of 2^56 */
	static const uint8_t head[16] = { 'a', 'd', 'c', 'g' };
	memcpy(img, head, sizeof(head));
	memcpy(img + 16, arcs, sizeof(arcs));
	CHECK(rdmaneg_gcda_parse(img, 16 + sizeof(arcs), NULL, 0, &g) != NULL);
	memcpy(img + 16, fn, sizeof(fn));
	memcpy(img + 16 + sizeof(fn), arcs, sizeof(arcs));
	memset(map, 0, sizeof(map));
	CHECK(rdmaneg_gcda_parse(img, 16 + sizeof(fn) + sizeof(arcs), map, 16, &g) == NULL &&
	      g.functions == 1 && g.arcs == 2 && g.arcs_hit == 1 && map[0] == 2);
	CHECK(rdmaneg_gcda_parse(img, 15, NULL, 0, &g) != NULL);
	CHECK(rdmaneg_gcda_parse(img, 16, NULL, 0, &g) == NULL && g.functions == 0);
}

/* util/arcs: a directory of .gcda files sampled as debugfs would serve
 * them: the first sample counts as reached, a counter that turns non-zero
 * is fresh once, a file whose layout changes or that vanishes is refused */
static void write_gcda(const char *path, uint8_t c0, uint8_t c1, size_t ncounters)
{
	uint8_t img[16 + 20 + 8 + 3 * 8] = { 'a', 'd', 'c', 'g' };
	const uint8_t fn[] = { 0x00, 0x00, 0x00, 0x01, 12, 0, 0, 0, 1, 0,
			       0,    0,	   2,	 0,    0,  0, 3, 0, 0, 0 };
	const uint8_t tag[] = { 0x00, 0x00, 0xa1, 0x01 };
	FILE *f = fopen(path, "wb");

	memcpy(img + 16, fn, sizeof(fn));
	memcpy(img + 36, tag, sizeof(tag));
	img[40] = (uint8_t)(8 * ncounters);
	img[44] = c0;
	img[52] = c1;
	CHECK(f != NULL && fwrite(img, 1, 44 + 8 * ncounters, f) == 44 + 8 * ncounters);
	if (f)
		fclose(f);
}

static void test_arcs_dir(void)
{
	static struct rdmaneg_arcs a;
	char dir[] = "/tmp/rdmaneg-arcs-XXXXXX", sub[64], p1[96], p2[96], err[256];

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	CHECK(rdmaneg_arcs_open(&a, dir, err, sizeof(err)) == -1 && strstr(err, "no .gcda"));
	snprintf(sub, sizeof(sub), "%s/siw", dir);
	snprintf(p1, sizeof(p1), "%s/siw/b.gcda", dir);
	snprintf(p2, sizeof(p2), "%s/a.gcda", dir);
	CHECK(mkdir(sub, 0700) == 0);
	write_gcda(p1, 0, 0, 2);
	write_gcda(p2, 1, 0, 2);
	CHECK(rdmaneg_arcs_open(&a, dir, err, sizeof(err)) == 0);
	/* sorted by path; each file's first bit a multiple of 8 */
	CHECK(a.nfiles == 2 && strcmp(a.path[0], p2) == 0 && a.off[1] == 8 && a.narcs == 4 &&
	      a.total == 1);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 0 && a.total == 1);
	write_gcda(p1, 0, 7, 2);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 1 && a.total == 2);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 0 && a.total == 2);
	write_gcda(p2, 1, 1, 2);
	write_gcda(p1, 1, 7, 2);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 2 && a.total == 4);
	write_gcda(p1, 0, 0, 3);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == -1 && strstr(err, "changed"));
	CHECK(unlink(p1) == 0);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == -1 && strstr(err, p1));
	CHECK(unlink(p2) == 0 && rmdir(sub) == 0 && rmdir(dir) == 0);
}

/* the random hostile NFS client's edits: within bounds, the Receive it
 * posts always what the core reads from the data, reproducible from the
 * seed, and reaching both kinds of data: a message found at an odd
 * offset, and none */
static void test_nfs_mutate(void)
{
	size_t odd = 0, absent = 0, bad = 0, differ = 0, grown = 0;

	for (uint64_t seed = 0; seed < 20000; seed++) {
		struct live_nfs_case c, again;
		struct rdmaneg_rpcrdma_result r;
		uint64_t s1 = seed, s2 = seed;

		live_nfs_case(seed % live_nfs_case_count(), &c);
		again = c;
		if (live_nfs_mutate(&c, &s1) < 1 || live_nfs_mutate(&again, &s2) > 3)
			bad++;
		differ += c.pd_len != again.pd_len || memcmp(c.pd, again.pd, c.pd_len) != 0;
		rdmaneg_rpcrdma_decode(c.pd, c.pd_len, RDMANEG_DECODE_SEARCH, &r);
		bad += c.pd_len > LIVE_NFS_CASE_PD_MAX || c.present != r.present ||
		       c.recv != (r.present ? r.recv_size : RDMANEG_INLINE_MIN);
		odd += r.present && r.offset % 4 != 0;
		absent += !r.present;
		grown += c.pd_len == LIVE_NFS_CASE_PD_MAX;
	}
	CHECK(bad == 0 && differ == 0);
	CHECK(odd > 100 && absent > 100 && grown > 10);
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

int main(void)
{
	test_records();
	test_obs_roundtrip();
	test_judge();
	test_rxe();
	test_expectations();
	test_resources();
	test_report_flaky();
	test_small();
	test_klog();
	test_task_stacks();
	test_nfs();
	test_request_first();
	test_nfs_splats();
	test_nfs_hostile();
	test_nfs_served();
	test_nfs_report();
	test_plants();
	test_hex();
	test_symbol();
	test_gcov();
	test_gcda();
	test_arcs();
	test_arcs_dir();
	test_nfs_mutate();
	printf("live-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
