// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Negative control for fuzz/replay.c: a target that misbehaves on demand,
 * keyed by its first octet, so tests/replay.sh proves the driver catches
 * each fault it claims to.
 *   'S'  keeps state between runs: aborts on the second run of an input
 *   'H'  never returns (the alarm must name the input)
 *   'B'  reports its size, so a large input is seen whole
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned stateful_runs;
	volatile int spin = 1;

	if (size == 0)
		return 0;
	switch (data[0]) {
	case 'S':
		if (++stateful_runs > 1) {
			fprintf(stderr, "replay-control: state from an earlier run\n");
			abort();
		}
		break;
	case 'H':
		while (spin)
			;
		break;
	case 'B':
		fprintf(stderr, "replay-control: saw %zu octets, last 0x%02x\n", size,
			data[size - 1]);
		break;
	default:
		break;
	}
	return 0;
}
