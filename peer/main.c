// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-peer: a hostile MPA peer and conformance tester (RFC 5044, RFC
 * 6581). main() dispatches through the verb table (util/verb.h), each
 * verb parses its options with getopt_long; the help is generated from
 * the verb and option tables. The runs
 * live in run.c. See docs/peer.md.
 * Exit: 0 every case conforms, 1 any diverges or is a finding, 2 usage or
 * setup error (bad arguments, unreachable target).
 */
#define _GNU_SOURCE
#include "peer/peer_cases.h"
#include "peer/reference.h"
#include "peer/run.h"
#include "peer/session.h"
#include "util/verb.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int num(const char *flag, const char *v, unsigned long lo, unsigned long hi,
	       unsigned long *out)
{
	char *end;
	unsigned long x;

	if (!v) {
		fprintf(stderr, "rdmaneg-peer: %s needs a value\n", flag);
		return -1;
	}
	errno = 0;
	x = strtoul(v, &end, 0);
	if (!*v || *end || errno || x < lo || x > hi || v[0] == '-') {
		fprintf(stderr, "rdmaneg-peer: %s: '%s' is not a number in %lu..%lu\n", flag, v, lo,
			hi);
		return -1;
	}
	*out = x;
	return 0;
}

/* The options, one row each: getopt_long's table and the switch below
 * share the enum. */
enum {
	O_CASE = 256,
	O_TIMEOUT,
	O_ACCEPT_TIMEOUT,
	O_LISTEN,
	O_RANDOM,
	O_SEED,
	O_BUDGET,
	O_FROM,
	O_EXPECT,
	O_WRITE_EXPECT,
	O_ONLY_EXPECTED,
	O_PROGRESS,
	O_COUNT,
	O_LOCAL_MAX,
	O_ULP_LOG,
	O_JSON,
	O_JUNIT,
	O_PLANT,
	O_FRAME,
	O_ONLY_RANDOM,
	O_GUIDED,
	O_CORPUS,
	O_GCOV,
	O_ALL,
	O_KMSG,
	O_P2P,
	O_AGENT,
	O_GCOV_SCOPE,
	O_SUT,
	O_ROLE,
	O_BASES,
	O_KMSG_MARKS,
	O_KCOV,
};

/* One row per option: getopt_long's entry, its argument's name and its
 * help text (usage() prints them in this order). */
