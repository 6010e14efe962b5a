// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of make live-nvme's reader and differential table
 * (live/nvme/nvme_read.c, nvme_judge.c, nvme_print.c): consoles built from MPA frames as Linux's
 * host and nvmet exchange them (drivers/nvme/{host,target}/rdma.c), then
 * each way a run can be wrong. No qemu. Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "live/nvme/nvme.h"
#include "util/file.h"
#include <rdmaneg/rdmaneg.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"

/* one LIVE_NVME_FRAME line: an MPA v2 frame with the enhanced word and pd */
static void frame(FILE *f, unsigned sport, unsigned dport, bool reply, bool reject,
		  const uint8_t *pd, size_t n)
{
	uint8_t body[4 + 64] = { 0, 4, 0, 4 }, out[20 + sizeof(body)];
	struct rdmaneg_mpa_frame fr;
	size_t len;

	memcpy(body + 4, pd, n);
	memset(&fr, 0, sizeof(fr));
	fr.type = reply ? RDMANEG_MPA_REPLY : RDMANEG_MPA_REQUEST;
	fr.reject = reject;
	fr.enhanced = true;
	fr.rev = 2;
	fr.pd_length = (uint16_t)(4 + n);
	fr.pd = body;
	if (rdmaneg_mpa_build(&fr, out, sizeof(out), &len) != RDMANEG_OK)
		abort();
	fprintf(f, "LIVE_NVME_FRAME %u %u ", sport, dport);
	for (size_t i = 0; i < len; i++)
		fprintf(f, "%02x", out[i]);
	fputc('\n', f);
}

/* a connection from host port sport: the request (qid, hrq, hsq), then
 * the answer: accept with crq, or reject with rej_len octets of STS sts */
static void conn(FILE *f, unsigned sport, uint16_t qid, uint16_t hrq, uint16_t hsq, int crq,
		 uint16_t sts, size_t rej_len)
{
	struct rdmaneg_nvme_req r = { 0, qid, hrq, hsq, 0, 0 };
	uint8_t b[32] = { 0 };

	rdmaneg_nvme_req_encode(&r, b, sizeof(b));
	frame(f, sport, LIVE_NVME_PORT, false, false, b, 32);
	memset(b, 0, sizeof(b));
	if (crq >= 0) {
		b[2] = (uint8_t)crq;
		b[3] = (uint8_t)(crq >> 8);
		frame(f, LIVE_NVME_PORT, sport, true, false, b, 32);
	} else {
		b[2] = (uint8_t)sts;
		frame(f, LIVE_NVME_PORT, sport, true, true, b, rej_len);
	}
}

/* the run as Linux 6.1 makes it: admin 32/31, two I/O queues 128/127,
 * nvmet's accepts with CRQSIZE = HSQSIZE + 1 */
static void linux_run(FILE *f)
{
	conn(f, 40001, 0, 32, 31, 32, 0, 0);
	conn(f, 40002, 1, 128, 127, 128, 0, 0);
	conn(f, 40003, 2, 128, 127, 128, 0, 0);
	fputs("LIVE_NVME_STEP modules ok\nLIVE_NVME_STEP target ok\nLIVE_NVME_QUEUES 3\n"
	      "LIVE_NVME_STEP connect ok\nLIVE_NVME_STEP io ok\nLIVE_NVME_STEP disconnect ok\n"
	      "LIVE_NVME_DONE\n",
	      f);
}

/* reads and judges text; the table goes to /dev/null */
/* "LIVE_NVME_CASE host NAME PD_HEX": table case name as the hostile host
 * prints it before sending it */
static void sent(FILE *f, const char *name)
{
	struct live_nvme_case c;
	long k = live_nvme_case_index(name);

	fprintf(f, "LIVE_NVME_CASE host %s ", name);
	if (k < 0 || !live_nvme_case((size_t)k, &c) || c.pd_len == 0)
		fputs("-", f);
	for (size_t i = 0; k >= 0 && i < c.pd_len; i++)
		fprintf(f, "%02x", c.pd[i]);
	fputc('\n', f);
}

