// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-campaign: a hostile-peer campaign against the live guest, at
 * fuzzing speed (docs/snapshots.md). The guest boots once to its ready
 * point (modules, siw, listeners, every agent waiting on its channel) and
 * is saved whole; each case goes to its agent over the channel and its
 * verdict comes back the same way; a case that kills, hangs or taints the
 * guest is recorded with its console and the snapshot is restored
 * (--recover snapshot), or the guest booted again (--recover boot, the
 * old way, kept to measure against), or the snapshot is restored before
 * every case (--recover each). Exit 0 when the campaign ran (divergences
 * and findings are its results), 1 when it could not, 2 on a usage error.
 */
#define _GNU_SOURCE
#include "live/campaign/campaign.h"
#include "live/campaign/compare.h"
#include "live/campaign/schedule.h"
#include "live/campaign/vm.h"
#include "util/clock.h"
#include "util/file.h"
#include "util/json.h"
#include "util/klog.h"
#include "util/record.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct camp C;

static int usage(const char *why)
{
	if (why)
		fprintf(stderr, "rdmaneg-campaign: %s\n", why);
	fputs("usage: rdmaneg-campaign --kver KVER --image IMAGE --append ARGS --out DIR\n"
	      "         --agent NAME [--agent NAME...] --cases FILE [--bases FILE]\n"
	      "         [--random N] [--seed S] [--budget SEC] [--guided] [--cov-every SEC]\n"
	      "         [--recover snapshot|boot|each] [--cache DIR] [--case-timeout MS]\n"
	      "         [--boot-timeout S] [--repro TEMPLATE] [--confirm] [--gcov] [--dmesg]\n"
	      "         [--frame HEX] [--cold]\n"
	      "       rdmaneg-campaign compare CASES DIR_A DIR_B [RACY]   (two campaigns' outcomes)\n"
	      "       rdmaneg-campaign --local CMD --out DIR --agent NAME... --cases FILE ...\n"
	      "         (host tests: CMD starts the agents, no QEMU; --recover boot)\n"
	      "  FILE lines: AGENT CASE-NAME (the agent's table, in order; bases: what\n"
	      "  random and guided cases start from). TEMPLATE: the reproducer, %a the\n"
	      "  agent, %c the case (default \"make live-repro ROLE=%a CASE=%c\").\n",
	      stderr);
	return 2;
}

static int num(const char *flag, const char *s, unsigned long lo, unsigned long hi,
	       unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(s, &end, 10);
	if (!*s || *end || errno || *out < lo || *out > hi || s[0] == '-') {
		fprintf(stderr, "rdmaneg-campaign: %s: '%s' is not a number in %lu..%lu\n", flag, s,
			lo, hi);
		return -1;
	}
	return 0;
}