static const struct peer_option {
	struct option opt;
	const char *arg;
	const char *help;
} options[] = {
	{ { "case", required_argument, NULL, O_CASE },
	  "GLOB",
	  "run the cases matching GLOB (repeatable; default all);\none random-S-K (the K-th random case of seed S) or\nBASE~HEX~... (BASE mutated once per HEX) runs alone" },
	{ { "timeout", required_argument, NULL, O_TIMEOUT },
	  "MS",
	  "per-case wait for the SUT (default 1000)" },
	{ { "random", required_argument, NULL, O_RANDOM },
	  "N",
	  "N random mutations after the table cases" },
	{ { "seed", required_argument, NULL, O_SEED },
	  "S",
	  "seed of the random mutations (default 1)" },
	{ { "only-random", no_argument, NULL, O_ONLY_RANDOM }, NULL, "skip the table cases" },
	{ { "local-max", required_argument, NULL, O_LOCAL_MAX },
	  "N",
	  "the SUT's maximum IRD/ORD (default 128, siw)" },
	{ { "accept-timeout", required_argument, NULL, O_ACCEPT_TIMEOUT },
	  "MS",
	  "reply: wait for each initiator (default 10000)" },
	{ { "listen", required_argument, NULL, O_LISTEN },
	  "PORT",
	  "reply, respond: the TCP port to listen on" },
	{ { "ulp-log", required_argument, NULL, O_ULP_LOG },
	  "FILE",
	  "the SUT endpoint's ULP records (rdmaneg-live listen/connect)" },
	{ { "kmsg", no_argument, NULL, O_KMSG },
	  NULL,
	  "watch /dev/kmsg after every case (SUT on this host)" },
	{ { "frame", required_argument, NULL, O_FRAME },
	  "HEX",
	  "send exactly this frame (one case named 'frame')" },
	{ { "json", required_argument, NULL, O_JSON }, "FILE", "machine-readable report" },
	{ { "junit", required_argument, NULL, O_JUNIT }, "FILE", "JUnit XML report" },
	{ { "all", no_argument, NULL, O_ALL }, NULL, "list conforming cases in the table too" },
	{ { "budget", required_argument, NULL, O_BUDGET },
	  "S",
	  "stop the random cases S seconds after the first" },
	{ { "gcov", required_argument, NULL, O_GCOV },
	  "DIR",
	  "the debug kernel's gcov data (debugfs): after each case,\n\"PEER_ARCS role K ms arcs new\": arcs reached so far" },
	{ { "guided", no_argument, NULL, O_GUIDED },
	  NULL,
	  "with --gcov and --random: mutate the inputs that reached\nnew arcs (starting from the table), not the table alone" },
	{ { "corpus", required_argument, NULL, O_CORPUS },
	  "DIR",
	  "with --random: the frames in DIR (e.g. corpus/mpa_frame)\njoin the table as inputs to mutate, in both modes" },
	{ { "from", required_argument, NULL, O_FROM },
	  "K",
	  "start at the K-th case of the run (after a reboot)" },
	{ { "progress", no_argument, NULL, O_PROGRESS },
	  NULL,
	  "print \"PEER_CASE role K name\" before each case,\n\"PEER_FRAME role K length hex\" as it is sent and\n\"PEER_VERDICT role K name verdict clause\" after it" },
	{ { "expect", required_argument, NULL, O_EXPECT },
	  "FILE",
	  "compare verdicts with a baseline (\"role case verdict clause\"\nper line); exit 0 only when every case matches it" },
	{ { "only-expected", no_argument, NULL, O_ONLY_EXPECTED },
	  NULL,
	  "run only the cases the --expect baseline names" },
	{ { "write-expect", required_argument, NULL, O_WRITE_EXPECT },
	  "FILE",
	  "write this run's verdicts as such a baseline" },
	{ { "count", required_argument, NULL, O_COUNT },
	  "N",
	  "respond, initiate: stop after N connections (0: never)" },
	{ { "plant", required_argument, NULL, O_PLANT },
	  "NAME",
	  "respond: misbehave on purpose (rev0_accept, reply_3fff,\nignore_3fff, reset_kills)" },
	{ { "agent", required_argument, NULL, O_AGENT },
	  "CHANNEL",
	  "serve a campaign: READY, then one case per CASE line\n(a virtio-serial port name, or a socket path)" },
	{ { "gcov-scope", required_argument, NULL, O_GCOV_SCOPE },
	  "PARTS",
	  "with --gcov: only the .gcda files whose path holds\none of the comma-separated PARTS" },
	{ { "sut", required_argument, NULL, O_SUT },
	  "CMD",
	  "reply: run CMD (split at spaces) once listening: the\nSUT's initiator" },
	{ { "role", required_argument, NULL, O_ROLE },
	  "ROLE",
	  "list: the names of ROLE's cases, one a line" },
	{ { "bases", no_argument, NULL, O_BASES },
	  NULL,
	  "list --role ROLE: the inputs random and guided cases\nstart from (with --corpus DIR, its frames too)" },
	{ { "kmsg-marks", no_argument, NULL, O_KMSG_MARKS },
	  NULL,
	  "with --progress: the marks as /dev/kmsg records, whole\nand in order with the kernel's lines (a guest's agent)" },
	{ { "kcov", no_argument, NULL, O_KCOV },
	  NULL,
	  "KCOV over every case's syscalls (the debug kernel): the\nfunctions of siw and the CMs they ran, PEER_KCOV" },
	{ { "p2p", no_argument, NULL, O_P2P },
	  NULL,
	  "initiate: offer peer-to-peer RTR ([rfc6581#7])" },
};
#define NOPTIONS (sizeof(options) / sizeof(options[0]))

