// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-live: the live suites' program, in the guest and on the host.
 * main() only parses and dispatches through the verb table at the end;
 * each suite's work lives in its folder (live/mpa, live/nfs, live/nfspeer,
 * live/guest).
 */
#define _GNU_SOURCE

#include "capture.h"
#include "cases.h"
#include "clock.h"
#include "endpoint.h"
#include "file.h"
#include "gcov.h"
#include "hex.h"
#include "iser.h"
#include "iser_peer.h"
#include "judge.h"
#include "klog.h"
#include "loopback.h"
#include "nfs.h"
#include "nfspeer.h"
#include "nvme.h"
#include "obs.h"
#include "rdmaneg.h"
#include "record.h"
#include "report.h"
#include "smbd_live.h"
#include "smbd_peer.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <pthread.h>
#include <rdma/rdma_cma.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* Records go to a file or a serial line; a tty is put in raw mode so
 * nothing is translated on the way. */
static FILE *open_out(const char *path)
{
	FILE *f;
	int fd;
	struct termios t;

	if (strcmp(path, "-") == 0)
		return stdout;
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOCTTY | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	if (isatty(fd) && tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		cfsetospeed(&t, B115200);
		tcsetattr(fd, TCSANOW, &t);
	}
	f = fdopen(fd, "w");
	if (f)
		setvbuf(f, NULL, _IOLBF, 0);
	return f;
}

static int parse_int(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno || !*s || *end || *v < lo || *v > hi ? -1 : 0;
}

static void print_verbs(FILE *f);

static int usage(const char *why)
{
	if (why)
		fprintf(stderr, "rdmaneg-live: %s\n", why);
	print_verbs(stderr);
	return 2;
}

