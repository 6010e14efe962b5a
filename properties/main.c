// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* props: runs the property suite. See docs/properties.md. */
#define _POSIX_C_SOURCE 200809L

#include "properties/props.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage_text[] =
	"usage: props [--seed N] [--cases N] [--prop NAME] [--replay HEX] [--list]\n"
	"  --seed N      base seed (default: fixed 1 when CI=true, else random)\n"
	"  --cases N     generated cases per property (default 20000)\n"
	"  --prop NAME   run one property (repeatable)\n"
	"  --replay HEX  run the named property once on this choice stream\n"
	"  --list        list properties\n"
	"Exit 0 when every property held, 1 when one failed, 2 on usage errors.\n";

static int hex_stream(const char *s, uint8_t *out, size_t cap, size_t *n)
{
	*n = 0;
	for (; s[0] && s[1]; s += 2) {
		const char pair[3] = { s[0], s[1], '\0' };

		if (*n >= cap || !isxdigit((unsigned char)s[0]) || !isxdigit((unsigned char)s[1]))
			return -1;
		out[(*n)++] = (uint8_t)strtoul(pair, NULL, 16);
	}
	return *s ? -1 : 0;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PROPS_ASAN 1
#endif
#endif
#ifdef PROPS_ASAN
#include <sanitizer/common_interface_defs.h>

/* A sanitizer report ends the process mid-case: name the case to replay. */
static void on_death(void)
{
	const struct pbt_prop *prop;
	const uint8_t *buf;
	size_t len;

	pbt_current(&prop, &buf, &len);
	if (!prop)
		return;
	fprintf(stderr, "props: sanitizer report in property %s; replay: props --prop %s --replay ",
		prop->name, prop->name);
	for (size_t i = 0; i < len; i++)
		fprintf(stderr, "%02x", buf[i]);
	fprintf(stderr, "\n");
}
#endif

static const struct pbt_prop *find(const char *name)
{
	for (size_t i = 0; i < rdmaneg_nprops; i++)
		if (strcmp(rdmaneg_props[i].name, name) == 0)
			return &rdmaneg_props[i];
	return NULL;
}

static void print_stream(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", b[i]);
}

int main(int argc, char **argv)
{
	const struct pbt_prop *only[32];
	size_t nonly = 0;
	const char *replay = NULL;
	struct pbt_config cfg = { 0, 20000, 256, 20000 };
	bool seeded = false;
	int passed = 0, failed = 0;
	const char *ci = getenv("CI");

#ifdef PROPS_ASAN
	__sanitizer_set_death_callback(on_death);
#endif

	for (int i = 1; i < argc; i += 2) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *end = NULL;

		if (strcmp(a, "--list") == 0) {
			for (size_t k = 0; k < rdmaneg_nprops; k++)
				printf("%-20s %s\n", rdmaneg_props[k].name, rdmaneg_props[k].rule);
			return 0;
		} else if (strcmp(a, "--seed") == 0 && v) {
			cfg.seed = strtoull(v, &end, 0);
			seeded = true;
		} else if (strcmp(a, "--cases") == 0 && v) {
			cfg.cases = (unsigned)strtoul(v, &end, 0);
		} else if (strcmp(a, "--prop") == 0 && v && nonly < 32) {
			if (!(only[nonly++] = find(v))) {
				fprintf(stderr, "props: no property '%s' (try --list)\n", v);
				return 2;
			}
			end = (char *)"";
		} else if (strcmp(a, "--replay") == 0 && v) {
			replay = v;
			end = (char *)"";
		} else {
			fputs(usage_text, stderr);
			return 2;
		}
		if (!end || *end) {
			fprintf(stderr, "props: bad value for %s: '%s'\n", a, v ? v : "");
			return 2;
		}
	}

	if (replay) {
		static uint8_t buf[1024];
		struct pbt p;
		size_t n;
		int rc;

		if (nonly != 1 || hex_stream(replay, buf, sizeof(buf), &n) != 0) {
			fprintf(stderr,
				"props: --replay needs one --prop and an even-length hex stream\n");
			return 2;
		}
		rc = pbt_run_stream(only[0], buf, n, true, &p);
		printf("%s %s: %s\n  drawn: %s\n", rc ? "FAIL" : "ok", only[0]->name,
		       rc ? p.o.msg : "holds", p.log);
		return rc ? 1 : 0;
	}

	if (!seeded) {
		if (ci && strcmp(ci, "true") == 0) {
			cfg.seed = 1;
		} else {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			cfg.seed = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
		}
	}
	printf("props: seed %llu (%s), %u cases per property\n", (unsigned long long)cfg.seed,
	       seeded ? "given"
	       : ci   ? "fixed for CI"
		      : "random",
	       cfg.cases);
	for (size_t i = 0; i < (nonly ? nonly : rdmaneg_nprops); i++) {
		const struct pbt_prop *pr = nonly ? only[i] : &rdmaneg_props[i];
		struct pbt_report rep;
		struct timespec t0, t1;
		double ms;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		pbt_run(pr, &cfg, &rep);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		     (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
		if (!rep.failed) {
			printf("ok    %-20s %-13s %6u cases %8.1f ms\n", pr->name, pr->rule,
			       rep.ran, ms);
			passed++;
			continue;
		}
		failed++;
		printf("FAIL  %-20s %-13s failed at case %u, shrunk in %u steps\n", pr->name,
		       pr->rule, rep.ran, rep.shrink_steps);
		printf("  rule broken:    %s\n", rep.msg);
		printf("  counterexample: %s\n", rep.log);
		printf("  stream:         ");
		print_stream(rep.minimal, rep.minimal_len);
		printf("\n  replay:         props --prop %s --replay ", pr->name);
		print_stream(rep.minimal, rep.minimal_len);
		printf("\n  or:             props --prop %s --seed %llu\n", pr->name,
		       (unsigned long long)cfg.seed);
	}
	printf("props: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
