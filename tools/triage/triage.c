// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "tools/triage/triage.h"

#include "util/json.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

static void copy(char *out, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(out, s, n);
	out[n] = '\0';
}

/* The first line holding marker: the text after it, into out. */
static bool after(const char *log, size_t len, const char *marker, char *out, size_t cap)
{
	char line[512];
	size_t pos = 0;

	while (rdmaneg_klog_line(log, len, &pos, line, sizeof(line))) {
		const char *p = strstr(line, marker);

		if (p) {
			p += strlen(marker);
			copy(out, cap, p, strlen(p));
			return true;
		}
	}
	return false;
}

/* A word of [a-z-] at s, into out ("heap-buffer-overflow"). */
static void word(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	while (s[n] && (isalnum((unsigned char)s[n]) || s[n] == '-' || s[n] == '_'))
		n++;
	copy(out, cap, s, n);
}

/* A rule's text with its values removed: "[rfc5044#7.1]: PD_Length 300
 * trusted beyond the 24 octets given" -> "... PD_Length N trusted beyond
 * the N octets given"; the citation is kept. */
static void rule_name(const char *msg, char *out, size_t cap)
{
	size_t i = 0, o = 0;

	if (msg[0] == '[') {
		/* the citation, "[rfc5044#7.1]", stays as it is */
		const char *close = strchr(msg, ']');

		i = close && close - msg < 64 ? (size_t)(close - msg) + 1 : 0;
		if (i > cap - 1)
			i = cap - 1;
		memcpy(out, msg, i);
		o = i;
	}
	while (msg[i] && o + 2 < cap) {
		if (msg[i] == '0' && (msg[i + 1] == 'x' || msg[i + 1] == 'X') &&
		    isxdigit((unsigned char)msg[i + 2])) {
			i += 2;
			while (isxdigit((unsigned char)msg[i]))
				i++;
			out[o++] = 'N';
		} else if (isdigit((unsigned char)msg[i])) {
			while (isdigit((unsigned char)msg[i]))
				i++;
			out[o++] = 'N';
		} else {
			out[o++] = msg[i++];
		}
	}
	out[o] = '\0';
}

enum frame_home { HOME_OTHER, HOME_LIBRARY, HOME_HARNESS };

/* Where a frame's file lives, by the directory that holds it: src/ is the
 * library; fuzz/, oracle/, rules/ and properties/ the harness, but not the replay
 * driver's main (fuzz/replay.c), which every replayed crash passes. */
static enum frame_home home_of(const char *path)
{
	const char *slash = strrchr(path, '/'), *dir;
	size_t n;

	if (!slash || slash == path)
		return HOME_OTHER;
	dir = slash - 1;
	while (dir > path && dir[-1] != '/')
		dir--;
	n = (size_t)(slash - dir);
	if (n == 3 && strncmp(dir, "src", 3) == 0)
		return HOME_LIBRARY;
	if (n == 4 && strncmp(dir, "fuzz", 4) == 0)
		return strncmp(slash + 1, "replay.c", 8) == 0 ? HOME_OTHER : HOME_HARNESS;
	if ((n == 6 && strncmp(dir, "oracle", 6) == 0) ||
	    (n == 5 && strncmp(dir, "rules", 5) == 0) ||
	    (n == 10 && strncmp(dir, "properties", 10) == 0))
		return HOME_HARNESS;
	return HOME_OTHER;
}

/* "    #3 0x55d0 in func /path/file.c:12:3" -> func, path; false if not a frame. */
static bool frame_of(const char *line, char *fn, size_t fcap, char *path, size_t pcap,
		     unsigned *num)
{
	const char *p = line, *q;
	unsigned v = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != '#' || !isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		v = v * 10u + (unsigned)(*p++ - '0');
	if (strncmp(p, " 0x", 3) != 0)
		return false;
	p += 3;
	while (isxdigit((unsigned char)*p))
		p++;
	if (strncmp(p, " in ", 4) != 0)
		return false;
	p += 4;
	q = strchr(p, ' ');
	if (!q)
		return false;
	copy(fn, fcap, p, (size_t)(q - p));
	q++;
	p = q;
	while (*q && *q != ':' && *q != ' ')
		q++;
	copy(path, pcap, p, (size_t)(q - p));
	*num = v;
	return true;
}

