// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* compare: two campaigns' outcomes of the same cases (see compare.h) */
#define _GNU_SOURCE
#include "live/campaign/compare.h"

#include "util/casename.h"
#include "util/file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct tally {
	size_t conforms, diverges, findings, missing;
};

/* dir/file, or dir alone when file is NULL */
static char *slurp(const char *dir, const char *file, FILE *out)
{
	char path[1024];
	size_t n = 0;
	bool more = false;
	char *t;

	snprintf(path, sizeof(path), "%s%s%s", dir, file ? "/" : "", file ? file : "");
	t = rdmaneg_read_file(path, 1u << 26, &n, &more);
	if (!t || more) {
		fprintf(out, "compare: %s: %s\n", path, t ? "larger than 64 MiB" : strerror(errno));
		free(t);
		return NULL;
	}
	return t;
}

/* Does text hold a line that starts with "AGENT NAME" and then sep? Its
 * rest (after sep) into rest when it does. */
static bool find_line(const char *text, const char *agent, const char *name, char sep, char *rest,
		      size_t cap)
{
	size_t la = strlen(agent), ln = strlen(name);

	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len > la + ln + 1 && strncmp(p, agent, la) == 0 && p[la] == ' ' &&
		    strncmp(p + la + 1, name, ln) == 0 && p[la + 1 + ln] == sep) {
			size_t r = len - la - ln - 2;

			if (rest) {
				if (r >= cap)
					r = cap - 1;
				memcpy(rest, p + la + ln + 2, r);
				rest[r] = '\0';
			}
			return true;
		}
		p = nl ? nl + 1 : NULL;
	}
	return false;
}

static void outcome(const char *verdicts, const char *findings, const char *agent, const char *name,
		    char *out, size_t cap, struct tally *t)
{
	if (find_line(findings, agent, name, '\t', NULL, 0)) {
		snprintf(out, cap, "finding");
		t->findings++;
	} else if (find_line(verdicts, agent, name, ' ', out, cap)) {
		if (strncmp(out, "conforms", 8) == 0)
			t->conforms++;
		else if (strncmp(out, "finding", 7) == 0) { /* judged, and the guest lived */
			t->findings++;
			snprintf(out, cap, "finding");
		} else
			t->diverges++;
	} else {
		snprintf(out, cap, "not run");
		t->missing++;
	}
}

int campaign_compare(const char *cases, const char *a, const char *b, const char *racy, FILE *out)
{
	char *list = slurp(cases, NULL, out), *va = slurp(a, "verdicts.txt", out);
	char *known = racy ? slurp(racy, NULL, out) : NULL;
	size_t raced = 0;
	char *fa = slurp(a, "findings.txt", out), *vb = slurp(b, "verdicts.txt", out);
	char *fb = slurp(b, "findings.txt", out), *save = NULL;
	struct tally ta = { 0 }, tb = { 0 };
	size_t n = 0, differ = 0;
	int rc = 2;

	if (!list || !va || !fa || !vb || !fb || (racy && !known))
		goto done;
	for (char *l = strtok_r(list, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char agent[64], name[RDMANEG_CASENAME_MAX + 1], oa[200], ob[200];

		if (l[0] == '#' || sscanf(l, "%63s %160s", agent, name) != 2)
			continue;
		n++;
		outcome(va, fa, agent, name, oa, sizeof(oa), &ta);
		outcome(vb, fb, agent, name, ob, sizeof(ob), &tb);
		if (strcmp(oa, ob) == 0)
			continue;
		if (known && find_line(known, agent, name, ' ', NULL, 0)) {
			/* a kernel race, listed with its reason: reported, not failed */
			fprintf(out, "compare: %s %s: %s in %s, %s in %s (a known race: %s)\n",
				agent, name, oa, a, ob, b, racy);
			raced++;
			continue;
		}
		fprintf(out, "compare: %s %s: %s in %s, %s in %s\n", agent, name, oa, a, ob, b);
		differ++;
	}
	fprintf(out,
		"compare: %zu cases: %zu conform, %zu diverge, %zu findings, %zu not run (%s); "
		"%zu conform, %zu diverge, %zu findings, %zu not run (%s)\n",
		n, ta.conforms, ta.diverges, ta.findings, ta.missing, a, tb.conforms, tb.diverges,
		tb.findings, tb.missing, b);
	fprintf(out, "compare: %s%s\n",
		differ ? "the outcomes differ" : "every case has the same outcome in both",
		raced ? ", but for the known races" : "");
	rc = differ ? 1 : 0;
done:
	free(list);
	free(va);
	free(fa);
	free(vb);
	free(fb);
	free(known);
	return rc;
}
