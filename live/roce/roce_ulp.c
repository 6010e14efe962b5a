// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's ULP rows and the ULPs' REPs judged; see roce_ulp.h. */
#include "live/roce/roce_ulp.h"

#include "live/iser/iser.h"
#include "live/nfs/nfs.h"
#include "live/nvme/nvme.h"
#include "live/roce/roce_mads.h"
#include "oracle/ibcm_ref.h"
#include "rules/iser_rules.h"
#include "rules/nvme_rules.h"
#include "rules/rules.h"
#include <rdmaneg/ibcm.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool live_roce_req_ulp_span(size_t *off, size_t *n)
{
	if (rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REQ, off, n) != RDMANEG_OK ||
	    *n < RDMANEG_IBCM_CMA_HDR_LEN)
		return false;
	*off += RDMANEG_IBCM_CMA_HDR_LEN;
	*n -= RDMANEG_IBCM_CMA_HDR_LEN;
	return true;
}

/* each ULP's row name of its suite's case i; false past the last (and
 * for the iSER suite's target cases, which go to an initiator) */
static bool nvme_name(size_t i, char *name, size_t cap)
{
	struct live_nvme_case nc;

	return live_nvme_case(i, &nc) && snprintf(name, cap, "nvmet-%.40s", nc.name) > 0;
}

static bool nfs_name(size_t i, char *name, size_t cap)
{
	struct live_nfs_case fc;

	return live_nfs_case(i, &fc) && snprintf(name, cap, "svcrdma-%.38s", fc.name) > 0;
}

static bool iser_name(size_t i, char *name, size_t cap)
{
	struct live_iser_case ic;

	/* a session case's REQ is another's: over RoCE the peer sends no
	 * more than the REQ */
	return live_iser_case(i, &ic) && ic.role == LIVE_ISER_INITIATOR &&
	       ic.session == LIVE_ISER_SESSION_NONE &&
	       snprintf(name, cap, "isert-%.40s", ic.name) > 0;
}

/* nvmet's limits: those of the kernel line that answers */
static struct rdmaneg_nvme_limits nvmet_lim = RDMANEG_NVME_LIMITS_LINUX;

const char *live_roce_ulp_kernel(const char *release, struct rdmaneg_nvme_limits *lim)
{
	const char *line = live_nvme_limits(release, &nvmet_lim);

	if (lim)
		*lim = nvmet_lim;
	return line;
}

/* [nvme-rdma#fig5-1]: the NVMe suite's case i, zeros after it (over
 * the IB CM the private data has no length of its own), and what the
 * NVMe oracle's target allows for those 56 octets (the limits of the
 * kernel's line, as the NVMe suite judges nvmet) */
static void nvme_octets(size_t i, struct live_roce_case *c)
{
	const struct rdmaneg_nvme_limits lim = nvmet_lim;
	struct rdmaneg_ref_nvme_answer ref;
	struct live_nvme_case nc;
	size_t off, n;

	if (!live_nvme_case(i, &nc) || !live_roce_req_ulp_span(&off, &n) || n < nc.pd_len)
		return;
	memset(c->mad + off, 0, n);
	memcpy(c->mad + off, nc.pd, nc.pd_len);
	rdmaneg_ref_nvme_target(c->mad + off, n, &lim, &ref);
	c->ulp = LIVE_ROCE_ULP_NVMET;
	c->ulp_allowed = ref.allowed;
	c->ulp_sts = ref.sts;
}

/* The NFS suite's case i, zeros after it; a case longer than the REQ's
 * 56 ULP octets keeps its last 56, its message still last. A conforming
 * server accepts each: a message it cannot read is no message
 * ([rfc8797#5.2-1]), and none means the defaults ([rfc8797#5.1-1]). */
static void nfs_octets(size_t i, struct live_roce_case *c)
{
	struct live_nfs_case fc;
	size_t off, n, cut;

	if (!live_nfs_case(i, &fc) || !live_roce_req_ulp_span(&off, &n))
		return;
	cut = fc.pd_len > n ? fc.pd_len - n : 0;
	memset(c->mad + off, 0, n);
	memcpy(c->mad + off, fc.pd + cut, fc.pd_len - cut);
	c->ulp = LIVE_ROCE_ULP_SVCRDMA;
	c->ulp_allowed = 1;
	c->ulp_sts = 0;
}

