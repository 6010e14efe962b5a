// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "properties/pbt.h"
#include "util/rng.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The draws turn octets into values the same way for every input: their
 * comparisons give a fuzzer no guidance, only cost, so they are left out
 * of coverage instrumentation. */
#if defined(__clang__) && __clang_major__ >= 13
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define NO_COVERAGE
#endif

NO_COVERAGE void pbt_init(struct pbt *p, const uint8_t *buf, size_t len, bool logging)
{
	p->buf = buf;
	p->len = len;
	p->pos = 0;
	p->logging = logging;
	p->log[0] = '\0';
	p->log_len = 0;
	p->o.msg[0] = '\0';
	p->ncopies = 0;
}

const uint8_t *pbt_exact(struct pbt *p, const uint8_t *buf, size_t n)
{
	uint8_t *c;

	if (p->ncopies == sizeof(p->copies) / sizeof(p->copies[0])) {
		fprintf(stderr, "pbt: more than %zu exact copies in one run\n", p->ncopies);
		abort();
	}
	/* malloc(0) gives a block with no octet to read, which is exact too */
	c = malloc(n);
	if (!c && n > 0) {
		fprintf(stderr, "pbt: out of memory\n");
		abort();
	}
	if (n > 0)
		memcpy(c, buf, n);
	p->copies[p->ncopies++] = c;
	return c;
}

void pbt_release(struct pbt *p)
{
	while (p->ncopies > 0)
		free(p->copies[--p->ncopies]);
}

NO_COVERAGE static uint8_t next(struct pbt *p)
{
	uint8_t b = p->pos < p->len ? p->buf[p->pos] : 0u;

	p->pos++;
	return b;
}

NO_COVERAGE void pbt_note(struct pbt *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!p->logging || p->log_len >= sizeof(p->log) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(p->log + p->log_len, sizeof(p->log) - p->log_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		p->log_len += (size_t)n;
	if (p->log_len >= sizeof(p->log))
		p->log_len = sizeof(p->log) - 1;
}

NO_COVERAGE static void note_value(struct pbt *p, const char *name, uint64_t v)
{
	if (p->logging && name)
		pbt_note(p, "%s=%llu ", name, (unsigned long long)v);
}

NO_COVERAGE uint8_t pbt_u8(struct pbt *p, const char *name)
{
	uint8_t v = next(p);

	note_value(p, name, v);
	return v;
}

NO_COVERAGE bool pbt_bool(struct pbt *p, const char *name)
{
	bool v = (next(p) & 1u) != 0u;

	note_value(p, name, v);
	return v;
}

NO_COVERAGE uint64_t pbt_range(struct pbt *p, uint64_t lo, uint64_t hi, const char *name)
{
	uint64_t span = hi - lo, raw = 0, v;
	unsigned nbytes = 0;

	if (hi <= lo) {
		note_value(p, name, lo);
		return lo;
	}
	/* big-endian, so lowering the first octet lowers the value most */
	for (uint64_t s = span; s > 0; s >>= 8)
		nbytes++;
	for (unsigned i = 0; i < nbytes; i++)
		raw = (raw << 8) | next(p);
	v = span == UINT64_MAX ? raw : lo + raw % (span + 1u);
	note_value(p, name, v);
	return v;
}

NO_COVERAGE size_t pbt_pick(struct pbt *p, size_t n, const char *name)
{
	return n <= 1 ? 0 : (size_t)pbt_range(p, 0, n - 1, name);
}

NO_COVERAGE uint64_t pbt_mixed(struct pbt *p, const uint64_t *table, size_t n, uint64_t lo,
			       uint64_t hi, const char *name)
{
	uint8_t sel = next(p);

	/* even selector: the table (zeros give table[0]); odd: uniform */
	if ((sel & 1u) == 0u && n > 0) {
		uint64_t v = table[(size_t)(sel >> 1) % n];

		note_value(p, name, v);
		return v;
	}
	return pbt_range(p, lo, hi, name);
}

NO_COVERAGE size_t pbt_bytes(struct pbt *p, uint8_t *out, size_t max, const char *name)
{
	size_t n = (size_t)pbt_range(p, 0, max, NULL);

	for (size_t i = 0; i < n; i++)
		out[i] = next(p);
	if (p->logging && name) {
		pbt_note(p, "%s=[", name);
		for (size_t i = 0; i < n; i++)
			pbt_note(p, "%02x", out[i]);
		pbt_note(p, "] ");
	}
	return n;
}

int pbt_fail(struct pbt *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->o.msg, sizeof(p->o.msg), fmt, ap);
	va_end(ap);
	return 1;
}

/* ---- engine ---- */

void pbt_generate(uint64_t case_seed, uint8_t *buf, size_t len)
{
	uint64_t s = case_seed;

	for (size_t i = 0; i < len; i += 8) {
		uint64_t r = rdmaneg_splitmix64(&s);

		for (size_t j = 0; j < 8 && i + j < len; j++)
			buf[i + j] = (uint8_t)(r >> (8 * j));
	}
}

static const struct pbt_prop *cur_prop;
static const uint8_t *cur_buf;
static size_t cur_len;

void pbt_current(const struct pbt_prop **prop, const uint8_t **buf, size_t *len)
{
	*prop = cur_prop;
	*buf = cur_buf;
	*len = cur_len;
}

