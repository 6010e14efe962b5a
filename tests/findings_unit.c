// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Unit tests of the findings registry (tools/findings/findings.c): the
 * parser and each malformed file it must refuse, whether a console
 * reproduced a finding, make live-fixes's verdict per row, the W=1
 * comparison and the generated table. Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "tools/findings/findings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/check.h"

static const char good[] =
	"# a comment\n"
	"id: 7\n"
	"title: KASAN: use-after-free Read in siw_destroy_listen\n"
	"kind: kasan\n"
	"subsystem: SOFT-IWARP DRIVER (siw)\n"
	"maintainer: Bernard Metzler <bernard.metzler@linux.dev>\n"
	"list: linux-rdma@vger.kernel.org\n"
	"function: siw_cm_llp_state_change\n"
	"file: drivers/infiniband/sw/siw/siw_cm.c\n"
	"trigger: any TCP client of a siw listener\n"
	"seen: 6.1.192-rdmaneg-debug\n"
	"reproduced: 1 of 1\n"
	"reproducer: make live-repro KERNEL=debug ROLE=request CASE=reset-before-accept\n"
	"signature: KASAN: use-after-free Read in siw_destroy_listen\n"
	"check: repro ROLE=request CASE=reset-before-accept\n"
	"expect: splat\n"
	"race: no\n"
	"fixes: 6c52fdc244b5 (\"rdma/siw: connection management\")\n"
	"patch: 0001-RDMA-siw-Do-not-release.patch\n"
	"series: siw\n"
	"mainline-repo: atlanticdg/linux-6.18.y\n"
	"mainline-commit: 6c3dcfd01987\n"
	"mainline-code: present\n"
	"mainline-note: the same code\n"
	"upstream: none found\n";

static int parse(const char *text, struct rdmaneg_finding *f, char *err)
{
	return rdmaneg_finding_parse("siw-x", text, strlen(text), f, err, 300);
}

/* good with line key's value replaced (value NULL: the line removed),
 * parsed into *f */
static int parse_into(const char *key, const char *value, struct rdmaneg_finding *f, char *err)
{
	char text[4096], *p;
	size_t kl = strlen(key);

	snprintf(text, sizeof(text), "%s", good);
	for (p = text; *p; p = strchr(p, '\n') + 1)
		if (strncmp(p, key, kl) == 0 && p[kl] == ':')
			break;
	if (*p) {
		char rest[4096];

		snprintf(rest, sizeof(rest), "%s", strchr(p, '\n') + 1);
		if (value)
			snprintf(p, sizeof(text) - (size_t)(p - text), "%s: %s\n%s", key, value,
				 rest);
		else
			snprintf(p, sizeof(text) - (size_t)(p - text), "%s", rest);
	}
	return parse(text, f, err);
}

static int parse_with(const char *key, const char *value, char *err)
{
	static struct rdmaneg_finding f;

	return parse_into(key, value, &f, err);
}

static void test_parse(void)
{
	static struct rdmaneg_finding f;
	char err[300];

	CHECK(parse(good, &f, err) == 0);
	CHECK(f.id == 7 && f.kind == RDMANEG_FK_KASAN && f.signature.n == 1 && f.patch.n == 1);
	CHECK(strcmp(f.check_suite, "repro") == 0 && strcmp(f.check_role, "request") == 0 &&
	      strcmp(f.check_case, "reset-before-accept") == 0 && !f.race);
	/* each rule, one malformed file each, named in the message */
	CHECK(parse_with("kind", "crash", err) != 0 && strstr(err, "kind:") &&
	      strstr(err, "siw-x"));
	CHECK(parse_with("id", "0", err) != 0 && strstr(err, "id:"));
	CHECK(parse_with("id", "7x", err) != 0);
	CHECK(parse_with("title", NULL, err) != 0 && strstr(err, "missing key: title"));
	CHECK(parse_with("patch", "../escape.patch", err) != 0 && strstr(err, "patch:"));
	CHECK(parse_with("patch", "0001-a.diff", err) != 0);
	CHECK(parse_with("check", "boot ROLE=x", err) != 0 &&
	      strstr(err, "repro, adversarial, nfs, nvme, smbd, iser or roce"));
	CHECK(parse_with("check", "repro CASE=x", err) != 0 && strstr(err, "ROLE="));
	CHECK(parse_with("check", "repro ROLE=r CASE=$(rm)", err) != 0 &&
	      strstr(err, "NAME=VALUE"));
	/* CASE= may list the peer's globs; the last is the measured case */
	CHECK(parse_with("check", "repro ROLE=request CASE=rev-*,abcd-0*,abcd-1000", err) == 0);
	CHECK(parse_into("check", "repro ROLE=request CASE=rev-*,abcd-1000", &f, err) == 0 &&
	      strcmp(f.check_case, "abcd-1000") == 0 &&
	      strstr(f.check_args, "CASE=rev-*,abcd-1000"));
	CHECK(parse_with("check", "repro ROLE=request CASE=rev-*,abcd-1*", err) != 0 &&
	      strstr(err, "not a glob"));
	CHECK(parse_with("check", "repro ROLE=request CASE=rev-*,", err) != 0 &&
	      strstr(err, "ends with a case name"));
	CHECK(parse_with("expect", "crash", err) != 0);
	CHECK(parse_with("race", "maybe", err) != 0);
	CHECK(parse_with("mainline-code", "gone", err) != 0);
	CHECK(parse_with("kind", "divergence", err) != 0 && strstr(err, "expect: verdict"));
	CHECK(parse_with("signature", NULL, err) != 0 && strstr(err, "signature"));
	CHECK(parse_with("colour", "blue", err) == 0); /* absent key: nothing replaced */
	CHECK(parse("id: 1\nid: 2\n", &f, err) != 0 && strstr(err, "line 2"));
	CHECK(parse("id 1\n", &f, err) != 0 && strstr(err, "key: value"));
	CHECK(parse("colour: blue\n", &f, err) != 0 && strstr(err, "unknown key"));
	CHECK(parse("", &f, err) != 0 && strstr(err, "missing key: id"));
}