/* The signature frames of the first stack trace in the log. */
static void sign_frames(const char *log, size_t len, struct rdmaneg_crash *c)
{
	char line[768], fn[128], path[512];
	char lib[RDMANEG_TRIAGE_FRAMES][64], har[RDMANEG_TRIAGE_FRAMES][64];
	size_t nlib = 0, nhar = 0, pos = 0;
	bool seen = false, first_is_lib = false, lib_done = false, have_first = false;
	unsigned num;

	while (rdmaneg_klog_line(log, len, &pos, line, sizeof(line))) {
		enum frame_home h;

		if (!frame_of(line, fn, sizeof(fn), path, sizeof(path), &num)) {
			if (seen && line[0] == '\0')
				break; /* the end of the first trace */
			continue;
		}
		if (seen && num == 0)
			break; /* a second trace ("allocated by", "previously freed") */
		seen = true;
		h = home_of(path);
		if (h == HOME_OTHER)
			continue;
		if (!have_first) {
			have_first = true;
			first_is_lib = h == HOME_LIBRARY;
		}
		if (h == HOME_LIBRARY && !lib_done && nlib < RDMANEG_TRIAGE_FRAMES)
			copy(lib[nlib++], sizeof(lib[0]), fn, strlen(fn));
		if (h == HOME_HARNESS)
			lib_done = nlib > 0; /* below the library: the target that reached it */
		if (nhar < RDMANEG_TRIAGE_FRAMES)
			copy(har[nhar++], sizeof(har[0]), fn, strlen(fn));
	}
	c->in_library = first_is_lib;
	c->nframes = first_is_lib ? nlib : nhar;
	for (size_t i = 0; i < c->nframes; i++)
		memcpy(c->frames[i], first_is_lib ? lib[i] : har[i], sizeof(c->frames[i]));
}

void rdmaneg_triage_stack(const char *log, size_t len, char *out, size_t cap)
{
	char line[768], fn[128], path[512];
	size_t pos = 0, o = 0, kept = 0;
	bool seen = false;
	unsigned num;

	out[0] = '\0';
	while (kept < 8 && rdmaneg_klog_line(log, len, &pos, line, sizeof(line))) {
		const char *p = line;
		int n;

		if (!frame_of(line, fn, sizeof(fn), path, sizeof(path), &num))
			continue;
		if (seen && num == 0)
			break;
		seen = true;
		if (home_of(path) == HOME_OTHER)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		n = snprintf(out + o, cap - o, "%s%s", o ? "\n" : "", p);
		if (n < 0 || (size_t)n >= cap - o)
			break;
		o += (size_t)n;
		kept++;
	}
}

bool rdmaneg_triage_sanitizer(const char *log, size_t len, bool failed, bool timed_out,
			      struct rdmaneg_crash *c)
{
	char rest[256];
	size_t o;

