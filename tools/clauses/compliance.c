// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* compliance: clauses, citations and verdicts (see compliance.h) */
#define _GNU_SOURCE
#include "tools/clauses/compliance.h"

#include "util/html.h"
#include "util/json.h"

#include <stdlib.h>
#include <string.h>

/* the kinds of check, by the folder a citation is in (docs/layout.md);
 * the public headers (include/) hold the Frama-C contracts (make proof),
 * and the reference (oracle/) counts with the rules it serves */
static const struct kind {
	const char *prefix, *name;
} kinds[RDMANEG_COMP_KINDS] = {
	{ "src/", "core" },
	{ "", "proof" },
	{ "tests/", "unit test" },
	{ "properties/", "property" },
	{ "fuzz/", "fuzz target" },
	{ "rules/", "oracle rule" },
	{ "peer/", "peer case" },
	{ "live/", "live verdict" },
	{ "", "tool" },
};
#define KIND_PROOF 1
#define KIND_ORACLE 5
#define KIND_TOOL 8

static const char *const impls[RDMANEG_COMP_IMPLS] = {
	"core",	     "oracle",	"siw responder", "siw initiator", "nvmet",
	"nvme-rdma", "svcrdma", "xprtrdma",	 "isert",	  "ib_iser",
	"ksmbd",     "cifs",	"ib_cm passive", "ib_cm active"
};

/* The live suites, in their columns' order: the name (make live-NAME),
 * the case variable that reruns one case, and the ends it judges */
static const struct {
	const char *name, *var, *ends;
} suites[RDMANEG_COMP_SUITES] = {
	{ "nvme", "NVME_CASE", "nvmet's and nvme-rdma's" },
	{ "nfs", "NFS_CASE", "svcrdma's and xprtrdma's (the Linux NFS server and client)" },
	{ "iser", "ISER_CASE", "isert's and ib_iser's (LIO's iSER target and the initiator)" },
	{ "smbd", "SMBD_CASE", "ksmbd's and cifs's (the SMB Direct server and client)" },
	{ "roce", "ROCE_CASE",
	  "ib_cm's and rdma_cm's over rxe, as the passive and the active side (RoCE v2)" },
};
/* suite s judges the columns LINUX_COL0 + 2s (its server) and + 2s + 1 */
#define LINUX_COL0 4

const char *rdmaneg_comp_suite_name(size_t s)
{
	return s < RDMANEG_COMP_SUITES ? suites[s].name : NULL;
}

static const char *const verdicts[] = { "not exercised", "conforms", "diverges", "finding" };

const char *rdmaneg_comp_kind_name(size_t k)
{
	return k < RDMANEG_COMP_KINDS ? kinds[k].name : "?";
}

const char *rdmaneg_comp_impl_name(size_t i)
{
	return i < RDMANEG_COMP_IMPLS ? impls[i] : "?";
}

const char *rdmaneg_comp_verdict_name(enum rdmaneg_comp_verdict v)
{
	return (unsigned)v < sizeof(verdicts) / sizeof(verdicts[0]) ? verdicts[v] : "?";
}

size_t rdmaneg_comp_kind_of(const char *path)
{
	size_t n = strlen(path);

	if (strncmp(path, "include/", 8) == 0 && n > 2 && strcmp(path + n - 2, ".h") == 0)
		return KIND_PROOF;
	if (strncmp(path, "oracle/", 7) == 0)
		return KIND_ORACLE;
	for (size_t k = 0; k < RDMANEG_COMP_KINDS; k++)
		if (kinds[k].prefix[0] &&
		    strncmp(path, kinds[k].prefix, strlen(kinds[k].prefix)) == 0)
			return k;
	return KIND_TOOL;
}

static struct rdmaneg_comp_row *find(struct rdmaneg_comp *c, const char *id)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->row[i].id, id) == 0)
			return &c->row[i];
	return NULL;
}

static bool section_known(const struct rdmaneg_comp *c, const char *id)
{
	for (size_t i = 0; i < c->nsections; i++)
		if (strcmp(c->sections[i], id) == 0)
			return true;
	return false;
}

