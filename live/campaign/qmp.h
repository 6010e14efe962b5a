/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * qmp: the little of QEMU's machine protocol (QMP, docs/interop/qmp-spec)
 * a campaign needs: commands and their return or error, human monitor
 * commands (savevm, loadvm, info registers) and the events that say the
 * guest died (RESET, SHUTDOWN, GUEST_PANICKED). QEMU writes one JSON
 * object a line; a reply is told from an event by its first key, which
 * is all this reads of the JSON, besides one string value.
 */
#ifndef RDMANEG_CAMPAIGN_QMP_H
#define RDMANEG_CAMPAIGN_QMP_H

#include <stdbool.h>
#include <stddef.h>

#define QMP_LINE 262144u

/* Events the campaign acts on, as bits of qmp.events. */
enum qmp_event { QMP_EV_RESET = 1, QMP_EV_SHUTDOWN = 2, QMP_EV_PANIC = 4, QMP_EV_STOP = 8 };

struct qmp {
	int fd;
	unsigned events; /* seen since the last qmp_events_clear */
	char buf[QMP_LINE];
	size_t len;  /* octets in buf */
	size_t used; /* of them, the line last returned (dropped on the next read) */
};

/* Connects to the QMP socket at path (retrying up to timeout_ms while
 * QEMU creates it), reads the greeting and enters command mode. 0, or -1
 * with why in err. */
int qmp_open(struct qmp *q, const char *path, int timeout_ms, char *err, size_t cap);
void qmp_close(struct qmp *q);

/* Runs the command (a JSON object) and waits up to timeout_ms for its
 * reply, noting the events that come before it. 0 on a return; -1 on an
 * error reply (its desc in out), a timeout or a lost socket (why in out).
 * A return's string value, unescaped, goes to out (human monitor output,
 * where a monitor command reports its own errors); out may be NULL. */
int qmp_run(struct qmp *q, const char *cmd, char *out, size_t cap, int timeout_ms);

/* A human monitor command line through human-monitor-command. */
int qmp_hmp(struct qmp *q, const char *line, char *out, size_t cap, int timeout_ms);

/* Reads whatever QMP has sent within timeout_ms (0: only what is there)
 * and notes its events; -1 when the socket is gone. */
int qmp_poll(struct qmp *q, int timeout_ms);

/* Forgets the events noted so far. */
static inline void qmp_events_clear(struct qmp *q)
{
	q->events = 0;
}

/* Parses one QMP line: the event's bit (0 for another event), or -1 when
 * the line is not an event. Exposed for the tests. */
int qmp_event_of(const char *line);

/* The string value of key in a JSON line, unescaped into out (\n, \r,
 * \t, \", \\, \/ and \u00XX; other \u escapes become '?'). false when
 * there is no such string value or it does not fit. Exposed for the
 * tests. */
bool qmp_string(const char *line, const char *key, char *out, size_t cap);

#endif
