// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's judge (what conforms), its table from the console's
 * LIVE_ROCE_CASE lines, and
 * the verbs around it; see roce_live.h. */
#define _GNU_SOURCE
#include "live/roce/roce_live.h"
#include "live/roce/roce_random.h"
#include "live/roce/roce_ulp.h"
#include "live/roce/roce_verbs.h"
#include "live/roce/roce_wire.h"

#include "util/file.h"
#include "util/hex.h"
#include "util/klog.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* the names and the judge of the table (roce_live.h) */
const char *live_roce_answer_name(enum live_roce_answer a)
{
	static const char *const names[] = { "none",  "rep", "rej",   "mra",
					     "other", "rtu", "noreq", "died" };

	return (unsigned)a < sizeof(names) / sizeof(names[0]) ? names[a] : "unknown";
}

const char *live_roce_expect_name(enum live_roce_expect x)
{
	static const char *const names[] = { "rep", "rej",    "silence", "no-rep",
					     "rtu", "no-rtu", "quiet",	 "answer" };

	return (unsigned)x < sizeof(names) / sizeof(names[0]) ? names[x] : "unknown";
}

bool live_roce_conforms(enum live_roce_expect x, enum live_roce_answer a)
{
	if (a == LIVE_ROCE_DIED)
		return false; /* a kernel that died in the case conforms to nothing */
	switch (x) {
	case LIVE_ROCE_X_REP:
		return a == LIVE_ROCE_REP || a == LIVE_ROCE_MRA;
	case LIVE_ROCE_X_REJ:
		return a == LIVE_ROCE_REJ;
	case LIVE_ROCE_X_SILENCE:
		return a == LIVE_ROCE_NONE;
	case LIVE_ROCE_X_NO_REP:
		return a != LIVE_ROCE_REP;
	case LIVE_ROCE_X_RTU:
		return a == LIVE_ROCE_RTU;
	case LIVE_ROCE_X_NO_RTU:
		return a != LIVE_ROCE_RTU && a != LIVE_ROCE_NOREQ;
	case LIVE_ROCE_X_QUIET:
		return a == LIVE_ROCE_NONE;
	case LIVE_ROCE_X_ANSWER:
		return a == LIVE_ROCE_REP || a == LIVE_ROCE_MRA || a == LIVE_ROCE_REJ;
	}
	return false;
}

bool live_roce_verdict(const struct live_roce_case *c, enum live_roce_answer a, long ulp_sts)
{
	if (!live_roce_conforms(live_roce_expected(c), a))
		return false;
	/* a ULP's REJ: a status its oracle allows, read from the REJ */
	if (c->ulp_allowed != 0 && a == LIVE_ROCE_REJ)
		return ulp_sts > 0 && ulp_sts < 32 && ((c->ulp_allowed >> ulp_sts) & 1u);
	return true;
}

bool live_roce_judge(const struct live_roce_case *c, enum live_roce_answer a, long ulp_sts,
		     const char *event, const uint8_t *rep_pd, size_t rep_len, char *why,
		     size_t cap)
{
	bool ok = live_roce_verdict(c, a, ulp_sts);

	if (c->ulp == LIVE_ROCE_ULP_NFS_CLIENT) {
		/* xprtrdma's: after the RTU its first call, with the
		 * thresholds the oracle takes from both messages; the REQ's
		 * private data is rep_pd, why says what came */
		return live_roce_nfs_client_judge(c->ulp_case, event, rep_pd, rep_len, why, cap) &&
		       ok;
	}
	if (c->ulp == LIVE_ROCE_ULP_ISER_INITIATOR) {
		/* ib_iser's: its Login after a REP that keeps its REQ's
		 * refusals, none after one that claims them or a REJ; the
		 * REQ's private data is rep_pd */
		return live_roce_iser_initiator_judge(c->ulp_case, event, rep_pd, rep_len, why,
						      cap) &&
		       ok;
	}
	if (event && c->ulp == LIVE_ROCE_ULP_NVME_HOST) {
		/* nvme-rdma's: after an accept it can use, its first command
		 * (the peer saw a capsule); after one it cannot, or a
		 * reject, none ([nvme-rdma#fig6], 7, 11) */
		enum live_nvme_host_expect h = live_roce_nvme_host_expect(c->ulp_case);
		bool went_on = strcmp(event, "CAPSULE") == 0;

		if ((h == LIVE_NVME_GO_ON && !went_on) || (h == LIVE_NVME_GIVE_UP && went_on))
			ok = false;
	} else if (event && live_roce_expected(c) == LIVE_ROCE_X_RTU &&
		   strcmp(event, "ESTABLISHED") != 0) {
		/* a good REP: the RTU on the wire and ESTABLISHED for the ULP */
		ok = false;
	}
	/* a ULP's REP: its private data as the ULP's rules require (why says
	 * what it holds either way) */
	if (rep_pd && !live_roce_ulp_rep(c, rep_pd, rep_len, why, cap))
		ok = false;
	else if (!rep_pd && cap > 0)
		why[0] = '\0';
	return ok;
}

