// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * mpa_verbs: rdmaneg-live's verbs of the MPA suite (make live, its
 * campaigns and the peer's endpoint), and the capture that every suite
 * whose two ends are the kernel uses; live/main.c's table dispatches them.
 */
#define _GNU_SOURCE

#include "live/mpa/mpa_verbs.h"
#include "live/core/cm.h"
#include "live/core/live_args.h"
#include "live/mpa/capture.h"
#include "live/mpa/endpoint.h"
#include "live/mpa/loopback.h"
#include "live/mpa/obs.h"
#include "live/mpa/report.h"
#include "util/hex.h"

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int live_verb_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "addr", required_argument, NULL, 'a' },
		{ "transport", required_argument, NULL, 't' },
		{ "out", required_argument, NULL, 'o' },
		{ "plant", required_argument, NULL, 'p' },
		{ "first", required_argument, NULL, 'f' },
		{ "count", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 's' },
		{ "soak", required_argument, NULL, 'k' },
		{ "random-per-round", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 },
	};
	struct live_run_opts ro = { NULL, 0, LIVE_FIXED, 1, 0, 8, LIVE_SIW, "", NULL };
	const char *out = "-";
	int rc, opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		long long x = 0;
		struct in_addr a;
		const struct live_plant *p;

		if (opt == '?' || opt == ':')
			return live_misuse(optopt ? "an option is missing its value"
						  : "unknown option");
		if (strchr("fcskr", opt) && live_parse_int(optarg, 0, 1000000000, &x))
			return live_misuse("a number is out of range");
		switch (opt) {
		case 'a':
			if (inet_pton(AF_INET, optarg, &a) != 1)
				return live_misuse("--addr takes an IPv4 address");
			ro.addr = optarg;
			break;
		case 't':
			if (live_transport_parse(optarg, &ro.transport))
				return live_misuse("--transport is siw or rxe");
			break;
		case 'o':
			out = optarg;
			break;
		case 'p':
			p = live_plant_find(optarg);
			if (*optarg && (!p || !p->harness))
				return live_misuse(
					"--plant: not one of the harness's plants (rdmaneg-live "
					"plants)");
			ro.plant = optarg;
			break;
		case 'f':
			ro.first = (int)x;
			break;
		case 'c':
			ro.count = (int)x;
			break;
		case 's':
			ro.seed = (uint64_t)x;
			break;
		case 'k':
			ro.soak = (int)x;
			break;
		default: /* 'r' */
			ro.random_per_round = (int)x;
			break;
		}
	}
	if (optind != argc)
		return live_misuse("run takes options only");
	if (!ro.addr)
		return live_misuse("--addr is required");
	ro.rec = live_open_out(out);
	if (!ro.rec) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", out, strerror(errno));
		return 2;
	}
	rc = live_loopback_run(&ro);
	if (ro.rec != stdout)
		fclose(ro.rec);
	return rc;
}

/* listen|connect --addr A --port P --log FILE */
int live_verb_endpoint(int argc, char **argv)
{
	/* 7 or 8: the verb table checked it */
	bool kcov = argc == 8 && strcmp(argv[7], "--kcov") == 0;
	long long port = 0;
	struct in_addr a;
	FILE *log;
	int rc;

	if (strcmp(argv[1], "--addr") != 0 || strcmp(argv[3], "--port") != 0 ||
	    strcmp(argv[5], "--log") != 0 || (argc == 8 && !kcov))
		return live_misuse("listen|connect --addr A --port P --log FILE [--kcov]");
	if (inet_pton(AF_INET, argv[2], &a) != 1)
		return live_misuse("--addr takes an IPv4 address");
	if (live_parse_int(argv[4], 1, 65535, &port))
		return live_misuse("--port is 1..65535");
	log = fopen(argv[6], "a");
	if (!log) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", argv[6], strerror(errno));
		return 2;
	}
	rc = strcmp(argv[0], "listen") == 0 ? live_endpoint_listen(argv[2], (int)port, log, kcov)
					    : live_endpoint_connect(argv[2], (int)port, log, kcov);
	fclose(log);
	return rc;
}

int live_verb_report(int argc, char **argv)
{
	return live_report_main(argc, argv);
}

int live_verb_res(int argc, char **argv)
{
	if (argc == 3 || (argc == 4 && strcmp(argv[2], "--out") != 0))
		return live_misuse("res PHASE [--out FILE]");
	FILE *rec = live_open_out(argc == 4 ? argv[3] : "-");

	if (!rec)
		return live_misuse("cannot open the output");
	return live_res_snapshot(rec, argv[1]) ? 1 : 0;
}