	memset(c, 0, sizeof(*c));
	if (after(log, len, "rule broken: ", rest, sizeof(rest))) {
		/* an oracle abort: the rule is the signature, wherever it ran */
		snprintf(c->type, sizeof(c->type), "rule-violation");
		copy(c->detail, sizeof(c->detail), rest, strlen(rest));
		rule_name(rest, c->key + strlen("rule-violation: "),
			  sizeof(c->key) - strlen("rule-violation: "));
		memcpy(c->key, "rule-violation: ", strlen("rule-violation: "));
		sign_frames(log, len, c);
		return true;
	}
	if (after(log, len, "ERROR: AddressSanitizer: ", rest, sizeof(rest))) {
		word(rest, c->type, sizeof(c->type));
		if (after(log, len, "READ of size ", rest, sizeof(rest)))
			snprintf(c->detail, sizeof(c->detail), "READ of size %.*s",
				 (int)strcspn(rest, " "), rest);
		else if (after(log, len, "WRITE of size ", rest, sizeof(rest)))
			snprintf(c->detail, sizeof(c->detail), "WRITE of size %.*s",
				 (int)strcspn(rest, " "), rest);
	} else if (after(log, len, "ERROR: LeakSanitizer: ", rest, sizeof(rest))) {
		snprintf(c->type, sizeof(c->type), "memory-leak");
		if (after(log, len, "Direct leak of ", rest, sizeof(rest)))
			snprintf(c->detail, sizeof(c->detail), "Direct leak of %.180s", rest);
	} else if (after(log, len, "WARNING: MemorySanitizer: ", rest, sizeof(rest))) {
		word(rest, c->type, sizeof(c->type));
	} else if (after(log, len, "runtime error: ", rest, sizeof(rest))) {
		/* UBSan: "ubsan-" and the error's first word ("shift", "signed") */
		o = (size_t)snprintf(c->type, sizeof(c->type), "ubsan-");
		word(rest, c->type + o, sizeof(c->type) - o);
		copy(c->detail, sizeof(c->detail), rest, strlen(rest));
	} else if (timed_out) {
		snprintf(c->type, sizeof(c->type), "timeout");
	} else if (after(log, len, "deadly signal", rest, sizeof(rest)) || failed) {
		snprintf(c->type, sizeof(c->type), "crash");
	} else {
		return false;
	}
	if (!c->type[0])
		snprintf(c->type, sizeof(c->type), "unknown");
	sign_frames(log, len, c);
	o = (size_t)snprintf(c->key, sizeof(c->key), "%s in ", c->type);
	for (size_t i = 0; i < c->nframes && o < sizeof(c->key); i++)
		o += (size_t)snprintf(c->key + o, sizeof(c->key) - o, "%s%s", i ? " < " : "",
				      c->frames[i]);
	if (c->nframes == 0 && o < sizeof(c->key))
		snprintf(c->key + o, sizeof(c->key) - o, "(no project frames)");
	return true;
}

void rdmaneg_triage_kernel(const struct rdmaneg_splat *s, struct rdmaneg_crash *c)
{
	memset(c, 0, sizeof(*c));
	copy(c->type, sizeof(c->type), s->kind, strlen(s->kind));
	copy(c->detail, sizeof(c->detail), s->title, strlen(s->title));
	c->nframes = s->nframes < RDMANEG_TRIAGE_FRAMES ? s->nframes : RDMANEG_TRIAGE_FRAMES;
	for (size_t i = 0; i < c->nframes; i++)
		copy(c->frames[i], sizeof(c->frames[i]), s->frames[i], strlen(s->frames[i]));
	/* syzbot's rule: the title is the bug */
	copy(c->key, sizeof(c->key), s->title, strlen(s->title));
}

void rdmaneg_triage_slug(const char *key, char *out, size_t cap)
{
	size_t o = 0;
	bool dash = false;

	for (const char *p = key; *p && o + 1 < cap; p++) {
		if (isalnum((unsigned char)*p) || *p == '.' || *p == '_') {
			if (dash && o > 0 && o + 2 < cap)
				out[o++] = '-';
			dash = false;
			out[o++] = *p;
		} else {
			dash = true;
		}
	}
	out[o] = '\0';
}

