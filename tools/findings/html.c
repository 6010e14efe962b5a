// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The findings' status page, read like syzbot's: build/findings/index.html
 * lists each finding in one compact row (id, title, kind, subsystem, one
 * status cell a kernel line, patches, series) that fits 1400 px, and
 * SLUG.html beside it holds the details. Generated from findings/ by
 * make findings-docs; tests/findings-page.sh renders both in Chromium.
 */
#include "util/html.h"
#include "tools/findings/findings.h"

#include <stdio.h>
#include <string.h>

const char *rdmaneg_finding_status(const struct rdmaneg_finding_on *o, const char **cls)
{
	if (!o) {
		*cls = "none";
		return "not measured";
	}
	if (o->k > 0) {
		*cls = "repro";
		return "reproduced";
	}
	if (o->absent) {
		*cls = "absent";
		return "absent";
	}
	*cls = "present";
	return "present, not shown";
}

/* The page's head; the script sets body's data-overflow to the octets the
 * page runs past the window's right edge (0: it fits), which
 * tests/findings-page.sh reads from Chromium's DOM. */
static void head(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	      "<meta name=\"viewport\" content=\"width=device-width\"><title>",
	      out);
	rdmaneg_html_text(out, title);
	fputs("</title>\n<style>\n"
	      "body{font-family:sans-serif;font-size:14px;margin:12px;max-width:1376px}\n"
	      "table{border-collapse:collapse;width:100%}\n"
	      "td,th{border-bottom:1px solid #ccc;padding:3px 6px;text-align:left;"
	      "vertical-align:top;white-space:nowrap}\n"
	      "td.w{white-space:normal;overflow-wrap:anywhere}\n"
	      "th{background:#eee}\n"
	      "td.repro{background:#f8d0d0}td.present{background:#f8ecc0}"
	      "td.absent{background:#e4e4e4;color:#555}td.none{color:#888}\n"
	      "td.st{white-space:nowrap;text-align:center}\n"
	      "dl{display:grid;grid-template-columns:12em 1fr;gap:4px 12px}"
	      "dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}\n"
	      "code{font-size:90%;overflow-wrap:anywhere}\n"
	      "</style>\n<script>addEventListener('load',function(){var d=document."
	      "documentElement;document.body.setAttribute('data-overflow',"
	      "String(Math.max(0,d.scrollWidth-d.clientWidth)))})</script>\n"
	      "</head><body>\n",
	      out);
}

static void status_cell(FILE *out, const struct rdmaneg_finding *f, const char *kver)
{
	const struct rdmaneg_finding_on *o = rdmaneg_finding_on(f, kver);
	const char *cls;
	const char *what = rdmaneg_finding_status(o, &cls);

	fprintf(out, "<td class=\"st %s\" title=\"%s", cls, what);
	if (o) {
		fputs(" on ", out);
		rdmaneg_html_text(out, o->release);
		if (o->note[0]) {
			fputs(": ", out);
			rdmaneg_html_text(out, o->note);
		}
		fprintf(out, "\">%u/%u", o->k, o->n);
		if (o->k == 0)
			fputs(o->absent ? " absent" : " present", out);
	} else {
		fputs("\">-", out);
	}
	fputs("</td>", out);
}

