// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's cases, answers and report (live/roce), part of
 * tests/live_unit.c's program: each check able to fail, every report
 * failure with its control. */
#include "live_unit_roce.h"

#include "roce_live.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* make live-roce's expectations and table (live/roce): each case's
 * expectation from the oracle, and the report's failures: a malformed
 * line, a missing case, the bad-ICRC control answered or counted, an ICRC
 * of rxe's the core calls bad; a divergence alone is a result */
/* a console of every case answered as a conforming side answers, then
 * the line over (NULL: none); skip is the index of a case whose line is
 * left out (the missing-case control), ROCE_ALL to keep every case */
#define ROCE_ALL SIZE_MAX
static void roce_console(char *out, size_t cap, size_t skip, const char *over)
{
	struct live_roce_case c;
	size_t used = 0;

	out[0] = '\0';
	for (size_t k = 0; live_roce_case(k, &c); k++) {
		static const char *const as[] = {
			"rep", "rej", "none", "rej", "rtu", "rej", "none"
		};
		enum live_roce_expect x = live_roce_expected(&c);

		if (k == skip)
			continue;
		used += (size_t)snprintf(
			out + used, cap - used,
			"LIVE_ROCE_CASE %zu %s answer=%s reason=0 rcvd=%d icrc=%s frames=1%s%s\n",
			k, c.name, as[x], x == LIVE_ROCE_X_SILENCE ? 0 : 1,
			x == LIVE_ROCE_X_SILENCE ? "-" : "ok", c.active ? " req=ok event=" : "",
			!c.active	       ? ""
			: x == LIVE_ROCE_X_RTU ? "ESTABLISHED status=0"
					       : "REJECTED status=28");
	}
	if (over)
		snprintf(out + used, cap - used, "%s\n", over);
}

static void test_roce(void)
{
	static char con[16384], rep[16384];
	struct live_roce_case c;
	FILE *f;

	CHECK(live_roce_case_count() == 53 && !live_roce_case(53, &c));
	CHECK(live_roce_case(0, &c) && strcmp(c.name, "req-listener") == 0 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP && c.frame.dest_qp == 1 &&
	      c.frame.qkey == RDMANEG_ROCE_QKEY_GSI && c.mad_len == 256);
	CHECK(live_roce_case(1, &c) && live_roce_expected(&c) == LIVE_ROCE_X_REJ && !c.listener);
	CHECK(live_roce_case(2, &c) && strcmp(c.name, "frame-bad-icrc") == 0 &&
	      c.frame.icrc_xor != 0 && live_roce_expected(&c) == LIVE_ROCE_X_SILENCE);
	CHECK(live_roce_case(6, &c) && c.mad_len == 255 && c.frame.pad == 1 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_REP);
	CHECK(live_roce_case(52, &c) && c.follow && c.mad_len == 260 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP);
	CHECK(live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_REJ) &&
	      live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_NONE) &&
	      !live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_REP) &&
	      !live_roce_conforms(LIVE_ROCE_X_SILENCE, LIVE_ROCE_REJ));
	/* every case conforming */
	roce_console(con, sizeof(con), ROCE_ALL, NULL);
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "53 conform, 0 diverge") != NULL);
	/* a divergence is a result, not a failure */
	roce_console(con, sizeof(con), 0,
		     "LIVE_ROCE_CASE 0 req-listener answer=none reason=0 rcvd=1 icrc=- frames=0");
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "52 conform, 1 diverge") != NULL);
	/* the failures */
	roce_console(con, sizeof(con), 5, NULL);
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "frame-qkey-0") && strstr(rep, "missing"));
	roce_console(con, sizeof(con), 2,
		     "LIVE_ROCE_CASE 2 frame-bad-icrc answer=none reason=0 rcvd=1 icrc=- frames=0");
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "control failed: frame-bad-icrc") != NULL);
	roce_console(con, sizeof(con), 3,
		     "LIVE_ROCE_CASE 3 frame-tver-1 answer=rej reason=8 rcvd=1 icrc=bad frames=1");
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "ICRC the core calls bad") != NULL);
	roce_console(con, sizeof(con), ROCE_ALL, "LIVE_ROCE_CASE 4 frame-qkey-0 answer=rep");
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "malformed: LIVE_ROCE_CASE 4") != NULL);
	/* the smoke: the first 3 cases alone */
	roce_console(con, sizeof(con), ROCE_ALL, NULL);
	{
		char *end = con;

		for (int i = 0; i < 3 && end; i++)
			end = strchr(end, '\n') ? strchr(end, '\n') + 1 : NULL;
		if (end)
			*end = '\0';
	}
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 3, SIZE_MAX, f, NULL) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "3 conform, 0 diverge") != NULL);
	/* CI's smoke: those and a-rep (28); without its line, missing */
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 3, 28, f, NULL) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "a-rep") && strstr(rep, "missing"));
	{
		size_t used = strlen(con);

		snprintf(con + used, sizeof(con) - used, "%s",
			 "LIVE_ROCE_CASE 28 a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1 "
			 "req=ok event=ESTABLISHED status=0\n");
	}
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 3, 28, f, NULL) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "4 conform, 0 diverge") != NULL);
}

/* the active case named name into *c, its index into *k; false if none */
static bool roce_named(const char *name, struct live_roce_case *c, size_t *k)
{
	for (*k = 0; live_roce_case(*k, c); (*k)++)
		if (strcmp(c->name, name) == 0)
			return true;
	return false;
}

