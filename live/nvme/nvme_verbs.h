/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * nvme_verbs: rdmaneg-live's NVMe-oF verbs.
 * Each takes the verb's arguments with argv[0] the verb (util/verb.h) and
 * returns the exit status; their usage lines are in live/main.c's table.
 */
#ifndef RDMANEG_LIVE_NVME_VERBS_H
#define RDMANEG_LIVE_NVME_VERBS_H

/* nvme-facts: nvmet's port and the subsystem's NQN */
int live_verb_nvme_facts(int argc, char **argv);
/* nvme-host: the hostile host against nvmet */
int live_verb_nvme_host(int argc, char **argv);
/* nvme-target: the hostile target against the kernel host */
int live_verb_nvme_target(int argc, char **argv);
/* nvme-cases: every hostile case, both roles */
int live_verb_nvme_cases(int argc, char **argv);
/* nvme-next: the case after the last one a console began */
int live_verb_nvme_next(int argc, char **argv);
/* nvme: make live-nvme's differential table */
int live_verb_nvme(int argc, char **argv);

#endif
