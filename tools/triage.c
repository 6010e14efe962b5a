/*
 * rdmaneg-triage: one bug, one group (util/triage.h says how a crash is
 * signed). tools/triage builds the programs and runs this.
 *
 *   rdmaneg-triage fuzz [options] CRASH...    replay, group, minimize, report
 *   rdmaneg-triage kernel [--out DIR] [--make-args A] LOG...  group the splats of console logs
 *   rdmaneg-triage sign LOG                   the signature of one sanitizer log
 *
 * Exit status: 0 report written (whether or not anything reproduced),
 * 1 a program it needs failed, 2 usage error.
 */
#include "triage.h"
#include "file.h"
#include "hex.h"
#include "klog.h"

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

#define MAX_GROUPS 64
#define MAX_TARGETS 16
#define MAX_INPUTS 4096
#define MAX_LOG (4u << 20)
#define MAX_CONSOLE (64u << 20)
#define REPLAY_TIMEOUT_MS 10000u

static const char *const builds[] = { "replay", "replay-msan" };
#define NBUILDS (sizeof(builds) / sizeof(builds[0]))

static void usage(void)
{
	fprintf(stderr,
		"usage: rdmaneg-triage fuzz [--build-dir B] [--plant NAME] [--runs N]\n"
		"                       [--minimize-seconds S] [--out DIR] [--add-regression] CRASH...\n"
		"       rdmaneg-triage kernel [--out DIR] [--make-args A] CONSOLE-LOG...\n"
		"                 (A: make variables for each reproducer, e.g. KERNEL=debug)\n"
		"       rdmaneg-triage sign LOG\n"
		"CRASH: a file, or a directory of libFuzzer artifacts (crash-*, leak-*,\n"
		"timeout-*, oom-*) and AFL++ crashes (crashes/id:*).\n");
	exit(2);
}

/* snprintf for paths and commands: a text that does not fit is an error,
 * never a silently different path. */
__attribute__((format(printf, 3, 4))) static void fmt(char *out, size_t cap, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = vsnprintf(out, cap, f, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= cap) {
		fprintf(stderr, "rdmaneg-triage: path or command too long: %.80s...\n", out);
		exit(1);
	}
}

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

/* A crash artifact's name: libFuzzer's prefixes or AFL++'s crashes/id:*. */
/* The next blank-separated word of *p into out (which it must fit). */
static bool next_word(const char **p, char *out, size_t cap)
{
	const char *s = *p + strspn(*p, " \t");
	size_t n = strcspn(s, " \t\r\n");

	if (n == 0 || n >= cap)
		return false;
	memcpy(out, s, n);
	out[n] = '\0';
	*p = s + n;
	return true;
}

/* The next blank-separated decimal of *p, without overflow. */
static bool next_ulong(const char **p, unsigned long *v)
{
	const char *s = *p + strspn(*p, " \t");
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoul(s, &end, 10);
	if (errno != 0)
		return false;
	*p = end;
	return true;
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
		fmt(sub, sizeof(sub), "%s/%s", path, e->d_name);
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
	char *text = rdmaneg_read_file(log, MAX_LOG, &len, NULL);
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
	char *text = rdmaneg_read_file(log, MAX_LOG, &len, NULL);

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

static int write_reports(const struct rdmaneg_triage *t, const char *out, const char *header)
{
	static const struct {
		const char *name;
		void (*write)(FILE *, const struct rdmaneg_triage *, const char *);
	} reports[] = { { "report.md", rdmaneg_triage_markdown },
			{ "report.json", rdmaneg_triage_json } };
	char path[4096];

	for (size_t i = 0; i < sizeof(reports) / sizeof(reports[0]); i++) {
		FILE *f;

		fmt(path, sizeof(path), "%s/%s", out, reports[i].name);
		f = fopen(path, "w");
		if (!f)
			return -1;
		reports[i].write(f, t, header);
		if (fclose(f) != 0)
			return -1;
	}
	rdmaneg_triage_table(stdout, t);
	printf("triage: report: %s/report.md, %s/report.json\n", out, out);
	return 0;
}

static int mkdirs(const char *path)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s", path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(p, 0755) != 0 && errno != EEXIST ? -1 : 0;
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
	fmt(min, sizeof(min), "%s/min/%s", o->out, slug);
	fmt(bin, sizeof(bin), "%s/libfuzzer/%s", o->bdir, g->best_where);
	fmt(arg_time, sizeof(arg_time), "-max_total_time=%lu", o->minsecs);
	fmt(arg_path, sizeof(arg_path), "-exact_artifact_path=%s", min);
	fmt(log, sizeof(log), "%s/logs/min-%zu.log", o->out, gi);
	{
		char *argv[] = {
			bin, "-minimize_crash=1", arg_time, "-runs=1000000", arg_path, g->best, NULL
		};

		run(argv, log, (unsigned)(o->minsecs + 30) * 1000u, &to);
	}
	fmt(bin, sizeof(bin), "%s/%s/%s", o->bdir, g->best_build, g->best_where);
	fmt(check, sizeof(check), "%s/logs/min-check-%zu.log", o->out, gi);
	snprintf(g->minimized, sizeof(g->minimized), "yes");
	{
		char *argv[] = { bin, min, NULL };

		rc = file_size(min) > 0 ? run(argv, check, REPLAY_TIMEOUT_MS, &to) : 0;
	}
	if (rc == 0 || !sign_log(check, rc, to, &c) || strcmp(c.key, g->crash.key) != 0) {
		copy_file(g->best, min);
		snprintf(g->minimized, sizeof(g->minimized), "no (kept the smallest original)");
	}
	fmt(g->reproducer, sizeof(g->reproducer), "%s", min);
	g->reproducer_size = file_size(min);
	if (o->plant[0])
		fmt(g->reproduce, sizeof(g->reproduce), "make B=%s PLANT=%s %s && %s %s", o->bdir,
		    o->plant, bin, bin, min);
	else
		fmt(g->reproduce, sizeof(g->reproduce), "make %s && %s %s", bin, bin, min);
	if (o->add_regression) {
		char dir[4096], dst[4400];

		fmt(dir, sizeof(dir), "corpus/regress/%s", g->best_where);
		fmt(dst, sizeof(dst), "%s/%s", dir, slug);
		if (mkdirs(dir) != 0 || copy_file(min, dst) != 0)
			fprintf(stderr, "rdmaneg-triage: cannot add %s\n", dst);
	}
}