static int judge(const char *text, struct live_nvme *r, struct live_nvme_verdict *v, char *why)
{
	FILE *null = fopen("/dev/null", "w");
	int rc = live_nvme_read(text, strlen(text), r, why, 200);

	memset(v, 0, sizeof(*v));
	if (rc == 0 && null)
		live_nvme_report(null, NULL, r, v);
	if (null)
		fclose(null);
	return rc;
}

/* The hostile target's case table: names unique and found again, every
 * answer within its buffer, and the MPA cases real MPA Replies. */
static void test_tcases(void)
{
	struct live_nvme_tcase t, u;
	struct rdmaneg_mpa_frame f;
	size_t n = live_nvme_tcase_count(), h = live_nvme_case_count(), mpa = 0;

	CHECK(n > 60 && n <= LIVE_NVME_TCASES_MAX && !live_nvme_tcase(n, 0, &t));
	for (size_t j = 0; j < n; j++) {
		CHECK(live_nvme_tcase(j, 31, &t) && t.pd_len <= sizeof(t.pd));
		CHECK(live_nvme_tcase_index(t.name) == (long)j &&
		      live_nvme_any_index(t.name) == (long)(h + j) &&
		      live_nvme_case_index(t.name) == -1);
		if (t.kind == LIVE_NVME_T_MPA) {
			mpa++;
			CHECK(rdmaneg_mpa_parse(t.pd, t.pd_len, &f) == RDMANEG_OK &&
			      f.type == RDMANEG_MPA_REPLY && f.frame_len == t.pd_len);
		}
	}
	CHECK(mpa >= 6);
	/* CRQSIZE follows the request's HSQSIZE; a fixed edge does not */
	CHECK(live_nvme_tcase((size_t)live_nvme_tcase_index("accept-crq-plus-1"), 127, &t) &&
	      t.pd[2] == 128 && t.pd[3] == 0 && t.pd_len == 32);
	CHECK(live_nvme_tcase((size_t)live_nvme_tcase_index("accept-crq-ffff"), 127, &u) &&
	      u.pd[2] == 0xff && u.pd[3] == 0xff);
	CHECK(live_nvme_tcase((size_t)live_nvme_tcase_index("reject-len-3"), 0, &t) &&
	      t.kind == LIVE_NVME_T_REJECT && t.pd_len == 3 && t.pd[2] == 6);
	/* M set, the enhanced word and two ULP octets: PD_Length 6 */
	CHECK(live_nvme_tcase((size_t)live_nvme_tcase_index("mpa-markers-ulp-2"), 0, &t) &&
	      rdmaneg_mpa_parse(t.pd, t.pd_len, &f) == RDMANEG_OK && f.marker && f.enhanced &&
	      !f.reject && f.pd_length == 6);
	CHECK(live_nvme_any_index("len-3") == live_nvme_case_index("len-3") &&
	      live_nvme_any_index("nope") == -1);
}

/* The hostile target's table: what the host did against what a
 * conforming host does, and each way a line can be wrong. */