/* one LIVE_ROCE_CASE line's fields */
struct seen {
	bool have;
	char answer[16];
	unsigned long reason;
	long long rcvd;
	char icrc[8];
	/* active cases: the connector's event and status, and whether the
	 * core found Linux's REQ defective */
	char event[32], req[16];
	long long status;
	long ulp_sts; /* a ULP's REJ: its status (ulpsts=), else -1 */
	/* a ULP's REP: its private data (ulppd=, through its last octet
	 * that is not zero; "-" when all are) */
	bool pd_have;
	uint8_t pd[LIVE_ROCE_REP_PD];
	size_t k;      /* its case's index */
	uint64_t seed; /* a random mode's case: its seed */
};

/* A random mode's rows, at most: hours of them (a case takes a tenth
 * of a second to a second in the guest) */
#define RANDOM_ROWS 16384u

/* what a console's lines were read into: the table's rows by index, a
 * random mode's in their order */
struct rows {
	struct seen *s;
	size_t n;
	struct seen *r;
	size_t nr;
};

/* the value of "KEY=" among the words of buf, copied into out; false when absent */
static bool word(const char *buf, const char *key, char *out, size_t cap)
{
	size_t kl = strlen(key);

	for (const char *p = buf; (p = strstr(p, key)) != NULL; p += kl) {
		size_t n;

		if (p != buf && p[-1] != ' ')
			continue;
		p += kl;
		n = strcspn(p, " ");
		if (n == 0 || n >= cap)
			return false;
		memcpy(out, p, n);
		out[n] = '\0';
		return true;
	}
	return false;
}

/* one line into its row of t:
 * "LIVE_ROCE_CASE K NAME answer=A reason=R rcvd=D icrc=I frames=N"; K
 * past the table for a random mode's case, its name then carrying its
 * seed (live_roce_random_seed) */
