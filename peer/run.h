/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * run: one rdmaneg-peer run in the request or reply role (RFC 5044, RFC
 * 6581): the plan of cases (table, random, corpus, guided), each case sent
 * and observed (session.h), judged (expect.h) and reported (peer_report.h).
 * peer/main.c parses the options into struct rdmaneg_peer_opts.
 */
#ifndef RDMANEG_PEER_RUN_H
#define RDMANEG_PEER_RUN_H

#include "peer/expect.h"
#include "peer/plan.h"

#include <stdbool.h>

#define RDMANEG_PEER_EXIT_USAGE 2
#define RDMANEG_PEER_RANDOM_MAX RDMANEG_CASENAME_RANDOM_MAX /* --random's bound */
#define RDMANEG_PEER_MAX_GLOBS 32

struct rdmaneg_peer_opts {
	const char *target;
	int listen_port;
	const char *globs[RDMANEG_PEER_MAX_GLOBS];
	size_t nglobs;
	int timeout_ms, accept_ms;
	unsigned long random, seed, count, from, budget;
	bool only_random, all, kmsg, p2p, progress, only_expected, guided;
	unsigned local_max;
	const char *ulp_log, *json, *junit, *plant, *frame_hex, *expect, *write_expect, *gcov;
	const char *corpus;
	const char *exact;	/* --case naming one random or chain case: that case alone */
	const char *agent;	/* --agent CHANNEL: the cases come from a campaign (util/agent.h) */
	const char *gcov_scope; /* --gcov-scope: the .gcda files read (util/arcs.h) */
	const char *sut;	/* --sut CMD: the reply role's initiator, started once listening */
	const char *list_role;	/* list --role: the names of that role's cases, one a line */
	bool list_bases;	/* list --bases: what random and guided cases start from */
	bool kmsg_marks;	/* --kmsg-marks: --progress's marks as /dev/kmsg records */
	bool kcov;		/* --kcov: KCOV over every case's syscalls (PEER_KCOV) */
};

/* The run: 0 every case conforms (or matches --expect), 1 any diverges or
 * is a finding, 2 a setup error. */
int rdmaneg_peer_run(enum rdmaneg_peer_role role, const struct rdmaneg_peer_opts *o);
/* list: the cases --case selects, one line each (with --role, only
 * their names; with --bases, the inputs of random and guided cases). */
int rdmaneg_peer_list(const struct rdmaneg_peer_opts *o);

#endif