static int cmd_run(int argc, char **argv)
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
	while ((opt = getopt_long(argc - 1, argv + 1, "", opts, NULL)) != -1) {
		long long x = 0;
		struct in_addr a;
		const struct live_plant *p;

		if (opt == '?' || opt == ':')
			return usage(optopt ? "an option is missing its value" : "unknown option");
		if (strchr("fcskr", opt) && parse_int(optarg, 0, 1000000000, &x))
			return usage("a number is out of range");
		switch (opt) {
		case 'a':
			if (inet_pton(AF_INET, optarg, &a) != 1)
				return usage("--addr takes an IPv4 address");
			ro.addr = optarg;
			break;
		case 't':
			if (live_transport_parse(optarg, &ro.transport))
				return usage("--transport is siw or rxe");
			break;
		case 'o':
			out = optarg;
			break;
		case 'p':
			p = live_plant_find(optarg);
			if (*optarg && (!p || !p->harness))
				return usage(
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
	if (optind != argc - 1)
		return usage("run takes options only");
	if (!ro.addr)
		return usage("--addr is required");
	ro.rec = open_out(out);
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
static int cmd_endpoint(int argc, char **argv)
{
	/* 8 or 9: the verb table checked it */
	bool kcov = argc == 9 && strcmp(argv[8], "--kcov") == 0;
	long long port = 0;
	struct in_addr a;
	FILE *log;
	int rc;

	if (strcmp(argv[2], "--addr") != 0 || strcmp(argv[4], "--port") != 0 ||
	    strcmp(argv[6], "--log") != 0 || (argc == 9 && !kcov))
		return usage("listen|connect --addr A --port P --log FILE [--kcov]");
	if (inet_pton(AF_INET, argv[3], &a) != 1)
		return usage("--addr takes an IPv4 address");
	if (parse_int(argv[5], 1, 65535, &port))
		return usage("--port is 1..65535");
	log = fopen(argv[7], "a");
	if (!log) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", argv[7], strerror(errno));
		return 2;
	}
	rc = strcmp(argv[1], "listen") == 0 ? live_endpoint_listen(argv[3], (int)port, log, kcov)
					    : live_endpoint_connect(argv[3], (int)port, log, kcov);
	fclose(log);
	return rc;
}

/* smbd-write SRC DST OFFSET SIZE (live/smbd/smbd_write.c) */
static int cmd_smbd_write(int argc, char **argv)
{
	long long off, size;

	(void)argc;
	if (parse_int(argv[4], 0, 1 << 16, &off) ||
	    parse_int(argv[5], 1, LIVE_SMBD_WRITE_MAX, &size))
		return usage("smbd-write: OFFSET and SIZE are numbers of octets");
	return live_smbd_write(argv[2], argv[3], (size_t)off, (size_t)size, stderr);
}

/* splats FILE: "title<TAB>rip" per splat, in order; the campaign groups
 * its findings by title, syzbot-style */
static int cmd_splats(int argc, char **argv)
{
	const char *path = argv[argc - 1];
	static char text[4 << 20];
	static struct rdmaneg_splat sp[64];
	FILE *f = fopen(path, "rb");
	size_t n, found;

	if (!f) {
		fprintf(stderr, "rdmaneg-live: cannot open %s: %s\n", path, strerror(errno));
		return 2;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	found = rdmaneg_klog_scan(text, n, sp, sizeof(sp) / sizeof(sp[0]));
	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++)
		printf("%s\t%s\n", sp[i].title, sp[i].rip[0] ? sp[i].rip : "-");
	return found ? 0 : 1;
}

/* A whole file, NUL-terminated, in a malloc'd buffer; NULL on failure. */
static char *slurp(const char *path, size_t *len)
{
	*len = 0;
	return rdmaneg_read_file(path, SIZE_MAX - 1, len, NULL);
}

/* nfs-client|nfs-server --addr A --port P --agent CHANNEL [--gcov DIR
 * [--gcov-scope PARTS]]: the hostile NFS client and server, serving a
 * campaign's cases (live/nfspeer/nfspeer.h) */
static int cmd_nfs_agent(int argc, char **argv)
{
	static const char *const use =
		"nfs-client|nfs-server --addr A --port P (1..65535) --agent CHANNEL\n"
		"    [--gcov DIR [--gcov-scope PARTS]] (nfs-client only)";
	bool client = strcmp(argv[1], "nfs-client") == 0;
	struct live_nfs_client_opts o;
	const char *addr = NULL;
	long long port = 0;

	memset(&o, 0, sizeof(o));
	for (int i = 2; i < argc; i += 2) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!val)
			return usage(use);
		if (strcmp(a, "--addr") == 0)
			addr = val;
		else if (strcmp(a, "--agent") == 0)
			o.agent = val;
		else if (strcmp(a, "--gcov") == 0 && client)
			o.gcov = val;
		else if (strcmp(a, "--gcov-scope") == 0 && client)
			o.gcov_scope = val;
		else if (strcmp(a, "--port") != 0 || parse_int(val, 1, 65535, &port))
			return usage(use);
	}
	if (!addr || port == 0 || !o.agent || (o.gcov_scope && !o.gcov))
		return usage(use);
	if (client)
		return live_nfs_client(addr, (int)port, &o, stdout);
	if (port + (long long)live_nfs_case_count() > 65535)
		return usage("nfs-server: --port leaves no room for a port per case");
	return live_nfs_server(addr, (int)port, o.agent, stdout);
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

static int cmd_capture(int argc, char **argv)
{
	static struct live_obs o;
	struct sigaction sa;
	long long port = 0;
	const char *tag = "LIVE_NFS_FRAME", *ready_file = NULL;
	const char *use =
		"capture --port P (1..65535) --ready FILE [--tag NAME (A-Z and _)] [--fpdu]";
	bool fpdu = false;
	FILE *ready;

	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *val;

		if (strcmp(a, "--fpdu") == 0) {
			fpdu = true;
			continue;
		}
		if (i + 1 >= argc)
			return usage(use);
		val = argv[++i];
		if (strcmp(a, "--port") == 0) {
			if (parse_int(val, 1, 65535, &port))
				return usage(use);
		} else if (strcmp(a, "--ready") == 0) {
			ready_file = val;
		} else if (strcmp(a, "--tag") == 0 && val[0] &&
			   strspn(val, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == strlen(val)) {
			tag = val;
		} else {
			return usage(use);
		}
	}
	if (port == 0 || !ready_file)
		return usage(use);
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

/* nfs CONSOLE [--json FILE]: make live-nfs's verdict (live/nfs/nfs.c): per
 * connection what each kernel side sent, the RFC column against the core
 * and Linux, every divergence; the same as JSON into FILE. Exit 1 when the
 * run measured nothing (a step failed, a frame or trace line missing) or
 * the core disagrees with the RFC column, 0 otherwise: divergences of
 * Linux are findings. */
static int cmd_nfs(int argc, char **argv)
{
	static struct live_nfs r;
	static struct live_nfs_verdict v;
	size_t len;
	char *con, why[256];
	int rc = 0;

	if (argc != 3 && (argc != 5 || strcmp(argv[3], "--json") != 0))
		return usage("nfs CONSOLE [--json FILE]");
	con = slurp(argv[2], &len);
	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[2]);
		return 2;
	}
	live_nfs_read(con, len, &r);
	live_nfs_judge(&r, &v);
	live_nfs_print(stdout, &r, &v);
	live_nfs_splats(stdout, con, len);
	if (argc == 5) {
		FILE *j = fopen(argv[4], "w");

		if (j)
			live_nfs_json(j, &r, &v, con, len);
		if (!j || fclose(j) != 0) {
			fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[4]);
			rc = 2;
		}
	}
	free(con);
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
static int cmd_nfs_case(int argc, char **argv)
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

