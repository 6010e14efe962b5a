// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of the campaign's snapshot cache (live/campaign/cache.c),
 * in a scratch directory that holds what a key reads (the kernel, the
 * image, live/guest/qemu.sh): the key follows every input it names and
 * nothing else; the READY lines and the console come back as saved, and
 * a missing agent refuses the snapshot; eviction keeps the newest six.
 * Prints "N passed, N failed".
 */
#define _GNU_SOURCE
#include "live/campaign/cache.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "tests/check.h"

/* nftw's step of the scratch tree's removal */
static int rm_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)type;
	(void)f;
	return remove(path);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		printf("FAIL cannot write %s\n", path);
		exit(1);
	}
}

/* a fresh vm with agents request and reply, its key computed */
static void keyed(struct cache_snap *v, const char *kver, const char *append, const char *qemu)
{
	char err[200] = "";

	memset(v, 0, sizeof(*v));
	v->kver = kver;
	v->image = "image.cpio";
	v->append = append;
	v->dir = "cache";
	snprintf(v->agent[0], sizeof(v->agent[0]), "request");
	snprintf(v->agent[1], sizeof(v->agent[1]), "reply");
	v->nagents = 2;
	if (cache_key(v, qemu, err, sizeof(err)) != 0)
		printf("FAIL cache_key: %s\n", err);
}

static void test_key(void)
{
	static struct cache_snap a, b;
	char base[17], err[200] = "";

	keyed(&a, "K", "x=1", "QEMU 7.2");
	snprintf(base, sizeof(base), "%s", a.key);
	CHECK(strlen(base) == 16);
	keyed(&b, "K", "x=1", "QEMU 7.2");
	CHECK(strcmp(b.key, base) == 0); /* the same inputs, the same key */
	keyed(&b, "K", "x=2", "QEMU 7.2");
	CHECK(strcmp(b.key, base) != 0); /* the command line */
	keyed(&b, "K", "x=1", "QEMU 8.0");
	CHECK(strcmp(b.key, base) != 0); /* QEMU's version */
	keyed(&b, "L", "x=1", "QEMU 7.2");
	CHECK(strcmp(b.key, base) != 0); /* another kernel */
	/* the agents: one fewer, or another name */
	b.nagents = 1;
	CHECK(cache_key(&b, "QEMU 7.2", err, sizeof(err)) == 0 && strcmp(b.key, base) != 0);
	keyed(&b, "K", "x=1", "QEMU 7.2");
	snprintf(b.agent[1], sizeof(b.agent[1]), "other");
	CHECK(cache_key(&b, "QEMU 7.2", err, sizeof(err)) == 0 && strcmp(b.key, base) != 0);
	/* the files' contents: the kernel, the image, qemu.sh, the line's
	 * memory and command line; and LIVE_SMP as given */
	{
		static const char *const files[] = {
			"build/live/cache/kernel-K/boot/vmlinuz-K",
			"image.cpio",
			"live/guest/qemu.sh",
			"build/live/cache/kernel-K/qemu-mem",
			"build/live/cache/kernel-K/cmdline",
		};

		for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
			put(files[i], "changed");
			keyed(&b, "K", "x=1", "QEMU 7.2");
			CHECK(strcmp(b.key, base) != 0);
			put(files[i], "");
		}
	}
	keyed(&b, "K", "x=1", "QEMU 7.2");
	CHECK(strcmp(b.key, base) == 0); /* all back as they were */
	setenv("LIVE_SMP", "1", 1);
	keyed(&b, "K", "x=1", "QEMU 7.2");
	CHECK(strcmp(b.key, base) != 0);
	unsetenv("LIVE_SMP");
	/* a kernel that cannot be read: no key, and why */
	memset(&b, 0, sizeof(b));
	b.kver = "missing";
	b.image = "image.cpio";
	b.append = "";
	CHECK(cache_key(&b, "QEMU 7.2", err, sizeof(err)) == -1 &&
	      strstr(err, "cannot read") != NULL);
}

