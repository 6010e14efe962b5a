/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * guest_verbs: rdmaneg-live's verbs on what the guest kernel left.
 * Each takes the verb's arguments with argv[0] the verb (util/verb.h) and
 * returns the exit status; their usage lines are in live/main.c's table.
 */
#ifndef RDMANEG_LIVE_GUEST_VERBS_H
#define RDMANEG_LIVE_GUEST_VERBS_H

/* splats: the kernel splats in a console */
int live_verb_splats(int argc, char **argv);
/* gcov: the kernel lines and branches reached per file */
int live_verb_gcov(int argc, char **argv);
/* kcov: what KCOV saw against gcov */
int live_verb_kcov(int argc, char **argv);
/* arcs: the kernel arcs two peer runs reached over time */
int live_verb_arcs(int argc, char **argv);
/* stacks: each rdmaneg-* task's stack in a hung guest */
int live_verb_stacks(int argc, char **argv);
/* rips: each vCPU's RIP in a hung guest, named */
int live_verb_rips(int argc, char **argv);

#endif