/* gcov SUITE INFO: the debug kernel's coverage of the files a hostile peer
 * aims at, from lcov's tracefile of one suite (live/guest/gcov.sh). Exit 1 when
 * the tracefile names none of them or does not parse. */
static int cmd_gcov(int argc, char **argv)
{
	const char *suite = argv[argc - 2], *info_path = argv[argc - 1];
	struct live_gcov_file files[16];
	size_t len, n = live_gcov_report_files(files, 16), bad;
	char *info = slurp(info_path, &len);

	if (!info) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", info_path);
		return 2;
	}
	bad = live_gcov_info(info, len, files, n);
	free(info);
	if (live_gcov_print(stdout, suite, files, n) == 0 || bad) {
		printf("live: FAILED: kernel coverage: %zu line(s) of %s did not parse, %s\n", bad,
		       info_path, "or it names none of the files");
		return 1;
	}
	return 0;
}

/* kcov CONSOLE INFO: make live-kcov's table (live/guest/gcov.h). Exit 1
 * when there was nothing to compare. */
static int cmd_kcov(int argc, char **argv)
{
	size_t cl, il;
	char *c = slurp(argv[argc - 2], &cl), *i = slurp(argv[argc - 1], &il);
	long r = c && i ? live_kcov_compare(c, cl, i, il, stdout) : -1;

	if (!c || !i)
		fprintf(stderr, "rdmaneg-live: cannot read %s\n",
			!c ? argv[argc - 2] : argv[argc - 1]);
	free(c);
	free(i);
	return r < 0 ? 1 : 0;
}

/* arcs UNGUIDED GUIDED: the debug kernel's arcs the peer reached over
 * time in two consoles (--gcov, the second --guided), every 10 s. Exit 1
 * when either holds no sample. */
static int cmd_arcs(int argc, char **argv)
{
	const char *unguided_path = argv[argc - 2], *guided_path = argv[argc - 1];
	static struct live_arcs u, g;
	size_t ul, gl;
	char *ut = slurp(unguided_path, &ul), *gt = slurp(guided_path, &gl);
	int rc = 0;

	if (!ut || !gt) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", ut ? guided_path : unguided_path);
		free(ut);
		free(gt);
		return 2;
	}
	if (live_arcs_read(ut, ul, &u) == 0 || live_arcs_read(gt, gl, &g) == 0) {
		printf("live: FAILED: no PEER_ARCS samples in %s\n",
		       u.n == 0 ? unguided_path : guided_path);
		rc = 1;
	} else {
		live_arcs_print(stdout, &u, &g, 10000);
	}
	free(ut);
	free(gt);
	return rc;
}

/* stacks CONSOLE: where each rdmaneg-* task of a guest that did not
 * finish was waiting, from the SysRq-t dump that init.sh's watchdog
 * writes before qemu.sh's timeout. Exit 1 when the log holds none. */