/* The iSER suite's hostile initiator's case i: its header first, so a
 * case longer than the REQ's 56 ULP octets keeps its first 56, zeros
 * after a shorter one. A conforming target accepts each
 * ([iser-a12#rep-1]); its REP is judged by live_roce_ulp_rep(). */
static void iser_octets(size_t i, struct live_roce_case *c)
{
	struct live_iser_case ic;
	size_t off, n;

	if (!live_iser_case(i, &ic) || !live_roce_req_ulp_span(&off, &n))
		return;
	memset(c->mad + off, 0, n);
	memcpy(c->mad + off, ic.pd, ic.pd_len < n ? ic.pd_len : n);
	c->ulp = LIVE_ROCE_ULP_ISERT;
	c->ulp_allowed = 1;
	c->ulp_sts = 0;
}

/* What RFC 8797 private data b (n octets) asks of its receiver, as the
 * oracle's reference decoder reads it ([rfc8797#5.2]): none at all
 * ([rfc8797#5.1-1]), no message ([rfc8797#5.2-1]), a message with
 * Reserved bits set ([rfc8797#4-6]), or a message (msg) */
static const char *rpcrdma_clause(const uint8_t *b, size_t n, const char *msg)
{
	struct rdmaneg_rpcrdma_result m;
	bool zero = true;

	for (size_t i = 0; i < n; i++)
		zero = zero && b[i] == 0;
	if (zero)
		return "rfc8797#5.1-1";
	rdmaneg_ref_decode(b, n, false, &m);
	if (!m.present)
		return "rfc8797#5.2-1";
	return (m.flags & ~RDMANEG_RPCRDMA_R_BIT) != 0 ? "rfc8797#4-6" : msg;
}

/* svcrdma's rows: what the ULP octets ask of it, a message its layout
 * ([rfc8797#4-2]) */
static const char *nfs_clause(const struct live_roce_case *c)
{
	size_t off, n;

	if (!live_roce_req_ulp_span(&off, &n))
		return "rfc8797#5.2-1";
	return rpcrdma_clause(c->mad + off, n, "rfc8797#4-2");
}

/* nvmet's rows: the clause of the status the oracle's target answers with */
static const char *nvme_clause(const struct live_roce_case *c)
{
	static const char *const by_sts[] = { "nvme-rdma#fig5-1", "nvme-rdma#fig5-7",
					      "nvme-rdma#fig5-2", "nvme-rdma#fig5-3",
					      "nvme-rdma#fig5-4", "nvme-rdma#fig5-5",
					      "nvme-rdma#fig5-1", "nvme-rdma#fig5-1",
					      "nvme-rdma#fig5-1", "nvme-rdma#fig5-6" };

	return c->ulp_sts < sizeof(by_sts) / sizeof(by_sts[0]) ? by_sts[c->ulp_sts]
							       : "nvme-rdma#fig5-1";
}

static const char *iser_clause(const struct live_roce_case *c)
{
	(void)c;
	return "iser-a12#rep-1";
}

/* isert's REP header for c's REQ: the core's answer with isert's
 * capabilities, which the oracle must agree with ([iser-a12#req-2]),
 * against the REP's first 4 octets ([iser-a12#rep-1]) */
static bool isert_rep(const struct live_roce_case *c, const uint8_t *pd, size_t n, char *why,
		      size_t cap)
{
	struct rdmaneg_iser_hdr rep;
	uint8_t want[RDMANEG_ISER_HDR_LEN] = { 0 };
	size_t off, len;
	bool inv = false;

	if (!live_roce_req_ulp_span(&off, &len) ||
	    rdmaneg_iser_target_reply(c->mad + off, len, LIVE_ISERT_SI, LIVE_ISERT_ZBVA, &rep,
				      &inv) != RDMANEG_OK ||
	    rdmaneg_iser_encode(&rep, want, sizeof(want)) != RDMANEG_OK) {
		snprintf(why, cap, "the core answers no REP to this REQ");
		return false;
	}
	if (inv != rdmaneg_ref_iser_may_invalidate(c->mad + off, len)) {
		snprintf(why, cap, "the core and the oracle differ on Send with Invalidate");
		return false;
	}
	if (n < RDMANEG_ISER_HDR_LEN || memcmp(pd, want, sizeof(want)) != 0) {
		snprintf(why, cap, "header %02x%02x%02x%02x, want %02x000000", n > 0 ? pd[0] : 0,
			 n > 1 ? pd[1] : 0, n > 2 ? pd[2] : 0, n > 3 ? pd[3] : 0, want[0]);
		return false;
	}
	snprintf(why, cap, "header %02x000000", want[0]);
	return true;
}

