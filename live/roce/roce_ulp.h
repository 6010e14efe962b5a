/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-roce's rows for the kernel ULPs' listeners behind rxe: a
 * good REQ to the ULP's port whose octets after rdma_cm's header are one
 * case of that ULP's own suite (nvmet: live/nvme/nvme_cases.c; svcrdma:
 * live/nfs/nfs_cases.c; isert: the hostile initiator's of
 * live/iser/iser_cases.c), what the ULP's oracle allows of its answer, the
 * clause each row tests, and the ULP's REP judged. The next ULP is a
 * row of roce_ulp.c's table and a listener in live/guest/listeners.sh
 * (started by live/roce/roce-init.sh). Pure: no sockets.
 */
#ifndef RDMANEG_LIVE_ROCE_ULP_H
#define RDMANEG_LIVE_ROCE_ULP_H

#include "live/roce/roce_live.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The ULPs, in the table's order. */
#define LIVE_ROCE_ULP_FIRST LIVE_ROCE_ULP_NVMET
#define LIVE_ROCE_ULP_LAST LIVE_ROCE_ULP_ISERT

/* How many cases u's suite has (0 for none). */
size_t live_roce_ulp_count(enum live_roce_ulp u);
/* The row name of u's case i ("nvmet-NAME", "svcrdma-NAME",
 * "isert-NAME") into name (cap octets); false past the last, and for a
 * case that is not one to send a listener (the iSER suite's target
 * cases). */
bool live_roce_ulp_case_name(enum live_roce_ulp u, size_t i, char *name, size_t cap);
/* u's port on LIVE_ROCE_ADDR (0 for none). */
uint16_t live_roce_ulp_port(enum live_roce_ulp u);
/* u's case i as the ULP octets of c's REQ (c->mad, after rdma_cm's
 * header, zeros after them), and c's ulp, ulp_allowed and ulp_sts. */
void live_roce_ulp_octets(enum live_roce_ulp u, size_t i, struct live_roce_case *c);
/* The clause c (one of u's rows, its octets set) tests, as the registry
 * names it. */
const char *live_roce_ulp_clause(const struct live_roce_case *c);

#endif