const char *rdmaneg_triage_severity(const struct rdmaneg_crash *c)
{
	const char *t = c->type;

	if (strstr(t, "overflow") || strncmp(t, "use-after", 9) == 0 ||
	    strcmp(t, "double-free") == 0 || strstr(t, "underflow"))
		return strncmp(c->detail, "WRITE", 5) == 0
			       ? "high: out-of-bounds write"
			       : "medium: out-of-bounds read: information leak or crash";
	if (strcmp(t, "rule-violation") == 0)
		return "logic: an RFC rule is broken (wrong negotiated values; interop or DoS risk)";
	if (strncmp(t, "ubsan-", 6) == 0)
		return "medium: undefined behaviour";
	if (strcmp(t, "use-of-uninitialized-value") == 0)
		return "medium: uninitialized read";
	if (strcmp(t, "memory-leak") == 0)
		return "low: memory leak";
	if (strcmp(t, "timeout") == 0)
		return "low: hang (denial of service)";
	if (strcmp(t, "KASAN") == 0 || strcmp(t, "KFENCE") == 0)
		return "high: kernel memory-safety error";
	if (strcmp(t, "BUG") == 0 || strcmp(t, "GPF") == 0 || strcmp(t, "OOPS") == 0 ||
	    strcmp(t, "PANIC") == 0)
		return "high: a remote peer can crash the kernel (denial of service)";
	if (strcmp(t, "WARNING") == 0 || strcmp(t, "UBSAN") == 0 || strcmp(t, "REFCOUNT") == 0 ||
	    strcmp(t, "LIST") == 0 || strcmp(t, "LOCKDEP") == 0)
		return "medium: kernel state is inconsistent";
	return "unknown";
}

static void add_unique(char (*list)[64], size_t max, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(list[i], s) == 0)
			return;
	if (*n < max)
		copy(list[(*n)++], 64, s, strlen(s));
}

struct rdmaneg_triage_group *rdmaneg_triage_add(struct rdmaneg_triage *t,
						const struct rdmaneg_crash *c,
						const struct rdmaneg_triage_member *m)
{
	struct rdmaneg_triage_group *g = NULL;

	for (size_t i = 0; i < t->n && !g; i++)
		if (strcmp(t->g[i].crash.key, c->key) == 0)
			g = &t->g[i];
	if (!g) {
		if (t->n >= t->cap) {
			t->dropped++;
			return NULL;
		}
		g = &t->g[t->n++];
		memset(g, 0, sizeof(*g));
		g->crash = *c;
		g->hits = m->hits;
		g->runs = m->runs;
		g->best_size = SIZE_MAX;
		copy(g->first_where, sizeof(g->first_where), m->where, strlen(m->where));
		copy(g->first_build, sizeof(g->first_build), m->build, strlen(m->build));
		copy(g->first_log, sizeof(g->first_log), m->log, strlen(m->log));
	}
	if (strcmp(g->last_id, m->id) != 0) {
		g->members++;
		copy(g->last_id, sizeof(g->last_id), m->id, strlen(m->id));
	}
	add_unique(g->where, RDMANEG_TRIAGE_WHERE, &g->nwhere, m->where);
	add_unique(g->builds, RDMANEG_TRIAGE_BUILDS, &g->nbuilds, m->build);
	/* the smallest member reproduces the group; the first one on a tie */
	if (!g->best[0] || m->size < g->best_size) {
		g->best_size = m->size;
		copy(g->best, sizeof(g->best), m->id, strlen(m->id));
		copy(g->best_where, sizeof(g->best_where), m->where, strlen(m->where));
		copy(g->best_build, sizeof(g->best_build), m->build, strlen(m->build));
	}
	return g;
}

/* Adds a build that reproduced a member after its signature was set. */
void rdmaneg_triage_add_build(struct rdmaneg_triage_group *g, const char *build)
{
	add_unique(g->builds, RDMANEG_TRIAGE_BUILDS, &g->nbuilds, build);
}

static bool is_fuzz(const struct rdmaneg_triage *t)
{
	return strcmp(t->kind, "fuzz") == 0;
}

static void join(FILE *f, const char (*list)[64], size_t n, const char *sep)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? sep : "", list[i]);
}

