/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * audit: checks a suite's declared inputs against what it read. The suite's
 * command runs under "strace -ff -y -e trace=open,openat,openat2,creat,execve"
 * (tools/test-audit.sh); every file of the project it read or executed
 * must be covered by an input (the same path, a folder above it, or a glob
 * matching it) unless the same run wrote it (what it builds). A folder it
 * only listed is not checked (make lists every source folder for its
 * wildcards whatever the target): a suite that globs a folder declares the
 * folder, not the files it found there.
 */
#ifndef RDMANEG_AUDIT_H
#define RDMANEG_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

enum rdmaneg_access_kind {
	RDMANEG_ACCESS_READ,
	RDMANEG_ACCESS_WRITE,
	RDMANEG_ACCESS_LIST, /* a folder opened to read its names */
	RDMANEG_ACCESS_EXEC,
};

struct rdmaneg_access {
	enum rdmaneg_access_kind kind;
	char path[4096]; /* absolute for opens (strace -y); as given for execve */
};

/*
 * Reads one line of an strace -y trace. True for a successful open, creat
 * or execve, with a filled; false for anything else (other calls, failed
 * ones, exits, signals).
 */
bool rdmaneg_audit_line(const char *line, struct rdmaneg_access *a);

/*
 * The path of abs relative to the folder root (no trailing '/'), or NULL
 * when abs lies outside it. Only a prefix followed by '/' matches.
 */
const char *rdmaneg_audit_relative(const char *abs, const char *root);

/*
 * Whether the relative path rel is covered by one of inputs: equal to it,
 * under it (a folder), or matched by it (a glob, fnmatch with
 * FNM_PATHNAME), or under a match of it.
 */
bool rdmaneg_audit_covered(const char *rel, const char *const *inputs, size_t n);

/*
 * Whether rel is never an input: the project's build and cache folders
 * (build/), version control (.git/), and the folder itself (".").
 */
bool rdmaneg_audit_ignored(const char *rel);

#endif
