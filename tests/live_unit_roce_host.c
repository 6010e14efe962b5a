// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's active ULP rows (live/roce/roce_ulp.c): nvme-rdma's,
 * xprtrdma's and ib_iser's, the kernel connecting to the peer; part of
 * tests/live_unit.c's program, each check able to fail. */
#include "tests/live_unit_roce_host.h"

#include "live/roce/roce_live.h"
#include "live/roce/roce_ulp.h"
#include "tests/live_unit_roce.h"

#include <stdint.h>
#include <string.h>

#include "tests/check.h"

/* xprtrdma's rows: the NFS suite's server messages in the REP, the
 * client's thresholds judged by the oracle from both messages */
static void test_roce_nfs_client(void)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	static const uint8_t want[] = { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 3, 3 };
	struct live_roce_case c;
	size_t k = 0, s = 0, r = 0;
	char why[96];

	live_roce_model_req(req);
	CHECK(live_unit_roce_named("h-nfs-v1-4k-R", &c, &k) && c.active &&
	      c.ulp == LIVE_ROCE_ULP_NFS_CLIENT && live_roce_expected(&c) == LIVE_ROCE_X_RTU &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-9") == 0 &&
	      strcmp(live_roce_ulp_name(c.ulp), "xprtrdma") == 0);
	/* each row its own port: the NFS suite's hostile server's */
	CHECK(live_roce_nfs_client_port(c.ulp_case) == 20100 + c.ulp_case &&
	      live_roce_nfs_client_port(0) != live_roce_nfs_client_port(1));
	/* the REP carries the case's message at the start of its private
	 * data (octet 60 of the MAD), zeros after it */
	CHECK(live_roce_answer(&c, req, 0x53001234u, out) == 1 && out[0][17] == RDMANEG_IBCM_REP &&
	      memcmp(out[0] + 60, want, sizeof(want)) == 0 && out[0][68] == 0 && out[0][255] == 0);
	CHECK(live_roce_nfs_client_expect(c.ulp_case, live_unit_linux_nfs_pd,
					  sizeof(live_unit_linux_nfs_pd), &s, &r) &&
	      s == 4096 && r == 4096);
	CHECK(live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-4096/4096", live_unit_linux_nfs_pd,
			      sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      strstr(why, "thresholds 4096/4096, want 4096/4096") != NULL);
	/* the controls: other thresholds, no trace, no call, no REQ octets,
	 * no RTU */
	CHECK(!live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-1024/1024", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-4096/1024", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      strstr(why, "no xprtrdma_inline_thresh line") != NULL &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_CALL", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-4096/4096x", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-4096/4096", NULL, 0, why,
			       sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_NONE, -1, "CALL-4096/4096", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)));
	/* [rfc8797#5.2]: a message at offset 1 is found: 4 KiB each way,
	 * which a client reading at offset 0 alone misses */
	CHECK(live_unit_roce_named("h-nfs-offset-1-4k", &c, &k) &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-9") == 0 &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-4096/4096", live_unit_linux_nfs_pd,
			      sizeof(live_unit_linux_nfs_pd), why, sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CALL-1024/1024", live_unit_linux_nfs_pd,
			       sizeof(live_unit_linux_nfs_pd), why, sizeof(why)));
	/* the smaller of the two: the server's 1 KiB against the client's 4 */
	CHECK(live_unit_roce_named("h-nfs-v1-1k", &c, &k) &&
	      live_roce_nfs_client_expect(c.ulp_case, live_unit_linux_nfs_pd,
					  sizeof(live_unit_linux_nfs_pd), &s, &r) &&
	      s == 1024 && r == 1024);
	/* a message cut short is followed by zeros over the IB CM: the
	 * identifier alone reads as version 0, no message, so the defaults
	 * ([rfc8797#5.1-1]); 7 octets and a zero are a whole message of
	 * 1 KiB each way; no private data at all, the defaults */
	CHECK(live_unit_roce_named("h-nfs-short-4", &c, &k) &&
	      strcmp(live_roce_clause(&c), "rfc8797#5.2-1") == 0 &&
	      live_roce_nfs_client_expect(c.ulp_case, live_unit_linux_nfs_pd,
					  sizeof(live_unit_linux_nfs_pd), &s, &r) &&
	      s == 1024 && r == 1024);
	CHECK(live_unit_roce_named("h-nfs-short-7", &c, &k) &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-9") == 0 &&
	      live_roce_nfs_client_expect(c.ulp_case, live_unit_linux_nfs_pd,
					  sizeof(live_unit_linux_nfs_pd), &s, &r) &&
	      s == 1024 && r == 1024);
	CHECK(live_unit_roce_named("h-nfs-no-pd", &c, &k) &&
	      strcmp(live_roce_clause(&c), "rfc8797#5.1-1") == 0);
	CHECK(live_unit_roce_named("h-nfs-reserved-bits-1k", &c, &k) &&
	      strcmp(live_roce_clause(&c), "rfc8797#4-6") == 0);
	/* the client's own message absent: the defaults on its side too */
	CHECK(live_unit_roce_named("h-nfs-v1-256k", &c, &k) &&
	      live_roce_nfs_client_expect(c.ulp_case, NULL, 0, &s, &r) && s == 1024 && r == 1024);
	/* the tracepoint's "S/R": where it ends, or NULL */
	{
		unsigned long a = 0, b = 0;
		const char *in = "4096/1024, calc", *e = live_roce_nfs_pair(in, &a, &b);

		CHECK(e == in + 9 && a == 4096 && b == 1024);
		CHECK(!live_roce_nfs_pair("4096/", &a, &b) &&
		      !live_roce_nfs_pair("/1024", &a, &b) && !live_roce_nfs_pair("-1/2", &a, &b) &&
		      !live_roce_nfs_pair("4096-1024", &a, &b) &&
		      !live_roce_nfs_pair("99999999999999999999999/1", &a, &b));
	}
	CHECK(!live_roce_nfs_client_expect(live_roce_nfs_client_count(), live_unit_linux_nfs_pd,
					   sizeof(live_unit_linux_nfs_pd), &s, &r));
}