int live_verb_fixed(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d\n", LIVE_FIXED) < 0;
}

int live_verb_plants(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	for (const struct live_plant *p = live_plants; p->name; p++)
		printf("%s %s %s\n", p->name, p->harness ? "harness" : "guest", p->what);
	return fflush(stdout) != 0;
}

/* capture --port P --ready FILE [--tag NAME] [--fpdu]: every MPA Request
 * and Reply to or from port P, as "NAME SPORT DPORT HEX" lines as they
 * arrive (NAME LIVE_NFS_FRAME by default), until SIGTERM (the NFS, NVMe-oF
 * and SMB Direct suites: the kernel is both ends). With --fpdu also the
 * first CAPTURE_FPDUS segments each way of every connection after its MPA
 * frames, their first CAPTURE_KEEP octets: the ULP's first messages. FILE
 * appears once the packet socket is open. */
#define CAPTURE_FPDUS 3
#define CAPTURE_KEEP 96
#define CAPTURE_FLOWS 64
static volatile sig_atomic_t capture_stop;

static void capture_on_term(int sig)
{
	(void)sig;
	capture_stop = 1;
}

/* whether a segment of the flow sport -> dport is printed: its MPA frames,
 * and its first CAPTURE_FPDUS others */
static bool capture_keep(const struct live_frame *f)
{
	static struct {
		uint16_t sport, dport;
		unsigned n;
	} flow[CAPTURE_FLOWS];
	static size_t nflow;
	size_t i;

	if (f->len >= 4 && memcmp(f->b, "MPA ", 4) == 0)
		return true;
	for (i = 0; i < nflow; i++)
		if (flow[i].sport == f->sport && flow[i].dport == f->dport)
			break;
	if (i == nflow) {
		if (nflow == CAPTURE_FLOWS)
			return false;
		flow[nflow].sport = f->sport;
		flow[nflow].dport = f->dport;
		flow[nflow++].n = 0;
	}
	return flow[i].n++ < CAPTURE_FPDUS;
}

int live_verb_capture(int argc, char **argv)
{
	static struct live_obs o;
	struct sigaction sa;
	long long port = 0;
	const char *tag = "LIVE_NFS_FRAME", *ready_file = NULL;
	const char *use =
		"capture --port P (1..65535) --ready FILE [--tag NAME (A-Z and _)] [--fpdu]";
	bool fpdu = false;
	FILE *ready;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *val;

		if (strcmp(a, "--fpdu") == 0) {
			fpdu = true;
			continue;
		}
		if (i + 1 >= argc)
			return live_misuse(use);
		val = argv[++i];
		if (strcmp(a, "--port") == 0) {
			if (live_parse_int(val, 1, 65535, &port))
				return live_misuse(use);
		} else if (strcmp(a, "--ready") == 0) {
			ready_file = val;
		} else if (strcmp(a, "--tag") == 0 && val[0] &&
			   strspn(val, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == strlen(val)) {
			tag = val;
		} else {
			return live_misuse(use);
		}
	}
	if (port == 0 || !ready_file)
		return live_misuse(use);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = capture_on_term;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	if (live_capture_open(fpdu)) {
		fprintf(stderr, "rdmaneg-live capture: cannot open the packet socket: %s\n",
			strerror(errno));
		return 2;
	}
	/* the socket is open: a caller waits for this file, not a sleep */
	ready = fopen(ready_file, "w");
	if (!ready || fclose(ready) != 0) {
		fprintf(stderr, "rdmaneg-live capture: cannot write %s\n", ready_file);
		live_capture_close();
		return 2;
	}
	for (int last = 0; !last;) {
		last = capture_stop; /* one more pass after the signal */
		/* a claim takes LIVE_MAX_FRAMES at most: until none is left */
		do {
			live_obs_init(&o);
			live_capture_claim((int)port, 0, &o);
			for (size_t i = 0; i < o.nframes; i++) {
				const struct live_frame *f = &o.frame[i];

				if (fpdu && !capture_keep(f))
					continue;
				printf("%s %u %u ", tag, f->sport, f->dport);
				rdmaneg_hex_print(stdout, f->b,
						  fpdu && f->len > CAPTURE_KEEP &&
								  memcmp(f->b, "MPA ", 4) != 0
							  ? CAPTURE_KEEP
							  : f->len);
				printf("\n");
			}
		} while (o.nframes == LIVE_MAX_FRAMES);
		fflush(stdout);
		if (!last)
			poll(NULL, 0, fpdu ? 10 : 50);
	}
	live_capture_close();
	return 0;
}
