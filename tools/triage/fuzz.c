// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * fuzz: rdmaneg-triage fuzz: replay every crash against every target under
 * each sanitizer build, group by signature, minimize, decode and report.
 */
#include "tools/triage/triage.h"
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

#define MAX_TARGETS 16
#define MAX_INPUTS 4096
#define REPLAY_TIMEOUT_MS 10000u
static const char *const builds[] = { "replay", "replay-msan" };
#define NBUILDS (sizeof(builds) / sizeof(builds[0]))

static bool parse_uint(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	if (!s || !*s || *s == '-')
		return false;
	*v = strtoul(s, &end, 10);
	return errno == 0 && *end == '\0' && *v <= max;
}

/*
 * Runs argv with stdout and stderr to log (or /dev/null when NULL), killed
 * after timeout_ms. Returns the exit code, 128 + signal when a signal ended
 * it, -1 when it could not start; *timed_out says whether time ran out.
 */
static int run(char *const argv[], const char *log, unsigned timeout_ms, bool *timed_out)
{
	struct timespec tick = { 0, 5L * 1000 * 1000 };
	unsigned waited = 0;
	int status = 0;
	pid_t pid, w;

	*timed_out = false;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(127);
		close(fd);
		setpgid(0, 0);
		execvp(argv[0], argv);
		fprintf(stderr, "rdmaneg-triage: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	for (;;) {
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			return -1;
		if (waited >= timeout_ms && !*timed_out) {
			*timed_out = true;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
		nanosleep(&tick, NULL);
		waited += 5;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_artifact(const char *dir, const char *name)
{
	static const char *const pre[] = { "crash-", "leak-", "timeout-", "oom-" };
	const char *base = strrchr(dir, '/');

	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++)
		if (strncmp(name, pre[i], strlen(pre[i])) == 0)
			return true;
	base = base ? base + 1 : dir;
	return strcmp(base, "crashes") == 0 && strncmp(name, "id:", 3) == 0;
}

/* recursion: one level per directory, bounded by the 4096-octet path */
static int collect(const char *path, char **files, size_t *n) /* NOLINT(misc-no-recursion) */
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "rdmaneg-triage: no such file: %s\n", path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (*n >= MAX_INPUTS)
			return -1;
		files[(*n)++] = strdup(path);
		return 0;
	}
	d = opendir(path);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char sub[4096];
		struct stat s2;

		if (e->d_name[0] == '.')
			continue;
		rdmaneg_triage_fmt(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (stat(sub, &s2) != 0)
			continue;
		if (S_ISDIR(s2.st_mode)) {
			if (collect(sub, files, n) != 0) {
				closedir(d);
				return -1;
			}
		} else if (is_artifact(path, e->d_name)) {
			if (*n >= MAX_INPUTS) {
				fprintf(stderr, "rdmaneg-triage: more than %d inputs\n",
					MAX_INPUTS);
				closedir(d);
				return -1;
			}
			files[(*n)++] = strdup(sub);
		}
	}
	closedir(d);
	return 0;
}

struct target {
	char name[48];
	char decode[48]; /* fuzz/targets' second column */
};

/* fuzz/targets: the one list of targets. */
static size_t read_targets(struct target *t, size_t max)
{
	FILE *f = fopen("fuzz/targets", "r");
	char line[256];
	size_t n = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f) && n < max) {
		char *p = line, *q;

		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		q = p + strcspn(p, " \t");
		snprintf(t[n].name, sizeof(t[n].name), "%.*s", (int)(q - p), p);
		q += strspn(q, " \t");
		snprintf(t[n].decode, sizeof(t[n].decode), "%s", q);
		n++;
	}
	fclose(f);
	return n;
}

static size_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (size_t)st.st_size : 0;
}

/* Signs the log of a run; false when the run did not crash. */
static bool sign_log(const char *log, int rc, bool timed_out, struct rdmaneg_crash *c)
{
	size_t len = 0;
	char *text = rdmaneg_read_file(log, RDMANEG_TRIAGE_MAX_LOG, &len, NULL);
	bool crashed;

	if (!text)
		return false;
	crashed = rdmaneg_triage_sanitizer(text, len, rc != 0, timed_out, c);
	free(text);
	return crashed;
}

/* The project frames of a log's first trace. */
static void stack_of(const char *log, char *out, size_t cap)
{
	size_t len = 0;
	char *text = rdmaneg_read_file(log, RDMANEG_TRIAGE_MAX_LOG, &len, NULL);

	out[0] = '\0';
	if (text)
		rdmaneg_triage_stack(text, len, out, cap);
	free(text);
}

