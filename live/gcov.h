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

/* The files the report names, in its order (the list plus
 * xprtrdma's verbs.c): fills out up to cap, returns their number. */
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

#endif
