/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * klog: kernel splats in a console log or /dev/kmsg text. A splat starts
 * at a line such as "BUG: ...", "WARNING: ...", "KASAN: ...",
 * "general protection fault", "Oops", a hung task or an RCU stall; it
 * runs until a line that ends a report ("---[ end trace", "=====") or
 * the next splat. From it come a syzbot-style title
 * ("KASAN: slab-out-of-bounds Read in siw_proc_mpareq"), the top kernel
 * frames (function names without offsets) and the taint flags.
 */
#ifndef RDMANEG_KLOG_H
#define RDMANEG_KLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_KLOG_FRAMES 8
#define RDMANEG_KLOG_NAME 64

struct rdmaneg_splat {
	char kind[24]; /* BUG, WARNING, KASAN, UBSAN, KFENCE, GPF, OOPS,
			      HUNG, RCU, PANIC, LOCKDEP, REFCOUNT, LIST */
	char title[160];
	char frames[RDMANEG_KLOG_FRAMES][RDMANEG_KLOG_NAME];
	size_t nframes;
	char rip[RDMANEG_KLOG_NAME]; /* RIP: or "at func+off" symbol, if given */
	char taint[24];		     /* e.g. "G           OE", empty if not printed */
	size_t line;		     /* 1-based line of the first line */
};

/* The message part of a log line: drops "[   12.345678] " and a /dev/kmsg
 * "pri,seq,ts,-;" prefix. Returns a pointer into line. */
const char *rdmaneg_klog_message(const char *line);

/* The line of text[0..len-1] at *pos (rdmaneg_klog_next's) copied into
 * line, cut to cap - 1; *pos moved past it; false at the end. */
bool rdmaneg_klog_line(const char *text, size_t len, size_t *pos, char *line, size_t cap);
/* The same without a copy or a cut: the line of [*at, end) in *p and *n
 * (its '\n' and a CR before it left out), *at moved past it; false at
 * the end. */
bool rdmaneg_klog_next(const char **at, const char *end, const char **p, size_t *n);

/* Whether msg[0..n-1], a message (rdmaneg_klog_message's), is the boot
 * banner "Linux version RELEASE (...)": then RELEASE, up to a space or a
 * CR, into out, cut to cap - 1; out is left alone otherwise. */
bool rdmaneg_klog_release(const char *msg, size_t n, char *out, size_t cap);

/* True when the line (its message part) starts a splat. */
bool rdmaneg_klog_starts(const char *line);

/* Scans text[0..len-1] (lines split on \n) and fills up to max splats;
 * returns how many were found (which may exceed max). */
size_t rdmaneg_klog_scan(const char *text, size_t len, struct rdmaneg_splat *out, size_t max);

/* The symbol at addr, from a System.map text ("ffffffff81000000 T name"
 * lines) and /proc/modules lines ("siw 200704 0 - Live 0xffffffffc0600000"),
 * either may be NULL: "name+0xoff", "[module]+0xoff", "vmlinux" (in the
 * kernel image, no symbol known), or "?" into out. */
void rdmaneg_klog_symbol(const char *map, size_t map_len, const char *mods, size_t mods_len,
			 uint64_t addr, char *out, size_t cap);

/*
 * From a SysRq-t dump ("task:NAME state:..." through " </TASK>"), the
 * blocks of the tasks whose name starts with prefix, their lines' message
 * parts joined by \n into out (NUL-terminated, cut at cap). Returns how
 * many such tasks the text holds.
 */
size_t rdmaneg_klog_task_stacks(const char *text, size_t len, const char *prefix, char *out,
				size_t cap);

#endif
