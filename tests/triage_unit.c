// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Unit tests of tools/triage/triage.c on stored logs (tests/triage/): real
 * sanitizer reports of the search_overrun plant from three targets, of
 * decode_overrun and of a broken rule, and guest consoles of the siw
 * findings. Run from the repository root.
 */
#include "tests/check.h"
#include "tools/triage/triage.h"
#include "util/file.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *load(const char *path, size_t *len)
{
	char *buf = rdmaneg_read_file(path, (1u << 20) - 1, len, NULL);

	if (!buf || *len == 0) {
		printf("FAIL cannot read %s\n", path);
		failed++;
		free(buf);
		buf = calloc(1, 1);
		*len = 0;
		if (!buf)
			exit(1);
	}
	return buf;
}

static bool sign_file(const char *path, struct rdmaneg_crash *c)
{
	size_t len;
	char *log = load(path, &len);
	bool ok = rdmaneg_triage_sanitizer(log, len, true, false, c);

	free(log);
	return ok;
}

/* The third project frame of a log: whatever reached the library. */
static void third_frame(const char *path, char *out, size_t cap)
{
	size_t len;
	char *log = load(path, &len), stack[1200];
	const char *p = stack;

	rdmaneg_triage_stack(log, len, stack, sizeof(stack));
	for (int i = 0; i < 2 && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	snprintf(out, cap, "%.*s", p ? (int)strcspn(p, "\n") : 0, p ? p : "");
	free(log);
}

static const char *const search_logs[] = {
	"tests/triage/search-overrun-rpcrdma_decode.log",
	"tests/triage/search-overrun-rpcrdma_roundtrip.log",
	"tests/triage/search-overrun-stack.log",
};

/* One defect reached through three targets signs the same. */
static void test_one_bug_three_targets(void)
{
	struct rdmaneg_crash c[3];
	char third[3][256];

	for (size_t i = 0; i < 3; i++) {
		CHECK(sign_file(search_logs[i], &c[i]));
		third_frame(search_logs[i], third[i], sizeof(third[i]));
	}
	CHECK(strcmp(c[0].key, "heap-buffer-overflow in id_at < rdmaneg_rpcrdma_decode") == 0);
	CHECK(strcmp(c[0].key, c[1].key) == 0 && strcmp(c[1].key, c[2].key) == 0);
	CHECK(c[0].in_library && c[0].nframes == 2);
	CHECK(strcmp(c[0].detail, "READ of size 1") == 0);
	/* the control: below src/ the three stacks differ, so a signature of
	 * the top three project frames would have made three groups */
	CHECK(strstr(third[0], "rdmaneg_rule_decode") != NULL);
	CHECK(strstr(third[1], "LLVMFuzzerTestOneInput") != NULL);
	CHECK(strstr(third[2], "rdmaneg_rule_stack") != NULL);
}

/* Two different bugs sign differently. */
static void test_two_bugs(void)
{
	struct rdmaneg_crash a, b, r;

	CHECK(sign_file(search_logs[0], &a));
	CHECK(sign_file("tests/triage/decode-overrun.log", &b));
	CHECK(strcmp(b.key, "heap-buffer-overflow in fill < candidate < rdmaneg_rpcrdma_decode") ==
	      0);
	CHECK(strcmp(a.key, b.key) != 0);
	/* a broken rule is signed by the rule, its values removed */
	CHECK(sign_file("tests/triage/pd-overrun-rule.log", &r));
	CHECK(strcmp(r.type, "rule-violation") == 0);
	CHECK(strcmp(r.key,
		     "rule-violation: [rfc5044#7.1]: PD_Length N trusted beyond the N octets given") ==
	      0);
	CHECK(strcmp(r.detail, "[rfc5044#7.1]: PD_Length 2 trusted beyond the 21 octets given") ==
	      0);
}

/* Outside src/ the harness frames sign it; the replay driver never. */
static void test_outside_library(void)
{
	/* made by hand: a crash in the oracle itself */
	static const char log[] =
		"==1==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x1\n"
		"WRITE of size 4 at 0x1 thread T0\n"
		"    #0 0x1 in __asan_memcpy (/x/build/replay/mpa_frame+0x1)\n"
		"    #1 0x2 in rdmaneg_rule_frame /home/u/src/rdmaneg/rules/rules.c:99:3\n"
		"    #2 0x3 in LLVMFuzzerTestOneInput /home/u/src/rdmaneg/fuzz/mpa_frame.c:12:2\n"
		"    #3 0x4 in run_file /home/u/src/rdmaneg/fuzz/replay.c:40:2\n"
		"\n"
		"    #0 0x5 in rdmaneg_mpa_parse /home/u/src/rdmaneg/src/mpa.c:1:1\n";
	static const char ubsan[] =
		"/x/src/mpa.c:70:20: runtime error: shift exponent 40 is too large\n"
		"    #0 0x1 in rdmaneg_mpa_parse /x/src/mpa.c:70:20\n"
		"    #1 0x2 in LLVMFuzzerTestOneInput /x/fuzz/mpa_frame.c:12:2\n";
	static const char msan[] = "==1==WARNING: MemorySanitizer: use-of-uninitialized-value\n"
				   "    #0 0x1 in fill /x/src/rpcrdma_pd.c:92:19\n";
	struct rdmaneg_crash c;

	CHECK(rdmaneg_triage_sanitizer(log, sizeof(log) - 1, true, false, &c));
	CHECK(strcmp(c.key,
		     "stack-buffer-overflow in rdmaneg_rule_frame < LLVMFuzzerTestOneInput") == 0);
	CHECK(!c.in_library);
	CHECK(strcmp(c.detail, "WRITE of size 4") == 0);
	CHECK(strncmp(rdmaneg_triage_severity(&c), "high", 4) == 0);
	CHECK(rdmaneg_triage_sanitizer(ubsan, sizeof(ubsan) - 1, true, false, &c));
	CHECK(strcmp(c.key, "ubsan-shift in rdmaneg_mpa_parse") == 0);
	CHECK(rdmaneg_triage_sanitizer(msan, sizeof(msan) - 1, true, false, &c));
	CHECK(strcmp(c.key, "use-of-uninitialized-value in fill") == 0);
	/* no report: a timeout, a bare failure, or no crash at all */
	CHECK(rdmaneg_triage_sanitizer("", 0, false, true, &c) &&
	      strcmp(c.key, "timeout in (no project frames)") == 0);
	CHECK(rdmaneg_triage_sanitizer("", 0, true, false, &c) && strcmp(c.type, "crash") == 0);
	CHECK(!rdmaneg_triage_sanitizer("replay: 3 inputs\n", 17, false, false, &c));
}

/* Grouping: one group per key, every target listed, smallest kept. */
static void test_grouping(void)
{
	static struct rdmaneg_triage_group g[4];
	struct rdmaneg_triage t = { "fuzz", g, 4, 0, 0, 0 };
	static const char *const targets[] = { "rpcrdma_decode", "rpcrdma_roundtrip", "stack" };
	static const size_t sizes[] = { 7, 4, 31 };
	struct rdmaneg_crash c;
	char slug[128];

	for (size_t i = 0; i < 3; i++) {
		struct rdmaneg_triage_member m = { search_logs[i], sizes[i], targets[i], "replay",
						   search_logs[i], 3,	     3 };

		CHECK(sign_file(search_logs[i], &c));
		CHECK(rdmaneg_triage_add(&t, &c, &m) == &g[0]);
	}
	rdmaneg_triage_add_build(&g[0], "replay-msan");
	rdmaneg_triage_add_build(&g[0], "replay");
	CHECK(sign_file("tests/triage/decode-overrun.log", &c));
	{
		struct rdmaneg_triage_member m = { "x", 9, "rpcrdma_decode", "replay", "x", 2, 3 };

		CHECK(rdmaneg_triage_add(&t, &c, &m) == &g[1]);
	}
	CHECK(t.n == 2);
	CHECK(g[0].nwhere == 3 && g[0].members == 3 && g[0].nbuilds == 2);
	CHECK(g[0].best_size == 4 && strcmp(g[0].best_where, "rpcrdma_roundtrip") == 0);
	CHECK(g[1].hits == 2 && g[1].runs == 3);
	rdmaneg_triage_slug(g[0].crash.key, slug, sizeof(slug));
	CHECK(strcmp(slug, "heap-buffer-overflow-in-id_at-rdmaneg_rpcrdma_decode") == 0);
	/* a full table drops and counts */
	t.cap = 2;
	CHECK(sign_file("tests/triage/pd-overrun-rule.log", &c));
	{
		struct rdmaneg_triage_member m = { "y", 3, "mpa_frame", "replay", "y", 3, 3 };

		CHECK(rdmaneg_triage_add(&t, &c, &m) == NULL && t.dropped == 1);
	}
}

/* A console with two splats of one bug and one of another: two groups. */
static void test_kernel(void)
{
	static struct rdmaneg_triage_group g[4];
	struct rdmaneg_triage t = { "kernel", g, 4, 0, 0, 0 };
	struct rdmaneg_splat s[8];
	struct rdmaneg_crash c;
	size_t len, n;
	char *text = load("tests/triage/console-three-splats.log", &len);

	n = rdmaneg_klog_scan(text, len, s, 8);
	CHECK(n == 3);
	for (size_t i = 0; i < n && i < 8; i++) {
		char id[32];
		struct rdmaneg_triage_member m = {
			id, SIZE_MAX, "reply", "linux", "console", 1, 1
		};

		snprintf(id, sizeof(id), "console:%zu", s[i].line);
		rdmaneg_triage_kernel(&s[i], &c);
		CHECK(rdmaneg_triage_add(&t, &c, &m) != NULL);
	}
	CHECK(t.n == 2);
	CHECK(strcmp(g[0].crash.key, "BUG: kernel NULL pointer dereference in cm_event_handler") ==
	      0);
	CHECK(g[0].members == 2);
	CHECK(strcmp(g[1].crash.key,
		     "BUG: kernel NULL pointer dereference in siw_cm_work_handler") == 0);
	CHECK(g[1].members == 1);
	CHECK(strcmp(g[0].crash.type, "BUG") == 0 && g[0].crash.nframes > 0);
	CHECK(strncmp(rdmaneg_triage_severity(&g[0].crash), "high", 4) == 0);
	free(text);
}

/* util/file.c: whole, cut at max with *more set, empty, missing */
static void test_read_file(void)
{
	char path[] = "/tmp/triage-unit-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	size_t len;
	bool more;
	char *b;

	CHECK(f != NULL);
	if (!f)
		return;
	for (int i = 0; i < 70000; i++)
		fputc('a' + i % 26, f);
	fclose(f);
	b = rdmaneg_read_file(path, 1u << 20, &len, &more);
	CHECK(b && len == 70000 && !more && b[69999] == 'a' + 69999 % 26 && b[70000] == '\0');
	free(b);
	b = rdmaneg_read_file(path, 70000, &len, &more);
	CHECK(b && len == 70000 && !more);
	free(b);
	b = rdmaneg_read_file(path, 69999, &len, &more);
	CHECK(b && len == 69999 && more && b[69999] == '\0');
	free(b);
	b = rdmaneg_read_file(path, 0, &len, &more);
	CHECK(b && len == 0 && more && b[0] == '\0');
	free(b);
	unlink(path);
	CHECK(rdmaneg_read_file(path, 10, &len, &more) == NULL && len == 0 && !more);
}

static void test_split_tabs(void)
{
	char line[] = "a\t\tc\td\r\n";
	char one[] = "only";
	char *f[3];

	CHECK(rdmaneg_split_tabs(line, f, 3) == 3 && strcmp(f[0], "a") == 0 && f[1][0] == '\0' &&
	      strcmp(f[2], "c") == 0);
	CHECK(rdmaneg_split_tabs(one, f, 3) == 1 && strcmp(f[0], "only") == 0);
}

int main(void)
{
	test_read_file();
	test_split_tabs();
	test_one_bug_three_targets();
	test_two_bugs();
	test_outside_library();
	test_grouping();
	test_kernel();
	printf("triage-unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
