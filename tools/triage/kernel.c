// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kernel: rdmaneg-triage kernel: the splats of guest console logs, one
 * group per signature, each with the peer case it came during and a
 * reproducer.
 */
#include "tools/findings/findings.h"
#include "tools/triage/triage.h"
#include "util/casename.h"
#include "util/file.h"
#include "util/hex.h"
#include "util/klog.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A peer case the console announced: "PEER_CASE role K name", or make
 * live-nfs's "LIVE_NFS_CASE client|server NAME [HEX]" (nfs set). */
struct peer_mark {
	size_t line;
	bool nfs;
	char role[16];
	unsigned long k;
	char name[RDMANEG_CASENAME_MAX];
	size_t size; /* frame octets, SIZE_MAX when not known */
	char *frame; /* hex, from "PEER_FRAME role K length hex", when whole */
};

/* kernel --make-args: make variables each reproducer line carries */
static const char *repro_args = "";

/* make live-nfs replays one table case with NFS_CASE=NAME; a random one
 * (random-SEED-K, guided-SEED-K) with the comparison's boot of that seed,
 * its private data in the reproducer. A server mark of an older console
 * names an index, not a case: the whole suite. */
static void nfs_reproduce(char *out, size_t cap, const struct peer_mark *mk)
{
	const char *p = mk->name;
	bool guided = strncmp(p, "guided-", 7) == 0;
	unsigned long seed, k;

	if (mk->frame && (guided || strncmp(p, "random-", 7) == 0)) {
		p += 7;
		if (rdmaneg_triage_next_ulong(&p, &seed) && *p == '-') {
			p++;
			if (rdmaneg_triage_next_ulong(&p, &k) && !*p) {
				rdmaneg_triage_fmt(
					out, cap,
					"make live-guided PEER_ROLE=nfs-client PEER_SEED=%lu (the %s boot, "
					"case %lu)",
					seed, guided ? "guided" : "unguided", k);
				return;
			}
		}
	}
	if (strspn(mk->name, "0123456789") != strlen(mk->name))
		rdmaneg_triage_fmt(out, cap, "make live-nfs NFS_CASE=%s%s%s", mk->name,
				   repro_args[0] ? " " : "", repro_args);
	else
		rdmaneg_triage_fmt(out, cap, "make live-nfs%s%s", repro_args[0] ? " " : "",
				   repro_args);
}

/* The kinds of report a freed object's later uses give: memory errors */
static bool later_report(const char *kind)
{
	static const char *const kinds[] = { "KASAN", "KFENCE", "GPF", "BUG", "OOPS", "LIST" };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kind, kinds[i]) == 0)
			return true;
	return false;
}