static int load_list(const char *path, bool bases)
{
	size_t n = 0;
	bool more = false;
	char *text = rdmaneg_read_file(path, 1u << 24, &n, &more), *save = NULL, err[200];
	int rc = 0;

	if (!text || more) {
		fprintf(stderr, "rdmaneg-campaign: %s: %s\n", path,
			text ? "larger than 16 MiB" : strerror(errno));
		free(text);
		return -1;
	}
	for (char *l = strtok_r(text, "\n", &save); l && rc == 0; l = strtok_r(NULL, "\n", &save))
		if (l[0] != '#' && sched_line(&C.s, l, bases, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-campaign: %s: %s\n", path, err);
			rc = -1;
		}
	free(text);
	return rc;
}

/* The console's last line when it has no newline yet: held back from the
 * whole log until it ends, so a case's marker never splits a line (a
 * LIVE_NFSC line cut by one failed make live-nfs's reader twice) */
static char *all_tail;
static size_t all_tail_n;

/* The console since the last read, into the campaign's whole log. */
static char *console(int quiet_ms, size_t *n)
{
	char *t = vm_console(&C.v, quiet_ms, n);
	char *grown;
	size_t whole;

	if (!t || !C.all || *n == 0)
		return t;
	grown = realloc(all_tail, all_tail_n + *n);
	if (!grown) {
		/* no room to hold it back: the text goes out as it is */
		fwrite(t, 1, *n, C.all);
		return t;
	}
	all_tail = grown;
	memcpy(all_tail + all_tail_n, t, *n);
	all_tail_n += *n;
	for (whole = all_tail_n; whole > 0 && all_tail[whole - 1] != '\n'; whole--)
		;
	fwrite(all_tail, 1, whole, C.all);
	memmove(all_tail, all_tail + whole, all_tail_n - whole);
	all_tail_n -= whole;
	return t;
}

static void field(const struct rdmaneg_rec *r, const char *key, char *out, size_t cap)
{
	if (rdmaneg_rec_str(r, key, out, cap) != RDMANEG_REC_OK)
		out[0] = '\0';
}

/* Sends one command line to the agent and waits for the DONE of its seq. */
static void exchange(const char *agent, const char *cmd, int64_t seq, struct outcome *o)
{
	static struct rdmaneg_rec rec;
	int64_t end = rdmaneg_mono_us() + (int64_t)C.case_ms * 1000;
	char *line;

	o->how = CAMPAIGN_DIED;
	if (vm_send(&C.v, agent, cmd) != 0) {
		snprintf(o->why, sizeof(o->why), "the %s channel is gone", agent);
		return;
	}
	for (;;) {
		int64_t left = (end - rdmaneg_mono_us()) / 1000;
		int r = vm_line(&C.v, agent, left > 0 ? (int)left : 0, &line, o->why,
				sizeof(o->why));
		int64_t got = -1;

		if (r == 0) {
			o->how = CAMPAIGN_HUNG;
			snprintf(o->why, sizeof(o->why), "no answer in %d ms", C.case_ms);
			return;
		}
		if (r < 0)
			return;
		if (rdmaneg_rec_parse(line, strlen(line), &rec) != RDMANEG_REC_OK ||
		    strcmp(rec.tag, "DONE") != 0 || rdmaneg_rec_i64(&rec, "seq", &got) ||
		    (got != seq && got != -1))
			continue; /* a PONG, or a line a slow case left behind */
		/* seq -1: the agent could not read our command at all */
		o->how = CAMPAIGN_DONE;
		free(o->line);
		o->line = strdup(line);
		field(&rec, "verdict", o->verdict, sizeof(o->verdict));
		field(&rec, "clause", o->clause, sizeof(o->clause));
		field(&rec, "tests", o->tests, sizeof(o->tests));
		field(&rec, "detail", o->detail, sizeof(o->detail));
		field(&rec, "splat", o->splat, sizeof(o->splat));
		o->taint = 0;
		(void)rdmaneg_rec_i64(&rec, "taint", &o->taint);
		o->ms = 0;
		(void)rdmaneg_rec_i64(&rec, "ms", &o->ms);
		o->before = rdmaneg_rec_find(&rec, "before") != NULL;
		return;
	}
}

/* The arcs a DONE line carries, merged: fresh ones, or -1. */
static long merge_arcs(struct sched_agent *a, const char *line)
{
	static struct rdmaneg_rec rec;
	const struct rdmaneg_rec_field *f;

	if (!line || rdmaneg_rec_parse(line, strlen(line), &rec) != RDMANEG_REC_OK ||
	    !(f = rdmaneg_rec_find(&rec, "new")))
		return -1;
	return sched_merge(a, f->val, f->val_len);
}

static int64_t ready_taint(size_t i)
{
	static struct rdmaneg_rec rec;
	int64_t t = 0;

	if (C.v.snap.ready[i] &&
	    rdmaneg_rec_parse(C.v.snap.ready[i], strlen(C.v.snap.ready[i]), &rec) == 0)
		(void)rdmaneg_rec_i64(&rec, "taint", &t);
	return t;
}

static size_t agent_index(const char *name)
{
	for (size_t i = 0; i < C.v.snap.nagents; i++)
		if (strcmp(C.v.snap.agent[i], name) == 0)
			return i;
	return 0;
}

/* Arcs sampled alone (COV): before a restore of a living guest, and
 * every --cov-every seconds of an unguided campaign. */
static void sample(struct sched_agent *a, size_t k)
{
	struct outcome o = { 0 };
	char cmd[64];
	long fresh;

	if (!a->bits)
		return;
	snprintf(cmd, sizeof(cmd), "COV seq=%lld", (long long)++C.seq);
	exchange(a->name, cmd, C.seq, &o);
	if (o.how == CAMPAIGN_DONE && (fresh = merge_arcs(a, o.line)) >= 0)
		fprintf(C.arcs, "PEER_ARCS %s %zu %.0f %zu %ld\n", a->name, k,
			(double)(rdmaneg_mono_us() - C.t0) / 1000.0, a->total, fresh);
	free(o.line);
}

static void gcov_dump(void)
{
	char path[600];

	if (!C.gcov)
		return;
	snprintf(path, sizeof(path), "%s/gcov-%zu.tar", C.out, ++C.gcov_n);
	if (vm_service(&C.v, "gcov", path, 60000) != 0) {
		fprintf(stderr, "campaign: the guest's gcov counters did not come out\n");
		unlink(path);
	}
}

/* The guest back at its ready point; false when that failed. */
static bool recover(void)
{
	char err[400];
	bool fell = false;

	C.nrecover++;
	if (vm_restore(&C.v, &fell, err, sizeof(err)) != 0) {
		fprintf(stderr, "campaign: FAILED: the guest did not come back: %s\n", err);
		return false;
	}
	if (fell)
		printf("campaign: a restore failed; a fresh boot took its place\n");
	C.fresh = true;
	C.prev[0] = '\0'; /* no case ran in this guest */
	return true;
}

/* The CASE command, its values encoded as records are (util/record.h). */
static bool case_line(char *out, size_t cap, int64_t seq, const char *name, bool cov,
		      const char *frame)
{
	FILE *f = fmemopen(out, cap, "w");
	bool ok;

	if (!f)
		return false;
	rdmaneg_rec_begin(f, "CASE");
	rdmaneg_rec_i64w(f, "seq", seq);
	rdmaneg_rec_strw(f, "name", name);
	if (cov)
		rdmaneg_rec_i64w(f, "cov", 1);
	if (frame)
		rdmaneg_rec_strw(f, "frame", frame);
	ok = !ferror(f) && ftell(f) < (long)cap - 1;
	fclose(f);
	return ok;
}

/*
 * One case: sent, answered (or not), the guest's health judged, a finding
 * recorded with its console. The case before it (C.prev, run clean in
 * this guest) takes the blame when the kernel went down before this
 * case's octets went out.
 */
static enum health one(struct sched_agent *a, size_t k, const char *name, bool cov,
		       struct outcome *o, char *title, size_t tcap)
{
	const char *frame = C.frame && strcmp(name, "frame") == 0 ? C.frame : NULL;
	static char cmd[3 * RDMANEG_CASENAME_MAX + 3 * 2 * 65536 + 64];
	size_t n = 0, ai = agent_index(a->name);
	int64_t t0 = rdmaneg_mono_us();
	const struct rdmaneg_splat *sp;
	char *seg, *regs = NULL, *line, why[200];
	bool dirty, earlier = false;

	/* what the console printed since belongs to the case before (its
	 * marks come through printk, a moment after its verdict) */
	seg = console(0, &n);
	if (seg && C.prev_seg) {
		char *more = realloc(C.prev_seg, C.prev_n + n);

		if (more) {
			memcpy(more + C.prev_n, seg, n);
			C.prev_seg = more;
			C.prev_n += n;
		}
	}
	free(seg);
	fprintf(C.all, "\n== campaign: case %s %zu %s\n", a->name, k, name);
	if (!case_line(cmd, sizeof(cmd), ++C.seq, name, cov, frame)) {
		fprintf(stderr, "campaign: the case line of %s is too long\n", name);
		return FAILED;
	}
	C.fresh = false;
	exchange(a->name, cmd, C.seq, o);
	if (o->how == CAMPAIGN_DONE && strcmp(o->verdict, "error") == 0) {
		fprintf(stderr, "campaign: FAILED: the %s agent could not run %s: %s\n", a->name,
			name, o->detail);
		seg = console(300, &n);
		if (seg)
			fprintf(stderr, "%.*s\n", (int)(n > 3000 ? 3000 : n),
				seg + (n > 3000 ? n - 3000 : 0));
		free(seg);
		return FAILED;
	}
	/* a confirmation has time: a kernel that goes down just after the
	 * verdict still counts */
	if (C.confirming && o->how == CAMPAIGN_DONE &&
	    vm_line(&C.v, a->name, 2000, &line, why, sizeof(why)) < 0) {
		o->how = CAMPAIGN_DIED;
		snprintf(o->why, sizeof(o->why), "%s", why);
	}
	dirty = o->how != CAMPAIGN_DONE || o->taint != ready_taint(ai) || o->splat[0] ||
		strcmp(o->verdict, "finding") == 0;
	if (o->how == CAMPAIGN_HUNG) {
		/* where it waits: every task's stack, then every vCPU */
		free(console(0, &n));
		if (vm_service(&C.v, "sysrq t", NULL, 5000) != 0)
			fprintf(C.all, "\n== campaign: the service shell did not answer sysrq t\n");
		regs = vm_monitor(&C.v, "info registers -a");
	}
	/* a living guest is dropped only after the SUT's listeners are
	 * destroyed, as a suite's end destroys them: a bug in their teardown
	 * (findings/siw-listener-reset-before-accept-uaf) shows there; local
	 * agents have no service shell */
	if (dirty && o->how == CAMPAIGN_DONE && !C.v.local &&
	    vm_service(&C.v, "teardown", NULL, 10000) != 0)
		fprintf(C.all, "\n== campaign: the SUT's teardown did not end in 10 s\n");
	/* a living guest may still be printing its splat; a dead one printed
	 * it before the reset QEMU reported */
	seg = console(dirty && o->how == CAMPAIGN_DONE ? 300 : 0, &n);
	/* a splat that neither taints nor reached the agent (lockdep's) is
	 * one too: then the rest of it */
	sp = campaign_first_splat(seg, n);
	if (sp && !dirty) {
		size_t more_n = 0;
		char *more = console(300, &more_n), *all = more ? realloc(seg, n + more_n) : NULL;

		if (all) {
			memcpy(all + n, more, more_n);
			seg = all;
			n += more_n;
		}
		free(more);
		dirty = true;
	}
	title[0] = '\0';
	if (dirty) {
		char group[200];

		sp = campaign_first_splat(seg, n);
		earlier = !C.confirming && campaign_blame_earlier(seg, n, a->name, name, o->how,
								  o->before, C.prev[0] != '\0');
		snprintf(title, tcap, "%.199s",
			 sp			   ? sp->title
			 : o->splat[0]		   ? o->splat
			 : o->how == CAMPAIGN_DONE ? o->detail
			 : o->how == CAMPAIGN_HUNG ? "guest hung, no kernel splat"
						   : "guest died, no kernel splat");
		if (!title[0])
			snprintf(title, tcap, "kernel taint %lld after the case",
				 (long long)o->taint);
		/* one bug, one confirmation: a kernel's splat by its title, the
		 * peer's own finding by its clause */
		snprintf(group, sizeof(group), "%s%.190s",
			 !sp && !o->splat[0] && o->how == CAMPAIGN_DONE ? "verdict " : "",
			 !sp && !o->splat[0] && o->how == CAMPAIGN_DONE && o->clause[0] ? o->clause
											: title);
		if (earlier)
			printf("campaign: %s before %s %s sent its octets: %s %s takes the blame, "
			       "%s runs again\n",
			       o->before ? "the SUT was down" : "the kernel went down", a->name,
			       name, C.prev_agent, C.prev, name);
		record_finding(earlier ? C.prev_agent : a->name, earlier ? C.prev : name, title,
			       group, o->how, earlier ? C.prev_seg : NULL, earlier ? C.prev_n : 0,
			       seg, n, regs);
	}
	if (!earlier)
		record_result(a->name, k, name, o, title, t0, dirty);
	free(C.prev_seg);
	C.prev_seg = NULL;
	C.prev[0] = '\0';
	if (!dirty) { /* the case a kernel that goes down next may owe to */
		snprintf(C.prev, sizeof(C.prev), "%s", name);
		snprintf(C.prev_agent, sizeof(C.prev_agent), "%s", a->name);
		C.prev_seg = seg;
		C.prev_n = n;
	} else {
		free(seg);
	}
	return earlier ? EARLIER : dirty ? DIRTY : CLEAN;
}

/* Every case of agent a: its table, then its random or guided cases.
 * last: no agent runs after it, so a dirty last case is not recovered
 * from (its counters were taken; nothing would run on the new guest). */
static int run_agent(struct sched_agent *a, bool last)
{
	size_t ai = agent_index(a->name), count = sched_count(&C.s, a);
	int64_t t_rnd = 0, t_cov = rdmaneg_mono_us();
	static struct rdmaneg_rec rec;
	size_t done = 0;

	if (C.v.snap.ready[ai] &&
	    rdmaneg_rec_parse(C.v.snap.ready[ai], strlen(C.v.snap.ready[ai]), &rec) == 0) {
		int64_t bits = 0, files = 0, narcs = 0;

		if (rdmaneg_rec_i64(&rec, "bits", &bits) == 0 && bits > 0) {
			(void)rdmaneg_rec_i64(&rec, "files", &files);
			(void)rdmaneg_rec_i64(&rec, "arcs", &narcs);
			if (!sched_bits(a, (size_t)bits) || merge_arcs(a, C.v.snap.ready[ai]) < 0) {
				fprintf(stderr, "campaign: FAILED: the %s agent's READY arcs\n",
					a->name);
				return -1;
			}
			/* what the boot reached counts as reached (rdmaneg-live arcs) */
			fprintf(C.arcs, "PEER_ARCS %s start 0 %zu 0 (%lld files, %lld arcs)\n",
				a->name, a->total, (long long)files, (long long)narcs);
		}
	}
	for (size_t k = 0; k < count; k++) {
		char name[RDMANEG_CASENAME_MAX], title[200];
		struct outcome o = { 0 };
		bool rnd = sched_is_random(a, k);
		bool cov = a->bits && C.s.guided;
		int r;

		if (rnd && !t_rnd)
			t_rnd = rdmaneg_mono_us();
		if (rnd && C.budget && rdmaneg_mono_us() - t_rnd > (int64_t)C.budget * 1000000)
			break;
		if (!sched_case(&C.s, a, k, name, sizeof(name))) {
			fprintf(stderr, "campaign: FAILED: no name for case %zu of %s\n", k,
				a->name);
			return -1;
		}
		if (C.recover == REC_EACH && !C.fresh && !recover())
			return -1;
		r = one(a, k, name, cov, &o, title, sizeof(title));
		if (r == FAILED) {
			free(o.line);
			return -1;
		}
		if (r == EARLIER) { /* back to the ready point, then this case again */
			free(o.line);
			if (!recover())
				return -1;
			k--;
			continue;
		}
		C.ncases++;
		done++;
		if (cov && o.how == CAMPAIGN_DONE) {
			long fresh = merge_arcs(a, o.line);

			fprintf(C.arcs, "PEER_ARCS %s %zu %.0f %zu %ld\n", a->name, k,
				(double)(rdmaneg_mono_us() - C.t0) / 1000.0, a->total, fresh);
			if (fresh > 0 && strchr(name, '~'))
				(void)sched_keep(a, name, fresh);
		}
		free(o.line);
		if (a->bits && !C.s.guided && C.cov_every &&
		    (r == 1 || rdmaneg_mono_us() - t_cov > (int64_t)C.cov_every * 1000000)) {
			/* a living guest's arcs, before a restore takes them */
			if (r == 0 || o.how == CAMPAIGN_DONE)
				sample(a, k);
			t_cov = rdmaneg_mono_us();
		}
		if (r == 1) {
			if (o.how == CAMPAIGN_DONE)
				gcov_dump();
			if (last && k + 1 == count) {
				C.dirty_end = true;
				break;
			}
			if (!recover())
				return -1;
		}
	}
	if (a->bits && !C.s.guided && C.cov_every)
		sample(a, count);
	printf("campaign: %s: %zu cases\n", a->name, done);
	return 0;
}

/* Each distinct finding again, on a fresh boot without any snapshot:
 * the same splat title confirms it. */
static void confirm(void)
{
	const char *cache = C.v.snap.dir;

	C.v.snap.dir = NULL;
	C.confirming = true;
	for (size_t i = 0; i < C.nf; i++) {
		char err[400], title[200];
		struct outcome o = { 0 };
		struct sched_agent *a = sched_agent(&C.s, C.f[i].agent);
		bool seen = false;

		for (size_t j = 0; j < i; j++)
			seen |= strcmp(C.f[j].group, C.f[i].group) == 0;
		if (seen || !a)
			continue;
		printf("campaign: confirming %s %s (%s) on a fresh boot\n", C.f[i].agent,
		       C.f[i].name, C.f[i].group);
		if (vm_up(&C.v, false, err, sizeof(err)) != 0) {
			printf("campaign: the fresh boot failed: %s\n", err);
			continue;
		}
		C.prev[0] = '\0';
		C.confirm_n = i + 1;
		if (one(a, 0, C.f[i].name, false, &o, title, sizeof(title)) == FAILED) {
			free(o.line);
			continue;
		}
		free(o.line);
		C.f[i].confirmed = strcmp(title, C.f[i].title) == 0 ||
				   (strncmp(C.f[i].group, "verdict ", 8) == 0 &&
				    strcmp(o.clause, C.f[i].group + 8) == 0);
		printf("campaign: %s %s: %s\n", C.f[i].agent, C.f[i].name,
		       C.f[i].confirmed ? "confirmed on a fresh boot"
		       : title[0]	? "a fresh boot gave another title"
					: "not reproduced on one fresh boot");
	}
	C.confirming = false;
	C.v.snap.dir = cache;
}

static FILE *out_file(const char *name, const char *mode)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", C.out, name);
	f = fopen(path, mode);
	if (!f)
		fprintf(stderr, "rdmaneg-campaign: %s: %s\n", path, strerror(errno));
	return f;
}

