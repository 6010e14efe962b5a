/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* unit_roce: the RoCE v2 frame codec's unit tests (tests/unit_roce.c), part of tests/unit.c's program. */
#ifndef RDMANEG_TESTS_UNIT_ROCE_H
#define RDMANEG_TESTS_UNIT_ROCE_H

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void unit_roce(int *pass, int *fail);

#endif
