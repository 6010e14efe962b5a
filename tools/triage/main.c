// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-triage: one bug, one group (tools/triage/triage.h says how a crash is
 * signed). tools/triage.sh builds the programs and runs this. The verbs
 * (fuzz, kernel, sign) are the table at the end; help lists them.
 *
 * Exit status: 0 report written (whether or not anything reproduced),
 * 1 a program it needs failed, 2 usage error.
 */
#include "tools/triage/triage.h"
#include "util/file.h"
#include "util/hex.h"
#include "util/klog.h"
#include "util/verb.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROG "rdmaneg-triage"

/* snprintf for paths and commands: a text that does not fit is an error,
 * never a silently different path. */
void rdmaneg_triage_fmt(char *out, size_t cap, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = vsnprintf(out, cap, f, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= cap) {
		fprintf(stderr, "rdmaneg-triage: path or command too long: %.80s...\n", out);
		exit(1);
	}
}

/* A crash artifact's name: libFuzzer's prefixes or AFL++'s crashes/id:*. */
/* The next blank-separated word of *p into out (which it must fit). */
bool rdmaneg_triage_next_word(const char **p, char *out, size_t cap)
{
	const char *s = *p + strspn(*p, " \t");
	size_t n = strcspn(s, " \t\r\n");

	if (n == 0 || n >= cap)
		return false;
	memcpy(out, s, n);
	out[n] = '\0';
	*p = s + n;
	return true;
}

/* The next blank-separated decimal of *p, without overflow. */
bool rdmaneg_triage_next_ulong(const char **p, unsigned long *v)
{
	const char *s = *p + strspn(*p, " \t");
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoul(s, &end, 10);
	if (errno != 0)
		return false;
	*p = end;
	return true;
}

int rdmaneg_triage_write_reports(const struct rdmaneg_triage *t, const char *out,
				 const char *header)
{
	static const struct {
		const char *name;
		void (*write)(FILE *, const struct rdmaneg_triage *, const char *);
	} reports[] = { { "report.md", rdmaneg_triage_markdown },
			{ "report.json", rdmaneg_triage_json } };
	char path[4096];

	for (size_t i = 0; i < sizeof(reports) / sizeof(reports[0]); i++) {
		FILE *f;

		rdmaneg_triage_fmt(path, sizeof(path), "%s/%s", out, reports[i].name);
		f = fopen(path, "w");
		if (!f)
			return -1;
		reports[i].write(f, t, header);
		if (fclose(f) != 0)
			return -1;
	}
	rdmaneg_triage_table(stdout, t);
	printf("triage: report: %s/report.md, %s/report.json\n", out, out);
	return 0;
}

int rdmaneg_triage_mkdirs(const char *path)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s", path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(p, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static int cmd_sign(int argc, char **argv)
{
	struct rdmaneg_crash c;
	size_t len = 0;
	char *text;

	if (argc != 1)
		rdmaneg_triage_usage();
	text = rdmaneg_read_file(argv[0], RDMANEG_TRIAGE_MAX_LOG, &len, NULL);
	if (!text) {
		fprintf(stderr, "rdmaneg-triage: cannot read %s: %s\n", argv[0], strerror(errno));
		return 2;
	}
	if (!rdmaneg_triage_sanitizer(text, len, false, false, &c)) {
		free(text);
		printf("no crash\n");
		return 1;
	}
	printf("%s\n", c.key);
	free(text);
	return 0;
}

RDMANEG_VERB_SHIFT(rdmaneg_triage_cmd_fuzz)
RDMANEG_VERB_SHIFT(rdmaneg_triage_cmd_kernel)
RDMANEG_VERB_SHIFT(cmd_sign)

static const struct rdmaneg_verb verbs[] = {
	{ "fuzz",
	  "[--build-dir B] [--plant NAME] [--runs N] [--minimize-seconds S] [--out DIR] "
	  "[--add-regression] CRASH...",
	  "replay, group, minimize, report", rdmaneg_triage_cmd_fuzz_verb, 1, RDMANEG_VERB_ANY },
	{ "kernel", "[--out DIR] [--make-args A] [--findings DIR] CONSOLE-LOG...",
	  "group the splats of console logs (A: make variables\n"
	  "for each reproducer, e.g. KERNEL=debug; DIR: the registry\n"
	  "that labels each group, default findings/)",
	  rdmaneg_triage_cmd_kernel_verb, 1, RDMANEG_VERB_ANY },
	{ "sign", "LOG", "the signature of one sanitizer log", cmd_sign_verb, 1, 1 },
};
static const size_t nverbs = sizeof(verbs) / sizeof(verbs[0]);

void rdmaneg_triage_usage(void)
{
	rdmaneg_verb_usage(
		stderr, PROG,
		"CRASH: a file, or a directory of libFuzzer artifacts (crash-*, leak-*,\n"
		"timeout-*, oom-*) and AFL++ crashes (crashes/id:*).",
		verbs, nverbs);
	exit(2);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	return rdmaneg_verb_dispatch(PROG, NULL, verbs, nverbs, argc, argv);
}