static int parse(int argc, char **argv, const char **kver, const char **image, const char **append,
		 const char **cache, unsigned long *boot_s, unsigned long *random,
		 unsigned long *seed, bool *guided)
{
	static const struct option opts[] = {
		{ "kver", required_argument, NULL, 'k' },
		{ "image", required_argument, NULL, 'i' },
		{ "append", required_argument, NULL, 'a' },
		{ "out", required_argument, NULL, 'o' },
		{ "agent", required_argument, NULL, 'A' },
		{ "cases", required_argument, NULL, 'c' },
		{ "bases", required_argument, NULL, 'b' },
		{ "random", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "budget", required_argument, NULL, 'B' },
		{ "guided", no_argument, NULL, 'g' },
		{ "cov-every", required_argument, NULL, 'e' },
		{ "recover", required_argument, NULL, 'R' },
		{ "cache", required_argument, NULL, 'C' },
		{ "case-timeout", required_argument, NULL, 't' },
		{ "boot-timeout", required_argument, NULL, 'T' },
		{ "repro", required_argument, NULL, 'p' },
		{ "confirm", no_argument, NULL, 'f' },
		{ "gcov", no_argument, NULL, 'G' },
		{ "dmesg", no_argument, NULL, 'd' },
		{ "frame", required_argument, NULL, 'F' },
		{ "local", required_argument, NULL, 'L' },
		{ "cold", no_argument, NULL, 'K' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long x;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'k':
			*kver = optarg;
			break;
		case 'i':
			*image = optarg;
			break;
		case 'a':
			*append = optarg;
			break;
		case 'o':
			C.out = optarg;
			break;
		case 'A':
			if (!vm_add_agent(&C.v, optarg) || !sched_agent(&C.s, optarg))
				return usage("--agent: a word of [a-z0-9-], at most 8 agents");
			break;
		case 'c':
			C.cases = optarg;
			break;
		case 'b':
			C.bases = optarg;
			break;
		case 'r':
			if (num("--random", optarg, 0, RDMANEG_CASENAME_RANDOM_MAX, random))
				return 2;
			break;
		case 's':
			if (num("--seed", optarg, 0, ~0ul, seed))
				return 2;
			break;
		case 'B':
			if (num("--budget", optarg, 0, 86400, &C.budget))
				return 2;
			break;
		case 'g':
			*guided = true;
			break;
		case 'e':
			if (num("--cov-every", optarg, 0, 3600, &x))
				return 2;
			C.cov_every = (unsigned)x;
			break;
		case 'R':
			if (strcmp(optarg, "snapshot") == 0)
				C.recover = REC_SNAPSHOT;
			else if (strcmp(optarg, "boot") == 0)
				C.recover = REC_BOOT;
			else if (strcmp(optarg, "each") == 0)
				C.recover = REC_EACH;
			else
				return usage("--recover is snapshot, boot or each");
			break;
		case 'C':
			*cache = optarg;
			break;
		case 't':
			if (num("--case-timeout", optarg, 100, 3600000, &x))
				return 2;
			C.case_ms = (int)x;
			break;
		case 'T':
			if (num("--boot-timeout", optarg, 1, 3600, boot_s))
				return 2;
			break;
		case 'p':
			C.repro = optarg;
			break;
		case 'f':
			C.confirm = true;
			break;
		case 'G':
			C.gcov = true;
			break;
		case 'd':
			C.dmesg = true;
			break;
		case 'F':
			C.frame = optarg;
			break;
		case 'L':
			C.v.local = optarg;
			C.recover = REC_BOOT;
			break;
		case 'K':
			C.cold = true;
			break;
		default:
			return usage("unknown option, or one without its value");
		}
	}
	if (optind != argc)
		return usage("no arguments besides the options");
	if (C.v.local) { /* host tests: local agents, restarted, no snapshot */
		if (C.recover != REC_BOOT || *kver || *image || *append)
			return usage(
				"--local takes no --kver, --image or --append, and recovers by a restart");
		*kver = *image = *append = "";
	}
	if (!*kver || !*image || !*append || !C.out || !C.cases || C.v.snap.nagents == 0)
		return usage("--kver, --image, --append, --out, --cases and --agent are needed");
	if (C.recover != REC_BOOT && !*cache)
		return usage("--recover snapshot and each need --cache DIR");
	return 0;
}

