// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Every property as one fuzz target: the first octet picks the property,
 * the rest is its choice stream. The same definitions as make test. */
#include "properties/props.h"
#include "fuzz/prop.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct pbt_prop *prop;
	struct pbt p;

	if (size < 1 || size > 1024)
		return 0;
	prop = &rdmaneg_props[data[0] % rdmaneg_nprops];
	int broken;

	pbt_init(&p, data + 1, size - 1, false);
	broken = prop->fn(&p);
	pbt_release(&p);
	if (broken) {
		fprintf(stderr, "rdmaneg fuzz target props: property %s (%s): rule broken: %s\n",
			prop->name, prop->rule, p.o.msg);
		abort();
	}
	return 0;
}
