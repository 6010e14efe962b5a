// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's cases, answers and report (live/roce), part of
 * tests/live_unit.c's program: each check able to fail, every report
 * failure with its control. */
#include "tests/live_unit_roce.h"
#include "tests/live_unit_roce_host.h"
#include "tests/live_unit_roce_random.h"

#include "live/roce/roce_live.h"
#include "live/roce/roce_mads.h"
#include "live/roce/roce_ulp.h"
#include "live/roce/roce_wire.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tests/check.h"

/* make live-roce's expectations and table (live/roce): each case's
 * expectation from the oracle, and the report's failures: a malformed
 * line, a missing case, the bad-ICRC control answered or counted, an ICRC
 * of rxe's the core calls bad; a divergence alone is a result */
/* a console of every case answered as a conforming side answers, then
 * the line over (NULL: none); skip is the index of a case whose line is
 * left out (the missing-case control), ROCE_ALL to keep every case */
#define ROCE_ALL SIZE_MAX
const uint8_t live_unit_linux_nfs_pd[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 3, 3 };

static void roce_console(char *out, size_t cap, size_t skip, const char *over)
{
	struct live_roce_case c;
	size_t used = 0;

	out[0] = '\0';
	for (size_t k = 0; live_roce_case(k, &c) && used < cap; k++) {
		static const char *const as[] = { "rep", "rej", "none", "rej",
						  "rtu", "rej", "none", "rep" };
		enum live_roce_expect x = live_roce_expected(&c);
		char ulp[32] = "", ev[48] = "";

		if (k == skip)
			continue;
		/* a ULP's REJ carries the status its oracle answers with,
		 * svcrdma's REP its RFC 8797 message (4 KiB each way) */
		if (c.ulp_allowed && x == LIVE_ROCE_X_REJ)
			snprintf(ulp, sizeof(ulp), " ulpsts=%u", c.ulp_sts);
		if (c.ulp == LIVE_ROCE_ULP_SVCRDMA && x == LIVE_ROCE_X_REP)
			snprintf(ulp, sizeof(ulp), " ulppd=f6ab0e1801000303");
		/* nvmet's REP: an accept, RECFMT 0 and CRQSIZE the REQ's
		 * HSQSIZE (octets 6 and 7 after rdma_cm's header) */
		if (c.ulp == LIVE_ROCE_ULP_NVMET && strcmp(as[x], "rep") == 0)
			snprintf(ulp, sizeof(ulp), " ulppd=0000%02x%02x", c.mad[164 + 36 + 6],
				 c.mad[164 + 36 + 7]);
		/* isert's REP: the header flags octet the judge wants */
		for (unsigned fl = 0; c.ulp == LIVE_ROCE_ULP_ISERT && fl < 0x100; fl += 0x40) {
			uint8_t pd[4] = { (uint8_t)fl, 0, 0, 0 };
			char why[96];

			if (live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)))
				snprintf(ulp, sizeof(ulp), " ulppd=%02x", fl);
		}
		/* xprtrdma: Linux's own message in its REQ (v1, R, 4 KiB
		 * each way), its first call and the oracle's thresholds */
		if (c.ulp == LIVE_ROCE_ULP_NFS_CLIENT) {
			size_t ts = 0, tr = 0;

			(void)live_roce_nfs_client_expect(c.ulp_case, live_unit_linux_nfs_pd,
							  sizeof(live_unit_linux_nfs_pd), &ts, &tr);
			snprintf(ulp, sizeof(ulp), " ulppd=f6ab0e1801010303");
			snprintf(ev, sizeof(ev), "CALL-%zu/%zu status=-1", ts, tr);
		}
		/* ib_iser: its REQ header (ISER_ZBVA_NOT_SUP), its Login
		 * after a REP that keeps its refusals, none after another */
		if (c.ulp == LIVE_ROCE_ULP_ISER_INITIATOR) {
			const char *w = live_roce_iser_initiator_expect(c.ulp_case, NULL, 0);

			snprintf(ulp, sizeof(ulp), " ulppd=80");
			snprintf(ev, sizeof(ev), "%s status=8",
				 w && strcmp(w, "continued") == 0 ? "LOGIN" : "NO_LOGIN");
		}
		used += (size_t)snprintf(
			out + used, cap - used,
			"LIVE_ROCE_CASE %zu %s answer=%s reason=0 rcvd=%d icrc=%s frames=1%s%s%s\n",
			k, c.name, as[x], x == LIVE_ROCE_X_SILENCE ? 0 : 1,
			x == LIVE_ROCE_X_SILENCE ? "-" : "ok", ulp,
			c.active ? " req=ok event=" : "",
			!c.active ? ""
			: ev[0]	  ? ev
			/* nvme-rdma: its first command after an accept it
			 * can use, none after another answer */
			: c.ulp == LIVE_ROCE_ULP_NVME_HOST
				? (live_roce_nvme_host_expect(c.ulp_case) == LIVE_NVME_GO_ON
					   ? "CAPSULE status=0"
					   : "NO_CAPSULE status=-5")
			: x == LIVE_ROCE_X_RTU ? "ESTABLISHED status=0"
					       : "REJECTED status=28");
	}
	if (over && used < cap)
		snprintf(out + used, cap - used, "%s\n", over);
}

bool live_unit_roce_named(const char *name, struct live_roce_case *c, size_t *k)
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
		rc = live_roce_report(con, strlen(con), 0, 0, NULL, f, NULL);
		fclose(f);
	}
	return rc;
}

/* nvmet's REP: the accept at the start of its private data (zeros
 * after it implied), RECFMT 0h and CRQSIZE the REQ's HSQSIZE, at most it
 * since the REQ asks for RNR retries ([nvme-rdma#fig6-4]); nvmet's own
 * HSQSIZE + 1 diverges */
