// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * seen: whether a console shows a finding (rdmaneg_finding_seen), by the
 * check suite's lines: a splat with one of its signatures, the peer's
 * verdict, a data check's step, or a kernel log line of its case.
 */
#include "tools/findings/findings.h"

#include "util/klog.h"

#include <stdio.h>
#include <string.h>

/* The suites (struct rdmaneg_check_suite): one runner each in live/fixes/fixes.sh;
 * its name, the make variable that names its case, the console line,
 * before the role or index word, that says the case ran, and the one
 * that reports each step of its setup and data check ("STEP NAME ok" or
 * "STEP NAME failed: why", init.sh's suite_step; NULL: none). */
static const struct rdmaneg_check_suite check_suites[] = {
	{ "repro", "CASE=", "PEER_CASE", NULL },
	{ "nfs", "NFS_CASE=", "LIVE_NFS_CASE", "LIVE_NFS_STEP" },
	{ "nvme", "NVME_CASE=", "LIVE_NVME_CASE", "LIVE_NVME_STEP" },
	{ "smbd", "SMBD_CASE=", "LIVE_SMBD_CASE", "LIVE_SMBD_STEP" },
	{ "iser", "ISER_CASE=", "LIVE_ISER_CASE", "LIVE_ISER_STEP" },
	{ "roce", "ROCE_CASE=", "LIVE_ROCE_BEGIN", NULL },
	/* the campaign (make live-adversarial): a race its snapshots hide
	 * needs fresh boots (LIVE_SNAPSHOT_COLD=1) */
	{ "adversarial", "PEER_CASE=", "PEER_CASE", NULL },
};
#define NSUITES (sizeof(check_suites) / sizeof(check_suites[0]))

const struct rdmaneg_check_suite *rdmaneg_check_suite(const char *name)
{
	for (size_t i = 0; i < NSUITES; i++)
		if (strcmp(check_suites[i].name, name) == 0)
			return &check_suites[i];
	return NULL;
}

/* The console's line that begins with prefix and names the case in the
word after the next one ("PEER_CASE reply 3 s-with-pd-0", "LIVE_NFS_CASE
server short-1", "LIVE_NVME_CASE host len-3 00"): the rest of the line after the name, or NULL. */
static const char *case_line_at(const char *text, size_t len, size_t *at, const char *prefix,
				const char *name, char *line, size_t cap)
{
	size_t pos = 0, nl = strlen(name);
	size_t *p_pos = at ? at : &pos;

	while (rdmaneg_klog_line(text, len, p_pos, line, cap)) {
		/* the guest's lines reach the console through /dev/kmsg on the
		 * debug kernel: "[   37.890949] PEER_CASE request 0 ..." */
		const char *p = rdmaneg_klog_message(line);

		line[strcspn(line, "\r")] = '\0';
		if (strncmp(p, prefix, strlen(prefix)) != 0)
			continue;
		p += strlen(prefix);
		p += strcspn(p, " "); /* the role or the index */
		p += strspn(p, " ");
		if (strncmp(p, name, nl) == 0 && (p[nl] == '\0' || p[nl] == ' '))
			return p + nl;
	}
	return NULL;
}

static const char *case_line(const char *text, size_t len, const char *prefix, const char *name,
			     char *line, size_t cap)
{
	return case_line_at(text, len, NULL, prefix, name, line, cap);
}

/* expect: log TEXT: a line from the case's line up to the next case's
 * (of any case of its suite) holds TEXT: 1, else 0; the case never ran:
 * -1 */
static int log_seen(const struct rdmaneg_finding *f, const struct rdmaneg_check_suite *cs,
		    const char *prefix, const char *text, size_t len, char *why, size_t whycap)
{
	char line[512], next[48];
	size_t pos = 0;

	if (!case_line_at(text, len, &pos, prefix, f->check_case, line, sizeof(line)))
		return -1;
	snprintf(next, sizeof(next), "%s ", cs->line);
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		const char *p = rdmaneg_klog_message(line);

		line[strcspn(line, "\r")] = '\0';
		if (strncmp(p, next, strlen(next)) == 0)
			break;
		if (strstr(p, f->expect_log)) {
			snprintf(why, whycap, "logged: %s", p);
			return 1;
		}
	}
	snprintf(why, whycap, "case %s's log has no \"%s\"", f->check_case, f->expect_log);
	return 0;
}