static int cmd_stacks(int argc, char **argv)
{
	const char *console_path = argv[argc - 1];
	size_t len, n;
	char *con = slurp(console_path, &len);
	static char out[1 << 16];

	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", console_path);
		return 2;
	}
	n = rdmaneg_klog_task_stacks(con, len, "rdmaneg-", out, sizeof(out));
	free(con);
	fputs(out, stdout);
	return n ? 0 : 1;
}

/* rips MAP CONSOLE QEMULOG: each vCPU's RIP from the monitor's "info
 * registers -a" in QEMULOG, named from System.map and the guest's
 * LIVE_MODULE lines (its /proc/modules) in CONSOLE: where a frozen guest
 * is. Exit 1 when the log holds no RIP. */
static int cmd_rips(int argc, char **argv)
{
	const char *map_path = argv[argc - 3], *console_path = argv[argc - 2],
		   *qlog_path = argv[argc - 1];
	size_t map_len, con_len, q_len, mods_len = 0, found = 0;
	char *map = slurp(map_path, &map_len), *con = slurp(console_path, &con_len);
	char *q = slurp(qlog_path, &q_len), *mods = con ? malloc(con_len + 1) : NULL;
	const char *p;
	int cpu = -1;

	if (!q) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", qlog_path);
		free(map);
		free(con);
		free(mods);
		return 2;
	}
	for (p = con; p && mods && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);

		if (strncmp(p, "LIVE_MODULE ", 12) == 0) {
			memcpy(mods + mods_len, p + 12, n - 12);
			mods_len += n - 12;
		}
		p += n;
	}
	for (p = q; *p; p++) {
		unsigned long long rip;
		char sym[128];

		if (strncmp(p, "CPU#", 4) == 0)
			cpu = (int)strtol(p + 4, NULL, 10);
		if (strncmp(p, "RIP=", 4) != 0 || !isxdigit((unsigned char)p[4]))
			continue;
		rip = strtoull(p + 4, NULL, 16);
		rdmaneg_klog_symbol(map, map_len, mods, mods_len, (uint64_t)rip, sym, sizeof(sym));
		printf("CPU#%d RIP=%016llx %s\n", cpu, rip, sym);
		found++;
	}
	free(map);
	free(con);
	free(q);
	free(mods);
	return found ? 0 : 1;
}

/* ---- the verbs: one table for dispatch and help ---- */

static int verb_report(int argc, char **argv)
{
	return live_report_main(argc - 1, argv + 1);
}

static int verb_res(int argc, char **argv)
{
	if (argc == 4 || (argc == 5 && strcmp(argv[3], "--out") != 0))
		return usage("res PHASE [--out FILE]");
	FILE *rec = open_out(argc == 5 ? argv[4] : "-");

	if (!rec)
		return usage("cannot open the output");
	return live_res_snapshot(rec, argv[2]) ? 1 : 0;
}

static int verb_nfs_facts(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d %d %zu\n", LIVE_NFS_PORT, LIVE_NFS_SERVER_PORT, live_nfs_case_count()) <
	       0;
}

/* nvme-facts: nvmet's port and the subsystem's NQN (live/nvme/nvme.h) */
static int verb_nvme_facts(int argc, char **argv)
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
	struct live_nvme_agent_opts agent;
};