static void test_roce_nvmet_rep(void)
{
	uint8_t pd[LIVE_ROCE_REP_PD] = { 0 };
	struct live_roce_case c;
	char why[96];
	size_t n = 0;

	CHECK(live_unit_roce_named("nvmet-base-admin", &c, &n) && (c.mad[74] & 7) != 0 &&
	      live_roce_ulp_reads_rep(c.ulp));
	pd[2] = 31; /* the admin request's HSQSIZE */
	CHECK(live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strstr(why, "CRQSIZE 31 for HSQSIZE 31, RNR retry"));
	pd[2] = 30; /* fewer: allowed with RNR flow control */
	CHECK(live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)));
	pd[2] = 32; /* nvmet's HSQSIZE + 1 */
	CHECK(!live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strcmp(live_roce_ulp_rep_clause(&c, pd, sizeof(pd)), "nvme-rdma#fig6-4") == 0);
	/* a short REP is an accept padded with zeros, whatever lies past
	 * it: CRQSIZE 0, at most HSQSIZE */
	CHECK(live_roce_ulp_rep(&c, pd, 2, why, sizeof(why)) &&
	      strstr(why, "CRQSIZE 0 for HSQSIZE 31"));
	pd[2] = 31;
	pd[0] = 1; /* RECFMT 1h */
	CHECK(!live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strcmp(live_roce_ulp_rep_clause(&c, pd, sizeof(pd)), "nvme-rdma#fig6-2") == 0);
	/* without RNR retries, CRQSIZE must equal HSQSIZE ([nvme-rdma#fig6-3]) */
	c.mad[74] &= 0xF8;
	pd[0] = 0;
	pd[2] = 30;
	CHECK(!live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strstr(why, "no RNR retry") &&
	      strcmp(live_roce_ulp_rep_clause(&c, pd, sizeof(pd)), "nvme-rdma#fig6-3") == 0);
}

/* svcrdma's rows: its port, the NFS case's octets after rdma_cm's
 * header (a case longer than 56 octets keeps its last 56), a REP
 * expected of each, the clause by what the octets hold; its REP's
 * message judged by the oracle */