/* nvme-rdma's rows: the NVMe suite's accepts and rejects (not its
 * silent target or its MPA Replies), answered to the host's admin REQ,
 * the host's first command expected as the NVMe oracle reads each */
static void test_roce_nvme_host(void)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	struct live_roce_case c;
	uint64_t v = 0;
	size_t k = 0;

	live_roce_model_req(req);
	memset(req + 164 + 36, 0, 256 - 164 - 36); /* nvme-rdma's request ... */
	req[164 + 36 + 6] = 31;			   /* ... the admin queue's HSQSIZE */
	CHECK(live_roce_nvme_hsqsize(req) == 31);
	CHECK(live_unit_roce_named("h-nvme-accept-ok", &c, &k) && c.active &&
	      c.ulp == LIVE_ROCE_ULP_NVME_HOST && live_roce_expected(&c) == LIVE_ROCE_X_RTU &&
	      strcmp(live_roce_clause(&c), "nvme-rdma#fig6-2") == 0 &&
	      live_roce_nvme_host_expect(c.ulp_case) == LIVE_NVME_GO_ON &&
	      strcmp(live_roce_ulp_name(c.ulp), "nvme-rdma") == 0);
	/* the REP carries the accept built for the REQ's HSQSIZE, zeros after */
	CHECK(live_roce_answer(&c, req, 0x53001234u, out) == 1 && out[0][17] == RDMANEG_IBCM_REP &&
	      rdmaneg_ibcm_get(out[0], sizeof(out[0]), RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, &v) ==
		      RDMANEG_OK &&
	      out[0][60] == 0 && out[0][61] == 0 && out[0][62] == 31 && out[0][63] == 0 &&
	      out[0][60 + 32] == 0 && out[0][255] == 0);
	CHECK(live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CAPSULE", NULL, 0, NULL, 0) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_CAPSULE", NULL, 0, NULL, 0) &&
	      !live_roce_judge(&c, LIVE_ROCE_NONE, -1, "CAPSULE", NULL, 0, NULL, 0));
	/* an accept it cannot use: no command after it */
	CHECK(live_unit_roce_named("h-nvme-accept-recfmt-1", &c, &k) &&
	      live_roce_nvme_host_expect(c.ulp_case) == LIVE_NVME_GIVE_UP &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_CAPSULE", NULL, 0, NULL, 0) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CAPSULE", NULL, 0, NULL, 0));
	/* CRQSIZE past HSQSIZE binds the controller: either is conforming */
	CHECK(live_unit_roce_named("h-nvme-accept-crq-plus-1", &c, &k) &&
	      live_roce_nvme_host_expect(c.ulp_case) == LIVE_NVME_UNSEEN &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_CAPSULE", NULL, 0, NULL, 0) &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CAPSULE", NULL, 0, NULL, 0));
	/* a reject: a REJ of reason 28 (rdma_reject's), the reject after it */
	CHECK(live_unit_roce_named("h-nvme-reject-sts-6", &c, &k) &&
	      live_roce_expected(&c) == LIVE_ROCE_X_QUIET &&
	      strcmp(live_roce_clause(&c), "nvme-rdma#fig7-1") == 0 &&
	      live_roce_answer(&c, req, 0x53001234u, out) == 1 && out[0][17] == RDMANEG_IBCM_REJ &&
	      rdmaneg_ibcm_get(out[0], sizeof(out[0]), RDMANEG_IBCM_F_REJ_REASON, &v) ==
		      RDMANEG_OK &&
	      v == 28 && out[0][108] == 0 && out[0][110] == 6 && out[0][111] == 0);
	CHECK(live_roce_judge(&c, LIVE_ROCE_NONE, -1, "NO_CAPSULE", NULL, 0, NULL, 0) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_CAPSULE", NULL, 0, NULL, 0));
	/* no row for the silent target or an MPA Reply, which the IB CM
	 * cannot carry */
	CHECK(!live_unit_roce_named("h-nvme-silent", &c, &k) &&
	      !live_unit_roce_named("h-nvme-mpa-markers-ulp-0", &c, &k) &&
	      live_unit_roce_named("h-nvme-answer-random-0", &c, &k));
}

