// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The stable trees in the registry: whether an older stable line carries a
 * finding's bug (the mail's "Cc: stable"), whether its fix is for stable
 * trees alone (the newest line measured is free of it), and the commit a
 * stable regression came with (regzbot). Kernel lines compare as
 * MAJOR.MINOR numbers.
 */
#include "tools/findings/findings.h"

#include "util/file.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* "MAJOR.MINOR" into v[0], v[1]; false on anything else */
static bool kver_parse(const char *s, unsigned long v[2])
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return false;
	v[0] = strtoul(s, &end, 10);
	if (*end != '.' || !isdigit((unsigned char)end[1]))
		return false;
	v[1] = strtoul(end + 1, &end, 10);
	return *end == '\0';
}

/* Is kernel line a older than b ("6.1" < "6.12" < "7.3")? */
static bool kver_older(const char *a, const char *b)
{
	unsigned long av[2], bv[2];

	if (!kver_parse(a, av) || !kver_parse(b, bv))
		return false;
	return av[0] < bv[0] || (av[0] == bv[0] && av[1] < bv[1]);
}

bool rdmaneg_finding_stable(const struct rdmaneg_finding *f, const char *kver, char *why,
			    size_t cap)
{
	static const char *const lines[] = { RDMANEG_STABLE_LINES };
	size_t o = 0;
	bool yes = false;

	why[0] = '\0';
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		const struct rdmaneg_finding_on *on = rdmaneg_finding_on(f, lines[i]);
		const char *how = NULL;
		char prefix[16];
		int n;

		if (!kver_older(lines[i], kver))
			continue;
		snprintf(prefix, sizeof(prefix), "%s.", lines[i]);
		if (on) {
			how = on->absent ? NULL : on->k > 0 ? "reproduced" : "present";
		} else {
			for (size_t k = 0; k < f->seen.n && !how; k++)
				if (strncmp(f->seen.v[k], prefix, strlen(prefix)) == 0)
					how = "seen";
		}
		n = snprintf(why + o, o < cap ? cap - o : 0, "%s%s %s", o ? ", " : "", lines[i],
			     how ? how : (on ? "absent" : "not seen"));
		if (n > 0 && (size_t)n < cap - o)
			o += (size_t)n;
		yes |= how != NULL;
	}
	return yes;
}

/* does note (after "absent: fixed upstream") name commit id, by a prefix
 * of 12 or more of its digits? (": ID", " by ID") */
static bool fixed_by(const char *note, const char *id)
{
	size_t n = 0;

	note += strspn(note, ": ");
	if (strncmp(note, "by ", 3) == 0)
		note += 3;
	while (isxdigit((unsigned char)note[n]))
		n++;
	return n >= 12 && n <= 40 && strncmp(note, id, n) == 0;
}

bool rdmaneg_finding_stable_only(const struct rdmaneg_finding *f, const char *kver)
{
	const struct rdmaneg_finding_on *own = rdmaneg_finding_on(f, kver), *newest = NULL;

	if (own && own->absent)
		return false;
	for (size_t i = 0; i < f->n_on; i++)
		if (kver_older(kver, f->on[i].kver) &&
		    (!newest || kver_older(newest->kver, f->on[i].kver)))
			newest = &f->on[i];
	if (!newest || !newest->absent)
		return false;
	/* a newest line that an upstream fix cured: that fix is what a
	 * stable tree takes, backported: this patch only if it is that
	 * backport ("absent: fixed upstream: ID ...", ID a prefix of it) */
	if (strncmp(newest->note, "absent: fixed upstream", 22) != 0)
		return true;
	return f->backport[0] && fixed_by(newest->note + 22, f->backport);
}

/* one line of text at p (of end - p octets) equal to s? */
static bool line_is(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) >= n && memcmp(p, s, n) == 0 && (p + n == end || p[n] == '\n');
}

