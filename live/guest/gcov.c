// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* gcov: per-file totals of an lcov tracefile (see gcov.h) */
#include "live/guest/gcov.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/klog.h"

static const char *const report_files[] = {
	"sw/siw/siw_cm.c",
	"sw/siw/siw_qp_rx.c",
	"core/iwcm.c",
	"core/cm.c",
	"core/cma.c",
	"core/verbs.c",
	"xprtrdma/svc_rdma_transport.c",
	"xprtrdma/verbs.c",
	"nvme/target/rdma.c",
	"nvme/host/rdma.c",
	"smb/server/transport_rdma.c",
	"smb/client/smbdirect.c",
	"iser/iser_verbs.c",
	"iser/iscsi_iser.c",
	"isert/ib_isert.c",
	"sw/rxe/rxe_net.c",
	"sw/rxe/rxe_recv.c",
	"sw/rxe/rxe_resp.c",
};
_Static_assert(sizeof(report_files) / sizeof(report_files[0]) <= LIVE_GCOV_FILES,
	       "LIVE_GCOV_FILES holds every reported file");

size_t live_gcov_report_files(struct live_gcov_file *out, size_t cap)
{
	size_t n = sizeof(report_files) / sizeof(report_files[0]);

	for (size_t i = 0; i < n && i < cap; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].suffix = report_files[i];
	}
	return n < cap ? n : cap;
}

/* path ends in "/suffix" (or is suffix) */
static bool path_ends(const char *path, const char *suffix)
{
	size_t pl = strlen(path), sl = strlen(suffix);

	if (pl < sl || strcmp(path + pl - sl, suffix) != 0)
		return false;
	return pl == sl || path[pl - sl - 1] == '/';
}

/* "KEY:N" with a decimal N: true and *v */
static bool number_after(const char *line, size_t keylen, size_t *v)
{
	const char *p = line + keylen;
	char *end;
	unsigned long long x;

	if (*p < '0' || *p > '9')
		return false;
	x = strtoull(p, &end, 10);
	if (*end != '\0' || x > SIZE_MAX)
		return false;
	*v = (size_t)x;
	return true;
}

size_t live_gcov_info(const char *text, size_t len, struct live_gcov_file *files, size_t n)
{
	static const char *const keys[] = { "LF:", "LH:", "BRF:", "BRH:" };
	char line[4096];
	size_t pos = 0, bad = 0;
	bool in_record = false;
	struct live_gcov_file *cur = NULL;

	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		size_t k, v = 0;

		if (strncmp(line, "SF:", 3) == 0) {
			bad += in_record; /* the last record never ended */
			in_record = true;
			cur = NULL;
			for (size_t i = 0; i < n && !cur; i++)
				if (path_ends(line + 3, files[i].suffix))
					cur = &files[i];
			if (cur)
				cur->seen = true;
			continue;
		}
		if (strcmp(line, "end_of_record") == 0) {
			bad += !in_record;
			in_record = false;
			continue;
		}
		for (k = 0; k < 4 && strncmp(line, keys[k], strlen(keys[k])) != 0; k++)
			;
		if (k == 4)
			continue; /* TN:, FN:, DA:, BRDA: ... carry no totals */
		if (!in_record || !number_after(line, strlen(keys[k]), &v)) {
			bad++;
			continue;
		}
		if (!cur)
			continue;
		if (k == 0)
			cur->lines += v;
		else if (k == 1)
			cur->lines_hit += v;
		else if (k == 2)
			cur->branches += v;
		else
			cur->branches_hit += v;
	}
	return bad + in_record;
}

static void ratio(char *out, size_t cap, size_t hit, size_t total)
{
	if (total == 0)
		snprintf(out, cap, "-");
	else
		snprintf(out, cap, "%zu/%zu (%.1f%%)", hit, total,
			 100.0 * (double)hit / (double)total);
}

size_t live_gcov_print(FILE *out, const char *suite, const struct live_gcov_file *files, size_t n)
{
	size_t seen = 0;

	fprintf(out, "kernel coverage, %s:\n  %-32s %-22s %s\n", suite, "file", "lines",
		"branches");
	for (size_t i = 0; i < n; i++) {
		char l[48], b[48];

		if (!files[i].seen) {
			fprintf(out, "  %-32s not instrumented\n", files[i].suffix);
			continue;
		}
		seen++;
		ratio(l, sizeof(l), files[i].lines_hit, files[i].lines);
		ratio(b, sizeof(b), files[i].branches_hit, files[i].branches);
		fprintf(out, "  %-32s %-22s %s\n", files[i].suffix, l, b);
	}
	return seen;
}

