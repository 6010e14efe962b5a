// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of make test's suite cache (tools/test-cache/, util/sha256.c,
 * util/verb.c): the hash against FIPS 180's vectors, a program hashed by
 * its loaded sections only, every input kind, the suites table and each
 * malformed form of it refused with its line, the counting of checks, the
 * stored verdict, and the verb dispatcher. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "tests/check.h"
#include "tools/test-cache/audit.h"
#include "tools/test-cache/key.h"
#include "tools/test-cache/result.h"
#include "tools/test-cache/suites.h"
#include "util/sha256.h"
#include "util/verb.h"

#include <ftw.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void digest_hex(const void *data, size_t len, char out[RDMANEG_SHA256_HEX])
{
	struct rdmaneg_sha256 s;
	uint8_t d[RDMANEG_SHA256_LEN];

	rdmaneg_sha256_init(&s);
	rdmaneg_sha256_update(&s, data, len);
	rdmaneg_sha256_final(&s, d);
	rdmaneg_sha256_hex(d, out);
}

static void test_sha256(void)
{
	char h[RDMANEG_SHA256_HEX];
	static char million[1000000];
	struct rdmaneg_sha256 s;
	uint8_t d1[RDMANEG_SHA256_LEN], d2[RDMANEG_SHA256_LEN];

	/* FIPS 180-2 appendix B and the empty message */
	digest_hex("", 0, h);
	CHECK(strcmp(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
	digest_hex("abc", 3, h);
	CHECK(strcmp(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
	digest_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, h);
	CHECK(strcmp(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0);
	memset(million, 'a', sizeof(million));
	digest_hex(million, sizeof(million), h);
	CHECK(strcmp(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0);
	/* 55, 56 and 64 octets: the padding's three cases */
	digest_hex(million, 55, h);
	CHECK(strcmp(h, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318") == 0);
	digest_hex(million, 64, h);
	CHECK(strcmp(h, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb") == 0);
	/* in pieces, the same */
	rdmaneg_sha256_init(&s);
	for (int i = 0; i < 1000; i++)
		rdmaneg_sha256_update(&s, million, 1000);
	rdmaneg_sha256_final(&s, d1);
	rdmaneg_sha256_hex(d1, h);
	CHECK(strcmp(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0);
	/* strings carry their end: "ab","c" is not "a","bc" */
	rdmaneg_sha256_init(&s);
	rdmaneg_sha256_str(&s, "ab");
	rdmaneg_sha256_str(&s, "c");
	rdmaneg_sha256_final(&s, d1);
	rdmaneg_sha256_init(&s);
	rdmaneg_sha256_str(&s, "a");
	rdmaneg_sha256_str(&s, "bc");
	rdmaneg_sha256_final(&s, d2);
	CHECK(memcmp(d1, d2, sizeof(d1)) != 0);
}

/* A small ELF64 image: sections .text (alloc), .note.gnu.build-id (alloc),
 * .bss (alloc, no bits), .debug_info (not alloc), .shstrtab. */
#define IMG_LEN 1024
static const char shstr[] = "\0.text\0.note.gnu.build-id\0.bss\0.debug_info\0.shstrtab";
enum { S_TEXT = 1, S_NOTE = 7, S_BSS = 26, S_DEBUG = 31, S_STR = 43 };

static void put(uint8_t *p, uint64_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void section(uint8_t *img, size_t i, uint32_t name, uint32_t type, uint64_t flags,
		    uint64_t addr, uint64_t off, uint64_t size)
{
	uint8_t *h = img + 512 + 64 * i;

	put(h, name, 4);
	put(h + 4, type, 4);
	put(h + 8, flags, 8);
	put(h + 16, addr, 8);
	put(h + 24, off, 8);
	put(h + 32, size, 8);
}

/* the octets of text without its NUL, at p */
static void octets(uint8_t *p, const char *text)
{
	for (size_t i = 0; text[i]; i++)
		p[i] = (uint8_t)text[i];
}

static void make_image(uint8_t *img)
{
	memset(img, 0, IMG_LEN);
	octets(img, "\177ELF\2\1\1");
	put(img + 40, 512, 8); /* e_shoff */
	put(img + 58, 64, 2);  /* e_shentsize */
	put(img + 60, 6, 2);   /* e_shnum */
	put(img + 62, 5, 2);   /* e_shstrndx */
	octets(img + 100, "CODE");
	octets(img + 120, "BUILDID0");
	octets(img + 140, "DEBUGINFO");
	memcpy(img + 200, shstr, sizeof(shstr));
	section(img, 1, S_TEXT, 1, 6, 0x1000, 100, 4);
	section(img, 2, S_NOTE, 7, 2, 0x2000, 120, 8);
	section(img, 3, S_BSS, 8, 3, 0x3000, 0, 64);
	section(img, 4, S_DEBUG, 1, 0, 0, 140, 9);
	section(img, 5, S_STR, 3, 0, 0, 200, sizeof(shstr));
}

static bool image_hash(const uint8_t *img, size_t len, uint8_t d[RDMANEG_SHA256_LEN])
{
	struct rdmaneg_sha256 s;
	bool ok;

	rdmaneg_sha256_init(&s);
	ok = rdmaneg_key_elf(&s, img, len);
	rdmaneg_sha256_final(&s, d);
	return ok;
}

static void test_elf(void)
{
	static uint8_t img[IMG_LEN], other[IMG_LEN];
	uint8_t base[RDMANEG_SHA256_LEN], d[RDMANEG_SHA256_LEN], empty[RDMANEG_SHA256_LEN];
	struct rdmaneg_sha256 s;

	rdmaneg_sha256_init(&s);
	rdmaneg_sha256_final(&s, empty);
	make_image(img);
	CHECK(image_hash(img, IMG_LEN, base));
	/* debug information and the build ID do not count */
	memcpy(other, img, IMG_LEN);
	octets(other + 140, "debuginfo");
	octets(other + 120, "buildid1");
	CHECK(image_hash(other, IMG_LEN, d) && memcmp(d, base, sizeof(d)) == 0);
	/* the code, a section's address and the size of .bss do */
	memcpy(other, img, IMG_LEN);
	other[101] = 'X';
	CHECK(image_hash(other, IMG_LEN, d) && memcmp(d, base, sizeof(d)) != 0);
	memcpy(other, img, IMG_LEN);
	section(other, 1, S_TEXT, 1, 6, 0x1010, 100, 4);
	CHECK(image_hash(other, IMG_LEN, d) && memcmp(d, base, sizeof(d)) != 0);
	memcpy(other, img, IMG_LEN);
	section(other, 3, S_BSS, 8, 3, 0x3000, 0, 65);
	CHECK(image_hash(other, IMG_LEN, d) && memcmp(d, base, sizeof(d)) != 0);
	/* a debug section made loadable counts */
	memcpy(other, img, IMG_LEN);
	section(other, 4, S_DEBUG, 1, 2, 0x4000, 140, 9);
	CHECK(image_hash(other, IMG_LEN, d) && memcmp(d, base, sizeof(d)) != 0);
	/* malformed: refused, and the hash left as it was */
	memcpy(other, img, IMG_LEN);
	section(other, 1, S_TEXT, 1, 6, 0x1000, IMG_LEN - 2, 4); /* past the end */
	CHECK(!image_hash(other, IMG_LEN, d) && memcmp(d, empty, sizeof(d)) == 0);
	memcpy(other, img, IMG_LEN);
	section(other, 1, 4000, 1, 6, 0x1000, 100, 4); /* name outside .shstrtab */
	CHECK(!image_hash(other, IMG_LEN, d));
	memcpy(other, img, IMG_LEN);
	put(other + 60, 12, 2); /* headers past the end */
	CHECK(!image_hash(other, IMG_LEN, d));
	memcpy(other, img, IMG_LEN);
	other[4] = 1; /* 32-bit */
	CHECK(!image_hash(other, IMG_LEN, d));
	CHECK(!image_hash(img, 63, d));
	memcpy(other, img, IMG_LEN);
	other[200 + sizeof(shstr) - 1] = 'x'; /* .shstrtab unterminated */
	CHECK(!image_hash(other, IMG_LEN, d));
}

static bool input_hash(const char *in, enum rdmaneg_key_kind *kind, char out[RDMANEG_SHA256_HEX])
{
	struct rdmaneg_sha256 s;
	uint8_t d[RDMANEG_SHA256_LEN];
	char err[256];

	rdmaneg_sha256_init(&s);
	if (rdmaneg_key_input(&s, in, kind, err, sizeof(err)) != 0) {
		printf("key_input %s: %s\n", in, err);
		return false;
	}
	rdmaneg_sha256_final(&s, d);
	rdmaneg_sha256_hex(d, out);
	return true;
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f) {
		(void)fwrite(data, 1, len, f);
		fclose(f);
	}
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* rm -rf dir */
static bool remove_tree(const char *dir)
{
	return nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS) == 0;
}

static void test_inputs(void)
{
	char dir[] = "/tmp/test-cache-unit-XXXXXX", p[256], q[256], h1[RDMANEG_SHA256_HEX],
	     h2[RDMANEG_SHA256_HEX];
	static uint8_t img[IMG_LEN];
	enum rdmaneg_key_kind k;

	if (!mkdtemp(dir)) {
		CHECK(!"mkdtemp");
		return;
	}
	snprintf(p, sizeof(p), "%s/a", dir);
	CHECK(input_hash(p, &k, h1) && k == RDMANEG_KEY_ABSENT);
	write_file(p, "one", 3);
	CHECK(input_hash(p, &k, h2) && k == RDMANEG_KEY_FILE && strcmp(h1, h2) != 0);
	CHECK(input_hash(p, &k, h1) && strcmp(h1, h2) == 0);
	write_file(p, "two", 3);
	CHECK(input_hash(p, &k, h1) && strcmp(h1, h2) != 0);
	/* the executable bit counts */
	CHECK(chmod(p, 0755) == 0 && input_hash(p, &k, h2) && strcmp(h1, h2) != 0);
	/* a folder: every name and content under it */
	snprintf(q, sizeof(q), "%s/sub", dir);
	CHECK(mkdir(q, 0755) == 0);
	CHECK(input_hash(dir, &k, h1) && k == RDMANEG_KEY_DIR);
	snprintf(q, sizeof(q), "%s/sub/b", dir);
	write_file(q, "", 0);
	CHECK(input_hash(dir, &k, h2) && strcmp(h1, h2) != 0);
	write_file(q, "x", 1);
	CHECK(input_hash(dir, &k, h1) && strcmp(h1, h2) != 0);
	/* an ELF file by its loaded sections: its debug section can change */
	snprintf(q, sizeof(q), "%s/prog", dir);
	make_image(img);
	write_file(q, img, IMG_LEN);
	CHECK(input_hash(q, &k, h1) && k == RDMANEG_KEY_ELF);
	octets(img + 140, "debuginfo");
	write_file(q, img, IMG_LEN);
	CHECK(input_hash(q, &k, h2) && k == RDMANEG_KEY_ELF && strcmp(h1, h2) == 0);
	img[100] = 'c';
	write_file(q, img, IMG_LEN);
	CHECK(input_hash(q, &k, h2) && strcmp(h1, h2) != 0);
	/* a malformed one counts whole, as a file */
	put(img + 60, 12, 2);
	write_file(q, img, IMG_LEN);
	CHECK(input_hash(q, &k, h1) && k == RDMANEG_KEY_FILE);
	/* a glob: its matches; none is a kind of its own */
	snprintf(q, sizeof(q), "%s/*.none", dir);
	CHECK(input_hash(q, &k, h1) && k == RDMANEG_KEY_ABSENT);
	snprintf(p, sizeof(p), "%s/c.none", dir);
	write_file(p, "", 0);
	CHECK(input_hash(q, &k, h2) && k == RDMANEG_KEY_FILE && strcmp(h1, h2) != 0);
	/* a link counts by where it points */
	snprintf(p, sizeof(p), "%s/link", dir);
	CHECK(symlink("a", p) == 0 && input_hash(p, &k, h1));
	CHECK(unlink(p) == 0 && symlink("sub", p) == 0 && input_hash(p, &k, h2) &&
	      strcmp(h1, h2) != 0);
	/* a file it cannot read is an error */
	if (geteuid() != 0) {
		snprintf(p, sizeof(p), "%s/a", dir);
		CHECK(chmod(p, 0) == 0 && !input_hash(p, &k, h1));
	}
	CHECK(remove_tree(dir));
}

static void test_env(void)
{
	char *e1[] = { "PATH=/bin", "HOME=/root", "PROPS_CASES=10", "TERM=xterm", "CI=true", NULL };
	char *e2[] = { "CI=true", "TERM=dumb", "PROPS_CASES=10", "PATH=/bin",
		       NULL }; /* reordered */
	char *e3[] = { "CI=true", "PROPS_CASES=11", "PATH=/bin", NULL };
	char *e4[] = { "PROPS_=1", "CI=true", "PROPS_CASES=10", "PATH=/bin", NULL };
	struct rdmaneg_sha256 s;
	uint8_t d1[RDMANEG_SHA256_LEN], d2[RDMANEG_SHA256_LEN];

	CHECK(rdmaneg_key_env_counts("CI=true") && rdmaneg_key_env_counts("PATH"));
	CHECK(rdmaneg_key_env_counts("MUTANTS_SAMPLE=40") && rdmaneg_key_env_counts("CC=gcc"));
	CHECK(!rdmaneg_key_env_counts("HOME=/") && !rdmaneg_key_env_counts("CIX=1"));
	CHECK(!rdmaneg_key_env_counts("PROPS_=1") && !rdmaneg_key_env_counts("MAKEFLAGS=-j2"));
	CHECK(!rdmaneg_key_env_counts("TEST_JOBS=3") &&
	      !rdmaneg_key_env_counts("XDG_CACHE_HOME=/x"));
	rdmaneg_sha256_init(&s);
	rdmaneg_key_env(&s, e1);
	rdmaneg_sha256_final(&s, d1);
	rdmaneg_sha256_init(&s);
	rdmaneg_key_env(&s, e2);
	rdmaneg_sha256_final(&s, d2);
	CHECK(memcmp(d1, d2, sizeof(d1)) == 0);
	rdmaneg_sha256_init(&s);
	rdmaneg_key_env(&s, e4);
	rdmaneg_sha256_final(&s, d2);
	CHECK(memcmp(d1, d2, sizeof(d1)) == 0);
	rdmaneg_sha256_init(&s);
	rdmaneg_key_env(&s, e3);
	rdmaneg_sha256_final(&s, d2);
	CHECK(memcmp(d1, d2, sizeof(d1)) != 0);
}

static struct rdmaneg_suites tab;

static int parse(const char *text, char *err, size_t errlen)
{
	static char buf[4096];

	snprintf(buf, sizeof(buf), "%s", text);
	return rdmaneg_suites_parse(buf, &tab, err, errlen);
}

static bool refused(const char *text, const char *want)
{
	char err[256] = "";
	bool ok = parse(text, err, sizeof(err)) == -1 && strstr(err, want) != NULL;

	if (!ok)
		printf("  refusal of <<%s>>: got '%s', want '%s'\n", text, err, want);
	return ok;
}

static void test_suites(void)
{
	char err[256];
	const struct rdmaneg_suite *s;

	CHECK(parse("# the suites\ninputs Makefile mk\nprebuild build/x fuzz-replay\n\nsuite lint\n  inputs src tests\n"
		    "  run make lint\nsuite triage\n after lint\n\tbuild build/a build/b\n"
		    " inputs x\n inputs y z\n run tests/triage.sh --flag 'a b'\r\n",
		    err, sizeof(err)) == 0);
	CHECK(tab.n == 2 && tab.n_common == 2 && strcmp(tab.common[1], "mk") == 0);
	CHECK(tab.n_prebuild == 2 && strcmp(tab.prebuild[1], "fuzz-replay") == 0);
	s = rdmaneg_suites_find(&tab, "triage");
	CHECK(s && s->n_after == 1 && strcmp(s->after[0], "lint") == 0);
	CHECK(s && s->n_build == 2 && s->n_inputs == 3 && strcmp(s->inputs[2], "z") == 0);
	CHECK(s && strcmp(s->run, "tests/triage.sh --flag 'a b'") == 0 && s->line == 8);
	CHECK(rdmaneg_suites_find(&tab, "nosuch") == NULL);
	CHECK(refused("suite a\n run x\n frobnicate y\n", "line 3: unknown keyword 'frobnicate'"));
	CHECK(refused("run x\n", "line 1: 'run' before the first 'suite' line"));
	CHECK(refused("suite a\n run x\n prebuild y\n", "line 3: unknown keyword 'prebuild'"));
	CHECK(refused("suite a\n run x\nsuite a\n run y\n", "line 3: suite a twice"));
	CHECK(refused("suite A\n run x\n", "line 1: want 'suite NAME'"));
	CHECK(refused("suite a b\n run x\n", "line 1: want 'suite NAME'"));
	CHECK(refused("suite a\n inputs x\n", "line 1: suite a has no 'run' line"));
	CHECK(refused("suite a\n run x\n run y\n", "line 3: want one 'run COMMAND'"));
	CHECK(refused("suite a\n run\n", "line 2: want one 'run COMMAND'"));
	CHECK(refused("suite a\n after b\n run x\n", "suite a waits for b, which is not a suite"));
	CHECK(refused("suite a\n after b\n run x\nsuite b\n after c\n run y\nsuite c\n after a\n"
		      " run z\n",
		      "waits for itself"));
	CHECK(refused("suite a\n after a\n run x\n", "line 1: suite a waits for itself"));
	CHECK(refused("suite a\n inputs\n run x\n", "line 2: 'inputs' names nothing"));
	CHECK(refused("# nothing\n", "no suite"));
	/* a target two suites build side by side: a race (the CI run of stop
	 * 70: one ran rdmaneg-live while the other's linker wrote it) */
	CHECK(refused("suite a\n build b/x b/y\n run x\nsuite b\n build b/y\n run y\n",
		      "line 4: suites a and b both build b/y side by side"));
	CHECK(refused("suite a\n build b/y\n run x\nsuite c\n after a\n run z\n"
		      "suite b\n build b/y\n run y\n",
		      "suites a and b both build b/y"));
	CHECK(parse("prebuild b/y\nsuite a\n build b/y\n run x\nsuite b\n build b/y\n run y\n", err,
		    sizeof(err)) == 0);
	CHECK(parse("suite a\n build b/y\n run x\nsuite c\n after a\n run z\n"
		    "suite b\n after c\n build b/y\n run y\n",
		    err, sizeof(err)) == 0);
	CHECK(parse("suite a\n build CC=gcc b/x\n run x\nsuite b\n build CC=gcc b/y\n run y\n", err,
		    sizeof(err)) == 0);
	CHECK(refused("suite a1234567890123456789012345678901234567890\n run x\n",
		      "want 'suite NAME'"));
}

static void test_order(void)
{
	char err[256];
	double secs[4] = { 5.0, -1, 30.5, 5.0 };
	size_t order[4];

	CHECK(parse("suite a\n run x\nsuite b\n run x\nsuite c\n run x\nsuite d\n run x\n", err,
		    sizeof(err)) == 0);
	rdmaneg_suites_order(&tab, secs, order);
	/* the unknown first, then the longest; a tie keeps the table's order */
	CHECK(order[0] == 1 && order[1] == 2 && order[2] == 0 && order[3] == 3);
	secs[1] = 0;
	rdmaneg_suites_order(&tab, secs, order);
	CHECK(order[0] == 2 && order[1] == 0 && order[2] == 3 && order[3] == 1);
}

static void test_key(void)
{
	char err[256], k1[65], k2[65], dir[] = "/tmp/test-cache-key-XXXXXX", text[512], f[300];
	char *env[] = { "PATH=/bin", NULL }, *env2[] = { "PATH=/usr/bin", NULL };
	const struct rdmaneg_suite *a, *b;

	if (!mkdtemp(dir)) {
		CHECK(!"mkdtemp");
		return;
	}
	snprintf(
		text, sizeof(text),
		"inputs %s/common\nsuite a\n inputs %s/one\n run x\nsuite b\n inputs %s/two\n run x\n",
		dir, dir, dir);
	CHECK(parse(text, err, sizeof(err)) == 0);
	a = rdmaneg_suites_find(&tab, "a");
	b = rdmaneg_suites_find(&tab, "b");
	CHECK(a && b);
	if (!a || !b)
		return;
	CHECK(rdmaneg_suite_key(&tab, a, env, k1, sizeof(k1), err, sizeof(err)) == 0 &&
	      strlen(k1) == 64);
	/* a's input changes a's key, not b's */
	CHECK(rdmaneg_suite_key(&tab, b, env, k2, sizeof(k2), err, sizeof(err)) == 0);
	snprintf(f, sizeof(f), "%s/one", dir);
	write_file(f, "1", 1);
	CHECK(rdmaneg_suite_key(&tab, b, env, text, 65, err, sizeof(err)) == 0 &&
	      strcmp(text, k2) == 0);
	CHECK(rdmaneg_suite_key(&tab, a, env, text, 65, err, sizeof(err)) == 0 &&
	      strcmp(text, k1) != 0);
	/* a common input changes both */
	CHECK(rdmaneg_suite_key(&tab, a, env, k1, sizeof(k1), err, sizeof(err)) == 0);
	snprintf(f, sizeof(f), "%s/common", dir);
	write_file(f, "c", 1);
	CHECK(rdmaneg_suite_key(&tab, a, env, text, 65, err, sizeof(err)) == 0 &&
	      strcmp(text, k1) != 0);
	CHECK(rdmaneg_suite_key(&tab, b, env, text, 65, err, sizeof(err)) == 0 &&
	      strcmp(text, k2) != 0);
	/* so does the environment that counts */
	CHECK(rdmaneg_suite_key(&tab, a, env, k1, sizeof(k1), err, sizeof(err)) == 0);
	CHECK(rdmaneg_suite_key(&tab, a, env2, k2, sizeof(k2), err, sizeof(err)) == 0 &&
	      strcmp(k1, k2) != 0);
	CHECK(remove_tree(dir));
}

static void test_result(void)
{
	struct rdmaneg_result r = { 0 };
	struct rdmaneg_verdict v = { .passed = 38, .when = 1764264000 }, w;
	char buf[128];

	rdmaneg_result_scan(&r, "props: 24 passed, 0 failed");
	rdmaneg_result_scan(&r, "sweep: 1 passed, 2 failed and combo: 3 passed, 0 failed");
	rdmaneg_result_scan(&r, "FAIL x 5 passed 1 failed");	 /* no comma: not a count */
	rdmaneg_result_scan(&r, " passed, 3 failed");		 /* no number before */
	rdmaneg_result_scan(&r, "7 passed, failed");		 /* no number after */
	rdmaneg_result_scan(&r, "9 passed, 1 failures");	 /* not "failed" */
	rdmaneg_result_scan(&r, "12345678901 passed, 0 failed"); /* too long */
	CHECK(r.counted && r.passed == 28 && r.failed == 2);
	rdmaneg_result_close(&r, 1);
	CHECK(r.passed == 28 && r.failed == 2);
	memset(&r, 0, sizeof(r));
	rdmaneg_result_scan(&r, "5 passed, 0 failed");
	rdmaneg_result_close(&r, 3); /* exit 3 with no failure counted: one */
	CHECK(r.passed == 5 && r.failed == 1);
	memset(&r, 0, sizeof(r));
	rdmaneg_result_close(&r, 0); /* no count line: one check */
	CHECK(r.passed == 1 && r.failed == 0);
	memset(&r, 0, sizeof(r));
	rdmaneg_result_close(&r, 2);
	CHECK(r.passed == 0 && r.failed == 1);

	memset(v.key, 'a', 64);
	v.key[64] = '\0';
	CHECK(rdmaneg_verdict_format(&v, buf, sizeof(buf)) > 0);
	CHECK(rdmaneg_verdict_parse(buf, &w) && strcmp(w.key, v.key) == 0 && w.passed == 38 &&
	      w.when == v.when);
	CHECK(rdmaneg_verdict_format(&v, buf, 40) == 0);
	CHECK(!rdmaneg_verdict_parse("abc 1 2\n", &w));
	CHECK(!rdmaneg_verdict_parse("", &w));
	snprintf(buf, sizeof(buf), "%s 1 2", v.key); /* no newline: torn */
	CHECK(!rdmaneg_verdict_parse(buf, &w));
	snprintf(buf, sizeof(buf), "%s 1 -2\n", v.key);
	CHECK(!rdmaneg_verdict_parse(buf, &w));
}

static void test_audit(void)
{
	struct rdmaneg_access a;
	const char *in[] = { "src", "tests/cli.sh", "build/replay/*", "corpus/*/seed-?", "mk/" };

	CHECK(rdmaneg_audit_line(
		      "openat(AT_FDCWD</w>, \"src/a.h\", O_RDONLY|O_CLOEXEC) = 3</w/src/a.h>\n",
		      &a) &&
	      a.kind == RDMANEG_ACCESS_READ && strcmp(a.path, "/w/src/a.h") == 0);
	CHECK(rdmaneg_audit_line(
		      "1234 openat(AT_FDCWD</w>, \"b/x.o\", O_WRONLY|O_CREAT|O_TRUNC, 0666) = "
		      "4</w/b/x.o>\n",
		      &a) &&
	      a.kind == RDMANEG_ACCESS_WRITE && strcmp(a.path, "/w/b/x.o") == 0);
	CHECK(rdmaneg_audit_line("openat(AT_FDCWD</w>, \"t\", O_RDONLY|O_DIRECTORY) = 3</w/t>",
				 &a) &&
	      a.kind == RDMANEG_ACCESS_LIST);
	CHECK(rdmaneg_audit_line("open(\"/w/f\", O_RDWR) = 5</w/f>", &a) &&
	      a.kind == RDMANEG_ACCESS_WRITE);
	CHECK(rdmaneg_audit_line("creat(\"/w/g\", 0644) = 5</w/g>", &a) &&
	      a.kind == RDMANEG_ACCESS_WRITE);
	CHECK(rdmaneg_audit_line(
		      "execve(\"build/asan/unit\", [\"build/asan/unit\"], 0x1 /* 3 vars */) = 0",
		      &a) &&
	      a.kind == RDMANEG_ACCESS_EXEC && strcmp(a.path, "build/asan/unit") == 0);
	CHECK(rdmaneg_audit_line("execve(\"/a \\\"q\\\"\", [], 0x1) = 0", &a) &&
	      strcmp(a.path, "/a \"q\"") == 0);
	/* failed calls, other calls and exits are not accesses */
	CHECK(!rdmaneg_audit_line(
		"openat(AT_FDCWD</w>, \"n\", O_RDONLY) = -1 ENOENT (No such file)", &a));
	CHECK(!rdmaneg_audit_line("execve(\"/x\", [], 0x1) = -1 ENOENT (No such file)", &a));
	CHECK(!rdmaneg_audit_line("read(3</w/f>, \"\", 10) = 0", &a));
	CHECK(!rdmaneg_audit_line("+++ exited with 0 +++", &a));
	CHECK(!rdmaneg_audit_line("openat(AT_FDCWD</w>, \"f\", O_RDONLY) = 3", &a)); /* no -y */

	CHECK(rdmaneg_audit_relative("/w/src/a.h", "/w") &&
	      strcmp(rdmaneg_audit_relative("/w/src/a.h", "/w"), "src/a.h") == 0);
	CHECK(strcmp(rdmaneg_audit_relative("/w", "/w"), ".") == 0);
	CHECK(rdmaneg_audit_relative("/wx/a", "/w") == NULL);
	CHECK(rdmaneg_audit_relative("/usr/include/stdio.h", "/w") == NULL);

	CHECK(rdmaneg_audit_covered("src/mpa.c", in, 5) && rdmaneg_audit_covered("src", in, 5));
	CHECK(!rdmaneg_audit_covered("srcx/a.c", in, 5) && !rdmaneg_audit_covered("tests", in, 5));
	CHECK(rdmaneg_audit_covered("tests/cli.sh", in, 5) &&
	      !rdmaneg_audit_covered("tests/cli.sh.x", in, 5));
	CHECK(rdmaneg_audit_covered("build/replay/stack", in, 5) &&
	      !rdmaneg_audit_covered("build/replay", in, 5));
	CHECK(rdmaneg_audit_covered("corpus/mpa/seed-1", in, 5) &&
	      rdmaneg_audit_covered("corpus/mpa/seed-1/deeper", in, 5) &&
	      !rdmaneg_audit_covered("corpus/mpa/seed-12", in, 5) &&
	      !rdmaneg_audit_covered("corpus/a/b/seed-1", in, 5));
	CHECK(rdmaneg_audit_covered("mk/core.mk", in, 5));
	CHECK(rdmaneg_audit_ignored(".") && rdmaneg_audit_ignored(".git/index") &&
	      !rdmaneg_audit_ignored(".gitignore") && !rdmaneg_audit_ignored("build/x"));
}

static int ran;
static int verb_a(int argc, char **argv)
{
	ran = argc * 10 + (strcmp(argv[0], "a") == 0);
	return 7;
}

static void test_verb(void)
{
	static const struct rdmaneg_verb v[] = {
		{ "a", "X", "does a", verb_a, 1, 1 },
		{ "bb", "[Y]", "does b", verb_a, 0, 1 },
		{ "c", "", NULL, verb_a, 0, RDMANEG_VERB_ANY },
		{ "long-verb", "--with A [--many B] [--arguments C]", "first\nsecond", verb_a, 0,
		  0 },
	};
	char *ok[] = { "prog", "a", "x", NULL }, *none[] = { "prog", NULL },
	     *bad[] = { "prog", "zz", NULL }, *few[] = { "prog", "a", NULL },
	     *many[] = { "prog", "bb", "y", "z", NULL }, *alias[] = { "prog", "c", "1", "2", NULL };
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 4, 3, ok) == 7 && ran == 21);
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 4, 1, none) == 2);
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 4, 2, bad) == 2);
	/* the arity: too few and too many never run the verb */
	ran = 0;
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 4, 2, few) == 2 && ran == 0);
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 4, 4, many) == 2 && ran == 0);
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 4, 4, alias) == 7 && ran == 30);
	CHECK(rdmaneg_verb_misuse("prog", "why") == 2);
	f = open_memstream(&out, &len);
	if (f) {
		rdmaneg_verb_usage(f, "prog", "the end", v, 4);
		fclose(f);
	}
	/* an alias is not listed; a long verb's help starts on the next line */
	CHECK(out && strcmp(out, "usage: prog VERB [ARGS]\n  a X     does a\n  bb [Y]  does b\n"
				 "  long-verb --with A [--many B] [--arguments C]\n"
				 "          first\n          second\nthe end\n") == 0);
	free(out);
}