bool rdmaneg_patch_backport(const char *text, size_t len, char id[41])
{
	static const char *const forms[][2] = { { "commit ", " upstream." },
						{ "[ Upstream commit ", " ]" } };
	const char *end = text + len, *p = text;

	id[0] = '\0';
	/* the body: after the first empty line */
	while (p < end && !(*p == '\n' && (p == text || p[-1] == '\n')))
		p++;
	if (p >= end)
		return false;
	p++;
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		size_t n = strlen(forms[i][0]), k = 0;

		if ((size_t)(end - p) < n || memcmp(p, forms[i][0], n) != 0)
			continue;
		while (k < 40 && p + n + k < end && isxdigit((unsigned char)p[n + k]) &&
		       !isupper((unsigned char)p[n + k]))
			k++;
		if (k == 40 && line_is(p + n + k, end, forms[i][1])) {
			memcpy(id, p + n, 40);
			id[40] = '\0';
			return true;
		}
	}
	return false;
}

int rdmaneg_patch_fixes_named(const struct rdmaneg_finding *f, const char *text, size_t len,
			      char *line, size_t cap)
{
	for (const char *p = text; p < text + len;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);

		if (n > 7 && strncmp(p, "Fixes: ", 7) == 0) {
			bool named = false;

			/* the entry is the tag's "ID (\"subject\")", then its note */
			for (size_t i = 0;
			     i < f->fixes.n && !named && p[n - 1] == ')' && p[n - 2] == '"'; i++)
				named = strncmp(f->fixes.v[i], p + 7, n - 7) == 0 &&
					(f->fixes.v[i][n - 7] == '\0' ||
					 f->fixes.v[i][n - 7] == ' ');
			if (!named) {
				snprintf(line, cap, "%.*s", (int)n, p);
				return -1;
			}
		}
		p += n + 1;
	}
	return 0;
}

/* f's patch at path (the registry's line's, or a port's): a backport into
 * f->backport when backport is set, and its Fixes: tags named by f */
static int read_patch(const char *path, struct rdmaneg_finding *f, bool backport, char *err,
		      size_t errcap)
{
	size_t len = 0;
	char *text = rdmaneg_read_file(path, 1u << 22, &len, NULL);
	char line[200];
	int rc = 0;

	if (!text) {
		snprintf(err, errcap, "finding %s: cannot read %s", f->slug, path);
		return -1;
	}
	if (backport)
		rdmaneg_patch_backport(text, len, f->backport);
	if (rdmaneg_patch_fixes_named(f, text, len, line, sizeof(line)) != 0) {
		snprintf(err, errcap, "finding %s: %s has \"%s\", which no \"fixes:\" line names",
			 f->slug, path, line);
		rc = -1;
	}
	free(text);
	return rc;
}

int rdmaneg_finding_read_backport(const char *dir, struct rdmaneg_finding *f, char *err,
				  size_t errcap)
{
	char path[1024];
	bool named = false;
	struct stat st;

	f->backport[0] = '\0';
	if (f->patch.n == 0)
		return 0;
	snprintf(path, sizeof(path), "%s/%s/%s", dir, f->slug, f->patch.v[0]);
	if (read_patch(path, f, true, err, errcap) != 0)
		return -1;
	/* its ports, one folder a line measured (make findings-port) */
	for (size_t k = 0; k < f->n_on; k++) {
		snprintf(path, sizeof(path), "%s/%s/%s/%s", dir, f->slug, f->on[k].kver,
			 f->patch.v[0]);
		if (stat(path, &st) == 0 && read_patch(path, f, false, err, errcap) != 0)
			return -1;
	}
	for (size_t i = 0; f->backport[0] && i < f->upstream.n; i++)
		named |= strncmp(f->upstream.v[i], f->backport, 12) == 0;
	if (f->backport[0] && !named) {
		snprintf(err, errcap,
			 "finding %s: %s backports %.12s, which no \"upstream:\" line names",
			 f->slug, f->patch.v[0], f->backport);
		return -1;
	}
	return 0;
}

bool rdmaneg_findings_newer(const struct rdmaneg_findings *all, const char *kver)
{
	for (size_t i = 0; i < all->n; i++)
		for (size_t k = 0; k < all->f[i].n_on; k++)
			if (kver_older(kver, all->f[i].on[k].kver))
				return true;
	return false;
}

bool rdmaneg_finding_regression(const struct rdmaneg_finding *f, char id[13])
{
	if (!f->regression[0])
		return false;
	memcpy(id, f->regression, 12);
	id[12] = '\0';
	return true;
}
