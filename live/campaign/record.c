// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* record: what a campaign writes down (see campaign.h) */
#define _GNU_SOURCE
#include "live/campaign/campaign.h"

#include "util/clock.h"
#include "util/json.h"

#include <stdio.h>
#include <string.h>

/* The reproducer of a case, from the template. */
static void reproducer(const char *agent, const char *name, char *out, size_t cap)
{
	size_t o = 0;

	for (const char *p = C.repro; *p && o + 1 < cap; p++) {
		const char *ins = NULL;

		if (p[0] == '%' && p[1] == 'a')
			ins = agent;
		else if (p[0] == '%' && p[1] == 'c')
			ins = name;
		if (!ins) {
			out[o++] = *p;
			continue;
		}
		o += (size_t)snprintf(out + o, cap - o, "%s", ins);
		if (o >= cap)
			o = cap - 1;
		p++;
	}
	out[o] = '\0';
}

static void write_finding_log(const char *file, const char *before, size_t bn, const char *seg,
			      size_t n, const char *extra)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", C.out, file);
	f = fopen(path, "w");
	if (!f)
		return;
	/* the boot's console first: the kernel's version and the ready point */
	fwrite(C.v.snap.boot_log, 1, C.v.snap.boot_log_n, f);
	if (before) /* a blamed case's own console, before the one that found it */
		fwrite(before, 1, bn, f);
	if (seg)
		fwrite(seg, 1, n, f);
	if (extra)
		fprintf(f, "\n== the monitor's info registers -a\n%s\n", extra);
	fclose(f);
}

const char *how_name(enum campaign_how h)
{
	return h == CAMPAIGN_DONE ? "done" : h == CAMPAIGN_DIED ? "died" : "hung";
}

void record_finding(const char *agent, const char *name, const char *title, const char *group,
		    enum campaign_how how, const char *before, size_t bn, const char *seg, size_t n,
		    const char *regs)
{
	struct finding *f;
	char rep[600], file[64];

	if (C.confirming) { /* a confirmation's console */
		snprintf(file, sizeof(file), "confirm-%zu.log", C.confirm_n);
		write_finding_log(file, NULL, 0, seg, n, regs);
		return;
	}
	if (C.nf == MAX_FINDINGS)
		return;
	f = &C.f[C.nf++];
	snprintf(f->agent, sizeof(f->agent), "%s", agent);
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(f->title, sizeof(f->title), "%s", title);
	snprintf(f->group, sizeof(f->group), "%s", group);
	f->confirmed = -1;
	snprintf(file, sizeof(file), "console-%zu.log", C.nf);
	write_finding_log(file, before, bn, seg, n, regs);
	reproducer(agent, name, rep, sizeof(rep));
	fprintf(C.findings_f, "%s %s\t%s\t%s\n", agent, name, title, rep);
	fflush(C.findings_f);
	printf("finding %s %s: guest %s: %s; console %s/%s\n", agent, name, how_name(how), title,
	       C.out, file);
}

void record_result(const char *agent, size_t k, const char *name, const struct outcome *o,
		   const char *title, int64_t t0, bool dirty)
{
	struct rdmaneg_json j;

	if (C.confirming)
		return;
	if (o->how == CAMPAIGN_DONE) {
		fprintf(C.verdicts, "%s %s %s %s\n", agent, name, o->verdict,
			o->clause[0] ? o->clause : "-");
		fflush(C.verdicts);
	}
	rdmaneg_json_init(&j, C.results);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "agent", agent);
	rdmaneg_json_uint(&j, "k", k);
	rdmaneg_json_str(&j, "case", name);
	rdmaneg_json_str(&j, "outcome", how_name(o->how));
	rdmaneg_json_str(&j, "verdict", o->how == CAMPAIGN_DONE ? o->verdict : "finding");
	rdmaneg_json_str(&j, "clause", o->clause[0] ? o->clause : "-");
	/* what the case tests, whatever its verdict (make compliance) */
	rdmaneg_json_str(&j, "tests", o->tests[0] ? o->tests : "-");
	rdmaneg_json_str(&j, "detail", o->how == CAMPAIGN_DONE ? o->detail : o->why);
	rdmaneg_json_str(&j, "splat", title);
	rdmaneg_json_int(&j, "case_ms", o->ms);
	rdmaneg_json_num(&j, "wall_ms", (double)(rdmaneg_mono_us() - t0) / 1000.0, 1);
	rdmaneg_json_bool(&j, "recovered", dirty);
	rdmaneg_json_end(&j);
	fputc('\n', C.results);
	fflush(C.results);
}
