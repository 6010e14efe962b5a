// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_print: make live-nvme's last pass, the judge's rows (nvme_judge.c)
 * as the differential table on out and report.json, and the console's
 * splats by hostile case.
 */
#include "live/nvme/nvme.h"

#include "util/klog.h"

#include <stdio.h>
#include <string.h>

static const char *verdict(bool ok)
{
	return ok ? "conforms" : "diverges";
}

static void print_row(FILE *out, FILE *json, const struct live_nvme_conn *c,
		      const struct live_nvme_row *w, bool *first)
{
	bool agree = w->core_ok == w->oracle_ok && w->same_value;

	fprintf(out, "  %-10s %-22s %-9s %-9s %s%s\n", w->field, w->value, verdict(w->core_ok),
		verdict(w->oracle_ok), w->rule,
		agree ? "" : "   <- the core and the oracle differ");
	if (json) {
		fprintf(json,
			"%s\n  {\"host_port\":%u,\"field\":\"%s\",\"value\":\"%s\",\"rule\":\"%s\","
			"\"core\":\"%s\",\"oracle\":\"%s\",\"clause\":\"%s\",\"impl\":\"%s\"}",
			*first ? "" : ",", c->host_port, w->field, w->value, w->rule,
			verdict(w->core_ok), verdict(w->oracle_ok), w->clause, w->impl);
		*first = false;
	}
}

static void print_host(FILE *out, FILE *json, const struct live_nvme_judged *j)
{
	bool first = true;

	if (j->nhost == 0)
		return;
	fprintf(out, "live-nvme: the hostile host against nvmet (%zu cases)\n", j->nhost);
	fprintf(out, "  %-20s %4s %-16s %-9s %-9s %s\n", "case", "len", "nvmet", "core", "oracle",
		"conforming");
	for (size_t i = 0; i < j->nhost; i++) {
		const struct live_nvme_hrow *w = &j->host[i];

		fprintf(out, "  %-20s %4zu %-16s %-9s %-9s %s%s\n", w->h->name, w->h->pd_len,
			w->got, verdict(w->core_ok), verdict(w->oracle_ok), w->set,
			w->agree ? "" : "   <- the core and the oracle differ");
		if (json) {
			fprintf(json,
				"%s\n  {\"case\":\"%s\",\"length\":%zu,\"nvmet\":\"%s\","
				"\"event\":\"%s\",\"core\":\"%s\",\"oracle\":\"%s\","
				"\"clause\":\"%s\",\"impl\":\"nvmet\"}",
				first ? "" : ",", w->h->name, w->h->pd_len, w->got, w->h->event,
				verdict(w->core_ok), verdict(w->oracle_ok), w->clause);
			first = false;
		}
	}
}

static void print_target(FILE *out, FILE *json, const struct live_nvme_judged *j)
{
	bool first = true;

	if (j->ntarget == 0)
		return;
	fprintf(out, "live-nvme: the hostile target against the kernel host (%zu cases)\n",
		j->ntarget);
	fprintf(out, "  %-22s %3s %-13s %-8s %-8s %-9s %s\n", "case", "len", "host", "core",
		"oracle", "verdict", "note");
	for (size_t i = 0; i < j->ntarget; i++) {
		const struct live_nvme_trow *w = &j->target[i];

		fprintf(out, "  %-22s %3zu %-13s %-8s %-8s %-9s %s%s\n", w->name, w->t->ans_len,
			w->did, w->core, w->oracle, w->verdict, w->note,
			w->agree ? "" : "   <- the core and the oracle differ");
		if (json) {
			fprintf(json,
				"%s\n  {\"case\":\"%s\",\"length\":%zu,\"host\":\"%s\","
				"\"requests\":%u,\"core\":\"%s\",\"oracle\":\"%s\","
				"\"verdict\":\"%s\",\"sts_logged\":%s,\"clause\":\"%s\","
				"\"impl\":\"nvme-rdma\"}",
				first ? "" : ",", w->name, w->t->ans_len, w->did, w->t->requests,
				w->core, w->oracle, w->verdict, w->t->sts_logged ? "true" : "false",
				w->clause);
			first = false;
		}
	}
}

void live_nvme_print(FILE *out, FILE *json, const struct live_nvme *r,
		     const struct live_nvme_judged *j)
{
	bool first = true;
	size_t k = 0;

	if (json)
		fprintf(json, "{\"queues\":%ld,\"rows\":[", r->queues);
	/* what the oracle's target allows depends on the kernel line */
	fprintf(out,
		"live-nvme: nvmet judged by Linux %s's limits (%u I/O queues of %u entries, "
		"an admin queue of %u) on %s%s\n",
		j->line ? j->line : "6.1", (unsigned)j->lim.max_qid, (unsigned)j->lim.io_max,
		(unsigned)j->lim.admin_max,
		r->kernel[0] ? r->kernel : "a kernel the console does not name",
		j->line ? "" : ", assumed: no line read at or below it");
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nvme_conn *c = &r->conn[i];

		fprintf(out, "live-nvme: connection %zu (host port %u)", i + 1, c->host_port);
		if (!j->qid[i]) {
			fprintf(out, ": %s not captured\n",
				c->have_req ? "the reply" : "the request");
			continue;
		}
		fprintf(out, ", QID %s\n", j->qid[i]);
		fprintf(out, "  %-10s %-22s %-9s %-9s %s\n", "field", "Linux", "core", "oracle",
			"rule");
		for (; k < j->nrow && j->row[k].conn == i; k++)
			print_row(out, json, c, &j->row[k], &first);
	}
	if (json)
		fprintf(json, "\n],\"hostile_host\":[");
	print_host(out, json, j);
	if (json)
		fprintf(json, "\n],\"hostile_target\":[");
	print_target(out, json, j);
	if (json)
		fprintf(json, "\n]}\n");
}

void live_nvme_report(FILE *out, FILE *json, const struct live_nvme *r, struct live_nvme_verdict *v)
{
	static struct live_nvme_judged j;

	live_nvme_judge(r, &j);
	live_nvme_print(out, json, r, &j);
	*v = j.v;
}

size_t live_nvme_splats(const char *con, size_t len, FILE *out)
{
	static struct rdmaneg_splat sp[16];
	size_t n = rdmaneg_klog_scan(con, len, sp, 16), pos = 0, lineno = 0, k = 0;
	char line[512], current[32] = "";

	/* the kernel log after "LIVE_NVME_CASE ROLE NAME" belongs to NAME */
	while (k < n && k < 16 && rdmaneg_klog_line(con, len, &pos, line, sizeof(line))) {
		lineno++;
		if (strncmp(line, "LIVE_NVME_CASE host ", 20) == 0)
			sscanf(line + 20, "%31s", current);
		else if (strncmp(line, "LIVE_NVME_CASE target ", 22) == 0)
			sscanf(line + 22, "%31s", current);
		while (k < n && k < 16 && sp[k].line == lineno) {
			if (current[0])
				fprintf(out,
					"live-nvme: splat during hostile case %s: %s (make live-nvme "
					"NVME_CASE=%s)\n",
					current, sp[k].title, current);
			else
				fprintf(out, "live-nvme: splat before the hostile host: %s\n",
					sp[k].title);
			k++;
		}
	}
	return n;
}