static void test_seen(void)
{
	static struct rdmaneg_finding f;
	char err[300], why[400];
	const char *splat =
		"PEER_CASE request 0 reset-before-accept\n"
		"[   23.8] BUG: KASAN: use-after-free in siw_destroy_listen+0x4a8/0x4e0\n"
		"[   23.8] Read of size 8 at addr ffff8880054b90c0 by task x/107\n";
	const char *other = "PEER_CASE request 0 reset-before-accept\n"
			    "[   23.8] BUG: KASAN: use-after-free in siw_cep_put+0x1/0x2\n"
			    "[   23.8] Read of size 8 at addr ffff8880054b90c0 by task x/107\n";
	const char *clean = "PEER_CASE request 0 reset-before-accept\nPEER_VERDICT request 0 "
			    "reset-before-accept conforms -\n";
	const char *none = "PEER_CASE request 0 reset-before-acceptx\n";

	CHECK(parse(good, &f, err) == 0);
	CHECK(rdmaneg_finding_seen(&f, splat, strlen(splat), why, sizeof(why)) == 1);
	/* the debug kernel's console stamps the guest's lines too */
	{
		const char *stamped =
			"[   37.890949] PEER_CASE request 0 reset-before-accept\n"
			"[   38.1] BUG: KASAN: use-after-free in siw_destroy_listen+0x4a8/0x4e0\n"
			"[   38.1] Read of size 8 at addr ffff8880054b90c0 by task x/107\n";

		CHECK(rdmaneg_finding_seen(&f, stamped, strlen(stamped), why, sizeof(why)) == 1);
	}
	CHECK(rdmaneg_finding_seen(&f, other, strlen(other), why, sizeof(why)) == 0);
	CHECK(rdmaneg_finding_seen(&f, clean, strlen(clean), why, sizeof(why)) == 0);
	CHECK(rdmaneg_finding_seen(&f, none, strlen(none), why, sizeof(why)) == -1 &&
	      strstr(why, "not a measurement"));
	/* a divergence: the peer's verdict on the case */
	{
		static struct rdmaneg_finding d;
		const char *div = "PEER_CASE request 3 reset-before-accept\nPEER_VERDICT request 3 "
				  "reset-before-accept diverges rfc6581#6-7\n";
		const char *died = "PEER_CASE request 3 reset-before-accept\n";

		CHECK(parse_into("expect", "verdict", &d, err) == 0 &&
		      d.expect == RDMANEG_FE_VERDICT);
		CHECK(rdmaneg_finding_seen(&d, div, strlen(div), why, sizeof(why)) == 1);
		CHECK(rdmaneg_finding_seen(&d, clean, strlen(clean), why, sizeof(why)) == 0);
		CHECK(rdmaneg_finding_seen(&d, died, strlen(died), why, sizeof(why)) == -1);
		/* with a clause, another divergence of the case is not this one */
		CHECK(parse_into("expect", "verdict rfc6581#6-7", &d, err) == 0 &&
		      strcmp(d.expect_clause, "rfc6581#6-7") == 0);
		CHECK(rdmaneg_finding_seen(&d, div, strlen(div), why, sizeof(why)) == 1);
		CHECK(parse_into("expect", "verdict rfc6581#9.1-1", &d, err) == 0 &&
		      strcmp(d.expect_clause, "rfc6581#9.1-1") == 0);
		CHECK(rdmaneg_finding_seen(&d, div, strlen(div), why, sizeof(why)) == 0);
		CHECK(rdmaneg_finding_seen(&d, clean, strlen(clean), why, sizeof(why)) == 0);
	}
	CHECK(parse_with("expect", "verdict two words", err) != 0 && strstr(err, "one clause"));
	/* a corruption: the data check's step that compares */
	{
		static char text[4096];
		static struct rdmaneg_finding s;
		const char *step_failed = "LIVE_SMBD_CASE check data\nLIVE_SMBD_STEP io ok\n"
					  "LIVE_SMBD_STEP smallio failed: differ: char 2681\n";
		const char *step_passed = "LIVE_SMBD_CASE check data\nLIVE_SMBD_STEP smallio ok\n";
		const char *died = "LIVE_SMBD_CASE check data\nLIVE_SMBD_STEP io ok\n"
				   "[   9.1] general protection fault, probably for x\n";
		const char *other_step =
			"LIVE_SMBD_CASE check data\nLIVE_SMBD_STEP smallio2 failed\n"
			"LIVE_SMBD_STEP longpath failed: x\nLIVE_SMBD_STEP smallio ok\n";

		snprintf(text, sizeof(text), "%s", good);
		*strstr(text, "signature:") = '#'; /* a step needs none */
		*strstr(text, "check:") = '#';
		*strstr(text, "expect:") = '#';
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s",
			 "check: smbd SMBD_CASE=data\nexpect: step smallio\nunpatched: others\n");
		CHECK(parse(text, &s, err) == 0 && s.expect == RDMANEG_FE_STEP &&
		      strcmp(s.expect_step, "smallio") == 0 && s.unpatched_others);
		CHECK(rdmaneg_finding_seen(&s, step_failed, strlen(step_failed), why,
					   sizeof(why)) == 1 &&
		      strstr(why, "char 2681"));
		CHECK(rdmaneg_finding_seen(&s, step_passed, strlen(step_passed), why,
					   sizeof(why)) == 0);
		CHECK(rdmaneg_finding_seen(&s, other_step, strlen(other_step), why, sizeof(why)) ==
		      0);
		CHECK(rdmaneg_finding_seen(&s, died, strlen(died), why, sizeof(why)) == -1 &&
		      strstr(why, "never ran"));
		/* a step needs a suite with steps; a corruption needs a step */
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "kind: corruption\n");
		*strstr(text, "kind: kasan") = '#';
		CHECK(parse(text, &s, err) == 0 && s.kind == RDMANEG_FK_CORRUPTION);
		CHECK(parse_with("kind", "corruption", err) != 0 && strstr(err, "expect: step"));
		CHECK(parse_with("expect", "step smallio", err) != 0 &&
		      strstr(err, "reports steps"));
	}
	CHECK(parse_with("expect", "step two words", err) != 0 && strstr(err, "one step name"));
	/* a divergence only the kernel's log shows: a line of its case holds
	 * the text; the next case's lines are not its own */
	{
		static char text[4096];
		static struct rdmaneg_finding l;
		const char *seen = "LIVE_NVME_CASE target accept-ok\n"
				   "LIVE_NVME_CASE target reject-sts-6\n"
				   "[   10.28] nvme nvme0: Connect rejected: status -104 (reset by "
				   "remote host).\n"
				   "LIVE_NVMET reject-sts-6 1 no 104\n";
		const char *fixed = "LIVE_NVME_CASE target reject-sts-6\n"
				    "[   10.28] nvme nvme0: Connect rejected: status -111 (refused "
				    "by remote application) nvme status 6 (resources).\n";
		const char *next = "LIVE_NVME_CASE target reject-sts-6\nLIVE_NVME_CASE target "
				   "reject-sts-7\n[   10.28] nvme nvme0: Connect rejected: status "
				   "-104 (reset by remote host).\n";
		const char *before = "[   10.28] nvme nvme0: Connect rejected: status -104 (reset "
				     "by remote host).\nLIVE_NVME_CASE target reject-sts-6\n";

		snprintf(text, sizeof(text), "%s", good);
		*strstr(text, "signature:") = '#';
		*strstr(text, "check:") = '#';
		*strstr(text, "expect:") = '#';
		*strstr(text, "kind: kasan") = '#';
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s",
			 "kind: divergence\ncheck: nvme NVME_CASE=reject-sts-6\n"
			 "expect: log Connect rejected: status -104\n");
		CHECK(parse(text, &l, err) == 0 && l.expect == RDMANEG_FE_LOG &&
		      strcmp(l.expect_log, "Connect rejected: status -104") == 0);
		CHECK(rdmaneg_finding_seen(&l, seen, strlen(seen), why, sizeof(why)) == 1 &&
		      strstr(why, "logged: nvme nvme0: Connect rejected"));
		CHECK(rdmaneg_finding_seen(&l, fixed, strlen(fixed), why, sizeof(why)) == 0 &&
		      strstr(why, "has no \"Connect rejected: status -104\""));
		CHECK(rdmaneg_finding_seen(&l, next, strlen(next), why, sizeof(why)) == 0);
		CHECK(rdmaneg_finding_seen(&l, before, strlen(before), why, sizeof(why)) == 0);
		CHECK(rdmaneg_finding_seen(&l, fixed + 35, strlen(fixed + 35), why, sizeof(why)) ==
		      -1);
		/* log is a divergence's; a divergence takes verdict or log */
		CHECK(parse_with("expect", "log Connect rejected", err) != 0 &&
		      strstr(err, "for a divergence"));
		CHECK(parse_with("expect", "log short", err) != 0 && strstr(err, "8 to 95"));
		*strstr(text, "expect: log") = '#';
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "expect: step io\n");
		CHECK(parse(text, &l, err) != 0 && strstr(err, "a divergence is checked by"));
	}
	{
		static char text[4096];
		static struct rdmaneg_finding u;

		snprintf(text, sizeof(text), "%sunpatched: never\n", good);
		CHECK(parse(text, &u, err) != 0 && strstr(err, "debug or others"));
		snprintf(text, sizeof(text), "%sunpatched: debug\n", good);
		CHECK(parse(text, &u, err) == 0 && !u.unpatched_others);
	}
	/* an NVMe-oF check: its case line names the role, then the case */
	{
		static struct rdmaneg_finding n;
		const char *kasan =
			"LIVE_NVME_CASE host len-3 f6ab0e\n"
			"[   9.1] BUG: KASAN: use-after-free in siw_destroy_listen+0x1/0x2\n"
			"[   9.1] Read of size 2 at addr ffff8880054b90c0 by task x/1\n";
		const char *elsewhere =
			"LIVE_NVME_CASE host len-30 f6ab0e\n"
			"[   9.1] BUG: KASAN: use-after-free in siw_destroy_listen+0x1/0x2\n";

		CHECK(parse_into("check", "nvme NVME_CASE=len-3", &n, err) == 0 &&
		      strcmp(n.check_suite, "nvme") == 0 && strcmp(n.check_case, "len-3") == 0);
		CHECK(rdmaneg_finding_seen(&n, kasan, strlen(kasan), why, sizeof(why)) == 1);
		CHECK(rdmaneg_finding_seen(&n, elsewhere, strlen(elsewhere), why, sizeof(why)) ==
			      -1 &&
		      strstr(why, "LIVE_NVME_CASE"));
		CHECK(parse_with("check", "nvme NFS_CASE=len-3", err) != 0 &&
		      strstr(err, "NVME_CASE="));
		CHECK(parse_with("check", "nfs CASE=short-1", err) != 0);
	}
}

