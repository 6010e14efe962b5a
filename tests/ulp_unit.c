// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of make live-smbd's and make live-iser's pure half
 * (live/ulp/ulp_read.c, live/smbd/smbd_{cases,report}.c,
 * live/iser/iser_{cases,report}.c): consoles holding the lines the guest
 * printed in real runs (Linux 6.1 on siw), then each way a run can be
 * wrong, every judge's verdict able to go either way. No qemu. Prints "N
 * passed, N failed".
 */
#define _GNU_SOURCE

#include "live/iser/iser.h"
#include "live/smbd/smbd_live.h"
#include "live/ulp/ulp_read.h"
#include "util/netstat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check.h"

/* s's characters over at's, no terminator */
static void patch(char *at, const char *s)
{
	for (size_t i = 0; s[i]; i++)
		at[i] = s[i];
}

/* the report of con: its exit, its text in out (cap) */
static int report(const struct live_ulp_suite *s, const char *con, char *out, size_t cap)
{
	struct live_ulp_tally t;
	FILE *f = fmemopen(out, cap, "w");
	int rc = live_ulp_report(s, con, strlen(con), f, NULL, &t);

	fclose(f);
	return rc;
}

static int smbd(const char *con, char *out, size_t cap)
{
	return report(&live_smbd_suite, con, out, cap);
}

static int iser(const char *con, char *out, size_t cap)
{
	return report(&live_iser_suite, con, out, cap);
}

/* the row of case name in a report contains what */
static bool row_has(const char *rep, const char *impl, const char *name, const char *what)
{
	char key[128];
	const char *p;

	snprintf(key, sizeof(key), "%s ", name);
	for (p = rep; (p = strstr(p, key)); p++) {
		const char *bol = p, *eol = strchr(p, '\n');

		while (bol > rep && bol[-1] != '\n')
			bol--;
		if (!eol)
			eol = p + strlen(p);
		if (strstr(bol, impl) && strstr(bol, impl) < p &&
		    memmem(bol, (size_t)(eol - bol), what, strlen(what)))
			return true;
	}
	return false;
}

/* captured on siw: cifs's Negotiate Request in its first Send FPDU */
static const char req_seg[] =
	"0026414300000000000000000000000100000000000100010000ff00540500005405000056a7020000000000";

static void test_fpdu(void)
{
	uint8_t b[64];
	const uint8_t *p;
	size_t n = 0, plen;
	struct live_ulp_words w;
	struct live_ulp_bytes o;

	for (size_t i = 0; i + 1 < sizeof(req_seg); i += 2) {
		char two[3] = { req_seg[i], req_seg[i + 1], 0 };

		b[n++] = (uint8_t)strtoul(two, NULL, 16);
	}
	CHECK(live_ulp_first_send(b, n, &p, &plen));
	CHECK(plen == 20 && p[0] == 0x00 && p[1] == 0x01 && p[6] == 0xff);
	b[2] |= 0x80; /* tagged: no Send */
	CHECK(!live_ulp_first_send(b, n, &p, &plen));
	b[2] &= 0x7f;
	CHECK(!live_ulp_first_send(b, 30, &p, &plen)); /* cut: none */
	CHECK(live_ulp_split("a 4 80000000 0 -", 16, &w) && w.n == 5);
	CHECK(live_ulp_bytes(&w, 1, &o) && o.len == 4 && o.kept == 4 && o.b[0] == 0x80);
	CHECK(live_ulp_bytes(&w, 3, &o) && o.len == 0 && o.kept == 0);
	CHECK(live_ulp_split("a 2 80000000", 12, &w) && !live_ulp_bytes(&w, 1, &o));
	CHECK(live_ulp_split("a x 80", 6, &w) && !live_ulp_bytes(&w, 1, &o));
}

