// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * guest_verbs: rdmaneg-live's verbs that read what the guest kernel left
 * (every suite uses them): its splats, the stacks and RIPs of a guest that
 * hung, and its coverage (gcov, KCOV, arcs over time). live/main.c's table
 * dispatches them.
 */
#define _GNU_SOURCE

#include "live/guest/guest_verbs.h"
#include "live/core/live_args.h"
#include "live/guest/gcov.h"
#include "util/klog.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splats FILE: "title<TAB>rip" per splat, in order; the campaign groups
 * its findings by title, syzbot-style */
int live_verb_splats(int argc, char **argv)
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

/* gcov SUITE INFO: the debug kernel's coverage of the files a hostile peer
 * aims at, from lcov's tracefile of one suite (live/guest/gcov.sh). Exit 1 when
 * the tracefile names none of them or does not parse. */
int live_verb_gcov(int argc, char **argv)
{
	const char *suite = argv[argc - 2], *info_path = argv[argc - 1];
	struct live_gcov_file files[LIVE_GCOV_FILES];
	size_t len, n = live_gcov_report_files(files, LIVE_GCOV_FILES), bad;
	char *info = live_slurp(info_path, &len);

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
int live_verb_kcov(int argc, char **argv)
{
	size_t cl, il;
	char *c = live_slurp(argv[argc - 2], &cl), *i = live_slurp(argv[argc - 1], &il);
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
int live_verb_arcs(int argc, char **argv)
{
	const char *unguided_path = argv[argc - 2], *guided_path = argv[argc - 1];
	static struct live_arcs u, g;
	size_t ul, gl;
	char *ut = live_slurp(unguided_path, &ul), *gt = live_slurp(guided_path, &gl);
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
int live_verb_stacks(int argc, char **argv)
{
	const char *console_path = argv[argc - 1];
	size_t len, n;
	char *con = live_slurp(console_path, &len);
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
int live_verb_rips(int argc, char **argv)
{
	const char *map_path = argv[argc - 3], *console_path = argv[argc - 2],
		   *qlog_path = argv[argc - 1];
	size_t map_len, con_len, q_len, mods_len = 0, found = 0;
	char *map = live_slurp(map_path, &map_len), *con = live_slurp(console_path, &con_len);
	char *q = live_slurp(qlog_path, &q_len), *mods = con ? malloc(con_len + 1) : NULL;
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
