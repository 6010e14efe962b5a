// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-test-times: the timing table of make test; the verbs (record,
 * compare) are the table at the end, which help lists.
 * Exit status: 0 done, 1 a file unreadable or malformed, 2 usage.
 */
#include "tools/test-times/times.h"
#include "util/file.h"
#include "util/verb.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TABLE (1u << 20)

static struct rdmaneg_times prev_table, cur_table;

#define PROG "rdmaneg-test-times"

static int usage(void); /* the table's, on stderr; returns 2 */

typedef int (*parse_fn)(char *, struct rdmaneg_times *, char *, size_t);

static int load(const char *path, parse_fn parse, struct rdmaneg_times *t)
{
	size_t len;
	bool more;
	char err[160];
	char *text = rdmaneg_read_file(path, MAX_TABLE, &len, &more);
	int rc;
	if (!text) {
		fprintf(stderr, "rdmaneg-test-times: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (more) {
		fprintf(stderr, "rdmaneg-test-times: %s is over %u octets\n", path, MAX_TABLE);
		free(text);
		return 1;
	}
	rc = parse(text, t, err, sizeof(err));
	free(text);
	if (rc != 0) {
		fprintf(stderr, "rdmaneg-test-times: %s: %s\n", path, err);
		return 1;
	}
	return 0;
}

static int cmd_record(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "jobs", required_argument, NULL, 'j' },
		{ "wall", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 },
	};
	long jobs = -1;
	double wall = -1;
	char *end;
	FILE *out;
	int c;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			errno = 0;
			jobs = strtol(optarg, &end, 10);
			if (errno || *end || jobs < 1 || jobs > 4096) {
				fprintf(stderr,
					"rdmaneg-test-times: --jobs takes 1 to 4096, not '%s'\n",
					optarg);
				return 2;
			}
			break;
		case 'w':
			errno = 0;
			wall = strtod(optarg, &end);
			if (errno || *end || end == optarg || !(wall >= 0 && wall < 1e9)) {
				fprintf(stderr,
					"rdmaneg-test-times: --wall takes seconds, not '%s'\n",
					optarg);
				return 2;
			}
			break;
		default:
			return usage();
		}
	}
	if (jobs < 0 || wall < 0 || argc - optind != 2)
		return usage();
	if (load(argv[optind], rdmaneg_times_parse_rows, &cur_table) != 0)
		return 1;
	cur_table.jobs = (unsigned)jobs;
	cur_table.wall = wall;
	out = fopen(argv[optind + 1], "w");
	if (!out) {
		fprintf(stderr, "rdmaneg-test-times: cannot write %s: %s\n", argv[optind + 1],
			strerror(errno));
		return 1;
	}
	rdmaneg_times_write_json(&cur_table, out);
	if (fclose(out) != 0) {
		fprintf(stderr, "rdmaneg-test-times: writing %s failed\n", argv[optind + 1]);
		return 1;
	}
	return 0;
}

static int cmd_compare(int argc, char **argv)
{
	if (argc - optind == 1) {
		if (load(argv[optind], rdmaneg_times_parse_json, &cur_table) != 0)
			return 1;
		rdmaneg_times_compare(NULL, &cur_table, stdout);
		return 0;
	}
	if (argc - optind != 2)
		return usage();
	if (load(argv[optind], rdmaneg_times_parse_json, &prev_table) != 0 ||
	    load(argv[optind + 1], rdmaneg_times_parse_json, &cur_table) != 0)
		return 1;
	rdmaneg_times_compare(&prev_table, &cur_table, stdout);
	return 0;
}

/* util/verb passes the verb as argv[0], where getopt wants the program */
static int record_verb(int argc, char **argv)
{
	optind = 1;
	return cmd_record(argc, argv);
}

static int compare_verb(int argc, char **argv)
{
	optind = 1;
	return cmd_compare(argc, argv);
}

static const struct rdmaneg_verb verbs[] = {
	{ "record", "--jobs N --wall SECONDS ROWS OUT.json", "the rows (times.h) to OUT as JSON",
	  record_verb, 2, 6 },
	{ "compare", "[PREVIOUS.json] CURRENT.json", "CURRENT's table, beside PREVIOUS's if given",
	  compare_verb, 1, 2 },
};

static int usage(void)
{
	rdmaneg_verb_usage(stderr, PROG, NULL, verbs, sizeof(verbs) / sizeof(verbs[0]));
	return 2;
}

int main(int argc, char **argv)
{
	return rdmaneg_verb_dispatch(
		PROG, "Exit status: 0 done, 1 a file unreadable or malformed, 2 usage.", verbs,
		sizeof(verbs) / sizeof(verbs[0]), argc, argv);
}
