// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * plan: what rdmaneg-peer sends, by case name (see plan.h).
 */
#define _GNU_SOURCE
#include "peer/plan.h"

#include "util/file.h"
#include "util/guide.h"
#include "util/hex.h"
#include "util/rng.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int rdmaneg_peer_plan_init(struct rdmaneg_peer_plan *p, enum rdmaneg_peer_role role,
			   uint16_t local_max)
{
	struct rdmaneg_peer_params prm = { local_max };

	p->role = role;
	p->corpus = NULL;
	p->fixed = NULL;
	p->fixed_n = 0;
	p->ntable = rdmaneg_peer_cases(&prm, p->table, RDMANEG_PEER_CASES_MAX);
	for (p->nmutable = 0;
	     p->nmutable < p->ntable && p->table[p->nmutable].r.delivery != RDMANEG_DELIVER_RESET &&
	     p->table[p->nmutable].r.delivery != RDMANEG_DELIVER_THEN_RESET &&
	     p->table[p->nmutable].r.delivery != RDMANEG_DELIVER_RTR_BAD_CRC;
	     p->nmutable++)
		;
	return p->nmutable == 0 ? -1 : 0; /* random cases draw from the table */
}

static int visible(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

int rdmaneg_peer_corpus_load(const char *dir, struct rdmaneg_peer_corpus *cp, char *err, size_t cap)
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
			if (cp->n == RDMANEG_PEER_CORPUS_MAX ||
			    cp->used + len > sizeof(cp->arena)) {
				snprintf(err, cap, "%s: more than %d frames or %u octets", dir,
					 RDMANEG_PEER_CORPUS_MAX, RDMANEG_PEER_CORPUS_ARENA);
				rc = -1;
			} else if (!rdmaneg_casename_corpus(names[i]->d_name, cp->base[cp->n],
							    sizeof(cp->base[0]))) {
				snprintf(err, cap, "%s: '%s' cannot be part of a case name", dir,
					 names[i]->d_name);
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

const struct rdmaneg_peer_case *rdmaneg_peer_plan_find(const struct rdmaneg_peer_plan *p,
						       const char *name)
{
	for (size_t i = 0; i < p->ntable; i++)
		if ((p->table[i].roles & RDMANEG_PEER_ROLE_BIT(p->role)) &&
		    strcmp(p->table[i].name, name) == 0)
			return &p->table[i];
	return NULL;
}

static size_t ncorpus(const struct rdmaneg_peer_plan *p)
{
	return p->corpus ? p->corpus->n : 0;
}

size_t rdmaneg_peer_plan_bases(const struct rdmaneg_peer_plan *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->nmutable; i++)
		n += (p->table[i].roles & RDMANEG_PEER_ROLE_BIT(p->role)) != 0;
	return n + ncorpus(p);
}

const char *rdmaneg_peer_plan_base(const struct rdmaneg_peer_plan *p, size_t i)
{
	for (size_t t = 0; t < p->nmutable; t++) {
		if (!(p->table[t].roles & RDMANEG_PEER_ROLE_BIT(p->role)))
			continue;
		if (i-- == 0)
			return p->table[t].name;
	}
	return i < ncorpus(p) ? p->corpus->base[i] : NULL;
}

/* A base (table case or corpus.FILE) into x: 0, or -1 when there is none. */
static int base_of(const struct rdmaneg_peer_plan *p, const char *base,
		   struct rdmaneg_peer_frame_ctx *x)
{
	for (size_t i = 0; i < ncorpus(p); i++)
		if (strcmp(p->corpus->base[i], base) == 0) {
			x->c = &p->table[0];
			x->fixed = p->corpus->frame[i];
			x->fixed_n = p->corpus->len[i];
			return 0;
		}
	x->c = rdmaneg_peer_plan_find(p, base);
	return x->c ? 0 : -1;
}

int rdmaneg_peer_resolve(const struct rdmaneg_peer_plan *p, const char *name,
			 struct rdmaneg_peer_frame_ctx *x, struct rdmaneg_peer_row *r, char *err,
			 size_t cap)
{
	struct rdmaneg_casename cn;
	size_t span = p->nmutable + ncorpus(p), i;

	memset(x, 0, sizeof(*x));
	x->role = p->role;
	if (!rdmaneg_casename_parse(name, &cn)) {
		snprintf(err, cap, "'%.60s' is not a case name", name);
		return -1;
	}
	switch (cn.kind) {
	case RDMANEG_CASENAME_RANDOM:
		/* a table case or corpus frame drawn by the case's generator,
		 * then one mutation from the same generator */
		x->rng = rdmaneg_guide_rng(cn.seed, cn.index);
		i = (size_t)(rdmaneg_splitmix64(&x->rng) % span); /* span > 0: plan_init */
		x->c = &p->table[i < p->nmutable ? i : 0];
		if (i >= p->nmutable) {
			x->fixed = p->corpus->frame[i - p->nmutable];
			x->fixed_n = p->corpus->len[i - p->nmutable];
		}
		x->random = true;
		r->section = "random";
		break;
	case RDMANEG_CASENAME_CHAIN:
		if (base_of(p, cn.base, x) != 0) {
			snprintf(err, cap, "%.60s: no table case or corpus frame %.60s", name,
				 cn.base);
			return -1;
		}
		memcpy(x->chain, cn.chain, sizeof(x->chain));
		x->nchain = cn.nchain;
		r->section = "guided";
		break;
	case RDMANEG_CASENAME_PLAIN:
		if (strcmp(name, "frame") == 0) {
			if (!p->fixed) {
				snprintf(err, cap, "the case 'frame' needs the frame's octets");
				return -1;
			}
			x->c = &p->table[0];
			x->fixed = p->fixed;
			x->fixed_n = p->fixed_n;
			r->section = "frame";
		} else if (base_of(p, name, x) != 0) {
			snprintf(err, cap, "no %s case or corpus frame '%.60s'",
				 rdmaneg_peer_role_name(p->role), name);
			return -1;
		} else {
			r->section = x->fixed ? "corpus" : x->c->section;
		}
		break;
	}
	snprintf(r->name, sizeof(r->name), "%s", name);
	r->role = p->role;
	return 0;
}

size_t rdmaneg_peer_make_frame(void *vctx, const uint8_t *req, size_t req_n, uint8_t *out,
			       size_t cap)
{
	struct rdmaneg_peer_frame_ctx *x = vctx;
	size_t n;

	if (x->fixed) {
		n = x->fixed_n < cap ? x->fixed_n : cap;
		memcpy(out, x->fixed, n);
	} else {
		n = rdmaneg_peer_frame(&x->c->r, x->role, req, req_n, out, cap);
	}
	for (size_t j = 0; j < x->nchain; j++) {
		uint64_t rng = x->chain[j];

		rdmaneg_peer_mutate(out, &n, cap, &rng);
	}
	if (x->random)
		rdmaneg_peer_mutate(out, &n, cap, &x->rng);
	if (x->progress && x->progress_fd >= 0) {
		/* a record holds what fits: the length tells a reader the
		 * frame is cut, as a dying console's line is */
		char hex[RDMANEG_PEER_PROGRESS_MAX - 64];

		(void)rdmaneg_hex_format(out, n, hex, sizeof(hex), NULL);
		rdmaneg_peer_progress(x->progress_fd, "PEER_FRAME %s %zu %zu %s",
				      rdmaneg_peer_role_name(x->role), x->k, n, hex);
	} else if (x->progress) {
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

void rdmaneg_peer_progress(int fd, const char *fmt, ...)
{
	char line[RDMANEG_PEER_PROGRESS_MAX + 2];
	va_list ap;
	int w;

	va_start(ap, fmt);
	w = vsnprintf(line, RDMANEG_PEER_PROGRESS_MAX, fmt, ap);
	va_end(ap);
	if (w < 0)
		return;
	if ((size_t)w >= RDMANEG_PEER_PROGRESS_MAX)
		w = (int)RDMANEG_PEER_PROGRESS_MAX - 1;
	line[w++] = '\n';
	if (fd >= 0) {
		/* one record; a frame that kills the kernel finds it printed */
		(void)!write(fd, line, (size_t)w);
		return;
	}
	fwrite(line, 1, (size_t)w, stdout);
	fflush(stdout);
	/* a frame that kills the kernel stops the console: let the line out */
	if (isatty(STDOUT_FILENO))
		tcdrain(STDOUT_FILENO);
}