static void test_cases(void)
{
	struct live_smbd_case c, d;
	struct live_iser_case ic;
	struct rdmaneg_smbd_req r;
	uint8_t base[RDMANEG_SMBD_REQ_LEN], msg[LIVE_SMBD_MSG], resp[LIVE_SMBD_MSG];
	size_t n, roles[2] = { 0, 0 };

	for (size_t i = 0; live_smbd_case(i, &c); i++) {
		CHECK(live_smbd_case_index(c.name) == (long)i);
		roles[c.role]++;
		/* the server's cases all come first */
		CHECK(i == 0 || c.role >= d.role);
		d = c;
	}
	CHECK(roles[0] > 40 && roles[1] > 40);
	live_smbd_cifs_request(&r);
	CHECK(rdmaneg_smbd_req_encode(&r, base, sizeof(base)) == RDMANEG_OK);
	CHECK(live_smbd_case((size_t)live_smbd_case_index("c-credits-0"), &c));
	n = live_smbd_message(&c, base, sizeof(base), msg, sizeof(msg));
	CHECK(n == 20 && msg[6] == 0 && msg[7] == 0 && msg[8] == base[8]);
	CHECK(live_smbd_case((size_t)live_smbd_case_index("c-len-12"), &c));
	CHECK(live_smbd_message(&c, base, sizeof(base), msg, sizeof(msg)) == 12);
	/* the hostile server's base response is the core's, and passes cifs */
	CHECK(live_smbd_response(base, sizeof(base), resp, sizeof(resp)) == 32);
	CHECK(live_smbd_response(base, 19, resp, sizeof(resp)) == 0);
	for (size_t i = 0; live_iser_case(i, &ic); i++)
		CHECK(live_iser_case_index(ic.name) == (long)i);
	CHECK(live_iser_case_index("i-len-0") > live_iser_case_index("t-ok"));
	CHECK(live_smbd_case_index("no-such-case") < 0 && live_iser_case_index("x") < 0);
}

/* a Login Response behind its iSER header: flags (T, CSG, NSG), StatSN,
 * ExpCmdSN, status class and detail */
static size_t login_rsp(uint8_t *m, uint8_t flags, uint32_t stat_sn, uint32_t exp_cmd_sn,
			uint8_t cls, uint8_t det)
{
	uint8_t *b = m + LIVE_ISER_CTRL_LEN;

	memset(m, 0, LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN);
	m[0] = 0x10;
	b[0] = 0x23;
	b[1] = flags;
	for (int i = 0; i < 4; i++) {
		b[24 + i] = (uint8_t)(stat_sn >> (24 - 8 * i));
		b[28 + i] = (uint8_t)(exp_cmd_sn >> (24 - 8 * i));
	}
	b[36] = cls;
	b[37] = det;
	return LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN;
}

/* the session case's messages: its Login Request, the judgement of the
 * response, and the Logout numbered after it */
