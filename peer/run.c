// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * run: rdmaneg-peer's request and reply roles (see run.h).
 */
#define _GNU_SOURCE
#include "peer/run.h"

#include "oracle/mpa_ref.h"

#include "peer/peer_cases.h"
#include "peer/peer_report.h"
#include "peer/plan.h"
#include "peer/session.h"
#include "util/agent.h"
#include "util/arcs.h"
#include "util/guide.h"
#include "util/hex.h"
#include "util/kcov.h"
#include "util/klog.h"
#include "util/record.h"
#include "util/rng.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the ULP log: records "ULP seq= lport= rport= event= status= pd= rr= id="
 * (live/mpa/endpoint.c). A responder's records are matched by the peer's TCP
 * port; an initiator's by seq, which its Request carries in ULP private
 * data octets 8..11. ---- */
static int64_t request_seq(const uint8_t *req, size_t n)
{
	struct rdmaneg_mpa_frame f;
	const uint8_t *u = NULL;
	size_t ul = 0;

	/* read by the oracle, never the core under test */
	if (rdmaneg_ref_mpa_read(req, n, &f) != RDMANEG_OK)
		return -2;
	rdmaneg_ref_mpa_ulp(&f, &u, &ul);
	if (ul < 12)
		return -2;
	return (int64_t)((uint32_t)u[8] << 24 | (uint32_t)u[9] << 16 | (uint32_t)u[10] << 8 |
			 u[11]);
}

struct ulp_tail {
	FILE *f;
	char line[4096];
};

static bool ulp_find(struct ulp_tail *t, int64_t seq, uint16_t rport, struct rdmaneg_peer_obs *o)
{
	struct rdmaneg_rec rec;
	bool found = false;

	if (!t->f)
		return false;
	clearerr(t->f);
	while (fgets(t->line, sizeof(t->line), t->f)) {
		int64_t sq, lp, rp, st = 0, rr = 0, id = 0;
		size_t n = 0;
		char ev[32];

		if (rdmaneg_rec_parse(t->line, strlen(t->line), &rec) != RDMANEG_REC_OK ||
		    strcmp(rec.tag, "ULP") != 0 || rdmaneg_rec_i64(&rec, "seq", &sq) ||
		    rdmaneg_rec_i64(&rec, "lport", &lp) || rdmaneg_rec_i64(&rec, "rport", &rp) ||
		    rdmaneg_rec_str(&rec, "event", ev, sizeof(ev)))
			continue;
		if ((seq >= 0 && sq != seq) || (rport && rp != rport))
			continue;
		/* the first decisive event of the connection */
		if (o->ulp_event[0] && strcmp(o->ulp_event, "CONNECT_REQUEST") != 0)
			continue;
		if (o->ulp_event[0] && strcmp(ev, "ESTABLISHED") == 0)
			continue; /* the listener's accept completing: already judged */
		(void)rdmaneg_rec_i64(&rec, "status", &st);
		(void)rdmaneg_rec_i64(&rec, "rr", &rr);
		(void)rdmaneg_rec_i64(&rec, "id", &id);
		if (o->ulp_event[0])
			continue;
		snprintf(o->ulp_event, sizeof(o->ulp_event), "%s", ev);
		o->ulp_status = (int)st;
		o->ulp_rr = (uint16_t)rr;
		o->ulp_id = (uint16_t)id;
		if (rdmaneg_rec_hex(&rec, "pd", o->ulp_pd, sizeof(o->ulp_pd), &n) == RDMANEG_REC_OK)
			o->ulp_pd_len = (uint16_t)n;
		found = true;
	}
	return found;
}

/* ---- /dev/kmsg ---- */
static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		(void)lseek(fd, 0, SEEK_END);
	return fd;
}

/* New kernel lines since the last call; a splat marks the observation. */
static void kmsg_check(int fd, struct rdmaneg_peer_obs *o, char *keep, size_t keepcap)
{
	static char text[65536];
	size_t n = 0;
	struct rdmaneg_splat s;
	char rec[2048];

	if (fd < 0)
		return;
	for (;;) {
		ssize_t r = read(fd, rec, sizeof(rec) - 1);

		if (r < 0 && errno == EPIPE)
			continue; /* overwritten records: carry on */
		if (r <= 0)
			break;
		if ((size_t)r + 1 < sizeof(text) - n) {
			memcpy(text + n, rec, (size_t)r);
			n += (size_t)r;
			if (text[n - 1] != '\n')
				text[n++] = '\n';
		}
	}
	if (n && rdmaneg_klog_scan(text, n, &s, 1) > 0) {
		o->splat = true;
		snprintf(o->splat_title, sizeof(o->splat_title), "%s", s.title);
		snprintf(keep, keepcap, "%.*s", (int)(n < keepcap - 1 ? n : keepcap - 1), text);
	}
}

