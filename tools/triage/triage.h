/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * triage: one bug, one group, for fuzz-target crashes and kernel splats.
 *
 * A fuzz crash is signed the way ClusterFuzz signs one (crash type plus
 * crash state): the sanitizer's bug type, then the top three stack frames
 * inside the library under test (src/). Harness frames (fuzz/, oracle/, rules/,
 * properties/) are used only when the crash is outside src/: below the
 * library the stack names whichever target reached the bug, and a
 * signature that kept them would split one defect into one group per
 * target. A broken oracle rule is signed by the rule, its numbers
 * removed. A kernel splat is signed, like syzbot's, by its title
 * ("BUG: kernel NULL pointer dereference in cm_event_handler").
 *
 * Groups are keyed by the signature; each lists every target (or peer
 * case) and build that reproduced it and keeps its smallest member.
 */
#ifndef RDMANEG_TRIAGE_H
#define RDMANEG_TRIAGE_H

#include "util/klog.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RDMANEG_TRIAGE_FRAMES 3
#define RDMANEG_TRIAGE_WHERE 32
#define RDMANEG_TRIAGE_BUILDS 4

struct rdmaneg_crash {
	char type[48];	  /* heap-buffer-overflow, rule-violation, ubsan-..., KASAN, BUG, ... */
	char detail[200]; /* "READ of size 1", the rule text, the kernel title */
	char frames[RDMANEG_TRIAGE_FRAMES][64];
	size_t nframes;
	bool in_library; /* the frames are src/ frames */
	char key[256];	 /* the signature; equal keys are one bug */
};

/*
 * Reads a sanitizer or replay log (ASan, UBSan, MSan, LSan, an oracle
 * abort); failed marks a run that exited non-zero, timed_out one its
 * timeout killed. Fills c and returns true when the run crashed.
 */
bool rdmaneg_triage_sanitizer(const char *log, size_t len, bool failed, bool timed_out,
			      struct rdmaneg_crash *c);

/* The project frames (src/ and the harness) of the log's first stack
 * trace, one per line as the sanitizer printed them, at most 8. */
void rdmaneg_triage_stack(const char *log, size_t len, char *out, size_t cap);

/* The signature of a kernel splat (see klog.h). */
void rdmaneg_triage_kernel(const struct rdmaneg_splat *s, struct rdmaneg_crash *c);

/* A signature as a file name: [A-Za-z0-9._-] only, at most cap - 1. */
void rdmaneg_triage_slug(const char *key, char *out, size_t cap);

/* A one-line severity guess for a crash. */
const char *rdmaneg_triage_severity(const struct rdmaneg_crash *c);

/* One reproduction of a crash: an input on a target and build, or a
 * splat during a peer case. */
struct rdmaneg_triage_member {
	const char *id;	   /* input path, or "console-3.log:812" */
	size_t size;	   /* input or frame octets; (size_t)-1 when unknown */
	const char *where; /* target, or "reply pd-length-257-exact" */
	const char *build; /* "replay", "replay-msan", "kernel 6.1.0-56-amd64", ... */
	const char *log;   /* the log it was read from */
	unsigned hits, runs;
};

struct rdmaneg_triage_group {
	struct rdmaneg_crash crash; /* as the first member showed it */
	char where[RDMANEG_TRIAGE_WHERE][64];
	size_t nwhere;
	char builds[RDMANEG_TRIAGE_BUILDS][64];
	size_t nbuilds;
	size_t members; /* distinct ids */
	char last_id[512];
	unsigned hits, runs; /* of the first member */
	char first_where[64], first_build[64], first_log[512];
	/* the smallest member */
	char best[512];
	size_t best_size;
	char best_where[64];
	char best_build[64];
	/* filled by the caller after grouping */
	char reproducer[2400]; /* a file, or the frame in hex */
	size_t reproducer_size;
	char minimized[64];
	char reproduce[2400]; /* one command */
	char decoded[1600];
	char stack[1200]; /* the top frames as the log gave them */
	char finding[80]; /* kernel: the findings/ entry its signature names, or
			     "NEW"; empty without a registry */
};

struct rdmaneg_triage {
	const char *kind; /* "fuzz" or "kernel" */
	struct rdmaneg_triage_group *g;
	size_t cap, n;
	size_t dropped; /* members of groups past cap */
	size_t inputs;	/* inputs or console logs read */
};

/* Adds a member to its group (made when new); NULL when the table is full. */
struct rdmaneg_triage_group *rdmaneg_triage_add(struct rdmaneg_triage *t,
						const struct rdmaneg_crash *c,
						const struct rdmaneg_triage_member *m);

/* Adds a build that reproduced a member after its signature was set. */
void rdmaneg_triage_add_build(struct rdmaneg_triage_group *g, const char *build);

/* The group table: one line per group, for the console. */
void rdmaneg_triage_table(FILE *f, const struct rdmaneg_triage *t);

/* Kernel groups no registered finding names ("NEW"), framed so that the end
 * of a run shows them; returns how many (0: nothing printed). */
size_t rdmaneg_triage_new_banner(FILE *f, const struct rdmaneg_triage *t);

/* The report, in Markdown and in JSON; header is one line of context. */
void rdmaneg_triage_markdown(FILE *f, const struct rdmaneg_triage *t, const char *header);
void rdmaneg_triage_json(FILE *f, const struct rdmaneg_triage *t, const char *header);

/* ---- the rdmaneg-triage program: main.c (verbs, shared helpers), fuzz.c,
 * kernel.c ---- */
#define RDMANEG_TRIAGE_MAX_GROUPS 64
#define RDMANEG_TRIAGE_MAX_LOG (4u << 20)
#define RDMANEG_TRIAGE_MAX_CONSOLE (64u << 20)

__attribute__((noreturn)) void rdmaneg_triage_usage(void);
/* snprintf for paths and commands: a text that does not fit is an error
 * (exit 1), never a silently different path. */
__attribute__((format(printf, 3, 4))) void rdmaneg_triage_fmt(char *out, size_t cap, const char *f,
							      ...);
/* The next blank-separated word of *p into out (which it must fit). */
bool rdmaneg_triage_next_word(const char **p, char *out, size_t cap);
/* The next blank-separated decimal of *p, without overflow. */
bool rdmaneg_triage_next_ulong(const char **p, unsigned long *v);
/* report.md and report.json in out, and the table on stdout. */
int rdmaneg_triage_write_reports(const struct rdmaneg_triage *t, const char *out,
				 const char *header);
int rdmaneg_triage_mkdirs(const char *path);
int rdmaneg_triage_cmd_fuzz(int argc, char **argv);
int rdmaneg_triage_cmd_kernel(int argc, char **argv);

#endif