/* svcrdma's REP: its RFC 8797 message, if any, by the oracle's reading */
static bool nfs_rep(const struct live_roce_case *c, const uint8_t *pd, size_t n, char *why,
		    size_t cap)
{
	struct rdmaneg_rpcrdma_result m;

	(void)c;
	/* the oracle's reading, never the core's ([rfc8797#5.2]) */
	rdmaneg_ref_decode(pd, n, false, &m);
	if (!m.present) {
		snprintf(why, cap, "no RFC 8797 message");
		return true;
	}
	if ((m.flags & ~RDMANEG_RPCRDMA_R_BIT) != 0) {
		snprintf(why, cap, "Reserved bits 0x%02x set in its message ([rfc8797#4-6])",
			 m.flags & ~RDMANEG_RPCRDMA_R_BIT & 0xFFu);
		return false;
	}
	snprintf(why, cap, "v%u at %zu, R %u, send %zu, receive %zu", m.version, m.offset,
		 m.flags & RDMANEG_RPCRDMA_R_BIT, m.send_size, m.recv_size);
	return true;
}

/* nvmet's REP: the accept ([nvme-rdma#fig6]) at the start of the REP's
 * private data, zeros after what the MAD carried, judged by the NVMe
 * oracle against the HSQSIZE of c's REQ, with RNR flow control when the
 * REQ's RNR Retry Count is not 0 (the oracle's reading of the REQ) */
static unsigned nvme_accept(const struct live_roce_case *c, const uint8_t *pd, size_t n,
			    uint8_t acc[32], unsigned *hsq, bool *rnr)
{
	size_t off, len;

	memset(acc, 0, 32);
	memcpy(acc, pd, n < 32 ? n : 32);
	*hsq = live_roce_nvme_hsqsize(c->mad);
	*rnr = rdmaneg_ref_ibcm_field(c->mad, RDMANEG_IBCM_F_REQ_RNR_RETRY_COUNT) > 0;
	if (!live_roce_req_ulp_span(&off, &len) || len < 8)
		return RDMANEG_NVME_D_SHORT;
	return rdmaneg_ref_nvme_accept(acc, 32, *hsq, *rnr);
}

static bool nvme_rep(const struct live_roce_case *c, const uint8_t *pd, size_t n, char *why,
		     size_t cap)
{
	uint8_t acc[32];
	unsigned hsq;
	bool rnr;
	unsigned d = nvme_accept(c, pd, n, acc, &hsq, &rnr);

	snprintf(why, cap, "RECFMT %u, CRQSIZE %u for HSQSIZE %u, %s", rdmaneg_ref_nvme_u16(acc, 0),
		 rdmaneg_ref_nvme_u16(acc, 2), hsq,
		 rnr ? "RNR retry: at most HSQSIZE" : "no RNR retry: equal to HSQSIZE");
	return d == 0;
}

/* the clause an accept breaks: RECFMT ([nvme-rdma#fig6-2]), else CRQSIZE
 * with RNR flow control (fig6-4) or without (fig6-3) */
static const char *nvme_rep_clause(const struct live_roce_case *c, const uint8_t *pd, size_t n)
{
	uint8_t acc[32];
	unsigned hsq;
	bool rnr;
	unsigned d = nvme_accept(c, pd, n, acc, &hsq, &rnr);

	if (d & (RDMANEG_NVME_D_SHORT | RDMANEG_NVME_D_RECFMT))
		return "nvme-rdma#fig6-2";
	return rnr ? "nvme-rdma#fig6-4" : "nvme-rdma#fig6-3";
}

static const char *iser_rep_clause(const struct live_roce_case *c, const uint8_t *pd, size_t n)
{
	(void)c, (void)pd, (void)n;
	return "iser-a12#rep-1";
}

