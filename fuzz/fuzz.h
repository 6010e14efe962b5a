/* Shared by every fuzz target: a broken rule aborts with its name. */
#ifndef RDMANEG_FUZZ_H
#define RDMANEG_FUZZ_H

#include "pbt.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts (so every engine records a crash) when a rule returned 1. */
static inline void rdmaneg_fuzz_check(int broken, const struct pbt *p, const char *target)
{
	if (!broken)
		return;
	fprintf(stderr, "rdmaneg fuzz target %s: rule broken: %s\n", target, p->msg);
	abort();
}

/* Runs a property on the whole input as its choice stream. */
static inline void rdmaneg_fuzz_prop(int (*prop)(struct pbt *), const uint8_t *data,
				     size_t size, const char *target)
{
	struct pbt p;

	pbt_init(&p, data, size, false);
	rdmaneg_fuzz_check(prop(&p), &p, target);
}

#endif
