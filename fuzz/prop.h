/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* For the stream targets: a property runs on the whole input as its
 * choice stream (properties/pbt.h). */
#ifndef RDMANEG_FUZZ_PROP_H
#define RDMANEG_FUZZ_PROP_H

#include "fuzz/fuzz.h"
#include "properties/pbt.h"

static inline void rdmaneg_fuzz_prop(int (*prop)(struct pbt *), const uint8_t *data, size_t size,
				     const char *target)
{
	struct pbt p;

	int broken;

	pbt_init(&p, data, size, false);
	broken = prop(&p);
	pbt_release(&p);
	rdmaneg_fuzz_check(broken, &p.o, target);
}

#endif
