// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE

#include "live/core/live_args.h"
#include "util/file.h"
#include "util/verb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int live_parse_int(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno || !*s || *end || *v < lo || *v > hi ? -1 : 0;
}

char *live_slurp(const char *path, size_t *len)
{
	*len = 0;
	return rdmaneg_read_file(path, SIZE_MAX - 1, len, NULL);
}

int live_report_args(int argc, char **argv, const char *use, char **con, size_t *len, FILE **json)
{
	*con = NULL;
	*json = NULL;
	if (argc != 2 && (argc != 4 || strcmp(argv[2], "--json") != 0))
		return live_misuse(use);
	*con = live_slurp(argv[1], len);
	if (!*con) {
		fprintf(stderr, "rdmaneg-live: cannot read %s\n", argv[1]);
		return 2;
	}
	if (argc == 4 && !(*json = fopen(argv[3], "w"))) {
		fprintf(stderr, "rdmaneg-live: cannot write %s\n", argv[3]);
		free(*con);
		*con = NULL;
		return 2;
	}
	return 0;
}

int live_report_close(FILE *json, const char *path)
{
	if (json && fclose(json) != 0) {
		fprintf(stderr, "rdmaneg-live: cannot write %s\n", path);
		return 2;
	}
	return 0;
}

int live_misuse(const char *why)
{
	return rdmaneg_verb_misuse("rdmaneg-live", why);
}

FILE *live_open_out(const char *path)
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
