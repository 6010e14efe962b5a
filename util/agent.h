/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * agent: the guest end of a campaign's channel (live/campaign, docs/snapshots.md).
 * A guest program that serves cases (rdmaneg-peer --agent, rdmaneg-live
 * nfs-client --agent) reads one command record a line from its channel and
 * answers with one record a line (util/record.h), so the host can hand a
 * restored guest its next case and read the verdict back:
 *   guest: READY agent=NAME ...            once, when it waits for cases
 *   host:  CASE seq=N name=CASE [cov=1] [frame=HEX]
 *   guest: DONE seq=N name=CASE verdict=V clause=C ... taint=T [new=RANGES]
 *          [before=1: the SUT was down before the case's input went out]
 *   host:  COV seq=N          guest: DONE seq=N cov=1 new=RANGES
 *   host:  PING seq=N         guest: PONG seq=N  (alive, after a restore)
 * The channel is a virtio-serial port, found by its name under
 * /sys/class/virtio-ports, or (host tests) a Unix socket path, connected.
 * Every line is bounded; a longer one is an error, never a split.
 */
#ifndef RDMANEG_AGENT_H
#define RDMANEG_AGENT_H

#include "util/arcs.h"
#include "util/record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* a line's bound: an arc list of every arc of a full map (arcs.h) fits */
#define RDMANEG_AGENT_LINE (1u << 20)

/* about 1 MiB: keep it static */
struct rdmaneg_agent {
	int fd;
	FILE *out; /* line-buffered writer on fd */
	char buf[RDMANEG_AGENT_LINE];
	size_t len; /* octets in buf not yet returned */
	/* rdmaneg_agent_serve's: the agent's name, the case's seq, and
	 * /dev/kmsg for the case marks (-1: none) */
	const char *who;
	int64_t seq;
	int kmsg;
};

/* Opens the channel: a path starting with '/' (a socket is connected,
 * anything else opened read-write), else the virtio-serial port of that
 * name. 0, or -1 with why in err. */
int rdmaneg_agent_open(struct rdmaneg_agent *a, const char *channel, char *err, size_t cap);

/* The next line, without its newline, into line[0..cap-1] (terminated):
 * its length; -1 at the end of the channel or on an error, -2 when a line
 * does not fit (it is skipped whole). Blocks until a line is there. */
long rdmaneg_agent_line(struct rdmaneg_agent *a, char *line, size_t cap);

void rdmaneg_agent_close(struct rdmaneg_agent *a);

/* The kernel's taint flags (/proc/sys/kernel/tainted), 0 when unreadable:
 * a case that changes them is restored away by the host. */
uint64_t rdmaneg_agent_taint(void);

/*
 * Arc lists on the channel: "RANGES" is a comma-separated list of arc
 * numbers and ranges "a-b", ascending. rdmaneg_agent_ranges_w writes the
 * set bits of map[0..bits-1] as one record field; rdmaneg_agent_ranges
 * sets in map the bits a RANGES value names: the number of bits it named,
 * or -1 when the value is malformed, not ascending or past bits (map is
 * then unchanged).
 */
void rdmaneg_agent_ranges_w(FILE *f, const char *key, const uint8_t *map, size_t bits);
long rdmaneg_agent_ranges(const char *s, size_t len, uint8_t *map, size_t bits);

/*
 * The serving side, shared by the agents whose verdicts the host judges
 * from the console (rdmaneg-live nfs-client, nfs-server, nvme-host,
 * nvme-target); rdmaneg-peer judges its own and has its own loop.
 *
 * rdmaneg_agent_serve opens channel and says READY agent=who (with gcov,
 * the debug kernel's debugfs gcov directory, it opens *arcs over scope
 * first and READY carries the arcs the boot reached), then serves the
 * host's commands until it closes the channel: PING, COV, and each CASE
 * through run(a, ctx, name, finding, cap). run returns NULL when the case
 * ran (with a finding's detail in finding, or finding[0] == '\0') or why
 * it could not (DONE verdict=error). A case's DONE says verdict "finding"
 * or "unjudged" (the host judges the console), and with the CASE's cov=1
 * the arcs new to the guest. 0 when the host closed the channel, 1 when
 * the channel or the arcs could not be set up (why on stderr, prefixed
 * "rdmaneg-live WHO").
 */
typedef const char *(*rdmaneg_agent_case_fn)(struct rdmaneg_agent *a, void *ctx, const char *name,
					     char *finding, size_t cap);
int rdmaneg_agent_serve(struct rdmaneg_agent *a, const char *who, const char *channel,
			struct rdmaneg_arcs *arcs, const char *gcov, const char *scope,
			rdmaneg_agent_case_fn run, void *ctx);

/*
 * The campaign's marks (live/campaign/blame.h): "PEER_CASE WHO SEQ NAME"
 * then "PEER_FRAME WHO SEQ -" written to the kernel's log just before a
 * case's input goes out, in order with the kernel's own lines, so a splat
 * before them is the case before's. rdmaneg-peer writes the same marks
 * with its frame. out (the console) is flushed and, a tty, drained first:
 * a printk never lands inside a line the agent printed. a NULL (no
 * campaign) or without /dev/kmsg: nothing.
 */
void rdmaneg_agent_mark(const struct rdmaneg_agent *a, FILE *out, const char *name);

#endif
