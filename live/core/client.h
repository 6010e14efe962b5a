/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * client: a hostile rdma_cm client as a campaign's agent (util/agent.h).
 * The suites' clients (make live-nfs's against nfsd, make live-nvme's
 * against nvmet) share the event channel, the server's address and the
 * serving of the campaign's commands; a suite gives its one case.
 */
#ifndef RDMANEG_LIVE_CLIENT_H
#define RDMANEG_LIVE_CLIENT_H

#include "util/agent.h"

#include <netinet/in.h>
#include <rdma/rdma_cma.h>
#include <stdio.h>

/* An agent's options: --agent CHANNEL [--gcov DIR [--gcov-scope PARTS]] */
struct live_agent_opts {
	const char *agent;	       /* the channel */
	const char *gcov, *gcov_scope; /* --gcov DIR, --gcov-scope PARTS (util/arcs.h) */
};

/* What every case of a client connects with */
struct live_client {
	struct rdma_event_channel *ch;
	struct sockaddr_in sin; /* the server's address */
	FILE *out;		/* the case's lines */
};

/* One case, named name, against k's server (a: the campaign's agent, for
 * the case's marks). NULL when it ran: the host judges it from the
 * console; else why it could not (no such case). */
typedef const char *(*live_client_case_fn)(const struct live_client *k,
					   const struct rdmaneg_agent *a, const char *name);

/* Serves a campaign's cases against addr:port as the agent who; 0, or 1
 * when rdma_cm, the address, the channel or the arcs could not be set up
 * (why on stderr, "rdmaneg-live WHO: ..."). */
int live_client_serve(const char *who, const char *addr, int port, const struct live_agent_opts *o,
		      live_client_case_fn run, FILE *out);

#endif
