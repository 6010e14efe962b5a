// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* qmp: QEMU's machine protocol, the little a campaign needs (see qmp.h) */
#define _GNU_SOURCE
#include "live/campaign/qmp.h"

#include "util/clock.h"
#include "util/hex.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

bool qmp_string(const char *line, const char *key, char *out, size_t cap)
{
	char pat[64];
	const char *p;
	size_t o = 0;

	if ((size_t)snprintf(pat, sizeof(pat), "\"%s\":", key) >= sizeof(pat) || cap == 0)
		return false;
	p = strstr(line, pat);
	if (!p)
		return false;
	p += strlen(pat);
	while (*p == ' ')
		p++;
	if (*p++ != '"')
		return false;
	for (; *p && *p != '"'; p++) {
		int c = (unsigned char)*p;

		if (c == '\\') {
			int a, b, d, e;

			switch (*++p) {
			case 'n':
				c = '\n';
				break;
			case 'r':
				c = '\r';
				break;
			case 't':
				c = '\t';
				break;
			case '"':
				c = '"';
				break;
			case '\\':
				c = '\\';
				break;
			case '/':
				c = '/';
				break;
			case 'u':
				if (!p[1] || !p[2] || !p[3] || !p[4])
					return false;
				a = rdmaneg_hex_digit(p[1]);
				b = rdmaneg_hex_digit(p[2]);
				d = rdmaneg_hex_digit(p[3]);
				e = rdmaneg_hex_digit(p[4]);
				if (a < 0 || b < 0 || d < 0 || e < 0)
					return false;
				c = a == 0 && b == 0 ? d << 4 | e : '?';
				p += 4;
				break;
			default:
				return false;
			}
		}
		if (o + 1 >= cap)
			return false;
		out[o++] = (char)c;
	}
	if (*p != '"')
		return false;
	out[o] = '\0';
	return true;
}

int qmp_event_of(const char *line)
{
	static const struct {
		const char *name;
		int bit;
	} ev[] = { { "RESET", QMP_EV_RESET },
		   { "SHUTDOWN", QMP_EV_SHUTDOWN },
		   { "GUEST_PANICKED", QMP_EV_PANIC },
		   { "STOP", QMP_EV_STOP } };
	char name[64];

	if (strncmp(line, "{\"timestamp\"", 12) != 0 ||
	    !qmp_string(line, "event", name, sizeof(name)))
		return -1;
	for (size_t i = 0; i < sizeof(ev) / sizeof(ev[0]); i++)
		if (strcmp(name, ev[i].name) == 0)
			return ev[i].bit;
	return 0;
}

/* The next whole line, terminated, at *line: its length, 0 when none
 * came within timeout_ms, -1 when the socket is gone. The line stays in
 * q->buf until the next call. */