static void test_target(void)
{
	static struct live_nvme r;
	struct live_nvme_verdict v;
	char *text = NULL, why[200];
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);
	const char *req = "0000000020001f00000000000000000000000000000000000000000000000000";

	linux_run(f);
	fprintf(f,
		"LIVE_NVME_CASE target accept-ok\n"
		"LIVE_NVMET accept-ok 1 yes 5 %s 00001f0000000000000000000000000000000000000000000000000000000000\n"
		"LIVE_NVME_CASE target accept-len-3\n"
		"LIVE_NVMET accept-len-3 1 yes 5 %s 00001f\n"
		"LIVE_NVME_CASE target accept-len-10\n"
		"[  8.9] nvme nvme0: I/O 0 QID 0 timeout\n"
		"[  8.9] nvme nvme0: Connect command failed, error wo/DNR bit: 881\n"
		"LIVE_NVMET accept-len-10 1 no 5 %s 00001f00000000000000\n"
		"LIVE_NVME_CASE target accept-crq-0\n"
		"LIVE_NVMET accept-crq-0 1 yes 5 %s 0000000000000000000000000000000000000000000000000000000000000000\n"
		"LIVE_NVME_CASE target reject-sts-6\n"
		"[  9.1] nvme nvme0: Connect rejected: status -111 (refused) nvme status 6 (x).\n"
		"LIVE_NVMET reject-sts-6 1 no 104 %s 00000600\n"
		"LIVE_NVME_CASE target reject-len-2\n"
		"[  9.2] nvme nvme0: Connect rejected: status -104 (reset by remote host).\n"
		"LIVE_NVMET reject-len-2 1 no 104 %s 0000\n"
		"LIVE_NVME_CASE target silent\n"
		"LIVE_NVMET silent 1 no hung %s -\n"
		"LIVE_NVME_CASE target accept-recfmt-1\n"
		"LIVE_NVMET accept-recfmt-1 0 no 110 - -\n"
		"LIVE_NVMET accept-ok 1 maybe 5 - -\n"
		"LIVE_NVMET no-such-case 1 no 5 - -\n"
		"LIVE_NVMET accept-ok 1 no 5x - -\n"
		"LIVE_NVME_CASE target accept-long-40\n",
		req, req, req, req, req, req, req);
	fclose(f);
	CHECK(judge(text, &r, &v, why) == 0 && r.ntarget == 8 && !r.target_done && r.bad == 3);
	CHECK(strcmp(r.last_case, "accept-long-40") == 0);
	CHECK(r.ntarget == 8 && r.target[0].capsule && r.target[4].sts_logged &&
	      !r.target[5].sts_logged && r.target[6].hung && r.target[4].err == 104);
	/* a Connect command the host's log shows and we never saw */
	CHECK(!r.target[2].capsule && r.target[2].connect_logged && !r.target[0].connect_logged);
	/* went on after a good accept: conforms; after a 3-octet one:
	 * diverges; CRQSIZE 0: not judged; gave up on a reject: conforms;
	 * hung: diverges; no request at all: nothing measured; went on
	 * (by the host's log) after a 10-octet accept: diverges */
	CHECK(v.tcases == 8 && v.t_conform == 3 && v.t_diverge == 3 && v.t_unjudged == 1 &&
	      v.t_void == 1 && v.t_lost == 1 && v.disagree == 0);
	free(text);

	/* a real run: the stock kernel's host against every target case */
	{
		size_t cl = 0;
		char *con = rdmaneg_read_file("tests/nvme/console-target-stock.log", 1u << 20, &cl,
					      NULL);

		CHECK(con != NULL);
		if (con) {
			CHECK(live_nvme_read(con, cl, &r, why, sizeof(why)) == 0 && r.target_done &&
			      r.bad == 0 && r.ntarget == live_nvme_tcase_count());
			f = fopen("/dev/null", "w");
			if (f) {
				live_nvme_report(f, NULL, &r, &v);
				fclose(f);
			}
			/* Linux 6.1's host never reads the accept; it reads a
			 * consumer reject's STS from 2 octets on */
			CHECK(v.tcases == r.ntarget && v.t_void == 0 && v.disagree == 0 &&
			      v.t_diverge == 37 && v.t_unjudged == 4 && v.t_lost == 1);
			{
				long k = live_nvme_tcase_index("mpa-markers-ulp-2");
				bool seen = false;

				for (size_t i = 0; i < r.ntarget; i++)
					if (r.target[i].index == k)
						seen = r.target[i].sts_logged;
				CHECK(seen);
			}
			free(con);
		}
	}
}

/* A campaign's names (live_nvme_case_named, live_nvme_tcase_named): a
 * table name is its case; random-S-K and BASE~HEX are the same octets on
 * every call, within the bounds, and not all the base's; an MPA Reply
 * keeps its key and length; anything else is no case. */