static void add_section(struct rdmaneg_comp *c, const char *doc, size_t dn, const char *sec)
{
	if (c->nsections < RDMANEG_COMP_CLAUSES)
		snprintf(c->sections[c->nsections++], sizeof(c->sections[0]), "%.*s#%s", (int)dn,
			 doc, sec);
}

int rdmaneg_comp_load(struct rdmaneg_comp *c, char *text, char *err, size_t cap)
{
	char *save = NULL;

	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *f[4], *hash;
		struct rdmaneg_comp_row *r;

		if (strncmp(l, "# sections ", 11) == 0) {
			char *doc = l + 11, *sv = NULL, *sp = strchr(doc, ' ');

			if (!sp)
				continue;
			*sp = '\0';
			for (char *x = strtok_r(sp + 1, " ", &sv); x; x = strtok_r(NULL, " ", &sv))
				add_section(c, doc, strlen(doc), x);
			continue;
		}
		if (l[0] == '#')
			continue;
		f[0] = l;
		for (int k = 1; k < 4; k++) {
			f[k] = f[k - 1] ? strchr(f[k - 1], '\t') : NULL;
			if (f[k])
				*f[k]++ = '\0';
		}
		hash = strchr(l, '#');
		if (!f[3] || !hash || c->n == RDMANEG_COMP_CLAUSES ||
		    strlen(f[0]) >= sizeof(c->row[0].id) || rdmaneg_clause_level_of(f[1]) < 0) {
			snprintf(err, cap, "a registry line is malformed: %.60s", l);
			return -1;
		}
		if (find(c, f[0])) {
			snprintf(err, cap, "%s is in the registry twice", f[0]);
			return -1;
		}
		r = &c->row[c->n++];
		memset(r, 0, sizeof(*r));
		snprintf(r->id, sizeof(r->id), "%s", f[0]);
		snprintf(r->level, sizeof(r->level), "%s", f[1]);
		snprintf(r->section, sizeof(r->section), "%s", f[2]);
		r->text = f[3];
		/* every clause's section is one a citation may name (a hand-listed
		 * registry has no "# sections" line) */
		{
			char want[RDMANEG_CLAUSE_ID];

			snprintf(want, sizeof(want), "%.*s#%s", (int)(hash - l), l, f[2]);
			if (!section_known(c, want))
				add_section(c, l, (size_t)(hash - l), f[2]);
		}
	}
	return 0;
}

int rdmaneg_comp_untestable(struct rdmaneg_comp *c, char *text, char *err, size_t cap)
{
	char *save = NULL;

	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(l, '\t');
		struct rdmaneg_comp_row *r;

		if (l[0] == '#')
			continue;
		if (tab)
			*tab = '\0';
		r = find(c, l);
		if (!tab || !r || !tab[1]) {
			snprintf(err, cap, "'%.60s' is not 'ID<TAB>why' with an ID of the registry",
				 l);
			return -1;
		}
		snprintf(r->untestable, sizeof(r->untestable), "%s", tab + 1);
	}
	return 0;
}

struct cite_ctx {
	struct rdmaneg_comp *c;
	const char *path;
	size_t kind;
	FILE *err;
};

static void on_cite(void *ctx, const char *id, size_t line)
{
	struct cite_ctx *x = ctx;
	struct rdmaneg_comp_row *r = find(x->c, id);

	if (r) {
		if (r->cites[x->kind]++ == 0 && !r->first[0])
			snprintf(r->first, sizeof(r->first), "%s:%zu", x->path, line);
		return;
	}
	/* a section may be named for context; it covers no clause */
	if (section_known(x->c, id))
		return;
	if (x->err)
		fprintf(x->err,
			"rdmaneg-clauses: %s:%zu: [%s] is no clause or section of the registry\n",
			x->path, line, id);
	x->c->unknown++;
}

void rdmaneg_comp_cite(struct rdmaneg_comp *c, const char *path, const char *src, size_t len,
		       FILE *err_out)
{
	struct cite_ctx x = { c, path, rdmaneg_comp_kind_of(path), err_out };

	(void)rdmaneg_clause_cites(src, len, on_cite, &x);
}

/* ---- implementation verdicts */

/* The string value of "key" in one JSON object's text (our writers'
 * escapes: \" and \\ only matter here), into out; false when absent. */
