/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* live_unit_roce_host: make live-roce's active ULP rows, nvme-rdma's,
 * xprtrdma's and ib_iser's (tests/live_unit_roce_host.c), part of
 * tests/live_unit.c's program. */
#ifndef RDMANEG_TESTS_LIVE_UNIT_ROCE_HOST_H
#define RDMANEG_TESTS_LIVE_UNIT_ROCE_HOST_H

/* Runs them and adds their passed and failed checks to *pass and *fail. */
void live_unit_roce_host(int *pass, int *fail);

#endif