static void test_named(void)
{
	struct live_nvme_case c, d, base;
	struct live_nvme_tcase t, u;
	size_t differ = 0, lens = 0;
	char name[RDMANEG_CASENAME_MAX];

	CHECK(live_nvme_case_named("len-3", &c) &&
	      live_nvme_case((size_t)live_nvme_case_index("len-3"), &d) && c.pd_len == 3 &&
	      memcmp(c.pd, d.pd, sizeof(c.pd)) == 0);
	CHECK(live_nvme_case((size_t)live_nvme_case_index("base-admin"), &base));
	for (unsigned k = 0; k < 64; k++) {
		snprintf(name, sizeof(name), "base-admin~%x", k);
		CHECK(live_nvme_case_named(name, &c) && live_nvme_case_named(name, &d) &&
		      c.pd_len == d.pd_len && memcmp(c.pd, d.pd, sizeof(c.pd)) == 0 &&
		      strcmp(c.name, name) == 0 && c.pd_len <= 40);
		differ += c.pd_len != base.pd_len || memcmp(c.pd, base.pd, base.pd_len) != 0;
		lens += c.pd_len != base.pd_len;
		snprintf(name, sizeof(name), "random-3-%u", k);
		CHECK(live_nvme_case_named(name, &c) && c.pd_len <= 40);
		snprintf(name, sizeof(name), "mpa-markers-ulp-2~%x~%x", k, k + 1);
		CHECK(live_nvme_tcase_named(name, 31, &t) &&
		      live_nvme_tcase((size_t)live_nvme_tcase_index("mpa-markers-ulp-2"), 31, &u) &&
		      t.kind == LIVE_NVME_T_MPA && t.pd_len == u.pd_len &&
		      memcmp(t.pd, u.pd, 16) == 0);
		snprintf(name, sizeof(name), "random-9-%u", k);
		CHECK(live_nvme_tcase_named(name, 31, &t) && t.pd_len <= sizeof(t.pd));
	}
	/* most mutations change the octets, some the length */
	CHECK(differ > 48 && lens > 8);
	CHECK(!live_nvme_case_named("no-such~1", &c) && !live_nvme_case_named("", &c) &&
	      !live_nvme_case_named("len 3", &c) && !live_nvme_tcase_named("len-3~1", 0, &t));
	CHECK(live_nvme_tcase_named("silent~5", 31, &t) && t.kind == LIVE_NVME_T_SILENT &&
	      t.pd_len == 0);
}

/* nvmet's limits by kernel line (live_nvme_limits): 6.12 and later take
 * I/O queues of 256 entries where 6.1 takes 128, so a host's HSQSIZE of
 * 128 (129 entries) accepted conforms on 6.12 and diverges on 6.1; a
 * release it cannot read, or older than 6.1, is judged by 6.1's */
static void test_limits(void)
{
	static const struct {
		const char *release, *line;
		uint32_t io_max;
	} rel[] = {
		{ "6.1.0-56-amd64", "6.1", 128 },
		{ "6.11.9", "6.1", 128 },
		{ "6.12.117+deb12-amd64", "6.12", 256 },
		{ "6.12", "6.12", 256 },
		{ "7.2.1", "6.12", 256 },
		{ "7.3.4-rdmaneg-debug", "7.3", 256 },
		{ "10.0", "7.3", 256 },
		{ "5.15.0-1", NULL, 128 },
		{ "6", NULL, 128 },
		{ "6.", NULL, 128 },
		{ "v6.12", NULL, 128 },
		{ "", NULL, 128 },
	};
	struct rdmaneg_nvme_limits lim;
	struct live_nvme_verdict v;
	struct live_nvme r;
	char why[200];

	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		const char *line = live_nvme_limits(rel[i].release, &lim);

		CHECK(lim.io_max == rel[i].io_max && lim.admin_max == 32 && lim.max_qid == 128 &&
		      (rel[i].line ? line && strcmp(line, rel[i].line) == 0 : line == NULL));
	}
	CHECK(live_nvme_limits(NULL, &lim) == NULL && lim.io_max == 128);
	for (int line612 = 0; line612 < 2; line612++) {
		char *text = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&text, &n);

		if (!f)
			continue;
		if (line612)
			fputs("Linux version 6.12.117+deb12-amd64 (debian-kernel@lists.debian.org)\n",
			      f);
		linux_run(f);
		sent(f, "io-hsqsize-128");
		fputs("LIVE_NVMEH io-hsqsize-128 RDMA_CM_EVENT_ESTABLISHED 0 -\nLIVE_NVMEH_END\n",
		      f);
		fclose(f);
		CHECK(judge(text, &r, &v, why) == 0 && r.nhost == 1 && v.cases == 1 &&
		      v.case_conform == (line612 ? 1u : 0u) &&
		      v.case_diverge == (line612 ? 0u : 1u));
		CHECK(strcmp(r.kernel, line612 ? "6.12.117+deb12-amd64" : "") == 0);
		free(text);
	}
}

