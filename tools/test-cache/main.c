// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-test-cache: runs one suite of make test, or reports its earlier
 * verdict when nothing it reads has changed since it passed
 * (docs/benchmarks.md). tools/run-tests.sh starts one per suite.
 * Exit status: run: the suite's (a cached suite 0); others 0 done, 1 a
 * file unreadable or malformed, 2 usage.
 */
#include "tools/test-cache/audit.h"
#include "tools/test-cache/key.h"
#include "tools/test-cache/result.h"
#include "tools/test-cache/suites.h"
#include "util/file.h"
#include "util/verb.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define PROG "rdmaneg-test-cache"
#define MAX_SUITES_FILE (1u << 20)

static char *suites_text;
static struct rdmaneg_suites table;

static int load(const char *path)
{
	size_t len;
	bool more;
	char err[256];

	suites_text = rdmaneg_read_file(path, MAX_SUITES_FILE, &len, &more);
	if (!suites_text) {
		fprintf(stderr, PROG ": cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (more || strlen(suites_text) != len) {
		fprintf(stderr, PROG ": %s: over %u octets, or a NUL in it\n", path,
			MAX_SUITES_FILE);
		return 1;
	}
	if (rdmaneg_suites_parse(suites_text, &table, err, sizeof(err)) != 0) {
		fprintf(stderr, PROG ": %s: %s\n", path, err);
		return 1;
	}
	return 0;
}

/* how long suite name took when it last ran (its .secs in statedir), or -1 */
static double last_secs(const char *statedir, const char *name)
{
	char path[4096], *text, *end;
	size_t len;
	bool more;
	double v = -1;

	snprintf(path, sizeof(path), "%s/%s.secs", statedir, name);
	text = rdmaneg_read_file(path, 64, &len, &more);
	if (text && !more) {
		v = strtod(text, &end);
		if (end == text || v < 0)
			v = -1;
	}
	free(text);
	return v;
}

/* list SUITES [--state DIR]: "NAME<TAB>AFTER" a suite, AFTER comma-separated
 * or "-", in the order to start them (rdmaneg_suites_order: by how long
 * each took when it last ran, as DIR keeps it) */
static int cmd_list(int argc, char **argv)
{
	double secs[RDMANEG_SUITES_MAX];
	size_t order[RDMANEG_SUITES_MAX];
	int rc;

	if (argc != 2 && !(argc == 4 && strcmp(argv[2], "--state") == 0)) {
		fputs("usage: " PROG " list SUITES [--state DIR]\n", stderr);
		return 2;
	}
	if ((rc = load(argv[1])) != 0)
		return rc;
	for (size_t i = 0; i < table.n; i++)
		secs[i] = argc == 4 ? last_secs(argv[3], table.suite[i].name) : -1;
	rdmaneg_suites_order(&table, secs, order);
	for (size_t k = 0; k < table.n; k++) {
		const struct rdmaneg_suite *s = &table.suite[order[k]];

		printf("%s\t", s->name);
		for (size_t a = 0; a < s->n_after; a++)
			printf("%s%s", a ? "," : "", s->after[a]);
		printf("%s\n", s->n_after ? "" : "-");
	}
	return 0;
}

/* hash [--str S]... INPUT...: the key of the strings and inputs (key.h),
 * for a script that caches a step of its own (tools/oss-fuzz-check.sh) */
static int cmd_hash(int argc, char **argv)
{
	struct rdmaneg_sha256 h;
	uint8_t d[RDMANEG_SHA256_LEN];
	char hex[RDMANEG_SHA256_HEX], err[512];
	int i = 1;

	rdmaneg_sha256_init(&h);
	rdmaneg_sha256_str(&h, "rdmaneg-test-cache hash 1");
	for (; i + 1 < argc && strcmp(argv[i], "--str") == 0; i += 2)
		rdmaneg_sha256_str(&h, argv[i + 1]);
	if (i >= argc || argv[i][0] == '-') {
		fputs("usage: " PROG " hash [--str S]... INPUT...\n", stderr);
		return 2;
	}
	for (; i < argc; i++) {
		enum rdmaneg_key_kind k;

		if (rdmaneg_key_input(&h, argv[i], &k, err, sizeof(err)) != 0) {
			fprintf(stderr, PROG ": %s\n", err);
			return 1;
		}
	}
	rdmaneg_sha256_final(&h, d);
	rdmaneg_sha256_hex(d, hex);
	printf("%s\n", hex);
	return 0;
}

/* prebuild SUITES: the make targets built before any suite starts */
static int cmd_prebuild(int argc, char **argv)
{
	int rc;

	if (argc != 2) {
		fputs("usage: " PROG " prebuild SUITES\n", stderr);
		return 2;
	}
	rc = load(argv[1]);
	for (size_t i = 0; rc == 0 && i < table.n_prebuild; i++)
		printf("%s\n", table.prebuild[i]);
	return rc;
}

static const struct rdmaneg_suite *named(const char *name)
{
	const struct rdmaneg_suite *s = rdmaneg_suites_find(&table, name);

	if (!s)
		fprintf(stderr, PROG ": no suite '%s'\n", name);
	return s;
}

static int key_of(const struct rdmaneg_suite *s, char *hex, size_t hexlen)
{
	char err[512];

	if (rdmaneg_suite_key(&table, s, environ, hex, hexlen, err, sizeof(err)) != 0) {
		fprintf(stderr, PROG ": suite %s: %s\n", s->name, err);
		return 1;
	}
	return 0;
}

/* key SUITES NAME: the key its inputs make now */
static int cmd_key(int argc, char **argv)
{
	const struct rdmaneg_suite *s;
	char hex[65];
	int rc;

	if (argc != 3) {
		fputs("usage: " PROG " key SUITES NAME\n", stderr);
		return 2;
	}
	if ((rc = load(argv[1])) != 0)
		return rc;
	if (!(s = named(argv[2])))
		return 2;
	if ((rc = key_of(s, hex, sizeof(hex))) != 0)
		return rc;
	printf("%s\n", hex);
	return 0;
}

/* one line of the child's output: scanned when whole (or the buffer full) */
struct liner {
	char buf[8192];
	size_t n;
	struct rdmaneg_result *r;
};

static void feed(struct liner *l, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] != '\n' && l->n < sizeof(l->buf) - 1) {
			l->buf[l->n++] = p[i];
			continue;
		}
		l->buf[l->n] = '\0';
		if (l->r)
			rdmaneg_result_scan(l->r, l->buf);
		l->n = 0;
		if (p[i] != '\n')
			l->buf[l->n++] = p[i];
	}
}