/* expect: step NAME: "LIVE_SMBD_STEP NAME failed: ..." 1, "... NAME ok" 0,
 * neither -1 (the step never ran: the guest died before it) */
static int step_seen(const struct rdmaneg_finding *f, const struct rdmaneg_check_suite *cs,
		     const char *text, size_t len, char *why, size_t whycap)
{
	size_t pos = 0, pl;
	char prefix[64], line[512];
	bool ok = false;

	snprintf(prefix, sizeof(prefix), "%s %s ", cs->step, f->expect_step);
	pl = strlen(prefix);
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		const char *p = rdmaneg_klog_message(line);

		line[strcspn(line, "\r")] = '\0';
		if (strncmp(p, prefix, pl) != 0)
			continue;
		if (strncmp(p + pl, "failed", 6) == 0) {
			snprintf(why, whycap, "step %s %s", f->expect_step, p + pl);
			return 1;
		}
		ok = ok || strcmp(p + pl, "ok") == 0;
	}
	if (ok) {
		snprintf(why, whycap, "step %s ok", f->expect_step);
		return 0;
	}
	snprintf(why, whycap, "step %s never ran (the guest died before it?): not a measurement",
		 f->expect_step);
	return -1;
}

int rdmaneg_finding_seen(const struct rdmaneg_finding *f, const char *text, size_t len, char *why,
			 size_t whycap)
{
	static struct rdmaneg_splat sp[64];
	char line[512], prefix[40];
	size_t found;
	const struct rdmaneg_check_suite *cs = rdmaneg_check_suite(f->check_suite);

	if (!cs) {
		snprintf(why, whycap, "no check suite '%s'", f->check_suite);
		return -1;
	}
	/* the check's case ran: its suite's own line (the peer's names the
	 * role first: "PEER_CASE reply 3 s-with-pd-0") */
	if (f->check_role[0])
		snprintf(prefix, sizeof(prefix), "%s %s ", cs->line, f->check_role);
	else
		snprintf(prefix, sizeof(prefix), "%s ", cs->line);
	if (!case_line(text, len, prefix, f->check_case, line, sizeof(line))) {
		snprintf(why, whycap, "the console has no %s line for case %s: not a measurement",
			 cs->line, f->check_case);
		return -1;
	}
	if (f->expect == RDMANEG_FE_VERDICT) {
		const char *rest;

		snprintf(prefix, sizeof(prefix), "PEER_VERDICT %s ", f->check_role);
		rest = case_line(text, len, prefix, f->check_case, line, sizeof(line));
		if (!rest) {
			snprintf(why, whycap, "case %s ran but has no verdict (the guest died?)",
				 f->check_case);
			return -1;
		}
		rest += strspn(rest, " ");
		snprintf(why, whycap, "verdict: %s", rest);
		if (f->expect_clause[0]) { /* "diverges CLAUSE" */
			const char *cl = rest + strcspn(rest, " ");
			size_t n = strlen(f->expect_clause);

			cl += strspn(cl, " ");
			return strncmp(cl, f->expect_clause, n) == 0 &&
			       (cl[n] == '\0' || cl[n] == ' ');
		}
		return strncmp(rest, "conforms", 8) != 0;
	}
	if (f->expect == RDMANEG_FE_STEP)
		return step_seen(f, cs, text, len, why, whycap);
	if (f->expect == RDMANEG_FE_LOG)
		return log_seen(f, cs, prefix, text, len, why, whycap);
	found = rdmaneg_klog_scan(text, len, sp, sizeof(sp) / sizeof(sp[0]));
	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++)
		for (size_t k = 0; k < f->signature.n; k++)
			if (strcmp(sp[i].title, f->signature.v[k]) == 0) {
				snprintf(why, whycap, "splat: %s", sp[i].title);
				return 1;
			}
	snprintf(why, whycap, "%zu splat(s), none of its signatures", found);
	return 0;
}
