// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of the campaign driver's pure half (live/campaign): the
 * schedule (case lists, random and guided names, the campaign's arcs
 * over restores) and the QMP reader (replies, events, strings), each with
 * the inputs it must refuse. Prints "N passed, N failed".
 */
#define _GNU_SOURCE
#include "live/campaign/blame.h"
#include "live/campaign/compare.h"
#include "live/campaign/qmp.h"
#include "live/campaign/schedule.h"
#include "util/agent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check.h"

static struct sched_agent storage[3];

static void test_lines(void)
{
	struct sched s;
	char err[200], name[RDMANEG_CASENAME_MAX];
	struct sched_agent *a;

	sched_init(&s, storage, 3, 0, 1, false);
	CHECK(sched_line(&s, "request rev-0", false, err, sizeof(err)) == 0);
	CHECK(sched_line(&s, "request abcd-1000~1f", false, err, sizeof(err)) == 0);
	CHECK(sched_line(&s, "reply rev-0", false, err, sizeof(err)) == 0);
	CHECK(s.nagents == 2 && storage[0].ntable == 2 && storage[1].ntable == 1);
	/* refused: not two words, a bad agent, a name outside the grammar */
	CHECK(sched_line(&s, "request", false, err, sizeof(err)) == -1 &&
	      strstr(err, "AGENT NAME"));
	CHECK(sched_line(&s, "request a b", false, err, sizeof(err)) == -1);
	CHECK(sched_line(&s, "Request rev-0", false, err, sizeof(err)) == -1 &&
	      strstr(err, "agent is a word"));
	CHECK(sched_line(&s, "request rev*", false, err, sizeof(err)) == -1 &&
	      strstr(err, "not a case name"));
	CHECK(sched_line(&s, "request a~XY", false, err, sizeof(err)) == -1);
	CHECK(sched_line(&s, "third x", false, err, sizeof(err)) == 0);
	CHECK(sched_line(&s, "fourth x", false, err, sizeof(err)) == -1 && s.nagents == 3);
	a = sched_agent(&s, "request");
	CHECK(a == &storage[0] && sched_count(&s, a) == 2);
	CHECK(sched_case(&s, a, 1, name, sizeof(name)) && strcmp(name, "abcd-1000~1f") == 0);
	CHECK(!sched_case(&s, a, 2, name, sizeof(name)));
	CHECK(!sched_is_random(a, 1) && sched_is_random(a, 2));
}

static void test_random_and_guided(void)
{
	struct sched s;
	char err[200], name[RDMANEG_CASENAME_MAX], again[RDMANEG_CASENAME_MAX];
	struct sched_agent *a;

	/* random: the table, then random-SEED-K, only for an agent with bases */
	sched_init(&s, storage, 3, 5, 42, false);
	CHECK(sched_line(&s, "request rev-0", false, err, sizeof(err)) == 0);
	CHECK(sched_line(&s, "reply rev-0", false, err, sizeof(err)) == 0);
	CHECK(sched_line(&s, "request abcd-1000", true, err, sizeof(err)) == 0);
	a = sched_agent(&s, "request");
	CHECK(sched_count(&s, a) == 6 && sched_count(&s, sched_agent(&s, "reply")) == 1);
	CHECK(sched_case(&s, a, 3, name, sizeof(name)) && strcmp(name, "random-42-2") == 0);
	/* guided: a base one mutation further, the same name for the same k */
	sched_init(&s, storage, 3, 5, 42, true);
	CHECK(sched_line(&s, "request abcd-1000", true, err, sizeof(err)) == 0);
	a = sched_agent(&s, "request");
	CHECK(a->ntable == 0 && a->nbases == 1 && a->guide.n == 1 && sched_count(&s, a) == 5);
	CHECK(sched_case(&s, a, 0, name, sizeof(name)) && strncmp(name, "abcd-1000~", 10) == 0);
	CHECK(sched_case(&s, a, 0, again, sizeof(again)) && strcmp(name, again) == 0);
	CHECK(sched_case(&s, a, 1, again, sizeof(again)) && strcmp(name, again) != 0);
	/* kept only with fresh arcs; a kept input is a parent then */
	CHECK(!sched_keep(a, name, 0) && a->guide.n == 1);
	CHECK(sched_keep(a, name, 3) && a->guide.n == 2 && a->guide.kept == 1);
}

static void test_arcs(void)
{
	struct sched s;
	struct sched_agent *a;

	sched_init(&s, storage, 3, 0, 1, false);
	a = sched_agent(&s, "request");
	CHECK(!sched_bits(a, SCHED_BITS + 1) && sched_bits(a, 100));
	/* the boot's arcs, then a case's: only the new ones count */
	CHECK(sched_merge(a, "1-3,50", 6) == 4 && a->total == 4);
	CHECK(sched_merge(a, "2,50-51", 7) == 1 && a->total == 5);
	/* a restored guest sends what it had again: nothing new */
	CHECK(sched_merge(a, "1-3,50-51", 9) == 0 && a->total == 5);
	CHECK(sched_merge(a, "-", 1) == 0);
	/* malformed or past the map: refused, nothing counted */
	CHECK(sched_merge(a, "99-100", 6) == -1 && sched_merge(a, "3,1", 3) == -1 && a->total == 5);
}