static void test_iser_session(void)
{
	static const char keys[] = "InitiatorName=" LIVE_ISER_INITIATOR_IQN
				   "\0TargetName=" LIVE_ISER_IQN "\0SessionType=Normal\0";
	uint8_t m[512], r[128];
	const uint8_t *b = m + LIVE_ISER_CTRL_LEN;
	size_t n = live_iser_login_request(m, sizeof(m)), dlen = sizeof(keys) - 1;
	uint32_t st = 0, ecs = 0;
	struct live_iser_case c;

	/* iSER header (iSCSI control), immediate Login, T CSG 1 NSG 3, the
	 * data length, CmdSN 1, the keys NUL-separated and padded */
	CHECK(n == LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN + ((dlen + 3) & ~(size_t)3));
	CHECK(m[0] == 0x10 && b[0] == 0x43 && b[1] == 0x87 && b[2] == 0 && b[3] == 0);
	CHECK(((size_t)b[5] << 16 | (size_t)b[6] << 8 | b[7]) == dlen);
	CHECK(b[8] == 0x80 && b[14] == 0 && b[15] == 0 && b[27] == 1);
	CHECK(memcmp(b + LIVE_ISER_BHS_LEN, keys, dlen) == 0);
	CHECK(live_iser_login_request(m, n - 1) == 0);
	/* the outcome: admitted, refused, still in login, not a response */
	CHECK(live_iser_login_outcome(r, login_rsp(r, 0x87, 7, 9, 0, 0), &st, &ecs) == 0 &&
	      st == 7 && ecs == 9);
	CHECK(live_iser_login_outcome(r, login_rsp(r, 0x87, 7, 9, 2, 1), &st, &ecs) == 0x0201);
	CHECK(live_iser_login_outcome(r, login_rsp(r, 0x05, 7, 9, 0, 0), &st, &ecs) == 0x10000);
	CHECK(live_iser_login_outcome(r, login_rsp(r, 0x86, 7, 9, 0, 0), &st, &ecs) == 0x10000);
	CHECK(live_iser_login_outcome(r, login_rsp(r, 0x87, 7, 9, 0, 0) - 1, &st, &ecs) == -1);
	n = login_rsp(r, 0x87, 7, 9, 0, 0);
	r[0] = 0x20; /* an iSER Hello, not iSCSI */
	CHECK(live_iser_login_outcome(r, n, &st, &ecs) == -1);
	r[0] = 0x10;
	r[LIVE_ISER_CTRL_LEN] = 0x21; /* a SCSI Response */
	CHECK(live_iser_login_outcome(r, n, &st, &ecs) == -1);
	/* the answer to a response that keeps the login in its stage: each
	 * key offered with its value (a list's first), not the declared
	 * ones, nor the answers without a value, nor a cut last pair */
	{
		static const char offered[] = "TargetPortalGroupTag=1\0ImmediateData=Yes\0"
					      "HeaderDigest=CRC32C,None\0MaxBurstLength=262144\0"
					      "X-foo=NotUnderstood\0=bare\0noequals\0RDMAExt";
		static const char want[] = "ImmediateData=Yes\0HeaderDigest=CRC32C\0"
					   "MaxBurstLength=262144\0";
		static uint8_t rsp[LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN + sizeof(offered)];
		size_t ol = sizeof(offered) - 1, wl = sizeof(want) - 1;

		n = login_rsp(rsp, 0x05, 41, 9, 0, 0);
		rsp[LIVE_ISER_CTRL_LEN + 7] = (uint8_t)ol;
		memcpy(rsp + n, offered, ol);
		n = live_iser_login_next(rsp, n + ol, m, sizeof(m));
		CHECK(n == LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN + ((wl + 3) & ~(size_t)3));
		CHECK(b[0] == 0x43 && b[1] == 0x87 && b[7] == wl && b[8] == 0x80 && b[27] == 1 &&
		      b[31] == 42 && memcmp(b + LIVE_ISER_BHS_LEN, want, wl) == 0);
		/* a data length past the message is cut to it */
		rsp[LIVE_ISER_CTRL_LEN + 6] = 0x10;
		CHECK(live_iser_login_next(rsp, LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN + ol, m,
					   sizeof(m)) == n);
		CHECK(live_iser_login_next(rsp, LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN - 1, m,
					   sizeof(m)) == 0);
		CHECK(live_iser_login_next(rsp, LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN + ol, m,
					   n - 1) == 0);
	}
	/* the Logout: immediate, final, reason 0, ITT 1, CmdSN the
	 * response's ExpCmdSN, ExpStatSN its StatSN + 1 */
	n = live_iser_logout_request(7, 9, m, sizeof(m));
	CHECK(n == LIVE_ISER_CTRL_LEN + LIVE_ISER_BHS_LEN && m[0] == 0x10 && b[0] == 0x46 &&
	      b[1] == 0x80 && b[5] == 0 && b[6] == 0 && b[7] == 0 && b[19] == 1 && b[27] == 9 &&
	      b[31] == 8);
	CHECK(live_iser_logout_request(7, 9, m, n - 1) == 0);
	/* the one session case, among the initiator's */
	CHECK(live_iser_case((size_t)live_iser_case_index("i-logout-then-close"), &c) &&
	      c.session == LIVE_ISER_LOGOUT_CLOSE && c.role == LIVE_ISER_INITIATOR &&
	      c.pd_len == 4 && c.pd[0] == 0xc0);
	CHECK(live_iser_case((size_t)live_iser_case_index("i-linux"), &c) &&
	      c.session == LIVE_ISER_SESSION_NONE);
}

