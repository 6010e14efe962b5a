// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* agent: the guest end of a campaign's channel (see agent.h) */
#define _GNU_SOURCE
#include "util/agent.h"

#include "util/casename.h"
#include "util/file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <termios.h>
#include <unistd.h>

/* The /dev node of the virtio-serial port called name, into path. */
static int find_port(const char *name, char *path, size_t cap)
{
	DIR *d = opendir("/sys/class/virtio-ports");
	struct dirent *e;
	int rc = -1;

	if (!d)
		return -1;
	while (rc != 0 && (e = readdir(d)) != NULL) {
		char np[300], got[128];
		FILE *f;

		if (e->d_name[0] == '.' ||
		    (size_t)snprintf(np, sizeof(np), "/sys/class/virtio-ports/%s/name",
				     e->d_name) >= sizeof(np))
			continue;
		f = fopen(np, "r");
		if (!f)
			continue;
		if (fgets(got, sizeof(got), f)) {
			got[strcspn(got, "\n")] = '\0';
			if (strcmp(got, name) == 0 &&
			    (size_t)snprintf(path, cap, "/dev/%s", e->d_name) < cap)
				rc = 0;
		}
		fclose(f);
	}
	closedir(d);
	return rc;
}

static int connect_unix(const char *path)
{
	struct sockaddr_un sa;
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int rdmaneg_agent_open(struct rdmaneg_agent *a, const char *channel, char *err, size_t cap)
{
	char path[320];
	struct stat st;
	int fd;

	a->fd = -1;
	a->out = NULL;
	a->len = 0;
	a->who = NULL;
	a->seq = -1;
	a->kmsg = -1;
	if (channel[0] == '/') {
		if ((size_t)snprintf(path, sizeof(path), "%s", channel) >= sizeof(path)) {
			snprintf(err, cap, "%s: path too long", channel);
			return -1;
		}
	} else if (find_port(channel, path, sizeof(path)) != 0) {
		snprintf(err, cap, "no virtio-serial port named %s (/sys/class/virtio-ports)",
			 channel);
		return -1;
	}
	if (stat(path, &st) == 0 && S_ISSOCK(st.st_mode))
		fd = connect_unix(path);
	else
		fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, cap, "%s: %s", path, strerror(errno));
		return -1;
	}
	a->fd = fd;
	a->out = fdopen(dup(fd), "w");
	if (!a->out) {
		snprintf(err, cap, "%s: %s", path, strerror(errno));
		close(fd);
		a->fd = -1;
		return -1;
	}
	setvbuf(a->out, NULL, _IOLBF, 0);
	return 0;
}

