/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vm: one live guest under a campaign's control. live/guest/qemu.sh boots
 * it (LIVE_QEMU_CTL=1: a QMP socket, a virtio-serial port per agent and
 * one for the service shell of live/guest/init.sh, a qcow2 drive that
 * holds the snapshot, and a guest reboot that restarts the machine
 * instead of ending QEMU). The host saves the whole VM once its agents
 * are READY, keeps that snapshot in the cache keyed by everything it
 * depends on, and restores it in place (loadvm) when a case killed, hung
 * or tainted the guest. See docs/snapshots.md.
 */
#ifndef RDMANEG_CAMPAIGN_VM_H
#define RDMANEG_CAMPAIGN_VM_H

#include "live/campaign/cache.h"
#include "live/campaign/qmp.h"
#include "util/agent.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* A line channel over one of QEMU's chardev sockets. */
struct vm_chan {
	char name[VM_NAME];
	int fd;
	char buf[RDMANEG_AGENT_LINE];
	size_t len, used;
};

struct vm {
	/* the caller's settings: in snap, the kernel, image, command line,
	 * cache folder and agents; the snapshot's key, READY lines and boot
	 * console come into it */
	struct cache_snap snap;
	const char *local;     /* host tests: a shell command that starts the agents
			      instead of QEMU (no snapshot, a restart is a boot) */
	const char *local_dir; /* host tests: the local agents' sockets and console
				* (default build/campaign-local; main sets OUT/local so that
				* campaigns can run side by side) */
	int boot_s;	       /* seconds a boot may take to READY */
	/* state */
	pid_t pid; /* live/guest/qemu.sh, leading its own process group */
	struct qmp q;
	struct vm_chan chan[VM_AGENTS], svc;
	int con; /* the console file, read from con_off */
	off_t con_off;
	bool snapped; /* the drive holds the snapshot "ready" */
	struct vm_figures {
		size_t boots, restores, saves, cache_hits;
		double boot_ms, restore_ms, save_ms, cache_ms; /* totals */
		long long snap_octets;
	} fig;
};

/* Sets up v with no agent yet (nothing starts). */
void vm_init(struct vm *v, const char *kver, const char *image, const char *append,
	     const char *cache, int boot_s);
bool vm_add_agent(struct vm *v, const char *name);

/* The guest at its ready point: restored from the cached snapshot when
 * there is one for this key (and use_cache), else booted until every
 * agent is READY, then (with a cache) saved. 0, or -1 with why in err. */
int vm_up(struct vm *v, bool use_cache, char *err, size_t cap);

/* Back to the ready point: loadvm in place, and every agent answers a
 * PING. On failure the guest is booted again (vm_up without the cache)
 * and *fell_back says so. 0, or -1 with why in err when even that failed. */
int vm_restore(struct vm *v, bool *fell_back, char *err, size_t cap);

/* Ends QEMU (its process group). */
void vm_down(struct vm *v);

/* Sends one line (a newline is added) to the agent's channel, or the
 * service's when agent is NULL. 0 or -1. */
int vm_send(struct vm *v, const char *agent, const char *line);

/*
 * Waits up to timeout_ms for a line from the agent: 1 with the line in
 * *line (valid until the next call), 0 on the deadline, -1 when the guest
 * died (QMP reported a reset, shutdown or panic, or QEMU is gone): then
 * why says which.
 */
int vm_line(struct vm *v, const char *agent, int timeout_ms, char **line, char *why, size_t cap);

/* The service shell (live/guest/init.sh): "sysrq t", "gcov", "dmesg".
 * gcov's tar goes to path. 0, or -1 when the service did not answer. */
int vm_service(struct vm *v, const char *cmd, const char *path, int timeout_ms);

/* The console printed since the last call, in a buffer the caller frees
 * (*n octets; NULL when nothing came); quiet_ms > 0 first waits until
 * the console has been quiet that long (at most 5 s). */
char *vm_console(struct vm *v, int quiet_ms, size_t *n);

/* Runs argv (found on PATH) and waits: 0 when it exits 0; the first line
 * of its output into out (may be NULL). */
int vm_run(char *const argv[], char *out, size_t cap);

/* A monitor command's text (info registers -a), or NULL. */
char *vm_monitor(struct vm *v, const char *cmd);

#endif