static void kernel_console(struct rdmaneg_triage *t, const char *file, char *text, size_t len)
{
	static struct rdmaneg_splat s[64];
	static struct peer_mark marks[1024];
	static struct rdmaneg_crash uaf;
	const struct peer_mark *uaf_mk = NULL;
	size_t boots[64] = { 0 }, nboots = 0, uaf_boot = 0;
	bool have_uaf = false;
	size_t nmarks = 0, line = 0, ns;
	char version[64] = "version not in the log", release[48];
	const char *base = strrchr(file, '/');

	base = base ? base + 1 : file;
	ns = rdmaneg_klog_scan(text, len, s, 64);
	if (ns > 64)
		ns = 64;
	for (char *p = text; p < text + len;) {
		char *nl = memchr(p, '\n', (size_t)(text + len - p));
		char *end = nl ? nl : text + len;
		const char *m;

		line++;
		if (end > p && end[-1] == '\r')
			end[-1] = '\0';
		*end = '\0';
		m = rdmaneg_klog_message(p);
		if (rdmaneg_klog_release(m, strlen(m), release, sizeof(release))) {
			snprintf(version, sizeof(version), "linux %s", release);
			/* a console of several boots: each starts afresh */
			if (nboots < sizeof(boots) / sizeof(boots[0]))
				boots[nboots++] = line;
		}
		/* the peer's marks come on the console, or through /dev/kmsg as
		 * records of their own (a campaign's agents), with a time */
		if (strncmp(m, "PEER_CASE ", 10) == 0 && nmarks < 1024) {
			struct peer_mark *k = &marks[nmarks];

			const char *q = m + 10;

			if (rdmaneg_triage_next_word(&q, k->role, sizeof(k->role)) &&
			    rdmaneg_triage_next_ulong(&q, &k->k) &&
			    rdmaneg_triage_next_word(&q, k->name, sizeof(k->name))) {
				k->line = line;
				k->nfs = false;
				k->size = SIZE_MAX;
				k->frame = NULL;
				nmarks++;
			}
		} else if (strncmp(m, "LIVE_NFS_CASE ", 14) == 0 && nmarks < 1024) {
			struct peer_mark *k = &marks[nmarks];
			const char *q = m + 14;

			/* a client case names its private data (live/nfspeer/nfspeer.h) */
			if (rdmaneg_triage_next_word(&q, k->role, sizeof(k->role)) &&
			    rdmaneg_triage_next_word(&q, k->name, sizeof(k->name))) {
				const char *hex = q + strspn(q, " \t");

				k->line = line;
				k->nfs = true;
				k->size = SIZE_MAX;
				k->frame = NULL;
				if (*hex && strspn(hex, "0123456789abcdef") == strlen(hex) &&
				    strlen(hex) % 2 == 0) {
					k->frame = (char *)hex;
					k->size = strlen(hex) / 2;
				}
				nmarks++;
			}
		} else if (strncmp(m, "PEER_FRAME ", 11) == 0 && nmarks > 0 &&
			   !marks[nmarks - 1].nfs) {
			struct peer_mark *k = &marks[nmarks - 1];
			char role[16];
			unsigned long kk, n;
			const char *hex = m + 11;

			/* "PEER_FRAME role K length hex": a console that died
			 * mid-line leaves fewer digits, and then no frame */
			if (rdmaneg_triage_next_word(&hex, role, sizeof(role)) &&
			    rdmaneg_triage_next_ulong(&hex, &kk) &&
			    rdmaneg_triage_next_ulong(&hex, &n) && strcmp(role, k->role) == 0 &&
			    kk == k->k) {
				hex += strspn(hex, " \t");

				k->size = n;
				if (strspn(hex, "0123456789abcdef") == 2 * n)
					k->frame = (char *)hex;
			}
		}
		p = end + 1;
	}
	for (size_t i = 0; i < ns; i++) {
		struct rdmaneg_crash c;
		struct peer_mark *mk = NULL;
		char id[600], where[200];
		size_t fsize = SIZE_MAX, boot = 0;
		struct rdmaneg_triage_group *g;

		for (size_t k = 0; k < nmarks && marks[k].line < s[i].line; k++)
			mk = &marks[k];
		for (size_t b = 0; b < nboots && boots[b] < s[i].line; b++)
			boot = b + 1;
		rdmaneg_triage_kernel(&s[i], &c);
		/* after a use-after-free, the same boot and case's later memory
		 * reports are its consequences (the freed object used again, or
		 * reused), not bugs of their own: one group, the first's */
		if (have_uaf && uaf_boot == boot && uaf_mk == mk && later_report(s[i].kind))
			c = uaf;
		else if (strstr(s[i].title, "use-after-free")) {
			uaf = c;
			uaf_boot = boot;
			uaf_mk = mk;
			have_uaf = true;
		}
		snprintf(id, sizeof(id), "%s:%zu", file, s[i].line);
		if (mk) {
			snprintf(where, sizeof(where), "%s%s %s", mk->nfs ? "nfs " : "", mk->role,
				 mk->name);
			fsize = mk->size;
		} else {
			snprintf(where, sizeof(where), "%s", base);
		}
		{
			struct rdmaneg_triage_member m = { id, fsize, where, version, file, 1, 1 };

			g = rdmaneg_triage_add(t, &c, &m);
		}
		if (!g)
			continue;
		if (!g->stack[0]) {
			size_t o = (size_t)snprintf(
				g->stack, sizeof(g->stack), "%s\nRIP: %s\ntaint: %s", s[i].title,
				s[i].rip[0] ? s[i].rip : "?", s[i].taint[0] ? s[i].taint : "-");
			for (size_t f = 0; f < s[i].nframes && o < sizeof(g->stack); f++)
				o += (size_t)snprintf(g->stack + o, sizeof(g->stack) - o, "\n  %s",
						      s[i].frames[f]);
		}
		if (strcmp(g->best, id) == 0) {
			/* this splat is now the group's smallest trigger */
			g->reproducer[0] = '\0';
			g->reproduce[0] = '\0';
			g->reproducer_size = 0;
			if (mk && mk->frame) {
				snprintf(g->reproducer, sizeof(g->reproducer), "%.2398s",
					 mk->frame);
				g->reproducer_size = fsize;
			}
			if (mk && !mk->nfs)
				rdmaneg_triage_fmt(g->reproduce, sizeof(g->reproduce),
						   "make live-repro %s%sROLE=%s CASE=%s",
						   repro_args, repro_args[0] ? " " : "", mk->role,
						   mk->name);
			else if (mk)
				nfs_reproduce(g->reproduce, sizeof(g->reproduce), mk);
		}
	}
}

