/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check: the counting assertion of the C test programs. Each prints
 * "FAIL file:line: condition" for a failed check and ends with
 * "N passed, N failed" (read by tools/run-tests.sh).
 */
#ifndef RDMANEG_TESTS_CHECK_H
#define RDMANEG_TESTS_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__)

static void check(int ok, const char *what, const char *file, int line)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL %s:%d: %s\n", file, line, what);
}

#endif