/* a report of every case conforming, with line over; its exit */
static int roce_report_over(char *con, size_t cap, size_t skip, const char *over, char *rep,
			    size_t rcap)
{
	FILE *f;
	int rc = -1;

	roce_console(con, cap, skip, over);
	f = fmemopen(rep, rcap, "w");
	if (f) {
		rc = live_roce_report(con, strlen(con), 0, SIZE_MAX, f, NULL);
		fclose(f);
	}
	return rc;
}

/* the active cases: each answer built from the model REQ as the core
 * reads it, and the report's judgement of what Linux did */
static void test_roce_active(void)
{
	static char con[16384], rep[16384];
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	struct rdmaneg_ibcm_msg m;
	struct live_roce_case c;
	unsigned d = 0;
	size_t k;

	live_roce_model_req(req);
	CHECK(rdmaneg_ibcm_passive_check(req, sizeof(req), &m, &d) == RDMANEG_OK && d == 0);
	CHECK(roce_named("a-rep", &c, &k) && c.active && k == 28 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_RTU);
	CHECK(rdmaneg_ibcm_active_check(c.mad, c.mad_len, req, sizeof(req), &m, &d) == RDMANEG_OK &&
	      d == 0 && m.attr == RDMANEG_IBCM_REP);
	CHECK(roce_named("a-rep-remote-id-wrong", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_RTU &&
	      rdmaneg_ibcm_active_check(c.mad, c.mad_len, req, sizeof(req), &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_COMM_ID);
	CHECK(roce_named("a-rep-responder-resources-above", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_RTU &&
	      rdmaneg_ibcm_active_check(c.mad, c.mad_len, req, sizeof(req), &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_RESOURCES);
	CHECK(roce_named("a-mra-then-rep", &c, &k) && live_roce_answer(&c, req, 7, out) == 2 &&
	      rdmaneg_ibcm_decode(out[0], sizeof(out[0]), &m, &d) == RDMANEG_OK &&
	      m.attr == RDMANEG_IBCM_MRA && m.local_id == 7 && d == 0);
	CHECK(roce_named("a-rep-twice", &c, &k) && live_roce_answer(&c, req, 7, out) == 2 &&
	      memcmp(out[0], out[1], sizeof(out[0])) == 0);
	CHECK(roce_named("a-rej-ari-127", &c, &k) && live_roce_expected(&c) == LIVE_ROCE_X_QUIET &&
	      rdmaneg_ibcm_decode(c.mad, c.mad_len, &m, &d) == RDMANEG_OK &&
	      m.attr == RDMANEG_IBCM_REJ && (d & RDMANEG_IBCM_D_INFO_LEN));
	CHECK(live_roce_case(0, &c) && live_roce_answer(&c, req, 7, out) == 0);
	/* an RTU without ESTABLISHED for the ULP diverges; no REQ at all is
	 * a run that measured nothing; an active line without its event is
	 * malformed */
	CHECK(roce_report_over(
		      con, sizeof(con), ROCE_ALL,
		      "LIVE_ROCE_CASE 28 a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1 "
		      "req=ok event=REJECTED status=28",
		      rep, sizeof(rep)) == 0 &&
	      strstr(rep, "52 conform, 1 diverge"));
	CHECK(roce_report_over(
		      con, sizeof(con), ROCE_ALL,
		      "LIVE_ROCE_CASE 28 a-rep answer=noreq reason=0 rcvd=-1 icrc=- frames=0 "
		      "event=- status=0",
		      rep, sizeof(rep)) == 1 &&
	      strstr(rep, "a-rep: the connector sent no REQ"));
	CHECK(roce_report_over(
		      con, sizeof(con), ROCE_ALL,
		      "LIVE_ROCE_CASE 28 a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1", rep,
		      sizeof(rep)) == 1 &&
	      strstr(rep, "malformed: LIVE_ROCE_CASE 28"));
	/* make compliance's rows: each case's clause and Linux end */
	{
		static char js[32768];
		FILE *j = fmemopen(js, sizeof(js), "w"), *f = fmemopen(rep, sizeof(rep), "w");

		roce_console(con, sizeof(con), ROCE_ALL,
			     "LIVE_ROCE_CASE 0 req-listener answer=none reason=0 rcvd=1 icrc=- "
			     "frames=0");
		CHECK(j && f && live_roce_report(con, strlen(con), 0, SIZE_MAX, f, j) == 0);
		if (j)
			fclose(j);
		if (f)
			fclose(f);
		CHECK(strncmp(js, "{\"suite\":\"roce\",\"rows\":[", 24) == 0);
		CHECK(strstr(js,
			     "{\"impl\":\"ib_cm passive\",\"case\":\"req-listener\","
			     "\"clause\":\"ibcm-c12#req-1\",\"expect\":\"rep\",\"got\":\"none\","
			     "\"verdict\":\"diverges\"}") != NULL);
		CHECK(strstr(js, "\"case\":\"frame-bad-icrc\",\"clause\":\"roce-a17#icrc-1\"") !=
		      NULL);
		CHECK(strstr(js, "{\"impl\":\"ib_cm active\",\"case\":\"a-rep-remote-id-wrong\","
				 "\"clause\":\"ibcm-c12#rep-2\"") != NULL);
		CHECK(strstr(js, "\"case\":\"a-rej-ari-127\",\"clause\":\"ibcm-c12#rej-3\"") !=
		      NULL);
		CHECK(strstr(js, "\"case\":\"req-mtu-0\",\"clause\":\"ibcm-c12#req-3\"") != NULL);
	}
}

void live_unit_roce(int *pass, int *fail)
{
	test_roce();
	test_roce_active();
	*pass += passed;
	*fail += failed;
}
