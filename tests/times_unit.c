// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of tools/test-times/times.c: rows in, JSON out and back, the
 * comparison, and every malformed row and table refused with its line. */
#include "tests/check.h"
#include "tools/test-times/times.h"

#include <stdlib.h>
#include <string.h>

static struct rdmaneg_times a, b;

static int rows(const char *text, struct rdmaneg_times *t, char *err, size_t errlen)
{
	char buf[512];
	(void)snprintf(buf, sizeof(buf), "%s", text);
	return rdmaneg_times_parse_rows(buf, t, err, errlen);
}

static int json(const char *text, struct rdmaneg_times *t, char *err, size_t errlen)
{
	char buf[1024];
	(void)snprintf(buf, sizeof(buf), "%s", text);
	return rdmaneg_times_parse_json(buf, t, err, errlen);
}

/* writes t to memory, for the round trip */
static char *to_json(const struct rdmaneg_times *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	rdmaneg_times_write_json(t, f);
	fclose(f);
	return buf;
}

static char *compare(const struct rdmaneg_times *prev, const struct rdmaneg_times *cur)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	rdmaneg_times_compare(prev, cur, f);
	fclose(f);
	return buf;
}

static void test_rows(void)
{
	char err[160];
	CHECK(rows("lint\t12.5\t24.0\t1\t0\nunit\t0.4\t0.3\t270\t0\n\n", &a, err, sizeof(err)) ==
	      0);
	CHECK(a.n == 2);
	CHECK(strcmp(a.suite[0].name, "lint") == 0 && a.suite[0].wall == 12.5 &&
	      a.suite[0].cpu == 24.0);
	CHECK(a.suite[1].passed == 270 && a.suite[1].failed == 0);
	CHECK(rdmaneg_times_passed(&a) == 271 && rdmaneg_times_failed(&a) == 0);
	CHECK(rdmaneg_times_cpu(&a) > 24.29 && rdmaneg_times_cpu(&a) < 24.31);

	/* each defect refused, naming its line */
	CHECK(rows("lint\t1\t2\t1\n", &a, err, sizeof(err)) == -1 && strstr(err, "line 1:"));
	CHECK(rows("lint\t1\t2\t1\t0\t9\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("ok\t1\t1\t1\t0\nLint\t1\t2\t1\t0\n", &a, err, sizeof(err)) == -1 &&
	      strstr(err, "line 2:"));
	CHECK(rows("lint\t-1\t2\t1\t0\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("lint\t1x\t2\t1\t0\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("lint\tnan\t2\t1\t0\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("lint\t1\t2\t-1\t0\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("lint\t1\t2\t1\t\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("a\t1\t2\t1\t0\na\t1\t2\t1\t0\n", &a, err, sizeof(err)) == -1 &&
	      strstr(err, "twice"));
	CHECK(rows("\t1\t2\t1\t0\n", &a, err, sizeof(err)) == -1);
	CHECK(rows("a-very-long-suite-name-of-forty-letters1\t1\t2\t1\t0\n", &a, err,
		   sizeof(err)) == -1);
	CHECK(rows("a-suite-name-of-thirty-nine-letters-xyz\t1\t2\t1\t0\n", &a, err, sizeof(err)) ==
	      0);

	/* a sixth field says whether the suite ran or was cached */
	CHECK(rows("lint\t1\t2\t10\t0\tcached\nunit\t1\t1\t5\t1\tran\n", &a, err, sizeof(err)) ==
	      0);
	CHECK(a.suite[0].cached && !a.suite[1].cached);
	CHECK(rdmaneg_times_passed(&a) == 5 && rdmaneg_times_cached(&a) == 10 &&
	      rdmaneg_times_failed(&a) == 1);
	CHECK(rows("lint\t1\t2\t10\t0\tskipped\n", &a, err, sizeof(err)) == -1 &&
	      strstr(err, "ran or cached"));
	CHECK(rows("lint\t1\t2\t10\t1\tcached\n", &a, err, sizeof(err)) == -1 &&
	      strstr(err, "no failure"));
}

static void test_json_round_trip(void)
{
	char err[160], *text;
	CHECK(rows("lint\t12.5\t24.0\t1\t0\nunit\t0.4\t0.3\t270\t2\n", &a, err, sizeof(err)) == 0);
	a.jobs = 2;
	a.wall = 30.25;
	text = to_json(&a);
	CHECK(text != NULL);
	if (!text)
		return;
	CHECK(strstr(text, "\"passed\":271,\"failed\":2") != NULL);
	CHECK(strstr(text, "{\"name\":\"lint\",\"wall\":12.5,\"cpu\":24.0,\"share\":0.988") !=
	      NULL);
	CHECK(rdmaneg_times_parse_json(text, &b, err, sizeof(err)) == 0);
	CHECK(b.n == 2 && b.jobs == 2 && b.wall > 30.19 && b.wall < 30.31);
	CHECK(strcmp(b.suite[1].name, "unit") == 0 && b.suite[1].passed == 270 &&
	      b.suite[1].failed == 2);
	free(text);

	/* so does a cached suite */
	CHECK(rows("lint\t0.2\t0.1\t7\t0\tcached\nunit\t0.4\t0.3\t2\t0\n", &a, err, sizeof(err)) ==
	      0);
	text = to_json(&a);
	CHECK(text && strstr(text, "\"passed\":2,\"failed\":0,\"cached\":7,\"suites\"") != NULL);
	CHECK(text && strstr(text, "\"failed\":0,\"cached\":true}") != NULL);
	CHECK(text && rdmaneg_times_parse_json(text, &b, err, sizeof(err)) == 0 && b.n == 2 &&
	      b.suite[0].cached && !b.suite[1].cached && rdmaneg_times_cached(&b) == 7);
	free(text);

	/* an empty table round-trips too */
	a.n = 0;
	text = to_json(&a);
	CHECK(text && rdmaneg_times_parse_json(text, &b, err, sizeof(err)) == 0 && b.n == 0);
	free(text);
}

static void test_json_malformed(void)
{
	char err[160];
	const char *head =
		"{\"version\":1,\"jobs\":2,\"wall\":3.0,\"cpu\":4.0,\"passed\":1,\"failed\":0,\"suites\":[\n";
	char buf[512];
	CHECK(json("", &b, err, sizeof(err)) == -1);
	CHECK(json("[]\n", &b, err, sizeof(err)) == -1);
	CHECK(json("{\"version\":2,\"jobs\":2,\"wall\":3.0,\"cpu\":4.0,\"passed\":1,\"failed\":0,\"suites\":[\n]}\n",
		   &b, err, sizeof(err)) == -1);
	CHECK(json("{\"version\":1,\"wall\":3.0,\"jobs\":2,\"cpu\":4.0,\"passed\":1,\"failed\":0,\"suites\":[\n]}\n",
		   &b, err, sizeof(err)) == -1);
	(void)snprintf(buf, sizeof(buf), "%s", head);
	CHECK(json(buf, &b, err, sizeof(err)) == -1 && strstr(err, "without ]}"));
	(void)snprintf(buf, sizeof(buf), "%s]}\nmore\n", head);
	CHECK(json(buf, &b, err, sizeof(err)) == -1 && strstr(err, "after the table"));
	/* one suite line in an otherwise good table: 0 is read, -1 refused on line 2 */
	static const struct {
		const char *suite;
		int want;
	} lines[] = {
		{ "{\"name\":\"a\",\"wall\":1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1,\"failed\":0}",
		  0 },
		{ "{\"name\":\"a\",\"wall\":1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1.5,\"failed\":0}",
		  -1 },
		{ "{\"name\":\"a\",\"wall\":-1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1,\"failed\":0}",
		  -1 },
		{ "{\"name\":\"A\",\"wall\":1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1,\"failed\":0}",
		  -1 },
		{ "{\"name\":\"a", -1 },
		{ "{\"name\":\"a\",\"wall\":1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1,\"failed\":0,\"x\":1}",
		  -1 },
		{ "{\"name\":\"a\",\"wall\":1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1,\"failed\":0,\"cached\":false}",
		  0 },
		{ "{\"name\":\"a\",\"wall\":1.0,\"cpu\":1.0,\"share\":1.0,\"passed\":1,\"failed\":0,\"cached\":1}",
		  -1 },
	};
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		(void)snprintf(buf, sizeof(buf), "%s%s\n]}\n", head, lines[i].suite);
		CHECK(json(buf, &b, err, sizeof(err)) == lines[i].want);
		CHECK(lines[i].want == 0 ? b.n == 1 : strstr(err, "line 2:") != NULL);
	}
}

static void test_compare(void)
{
	char err[160], *out;
	CHECK(rows("lint\t50.0\t100.0\t1\t0\nold\t5.0\t5.0\t3\t0\n", &a, err, sizeof(err)) == 0);
	a.jobs = 1;
	a.wall = 60;
	CHECK(rows("lint\t25.0\t90.0\t1\t0\nnew\t1.0\t10.0\t4\t0\n", &b, err, sizeof(err)) == 0);
	b.jobs = 2;
	b.wall = 30;
	out = compare(&a, &b);
	CHECK(out != NULL);
	if (!out)
		return;
	/* lint: wall 50 -> 25 (0.50), cpu 100 -> 90 (0.90), 90% of the CPU */
	CHECK(strstr(out,
		     "lint                    50.0    25.0   0.50   100.0    90.0   0.90  90.0%       1") !=
	      NULL);
	CHECK(strstr(out,
		     "new                        -     1.0      -       -    10.0      -  10.0%       4") !=
	      NULL);
	CHECK(strstr(out,
		     "old                      5.0       -      -     5.0       -      -      -       -") !=
	      NULL);
	CHECK(strstr(out,
		     "total                   60.0    30.0   0.50   105.0   100.0   0.95 100.0%       5") !=
	      NULL);
	CHECK(strstr(out,
		     "checks: 5 now (0 of them cached), 4 before (0 cached); jobs: 2 now, 1 before") !=
	      NULL);
	free(out);
	b.suite[1].cached = true;
	out = compare(&a, &b);
	CHECK(out && strstr(out, "10.0%       4 cached\n") != NULL &&
	      strstr(out, "checks: 5 now (4 of them cached)") != NULL);
	free(out);
	b.suite[1].cached = false;
	out = compare(NULL, &b);
	CHECK(out &&
	      strstr(out,
		     "lint                       -    25.0      -       -    90.0      -  90.0%       1"));
	free(out);
}

int main(void)
{
	test_rows();
	test_json_round_trip();
	test_json_malformed();
	test_compare();
	printf("times-unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
