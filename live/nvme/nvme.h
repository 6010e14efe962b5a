/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-nvme's facts and judge (pure: no sockets, no verbs). The guest
 * (live/nvme/nvme-init.sh) prints LIVE_NVME* lines: every MPA Request and
 * Reply on the target's port, the steps of the data check and the queue
 * count. live_nvme_read turns them into connections; live_nvme_judge
 * judges each connection's NVMe-oF RDMA private data against the spec with
 * the core (src/nvme_rdma_pd.c) and with the oracle (oracle/nvme_ref.c), the
 * differential table of docs/nvme.md.
 */
#ifndef RDMANEG_LIVE_NVME_H
#define RDMANEG_LIVE_NVME_H

#include "util/casename.h"
#include <rdmaneg/rdmaneg.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_NVME_PORT 4420	   /* nvmet's port: NVME_RDMA_IP_PORT */
#define LIVE_NVME_TARGET_PORT 4421 /* the hostile target's rdma_cm listener */
#define LIVE_NVME_MPA_PORT 4422	   /* ... and its TCP one, for MPA frames */
#define LIVE_NVME_NQN "nqn.2026-11.org.rdmaneg:live"
#define LIVE_NVME_CONNS 16
#define LIVE_NVME_PD 512 /* [rfc5044#7.1]: PD_Length's limit */

/* One connection to the target's port: the host's MPA Request and the
 * target's Reply, each reduced to its ULP private data. */
struct live_nvme_conn {
	unsigned host_port;
	bool have_req, have_rep;
	bool rejected; /* the Reply's R bit */
	uint8_t req[LIVE_NVME_PD], rep[LIVE_NVME_PD];
	size_t req_len, rep_len;
};

/*
 * The hostile host's cases (live/nvme/nvme_cases.c): RDMA_CM_REQUEST
 * private data built from Linux's admin request (32/31), at every length
 * from 0 to 40 and every field at its edges, then random mutations of it
 * (a fixed seed, so a name names the same octets on every machine).
 */
#define LIVE_NVME_CASE_PD 48
#define LIVE_NVME_RANDOM 40 /* random cases, after the table */
#define LIVE_NVME_CASES_MAX 128

struct live_nvme_case {
	char name[RDMANEG_CASENAME_MAX];
	uint8_t pd[LIVE_NVME_CASE_PD];
	size_t pd_len;
};

size_t live_nvme_case_count(void);
/* Case i (0 .. count - 1) into *c; false past the end. */
bool live_nvme_case(size_t i, struct live_nvme_case *c);
/* The index of the case named name, or -1. */
long live_nvme_case_index(const char *name);

/*
 * The hostile target's answers (live/nvme/nvme_cases.c) to the kernel
 * host's admin connect request: an accept or a reject with the case's
 * private data, or none. [nvme-rdma#fig6]'s and [nvme-rdma#fig7]'s records at every length and
 * field edge, then random mutations. Their indices follow the host's
 * cases: one index space, live.nvme_first and NVME_CASE= name both.
 */
#define LIVE_NVME_TRANDOM 20
#define LIVE_NVME_ANSWER_MAX 64 /* an answer's private data, or an MPA frame */
#define LIVE_NVME_TCASES_MAX 96

/* ACCEPT, REJECT: rdma_accept or rdma_reject with pd; SILENT: no answer;
 * MPA: pd is a whole MPA Reply frame, sent on LIVE_NVME_MPA_PORT's TCP
 * listener, for what rdma_cm cannot send ([rfc5044#7.1] flags) */
enum live_nvme_tkind {
	LIVE_NVME_T_ACCEPT,
	LIVE_NVME_T_REJECT,
	LIVE_NVME_T_SILENT,
	LIVE_NVME_T_MPA
};

struct live_nvme_tcase {
	char name[RDMANEG_CASENAME_MAX];
	enum live_nvme_tkind kind;
	uint8_t pd[LIVE_NVME_ANSWER_MAX]; /* ... or the MPA frame */
	size_t pd_len;
};

size_t live_nvme_tcase_count(void);

/* What a conforming host does with the target's answer of kind, an
 * accept's defects (RDMANEG_NVME_D_*, the oracle's or the core's) known:
 * sends its first command (go on), ends the queue (give up), or either
 * (not seen: a CRQSIZE off [nvme-rdma#fig6]'s rule binds the controller,
 * and a host keeping to it looks, on the wire, like one that does not). */
enum live_nvme_host_expect { LIVE_NVME_GO_ON, LIVE_NVME_GIVE_UP, LIVE_NVME_UNSEEN };
enum live_nvme_host_expect live_nvme_host_expect(enum live_nvme_tkind kind, unsigned defects);
/* "go on", "give up", "not seen" */
const char *live_nvme_host_expect_name(enum live_nvme_host_expect x);
/* Target case j, its CRQSIZE built for a request of HSQSIZE hsqsize; false
 * past the end. */
bool live_nvme_tcase(size_t j, uint16_t hsqsize, struct live_nvme_tcase *t);
long live_nvme_tcase_index(const char *name);
/* A host or target case's index in the one index space, or -1. */
long live_nvme_any_index(const char *name);