static void test_verdict(void)
{
	struct rdmaneg_fix_row r = { "x", 1, 1, 0, 1, 0, 0 }; /* 1/1 before, 0/1 after */

	CHECK(strcmp(rdmaneg_fix_verdict(&r), "fixed") == 0);
	r.after_k = 1; /* the negative control: the patch left out */
	CHECK(strcmp(rdmaneg_fix_verdict(&r), "reproduces with the patch") == 0);
	r.after_k = 0;
	r.before_k = 0; /* never fixed when it did not reproduce first */
	CHECK(strcmp(rdmaneg_fix_verdict(&r), "fixed") != 0);
	r.before_k = 1;
	r.before_void = 1;
	CHECK(strcmp(rdmaneg_fix_verdict(&r), "fixed") != 0);
	r.before_void = 0;
	r.after_void = 1;
	CHECK(strcmp(rdmaneg_fix_verdict(&r), "fixed") != 0);
	r.after_void = 0;
	r.after_n = 0;
	CHECK(strcmp(rdmaneg_fix_verdict(&r), "fixed") != 0);
}

static void test_w1(void)
{
	const char *before = "a.c:10:5: warning: unused variable 'x' [-Wunused]\nCC a.o\n";
	const char *moved = "a.c:14:5: warning: unused variable 'x' [-Wunused]\n";
	const char *fresh = "a.c:14:5: warning: unused variable 'x' [-Wunused]\n"
			    "a.c:20:1: warning: no previous prototype [-Wmissing-prototypes]\n";
	FILE *null = fopen("/dev/null", "w");

	CHECK(null != NULL);
	CHECK(rdmaneg_w1_new(null, before, strlen(before), moved, strlen(moved)) == 0);
	CHECK(rdmaneg_w1_new(null, before, strlen(before), fresh, strlen(fresh)) == 1);
	CHECK(rdmaneg_w1_new(null, "", 0, moved, strlen(moved)) == 1);
	if (null)
		fclose(null);
}