/* Runs argv with its output on ours, each line scanned into r (when not
 * NULL). Returns its exit status, 128 + a signal's number, or -1. */
static int spawn(char *const *argv, struct rdmaneg_result *r)
{
	struct liner *l = calloc(1, sizeof(*l));
	int fd[2], status;
	pid_t pid;

	if (!l || pipe(fd) != 0) {
		fprintf(stderr, PROG ": cannot start %s: %s\n", argv[0], strerror(errno));
		free(l);
		return -1;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, PROG ": cannot start %s: %s\n", argv[0], strerror(errno));
		close(fd[0]);
		close(fd[1]);
		free(l);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		if (dup2(fd[1], 1) < 0 || dup2(fd[1], 2) < 0)
			_exit(127);
		close(fd[1]);
		execvp(argv[0], argv);
		fprintf(stderr, PROG ": cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	l->r = r;
	for (;;) {
		char buf[4096];
		ssize_t n = read(fd[0], buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		feed(l, buf, (size_t)n);
		for (ssize_t off = 0; off < n;) {
			ssize_t w = write(1, buf + off, (size_t)(n - off));

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			off += w;
		}
	}
	feed(l, "\n", 1);
	close(fd[0]);
	free(l);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

static void write_text(const char *path, const char *text)
{
	FILE *f;

	if (!path)
		return;
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		fprintf(stderr, PROG ": cannot write %s: %s\n", path, strerror(errno));
}

/* the result file tools/run-tests.sh reads: "PASSED FAILED ran|cached" */
static void report(const char *path, unsigned long passed, unsigned long failed, bool cached)
{
	char line[80];

	snprintf(line, sizeof(line), "%lu %lu %s\n", passed, failed, cached ? "cached" : "ran");
	write_text(path, line);
}

static bool stored(const char *state, const char *key, struct rdmaneg_verdict *v)
{
	size_t len;
	bool more;
	char *text = rdmaneg_read_file(state, 256, &len, &more);
	bool hit = text && !more && rdmaneg_verdict_parse(text, v) && strcmp(v->key, key) == 0;

	free(text);
	return hit;
}

/*
 * run SUITES NAME --state DIR --result FILE [--fresh] [--trace DIR]:
 * builds the suite's "build" targets, takes its key and, unless --fresh,
 * reports the stored verdict when the key matches; else runs it, and
 * stores the verdict when it passed and its inputs did not change while it
 * ran. --trace runs it under strace into DIR/NAME.PID files for the audit
 * (and implies --fresh; nothing is stored).
 */
static int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "state", required_argument, NULL, 's' },
		{ "result", required_argument, NULL, 'r' },
		{ "fresh", no_argument, NULL, 'f' },
		{ "trace", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const char *statedir = "build/test-cache", *result = NULL, *trace = NULL;
	const struct rdmaneg_suite *s;
	struct rdmaneg_result r = { 0 };
	struct rdmaneg_verdict v;
	char key[65], state[4096];
	char *cmd[] = { "bash", "-o", "pipefail", "-c", NULL, NULL };
	struct timespec ts0, ts1;
	bool fresh = false;
	int c, rc;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == 's')
			statedir = optarg;
		else if (c == 'r')
			result = optarg;
		else if (c == 'f')
			fresh = true;
		else if (c == 't')
			trace = optarg;
		else
			return 2;
	}
	if (argc - optind != 2 || !statedir || !*statedir) {
		fputs("usage: " PROG
		      " run SUITES NAME [--state DIR] [--result FILE] [--fresh] [--trace DIR]\n",
		      stderr);
		return 2;
	}
	if ((rc = load(argv[optind])) != 0)
		return rc;
	if (!(s = named(argv[optind + 1])))
		return 2;
	report(result, 0, 1, false); /* until it ends */
	(void)clock_gettime(CLOCK_MONOTONIC, &ts0);
	snprintf(state, sizeof(state), "%s/%s", statedir, s->name);
	if (s->n_build > 0) {
		char *mk[RDMANEG_SUITE_WORDS + 4] = { "make", "--no-print-directory", "-s" };

		for (size_t i = 0; i < s->n_build; i++)
			mk[3 + i] = (char *)s->build[i];
		if ((rc = spawn(mk, NULL)) != 0) {
			fprintf(stderr, PROG ": suite %s: building its programs failed (exit %d)\n",
				s->name, rc);
			return rc > 0 ? rc : 1;
		}
	}
	if (key_of(s, key, sizeof(key)) != 0)
		return 1;
	if (!fresh && !trace && stored(state, key, &v)) {
		char when[32];
		struct tm tm;

		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", localtime_r(&v.when, &tm));
		printf("cached: nothing it reads changed since it passed %lu checks at %s (key %.12s)\n",
		       v.passed, when, key);
		report(result, v.passed, 0, true);
		return 0;
	}
	cmd[4] = (char *)s->run;
	if (trace) {
		char out[4096];
		char *traced[] = { "strace", "-ff",	 "-y",
				   "-qq",    "-e",	 "trace=open,openat,openat2,creat,execve",
				   "-o",     out,	 "bash",
				   "-o",     "pipefail", "-c",
				   cmd[4],   NULL };

		snprintf(out, sizeof(out), "%s/%s", trace, s->name);
		rc = spawn(traced, &r);
	} else {
		rc = spawn(cmd, &r);
	}
	rdmaneg_result_close(&r, rc);
	report(result, r.passed, r.failed, false);
	if (trace)
		return rc < 0 ? 1 : rc;
	/* how long it ran: the next list starts the longest first */
	(void)clock_gettime(CLOCK_MONOTONIC, &ts1);
	if (mkdir(statedir, 0755) == 0 || errno == EEXIST) {
		char secs[4096 + 8], text[32];

		snprintf(secs, sizeof(secs), "%s.secs", state);
		snprintf(text, sizeof(text), "%.1f\n",
			 (double)(ts1.tv_sec - ts0.tv_sec) +
				 (double)(ts1.tv_nsec - ts0.tv_nsec) / 1e9);
		write_text(secs, text);
	}

	if (r.failed == 0 && rc == 0) {
		char text[128], after[65];

		/* an input that changed while it ran leaves nothing stored */
		if (key_of(s, after, sizeof(after)) != 0 || strcmp(key, after) != 0) {
			printf(PROG
			       ": an input of %s changed while it ran: its verdict is not kept\n",
			       s->name);
			return 0;
		}
		memcpy(v.key, key, sizeof(v.key));
		v.passed = r.passed;
		v.when = time(NULL);
		if (mkdir(statedir, 0755) != 0 && errno != EEXIST)
			fprintf(stderr, PROG ": cannot make %s: %s\n", statedir, strerror(errno));
		else if (rdmaneg_verdict_format(&v, text, sizeof(text)))
			write_text(state, text);
	} else {
		(void)unlink(state);
	}
	return rc < 0 ? 1 : rc;
}