static const char *nfs_rep_clause(const struct live_roce_case *c, const uint8_t *pd, size_t n)
{
	(void)c, (void)pd, (void)n;
	return "rfc8797#4-6";
}

/* nvmet's REJ: its STS, by the core's reader of [nvme-rdma#fig7] */
static long nvme_rej(const uint8_t *pd, size_t n)
{
	struct rdmaneg_nvme_reject rej;
	unsigned d = 0;

	return rdmaneg_nvme_reject_read(pd, n, &rej, &d) == RDMANEG_OK && rej.has_sts
		       ? (long)rej.sts
		       : -1;
}

/* The ULPs, one row each, indexed by enum live_roce_ulp: the next ULP is
 * a row here and a listener in live/guest/listeners.sh. A ULP whose REP
 * is not judged has no rep. */
static const struct ulp {
	const char *name;
	uint16_t port;
	size_t (*count)(void);
	bool (*case_name)(size_t i, char *name, size_t cap);
	void (*octets)(size_t i, struct live_roce_case *c);
	const char *(*clause)(const struct live_roce_case *c);
	bool (*rep)(const struct live_roce_case *c, const uint8_t *pd, size_t n, char *why,
		    size_t cap);
	/* the clause rep tests, when it does not hold */
	const char *(*rep_clause)(const struct live_roce_case *c, const uint8_t *pd, size_t n);
	long (*rej)(const uint8_t *pd, size_t n);
} ulps[] = {
	[LIVE_ROCE_ULP_NVMET] = { "nvmet", LIVE_NVME_PORT, live_nvme_case_count, nvme_name,
				  nvme_octets, nvme_clause, nvme_rep, nvme_rep_clause, nvme_rej },
	[LIVE_ROCE_ULP_SVCRDMA] = { "svcrdma", LIVE_NFS_PORT, live_nfs_case_count, nfs_name,
				    nfs_octets, nfs_clause, nfs_rep, nfs_rep_clause, NULL },
	[LIVE_ROCE_ULP_ISERT] = { "isert", LIVE_ISER_PORT, live_iser_case_count, iser_name,
				  iser_octets, iser_clause, isert_rep, iser_rep_clause, NULL },
};

/* u's row, NULL for none */
static const struct ulp *ulp_of(enum live_roce_ulp u)
{
	return (size_t)u < sizeof(ulps) / sizeof(ulps[0]) && ulps[u].name ? &ulps[u] : NULL;
}

size_t live_roce_ulp_count(enum live_roce_ulp u)
{
	const struct ulp *x = ulp_of(u);

	return x ? x->count() : 0;
}

bool live_roce_ulp_case_name(enum live_roce_ulp u, size_t i, char *name, size_t cap)
{
	const struct ulp *x = ulp_of(u);

	return x && x->case_name(i, name, cap);
}

uint16_t live_roce_ulp_port(enum live_roce_ulp u)
{
	const struct ulp *x = ulp_of(u);

	return x ? x->port : 0;
}

const char *live_roce_ulp_name(enum live_roce_ulp u)
{
	const struct ulp *x = ulp_of(u);

	if (u == LIVE_ROCE_ULP_NVME_HOST)
		return "nvme-rdma";
	if (u == LIVE_ROCE_ULP_NFS_CLIENT)
		return "xprtrdma";
	if (u == LIVE_ROCE_ULP_ISER_INITIATOR)
		return "ib_iser";
	return x ? x->name : NULL;
}

bool live_roce_ulp_reads_rep(enum live_roce_ulp u)
{
	const struct ulp *x = ulp_of(u);

	return x && x->rep;
}

bool live_roce_ulp_judges_req(enum live_roce_ulp u)
{
	return u == LIVE_ROCE_ULP_NFS_CLIENT || u == LIVE_ROCE_ULP_ISER_INITIATOR;
}

void live_roce_ulp_octets(enum live_roce_ulp u, size_t i, struct live_roce_case *c)
{
	const struct ulp *x = ulp_of(u);

	if (x)
		x->octets(i, c);
}

const char *live_roce_ulp_clause(const struct live_roce_case *c)
{
	const struct ulp *x = ulp_of(c->ulp);

	return x ? x->clause(c) : "ibcm-c12#req-1";
}

