// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_verbs: rdmaneg-live's verbs of the NVMe-oF suite (make live-nvme):
 * its hostile host and target, its cases and its report; live/main.c's
 * table dispatches them.
 */
#define _GNU_SOURCE

#include "live/nvme/nvme_verbs.h"
#include "live/core/client.h"
#include "live/core/live_args.h"
#include "live/nvme/nvme.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nvme-facts: nvmet's port and the subsystem's NQN (live/nvme/nvme.h) */
int live_verb_nvme_facts(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d %s\n", LIVE_NVME_PORT, LIVE_NVME_NQN) < 0;
}

/* The hostile NVMe-oF roles' options: --addr A and the role's own one,
 * --port P (the host's, nvmet's port) or --nqn NQN (the target's), then
 * either [--first K] [--count N] over both roles' cases or --agent CHANNEL
 * [--gcov DIR [--gcov-scope PARTS]] (a campaign's); 0, or -1 on anything
 * else, missing or mixed. */
struct nvme_opts {
	const char *addr, *nqn;
	long long port, first, count;
	bool range; /* --first or --count given */
	struct live_agent_opts agent;
};

static int nvme_opts(int argc, char **argv, const char *own, struct nvme_opts *n)
{
	long long cases = (long long)live_nvme_case_count() + (long long)live_nvme_tcase_count();

	memset(n, 0, sizeof(*n));
	if (argc % 2 != 1)
		return -1;
	for (int i = 1; i + 1 < argc; i += 2) {
		const char *o = argv[i], *val = argv[i + 1];
		bool bad;

		if (strcmp(o, "--addr") == 0)
			bad = (n->addr = val) == NULL;
		else if (strcmp(o, own) == 0 && strcmp(own, "--port") == 0)
			bad = live_parse_int(val, 1, 65535, &n->port) != 0;
		else if (strcmp(o, own) == 0)
			/* an NQN: at most 223 octets, none a separator of the
			 * options string (NVMe base spec 4.5) */
			bad = !*(n->nqn = val) || strlen(val) > 223 || strpbrk(val, ",= \n");
		else if (strcmp(o, "--first") == 0)
			bad = live_parse_int(val, 0, cases, &n->first) != 0 || !(n->range = true);
		else if (strcmp(o, "--agent") == 0)
			bad = !*(n->agent.agent = val);
		else if (strcmp(o, "--gcov") == 0)
			bad = !*(n->agent.gcov = val);
		else if (strcmp(o, "--gcov-scope") == 0)
			bad = !*(n->agent.gcov_scope = val);
		else
			bad = strcmp(o, "--count") != 0 ||
			      live_parse_int(val, 0, cases, &n->count) != 0 || !(n->range = true);
		if (bad)
			return -1;
	}
	if ((n->agent.agent && n->range) || (!n->agent.agent && n->agent.gcov) ||
	    (n->agent.gcov_scope && !n->agent.gcov))
		return -1;
	return n->addr && (n->port || n->nqn) ? 0 : -1;
}

/* nvme-host --addr A --port P [--first K] [--count N]: the hostile host's
 * cases K.. (N of them; 0: all) against nvmet (live/nvme/nvme_host.c);
 * with --agent, a campaign's */
int live_verb_nvme_host(int argc, char **argv)
{
	struct nvme_opts n;

	if (nvme_opts(argc, argv, "--port", &n) != 0)
		return live_misuse("nvme-host --addr A --port P [--first K] [--count N]\n"
				   "    or --agent CHANNEL [--gcov DIR [--gcov-scope PARTS]]");
	if (n.agent.agent)
		return live_nvme_host_agent(n.addr, (int)n.port, &n.agent, stdout);
	return live_nvme_host(n.addr, (int)n.port, (size_t)n.first, (size_t)n.count, stdout);
}

/* nvme-target --addr A --nqn NQN [--first K] [--count N]: the hostile
 * target's cases among K.. (N of them; 0: all), the kernel host connecting
 * to subsystem NQN on A's LIVE_NVME_TARGET_PORT and LIVE_NVME_MPA_PORT
 * (live/nvme/nvme_target.c) */
int live_verb_nvme_target(int argc, char **argv)
{
	struct nvme_opts n;

	if (nvme_opts(argc, argv, "--nqn", &n) != 0)
		return live_misuse("nvme-target --addr A --nqn NQN [--first K] [--count N]\n"
				   "    or --agent CHANNEL [--gcov DIR [--gcov-scope PARTS]]");
	if (n.agent.agent)
		return live_nvme_target_agent(n.addr, n.nqn, &n.agent, stdout);
	return live_nvme_target(n.addr, n.nqn, (size_t)n.first, (size_t)n.count, stdout);
}