void rdmaneg_findings_html(FILE *out, const struct rdmaneg_findings *all)
{
	const char *kvers[RDMANEG_FINDING_KVERS];
	size_t nk = rdmaneg_findings_kvers(all, kvers);

	head(out, "rdmaneg: kernel findings");
	fprintf(out,
		"<h1>rdmaneg: kernel findings</h1>\n<p>%zu findings. A kernel line's cell: "
		"reproduced k of N runs on its debug kernel (red), present in the code but "
		"not shown by the check (amber), absent from that line (grey), or not "
		"measured (-); hover for the release and the note. Each title opens the "
		"finding's page. Generated from findings/ by <code>make "
		"findings-docs</code>.</p>\n<table>\n<tr><th>#</th><th>title</th>"
		"<th>kind</th><th>subsystem</th>",
		all->n);
	for (size_t k = 0; k < nk; k++) {
		fputs("<th>", out);
		rdmaneg_html_text(out, kvers[k]);
		fputs("</th>", out);
	}
	fputs("<th>patch</th><th>series</th></tr>\n", out);
	for (size_t i = 0; i < all->n; i++) {
		const struct rdmaneg_finding *f = &all->f[i];

		fprintf(out,
			"<tr id=\"f%u\"><td>%u</td><td class=\"w\"><a href=\"" RDMANEG_FINDING_PAGE
			"\">",
			f->id, f->id, f->slug);
		rdmaneg_html_text(out, f->title);
		fprintf(out, "</a></td><td>%s</td><td class=\"w\">",
			rdmaneg_finding_kind_name(f->kind));
		rdmaneg_html_text(out, f->subsystem);
		fputs("</td>", out);
		for (size_t k = 0; k < nk; k++)
			status_cell(out, f, kvers[k]);
		fputs("<td>", out);
		for (size_t k = 0; k < f->patch.n; k++) {
			fprintf(out, "%s<a href=\"../../findings/%s/", k ? " " : "", f->slug);
			rdmaneg_html_text(out, f->patch.v[k]);
			fprintf(out, "\">%zu</a>", k + 1);
		}
		fputs("</td><td>", out);
		rdmaneg_html_text(out, f->series);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n</body></html>\n", out);
}

static void field(FILE *out, const char *name, const char *value)
{
	if (!value[0])
		return;
	fprintf(out, "<dt>%s</dt><dd>", name);
	rdmaneg_html_text(out, value);
	fputs("</dd>\n", out);
}

static void list(FILE *out, const char *name, const struct rdmaneg_finding_list *l)
{
	if (l->n == 0)
		return;
	fprintf(out, "<dt>%s</dt><dd>", name);
	for (size_t k = 0; k < l->n; k++) {
		if (k)
			fputs("<br>", out);
		rdmaneg_html_text(out, l->v[k]);
	}
	fputs("</dd>\n", out);
}

void rdmaneg_finding_html(FILE *out, const struct rdmaneg_findings *all,
			  const struct rdmaneg_finding *f)
{
	const char *kvers[RDMANEG_FINDING_KVERS];
	size_t nk = rdmaneg_findings_kvers(all, kvers);
	char title[RDMANEG_FINDING_TEXT + 32];

	snprintf(title, sizeof(title), "rdmaneg finding %u: %s", f->id, f->title);
	head(out, title);
	fprintf(out, "<p><a href=\"index.html#f%u\">all findings</a></p>\n<h1>%u: ", f->id, f->id);
	rdmaneg_html_text(out, f->title);
	fputs("</h1>\n<table>\n<tr>", out);
	for (size_t k = 0; k < nk; k++) {
		fputs("<th>", out);
		rdmaneg_html_text(out, kvers[k]);
		fputs("</th>", out);
	}
	fputs("</tr>\n<tr>", out);
	for (size_t k = 0; k < nk; k++)
		status_cell(out, f, kvers[k]);
	fputs("</tr>\n<tr>", out);
	/* each line's release and note in words, not only on hover */
	for (size_t k = 0; k < nk; k++) {
		const struct rdmaneg_finding_on *o = rdmaneg_finding_on(f, kvers[k]);
		const char *cls;

		fputs("<td class=\"w\">", out);
		rdmaneg_html_text(out, rdmaneg_finding_status(o, &cls));
		if (o) {
			fputs(" on ", out);
			rdmaneg_html_text(out, o->release);
			if (o->note[0]) {
				fputs(": ", out);
				rdmaneg_html_text(out, o->note);
			}
		}
		fputs("</td>", out);
	}
	fprintf(out, "</tr>\n</table>\n<dl>\n<dt>kind</dt><dd>%s</dd>\n",
		rdmaneg_finding_kind_name(f->kind));
	field(out, "subsystem", f->subsystem);
	field(out, "who can trigger it", f->trigger);
	fputs("<dt>reproducer</dt><dd><code>", out);
	rdmaneg_html_text(out, f->reproducer);
	fputs("</code></dd>\n", out);
	field(out, "reproduced", f->reproduced);
	fprintf(out, "<dt>race</dt><dd>%s</dd>\n", f->race ? "yes" : "no");
	list(out, "signature", &f->signature);
	list(out, "seen on", &f->seen);
	list(out, "file", &f->file);
	list(out, "function", &f->function);
	list(out, "Fixes", &f->fixes);
	fputs("<dt>patch</dt><dd>", out);
	for (size_t k = 0; k < f->patch.n; k++) {
		fprintf(out, "%s<a href=\"../../findings/%s/", k ? "<br>" : "", f->slug);
		rdmaneg_html_text(out, f->patch.v[k]);
		fputs("\">", out);
		rdmaneg_html_text(out, f->patch.v[k]);
		fputs("</a>", out);
	}
	fputs("</dd>\n", out);
	if (f->requires)
		fprintf(out,
			"<dt>requires</dt><dd><a href=\"index.html#f%u\">finding %u</a>'s "
			"patch</dd>\n",
			f->requires, f->requires);
	field(out, "mail series", f->series);
	list(out, "maintainers", &f->maintainer);
	list(out, "lists", &f->list);
	fputs("<dt>mainline</dt><dd>", out);
	rdmaneg_html_text(out, f->mainline_code);
	fputs(": ", out);
	rdmaneg_html_text(out, f->mainline_note);
	fputs(" (", out);
	rdmaneg_html_text(out, f->mainline_repo);
	fputs(" ", out);
	rdmaneg_html_text(out, f->mainline_commit);
	fputs(")</dd>\n", out);
	list(out, "upstream", &f->upstream);
	fprintf(out,
		"<dt>report</dt><dd><a href=\"../../findings/%s/report.md\">findings/%s/"
		"report.md</a></dd>\n</dl>\n</body></html>\n",
		f->slug, f->slug);
}
