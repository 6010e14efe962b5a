// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * ulp_verbs: rdmaneg-live's verbs of the ULP suites on live/ulp (make
 * live-smbd, make live-iser): each suite's hostile listener and connector,
 * its cases, the case after a dead guest's and its report; and SMB
 * Direct's data check writes. live/main.c's table dispatches them.
 */
#define _GNU_SOURCE

#include "live/ulp/ulp_verbs.h"
#include "live/core/live_args.h"
#include "live/iser/iser.h"
#include "live/iser/iser_peer.h"
#include "live/smbd/smbd_live.h"
#include "live/smbd/smbd_peer.h"
#include "util/casename.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --addr A --first N --count N, the hostile ULP roles' options; the
 * index after them (a "--" ends them) or -1 */
static int ulp_opts(int argc, char **argv, const char **addr, size_t ncases, long long *first,
		    long long *count)
{
	int i;

	*addr = NULL;
	*first = *count = 0;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!val)
			return -1;
		if (strcmp(a, "--addr") == 0)
			*addr = val;
		else if (strcmp(a, "--first") == 0
				 ? live_parse_int(val, 0, (long long)ncases, first)
			 : strcmp(a, "--count") == 0
				 ? live_parse_int(val, 0, (long long)ncases, count)
				 : 1)
			return -1;
	}
	return *addr ? i : -1;
}

/* The ULP suites' verbs (make live-smbd, make live-iser): a role that
 * listens (SUITE-server, SUITE-target) and one that connects, in the
 * guest; SUITE-cases, SUITE-next and SUITE on the host. */
static const struct ulp_verbs {
	const char *name; /* "smbd" */
	const struct live_ulp_suite *suite;
	size_t (*count)(void);
	const char *listen_verb; /* the other role's verb connects */
	int (*listen)(const char *addr, size_t first, size_t count, char *const argv[], FILE *out);
	int (*connect)(const char *addr, size_t first, size_t count, FILE *out);
} ulps[] = {
	{ "smbd", &live_smbd_suite, live_smbd_case_count, "smbd-server", live_smbd_server,
	  live_smbd_client },
	{ "iser", &live_iser_suite, live_iser_case_count, "iser-target", live_iser_target,
	  live_iser_initiator },
};

/* the suite verb names: "NAME" or "NAME-..." */
static const struct ulp_verbs *ulp_of(const char *verb)
{
	for (size_t i = 0; i < sizeof(ulps) / sizeof(ulps[0]); i++) {
		size_t n = strlen(ulps[i].name);

		if (strncmp(verb, ulps[i].name, n) == 0 && (verb[n] == '\0' || verb[n] == '-'))
			return &ulps[i];
	}
	return NULL;
}

/* SUITE-server|target --addr A [--first N] [--count N] -- COMMAND...: the
 * hostile listener's cases against the kernel client COMMAND starts;
 * SUITE-client|initiator --addr A [--first N] [--count N]: the hostile
 * connector's cases */
int live_verb_ulp_role(int argc, char **argv)
{
	const struct ulp_verbs *u = ulp_of(argv[0]);
	bool listen = strcmp(argv[0], u->listen_verb) == 0;
	const char *addr;
	long long first, count;
	int at = ulp_opts(argc, argv, &addr, u->count(), &first, &count);
	char use[128];

	snprintf(use, sizeof(use), "%s --addr A [--first N] [--count N]%s", argv[0],
		 listen ? " -- COMMAND..." : "");
	if (listen ? at < 0 || at + 1 >= argc : at != argc)
		return live_misuse(use);
	return listen ? u->listen(addr, (size_t)first, (size_t)count, argv + at + 1, stdout)
		      : u->connect(addr, (size_t)first, (size_t)count, stdout);
}

/* SUITE-cases: every hostile case, "INDEX NAME ROLE" */
int live_verb_ulp_cases(int argc, char **argv)
{
	const struct live_ulp_suite *s = ulp_of(argv[0])->suite;
	char name[RDMANEG_CASENAME_MAX];
	const char *role;

	(void)argc;
	for (size_t i = 0; s->case_at(i, name, sizeof(name), &role); i++)
		printf("%zu %s %s\n", i, name, role);
	return 0;
}

int live_verb_iser_facts(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d %d %s\n", LIVE_ISER_PORT, LIVE_ISER_TARGET_PORT, LIVE_ISER_IQN) < 0;
}

/* SUITE-next CONSOLE, SUITE CONSOLE [--json FILE] */
int live_verb_ulp(int argc, char **argv)
{
	const struct ulp_verbs *u = ulp_of(argv[0]);
	bool next = strcmp(argv[0], u->name) != 0;
	struct live_ulp_tally t;
	size_t len = 0;
	char *con, use[64];
	FILE *j;
	int rc;

	/* SUITE-next takes the console alone (its table entry's arity) */
	snprintf(use, sizeof(use), "%s CONSOLE [--json FILE]", u->name);
	rc = live_report_args(argc, argv, use, &con, &len, &j);
	if (rc)
		return rc;
	len = live_ulp_untangle(con, len);
	if (next) {
		live_ulp_next(u->suite, con, len, stdout);
		free(con);
		return 0;
	}
	rc = live_ulp_report(u->suite, con, len, stdout, j, &t);
	free(con);
	if (live_report_close(j, argv[argc - 1]) != 0)
		return 2;
	return rc;
}

/* smbd-write SRC DST OFFSET SIZE (live/smbd/smbd_write.c) */
int live_verb_smbd_write(int argc, char **argv)
{
	long long off, size;

	(void)argc;
	if (live_parse_int(argv[3], 0, 1 << 16, &off) ||
	    live_parse_int(argv[4], 1, LIVE_SMBD_WRITE_MAX, &size))
		return live_misuse("smbd-write: OFFSET and SIZE are numbers of octets");
	return live_smbd_write(argv[1], argv[2], (size_t)off, (size_t)size, stderr);
}