static int parse(const char *line, size_t len, struct rows *t)
{
	uint64_t seed = 0;
	char buf[1024], name[RDMANEG_CASENAME_MAX], num[24], frames[24], *end = NULL;
	char hex[2 * LIVE_ROCE_REP_PD + 2];
	struct live_roce_case c;
	struct seen e = { 0 };
	unsigned long long k;
	size_t nl;
	const char *p;

	if (len >= sizeof(buf) || len < 15)
		return -1;
	memcpy(buf, line, len);
	buf[len] = '\0';
	k = strtoull(buf + 15, &end, 10);
	if (end == buf + 15 || *end != ' ')
		return -1;
	p = end + 1;
	nl = strcspn(p, " ");
	if (nl == 0 || nl >= sizeof(name))
		return -1;
	memcpy(name, p, nl);
	name[nl] = '\0';
	if (k < t->n) {
		if (!live_roce_case((size_t)k, &c))
			return -1;
	} else {
		if (t->nr == RANDOM_ROWS || !live_roce_random_seed(name, &seed))
			return -1;
		live_roce_random_case(seed, (size_t)k, &c);
	}
	if (strcmp(c.name, name) != 0 || !word(p, "answer=", e.answer, sizeof(e.answer)) ||
	    !word(p, "icrc=", e.icrc, sizeof(e.icrc)) ||
	    !word(p, "frames=", frames, sizeof(frames)))
		return -1;
	if (!word(p, "reason=", num, sizeof(num)))
		return -1;
	e.reason = strtoul(num, &end, 10);
	if (*end)
		return -1;
	if (!word(p, "rcvd=", num, sizeof(num)))
		return -1;
	e.rcvd = strtoll(num, &end, 10);
	if (*end)
		return -1;
	e.ulp_sts = -1;
	if (word(p, "ulpsts=", num, sizeof(num))) {
		e.ulp_sts = strtol(num, &end, 10);
		if (*end || e.ulp_sts < 0)
			return -1;
	}
	if (word(p, "ulppd=", hex, sizeof(hex))) {
		struct rdmaneg_hex h;

		rdmaneg_hex_init(&h, e.pd, sizeof(e.pd));
		if (strcmp(hex, "-") != 0 &&
		    (rdmaneg_hex_feed(&h, hex) != 0 || !rdmaneg_hex_whole(&h) || h.digits == 0))
			return -1;
		e.pd_have = true;
	}
	/* a ULP's REP without its private data: the peer prints it for one */
	if (live_roce_ulp_reads_rep(c.ulp) && strcmp(e.answer, "rep") == 0 && !e.pd_have)
		return -1;
	/* the guest died in the case: no more than that is known */
	if (strcmp(e.answer, "died") == 0) {
		snprintf(e.event, sizeof(e.event), "-");
		snprintf(e.req, sizeof(e.req), "-");
	} else if (c.active) {
		if (!word(p, "event=", e.event, sizeof(e.event)) ||
		    !word(p, "status=", num, sizeof(num)))
			return -1;
		e.status = strtoll(num, &end, 10);
		if (*end)
			return -1;
		/* a case that got no REQ has no reading of one */
		if (!word(p, "req=", e.req, sizeof(e.req)))
			snprintf(e.req, sizeof(e.req), "-");
	}
	e.have = true;
	e.k = (size_t)k;
	e.seed = seed;
	if (k < t->n)
		t->s[k] = e;
	else
		t->r[t->nr++] = e;
	return 0;
}

static enum live_roce_answer answer_of(const char *a)
{
	for (int i = LIVE_ROCE_NONE; i <= LIVE_ROCE_DIED; i++)
		if (strcmp(a, live_roce_answer_name((enum live_roce_answer)i)) == 0)
			return (enum live_roce_answer)i;
	return (enum live_roce_answer) - 1;
}

/* the index of the case named by name[0..len-1], or -1 */
static long case_named(const char *name, size_t len)
{
	struct live_roce_case c;

	for (size_t k = 0; live_roce_case(k, &c); k++)
		if (strlen(c.name) == len && memcmp(c.name, name, len) == 0)
			return (long)k;
	return -1;
}

bool live_roce_also_parse(const char *s, struct live_roce_also *a)
{
	const char *p = s;

	a->n = 0;
	if (!s || !*s)
		return false;
	for (;;) {
		size_t len = strcspn(p, ",");
		char *end = NULL;

		if (len == 0 || a->n == LIVE_ROCE_ALSO_MAX)
			break;
		/* an index, or a case's name */
		if (*p >= '0' && *p <= '9') {
			unsigned long v = strtoul(p, &end, 10);

			if (end != p + len)
				break;
			a->k[a->n++] = v;
		} else {
			long k = case_named(p, len);

			if (k < 0)
				break;
			a->k[a->n++] = (size_t)k;
		}
		if (p[len] == '\0')
			return true;
		p += len + 1;
	}
	a->n = 0;
	return false;
}

bool live_roce_also_has(const struct live_roce_also *a, size_t k)
{
	for (size_t i = 0; a && i < a->n; i++)
		if (a->k[i] == k)
			return true;
	return false;
}

/* the verdicts so far and where they go */
struct judged {
	FILE *out, *json;
	size_t conform, diverge, by_rep;
	int rc;
};

/* case c's row, from its line e: its verdict counted and printed, its
 * controls checked */