/* The next space-separated word of *p as a number: true and *v. */
static bool next_num(const char **p, double *v)
{
	char *end;

	while (**p == ' ')
		(*p)++;
	if (**p < '0' || **p > '9')
		return false;
	*v = strtod(*p, &end);
	if (end == *p || (*end != ' ' && *end != '\0'))
		return false;
	*p = end;
	return true;
}

/* Skips the next space-separated word of *p; false at the end. */
static bool skip_word(const char **p)
{
	while (**p == ' ')
		(*p)++;
	if (!**p)
		return false;
	*p += strcspn(*p, " ");
	return true;
}

size_t live_arcs_read(const char *text, size_t len, struct live_arcs *a)
{
	char line[512];
	size_t pos = 0;

	memset(a, 0, sizeof(*a));
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		const char *p = line + 10;
		double k, ms, arcs, fresh, files, total;

		if (strncmp(line, "PEER_ARCS ", 10) != 0)
			continue;
		if (!skip_word(&p)) { /* the role */
			a->bad++;
			continue;
		}
		while (*p == ' ')
			p++;
		if (strncmp(p, "start ", 6) == 0) {
			/* "start 0 ARCS 0 (FILES files, TOTAL arcs)" */
			p += 6;
			if (next_num(&p, &ms) && next_num(&p, &arcs) && next_num(&p, &fresh) &&
			    strncmp(p, " (", 2) == 0) {
				p += 2;
				if (next_num(&p, &files) && strncmp(p, " files, ", 8) == 0) {
					p += 8;
					if (next_num(&p, &total) && strncmp(p, " arcs)", 6) == 0) {
						a->start = (size_t)arcs;
						a->files = (size_t)files;
						a->total = (size_t)total;
						continue;
					}
				}
			}
			a->bad++;
			continue;
		}
		if (next_num(&p, &k) && next_num(&p, &ms) && next_num(&p, &arcs) &&
		    next_num(&p, &fresh) && *p == '\0' && a->n < LIVE_ARCS_MAX &&
		    (a->n == 0 || ms >= a->ms[a->n - 1])) {
			a->ms[a->n] = ms;
			a->arcs[a->n++] = (size_t)arcs;
		} else {
			a->bad++;
		}
	}
	return a->n;
}

size_t live_arcs_at(const struct live_arcs *a, double t)
{
	size_t v = a->start;

	for (size_t i = 0; i < a->n && a->ms[i] <= t; i++)
		v = a->arcs[i];
	return v;
}

void live_arcs_print(FILE *out, const struct live_arcs *u, const struct live_arcs *g,
		     double step_ms)
{
	double end_u = u->n ? u->ms[u->n - 1] : 0, end_g = g->n ? g->ms[g->n - 1] : 0;
	double end = end_u > end_g ? end_u : end_g, both = end_u < end_g ? end_u : end_g;

	fprintf(out, "  %8s %12s %12s\n", "seconds", "unguided", "guided");
	for (size_t i = 0; step_ms > 0 && (double)i * step_ms <= end + step_ms / 2; i++) {
		double t = (double)i * step_ms;

		fprintf(out, "  %8.0f %12zu %12zu\n", t / 1000.0, live_arcs_at(u, t),
			live_arcs_at(g, t));
	}
	fprintf(out,
		"  at %.0f s (the shorter run's end): unguided %zu arcs, guided %zu arcs "
		"(%+ld); at the start %zu and %zu; %zu and %zu cases; of %zu arcs in %zu files\n",
		both / 1000.0, live_arcs_at(u, both), live_arcs_at(g, both),
		(long)live_arcs_at(g, both) - (long)live_arcs_at(u, both), u->start, g->start, u->n,
		g->n, g->total, g->files);
}

/* ---- make live-kcov ---- */
#define KCOV_WHO 8
#define KCOV_FUNCS 4096

struct kcov_seen {
	char who[16];
	char *names; /* " a b c " */
};

