/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * schedule: what a campaign runs, in order, and what it keeps; pure, so the
 * host tests it without a guest. Each agent (a guest program serving one
 * role: rdmaneg-peer request, reply, rdmaneg-live nfs-client, ...) runs
 * its table cases, then its random cases: random-SEED-K when unguided, or,
 * guided, an input of its pool mutated once more (util/casename.h). The
 * pool starts from the agent's bases and keeps every input that reached
 * arcs no earlier case of the campaign reached; the arcs are counted on
 * the host, over every restore of the guest, from the lists the agent
 * sends (util/agent.h).
 */
#ifndef RDMANEG_CAMPAIGN_SCHEDULE_H
#define RDMANEG_CAMPAIGN_SCHEDULE_H

#include "util/arcs.h"
#include "util/casename.h"
#include "util/guide.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SCHED_NAME 32				     /* an agent's name */
#define SCHED_CASES 4096			     /* table cases, and bases, per agent */
#define SCHED_POOL 4096				     /* guided inputs per agent */
#define SCHED_BITS ((size_t)RDMANEG_ARCS_BYTES * 8u) /* arcs per agent: an agent's whole map */

struct sched_agent {
	char name[SCHED_NAME];
	struct rdmaneg_casename_str table[SCHED_CASES];
	size_t ntable;
	struct rdmaneg_casename_str bases[SCHED_CASES];
	size_t nbases;
	struct rdmaneg_casename_str pool[SCHED_POOL];
	struct rdmaneg_guide guide;
	size_t bits;  /* the agent's arc map, from READY; 0: no coverage */
	size_t total; /* arcs reached over the campaign */
	uint8_t acc[SCHED_BITS / 8];
};

struct sched {
	struct sched_agent *agent; /* the caller's storage */
	size_t nagents, cap;
	unsigned long random, seed; /* random cases per agent with bases */
	bool guided;
};

void sched_init(struct sched *s, struct sched_agent *storage, size_t cap, unsigned long random,
		unsigned long seed, bool guided);

/* The agent called name, added when new: NULL when it is not a plain
 * word of [a-z0-9-] or there is no room. */
struct sched_agent *sched_agent(struct sched *s, const char *name);

/*
 * One line of a case list: "AGENT NAME" adds a table case, and with
 * bases a base (an input random and guided cases start from). 0, or -1
 * with why in err (not two words, a bad agent, a NAME outside the case
 * grammar, too many).
 */
int sched_line(struct sched *s, const char *line, bool bases, char *err, size_t cap);

/* Cases agent a runs: its table, then random cases when it has bases. */
size_t sched_count(const struct sched *s, const struct sched_agent *a);

/* The name of case k of agent a into out: the k-th table case, then
 * random case k - ntable. False past the end or when it does not fit. */
bool sched_case(struct sched *s, struct sched_agent *a, size_t k, char *out, size_t cap);

/* Is case k of a random (after the table)? */
bool sched_is_random(const struct sched_agent *a, size_t k);

/* Sets the agent's arc map size (from READY): false past SCHED_BITS. */
bool sched_bits(struct sched_agent *a, size_t bits);

/* Merges an arc list (util/agent.h RANGES) into the agent's arcs: the
 * number new to the campaign, or -1 when the list is malformed. */
long sched_merge(struct sched_agent *a, const char *ranges, size_t len);

/* After a guided case named name: keeps it when it reached fresh arcs. */
bool sched_keep(struct sched_agent *a, const char *name, long fresh);

#endif