/*
 * A campaign's cases (live/campaign, util/casename.h): a table case by
 * name, random-SEED-K (a table case of the role that its generator draws,
 * mutated once by it) or BASE~HEX~... (the table case BASE mutated once
 * per HEX, in order). A mutation replaces 1 to 4 octets, sets a 16-bit
 * field to an edge value, or cuts or pads the private data (at most 40
 * octets, an MPA frame's length kept). The target's answer is built for
 * a request of HSQSIZE hsqsize, then mutated. False when there is no such
 * case.
 */
bool live_nvme_case_named(const char *name, struct live_nvme_case *c);
bool live_nvme_tcase_named(const char *name, uint16_t hsqsize, struct live_nvme_tcase *t);

/* The guest's steps, in order; LIVE_NVME_STEP NAME ok|failed: WHY */
enum {
	LIVE_NVME_MODULES,
	LIVE_NVME_TARGET,
	LIVE_NVME_CONNECT,
	LIVE_NVME_IO,
	LIVE_NVME_DISCONNECT,
	LIVE_NVME_NSTEPS
};

struct live_nvme {
	struct live_nvme_conn conn[LIVE_NVME_CONNS];
	size_t nconn;
	int step[LIVE_NVME_NSTEPS]; /* 1 ok, 0 failed, -1 not seen */
	char step_why[LIVE_NVME_NSTEPS][160];
	long queues; /* LIVE_NVME_QUEUES, -1 when absent */
	bool done;   /* LIVE_NVME_DONE */
	size_t bad;  /* LIVE_NVME lines that did not parse */
	char first_bad[160];
	char kernel[64]; /* the release in the console's "Linux version" line */
	/* the hostile host: the last case sent (LIVE_NVME_CASE host NAME
	 * PD_HEX), and each case's outcome (LIVE_NVMEH NAME EVENT ...) */
	struct live_nvme_sent {
		char name[40];
		uint8_t pd[LIVE_NVME_CASE_PD];
		size_t pd_len;
	} sent;
	struct live_nvme_hostile {
		long index; /* into the case table */
		char name[40];
		uint8_t pd[LIVE_NVME_CASE_PD]; /* what it sent */
		size_t pd_len;
		bool answered;
		bool established; /* else rejected, or no answer */
		bool has_sts;	  /* the reject's private data held STS */
		unsigned sts;
		char event[48];
	} host[LIVE_NVME_CASES_MAX];
	size_t nhost;
	char last_case[32]; /* the last LIVE_NVME_CASE ROLE NAME, answered or not */
	bool host_done;	    /* LIVE_NVMEH_END: every case ran */
	/* the hostile target: each case's outcome (LIVE_NVMET ...) */
	struct live_nvme_target_run {
		long index;	     /* into the target case table */
		unsigned requests;   /* connect requests the host sent */
		bool capsule;	     /* the host sent a capsule after the accept */
		bool hung;	     /* the host's connect never returned */
		bool created;	     /* ... or created a controller */
		int err;	     /* else the errno it failed with */
		bool sts_logged;     /* the kernel logged the reject's nvme status */
		bool connect_logged; /* ... or how its NVMe Connect command ended */
		uint8_t req[LIVE_NVME_CASE_PD], ans[LIVE_NVME_ANSWER_MAX];
		size_t req_len, ans_len;
	} target[LIVE_NVME_TCASES_MAX];
	size_t ntarget;
	bool target_done; /* LIVE_NVMET_END */
};

/* The step's name ("io"), for the lines and the report. */
const char *live_nvme_step_name(int step);

/* Reads con[0..len-1], a console log; 0, or -1 with why (no frame line at
 * all, or more connections than LIVE_NVME_CONNS). */
int live_nvme_read(const char *con, size_t len, struct live_nvme *r, char *why, size_t cap);

/* The verdicts of one run: every row of the table, and the hostile
 * host's cases: conforming answers, divergences, and core/oracle
 * disagreements (which fail the run, as the table's do). */
struct live_nvme_verdict {
	size_t rows, diverges, disagree; /* disagree: core and oracle differ */
	size_t conns, admin, io;
	size_t cases, case_conform, case_diverge, case_unanswered;
	/* the hostile target's: the host did what the spec asks, did not,
	 * the spec gives it no observable rule, or nothing was measured */
	size_t tcases, t_conform, t_diverge, t_unjudged, t_void;
	size_t t_lost; /* the host sent its Connect command, which never reached us */
};

/* ---- the judge's verdicts (live/nvme/nvme_judge.c), plain structs that
 * live/nvme/nvme_print.c prints ---- */
#define LIVE_NVME_ROWS ((size_t)LIVE_NVME_CONNS * 9) /* a request's 6, an answer's 3 */

/* One field or answer of a captured connection: the value on the wire,
 * the rule (docs/nvme.md), and the core's and the oracle's verdicts; a
 * row where they differ is a defect of the core (its planted bugs show
 * there), a row where both say "diverges" is Linux's. */