static bool has_word(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list ? strstr(list, w) : NULL; p; p = strstr(p + 1, w))
		if (p[-1] == ' ' && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

/* " " NAMES " " of a "TAG WHO N names" line into *s */
static bool kcov_line(const char *m, size_t tag, struct kcov_seen *s)
{
	const char *p = m + tag, *names;
	size_t wl = strcspn(p, " ");

	if (wl == 0 || wl >= sizeof(s->who))
		return false;
	memcpy(s->who, p, wl);
	s->who[wl] = '\0';
	p += wl;
	p += strspn(p, " ");
	p += strspn(p, "0123456789"); /* the count */
	names = p;
	s->names = malloc(strlen(names) + 3);
	if (!s->names)
		return false;
	snprintf(s->names, strlen(names) + 3, " %s ", names + strspn(names, " "));
	return true;
}

long live_kcov_compare(const char *console, size_t clen, const char *info, size_t ilen, FILE *out)
{
	static struct kcov_seen seen[KCOV_WHO], syms[KCOV_WHO];
	static char fn[KCOV_FUNCS][96], file[KCOV_FUNCS][64];
	size_t nseen = 0, nsyms = 0, nfn = 0, pos = 0, inlined = 0;
	long hit = 0;
	char line[1u << 16], cur[256] = "";
	bool scope = false;

	while (rdmaneg_klog_line(console, clen, &pos, line, sizeof(line))) {
		const char *m = rdmaneg_klog_message(line);
		bool sym = strncmp(m, "PEER_KCOV_SYMS ", 15) == 0 ||
			   strncmp(m, "LIVE_KCOV_SYMS ", 15) == 0;

		if (sym && nsyms < KCOV_WHO && kcov_line(m, 15, &syms[nsyms]))
			nsyms++;
		else if (!sym &&
			 (strncmp(m, "PEER_KCOV ", 10) == 0 || strncmp(m, "LIVE_KCOV ", 10) == 0) &&
			 nseen < KCOV_WHO && kcov_line(m, 10, &seen[nseen]))
			nseen++;
	}
	pos = 0;
	while (rdmaneg_klog_line(info, ilen, &pos, line, sizeof(line))) {
		if (strncmp(line, "SF:", 3) == 0) {
			const char *base = strrchr(line, '/');

			scope = (strstr(line, "/sw/siw/") &&
				 path_ends(line + 3, base ? base + 1 : "")) ||
				path_ends(line + 3, "core/iwcm.c");
			snprintf(cur, sizeof(cur), "%.255s", base ? base + 1 : line + 3);
		} else if (scope && strncmp(line, "FNDA:", 5) == 0) {
			char *comma, *end;
			unsigned long long c = strtoull(line + 5, &end, 10);
			bool dup = false;

			comma = strchr(line, ',');
			if (c == 0 || !comma || end != comma || nfn == KCOV_FUNCS)
				continue;
			for (size_t i = 0; i < nfn && !dup; i++)
				dup = strcmp(fn[i], comma + 1) == 0;
			if (dup)
				continue;
			snprintf(fn[nfn], sizeof(fn[0]), "%.95s", comma + 1);
			snprintf(file[nfn], sizeof(file[0]), "%.63s", cur);
			nfn++;
		}
	}
	if (nfn == 0 || nsyms == 0) {
		fprintf(out,
			"live-kcov: nothing to compare: %zu function(s) gcov saw run, %zu "
			"KCOV symbol list(s)\n",
			nfn, nsyms);
		hit = -1;
		goto done;
	}
	fprintf(out, "  %-34s %-16s", "function (gcov: run)", "file");
	for (size_t j = 0; j < nseen; j++)
		fprintf(out, " %-8s", seen[j].who);
	fprintf(out, "\n");
	for (size_t i = 0; i < nfn; i++) {
		bool any = false, real = false;

		for (size_t j = 0; j < nsyms && !real; j++)
			real = has_word(syms[j].names, fn[i]);
		if (!real) { /* inlined: KCOV files its PCs under its caller */
			inlined++;
			continue;
		}
		fprintf(out, "  %-34s %-16s", fn[i], file[i]);
		for (size_t j = 0; j < nseen; j++) {
			bool in = has_word(seen[j].names, fn[i]);

			any |= in;
			fprintf(out, " %-8s", in ? "yes" : "-");
		}
		fprintf(out, "%s\n", any ? "" : "  (no task's KCOV)");
		hit += any;
	}
	fprintf(out,
		"live-kcov: of %zu functions of siw and iw_cm that gcov saw run (%zu more are "
		"inlined), KCOV in the peer's and the ULPs' tasks saw %ld\n",
		nfn - inlined, inlined, hit);
done:
	for (size_t j = 0; j < nseen; j++)
		free(seen[j].names);
	for (size_t j = 0; j < nsyms; j++)
		free(syms[j].names);
	return hit;
}