static void test_roce_svcrdma(void)
{
	static const uint8_t msg4k[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0, 3, 3 };
	uint8_t pd[LIVE_ROCE_REP_PD] = { 0 };
	struct live_roce_case c;
	char why[96];
	size_t n = 0;

	CHECK(live_unit_roce_named("svcrdma-v1-4k-R", &c, &n) && c.listener &&
	      c.ulp == LIVE_ROCE_ULP_SVCRDMA && c.mad[24 + 8 + 6] == 0x4e &&
	      c.mad[24 + 8 + 7] == 0x51 && /* 20049 = 0x4e51 */
	      c.mad[164 + 36] == 0xf6 && c.mad[164 + 36 + 5] == 1 && c.mad[164 + 36 + 8] == 0 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-2") == 0 &&
	      strcmp(live_roce_ulp_name(c.ulp), "svcrdma") == 0);
	CHECK(live_unit_roce_named("svcrdma-no-pd", &c, &n) &&
	      strcmp(live_roce_clause(&c), "rfc8797#5.1-1") == 0);
	CHECK(live_unit_roce_named("svcrdma-version-2", &c, &n) &&
	      strcmp(live_roce_clause(&c), "rfc8797#5.2-1") == 0 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP);
	CHECK(live_unit_roce_named("svcrdma-reserved-bits-1k", &c, &n) &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-6") == 0);
	CHECK(live_unit_roce_named("svcrdma-full-196-4k", &c, &n) && c.mad[164 + 36 + 47] == 0xA5 &&
	      c.mad[164 + 36 + 48] == 0xf6 && c.mad[255] == 3 &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-2") == 0);
	/* the REP's message: none, a good one, Reserved bits set; a REJ
	 * diverges whatever it carries */
	CHECK(live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strcmp(why, "no RFC 8797 message") == 0);
	memcpy(pd + 1, msg4k, sizeof(msg4k));
	CHECK(live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strcmp(why, "v1 at 1, R 0, send 4096, receive 4096") == 0);
	pd[1 + 5] = 0x81;
	CHECK(!live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) &&
	      strstr(why, "Reserved bits 0x80") != NULL);
	CHECK(!live_roce_verdict(&c, LIVE_ROCE_REJ, -1) &&
	      live_roce_verdict(&c, LIVE_ROCE_REP, -1));
	/* isert's rows: the iSER suite's hostile initiator's cases only, the
	 * header first (a case longer than 56 octets keeps its first 56);
	 * its REP's header is the core's answer, the oracle agreeing */
	CHECK(live_unit_roce_named("isert-i-linux", &c, &n) && c.ulp == LIVE_ROCE_ULP_ISERT &&
	      c.mad[24 + 8 + 6] == 0x0c && c.mad[24 + 8 + 7] == 0xbc && /* 3260 = 0x0cbc */
	      c.mad[164 + 36] == 0xc0 && live_roce_expected(&c) == LIVE_ROCE_X_REP &&
	      strcmp(live_roce_clause(&c), "iser-a12#rep-1") == 0 &&
	      live_roce_ulp_reads_rep(c.ulp) && strcmp(live_roce_ulp_name(c.ulp), "isert") == 0);
	CHECK(!live_unit_roce_named("isert-t-ok", &c, &n) && !live_unit_roce_named("t-ok", &c, &n));
	/* iSER's session case is a login over the connection: not a REQ */
	CHECK(!live_unit_roce_named("isert-i-logout-then-close", &c, &n));
	{
		/* i-linux refuses both: isert answers "neither used" (0xc0);
		 * i-both-supported: Send with Invalidate used (0x80) */
		uint8_t rep[4] = { 0xc0, 0, 0, 0 };

		CHECK(live_unit_roce_named("isert-i-linux", &c, &n) &&
		      live_roce_ulp_rep(&c, rep, sizeof(rep), why, sizeof(why)) &&
		      strcmp(why, "header c0000000") == 0);
		rep[0] = 0x80;
		CHECK(!live_roce_ulp_rep(&c, rep, sizeof(rep), why, sizeof(why)) &&
		      strcmp(why, "header 80000000, want c0000000") == 0);
		CHECK(live_unit_roce_named("isert-i-both-supported", &c, &n) &&
		      live_roce_ulp_rep(&c, rep, sizeof(rep), why, sizeof(why)));
		rep[3] = 1;
		CHECK(!live_roce_ulp_rep(&c, rep, sizeof(rep), why, sizeof(why)));
		CHECK(!live_roce_ulp_rep(&c, rep, 3, why, sizeof(why)));
		CHECK(live_unit_roce_named("isert-i-len-196", &c, &n) && c.mad[164 + 36] == 0x80 &&
		      c.mad[255] == 0);
	}
	/* the one judge, the guest's and the host's: svcrdma's REP with
	 * Reserved bits set diverges however good the answer; nvmet's REJ
	 * status read by the core's reader, none for another ULP */
	{
		static const uint8_t rej[4] = { 0, 0, 2, 0 },
				     bad[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0x80, 3, 3 };

		CHECK(live_unit_roce_named("svcrdma-v1-1k", &c, &n) &&
		      live_roce_judge(&c, LIVE_ROCE_REP, -1, NULL, pd, 0, why, sizeof(why)) &&
		      !live_roce_judge(&c, LIVE_ROCE_REP, -1, NULL, bad, sizeof(bad), why,
				       sizeof(why)) &&
		      strstr(why, "Reserved bits 0x80") != NULL &&
		      !live_roce_judge(&c, LIVE_ROCE_REJ, -1, NULL, NULL, 0, why, sizeof(why)) &&
		      live_roce_ulp_rej_status(&c, rej, sizeof(rej)) == -1);
		CHECK(live_unit_roce_named("nvmet-recfmt-1", &c, &n) &&
		      live_roce_ulp_rej_status(&c, rej, sizeof(rej)) == 2 &&
		      live_roce_ulp_rej_status(&c, rej, 3) == -1 &&
		      live_roce_judge(&c, LIVE_ROCE_REJ, 2, NULL, NULL, 0, why, sizeof(why)));
	}
	/* no other ULP's REP is read */
	CHECK(live_unit_roce_named("req-listener", &c, &n) && c.ulp == LIVE_ROCE_ULP_NONE &&
	      live_roce_ulp_rep(&c, pd, sizeof(pd), why, sizeof(why)) && why[0] == '\0' &&
	      live_roce_ulp_name(c.ulp) == NULL);
}

/* the table: at least 150 cases a role, each named once, the two good
 * REQs and the bad-ICRC control first (CI's smoke runs them), qp1-after-
 * last (finding 23 leaves QP1 dead behind it) */
/* the random rows: the good REQ with 2 to 4 of its fields drawn from
 * each row's seed, its Service ID kept (the listener's), the same octets
 * on every build, and the oracle deciding each one's expectation */
static void test_roce_random(void)
{
	struct live_roce_case c, again;
	size_t first = 0, rows = 0, rep = 0, no_rep = 0;

	CHECK(live_unit_roce_named("rnd-req-0", &c, &first));
	for (size_t k = first; live_roce_case(k, &c) && strncmp(c.name, "rnd-req-", 8) == 0; k++) {
		uint8_t good[RDMANEG_IBCM_MAD_LEN];
		uint64_t sid = 0, want = 0;
		enum live_roce_expect x = live_roce_expected(&c);

		rows++;
		live_roce_good_req(good, 0x52000000u + (uint32_t)k, LIVE_ROCE_PORT,
				   (uint16_t)(40000 + k));
		(void)rdmaneg_ibcm_get(c.mad, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_SERVICE_ID,
				       &sid);
		(void)rdmaneg_ibcm_get(good, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_SERVICE_ID,
				       &want);
		CHECK(sid == want && c.listener && memcmp(c.mad, good, sizeof(good)) != 0 &&
		      strcmp(live_roce_clause(&c), "ibcm-c12#req-1") == 0);
		CHECK(live_roce_case(k, &again) && memcmp(c.mad, again.mad, sizeof(c.mad)) == 0);
		rep += x == LIVE_ROCE_X_REP;
		no_rep += x == LIVE_ROCE_X_NO_REP;
	}
	CHECK(rows == 40 && rep + no_rep == rows && rep > 0 && no_rep > 0);
}

static void test_roce_table(void)
{
	size_t n = live_roce_case_count(), active = 0, passive = 0, dup = 0;
	struct live_roce_case c, d;

	for (size_t k = 0; live_roce_case(k, &c); k++) {
		c.active ? active++ : passive++;
		for (size_t j = k + 1; live_roce_case(j, &d); j++)
			dup += strcmp(c.name, d.name) == 0;
	}
	CHECK(active >= 150 && passive >= 150 && active + passive == n && dup == 0);
	CHECK(!live_roce_case(n, &c));
	CHECK(live_roce_case(n - 1, &c) && strcmp(c.name, "qp1-after-mad-len-260") == 0);
	CHECK(!live_unit_roce_named("a-rej-reason-3", &c, &n)); /* the peer's own REJ's */
	/* the passive sweeps: the answer named by the ID the REQ carries, no
	 * listener for another Service ID or destination, octet strings
	 * filled, another message where the REQ would be */
	CHECK(live_unit_roce_named("req-local-comm-id-0", &c, &n) && c.comm_id == 0 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP);
	CHECK(live_unit_roce_named("req-service-id-max", &c, &n) && !c.listener &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REJ);
	CHECK(live_unit_roce_named("cma-dst-0", &c, &n) && !c.listener &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#cma-2") == 0);
	CHECK(live_unit_roce_named("cma-port-max", &c, &n) && c.listener &&
	      c.mad[164 + 2] == 0xFF && c.mad[164 + 3] == 0xFF &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP);
	CHECK(live_unit_roce_named("cma-ip-version-7", &c, &n) && c.mad[165] == 0x70 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_REP);
	CHECK(live_unit_roce_named("pd-ulp-max", &c, &n) && c.mad[164 + 36] == 0xFF &&
	      c.mad[255] == 0xFF && c.mad[164 + 35] != 0xFF &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#cma-1") == 0);
	CHECK(live_unit_roce_named("req-primary-local-gid-max", &c, &n) && c.mad[24 + 56] == 0xFF &&
	      c.mad[24 + 71] == 0xFF && c.mad[24 + 72] == 0);
	CHECK(live_unit_roce_named("req-alternate-local-gid-max", &c, &n) &&
	      !live_unit_roce_named("req-alternate-local-gid-0", &d, &n));
	CHECK(live_unit_roce_named("mad-tid-max", &c, &n) && c.mad[8] == 0xFF && c.mad[15] == 0xFF);
	CHECK(live_unit_roce_named("idle-dreq", &c, &n) && c.mad[17] == RDMANEG_IBCM_DREQ &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_REP &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#dreq-1") == 0);
	CHECK(live_unit_roce_named("idle-sidr-req", &c, &n) && c.mad[17] == RDMANEG_IBCM_SIDR_REQ &&
	      c.mad[24] == (uint8_t)(c.comm_id >> 24) && c.mad[27] == (uint8_t)c.comm_id);
	CHECK(live_unit_roce_named("frame-dest-qp-max", &c, &n) && c.frame.dest_qp == 0xFFFFFF &&
	      live_roce_expected(&c) == LIVE_ROCE_X_SILENCE);
	CHECK(!live_unit_roce_named("req-partition-key-max", &c, &n)); /* the good REQ's 0xffff */
	/* nvmet's rows: its port, the NVMe case's octets after rdma_cm's
	 * header and zeros after them, the NVMe oracle's answers; a REJ
	 * conforms only with a status the oracle allows */
	CHECK(live_unit_roce_named("nvmet-base-admin", &c, &n) && c.listener &&
	      (c.ulp_allowed & 1u) && c.mad[24 + 8 + 6] == 0x11 &&
	      c.mad[24 + 8 + 7] == 0x44 && /* 4420 = 0x1144 */
	      c.mad[164 + 36 + 4] == 32 && c.mad[164 + 36 + 6] == 31 && c.mad[164 + 36 + 32] == 0);
	CHECK(live_unit_roce_named("nvmet-recfmt-1", &c, &n) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REJ && c.ulp_sts == 2 &&
	      strcmp(live_roce_clause(&c), "nvme-rdma#fig5-2") == 0 &&
	      live_roce_verdict(&c, LIVE_ROCE_REJ, 2) && !live_roce_verdict(&c, LIVE_ROCE_REJ, 0) &&
	      !live_roce_verdict(&c, LIVE_ROCE_REJ, -1) &&
	      !live_roce_verdict(&c, LIVE_ROCE_REP, -1));
	/* over the IB CM a short record is followed by zeros: len-8 is the
	 * admin request's first 8 octets, a CNTLID of 0 after them */
	CHECK(live_unit_roce_named("nvmet-len-8", &c, &n) && (c.ulp_allowed & 1u) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_ANSWER &&
	      live_roce_verdict(&c, LIVE_ROCE_REP, -1) &&
	      live_roce_verdict(&c, LIVE_ROCE_MRA, -1) &&
	      !live_roce_verdict(&c, LIVE_ROCE_NONE, -1));
	CHECK(live_unit_roce_named("nvmet-len-0", &c, &n) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REJ);
	test_roce_nvmet_rep();
	test_roce_svcrdma();
	test_roce_random();
}

static void test_roce(void)
{
	static char con[131072], rep[131072], want[64];
	size_t n = live_roce_case_count(), ka = 0;
	struct live_roce_also also = { .n = 1 };
	struct live_roce_case c;
	FILE *f;

	test_roce_table();
	CHECK(live_unit_roce_named("a-rep", &c, &ka));
	also.k[0] = ka;
	CHECK(live_roce_case(0, &c) && strcmp(c.name, "req-listener") == 0 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP && c.frame.dest_qp == 1 &&
	      c.frame.qkey == RDMANEG_ROCE_QKEY_GSI && c.mad_len == 256);
	CHECK(live_roce_case(1, &c) && live_roce_expected(&c) == LIVE_ROCE_X_REJ && !c.listener);
	CHECK(live_roce_case(2, &c) && strcmp(c.name, "frame-bad-icrc") == 0 &&
	      c.frame.icrc_xor != 0 && live_roce_expected(&c) == LIVE_ROCE_X_SILENCE);
	CHECK(live_roce_case(6, &c) && c.mad_len == 255 && c.frame.pad == 1 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_REP);
	CHECK(live_roce_case(n - 1, &c) && c.follow && c.mad_len == 260 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REP);
	CHECK(live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_REJ) &&
	      live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_NONE) &&
	      !live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_REP) &&
	      !live_roce_conforms(LIVE_ROCE_X_SILENCE, LIVE_ROCE_REJ));
	/* every case conforming */
	CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, NULL, rep, sizeof(rep)) == 0);
	snprintf(want, sizeof(want), "%zu conform, 0 diverge", n);
	CHECK(strstr(rep, want) != NULL);
	/* a divergence is a result, not a failure */
	CHECK(roce_report_over(
		      con, sizeof(con), 0,
		      "LIVE_ROCE_CASE 0 req-listener answer=none reason=0 rcvd=1 icrc=- frames=0",
		      rep, sizeof(rep)) == 0);
	snprintf(want, sizeof(want), "%zu conform, 1 diverge", n - 1);
	CHECK(strstr(rep, want) != NULL);
	/* the failures */
	CHECK(roce_report_over(con, sizeof(con), 5, NULL, rep, sizeof(rep)) == 1);
	CHECK(strstr(rep, "frame-qkey-0") && strstr(rep, "missing"));
	CHECK(roce_report_over(
		      con, sizeof(con), 2,
		      "LIVE_ROCE_CASE 2 frame-bad-icrc answer=none reason=0 rcvd=1 icrc=- frames=0",
		      rep, sizeof(rep)) == 1);
	CHECK(strstr(rep, "control failed: frame-bad-icrc") != NULL);
	CHECK(roce_report_over(
		      con, sizeof(con), 3,
		      "LIVE_ROCE_CASE 3 frame-tver-1 answer=rej reason=8 rcvd=1 icrc=bad frames=1",
		      rep, sizeof(rep)) == 1);
	CHECK(strstr(rep, "ICRC the core calls bad") != NULL);
	CHECK(roce_report_over(con, sizeof(con), ROCE_ALL,
			       "LIVE_ROCE_CASE 4 frame-qkey-0 answer=rep", rep, sizeof(rep)) == 1);
	CHECK(strstr(rep, "malformed: LIVE_ROCE_CASE 4") != NULL);
	/* a case the guest died in (live/roce/roce.sh's line, active or
	 * passive): a divergence, not a failure */
	{
		size_t kn = 0, ka2 = 0;
		char died[2][160];

		CHECK(live_unit_roce_named("nvmet-io-hsqsize-ffff", &c, &kn) &&
		      live_unit_roce_named("a-rep-twice", &c, &ka2));
		snprintf(
			died[0], sizeof(died[0]),
			"LIVE_ROCE_CASE %zu nvmet-io-hsqsize-ffff answer=died reason=0 rcvd=-1 icrc=- "
			"frames=0",
			kn);
		snprintf(
			died[1], sizeof(died[1]),
			"LIVE_ROCE_CASE %zu a-rep-twice answer=died reason=0 rcvd=-1 icrc=- frames=0",
			ka2);
		for (int i = 0; i < 2; i++) {
			CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, died[i], rep,
					       sizeof(rep)) == 0);
			snprintf(want, sizeof(want), "%zu conform, 1 diverge", n - 1);
			CHECK(strstr(rep, want) && strstr(rep, "(the guest died: findings.txt)"));
		}
		CHECK(!live_roce_conforms(LIVE_ROCE_X_NO_REP, LIVE_ROCE_DIED) &&
		      !live_roce_conforms(LIVE_ROCE_X_NO_RTU, LIVE_ROCE_DIED));
	}
	/* svcrdma's REP: its message read from ulppd= (zeros after it
	 * implied); Reserved bits set diverge; a REP without ulppd=, or
	 * ulppd= not hex, is malformed */
	{
		size_t ks = 0;
		char line[4][200];
		static const char *const pds[] = { "f6ab0e1801800303", "-", "", "f6ab0e180" };

		CHECK(live_unit_roce_named("svcrdma-v1-1k", &c, &ks));
		for (int i = 0; i < 4; i++)
			snprintf(line[i], sizeof(line[i]),
				 "LIVE_ROCE_CASE %zu svcrdma-v1-1k answer=rep reason=0 rcvd=1 "
				 "icrc=ok frames=1%s%s",
				 ks, pds[i][0] ? " ulppd=" : "", pds[i]);
		CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line[0], rep, sizeof(rep)) == 0);
		snprintf(want, sizeof(want), "%zu conform, 1 diverge", n - 1);
		CHECK(strstr(rep, want) && strstr(rep, "Reserved bits 0x80 set"));
		CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line[1], rep, sizeof(rep)) == 0);
		snprintf(want, sizeof(want), "%zu conform, 0 diverge", n);
		CHECK(strstr(rep, want) && strstr(rep, "(svcrdma's REP: no RFC 8797 message)"));
		for (int i = 2; i < 4; i++) {
			CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line[i], rep,
					       sizeof(rep)) == 1);
			CHECK(strstr(rep, "malformed: LIVE_ROCE_CASE") != NULL);
		}
	}
	/* xprtrdma's row: its thresholds and its REQ's message from the
	 * line; other thresholds diverge, a REQ message not hex is malformed */
	{
		size_t kx = 0;
		char line[2][220];

		CHECK(live_unit_roce_named("h-nfs-offset-1-4k", &c, &kx));
		snprintf(line[0], sizeof(line[0]),
			 "LIVE_ROCE_CASE %zu h-nfs-offset-1-4k answer=rtu reason=0 rcvd=3 icrc=ok "
			 "frames=3 req=ok event=CALL-1024/1024 status=-1 ulppd=f6ab0e1801010303",
			 kx);
		snprintf(line[1], sizeof(line[1]),
			 "LIVE_ROCE_CASE %zu h-nfs-offset-1-4k answer=rtu reason=0 rcvd=3 icrc=ok "
			 "frames=3 req=ok event=CALL-4096/4096 status=-1 ulppd=f6ab0e180",
			 kx);
		CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line[0], rep, sizeof(rep)) == 0);
		snprintf(want, sizeof(want), "%zu conform, 1 diverge", n - 1);
		CHECK(strstr(rep, want) &&
		      strstr(rep, "(xprtrdma: CALL-1024/1024, mount exit -1; thresholds "
				  "1024/1024, want 4096/4096)"));
		CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line[1], rep, sizeof(rep)) ==
			      1 &&
		      strstr(rep, "malformed: LIVE_ROCE_CASE") != NULL);
	}
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
	CHECK(f && live_roce_report(con, strlen(con), 0, 3, NULL, f, NULL) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "3 conform, 0 diverge") != NULL);
	/* --also's list */
	{
		struct live_roce_also t;

		CHECK(live_roce_also_parse("12,0,7", &t) && t.n == 3 && t.k[0] == 12 &&
		      t.k[2] == 7 && live_roce_also_has(&t, 0) && !live_roce_also_has(&t, 1) &&
		      !live_roce_also_has(NULL, 0));
		CHECK(!live_roce_also_parse("", &t) && t.n == 0 &&
		      !live_roce_also_parse("1,", &t) && !live_roce_also_parse("x", &t) &&
		      !live_roce_also_parse("-1", &t) &&
		      !live_roce_also_parse("1,2,3,4,5,6,7,8,9", &t) &&
		      live_roce_also_parse("1,2,3,4,5,6,7,8", &t));
		/* names: the index of each */
		CHECK(live_roce_also_parse("a-rep,2,req-listener", &t) && t.n == 3 &&
		      t.k[0] == ka && t.k[1] == 2 && t.k[2] == 0);
		CHECK(!live_roce_also_parse("a-rep,no-such-case", &t) && t.n == 0 &&
		      !live_roce_also_parse("a-re", &t) && !live_roce_also_parse("2x", &t) &&
		      !live_roce_also_parse("a-rep,,1", &t));
	}
	/* CI's smoke: those and a-rep; without its line, missing */
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, 3, &also, f, NULL) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "a-rep") && strstr(rep, "missing"));
	{
		size_t used = strlen(con);

		snprintf(con + used, sizeof(con) - used,
			 "LIVE_ROCE_CASE %zu a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1 "
			 "req=ok event=ESTABLISHED status=0\n",
			 ka);
	}
	f = fmemopen(rep, sizeof(rep), "w");
	CHECK(f && live_roce_report(con, strlen(con), 0, 3, &also, f, NULL) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(rep, "4 conform, 0 diverge") != NULL);
}