static bool jstr(const char *line, size_t n, const char *key, char *out, size_t cap)
{
	char want[64];
	const char *p, *end = line + n;
	size_t k = 0;

	snprintf(want, sizeof(want), "\"%s\":\"", key);
	p = memmem(line, n, want, strlen(want));
	if (!p || cap == 0)
		return false;
	for (p += strlen(want); p < end && *p != '"' && k + 1 < cap; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		out[k++] = *p;
	}
	out[k] = '\0';
	return p < end && *p == '"';
}

bool rdmaneg_comp_tests(struct rdmaneg_comp *c, const char *times, size_t len)
{
	const char *p = memmem(times, len, "\"failed\":", 9);
	char *e;
	long failed;

	if (!p)
		return false;
	failed = strtol(p + 9, &e, 10);
	if (e == p + 9 || failed != 0)
		return false;
	for (size_t i = 0; i < c->n; i++) {
		struct rdmaneg_comp_row *r = &c->row[i];

		/* the core's checks: core, proof, unit test, property, fuzz */
		if (r->cites[0] + r->cites[1] + r->cites[2] + r->cites[3] + r->cites[4])
			r->v[0] = RDMANEG_COMP_CONFORMS;
		if (r->cites[KIND_ORACLE])
			r->v[1] = RDMANEG_COMP_CONFORMS;
	}
	return true;
}

/* The next line of text[0..len-1] from *at, without its newline; false
 * at the end. The reports read here hold one record a line. */
static bool next_line(const char *text, size_t len, size_t *at, const char **l, size_t *n)
{
	const char *nl;

	if (*at >= len)
		return false;
	*l = text + *at;
	nl = memchr(*l, '\n', len - *at);
	*n = nl ? (size_t)(nl - *l) : len - *at;
	*at += *n + 1;
	return true;
}

/* An implementation's verdict on r goes up, never down (not exercised <
 * conforms < diverges < finding); the first of a kind names its case. */
static void raise_to(struct rdmaneg_comp_row *r, size_t impl, enum rdmaneg_comp_verdict v,
		     const char *why)
{
	if (!r || r->v[impl] >= v)
		return;
	r->v[impl] = v;
	snprintf(r->why[impl], sizeof(r->why[impl]), "%s", v > RDMANEG_COMP_CONFORMS ? why : "");
}

size_t rdmaneg_comp_siw(struct rdmaneg_comp *c, const char *jsonl, size_t len)
{
	size_t rows = 0, at = 0, n;
	const char *l;

	while (next_line(jsonl, len, &at, &l, &n)) {
		char agent[16], name[160], tests[RDMANEG_CLAUSE_ID], clause[RDMANEG_CLAUSE_ID],
			verdict[16], why[400];
		struct rdmaneg_comp_row *t, *d;
		size_t impl;

		if (!jstr(l, n, "agent", agent, sizeof(agent)) ||
		    !jstr(l, n, "case", name, sizeof(name)) ||
		    !jstr(l, n, "verdict", verdict, sizeof(verdict)))
			continue;
		if (strcmp(agent, "request") == 0)
			impl = 2;
		else if (strcmp(agent, "reply") == 0)
			impl = 3;
		else
			continue;
		t = jstr(l, n, "tests", tests, sizeof(tests)) ? find(c, tests) : NULL;
		d = jstr(l, n, "clause", clause, sizeof(clause)) ? find(c, clause) : NULL;
		/* a case the campaign blamed a kernel splat on is a finding,
		 * whatever the peer saw on the wire before it */
		if (jstr(l, n, "splat", why, sizeof(why)) && why[0])
			snprintf(verdict, sizeof(verdict), "finding");
		/* a divergence is its clause's; a finding its clause's, or the
		 * tested one's (suite-alive names none); a conforming case the
		 * tested clause's */
		if (strcmp(verdict, "diverges") == 0) {
			snprintf(why, sizeof(why), "%s %s: make live-repro ROLE=%s CASE=%s", agent,
				 name, agent, name);
			raise_to(d, impl, RDMANEG_COMP_DIVERGES, why);
		} else if (strcmp(verdict, "finding") == 0) {
			snprintf(why, sizeof(why),
				 "%s %s: make live-repro KERNEL=debug ROLE=%s CASE=%s", agent, name,
				 agent, name);
			raise_to(d ? d : t, impl, RDMANEG_COMP_FINDING, why);
		} else if (strcmp(verdict, "conforms") == 0) {
			raise_to(t, impl, RDMANEG_COMP_CONFORMS, "");
		}
		rows++;
	}
	return rows;
}