/* a run of make live-smbd on 6.1.192 (debug), lines as printed */
static const char smbd_con[] =
	"LIVE_SMBD_STEP modules ok\n"
	"LIVE_SMBD_CASE server s-ok\n"
	"LIVE_SMBDS s-ok 1 1 continued killed 8 2000000001000000 8 0000001000000010 20 "
	"000100010000ff00540500005405000056a70200 32 "
	"0001000100010000ff00ff000000000000008000540500005405000000001000\n"
	"LIVE_SMBD_CASE server s-status-not-supported\n"
	"LIVE_SMBDS s-status-not-supported 1 1 continued killed 8 2000000001000000 8 "
	"0000001000000010 20 000100010000ff00540500005405000056a70200 32 "
	"0001000100010000ff00ff00bb0000c000008000540500005405000000001000\n"
	"LIVE_SMBD_CASE server s-len-31\n"
	"LIVE_SMBDS s-len-31 1 1 closed 32 8 2000000001000000 8 0000001000000010 20 "
	"000100010000ff00540500005405000056a70200 31 "
	"0001000100010000ff00ff0000000000000080005405000054050000000010\n"
	"LIVE_SMBDS_END\n"
	"LIVE_SMBD_CASE check data\n"
	"LIVE_SMBD_STEP server ok\n"
	"LIVE_SMBD_FRAME 39736 5445 4d504120494420526571204672616d651002000c002000002000000001000000\n"
	"LIVE_SMBD_FRAME 5445 39736 4d504120494420526570204672616d651002000c000100080000000100000008\n"
	"LIVE_SMBD_FRAME 39736 5445 "
	"0026414300000000000000000000000100000000000100010000ff00540500005405000056a7020000000000\n"
	"LIVE_SMBD_FRAME 5445 39736 "
	"00324143000000000000000000000001000000000001000100010000ff00fe0000000000000080005405000054"
	"05000056a7020000000000\n"
	"LIVE_SMBD_STEP mount ok\n"
	"LIVE_SMBD_STEP io ok\n"
	"LIVE_SMBD_STEP umount ok\n"
	"LIVE_SMBD_DONE\n"
	"LIVE_SMBD_CASE client c-ok\n"
	"LIVE_SMBDC c-ok RDMA_CM_EVENT_ESTABLISHED 0 1 1 1 0 8 0000001000000010 8 0000000100000008 "
	"20 000100010000ff00540500005405000000001000 32 "
	"0001000100010000ff00ff000000000000008000540500005405000000001000\n"
	"LIVE_SMBD_CASE client c-len-19\n"
	"LIVE_SMBDC c-len-19 RDMA_CM_EVENT_ESTABLISHED 0 1 1 0 0 8 0000001000000010 8 "
	"0000000100000008 19 000100010000ff005405000054050000000010 0 -\n"
	"LIVE_SMBDC_END\n";

