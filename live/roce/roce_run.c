// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-live roce-peer (guest only): the cases the hostile RoCE v2
 * peer runs, each through live/roce/roce_peer.h: a run of the table and
 * the cases --also names, then a random mode's. The random mode draws
 * one REQ after another (live_roce_random_case: the good REQ to the
 * listener with 2 to 4 fields at edges or random values), from
 * consecutive seeds starting at --random-seed, each case of index
 * live_roce_case_count() + i, until --random-seconds have passed (at
 * least one case) or --random-max cases ran (0: no limit). Its lines
 * around the cases':
 *   LIVE_ROCE_RANDOM seed=HEX seconds=S max=N
 *   LIVE_ROCE_RANDOM_END N (how many ran)
 */
#include "live/roce/roce_live.h"
#include "live/roce/roce_peer.h"
#include "live/roce/roce_random.h"
#include "live/roce/roce_ulp.h"
#include "live/roce/roce_verbs.h"
#include "util/clock.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* a random mode: cases from seed on, for secs seconds (at least one
 * case) or max cases (0: no limit) */
static void run_random(struct live_roce_peer *p, uint64_t seed, unsigned long secs,
		       unsigned long max)
{
	size_t base = live_roce_case_count(), i = 0;
	int64_t end = rdmaneg_mono_us() + (int64_t)secs * 1000000;

	printf("LIVE_ROCE_RANDOM seed=%016llx seconds=%lu max=%lu\n", (unsigned long long)seed,
	       secs, max);
	fflush(stdout);
	for (; (max == 0 || i < max) && (i == 0 || rdmaneg_mono_us() < end); i++) {
		struct live_roce_case c;

		live_roce_random_case(seed + i, base + i, &c);
		live_roce_peer_run(p, &c, base + i);
	}
	printf("LIVE_ROCE_RANDOM_END %zu\n", i);
}

int live_verb_roce_peer(int argc, char **argv)
{
	const char *ifname = NULL, *peer_if = NULL;
	struct live_roce_peer p = { .fd = -1, .dev = "rxe0", .wait_ms = 1000, .psn = 0x100 };
	size_t first = 0, count = 0, total = live_roce_case_count();
	struct live_roce_also also = { .n = 0 };
	unsigned long secs = 0, max = 0;
	uint64_t seed = 0;
	bool random = false;
	int nargs = argc;

	/* after "--": the active cases' connector; its --log is where its
	 * events go */
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			nargs = i;
			p.connect = i + 1 < argc ? argv + i + 1 : NULL;
			for (int j = i + 1; j + 1 < argc; j++)
				if (strcmp(argv[j], "--log") == 0)
					p.log = argv[j + 1];
			break;
		}
	for (int i = 1; i + 1 < nargs; i += 2) {
		char *end = NULL;
		unsigned long v = strtoul(argv[i + 1], &end, 10);
		bool num = end && *end == '\0' && argv[i + 1][0] >= '0' && argv[i + 1][0] <= '9';

		if (strcmp(argv[i], "--ifname") == 0)
			ifname = argv[i + 1];
		else if (strcmp(argv[i], "--rxe-ifname") == 0)
			peer_if = argv[i + 1];
		else if (strcmp(argv[i], "--dev") == 0)
			p.dev = argv[i + 1];
		else if (strcmp(argv[i], "--first") == 0 && num)
			first = v;
		else if (strcmp(argv[i], "--count") == 0 && num)
			count = v;
		else if (strcmp(argv[i], "--also") == 0 && live_roce_also_parse(argv[i + 1], &also))
			continue;
		else if (strcmp(argv[i], "--wait-ms") == 0 && num && v > 0 && v <= 60000)
			p.wait_ms = (unsigned)v;
		else if (strcmp(argv[i], "--random-seed") == 0 &&
			 live_roce_seed_parse(argv[i + 1], &seed))
			random = true;
		else if (strcmp(argv[i], "--random-seconds") == 0 && num && v <= 86400)
			secs = v;
		else if (strcmp(argv[i], "--random-max") == 0 && num)
			max = v;
		else
			ifname = NULL, i = nargs;
	}
	if (nargs % 2 == 0 || !ifname || !peer_if || (p.connect && !p.log)) {
		fprintf(stderr,
			"usage: rdmaneg-live roce-peer --ifname IF --rxe-ifname IF [--dev RXE]"
			" [--first N] [--count N] [--also K[,K...]] [--wait-ms MS]"
			" [--random-seed HEX [--random-seconds S] [--random-max N]]"
			" [-- CONNECTOR... --log FILE...]\n");
		return 2;
	}
	if (live_roce_peer_open(&p, ifname, peer_if) != 0)
		return 1;
	{
		/* nvmet's rows as this kernel's line answers them, as the
		 * host's report judges them from the console */
		struct utsname u;

		if (uname(&u) == 0)
			(void)live_roce_ulp_kernel(u.release, NULL);
	}
	for (size_t k = first; (count == 0 || k < first + count) && k < total; k++) {
		struct live_roce_case c;

		if (live_roce_case(k, &c))
			live_roce_peer_run(&p, &c, k);
	}
	/* the cases besides the range (CI's smoke: an active one, nvmet's) */
	for (size_t i = 0; i < also.n; i++) {
		struct live_roce_case c;

		if (also.k[i] < total &&
		    (also.k[i] < first || (count != 0 && also.k[i] >= first + count)) &&
		    live_roce_case(also.k[i], &c))
			live_roce_peer_run(&p, &c, also.k[i]);
	}
	if (random)
		run_random(&p, seed, secs, max);
	live_roce_peer_close(&p);
	printf("LIVE_ROCE_END %zu\n", total);
	return 0;
}