static void test_qmp(void)
{
	char out[64];

	CHECK(qmp_event_of("{\"timestamp\": {\"seconds\": 1, \"microseconds\": 2}, \"event\": "
			   "\"RESET\", \"data\": {\"guest\": true}}") == QMP_EV_RESET);
	CHECK(qmp_event_of("{\"timestamp\": {\"seconds\": 1}, \"event\": \"SHUTDOWN\"}") ==
	      QMP_EV_SHUTDOWN);
	CHECK(qmp_event_of("{\"timestamp\": {}, \"event\": \"GUEST_PANICKED\"}") == QMP_EV_PANIC);
	CHECK(qmp_event_of("{\"timestamp\": {}, \"event\": \"RESUME\"}") == 0);
	/* a reply is no event, whatever its text says */
	CHECK(qmp_event_of("{\"return\": \"\\\"event\\\": \\\"RESET\\\"\"}") == -1);
	CHECK(qmp_string("{\"return\": \"RAX=1\\r\\nRBX=\\u00412\\\"\"}", "return", out,
			 sizeof(out)) &&
	      strcmp(out, "RAX=1\r\nRBX=A2\"") == 0);
	CHECK(qmp_string("{\"error\": {\"class\": \"GenericError\", \"desc\": \"no snapshot\"}}",
			 "desc", out, sizeof(out)) &&
	      strcmp(out, "no snapshot") == 0);
	CHECK(qmp_string("{\"a\": \"\\u263a\"}", "a", out, sizeof(out)) && strcmp(out, "?") == 0);
	/* refused: no such key, not a string, unterminated, a bad escape,
	 * longer than out */
	CHECK(!qmp_string("{\"return\": {}}", "return", out, sizeof(out)));
	CHECK(!qmp_string("{\"x\": \"y\"}", "return", out, sizeof(out)));
	CHECK(!qmp_string("{\"return\": \"abc", "return", out, sizeof(out)));
	CHECK(!qmp_string("{\"return\": \"\\q\"}", "return", out, sizeof(out)));
	CHECK(!qmp_string("{\"return\": \"\\u12\"}", "return", out, sizeof(out)));
	CHECK(!qmp_string("{\"return\": \"abcdef\"}", "return", out, 4));
}