static void test_smbd(void)
{
	static char out[16384], con[sizeof(smbd_con) + 64], *p;

	CHECK(smbd(smbd_con, out, sizeof(out)) == 0);
	CHECK(strstr(out, "data check passed") != NULL);
	/* a kernel record that cut a result line: malformed as it is, the
	 * same verdicts once untangled */
	{
		static const char rec[] = "[   36.957303] ksmbd: smb_direct: disconnected\n";
		static char tangled[sizeof(smbd_con) + sizeof(rec)];
		const char *at = strstr(smbd_con, "LIVE_SMBDC c-len-19") + 14;
		size_t head = (size_t)(at - smbd_con), n;

		memcpy(tangled, smbd_con, head);
		memcpy(tangled + head, rec, sizeof(rec) - 1);
		memcpy(tangled + head + sizeof(rec) - 1, at, sizeof(smbd_con) - head);
		CHECK(smbd(tangled, out, sizeof(out)) == 1 && strstr(out, "malformed"));
		n = live_ulp_untangle(tangled, strlen(tangled));
		tangled[n] = '\0';
		CHECK(n == sizeof(smbd_con) - 1 && strcmp(tangled, smbd_con) == 0);
		CHECK(live_ulp_untangle(tangled, n) == n);
	}
	/* the data check's own line is no case */
	CHECK(strstr(out, "5 cases ended of 5 begun") != NULL);
	/* the guest dead in the data check: a finding, not a failed check;
	 * a failed step with the check's end: a failure */
	memcpy(con, smbd_con, sizeof(smbd_con));
	p = strstr(con, "LIVE_SMBD_STEP server ok\n");
	p[strlen("LIVE_SMBD_STEP server ok\n")] = '\0';
	CHECK(smbd(con, out, sizeof(out)) == 0 && strstr(out, "data check died (a finding)"));
	memcpy(con, smbd_con, sizeof(smbd_con));
	patch(strstr(con, "LIVE_SMBD_STEP io ok"), "LIVE_SMBD_STEP io xx");
	CHECK(smbd(con, out, sizeof(out)) == 1 && strstr(out, "data check FAILED"));
	/* without the data check's line: not run, and a setup step's failure
	 * fails the run all the same */
	memcpy(con, smbd_con, sizeof(smbd_con));
	patch(strstr(con, "LIVE_SMBD_CASE check data"), "LIVE_SMBD_XXXX check data");
	CHECK(smbd(con, out, sizeof(out)) == 0 && strstr(out, "data check not run"));
	patch(strstr(con, "LIVE_SMBD_STEP modules ok"), "LIVE_SMBD_STEP modules xx");
	CHECK(smbd(con, out, sizeof(out)) == 1);
	CHECK(smbd(smbd_con, out, sizeof(out)) == 0);
	CHECK(row_has(out, "cifs", "s-ok", "conforms"));
	/* cifs goes on after a failure response: [ms-smbd#3.1.5.7-6] */
	CHECK(row_has(out, "cifs", "s-status-not-supported", "ms-smbd#3.1.5.7-6"));
	CHECK(row_has(out, "cifs", "s-status-not-supported", "diverges"));
	CHECK(row_has(out, "cifs", "s-len-31", "conforms"));
	CHECK(row_has(out, "ksmbd", "c-ok", "conforms"));
	/* a 19-octet request left open: the spec terminates */
	CHECK(row_has(out, "ksmbd", "c-len-19", "silent") &&
	      row_has(out, "ksmbd", "c-len-19", "diverges"));
	CHECK(row_has(out, "ksmbd", "data", "ms-smbd#3.1.5.6-4"));
	/* each verdict can turn: cifs closing after s-len-31 conformed, going
	 * on diverges; ksmbd closing after c-len-19 conforms */
	memcpy(con, smbd_con, sizeof(smbd_con));
	p = strstr(con, "s-len-31 1 1 closed");
	patch(p + 13, "silent");
	CHECK(smbd(con, out, sizeof(out)) == 0 && row_has(out, "cifs", "s-len-31", "diverges"));
	memcpy(con, smbd_con, sizeof(smbd_con));
	p = strstr(con, "RDMA_CM_EVENT_ESTABLISHED 0 1 1 0 0");
	p[strlen("RDMA_CM_EVENT_ESTABLISHED 0 1 1 0 ")] = '1';
	CHECK(smbd(con, out, sizeof(out)) == 0 && row_has(out, "ksmbd", "c-len-19", "terminate") &&
	      row_has(out, "ksmbd", "c-len-19", "conforms"));
	/* a failed step, a missing capture and a malformed line fail the run */
	memcpy(con, smbd_con, sizeof(smbd_con));
	patch(strstr(con, "io ok"), "io no");
	CHECK(smbd(con, out, sizeof(out)) == 1 && strstr(out, "data check FAILED"));
	memcpy(con, smbd_con, sizeof(smbd_con));
	patch(strstr(con, "LIVE_SMBD_FRAME 39736 5445 0026"), "LIVE_SMBD_FRAMX");
	CHECK(smbd(con, out, sizeof(out)) == 1);
	memcpy(con, smbd_con, sizeof(smbd_con));
	patch(strstr(con, "s-ok 1 1 continued killed 8"), "s-ok 1 1 continued killed x");
	CHECK(smbd(con, out, sizeof(out)) == 1);
	/* a case that no connection request reached measured nothing:
	 * missing, whatever it is, and counted with the first one named
	 * (a listener that refuses: finding 7); never a verdict */
	memcpy(con, smbd_con, sizeof(smbd_con));
	patch(strstr(con, "s-len-31 1 1 closed 32"), "s-len-31 0 0 -      32");
	CHECK(smbd(con, out, sizeof(out)) == 0 && row_has(out, "cifs", "s-len-31", "missing") &&
	      row_has(out, "cifs", "s-len-31", "no-request") &&
	      strstr(out, "1 hostile-server case(s) measured nothing") &&
	      strstr(out, "the first s-len-31, its client's end 32") && strstr(out, "1 missing"));
	CHECK(smbd(smbd_con, out, sizeof(out)) == 0 && !strstr(out, "measured nothing"));
}

/* a held connect's lines (live/ulp/ulp_hold.c), as printed: the SYN
 * dropped at 850 ms, the killed mount blocked at 1100 ms, its connect
 * made at 3020 ms with its MPA Request */
static const char hold_lines[] =
	"LIVE_SMBD_CASE server s-killed-in-connect\n"
	"LIVE_ULP_HOLD syn 850 blocked 1100 D connected 3020 client 137\n"
	"LIVE_SMBDS s-killed-in-connect 1 0 connected 137 32 "
	"4d504120494420526571204672616d651002000c000000100000001000000000 0 - 0 - 0 -\n";