static int nvme_opts(int argc, char **argv, const char *own, struct nvme_opts *n)
{
	long long cases = (long long)live_nvme_case_count() + (long long)live_nvme_tcase_count();

	memset(n, 0, sizeof(*n));
	if (argc % 2 != 0)
		return -1;
	for (int i = 2; i + 1 < argc; i += 2) {
		const char *o = argv[i], *val = argv[i + 1];
		bool bad;

		if (strcmp(o, "--addr") == 0)
			bad = (n->addr = val) == NULL;
		else if (strcmp(o, own) == 0 && strcmp(own, "--port") == 0)
			bad = parse_int(val, 1, 65535, &n->port) != 0;
		else if (strcmp(o, own) == 0)
			/* an NQN: at most 223 octets, none a separator of the
			 * options string (NVMe base spec 4.5) */
			bad = !*(n->nqn = val) || strlen(val) > 223 || strpbrk(val, ",= \n");
		else if (strcmp(o, "--first") == 0)
			bad = parse_int(val, 0, cases, &n->first) != 0 || !(n->range = true);
		else if (strcmp(o, "--agent") == 0)
			bad = !*(n->agent.agent = val);
		else if (strcmp(o, "--gcov") == 0)
			bad = !*(n->agent.gcov = val);
		else if (strcmp(o, "--gcov-scope") == 0)
			bad = !*(n->agent.gcov_scope = val);
		else
			bad = strcmp(o, "--count") != 0 ||
			      parse_int(val, 0, cases, &n->count) != 0 || !(n->range = true);
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
static int cmd_nvme_host(int argc, char **argv)
{
	struct nvme_opts n;

	if (nvme_opts(argc, argv, "--port", &n) != 0)
		return usage("nvme-host --addr A --port P [--first K] [--count N]\n"
			     "    or --agent CHANNEL [--gcov DIR [--gcov-scope PARTS]]");
	if (n.agent.agent)
		return live_nvme_host_agent(n.addr, (int)n.port, &n.agent, stdout);
	return live_nvme_host(n.addr, (int)n.port, (size_t)n.first, (size_t)n.count, stdout);
}

/* nvme-target --addr A --nqn NQN [--first K] [--count N]: the hostile
 * target's cases among K.. (N of them; 0: all), the kernel host connecting
 * to subsystem NQN on A's LIVE_NVME_TARGET_PORT and LIVE_NVME_MPA_PORT
 * (live/nvme/nvme_target.c) */
static int cmd_nvme_target(int argc, char **argv)
{
	struct nvme_opts n;

	if (nvme_opts(argc, argv, "--nqn", &n) != 0)
		return usage("nvme-target --addr A --nqn NQN [--first K] [--count N]\n"
			     "    or --agent CHANNEL [--gcov DIR [--gcov-scope PARTS]]");
	if (n.agent.agent)
		return live_nvme_target_agent(n.addr, n.nqn, &n.agent, stdout);
	return live_nvme_target(n.addr, n.nqn, (size_t)n.first, (size_t)n.count, stdout);
}

/* nvme-cases: every hostile case's index, name and role: the host's
 * against nvmet, then the target's against the kernel host */
/* --addr A --first N --count N, the hostile ULP roles' options; the
 * index after them (a "--" ends them) or -1 */
static int ulp_opts(int argc, char **argv, const char **addr, size_t ncases, long long *first,
		    long long *count)
{
	int i;

	*addr = NULL;
	*first = *count = 0;
	for (i = 2; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!val)
			return -1;
		if (strcmp(a, "--addr") == 0)
			*addr = val;
		else if (strcmp(a, "--first") == 0   ? parse_int(val, 0, (long long)ncases, first)
			 : strcmp(a, "--count") == 0 ? parse_int(val, 0, (long long)ncases, count)
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
static int cmd_ulp_role(int argc, char **argv)
{
	const struct ulp_verbs *u = ulp_of(argv[1]);
	bool listen = strcmp(argv[1], u->listen_verb) == 0;
	const char *addr;
	long long first, count;
	int at = ulp_opts(argc, argv, &addr, u->count(), &first, &count);
	char use[128];

	snprintf(use, sizeof(use), "%s --addr A [--first N] [--count N]%s", argv[1],
		 listen ? " -- COMMAND..." : "");
	if (listen ? at < 0 || at + 1 >= argc : at != argc)
		return usage(use);
	return listen ? u->listen(addr, (size_t)first, (size_t)count, argv + at + 1, stdout)
		      : u->connect(addr, (size_t)first, (size_t)count, stdout);
}

/* SUITE-cases: every hostile case, "INDEX NAME ROLE" */
static int verb_ulp_cases(int argc, char **argv)
{
	const struct live_ulp_suite *s = ulp_of(argv[1])->suite;
	char name[RDMANEG_CASENAME_MAX];
	const char *role;

	(void)argc;
	for (size_t i = 0; s->case_at(i, name, sizeof(name), &role); i++)
		printf("%zu %s %s\n", i, name, role);
	return 0;
}

/* SUITE-next CONSOLE, SUITE CONSOLE [--json FILE] */
static int cmd_ulp(int argc, char **argv)
{
	const struct ulp_verbs *u = ulp_of(argv[1]);
	bool next = strcmp(argv[1], u->name) != 0;
	struct live_ulp_tally t;
	size_t len;
	char *con, use[64];
	FILE *j = NULL;
	int rc;

	snprintf(use, sizeof(use), "%s CONSOLE [--json FILE]", u->name);
	if (!next && argc != 3 && (argc != 5 || strcmp(argv[3], "--json") != 0))
		return usage(use);
	con = slurp(argv[2], &len);
	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[2]);
		return 2;
	}
	len = live_ulp_untangle(con, len);
	if (next) {
		live_ulp_next(u->suite, con, len, stdout);
		free(con);
		return 0;
	}
	if (argc == 5 && !(j = fopen(argv[4], "w"))) {
		fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[4]);
		free(con);
		return 2;
	}
	rc = live_ulp_report(u->suite, con, len, stdout, j, &t);
	free(con);
	if (j && fclose(j) != 0) {
		fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[4]);
		return 2;
	}
	return rc;
}

