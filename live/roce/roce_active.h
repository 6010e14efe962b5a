/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_active: make live-roce's active table (pure): how the peer
 * answers Linux's REQ in each active row (hand rows, then the sweeps of
 * the REP's, REJ's and MRA's fields, other messages, and last the
 * connecting ULPs' rows of live/roce/roce_ulp.h), and what a conforming
 * active side does. live/roce/roce_cases.c places its rows in the one
 * index space (roce_live.h); live_roce_answer (roce_live.h) is here.
 */
#ifndef RDMANEG_LIVE_ROCE_ACTIVE_H
#define RDMANEG_LIVE_ROCE_ACTIVE_H

#include "live/roce/roce_live.h"

#include <stdbool.h>
#include <stddef.h>

/* How many active rows there are. */
size_t live_roce_active_count(void);
/* Active row row as case k of the index space into *c: its answer to the
 * model REQ (the REP when there is one, the MAD judged) in c->mad
 * ([ibcm-c12#rep-1]); false past the last row. */
bool live_roce_active_case(size_t row, size_t k, struct live_roce_case *c);
/* The clause active case c tests (live_roce_clause's, for it). */
const char *live_roce_active_clause(const struct live_roce_case *c);
/* What a conforming active side does with c's answer
 * (live_roce_expected's, for it). */
enum live_roce_expect live_roce_active_expected(const struct live_roce_case *c);

#endif
