/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * kcov: the kernel's KCOV for the calling thread (Documentation/dev-tools/
 * kcov.rst): the PCs of the instrumented kernel code this thread ran, in
 * task context only. The debug kernel instruments the directories it
 * profiles with gcov (live/guest/kernel.sh), so KCOV and gcov can be put
 * side by side: what a task's KCOV sees of siw and the CMs, against every
 * arc gcov saw reached (make live-kcov, docs/snapshots.md).
 */
#ifndef RDMANEG_KCOV_H
#define RDMANEG_KCOV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct rdmaneg_kcov {
	int fd;
	uint64_t *area; /* area[0]: PCs recorded; area[1..]: the PCs */
	size_t cap;	/* words of area */
};

/* Opens /sys/kernel/debug/kcov for cap PCs and maps its buffer; 0, or
 * -1 with why in err (no KCOV in this kernel, no debugfs). */
int rdmaneg_kcov_open(struct rdmaneg_kcov *k, size_t cap, char *err, size_t errcap);

/* Starts recording this thread's PCs (from an empty buffer); 0 or -1. */
int rdmaneg_kcov_start(struct rdmaneg_kcov *k);

/* Stops recording: the number of PCs now in area[1..] (at most cap - 1). */
size_t rdmaneg_kcov_stop(struct rdmaneg_kcov *k);

void rdmaneg_kcov_close(struct rdmaneg_kcov *k);

/* The functions make live-kcov reports: siw's, iw_cm's (and ib_cm's,
 * which a reader tells apart by their files) */
#define RDMANEG_KCOV_PREFIXES "siw_ iw_ cm_"

/* The PCs a task saw over many recordings, each once. */
struct rdmaneg_kcov_set {
	uint64_t *pc;
	size_t n, cap;
};

/* Stops recording, adds what was recorded to set, and starts again;
 * 0, or -1 when memory ran out (the set keeps what it had). */
int rdmaneg_kcov_fold(struct rdmaneg_kcov *k, struct rdmaneg_kcov_set *set);

/* "TAG WHO N name name ...": the functions of set, from /proc/kallsyms,
 * whose names start with one of prefixes (see below); and "TAG_SYMS
 * WHO N ...": every such function of the kernel, so a reader tells an
 * unseen function from an inlined one. */
void rdmaneg_kcov_report(FILE *f, const char *tag, const char *who,
			 const struct rdmaneg_kcov_set *set, const char *prefixes);

/*
 * The functions of a kallsyms text ("ADDR TYPE NAME [MODULE]" lines,
 * /proc/kallsyms) that the PCs fall in, each once, in address order, into
 * out as "name name ...": only the functions whose name starts with one of
 * the space-separated prefixes. Returns how many; out is cut at cap.
 */
size_t rdmaneg_kcov_functions(const char *kallsyms, size_t len, const uint64_t *pcs, size_t n,
			      const char *prefixes, char *out, size_t cap);

#endif