/* the accesses of one audit: each path once, its kinds or-ed */
struct seen {
	char *path;
	unsigned kinds; /* 1 << enum rdmaneg_access_kind */
};

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct seen *)a)->path, ((const struct seen *)b)->path);
}

static int note(struct seen **v, size_t *n, size_t *cap, const char *path, unsigned kind)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i].path, path) == 0) {
			(*v)[i].kinds |= 1u << kind;
			return 0;
		}
	if (*n == *cap) {
		struct seen *nv = realloc(*v, (*cap = *cap ? 2 * *cap : 256) * sizeof(**v));

		if (!nv)
			return -1;
		*v = nv;
	}
	(*v)[*n].path = strdup(path);
	(*v)[*n].kinds = 1u << kind;
	return (*v)[(*n)++].path ? 0 : -1;
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && strcmp(s + a - b, suf) == 0;
}

/* whether a file of build/ the run read but did not write is its input:
 * a program it ran, or a file other than a compiler's own intermediates */
static bool build_input(const char *rel, unsigned kinds)
{
	if (kinds & (1u << RDMANEG_ACCESS_EXEC))
		return true;
	if (!(kinds & (1u << RDMANEG_ACCESS_READ)))
		return false;
	return !has_suffix(rel, ".o") && !has_suffix(rel, ".a") && !has_suffix(rel, ".d");
}

