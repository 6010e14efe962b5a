/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cache: the snapshots a campaign keeps, in ~/.cache/rdmaneg/live
 * (docs/snapshots.md): snap-KEY.qcow2 (the drive with the snapshot
 * "ready"), snap-KEY.ready (each agent's READY line) and snap-KEY.console
 * (the boot's console). KEY hashes everything the saved VM depends on, so
 * a snapshot of another kernel, image, command line, agent list, device
 * layout or QEMU is never found; the six newest are kept.
 */
#ifndef RDMANEG_CAMPAIGN_CACHE_H
#define RDMANEG_CAMPAIGN_CACHE_H

#include <stddef.h>

#define VM_AGENTS 8 /* agents in one guest */
#define VM_NAME 32  /* an agent's name, with its NUL */

/* A snapshot: what it is made of (set by the caller) and what it keeps
 * (the key, the READY lines and the boot console, set here). */
struct cache_snap {
	const char *dir; /* where snapshots are kept; NULL: never save one */
	const char *kver, *image, *append;
	char agent[VM_AGENTS][VM_NAME];
	size_t nagents;
	char key[17];		/* the snapshot's cache key, hex */
	char *ready[VM_AGENTS]; /* each agent's READY line, as it came */
	char *boot_log;		/* the console up to the ready point */
	size_t boot_log_n;	/* (a finding's console starts with it) */
};

/* s->key from the kernel image, the initramfs, the command line, the
 * agents, LIVE_SMP, live/guest/qemu.sh and qemu_version (the first line
 * of qemu-system-x86_64 --version, which the caller ran): FNV-1a over
 * their contents; 0, or -1 with why in err. Only struct vm's fields are
 * used, no function of vm.c: tests/cache_unit.c tests it on the host. */
int cache_key(struct cache_snap *s, const char *qemu_version, char *err, size_t cap);

/* The cache's file of s's key with extension ext into out. */
void cache_path(const struct cache_snap *s, const char *ext, char *out, size_t cap);

/* Copies a file (through FILE.part, renamed when whole); 0 or -1. */
int cache_copy(const char *from, const char *to);

/* The READY lines and the boot console of s's key into s; 0, or -1 when
 * they are missing or do not name every agent. */
int cache_load_meta(struct cache_snap *s);

/* s's READY lines and boot console into the cache; 0 or -1. */
int cache_save_meta(struct cache_snap *s);

/* Deletes all but the newest snapshots of the cache. */
void cache_evict(struct cache_snap *s);

#endif
