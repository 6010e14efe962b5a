/*
 * run: rdmaneg-peer's request and reply roles (see run.h).
 */
#define _GNU_SOURCE
#include "run.h"

#include "arcs.h"
#include "file.h"
#include "guide.h"
#include "hex.h"
#include "klog.h"
#include "peer_cases.h"
#include "peer_report.h"
#include "record.h"
#include "session.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
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

	if (rdmaneg_mpa_parse(req, n, &f) != RDMANEG_OK ||
	    rdmaneg_mpa_ulp_pd(&f, &u, &ul) != RDMANEG_OK || ul < 12)
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

/* The frames a run sends: the table, then random mutations of it. */
struct plan {
	struct rdmaneg_peer_case table[RDMANEG_PEER_CASES_MAX];
	size_t ntable;
	size_t nmutable; /* the table cases random ones draw from: not the
			    tail of cases that end in a reset (the table's
			    last, added after the random draws were fixed) */
	size_t *pick;	 /* indices into table, in order; random ones get a seed */
	size_t n;
};

/* --corpus: every regular file of the directory of 1..RDMANEG_PEER_FRAME_CAP octets,
 * in name order, one frame each */
#define CORPUS_MAX 1024
#define CORPUS_ARENA (1u << 20)
struct corpus {
	const uint8_t *frame[CORPUS_MAX];
	size_t len[CORPUS_MAX];
	size_t n, used;
	uint8_t arena[CORPUS_ARENA];
};

static int visible(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* 0, or -1 with why in err: no directory, nothing to load, too much */
static int load_corpus(const char *dir, struct corpus *cp, char *err, size_t cap)
{
	struct dirent **names = NULL;
	int nn = scandir(dir, &names, visible, alphasort); /* C locale: byte order */
	int rc = 0;

	cp->n = cp->used = 0;
	if (nn < 0) {
		snprintf(err, cap, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < nn && rc == 0; i++) {
		char path[4096];
		size_t len = 0;
		bool more = false;
		char *b = NULL;

		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name) <
		    sizeof(path))
			b = rdmaneg_read_file(path, RDMANEG_PEER_FRAME_CAP, &len, &more);
		if (b && !more && len > 0) { /* a subdirectory does not read */
			if (cp->n == CORPUS_MAX || cp->used + len > sizeof(cp->arena)) {
				snprintf(err, cap, "%s: more than %d frames or %u octets", dir,
					 CORPUS_MAX, CORPUS_ARENA);
				rc = -1;
			} else {
				memcpy(cp->arena + cp->used, b, len);
				cp->frame[cp->n] = cp->arena + cp->used;
				cp->len[cp->n++] = len;
				cp->used += len;
			}
		}
		free(b);
	}
	for (int i = 0; i < nn; i++)
		free(names[i]);
	free(names);
	if (rc == 0 && cp->n == 0) {
		snprintf(err, cap, "%s: no frame of 1 to %u octets", dir,
			 (unsigned)RDMANEG_PEER_FRAME_CAP);
		rc = -1;
	}
	return rc;
}

/* --guided: an input that reached new arcs is its table case and the
 * seeds of the mutations applied to it, in order (replayed to rebuild it) */
#define GUIDED_POOL 4096
#define GUIDED_DEPTH 8
struct guided {
	size_t c;
	const uint8_t *base; /* a --corpus frame instead of table case c */
	size_t base_n;
	uint64_t seed[GUIDED_DEPTH];
	size_t n;
};

struct frame_ctx {
	enum rdmaneg_peer_role role;
	const struct rdmaneg_peer_case *c;
	bool random;
	const struct guided *chain; /* --guided: the mutations, instead of rng */
	uint64_t rng;
	const uint8_t *fixed;
	size_t fixed_n;
	size_t k;      /* the case's index in the run */
	bool progress; /* print PEER_FRAME: triage attaches it to a splat */
};

/* The frame of one case: the table's recipe, a random mutation of it, or
 * the --frame octets. */
