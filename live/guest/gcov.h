/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gcov: the debug kernel's coverage (make live-kernel; KERNEL=debug on the
 * live suites). lcov turns the guest's .gcda files into a tracefile; this
 * module sums it per file for the report each suite prints: the kernel
 * files a hostile peer aims at, lines and branches reached.
 */
#ifndef RDMANEG_LIVE_GCOV_H
#define RDMANEG_LIVE_GCOV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One file's totals from a tracefile's LF/LH/BRF/BRH lines. */
struct live_gcov_file {
	const char *suffix; /* the path's end, e.g. "sw/siw/siw_cm.c" */
	bool seen;	    /* an SF: record ends in /suffix */
	size_t lines, lines_hit, branches, branches_hit;
};

/* At most this many files are in the report. */
#define LIVE_GCOV_FILES 24

/* The files the report names, in its order (the list plus
 * xprtrdma's verbs.c, and the IB CM's and rxe's for make live-roce):
 * fills out up to cap, returns their number. */
size_t live_gcov_report_files(struct live_gcov_file *out, size_t cap);

/* Reads an lcov tracefile (text[0..len-1]) and adds each record's totals
 * to the entry of files[0..n-1] whose suffix its SF: path ends in (after
 * a '/'). Returns the number of lines that did not parse: a record line
 * without a number, or one outside SF..end_of_record. */
size_t live_gcov_info(const char *text, size_t len, struct live_gcov_file *files, size_t n);

/* The table: per file, lines and branches hit of total and percent, or
 * "not instrumented" for a file no record named. Returns how many of the
 * files were seen. */
size_t live_gcov_print(FILE *out, const char *suite, const struct live_gcov_file *files, size_t n);

/* One boot's "PEER_ARCS ROLE K MS ARCS NEW" lines (rdmaneg-peer --gcov):
 * the arcs reached after each case, MS after the first case began. */
#define LIVE_ARCS_MAX 65536
struct live_arcs {
	double ms[LIVE_ARCS_MAX];
	size_t arcs[LIVE_ARCS_MAX];
	size_t n;	     /* cases sampled */
	size_t start;	     /* arcs reached before the first case */
	size_t files, total; /* from the start line: files and arc counters */
	size_t bad;	     /* PEER_ARCS lines that did not parse */
};

/* Reads text[0..len-1] into *a; returns a->n. */
size_t live_arcs_read(const char *text, size_t len, struct live_arcs *a);

/* The arcs reached by t ms: the last sample at or before t (the start
 * count before any). */
size_t live_arcs_at(const struct live_arcs *a, double t);

/* The two series side by side every step_ms up to the later end, then the
 * totals at the shorter one's end (the same budget for both). */
void live_arcs_print(FILE *out, const struct live_arcs *unguided, const struct live_arcs *guided,
		     double step_ms);

/*
 * make live-kcov: the functions of siw and iw_cm (files ending in
 * "sw/siw/" ... ".c" or "core/iwcm.c") that gcov saw run (the tracefile's
 * FNDA lines with a count) and kallsyms holds (not inlined), and which
 * tasks' KCOV saw each: the console's "PEER_KCOV WHO N names" (the peer's
 * syscalls) and "LIVE_KCOV WHO N names" (the ULP endpoints'), whose
 * "..._SYMS WHO N names" lines name every such function of the kernel.
 * Prints the table and a summary; returns how many of the functions some
 * task's KCOV saw, -1 when the console or the tracefile holds nothing.
 */
long live_kcov_compare(const char *console, size_t clen, const char *info, size_t ilen, FILE *out);

#endif