static int cmd_fuzz(int argc, char **argv)
{
	struct fuzz_opts o = { "build", "", "build/triage", 3, 20, false };
	static char *files[MAX_INPUTS];
	struct target tg[MAX_TARGETS];
	static struct rdmaneg_triage_group groups[MAX_GROUPS];
	struct rdmaneg_triage t = { "fuzz", groups, MAX_GROUPS, 0, 0, 0 };
	size_t nfiles = 0, ntg, nlog = 0;
	char path[4096], header[512], tmp[4200];
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--add-regression") == 0) {
			o.add_regression = true;
		} else if (a[0] == '-' && i + 1 >= argc) {
			fprintf(stderr, "rdmaneg-triage: %s needs a value\n", a);
			usage();
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
			usage();
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
	fmt(path, sizeof(path), "%s/logs", o.out);
	if (mkdirs(path) != 0 || (fmt(path, sizeof(path), "%s/min", o.out), mkdirs(path)) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot create %s: %s\n", path, strerror(errno));
		return 1;
	}
	t.g = groups;
	t.inputs = nfiles;
	fmt(tmp, sizeof(tmp), "%s/logs/decode.tmp", o.out);
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

				fmt(bin, sizeof(bin), "%s/%s/%s", o.bdir, builds[b], tg[k].name);
				for (unsigned long r = 0; r < o.runs; r++) {
					char *av[] = { bin, files[f], NULL };
					char l[4200];
					bool to;
					int rc;

					fmt(l, sizeof(l), "%s/logs/%zu.log", o.out, nlog++);
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
						fmt(log, sizeof(log), "%s", l);
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
	if (write_reports(&t, o.out, header) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot write the report in %s\n", o.out);
		return 1;
	}
	for (size_t f = 0; f < nfiles; f++)
		free(files[f]);
	return 0;
}

/* A peer case the console announced: "PEER_CASE role K name", or make
 * live-nfs's "LIVE_NFS_CASE client|server NAME [HEX]" (nfs set). */
struct peer_mark {
	size_t line;
	bool nfs;
	char role[8];
	unsigned long k;
	char name[64];
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
		if (next_ulong(&p, &seed) && *p == '-') {
			p++;
			if (next_ulong(&p, &k) && !*p) {
				fmt(out, cap,
				    "make live-guided PEER_ROLE=nfs-client PEER_SEED=%lu (the %s boot, "
				    "case %lu)",
				    seed, guided ? "guided" : "unguided", k);
				return;
			}
		}
	}
	if (strspn(mk->name, "0123456789") != strlen(mk->name))
		fmt(out, cap, "make live-nfs NFS_CASE=%s%s%s", mk->name, repro_args[0] ? " " : "",
		    repro_args);
	else
		fmt(out, cap, "make live-nfs%s%s", repro_args[0] ? " " : "", repro_args);
}