static void judge_row(struct judged *x, const struct live_roce_case *c, const struct seen *e)
{
	enum live_roce_expect xp = live_roce_expected(c);
	enum live_roce_answer a;
	char why[96] = "";
	const char *clause;
	bool ok, ok_answer, rep_ok;

	if (!e->have) {
		fprintf(x->out, "%-30s %-8s missing\n", c->name, live_roce_expect_name(xp));
		x->rc = 1;
		return;
	}
	a = answer_of(e->answer);
	/* the answer (live_roce_judge without the REP), then the ULP's
	 * REP private data: the row's verdict is both, as
	 * live_roce_judge's; the REP judged once */
	if (live_roce_ulp_judges_req(c->ulp)) {
		/* xprtrdma's and ib_iser's: ulppd= is their REQ's
		 * private data, which they are judged with */
		ok_answer = (int)a >= 0 &&
			    live_roce_judge(c, a, e->ulp_sts, e->event, e->pd_have ? e->pd : NULL,
					    e->pd_have ? sizeof(e->pd) : 0, why, sizeof(why));
		rep_ok = true;
	} else {
		ok_answer = (int)a >= 0 &&
			    live_roce_judge(c, a, e->ulp_sts, c->active ? e->event : NULL, NULL, 0,
					    NULL, 0);
		rep_ok =
			!e->pd_have || live_roce_ulp_rep(c, e->pd, sizeof(e->pd), why, sizeof(why));
	}
	ok = ok_answer && rep_ok;
	ok ? x->conform++ : x->diverge++;
	/* a row that diverges only by its ULP's REP private data
	 * (nvmet's CRQSIZE): counted apart, so that the answers'
	 * divergences stay legible; and it is that clause's row */
	if (ok_answer && !rep_ok)
		x->by_rep++;
	clause = rep_ok ? live_roce_clause(c) : live_roce_ulp_rep_clause(c, e->pd, sizeof(e->pd));
	/* make compliance's row: names, clause ids and verdicts are
	 * plain words, no JSON escape needed */
	if (x->json)
		fprintf(x->json,
			"%s\n{\"impl\":\"%s\",\"case\":\"%s\",\"clause\":\"%s\","
			"\"expect\":\"%s\",\"got\":\"%s\",\"verdict\":\"%s\"}",
			x->conform + x->diverge > 1 ? "," : "",
			c->ulp != LIVE_ROCE_ULP_NONE ? live_roce_ulp_name(c->ulp)
			: c->active		     ? "ib_cm active"
						     : "ib_cm passive",
			c->name, clause, live_roce_expect_name(xp), e->answer,
			ok ? "conforms" : "diverges");
	fprintf(x->out, "%-30s %-8s %-8s %-6lld %-7s %s", c->name, live_roce_expect_name(xp),
		e->answer, e->rcvd, e->icrc, ok ? "conforms" : "diverges");
	if (a == LIVE_ROCE_REJ)
		fprintf(x->out, " (REJ reason %lu)", e->reason);
	if (e->ulp_sts >= 0)
		fprintf(x->out, " (ULP status %ld)", e->ulp_sts);
	if (why[0] && !live_roce_ulp_judges_req(c->ulp))
		fprintf(x->out, " (%s's REP: %s)", live_roce_ulp_name(c->ulp), why);
	if (a == LIVE_ROCE_DIED)
		fprintf(x->out, " (the guest died: findings.txt)");
	else if (c->ulp == LIVE_ROCE_ULP_NVME_HOST)
		fprintf(x->out, " (nvme-rdma: %s, exit %lld; a conforming host: %s)", e->event,
			e->status,
			live_nvme_host_expect_name(live_roce_nvme_host_expect(c->ulp_case)));
	else if (c->ulp == LIVE_ROCE_ULP_NFS_CLIENT)
		fprintf(x->out, " (xprtrdma: %s, mount exit %lld; %s)", e->event, e->status, why);
	else if (c->ulp == LIVE_ROCE_ULP_ISER_INITIATOR)
		fprintf(x->out, " (ib_iser: %s, iscsiadm exit %lld; %s)", e->event, e->status, why);
	else if (c->active)
		fprintf(x->out, " (%s %lld)", e->event, e->status);
	fputc('\n', x->out);
	/* the active cases' own checks: Linux's REQ must come, and be
	 * one the core reads without a defect ([ibcm-c12#req-1]) */
	if (a == LIVE_ROCE_NOREQ) {
		fprintf(x->out, "  %s: the connector sent no REQ: the case measured nothing\n",
			c->name);
		x->rc = 1;
	} else if (c->active && strcmp(e->req, "ok") != 0) {
		fprintf(x->out, "  %s: Linux's REQ is one the core finds defective (%s)\n", c->name,
			e->req);
	}
	/* the controls: rxe drops a bad ICRC and does not count it
	 * ([roce-a17#icrc-1]); every frame of rxe's carries a good ICRC */
	if (c->frame.icrc_xor != 0 && (a != LIVE_ROCE_NONE || e->rcvd != 0)) {
		fprintf(x->out, "  control failed: %s was not dropped (answer %s, rcvd %lld)\n",
			c->name, e->answer, e->rcvd);
		x->rc = 1;
	}
	if (strcmp(e->icrc, "bad") == 0) {
		fprintf(x->out, "  rxe's frame for %s carries an ICRC the core calls bad\n",
			c->name);
		x->rc = 1;
	}
}