size_t rdmaneg_comp_linux(struct rdmaneg_comp *c, const char *report, size_t len)
{
	size_t rows = 0, at = 0, n;
	const char *l;

	while (next_line(report, len, &at, &l, &n)) {
		char id[RDMANEG_CLAUSE_ID], who[16], verdict[16], name[160], why[400];
		struct rdmaneg_comp_row *r;
		size_t e, s;

		/* Linux's verdict: the row's own, else its oracle column */
		if (!jstr(l, n, "clause", id, sizeof(id)) ||
		    !jstr(l, n, "impl", who, sizeof(who)) ||
		    !(jstr(l, n, "verdict", verdict, sizeof(verdict)) ||
		      jstr(l, n, "oracle", verdict, sizeof(verdict))) ||
		    !(r = find(c, id)))
			continue;
		for (e = LINUX_COL0; e < RDMANEG_COMP_IMPLS; e++)
			if (strcmp(who, impls[e]) == 0)
				break;
		if (e == RDMANEG_COMP_IMPLS)
			continue;
		s = (e - LINUX_COL0) / 2;
		/* a hostile case by its name; a data-check row by its field, or
		 * by the case name "data" (the ULP suites') */
		if (jstr(l, n, "case", name, sizeof(name)) && strcmp(name, "data") != 0)
			snprintf(why, sizeof(why), "%s: make live-%s %s=%s", name, suites[s].name,
				 suites[s].var, name);
		else if (jstr(l, n, "field", name, sizeof(name)))
			snprintf(why, sizeof(why), "the data check's %s: make live-%s", name,
				 suites[s].name);
		else
			snprintf(why, sizeof(why), "the data check: make live-%s %s=data",
				 suites[s].name, suites[s].var);
		if (strcmp(verdict, "diverges") == 0)
			raise_to(r, e, RDMANEG_COMP_DIVERGES, why);
		else if (strcmp(verdict, "conforms") == 0)
			raise_to(r, e, RDMANEG_COMP_CONFORMS, "");
		else
			continue;
		rows++;
	}
	return rows;
}

static bool normative(const struct rdmaneg_comp_row *r)
{
	return strncmp(r->level, "MUST", 4) == 0 || strncmp(r->level, "SHOULD", 6) == 0;
}

static unsigned total(const struct rdmaneg_comp_row *r)
{
	unsigned t = 0;

	for (size_t k = 0; k < RDMANEG_COMP_KINDS; k++)
		t += r->cites[k];
	return t;
}

size_t rdmaneg_comp_uncovered(const struct rdmaneg_comp *c)
{
	size_t u = 0;

	for (size_t i = 0; i < c->n; i++)
		u += normative(&c->row[i]) && total(&c->row[i]) == 0 && !c->row[i].untestable[0];
	return u;
}

/* ---- reports */

