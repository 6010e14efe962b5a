/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * mpa_verbs: rdmaneg-live's MPA verbs. Each takes the verb's arguments
 * with argv[0] the verb (util/verb.h) and returns the exit status; their
 * usage lines are in live/main.c's table.
 */
#ifndef RDMANEG_LIVE_MPA_VERBS_H
#define RDMANEG_LIVE_MPA_VERBS_H

/* run: the MPA loopback's cases (live/mpa/loopback.c) */
int live_verb_run(int argc, char **argv);
/* listen, connect: the ULP endpoint rdmaneg-peer tests siw through */
int live_verb_endpoint(int argc, char **argv);
/* report: make live's report (live/mpa/report.c) */
int live_verb_report(int argc, char **argv);
/* res: the RDMA resources at a phase of the loopback */
int live_verb_res(int argc, char **argv);
/* fixed: the number of fixed cases */
int live_verb_fixed(int argc, char **argv);
/* plants: the negative controls (LIVE_PLANT) */
int live_verb_plants(int argc, char **argv);
/* capture: every MPA frame to or from a port, until SIGTERM */
int live_verb_capture(int argc, char **argv);

#endif