long rdmaneg_agent_line(struct rdmaneg_agent *a, char *line, size_t cap)
{
	bool skipping = false;

	for (;;) {
		char *nl = memchr(a->buf, '\n', a->len);

		if (nl) {
			size_t n = (size_t)(nl - a->buf);
			bool fits = !skipping && n < cap;

			if (fits) {
				memcpy(line, a->buf, n);
				line[n] = '\0';
			}
			memmove(a->buf, nl + 1, a->len - n - 1);
			a->len -= n + 1;
			if (fits)
				return (long)n;
			return -2;
		}
		if (a->len == sizeof(a->buf)) { /* no newline in a full buffer */
			a->len = 0;
			skipping = true;
		}
		ssize_t r = read(a->fd, a->buf + a->len, sizeof(a->buf) - a->len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		a->len += (size_t)r;
	}
}

void rdmaneg_agent_close(struct rdmaneg_agent *a)
{
	if (a->out)
		fclose(a->out);
	if (a->fd >= 0)
		close(a->fd);
	a->out = NULL;
	a->fd = -1;
}

uint64_t rdmaneg_agent_taint(void)
{
	size_t n = 0;
	bool more = false;
	char *t = rdmaneg_read_file("/proc/sys/kernel/tainted", 64, &n, &more);
	uint64_t v = t && !more ? strtoull(t, NULL, 10) : 0;

	free(t);
	return v;
}

static bool bit(const uint8_t *map, size_t i)
{
	return (map[i / 8] >> (i % 8)) & 1u;
}

void rdmaneg_agent_ranges_w(FILE *f, const char *key, const uint8_t *map, size_t bits)
{
	bool first = true;

	fprintf(f, " %s=", key);
	for (size_t i = 0; i < bits; i++) {
		size_t j = i;

		if (!bit(map, i))
			continue;
		while (j + 1 < bits && bit(map, j + 1))
			j++;
		fprintf(f, first ? "%zu" : ",%zu", i);
		if (j > i)
			fprintf(f, "-%zu", j);
		first = false;
		i = j;
	}
	if (first)
		fputc('-', f); /* the empty list */
}

/* A decimal number at s[*i..len-1], up to the next ',' or '-'. */
static bool number(const char *s, size_t len, size_t *i, size_t *out)
{
	size_t x = 0, start = *i;

	for (; *i < len && s[*i] >= '0' && s[*i] <= '9'; (*i)++) {
		size_t d = (size_t)(s[*i] - '0');

		if (x > ((size_t)-1 - d) / 10)
			return false;
		x = x * 10 + d;
	}
	*out = x;
	return *i > start && *i - start <= 19;
}

long rdmaneg_agent_ranges(const char *s, size_t len, uint8_t *map, size_t bits)
{
	size_t named = 0;

	if (len == 1 && s[0] == '-')
		return 0;
	/* checked whole first: a malformed list changes nothing */
	for (int pass = 0; pass < 2; pass++) {
		size_t i = 0, next = 0;

		named = 0;
		while (i < len) {
			size_t a, b;

			if (!number(s, len, &i, &a))
				return -1;
			b = a;
			if (i < len && s[i] == '-') {
				i++;
				if (!number(s, len, &i, &b) || b <= a)
					return -1;
			}
			if (a < next || b >= bits)
				return -1;
			if (i < len && (s[i] != ',' || i + 1 == len))
				return -1;
			if (i < len)
				i++;
			for (size_t k = a; pass == 1 && k <= b; k++)
				map[k / 8] |= (uint8_t)(1u << (k % 8));
			named += b - a + 1;
			next = b + 1;
		}
	}
	return len == 0 ? -1 : (long)named;
}

/* ---- the serving side (live/nfspeer, live/nvme) */

static void refuse(struct rdmaneg_agent *a, int64_t seq, const char *why)
{
	rdmaneg_rec_begin(a->out, "DONE");
	rdmaneg_rec_i64w(a->out, "seq", seq);
	rdmaneg_rec_strw(a->out, "verdict", "error");
	rdmaneg_rec_strw(a->out, "detail", why);
	rdmaneg_rec_end(a->out);
}

static void done(struct rdmaneg_agent *a, const char *name, const char *finding,
		 const struct rdmaneg_arcs *arcs, bool cov)
{
	rdmaneg_rec_begin(a->out, "DONE");
	rdmaneg_rec_i64w(a->out, "seq", a->seq);
	rdmaneg_rec_strw(a->out, "name", name);
	rdmaneg_rec_strw(a->out, "verdict", finding[0] ? "finding" : "unjudged");
	rdmaneg_rec_strw(a->out, "clause", "-");
	rdmaneg_rec_strw(a->out, "detail", finding);
	rdmaneg_rec_i64w(a->out, "taint", (int64_t)rdmaneg_agent_taint());
	if (cov)
		rdmaneg_agent_ranges_w(a->out, "new", arcs->fresh, arcs->bits);
	rdmaneg_rec_end(a->out);
}

/* The host's next command: 1 for a CASE to run (its name into name, *cov
 * when it asked for arcs and there are some), 0 when answered here (PING,
 * COV, a bad line), -1 when the host closed the channel. */
static int next_command(struct rdmaneg_agent *a, struct rdmaneg_rec *rec, char *name, size_t cap,
			struct rdmaneg_arcs *arcs, bool *cov)
{
	static char line[RDMANEG_AGENT_LINE];
	int64_t c = 0;
	long n = rdmaneg_agent_line(a, line, sizeof(line));

	a->seq = -1;
	*cov = false;
	if (n == -1)
		return -1;
	if (n < 0 || rdmaneg_rec_parse(line, (size_t)n, rec) != RDMANEG_REC_OK ||
	    rdmaneg_rec_i64(rec, "seq", &a->seq) != RDMANEG_REC_OK) {
		refuse(a, a->seq, n == -2 ? "a line too long" : "not a command");
		return 0;
	}
	if (strcmp(rec->tag, "PING") == 0) {
		rdmaneg_rec_begin(a->out, "PONG");
		rdmaneg_rec_i64w(a->out, "seq", a->seq);
		rdmaneg_rec_end(a->out);
		return 0;
	}
	if (strcmp(rec->tag, "COV") == 0) {
		char err[300];

		if (!arcs->nfiles || rdmaneg_arcs_sample(arcs, err, sizeof(err)) < 0) {
			refuse(a, a->seq, arcs->nfiles ? err : "COV without --gcov");
			return 0;
		}
		rdmaneg_rec_begin(a->out, "DONE");
		rdmaneg_rec_i64w(a->out, "seq", a->seq);
		rdmaneg_rec_i64w(a->out, "cov", 1);
		rdmaneg_agent_ranges_w(a->out, "new", arcs->fresh, arcs->bits);
		rdmaneg_rec_end(a->out);
		return 0;
	}
	if (strcmp(rec->tag, "CASE") != 0 ||
	    rdmaneg_rec_str(rec, "name", name, cap) != RDMANEG_REC_OK) {
		refuse(a, a->seq, "unknown command, or a CASE without a name that fits");
		return 0;
	}
	*cov = rdmaneg_rec_i64(rec, "cov", &c) == RDMANEG_REC_OK && c != 0 && arcs->nfiles;
	return 1;
}

int rdmaneg_agent_serve(struct rdmaneg_agent *a, const char *who, const char *channel,
			struct rdmaneg_arcs *arcs, const char *gcov, const char *scope,
			rdmaneg_agent_case_fn run, void *ctx)
{
	static struct rdmaneg_rec rec;
	char err[300], name[RDMANEG_CASENAME_MAX], finding[300];
	bool cov;
	int r;

	if (rdmaneg_agent_open(a, channel, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-live %s: --agent: %s\n", who, err);
		return 1;
	}
	memset(arcs, 0, sizeof(*arcs));
	if (gcov && rdmaneg_arcs_open(arcs, gcov, scope, err, sizeof(err)) != 0) {
		fprintf(stderr, "rdmaneg-live %s: --gcov: %s\n", who, err);
		rdmaneg_agent_close(a);
		return 1;
	}
	a->who = who;
	a->kmsg = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	rdmaneg_rec_begin(a->out, "READY");
	rdmaneg_rec_strw(a->out, "agent", who);
	rdmaneg_rec_i64w(a->out, "taint", (int64_t)rdmaneg_agent_taint());
	if (gcov) {
		rdmaneg_rec_i64w(a->out, "bits", (int64_t)arcs->bits);
		rdmaneg_rec_i64w(a->out, "files", (int64_t)arcs->nfiles);
		rdmaneg_rec_i64w(a->out, "arcs", (int64_t)arcs->narcs);
		rdmaneg_agent_ranges_w(a->out, "new", arcs->acc, arcs->bits);
	}
	rdmaneg_rec_end(a->out);
	while ((r = next_command(a, &rec, name, sizeof(name), arcs, &cov)) >= 0) {
		const char *why;

		if (r == 0)
			continue;
		finding[0] = '\0';
		why = run(a, ctx, name, finding, sizeof(finding));
		if (!why && cov && rdmaneg_arcs_sample(arcs, err, sizeof(err)) < 0)
			why = err;
		if (why)
			refuse(a, a->seq, why);
		else
			done(a, name, finding, arcs, cov);
	}
	if (a->kmsg >= 0)
		close(a->kmsg);
	a->kmsg = -1;
	rdmaneg_agent_close(a);
	return 0;
}

void rdmaneg_agent_mark(const struct rdmaneg_agent *a, FILE *out, const char *name)
{
	char m[RDMANEG_CASENAME_MAX + 96];
	int n;

	if (!a || a->kmsg < 0)
		return;
	/* the console's tty sends what the agent printed after write()
	 * returned; a printk now would cut into it */
	(void)fflush(out);
	if (isatty(fileno(out)))
		(void)tcdrain(fileno(out));
	/* one write a record: /dev/kmsg takes each as one line */
	n = snprintf(m, sizeof(m), "PEER_CASE %s %lld %s\n", a->who, (long long)a->seq, name);
	if (n > 0 && (size_t)n < sizeof(m))
		(void)!write(a->kmsg, m, (size_t)n);
	n = snprintf(m, sizeof(m), "PEER_FRAME %s %lld -\n", a->who, (long long)a->seq);
	if (n > 0 && (size_t)n < sizeof(m))
		(void)!write(a->kmsg, m, (size_t)n);
}
