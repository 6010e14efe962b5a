/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ulp_verbs: rdmaneg-live's verbs of the ULP suites (SMB Direct, iSER);
 * the verb's name says the suite: SUITE-ROLE, SUITE-cases, SUITE-next, SUITE.
 * Each takes the verb's arguments with argv[0] the verb (util/verb.h) and
 * returns the exit status; their usage lines are in live/main.c's table.
 */
#ifndef RDMANEG_LIVE_ULP_VERBS_H
#define RDMANEG_LIVE_ULP_VERBS_H

/* smbd-server, smbd-client, iser-target, iser-initiator: a hostile role */
int live_verb_ulp_role(int argc, char **argv);
/* smbd-cases, iser-cases: every hostile case */
int live_verb_ulp_cases(int argc, char **argv);
/* iser-facts: LIO's iSER port, the hostile target's and LIO's IQN
 * (live/iser/iser.h), for the guest's scripts */
int live_verb_iser_facts(int argc, char **argv);
/* smbd-next, iser-next, smbd, iser: the next case; the suite's tables */
int live_verb_ulp(int argc, char **argv);
/* smbd-write: SMB Direct's data check's unaligned writes */
int live_verb_smbd_write(int argc, char **argv);

#endif