/* Sets one option; -1 (after a message) when its value is refused. */
static int set_opt(int c, const char *flag, const char *val, struct rdmaneg_peer_opts *o)
{
	unsigned long v;

	switch (c) {
	case O_CASE:
		if (o->nglobs == RDMANEG_PEER_MAX_GLOBS) {
			fprintf(stderr, "rdmaneg-peer: more than %d --case patterns\n",
				RDMANEG_PEER_MAX_GLOBS);
			return -1;
		}
		o->globs[o->nglobs++] = val;
		return 0;
	case O_TIMEOUT:
	case O_ACCEPT_TIMEOUT:
		if (num(flag, val, 10, 600000, &v))
			return -1;
		*(c == O_TIMEOUT ? &o->timeout_ms : &o->accept_ms) = (int)v;
		return 0;
	case O_LISTEN:
		if (num(flag, val, 1, 65535, &v))
			return -1;
		o->listen_port = (int)v;
		return 0;
	case O_RANDOM:
		return num(flag, val, 0, RDMANEG_PEER_RANDOM_MAX, &o->random);
	case O_SEED:
		return num(flag, val, 0, ~0ul, &o->seed);
	case O_BUDGET:
		return num(flag, val, 1, 86400, &o->budget);
	case O_FROM:
		return num(flag, val, 0, 100000000, &o->from);
	case O_COUNT:
		return num(flag, val, 0, ~0u, &o->count);
	case O_LOCAL_MAX:
		if (num(flag, val, 1, 0x3FFD, &v))
			return -1;
		o->local_max = (unsigned)v;
		return 0;
	case O_EXPECT:
		o->expect = val;
		return 0;
	case O_WRITE_EXPECT:
		o->write_expect = val;
		return 0;
	case O_ULP_LOG:
		o->ulp_log = val;
		return 0;
	case O_JSON:
		o->json = val;
		return 0;
	case O_JUNIT:
		o->junit = val;
		return 0;
	case O_PLANT:
		o->plant = val;
		return 0;
	case O_FRAME:
		o->frame_hex = val;
		return 0;
	case O_CORPUS:
		o->corpus = val;
		return 0;
	case O_GCOV:
		o->gcov = val;
		return 0;
	case O_ONLY_EXPECTED:
		o->only_expected = true;
		return 0;
	case O_PROGRESS:
		o->progress = true;
		return 0;
	case O_ONLY_RANDOM:
		o->only_random = true;
		return 0;
	case O_GUIDED:
		o->guided = true;
		return 0;
	case O_ALL:
		o->all = true;
		return 0;
	case O_KMSG:
		o->kmsg = true;
		return 0;
	case O_P2P:
		o->p2p = true;
		return 0;
	case O_AGENT:
		o->agent = val;
		return 0;
	case O_GCOV_SCOPE:
		o->gcov_scope = val;
		return 0;
	case O_SUT:
		o->sut = val;
		return 0;
	case O_ROLE:
		o->list_role = val;
		return 0;
	case O_BASES:
		o->list_bases = true;
		return 0;
	case O_KMSG_MARKS:
		o->kmsg_marks = true;
		return 0;
	case O_KCOV:
		o->kcov = true;
		return 0;
	default:
		return -1;
	}
}

/* argv[first..]: the options (getopt_long, in any order) and at most one
 * target, HOST:PORT. */
static int parse(int argc, char **argv, int first, struct rdmaneg_peer_opts *o)
{
	int c, idx = 0;

	static struct option long_opts[NOPTIONS + 1];

	for (size_t i = 0; i < NOPTIONS; i++)
		long_opts[i] = options[i].opt;
	opterr = 0; /* the messages below are ours */
	optind = first;
	while ((c = getopt_long(argc, argv, ":", long_opts, &idx)) != -1) {
		char flag[32];

		if (c == ':') {
			fprintf(stderr, "rdmaneg-peer: %s needs a value\n", argv[optind - 1]);
			return -1;
		}
		if (c == '?') {
			fprintf(stderr, "rdmaneg-peer: unknown or incomplete argument '%s'\n",
				argv[optind - 1]);
			return -1;
		}
		(void)snprintf(flag, sizeof(flag), "--%s", long_opts[idx].name);
		if (set_opt(c, flag, optarg, o) != 0)
			return -1;
	}
	for (; optind < argc; optind++) {
		if (o->target) {
			fprintf(stderr, "rdmaneg-peer: unknown or incomplete argument '%s'\n",
				argv[optind]);
			return -1;
		}
		o->target = argv[optind];
	}
	return 0;
}

static int mode_request(const struct rdmaneg_peer_opts *o)
{
	return rdmaneg_peer_run(RDMANEG_PEER_REQUEST, o);
}

static int mode_reply(const struct rdmaneg_peer_opts *o)
{
	return rdmaneg_peer_run(RDMANEG_PEER_REPLY, o);
}

static int mode_respond(const struct rdmaneg_peer_opts *o)
{
	char err[160];
	int pl = rdmaneg_ref_plant_parse(o->plant);
	int lfd;

	if (pl < 0) {
		fprintf(stderr, "rdmaneg-peer: unknown plant '%s'\n", o->plant);
		return RDMANEG_PEER_EXIT_USAGE;
	}
	if (o->listen_port <= 0) {
		fprintf(stderr, "rdmaneg-peer: respond needs --listen PORT\n");
		return RDMANEG_PEER_EXIT_USAGE;
	}
	lfd = rdmaneg_peer_listen((uint16_t)o->listen_port, err, sizeof(err));
	if (lfd < 0) {
		fprintf(stderr, "rdmaneg-peer: %s\n", err);
		return RDMANEG_PEER_EXIT_USAGE;
	}
	rdmaneg_ref_respond(lfd, (enum rdmaneg_ref_plant)pl, (unsigned)o->count);
	return 0;
}

