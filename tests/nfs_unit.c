// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of make live-nfs's passes (live/nfs/): reading a console,
 * judging it against the RFC column and the core's, the text and JSON
 * reports, the splats, the hostile cases and their mutation. No qemu.
 * Every check that says "conforms" has a twin that must say "diverges".
 * Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "live/nfs/nfs.h"
#include "util/file.h"
#include "util/klog.h"
#include "util/rng.h"
#include <rdmaneg/rdmaneg.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"

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
/* the reading pass, then the expectation pass, as rdmaneg-live nfs runs them */
static void nfs_read(const char *text, size_t len, struct live_nfs *r)
{
	live_nfs_read(text, len, r);
	live_nfs_expect(r);
}

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

	nfs_read(text, strlen(text), r);
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
	nfs_read(text, n, &r);
	CHECK(null && r.nserved == live_nfs_case_count() && r.bad_lines == 0 &&
	      nfs_divs(&r, LIVE_NFS_T_SERVER) == 0);
	for (k = 0; live_nfs_case(k, &c) && strcmp(c.name, "offset-1-4k") != 0; k++)
		;
	CHECK(k < live_nfs_case_count() && r.served[k].rfc.send == 4096 &&
	      r.served[k].core.send == 4096 && r.served[k].msg.offset == 1);
	n = nfs_served_lines(text, sizeof(text), k, "1024/1024");
	nfs_read(text, n, &r);
	CHECK(null && r.served[k].linux_send == 1024 && nfs_divs(&r, LIVE_NFS_T_SERVER) == 1);
	/* the RFC column, by hand ([rfc8797#4.2]): the client's 4096/4096 against
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
		nfs_read(text, n, &r);
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
	nfs_read(text, n, &r);
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
	/* [rfc8797#4.1-3] */
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
	nfs_read(text, n, &r);
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
	nfs_read(text, n, &r);
	{
		FILE *null = fopen("/dev/null", "w");

		CHECK(null && nfs_divs(&r, LIVE_NFS_T_CLIENT) == 0);
		/* [rfc8797#4.1-2]: the same, with ":-" (no invalidation), then one
		 * case's NULL reply a Send With Invalidate of STag 1a2b, which no
		 * chunk of a call named */
		n = 0;
		for (size_t k = 0; live_nfs_case(k, &c); k++)
			n += (size_t)snprintf(
				text + n, sizeof(text) - n,
				"LIVE_NFSC %s RDMA_CM_EVENT_ESTABLISHED 0 f6ab0e1801000303 "
				"0:52:0:0:-1%s 0:%s:0:0:0:-\n",
				c.name, k == 1 ? ":1a2b" : ":-", c.recv > 1024 ? "1040" : "1000");
		nfs_read(text, n, &r);
		CHECK(r.bad_lines == 0 && r.hostile[1].null.inv &&
		      r.hostile[1].null.inv_rkey == 0x1a2b && !r.hostile[0].null.inv &&
		      nfs_divs(&r, LIVE_NFS_T_CLIENT) == 1);
		/* one refusal of a client without a message: 5.1 */
		n = 0;
		for (size_t k = 0; live_nfs_case(k, &c); k++)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "LIVE_NFSC %s RDMA_CM_EVENT_%s -111 - - -\n", c.name,
					      k == 0 ? "REJECTED" : "ESTABLISHED");
		nfs_read(text, n, &r);
		CHECK(r.bad_lines == 0 && r.hostile[0].event_status == -111 && null &&
		      nfs_divs(&r, LIVE_NFS_T_CLIENT) == 1);
		if (null)
			fclose(null);
	}
	/* a case missing, an unknown case, a torn line: not a measurement */
	nfs_judge("LIVE_NFS_STEP io ok\nLIVE_NFSC v1-1k RDMA_CM_EVENT_ESTABLISHED 0 - - -\n", &r,
		  &broken);
	CHECK(broken && r.nhostile == 1 && !r.hostile[0].null.reached);
	nfs_read("LIVE_NFSC v9 RDMA_CM_EVENT_ESTABLISHED 0 - - -\n", 47, &r);
	CHECK(r.nhostile == 1 && !r.hostile[0].known);
	nfs_read("LIVE_NFSC v1-1k RDMA_CM_EVENT_ESTABLISHED 0 f6ab 0:52\n", 53, &r);
	CHECK(r.bad_lines == 1 && r.nhostile == 0);
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
	nfs_read(text, n, &r);
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
	      strstr(json, "\"table\":\"hostile_client\",\"clause\":\"rfc8797#5.1-1\"") &&
	      /* the compliance row, alone on its line */
	      strstr(json, "\n,{\"impl\":\"svcrdma\",\"case\":\"short-1\",\"clause\":"
			   "\"rfc8797#5.1-1\",\"verdict\":\"diverges\"}") &&
	      strstr(json, "\"core_disagreements\":[]") &&
	      strstr(json, "\"rfc_server_to_client\":1024"));
	free(json);
	/* another case beside the one: not that run; an unknown name */
	n += (size_t)snprintf(text + n, sizeof(text) - n,
			      "LIVE_NFSC v1-1k RDMA_CM_EVENT_ESTABLISHED 0 - - -\n");
	nfs_read(text, n, &r);
	CHECK(live_nfs_broken(&r, why, sizeof(why)) && strstr(why, "ran 2 of its 1"));
	nfs_read("LIVE_NFS_ONLY nosuch\n", 21, &r);
	CHECK(r.bad_lines == 1 && !r.only[0] && live_nfs_case_find("nosuch") == -1);

	/* a real run (tests/nfs/console-stock.log: the judge's lines of make
	 * live-nfs on Debian 6.1.0-56-amd64): measured, the core agrees with
	 * the RFC column everywhere, Linux diverges 4 times (docs/nfs.md) */
	{
		size_t cl = 0;
		char *con = rdmaneg_read_file("tests/nfs/console-stock.log", 1u << 20, &cl, NULL);

		CHECK(con != NULL);
		if (con) {
			nfs_read(con, cl, &r);
			live_nfs_judge(&r, &v);
			CHECK(!live_nfs_broken(&r, why, sizeof(why)) && r.nconn == 2 &&
			      r.nhostile == live_nfs_case_count() &&
			      r.nserved == live_nfs_case_count() && v.ncore == 0 && v.ndiv == 4 &&
			      live_nfs_count(&v, LIVE_NFS_T_CONN, false) == 1 &&
			      live_nfs_count(&v, LIVE_NFS_T_CLIENT, false) == 2 &&
			      strcmp(v.div[0].clause, "rfc8797#4.1-3") == 0);
			/* the compliance rows: the mount's, both hostile
			 * tables', and each divergence is a diverging row */
			{
				size_t div = 0, srv = 0, cli = 0;
				bool swi = false;

				for (size_t i = 0; i < v.nrow; i++) {
					div += v.row[i].kind == RDMANEG_VERDICT_DIVERGES;
					srv += strcmp(v.row[i].impl, "svcrdma") == 0;
					cli += strcmp(v.row[i].impl, "xprtrdma") == 0;
					swi = swi ||
					      (strcmp(v.row[i].clause, "rfc8797#4.1-3") == 0 &&
					       v.row[i].kind == RDMANEG_VERDICT_DIVERGES);
				}
				CHECK(srv > live_nfs_case_count() && cli >= live_nfs_case_count() &&
				      div >= 3 && swi);
				/* one xprtrdma threshold row per measured
				 * connection, the second's too */
				cli = 0;
				for (size_t i = 0; i < v.nrow; i++)
					cli += strcmp(v.row[i].impl, "xprtrdma") == 0 &&
					       !v.row[i].name[0];
				CHECK(cli == r.nconn);
			}
			free(con);
		}
	}

	/* the core differing from the RFC column is named, in every table;
	 * a planted core shows it on a real console (plants/plants.tsv) */
	n = (size_t)snprintf(text, sizeof(text),
			     "LIVE_NFS_FRAME 52420 20049 " NFS_REQ
			     "\nLIVE_NFS_FRAME 20049 52420 " NFS_REP "\n" NFS_TRACE,
			     "4096/4096");
	nfs_read(text, n, &r);
	live_nfs_judge(&r, &v);
	CHECK(v.ncore == 0 && v.ndiv == 0);
	r.conn[0].core_client.send = 8192;
	r.conn[0].core_server.ri = true;
	live_nfs_judge(&r, &v);
	CHECK(v.ncore == 2 && live_nfs_count(&v, LIVE_NFS_T_CONN, true) == 2 && v.ndiv == 0 &&
	      strstr(v.core[0].text, "core 8192/4096, RFC 4096/4096") &&
	      strcmp(v.core[1].clause, "rfc8797#4.1-1") == 0);
	r.conn[0].client.msg.offset = 1;
	live_nfs_judge(&r, &v);
	CHECK(v.ncore == 3 && strcmp(v.core[0].clause, "rfc8797#5.2") == 0);
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

int main(void)
{
	test_nfs();
	test_nfs_splats();
	test_nfs_hostile();
	test_nfs_served();
	test_nfs_report();
	test_nfs_mutate();
	printf("nfs-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
