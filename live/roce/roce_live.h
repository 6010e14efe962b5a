/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-roce's cases and judge (pure: no sockets). In the guest
 * (live/roce/roce-init.sh) rxe0 sits on veth0; the hostile peer
 * (rdmaneg-live roce-peer, live/roce/roce_peer.c) sends RoCE v2 frames
 * it builds with the core (src/roce.c around src/ibcm.c's MADs) into
 * veth1 and reads what rxe, ib_cm and rdma_cm answer there. Each case
 * is one LIVE_ROCE_CASE line; live_roce_report judges them against what
 * the oracle (oracle/ibcm_ref.c, oracle/roce_ref.c) says a conforming
 * passive side does: docs/roce.md. The active cases (after the passive
 * ones, one index space) turn the roles round: rdmaneg-live connect asks
 * the peer for a connection, and the peer answers Linux's REQ with the
 * case's REP, REJ or MRA, judged against what a conforming active side
 * does; the last of them (h-nvme-, h-nfs-, h-iser-, live/roce/roce_ulp.h)
 * have nvme-rdma connect, the NFS client mount, or open-iscsi log in
 * through ib_iser instead, answered with the NVMe suite's accepts and
 * rejects, the NFS suite's server messages or the iSER suite's target
 * headers.
 */
#ifndef RDMANEG_LIVE_ROCE_H
#define RDMANEG_LIVE_ROCE_H

#include "util/casename.h"
#include <rdmaneg/ibcm.h>
#include <rdmaneg/roce.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_ROCE_ADDR "203.0.113.1" /* rxe0, on veth0 */
#define LIVE_ROCE_PEER "203.0.113.2" /* the hostile peer, behind veth1 */
#define LIVE_ROCE_PORT 19100	     /* an rdma_cm listener on LIVE_ROCE_ADDR */
#define LIVE_ROCE_IDLE_PORT 19101    /* no listener */
#define LIVE_ROCE_ACTIVE_PORT 19102  /* rdmaneg-live connect's, to the peer */
/* nvmet listens on LIVE_ROCE_ADDR at LIVE_NVME_PORT (live/nvme/nvme.h),
 * nfsd's svcrdma at LIVE_NFS_PORT (live/nfs/nfs.h), LIO's isert at
 * LIVE_ISER_PORT (live/iser/iser.h) */
#define LIVE_ROCE_MAD_MAX 300u /* a MAD, or one too long */
#define LIVE_ROCE_REP_PD 196u  /* a REP's private data (rdmaneg_ibcm_pd_span) */
/* the REJ reason (3, no resources) the peer ends an active attempt with:
 * no case's, so the ULP's event tells which REJ Linux took */
#define LIVE_ROCE_CLEANUP_REASON 3u

/* What the peer saw come back for a case's REQ. */
enum live_roce_answer {
	LIVE_ROCE_NONE = 0, /* nothing in the case's time */
	LIVE_ROCE_REP,
	LIVE_ROCE_REJ,
	LIVE_ROCE_MRA,
	LIVE_ROCE_OTHER, /* another MAD for this REQ */
	LIVE_ROCE_RTU,	 /* active cases: Linux's RTU after the peer's REP */
	LIVE_ROCE_NOREQ, /* active cases: Linux sent no REQ (the harness failed) */
	LIVE_ROCE_DIED	 /* the guest died or hung in the case (live/roce/roce.sh) */
};

/* The kernel ULP whose listener a passive case's REQ is for. */
enum live_roce_ulp {
	LIVE_ROCE_ULP_NONE = 0, /* rdmaneg-live listen's, or none */
	LIVE_ROCE_ULP_NVMET,	/* nvmet-rdma */
	LIVE_ROCE_ULP_SVCRDMA,	/* nfsd's svcrdma */
	LIVE_ROCE_ULP_ISERT,	/* LIO's isert */
	/* an active case's: the kernel ULP whose REQ the peer answers */
	LIVE_ROCE_ULP_NVME_HOST,     /* nvme-rdma, connecting through /dev/nvme-fabrics */
	LIVE_ROCE_ULP_NFS_CLIENT,    /* xprtrdma, the kernel's NFS client mounting */
	LIVE_ROCE_ULP_ISER_INITIATOR /* ib_iser, open-iscsi logging in */
};

/* What a conforming passive side does with a case's frame. */
enum live_roce_expect {
	LIVE_ROCE_X_REP = 0, /* a good REQ to a listener: a REP */
	LIVE_ROCE_X_REJ,     /* a good REQ for no listener: a REJ */
	LIVE_ROCE_X_SILENCE, /* a frame to drop (ICRC, headers): nothing */
	LIVE_ROCE_X_NO_REP,  /* a defective REQ: anything but a REP */
	LIVE_ROCE_X_RTU,     /* active: a good REP: the RTU, and ESTABLISHED */
	LIVE_ROCE_X_NO_RTU,  /* active: a defective REP: anything but an RTU */
	LIVE_ROCE_X_QUIET,   /* active: a REJ: no MAD back (REJECTED if it is good) */
	LIVE_ROCE_X_ANSWER   /* a ULP's REQ a target may accept or reject: a REP or a REJ */
};

struct live_roce_case {
	char name[RDMANEG_CASENAME_MAX];
	struct rdmaneg_roce_hdr frame; /* its headers, addresses left to the peer */
	uint8_t mad[LIVE_ROCE_MAD_MAX];
	size_t mad_len;
	uint32_t comm_id; /* the REQ's Local Communication ID */
	bool listener;	  /* a listener matches it: LIVE_ROCE_PORT, IPv4, TCP port space */
	/* after the frame, a good REQ to the listener, whose answer is the
	 * case's: does the passive side still work? */
	bool follow;
	uint8_t follow_mad[RDMANEG_IBCM_MAD_LEN];
	uint32_t follow_id;
	/* an active case: the peer answers Linux's REQ (live_roce_answer);
	 * mad holds its answer to the model REQ (live_roce_model_req) */
	bool active;
	unsigned row; /* its row of the passive or (active) the active table */
	/* a REQ to a ULP's listener (nvmet's or svcrdma's port), its
	 * private data a case of that ULP's suite: the answers the ULP's
	 * oracle allows (bit 0: accept, bit k: a reject of status k; 0 for
	 * no ULP's), and the strict one */
	enum live_roce_ulp ulp;
	unsigned ulp_allowed, ulp_sts;
	/* an active ULP case: its case of the ULP's suite (nvme-rdma's: the
	 * NVMe suite's target answer, live_nvme_tcase; xprtrdma's: the NFS
	 * suite's case, live_nfs_case; ib_iser's: the iSER suite's target
	 * case, live_iser_case) */
	unsigned ulp_case;
};

/* The table, one index space. */
size_t live_roce_case_count(void);
/* Case k (k < count) into *c, its frame's addresses zero; false past the
 * last. */
bool live_roce_case(size_t k, struct live_roce_case *c);
/* Case k of a random mode (make live-roce ROCE_RANDOM=S; k past the
 * table, from live_roce_case_count() on): the good REQ to the listener
 * with live_roce_random_req(seed)'s edits, named live_roce_random_name
 * (live/roce/roce_random.h), judged as the table's rnd-req- rows are. */
void live_roce_random_case(uint64_t seed, size_t k, struct live_roce_case *c);
/* What a conforming passive side does with c: from the oracle's reading
 * of its frame and MAD. */
enum live_roce_expect live_roce_expected(const struct live_roce_case *c);
const char *live_roce_answer_name(enum live_roce_answer a);
const char *live_roce_expect_name(enum live_roce_expect x);
/* Linux's REQ as rdmaneg-live connect's rdma_connect() makes it
 * (cm_format_req(), the TCP port space, to LIVE_ROCE_ACTIVE_PORT): the
 * model the active cases' expectations are judged on. */
void live_roce_model_req(uint8_t mad[RDMANEG_IBCM_MAD_LEN]);
/* Active case c's answer to the REQ req (256 octets) as the peer whose
 * Local Communication ID is local_id: one MAD, or two (an MRA and then
 * the REP; a REP and the same again) into out; how many, 0 for a
 * passive case. */
size_t live_roce_answer(const struct live_roce_case *c, const uint8_t *req, uint32_t local_id,
			uint8_t out[2][RDMANEG_IBCM_MAD_LEN]);
/* The clause case c tests, as the registry names it (spec/ibcm-c12.tsv,
 * spec/roce-a17.tsv): make compliance's row for it. */
const char *live_roce_clause(const struct live_roce_case *c);
/* Whether answer a conforms to expectation x. */
bool live_roce_conforms(enum live_roce_expect x, enum live_roce_answer a);
/* Whether answer a conforms to what c expects; a ULP's REJ only with a
 * status its oracle allows (ulp_sts: the status the REJ's private data
 * carries, -1 when none was read). */
bool live_roce_verdict(const struct live_roce_case *c, enum live_roce_answer a, long ulp_sts);
/* The whole verdict on case c, the guest's (PEER_VERDICT) and the
 * host's table alike: its answer a with the ULP's REJ status
 * (live_roce_verdict); for a good REP of the active role, the ULP's
 * ESTABLISHED too (event: the connector's, NULL for a passive case); and
 * a ULP's private data (rep_pd, NULL when none was read): a passive
 * case's REP's, as live_roce_ulp_rep judges it into why, or for
 * xprtrdma's and ib_iser's rows the REQ's ULP octets, whose message the
 * client's thresholds are judged with (live_roce_nfs_client_judge), or
 * whose header ib_iser's Login is (live_roce_iser_initiator_judge). */
bool live_roce_judge(const struct live_roce_case *c, enum live_roce_answer a, long ulp_sts,
		     const char *event, const uint8_t *rep_pd, size_t rep_len, char *why,
		     size_t cap);
/* A ULP's REJ private data pd (n octets): the status it carries (nvmet's
 * STS, [nvme-rdma#fig7], read by the core), -1 when c's ULP has none or
 * pd is too short to hold it. */
long live_roce_ulp_rej_status(const struct live_roce_case *c, const uint8_t *pd, size_t n);
/* The name make compliance knows the ULP u by ("nvmet", "svcrdma"), NULL
 * for none. */
const char *live_roce_ulp_name(enum live_roce_ulp u);
/* Whether u's REP private data is judged (live_roce_ulp_rep): the peer
 * prints it (ulppd=) for such a ULP's REP, and the report needs it. */
bool live_roce_ulp_reads_rep(enum live_roce_ulp u);
/* Whether u's rows are judged with the REQ Linux sent (xprtrdma's and
 * ib_iser's): the peer prints its ULP octets (ulppd=) for them. */
bool live_roce_ulp_judges_req(enum live_roce_ulp u);
/* Whether a REP's private data pd (n octets) is what c's ULP owes: for
 * svcrdma, an RFC 8797 message if it holds one (the oracle's reading,
 * [rfc8797#5.2]) with its Reserved bits zero ([rfc8797#4-6]); for isert,
 * the iSER REP header the core answers c's REQ with, the oracle agreeing
 * ([iser-a12#rep-1]); for nvmet, an accept ([nvme-rdma#fig6]) whose
 * CRQSIZE the NVMe oracle allows for the REQ's HSQSIZE (at most it when
 * the REQ's RNR Retry Count is not 0, else equal); true for a case of any
 * other. why (cap octets) says what is wrong, or what the REP holds. */
bool live_roce_ulp_rep(const struct live_roce_case *c, const uint8_t *pd, size_t n, char *why,
		       size_t cap);
/* The clause a REP's private data pd breaks when live_roce_ulp_rep does
 * not hold (make compliance's row names it): the ULP's REP clause, c's
 * own clause for a ULP whose REP is not judged. */
const char *live_roce_ulp_rep_clause(const struct live_roce_case *c, const uint8_t *pd, size_t n);

/* The cases besides a range (CI's smoke: one active, one of nvmet's):
 * at most LIVE_ROCE_ALSO_MAX indexes. */
#define LIVE_ROCE_ALSO_MAX 8u
struct live_roce_also {
	size_t k[LIVE_ROCE_ALSO_MAX];
	size_t n;
};
/* "K[,K...]", each K a decimal index or a case's name, into *a (as
 * indexes); false, *a empty, when s is not that, names no case, or holds
 * more than LIVE_ROCE_ALSO_MAX. */
bool live_roce_also_parse(const char *s, struct live_roce_also *a);
/* Whether k is one of a's (a may be NULL: none). */
bool live_roce_also_has(const struct live_roce_also *a, size_t k);

/* make live-roce's table from a console's LIVE_ROCE lines for the count
 * cases from first on (0: to the last) and the cases of also (NULL:
 * none): one row a case, then "N conform, N diverge"; 1 when a line is malformed, a case
 * is missing, a control failed. With json, also make compliance's
 * report.json there: a row a judged case, its clause, the Linux end
 * ("ib_cm passive", "ib_cm active" or the ULP's, "nvmet"), what was
 * expected, what came, the verdict. */
int live_roce_report(const char *console, size_t len, size_t first, size_t count,
		     const struct live_roce_also *also, FILE *out, FILE *json);

#endif