static void test_table(void)
{
	static struct rdmaneg_findings all;
	char err[300], *buf = NULL;
	size_t len = 0;
	FILE *mem;

	CHECK(parse(good, &all.f[0], err) == 0);
	all.n = 1;
	CHECK(rdmaneg_findings_match(&all, "KASAN: use-after-free Read in siw_destroy_listen") ==
	      &all.f[0]);
	CHECK(rdmaneg_findings_match(&all, "KASAN: use-after-free Read in siw_destroy") == NULL);
	CHECK(rdmaneg_findings_find(&all, "7") == &all.f[0] &&
	      rdmaneg_findings_find(&all, "siw-x") == &all.f[0] &&
	      rdmaneg_findings_find(&all, "8") == NULL);
	mem = open_memstream(&buf, &len);
	CHECK(mem != NULL);
	if (mem) {
		rdmaneg_findings_markdown(mem, &all, "../");
		fclose(mem);
		CHECK(strstr(buf, "| 7 | [KASAN: use-after-free Read in siw_destroy_listen]"
				  "(../findings/siw-x/report.md) | kasan |") != NULL);
		free(buf);
	}
}

/* good with one "on: VALUE" line more */
static int parse_on_line(const char *value, char *err)
{
	static struct rdmaneg_finding f;
	char text[4096];

	snprintf(text, sizeof(text), "%son: %s\n", good, value);
	return parse(text, &f, err);
}