static void kernel_console(struct rdmaneg_triage *t, const char *file, char *text, size_t len)
{
	static struct rdmaneg_splat s[64];
	static struct peer_mark marks[1024];
	size_t nmarks = 0, line = 0, ns;
	char version[64] = "version not in the log";
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
		if (strncmp(m, "Linux version ", 14) == 0)
			snprintf(version, sizeof(version), "linux %.*s", (int)strcspn(m + 14, " "),
				 m + 14);
		if (strncmp(p, "PEER_CASE ", 10) == 0 && nmarks < 1024) {
			struct peer_mark *k = &marks[nmarks];

			const char *q = p + 10;

			if (next_word(&q, k->role, sizeof(k->role)) && next_ulong(&q, &k->k) &&
			    next_word(&q, k->name, sizeof(k->name))) {
				k->line = line;
				k->nfs = false;
				k->size = SIZE_MAX;
				k->frame = NULL;
				nmarks++;
			}
		} else if (strncmp(p, "LIVE_NFS_CASE ", 14) == 0 && nmarks < 1024) {
			struct peer_mark *k = &marks[nmarks];
			const char *q = p + 14;

			/* a client case names its private data (live/nfspeer.h) */
			if (next_word(&q, k->role, sizeof(k->role)) &&
			    next_word(&q, k->name, sizeof(k->name))) {
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
		} else if (strncmp(p, "PEER_FRAME ", 11) == 0 && nmarks > 0 &&
			   !marks[nmarks - 1].nfs) {
			struct peer_mark *k = &marks[nmarks - 1];
			char role[8];
			unsigned long kk, n;
			const char *hex = p + 11;

			/* "PEER_FRAME role K length hex": a console that died
			 * mid-line leaves fewer digits, and then no frame */
			if (next_word(&hex, role, sizeof(role)) && next_ulong(&hex, &kk) &&
			    next_ulong(&hex, &n) && strcmp(role, k->role) == 0 && kk == k->k) {
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
		char id[600], where[80];
		size_t fsize = SIZE_MAX;
		struct rdmaneg_triage_group *g;

		for (size_t k = 0; k < nmarks && marks[k].line < s[i].line; k++)
			mk = &marks[k];
		rdmaneg_triage_kernel(&s[i], &c);
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
				fmt(g->reproduce, sizeof(g->reproduce),
				    "make live-repro %s%sROLE=%s CASE=%s", repro_args,
				    repro_args[0] ? " " : "", mk->role, mk->name);
			else if (mk)
				nfs_reproduce(g->reproduce, sizeof(g->reproduce), mk);
		}
	}
}

static int cmd_kernel(int argc, char **argv)
{
	static struct rdmaneg_triage_group groups[MAX_GROUPS];
	struct rdmaneg_triage t = { "kernel", groups, MAX_GROUPS, 0, 0, 0 };
	const char *out = "build/triage-kernel";
	char header[256];
	int i;

	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--out") == 0) {
			if (i + 1 >= argc)
				usage();
			out = argv[++i];
		} else if (strcmp(argv[i], "--make-args") == 0) {
			/* shown in each reproducer: make variables only */
			if (i + 1 >= argc ||
			    strspn(argv[i + 1], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						"abcdefghijklmnopqrstuvwxyz0123456789_= ") !=
				    strlen(argv[i + 1]))
				usage();
			repro_args = argv[++i];
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "rdmaneg-triage: unknown option %s\n", argv[i]);
			usage();
		}
	}
	for (i = 0; i < argc; i++) {
		size_t len = 0;
		char *text;

		if (argv[i][0] == '-') {
			i++;
			continue;
		}
		text = rdmaneg_read_file(argv[i], MAX_CONSOLE, &len, NULL);
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
	if (mkdirs(out) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot create %s: %s\n", out, strerror(errno));
		return 1;
	}
	snprintf(header, sizeof(header), "Console logs: %zu.", t.inputs);
	if (write_reports(&t, out, header) != 0) {
		fprintf(stderr, "rdmaneg-triage: cannot write the report in %s\n", out);
		return 1;
	}
	return 0;
}

static int cmd_sign(int argc, char **argv)
{
	struct rdmaneg_crash c;
	size_t len = 0;
	char *text;

	if (argc != 1)
		usage();
	text = rdmaneg_read_file(argv[0], MAX_LOG, &len, NULL);
	if (!text) {
		fprintf(stderr, "rdmaneg-triage: cannot read %s: %s\n", argv[0], strerror(errno));
		return 2;
	}
	if (!rdmaneg_triage_sanitizer(text, len, false, false, &c)) {
		free(text);
		printf("no crash\n");
		return 1;
	}
	printf("%s\n", c.key);
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} verbs[] = { { "fuzz", cmd_fuzz }, { "kernel", cmd_kernel }, { "sign", cmd_sign } };

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (size_t i = 0; argc >= 2 && i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strcmp(argv[1], verbs[i].name) == 0)
			return verbs[i].run(argc - 2, argv + 2);
	usage();
	return 2;
}