int rdmaneg_triage_cmd_kernel(int argc, char **argv)
{
	static struct rdmaneg_triage_group groups[RDMANEG_TRIAGE_MAX_GROUPS];
	struct rdmaneg_triage t = { "kernel", groups, RDMANEG_TRIAGE_MAX_GROUPS, 0, 0, 0 };
	const char *out = "build/triage-kernel", *findings = NULL;
	static struct rdmaneg_findings reg;
	char header[256], err[512];
	struct stat st;
	int i;

	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--out") == 0) {
			if (i + 1 >= argc)
				rdmaneg_triage_usage();
			out = argv[++i];
		} else if (strcmp(argv[i], "--make-args") == 0) {
			/* shown in each reproducer: make variables only */
			if (i + 1 >= argc ||
			    strspn(argv[i + 1], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						"abcdefghijklmnopqrstuvwxyz0123456789_=. ") !=
				    strlen(argv[i + 1]))
				rdmaneg_triage_usage();
			repro_args = argv[++i];
		} else if (strcmp(argv[i], "--findings") == 0) {
			if (i + 1 >= argc)
				rdmaneg_triage_usage();
			findings = argv[++i];
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "rdmaneg-triage: unknown option %s\n", argv[i]);
			rdmaneg_triage_usage();
		}
	}
	for (i = 0; i < argc; i++) {
		size_t len = 0;
		char *text;

		if (argv[i][0] == '-') {
			i++;
			continue;
		}
		text = rdmaneg_read_file(argv[i], RDMANEG_TRIAGE_MAX_CONSOLE, &len, NULL);
		if (!text) {
			fprintf(stderr, "rdmaneg-triage: cannot read %s: %s\n", argv[i],
				strerror(errno));
			return 2;
		}
		t.inputs++;
		kernel_console(&t, argv[i], text, len);
		free(text);
	}
	if (t.inputs == 0) {
		fprintf(stderr, "rdmaneg-triage: no console logs given\n");
		return 2;
	}
	/* each group's finding in the registry (findings/ when there is one) */
	if (!findings && stat("findings", &st) == 0 && S_ISDIR(st.st_mode))
		findings = "findings";
	if (findings && rdmaneg_findings_load(findings, &reg, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-triage: %s\n", err);
		return 2;
	}
	for (size_t g = 0; findings && g < t.n; g++) {
		const struct rdmaneg_finding *f = rdmaneg_findings_match(&reg, groups[g].crash.key);

		if (f)
			snprintf(groups[g].finding, sizeof(groups[g].finding), "finding %u: %s",
				 f->id, f->slug);
		else
			snprintf(groups[g].finding, sizeof(groups[g].finding), "NEW");
	}
	if (rdmaneg_triage_mkdirs(out) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot create %s: %s\n", out, strerror(errno));
		return 1;
	}
	snprintf(header, sizeof(header), "Console logs: %zu.", t.inputs);
	if (rdmaneg_triage_write_reports(&t, out, header) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot write the report in %s\n", out);
		return 1;
	}
	/* last, so that the end of a suite's output shows it (issue 49) */
	rdmaneg_triage_new_banner(stdout, &t);
	return 0;
}