/* The first cap - 1 octets a program prints. */
static void capture(char *const argv[], const char *tmp, char *out, size_t cap)
{
	bool to;
	size_t len = 0;
	char *text;

	out[0] = '\0';
	if (run(argv, tmp, REPLAY_TIMEOUT_MS, &to) < 0)
		return;
	text = rdmaneg_read_file(tmp, cap - 1, &len, NULL);
	if (!text)
		return;
	memcpy(out, text, len + 1);
	free(text);
	while (len > 0 && out[len - 1] == '\n')
		out[--len] = '\0';
}

/* What a property's --replay of hex says it drew. */
static void drawn(const char *prop, const char *hex, const char *tmp, char *out, size_t cap)
{
	char *argv[] = {
		"build/asan/props", "--prop", (char *)prop, "--replay", (char *)hex, NULL
	};
	char buf[4096];
	const char *d;

	capture(argv, tmp, buf, sizeof(buf));
	d = strstr(buf, "  drawn: ");
	if (!d) {
		snprintf(out, cap, "%.*s", (int)(cap - 1), buf);
		return;
	}
	d += strlen("  drawn: ");
	snprintf(out, cap, "%.*s", (int)strcspn(d, "\n"), d);
}

/* The reader's view of an input, as fuzz/targets says to decode it. */
static void decode(const struct target *t, const char *file, const char *tmp, char *out, size_t cap)
{
	size_t len = 0;
	char *data, *hex;

	out[0] = '\0';
	if (strncmp(t->decode, "cli:", 4) == 0) {
		char cmd[48], *argv[6];
		size_t a = 0;

		snprintf(cmd, sizeof(cmd), "%s", t->decode + 4);
		argv[a++] = "build/plain/rdmaneg";
		for (char *w = strtok(cmd, " "); w && a < 3; w = strtok(NULL, " "))
			argv[a++] = w;
		argv[a++] = "-f";
		argv[a++] = (char *)file;
		argv[a] = NULL;
		capture(argv, tmp, out, cap);
		return;
	}
	if (strncmp(t->decode, "props:", 6) != 0)
		return;
	data = rdmaneg_read_file(file, 4096, &len, NULL);
	if (!data)
		return;
	hex = malloc(2 * len + 1);
	if (hex) {
		rdmaneg_hex_format((const uint8_t *)data, len, hex, 2 * len + 1, NULL);
		if (strcmp(t->decode + 6, "*") != 0) {
			drawn(t->decode + 6, hex, tmp, out, cap);
		} else if (len > 0) {
			/* fuzz/props.c: the first octet picks the property */
			char *argv[] = { "build/asan/props", "--list", NULL };
			char list[8192], names[64][64];
			size_t n = 0;

			capture(argv, tmp, list, sizeof(list));
			for (char *l = strtok(list, "\n"); l && n < 64; l = strtok(NULL, "\n"))
				snprintf(names[n++], sizeof(names[0]), "%.*s",
					 (int)strcspn(l, " \t"), l);
			if (n > 0) {
				const char *name = names[(unsigned char)data[0] % n];
				char view[1000];

				drawn(name, hex + 2, tmp, view, sizeof(view));
				snprintf(out, cap, "property %s: %.1000s", name, view);
			}
		}
		free(hex);
	}
	free(data);
}

/* The input in hex (its first 256 octets), then what it decodes to. */
static void show(const struct target *t, const char *file, const char *tmp, char *out, size_t cap)
{
	char view[1200], hex[520];
	size_t len = 0;
	char *data = rdmaneg_read_file(file, 257, &len, NULL);

	hex[0] = '\0';
	if (data)
		rdmaneg_hex_format((const uint8_t *)data, len > 256 ? 256 : len, hex, sizeof(hex),
				   NULL);
	free(data);
	decode(t, file, tmp, view, sizeof(view));
	snprintf(out, cap, "hex: %s%s\n%.1000s", hex, len > 256 ? "..." : "", view);
}

static int copy_file(const char *from, const char *to)
{
	size_t len = 0;
	char *data = rdmaneg_read_file(from, 1u << 20, &len, NULL);
	FILE *f;
	int rc = -1;

	if (!data)
		return -1;
	f = fopen(to, "wb");
	if (f) {
		rc = fwrite(data, 1, len, f) == len ? 0 : -1;
		if (fclose(f) != 0)
			rc = -1;
	}
	free(data);
	return rc;
}

struct fuzz_opts {
	const char *bdir, *plant, *out;
	unsigned long runs, minsecs;
	bool add_regression;
};

/* Minimizes a group's smallest input with libFuzzer and keeps the result
 * only when it still signs the same; fills the group's reproducer. */