/* "on:" lines: what a kernel line's measurement may say, and what not */
static void test_on(void)
{
	static struct rdmaneg_finding f;
	static struct rdmaneg_findings all;
	const struct rdmaneg_finding_on *o;
	const char *kv[RDMANEG_FINDING_KVERS];
	char text[4096], err[300], *buf = NULL;
	size_t len = 0;
	FILE *mem;

	snprintf(text, sizeof(text),
		 "%son: 7.3 7.3.4-rdmaneg-debug 1/1\n"
		 "on: 6.12 6.12.117-rdmaneg-debug 0/2: absent: fixed upstream by abc\n",
		 good);
	CHECK(parse(text, &f, err) == 0);
	CHECK(f.n_on == 2);
	o = rdmaneg_finding_on(&f, "6.12");
	CHECK(o && o->k == 0 && o->n == 2 &&
	      strcmp(o->note, "absent: fixed upstream by abc") == 0 && o->absent &&
	      strcmp(o->release, "6.12.117-rdmaneg-debug") == 0);
	CHECK(rdmaneg_finding_on(&f, "6.1") == NULL);
	/* what the parser refuses */
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 0/1", err) != 0 && strstr(err, "note"));
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 2/1", err) != 0);
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 0/0: absent: x", err) != 0);
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 0/1: the code changed", err) != 0 &&
	      strstr(err, "absent"));
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 0/1: present: missed", err) == 0);
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug", err) != 0);
	CHECK(parse_on_line("seven 7.3.4-rdmaneg-debug 1/1", err) != 0);
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 1/1 extra", err) != 0);
	CHECK(parse_on_line("7.3 7.3.4-rdmaneg-debug 1/1:", err) != 0);
	snprintf(text, sizeof(text), "%son: 7.3 a 1/1\non: 7.3 b 1/1\n", good);
	CHECK(parse(text, &f, err) != 0 && strstr(err, "twice"));
	/* the measured verdicts */
	snprintf(text, sizeof(text), "%son: 7.3 7.3.4-rdmaneg-debug 1/1\n", good);
	CHECK(parse(text, &f, err) == 0);
	o = rdmaneg_finding_on(&f, "7.3");
	CHECK(strcmp(rdmaneg_on_verdict(o, "7.3.4-rdmaneg-debug", 3, 5), "recorded") == 0);
	CHECK(strcmp(rdmaneg_on_verdict(o, "7.3.4-rdmaneg-debug", 0, 1), "differs") == 0);
	CHECK(strcmp(rdmaneg_on_verdict(o, "7.3.5-rdmaneg-debug", 1, 1), "differs") == 0);
	CHECK(strcmp(rdmaneg_on_verdict(o, "7.3.4-rdmaneg-debug", 0, 0), "differs") == 0);
	CHECK(strcmp(rdmaneg_on_verdict(NULL, "7.3.4-rdmaneg-debug", 1, 1), "unrecorded") == 0);
	/* the table's columns: one a kernel line, oldest first */
	snprintf(text, sizeof(text), "%son: 7.3 r73 1/1\non: 6.12 r612 0/1: absent: gone\n", good);
	CHECK(parse(text, &all.f[0], err) == 0);
	snprintf(text, sizeof(text), "%son: 6.1 r61 1/1\n", good);
	CHECK(parse(text, &all.f[1], err) == 0);
	all.n = 2;
	CHECK(rdmaneg_findings_kvers(&all, kv) == 3 && strcmp(kv[0], "6.1") == 0 &&
	      strcmp(kv[1], "6.12") == 0 && strcmp(kv[2], "7.3") == 0);
	mem = open_memstream(&buf, &len);
	CHECK(mem != NULL);
	if (mem) {
		rdmaneg_findings_markdown(mem, &all, "");
		fclose(mem);
		CHECK(strstr(buf, "| reproducer | 6.1 | 6.12 | 7.3 | patch |") != NULL);
		CHECK(strstr(buf, "` | - | 0/1 | 1/1 | [patch]") != NULL);
		CHECK(strstr(buf, "` | 1/1 | - | - | [patch]") != NULL);
		free(buf);
	}
}

/* The status page: a status cell a kernel line, in words and colour */
static void test_html(void)
{
	static struct rdmaneg_findings all;
	const char *cls;
	char text[4096], err[300], *buf = NULL;
	size_t len = 0;
	FILE *mem;

	snprintf(text, sizeof(text),
		 "%son: 7.3 r73 1/5\non: 6.12 r612 0/1: absent: gone\n"
		 "on: 6.1 r61 0/5: present: <race> not hit\n",
		 good);
	CHECK(parse(text, &all.f[0], err) == 0);
	all.n = 1;
	CHECK(strcmp(rdmaneg_finding_status(rdmaneg_finding_on(&all.f[0], "7.3"), &cls),
		     "reproduced") == 0 &&
	      strcmp(cls, "repro") == 0);
	CHECK(strcmp(rdmaneg_finding_status(rdmaneg_finding_on(&all.f[0], "6.12"), &cls),
		     "absent") == 0 &&
	      strcmp(cls, "absent") == 0);
	CHECK(strcmp(rdmaneg_finding_status(rdmaneg_finding_on(&all.f[0], "6.1"), &cls),
		     "present, not shown") == 0 &&
	      strcmp(cls, "present") == 0);
	CHECK(strcmp(rdmaneg_finding_status(NULL, &cls), "not measured") == 0 &&
	      strcmp(cls, "none") == 0);
	mem = open_memstream(&buf, &len);
	CHECK(mem != NULL);
	if (mem) {
		rdmaneg_findings_html(mem, &all);
		fclose(mem);
		/* one row, columns oldest first, the note escaped in the hover text */
		CHECK(strstr(buf, "<th>6.1</th><th>6.12</th><th>7.3</th><th>patch</th>") != NULL);
		CHECK(strstr(buf, "<td class=\"st present\" title=\"present, not shown on r61: "
				  "present: &lt;race&gt; not hit\">0/5 present</td>") != NULL);
		CHECK(strstr(buf, "<td class=\"st repro\" title=\"reproduced on r73\">1/5</td>") !=
		      NULL);
		CHECK(strstr(buf, "<a href=\"siw-x.html\">") != NULL);
		free(buf);
	}
	buf = NULL;
	mem = open_memstream(&buf, &len);
	CHECK(mem != NULL);
	if (mem) {
		rdmaneg_finding_html(mem, &all, &all.f[0]);
		fclose(mem);
		CHECK(strstr(buf, "absent on r612: absent: gone</td>") != NULL);
		CHECK(strstr(buf, "<a href=\"index.html#f") != NULL);
		free(buf);
	}
}

