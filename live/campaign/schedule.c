// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* schedule: what a campaign runs, in order, and what it keeps (see schedule.h) */
#include "live/campaign/schedule.h"

#include "util/agent.h"
#include "util/gcda.h"

#include <stdio.h>
#include <string.h>

void sched_init(struct sched *s, struct sched_agent *storage, size_t cap, unsigned long random,
		unsigned long seed, bool guided)
{
	s->agent = storage;
	s->nagents = 0;
	s->cap = cap;
	s->random = random;
	s->seed = seed;
	s->guided = guided;
}

static bool agent_word(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n >= SCHED_NAME)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') ||
		      name[i] == '-'))
			return false;
	return true;
}

struct sched_agent *sched_agent(struct sched *s, const char *name)
{
	struct sched_agent *a;

	for (size_t i = 0; i < s->nagents; i++)
		if (strcmp(s->agent[i].name, name) == 0)
			return &s->agent[i];
	if (!agent_word(name) || s->nagents == s->cap)
		return NULL;
	a = &s->agent[s->nagents++];
	memset(a, 0, sizeof(*a));
	memcpy(a->name, name, strlen(name) + 1);
	rdmaneg_guide_init(&a->guide, a->pool, sizeof(a->pool[0]), SCHED_POOL);
	return a;
}

int sched_line(struct sched *s, const char *line, bool bases, char *err, size_t cap)
{
	char agent[64], name[RDMANEG_CASENAME_MAX + 1], extra[2];
	struct rdmaneg_casename cn;
	struct sched_agent *a;
	int n = sscanf(line, "%63s %160s %1s", agent, name, extra);

	if (n != 2) {
		snprintf(err, cap, "not 'AGENT NAME': '%.80s'", line);
		return -1;
	}
	if (!rdmaneg_casename_parse(name, &cn)) {
		snprintf(err, cap, "'%.80s' is not a case name", name);
		return -1;
	}
	a = sched_agent(s, agent);
	if (!a) {
		snprintf(err, cap, "'%.40s': an agent is a word of [a-z0-9-], %zu at most", agent,
			 s->cap);
		return -1;
	}
	if ((bases ? a->nbases : a->ntable) == SCHED_CASES) {
		snprintf(err, cap, "%s: more than %d %s", a->name, SCHED_CASES,
			 bases ? "bases" : "cases");
		return -1;
	}
	/* the parse bounded it: shorter than RDMANEG_CASENAME_MAX */
	if (bases) {
		memcpy(a->bases[a->nbases++].s, name, strlen(name) + 1);
		if (s->guided)
			(void)rdmaneg_guide_add(&a->guide, &a->bases[a->nbases - 1]);
	} else {
		memcpy(a->table[a->ntable++].s, name, strlen(name) + 1);
	}
	return 0;
}

size_t sched_count(const struct sched *s, const struct sched_agent *a)
{
	return a->ntable + (a->nbases ? s->random : 0);
}

bool sched_is_random(const struct sched_agent *a, size_t k)
{
	return k >= a->ntable;
}

bool sched_case(struct sched *s, struct sched_agent *a, size_t k, char *out, size_t cap)
{
	size_t rel = k - a->ntable;
	int w;

	if (k >= sched_count(s, a))
		return false;
	if (k < a->ntable)
		w = snprintf(out, cap, "%s", a->table[k].s);
	else if (s->guided && a->guide.n > 0)
		return rdmaneg_casename_guided(&a->guide, s->seed, (uint64_t)rel, out, cap);
	else {
		w = snprintf(out, cap, "random-%lu-%zu", s->seed, rel);
	}
	return w > 0 && (size_t)w < cap;
}

bool sched_bits(struct sched_agent *a, size_t bits)
{
	if (bits > SCHED_BITS)
		return false;
	a->bits = bits;
	return true;
}

long sched_merge(struct sched_agent *a, const char *ranges, size_t len)
{
	static uint8_t got[SCHED_BITS / 8];
	long named;
	size_t fresh;

	memset(got, 0, (a->bits + 7) / 8);
	named = rdmaneg_agent_ranges(ranges, len, got, a->bits);
	if (named < 0)
		return -1;
	fresh = rdmaneg_gcda_merge(a->acc, got, a->bits);
	a->total += fresh;
	return (long)fresh;
}

bool sched_keep(struct sched_agent *a, const char *name, long fresh)
{
	struct rdmaneg_casename_str n;

	if ((size_t)snprintf(n.s, sizeof(n.s), "%s", name) >= sizeof(n.s))
		return false;
	return rdmaneg_guide_keep(&a->guide, &n, fresh);
}