static void minimize(const struct fuzz_opts *o, struct rdmaneg_triage_group *g, size_t gi)
{
	char slug[128], min[4096], bin[4096], arg_time[64], arg_path[4200], log[4200];
	char check[4200];
	struct rdmaneg_crash c;
	bool to;
	int rc;

	rdmaneg_triage_slug(g->crash.key, slug, sizeof(slug));
	rdmaneg_triage_fmt(min, sizeof(min), "%s/min/%s", o->out, slug);
	rdmaneg_triage_fmt(bin, sizeof(bin), "%s/libfuzzer/%s", o->bdir, g->best_where);
	rdmaneg_triage_fmt(arg_time, sizeof(arg_time), "-max_total_time=%lu", o->minsecs);
	rdmaneg_triage_fmt(arg_path, sizeof(arg_path), "-exact_artifact_path=%s", min);
	rdmaneg_triage_fmt(log, sizeof(log), "%s/logs/min-%zu.log", o->out, gi);
	{
		char *argv[] = {
			bin, "-minimize_crash=1", arg_time, "-runs=1000000", arg_path, g->best, NULL
		};

		run(argv, log, (unsigned)(o->minsecs + 30) * 1000u, &to);
	}
	rdmaneg_triage_fmt(bin, sizeof(bin), "%s/%s/%s", o->bdir, g->best_build, g->best_where);
	rdmaneg_triage_fmt(check, sizeof(check), "%s/logs/min-check-%zu.log", o->out, gi);
	snprintf(g->minimized, sizeof(g->minimized), "yes");
	{
		char *argv[] = { bin, min, NULL };

		rc = file_size(min) > 0 ? run(argv, check, REPLAY_TIMEOUT_MS, &to) : 0;
	}
	if (rc == 0 || !sign_log(check, rc, to, &c) || strcmp(c.key, g->crash.key) != 0) {
		copy_file(g->best, min);
		snprintf(g->minimized, sizeof(g->minimized), "no (kept the smallest original)");
	}
	rdmaneg_triage_fmt(g->reproducer, sizeof(g->reproducer), "%s", min);
	g->reproducer_size = file_size(min);
	if (o->plant[0])
		rdmaneg_triage_fmt(g->reproduce, sizeof(g->reproduce),
				   "make B=%s PLANT=%s %s && %s %s", o->bdir, o->plant, bin, bin,
				   min);
	else
		rdmaneg_triage_fmt(g->reproduce, sizeof(g->reproduce), "make %s && %s %s", bin, bin,
				   min);
	if (o->add_regression) {
		char dir[4096], dst[4400];

		rdmaneg_triage_fmt(dir, sizeof(dir), "corpus/regress/%s", g->best_where);
		rdmaneg_triage_fmt(dst, sizeof(dst), "%s/%s", dir, slug);
		if (rdmaneg_triage_mkdirs(dir) != 0 || copy_file(min, dst) != 0)
			fprintf(stderr, "rdmaneg-triage: cannot add %s\n", dst);
	}
}