static int verb_nvme_cases(int argc, char **argv)
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
static int cmd_nvme_next(int argc, char **argv)
{
	static struct live_nvme r;
	size_t len;
	char *con, why[256];
	long idx;

	(void)argc;
	con = slurp(argv[2], &len);
	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[2]);
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
static int cmd_nvme(int argc, char **argv)
{
	static struct live_nvme r;
	struct live_nvme_verdict v;
	FILE *json = NULL;
	size_t len;
	char *con, why[256];
	int fail = 0;

	if (argc != 3 && (argc != 5 || strcmp(argv[3], "--json") != 0))
		return usage("nvme CONSOLE [--json FILE]");
	con = slurp(argv[2], &len);
	if (!con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[2]);
		return 2;
	}
	if (live_nvme_read(con, len, &r, why, sizeof(why)) != 0) {
		free(con);
		printf("live-nvme: FAILED: %s\n", why);
		return 1;
	}
	/* a splat is a finding (live/nvme/nvme.sh lists them), not a failed run */
	(void)live_nvme_splats(con, len, stdout);
	free(con);
	if (argc == 5 && !(json = fopen(argv[4], "w"))) {
		fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[4]);
		return 2;
	}
	live_nvme_report(stdout, json, &r, &v);
	if (json && fclose(json) != 0) {
		fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[4]);
		return 2;
	}
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

/* nfs-cases: every hostile case's name, one a line */
static int verb_nfs_cases(int argc, char **argv)
{
	struct live_nfs_case c;

	(void)argc;
	(void)argv;
	for (size_t i = 0; live_nfs_case(i, &c); i++)
		if (printf("%s\n", c.name) < 0)
			return 1;
	return 0;
}

static int verb_fixed(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return printf("%d\n", LIVE_FIXED) < 0;
}

static int verb_plants(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	for (const struct live_plant *p = live_plants; p->name; p++)
		printf("%s %s %s\n", p->name, p->harness ? "harness" : "guest", p->what);
	return fflush(stdout) != 0;
}

static int verb_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	print_verbs(stdout);
	return fflush(stdout) != 0;
}

/* argc counts the program and the verb; max_argc 0: no upper bound. The
 * help text is each verb's synopsis, in this order. */
