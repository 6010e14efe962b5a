// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Plain replay driver: runs LLVMFuzzerTestOneInput on every file given
 * (directories are walked one level). Used by make test under ASan+UBSan;
 * a broken rule or sanitizer report aborts with the file name already
 * printed.
 *
 * As strict as the engines' own runners:
 *   - each input runs REPLAY_RUNS times (default 4, as OSS-Fuzz's
 *     bad_build_check and systemd's fuzz-main.c), so state one run leaves
 *     behind for the next shows up;
 *   - each input has REPLAY_TIMEOUT seconds (default 25, OSS-Fuzz's) for
 *     all its runs; past that, the driver names it and exits 70, libFuzzer's
 *     timeout status;
 *   - every input is read whole: the size cap belongs to the fuzzing
 *     engine (max_len in fuzz/<target>.options), never to replay.
 * Exit status: 0 every input ran, 1 an input could not be read or a knob
 * is malformed, 70 a timeout; a crash aborts.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz/fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define REPLAY_TIMEOUT_EXIT 70 /* libFuzzer's -timeout_exitcode */

static unsigned long inputs;
static unsigned runs_per_input = 4;
static unsigned timeout_s = 25;
static char current[4096]; /* the input under the alarm */

static void on_alarm(int sig)
{
	static const char pre[] = "replay: timeout: ";
	static const char post[] = " ran past REPLAY_TIMEOUT\n";

	(void)sig;
	/* async-signal-safe: write(2) only */
	(void)!write(STDERR_FILENO, pre, sizeof(pre) - 1);
	(void)!write(STDERR_FILENO, current, strnlen(current, sizeof(current)));
	(void)!write(STDERR_FILENO, post, sizeof(post) - 1);
	_exit(REPLAY_TIMEOUT_EXIT);
}

/* Reads PATH whole into an exact-size heap buffer, as libFuzzer passes it,
 * so ASan sees a read one octet past the input. */
static uint8_t *read_whole(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	struct stat st;
	uint8_t *buf;

	if (!fp) {
		fprintf(stderr, "replay: cannot open %s: %s\n", path, strerror(errno));
		return NULL;
	}
	if (fstat(fileno(fp), &st) != 0 || st.st_size < 0) {
		fprintf(stderr, "replay: cannot stat %s\n", path);
		fclose(fp);
		return NULL;
	}
	*n = (size_t)st.st_size;
	buf = malloc(*n ? *n : 1);
	if (!buf) {
		fprintf(stderr, "replay: %s: %zu octets do not fit in memory\n", path, *n);
		fclose(fp);
		return NULL;
	}
	if (fread(buf, 1, *n, fp) != *n || getc(fp) != EOF) {
		fprintf(stderr, "replay: %s changed size while being read\n", path);
		free(buf);
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	return buf;
}

static int run_file(const char *path)
{
	size_t n;
	uint8_t *buf = read_whole(path, &n);

	if (!buf)
		return 1;
	fprintf(stderr, "replay: %s (%zu octets)\n", path, n);
	snprintf(current, sizeof(current), "%s", path);
	alarm(timeout_s);
	for (unsigned r = 0; r < runs_per_input; r++)
		LLVMFuzzerTestOneInput(buf, n);
	alarm(0);
	free(buf);
	inputs++;
	return 0;
}

static int run_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "replay: no such file: %s\n", path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	d = opendir(path);
	if (!d) {
		fprintf(stderr, "replay: cannot open directory %s: %s\n", path, strerror(errno));
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		char sub[4096];

		if (e->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= sizeof(sub)) {
			fprintf(stderr, "replay: path too long: %s/%s\n", path, e->d_name);
			rc++;
			continue;
		}
		if (stat(sub, &st) == 0 && S_ISREG(st.st_mode))
			rc += run_file(sub);
	}
	closedir(d);
	return rc;
}

/* A knob from the environment: a decimal in 1..max, or its default. */
static int knob(const char *name, unsigned max, unsigned *out)
{
	const char *v = getenv(name);
	char *end;
	unsigned long x;

	if (!v || !*v)
		return 0;
	errno = 0;
	x = strtoul(v, &end, 10);
	if (errno || *end || v[0] == '-' || x < 1 || x > max) {
		fprintf(stderr, "replay: %s='%s': want a whole number in 1..%u\n", name, v, max);
		return 1;
	}
	*out = (unsigned)x;
	return 0;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	unsigned long failed = 0;

	if (knob("REPLAY_RUNS", 1000, &runs_per_input) || knob("REPLAY_TIMEOUT", 86400, &timeout_s))
		return 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	for (int i = 1; i < argc; i++)
		failed += (unsigned long)run_path(argv[i]);
	printf("replay %s: %lu passed, %lu failed\n", argc > 0 ? argv[0] : "", inputs, failed);
	return failed ? 1 : 0;
}