int pbt_run_stream(const struct pbt_prop *prop, const uint8_t *buf, size_t len, bool logging,
		   struct pbt *out)
{
	int rc;

	cur_prop = prop;
	cur_buf = buf;
	cur_len = len;
	pbt_init(out, buf, len, logging);
	rc = prop->fn(out);
	pbt_release(out);
	cur_prop = NULL;
	return rc;
}

struct shrinker {
	const struct pbt_prop *prop;
	uint8_t best[1024];
	size_t best_len;
	unsigned calls, budget, steps;
};

/* Shortlex order: shorter first, then lexicographically smaller. */
static bool simpler(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	if (alen != blen)
		return alen < blen;
	return memcmp(a, b, alen) < 0;
}

/* Keeps cand if it still fails and is simpler; cand is trimmed to use. */
static bool try_candidate(struct shrinker *s, const uint8_t *cand, size_t len)
{
	struct pbt p;

	if (s->calls >= s->budget || !simpler(cand, len, s->best, s->best_len))
		return false;
	s->calls++;
	if (pbt_run_stream(s->prop, cand, len, false, &p) == 0)
		return false;
	/* octets past what the property read are noise */
	if (p.pos < len)
		len = p.pos;
	/* trailing zeros read the same as the end of the stream */
	while (len > 0 && cand[len - 1] == 0u)
		len--;
	memmove(s->best, cand, len);
	s->best_len = len;
	s->steps++;
	return true;
}

static bool pass_delete(struct shrinker *s)
{
	uint8_t cand[1024];
	bool any = false;

	for (size_t k = 8; k >= 1; k /= 2) {
		for (size_t i = 0; i + k <= s->best_len;) {
			size_t n = s->best_len - k;

			memcpy(cand, s->best, i);
			memcpy(cand + i, s->best + i + k, s->best_len - i - k);
			if (try_candidate(s, cand, n))
				any = true;
			else
				i++;
		}
	}
	return any;
}

static bool pass_zero(struct shrinker *s)
{
	uint8_t cand[1024];
	bool any = false;

	for (size_t k = 8; k >= 1; k /= 2) {
		for (size_t i = 0; i + k <= s->best_len; i++) {
			bool nonzero = false;

			for (size_t j = 0; j < k; j++)
				nonzero |= s->best[i + j] != 0u;
			if (!nonzero)
				continue;
			memcpy(cand, s->best, s->best_len);
			memset(cand + i, 0, k);
			any |= try_candidate(s, cand, s->best_len);
		}
	}
	return any;
}

/*
 * Lowers each octet: first the 32 smallest values in order (draws are not
 * monotone in their octets, e.g. table selectors and flag bytes), then a
 * binary search for larger ones.
 */
static bool pass_lower(struct shrinker *s)
{
	uint8_t cand[1024];
	bool any = false;

	for (size_t i = 0; i < s->best_len; i++) {
		unsigned lo = 0, hi;

		for (unsigned v = 0; v < 32 && i < s->best_len && v < s->best[i]; v++) {
			memcpy(cand, s->best, s->best_len);
			cand[i] = (uint8_t)v;
			if (try_candidate(s, cand, s->best_len)) {
				any = true;
				break;
			}
		}
		if (i >= s->best_len || s->best[i] < 32)
			continue;
		lo = 32;
		hi = s->best[i];

		while (lo < hi) {
			unsigned mid = (lo + hi) / 2;

			if (i >= s->best_len)
				break;
			memcpy(cand, s->best, s->best_len);
			cand[i] = (uint8_t)mid;
			if (try_candidate(s, cand, s->best_len)) {
				any = true;
				hi = i < s->best_len ? s->best[i] : 0;
			} else {
				lo = mid + 1;
			}
		}
	}
	return any;
}

int pbt_run(const struct pbt_prop *prop, const struct pbt_config *cfg, struct pbt_report *rep)
{
	static struct shrinker s;
	uint8_t buf[1024];
	size_t len = cfg->stream_len > sizeof(buf) ? sizeof(buf) : cfg->stream_len;
	struct pbt p;

	memset(rep, 0, sizeof(*rep));
	for (unsigned c = 0; c < cfg->cases; c++) {
		uint64_t cs = cfg->seed ^ ((uint64_t)c * 0xD1B54A32D192ED03ull);

		pbt_generate(cs, buf, len);
		rep->ran++;
		if (pbt_run_stream(prop, buf, len, false, &p) == 0)
			continue;
		rep->failed = true;
		rep->failing_case_seed = cs;
		memset(&s, 0, sizeof(s));
		s.prop = prop;
		s.budget = cfg->shrink_budget;
		/* cppcheck 2.10 wrongly takes len for 0 here */
		// cppcheck-suppress knownConditionTrueFalse
		s.best_len = p.pos < len ? p.pos : len;
		memcpy(s.best, buf, s.best_len);
		for (;;) {
			bool d = pass_delete(&s);
			bool z = pass_zero(&s);
			bool l = pass_lower(&s);

			if (!d && !z && !l)
				break;
		}
		memcpy(rep->minimal, s.best, s.best_len);
		rep->minimal_len = s.best_len;
		rep->shrink_steps = s.steps;
		pbt_run_stream(prop, s.best, s.best_len, true, &p);
		snprintf(rep->msg, sizeof(rep->msg), "%s", p.o.msg);
		snprintf(rep->log, sizeof(rep->log), "%s", p.log);
		return 1;
	}
	return 0;
}
