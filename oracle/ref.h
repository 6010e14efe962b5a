/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ref: what every reference reading of the oracle shares.
 */
#ifndef RDMANEG_REF_H
#define RDMANEG_REF_H

/* The oracle is a checker, not code to explore: keep fuzzers' comparison
 * tracing out of its per-octet loop. */
#if defined(__clang__) && __clang_major__ >= 13
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define NO_COVERAGE
#endif

#endif