/* ib_iser's rows: the iSER suite's hostile target headers in the REP
 * (or a REJ), its Login expected after a REP that keeps its REQ's
 * refusals; judged with the REQ header it sent */
static void test_roce_iser_initiator(void)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	/* ib_iser's REQ header (always_register: ISER_ZBVA_NOT_SUP alone),
	 * then one that refuses Send with Invalidate too; zeros after */
	static const uint8_t linux_hdr[56] = { 0x80 }, both_off[56] = { 0xc0 };
	struct live_roce_case c;
	uint64_t v = 0;
	size_t k = 0;
	char why[96];

	live_roce_model_req(req);
	CHECK(live_roce_iser_initiator_count() == 25);
	CHECK(live_unit_roce_named("h-iser-t-ok", &c, &k) && c.active &&
	      c.ulp == LIVE_ROCE_ULP_ISER_INITIATOR && live_roce_expected(&c) == LIVE_ROCE_X_RTU &&
	      strcmp(live_roce_clause(&c), "iser-a12#rep-1") == 0 &&
	      strcmp(live_roce_ulp_name(c.ulp), "ib_iser") == 0 &&
	      live_roce_ulp_judges_req(c.ulp) &&
	      !live_roce_ulp_judges_req(LIVE_ROCE_ULP_NVME_HOST));
	/* each row its own port */
	CHECK(live_roce_iser_initiator_port(c.ulp_case) == 3261 + c.ulp_case &&
	      live_roce_iser_initiator_port(0) != live_roce_iser_initiator_port(1));
	/* the REP carries the case's header at octet 60, zeros after it */
	CHECK(live_roce_answer(&c, req, 0x53001234u, out) == 1 && out[0][17] == RDMANEG_IBCM_REP &&
	      out[0][60] == 0xc0 && out[0][61] == 0 && out[0][63] == 0 && out[0][255] == 0);
	CHECK(strcmp(live_roce_iser_initiator_expect(c.ulp_case, linux_hdr, sizeof(linux_hdr)),
		     "continued") == 0 &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "LOGIN", linux_hdr, sizeof(linux_hdr), why,
			      sizeof(why)) &&
	      strstr(why, "its Login, a conforming initiator: continued") != NULL);
	/* the controls: no Login, no RTU, no event, an event of no kind */
	CHECK(!live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_LOGIN", linux_hdr, sizeof(linux_hdr), why,
			       sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_NONE, -1, "LOGIN", linux_hdr, sizeof(linux_hdr), why,
			       sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, NULL, linux_hdr, sizeof(linux_hdr), why,
			       sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "CAPSULE", linux_hdr, sizeof(linux_hdr), why,
			       sizeof(why)));
	/* a REP that claims zero-based VAs, which the REQ refused: no Login */
	CHECK(live_unit_roce_named("h-iser-t-zbva-used", &c, &k) &&
	      strcmp(live_roce_clause(&c), "iser-a12#req-3") == 0 &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_LOGIN", linux_hdr, sizeof(linux_hdr), why,
			      sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "LOGIN", linux_hdr, sizeof(linux_hdr), why,
			       sizeof(why)));
	/* a 0-octet header reaches ib_iser as the REP's 196 zeros: both claimed */
	CHECK(live_unit_roce_named("h-iser-t-len-0", &c, &k) &&
	      strcmp(live_roce_clause(&c), "iser-a12#req-3") == 0 &&
	      strcmp(live_roce_iser_initiator_expect(c.ulp_case, NULL, 0), "closed") == 0);
	/* Send with Invalidate used: fine by Linux's REQ, not by one that
	 * refused it: the REQ ib_iser sent decides */
	CHECK(live_unit_roce_named("h-iser-t-si-used", &c, &k) &&
	      strcmp(live_roce_iser_initiator_expect(c.ulp_case, linux_hdr, sizeof(linux_hdr)),
		     "continued") == 0 &&
	      strcmp(live_roce_iser_initiator_expect(c.ulp_case, both_off, sizeof(both_off)),
		     "closed") == 0 &&
	      !live_roce_judge(&c, LIVE_ROCE_RTU, -1, "LOGIN", both_off, sizeof(both_off), why,
			       sizeof(why)));
	/* reserved bits: the annex says nothing; either is conforming */
	CHECK(live_unit_roce_named("h-iser-t-rsvd-bit-01", &c, &k) &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "LOGIN", linux_hdr, sizeof(linux_hdr), why,
			      sizeof(why)) &&
	      live_roce_judge(&c, LIVE_ROCE_RTU, -1, "NO_LOGIN", linux_hdr, sizeof(linux_hdr), why,
			      sizeof(why)));
	/* a reject: rdma_reject()'s REJ (reason 28), the header after it */
	CHECK(live_unit_roce_named("h-iser-t-reject-pd", &c, &k));
	CHECK(live_roce_expected(&c) == LIVE_ROCE_X_QUIET);
	CHECK(strcmp(live_roce_clause(&c), "ibcm-c12#rej-1") == 0);
	CHECK(live_roce_answer(&c, req, 0x53001234u, out) == 1 && out[0][17] == RDMANEG_IBCM_REJ &&
	      rdmaneg_ibcm_get(out[0], sizeof(out[0]), RDMANEG_IBCM_F_REJ_REASON, &v) ==
		      RDMANEG_OK &&
	      v == 28 && out[0][108] == 0xc0 && out[0][112] == 0);
	CHECK(live_roce_judge(&c, LIVE_ROCE_NONE, -1, "NO_LOGIN", linux_hdr, sizeof(linux_hdr), why,
			      sizeof(why)) &&
	      !live_roce_judge(&c, LIVE_ROCE_NONE, -1, "LOGIN", linux_hdr, sizeof(linux_hdr), why,
			       sizeof(why)));
	/* the random headers too; past the target's cases, nothing */
	CHECK(live_unit_roce_named("h-iser-t-random-9", &c, &k) &&
	      !live_unit_roce_named("h-iser-i-linux", &c, &k) &&
	      !live_roce_iser_initiator_name(live_roce_iser_initiator_count(), why, sizeof(why)) &&
	      live_roce_iser_initiator_expect(live_roce_iser_initiator_count(), NULL, 0) == NULL);
}

void live_unit_roce_host(int *pass, int *fail)
{
	test_roce_iser_initiator();
	test_roce_nvme_host();
	test_roce_nfs_client();
	*pass += passed;
	*fail += failed;
}