int main(void)
{
	static struct live_nvme r;
	struct live_nvme_verdict v;
	char *text = NULL, *text2 = NULL, why[200];
	size_t n = 0, n2 = 0;
	FILE *f;

	/* Linux's run: every field conforms but the three CRQSIZEs */
	f = open_memstream(&text, &n);
	linux_run(f);
	fclose(f);
	CHECK(judge(text, &r, &v, why) == 0 && r.nconn == 3 && r.queues == 3 && r.done);
	CHECK(v.conns == 3 && v.admin == 1 && v.io == 2 && v.disagree == 0);
	CHECK(v.diverges == 3 && v.rows == (size_t)3 * 9);
	for (int s = 0; s < LIVE_NVME_NSTEPS; s++)
		CHECK(r.step[s] == 1);
	free(text);

	/* CRQSIZE = HSQSIZE conforms; a reject with a status the request
	 * earns conforms; one without its STS octets does not */
	text = NULL;
	f = open_memstream(&text, &n);
	conn(f, 40001, 0, 32, 31, 31, 0, 0);
	conn(f, 40002, 200, 128, 127, -1, RDMANEG_NVME_STS_QID, 4);
	conn(f, 40003, 1, 128, 0, -1, RDMANEG_NVME_STS_HSQSIZE, 3);
	fclose(f);
	CHECK(judge(text, &r, &v, why) == 0 && v.disagree == 0);
	/* conn 2: QID diverges (the host's), the answer conforms; conn 3:
	 * HSQSIZE 0 diverges, the 3-octet reject twice (answer, reject) */
	CHECK(v.diverges == 1 + 3 && v.conns == 3);
	free(text);

	/* a request without its reply is a failed measurement */
	text = NULL;
	f = open_memstream(&text, &n);
	conn(f, 40001, 0, 32, 31, 31, 0, 0);
	frame(f, 40002, LIVE_NVME_PORT, false, false, (const uint8_t[32]){ 0 }, 32);
	fputs("LIVE_NVME_FRAME 1 2 zz\nLIVE_NVME_QUEUES x\nLIVE_NVME_STEP io failed: cmp differs\n",
	      f);
	fclose(f);
	CHECK(judge(text, &r, &v, why) == 0 && v.disagree == 1 && v.conns == 1);
	CHECK(r.bad == 2 && strstr(r.first_bad, "LIVE_NVME_FRAME 1 2") == NULL &&
	      r.step[LIVE_NVME_IO] == 0 && strstr(r.step_why[LIVE_NVME_IO], "cmp differs") &&
	      r.queues == -1 && !r.done);
	free(text);

	/* nothing captured; too many connections */
	CHECK(judge("LIVE_NVME_DONE\n", &r, &v, why) != 0 && strstr(why, "no LIVE_NVME_FRAME"));
	text = NULL;
	f = open_memstream(&text, &n);
	for (unsigned i = 0; i <= LIVE_NVME_CONNS; i++)
		conn(f, 41000 + i, 1, 128, 127, 127, 0, 0);
	fclose(f);
	CHECK(judge(text, &r, &v, why) != 0 && strstr(why, "more than 16"));
	free(text);
	/* the hostile host: a case answered as the spec allows, one that
	 * diverges, one without an answer, and a splat during a case */
	{
		struct live_nvme_case c;
		long k = live_nvme_case_index("admin-hsqsize-32");

		CHECK(live_nvme_case_count() > 60 && live_nvme_case_index("len-40") > 0 &&
		      live_nvme_case_index("random-39") > 0 && live_nvme_case_index("nope") == -1);
		CHECK(k >= 0 && live_nvme_case((size_t)k, &c) && c.pd_len == 32 && c.pd[6] == 32);
		CHECK(!live_nvme_case(live_nvme_case_count(), &c));
		text = NULL;
		f = open_memstream(&text, &n);
		linux_run(f);
		sent(f, "admin-hsqsize-32");
		fputs("LIVE_NVMEH admin-hsqsize-32 RDMA_CM_EVENT_REJECTED 28 00000400\n", f);
		sent(f, "io-hsqsize-1024");
		fputs("LIVE_NVMEH io-hsqsize-1024 RDMA_CM_EVENT_ESTABLISHED 0 -\n", f);
		sent(f, "len-3");
		fputs("[   9.1] BUG: KASAN: slab-out-of-bounds in nvmet_rdma_cm_handler+0x1/0x2\n"
		      "LIVE_NVMEH len-3 no-event 0 -\n",
		      f);
		sent(f, "len-2");
		fputs("LIVE_NVMEH len-2 RDMA_CM_EVENT_REJECTED 28 0000\n"
		      /* an outcome whose case line names another case, and one
		       * of no case: what it sent is not on the console */
		      "LIVE_NVMEH len-1 RDMA_CM_EVENT_REJECTED 28 -\n"
		      "LIVE_NVMEH no-such-case RDMA_CM_EVENT_REJECTED 28 -\n"
		      "LIVE_NVMEH_END\n",
		      f);
		fclose(f);
		CHECK(judge(text, &r, &v, why) == 0 && r.nhost == 4 && r.host_done && r.bad == 2 &&
		      strcmp(r.last_case, "len-2") == 0);
		/* each case judged on what it sent, as its case line says */
		CHECK(r.host[2].pd_len == 3 && strcmp(r.host[2].name, "len-3") == 0 &&
		      r.host[0].pd_len == 32 && r.host[0].pd[6] == 32);
		CHECK(v.cases == 4 && v.case_conform == 1 && v.case_diverge == 3 &&
		      v.case_unanswered == 1 && v.disagree == 0);
		f = open_memstream(&text2, &n2);
		CHECK(live_nvme_splats(text, strlen(text), f) == 1);
		fclose(f);
		CHECK(strstr(text2, "during hostile case len-3: KASAN: slab-out-of-bounds") !=
		      NULL);
		free(text2);
		free(text);
	}

	/* a real run: make live-nvme on Debian 6.1.0-56-amd64 */
	{
		size_t cl = 0;
		char *con = rdmaneg_read_file("tests/nvme/console-stock.log", 1u << 20, &cl, NULL);

		CHECK(con != NULL);
		if (con) {
			CHECK(live_nvme_read(con, cl, &r, why, sizeof(why)) == 0 && r.queues == 3 &&
			      r.done && r.bad == 0 && strcmp(r.kernel, "6.1.0-56-amd64") == 0);
			f = fopen("/dev/null", "w");
			if (f) {
				live_nvme_report(f, NULL, &r, &v);
				fclose(f);
			}
			CHECK(v.conns == 3 && v.admin == 1 && v.io == 2 && v.diverges == 3 &&
			      v.disagree == 0);
			free(con);
		}
	}
	test_tcases();
	test_limits();
	test_named();
	test_target();
	printf("nvme-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