bool live_roce_ulp_rep(const struct live_roce_case *c, const uint8_t *pd, size_t n, char *why,
		       size_t cap)
{
	const struct ulp *x = ulp_of(c->ulp);

	if (cap > 0)
		why[0] = '\0';
	return !x || !x->rep || x->rep(c, pd, n, why, cap);
}

const char *live_roce_ulp_rep_clause(const struct live_roce_case *c, const uint8_t *pd, size_t n)
{
	const struct ulp *x = ulp_of(c->ulp);

	return x && x->rep_clause ? x->rep_clause(c, pd, n) : live_roce_ulp_clause(c);
}

long live_roce_ulp_rej_status(const struct live_roce_case *c, const uint8_t *pd, size_t n)
{
	const struct ulp *x = ulp_of(c->ulp);

	return x && x->rej ? x->rej(pd, n) : -1;
}

/* ---- the kernel ULPs connecting to the peer (the h- rows) ---- */

/* A ULP's answer to the REQ req, from the peer whose Local Communication
 * ID is local_id: a REP, or with reject rdma_reject()'s REJ (reason 28,
 * consumer defined); its private data pd's len octets, zeros after them
 * (the IB CM's private data has no length of its own) */
static void host_answer(uint8_t mad[RDMANEG_IBCM_MAD_LEN], const uint8_t *req, uint32_t local_id,
			bool reject, const uint8_t *pd, size_t len)
{
	uint16_t attr = reject ? RDMANEG_IBCM_REJ : RDMANEG_IBCM_REP;
	size_t off, n;

	if (reject)
		live_roce_rej_req(mad, req, local_id, 28);
	else
		live_roce_good_rep(mad, req, local_id);
	if (rdmaneg_ibcm_pd_span(attr, &off, &n) == RDMANEG_OK) {
		memset(mad + off, 0, n);
		(void)rdmaneg_ibcm_set_pd(mad, RDMANEG_IBCM_MAD_LEN, pd, len < n ? len : n);
	}
}

/* ---- nvme-rdma's rows: the host connecting to the peer ---- */

/* nvme-rdma's admin queue (drivers/nvme/host/rdma.c,
 * nvme_rdma_route_resolved): HSQSIZE NVME_AQ_DEPTH - 1, RNR retries 7 */
#define NVME_HOST_AQ_HSQSIZE 31u

size_t live_roce_nvme_host_count(void)
{
	return live_nvme_tcase_count();
}

bool live_roce_nvme_host_name(size_t j, char *name, size_t cap)
{
	struct live_nvme_tcase t;

	return live_nvme_tcase(j, 0, &t) &&
	       (t.kind == LIVE_NVME_T_ACCEPT || t.kind == LIVE_NVME_T_REJECT) &&
	       snprintf(name, cap, "h-nvme-%.40s", t.name) > 0;
}

unsigned live_roce_nvme_hsqsize(const uint8_t *req)
{
	size_t off, n;

	return live_roce_req_ulp_span(&off, &n) && n >= 8 ? rdmaneg_ref_nvme_u16(req + off, 6) : 0u;
}

void live_roce_nvme_host_answer(size_t j, const uint8_t *req, uint32_t local_id,
				uint8_t mad[RDMANEG_IBCM_MAD_LEN])
{
	struct live_nvme_tcase t;

	(void)live_nvme_tcase(j, (uint16_t)live_roce_nvme_hsqsize(req), &t);
	host_answer(mad, req, local_id, t.kind != LIVE_NVME_T_ACCEPT, t.pd, t.pd_len);
}

enum live_nvme_host_expect live_roce_nvme_host_expect(size_t j)
{
	struct live_nvme_tcase t;

	if (!live_nvme_tcase(j, NVME_HOST_AQ_HSQSIZE, &t))
		return LIVE_NVME_GIVE_UP;
	return live_nvme_host_expect(
		t.kind,
		t.kind == LIVE_NVME_T_ACCEPT
			? rdmaneg_ref_nvme_accept(t.pd, t.pd_len, NVME_HOST_AQ_HSQSIZE, true)
			: 0u);
}

const char *live_roce_nvme_host_clause(size_t j)
{
	struct live_nvme_tcase t;

	return live_nvme_tcase(j, 0, &t) && t.kind == LIVE_NVME_T_ACCEPT ? "nvme-rdma#fig6-2"
									 : "nvme-rdma#fig7-1";
}

