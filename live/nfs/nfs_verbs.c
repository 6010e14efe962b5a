// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_verbs: rdmaneg-live's verbs of the NFS suite (make live-nfs) and
 * its hostile peers (live/nfspeer); live/main.c's table dispatches them.
 */
#define _GNU_SOURCE

#include "live/nfs/nfs_verbs.h"
#include "live/core/client.h"
#include "live/core/live_args.h"
#include "live/nfs/nfs.h"
#include "live/nfspeer/nfspeer.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nfs-client|nfs-server --addr A --port P --agent CHANNEL [--gcov DIR
 * [--gcov-scope PARTS]]: the hostile NFS client and server, serving a
 * campaign's cases (live/nfspeer/nfspeer.h) */
int live_verb_nfs_agent(int argc, char **argv)
{
	static const char *const use =
		"nfs-client|nfs-server --addr A --port P (1..65535) --agent CHANNEL\n"
		"    [--gcov DIR [--gcov-scope PARTS]] (nfs-client only)";
	bool client = strcmp(argv[0], "nfs-client") == 0;
	struct live_agent_opts o;
	const char *addr = NULL;
	long long port = 0;

	memset(&o, 0, sizeof(o));
	for (int i = 1; i < argc; i += 2) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!val)
			return live_misuse(use);
		if (strcmp(a, "--addr") == 0)
			addr = val;
		else if (strcmp(a, "--agent") == 0)
			o.agent = val;
		else if (strcmp(a, "--gcov") == 0 && client)
			o.gcov = val;
		else if (strcmp(a, "--gcov-scope") == 0 && client)
			o.gcov_scope = val;
		else if (strcmp(a, "--port") != 0 || live_parse_int(val, 1, 65535, &port))
			return live_misuse(use);
	}
	if (!addr || port == 0 || !o.agent || (o.gcov_scope && !o.gcov))
		return live_misuse(use);
	if (client)
		return live_nfs_client(addr, (int)port, &o, stdout);
	if (port + (long long)live_nfs_case_count() > 65535)
		return live_misuse("nfs-server: --port leaves no room for a port per case");
	return live_nfs_server(addr, (int)port, o.agent, stdout);
}

/* nfs CONSOLE [--json FILE]: make live-nfs's verdict (live/nfs/nfs.c): per
 * connection what each kernel side sent, the RFC column against the core
 * and Linux, every divergence; the same as JSON into FILE. Exit 1 when the
 * run measured nothing (a step failed, a frame or trace line missing) or
 * the core disagrees with the RFC column, 0 otherwise: divergences of
 * Linux are findings. */
int live_verb_nfs(int argc, char **argv)
{
	static struct live_nfs r;
	static struct live_nfs_verdict v;
	size_t len = 0;
	char *con, why[256];
	FILE *json;
	int rc = live_report_args(argc, argv, "nfs CONSOLE [--json FILE]", &con, &len, &json);

	if (rc)
		return rc;
	live_nfs_read(con, len, &r);
	live_nfs_expect(&r);
	live_nfs_judge(&r, &v);
	live_nfs_print(stdout, &r, &v);
	live_nfs_splats(stdout, con, len);
	if (json)
		live_nfs_json(json, &r, &v, con, len);
	free(con);
	rc = live_report_close(json, argv[argc - 1]);
	if (rc)
		return rc;
	if (live_nfs_broken(&r, why, sizeof(why))) {
		printf("live-nfs: FAILED: %s\n", why);
		return 1;
	}
	if (v.ncore) {
		printf("live-nfs: FAILED: the core disagrees with the RFC column in %zu place(s)\n",
		       v.ncore);
		return 1;
	}
	printf("live-nfs: %zu connection(s) measured, %zu divergence(s) from RFC 8797\n", r.nconn,
	       v.ndiv);
	return 0;
}

/* nfs-case NAME: the index of the hostile case NAME (exit 2, with every
 * name, when there is none) */
int live_verb_nfs_case(int argc, char **argv)
{
	const char *name = argv[argc - 1];
	long k = live_nfs_case_find(name);
	struct live_nfs_case c;

	if (k >= 0)
		return printf("%ld\n", k) < 0;
	fprintf(stderr, "rdmaneg-live: no NFS case '%s'; the cases:", name);
	for (size_t i = 0; live_nfs_case(i, &c); i++)
		fprintf(stderr, " %s", c.name);
	fprintf(stderr, "\n");
	return 2;
}

int live_verb_nfs_facts(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d %d %zu\n", LIVE_NFS_PORT, LIVE_NFS_SERVER_PORT, live_nfs_case_count()) <
	       0;
}

/* nfs-cases: every hostile case's name, one a line */
int live_verb_nfs_cases(int argc, char **argv)
{
	struct live_nfs_case c;

	(void)argc;
	(void)argv;
	for (size_t i = 0; live_nfs_case(i, &c); i++)
		if (printf("%s\n", c.name) < 0)
			return 1;
	return 0;
}