/* Cc: stable, the stable-only series, and a regression's commit */
static void test_stable(void)
{
	static struct rdmaneg_finding f;
	char text[4096], err[300], why[256], id[13];

	/* seen on 6.1 (good's seen: line is 6.1.192-rdmaneg-debug), no on: line */
	CHECK(parse(good, &f, err) == 0);
	CHECK(rdmaneg_finding_stable(&f, "7.3", why, sizeof(why)) &&
	      strcmp(why, "6.1 seen, 6.12 not seen") == 0);
	/* a line is not its own stable tree: nothing is older than 6.1 */
	CHECK(!rdmaneg_finding_stable(&f, "6.1", why, sizeof(why)));
	CHECK(!rdmaneg_finding_stable_only(&f, "6.1") && !rdmaneg_finding_regression(&f, id));
	/* measured: absent on 6.12 and 7.3, so a 6.1.y-only bug */
	snprintf(text, sizeof(text),
		 "%son: 6.12 r612 0/1: absent: the code is gone\n"
		 "on: 7.3 r73 0/1: absent: the code is gone\n"
		 "regression: e1b21e606661 (\"smb: server: x\"), in 6.1.167\n",
		 good);
	CHECK(parse(text, &f, err) == 0);
	CHECK(rdmaneg_finding_stable_only(&f, "6.1"));
	CHECK(rdmaneg_finding_stable(&f, "7.3", why, sizeof(why)) &&
	      strcmp(why, "6.1 seen, 6.12 absent") == 0);
	CHECK(rdmaneg_finding_regression(&f, id) && strcmp(id, "e1b21e606661") == 0);
	/* an upstream fix cured the newer line: backport that, not this */
	snprintf(text, sizeof(text), "%son: 7.3 r73 0/1: absent: fixed upstream by abc\n", good);
	CHECK(parse(text, &f, err) == 0 && !rdmaneg_finding_stable_only(&f, "6.1"));
	/* present on a newer line: mainline first */
	snprintf(text, sizeof(text), "%son: 7.3 r73 0/5: present: a race not hit\n", good);
	CHECK(parse(text, &f, err) == 0 && !rdmaneg_finding_stable_only(&f, "6.1"));
	/* no newer line measured: not known to be stable-only */
	snprintf(text, sizeof(text), "%son: 6.1 r61 1/1\n", good);
	CHECK(parse(text, &f, err) == 0 && !rdmaneg_finding_stable_only(&f, "6.1"));
	/* reproduced on 6.12, gone from 7.3: a fix for 6.12.y and 6.1.y, not
	 * mainline; absent on 6.12 itself: not for 6.12.y */
	snprintf(text, sizeof(text),
		 "%son: 6.12 r612 1/1\non: 7.3 r73 0/1: absent: the code moved\n", good);
	CHECK(parse(text, &f, err) == 0 && rdmaneg_finding_stable_only(&f, "6.12") &&
	      rdmaneg_finding_stable_only(&f, "6.1") && !rdmaneg_finding_stable_only(&f, "7.3"));
	snprintf(text, sizeof(text),
		 "%son: 6.12 r612 0/1: absent: gone\non: 7.3 r73 0/1: absent: gone\n", good);
	CHECK(parse(text, &f, err) == 0 && !rdmaneg_finding_stable_only(&f, "6.12") &&
	      rdmaneg_finding_stable_only(&f, "6.1"));
	/* reproduced on 6.12: Cc: stable for a 7.3 series */
	snprintf(text, sizeof(text), "%son: 6.12 r612 1/1\n", good);
	CHECK(parse(text, &f, err) == 0 && rdmaneg_finding_stable(&f, "7.3", why, sizeof(why)) &&
	      strstr(why, "6.12 reproduced"));
	/* what the parser refuses */
	snprintf(text, sizeof(text), "%sregression: e1b21e6\n", good);
	CHECK(parse(text, &f, err) != 0 && strstr(err, "regression"));
	snprintf(text, sizeof(text), "%sregression: e1b21e606661x text\n", good);
	CHECK(parse(text, &f, err) != 0);
	snprintf(text, sizeof(text), "%sregression: e1b21e606661\nregression: e1b21e606661\n",
		 good);
	CHECK(parse(text, &f, err) != 0);
}