/* ---- xprtrdma's rows: the kernel's NFS client mounting from the peer ---- */

size_t live_roce_nfs_client_count(void)
{
	return live_nfs_case_count();
}

bool live_roce_nfs_client_name(size_t j, char *name, size_t cap)
{
	struct live_nfs_case fc;

	return live_nfs_case(j, &fc) && snprintf(name, cap, "h-nfs-%.40s", fc.name) > 0;
}

uint16_t live_roce_nfs_client_port(size_t j)
{
	return (uint16_t)(LIVE_NFS_SERVER_PORT + j);
}

/* case j's private data as the REP carries it: its octets, zeros after
 * them to the REP's 196 (the IB CM's private data has no length of its
 * own); false past the last case */
static bool nfs_client_pd(size_t j, uint8_t pd[LIVE_ROCE_REP_PD])
{
	struct live_nfs_case fc;

	memset(pd, 0, LIVE_ROCE_REP_PD);
	if (!live_nfs_case(j, &fc))
		return false;
	memcpy(pd, fc.pd, fc.pd_len < LIVE_ROCE_REP_PD ? fc.pd_len : LIVE_ROCE_REP_PD);
	return true;
}

void live_roce_nfs_client_answer(size_t j, const uint8_t *req, uint32_t local_id,
				 uint8_t mad[RDMANEG_IBCM_MAD_LEN])
{
	uint8_t pd[LIVE_ROCE_REP_PD];

	(void)nfs_client_pd(j, pd);
	host_answer(mad, req, local_id, false, pd, sizeof(pd));
}

bool live_roce_nfs_client_expect(size_t j, const uint8_t *own, size_t n, size_t *send, size_t *recv)
{
	uint8_t pd[LIVE_ROCE_REP_PD];
	bool ri = false;

	if (!nfs_client_pd(j, pd))
		return false;
	rdmaneg_ref_thresholds(own, n, pd, sizeof(pd), send, recv, &ri);
	return true;
}

const char *live_roce_nfs_client_clause(size_t j)
{
	uint8_t pd[LIVE_ROCE_REP_PD];

	(void)nfs_client_pd(j, pd);
	/* a message: the thresholds it bounds, as the NFS suite's rows
	 * name them (section 4.2's min() has no key word of its own) */
	return rpcrdma_clause(pd, sizeof(pd), "rfc8797#4-9");
}

const char *live_roce_nfs_pair(const char *p, unsigned long *a, unsigned long *b)
{
	char *end = NULL;

	if (!isdigit((unsigned char)*p))
		return NULL;
	errno = 0;
	*a = strtoul(p, &end, 10);
	if (errno || *end != '/' || !isdigit((unsigned char)end[1]))
		return NULL;
	*b = strtoul(end + 1, &end, 10);
	return errno ? NULL : end;
}

bool live_roce_nfs_client_judge(size_t j, const char *event, const uint8_t *own, size_t n,
				char *why, size_t cap)
{
	size_t want_s = 0, want_r = 0;
	unsigned long s = 0, r = 0;
	const char *end;

	if (cap > 0)
		why[0] = '\0';
	if (!event || strncmp(event, "CALL", 4) != 0) {
		snprintf(why, cap, "no call after the RTU (%s)", event ? event : "-");
		return false;
	}
	if (!own || !live_roce_nfs_client_expect(j, own, n, &want_s, &want_r)) {
		snprintf(why, cap, "no REQ private data to judge with");
		return false;
	}
	/* "CALL-S/R": xprtrdma_inline_thresh's negotiated send and receive */
	end = strncmp(event, "CALL-", 5) == 0 ? live_roce_nfs_pair(event + 5, &s, &r) : NULL;
	if (!end || *end != '\0') {
		snprintf(why, cap, "no xprtrdma_inline_thresh line; want %zu/%zu", want_s, want_r);
		return false;
	}
	snprintf(why, cap, "thresholds %lu/%lu, want %zu/%zu", s, r, want_s, want_r);
	return s == want_s && r == want_r;
}

/* ---- ib_iser's rows: open-iscsi logging in to the peer ---- */

