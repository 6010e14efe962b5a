/*
 * make live-nvme's facts and judge (pure: no sockets, no verbs). The guest
 * (live/nvme/nvme-init.sh) prints LIVE_NVME* lines: every MPA Request and
 * Reply on the target's port, the steps of the data check and the queue
 * count. live_nvme_read turns them into connections; live_nvme_report
 * judges each connection's NVMe-oF RDMA private data against the spec with
 * the core (src/nvme_rdma_pd.c) and with the oracle (oracle/nvme_rules.c), the
 * differential table of docs/nvme.md.
 */
#ifndef RDMANEG_LIVE_NVME_H
#define RDMANEG_LIVE_NVME_H

#include "rdmaneg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_NVME_PORT 4420 /* nvmet's port: NVME_RDMA_IP_PORT */
#define LIVE_NVME_NQN "nqn.2026-11.org.rdmaneg:live"
#define LIVE_NVME_CONNS 16
#define LIVE_NVME_PD 512 /* RFC 5044 sec. 7.1: PD_Length's limit */

/* Linux nvmet 6.1's limits (drivers/nvme/target/): 128 I/O queues,
 * NVME_AQ_DEPTH, NVMET_QUEUE_SIZE */
#define LIVE_NVME_LIMITS \
	{ \
		128, 32, 1024 \
	}

/* One connection to the target's port: the host's MPA Request and the
 * target's Reply, each reduced to its ULP private data. */
struct live_nvme_conn {
	unsigned host_port;
	bool have_req, have_rep;
	bool rejected; /* the Reply's R bit */
	uint8_t req[LIVE_NVME_PD], rep[LIVE_NVME_PD];
	size_t req_len, rep_len;
};

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
};

/* The step's name ("io"), for the lines and the report. */
const char *live_nvme_step_name(int step);

/* Reads con[0..len-1], a console log; 0, or -1 with why (no frame line at
 * all, or more connections than LIVE_NVME_CONNS). */
int live_nvme_read(const char *con, size_t len, struct live_nvme *r, char *why, size_t cap);

/* The verdicts of one run: every row of the table. */
struct live_nvme_verdict {
	size_t rows, diverges, disagree; /* disagree: core and oracle differ */
	size_t conns, admin, io;
};

/* Prints the differential table of r to out (and as JSON to json, when
 * not NULL) into *v. */
void live_nvme_report(FILE *out, FILE *json, const struct live_nvme *r,
		      struct live_nvme_verdict *v);

#endif
