// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of the ULP codecs: hand-checked vectors of the NVMe-oF RDMA,
 * SMB Direct and iSER private data, every entry point (tests/unit.c runs
 * them). */
#include "tests/unit_ulp.h"

#include <rdmaneg/rdmaneg.h>

#include <stdio.h>
#include <string.h>

#include "tests/check.h"

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
	r.reserved_at = 9; /* a short request clears what the struct held */
	r.recfmt = 7;
	r.cntlid = 5;
	CHECK(r.hrqsize ==
	      128); /* and every field is cleared, hrqsize too (mutant nvme_rdma_pd.c:68) */
	CHECK(rdmaneg_nvme_req_decode(b, 31, &r) == RDMANEG_E_NVME_SHORT && r.qid == 0 &&
	      r.hsqsize == 0 && r.reserved_at == 0 && r.hrqsize == 0 && r.recfmt == 0 &&
	      r.cntlid == 0);
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
	/* no buffer for a non-empty accept, and no buffer for an empty one */
	CHECK(rdmaneg_nvme_accept_check(NULL, 32, &r, true, &acc, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_accept_check(NULL, 0, &r, true, &acc, &d) == RDMANEG_OK &&
	      d == RDMANEG_NVME_D_SHORT);
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
	/* every name, once: the CLI's and the live reports' JSON */
	{
		static const char *const names[] = { "accept",		"invalid_length",
						     "invalid_recfmt",	"invalid_qid",
						     "invalid_hsqsize", "invalid_hrqsize",
						     "no_resources",	"invalid_ird",
						     "invalid_ord",	"invalid_cntlid" };
		unsigned k;

		for (k = 0; k < 10; k++)
			if (strcmp(rdmaneg_nvme_sts_name(k), names[k]) != 0)
				break;
		CHECK(k == 10);
	}
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
	/* every field written, Reserved too, whatever the buffer held */
	memset(b, 0xee, sizeof(b));
	q.reserved = 0x1234;
	CHECK(rdmaneg_smbd_req_encode(&q, b, sizeof(b)) == RDMANEG_OK && b[4] == 0x34 &&
	      b[5] == 0x12 && b[0] == 0x00 && b[1] == 0x01);
	q.reserved = 0;
	/* a refused request leaves every field zero, whatever it held */
	CHECK(rdmaneg_smbd_req_decode(cifs, 19, &q) == RDMANEG_E_SMBD_SHORT && q.max_version == 0 &&
	      q.min_version == 0 && q.reserved == 0 && q.credits_requested == 0 &&
	      q.preferred_send_size == 0 && q.max_receive_size == 0 && q.max_fragmented_size == 0);
	CHECK(rdmaneg_smbd_req_decode(NULL, 1, &q) == RDMANEG_E_INVAL);
	/* the server's answer to it: respond, and the response passes the
	 * client's check */
	CHECK(rdmaneg_smbd_server_judge(cifs, sizeof(cifs), &loc, &a) == RDMANEG_OK &&
	      a.action == RDMANEG_SMBD_RESPOND && a.defects == 0 && a.decoded);
	/* no buffer for a non-empty request; an empty one needs none */
	CHECK(rdmaneg_smbd_server_judge(NULL, 20, &loc, &a) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_server_judge(NULL, 0, &loc, &a) == RDMANEG_OK);
	CHECK(rdmaneg_smbd_server_judge(cifs, sizeof(cifs), &loc, &a) == RDMANEG_OK);
	CHECK(a.resp.negotiated_version == 0x0100 && a.resp.credits_granted == 255 &&
	      a.resp.preferred_send_size == 1364 && a.resp.max_receive_size == 1364);
	CHECK(rdmaneg_smbd_resp_encode(&a.resp, w, sizeof(w)) == RDMANEG_OK);
	CHECK(rdmaneg_smbd_client_check(w, sizeof(w), 1364, &r, &d) == RDMANEG_OK && d == 0 &&
	      r.credits_granted == 255 && r.max_fragmented_size == 1048576 &&
	      r.min_version == 0x0100 && r.max_version == 0x0100);
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

/* NVMe-oF RDMA: the edges of each argument check, and what a short
 * message clears (make mutants found them untested) */
static void test_nvme_edges(void)
{
	struct rdmaneg_nvme_limits lim = { 128, 32, 128 };
	struct rdmaneg_nvme_answer a;
	struct rdmaneg_nvme_req r = { 0 };
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	uint8_t b[32] = { 0 };
	unsigned d = 0;

	/* the accept: arguments, room, and a short one clearing reserved_at */
	CHECK(rdmaneg_nvme_accept_encode(NULL, b, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_accept_encode(&r, NULL, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_accept_encode(&r, b, RDMANEG_NVME_ACCEPT_LEN - 1) == RDMANEG_E_NOSPACE);
	CHECK(rdmaneg_nvme_accept_check(b, 4, &r, 0, NULL, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_accept_check(b, 4, &r, 0, &acc, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_nvme_accept_check(NULL, 1, &r, 0, &acc, &d) == RDMANEG_E_INVAL);
	acc.reserved_at = 9;
	CHECK(rdmaneg_nvme_accept_check(b, 2, &r, 0, &acc, &d) == RDMANEG_OK &&
	      acc.reserved_at == 0);
	/* [nvme-rdma#fig7]: the reject writes its RECFMT over what was there */
	memset(b, 0xff, sizeof(b));
	CHECK(rdmaneg_nvme_reject_encode(1, b, sizeof(b)) == RDMANEG_OK && b[0] == 0 && b[1] == 0);
	rej.recfmt = 9;
	CHECK(rdmaneg_nvme_reject_read(b, 1, &rej, &d) == RDMANEG_OK && !rej.has_recfmt &&
	      rej.recfmt == 0);
	memset(b, 0, sizeof(b));

	/* no octets at all: a short request, not an error */
	CHECK(rdmaneg_nvme_req_decode(NULL, 0, &r) == RDMANEG_E_NVME_SHORT);
	CHECK(rdmaneg_nvme_target_judge(NULL, 1, &lim, &a) == RDMANEG_E_INVAL);
	/* a target's limits: at most 65536 entries each */
	lim.admin_max = 65536;
	CHECK(rdmaneg_nvme_target_judge(b, sizeof(b), &lim, &a) == RDMANEG_OK);
	lim.admin_max = 65537;
	CHECK(rdmaneg_nvme_target_judge(b, sizeof(b), &lim, &a) == RDMANEG_E_INVAL);
	lim.admin_max = 32;
	lim.io_max = 65537;
	CHECK(rdmaneg_nvme_target_judge(b, sizeof(b), &lim, &a) == RDMANEG_E_INVAL);
}

/* SMB Direct: the edges of each argument check, what a short message
 * clears, and a 32-bit field's top octet (make mutants found them
 * untested) */
static void test_smbd_edges(void)
{
	struct rdmaneg_smbd_req q, qb;
	struct rdmaneg_smbd_resp r, rb;
	uint8_t b[RDMANEG_SMBD_RESP_LEN] = { 0 };
	uint32_t ird = 0, ord = 0;
	unsigned d = 0;

	memset(&q, 0, sizeof(q));
	memset(&r, 0, sizeof(r));
	CHECK(rdmaneg_smbd_req_encode(NULL, b, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_req_encode(&q, NULL, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_resp_encode(NULL, b, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_resp_encode(&r, NULL, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_resp_encode(&r, b, RDMANEG_SMBD_RESP_LEN - 1) == RDMANEG_E_NOSPACE);
	/* no octets at all: short, not an error; a NULL output is one */
	CHECK(rdmaneg_smbd_req_decode(NULL, 0, &qb) == RDMANEG_E_SMBD_SHORT);
	CHECK(rdmaneg_smbd_resp_decode(NULL, 0, &rb) == RDMANEG_E_SMBD_SHORT);
	CHECK(rdmaneg_smbd_resp_decode(b, sizeof(b), NULL) == RDMANEG_E_INVAL);
	/* a short message leaves nothing of an earlier reading */
	memset(&qb, 0xff, sizeof(qb));
	CHECK(rdmaneg_smbd_req_decode(b, RDMANEG_SMBD_REQ_LEN - 1, &qb) == RDMANEG_E_SMBD_SHORT &&
	      qb.min_version == 0 && qb.max_version == 0 && qb.reserved == 0 &&
	      qb.credits_requested == 0 && qb.preferred_send_size == 0 &&
	      qb.max_receive_size == 0 && qb.max_fragmented_size == 0);
	memset(&rb, 0xff, sizeof(rb));
	CHECK(rdmaneg_smbd_resp_decode(b, RDMANEG_SMBD_RESP_LEN - 1, &rb) == RDMANEG_E_SMBD_SHORT &&
	      rb.min_version == 0 && rb.max_version == 0 && rb.negotiated_version == 0 &&
	      rb.reserved == 0 && rb.credits_requested == 0 && rb.credits_granted == 0 &&
	      rb.status == 0 && rb.max_read_write_size == 0 && rb.preferred_send_size == 0 &&
	      rb.max_receive_size == 0 && rb.max_fragmented_size == 0);
	CHECK(rdmaneg_smbd_resp_decode(NULL, 1, &rb) == RDMANEG_E_INVAL);
	/* [ms-smbd#3.1.5.6]: each answer of a server writes every field of
	 * its response, whatever the struct held */
	{
		static const struct rdmaneg_smbd_local loc = RDMANEG_SMBD_LOCAL_LINUX;
		struct rdmaneg_smbd_answer a;

		struct rdmaneg_smbd_local bad = loc;
		struct rdmaneg_smbd_resp got;

		CHECK(rdmaneg_smbd_server_judge(NULL, 1, &loc, &a) == RDMANEG_E_INVAL);
		/* a server's own sizes, each below its minimum alone */
		bad.preferred_send_size = 127;
		CHECK(rdmaneg_smbd_server_judge(b, RDMANEG_SMBD_REQ_LEN, &bad, &a) ==
		      RDMANEG_E_INVAL);
		bad = loc;
		bad.max_receive_size = 127;
		CHECK(rdmaneg_smbd_server_judge(b, RDMANEG_SMBD_REQ_LEN, &bad, &a) ==
		      RDMANEG_E_INVAL);
		/* [ms-smbd#3.1.5.6-1]: a short request, no response */
		memset(&a, 0xff, sizeof(a));
		CHECK(rdmaneg_smbd_server_judge(b, 3, &loc, &a) == RDMANEG_OK &&
		      a.action == RDMANEG_SMBD_TERMINATE && a.resp.min_version == 0 &&
		      a.resp.status == 0 && a.resp.max_fragmented_size == 0);
		/* [ms-smbd#3.1.5.7-1]: a client's check, no response at all */
		CHECK(rdmaneg_smbd_client_check(NULL, 0, 1364, &got, &d) == RDMANEG_OK &&
		      d == RDMANEG_SMBD_D_SHORT);
		CHECK(rdmaneg_smbd_client_check(NULL, 1, 1364, &got, &d) == RDMANEG_E_INVAL);
		CHECK(rdmaneg_smbd_client_check(b, 32, 1364, &got, NULL) == RDMANEG_E_INVAL);
		q.min_version = q.max_version = RDMANEG_SMBD_V1;
		q.credits_requested = 16;
		q.preferred_send_size = q.max_receive_size = 1364;
		q.max_fragmented_size = 1048576;
		CHECK(rdmaneg_smbd_req_encode(&q, b, sizeof(b)) == RDMANEG_OK);
		memset(&a, 0xff, sizeof(a));
		CHECK(rdmaneg_smbd_server_judge(b, RDMANEG_SMBD_REQ_LEN, &loc, &a) == RDMANEG_OK &&
		      a.action == RDMANEG_SMBD_RESPOND && a.resp.reserved == 0);
		/* [ms-smbd#3.1.5.6-3]: a defective request, no response */
		q.credits_requested = 0;
		CHECK(rdmaneg_smbd_req_encode(&q, b, sizeof(b)) == RDMANEG_OK);
		memset(&a, 0xff, sizeof(a));
		CHECK(rdmaneg_smbd_server_judge(b, RDMANEG_SMBD_REQ_LEN, &loc, &a) == RDMANEG_OK &&
		      a.action == RDMANEG_SMBD_TERMINATE && a.resp.min_version == 0 &&
		      a.resp.max_version == 0 && a.resp.status == 0 && a.resp.reserved == 0 &&
		      a.resp.credits_granted == 0 && a.resp.max_fragmented_size == 0);
		/* [ms-smbd#3.1.5.3-1]: no version in common, a failure response
		 * naming the one we have */
		q.credits_requested = 16;
		q.min_version = q.max_version = 0x0200;
		CHECK(rdmaneg_smbd_req_encode(&q, b, sizeof(b)) == RDMANEG_OK);
		memset(&a, 0xff, sizeof(a));
		CHECK(rdmaneg_smbd_server_judge(b, RDMANEG_SMBD_REQ_LEN, &loc, &a) == RDMANEG_OK &&
		      a.action == RDMANEG_SMBD_NOT_SUPPORTED &&
		      a.resp.min_version == RDMANEG_SMBD_V1 &&
		      a.resp.max_version == RDMANEG_SMBD_V1 && a.resp.reserved == 0);
	}
	/* [ms-smbd#6.1-1]: 0x01000000 has only its top octet set */
	CHECK(rdmaneg_smbd_irdord_encode(16777216u, 1, b, RDMANEG_SMBD_IRDORD_LEN) == RDMANEG_OK &&
	      b[0] == 1);
	CHECK(rdmaneg_smbd_irdord_decode(b, RDMANEG_SMBD_IRDORD_LEN, &ird, &ord, &d) ==
		      RDMANEG_OK &&
	      ird == 16777216u && ord == 1);
	CHECK(rdmaneg_smbd_irdord_decode(b, 8, NULL, &ord, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_irdord_decode(b, 8, &ird, NULL, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_irdord_decode(b, 8, &ird, &ord, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_irdord_decode(NULL, 1, &ird, &ord, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_smbd_irdord_decode(NULL, 0, &ird, &ord, &d) == RDMANEG_OK &&
	      d == RDMANEG_SMBD_D_SHORT);
}

/* iSER: the edges of each argument check and each bit test, every
 * argument NULL alone (make mutants found them untested) */
static void test_iser_edges(void)
{
	static const uint8_t req[4] = { 0x80, 0, 0, 0 };
	struct rdmaneg_iser_hdr h = { true, false, 0, 0 }, sent = { true, true, 0, 0 };
	uint8_t b[4] = { 0x7f, 0, 0, 0 };
	unsigned d = 0;
	bool inv = false;

	CHECK(rdmaneg_iser_encode(NULL, b, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_encode(&h, NULL, sizeof(b)) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_decode(req, 4, NULL, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_decode(req, 4, &h, NULL) == RDMANEG_E_INVAL);
	/* [iser-a12#req-1]: the first reserved octet that is set */
	b[0] = 0;
	b[1] = 1;
	b[2] = 1;
	CHECK(rdmaneg_iser_decode(b, 4, &h, &d) == RDMANEG_OK && d == RDMANEG_ISER_D_RSVD &&
	      h.reserved_at == 1);
	/* a NULL REQ of one octet is an error, not "no header" */
	CHECK(rdmaneg_iser_target_reply(NULL, 1, true, true, &h, &inv) == RDMANEG_E_INVAL);
	/* [iser-a12#req-3]: Z clear with every other bit set still allows
	 * zero-based VAs */
	b[0] = 0x7f;
	b[1] = b[2] = 0;
	CHECK(rdmaneg_iser_target_reply(b, 4, false, true, &h, &inv) == RDMANEG_OK && !h.zbva_off);
	/* [iser-a12#rep-1]: no REP at all is a short one; a NULL REP of one
	 * octet, or a NULL output, is an error */
	CHECK(rdmaneg_iser_initiator_check(NULL, 0, &sent, &h, &d) == RDMANEG_OK &&
	      d == RDMANEG_ISER_D_SHORT);
	CHECK(rdmaneg_iser_initiator_check(NULL, 1, &sent, &h, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_initiator_check(req, 4, &sent, NULL, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_iser_initiator_check(req, 4, &sent, &h, NULL) == RDMANEG_E_INVAL);
}

void unit_ulp(int *pass, int *fail)
{
	test_nvme();
	test_smbd();
	test_iser();
	test_iser_edges();
	test_nvme_edges();
	test_smbd_edges();
	*pass += passed;
	*fail += failed;
}
