/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_verbs: rdmaneg-live's verbs of make live-roce: roce-peer (guest:
 * the hostile RoCE v2 peer, live/roce/roce_run.c), roce-cases (every case), roce (host: the
 * table from a console) and roce-wire (host: the table's frames for
 * tshark). Each takes the verb's arguments with argv[0]
 * the verb (util/verb.h) and returns the exit status.
 */
#ifndef RDMANEG_LIVE_ROCE_VERBS_H
#define RDMANEG_LIVE_ROCE_VERBS_H

int live_verb_roce_peer(int argc, char **argv);
int live_verb_roce_cases(int argc, char **argv);
int live_verb_roce(int argc, char **argv);
int live_verb_roce_wire(int argc, char **argv);

#endif