/* the active cases: each answer built from the model REQ as the core
 * reads it, and the report's judgement of what Linux did */
static void test_roce_active(void)
{
	static char con[131072], rep[131072];
	char line[256], want[64];
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	struct rdmaneg_ibcm_msg m;
	struct live_roce_case c;
	unsigned d = 0;
	size_t k, n = live_roce_case_count(), ka = 0;
	uint64_t v = 0;

	live_roce_model_req(req);
	CHECK(rdmaneg_ibcm_passive_check(req, sizeof(req), &m, &d) == RDMANEG_OK && d == 0);
	CHECK(live_unit_roce_named("a-rep", &c, &ka) && c.active &&
	      live_roce_expected(&c) == LIVE_ROCE_X_RTU);
	CHECK(rdmaneg_ibcm_active_check(c.mad, c.mad_len, req, sizeof(req), &m, &d) == RDMANEG_OK &&
	      d == 0 && m.attr == RDMANEG_IBCM_REP);
	/* a good REP's RTU without the ULP's ESTABLISHED diverges, in the
	 * guest's verdict as in the table */
	CHECK(live_roce_judge(&c, LIVE_ROCE_RTU, -1, "ESTABLISHED", NULL, 0, NULL, 0) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "REJECTED", NULL, 0, NULL, 0) &&
	      !live_roce_judge(&c, LIVE_ROCE_NONE, -1, "ESTABLISHED", NULL, 0, NULL, 0));
	CHECK(live_unit_roce_named("a-rep-remote-id-wrong", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_RTU &&
	      rdmaneg_ibcm_active_check(c.mad, c.mad_len, req, sizeof(req), &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_COMM_ID);
	CHECK(live_unit_roce_named("a-rep-responder-resources-above", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_RTU &&
	      rdmaneg_ibcm_active_check(c.mad, c.mad_len, req, sizeof(req), &m, &d) == RDMANEG_OK &&
	      d == RDMANEG_IBCM_D_RESOURCES);
	CHECK(live_unit_roce_named("a-mra-then-rep", &c, &k) &&
	      live_roce_answer(&c, req, 7, out) == 2 &&
	      rdmaneg_ibcm_decode(out[0], sizeof(out[0]), &m, &d) == RDMANEG_OK &&
	      m.attr == RDMANEG_IBCM_MRA && m.local_id == 7 && d == 0);
	CHECK(live_unit_roce_named("a-rep-twice", &c, &k) &&
	      live_roce_answer(&c, req, 7, out) == 2 &&
	      memcmp(out[0], out[1], sizeof(out[0])) == 0);
	CHECK(live_unit_roce_named("a-rej-ari-127", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_QUIET &&
	      rdmaneg_ibcm_decode(c.mad, c.mad_len, &m, &d) == RDMANEG_OK &&
	      m.attr == RDMANEG_IBCM_REJ && (d & RDMANEG_IBCM_D_INFO_LEN));
	CHECK(live_roce_case(0, &c) && live_roce_answer(&c, req, 7, out) == 0);
	/* the sweeps: a REP field at an edge (the peer then waits on the ID
	 * it sent), an MRA alone, a REJ before the REP, another message in
	 * the REP's place or after it, a REJ of every reason with its info */
	CHECK(live_unit_roce_named("a-rep-local-comm-id-0", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_RTU && live_roce_answer(&c, req, 7, out) == 1 &&
	      rdmaneg_ibcm_decode(out[0], sizeof(out[0]), &m, &d) == RDMANEG_OK &&
	      m.attr == RDMANEG_IBCM_REP && m.local_id == 0);
	CHECK(live_unit_roce_named("a-mra-only", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_QUIET &&
	      live_roce_answer(&c, req, 7, out) == 1 &&
	      rdmaneg_ibcm_decode(out[0], sizeof(out[0]), &m, &d) == RDMANEG_OK &&
	      m.attr == RDMANEG_IBCM_MRA);
	CHECK(live_unit_roce_named("a-rej-then-rep", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_RTU &&
	      live_roce_answer(&c, req, 7, out) == 2 && out[0][17] == RDMANEG_IBCM_REJ &&
	      out[1][17] == RDMANEG_IBCM_REP);
	CHECK(live_unit_roce_named("a-dreq-instead-of-rep", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_NO_RTU &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#dreq-1") == 0 &&
	      live_roce_answer(&c, req, 7, out) == 1 &&
	      rdmaneg_ibcm_get(out[0], sizeof(out[0]), RDMANEG_IBCM_F_DREQ_REMOTE_QPN, &v) ==
		      RDMANEG_OK &&
	      v == ((uint64_t)req[24 + 32] << 16 | (uint64_t)req[24 + 33] << 8 | req[24 + 34]));
	CHECK(live_unit_roce_named("a-rep-then-dreq", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_RTU && live_roce_answer(&c, req, 7, out) == 2 &&
	      out[0][17] == RDMANEG_IBCM_REP && out[1][17] == RDMANEG_IBCM_DREQ);
	CHECK(live_unit_roce_named("a-attr-0x20-instead-of-rep", &c, &k) &&
	      live_roce_answer(&c, req, 7, out) == 1 && out[0][16] == 0 && out[0][17] == 0x20);
	CHECK(live_unit_roce_named("a-rej-reason-24-ari-72", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_QUIET &&
	      rdmaneg_ibcm_get(c.mad, c.mad_len, RDMANEG_IBCM_F_REJ_REASON, &v) == RDMANEG_OK &&
	      v == 24 &&
	      rdmaneg_ibcm_get(c.mad, c.mad_len, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH, &v) ==
		      RDMANEG_OK &&
	      v == 72);
	CHECK(live_unit_roce_named("a-mra-message-3-then-rep", &c, &k) &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#mra-2") == 0 &&
	      live_roce_expected(&c) == LIVE_ROCE_X_RTU);
	CHECK(live_unit_roce_named("a-rej-message-3", &c, &k) &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#rej-2") == 0);
	/* an RTU without ESTABLISHED for the ULP diverges; no REQ at all is
	 * a run that measured nothing; an active line without its event is
	 * malformed */
	snprintf(line, sizeof(line),
		 "LIVE_ROCE_CASE %zu a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1 "
		 "req=ok event=REJECTED status=28",
		 ka);
	snprintf(want, sizeof(want), "%zu conform, 1 diverge", n - 1);
	CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line, rep, sizeof(rep)) == 0 &&
	      strstr(rep, want));
	snprintf(line, sizeof(line),
		 "LIVE_ROCE_CASE %zu a-rep answer=noreq reason=0 rcvd=-1 icrc=- frames=0 "
		 "event=- status=0",
		 ka);
	CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line, rep, sizeof(rep)) == 1 &&
	      strstr(rep, "a-rep: the connector sent no REQ"));
	snprintf(line, sizeof(line),
		 "LIVE_ROCE_CASE %zu a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1", ka);
	snprintf(want, sizeof(want), "malformed: LIVE_ROCE_CASE %zu", ka);
	CHECK(roce_report_over(con, sizeof(con), ROCE_ALL, line, rep, sizeof(rep)) == 1 &&
	      strstr(rep, want));
	/* make compliance's rows: each case's clause and Linux end */
	{
		static char js[131072];
		FILE *j = fmemopen(js, sizeof(js), "w"), *f = fmemopen(rep, sizeof(rep), "w");

		roce_console(con, sizeof(con), ROCE_ALL,
			     "LIVE_ROCE_CASE 0 req-listener answer=none reason=0 rcvd=1 icrc=- "
			     "frames=0");
		CHECK(j && f && live_roce_report(con, strlen(con), 0, 0, NULL, f, j) == 0);
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
		/* a conforming accept is the row of the request's clause */
		CHECK(strstr(js, "{\"impl\":\"nvmet\",\"case\":\"nvmet-base-admin\","
				 "\"clause\":\"nvme-rdma#fig5-1\",\"expect\":\"answer\","
				 "\"got\":\"rep\",\"verdict\":\"conforms\"}") != NULL);
	}
	/* nvmet's own accept (CRQSIZE HSQSIZE + 1) diverges, as a row of the
	 * accept's clause */
	{
		static char js[131072];
		FILE *j = fmemopen(js, sizeof(js), "w"), *f = fmemopen(rep, sizeof(rep), "w");

		CHECK(live_unit_roce_named("nvmet-base-admin", &c, &k));
		snprintf(line, sizeof(line),
			 "LIVE_ROCE_CASE %zu nvmet-base-admin answer=rep reason=0 rcvd=1 icrc=ok "
			 "frames=1 ulppd=00002000",
			 k);
		roce_console(con, sizeof(con), k, line);
		CHECK(j && f && live_roce_report(con, strlen(con), 0, 0, NULL, f, j) == 0);
		if (j)
			fclose(j);
		if (f)
			fclose(f);
		snprintf(want, sizeof(want), "%zu conform, 1 diverge", n - 1);
		CHECK(strstr(rep, want) &&
		      strstr(rep, "(nvmet's REP: RECFMT 0, CRQSIZE 32 for HSQSIZE 31, RNR retry") &&
		      strstr(rep, "1 diverge (1 of them by the ULP's REP private data alone)"));
		CHECK(strstr(js,
			     "\"case\":\"nvmet-base-admin\",\"clause\":\"nvme-rdma#fig6-4\","
			     "\"expect\":\"answer\",\"got\":\"rep\",\"verdict\":\"diverges\"}") !=
		      NULL);
	}
}

/* the table's frames against tshark's lines: its own lines pass; a
 * field changed, a line missing or one too many fails with the case
 * named; an ICRC tshark left out passes, counted */
static void test_roce_wire(void)
{
	static char csv[262144], out[262144];
	char *nl;
	FILE *f = fmemopen(csv, sizeof(csv), "w");
	long n = f ? live_roce_wire_lines(f) : -1;
	size_t len;

	if (f)
		fclose(f);
	len = strlen(csv);
	CHECK(n > 300);
	f = fmemopen(out, sizeof(out), "w");
	CHECK(f && live_roce_wire_check(csv, len, f) == 0);
	if (f)
		fclose(f);
	CHECK(strstr(out, " 0 differ (ICRC: every frame's the oracle's, 0 of") != NULL);
	/* the first line's UDP checksum status 0 (tshark: bad) */
	nl = strchr(csv, ',');
	if (nl && nl[1] == '1') {
		nl[1] = '0';
		f = fmemopen(out, sizeof(out), "w");
		CHECK(f && live_roce_wire_check(csv, len, f) == 1);
		if (f)
			fclose(f);
		CHECK(strstr(out, "case 0 req-listener frame 0:") && strstr(out, " 1 differ"));
		nl[1] = '1';
	}
	/* the first line's ICRC left out */
	nl = strchr(csv, '\n');
	if (nl) {
		char *comma = nl;

		while (comma > csv && *comma != ',')
			comma--;
		memmove(comma + 1, nl, strlen(nl) + 1);
		f = fmemopen(out, sizeof(out), "w");
		CHECK(f && live_roce_wire_check(csv, strlen(csv), f) == 0);
		if (f)
			fclose(f);
		CHECK(strstr(out, "1 of them not shown by tshark") != NULL);
	}
	/* the last line missing, then one too many */
	len = strlen(csv);
	{
		size_t last = len > 0 ? len - 1 : 0;

		while (last > 0 && csv[last - 1] != '\n')
			last--;
		f = fmemopen(out, sizeof(out), "w");
		CHECK(f && live_roce_wire_check(csv, last, f) == 1);
		if (f)
			fclose(f);
		CHECK(strstr(out, "(no line)") && strstr(out, " 1 differ"));
	}
	snprintf(csv + len, sizeof(csv) - len, "4,1,4791\n");
	f = fmemopen(out, sizeof(out), "w");
	CHECK(f && live_roce_wire_check(csv, strlen(csv), f) == 1);
	if (f)
		fclose(f);
	CHECK(strstr(out, "a line past the table's frames: 4,1,4791") != NULL);
}

/* true if rep's row of case name says verdict */
static bool row_says(const char *rep, const char *name, const char *verdict)
{
	const char *at = strstr(rep, name), *nl = at ? strchr(at, '\n') : NULL;
	const char *v = at ? strstr(at, verdict) : NULL;

	return v && (!nl || v < nl);
}

/* nvmet's rows by the kernel's line: a REQ of HSQSIZE 128 (129 entries)
 * accepted (or refused for resources) conforms on 6.12 and later, whose I/O queues take 256 entries,
 * and diverges on 6.1 (128); the console's "Linux version" names the
 * line, none or an older one is judged as 6.1 and said */
static void test_roce_kernel_line(void)
{
	static char con[131072], rep[131072], over[256];
	struct live_roce_case c;
	size_t k = 0;

	(void)live_roce_ulp_kernel(NULL, NULL);
	CHECK(live_unit_roce_named("nvmet-io-hsqsize-128", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_REJ);
	CHECK(strcmp(live_roce_ulp_kernel("6.12.117+deb12-amd64", NULL), "6.12") == 0 &&
	      live_roce_case(k, &c) && live_roce_expected(&c) == LIVE_ROCE_X_ANSWER &&
	      (c.ulp_allowed & 1u));
	(void)live_roce_ulp_kernel(NULL, NULL);
	for (int v = 0; v < 3; v++) {
		static const char *const kernel[] = { "6.12.117+deb12-amd64", "6.1.0-56-amd64",
						      "5.10.0-30-amd64" };

		snprintf(over, sizeof(over),
			 "[    0.000000] Linux version %s (debian-kernel@lists.debian.org)\n"
			 "LIVE_ROCE_CASE %zu nvmet-io-hsqsize-128 answer=rep reason=0 rcvd=1 "
			 "icrc=ok frames=1 ulppd=00008000",
			 kernel[v], k);
		CHECK(roce_report_over(con, sizeof(con), k, over, rep, sizeof(rep)) == 0);
		CHECK(row_says(rep, "nvmet-io-hsqsize-128", v == 0 ? "conforms" : "diverges"));
		CHECK(strstr(rep, v == 0   ? "Linux 6.12's limits (I/O queues of 256 entries) on "
					     "6.12.117+deb12-amd64\n"
				  : v == 1 ? "Linux 6.1's limits (I/O queues of 128 entries) on "
					     "6.1.0-56-amd64\n"
					   : "on 5.10.0-30-amd64, assumed: no line read") != NULL);
	}
	(void)live_roce_ulp_kernel(NULL, NULL);
}

void live_unit_roce(int *pass, int *fail)
{
	test_roce();
	test_roce_kernel_line();
	test_roce_active();
	test_roce_wire();
	live_unit_roce_host(pass, fail);
	live_unit_roce_random(pass, fail);
	*pass += passed;
	*fail += failed;
}