/*
 * audit SUITES NAME ROOT TRACE...: every file under ROOT the traced run
 * read or ran, and did not write, must be covered by the suite's inputs,
 * its build targets or the common inputs; under build/, only when the run
 * did not run make (which keeps what it builds up to date from sources
 * whose reads do count). Prints each one that is not; exit 1 when any.
 */
static int cmd_audit(int argc, char **argv)
{
	const struct rdmaneg_suite *s;
	const char *cover[3 * RDMANEG_SUITE_WORDS];
	struct seen *v = NULL;
	size_t nv = 0, cap = 0, nc = 0, bad = 0;
	bool made = false; /* the run ran make */
	int rc;

	if (argc < 5) {
		fputs("usage: " PROG " audit SUITES NAME ROOT TRACE...\n", stderr);
		return 2;
	}
	if ((rc = load(argv[1])) != 0)
		return rc;
	if (!(s = named(argv[2])))
		return 2;
	for (size_t i = 0; i < table.n_common; i++)
		cover[nc++] = table.common[i];
	for (size_t i = 0; i < s->n_inputs; i++)
		cover[nc++] = s->inputs[i];
	for (size_t i = 0; i < s->n_build; i++)
		if (!strchr(s->build[i], '='))
			cover[nc++] = s->build[i];
	for (int t = 4; t < argc; t++) {
		FILE *f = fopen(argv[t], "r");
		char line[16384];

		if (!f) {
			fprintf(stderr, PROG ": cannot read %s: %s\n", argv[t], strerror(errno));
			for (size_t i = 0; i < nv; i++)
				free(v[i].path);
			free(v);
			return 1;
		}
		while (fgets(line, sizeof(line), f)) {
			struct rdmaneg_access a;
			char abs[8192];
			const char *rel;

			/* a folder listed is not checked: make lists every
			 * source folder for its wildcards (audit.h) */
			if (!rdmaneg_audit_line(line, &a) || a.kind == RDMANEG_ACCESS_LIST)
				continue;
			if (a.kind != RDMANEG_ACCESS_EXEC && a.path[0] != '/')
				continue; /* a pipe or a socket */
			if (a.kind == RDMANEG_ACCESS_EXEC) {
				const char *base = strrchr(a.path, '/');

				made |= strcmp(base ? base + 1 : a.path, "make") == 0;
			}
			if (a.path[0] == '/') {
				snprintf(abs, sizeof(abs), "%s", a.path);
			} else {
				/* an execve relative to where the run started, when
				 * it names a file there (else it ran elsewhere) */
				snprintf(abs, sizeof(abs), "%s/%s", argv[3],
					 a.path + (strncmp(a.path, "./", 2) == 0 ? 2 : 0));
				if (access(abs, F_OK) != 0)
					continue;
			}
			rel = rdmaneg_audit_relative(abs, argv[3]);
			if (!rel || rdmaneg_audit_ignored(rel))
				continue;
			if (note(&v, &nv, &cap, rel, a.kind) != 0) {
				fclose(f);
				fputs(PROG ": out of memory\n", stderr);
				for (size_t i = 0; i < nv; i++)
					free(v[i].path);
				free(v);
				return 1;
			}
		}
		fclose(f);
	}
	if (nv > 1)
		qsort(v, nv, sizeof(*v), by_path);
	for (size_t i = 0; i < nv; i++) {
		const char *rel = v[i].path;
		unsigned k = v[i].kinds;

		if (k & (1u << RDMANEG_ACCESS_WRITE))
			continue; /* it made it */
		if (strncmp(rel, "build/", 6) == 0 || strcmp(rel, "build") == 0) {
			/* a run that ran make had it bring what it uses up to
			 * date, from sources whose reads count (the audit
			 * starts from an empty build/) */
			if (made || !build_input(rel, k) || rdmaneg_audit_covered(rel, cover, nc))
				continue;
		} else if (rdmaneg_audit_covered(rel, cover, nc)) {
			continue;
		}
		printf("%s: undeclared %s %s\n", s->name,
		       k & (1u << RDMANEG_ACCESS_EXEC) ? "program" : "file", rel);
		bad++;
	}
	printf("audit %s: %zu paths of the project read, %zu undeclared\n", s->name, nv, bad);
	for (size_t i = 0; i < nv; i++)
		free(v[i].path);
	free(v);
	return bad ? 1 : 0;
}