/* the held connect's row: measured, whichever way it went; never reached:
 * missing */
static void test_smbd_hold(void)
{
	static char out[16384], con[sizeof(smbd_con) + sizeof(hold_lines)], *p;
	const char *end = strstr(smbd_con, "LIVE_SMBDS_END");
	size_t head = (size_t)(end - smbd_con);

	memcpy(con, smbd_con, head);
	memcpy(con + head, hold_lines, sizeof(hold_lines) - 1);
	memcpy(con + head + sizeof(hold_lines) - 1, end, strlen(end) + 1);
	CHECK(smbd(con, out, sizeof(out)) == 0);
	CHECK(row_has(out, "cifs", "s-killed-in-connect", "connected") &&
	      row_has(out, "cifs", "s-killed-in-connect", "measured") &&
	      row_has(out, "cifs", "s-killed-in-connect", "went on after the mount was killed"));
	p = strstr(con, "1 0 connected 137");
	patch(p, "1 0 gave-up   137");
	CHECK(smbd(con, out, sizeof(out)) == 0 &&
	      row_has(out, "cifs", "s-killed-in-connect", "gave-up") &&
	      !row_has(out, "cifs", "s-killed-in-connect", "went on after"));
	patch(p, "0 0 no-syn    137");
	CHECK(smbd(con, out, sizeof(out)) == 0 &&
	      row_has(out, "cifs", "s-killed-in-connect", "missing") &&
	      strstr(out, "1 hostile-server case(s) measured nothing"));
}

/* TcpExt ListenOverflows, as /proc/net/netstat shows it */
static void test_netstat(void)
{
	static const char text[] = "TcpExt: SyncookiesSent ListenOverflows ListenDrops\n"
				   "TcpExt: 0 3 4\n"
				   "IpExt: InNoRoutes Big\n"
				   "IpExt: 7 18446744073709551615\n"
				   "Odd: A B\n"
				   "Odd: 1 x\n"
				   "Short: A B\n"
				   "Short: 1\n"
				   "Over: A\n"
				   "Over: 18446744073709551616\n"
				   "Lone: A\n";
	const size_t n = sizeof(text) - 1;
	uint64_t v = 99;

	CHECK(rdmaneg_netstat_get(text, n, "TcpExt", "ListenOverflows", &v) && v == 3);
	CHECK(rdmaneg_netstat_get(text, n, "TcpExt", "ListenDrops", &v) && v == 4);
	CHECK(rdmaneg_netstat_get(text, n, "IpExt", "InNoRoutes", &v) && v == 7);
	CHECK(rdmaneg_netstat_get(text, n, "IpExt", "Big", &v) && v == UINT64_MAX);
	v = 99;
	CHECK(!rdmaneg_netstat_get(text, n, "TcpExt", "Listen", &v) && v == 99); /* a prefix */
	CHECK(!rdmaneg_netstat_get(text, n, "Tcp", "ListenOverflows", &v));	 /* a group's */
	CHECK(!rdmaneg_netstat_get(text, n, "Odd", "B", &v));			 /* not a number */
	CHECK(rdmaneg_netstat_get(text, n, "Odd", "A", &v) && v == 1);
	CHECK(!rdmaneg_netstat_get(text, n, "Short", "B", &v)); /* no value */
	CHECK(!rdmaneg_netstat_get(text, n, "Over", "A", &v));	/* past 64 bits */
	CHECK(!rdmaneg_netstat_get(text, n, "Lone", "A", &v));	/* no values line */
	CHECK(!rdmaneg_netstat_get(text, n, "None", "A", &v));
	/* the text's length bounds the reading: cut inside the values */
	CHECK(!rdmaneg_netstat_get(text,
				   strlen("TcpExt: SyncookiesSent ListenOverflows "
					  "ListenDrops\nTcpExt: 0 3"),
				   "TcpExt", "ListenDrops", &v));
	CHECK(rdmaneg_netstat_get(text,
				  strlen("TcpExt: SyncookiesSent ListenOverflows "
					 "ListenDrops\nTcpExt: 0 3"),
				  "TcpExt", "ListenOverflows", &v) &&
	      v == 3);
	CHECK(!rdmaneg_netstat_get(text, 0, "TcpExt", "ListenOverflows", &v));
}