struct live_nvme_row {
	size_t conn; /* into live_nvme's conn[] */
	const char *field;
	char value[48];
	char rule[200];
	bool core_ok, oracle_ok, same_value;
	const char *clause; /* the registry's (spec/nvme-rdma.tsv) */
	const char *impl;   /* whose octets the row judges: nvme-rdma or nvmet */
};

/* One hostile host case: what nvmet answered against what a conforming
 * target may answer (the core's set and the oracle's) */
struct live_nvme_hrow {
	const struct live_nvme_hostile *h;
	char got[32];
	char set[160]; /* the oracle's answers, by name */
	bool core_ok, oracle_ok, agree;
	const char *clause;
};

/* One hostile target case: what the kernel host did with the answer,
 * against what a conforming host does */
struct live_nvme_trow {
	const struct live_nvme_target_run *t;
	char name[RDMANEG_CASENAME_MAX];
	char did[24], note[96];
	const char *core, *oracle, *verdict, *clause;
	bool agree; /* the core and the oracle expect the same */
};

struct live_nvme_judged {
	struct live_nvme_verdict v;
	const char *qid[LIVE_NVME_CONNS]; /* a connection's queue; NULL: not captured whole */
	struct rdmaneg_nvme_limits lim;	  /* nvmet's, on the kernel that ran */
	const char *line;		  /* whose they are (live_nvme_limits) */
	struct live_nvme_row row[LIVE_NVME_ROWS];
	size_t nrow;
	struct live_nvme_hrow host[LIVE_NVME_CASES_MAX];
	size_t nhost;
	struct live_nvme_trow target[LIVE_NVME_TCASES_MAX];
	size_t ntarget;
};

/* Judges r into *j: every row, every hostile case, the tally, by the
 * limits of r's kernel (live_nvme_limits). */
void live_nvme_judge(const struct live_nvme *r, struct live_nvme_judged *j);

/* nvmet-rdma's limits on the kernel of release (uname -r, or a console's
 * "Linux version" word): those of the newest kernel line whose source was
 * read ("6.1", "6.12", "7.3") at or below it, and that line; NULL, and
 * 6.1's limits, for a release it cannot read or older than 6.1. */
const char *live_nvme_limits(const char *release, struct rdmaneg_nvme_limits *lim);

/* Prints j (of r) to out, and as JSON to json when not NULL. */
void live_nvme_print(FILE *out, FILE *json, const struct live_nvme *r,
		     const struct live_nvme_judged *j);

/* Judges and prints r, its tally into *v. */
void live_nvme_report(FILE *out, FILE *json, const struct live_nvme *r,
		      struct live_nvme_verdict *v);

/* The kernel splats of a console, each named by the hostile case whose
 * LIVE_NVME_CASE line came last before it (or as the data check's), to
 * out; returns how many. */
size_t live_nvme_splats(const char *con, size_t len, FILE *out);

/* The hostile host, in the guest (live/nvme/nvme_host.c): every case from
 * index first on, against addr:port, two lines each on out:
 *   LIVE_NVME_CASE host NAME PD_HEX   (before it: the kernel log after it
 *                                      belongs to the case)
 *   LIVE_NVMEH NAME EVENT STATUS REPLY_PD_HEX
 * 0, or 1 when rdma_cm could not be set up. */
int live_nvme_host(const char *addr, int port, size_t first, size_t count, FILE *out);

/* The hostile target, in the guest (live/nvme/nvme_target.c): listens on
 * addr's LIVE_NVME_TARGET_PORT (rdma_cm) and LIVE_NVME_MPA_PORT (TCP) and,
 * for every target case whose index (in the one index space) is in
 * [first, first + count) (count 0: to the end), has the kernel host
 * connect to subsystem nqn through /dev/nvme-fabrics and answers its admin
 * connect request; an accepted host's first capsule is answered with an
 * error completion. Two lines a case on out:
 *   LIVE_NVME_CASE target NAME
 *   LIVE_NVMET NAME REQUESTS CAPSULE HOST REQ_HEX ANSWER_HEX
 * (CAPSULE yes|no; HOST created, hung or the errno; REQ_HEX the ULP's
 * private data of the host's request), then LIVE_NVMET_END. 0, or 1 when
 * a listener could not be set up. */
int live_nvme_target(const char *addr, const char *nqn, size_t first, size_t count, FILE *out);

/*
 * Both roles serve a campaign (live/campaign, util/agent.h): READY on the
 * channel, then one case per CASE line, named as live_nvme_case_named and
 * live_nvme_tcase_named read names, with the lines above (a table case's
 * judged on the host; a mutated one's tagged LIVE_NVMEHR or LIVE_NVMETR,
 * only reported). With gcov (the debug kernel's debugfs directory) and a
 * CASE's cov=1, the arcs new to the guest come back in its DONE. 0, or 1
 * when the channel, a listener or the arcs could not be set up.
 */
struct live_agent_opts; /* live/core/client.h */
int live_nvme_host_agent(const char *addr, int port, const struct live_agent_opts *o, FILE *out);
int live_nvme_target_agent(const char *addr, const char *nqn, const struct live_agent_opts *o,
			   FILE *out);

#endif