/* the iSER suite's case j, when it is a hostile target's */
static bool iser_target_case(size_t j, struct live_iser_case *ic)
{
	return live_iser_case(j, ic) && ic->role == LIVE_ISER_TARGET;
}

size_t live_roce_iser_initiator_count(void)
{
	struct live_iser_case ic;
	size_t n = 0;

	while (iser_target_case(n, &ic))
		n++;
	return n;
}

bool live_roce_iser_initiator_name(size_t j, char *name, size_t cap)
{
	struct live_iser_case ic;

	return iser_target_case(j, &ic) && snprintf(name, cap, "h-iser-%.40s", ic.name) > 0;
}

uint16_t live_roce_iser_initiator_port(size_t j)
{
	return (uint16_t)(LIVE_ISER_TARGET_PORT + j);
}

void live_roce_iser_initiator_answer(size_t j, const uint8_t *req, uint32_t local_id,
				     uint8_t mad[RDMANEG_IBCM_MAD_LEN])
{
	struct live_iser_case ic;

	if (!iser_target_case(j, &ic))
		memset(&ic, 0, sizeof(ic));
	host_answer(mad, req, local_id, ic.how == LIVE_ISER_REJECT, ic.pd, ic.pd_len);
}

/* what the REP of row j, as ib_iser reads it (the case's octets, zeros
 * to the REP's 196), is to an initiator whose REQ header is own (NULL:
 * ib_iser's default, ISER_ZBVA_NOT_SUP alone): its defects into *d
 * (RDMANEG_ISER_D_*); false for a REJ or past the last row */
static bool iser_rep_defects(size_t j, const uint8_t *own, size_t n, unsigned *d, bool *reject)
{
	static const uint8_t linux_req[RDMANEG_ISER_HDR_LEN] = { RDMANEG_ISER_F_ZBVA };
	struct live_iser_case ic;
	struct rdmaneg_iser_hdr sent, got;
	uint8_t pd[LIVE_ROCE_REP_PD] = { 0 };
	unsigned dq = 0;

	*d = 0;
	*reject = false;
	if (!iser_target_case(j, &ic))
		return false;
	*reject = ic.how == LIVE_ISER_REJECT;
	if (*reject)
		return false;
	if (!own) {
		own = linux_req;
		n = sizeof(linux_req);
	}
	memcpy(pd, ic.pd, ic.pd_len < sizeof(pd) ? ic.pd_len : sizeof(pd));
	(void)rdmaneg_iser_decode(own, n, &sent, &dq);
	return rdmaneg_iser_initiator_check(pd, sizeof(pd), &sent, &got, d) == RDMANEG_OK;
}

const char *live_roce_iser_initiator_expect(size_t j, const uint8_t *own, size_t n)
{
	unsigned d = 0;
	bool reject = false;

	if (!iser_rep_defects(j, own, n, &d, &reject))
		return reject ? "closed" : NULL;
	if (d & (RDMANEG_ISER_D_SI | RDMANEG_ISER_D_ZBVA))
		return "closed"; /* it claims what the REQ refused */
	return d ? "either" : "continued";
}

const char *live_roce_iser_initiator_clause(size_t j)
{
	unsigned d = 0;
	bool reject = false;

	if (!iser_rep_defects(j, NULL, 0, &d, &reject))
		return reject ? "ibcm-c12#rej-1" : "iser-a12#rep-1";
	if (d & RDMANEG_ISER_D_SI)
		return "iser-a12#req-2";
	return d & RDMANEG_ISER_D_ZBVA ? "iser-a12#req-3" : "iser-a12#rep-1";
}

bool live_roce_iser_initiator_judge(size_t j, const char *event, const uint8_t *own, size_t n,
				    char *why, size_t cap)
{
	const char *want = live_roce_iser_initiator_expect(j, own, n);
	bool login = event && strcmp(event, "LOGIN") == 0;

	if (!want || !event || (!login && strcmp(event, "NO_LOGIN") != 0)) {
		snprintf(why, cap, "no row or no event (%s)", event ? event : "-");
		return false;
	}
	snprintf(why, cap, "%s, a conforming initiator: %s", login ? "its Login" : "no Login",
		 want);
	return strcmp(want, "either") == 0 || login == (strcmp(want, "continued") == 0);
}