static const struct verb {
	const char *name;
	int min_argc, max_argc;
	int (*run)(int argc, char **argv);
	const char *synopsis;
} verbs[] = {
	{ "run", 2, 0, cmd_run,
	  "run --addr A [--transport siw|rxe] [--first N] [--count N]\n"
	  "    [--seed S] [--soak N] [--random-per-round N]\n"
	  "    [--out FILE] [--plant NAME]   (rdmaneg-live plants)" },
	{ "res", 3, 5, verb_res, "res PHASE [--out FILE]" },
	{ "report", 2, 0, verb_report,
	  "report --records FILE [--console FILE] [--out DIR]\n"
	  "    [--tshark CSV] [--frames DIR] [--quiet-passes]" },
	{ "fixed", 2, 2, verb_fixed, "fixed" },
	{ "plants", 2, 2, verb_plants,
	  "plants   the negative controls (LIVE_PLANT), one per line: name,\n"
	  "    harness|guest, what it does" },
	{ "rips", 5, 5, cmd_rips,
	  "rips MAP CONSOLE QEMULOG   each vCPU's RIP in a hung guest, named from System.map" },
	{ "capture", 2, 0, cmd_capture,
	  "capture --port P --ready FILE [--tag NAME] [--fpdu]   every MPA Request and\n"
	  "    Reply to or from port P, one NAME line each, until SIGTERM; FILE once it\n"
	  "    listens (--fpdu: and each connection's first segments after them)" },
	{ "nfs-client", 2, 0, cmd_nfs_agent,
	  "nfs-client --addr A --port P --agent CHANNEL [--gcov DIR [--gcov-scope P]]\n"
	  "    the hostile NFS/RDMA client against nfsd, serving a campaign's cases\n"
	  "    (live/nfspeer/nfspeer.c, live/campaign)" },
	{ "nfs-facts", 2, 2, verb_nfs_facts,
	  "nfs-facts   nfsd's port, the hostile server's first port and the number\n"
	  "    of hostile cases" },
	{ "nfs-server", 2, 0, cmd_nfs_agent,
	  "nfs-server --addr A --port P --agent CHANNEL   each case's private data to\n"
	  "    the kernel NFS client, on port P + the case's index (live/nfspeer)" },
	{ "nfs-case", 3, 3, cmd_nfs_case, "nfs-case NAME   the index of hostile case NAME" },
	{ "nfs-cases", 2, 2, verb_nfs_cases, "nfs-cases   every hostile case's name" },
	{ "nfs", 2, 0, cmd_nfs,
	  "nfs FILE [--json OUT]   make live-nfs's tables and divergences from its\n"
	  "    console log (exit 1: nothing measured, or the core disagrees)" },
	{ "nvme-facts", 2, 2, verb_nvme_facts,
	  "nvme-facts   nvmet's port and the subsystem's NQN" },
	{ "nvme-host", 2, 0, cmd_nvme_host,
	  "nvme-host --addr A --port P [--first K] [--count N]   the hostile host's\n"
	  "    cases K.. against nvmet (live/nvme/nvme_host.c); or --agent CHANNEL\n"
	  "    [--gcov DIR [--gcov-scope P]]: a campaign's cases (util/agent.h)" },
	{ "nvme-target", 2, 0, cmd_nvme_target,
	  "nvme-target --addr A --nqn NQN [--first K] [--count N]   the hostile target's\n"
	  "    cases among K.. against the kernel host (live/nvme/nvme_target.c); or\n"
	  "    --agent CHANNEL [--gcov DIR [--gcov-scope P]]: a campaign's cases" },
	{ "smbd-server", 5, 0, cmd_ulp_role,
	  "smbd-server --addr A [--first N] [--count N] -- CLIENT...   the hostile SMB\n"
	  "    Direct server's cases against the kernel client CLIENT starts (guest)" },
	{ "smbd-client", 4, 8, cmd_ulp_role,
	  "smbd-client --addr A [--first N] [--count N]   the hostile client's cases\n"
	  "    against ksmbd (guest)" },
	{ "smbd-write", 6, 6, cmd_smbd_write,
	  "smbd-write SRC DST OFFSET SIZE   SRC copied to DST in writes of SIZE octets\n"
	  "    from a buffer OFFSET octets into a page (the data check's unaligned writes)" },
	{ "smbd-cases", 2, 2, verb_ulp_cases,
	  "smbd-cases   every hostile SMB Direct case: index, name, role" },
	{ "smbd-next", 3, 3, cmd_ulp,
	  "smbd-next CONSOLE   the case after the last one begun, \"INDEX NAME\",\n"
	  "    \"done\" or \"none\"" },
	{ "smbd", 3, 5, cmd_ulp,
	  "smbd CONSOLE [--json OUT]   make live-smbd's tables from its console (exit\n"
	  "    1: the data check failed, a line is malformed, or the core and the oracle\n"
	  "    differ)" },
	{ "iser-target", 5, 0, cmd_ulp_role,
	  "iser-target --addr A [--first N] [--count N] -- LOGIN...   the hostile iSER\n"
	  "    target's cases against the initiator LOGIN starts (guest)" },
	{ "iser-initiator", 4, 8, cmd_ulp_role,
	  "iser-initiator --addr A [--first N] [--count N]   the hostile initiator's\n"
	  "    cases against isert (guest)" },
	{ "iser-cases", 2, 2, verb_ulp_cases,
	  "iser-cases   every hostile iSER case: index, name, role" },
	{ "iser-next", 3, 3, cmd_ulp,
	  "iser-next CONSOLE   the case after the last one begun, \"INDEX NAME\",\n"
	  "    \"done\" or \"none\"" },
	{ "iser", 3, 5, cmd_ulp,
	  "iser CONSOLE [--json OUT]   make live-iser's tables from its console (exit\n"
	  "    1: the data check failed, a line is malformed, or the core and the oracle\n"
	  "    differ)" },
	{ "nvme-cases", 2, 2, verb_nvme_cases,
	  "nvme-cases   every hostile case: index, name, role (host or target)" },
	{ "nvme-next", 3, 3, cmd_nvme_next,
	  "nvme-next CONSOLE   the case after the last one begun in a console (either\n"
	  "    role) \"INDEX NAME\", \"done\" or \"none\"" },
	{ "nvme", 2, 0, cmd_nvme,
	  "nvme FILE [--json OUT]   make live-nvme's differential table from its console\n"
	  "    log (exit 1: a step failed, nothing measured, or the core and the oracle\n"
	  "    differ)" },
	{ "stacks", 3, 3, cmd_stacks,
	  "stacks FILE   from the watchdog's SysRq-t dump in a console log, the\n"
	  "    stack of every rdmaneg-* task (exit 1: none)" },
	{ "splats", 3, 3, cmd_splats,
	  "splats FILE   the kernel splats in a console log, one per line: title,\n"
	  "    then RIP (exit 1: none)" },
	{ "gcov", 4, 4, cmd_gcov,
	  "gcov SUITE INFO   the debug kernel's lines and branches reached per file,\n"
	  "    from lcov's tracefile (exit 1: none of the files, or torn)" },
	{ "kcov", 4, 4, cmd_kcov,
	  "kcov CONSOLE INFO   which tasks' KCOV saw the functions of siw and iw_cm\n"
	  "    gcov saw run (make live-kcov; exit 1: nothing to compare)" },
	{ "arcs", 4, 4, cmd_arcs,
	  "arcs UNGUIDED GUIDED   the kernel arcs two peer runs reached over time\n"
	  "    (make live-guided; exit 1: no samples)" },
	{ "listen", 8, 9, cmd_endpoint,
	  "listen|connect --addr A --port P --log FILE [--kcov]   the ULP endpoint\n"
	  "    rdmaneg-peer tests siw through (--kcov: KCOV over its syscalls)" },
	{ "connect", 8, 9, cmd_endpoint, NULL },
	{ "help", 2, 2, verb_help, "help, --help   this text" },
	{ "--help", 2, 2, verb_help, NULL },
};

static void print_verbs(FILE *f)
{
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		const char *s = verbs[i].synopsis;

		if (!s)
			continue;
		fputs(i == 0 ? "usage: rdmaneg-live " : "       rdmaneg-live ", f);
		for (; *s; s++) {
			fputc(*s, f);
			if (*s == '\n')
				fputs("                   ", f);
		}
		fputc('\n', f);
	}
	fputs("Exit 0 when every case passed, 1 when one failed, 2 on a usage error.\n", f);
}

int main(int argc, char **argv)
{
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2)
		return usage(NULL);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		const struct verb *v = &verbs[i];

		if (strcmp(argv[1], v->name) != 0)
			continue;
		if (argc < v->min_argc || (v->max_argc && argc > v->max_argc))
			return usage("wrong number of arguments");
		return v->run(argc, argv);
	}
	return usage("unknown command");
}