/* the last lines of text[0..n-1] on f, each as "  | LINE" */
static void print_tail(FILE *f, const char *text, size_t n, unsigned lines)
{
	size_t start = n;
	unsigned seen = 0;

	if (!text || n == 0) {
		fprintf(f, "campaign: the guest's console is empty\n");
		return;
	}
	/* back to just after the newline that ends the line before them */
	while (start > 0) {
		if (text[start - 1] == '\n' && start < n && ++seen == lines)
			break;
		start--;
	}
	fprintf(f, "campaign: the end of the guest's console:\n");
	while (start < n) {
		size_t len = strcspn(text + start, "\n");

		if (start + len > n)
			len = n - start;
		fprintf(f, "  | %.*s\n", (int)len, text + start);
		start += len + 1;
	}
}

int main(int argc, char **argv)
{
	struct vm_figures stats;
	const char *kver = NULL, *image = NULL, *append = NULL, *cache = NULL;
	unsigned long boot_s = 300, random = 0, seed = 1;
	bool guided = false;
	char err[400];
	size_t findings_total;
	double secs;
	int rc;

	signal(SIGPIPE, SIG_IGN);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && strcmp(argv[1], "compare") == 0) {
		if (argc != 5 && argc != 6)
			return usage("compare CASES DIR_A DIR_B [RACY]");
		return campaign_compare(argv[2], argv[3], argv[4], argc == 6 ? argv[5] : NULL,
					stdout);
	}
	C.repro = "make live-repro ROLE=%a CASE=%c";
	C.case_ms = 30000;
	C.cov_every = 10;
	vm_init(&C.v, NULL, NULL, NULL, NULL, 300);
	sched_init(&C.s, C.agents, VM_AGENTS, 0, 1, false);
	rc = parse(argc, argv, &kver, &image, &append, &cache, &boot_s, &random, &seed, &guided);
	if (rc)
		return rc;
	C.v.snap.kver = kver;
	C.v.snap.image = image;
	C.v.snap.append = append;
	C.v.snap.dir = C.recover == REC_BOOT ? NULL : cache;
	C.v.boot_s = (int)boot_s;
	C.s.random = random;
	C.s.seed = seed;
	C.s.guided = guided;
	if (load_list(C.cases, false) != 0 || (C.bases && load_list(C.bases, true) != 0))
		return 2;
	for (size_t i = 0; i < C.s.nagents; i++)
		if (!C.s.agent[i].ntable && !C.s.agent[i].nbases) {
			fprintf(stderr, "rdmaneg-campaign: the agent %s has no cases\n",
				C.s.agent[i].name);
			return 2;
		}
	if (C.s.nagents != C.v.snap.nagents)
		return usage("every agent of the case lists is given with --agent");
	if (guided && !C.bases)
		return usage("--guided needs --bases FILE");
	if (C.v.local) {
		/* the local agents' files beside the campaign's own */
		static char dir[4096];

		snprintf(dir, sizeof(dir), "%s/local", C.out);
		C.v.local_dir = dir;
	}
	if (mkdir(C.out, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "rdmaneg-campaign: %s: %s\n", C.out, strerror(errno));
		return 2;
	}
	C.verdicts = out_file("verdicts.txt", "w");
	C.results = out_file("results.jsonl", "w");
	C.findings_f = out_file("findings.txt", "w");
	C.arcs = out_file("arcs.log", "w");
	C.all = out_file("console-all.log", "w");
	if (!C.verdicts || !C.results || !C.findings_f || !C.arcs || !C.all)
		return 1;
	C.t0 = rdmaneg_mono_us();
	if (vm_up(&C.v, !C.cold, err, sizeof(err)) != 0) {
		size_t n = 0;
		char *con = vm_console(&C.v, 0, &n);

		fprintf(stderr, "campaign: FAILED: the guest did not come up: %s\n", err);
		/* the console's end says where the boot stopped; the whole of it
		 * is kept in console-all.log, as a booted guest's is */
		print_tail(stderr, con, n, 30);
		if (con && fwrite(con, 1, n, C.all) != n)
			fprintf(stderr,
				"campaign: could not keep the console in %s/console-all.log\n",
				C.out);
		free(con);
		vm_down(&C.v);
		return 1;
	}
	C.fresh = true;
	/* the whole log starts with the boot's (the NFS judge reads the mount) */
	fwrite(C.v.snap.boot_log, 1, C.v.snap.boot_log_n, C.all);
	printf("campaign: guest ready in %.1f s (%s)\n", (double)(rdmaneg_mono_us() - C.t0) / 1e6,
	       C.v.fig.cache_hits ? "the cached snapshot"
	       : C.v.fig.saves	  ? "booted and saved"
				  : "booted");
	C.t0 = rdmaneg_mono_us();
	rc = 0;
	for (size_t i = 0; i < C.v.snap.nagents && rc == 0; i++)
		rc = run_agent(sched_agent(&C.s, C.v.snap.agent[i]), i + 1 == C.v.snap.nagents);
	secs = (double)(rdmaneg_mono_us() - C.t0) / 1e6;
	if (rc == 0 && !C.dirty_end && C.dmesg && vm_service(&C.v, "dmesg", NULL, 10000) != 0)
		printf("campaign: the guest did not print its dmesg\n");
	if (rc == 0 && !C.dirty_end)
		gcov_dump();
	{
		size_t n = 0;

		free(console(C.dmesg ? 500 : 0, &n));
	}
	findings_total = C.nf;
	stats = C.v.fig;
	if (rc == 0 && C.confirm && C.nf)
		confirm();
	vm_down(&C.v);
	fclose(C.verdicts);
	fclose(C.results);
	fclose(C.findings_f);
	fclose(C.arcs);
	fwrite(all_tail, 1, all_tail_n, C.all);
	free(all_tail);
	fclose(C.all);
	{
		FILE *f = out_file("confirmed.txt", "w");

		for (size_t i = 0; f && i < findings_total; i++)
			if (C.f[i].confirmed >= 0)
				fprintf(f, "%s\t%s\n", C.f[i].group,
					C.f[i].confirmed ? "confirmed" : "not-reproduced");
		if (f)
			fclose(f);
	}
	printf("campaign: %zu cases in %.1f s, %.2f cases/s; %zu recoveries: %zu restores "
	       "(mean %.0f ms), %zu boots (mean %.1f s); snapshot %.1f MiB, saved in %.1f s\n",
	       C.ncases, secs, secs > 0 ? (double)C.ncases / secs : 0.0, C.nrecover, stats.restores,
	       stats.restores ? stats.restore_ms / (double)stats.restores : 0.0, stats.boots,
	       stats.boots ? stats.boot_ms / (double)stats.boots / 1000.0 : 0.0,
	       (double)stats.snap_octets / 1048576.0, stats.save_ms / 1000.0);
	return rc == 0 ? 0 : 1;
}