/* nvme-cases: every hostile case's index, name and role: the host's
 * against nvmet, then the target's against the kernel host */
int live_verb_nvme_cases(int argc, char **argv)
{
	struct live_nvme_case c;
	struct live_nvme_tcase t;
	size_t n = live_nvme_case_count();

	(void)argc;
	(void)argv;
	for (size_t i = 0; live_nvme_case(i, &c); i++)
		printf("%zu %s host\n", i, c.name);
	for (size_t j = 0; live_nvme_tcase(j, 0, &t); j++)
		printf("%zu %s target\n", n + j, t.name);
	return 0;
}

/* nvme-next CONSOLE: the index of the case after the last one either
 * hostile role began in a console (the one a dead guest was running),
 * "done" when the target ran its last, "none" when none began */
int live_verb_nvme_next(int argc, char **argv)
{
	static struct live_nvme r;
	size_t len;
	char *con, why[256];
	long idx;

	(void)argc;
	con = live_slurp(argv[1], &len);
	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[1]);
		return 2;
	}
	(void)live_nvme_read(con, len, &r, why, sizeof(why));
	free(con);
	if (r.target_done)
		return puts("done") < 0;
	if (!r.last_case[0])
		return puts("none") < 0;
	idx = live_nvme_any_index(r.last_case);
	if (idx < 0) {
		fprintf(stderr, "rdmaneg-live: %s names no case\n", r.last_case);
		return 2;
	}
	printf("%ld %s\n", idx + 1, r.last_case);
	return 0;
}

/* nvme CONSOLE [--json FILE]: make live-nvme's differential table */
int live_verb_nvme(int argc, char **argv)
{
	static struct live_nvme r;
	struct live_nvme_verdict v;
	FILE *json;
	size_t len = 0;
	char *con, why[256];
	int fail = live_report_args(argc, argv, "nvme CONSOLE [--json FILE]", &con, &len, &json);

	if (fail)
		return fail;
	if (live_nvme_read(con, len, &r, why, sizeof(why)) != 0) {
		free(con);
		(void)live_report_close(json, argv[argc - 1]);
		printf("live-nvme: FAILED: %s\n", why);
		return 1;
	}
	/* a splat is a finding (live/nvme/nvme.sh lists them), not a failed run */
	(void)live_nvme_splats(con, len, stdout);
	free(con);
	live_nvme_report(stdout, json, &r, &v);
	if (live_report_close(json, argv[argc - 1]) != 0)
		return 2;
	for (int s = 0; s < LIVE_NVME_NSTEPS; s++)
		if (r.step[s] != 1) {
			printf("live-nvme: FAILED: step %s %s\n", live_nvme_step_name(s),
			       r.step[s] == 0 ? r.step_why[s] : "never ran");
			fail = 1;
		}
	if (r.queues != 3) {
		printf("live-nvme: FAILED: %ld queues, not an admin queue and two I/O queues\n",
		       r.queues);
		fail = 1;
	}
	if (v.admin != 1 || v.io != 2) {
		printf("live-nvme: FAILED: %zu admin and %zu I/O connections captured, not 1 and 2\n",
		       v.admin, v.io);
		fail = 1;
	}
	if (v.disagree) {
		printf("live-nvme: FAILED: %zu rows where the core and the oracle differ\n",
		       v.disagree);
		fail = 1;
	}
	if (r.bad)
		printf("live-nvme: %zu LIVE_NVME lines did not parse, the first: %s\n", r.bad,
		       r.first_bad);
	if (v.cases)
		printf("live-nvme: hostile host: %zu cases, %zu answered as the spec allows, %zu "
		       "diverge (%zu without an answer)\n",
		       v.cases, v.case_conform, v.case_diverge, v.case_unanswered);
	if (v.tcases)
		printf("live-nvme: hostile target: %zu cases, the host did as the spec asks in %zu, "
		       "diverged in %zu, %zu not judged (no rule the wire shows), %zu measured "
		       "nothing; %zu Connect command(s) sent that never reached the listener\n",
		       v.tcases, v.t_conform, v.t_diverge, v.t_unjudged, v.t_void, v.t_lost);
	if (v.t_void) {
		printf("live-nvme: FAILED: %zu hostile target case(s) saw no connect request\n",
		       v.t_void);
		fail = 1;
	}
	printf("live-nvme: %zu connections (%zu admin, %zu I/O), %zu rows, %zu where Linux "
	       "diverges from the spec%s\n",
	       v.conns, v.admin, v.io, v.rows, v.diverges,
	       r.done ? "" : "; the guest never said done");
	return fail || !r.done;
}