/* Is "role name" a line of the baseline? */
static bool in_baseline(const char *path, const char *role, const char *name)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[256], r[16], n[64];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f))
		found = line[0] != '#' && sscanf(line, "%15s %63s", r, n) == 2 &&
			strcmp(r, role) == 0 && strcmp(n, name) == 0;
	if (f)
		fclose(f);
	return found;
}

static bool selected(const struct rdmaneg_peer_opts *o, const char *name)
{
	if (o->nglobs == 0)
		return true;
	for (size_t i = 0; i < o->nglobs; i++)
		if (rdmaneg_peer_glob(o->globs[i], name))
			return true;
	return false;
}

/* A verdict's clause as a baseline line and PEER_VERDICT name it: "-"
 * when it conforms or names none. */
static const char *line_clause(const struct rdmaneg_verdict *r)
{
	return r->kind == RDMANEG_VERDICT_CONFORMS || !r->clause ? "-" : r->clause;
}

static int write_baseline(const char *path, const struct rdmaneg_peer_row *rows, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "rdmaneg-peer: --write-expect %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s %s %s %s\n", rdmaneg_peer_role_name(rows[i].role), rows[i].name,
			rdmaneg_verdict_name(rows[i].r.kind), line_clause(&rows[i].r));
	return fclose(f) == 0 ? 0 : -1;
}