static void test_meta(void)
{
	static struct cache_snap v, w;
	char path[600];

	keyed(&v, "K", "x=1", "QEMU 7.2");
	v.ready[0] = strdup("READY request 3");
	v.ready[1] = strdup("READY reply 4");
	v.boot_log = strdup("[    0.0] boot\nLIVE_READY\n");
	v.boot_log_n = strlen(v.boot_log);
	CHECK(cache_save_meta(&v) == 0);
	keyed(&w, "K", "x=1", "QEMU 7.2");
	CHECK(cache_load_meta(&w) == 0);
	CHECK(w.ready[0] && strcmp(w.ready[0], "READY request 3") == 0);
	CHECK(w.ready[1] && strcmp(w.ready[1], "READY reply 4") == 0);
	CHECK(w.boot_log_n == v.boot_log_n && memcmp(w.boot_log, v.boot_log, v.boot_log_n) == 0);
	cache_path(&w, "qcow2", path, sizeof(path));
	CHECK(strcmp(path + strlen(path) - 6, ".qcow2") == 0 && strstr(path, w.key) != NULL);
	free(w.ready[0]);
	free(w.ready[1]);
	free(w.boot_log);
	/* an agent the saved lines do not name: the snapshot is refused */
	memset(w.ready, 0, sizeof(w.ready));
	w.boot_log = NULL;
	snprintf(w.agent[1], sizeof(w.agent[1]), "nvme");
	CHECK(cache_load_meta(&w) == -1);
	free(w.ready[0]);
	free(w.ready[1]);
	free(w.boot_log);
	free(v.ready[0]);
	free(v.ready[1]);
	free(v.boot_log);
}

static void test_evict(void)
{
	static struct cache_snap v;
	int kept = 0;

	keyed(&v, "K", "x=1", "QEMU 7.2");
	/* eight snapshots, snap-0 the oldest */
	for (int i = 0; i < 8; i++) {
		char p[64];
		struct timeval tv[2] = { { 1000000 + i, 0 }, { 1000000 + i, 0 } };

		snprintf(p, sizeof(p), "cache/snap-%d.qcow2", i);
		put(p, "q");
		CHECK(utimes(p, tv) == 0);
		snprintf(p, sizeof(p), "cache/snap-%d.ready", i);
		put(p, "r");
	}
	cache_evict(&v);
	for (int i = 0; i < 8; i++) {
		char p[64], r[64];

		snprintf(p, sizeof(p), "cache/snap-%d.qcow2", i);
		snprintf(r, sizeof(r), "cache/snap-%d.ready", i);
		kept += access(p, F_OK) == 0;
		/* the two oldest go, each with its READY lines */
		CHECK((access(p, F_OK) == 0) == (i >= 2));
		CHECK((access(r, F_OK) == 0) == (i >= 2));
	}
	CHECK(kept == 6);
}

int main(void)
{
	char dir[] = "/tmp/rdmaneg-snapshot-XXXXXX";

	if (!mkdtemp(dir) || chdir(dir) != 0) {
		printf("FAIL no scratch directory\n");
		return 1;
	}
	if (mkdir("build", 0755) || mkdir("build/live", 0755) || mkdir("build/live/cache", 0755) ||
	    mkdir("build/live/cache/kernel-K", 0755) ||
	    mkdir("build/live/cache/kernel-K/boot", 0755) || mkdir("live", 0755) ||
	    mkdir("live/guest", 0755) || mkdir("cache", 0755)) {
		printf("FAIL cannot make the scratch tree\n");
		return 1;
	}
	put("build/live/cache/kernel-K/boot/vmlinuz-K", "");
	put("build/live/cache/kernel-K/qemu-mem", "");
	put("build/live/cache/kernel-K/cmdline", "");
	put("image.cpio", "");
	put("live/guest/qemu.sh", "");
	mkdir("build/live/cache/kernel-L", 0755);
	mkdir("build/live/cache/kernel-L/boot", 0755);
	put("build/live/cache/kernel-L/boot/vmlinuz-L", "");
	unsetenv("LIVE_SMP");
	test_key();
	test_meta();
	test_evict();
	if (chdir("/") != 0 || nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS) != 0)
		printf("note: %s left behind\n", dir);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
