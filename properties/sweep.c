// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * sweep: exhaustive checks over the small encoded domains.
 *   rpcrdma: every (send code, recv code, R) of client x server = 2^34
 *            pairs, each checked against an independent oracle.
 *   mpa:     every initiator IRD x ORD (2^28) against a fixed set of
 *            initiator/responder capacities.
 *   enh:     every 32-bit enhanced word (2^32), decoded and re-encoded,
 *            bit for bit against a separate reading of [rfc6581#9].
 *   nvme:    every HSQSIZE x every CRQSIZE (a host's accept check, with
 *            and without RNR) and x every HRQSIZE (a target's judgement of
 *            the admin queue and of I/O queue 1 under Linux nvmet's
 *            limits): 2^34 checks against the oracle (oracle/nvme_ref.c).
 * --slice K keeps every K-th outer value (K=1 is the whole domain).
 */
#define _POSIX_C_SOURCE 200809L

#include "rules/nvme_rules.h"
#include "rules/rules.h"
#include "util/clock.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NSET (1u << 17) /* 256 send codes x 256 recv codes x R */
#define NO_NEG RDMANEG_MPA_NO_NEGOTIATE

static uint8_t pds[NSET][8];
static struct rdmaneg_conn clients[NSET], servers[NSET];

struct job {
	unsigned first, stride; /* outer values handled by this thread */
	unsigned long long pairs;
	char failure[512];
};

static void settings_of(unsigned i, struct rdmaneg_rpcrdma_settings *s)
{
	s->send_size = ((size_t)(i >> 9) + 1) * 1024;
	s->recv_size = ((size_t)((i >> 1) & 0xFF) + 1) * 1024;
	s->remote_invalidation = (i & 1) != 0;
}

static size_t min_code(unsigned a, unsigned b)
{
	return ((size_t)(a < b ? a : b) + 1) * 1024;
}

/* Servers per tile: their conns (128 octets each) stay in L2 while every
 * client of the thread meets them, instead of streaming 16 MB per client. */
#define TILE 512u

/* flatten (with -flto) inlines the core and the oracle's rules into the
 * hot loops; measured 20% faster for rpcrdma and mpa (not for enh) */

__attribute__((flatten)) static void *rpcrdma_worker(void *arg)
{
	struct job *j = arg;
	struct rdmaneg_oracle p;
	struct rdmaneg_conn *srv = malloc(TILE * sizeof(*srv));

	memset(&p, 0, sizeof(p));
	if (!srv) {
		snprintf(j->failure, sizeof(j->failure), "out of memory");
		return NULL;
	}
	for (unsigned s0 = 0; s0 < NSET; s0 += TILE) {
		/* each server renegotiates in place: negotiate replaces all
		 * peer-derived state ([rfc8797#4]), which this also checks */
		memcpy(srv, servers + s0, TILE * sizeof(*srv));
		for (unsigned ci = j->first; ci < NSET; ci += j->stride) {
			struct rdmaneg_conn c = clients[ci];
			unsigned cs = ci >> 9, cr = (ci >> 1) & 0xFF;

			for (unsigned k = 0; k < TILE; k++) {
				unsigned si = s0 + k, ss = si >> 9, sr = (si >> 1) & 0xFF;
				struct rdmaneg_conn *s = &srv[k];
				bool r = (ci & si & 1) != 0;

				rdmaneg_conn_negotiate(&c, pds[si], 8, RDMANEG_DECODE_STRICT);
				rdmaneg_conn_negotiate(s, pds[ci], 8, RDMANEG_DECODE_STRICT);
				/* oracle: c2s = min(client send, server recv), and so on */
				if (c.send_threshold != min_code(cs, sr) ||
				    c.recv_threshold != min_code(ss, cr) ||
				    s->send_threshold != min_code(ss, cr) ||
				    s->recv_threshold != min_code(cs, sr) ||
				    c.remote_invalidation != r || s->remote_invalidation != r ||
				    rdmaneg_rule_thresholds(&p, &c) ||
				    rdmaneg_rule_thresholds(&p, s) ||
				    rdmaneg_rule_agree(&p, &c, s)) {
					snprintf(
						j->failure, sizeof(j->failure),
						"client codes send=%u recv=%u R=%u, server send=%u recv=%u "
						"R=%u: client %zu/%zu R=%d, server %zu/%zu R=%d %s",
						cs, cr, ci & 1, ss, sr, si & 1, c.send_threshold,
						c.recv_threshold, c.remote_invalidation,
						s->send_threshold, s->recv_threshold,
						s->remote_invalidation, p.msg);
					free(srv);
					return NULL;
				}
			}
			j->pairs += TILE;
		}
	}
	free(srv);
	return NULL;
}

static int setup_rpcrdma(void)
{
	for (unsigned i = 0; i < NSET; i++) {
		struct rdmaneg_rpcrdma_settings s;

		settings_of(i, &s);
		if (rdmaneg_rpcrdma_encode(&s, pds[i], 8) ||
		    rdmaneg_conn_init(&clients[i], RDMANEG_ROLE_CLIENT, &s) ||
		    rdmaneg_conn_init(&servers[i], RDMANEG_ROLE_SERVER, &s)) {
			printf("sweep rpcrdma: setup failed at %u\n", i);
			return 1;
		}
	}
	return 0;
}

/* IRD/ORD: capacities chosen to cover every branch of [rfc6581#9.1]. */
static const struct rdmaneg_mpa_local rsp_set[] = {
	{ 0, 0, 0, 0, false, RDMANEG_RTR_SEND },
	{ 4, 8, 16, 0, false, RDMANEG_RTR_SEND },
	{ 4, 8, 16, 6, false, RDMANEG_RTR_ALL },
	{ 1, 0x3FFE, 0x3FFE, 0, false, RDMANEG_RTR_READ },
	{ 0x3FFE, 2, 0x3FFE, 2, false, RDMANEG_RTR_WRITE },
};
static const uint16_t ini_cap[] = { 0, 8, 0x3FFE };

__attribute__((flatten)) static void *mpa_worker(void *arg)
{
	struct job *j = arg;
	struct rdmaneg_oracle p;

	memset(&p, 0, sizeof(p));
	for (unsigned ird = j->first; ird <= NO_NEG; ird += j->stride) {
		for (unsigned ord = 0; ord <= NO_NEG; ord++) {
			for (size_t k = 0; k < sizeof(ini_cap) / sizeof(ini_cap[0]); k++) {
				struct rdmaneg_mpa_local ini = { (uint16_t)ird, (uint16_t)ord,
								 ini_cap[k],	0,
								 false,		0 };
				struct rdmaneg_mpa_enh req, rep;
				struct rdmaneg_mpa_outcome ro, io;

				if (ird != NO_NEG && ird > ini.ird_max)
					continue;
				for (size_t r = 0; r < sizeof(rsp_set) / sizeof(rsp_set[0]); r++) {
					if (rdmaneg_mpa_request(&ini, &req) ||
					    rdmaneg_mpa_respond(&rsp_set[r], &req, &rep, &ro) ||
					    rdmaneg_mpa_complete(&ini, &req, &rep, !ro.accepted,
								 &io) ||
					    rdmaneg_rule_ird_ord(&p, &ini, &rsp_set[r], &req, &rep,
								 &ro, &io)) {
						snprintf(
							j->failure, sizeof(j->failure),
							"initiator IRD=%u ORD=%u cap=%u, responder #%zu: %s",
							ird, ord, ini.ird_max, r,
							p.msg[0] ? p.msg : "call failed");
						return NULL;
					}
					j->pairs++;
				}
			}
		}
	}
	return NULL;
}

/* [rfc6581#9]: the word as one network-order 32-bit value,
 * A B IRD(14) C D ORD(14), read without the codec. */
static void *enh_worker(void *arg)
{
	struct job *j = arg;

	for (unsigned hi = j->first; hi < 0x10000u; hi += j->stride) {
		struct rdmaneg_mpa_enh e;

		/* a field decode leaves unset shows as this pattern */
		memset(&e, 0xA5, sizeof(e));
		for (unsigned lo = 0; lo < 0x10000u; lo++) {
			uint32_t w = (uint32_t)hi << 16 | lo;
			const uint8_t p[4] = { (uint8_t)(w >> 24), (uint8_t)(w >> 16),
					       (uint8_t)(w >> 8), (uint8_t)w };
			bool a = (w >> 31) & 1u, b = (w >> 30) & 1u, c = (w >> 15) & 1u,
			     d = (w >> 14) & 1u;
			uint16_t ird = (uint16_t)((w >> 16) & 0x3FFFu),
				 ord = (uint16_t)(w & 0x3FFFu);
			/* [rfc6581#9.2]: A=0 with B, C or D cannot be sent */
			int want = !a && (b || c || d) ? RDMANEG_E_MPA_FLAGS : RDMANEG_OK;
			uint8_t out[4] = { 0 };
			int rc;

			/* [rfc6581#9-2] [rfc6581#9-3] [rfc6581#9-5] [rfc6581#9-6] [rfc6581#9-7] [rfc6581#9-8] */
			if (rdmaneg_mpa_enh_decode(p, 4, &e) != RDMANEG_OK || e.a != a ||
			    e.b != b || e.c != c || e.d != d || e.ird != ird || e.ord != ord) {
				snprintf(j->failure, sizeof(j->failure),
					 "word %08x decodes to A=%d B=%d C=%d D=%d IRD=%u ORD=%u, "
					 "[rfc6581#9] reads A=%d B=%d C=%d D=%d IRD=%u ORD=%u",
					 w, e.a, e.b, e.c, e.d, e.ird, e.ord, a, b, c, d, ird, ord);
				return NULL;
			}
			rc = rdmaneg_mpa_enh_encode(&e, out, 4);
			/* [rfc6581#9-1] */
			if (rc != want || (rc == RDMANEG_OK && memcmp(out, p, 4) != 0)) {
				snprintf(j->failure, sizeof(j->failure),
					 "word %08x: encode(decode(w)) returned %d (want %d) and "
					 "wrote %02x%02x%02x%02x",
					 w, rc, want, out[0], out[1], out[2], out[3]);
				return NULL;
			}
		}
		j->pairs += 0x10000u;
	}
	return NULL;
}

/* [nvme-rdma#fig5], 6, 11: outer value HSQSIZE, inner the other u16 */
static void *nvme_worker(void *arg)
{
	static const struct rdmaneg_nvme_limits lim = { 128, 32, 1024 };
	struct job *j = arg;

	for (unsigned hsq = j->first; hsq < 0x10000u; hsq += j->stride) {
		struct rdmaneg_nvme_req r = { 0 };
		uint8_t req[RDMANEG_NVME_REQ_LEN] = { 0 }, acc[RDMANEG_NVME_ACCEPT_LEN] = { 0 };

		r.hsqsize = (uint16_t)hsq;
		req[6] = (uint8_t)(hsq & 0xffu);
		req[7] = (uint8_t)(hsq >> 8);
		for (unsigned v = 0; v < 0x10000u; v++) {
			struct rdmaneg_nvme_accept a;
			struct rdmaneg_nvme_answer ans;
			struct rdmaneg_ref_nvme_answer ref;
			unsigned d;

			acc[2] = req[4] = (uint8_t)(v & 0xffu);
			acc[3] = req[5] = (uint8_t)(v >> 8);
			for (int rnr = 0; rnr < 2; rnr++) {
				if (rdmaneg_nvme_accept_check(acc, sizeof(acc), &r, rnr, &a, &d) !=
					    RDMANEG_OK ||
				    /* [nvme-rdma#fig6-4] */
				    d != rdmaneg_ref_nvme_accept(acc, sizeof(acc), hsq, rnr)) {
					snprintf(j->failure, sizeof(j->failure),
						 "HSQSIZE %u CRQSIZE %u rnr %d: defects 0x%x, the "
						 "oracle says 0x%x",
						 hsq, v, rnr, d,
						 rdmaneg_ref_nvme_accept(acc, sizeof(acc), hsq,
									 rnr));
					return NULL;
				}
			}
			for (uint8_t qid = 0; qid < 2; qid++) {
				req[2] = qid;
				rdmaneg_ref_nvme_target(req, sizeof(req), &lim, &ref);
				/* [nvme-rdma#fig5-4] */
				if (rdmaneg_nvme_target_judge(req, sizeof(req), &lim, &ans) !=
					    RDMANEG_OK ||
				    ans.sts != ref.sts || ans.allowed != ref.allowed) {
					snprintf(
						j->failure, sizeof(j->failure),
						"QID %u HSQSIZE %u HRQSIZE %u: status %u set 0x%x, "
						"the oracle says %u set 0x%x",
						qid, hsq, v, ans.sts, ans.allowed, ref.sts,
						ref.allowed);
					return NULL;
				}
			}
		}
		j->pairs += 4ull * 0x10000ull;
	}
	return NULL;
}

static double now(void)
{
	return (double)rdmaneg_mono_us() / 1e6;
}

/* Runs worker on `jobs` threads, each taking every (jobs*slice)-th outer
 * value; returns 1 if any thread found a failure. */
static int spawn(void *(*worker)(void *), const char *what, unsigned jobs, unsigned slice,
		 unsigned long long *total)
{
	static struct job jb[64];
	pthread_t th[64];
	int failed = 0;

	for (unsigned t = 0; t < jobs; t++) {
		jb[t] = (struct job){ t * slice, jobs * slice, 0, "" };
		pthread_create(&th[t], NULL, worker, &jb[t]);
	}
	for (unsigned t = 0; t < jobs; t++) {
		pthread_join(th[t], NULL);
		*total += jb[t].pairs;
		if (jb[t].failure[0]) {
			printf("FAIL sweep %s: %s\n", what, jb[t].failure);
			failed = 1;
		}
	}
	return failed;
}

/* SWEEP_ONLY=N builds one sweep alone (1 rpcrdma, 2 mpa, 3 enh, 4 nvme):
 * make test's sweep-<kind> suites, each of which reruns only when the code
 * it links changes; without it, one program runs them all */
#ifdef SWEEP_ONLY
#define BUILT(k) ((k) == SWEEP_ONLY)
#else
#define BUILT(k) 1
#endif

int main(int argc, char **argv)
{
	unsigned slice = 1, jobs = 2;
	const char *what = argc > 1 ? argv[1] : "";
	unsigned long long total = 0;
	int failed = 0, kind = 0;
	double t0;
	void *(*worker)(void *) = NULL;

	for (int i = 2; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--slice") == 0)
			slice = (unsigned)strtoul(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "--jobs") == 0)
			jobs = (unsigned)strtoul(argv[i + 1], NULL, 10);
	}
	if (BUILT(1) && strcmp(what, "rpcrdma") == 0)
		kind = 1, worker = rpcrdma_worker;
	else if (BUILT(2) && strcmp(what, "mpa") == 0)
		kind = 2, worker = mpa_worker;
	else if (BUILT(3) && strcmp(what, "enh") == 0)
		kind = 3, worker = enh_worker;
	else if (BUILT(4) && strcmp(what, "nvme") == 0)
		kind = 4, worker = nvme_worker;
	if (!worker || slice == 0 || jobs == 0 || jobs > 64) {
		fprintf(stderr, "usage: sweep %s [--slice K] [--jobs N]\n",
			BUILT(1) && BUILT(2) ? "rpcrdma|mpa|enh|nvme"
			: BUILT(1)	     ? "rpcrdma"
			: BUILT(2)	     ? "mpa"
			: BUILT(3)	     ? "enh"
					     : "nvme");
		return 2;
	}
	t0 = now();
	if (BUILT(1) && kind == 1 && setup_rpcrdma())
		return 1;
	failed = spawn(worker, what, jobs, slice, &total);
	if (kind == 3)
		printf("sweep enh: %llu of %llu enhanced words (slice 1/%u), %u threads, %.1f s\n",
		       total, 1ull << 32, slice, jobs, now() - t0);
	else if (kind == 4)
		printf("sweep nvme: %llu of %llu checks (HSQSIZE slice 1/%u), %u threads, %.1f s\n",
		       total, 1ull << 34, slice, jobs, now() - t0);
	else if (kind == 1)
		printf("sweep rpcrdma: %llu of %llu pairs (slice 1/%u), %u threads, %.1f s\n",
		       total, (unsigned long long)NSET * NSET, slice, jobs, now() - t0);
	else
		printf("sweep mpa: %llu exchanges (initiator IRD slice 1/%u x all ORD x %zu "
		       "initiator capacities x %zu responders), %u threads, %.1f s\n",
		       total, slice, sizeof(ini_cap) / sizeof(ini_cap[0]),
		       sizeof(rsp_set) / sizeof(rsp_set[0]), jobs, now() - t0);
	printf("sweep %s: %d passed, %d failed\n", what, !failed, failed);
	return failed;
}