/* a run of make live-iser on Debian's 6.1.0-56, lines as printed */
static const char iser_con[] =
	"LIVE_ISER_STEP modules ok\n"
	"LIVE_ISER_CASE target t-ok\n"
	"LIVE_ISERT t-ok 1 1 continued killed 4 80000000 4 c0000000 536 "
	"10000000000000000000000000000000\n"
	"LIVE_ISER_CASE target t-zbva-used\n"
	"LIVE_ISERT t-zbva-used 1 1 continued killed 4 80000000 4 40000000 536 "
	"10000000000000000000000000000000\n"
	"LIVE_ISERT_END\n"
	"LIVE_ISER_STEP lio ok\n"
	"LIVE_ISER_CASE check data\n"
	"LIVE_ISER_FRAME 54398 3260 4d504120494420526571204672616d65100200080080000180000000\n"
	"LIVE_ISER_FRAME 3260 54398 4d504120494420526570204672616d65100200080001008080000000\n"
	"LIVE_ISER_STEP login ok\n"
	"LIVE_ISER_STEP io ok\n"
	"LIVE_ISER_STEP logout ok\n"
	"LIVE_ISER_DONE\n"
	"LIVE_ISER_CASE initiator i-linux\n"
	"LIVE_ISERI i-linux RDMA_CM_EVENT_ESTABLISHED 0 1 4 c0000000 4 c0000000\n"
	"LIVE_ISER_CASE initiator i-len-0\n"
	"LIVE_ISERI i-len-0 RDMA_CM_EVENT_ESTABLISHED 0 1 0 - 4 80000000\n"
	"LIVE_ISERI_END\n";

static void test_iser(void)
{
	static char out[16384], con[sizeof(iser_con) + 64], *p;

	CHECK(iser(iser_con, out, sizeof(out)) == 0);
	CHECK(strstr(out, "data check passed") != NULL);
	CHECK(row_has(out, "isert", "data", "conforms"));
	CHECK(row_has(out, "ib_iser", "t-ok", "conforms"));
	/* ib_iser goes on after a REP that uses zero-based VAs it refused */
	CHECK(row_has(out, "ib_iser", "t-zbva-used", "iser-a12#req-3") &&
	      row_has(out, "ib_iser", "t-zbva-used", "diverges"));
	CHECK(row_has(out, "isert", "i-linux", "conforms"));
	/* no header, yet isert answers "Send with Invalidate used" */
	CHECK(row_has(out, "isert", "i-len-0", "iser-a12#req-2") &&
	      row_has(out, "isert", "i-len-0", "diverges"));
	/* and each can turn */
	memcpy(con, iser_con, sizeof(iser_con));
	p = strstr(con, "i-len-0 RDMA_CM_EVENT_ESTABLISHED 0 1 0 - 4 80000000");
	patch(p + strlen("i-len-0 RDMA_CM_EVENT_ESTABLISHED 0 1 0 - 4 "), "c0");
	CHECK(iser(con, out, sizeof(out)) == 0 && row_has(out, "isert", "i-len-0", "conforms"));
	memcpy(con, iser_con, sizeof(iser_con));
	p = strstr(con, "t-zbva-used 1 1 continued");
	patch(p + 16, "closed   ");
	CHECK(iser(con, out, sizeof(out)) == 0 &&
	      row_has(out, "ib_iser", "t-zbva-used", "conforms"));
	memcpy(con, iser_con, sizeof(iser_con));
	patch(strstr(con, "3260 54398 4d50"), "3260 54398 4d5x");
	CHECK(iser(con, out, sizeof(out)) == 1);
	/* a target case no connection request reached: missing */
	memcpy(con, iser_con, sizeof(iser_con));
	patch(strstr(con, "t-zbva-used 1 1 continued"), "t-zbva-used 0 0 -        ");
	CHECK(iser(con, out, sizeof(out)) == 0 &&
	      row_has(out, "ib_iser", "t-zbva-used", "no-request") &&
	      strstr(out, "the first t-zbva-used, its client's end killed"));
}