static int mode_initiate(const struct rdmaneg_peer_opts *o)
{
	struct sockaddr_storage sa;
	socklen_t sl;
	char err[200];

	if (rdmaneg_peer_addr(o->target, &sa, &sl, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-peer: %s\n", err);
		return RDMANEG_PEER_EXIT_USAGE;
	}
	printf("initiate: %u connections\n",
	       rdmaneg_ref_initiate(&sa, sl, o->p2p, (unsigned)o->count));
	return 0;
}

/* A help text's lines after the first, indented to col. */
static void put_help(FILE *f, const char *help, int col)
{
	for (; *help; help++) {
		fputc(*help, f);
		if (*help == '\n')
			fprintf(f, "%*s", col, "");
	}
	fputc('\n', f);
}

/* The options and the exit statuses: the usage's text after the verbs. */
static const char *about(void)
{
	static char text[8192];
	FILE *f;

	if (text[0])
		return text;
	f = fmemopen(text, sizeof(text) - 1, "w");
	if (!f)
		return NULL;
	fputs("options:\n", f);
	for (size_t i = 0; i < NOPTIONS; i++) {
		char left[40];

		(void)snprintf(left, sizeof(left), "--%s%s%s", options[i].opt.name,
			       options[i].arg ? " " : "", options[i].arg ? options[i].arg : "");
		fprintf(f, "  %-20s ", left);
		put_help(f, options[i].help, 23);
	}
	fputs("Exit: 0 every case conforms, 1 any diverges or is a finding, 2 usage or setup\n"
	      "error (bad arguments, unreachable target).",
	      f);
	(void)fclose(f);
	return text;
}

/* A mode's run: its options parsed from argv (argv[0] is the verb) */
static int run_mode(int argc, char **argv, int (*run)(const struct rdmaneg_peer_opts *o))
{
	struct rdmaneg_peer_opts o;

	memset(&o, 0, sizeof(o));
	o.timeout_ms = 1000;
	o.accept_ms = 10000;
	o.seed = 1;
	o.local_max = 128;
	if (parse(argc, argv, 1, &o) != 0)
		return rdmaneg_verb_misuse("rdmaneg-peer", "bad arguments");
	if (o.nglobs == 1 && run != rdmaneg_peer_list) {
		struct rdmaneg_casename cn;

		/* one random or chain case, exactly as the run that
		 * printed its name */
		if (rdmaneg_casename_parse(o.globs[0], &cn) && cn.kind != RDMANEG_CASENAME_PLAIN) {
			o.exact = o.globs[0];
			o.nglobs = 0;
		}
	}
	return run(&o);
}

static int verb_request(int argc, char **argv)
{
	return run_mode(argc, argv, mode_request);
}

static int verb_reply(int argc, char **argv)
{
	return run_mode(argc, argv, mode_reply);
}

static int verb_list(int argc, char **argv)
{
	return run_mode(argc, argv, rdmaneg_peer_list);
}

static int verb_respond(int argc, char **argv)
{
	return run_mode(argc, argv, mode_respond);
}

static int verb_initiate(int argc, char **argv)
{
	return run_mode(argc, argv, mode_initiate);
}

/* The modes; options are checked by parse() */
static const struct rdmaneg_verb verbs[] = {
	{ "request", "HOST:PORT [options]", "test an MPA responder", verb_request, 1,
	  RDMANEG_VERB_ANY },
	{ "reply", "--listen PORT [options]", "test an MPA initiator", verb_reply, 1,
	  RDMANEG_VERB_ANY },
	{ "list", "[--case GLOB] [--role ROLE [--bases [--corpus DIR]]]", "list the cases",
	  verb_list, 0, RDMANEG_VERB_ANY },
	{ "respond", "--listen PORT [--plant NAME] [--count N]", "reference responder",
	  verb_respond, 1, RDMANEG_VERB_ANY },
	{ "initiate", "HOST:PORT [--p2p] [--count N]", "reference initiator", verb_initiate, 1,
	  RDMANEG_VERB_ANY },
};
static const size_t nverbs = sizeof(verbs) / sizeof(verbs[0]);

int main(int argc, char **argv)
{
	signal(SIGPIPE, SIG_IGN);
	setvbuf(stdout, NULL, _IOLBF, 0);
	return rdmaneg_verb_dispatch("rdmaneg-peer", about(), verbs, nverbs, argc, argv);
}