/* DIR/SLUG/finding from good with id, slug's patch and a requires line */
static int write_finding(const char *dir, const char *slug, unsigned id, unsigned requires)
{
	char path[512], text[4096];
	FILE *o;

	snprintf(path, sizeof(path), "%s/%s", dir, slug);
	if (mkdir(path, 0700) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/%s/0001-RDMA-siw-Do-not-release.patch", dir, slug);
	o = fopen(path, "w");
	if (!o)
		return -1;
	fputs("From x\n", o);
	fclose(o);
	snprintf(text, sizeof(text), "%s", strstr(good, "title:"));
	snprintf(path, sizeof(path), "%s/%s/finding", dir, slug);
	o = fopen(path, "w");
	if (!o)
		return -1;
	fprintf(o, "id: %u\n%s", id, text);
	if (requires)
		fprintf(o, "requires: %u\n", requires);
	fclose(o);
	return 0;
}

/* good with "requires: value" appended */
static int with_requires(const char *value, struct rdmaneg_finding *f, char *err)
{
	char text[4096];

	snprintf(text, sizeof(text), "%srequires: %s\n", good, value);
	return parse(text, f, err);
}

static void test_requires(void)
{
	static struct rdmaneg_finding f;
	static struct rdmaneg_findings all;
	char err[300], dir[] = "/tmp/findings-unit-XXXXXX";

	CHECK(with_requires("6", &f, err) == 0 && f.requires == 6);
	CHECK(with_requires("0", &f, err) != 0 && strstr(err, "requires:"));
	CHECK(with_requires("6x", &f, err) != 0 && strstr(err, "requires:"));
	CHECK(with_requires("-6", &f, err) != 0 && strstr(err, "requires:"));
	CHECK(with_requires("6\nrequires: 5", &f, err) != 0 && strstr(err, "once"));
	CHECK(parse(good, &f, err) == 0 && f.requires == 0);
	CHECK(mkdtemp(dir) != NULL);
	/* 12 on 6, 13 on 12: dropping 6 drops all three, dropping 12 two */
	CHECK(write_finding(dir, "a", 6, 0) == 0 && write_finding(dir, "b", 12, 6) == 0 &&
	      write_finding(dir, "c", 13, 12) == 0 && write_finding(dir, "d", 14, 0) == 0);
	CHECK(rdmaneg_findings_load(dir, &all, err, sizeof(err)) == 0 && all.n == 4);
	if (all.n == 4) {
		CHECK(rdmaneg_findings_dropped(&all, &all.f[2], &all.f[0]));
		CHECK(rdmaneg_findings_dropped(&all, &all.f[1], &all.f[0]));
		CHECK(rdmaneg_findings_dropped(&all, &all.f[2], &all.f[1]));
		CHECK(!rdmaneg_findings_dropped(&all, &all.f[0], &all.f[1]));
		CHECK(!rdmaneg_findings_dropped(&all, &all.f[3], &all.f[0]));
		CHECK(!rdmaneg_findings_dropped(&all, &all.f[2], NULL));
	}
	/* a requires of an unknown or later id is refused at load */
	CHECK(write_finding(dir, "e", 15, 99) == 0);
	CHECK(rdmaneg_findings_load(dir, &all, err, sizeof(err)) != 0 &&
	      strstr(err, "finding e: requires 99"));
	for (const char *slug = "abcde"; *slug; slug++) {
		char path[512];

		snprintf(path, sizeof(path), "%s/%c/finding", dir, *slug);
		CHECK(unlink(path) == 0);
		snprintf(path, sizeof(path), "%s/%c/0001-RDMA-siw-Do-not-release.patch", dir,
			 *slug);
		CHECK(unlink(path) == 0);
		snprintf(path, sizeof(path), "%s/%c", dir, *slug);
		CHECK(rmdir(path) == 0);
	}
	CHECK(rmdir(dir) == 0);
}

#define F67 "f67ac0061c7614c1548963d3ef1ee1606efd8636"

/* stable's two forms of a backport's first body line, and near misses */
static void test_backport_line(void)
{
	static const struct {
		const char *text;
		bool yes;
	} cases[] = {
		{ "From: a\nSubject: b\n c\n\ncommit " F67 " upstream.\n\nWhy.\n", true },
		{ "From: a\n\n[ Upstream commit " F67 " ]\n", true },
		{ "From: a\n\ncommit " F67 " upstream.", true },
		{ "From: a\n\ncommit " F67 " upstream.x\n", false },
		{ "From: a\n\ncommit f67ac0061c76 upstream.\n", false },
		{ "From: a\n\ncommit F67AC0061C7614C1548963D3EF1EE1606EFD8636 upstream.\n", false },
		{ "From: a\n\nWhy.\ncommit " F67 " upstream.\n", false },
		{ "From: a\ncommit " F67 " upstream.\n", false },
		{ "commit " F67 " upstream.\n\nWhy.\n", false },
		{ "", false },
	};
	char id[41];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool yes = rdmaneg_patch_backport(cases[i].text, strlen(cases[i].text), id);

		CHECK(yes == cases[i].yes && (yes ? strcmp(id, F67) == 0 : id[0] == '\0'));
		if (yes != cases[i].yes)
			printf("  case %zu: %s\n", i, cases[i].text);
	}
}

/* a newer line an upstream fix cured: a stable series carries the patch
 * only if it is that fix's backport */
static void test_backport_stable(void)
{
	static struct rdmaneg_finding f;
	char text[4096], err[300];

	snprintf(
		text, sizeof(text),
		"%son: 6.1 r61 1/1\non: 7.3 r73 0/1: absent: fixed upstream: f67ac0061c76 (\"x\")\n",
		good);
	CHECK(parse(text, &f, err) == 0 && !rdmaneg_finding_stable_only(&f, "6.1"));
	memcpy(f.backport, F67, sizeof(F67));
	CHECK(rdmaneg_finding_stable_only(&f, "6.1"));
	/* the backport of another commit */
	f.backport[0] = 'e';
	CHECK(!rdmaneg_finding_stable_only(&f, "6.1"));
	snprintf(text, sizeof(text), "%son: 7.3 r73 0/1: absent: fixed upstream by f67ac0061c76\n",
		 good);
	CHECK(parse(text, &f, err) == 0);
	memcpy(f.backport, F67, sizeof(F67));
	CHECK(rdmaneg_finding_stable_only(&f, "6.1"));
	/* a prefix shorter than 12 digits names nothing */
	snprintf(text, sizeof(text), "%son: 7.3 r73 0/1: absent: fixed upstream: f67ac006\n", good);
	CHECK(parse(text, &f, err) == 0);
	memcpy(f.backport, F67, sizeof(F67));
	CHECK(!rdmaneg_finding_stable_only(&f, "6.1"));
}