static int words_ran;
static int verb_words(int argc, char **argv)
{
	words_ran = argc * 10 + (strcmp(argv[0], "decode") == 0);
	return 5;
}

/* names of several words: the CLI's "mpa decode" */
static void test_verb_words(void)
{
	static const struct rdmaneg_verb v[] = {
		{ "decode", "", "one word", verb_words, 0, RDMANEG_VERB_ANY },
		{ "mpa decode", "", "two words", verb_words, 0, 1 },
		{ "mpa encode", "", "two words", verb_words, 0, 0 },
	};
	char *two[] = { "mpa", "decode", "-f", NULL }, *one[] = { "decode", NULL },
	     *half[] = { "mpa", NULL }, *other[] = { "mpa", "decodes", NULL },
	     *run[] = { "prog", "mpa", "decode", "x", NULL },
	     *many[] = { "prog", "mpa", "encode", "x", NULL }, *group[] = { "prog", "mpa", NULL };
	int used = 0;

	CHECK(rdmaneg_verb_find(v, 3, 3, two, &used) == &v[1] && used == 2);
	CHECK(rdmaneg_verb_find(v, 3, 1, one, &used) == &v[0] && used == 1);
	/* a group's word alone, or a word that only begins a name, is no verb */
	CHECK(rdmaneg_verb_find(v, 3, 1, half, &used) == NULL);
	CHECK(rdmaneg_verb_find(v, 3, 2, other, &used) == NULL);
	CHECK(rdmaneg_verb_find(v, 3, 0, two, &used) == NULL);
	CHECK(rdmaneg_verb_in_group(&v[1], "mpa") && rdmaneg_verb_in_group(&v[2], "mpa"));
	CHECK(!rdmaneg_verb_in_group(&v[0], "decode") && !rdmaneg_verb_in_group(&v[1], "mp") &&
	      !rdmaneg_verb_in_group(&v[1], "mpa decode"));
	/* dispatch: argv from the last word, the arity counted after it */
	words_ran = 0;
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 3, 4, run) == 5 && words_ran == 21);
	words_ran = 0;
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 3, 4, many) == 2 && words_ran == 0);
	CHECK(rdmaneg_verb_dispatch("prog", NULL, v, 3, 2, group) == 2 && words_ran == 0);
}

int main(void)
{
	test_sha256();
	test_elf();
	test_inputs();
	test_env();
	test_suites();
	test_order();
	test_key();
	test_result();
	test_verb();
	test_verb_words();
	test_audit();
	printf("test-cache-unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
