/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * nfs_verbs: rdmaneg-live's NFS verbs.
 * Each takes the verb's arguments with argv[0] the verb (util/verb.h) and
 * returns the exit status; their usage lines are in live/main.c's table.
 */
#ifndef RDMANEG_LIVE_NFS_VERBS_H
#define RDMANEG_LIVE_NFS_VERBS_H

/* nfs-client, nfs-server: the hostile NFS/RDMA peers, serving a campaign */
int live_verb_nfs_agent(int argc, char **argv);
/* nfs: make live-nfs's tables from its console */
int live_verb_nfs(int argc, char **argv);
/* nfs-case: a hostile case's index */
int live_verb_nfs_case(int argc, char **argv);
/* nfs-facts: nfsd's port, the hostile server's first, the cases */
int live_verb_nfs_facts(int argc, char **argv);
/* nfs-cases: every hostile case's name */
int live_verb_nfs_cases(int argc, char **argv);

#endif