void rdmaneg_triage_table(FILE *f, const struct rdmaneg_triage *t)
{
	fprintf(f, "triage: %zu group(s) from %zu %s\n", t->n, t->inputs,
		is_fuzz(t) ? "input(s)" : "console log(s)");
	for (size_t i = 0; i < t->n; i++) {
		const struct rdmaneg_triage_group *g = &t->g[i];

		fprintf(f, "  %zu  %s%s%s%s\n     %zu %s; %s: ", i + 1, g->crash.key,
			g->finding[0] ? "  [" : "", g->finding, g->finding[0] ? "]" : "",
			g->members, is_fuzz(t) ? "input(s)" : "splat(s)",
			is_fuzz(t) ? "targets" : "cases");
		join(f, (const char(*)[64])g->where, g->nwhere, ", ");
		if (g->nwhere == RDMANEG_TRIAGE_WHERE)
			fprintf(f, ", ...");
		fprintf(f, "; %s: ", is_fuzz(t) ? "builds" : "kernels");
		join(f, (const char(*)[64])g->builds, g->nbuilds, ", ");
		if (is_fuzz(t))
			fprintf(f, "; %u/%u runs", g->hits, g->runs);
		fprintf(f, "\n");
	}
	if (t->dropped)
		fprintf(f, "triage: %zu member(s) of further groups were not kept (table full)\n",
			t->dropped);
}

size_t rdmaneg_triage_new_banner(FILE *f, const struct rdmaneg_triage *t)
{
	static const char rule[] =
		"triage: ==============================================================\n";
	size_t fresh = 0;

	for (size_t i = 0; i < t->n; i++)
		fresh += strcmp(t->g[i].finding, "NEW") == 0;
	if (fresh == 0)
		return 0;
	fputs(rule, f);
	fprintf(f, "triage: NEW: %zu kernel splat group(s) that no registered finding names:\n",
		fresh);
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->g[i].finding, "NEW") == 0)
			fprintf(f, "triage:   %s (%zu splat(s), first in %s)\n", t->g[i].crash.key,
				t->g[i].members, t->g[i].first_log);
	fprintf(f, "triage: register each in findings/ or explain it in docs/findings.md\n");
	fputs(rule, f);
	return fresh;
}

/* A Markdown table cell: no '|' or newline. */
static void cell(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '|' ? '/' : *s == '\n' ? ' ' : *s, f);
}

void rdmaneg_triage_markdown(FILE *f, const struct rdmaneg_triage *t, const char *header)
{
	bool fz = is_fuzz(t);

	fprintf(f, "# Triage report (%s)\n\n%s\n\n%zu group(s) from %zu %s.\n\n",
		fz ? "fuzz targets" : "kernel", header, t->n, t->inputs,
		fz ? "input(s)" : "console log(s)");
	fprintf(f, "Signature: %s\n\n",
		fz ? "the bug type and the top 3 frames in src/ (harness frames only when the "
		     "crash is outside src/); a broken rule by its name."
		   : "the splat's title, syzbot-style; the top kernel frames are listed.");
	for (size_t i = 0; i < t->n; i++) {
		const struct rdmaneg_triage_group *g = &t->g[i];

		fprintf(f, "## Group %zu: `%s`\n\n| | |\n|---|---|\n", i + 1, g->crash.key);
		if (g->finding[0])
			fprintf(f, "| finding | %s |\n", g->finding);
		fprintf(f, "| bug type | %s", g->crash.type);
		if (g->crash.detail[0]) {
			fprintf(f, " (");
			cell(f, g->crash.detail);
			fprintf(f, ")");
		}
		fprintf(f, " |\n| severity guess | %s |\n| top frames | `",
			rdmaneg_triage_severity(&g->crash));
		for (size_t k = 0; k < g->crash.nframes; k++)
			fprintf(f, "%s%s", k ? " < " : "", g->crash.frames[k]);
		fprintf(f, "` |\n| %s | ", fz ? "targets" : "cases");
		join(f, (const char(*)[64])g->where, g->nwhere, ", ");
		fprintf(f, " |\n| %s | ", fz ? "builds" : "kernels");
		join(f, (const char(*)[64])g->builds, g->nbuilds, ", ");
		fprintf(f, " |\n| %s in group | %zu |\n", fz ? "inputs" : "splats", g->members);
		if (fz)
			fprintf(f, "| reproduces | %u/%u runs (first in %s on %s) |\n", g->hits,
				g->runs, g->first_build, g->first_where);
		fprintf(f, "| smallest | %s (%s) |\n", g->best, g->best_where);
		if (g->reproducer[0]) {
			fprintf(f, "| reproducer | `");
			cell(f, g->reproducer);
			fprintf(f, "` (%zu octets%s%s) |\n", g->reproducer_size,
				g->minimized[0] ? ", minimized: " : "", g->minimized);
		}
		fprintf(f, "| log | `%s` |\n\n", g->first_log);
		if (g->reproduce[0])
			fprintf(f, "Reproduce:\n\n```sh\n%s\n```\n\n", g->reproduce);
		if (g->stack[0])
			fprintf(f, "Stack (%s):\n\n```\n%s\n```\n\n",
				fz ? "project frames" : "the splat", g->stack);
		if (g->decoded[0])
			fprintf(f, "Decoded reproducer:\n\n```\n%s\n```\n\n", g->decoded);
	}
	if (t->n == 0)
		fprintf(f, "Nothing reproduced.\n");
}