static void put(const char *dir, const char *file, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* compare: a finding outweighs a verdict printed before the guest died;
 * any other difference, and a case one run lacks, is reported */
static void test_compare(void)
{
	char a[] = "/tmp/rdmaneg-cmp-XXXXXX", b[] = "/tmp/rdmaneg-cmp-XXXXXX", out[4096];
	char cases[64], racy[64];
	FILE *f;

	if (!mkdtemp(a) || !mkdtemp(b)) {
		CHECK(0);
		return;
	}
	snprintf(cases, sizeof(cases), "%s/cases", a);
	put(a, "cases", "request rev-0\nrequest abcd-1000\nreply rev-0\n");
	put(a, "verdicts.txt",
	    "request rev-0 diverges rfc5044#7.1.1-22\nrequest abcd-1000 conforms -\n"
	    "reply rev-0 conforms -\n");
	put(a, "findings.txt", "request abcd-1000\tkernel BUG\tmake live-repro\n");
	put(b, "verdicts.txt", "request rev-0 diverges rfc5044#7.1.1-22\nreply rev-0 conforms -\n");
	put(b, "findings.txt", "request abcd-1000\tguest died, no kernel splat\tmake live-repro\n");
	f = fmemopen(out, sizeof(out), "w");
	CHECK(campaign_compare(cases, a, b, NULL, f) == 0);
	fclose(f);
	CHECK(strstr(out, "3 cases: 1 conform, 1 diverge, 1 findings, 0 not run") != NULL);
	/* a verdict that moved, and a case b never ran */
	put(b, "verdicts.txt", "request rev-0 conforms -\n");
	f = fmemopen(out, sizeof(out), "w");
	CHECK(campaign_compare(cases, a, b, NULL, f) == 1);
	fclose(f);
	CHECK(strstr(out, "request rev-0: diverges rfc5044#7.1.1-22 in") != NULL);
	CHECK(strstr(out, "reply rev-0: conforms - in") && strstr(out, "not run in"));
	/* both differences listed as known races: reported, not failed */
	put(a, "racy", "request rev-0 a race\nreply rev-0 another\n");
	snprintf(racy, sizeof(racy), "%s/racy", a);
	f = fmemopen(out, sizeof(out), "w");
	CHECK(campaign_compare(cases, a, b, racy, f) == 0);
	fclose(f);
	CHECK(strstr(out, "(a known race: ") && strstr(out, "but for the known races"));
	f = fmemopen(out, sizeof(out), "w");
	CHECK(campaign_compare(cases, a, "/nonexistent", NULL, f) == 2);
	fclose(f);
	CHECK(strstr(out, "/nonexistent/verdicts.txt") != NULL);
	for (int i = 0; i < 2; i++) {
		const char *d = i ? b : a;
		char p[128];

		for (int j = 0; j < 4; j++) {
			snprintf(p, sizeof(p), "%s/%s", d,
				 j == 0	  ? "cases"
				 : j == 1 ? "verdicts.txt"
				 : j == 2 ? "findings.txt"
					  : "racy");
			(void)unlink(p);
		}
		CHECK(rmdir(d) == 0);
	}
}

/* blame: the case before takes a splat or a death that came before this
 * case's octets went out, or a SUT already down; never a hang, a finding
 * after the octets, or anything in a guest where no case ran before */
static void test_blame(void)
{
	static const char after[] = "[    1.0] PEER_CASE request 5 abcd-1001\n"
				    "[    1.1] PEER_FRAME request 5 32 4d5041\n"
				    "[    1.2] BUG: kernel NULL pointer dereference, address: 18\n"
				    "[    1.2] RIP: 0010:siw_qp_socket_assoc+0x59/0x140\n";
	static const char before[] = "[    1.0] BUG: kernel NULL pointer dereference, address: 18\n"
				     "[    1.0] RIP: 0010:siw_qp_socket_assoc+0x59/0x140\n"
				     "[    1.1] PEER_CASE request 5 abcd-1001\n"
				     "[    1.2] PEER_FRAME request 5 32 4d5041\n";
	static const char quiet[] = "[    1.0] PEER_CASE request 5 abcd-1001\n"
				    "[    1.1] PEER_FRAME request 5 32 4d5041\n";
	static const char other[] = "[    1.0] PEER_CASE request 5 rev-2\n"
				    "[    1.1] PEER_FRAME request 5 32 4d5041\n";

	CHECK(campaign_frame_line(after, sizeof(after) - 1, "request", "abcd-1001") == 2);
	CHECK(campaign_frame_line(before, sizeof(before) - 1, "request", "abcd-1001") == 4);
	CHECK(campaign_frame_line(other, sizeof(other) - 1, "request", "abcd-1001") == 0);
	CHECK(campaign_frame_line(after, sizeof(after) - 1, "reply", "abcd-1001") == 0);
	CHECK(campaign_first_splat(after, sizeof(after) - 1) &&
	      campaign_first_splat(after, sizeof(after) - 1)->line == 3);
	CHECK(!campaign_blame_earlier(after, sizeof(after) - 1, "request", "abcd-1001",
				      CAMPAIGN_DONE, false, true));
	CHECK(!campaign_blame_earlier(after, sizeof(after) - 1, "request", "abcd-1001",
				      CAMPAIGN_DIED, false, true));
	CHECK(campaign_blame_earlier(before, sizeof(before) - 1, "request", "abcd-1001",
				     CAMPAIGN_DONE, false, true));
	CHECK(campaign_blame_earlier(before, sizeof(before) - 1, "request", "abcd-1001",
				     CAMPAIGN_DIED, false, true));
	/* a splat, and the case's own octets never went out */
	CHECK(campaign_blame_earlier(after, sizeof(after) - 1, "request", "other", CAMPAIGN_DONE,
				     false, true));
	/* a death: with no splat, whether the octets went out decides */
	CHECK(campaign_blame_earlier(other, sizeof(other) - 1, "request", "abcd-1001",
				     CAMPAIGN_DIED, false, true));
	CHECK(!campaign_blame_earlier(quiet, sizeof(quiet) - 1, "request", "abcd-1001",
				      CAMPAIGN_DIED, false, true));
	CHECK(campaign_blame_earlier(NULL, 0, "request", "abcd-1001", CAMPAIGN_DIED, false, true));
	/* the peer's own finding after its octets: its own */
	CHECK(!campaign_blame_earlier(quiet, sizeof(quiet) - 1, "request", "abcd-1001",
				      CAMPAIGN_DONE, false, true));
	/* the SUT was down before the octets: the case before's */
	CHECK(campaign_blame_earlier(quiet, sizeof(quiet) - 1, "request", "abcd-1001",
				     CAMPAIGN_DONE, true, true));
	/* never a hang; never with no case before */
	CHECK(!campaign_blame_earlier(before, sizeof(before) - 1, "request", "abcd-1001",
				      CAMPAIGN_HUNG, true, true));
	CHECK(!campaign_blame_earlier(before, sizeof(before) - 1, "request", "abcd-1001",
				      CAMPAIGN_DIED, true, false));
}

int main(void)
{
	test_blame();
	test_compare();
	test_lines();
	test_random_and_guided();
	test_arcs();
	test_qmp();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