static void test_next(void)
{
	static const char data_death[] = "LIVE_SMBD_CASE server s-ok\n"
					 "LIVE_SMBDS s-ok 1 1 continued killed\n"
					 "LIVE_SMBDS_END\n"
					 "LIVE_SMBD_STEP server ok\n";
	static const char data_begun[] = "LIVE_SMBD_CASE server s-ok\n"
					 "LIVE_SMBDS_END\n"
					 "LIVE_SMBD_CASE check data\n";
	static const char client_death[] = "LIVE_SMBD_CASE server s-ok\n"
					   "LIVE_SMBDS_END\n"
					   "LIVE_SMBD_CASE check data\n"
					   "LIVE_SMBD_STEP server ok\n"
					   "LIVE_SMBD_DONE\n"
					   "LIVE_SMBD_CASE client c-ok\n";
	static char out[256];
	FILE *f = fmemopen(out, sizeof(out), "w");

	live_ulp_next(&live_smbd_suite, smbd_con, strlen(smbd_con), f);
	live_ulp_next(&live_smbd_suite, "LIVE_SMBD_CASE server s-len-31\n", 31, f);
	live_ulp_next(&live_smbd_suite, "LIVE_BOOT\n", 10, f);
	live_ulp_next(&live_iser_suite, "LIVE_ISER_CASE target t-ok\n", 27, f);
	/* dead in the data check: after the server's end, a step begun */
	live_ulp_next(&live_smbd_suite, data_death, strlen(data_death), f);
	/* dead after the server's end, before any step: its last case's */
	live_ulp_next(&live_smbd_suite, data_death,
		      strlen(data_death) - strlen("LIVE_SMBD_STEP server ok\n"), f);
	/* the data check's own line, no step yet */
	live_ulp_next(&live_smbd_suite, data_begun, strlen(data_begun), f);
	/* a client case after the data check: that case's, not the data's */
	live_ulp_next(&live_smbd_suite, client_death, strlen(client_death), f);
	fclose(f);
	{
		char want[200];

		snprintf(want, sizeof(want),
			 "done\n%ld s-len-31\nnone\n%ld t-ok\ndata\n%ld s-ok\ndata\n%ld c-ok\n",
			 live_smbd_case_index("s-len-31") + 1, live_iser_case_index("t-ok") + 1,
			 live_smbd_case_index("s-ok") + 1, live_smbd_case_index("c-ok") + 1);
		CHECK(strcmp(out, want) == 0);
	}
}

/* rdmaneg-live smbd-write: the copy is the source, at any offset and
 * write size; a bad offset or size is a usage error, a missing file an
 * I/O error */
static void test_write(void)
{
	char dir[] = "/tmp/ulp-unit-XXXXXX", src[64], dst[64], bad[96];
	static uint8_t a[10007], b[sizeof(a) + 1];
	FILE *devnull = fopen("/dev/null", "w");

	if (!mkdtemp(dir) || !devnull) {
		CHECK(0);
		if (devnull)
			fclose(devnull);
		return;
	}
	snprintf(src, sizeof(src), "%s/src", dir);
	snprintf(dst, sizeof(dst), "%s/dst", dir);
	snprintf(bad, sizeof(bad), "%s/no/such", dir);
	for (size_t i = 0; i < sizeof(a); i++)
		a[i] = (uint8_t)(i * 131 + i / 251);
	FILE *f = fopen(src, "wb");
	CHECK(f && fwrite(a, 1, sizeof(a), f) == sizeof(a) && fclose(f) == 0);
	static const size_t cases[][2] = {
		{ 2000, 3000 }, { 0, 1 }, { 4095, 4096 }, { 17, 10007 }, { 1, 20000 }
	};
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		CHECK(live_smbd_write(src, dst, cases[k][0], cases[k][1], devnull) == 0);
		f = fopen(dst, "rb");
		size_t n = f ? fread(b, 1, sizeof(b), f) : 0;
		if (f)
			fclose(f);
		CHECK(n == sizeof(a) && memcmp(a, b, n) == 0);
	}
	CHECK(live_smbd_write(src, dst, 4096, 10, devnull) == 2);
	CHECK(live_smbd_write(src, dst, 0, 0, devnull) == 2);
	CHECK(live_smbd_write(src, dst, 0, LIVE_SMBD_WRITE_MAX + 1, devnull) == 2);
	CHECK(live_smbd_write(bad, dst, 0, 10, devnull) == 1);
	CHECK(live_smbd_write(src, bad, 0, 10, devnull) == 1);
	unlink(src);
	unlink(dst);
	rmdir(dir);
	fclose(devnull);
}

int main(void)
{
	test_fpdu();
	test_cases();
	test_smbd();
	test_smbd_hold();
	test_netstat();
	test_iser();
	test_iser_session();
	test_next();
	test_write();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
