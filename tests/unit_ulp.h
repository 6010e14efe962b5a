/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* unit_ulp: the ULP codecs' unit tests (tests/unit_ulp.c), part of tests/unit.c's program. */
#ifndef RDMANEG_TESTS_UNIT_ULP_H
#define RDMANEG_TESTS_UNIT_ULP_H

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void unit_ulp(int *pass, int *fail);

#endif
