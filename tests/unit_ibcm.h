/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* unit_ibcm: the IB CM codec's unit tests (tests/unit_ibcm.c), part of tests/unit.c's program. */
#ifndef RDMANEG_TESTS_UNIT_IBCM_H
#define RDMANEG_TESTS_UNIT_IBCM_H

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void unit_ibcm(int *pass, int *fail);

#endif
