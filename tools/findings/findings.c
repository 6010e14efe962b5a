// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE
#include "tools/findings/findings.h"

#include "util/file.h"
#include "util/klog.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const kind_names[RDMANEG_FK_COUNT] = { "oops", "kasan",     "lockdep",
							  "bug",  "hang",      "divergence",
							  "oom",  "corruption" };

const char *rdmaneg_finding_kind_name(enum rdmaneg_finding_kind k)
{
	return (unsigned)k < RDMANEG_FK_COUNT ? kind_names[k] : "?";
}

/* one "key: value" line's parse state */
struct line_ctx {
	const char *slug;
	size_t lineno;
	char *err;
	size_t errcap;
};

static int fail(const struct line_ctx *c, const char *why, const char *key)
{
	snprintf(c->err, c->errcap, "finding %s, line %zu: %s%s%s", c->slug, c->lineno, why,
		 key ? ": " : "", key ? key : "");
	return -1;
}

static int set_text(const struct line_ctx *c, char *dst, size_t cap, const char *v, const char *key)
{
	if (dst[0])
		return fail(c, "given twice", key);
	if (strlen(v) >= cap)
		return fail(c, "value too long", key);
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int add_item(const struct line_ctx *c, struct rdmaneg_finding_list *l, const char *v,
		    const char *key)
{
	if (l->n == RDMANEG_FINDING_LIST)
		return fail(c, "too many values", key);
	if (strlen(v) >= RDMANEG_FINDING_TEXT)
		return fail(c, "value too long", key);
	memcpy(l->v[l->n++], v, strlen(v) + 1);
	return 0;
}

/* A make variable of a check: NAME=VALUE, with a value a file name or
 * a case name could be. */
static bool make_var(const char *w, size_t n)
{
	size_t eq = strcspn(w, "=");

	if (eq == 0 || eq >= n)
		return false;
	for (size_t i = 0; i < eq; i++)
		if (!isupper((unsigned char)w[i]) && w[i] != '_')
			return false;
	for (size_t i = eq + 1; i < n; i++)
		if (!isalnum((unsigned char)w[i]) && !strchr("._-,*", w[i]))
			return false;
	return eq + 1 < n;
}

/* "repro ROLE=reply CASE=s-with-pd-0", "nfs NFS_CASE=short-1" or "nvme
 * NVME_CASE=len-3" */
static int parse_check(const struct line_ctx *c, struct rdmaneg_finding *f, const char *v)
{
	const struct rdmaneg_check_suite *cs;
	const char *p = v;
	size_t n = strcspn(p, " ");

	if (n == 0 || n >= sizeof(f->check_suite))
		return fail(
			c,
			"check: a suite (repro, adversarial, nfs, nvme, smbd, iser or roce), then make variables",
			NULL);
	memcpy(f->check_suite, p, n);
	f->check_suite[n] = '\0';
	cs = rdmaneg_check_suite(f->check_suite);
	if (!cs)
		return fail(c,
			    "check: the suite is repro, adversarial, nfs, nvme, smbd, iser or roce",
			    f->check_suite);
	p += n;
	while (*p == ' ')
		p++;
	if (set_text(c, f->check_args, sizeof(f->check_args), p, "check") != 0)
		return -1;
	while (*p) {
		size_t cv = strlen(cs->case_var);

		n = strcspn(p, " ");
		if (!make_var(p, n))
			return fail(c, "check: not a NAME=VALUE make variable", p);
		if (strncmp(p, "ROLE=", 5) == 0 && n - 5 < sizeof(f->check_role))
			memcpy(f->check_role, p + 5, n - 5), f->check_role[n - 5] = '\0';
		else if (strncmp(p, cs->case_var, cv) == 0) {
			/* the peer's comma-separated globs; the last, a plain
			 * case name, is the one whose run is the measurement */
			const char *last = p + cv;

			for (const char *q = p + cv; q < p + n; q++)
				if (*q == ',')
					last = q + 1;
			if (last == p + n || (size_t)(p + n - last) >= sizeof(f->check_case))
				return fail(c, "check: the case variable ends with a case name", p);
			memcpy(f->check_case, last, (size_t)(p + n - last));
			f->check_case[p + n - last] = '\0';
			if (strpbrk(f->check_case, "*?["))
				return fail(
					c,
					"check: the last case element is a case name, not a glob",
					f->check_case);
		}
		p += n;
		while (*p == ' ')
			p++;
	}
	if (!f->check_case[0] ||
	    ((strcmp(f->check_suite, "repro") == 0 || strcmp(f->check_suite, "roce") == 0 ||
	      strcmp(f->check_suite, "adversarial") == 0) &&
	     !f->check_role[0]))
		return fail(
			c,
			"check: repro needs ROLE= and CASE=, adversarial ROLE= and PEER_CASE=, roce ROLE= and ROCE_CASE=, nfs NFS_CASE=, nvme NVME_CASE=",
			NULL);
	return 0;
}

/* A patch is a file of the finding's directory, named as git
 * format-patch names one. */
static bool patch_name(const char *v)
{
	size_t n = strlen(v);

	if (n < 7 || strcmp(v + n - 6, ".patch") != 0 || strchr(v, '/') || v[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && !strchr("._-", v[i]))
			return false;
	return true;
}

/* "KVER RELEASE K/N[: NOTE]" (findings.h) */
static int parse_on(const struct line_ctx *c, struct rdmaneg_finding *f, const char *v)
{
	struct rdmaneg_finding_on *o;
	const char *sp1 = strchr(v, ' '), *sp2, *slash, *note;
	char *end;
	unsigned long k, n;

	if (f->n_on == RDMANEG_FINDING_KVERS)
		return fail(c, "on: more kernel lines than the registry holds", v);
	o = &f->on[f->n_on];
	sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	if (!sp1 || !sp2 || (size_t)(sp1 - v) >= sizeof(o->kver) || sp1 == v ||
	    (size_t)(sp2 - sp1 - 1) >= sizeof(o->release) || sp2 == sp1 + 1)
		return fail(c, "on: KVER RELEASE K/N[: NOTE]", v);
	memcpy(o->kver, v, (size_t)(sp1 - v));
	o->kver[sp1 - v] = '\0';
	memcpy(o->release, sp1 + 1, (size_t)(sp2 - sp1 - 1));
	o->release[sp2 - sp1 - 1] = '\0';
	for (const char *p = o->kver; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			return fail(c, "on: KVER is a kernel line such as 6.1 or 7.3", v);
	if (!isdigit((unsigned char)sp2[1]))
		return fail(c, "on: K/N: runs that reproduced it, of runs", v);
	k = strtoul(sp2 + 1, &end, 10);
	slash = end;
	if (*slash != '/' || !isdigit((unsigned char)slash[1]))
		return fail(c, "on: K/N: runs that reproduced it, of runs", v);
	n = strtoul(slash + 1, &end, 10);
	if (n == 0 || k > n || n > 1000)
		return fail(c, "on: K/N with 0 <= K <= N and 1 <= N <= 1000", v);
	note = end;
	if (*note == ':') {
		note++;
		while (*note == ' ')
			note++;
		if (!*note)
			return fail(c, "on: an empty note", v);
	} else if (*note) {
		return fail(c, "on: K/N, then nothing or \": NOTE\"", v);
	}
	if (k == 0 && strncmp(note, "absent: ", 8) != 0 && strncmp(note, "present: ", 9) != 0)
		return fail(c,
			    "on: 0/N needs a note that says why, starting \"absent: \" (no patch "
			    "needed there) or \"present: \" (the check missed it)",
			    v);
	o->absent = k == 0 && strncmp(note, "absent: ", 8) == 0;
	for (size_t i = 0; i < f->n_on; i++)
		if (strcmp(f->on[i].kver, o->kver) == 0)
			return fail(c, "on: that kernel line twice", v);
	o->k = (unsigned)k;
	o->n = (unsigned)n;
	if (set_text(c, o->note, sizeof(o->note), note, "on") != 0)
		return -1;
	f->n_on++;
	return 0;
}

const struct rdmaneg_finding_on *rdmaneg_finding_on(const struct rdmaneg_finding *f,
						    const char *kver)
{
	for (size_t i = 0; i < f->n_on; i++)
		if (strcmp(f->on[i].kver, kver) == 0)
			return &f->on[i];
	return NULL;
}

static int set_key(const struct line_ctx *c, struct rdmaneg_finding *f, const char *k,
		   const char *v)
{
	static const struct {
		const char *key;
		size_t off;
	} lists[] = {
		{ "maintainer", offsetof(struct rdmaneg_finding, maintainer) },
		{ "list", offsetof(struct rdmaneg_finding, list) },
		{ "function", offsetof(struct rdmaneg_finding, function) },
		{ "file", offsetof(struct rdmaneg_finding, file) },
		{ "seen", offsetof(struct rdmaneg_finding, seen) },
		{ "signature", offsetof(struct rdmaneg_finding, signature) },
		{ "fixes", offsetof(struct rdmaneg_finding, fixes) },
		{ "upstream", offsetof(struct rdmaneg_finding, upstream) },
	};
	static const struct {
		const char *key;
		size_t off, cap;
	} texts[] = {
		{ "title", offsetof(struct rdmaneg_finding, title), RDMANEG_FINDING_TEXT },
		{ "subsystem", offsetof(struct rdmaneg_finding, subsystem), RDMANEG_FINDING_TEXT },
		{ "trigger", offsetof(struct rdmaneg_finding, trigger), RDMANEG_FINDING_TEXT },
		{ "reproduced", offsetof(struct rdmaneg_finding, reproduced),
		  RDMANEG_FINDING_TEXT },
		{ "reproducer", offsetof(struct rdmaneg_finding, reproducer),
		  RDMANEG_FINDING_TEXT },
		{ "mainline-repo", offsetof(struct rdmaneg_finding, mainline_repo), 128 },
		{ "mainline-commit", offsetof(struct rdmaneg_finding, mainline_commit), 48 },
		{ "mainline-note", offsetof(struct rdmaneg_finding, mainline_note),
		  RDMANEG_FINDING_TEXT },
	};
	char *base = (char *)f;

	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if (strcmp(k, lists[i].key) == 0)
			return add_item(
				c, (struct rdmaneg_finding_list *)(void *)(base + lists[i].off), v,
				k);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (strcmp(k, texts[i].key) == 0)
			return set_text(c, base + texts[i].off, texts[i].cap, v, k);
	if (strcmp(k, "id") == 0) {
		char *end;
		unsigned long id = strtoul(v, &end, 10);

		if (f->id || !isdigit((unsigned char)v[0]) || *end || id == 0 || id > 9999)
			return fail(c, "id: a number in 1..9999, once", v);
		f->id = (unsigned)id;
		return 0;
	}
	if (strcmp(k, "kind") == 0) {
		for (unsigned i = 0; i < RDMANEG_FK_COUNT; i++)
			if (strcmp(v, kind_names[i]) == 0) {
				f->kind = (enum rdmaneg_finding_kind)i;
				return 0;
			}
		return fail(c,
			    "kind: oops, kasan, lockdep, bug, hang, divergence, oom or corruption",
			    v);
	}
	if (strcmp(k, "check") == 0)
		return f->check_suite[0] ? fail(c, "given twice", k) : parse_check(c, f, v);
	if (strcmp(k, "on") == 0)
		return parse_on(c, f, v);
	if (strcmp(k, "series") == 0) {
		if (!v[0] || strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(v))
			return fail(c, "series: a name of a-z, 0-9 and -", v);
		return set_text(c, f->series, sizeof(f->series), v, k);
	}
	if (strcmp(k, "expect") == 0) {
		/* "verdict CLAUSE": only a verdict naming that clause counts,
		 * so another divergence of the same case is not this one */
		if (strncmp(v, "verdict ", 8) == 0) {
			const char *cl = v + 8;

			if (!*cl || strlen(cl) >= sizeof(f->expect_clause) || strpbrk(cl, " \t"))
				return fail(c, "expect: verdict CLAUSE, one clause id", v);
			snprintf(f->expect_clause, sizeof(f->expect_clause), "%s", cl);
			f->expect = RDMANEG_FE_VERDICT;
			return 0;
		}
		/* "step NAME": the suite's data check step NAME failed */
		if (strncmp(v, "step ", 5) == 0) {
			const char *st = v + 5;

			if (!*st || strlen(st) >= sizeof(f->expect_step) ||
			    strspn(st, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(st))
				return fail(c, "expect: step NAME, one step name", v);
			snprintf(f->expect_step, sizeof(f->expect_step), "%s", st);
			f->expect = RDMANEG_FE_STEP;
			return 0;
		}
		/* "log TEXT": what the kernel logs during the case, for a
		 * divergence that only the kernel's own words show */
		if (strncmp(v, "log ", 4) == 0) {
			const char *t = v + 4;

			if (strlen(t) < 8 || strlen(t) >= sizeof(f->expect_log))
				return fail(c, "expect: log TEXT, 8 to 95 characters", v);
			snprintf(f->expect_log, sizeof(f->expect_log), "%s", t);
			f->expect = RDMANEG_FE_LOG;
			return 0;
		}
		if (strcmp(v, "splat") != 0 && strcmp(v, "verdict") != 0)
			return fail(c,
				    "expect: splat, verdict, verdict CLAUSE, step NAME or log TEXT",
				    v);
		f->expect = strcmp(v, "splat") == 0 ? RDMANEG_FE_SPLAT : RDMANEG_FE_VERDICT;
		return 0;
	}
	if (strcmp(k, "unpatched") == 0) {
		if (strcmp(v, "debug") != 0 && strcmp(v, "others") != 0)
			return fail(c, "unpatched: debug or others", v);
		f->unpatched_others = strcmp(v, "others") == 0;
		return 0;
	}
	if (strcmp(k, "regression") == 0) {
		size_t h = strspn(v, "0123456789abcdef");

		if (f->regression[0] || h < 12 || (v[h] != ' ' && v[h] != '\0'))
			return fail(
				c,
				"regression: a commit id of 12 or more hex digits, then text; once",
				v);
		return set_text(c, f->regression, sizeof(f->regression), v, k);
	}
	if (strcmp(k, "requires") == 0) {
		char *end;
		unsigned long id = strtoul(v, &end, 10);

		/* its patch applies on the other's: KERNEL=fixed applies them in id
		 * order, and dropping the other (FIXES_DROP) drops this one too */
		if (f->requires || !isdigit((unsigned char)v[0]) || *end || id == 0 || id > 9999)
			return fail(c, "requires: a finding's id in 1..9999, once", v);
		f->requires = (unsigned)id;
		return 0;
	}
	if (strcmp(k, "race") == 0) {
		if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
			return fail(c, "race: yes or no", v);
		f->race = strcmp(v, "yes") == 0;
		return 0;
	}
	if (strcmp(k, "mainline-code") == 0) {
		if (strcmp(v, "present") != 0 && strcmp(v, "changed") != 0 &&
		    strcmp(v, "fixed") != 0 && strcmp(v, "unknown") != 0)
			return fail(c, "mainline-code: present, changed, fixed or unknown", v);
		return set_text(c, f->mainline_code, sizeof(f->mainline_code), v, k);
	}
	if (strcmp(k, "patch") == 0)
		return patch_name(v)
			       ? add_item(c, &f->patch, v, k)
			       : fail(c, "patch: a NNNN-name.patch file of this directory", v);
	return fail(c, "unknown key", k);
}

/* the keys every finding has; signature only for one that crashes */
static int check_required(const struct line_ctx *c, const struct rdmaneg_finding *f)
{
	const struct {
		const char *key;
		bool ok;
	} need[] = {
		{ "id", f->id != 0 },
		{ "title", f->title[0] },
		{ "subsystem", f->subsystem[0] },
		{ "maintainer", f->maintainer.n > 0 },
		{ "list", f->list.n > 0 },
		{ "function", f->function.n > 0 },
		{ "file", f->file.n > 0 },
		{ "trigger", f->trigger[0] },
		{ "seen", f->seen.n > 0 },
		{ "reproduced", f->reproduced[0] },
		{ "reproducer", f->reproducer[0] },
		{ "check", f->check_suite[0] },
		{ "fixes", f->fixes.n > 0 },
		{ "patch", f->patch.n > 0 },
		{ "mainline-repo", f->mainline_repo[0] },
		{ "mainline-commit", f->mainline_commit[0] },
		{ "mainline-code", f->mainline_code[0] },
		{ "upstream", f->upstream.n > 0 },
		{ "series", f->series[0] },
		{ "signature", f->signature.n > 0 || f->expect != RDMANEG_FE_SPLAT },
	};

	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++)
		if (!need[i].ok)
			return fail(c, "missing key", need[i].key);
	if (f->kind == RDMANEG_FK_DIVERGENCE && f->expect != RDMANEG_FE_VERDICT &&
	    f->expect != RDMANEG_FE_LOG)
		return fail(c,
			    "a divergence is checked by its verdict or the kernel's log "
			    "(expect: verdict, expect: log TEXT)",
			    NULL);
	if (f->expect == RDMANEG_FE_LOG && f->kind != RDMANEG_FK_DIVERGENCE)
		return fail(c, "expect: log is for a divergence (a splat has its signature)", NULL);
	if (f->expect == RDMANEG_FE_VERDICT && strcmp(f->check_suite, "repro") != 0 &&
	    strcmp(f->check_suite, "roce") != 0)
		return fail(c, "expect: verdict needs a repro or roce check (the peer's verdict)",
			    NULL);
	if (f->expect == RDMANEG_FE_STEP && !rdmaneg_check_suite(f->check_suite)->step)
		return fail(c, "expect: step needs a check whose suite reports steps (not repro)",
			    NULL);
	if (f->kind == RDMANEG_FK_CORRUPTION && f->expect != RDMANEG_FE_STEP)
		return fail(c, "a corruption is checked by the step that compares (expect: step)",
			    NULL);
	return 0;
}

int rdmaneg_finding_parse(const char *slug, const char *text, size_t len, struct rdmaneg_finding *f,
			  char *err, size_t errcap)
{
	struct line_ctx c = { slug, 0, err, errcap };
	size_t pos = 0;

	if (errcap)
		err[0] = '\0';
	memset(f, 0, sizeof(*f));
	if (strlen(slug) >= sizeof(f->slug) || !slug[0])
		return fail(&c, "the directory name is empty or too long", NULL);
	memcpy(f->slug, slug, strlen(slug) + 1);
	while (pos < len) {
		size_t n = 0, kn;
		char line[RDMANEG_FINDING_TEXT + 64];
		const char *v;

		while (pos + n < len && text[pos + n] != '\n')
			n++;
		c.lineno++;
		if (n >= sizeof(line))
			return fail(&c, "line too long", NULL);
		memcpy(line, text + pos, n);
		line[n] = '\0';
		pos += n + 1;
		if (memchr(line, '\0', n))
			return fail(&c, "a NUL octet", NULL);
		if (n == 0 || line[0] == '#')
			continue;
		kn = strspn(line, "abcdefghijklmnopqrstuvwxyz-");
		if (kn == 0 || line[kn] != ':' || line[kn + 1] != ' ' || !line[kn + 2])
			return fail(&c, "not a \"key: value\" line", NULL);
		line[kn] = '\0';
		v = line + kn + 2;
		if (set_key(&c, f, line, v) != 0)
			return -1;
	}
	c.lineno = 0;
	return check_required(&c, f);
}

static int by_id(const void *a, const void *b)
{
	const struct rdmaneg_finding *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int rdmaneg_findings_load(const char *dir, struct rdmaneg_findings *all, char *err, size_t errcap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	all->n = 0;
	if (!d) {
		snprintf(err, errcap, "findings: cannot open %s", dir);
		return -1;
	}
	while (rc == 0 && (e = readdir(d))) {
		char path[1024];
		struct stat st;
		char *text;
		size_t len = 0;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		if (all->n == RDMANEG_FINDINGS_MAX) {
			snprintf(err, errcap, "findings: more than %d", RDMANEG_FINDINGS_MAX);
			rc = -1;
			break;
		}
		snprintf(path, sizeof(path), "%s/%s/finding", dir, e->d_name);
		text = rdmaneg_read_file(path, 1u << 16, &len, NULL);
		if (!text) {
			snprintf(err, errcap, "finding %s: cannot read %s", e->d_name, path);
			rc = -1;
			break;
		}
		rc = rdmaneg_finding_parse(e->d_name, text, len, &all->f[all->n], err, errcap);
		free(text);
		for (size_t i = 0; rc == 0 && i < all->f[all->n].patch.n; i++) {
			snprintf(path, sizeof(path), "%s/%s/%s", dir, e->d_name,
				 all->f[all->n].patch.v[i]);
			if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
				snprintf(err, errcap, "finding %s: patch %s: no such file",
					 e->d_name, all->f[all->n].patch.v[i]);
				rc = -1;
			}
		}
		if (rc == 0)
			rc = rdmaneg_finding_read_backport(dir, &all->f[all->n], err, errcap);
		all->n += rc == 0;
	}
	closedir(d);
	if (rc != 0)
		return -1;
	qsort(all->f, all->n, sizeof(all->f[0]), by_id);
	for (size_t i = 1; i < all->n; i++)
		if (all->f[i].id == all->f[i - 1].id) {
			snprintf(err, errcap, "findings %s and %s: the same id %u",
				 all->f[i - 1].slug, all->f[i].slug, all->f[i].id);
			return -1;
		}
	if (all->n == 0) {
		snprintf(err, errcap, "findings: none in %s", dir);
		return -1;
	}
	for (size_t i = 0; i < all->n; i++) {
		const struct rdmaneg_finding *f = &all->f[i], *r = NULL;

		for (size_t j = 0; f->requires && j < i; j++)
			if (all->f[j].id == f->requires)
				r = &all->f[j];
		if (f->requires && (!r || r->patch.n == 0)) {
			snprintf(
				err, errcap,
				"finding %s: requires %u, which is no earlier finding with a patch",
				f->slug, f->requires);
			return -1;
		}
	}
	return 0;
}

bool rdmaneg_findings_dropped(const struct rdmaneg_findings *all, const struct rdmaneg_finding *f,
			      const struct rdmaneg_finding *dropped)
{
	/* requires names a smaller id (load checks it): the chain ends */
	while (f && dropped) {
		const struct rdmaneg_finding *next = NULL;

		if (f == dropped)
			return true;
		for (size_t j = 0; f->requires && j < all->n; j++)
			if (all->f[j].id == f->requires)
				next = &all->f[j];
		f = next;
	}
	return false;
}

const struct rdmaneg_finding *rdmaneg_findings_find(const struct rdmaneg_findings *all,
						    const char *key)
{
	char *end;
	unsigned long id = strtoul(key, &end, 10);

	for (size_t i = 0; i < all->n; i++)
		if (strcmp(all->f[i].slug, key) == 0 ||
		    (isdigit((unsigned char)key[0]) && !*end && all->f[i].id == id))
			return &all->f[i];
	return NULL;
}

const struct rdmaneg_finding *rdmaneg_findings_match(const struct rdmaneg_findings *all,
						     const char *title)
{
	for (size_t i = 0; i < all->n; i++)
		for (size_t k = 0; k < all->f[i].signature.n; k++)
			if (strcmp(all->f[i].signature.v[k], title) == 0)
				return &all->f[i];
	return NULL;
}

const char *rdmaneg_fix_verdict(const struct rdmaneg_fix_row *r)
{
	if (r->before_n == 0 || r->after_n == 0)
		return "not run on both kernels";
	if (r->before_void > 0)
		return "an unpatched run measured nothing";
	if (r->after_void > 0)
		return "a patched run measured nothing";
	if (r->before_k == 0)
		return "did not reproduce on the unpatched kernel";
	if (r->after_k > 0)
		return "reproduces with the patch";
	return "fixed";
}

static void md_cell(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

const char *rdmaneg_on_verdict(const struct rdmaneg_finding_on *reg, const char *release,
			       unsigned k, unsigned n)
{
	if (!reg)
		return "unrecorded";
	if (n == 0 || strcmp(reg->release, release) != 0 || (reg->k > 0) != (k > 0))
		return "differs";
	return "recorded";
}

/* a kernel line's order: 6.1 < 6.12 < 7.3 */
static int kver_cmp(const char *a, const char *b)
{
	unsigned long am = strtoul(a, NULL, 10), bm = strtoul(b, NULL, 10);
	const char *ad = strchr(a, '.'), *bd = strchr(b, '.');
	unsigned long an = ad ? strtoul(ad + 1, NULL, 10) : 0,
		      bn = bd ? strtoul(bd + 1, NULL, 10) : 0;

	if (am != bm)
		return am < bm ? -1 : 1;
	return an < bn ? -1 : an > bn;
}

size_t rdmaneg_findings_kvers(const struct rdmaneg_findings *all,
			      const char *kvers[RDMANEG_FINDING_KVERS])
{
	size_t n = 0;

	for (size_t i = 0; i < all->n; i++)
		for (size_t j = 0; j < all->f[i].n_on; j++) {
			const char *k = all->f[i].on[j].kver;
			size_t at = 0;

			while (at < n && kver_cmp(kvers[at], k) < 0)
				at++;
			if ((at < n && strcmp(kvers[at], k) == 0) || n == RDMANEG_FINDING_KVERS)
				continue;
			memmove(&kvers[at + 1], &kvers[at], (n - at) * sizeof(kvers[0]));
			kvers[at] = k;
			n++;
		}
	return n;
}

/* a finding's cell for one kernel line: K/N, or "-" when not measured */
static void on_cell(FILE *out, const struct rdmaneg_finding *f, const char *kver)
{
	const struct rdmaneg_finding_on *o = rdmaneg_finding_on(f, kver);

	if (o)
		fprintf(out, "%u/%u", o->k, o->n);
	else
		fputs("-", out);
}

void rdmaneg_findings_markdown(FILE *out, const struct rdmaneg_findings *all, const char *up)
{
	const char *kvers[RDMANEG_FINDING_KVERS];
	size_t nk = rdmaneg_findings_kvers(all, kvers);

	fputs("| # | finding | kind | subsystem | reproducer |", out);
	for (size_t k = 0; k < nk; k++)
		fprintf(out, " %s |", kvers[k]);
	fputs(" patch | mainline |\n|---|---|---|---|---|", out);
	for (size_t k = 0; k < nk; k++)
		fputs("---|", out);
	fputs("---|---|\n", out);
	for (size_t i = 0; i < all->n; i++) {
		const struct rdmaneg_finding *f = &all->f[i];

		fprintf(out, "| %u | [", f->id);
		md_cell(out, f->title);
		fprintf(out, "](%sfindings/%s/report.md) | %s | ", up, f->slug,
			rdmaneg_finding_kind_name(f->kind));
		md_cell(out, f->subsystem);
		fputs(" | `", out);
		md_cell(out, f->reproducer);
		fputs("` |", out);
		for (size_t k = 0; k < nk; k++) {
			fputs(" ", out);
			on_cell(out, f, kvers[k]);
			fputs(" |", out);
		}
		fprintf(out, " [%s](%sfindings/%s/%s) | %s |\n",
			f->patch.n > 1 ? "patches" : "patch", up, f->slug, f->patch.v[0],
			f->mainline_code);
	}
}

/* "path:12:34: warning: text" as "path: warning: text" */
static void normalize_warning(const char *in, size_t n, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 1 < cap; i++) {
		if (in[i] == ':' && i + 1 < n && isdigit((unsigned char)in[i + 1])) {
			size_t j = i + 1;

			while (j < n && (isdigit((unsigned char)in[j]) || in[j] == ':'))
				j++;
			out[o++] = ':';
			i = j - 1;
			continue;
		}
		out[o++] = in[i];
	}
	out[o] = '\0';
}

#define W1_MAX 512
static size_t warnings(const char *text, size_t len, char (*w)[RDMANEG_FINDING_TEXT], size_t max)
{
	size_t pos = 0, n = 0;

	while (pos < len && n < max) {
		size_t l = 0;

		while (pos + l < len && text[pos + l] != '\n')
			l++;
		if (memmem(text + pos, l, "warning:", 8))
			normalize_warning(text + pos, l, w[n++], RDMANEG_FINDING_TEXT);
		pos += l + 1;
	}
	return n;
}

size_t rdmaneg_w1_new(FILE *out, const char *before, size_t blen, const char *after, size_t alen)
{
	static char b[W1_MAX][RDMANEG_FINDING_TEXT], a[W1_MAX][RDMANEG_FINDING_TEXT];
	static bool used[W1_MAX];
	size_t nb = warnings(before, blen, b, W1_MAX), na = warnings(after, alen, a, W1_MAX);
	size_t fresh = 0;

	memset(used, 0, sizeof(used));
	for (size_t i = 0; i < na; i++) {
		bool old = false;

		for (size_t k = 0; k < nb && !old; k++)
			if (!used[k] && strcmp(a[i], b[k]) == 0)
				old = used[k] = true;
		if (!old) {
			fprintf(out, "  new W=1 warning: %s\n", a[i]);
			fresh++;
		}
	}
	return fresh;
}
