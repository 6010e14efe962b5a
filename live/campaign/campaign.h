/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * campaign: the state of one rdmaneg-campaign run (live/campaign/main.c
 * parses the options and runs the loop; record.c writes down what it
 * finds). See docs/snapshots.md.
 */
#ifndef RDMANEG_CAMPAIGN_H
#define RDMANEG_CAMPAIGN_H

#include "live/campaign/blame.h"
#include "live/campaign/schedule.h"
#include "live/campaign/vm.h"
#include "util/casename.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum recover { REC_SNAPSHOT, REC_BOOT, REC_EACH };

#define MAX_FINDINGS 4096

struct finding {
	char agent[VM_NAME], name[RDMANEG_CASENAME_MAX], title[200];
	char group[200]; /* what one confirmation stands for: a splat's title, a clause */
	int confirmed;	 /* -1 not tried, 0 no, 1 yes */
};

struct outcome {
	enum campaign_how how;
	char verdict[16], clause[64], detail[512], splat[200], why[300];
	char tests[64]; /* the clause the case tests (the peer's expectation), or "" */
	int64_t taint, ms;
	bool before; /* the SUT was down before the case's input went out */
	char *line;  /* the DONE line (owned) */
};

struct camp {
	/* settings */
	const char *out, *repro, *cases, *bases;
	const char *frame; /* --frame: the octets of the case called "frame" */
	enum recover recover;
	int case_ms;
	unsigned long budget;
	unsigned cov_every;
	bool confirm, gcov, dmesg;
	bool cold; /* --cold: a new snapshot, not the cached one */
	/* state */
	struct sched s;
	struct sched_agent agents[VM_AGENTS];
	struct vm v;
	int64_t seq;
	size_t ncases, nrecover, gcov_n;
	FILE *verdicts, *results, *findings_f, *arcs, *all;
	struct finding f[MAX_FINDINGS];
	size_t nf;
	bool fresh;	 /* the guest is at its ready point, no case run since */
	bool confirming; /* a confirmation run: its console apart, no finding */
	bool dirty_end;	 /* the last case was dirty: its guest not recovered */
	char prev[RDMANEG_CASENAME_MAX], prev_agent[VM_NAME]; /* the last clean case */
	char *prev_seg;					      /* its console */
	size_t confirm_n;				      /* the confirmation under way */
	size_t prev_n;
	int64_t t0;
};

/* The one run (main.c). */
extern struct camp C;

/* What one case did to the guest. */
enum health {
	CLEAN = 0,   /* the guest is as the case found it */
	DIRTY = 1,   /* killed, hung or tainted: a finding, then back to the ready point */
	EARLIER = 2, /* the kernel went down before the case's octets went out: the
			case before it is blamed, and this one runs again */
	FAILED = -1  /* an agent's error: the campaign cannot go on */
};

/* "done", "died" or "hung". */
const char *how_name(enum campaign_how h);

/* A dirty case: console-N.log (the boot's console, before's, seg's, the
 * monitor's registers), a findings.txt line with its reproducer; during a
 * confirmation only confirm-N.log. */
void record_finding(const char *agent, const char *name, const char *title, const char *group,
		    enum campaign_how how, const char *before, size_t bn, const char *seg, size_t n,
		    const char *regs);

/* A case's verdicts.txt line (when it answered) and its results.jsonl
 * object; nothing during a confirmation. */
void record_result(const char *agent, size_t k, const char *name, const struct outcome *o,
		   const char *title, int64_t t0, bool dirty);

#endif