static void json_list(struct rdmaneg_json *j, const char *key, const char (*list)[64], size_t n)
{
	rdmaneg_json_arr(j, key);
	for (size_t i = 0; i < n; i++)
		rdmaneg_json_str(j, NULL, list[i]);
	rdmaneg_json_end(j);
}

void rdmaneg_triage_json(FILE *f, const struct rdmaneg_triage *t, const char *header)
{
	struct rdmaneg_json j;
	bool fz = is_fuzz(t);
	char slug[128];

	rdmaneg_json_init(&j, f);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "kind", t->kind);
	rdmaneg_json_str(&j, "header", header);
	rdmaneg_json_uint(&j, "inputs", t->inputs);
	rdmaneg_json_arr(&j, "groups");
	for (size_t i = 0; i < t->n; i++) {
		const struct rdmaneg_triage_group *g = &t->g[i];

		rdmaneg_triage_slug(g->crash.key, slug, sizeof(slug));
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "signature", g->crash.key);
		if (g->finding[0])
			rdmaneg_json_str(&j, "finding", g->finding);
		rdmaneg_json_str(&j, "slug", slug);
		rdmaneg_json_str(&j, "bug_type", g->crash.type);
		rdmaneg_json_str(&j, fz ? "detail" : "title", g->crash.detail);
		rdmaneg_json_str(&j, "severity", rdmaneg_triage_severity(&g->crash));
		json_list(&j, "frames", (const char(*)[64])g->crash.frames, g->crash.nframes);
		if (fz)
			rdmaneg_json_bool(&j, "in_library", g->crash.in_library);
		json_list(&j, fz ? "targets" : "cases", (const char(*)[64])g->where, g->nwhere);
		json_list(&j, fz ? "builds" : "kernels", (const char(*)[64])g->builds, g->nbuilds);
		rdmaneg_json_uint(&j, "count", g->members);
		if (fz) {
			char rel[32];

			snprintf(rel, sizeof(rel), "%u/%u", g->hits, g->runs);
			rdmaneg_json_str(&j, "reliability", rel);
		}
		rdmaneg_json_str(&j, "smallest", g->best);
		rdmaneg_json_str(&j, "smallest_in", g->best_where);
		rdmaneg_json_str(&j, "reproducer", g->reproducer);
		rdmaneg_json_uint(&j, "reproducer_size", g->reproducer_size);
		if (fz)
			rdmaneg_json_str(&j, "minimized", g->minimized);
		rdmaneg_json_str(&j, "reproduce", g->reproduce);
		rdmaneg_json_str(&j, "log", g->first_log);
		rdmaneg_json_str(&j, "stack", g->stack);
		if (fz)
			rdmaneg_json_str(&j, "decoded", g->decoded);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	rdmaneg_json_end(&j);
	fputc('\n', f);
}
