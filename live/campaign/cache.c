// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* cache: the snapshots a campaign keeps (see cache.h) */
#define _GNU_SOURCE
#include "live/campaign/cache.h"

#include "util/file.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the snapshot's key: FNV-1a over everything the saved VM depends on */
static void fnv(uint64_t *h, const void *p, size_t n)
{
	const uint8_t *b = p;

	for (size_t i = 0; i < n; i++)
		*h = (*h ^ b[i]) * 0x100000001b3ull;
}

static int fnv_file(uint64_t *h, const char *path, bool must)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint8_t buf[65536];
	ssize_t r;

	fnv(h, path, strlen(path) + 1);
	if (fd < 0)
		return must ? -1 : 0;
	while ((r = read(fd, buf, sizeof(buf))) > 0)
		fnv(h, buf, (size_t)r);
	close(fd);
	return r < 0 ? -1 : 0;
}

int cache_key(struct cache_snap *s, const char *qemu_version, char *err, size_t cap)
{
	uint64_t h = 0xcbf29ce484222325ull;
	char path[512];
	const char *smp;

	fnv(&h, "rdmaneg-snapshot-1", 18);
	fnv(&h, s->kver, strlen(s->kver) + 1);
	fnv(&h, s->append, strlen(s->append) + 1);
	for (size_t i = 0; i < s->nagents; i++)
		fnv(&h, s->agent[i], strlen(s->agent[i]) + 1);
	/* a snapshot restores only into a machine of the same vCPUs: LIVE_SMP
	 * as given (qemu.sh owns its default; unset and its default value
	 * only keep two snapshots of the same machine) */
	smp = getenv("LIVE_SMP");
	fnv(&h, smp ? smp : "", (smp ? strlen(smp) : 0) + 1);
	fnv(&h, qemu_version, strlen(qemu_version));
	snprintf(path, sizeof(path), "build/live/cache/kernel-%s/boot/vmlinuz-%s", s->kver,
		 s->kver);
	if (fnv_file(&h, path, true) != 0 || fnv_file(&h, s->image, true) != 0 ||
	    fnv_file(&h, "live/guest/qemu.sh", true) != 0) {
		snprintf(err, cap, "cannot read the kernel, %s or live/guest/qemu.sh", s->image);
		return -1;
	}
	snprintf(path, sizeof(path), "build/live/cache/kernel-%s/qemu-mem", s->kver);
	(void)fnv_file(&h, path, false);
	snprintf(path, sizeof(path), "build/live/cache/kernel-%s/cmdline", s->kver);
	(void)fnv_file(&h, path, false);
	snprintf(s->key, sizeof(s->key), "%016llx", (unsigned long long)h);
	return 0;
}

int cache_copy(const char *from, const char *to)
{
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1;
	char tmp[600];
	ssize_t r = 0;
	int rc = -1;

	if (in < 0 || (size_t)snprintf(tmp, sizeof(tmp), "%s.part", to) >= sizeof(tmp))
		goto done;
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0)
		goto done;
	while ((r = copy_file_range(in, NULL, out, NULL, 1 << 30, 0)) > 0)
		;
	if (r < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL)) {
		char buf[1 << 16];

		if (lseek(in, 0, SEEK_SET) != 0 || ftruncate(out, 0) != 0 ||
		    lseek(out, 0, SEEK_SET) != 0)
			goto done;
		while ((r = read(in, buf, sizeof(buf))) > 0)
			if (write(out, buf, (size_t)r) != r) {
				r = -1;
				break;
			}
	}
	if (r == 0 && close(out) == 0 && rename(tmp, to) == 0)
		rc = 0;
	out = -1;
done:
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (rc != 0)
		unlink(tmp);
	return rc;
}

static int write_file(const char *path, const char *data, size_t n)
{
	char tmp[600];
	FILE *f;
	int rc;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.part", path) >= sizeof(tmp))
		return -1;
	f = fopen(tmp, "w");
	if (!f)
		return -1;
	rc = fwrite(data, 1, n, f) == n ? 0 : -1;
	if (fclose(f) != 0 || rc != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

void cache_path(const struct cache_snap *s, const char *ext, char *out, size_t cap)
{
	snprintf(out, cap, "%s/snap-%s.%s", s->dir, s->key, ext);
}

/* The READY lines and the boot console, as the cache keeps them. */
int cache_load_meta(struct cache_snap *s)
{
	char path[600], *text, *rest = NULL;
	size_t n = 0;
	bool more = false;
	size_t got = 0;

	cache_path(s, "ready", path, sizeof(path));
	text = rdmaneg_read_file(path, 1u << 24, &n, &more);
	if (!text || more) {
		free(text);
		return -1;
	}
	for (char *l = strtok_r(text, "\n", &rest); l; l = strtok_r(NULL, "\n", &rest)) {
		char *tab = strchr(l, '\t');

		for (size_t i = 0; tab && i < s->nagents; i++)
			if ((size_t)(tab - l) == strlen(s->agent[i]) &&
			    strncmp(l, s->agent[i], (size_t)(tab - l)) == 0) {
				free(s->ready[i]);
				s->ready[i] = strdup(tab + 1);
				got++;
			}
	}
	free(text);
	cache_path(s, "console", path, sizeof(path));
	free(s->boot_log);
	s->boot_log = rdmaneg_read_file(path, 1u << 26, &s->boot_log_n, &more);
	return got == s->nagents && s->boot_log ? 0 : -1;
}

int cache_save_meta(struct cache_snap *s)
{
	char path[600];
	size_t n = 0, cap = 0;
	char *text = NULL;
	FILE *f = open_memstream(&text, &cap);
	int rc;

	if (!f)
		return -1;
	for (size_t i = 0; i < s->nagents; i++)
		fprintf(f, "%s\t%s\n", s->agent[i], s->ready[i]);
	fclose(f);
	n = strlen(text);
	cache_path(s, "ready", path, sizeof(path));
	rc = write_file(path, text, n);
	free(text);
	cache_path(s, "console", path, sizeof(path));
	return rc || write_file(path, s->boot_log, s->boot_log_n);
}

/* Keeps the cache to its VM_KEEP newest snapshots. */
#define VM_KEEP 6
static int newer_first(const void *a, const void *b)
{
	struct stat sa, sb;
	const char *pa = *(const char *const *)a, *pb = *(const char *const *)b;

	if (stat(pa, &sa) != 0 || stat(pb, &sb) != 0)
		return 0;
	return sa.st_mtime < sb.st_mtime ? 1 : sa.st_mtime > sb.st_mtime ? -1 : 0;
}

void cache_evict(struct cache_snap *s)
{
	char pat[600];
	glob_t g;

	snprintf(pat, sizeof(pat), "%s/snap-*.qcow2", s->dir);
	if (glob(pat, 0, NULL, &g) != 0)
		return;
	qsort(g.gl_pathv, g.gl_pathc, sizeof(g.gl_pathv[0]), newer_first);
	for (size_t i = VM_KEEP; i < g.gl_pathc; i++) {
		size_t n = strlen(g.gl_pathv[i]) - strlen(".qcow2");
		char other[600];

		unlink(g.gl_pathv[i]);
		snprintf(other, sizeof(other), "%.*s.ready", (int)n, g.gl_pathv[i]);
		unlink(other);
		snprintf(other, sizeof(other), "%.*s.console", (int)n, g.gl_pathv[i]);
		unlink(other);
	}
	globfree(&g);
}