void rdmaneg_comp_json(const struct rdmaneg_comp *c, FILE *f)
{
	struct rdmaneg_json j;

	rdmaneg_json_init(&j, f);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "tests_from", c->tests_from);
	rdmaneg_json_str(&j, "siw_from", c->siw_from);
	for (size_t s = 0; s < RDMANEG_COMP_SUITES; s++) {
		char key[32];

		snprintf(key, sizeof(key), "%s_from", suites[s].name);
		rdmaneg_json_str(&j, key, c->live_from[s]);
	}
	rdmaneg_json_uint(&j, "clauses", c->n);
	rdmaneg_json_uint(&j, "uncovered", rdmaneg_comp_uncovered(c));
	rdmaneg_json_arr(&j, "rows");
	for (size_t i = 0; i < c->n; i++) {
		const struct rdmaneg_comp_row *r = &c->row[i];

		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "id", r->id);
		rdmaneg_json_str(&j, "level", r->level);
		rdmaneg_json_str(&j, "text", r->text);
		rdmaneg_json_obj(&j, "cited_by");
		for (size_t k = 0; k < RDMANEG_COMP_KINDS; k++)
			if (r->cites[k])
				rdmaneg_json_uint(&j, kinds[k].name, r->cites[k]);
		rdmaneg_json_end(&j);
		rdmaneg_json_str(&j, "first", r->first);
		rdmaneg_json_str(&j, "untestable", r->untestable);
		rdmaneg_json_obj(&j, "verdicts");
		for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++) {
			rdmaneg_json_obj(&j, impls[m]);
			rdmaneg_json_str(&j, "verdict", verdicts[r->v[m]]);
			if (r->why[m][0])
				rdmaneg_json_str(&j, "case", r->why[m]);
			rdmaneg_json_end(&j);
		}
		rdmaneg_json_end(&j);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	rdmaneg_json_end(&j);
	fputc('\n', f);
}

static void cited_by(const struct rdmaneg_comp_row *r, char *out, size_t cap)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t k = 0; k < RDMANEG_COMP_KINDS; k++)
		if (r->cites[k] && used < cap)
			used += (size_t)snprintf(out + used, cap - used, "%s%s %u",
						 used ? ", " : "", kinds[k].name, r->cites[k]);
	if (!used)
		snprintf(out, cap, "%s", r->untestable[0] ? "untestable" : "none");
}

void rdmaneg_comp_md(const struct rdmaneg_comp *c, FILE *f)
{
	fprintf(f,
		"# Compliance\n\nGenerated by `make compliance` (docs/compliance.md): one row per "
		"clause of spec/, the checks that cite it, and each implementation's verdict.\n"
		"Core and oracle verdicts from %s; siw's from %s",
		c->tests_from[0] ? c->tests_from : "no make test run (not exercised)",
		c->siw_from[0] ? c->siw_from : "no campaign results (not exercised)");
	for (size_t s = 0; s < RDMANEG_COMP_SUITES; s++)
		if (c->live_from[s][0])
			fprintf(f, "; %s from %s", suites[s].ends, c->live_from[s]);
		else
			fprintf(f, "; %s from no make live-%s report (not exercised)",
				suites[s].ends, suites[s].name);
	fprintf(f, ".\n\n| clause | level | cited by |");
	for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++)
		fprintf(f, " %s |", impls[m]);
	fprintf(f, " text |\n|---|---|---|");
	for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++)
		fprintf(f, "---|");
	fprintf(f, "---|\n");
	for (size_t i = 0; i < c->n; i++) {
		const struct rdmaneg_comp_row *r = &c->row[i];
		char by[300];

		cited_by(r, by, sizeof(by));
		fprintf(f, "| `%s` | %s | %s |", r->id, r->level, by);
		for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++)
			fprintf(f, " %s%s%s |", verdicts[r->v[m]], r->why[m][0] ? ": " : "",
				r->why[m]);
		fprintf(f, " %.200s%s |\n", r->text, strlen(r->text) > 200 ? "..." : "");
	}
	fprintf(f,
		"\n%zu MUST/SHOULD clause(s) no check cites and spec/untestable.tsv does not "
		"list.\n",
		rdmaneg_comp_uncovered(c));
}