int live_roce_report(const char *console, size_t len, size_t first, size_t count,
		     const struct live_roce_also *also, FILE *out, FILE *json)
{
	size_t n = live_roce_case_count();
	size_t upto = count == 0 || count > n - (first < n ? first : n) ? n : first + count;
	struct rows t = { .s = n > 0 ? calloc(n, sizeof(struct seen)) : NULL,
			  .n = n,
			  .r = calloc(RANDOM_ROWS, sizeof(struct seen)) };
	struct judged x = { .out = out, .json = json };
	struct rdmaneg_nvme_limits lim;
	const char *line;
	char release[64] = "";

	if (!t.s || !t.r) {
		free(t.s);
		free(t.r);
		return 1;
	}
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(console + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - console) - i : len - i;
		const char *at = memmem(console + i, l, "LIVE_ROCE_CASE ", 15);
		const char *ver = release[0] ? NULL : memmem(console + i, l, "Linux version ", 14);

		if (ver)
			(void)rdmaneg_klog_release(ver, l - (size_t)(ver - (console + i)), release,
						   sizeof(release));
		if (at) {
			size_t rest = l - (size_t)(at - (console + i));

			while (rest > 0 && at[rest - 1] == '\r')
				rest--;
			if (parse(at, rest, &t) != 0) {
				fprintf(out, "malformed: %.*s\n", (int)rest, at);
				x.rc = 1;
			}
		}
		i += l + 1;
	}
	/* nvmet's rows: what its oracle allows depends on the kernel's line */
	line = live_roce_ulp_kernel(release, &lim);
	fprintf(out, "%-30s %-8s %-8s %-6s %-7s %s\n", "case", "expect", "answer", "rcvd", "icrc",
		"verdict");
	if (json)
		fprintf(json, "{\"suite\":\"roce\",\"rows\":[");
	for (size_t k = 0; k < n; k++) {
		struct live_roce_case c;

		if ((k < first || k >= upto) && !live_roce_also_has(also, k))
			continue;
		(void)live_roce_case(k, &c);
		judge_row(&x, &c, &t.s[k]);
	}
	/* a random mode's rows, in the order they ran */
	for (size_t i = 0; i < t.nr; i++) {
		struct live_roce_case c;

		live_roce_random_case(t.r[i].seed, t.r[i].k, &c);
		judge_row(&x, &c, &t.r[i]);
	}
	if (t.nr > 0)
		fprintf(out, "random: %zu cases\n", t.nr);
	fprintf(out,
		"nvmet's rows judged by Linux %s's limits (I/O queues of %u entries) on %s%s\n",
		line ? line : "6.1", (unsigned)lim.io_max,
		release[0] ? release : "a kernel the console does not name",
		line ? "" : ", assumed: no line read at or below it");
	fprintf(out, "%zu conform, %zu diverge", x.conform, x.diverge);
	if (x.by_rep > 0)
		fprintf(out, " (%zu of them by the ULP's REP private data alone)", x.by_rep);
	fputc('\n', out);
	if (json)
		fprintf(json, "\n]}\n");
	free(t.s);
	free(t.r);
	return x.rc;
}

int live_verb_roce_cases(int argc, char **argv)
{
	struct live_roce_case c;

	(void)argc;
	(void)argv;
	for (size_t k = 0; live_roce_case(k, &c); k++)
		printf("%zu %s %s\n", k, c.name, live_roce_expect_name(live_roce_expected(&c)));
	return 0;
}