int rdmaneg_triage_cmd_fuzz(int argc, char **argv)
{
	struct fuzz_opts o = { "build", "", "build/triage", 3, 20, false };
	static char *files[MAX_INPUTS];
	struct target tg[MAX_TARGETS];
	static struct rdmaneg_triage_group groups[RDMANEG_TRIAGE_MAX_GROUPS];
	struct rdmaneg_triage t = { "fuzz", groups, RDMANEG_TRIAGE_MAX_GROUPS, 0, 0, 0 };
	size_t nfiles = 0, ntg, nlog = 0;
	char path[4096], header[512], tmp[4200];
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--add-regression") == 0) {
			o.add_regression = true;
		} else if (a[0] == '-' && i + 1 >= argc) {
			fprintf(stderr, "rdmaneg-triage: %s needs a value\n", a);
			rdmaneg_triage_usage();
		} else if (strcmp(a, "--build-dir") == 0) {
			o.bdir = argv[++i];
		} else if (strcmp(a, "--plant") == 0) {
			o.plant = argv[++i];
		} else if (strcmp(a, "--out") == 0) {
			o.out = argv[++i];
		} else if (strcmp(a, "--runs") == 0) {
			if (!parse_uint(argv[++i], 100, &o.runs) || o.runs == 0) {
				fprintf(stderr, "rdmaneg-triage: --runs takes 1..100\n");
				return 2;
			}
		} else if (strcmp(a, "--minimize-seconds") == 0) {
			if (!parse_uint(argv[++i], 3600, &o.minsecs)) {
				fprintf(stderr,
					"rdmaneg-triage: --minimize-seconds takes 0..3600\n");
				return 2;
			}
		} else if (a[0] == '-') {
			fprintf(stderr, "rdmaneg-triage: unknown option %s\n", a);
			rdmaneg_triage_usage();
		} else if (collect(a, files, &nfiles) != 0) {
			return 2;
		}
	}
	if (nfiles == 0) {
		fprintf(stderr, "rdmaneg-triage: no crash inputs given or found\n");
		return 2;
	}
	qsort(files, nfiles, sizeof(files[0]), cmp_str);
	ntg = read_targets(tg, MAX_TARGETS);
	if (ntg == 0) {
		fprintf(stderr, "rdmaneg-triage: cannot read fuzz/targets\n");
		return 1;
	}
	rdmaneg_triage_fmt(path, sizeof(path), "%s/logs", o.out);
	if (rdmaneg_triage_mkdirs(path) != 0 ||
	    (rdmaneg_triage_fmt(path, sizeof(path), "%s/min", o.out),
	     rdmaneg_triage_mkdirs(path)) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot create %s: %s\n", path, strerror(errno));
		return 1;
	}
	t.g = groups;
	t.inputs = nfiles;
	rdmaneg_triage_fmt(tmp, sizeof(tmp), "%s/logs/decode.tmp", o.out);
	printf("triage: %zu input(s) x %zu targets x (replay, replay-msan) x %lu runs%s%s\n",
	       nfiles, ntg, o.runs, o.plant[0] ? ", planted " : "", o.plant);
	for (size_t f = 0; f < nfiles; f++) {
		size_t crashed_on = 0, size = file_size(files[f]);

		for (size_t k = 0; k < ntg; k++) {
			/* one input on one target is one bug: the first build that
			 * reproduces it (ASan+UBSan before MSan) signs it */
			struct rdmaneg_triage_group *first = NULL;

			for (size_t b = 0; b < NBUILDS; b++) {
				char bin[4096], log[4200] = "";
				struct rdmaneg_crash c, got;
				unsigned hits = 0;

				rdmaneg_triage_fmt(bin, sizeof(bin), "%s/%s/%s", o.bdir, builds[b],
						   tg[k].name);
				for (unsigned long r = 0; r < o.runs; r++) {
					char *av[] = { bin, files[f], NULL };
					char l[4200];
					bool to;
					int rc;

					rdmaneg_triage_fmt(l, sizeof(l), "%s/logs/%zu.log", o.out,
							   nlog++);
					rc = run(av, l, REPLAY_TIMEOUT_MS, &to);
					if (rc < 0 || rc == 127) {
						fprintf(stderr, "rdmaneg-triage: cannot run %s\n",
							bin);
						return 1;
					}
					if (!sign_log(l, rc, to, &got)) {
						unlink(l);
						continue;
					}
					if (hits++ == 0) {
						c = got;
						rdmaneg_triage_fmt(log, sizeof(log), "%s", l);
					}
				}
				if (hits == 0)
					continue;
				if (first) {
					rdmaneg_triage_add_build(first, builds[b]);
					continue;
				}
				{
					struct rdmaneg_triage_member m = {
						files[f], size, tg[k].name,	 builds[b],
						log,	  hits, (unsigned)o.runs
					};

					first = rdmaneg_triage_add(&t, &c, &m);
				}
				if (first && !first->stack[0])
					stack_of(log, first->stack, sizeof(first->stack));
				crashed_on++;
			}
		}
		printf("triage: [%zu/%zu] %s (%zu octets): crashes %zu of %zu targets\n", f + 1,
		       nfiles, files[f], size, crashed_on, ntg);
	}
	for (size_t gi = 0; gi < t.n; gi++) {
		struct rdmaneg_triage_group *g = &t.g[gi];

		minimize(&o, g, gi);
		for (size_t k = 0; k < ntg; k++)
			if (strcmp(tg[k].name, g->best_where) == 0)
				show(&tg[k], g->reproducer, tmp, g->decoded, sizeof(g->decoded));
	}
	unlink(tmp);
	snprintf(
		header, sizeof(header),
		"Inputs: %zu; targets: %zu; builds: replay (ASan+UBSan), replay-msan; runs: %lu%s%s%s",
		nfiles, ntg, o.runs, o.plant[0] ? "; planted bug: `" : "", o.plant,
		o.plant[0] ? "`" : "");
	if (rdmaneg_triage_write_reports(&t, o.out, header) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot write the report in %s\n", o.out);
		return 1;
	}
	for (size_t f = 0; f < nfiles; f++)
		free(files[f]);
	return 0;
}