/* removes what write_finding(dir, "a", ...) wrote, and dir */
static void remove_finding_a(const char *dir)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/a/0001-RDMA-siw-Do-not-release.patch", dir);
	CHECK(unlink(path) == 0);
	snprintf(path, sizeof(path), "%s/a/finding", dir);
	CHECK(unlink(path) == 0);
	snprintf(path, sizeof(path), "%s/a", dir);
	CHECK(rmdir(path) == 0 && rmdir(dir) == 0);
}

/* load reads the backport from the patch, and refuses one of a commit no
 * "upstream:" line names */
static void test_backport_load(void)
{
	static struct rdmaneg_findings all;
	char err[300], dir[] = "/tmp/findings-unit-XXXXXX", path[512];
	FILE *o;

	CHECK(mkdtemp(dir) != NULL);
	CHECK(write_finding(dir, "a", 6, 0) == 0);
	snprintf(path, sizeof(path), "%s/a/0001-RDMA-siw-Do-not-release.patch", dir);
	o = fopen(path, "w");
	CHECK(o != NULL);
	if (o) {
		fputs("From: x\n\ncommit " F67 " upstream.\n", o);
		fclose(o);
	}
	CHECK(rdmaneg_findings_load(dir, &all, err, sizeof(err)) != 0 &&
	      strstr(err, "backports f67ac0061c76, which no \"upstream:\" line names"));
	snprintf(path, sizeof(path), "%s/a/finding", dir);
	o = fopen(path, "a");
	CHECK(o != NULL);
	if (o) {
		fputs("upstream: f67ac0061c76 (\"RDMA/rxe: x\")\n", o);
		fclose(o);
	}
	CHECK(rdmaneg_findings_load(dir, &all, err, sizeof(err)) == 0 && all.n == 1 &&
	      strcmp(all.f[0].backport, F67) == 0);
	remove_finding_a(dir);
}

/* a patch's Fixes: tags are the registry's, as written, for the patch and
 * each port; the near misses and a port's stray tag refused */
static void test_fixes_named(void)
{
	static const struct {
		const char *tag;
		bool named;
	} tags[] = {
		{ "Fixes: 6c52fdc244b5 (\"rdma/siw: connection management\")\n", true },
		{ "x\nFixes: 6c52fdc244b5 (\"rdma/siw: connection management\")", true },
		{ "No Fixes: here\n", true },
		{ "Fixes: 6c52fdc244b5 (\"rdma/siw: connection\")\n", false },
		{ "Fixes: 6c52fdc244b5\n", false },
		{ "Fixes: 6c52fdc244b (\"rdma/siw: connection management\")\n", false },
		{ "Fixes: 6c52fdc244b5 (\"rdma/siw: connection management\") x\n", false },
		{ "Fixes: f29dd55b0236 (\"rdma/siw: queue pair methods\")\n", false },
	};
	static struct rdmaneg_findings all;
	struct rdmaneg_finding f;
	char err[300], line[200], dir[] = "/tmp/findings-unit-XXXXXX", path[512];
	FILE *o;

	CHECK(parse(good, &f, err) == 0);
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		CHECK((rdmaneg_patch_fixes_named(&f, tags[i].tag, strlen(tags[i].tag), line,
						 sizeof(line)) == 0) == tags[i].named);
	CHECK(strcmp(line, "Fixes: f29dd55b0236 (\"rdma/siw: queue pair methods\")") == 0);
	/* load: a port (a line of on:) with another tag */
	CHECK(mkdtemp(dir) != NULL);
	CHECK(write_finding(dir, "a", 6, 0) == 0);
	snprintf(path, sizeof(path), "%s/a/finding", dir);
	o = fopen(path, "a");
	if (o) {
		fputs("on: 7.3 7.3.4-rdmaneg-debug 1/1\n", o);
		fclose(o);
	}
	CHECK(rdmaneg_findings_load(dir, &all, err, sizeof(err)) == 0);
	snprintf(path, sizeof(path), "%s/a/7.3", dir);
	CHECK(mkdir(path, 0700) == 0);
	snprintf(path, sizeof(path), "%s/a/7.3/0001-RDMA-siw-Do-not-release.patch", dir);
	o = fopen(path, "w");
	if (o) {
		fputs("From x\n\nFixes: f29dd55b0236 (\"rdma/siw: queue pair methods\")\n", o);
		fclose(o);
	}
	CHECK(rdmaneg_findings_load(dir, &all, err, sizeof(err)) != 0 &&
	      strstr(err, "7.3/0001-RDMA-siw-Do-not-release.patch has \"Fixes: f29dd55b0236") &&
	      strstr(err, "which no \"fixes:\" line names"));
	CHECK(unlink(path) == 0);
	snprintf(path, sizeof(path), "%s/a/7.3", dir);
	CHECK(rmdir(path) == 0);
	remove_finding_a(dir);
}

int main(void)
{
	test_requires();
	test_parse();
	test_seen();
	test_verdict();
	test_w1();
	test_table();
	test_on();
	test_html();
	test_stable();
	test_backport_line();
	test_backport_stable();
	test_backport_load();
	test_fixes_named();
	printf("findings-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