static long next_line(struct qmp *q, int timeout_ms, char **line)
{
	int64_t end = rdmaneg_mono_us() + (int64_t)timeout_ms * 1000;

	if (q->used) {
		memmove(q->buf, q->buf + q->used, q->len - q->used);
		q->len -= q->used;
		q->used = 0;
	}
	for (;;) {
		char *nl = memchr(q->buf, '\n', q->len);
		struct pollfd p = { q->fd, POLLIN, 0 };
		int64_t left;
		ssize_t r;

		if (nl) {
			*nl = '\0';
			q->used = (size_t)(nl - q->buf) + 1;
			*line = q->buf;
			return (long)(nl - q->buf);
		}
		if (q->len == sizeof(q->buf)) /* a line past the bound: drop it */
			q->len = 0;
		left = (end - rdmaneg_mono_us()) / 1000;
		if (left < 0)
			left = 0;
		if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
			return -1;
		if (!(p.revents & (POLLIN | POLLHUP | POLLERR))) {
			if (left == 0)
				return 0;
			continue;
		}
		r = read(q->fd, q->buf + q->len, sizeof(q->buf) - q->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		q->len += (size_t)r;
	}
}

static void note(struct qmp *q, const char *line)
{
	int e = qmp_event_of(line);

	if (e > 0)
		q->events |= (unsigned)e;
}

int qmp_open(struct qmp *q, const char *path, int timeout_ms, char *err, size_t cap)
{
	struct sockaddr_un sa;
	int64_t end = rdmaneg_mono_us() + (int64_t)timeout_ms * 1000;
	char *line;
	long n;

	q->fd = -1;
	q->len = 0;
	q->events = 0;
	q->used = 0;
	if (strlen(path) >= sizeof(sa.sun_path)) {
		snprintf(err, cap, "%s: path too long for a socket", path);
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	for (;;) {
		q->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (q->fd >= 0 && connect(q->fd, (struct sockaddr *)&sa, sizeof(sa)) == 0)
			break;
		if (q->fd >= 0)
			close(q->fd);
		q->fd = -1;
		if (rdmaneg_mono_us() > end) {
			snprintf(err, cap, "QMP socket %s: %s", path, strerror(errno));
			return -1;
		}
		usleep(20000);
	}
	n = next_line(q, timeout_ms, &line);
	if (n <= 0 || strncmp(line, "{\"QMP\"", 6) != 0) {
		snprintf(err, cap, "QMP socket %s: no greeting", path);
		qmp_close(q);
		return -1;
	}
	if (qmp_run(q, "{\"execute\":\"qmp_capabilities\"}", err, cap, timeout_ms) != 0) {
		qmp_close(q);
		return -1;
	}
	return 0;
}

void qmp_close(struct qmp *q)
{
	if (q->fd >= 0)
		close(q->fd);
	q->fd = -1;
}

int qmp_run(struct qmp *q, const char *cmd, char *out, size_t cap, int timeout_ms)
{
	size_t n = strlen(cmd);
	int64_t end = rdmaneg_mono_us() + (int64_t)timeout_ms * 1000;
	char *line;

	if (q->fd < 0 || write(q->fd, cmd, n) != (ssize_t)n || write(q->fd, "\n", 1) != 1) {
		if (out)
			snprintf(out, cap, "QMP: the socket is gone");
		return -1;
	}
	for (;;) {
		int64_t left = (end - rdmaneg_mono_us()) / 1000;
		long r = next_line(q, left > 0 ? (int)left : 0, &line);

		if (r <= 0) {
			if (out)
				snprintf(out, cap, "QMP: %s",
					 r == 0 ? "no reply in time" : "the socket is gone");
			return -1;
		}
		if (strncmp(line, "{\"return\"", 9) == 0) {
			if (out && !qmp_string(line, "return", out, cap))
				out[0] = '\0';
			return 0;
		}
		if (strncmp(line, "{\"error\"", 8) == 0) {
			if (out && !qmp_string(line, "desc", out, cap))
				snprintf(out, cap, "QMP error: %.200s", line);
			return -1;
		}
		note(q, line);
	}
}

int qmp_hmp(struct qmp *q, const char *line, char *out, size_t cap, int timeout_ms)
{
	char cmd[512];

	if ((size_t)snprintf(cmd, sizeof(cmd),
			     "{\"execute\":\"human-monitor-command\",\"arguments\":"
			     "{\"command-line\":\"%s\"}}",
			     line) >= sizeof(cmd) ||
	    strchr(line, '"') || strchr(line, '\\')) {
		if (out)
			snprintf(out, cap, "QMP: monitor line too long or quoted");
		return -1;
	}
	return qmp_run(q, cmd, out, cap, timeout_ms);
}

int qmp_poll(struct qmp *q, int timeout_ms)
{
	char *line;
	long r;

	while ((r = next_line(q, timeout_ms, &line)) > 0) {
		note(q, line);
		timeout_ms = 0;
	}
	return r < 0 ? -1 : 0;
}
