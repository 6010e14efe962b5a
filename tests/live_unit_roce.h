/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* live_unit_roce: make live-roce's table, answers and report
 * (tests/live_unit_roce.c), part of tests/live_unit.c's program. */
#ifndef RDMANEG_TESTS_LIVE_UNIT_ROCE_H
#define RDMANEG_TESTS_LIVE_UNIT_ROCE_H

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void live_unit_roce(int *pass, int *fail);

#endif
