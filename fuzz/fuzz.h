/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Shared by every fuzz target: a broken rule aborts with its name. */
#ifndef RDMANEG_FUZZ_H
#define RDMANEG_FUZZ_H

#include "rules/rules.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts (so every engine records a crash) when a rule returned 1. */
static inline void rdmaneg_fuzz_check(int broken, const struct rdmaneg_oracle *o,
				      const char *target)
{
	if (!broken)
		return;
	fprintf(stderr, "rdmaneg fuzz target %s: rule broken: %s\n", target, o->msg);
	abort();
}

#endif
