// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's random mode (live/roce/roce_random.c, the random
 * cases of roce_cases.c and their rows in roce_report.c); part of
 * tests/live_unit.c's program, each check able to fail. */
#include "tests/live_unit_roce_random.h"

#include "live/roce/roce_live.h"
#include "live/roce/roce_random.h"
#include "tests/live_unit_roce.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tests/check.h"

/* a random case's name carries its seed, and nothing else parses as one */
static void test_random_names(void)
{
	char name[40];
	uint64_t seed = 0;

	live_roce_random_name(0x726f6368ull, name, sizeof(name));
	CHECK(strcmp(name, "rnd-00000000726f6368") == 0 && live_roce_random_seed(name, &seed) &&
	      seed == 0x726f6368ull);
	live_roce_random_name(UINT64_MAX, name, sizeof(name));
	CHECK(live_roce_random_seed(name, &seed) && seed == UINT64_MAX);
	/* a seed as ROCE_SEED and --random-seed write it */
	CHECK(live_roce_seed_parse("1f", &seed) && seed == 0x1f &&
	      live_roce_seed_parse("ffffffffffffffff", &seed) && seed == UINT64_MAX);
	CHECK(!live_roce_seed_parse("", &seed) && !live_roce_seed_parse(NULL, &seed) &&
	      !live_roce_seed_parse("1F", &seed) && !live_roce_seed_parse("0x1f", &seed) &&
	      !live_roce_seed_parse("10000000000000000", &seed) &&
	      !live_roce_seed_parse("-1", &seed));
	CHECK(!live_roce_random_seed("rnd-req-3", &seed) &&
	      !live_roce_random_seed("rnd-00000000726F6368", &seed) &&
	      !live_roce_random_seed("rnd-0000000726f6368", &seed) &&
	      !live_roce_random_seed("rnd-000000000726f6368", &seed) &&
	      !live_roce_random_seed("rnd-00000000726f636g", &seed) &&
	      !live_roce_random_seed("req-00000000726f6368", &seed) &&
	      !live_roce_random_seed(NULL, &seed));
}

/* a random case is the table's random row of the same seed, by another
 * name: the same octets, expectation and clause */
static void test_random_case(void)
{
	struct live_roce_case row, c;
	size_t k = 0;

	CHECK(live_unit_roce_named("rnd-req-3", &row, &k));
	live_roce_random_case(0x726f6365ull + 3, k, &c);
	CHECK(strcmp(c.name, "rnd-00000000726f6368") == 0 && !c.active && c.listener &&
	      memcmp(c.mad, row.mad, sizeof(c.mad)) == 0 && c.mad_len == row.mad_len &&
	      live_roce_expected(&c) == live_roce_expected(&row) &&
	      strcmp(live_roce_clause(&c), "ibcm-c12#req-1") == 0);
	/* another seed, other octets */
	live_roce_random_case(0x726f6365ull + 4, k, &c);
	CHECK(memcmp(c.mad, row.mad, sizeof(c.mad)) != 0);
}

/* the report over random rows only (first past the table): each judged
 * by the oracle, counted, and "random: N cases" */
static int report(const char *con, char *rep, size_t cap)
{
	FILE *f = fmemopen(rep, cap, "w");
	int rc = -1;

	if (f) {
		rc = live_roce_report(con, strlen(con), live_roce_case_count(), 0, NULL, f, NULL);
		fclose(f);
	}
	return rc;
}

static void test_random_report(void)
{
	static char con[4096], rep[8192];
	size_t n = live_roce_case_count();
	struct live_roce_case c;
	const char *answer;

	/* a seed whose REQ the oracle finds good (a REP) and one it finds
	 * defective, as the table's rows say */
	live_roce_random_case(0x726f6365ull + 3, n, &c);
	answer = live_roce_expected(&c) == LIVE_ROCE_X_REP ? "rep" : "rej";
	snprintf(con, sizeof(con),
		 "LIVE_ROCE_RANDOM seed=00000000726f6368 seconds=10 max=0\n"
		 "LIVE_ROCE_CASE %zu rnd-00000000726f6368 answer=%s reason=0 rcvd=1 icrc=ok "
		 "frames=1\n"
		 "LIVE_ROCE_CASE %zu rnd-00000000726f6369 answer=none reason=0 rcvd=1 icrc=ok "
		 "frames=0\n",
		 n, answer, n + 1);
	CHECK(report(con, rep, sizeof(rep)) == 0 && strstr(rep, "random: 2 cases") &&
	      strstr(rep, "rnd-00000000726f6368"));
	live_roce_random_case(0x726f6365ull + 4, n + 1, &c);
	/* the second's REQ is one a listener answers: no answer diverges */
	CHECK(live_roce_expected(&c) == LIVE_ROCE_X_REP && strstr(rep, "1 conform, 1 diverge"));
	/* the controls: a random name at a table index, a table name past
	 * the table, a name whose seed is not its case's */
	snprintf(con, sizeof(con),
		 "LIVE_ROCE_CASE 3 rnd-00000000726f6368 answer=rep reason=0 rcvd=1 icrc=ok "
		 "frames=1\n");
	CHECK(report(con, rep, sizeof(rep)) == 1 && strstr(rep, "malformed: "));
	snprintf(con, sizeof(con),
		 "LIVE_ROCE_CASE %zu req-listener answer=rep reason=0 rcvd=1 icrc=ok frames=1\n",
		 n);
	CHECK(report(con, rep, sizeof(rep)) == 1 && strstr(rep, "malformed: "));
	snprintf(con, sizeof(con),
		 "LIVE_ROCE_CASE %zu rnd-00000000726f636 answer=rep reason=0 rcvd=1 icrc=ok "
		 "frames=1\n",
		 n);
	CHECK(report(con, rep, sizeof(rep)) == 1 && strstr(rep, "random: ") == NULL);
}

void live_unit_roce_random(int *pass, int *fail)
{
	test_random_names();
	test_random_case();
	test_random_report();
	*pass += passed;
	*fail += failed;
}
