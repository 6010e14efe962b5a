/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * report: the results of a run, h2spec-style: a summary per RFC section,
 * then one table row per case that did not conform (case, frame, what the
 * RFC requires, what the peer did, the clause). Also JSON and JUnit XML.
 */
#ifndef RDMANEG_PEER_REPORT_H
#define RDMANEG_PEER_REPORT_H

#include "peer/expect.h"
#include "util/casename.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RDMANEG_PEER_HEAD 64u

struct rdmaneg_peer_row {
	char name[RDMANEG_CASENAME_MAX];
	const char *section;
	enum rdmaneg_peer_role role;
	uint8_t head[RDMANEG_PEER_HEAD]; /* the first octets of the frame sent */
	size_t frame_len;
	uint8_t got[RDMANEG_PEER_HEAD]; /* the first octets the SUT sent */
	size_t got_len;
	struct rdmaneg_peer_expect e;
	struct rdmaneg_peer_obs o;
	struct rdmaneg_verdict r;
	double ms;
	uint16_t sut_port, local_port;
	char klog[512]; /* kernel lines of a finding */
};

struct rdmaneg_peer_totals {
	size_t cases, conforms, diverges, must, should, findings;
};

void rdmaneg_peer_count(const struct rdmaneg_peer_row *rows, size_t n,
			struct rdmaneg_peer_totals *t);
void rdmaneg_peer_summary(FILE *f, const struct rdmaneg_peer_row *rows, size_t n);
/* The table of rows that did not conform (all rows with all=true). */
void rdmaneg_peer_table(FILE *f, const struct rdmaneg_peer_row *rows, size_t n, bool all);
void rdmaneg_peer_json(FILE *f, const struct rdmaneg_peer_row *rows, size_t n, const char *target,
		       double seconds);
void rdmaneg_peer_junit(FILE *f, const struct rdmaneg_peer_row *rows, size_t n, double seconds);
/* Hex of b[0..n-1] into out, "..." when cut; always terminated. */
void rdmaneg_peer_hex(const uint8_t *b, size_t n, size_t total, char *out, size_t cap);

#endif