static const struct rdmaneg_verb verbs[] = {
	{ "list", "SUITES [--state DIR]",
	  "each suite and the suites it waits for, longest first as DIR last saw them", cmd_list, 0,
	  RDMANEG_VERB_ANY },
	{ "prebuild", "SUITES", "the make targets built before any suite starts", cmd_prebuild, 0,
	  RDMANEG_VERB_ANY },
	{ "hash", "[--str S]... INPUT...",
	  "the key of strings and inputs, for a script's own cache", cmd_hash, 0,
	  RDMANEG_VERB_ANY },
	{ "key", "SUITES NAME", "the key of what the suite reads now", cmd_key, 0,
	  RDMANEG_VERB_ANY },
	{ "run", "SUITES NAME [--state DIR] [--result FILE] [--fresh] [--trace DIR]",
	  "build, then run the suite or report its stored verdict", cmd_run, 0, RDMANEG_VERB_ANY },
	{ "audit", "SUITES NAME ROOT TRACE...",
	  "what a traced run read that its inputs do not cover", cmd_audit, 0, RDMANEG_VERB_ANY },
};

int main(int argc, char **argv)
{
	return rdmaneg_verb_dispatch(
		PROG, "SUITES is tests/suites (tools/test-cache/suites.h says its form).", verbs,
		sizeof(verbs) / sizeof(verbs[0]), argc, argv);
}