/* OPT's value v, a count or a case's index, into *out; -1 with a
 * message when v is no number */
static int option_index(const char *opt, const char *v, size_t *out)
{
	char *end = NULL;

	*out = strtoul(v, &end, 10);
	if (!end || *end || v[0] == '\0' || v[0] == '-') {
		fprintf(stderr, "rdmaneg-live roce: %s takes a number, not '%s'\n", opt, v);
		return -1;
	}
	return 0;
}

int live_verb_roce(int argc, char **argv)
{
	size_t len = 0, first = 0, count = 0;
	struct live_roce_also also = { .n = 0 };
	const char *json_path = NULL;
	FILE *json = NULL;
	char *text;
	int rc;

	for (int i = 2; i < argc; i += 2) {
		if (i + 1 < argc && strcmp(argv[i], "--count") == 0) {
			if (option_index(argv[i], argv[i + 1], &count) != 0)
				return 2;
		} else if (i + 1 < argc && strcmp(argv[i], "--first") == 0) {
			if (option_index(argv[i], argv[i + 1], &first) != 0)
				return 2;
		} else if (i + 1 < argc && strcmp(argv[i], "--also") == 0) {
			if (!live_roce_also_parse(argv[i + 1], &also)) {
				fprintf(stderr,
					"rdmaneg-live roce: --also takes K[,K...] (at most %u), not "
					"'%s'\n",
					LIVE_ROCE_ALSO_MAX, argv[i + 1]);
				return 2;
			}
		} else if (i + 1 < argc && strcmp(argv[i], "--json") == 0) {
			json_path = argv[i + 1];
		} else {
			fprintf(stderr,
				"usage: rdmaneg-live roce CONSOLE [--first K] [--count N] [--also K[,K...]] "
				"[--json OUT]\n");
			return 2;
		}
	}
	text = rdmaneg_read_file(argv[1], 1u << 26, &len, NULL);
	if (!text) {
		fprintf(stderr, "rdmaneg-live roce: cannot read %s\n", argv[1]);
		return 2;
	}
	if (json_path && !(json = fopen(json_path, "w"))) {
		fprintf(stderr, "rdmaneg-live roce: cannot write %s\n", json_path);
		free(text);
		return 2;
	}
	rc = live_roce_report(text, len, first, count, &also, stdout, json);
	if (json && fclose(json) != 0) {
		fprintf(stderr, "rdmaneg-live roce: cannot write %s\n", json_path);
		rc = 2;
	}
	free(text);
	return rc;
}

int live_verb_roce_wire(int argc, char **argv)
{
	const char *usage = "usage: rdmaneg-live roce-wire --fields | --pcap FILE [--control] | "
			    "--check CSV\n";

	if (argc == 2 && strcmp(argv[1], "--fields") == 0) {
		for (size_t i = 0; live_roce_tshark_fields[i]; i++)
			printf("%s\n", live_roce_tshark_fields[i]);
		return 0;
	}
	if ((argc == 3 || (argc == 4 && strcmp(argv[3], "--control") == 0)) &&
	    strcmp(argv[1], "--pcap") == 0) {
		FILE *f = fopen(argv[2], "wb");
		long n;

		if (!f) {
			fprintf(stderr, "rdmaneg-live roce-wire: cannot write %s\n", argv[2]);
			return 2;
		}
		n = live_roce_wire_pcap(f, argc == 4);
		if (fclose(f) != 0 || n < 0) {
			fprintf(stderr, "rdmaneg-live roce-wire: %s not written\n", argv[2]);
			return 1;
		}
		printf("%ld frames\n", n);
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "--check") == 0) {
		size_t len = 0;
		char *csv = rdmaneg_read_file(argv[2], 1u << 24, &len, NULL);
		int rc;

		if (!csv) {
			fprintf(stderr, "rdmaneg-live roce-wire: cannot read %s\n", argv[2]);
			return 2;
		}
		rc = live_roce_wire_check(csv, len, stdout);
		free(csv);
		return rc;
	}
	fputs(usage, stderr);
	return 2;
}
