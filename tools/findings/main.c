// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-findings: the findings registry (findings/, tools/findings/
 * findings.h) for make live-fixes, make findings-docs and their tests.
 * main() parses and dispatches through the verb table; --help is
 * generated from it. Exit 0 on success, 1 when the answer is "no" (not
 * reproduced, not fixed, drifted), 2 on a usage error or a registry
 * that does not check.
 */
#define _GNU_SOURCE
#include "tools/findings/findings.h"

#include "util/file.h"
#include "util/verb.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static struct rdmaneg_findings reg;

static int load(const char *dir)
{
	char err[512];

	if (rdmaneg_findings_load(dir, &reg, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-findings: %s\n", err);
		return -1;
	}
	return 0;
}

/* --drop KEY, --only KEY: a finding by slug or id, or NULL when absent */
static int pick(int argc, char **argv, const char *flag, const struct rdmaneg_finding **out)
{
	*out = NULL;
	for (int i = 0; i + 1 < argc; i++)
		if (strcmp(argv[i], flag) == 0) {
			*out = rdmaneg_findings_find(&reg, argv[i + 1]);
			if (!*out) {
				fprintf(stderr, "rdmaneg-findings: %s %s: no such finding\n", flag,
					argv[i + 1]);
				return -1;
			}
		}
	return 0;
}

static int cmd_check(int argc, char **argv)
{
	(void)argc;
	if (load(argv[0]) != 0)
		return 2;
	printf("findings: %zu, each with its report's metadata and %s\n", reg.n, "a patch");
	return 0;
}

/* the patches, in id order, as paths: what KERNEL=fixed applies; with
 * --drop, that finding's left out, and those that require it; with
 * --for KVER, those of findings whose "on: KVER" line says the defect is
 * absent there (named on stderr with its note) left out; with
 * --kver KVER, each one's port to that kernel line (SLUG/KVER/NAME, as
 * tools/findings/port.sh writes them), a finding without one named on
 * stderr and left out */
static int cmd_patches(int argc, char **argv)
{
	const struct rdmaneg_finding *drop;
	const char *kver = NULL, *series = NULL, *need = NULL, *stable = NULL;
	bool first = true;

	if (load(argv[0]) != 0 || pick(argc, argv, "--drop", &drop) != 0)
		return 2;
	for (int i = 1; i < argc; i += 2) {
		if (i + 1 >= argc ||
		    (strcmp(argv[i], "--drop") != 0 && strcmp(argv[i], "--kver") != 0 &&
		     strcmp(argv[i], "--series") != 0 && strcmp(argv[i], "--for") != 0 &&
		     strcmp(argv[i], "--stable-only") != 0)) {
			fprintf(stderr, "rdmaneg-findings: patches: unknown option '%s'\n",
				argv[i]);
			return 2;
		}
		if (strcmp(argv[i], "--kver") == 0)
			kver = argv[i + 1];
		if (strcmp(argv[i], "--series") == 0)
			series = argv[i + 1];
		if (strcmp(argv[i], "--for") == 0)
			need = argv[i + 1];
		if (strcmp(argv[i], "--stable-only") == 0)
			stable = argv[i + 1];
	}
	if (kver && (!kver[0] || strspn(kver, "0123456789.") != strlen(kver))) {
		fprintf(stderr,
			"rdmaneg-findings: patches: --kver takes a kernel line such as 7.3\n");
		return 2;
	}
	for (size_t i = 0; i < reg.n; i++) {
		const struct rdmaneg_finding_on *o =
			need ? rdmaneg_finding_on(&reg.f[i], need) : NULL;

		if (rdmaneg_findings_dropped(&reg, &reg.f[i], drop) ||
		    (series && strcmp(series, reg.f[i].series) != 0) ||
		    (stable && !rdmaneg_finding_stable_only(&reg.f[i], stable)))
			continue;
		if (o && o->absent) {
			fprintf(stderr,
				"rdmaneg-findings: finding %u (%s) needs no patch on %s: %s\n",
				reg.f[i].id, reg.f[i].slug, need, o->note);
			continue;
		}
		for (size_t k = 0; k < reg.f[i].patch.n; k++) {
			char path[4096];
			struct stat st;

			if (kver)
				snprintf(path, sizeof(path), "%s/%s/%s/%s", argv[0], reg.f[i].slug,
					 kver, reg.f[i].patch.v[k]);
			else
				snprintf(path, sizeof(path), "%s/%s/%s", argv[0], reg.f[i].slug,
					 reg.f[i].patch.v[k]);
			if (kver && stat(path, &st) != 0) {
				fprintf(stderr,
					"rdmaneg-findings: finding %u (%s) has no %s port of %s\n",
					reg.f[i].id, reg.f[i].slug, kver, reg.f[i].patch.v[k]);
				continue;
			}
			printf("%s%s", first ? "" : " ", path);
			first = false;
		}
	}
	putchar('\n');
	return 0;
}

/* the series's names, each once, in the order of their first finding */
static int cmd_stable(int argc, char **argv)
{
	const struct rdmaneg_finding *f;
	char why[256];
	bool yes;

	(void)argc;
	if (load(argv[0]) != 0)
		return 2;
	f = rdmaneg_findings_find(&reg, argv[1]);
	if (!f) {
		fprintf(stderr, "rdmaneg-findings: stable: no finding %s\n", argv[1]);
		return 2;
	}
	yes = rdmaneg_finding_stable(f, argv[2], why, sizeof(why));
	printf("%s: %s (%s)\n", f->slug, yes ? "stable" : "not in a stable line", why);
	return yes ? 0 : 1;
}

static int cmd_series(int argc, char **argv)
{
	(void)argc;
	if (load(argv[0]) != 0)
		return 2;
	for (size_t i = 0; i < reg.n; i++) {
		bool seen = false;

		for (size_t j = 0; j < i; j++)
			seen |= strcmp(reg.f[j].series, reg.f[i].series) == 0;
		if (!seen)
			printf("%s\n", reg.f[i].series);
	}
	return 0;
}

/* a patch file's subject, without its [PATCH] tag */
static void patch_subject(const char *path, char *out, size_t cap)
{
	size_t len = 0;
	char *text = rdmaneg_read_file(path, 1u << 20, &len, NULL);
	const char *s = text ? strstr(text, "\nSubject: ") : NULL;

	snprintf(out, cap, "(a patch without a subject)");
	if (s) {
		size_t o = 0;

		s += 10;
		if (*s == '[' && strchr(s, ']'))
			s = strchr(s, ']') + 1;
		while (*s == ' ')
			s++;
		/* a folded header goes on in lines that start with white space */
		for (; *s && o + 1 < cap; s++) {
			if (*s == '\n') {
				if (s[1] != ' ' && s[1] != '\t')
					break;
				continue;
			}
			out[o++] = *s;
		}
		out[o] = '\0';
	}
	free(text);
}

/* The Fixes: tags of the series's patches (ported[i]: finding i is in
 * it), each once, with the findings that carry it and how it was checked
 * (the note after it in "fixes:"), so that a maintainer knows which to
 * verify in a git log */
static void print_fixes(const bool *ported)
{
	bool head = false;

	for (size_t i = 0; i < reg.n; i++)
		for (size_t t = 0; ported[i] && t < reg.f[i].fixes.n; t++) {
			const char *v = reg.f[i].fixes.v[t], *end = strstr(v, "\")");
			size_t tag = end ? (size_t)(end + 2 - v) : strlen(v);
			const char *note = v[tag] == ' ' ? v + tag + 1 : "";
			size_t nl = strlen(note);
			bool seen = false;

			for (size_t j = 0; j < i && !seen; j++)
				for (size_t u = 0; ported[j] && u < reg.f[j].fixes.n; u++)
					seen |= strcmp(reg.f[j].fixes.v[u], v) == 0;
			if (seen)
				continue;
			if (!head)
				printf("\nThe Fixes: tags, and how each was checked:\n");
			head = true;
			size_t many = 0;

			for (size_t j = i; j < reg.n; j++)
				for (size_t u = 0; ported[j] && u < reg.f[j].fixes.n; u++)
					many += strcmp(reg.f[j].fixes.v[u], v) == 0;
			printf("  %.*s (finding%s", (int)tag, v, many > 1 ? "s" : "");
			for (size_t j = i, n = 0; j < reg.n; j++)
				for (size_t u = 0; ported[j] && u < reg.f[j].fixes.n; u++)
					if (strcmp(reg.f[j].fixes.v[u], v) == 0)
						printf("%s%u", n++ ? ", " : " ", reg.f[j].id);
			/* the note's own parentheses dropped */
			if (nl >= 2 && note[0] == '(' && note[nl - 1] == ')') {
				note++;
				nl -= 2;
			}
			printf("):\n    %.*s\n", (int)nl, nl ? note : "not recorded");
		}
}

/* The facts of a series's cover letter on one kernel line: per finding,
 * its patch, what it is, who can trigger it, the measurement on that
 * line and the one command that reproduces it; then the findings of the
 * series with no patch on that line, and why. The prose before it is
 * mail/NAME.cover's (tools/findings/series.sh). */
static int cmd_cover(int argc, char **argv)
{
	const char *dir = argv[0], *name = argv[1], *kver = argv[2];
	size_t in = 0, out = 0, k = 0;
	bool stable_line, ported_in[RDMANEG_FINDINGS_MAX] = { false };

	(void)argc;
	if (load(dir) != 0)
		return 2;
	/* a stable series (a line the registry measured a newer one than) */
	stable_line = rdmaneg_findings_newer(&reg, kver);
	for (size_t i = 0; i < reg.n; i++)
		if (strcmp(reg.f[i].series, name) == 0)
			in++;
	if (!in) {
		fprintf(stderr, "rdmaneg-findings: cover: no finding is in series %s\n", name);
		return 2;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < reg.n; i++) {
			const struct rdmaneg_finding *f = &reg.f[i];
			const struct rdmaneg_finding_on *o = rdmaneg_finding_on(f, kver);
			char path[4096];
			struct stat st;
			bool ported;

			if (strcmp(f->series, name) != 0)
				continue;
			/* 6.1, the registry's own line: the patch itself; a stable
			 * line's series holds only the fixes for bugs the newest
			 * line is free of */
			if (strcmp(kver, "6.1") == 0)
				snprintf(path, sizeof(path), "%s/%s/%s", dir, f->slug,
					 f->patch.v[0]);
			else
				snprintf(path, sizeof(path), "%s/%s/%s/%s", dir, f->slug, kver,
					 f->patch.v[0]);
			ported = stat(path, &st) == 0 &&
				 (!stable_line || rdmaneg_finding_stable_only(f, kver));
			if (pass == 0 && ported) {
				char subj[400];

				ported_in[i] = true;
				patch_subject(path, subj, sizeof(subj));
				printf("%s%s\n  Finding %u: %s.\n  Who can trigger it: %s.\n",
				       k++ ? "\n" : "", subj, f->id, f->title, f->trigger);
				if (f->backport[0])
					printf("  The backport of mainline commit %.12s.\n",
					       f->backport);
				if (o && o->k == 0)
					/* the check did not show it there: the note says why */
					printf("  On %s: not shown in %u runs on %s (%s).\n", kver,
					       o->n, o->release, o->note);
				else if (o)
					printf("  On %s: reproduced in %u of %u runs on %s.\n",
					       kver, o->k, o->n, o->release);
				else
					printf("  On %s: not measured yet.\n", kver);
				/* a stable-only fix: the other lines, and why the
				 * newest needs none */
				for (size_t j = 0; stable_line && j < f->n_on; j++) {
					const struct rdmaneg_finding_on *n = &f->on[j];

					if (strcmp(n->kver, kver) == 0)
						continue;
					if (n->k > 0)
						printf("  On %s: reproduced in %u of %u runs on %s.\n",
						       n->kver, n->k, n->n, n->release);
					else
						printf("  On %s: %s\n", n->kver, n->note);
				}
				if (stable_line && f->regression[0])
					printf("  Introduced in %s.y by %s\n", kver, f->regression);
				/* on a newer line, the same command on its debug
				 * kernel (unless it names its line already) */
				if (strcmp(kver, "6.1") == 0 || strstr(f->reproducer, "KVER="))
					printf("  Reproducer: %s\n", f->reproducer);
				else
					printf("  Reproducer: %s%s KVER=%s\n", f->reproducer,
					       strstr(f->reproducer, "KERNEL=") ? ""
										: " KERNEL=debug",
					       kver);
			} else if (pass == 1 && !ported) {
				if (!out++)
					printf("\nNot in this series (no patch for %s):\n", kver);
				if (stable_line)
					printf("  Finding %u, %s: the newest line has it too, or took an "
					       "upstream fix: mainline first, then its backport\n",
					       f->id, f->slug);
				else
					printf("  Finding %u, %s: %s\n", f->id, f->slug,
					       o && o->note[0] ? o->note
							       : "not measured on this line yet");
			}
		}
	print_fixes(ported_in);
	/* a stable regression: regzbot tracks it from the cover letter */
	for (size_t i = 0; stable_line && i < reg.n; i++) {
		char id[13];

		if (strcmp(reg.f[i].series, name) == 0 &&
		    rdmaneg_finding_stable_only(&reg.f[i], kver) &&
		    rdmaneg_finding_regression(&reg.f[i], id))
			printf("\n#regzbot introduced: %s\n", id);
	}
	return 0;
}

/* "SLUG RACE UNPATCHED SUITE MAKEVARS..." per finding, for make live-fixes
 * (UNPATCHED: debug, or others: the debug kernel with the other
 * findings' patches) */
static int cmd_plan(int argc, char **argv)
{
	const struct rdmaneg_finding *only;
	const char *need = NULL;

	if (load(argv[0]) != 0 || pick(argc, argv, "--only", &only) != 0)
		return 2;
	for (int i = 1; i < argc; i += 2) {
		if (i + 1 >= argc ||
		    (strcmp(argv[i], "--only") != 0 && strcmp(argv[i], "--for") != 0)) {
			fprintf(stderr, "rdmaneg-findings: plan: unknown option '%s'\n", argv[i]);
			return 2;
		}
		if (strcmp(argv[i], "--for") == 0)
			need = argv[i + 1];
	}
	for (size_t i = 0; i < reg.n; i++) {
		const struct rdmaneg_finding_on *o =
			need ? rdmaneg_finding_on(&reg.f[i], need) : NULL;

		if (only && only != &reg.f[i])
			continue;
		/* make live-fixes proves a patch where its check can see the bug */
		if (o && o->k == 0) {
			fprintf(stderr,
				"rdmaneg-findings: plan: finding %u (%s) does not reproduce on %s: %s\n",
				reg.f[i].id, reg.f[i].slug, need, o->note);
			continue;
		}
		printf("%s %s %s %s %s\n", reg.f[i].slug, reg.f[i].race ? "race" : "once",
		       reg.f[i].unpatched_others ? "others" : "debug", reg.f[i].check_suite,
		       reg.f[i].check_args);
	}
	return 0;
}

static int cmd_seen(int argc, char **argv)
{
	const struct rdmaneg_finding *f;
	int best = -1;
	char why[400] = "";

	if (load(argv[0]) != 0)
		return 2;
	f = rdmaneg_findings_find(&reg, argv[1]);
	if (!f) {
		fprintf(stderr, "rdmaneg-findings: seen: no finding %s\n", argv[1]);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		size_t len = 0;
		char *text = rdmaneg_read_file(argv[i], 1u << 26, &len, NULL);
		int r;

		if (!text) {
			fprintf(stderr, "rdmaneg-findings: seen: cannot read %s\n", argv[i]);
			return 2;
		}
		r = rdmaneg_finding_seen(f, text, len, why, sizeof(why));
		free(text);
		if (r > best)
			best = r;
		if (r == 1)
			break;
	}
	printf("%s: %s (%s)\n", f->slug,
	       best == 1   ? "reproduced"
	       : best == 0 ? "not reproduced"
			   : "not measured",
	       why);
	return best == 1 ? 0 : best == 0 ? 1 : 3;
}

static int cmd_label(int argc, char **argv)
{
	const struct rdmaneg_finding *f;

	(void)argc;
	if (load(argv[0]) != 0)
		return 2;
	f = rdmaneg_findings_match(&reg, argv[1]);
	printf("%s\n", f ? f->slug : "NEW");
	return 0;
}

/* OUT/NAME: f's page, or the index when f is NULL; 0, or 1 with the reason
 * on stderr */
static int html_file(const char *out, const char *name, const struct rdmaneg_finding *f)
{
	char path[4096];
	FILE *o;
	int n = snprintf(path, sizeof(path), "%s/%s", out, name);

	if (n < 0 || (size_t)n >= sizeof(path)) {
		fprintf(stderr, "rdmaneg-findings: html: path too long: %s/%s\n", out, name);
		return 1;
	}
	o = fopen(path, "w");
	if (!o) {
		fprintf(stderr, "rdmaneg-findings: html: cannot write %s\n", path);
		return 1;
	}
	if (f)
		rdmaneg_finding_html(o, &reg, f);
	else
		rdmaneg_findings_html(o, &reg);
	if (fclose(o) != 0) {
		fprintf(stderr, "rdmaneg-findings: html: cannot write %s\n", path);
		return 1;
	}
	return 0;
}

static int cmd_html(int argc, char **argv)
{
	struct stat st;

	(void)argc;
	if (load(argv[0]) != 0)
		return 2;
	if (stat(argv[1], &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "rdmaneg-findings: html: %s is not a directory\n", argv[1]);
		return 2;
	}
	if (html_file(argv[1], "index.html", NULL) != 0)
		return 1;
	for (size_t i = 0; i < reg.n; i++) {
		char name[128];

		snprintf(name, sizeof(name), RDMANEG_FINDING_PAGE, reg.f[i].slug);
		if (html_file(argv[1], name, &reg.f[i]) != 0)
			return 1;
	}
	printf("findings: %s/index.html and %zu finding pages\n", argv[1], reg.n);
	return 0;
}

#define MARK_BEGIN "<!-- findings table: generated from findings/ by make findings-docs -->\n"
#define MARK_END "<!-- end of the findings table -->\n"

/* FILE with the block between the markers replaced by the table; --check
 * compares instead of writing (1: it drifted). */
static int cmd_splice(int argc, char **argv)
{
	bool check = argc == 3 && strcmp(argv[2], "--check") == 0;
	const char *up = strchr(argv[1], '/') ? "../" : "";
	size_t len = 0, tlen = 0;
	char *text, *table = NULL, *b, *e;
	FILE *mem;
	int rc = 0;

	if (argc == 3 && !check) {
		fprintf(stderr, "rdmaneg-findings: splice DIR FILE [--check]\n");
		return 2;
	}
	if (load(argv[0]) != 0)
		return 2;
	text = rdmaneg_read_file(argv[1], 1u << 22, &len, NULL);
	if (!text) {
		fprintf(stderr, "rdmaneg-findings: cannot read %s\n", argv[1]);
		return 2;
	}
	b = strstr(text, MARK_BEGIN);
	e = b ? strstr(b, MARK_END) : NULL;
	if (!b || !e) {
		fprintf(stderr, "rdmaneg-findings: %s has no findings-table markers\n", argv[1]);
		free(text);
		return 2;
	}
	b += strlen(MARK_BEGIN);
	mem = open_memstream(&table, &tlen);
	if (!mem) {
		free(text);
		return 2;
	}
	rdmaneg_findings_markdown(mem, &reg, up);
	fclose(mem);
	if (check) {
		rc = (size_t)(e - b) == tlen && memcmp(b, table, tlen) == 0 ? 0 : 1;
		if (rc)
			fprintf(stderr,
				"rdmaneg-findings: %s: the findings table drifted from "
				"findings/ (make findings-docs)\n",
				argv[1]);
	} else {
		FILE *out = fopen(argv[1], "w");

		if (!out || fwrite(text, 1, (size_t)(b - text), out) != (size_t)(b - text) ||
		    fwrite(table, 1, tlen, out) != tlen ||
		    fwrite(e, 1, len - (size_t)(e - text), out) != len - (size_t)(e - text) ||
		    fclose(out) != 0) {
			fprintf(stderr, "rdmaneg-findings: cannot write %s\n", argv[1]);
			rc = 2;
		}
	}
	free(text);
	free(table);
	return rc;
}

/* "SLUG BK BN BV AK AN AV": a slug and six counts */
static bool result_line(const char *line, struct rdmaneg_fix_row *r)
{
	unsigned *v[6] = { &r->before_k, &r->before_n, &r->before_void,
			   &r->after_k,	 &r->after_n,  &r->after_void };
	size_t n = strcspn(line, " ");
	const char *p = line + n;

	if (n == 0 || n >= sizeof(r->slug))
		return false;
	memcpy(r->slug, line, n);
	r->slug[n] = '\0';
	for (size_t i = 0; i < 6; i++) {
		char *end;
		unsigned long x;

		if (*p != ' ' || !isdigit((unsigned char)p[1]))
			return false;
		x = strtoul(p + 1, &end, 10);
		if (x > 1000000)
			return false;
		*v[i] = (unsigned)x;
		p = end;
	}
	return *p == '\0';
}

/* RESULTS: "SLUG BEFORE_K BEFORE_N BEFORE_VOID AFTER_K AFTER_N AFTER_VOID"
 * per line, as make live-fixes counted; prints the table, exit 1 unless
 * every row is fixed. */
/* The next line of text[*pos..len-1] into line (cap octets), *pos moved
 * past it: 1, 0 at the end, -1 (named on stderr) for a line too long. */
static int next_line(const char *text, size_t len, size_t *pos, char *line, size_t cap,
		     const char *path)
{
	size_t n;

	if (*pos >= len)
		return 0;
	n = strcspn(text + *pos, "\n");
	if (n >= cap) {
		fprintf(stderr, "rdmaneg-findings: %s: line too long\n", path);
		return -1;
	}
	memcpy(line, text + *pos, n);
	line[n] = '\0';
	*pos += n + 1;
	return 1;
}

static int cmd_verdicts(int argc, char **argv)
{
	size_t len = 0, pos = 0, rows = 0, bad = 0;
	char *text;

	(void)argc;
	if (load(argv[0]) != 0)
		return 2;
	text = rdmaneg_read_file(argv[1], 1u << 20, &len, NULL);
	if (!text) {
		fprintf(stderr, "rdmaneg-findings: cannot read %s\n", argv[1]);
		return 2;
	}
	printf("%-3s %-40s %-11s %-11s %s\n", "#", "finding", "unpatched", "patched", "verdict");
	for (;;) {
		struct rdmaneg_fix_row r;
		const struct rdmaneg_finding *f;
		char line[256];
		char b[16], a[16];
		int got = next_line(text, len, &pos, line, sizeof(line), argv[1]);

		if (got < 0) {
			free(text);
			return 2;
		}
		if (!got)
			break;
		if (!line[0])
			continue;
		memset(&r, 0, sizeof(r));
		if (!result_line(line, &r) || !(f = rdmaneg_findings_find(&reg, r.slug))) {
			fprintf(stderr, "rdmaneg-findings: %s: not a result line: %s\n", argv[1],
				line);
			free(text);
			return 2;
		}
		snprintf(b, sizeof(b), "%u/%u", r.before_k, r.before_n);
		snprintf(a, sizeof(a), "%u/%u", r.after_k, r.after_n);
		printf("%-3u %-40s %-11s %-11s %s\n", f->id, f->slug, b, a,
		       rdmaneg_fix_verdict(&r));
		bad += strcmp(rdmaneg_fix_verdict(&r), "fixed") != 0;
		rows++;
	}
	free(text);
	printf("%zu finding(s), %zu fixed, %zu not\n", rows, rows - bad, bad);
	return bad || rows == 0 ? 1 : 0;
}

/* a make live-findings row: SLUG RELEASE K N VOID */
struct measured_row {
	char slug[64], release[48];
	unsigned k, n, v;
};

static bool measured_line(const char *line, struct measured_row *r)
{
	unsigned *v[3] = { &r->k, &r->n, &r->v };
	size_t n = strcspn(line, " "), m;
	const char *p;

	if (n == 0 || n >= sizeof(r->slug) || line[n] != ' ')
		return false;
	memcpy(r->slug, line, n);
	r->slug[n] = '\0';
	p = line + n + 1;
	m = strcspn(p, " ");
	if (m == 0 || m >= sizeof(r->release))
		return false;
	memcpy(r->release, p, m);
	r->release[m] = '\0';
	p += m;
	for (size_t i = 0; i < 3; i++) {
		char *end;
		unsigned long x;

		if (*p != ' ' || !isdigit((unsigned char)p[1]))
			return false;
		x = strtoul(p + 1, &end, 10);
		if (x > 1000)
			return false;
		*v[i] = (unsigned)x;
		p = end;
	}
	return *p == '\0' && r->k <= r->n && r->v <= r->n;
}

static int cmd_measured(int argc, char **argv)
{
	size_t len = 0, pos = 0, rows = 0, voids = 0, off = 0;
	bool check = argc == 4 && strcmp(argv[3], "--check") == 0;
	const char *kver = argv[2];
	char *text;

	if (argc == 4 && !check) {
		fprintf(stderr, "rdmaneg-findings: measured: unknown option '%s'\n", argv[3]);
		return 2;
	}
	if (load(argv[0]) != 0)
		return 2;
	text = rdmaneg_read_file(argv[1], 1u << 20, &len, NULL);
	if (!text) {
		fprintf(stderr, "rdmaneg-findings: cannot read %s\n", argv[1]);
		return 2;
	}
	printf("%-3s %-42s %-24s %-9s %-9s %s\n", "#", "finding", "debug kernel", "measured",
	       "registry", "verdict");
	for (;;) {
		struct measured_row r;
		const struct rdmaneg_finding *f;
		const struct rdmaneg_finding_on *o;
		const char *verdict;
		char line[256], m[24], g[24];
		int got = next_line(text, len, &pos, line, sizeof(line), argv[1]);

		if (got < 0) {
			free(text);
			return 2;
		}
		if (!got)
			break;
		if (!line[0])
			continue;
		memset(&r, 0, sizeof(r));
		if (!measured_line(line, &r) || !(f = rdmaneg_findings_find(&reg, r.slug))) {
			fprintf(stderr, "rdmaneg-findings: %s: not a measured line: %s\n", argv[1],
				line);
			free(text);
			return 2;
		}
		o = rdmaneg_finding_on(f, kver);
		/* runs that measured nothing are no runs */
		verdict = rdmaneg_on_verdict(o, r.release, r.k, r.n - r.v);
		snprintf(m, sizeof(m), "%u/%u%s", r.k, r.n - r.v, r.v ? "+void" : "");
		if (o)
			snprintf(g, sizeof(g), "%u/%u", o->k, o->n);
		else
			snprintf(g, sizeof(g), "-");
		printf("%-3u %-42s %-24s %-9s %-9s %s\n", f->id, f->slug, r.release, m, g, verdict);
		if (strcmp(verdict, "recorded") != 0 && r.n > r.v)
			printf("    on: %s %s %u/%u%s\n", kver, r.release, r.k, r.n - r.v,
			       r.k ? "" : ": absent: or present: (why it does not reproduce)");
		voids += r.v > 0;
		off += strcmp(verdict, "recorded") != 0;
		rows++;
	}
	free(text);
	printf("%zu finding(s) measured on %s: %zu with runs that measured nothing, %zu not as "
	       "the registry records\n",
	       rows, kver, voids, off);
	return voids || rows == 0 || (check && off) ? 1 : 0;
}

static int cmd_w1(int argc, char **argv)
{
	size_t bl = 0, al = 0, fresh;
	char *b = rdmaneg_read_file(argv[0], 1u << 24, &bl, NULL);
	char *a = rdmaneg_read_file(argv[1], 1u << 24, &al, NULL);

	(void)argc;
	if (!a || !b) {
		fprintf(stderr, "rdmaneg-findings: w1: cannot read %s\n", !b ? argv[0] : argv[1]);
		free(a);
		free(b);
		return 2;
	}
	fresh = rdmaneg_w1_new(stdout, b, bl, a, al);
	printf("W=1: %zu new warning(s) in the patched files\n", fresh);
	free(a);
	free(b);
	return fresh ? 1 : 0;
}

RDMANEG_VERB_SHIFT(cmd_check)
RDMANEG_VERB_SHIFT(cmd_patches)
RDMANEG_VERB_SHIFT(cmd_series)
RDMANEG_VERB_SHIFT(cmd_stable)
RDMANEG_VERB_SHIFT(cmd_cover)
RDMANEG_VERB_SHIFT(cmd_plan)
RDMANEG_VERB_SHIFT(cmd_seen)
RDMANEG_VERB_SHIFT(cmd_label)
RDMANEG_VERB_SHIFT(cmd_html)
RDMANEG_VERB_SHIFT(cmd_splice)
RDMANEG_VERB_SHIFT(cmd_verdicts)
RDMANEG_VERB_SHIFT(cmd_measured)
RDMANEG_VERB_SHIFT(cmd_w1)

static const struct rdmaneg_verb verbs[] = {
	{ "check", "DIR", "parse and check every DIR/*/finding", cmd_check_verb, 1, 1 },
	{ "patches",
	  "DIR [--drop ID] [--kver KVER] [--series NAME] [--for KVER] [--stable-only KVER]",
	  "the patch files, in id order (--kver:\n"
	  "the ports to that kernel line;\n"
	  "--series: one mail series's;\n"
	  "--stable-only: those of bugs every\n"
	  "newer measured line is free of; --for:\n"
	  "not those of findings absent there)",
	  cmd_patches_verb, 1, 11 },
	{ "series", "DIR", "the mail series's names, one a line", cmd_series_verb, 1, 1 },
	{ "stable", "DIR ID KVER",
	  "does a stable line older than KVER\n"
	  "have the bug (Cc: stable)? (0 yes, 1 no)",
	  cmd_stable_verb, 3, 3 },
	{ "cover", "DIR NAME KVER",
	  "the facts of series NAME's cover\n"
	  "letter on that kernel line",
	  cmd_cover_verb, 3, 3 },
	{ "plan", "DIR [--only ID] [--for KVER]",
	  "per finding: slug, race|once,\n"
	  "debug|others, suite, make variables\n"
	  "(--for: not those absent there)",
	  cmd_plan_verb, 1, 5 },
	{ "seen", "DIR ID CONSOLE...",
	  "did the run reproduce it? (exit 0\n"
	  "yes, 1 no, 3 not measured)",
	  cmd_seen_verb, 3, 64 },
	{ "label", "DIR TITLE",
	  "the finding a splat title belongs\n"
	  "to, or NEW",
	  cmd_label_verb, 2, 2 },
	{ "html", "DIR OUT",
	  "the status page: OUT/index.html,\n"
	  "and OUT/SLUG.html a finding",
	  cmd_html_verb, 2, 2 },
	{ "splice", "DIR FILE [--check]",
	  "FILE's findings table, regenerated\n"
	  "(or compared)",
	  cmd_splice_verb, 2, 3 },
	{ "verdicts", "DIR RESULTS", "make live-fixes's table", cmd_verdicts_verb, 2, 2 },
	{ "measured", "DIR RESULTS KVER [--check]",
	  "make live-findings's table against\n"
	  "the registry's on: lines (--check:\n"
	  "exit 1 where they differ)",
	  cmd_measured_verb, 3, 4 },
	{ "w1", "BEFORE AFTER", "the W=1 warnings AFTER adds", cmd_w1_verb, 2, 2 },
};

int main(int argc, char **argv)
{
	return rdmaneg_verb_dispatch("rdmaneg-findings", NULL, verbs,
				     sizeof(verbs) / sizeof(verbs[0]), argc, argv);
}
