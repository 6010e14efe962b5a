/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * compare: two campaigns' outcomes of the same cases, case by case: the
 * check that snapshots change no verdict (docs/snapshots.md). A case's
 * outcome is "finding" when it has one (findings.txt: it killed, hung or
 * tainted the guest, or the peer judged it a finding), else its verdict
 * and clause (verdicts.txt), else "not run". Whether a case that kills
 * the guest printed its verdict first is a race, so a finding outweighs
 * the verdict.
 */
#ifndef RDMANEG_CAMPAIGN_COMPARE_H
#define RDMANEG_CAMPAIGN_COMPARE_H

#include <stdio.h>

/* The cases of the list (lines "AGENT NAME") in the result directories
 * a and b: one line per case whose outcomes differ, the tally of each,
 * and 0 when every case agrees, 1 when one differs, 2 when a file cannot
 * be read (why on out). racy (or NULL) lists "AGENT NAME reason" lines:
 * cases whose outcome is a known kernel race, reported when they differ
 * but never failed. */
int campaign_compare(const char *cases, const char *a, const char *b, const char *racy, FILE *out);

#endif