void rdmaneg_comp_html(const struct rdmaneg_comp *c, FILE *f)
{
	fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<title>rdmaneg compliance</title>\n<style>\n"
	      "body{font:14px sans-serif;margin:1em}table{border-collapse:collapse;width:100%}\n"
	      "td,th{border:1px solid #ccc;padding:3px 5px;vertical-align:top}\n"
	      "th{background:#eee;position:sticky;top:0}.conforms{background:#dfd}\n"
	      ".diverges{background:#fdd}.finding{background:#f99}.none{color:#999}\n"
	      "code{font-size:12px}\n</style></head><body>\n"
	      "<h1>rdmaneg compliance</h1>\n<p>One row per clause of spec/ (make compliance). ",
	      f);
	fprintf(f, "<span id=\"count\"></span> shown. %zu MUST/SHOULD clause(s) uncovered.</p>\n",
		rdmaneg_comp_uncovered(c));
	fputs("<p><label>spec <select id=\"spec\"><option value=\"\">all</option></select></label>\n"
	      "<label>level <select id=\"level\"><option value=\"\">all</option>"
	      "<option>MUST</option><option>MUST NOT</option><option>SHOULD</option>"
	      "<option>SHOULD NOT</option><option>MAY</option><option>LAYOUT</option>"
	      "</select></label>\n<label>implementation <select id=\"impl\"><option value=\"\">"
	      "any</option>",
	      f);
	for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++)
		fprintf(f, "<option value=\"%zu\">%s</option>", m, impls[m]);
	fputs("</select></label>\n<label>verdict <select id=\"verdict\"><option value=\"\">any"
	      "</option><option>conforms</option><option>diverges</option><option>finding"
	      "</option><option>not exercised</option></select></label></p>\n"
	      "<table id=\"rows\"><thead><tr><th>clause</th><th>level</th><th>cited by</th>",
	      f);
	for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++)
		fprintf(f, "<th class=\"impl\">%s</th>", impls[m]);
	fputs("<th>text</th></tr></thead><tbody>\n", f);
	for (size_t i = 0; i < c->n; i++) {
		const struct rdmaneg_comp_row *r = &c->row[i];
		char by[300];

		cited_by(r, by, sizeof(by));
		fputs("<tr class=\"clause\" data-id=\"", f);
		rdmaneg_html_text(f, r->id);
		fprintf(f, "\" data-level=\"%s\"><td><code>", r->level);
		rdmaneg_html_text(f, r->id);
		fprintf(f, "</code></td><td>%s</td><td%s>", r->level,
			strcmp(by, "none") == 0 ? " class=\"none\"" : "");
		rdmaneg_html_text(f, by);
		if (r->first[0]) {
			fputs("<br><code>", f);
			rdmaneg_html_text(f, r->first);
			fputs("</code>", f);
		}
		fputs("</td>", f);
		for (size_t m = 0; m < RDMANEG_COMP_IMPLS; m++) {
			fprintf(f, "<td class=\"%s\" data-v=\"%s\">%s",
				r->v[m] == RDMANEG_COMP_NOT_EXERCISED ? "none" : verdicts[r->v[m]],
				verdicts[r->v[m]], verdicts[r->v[m]]);
			if (r->why[m][0]) {
				fputs("<br><code>", f);
				rdmaneg_html_text(f, r->why[m]);
				fputs("</code>", f);
			}
			fputs("</td>", f);
		}
		fputs("<td>", f);
		rdmaneg_html_text(f, r->text);
		if (r->untestable[0]) {
			fputs("<br><i>untestable: ", f);
			rdmaneg_html_text(f, r->untestable);
			fputs("</i>", f);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</tbody></table>\n<script>\n"
	      "var rows=[].slice.call(document.querySelectorAll('tr.clause'));\n"
	      "var specs={};rows.forEach(function(r){specs[r.dataset.id.split('#')[0]]=1;});\n"
	      "var s=document.getElementById('spec');Object.keys(specs).forEach(function(k){\n"
	      " var o=document.createElement('option');o.textContent=k;s.appendChild(o);});\n"
	      "function show(){var sp=s.value,lv=document.getElementById('level').value,\n"
	      " im=document.getElementById('impl').value,vd=document.getElementById('verdict')"
	      ".value,n=0;\n"
	      " rows.forEach(function(r){var ok=(!sp||r.dataset.id.split('#')[0]==sp)&&\n"
	      "  (!lv||r.dataset.level==lv);var cells=r.querySelectorAll('td[data-v]');\n"
	      "  if(ok&&vd){ok=false;for(var i=0;i<cells.length;i++)if((im===''||i==im)&&\n"
	      "   cells[i].dataset.v==vd)ok=true;}\n"
	      "  r.style.display=ok?'':'none';if(ok)n++;});\n"
	      " document.getElementById('count').textContent=n+' of '+rows.length+' clauses';}\n"
	      "['spec','level','impl','verdict'].forEach(function(i){\n"
	      " document.getElementById(i).onchange=show;});show();\n"
	      "</script></body></html>\n",
	      f);
}
