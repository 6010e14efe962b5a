/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* live_unit_roce_random: make live-roce's random mode, its cases' names
 * and seeds and their rows in the report (tests/live_unit_roce_random.c),
 * part of tests/live_unit.c's program. */
#ifndef RDMANEG_TESTS_LIVE_UNIT_ROCE_RANDOM_H
#define RDMANEG_TESTS_LIVE_UNIT_ROCE_RANDOM_H

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void live_unit_roce_random(int *pass, int *fail);

#endif