static size_t make_frame(void *vctx, const uint8_t *req, size_t req_n, uint8_t *out, size_t cap)
{
	struct frame_ctx *x = vctx;
	size_t n;

	if (x->fixed) {
		n = x->fixed_n < cap ? x->fixed_n : cap;
		memcpy(out, x->fixed, n);
	} else {
		n = rdmaneg_peer_frame(&x->c->r, x->role, req, req_n, out, cap);
	}
	for (size_t j = 0; x->chain && j < x->chain->n; j++) {
		uint64_t rng = x->chain->seed[j];

		rdmaneg_peer_mutate(out, &n, cap, &rng);
	}
	if (x->random && !x->chain)
		rdmaneg_peer_mutate(out, &n, cap, &x->rng);
	if (x->progress) {
		/* the length tells a reader whether a dying console cut the line */
		printf("PEER_FRAME %s %zu %zu ", rdmaneg_peer_role_name(x->role), x->k, n);
		rdmaneg_hex_print(stdout, out, n);
		printf("\n");
		fflush(stdout);
		/* a frame that kills the kernel stops the console: let the
		 * line out first */
		if (isatty(STDOUT_FILENO))
			tcdrain(STDOUT_FILENO);
	}
	return n;
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

/* One run's state, from its setup to its report. */
struct run {
	enum rdmaneg_peer_role role;
	const struct rdmaneg_peer_opts *o;
	struct plan p;
	struct rdmaneg_peer_row *rows;
	size_t nrows;
	struct sockaddr_storage sa; /* request: the SUT */
	socklen_t salen;
	int lfd, kfd; /* reply: the listening socket; --kmsg */
	struct ulp_tail ulp;
	struct rdmaneg_arcs cov;
	struct corpus corp;
	struct guided pool[GUIDED_POOL];
	struct rdmaneg_guide guide;
	struct guided child; /* the guided case under way */
	uint8_t frame[RDMANEG_PEER_FRAME_CAP];
	uint8_t fixed[RDMANEG_PEER_FRAME_CAP]; /* --frame */
	size_t fixed_n;
	double t0, t_rnd;
	bool reached; /* the SUT answered once */
};

/* The usage errors an option combination gives on its own: a message,
 * or NULL. */
static const char *opts_conflict(const struct rdmaneg_peer_opts *o)
{
	if (o->guided && (!o->gcov || o->random == 0))
		return "--guided needs --gcov DIR and --random N";
	if (o->corpus && o->random == 0)
		return "--corpus needs --random N";
	return NULL;
}

/* The cases a run sends, in order: --frame alone, or the table cases of
 * this role that --case and --only-expected select. */
static int plan_cases(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	struct rdmaneg_peer_params prm = { (uint16_t)o->local_max };
	struct plan *p = &u->p;

	p->ntable = rdmaneg_peer_cases(&prm, p->table, RDMANEG_PEER_CASES_MAX);
	for (p->nmutable = 0;
	     p->nmutable < p->ntable && p->table[p->nmutable].r.delivery != RDMANEG_DELIVER_RESET &&
	     p->table[p->nmutable].r.delivery != RDMANEG_DELIVER_THEN_RESET;
	     p->nmutable++)
		;
	if (p->nmutable == 0) { /* random cases draw from the table */
		fprintf(stderr, "rdmaneg-peer: the case table is empty\n");
		return -1;
	}
	p->pick = calloc(p->ntable + o->random + 1, sizeof(*p->pick));
	u->rows = calloc(p->ntable + o->random + 1, sizeof(*u->rows));
	if (!p->pick || !u->rows) {
		fprintf(stderr, "rdmaneg-peer: out of memory\n");
		return -1;
	}
	p->n = 0;
	if (o->frame_hex)
		p->pick[p->n++] = (size_t)-1;
	for (size_t i = 0; !o->frame_hex && !o->only_random && i < p->ntable; i++)
		if ((p->table[i].roles & RDMANEG_PEER_ROLE_BIT(u->role)) &&
		    selected(o, p->table[i].name) &&
		    (!o->only_expected ||
		     in_baseline(o->expect, rdmaneg_peer_role_name(u->role), p->table[i].name)))
			p->pick[p->n++] = i;
	if (p->n == 0 && o->random == 0) {
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
	char err[200];

	if (u->role == RDMANEG_PEER_REQUEST) {
		if (!o->target) {
			fprintf(stderr, "rdmaneg-peer: request needs HOST:PORT\n");
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
		if (rdmaneg_arcs_open(&u->cov, o->gcov, err, sizeof(err)) != 0) {
			fprintf(stderr, "rdmaneg-peer: --gcov: %s\n", err);
			return -1;
		}
		printf("PEER_ARCS %s start 0 %zu 0 (%zu files, %zu arcs)\n",
		       rdmaneg_peer_role_name(u->role), u->cov.total, u->cov.nfiles, u->cov.narcs);
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
	if (o->corpus && load_corpus(o->corpus, &u->corp, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-peer: --corpus %s\n", err);
		return -1;
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
		u->fixed_n = h.len;
	}
	if (plan_cases(u) != 0 || open_ends(u) != 0)
		return -1;
	/* --guided starts from every table case of this role */
	rdmaneg_guide_init(&u->guide, u->pool, sizeof(u->pool[0]), GUIDED_POOL);
	for (size_t i = 0; o->guided && i < u->p.nmutable; i++)
		if (u->p.table[i].roles & RDMANEG_PEER_ROLE_BIT(u->role))
			(void)rdmaneg_guide_add(&u->guide, &(struct guided){ .c = i, .n = 0 });
	/* ... and from every --corpus frame */
	for (size_t i = 0; o->guided && i < u->corp.n; i++)
		(void)rdmaneg_guide_add(&u->guide, &(struct guided){ .base = u->corp.frame[i],
								     .base_n = u->corp.len[i] });
	return 0;
}

/* Case k of the run: a kept input one mutation further (guided), a random
 * mutation of a table case or corpus frame, the --frame octets, or a
 * table case. Names the row and fills x; returns the table case. */
static const struct rdmaneg_peer_case *choose(struct run *u, size_t k, struct rdmaneg_peer_row *r,
					      struct frame_ctx *x)
{
	const struct rdmaneg_peer_opts *o = u->o;
	const struct plan *p = &u->p;
	const struct rdmaneg_peer_case *c;
	bool rnd = k >= p->n;

	memset(x, 0, sizeof(*x));
	x->rng = rdmaneg_guide_rng(o->seed, (uint64_t)(k - p->n));
	if (rnd && o->guided && u->guide.n > 0) {
		u->child = *(const struct guided *)rdmaneg_guide_pick(&u->guide, &x->rng);
		u->child.seed[u->child.n < GUIDED_DEPTH ? u->child.n++ : GUIDED_DEPTH - 1] =
			rdmaneg_splitmix64(&x->rng);
		c = &p->table[u->child.c];
		x->chain = &u->child;
		x->fixed = u->child.base; /* a corpus frame, sent whole */
		x->fixed_n = u->child.base_n;
		snprintf(r->name, sizeof(r->name), "guided-%lu-%zu", o->seed, k - p->n);
		r->section = "guided";
	} else if (rnd) {
		size_t span = p->nmutable + u->corp.n; /* nmutable > 0: plan_cases */
		size_t i = span ? (size_t)(rdmaneg_splitmix64(&x->rng) % span) : 0;

		c = &p->table[i < p->nmutable ? i : 0];
		if (i >= p->nmutable) { /* a corpus frame, sent whole */
			x->fixed = u->corp.frame[i - p->nmutable];
			x->fixed_n = u->corp.len[i - p->nmutable];
		}
		snprintf(r->name, sizeof(r->name), "random-%lu-%zu", o->seed, k - p->n);
		r->section = "random";
	} else if (p->pick[k] == (size_t)-1) {
		c = &p->table[0];
		snprintf(r->name, sizeof(r->name), "frame");
		r->section = "frame";
		x->fixed = u->fixed;
		x->fixed_n = u->fixed_n;
	} else {
		c = &p->table[p->pick[k]];
		snprintf(r->name, sizeof(r->name), "%s", c->name);
		r->section = c->section;
	}
	x->c = c;
	x->role = u->role;
	x->random = rnd;
	x->k = k;
	x->progress = o->progress;
	r->role = u->role;
	return c;
}

/* Sends case x and captures what came back into r and w, with the
 * expectation for what was sent: 0, or -1 (after a message) when the SUT
 * was never reachable. A SUT that answered before and no longer does is
 * a finding of this row. */
static int exchange(struct run *u, struct frame_ctx *x, struct rdmaneg_peer_row *r,
		    struct rdmaneg_peer_wire *w, int *rc)
{
	const struct rdmaneg_peer_opts *o = u->o;
	enum rdmaneg_peer_delivery d = x->fixed ? RDMANEG_DELIVER_WHOLE : x->c->r.delivery;
	size_t n = 0;

	if (u->role == RDMANEG_PEER_REQUEST) {
		n = make_frame(x, NULL, 0, u->frame, sizeof(u->frame));
		rdmaneg_peer_expect_request(u->frame, n, d, &r->e);
		*rc = rdmaneg_peer_run_request(&u->sa, u->salen, u->frame, n, d, o->timeout_ms,
					       &r->o, w);
	} else {
		*rc = rdmaneg_peer_run_reply(u->lfd, o->accept_ms, make_frame, x, d, o->timeout_ms,
					     u->frame, sizeof(u->frame), &n, &r->o, w);
		if (*rc == 0)
			rdmaneg_peer_expect_reply(w->req, w->req_len, u->frame, n, d, &r->e);
	}
	if (*rc != 0) {
		if (!u->reached) {
			if (u->role == RDMANEG_PEER_REQUEST)
				fprintf(stderr, "rdmaneg-peer: cannot reach %s: %s\n", o->target,
					w->err);
			else
				fprintf(stderr, "rdmaneg-peer: port %d: %s\n", o->listen_port,
					w->err);
			return -1;
		}
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
		printf("PEER_VERDICT %s %zu %s %s %s\n", rdmaneg_peer_role_name(u->role), k,
		       r->name, rdmaneg_verdict_name(r->r.kind), line_clause(&r->r));
}

/* The summary, the table, --json and --junit, and the exit status. */
static int report(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	double secs = (rdmaneg_peer_now_ms() - u->t0) / 1000.0;
	struct rdmaneg_peer_totals t;
	int ret;
	FILE *f;

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

/* Each case in turn: choose, exchange (capture and expect), observe,
 * judge; the kernel's arcs after it (--gcov); then the report. */
static int cases(struct run *u)
{
	const struct rdmaneg_peer_opts *o = u->o;
	char err[200];

	u->t0 = rdmaneg_peer_now_ms();
	for (size_t k = o->from; k < u->p.n + o->random; k++) {
		struct rdmaneg_peer_row *r = &u->rows[u->nrows];
		static struct rdmaneg_peer_wire w;
		struct frame_ctx x;
		bool rnd = k >= u->p.n;
		int rc;

		/* the budget runs from the first random case: a slow kernel's
		 * table does not eat it */
		if (rnd && u->t_rnd == 0)
			u->t_rnd = rdmaneg_peer_now_ms();
		if (rnd && o->budget &&
		    rdmaneg_peer_now_ms() - u->t_rnd > (double)o->budget * 1000.0)
			break;
		memset(&w, 0, sizeof(w));
		choose(u, k, r, &x);
		if (o->progress)
			printf("PEER_CASE %s %zu %s\n", rdmaneg_peer_role_name(u->role), k,
			       r->name);
		if (exchange(u, &x, r, &w, &rc) != 0)
			return RDMANEG_PEER_EXIT_USAGE;
		observe_and_judge(u, k, r, &w, rc);
		if (o->gcov) {
			long fresh = rdmaneg_arcs_sample(&u->cov, err, sizeof(err));

			if (fresh < 0) {
				fprintf(stderr, "rdmaneg-peer: --gcov: %s\n", err);
				return RDMANEG_PEER_EXIT_USAGE;
			}
			printf("PEER_ARCS %s %zu %.0f %zu %ld\n", rdmaneg_peer_role_name(u->role),
			       k, rdmaneg_peer_now_ms() - u->t0, u->cov.total, fresh);
			/* a kept input: it reached arcs no case had */
			if (x.chain)
				(void)rdmaneg_guide_keep(&u->guide, &u->child, fresh);
		}
		fflush(stdout);
		u->nrows++;
		if (r->o.unreachable)
			break;
	}
	return report(u);
}

int rdmaneg_peer_run(enum rdmaneg_peer_role role, const struct rdmaneg_peer_opts *o)
{
	static struct run u;
	int ret;

	memset(&u, 0, sizeof(u));
	u.role = role;
	u.o = o;
	u.lfd = u.kfd = -1;
	ret = setup(&u) != 0 ? RDMANEG_PEER_EXIT_USAGE : cases(&u);
	if (u.ulp.f)
		fclose(u.ulp.f);
	if (u.lfd >= 0)
		close(u.lfd);
	if (u.kfd >= 0)
		close(u.kfd);
	free(u.p.pick);
	free(u.rows);
	return ret;
}

int rdmaneg_peer_list(const struct rdmaneg_peer_opts *o)
{
	static struct rdmaneg_peer_case c[RDMANEG_PEER_CASES_MAX];
	struct rdmaneg_peer_params prm = { (uint16_t)o->local_max };
	size_t n = rdmaneg_peer_cases(&prm, c, RDMANEG_PEER_CASES_MAX);

	for (size_t i = 0; i < n; i++)
		if (selected(o, c[i].name))
			printf("%-30s %-22s %s\n", c[i].name, c[i].section,
			       c[i].roles == RDMANEG_PEER_BOTH ? "request,reply"
			       : c[i].roles & RDMANEG_PEER_ROLE_BIT(RDMANEG_PEER_REQUEST)
				       ? "request"
				       : "reply");
	return 0;
}
