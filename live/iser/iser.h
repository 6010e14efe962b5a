/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-iser's cases and judge (pure: no sockets, no verbs). The
 * guest (live/iser/iser-init.sh) runs the hostile target's cases against
 * Linux's iSER initiator (ib_iser, driven by open-iscsi), the data check
 * between ib_iser and LIO's isert with every MPA frame captured, then
 * the hostile initiator's cases against isert; each result is a
 * LIVE_ISER* line. live_iser_report judges them with the core
 * (src/iser_pd.c) and the oracle (oracle/iser_ref.c): docs/iser.md.
 */
#ifndef RDMANEG_LIVE_ISER_H
#define RDMANEG_LIVE_ISER_H

#include "live/ulp/ulp_read.h"
#include "util/casename.h"
#include <rdmaneg/iser_pd.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_ISER_PORT 3260			     /* LIO's portal: iSCSI's port */
#define LIVE_ISER_TARGET_PORT 3261		     /* the hostile target's rdma_cm listener */
#define LIVE_ISER_IQN "iqn.2026-11.org.rdmaneg:live" /* LIO's target */
/* isert: Send with Invalidate where the device can (siw and rxe can),
 * never zero-based VAs (ib_isert.c isert_rdma_accept: Z always) */
#define LIVE_ISERT_SI true
#define LIVE_ISERT_ZBVA false
#define LIVE_ISER_PD 200
#define LIVE_ISER_RANDOM 10 /* random cases per role */

/* TARGET: ours against ib_iser; INITIATOR: ours against isert */
enum live_iser_role { LIVE_ISER_TARGET = 0, LIVE_ISER_INITIATOR = 1 };
enum live_iser_how { LIVE_ISER_ACCEPT = 0, LIVE_ISER_REJECT = 1 };

struct live_iser_case {
	char name[RDMANEG_CASENAME_MAX];
	uint8_t role, how;
	uint8_t pd[LIVE_ISER_PD]; /* our REQ or REP header, or its cut or padding */
	size_t pd_len;
};

/* One index space, the target's cases first (they run first). */
size_t live_iser_case_count(void);
bool live_iser_case(size_t i, struct live_iser_case *c);
long live_iser_case_index(const char *name);

/* make live-iser's console grammar and judges (live/iser/iser_report.c),
 * for live_ulp_report and live_ulp_next */
extern const struct live_ulp_suite live_iser_suite;

#endif