/* Every row against the baseline: 0 all match, 1 any differs, -1 error. */
static int check_baseline(const char *path, const struct rdmaneg_peer_row *rows, size_t n)
{
	FILE *f = fopen(path, "r");
	char line[256], role[16], name[64], verdict[16], clause[64];
	size_t differ = 0, matched = 0;

	if (!f) {
		fprintf(stderr, "rdmaneg-peer: --expect %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct rdmaneg_peer_row *r = &rows[i];
		const char *want_clause = line_clause(&r->r);
		bool found = false;

		rewind(f);
		while (fgets(line, sizeof(line), f)) {
			if (line[0] == '#' ||
			    sscanf(line, "%15s %63s %15s %63s", role, name, verdict, clause) != 4 ||
			    strcmp(role, rdmaneg_peer_role_name(r->role)) != 0 ||
			    strcmp(name, r->name) != 0)
				continue;
			found = true;
			if (strcmp(verdict, rdmaneg_verdict_name(r->r.kind)) != 0 ||
			    strcmp(clause, want_clause) != 0) {
				printf("EXPECT differs: %s %s: baseline %s %s, now %s %s (%s)\n",
				       role, name, verdict, clause, rdmaneg_verdict_name(r->r.kind),
				       want_clause, r->r.detail);
				differ++;
			} else {
				matched++;
			}
			break;
		}
		if (!found) {
			printf("EXPECT missing: %s %s is not in %s\n",
			       rdmaneg_peer_role_name(r->role), r->name, path);
			differ++;
		}
	}
	fclose(f);
	printf("baseline %s: %zu match, %zu differ\n", path, matched, differ);
	return differ ? 1 : 0;
}

/* --guided: the names of the inputs that reached new arcs, from the bases */
#define GUIDED_POOL 4096

/* One run's state, from its setup to its report. */
struct run {
	enum rdmaneg_peer_role role;
	const struct rdmaneg_peer_opts *o;
	struct rdmaneg_peer_plan p;
	size_t *pick; /* the table cases to run, in order; SIZE_MAX: --frame */
	size_t npick;
	struct rdmaneg_peer_row *rows;
	size_t nrows;
	struct sockaddr_storage sa; /* request: the SUT */
	socklen_t salen;
	int lfd, kfd; /* reply: the listening socket; --kmsg */
	int pfd;      /* --agent --progress: /dev/kmsg, one record a line */
	pid_t sut;    /* --sut: the SUT's initiator, once started */
	struct ulp_tail ulp;
	struct rdmaneg_arcs cov;
	struct rdmaneg_peer_corpus corp;
	struct rdmaneg_casename_str pool[GUIDED_POOL];
	struct rdmaneg_guide guide;
	struct rdmaneg_casename_str child; /* the case under way, when chosen here */
	uint8_t frame[RDMANEG_PEER_FRAME_CAP];
	uint8_t fixed[RDMANEG_PEER_FRAME_CAP]; /* --frame, or a CASE's frame */
	double t0, t_rnd;
	bool reached;		      /* the SUT answered once */
	bool down_before;	      /* the last case found the SUT gone before its octets */
	struct rdmaneg_kcov kc;	      /* --kcov: this task's KCOV */
	struct rdmaneg_kcov_set kset; /* the PCs of every case's syscalls */
};

/* The usage errors an option combination gives on its own: a message,
 * or NULL. */
static const char *opts_conflict(const struct rdmaneg_peer_opts *o)
{
	if (o->guided && (!o->gcov || o->random == 0))
		return "--guided needs --gcov DIR and --random N";
	if (o->corpus && o->random == 0 && !o->agent)
		return "--corpus needs --random N (or --agent)";
	if (o->gcov_scope && !o->gcov)
		return "--gcov-scope needs --gcov DIR";
	if (o->kmsg_marks && !o->progress)
		return "--kmsg-marks needs --progress";
	if (o->kcov && o->agent)
		return "--kcov is for a run of its own, not an agent";
	if (o->agent && (o->random || o->guided || o->nglobs || o->frame_hex || o->from ||
			 o->budget || o->only_random || o->expect || o->write_expect ||
			 o->only_expected || o->json || o->junit))
		return "--agent takes its cases from the channel: no --case, --frame, --random, "
		       "--guided, --from, --budget, --only-random, --expect, --write-expect, "
		       "--only-expected, --json or --junit";
	return NULL;
}

/* The cases an in-process run sends, in order: --frame alone, one named
 * random or chain case alone, or the table cases of this role that
 * --case and --only-expected select. */
#define EXACT (SIZE_MAX - 1) /* pick: the one named case (o->exact) */
static int plan_cases(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	const struct rdmaneg_peer_plan *p = &u->p;

	u->pick = calloc(p->ntable + 1, sizeof(*u->pick));
	u->rows = calloc(p->ntable + o->random + 1, sizeof(*u->rows));
	if (!u->pick || !u->rows) {
		fprintf(stderr, "rdmaneg-peer: out of memory\n");
		return -1;
	}
	u->npick = 0;
	if (o->frame_hex || o->exact)
		u->pick[u->npick++] = o->exact ? EXACT : SIZE_MAX;
	for (size_t i = 0; !o->frame_hex && !o->exact && !o->only_random && i < p->ntable; i++)
		if ((p->table[i].roles & RDMANEG_PEER_ROLE_BIT(u->role)) &&
		    selected(o, p->table[i].name) &&
		    (!o->only_expected ||
		     in_baseline(o->expect, rdmaneg_peer_role_name(u->role), p->table[i].name)))
			u->pick[u->npick++] = i;
	if (u->npick == 0 && o->random == 0 && !o->agent) {
		fprintf(stderr, "rdmaneg-peer: no case matches the --case patterns\n");
		return -1;
	}
	return 0;
}

/* The SUT's end: its address (request) or our listening socket (reply),
 * then the ULP log, /dev/kmsg and the kernel's arcs when asked for. */
static int open_ends(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	char err[300];

	if (u->role == RDMANEG_PEER_REQUEST) {
		if (!o->target) {
			fprintf(stderr, "rdmaneg-peer: request needs HOST:PORT\n");
			return -1;
		}
		if (o->sut) {
			fprintf(stderr, "rdmaneg-peer: --sut is the reply role's initiator\n");
			return -1;
		}
		if (rdmaneg_peer_addr(o->target, &u->sa, &u->salen, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-peer: %s\n", err);
			return -1;
		}
	} else {
		if (o->listen_port <= 0) {
			fprintf(stderr, "rdmaneg-peer: reply needs --listen PORT\n");
			return -1;
		}
		u->lfd = rdmaneg_peer_listen((uint16_t)o->listen_port, err, sizeof(err));
		if (u->lfd < 0) {
			fprintf(stderr, "rdmaneg-peer: %s\n", err);
			return -1;
		}
	}
	if (o->ulp_log) {
		u->ulp.f = fopen(o->ulp_log, "r");
		if (!u->ulp.f) {
			fprintf(stderr, "rdmaneg-peer: --ulp-log %s: %s\n", o->ulp_log,
				strerror(errno));
			return -1;
		}
	}
	if (o->kmsg && (u->kfd = kmsg_open()) < 0) {
		fprintf(stderr, "rdmaneg-peer: --kmsg: /dev/kmsg: %s\n", strerror(errno));
		return -1;
	}
	if (o->gcov) {
		if (rdmaneg_arcs_open(&u->cov, o->gcov, o->gcov_scope, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-peer: --gcov: %s\n", err);
			return -1;
		}
		if (!o->agent)
			printf("PEER_ARCS %s start 0 %zu 0 (%zu files, %zu arcs)\n",
			       rdmaneg_peer_role_name(u->role), u->cov.total, u->cov.nfiles,
			       u->cov.narcs);
	}
	return 0;
}

/* --sut: the SUT's initiator, started once our socket listens (split at
 * spaces, no shell). 0, or -1 after a message. */
static int start_sut(struct run *u)
{
	char buf[1024], *argv[32], *save = NULL;
	size_t n = 0;
	int e;

	if ((size_t)snprintf(buf, sizeof(buf), "%s", u->o->sut) >= sizeof(buf)) {
		fprintf(stderr, "rdmaneg-peer: --sut: longer than %zu octets\n", sizeof(buf) - 1);
		return -1;
	}
	for (char *t = strtok_r(buf, " ", &save); t && n < 31; t = strtok_r(NULL, " ", &save))
		argv[n++] = t;
	argv[n] = NULL;
	if (n == 0) {
		fprintf(stderr, "rdmaneg-peer: --sut: no command\n");
		return -1;
	}
	e = posix_spawn(&u->sut, argv[0], NULL, NULL, argv, environ);
	if (e != 0) {
		fprintf(stderr, "rdmaneg-peer: --sut %s: %s\n", argv[0], strerror(e));
		u->sut = 0;
		return -1;
	}
	return 0;
}

/* Everything before the first case: 0, or -1 after a message. */
static int setup(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	const char *conflict = opts_conflict(o);
	char err[200];

	if (conflict) {
		fprintf(stderr, "rdmaneg-peer: %s\n", conflict);
		return -1;
	}
	if (rdmaneg_peer_plan_init(&u->p, u->role, (uint16_t)o->local_max) != 0) {
		fprintf(stderr, "rdmaneg-peer: the case table is empty\n");
		return -1;
	}
	if (o->corpus) {
		if (rdmaneg_peer_corpus_load(o->corpus, &u->corp, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-peer: --corpus %s\n", err);
			return -1;
		}
		u->p.corpus = &u->corp;
	}
	if (o->frame_hex) {
		struct rdmaneg_hex h;

		rdmaneg_hex_init(&h, u->fixed, sizeof(u->fixed));
		if (rdmaneg_hex_feed(&h, o->frame_hex) != RDMANEG_HEX_OK ||
		    !rdmaneg_hex_whole(&h)) {
			fprintf(stderr,
				"rdmaneg-peer: --frame: not hex, or longer than %zu octets\n",
				sizeof(u->fixed));
			return -1;
		}
		u->p.fixed = u->fixed;
		u->p.fixed_n = h.len;
	}
	if (plan_cases(u) != 0 || open_ends(u) != 0)
		return -1;
	if (o->kcov && rdmaneg_kcov_open(&u->kc, 1u << 20, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-peer: --kcov: %s\n", err);
		return -1;
	}
	/* --guided starts from every base: the role's mutable table cases,
	 * then the --corpus frames */
	rdmaneg_guide_init(&u->guide, u->pool, sizeof(u->pool[0]), GUIDED_POOL);
	for (size_t i = 0; o->guided && i < rdmaneg_peer_plan_bases(&u->p); i++) {
		struct rdmaneg_casename_str b;

		snprintf(b.s, sizeof(b.s), "%s", rdmaneg_peer_plan_base(&u->p, i));
		(void)rdmaneg_guide_add(&u->guide, &b);
	}
	return 0;
}

/* The name of case k of an in-process run: a table case, --frame, a
 * kept input one mutation further (guided) or a random case. */
static const char *choose(struct run *u, size_t k)
{
	const struct rdmaneg_peer_opts *o = u->o;
	size_t rel = k - u->npick;

	if (k < u->npick)
		return u->pick[k] == EXACT	? o->exact
		       : u->pick[k] == SIZE_MAX ? "frame"
						: u->p.table[u->pick[k]].name;
	if (o->guided && rdmaneg_casename_guided(&u->guide, o->seed, (uint64_t)rel, u->child.s,
						 sizeof(u->child.s)))
		return u->child.s;
	snprintf(u->child.s, sizeof(u->child.s), "random-%lu-%zu", o->seed, rel);
	return u->child.s;
}

/* Sends case x and captures what came back into r and w, with the
 * expectation for what was sent: 0, or -1 (w->err says why) when the SUT
 * was never reachable. A SUT that answered before and no longer does is
 * a finding of this row. */
static int exchange(struct run *u, struct rdmaneg_peer_frame_ctx *x, struct rdmaneg_peer_row *r,
		    struct rdmaneg_peer_wire *w, int *rc)
{
	const struct rdmaneg_peer_opts *o = u->o;
	enum rdmaneg_peer_delivery d = x->fixed ? RDMANEG_DELIVER_WHOLE : x->c->r.delivery;
	size_t n = 0;

	if (u->role == RDMANEG_PEER_REQUEST) {
		n = rdmaneg_peer_make_frame(x, NULL, 0, u->frame, sizeof(u->frame));
		rdmaneg_peer_expect_request(u->frame, n, d, &r->e);
		*rc = rdmaneg_peer_run_request(&u->sa, u->salen, u->frame, n, d, o->timeout_ms,
					       &r->o, w);
	} else {
		*rc = rdmaneg_peer_run_reply(u->lfd, o->accept_ms, rdmaneg_peer_make_frame, x, d,
					     o->timeout_ms, u->frame, sizeof(u->frame), &n, &r->o,
					     w);
		if (*rc == 0)
			rdmaneg_peer_expect_reply(w->req, w->req_len, u->frame, n, d, &r->e);
	}
	u->down_before = *rc != 0;
	if (*rc != 0) {
		if (!u->reached)
			return -1;
		memset(&r->o, 0, sizeof(r->o));
		r->o.unreachable = true;
		snprintf(r->klog, sizeof(r->klog), "%s", w->err);
	}
	u->reached = true;
	r->frame_len = n;
	memcpy(r->head, u->frame, n < RDMANEG_PEER_HEAD ? n : RDMANEG_PEER_HEAD);
	r->got_len = w->rx_len < RDMANEG_PEER_HEAD ? w->rx_len : RDMANEG_PEER_HEAD;
	memcpy(r->got, w->rx, r->got_len);
	r->ms = w->ms;
	r->sut_port = w->sut_port;
	r->local_port = w->local_port;
	return 0;
}

/* What the SUT's ULP and kernel saw of the case, then the verdict. */
static void observe_and_judge(struct run *u, size_t k, struct rdmaneg_peer_row *r,
			      const struct rdmaneg_peer_wire *w, int rc)
{
	if (u->ulp.f && rc == 0) {
		r->o.have_ulp = true;
		for (int tries = 0; tries < 25; tries++) {
			if (u->role == RDMANEG_PEER_REQUEST
				    ? ulp_find(&u->ulp, -1, w->local_port, &r->o)
				    : ulp_find(&u->ulp, request_seq(w->req, w->req_len), 0, &r->o))
				break;
			/* the initiator's ULP hears of the Reply last */
			if (u->role == RDMANEG_PEER_REQUEST)
				break;
			usleep(20000);
		}
	}
	if (u->kfd >= 0)
		kmsg_check(u->kfd, &r->o, r->klog, sizeof(r->klog));
	rdmaneg_peer_judge(u->role, &r->e, &r->o, &r->r);
	if (u->role == RDMANEG_PEER_REPLY && rc == 0 && r->r.kind == RDMANEG_VERDICT_CONFORMS) {
		const char *bad = rdmaneg_peer_check_request(w->req, w->req_len);

		if (bad)
			rdmaneg_verdict_set(&r->r, RDMANEG_VERDICT_DIVERGES, bad,
					    "the SUT's own Request breaks %s", bad);
	}
	if (u->o->progress) /* a guest that dies later keeps this verdict */
		rdmaneg_peer_progress(u->pfd, "PEER_VERDICT %s %zu %s %s %s",
				      rdmaneg_peer_role_name(u->role), k, r->name,
				      rdmaneg_verdict_name(r->r.kind), line_clause(&r->r));
}

/* Case k, called name: resolved, sent, observed and judged into r. 0;
 * -1 with why in err when the name does not resolve or the SUT was never
 * reachable. */
static int run_case(struct run *u, size_t k, const char *name, struct rdmaneg_peer_row *r,
		    char *err, size_t cap)
{
	static struct rdmaneg_peer_wire w;
	struct rdmaneg_peer_frame_ctx x;
	int rc;

	memset(r, 0, sizeof(*r));
	memset(&w, 0, sizeof(w));
	if (rdmaneg_peer_resolve(&u->p, name, &x, r, err, cap) != 0)
		return -1;
	x.k = k;
	x.progress = u->o->progress;
	x.progress_fd = u->pfd;
	if (u->o->progress)
		rdmaneg_peer_progress(u->pfd, "PEER_CASE %s %zu %s",
				      rdmaneg_peer_role_name(u->role), k, r->name);
	if (u->o->kcov)
		(void)rdmaneg_kcov_start(&u->kc);
	int xrc = exchange(u, &x, r, &w, &rc);

	if (u->o->kcov) { /* what this task's syscalls ran of the kernel */
		(void)rdmaneg_kcov_fold(&u->kc, &u->kset);
		(void)rdmaneg_kcov_stop(&u->kc);
	}
	if (xrc != 0) {
		if (u->role == RDMANEG_PEER_REQUEST)
			snprintf(err, cap, "cannot reach %s: %s", u->o->target, w.err);
		else
			snprintf(err, cap, "port %d: %s", u->o->listen_port, w.err);
		return -1;
	}
	observe_and_judge(u, k, r, &w, rc);
	return 0;
}

/* The summary, the table, --json and --junit, and the exit status. */
static int report(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	double secs = (rdmaneg_peer_now_ms() - u->t0) / 1000.0;
	struct rdmaneg_peer_totals t;
	int ret;
	FILE *f;

	if (o->kcov)
		rdmaneg_kcov_report(stdout, "PEER_KCOV", rdmaneg_peer_role_name(u->role), &u->kset,
				    RDMANEG_KCOV_PREFIXES);
	rdmaneg_peer_summary(stdout, u->rows, u->nrows);
	rdmaneg_peer_table(stdout, u->rows, u->nrows, o->all);
	rdmaneg_peer_count(u->rows, u->nrows, &t);
	printf("\n%s %s: %zu cases, %zu conform, %zu diverge (%zu MUST, %zu SHOULD), %zu "
	       "findings; %.1f s, %.1f cases/s\n",
	       rdmaneg_peer_role_name(u->role), o->target ? o->target : "", t.cases, t.conforms,
	       t.diverges, t.must, t.should, t.findings, secs,
	       secs > 0 ? (double)t.cases / secs : 0.0);
	if (o->json) {
		f = fopen(o->json, "w");
		if (!f) {
			fprintf(stderr, "rdmaneg-peer: --json %s: %s\n", o->json, strerror(errno));
			return RDMANEG_PEER_EXIT_USAGE;
		}
		rdmaneg_peer_json(f, u->rows, u->nrows, o->target ? o->target : "listen", secs);
		fclose(f);
	}
	if (o->junit) {
		f = fopen(o->junit, "w");
		if (!f) {
			fprintf(stderr, "rdmaneg-peer: --junit %s: %s\n", o->junit,
				strerror(errno));
			return RDMANEG_PEER_EXIT_USAGE;
		}
		rdmaneg_peer_junit(f, u->rows, u->nrows, secs);
		fclose(f);
	}
	ret = t.diverges || t.findings ? 1 : 0;
	if (o->write_expect && write_baseline(o->write_expect, u->rows, u->nrows) != 0)
		ret = RDMANEG_PEER_EXIT_USAGE;
	if (o->expect) {
		int b = check_baseline(o->expect, u->rows, u->nrows);

		ret = b < 0 ? RDMANEG_PEER_EXIT_USAGE : b;
	}
	return ret;
}

/* Each case in turn: choose, resolve, exchange (capture and expect),
 * observe, judge; the kernel's arcs after it (--gcov); then the report. */
static int cases(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	char err[300];

	u->t0 = rdmaneg_peer_now_ms();
	if (o->sut && start_sut(u) != 0)
		return RDMANEG_PEER_EXIT_USAGE;
	for (size_t k = o->from; k < u->npick + o->random; k++) {
		struct rdmaneg_peer_row *r = &u->rows[u->nrows];
		bool rnd = k >= u->npick;

		/* the budget runs from the first random case: a slow kernel's
		 * table does not eat it */
		if (rnd && u->t_rnd == 0)
			u->t_rnd = rdmaneg_peer_now_ms();
		if (rnd && o->budget &&
		    rdmaneg_peer_now_ms() - u->t_rnd > (double)o->budget * 1000.0)
			break;
		if (run_case(u, k, choose(u, k), r, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-peer: %s\n", err);
			return RDMANEG_PEER_EXIT_USAGE;
		}
		if (o->gcov) {
			long fresh = rdmaneg_arcs_sample(&u->cov, err, sizeof(err));

			if (fresh < 0) {
				fprintf(stderr, "rdmaneg-peer: --gcov: %s\n", err);
				return RDMANEG_PEER_EXIT_USAGE;
			}
			printf("PEER_ARCS %s %zu %.0f %zu %ld\n", rdmaneg_peer_role_name(u->role),
			       k, rdmaneg_peer_now_ms() - u->t0, u->cov.total, fresh);
			/* a kept input: it reached arcs no case had */
			if (o->guided && strcmp(r->section, "guided") == 0)
				(void)rdmaneg_guide_keep(&u->guide, &u->child, fresh);
		}
		fflush(stdout);
		u->nrows++;
		if (r->o.unreachable)
			break;
	}
	return report(u);
}

/* The agent's answer to one CASE: its verdict, taint and, asked for,
 * the arcs new to this guest (util/agent.h). */
static void agent_case(struct run *u, struct rdmaneg_agent *a, const struct rdmaneg_rec *rec,
		       int64_t seq, size_t k)
{
	static struct rdmaneg_peer_row r;
	char name[RDMANEG_CASENAME_MAX] = "", err[300] = "", why[280];
	int64_t cov = 0;
	size_t fl = 0;

	memset(&r, 0, sizeof(r));
	u->p.fixed = NULL; /* frame= octets are this case's only */
	(void)rdmaneg_rec_i64(rec, "cov", &cov);
	if (rdmaneg_rec_str(rec, "name", name, sizeof(name)) != RDMANEG_REC_OK)
		snprintf(err, sizeof(err), "CASE without a name that fits");
	else if (rdmaneg_rec_find(rec, "frame") &&
		 (rdmaneg_rec_hex(rec, "frame", u->fixed, sizeof(u->fixed), &fl) !=
			  RDMANEG_REC_OK ||
		  fl == 0))
		snprintf(err, sizeof(err), "frame= is not 1 to %zu octets of hex",
			 sizeof(u->fixed));
	else if (u->o->sut && u->sut == 0 && start_sut(u) != 0)
		snprintf(err, sizeof(err), "--sut %s did not start", u->o->sut);
	if (!err[0] && fl) {
		u->p.fixed = u->fixed;
		u->p.fixed_n = fl;
	}
	if (!err[0])
		(void)run_case(u, k, name, &r, err, sizeof(err));
	if (!err[0] && cov && u->o->gcov && rdmaneg_arcs_sample(&u->cov, why, sizeof(why)) < 0)
		snprintf(err, sizeof(err), "--gcov: %s", why);
	rdmaneg_rec_begin(a->out, "DONE");
	rdmaneg_rec_i64w(a->out, "seq", seq);
	rdmaneg_rec_strw(a->out, "name", name);
	if (err[0]) {
		rdmaneg_rec_strw(a->out, "verdict", "error");
		rdmaneg_rec_strw(a->out, "detail", err);
	} else {
		rdmaneg_rec_strw(a->out, "verdict", rdmaneg_verdict_name(r.r.kind));
		rdmaneg_rec_strw(a->out, "clause", line_clause(&r.r));
		rdmaneg_rec_strw(a->out, "tests", rdmaneg_peer_tested(&r.e, &r.o));
		rdmaneg_rec_strw(a->out, "detail", r.r.detail);
		rdmaneg_rec_strw(a->out, "section", r.section ? r.section : "-");
		rdmaneg_rec_i64w(a->out, "ms", (int64_t)r.ms);
		rdmaneg_rec_strw(a->out, "splat", r.o.splat ? r.o.splat_title : "");
		/* the SUT was gone before this case's octets went out: what
		 * broke it ran earlier (the host blames the case before) */
		if (u->down_before)
			rdmaneg_rec_i64w(a->out, "before", 1);
		if (cov && u->o->gcov)
			rdmaneg_agent_ranges_w(a->out, "new", u->cov.fresh, u->cov.bits);
	}
	rdmaneg_rec_i64w(a->out, "taint", (int64_t)rdmaneg_agent_taint());
	rdmaneg_rec_end(a->out);
}

/* --agent: READY, then one case per CASE line until the host closes the
 * channel; COV samples the arcs alone, PING answers PONG (util/agent.h). */
static int agent(struct run *u)
{
	static struct rdmaneg_agent a;
	static char line[RDMANEG_AGENT_LINE];
	static struct rdmaneg_rec rec;
	char err[300];
	size_t k = 0;
	long n;

	if (rdmaneg_agent_open(&a, u->o->agent, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-peer: --agent: %s\n", err);
		return RDMANEG_PEER_EXIT_USAGE;
	}
	rdmaneg_rec_begin(a.out, "READY");
	rdmaneg_rec_strw(a.out, "agent", rdmaneg_peer_role_name(u->role));
	rdmaneg_rec_i64w(a.out, "taint", (int64_t)rdmaneg_agent_taint());
	if (u->o->gcov) {
		rdmaneg_rec_i64w(a.out, "bits", (int64_t)u->cov.bits);
		rdmaneg_rec_i64w(a.out, "files", (int64_t)u->cov.nfiles);
		rdmaneg_rec_i64w(a.out, "arcs", (int64_t)u->cov.narcs);
		rdmaneg_agent_ranges_w(a.out, "new", u->cov.acc, u->cov.bits);
	}
	rdmaneg_rec_end(a.out);
	while ((n = rdmaneg_agent_line(&a, line, sizeof(line))) != -1) {
		int64_t seq = -1;
		long fresh;

		if (n < 0 || rdmaneg_rec_parse(line, (size_t)n, &rec) != RDMANEG_REC_OK ||
		    rdmaneg_rec_i64(&rec, "seq", &seq) != RDMANEG_REC_OK) {
			rdmaneg_rec_begin(a.out, "DONE");
			rdmaneg_rec_i64w(a.out, "seq", seq);
			rdmaneg_rec_strw(a.out, "verdict", "error");
			rdmaneg_rec_strw(a.out, "detail",
					 n == -2 ? "a line too long" : "not a command");
			rdmaneg_rec_end(a.out);
		} else if (strcmp(rec.tag, "CASE") == 0) {
			agent_case(u, &a, &rec, seq, k++);
		} else if (strcmp(rec.tag, "PING") == 0) { /* alive, after a restore */
			rdmaneg_rec_begin(a.out, "PONG");
			rdmaneg_rec_i64w(a.out, "seq", seq);
			rdmaneg_rec_end(a.out);
		} else if (strcmp(rec.tag, "COV") == 0 && u->o->gcov) {
			fresh = rdmaneg_arcs_sample(&u->cov, err, sizeof(err));
			rdmaneg_rec_begin(a.out, "DONE");
			rdmaneg_rec_i64w(a.out, "seq", seq);
			if (fresh < 0) {
				rdmaneg_rec_strw(a.out, "verdict", "error");
				rdmaneg_rec_strw(a.out, "detail", err);
			} else {
				rdmaneg_rec_i64w(a.out, "cov", 1);
				rdmaneg_agent_ranges_w(a.out, "new", u->cov.fresh, u->cov.bits);
			}
			rdmaneg_rec_end(a.out);
		} else {
			rdmaneg_rec_begin(a.out, "DONE");
			rdmaneg_rec_i64w(a.out, "seq", seq);
			rdmaneg_rec_strw(a.out, "verdict", "error");
			rdmaneg_rec_strw(a.out, "detail",
					 "unknown command (or COV without --gcov)");
			rdmaneg_rec_end(a.out);
		}
		fflush(stdout);
	}
	rdmaneg_agent_close(&a);
	return 0;
}

int rdmaneg_peer_run(enum rdmaneg_peer_role role, const struct rdmaneg_peer_opts *o)
{
	static struct run u;
	int ret;

	memset(&u, 0, sizeof(u));
	u.role = role;
	u.o = o;
	u.lfd = u.kfd = u.pfd = u.kc.fd = -1;
	/* --kmsg-marks: the marks as kernel records, so the console never
	 * interleaves them with a splat's lines */
	if (o->kmsg_marks && (u.pfd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC)) < 0)
		fprintf(stderr, "rdmaneg-peer: /dev/kmsg: %s: the marks go to stdout\n",
			strerror(errno));
	if (setup(&u) != 0)
		ret = RDMANEG_PEER_EXIT_USAGE;
	else
		ret = o->agent ? agent(&u) : cases(&u);
	if (u.sut > 0) {
		kill(u.sut, SIGTERM);
		waitpid(u.sut, NULL, 0);
	}
	if (u.ulp.f)
		fclose(u.ulp.f);
	if (u.lfd >= 0)
		close(u.lfd);
	if (u.kfd >= 0)
		close(u.kfd);
	if (u.pfd >= 0)
		close(u.pfd);
	rdmaneg_kcov_close(&u.kc);
	free(u.kset.pc);
	free(u.pick);
	free(u.rows);
	return ret;
}

int rdmaneg_peer_list(const struct rdmaneg_peer_opts *o)
{
	static struct rdmaneg_peer_plan p;
	static struct rdmaneg_peer_corpus corp;
	int role = o->list_role ? (strcmp(o->list_role, "request") == 0 ? RDMANEG_PEER_REQUEST
				   : strcmp(o->list_role, "reply") == 0 ? RDMANEG_PEER_REPLY
									: -1)
				: RDMANEG_PEER_REQUEST;

	if (role < 0 || (o->list_bases && !o->list_role)) {
		fprintf(stderr, "rdmaneg-peer: list: --role is request or reply%s\n",
			o->list_bases ? " (--bases needs it)" : "");
		return RDMANEG_PEER_EXIT_USAGE;
	}
	if (rdmaneg_peer_plan_init(&p, (enum rdmaneg_peer_role)role, (uint16_t)o->local_max) != 0)
		return RDMANEG_PEER_EXIT_USAGE;
	if (o->corpus) {
		char err[300];

		if (rdmaneg_peer_corpus_load(o->corpus, &corp, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-peer: --corpus %s\n", err);
			return RDMANEG_PEER_EXIT_USAGE;
		}
		p.corpus = &corp;
	}
	if (o->list_bases) { /* what random and guided cases start from */
		for (size_t i = 0; i < rdmaneg_peer_plan_bases(&p); i++)
			printf("%s\n", rdmaneg_peer_plan_base(&p, i));
		return 0;
	}
	for (size_t i = 0; i < p.ntable; i++) {
		const struct rdmaneg_peer_case *c = &p.table[i];

		if (!selected(o, c->name))
			continue;
		if (o->list_role) {
			if (c->roles & RDMANEG_PEER_ROLE_BIT(role))
				printf("%s\n", c->name);
			continue;
		}
		printf("%-30s %-22s %s\n", c->name, c->section,
		       c->roles == RDMANEG_PEER_BOTH				? "request,reply"
		       : c->roles & RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST) ? "request"
										: "reply");
	}
	/* a random or chain name is a case of its own, after the table's */
	for (size_t i = 0; o->list_role && i < o->nglobs; i++) {
		struct rdmaneg_casename cn;

		if (rdmaneg_casename_parse(o->globs[i], &cn) && cn.kind != RDMANEG_CASENAME_PLAIN)
			printf("%s\n", o->globs[i]);
	}
	return 0;
}
