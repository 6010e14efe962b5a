// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _XOPEN_SOURCE 700 /* nftw */
#include "tools/test-cache/key.h"

#include "util/file.h"

#include <errno.h>
#include <ftw.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a program larger than this is hashed as a plain file */
#define MAX_ELF ((size_t)1 << 30)

static uint64_t le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = n; i > 0; i--)
		v = v << 8 | p[i - 1];
	return v;
}

/* whether [off, off + n) lies inside an image of len octets */
static bool inside(uint64_t off, uint64_t n, size_t len)
{
	return off <= len && n <= len - off;
}

bool rdmaneg_key_elf(struct rdmaneg_sha256 *s, const uint8_t *elf, size_t len)
{
	static const uint8_t magic[] = { 0x7f, 'E', 'L', 'F', 2 /* 64-bit */, 1 /* LE */ };
	struct rdmaneg_sha256 t;
	uint64_t shoff, shentsize, shnum, shstrndx, stroff, strsize;
	const uint8_t *sh;

	if (len < 64 || memcmp(elf, magic, sizeof(magic)) != 0)
		return false;
	shoff = le(elf + 40, 8);
	shentsize = le(elf + 58, 2);
	shnum = le(elf + 60, 2);
	shstrndx = le(elf + 62, 2);
	/* extended numbering (shnum 0, shstrndx 0xffff) is not produced here */
	if (shentsize != 64 || shnum == 0 || shstrndx >= shnum || !inside(shoff, shnum * 64, len))
		return false;
	sh = elf + shoff + shstrndx * 64;
	stroff = le(sh + 24, 8);
	strsize = le(sh + 32, 8);
	if (!inside(stroff, strsize, len) || strsize == 0 || elf[stroff + strsize - 1] != '\0')
		return false;
	t = *s;
	for (uint64_t i = 0; i < shnum; i++) {
		const uint8_t *h = elf + shoff + i * 64;
		uint64_t name = le(h, 4), type = le(h + 4, 4), flags = le(h + 8, 8);
		uint64_t addr = le(h + 16, 8), off = le(h + 24, 8), size = le(h + 32, 8);
		const char *nm;

		if (name >= strsize)
			return false;
		nm = (const char *)elf + stroff + name;
		if (!(flags & 2u /* SHF_ALLOC */) || strcmp(nm, ".note.gnu.build-id") == 0)
			continue;
		rdmaneg_sha256_str(&t, nm);
		rdmaneg_sha256_u64(&t, addr);
		rdmaneg_sha256_u64(&t, size);
		if (type == 8 /* SHT_NOBITS */)
			continue;
		if (!inside(off, size, len))
			return false;
		rdmaneg_sha256_update(&t, elf + off, (size_t)size);
	}
	*s = t;
	return true;
}

static int fail(char *err, size_t errlen, const char *what, const char *path)
{
	snprintf(err, errlen, "%s %s: %s", what, path, strerror(errno));
	return -1;
}

static int file_input(struct rdmaneg_sha256 *s, const char *path, off_t size,
		      enum rdmaneg_key_kind *kind, char *err, size_t errlen)
{
	uint8_t head[4] = { 0 };
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return fail(err, errlen, "cannot open", path);
	n = fread(head, 1, sizeof(head), f);
	if (n == 4 && memcmp(head, "\177ELF", 4) == 0 && (size_t)size <= MAX_ELF) {
		size_t len;
		bool more;
		char *img;

		fclose(f);
		img = rdmaneg_read_file(path, MAX_ELF, &len, &more);
		if (!img)
			return fail(err, errlen, "cannot read", path);
		rdmaneg_sha256_str(s, "elf");
		if (rdmaneg_key_elf(s, (const uint8_t *)img, len)) {
			*kind = RDMANEG_KEY_ELF;
			free(img);
			return 0;
		}
		/* not one we can read by sections: all of it counts */
		rdmaneg_sha256_update(s, img, len);
		*kind = RDMANEG_KEY_FILE;
		free(img);
		return 0;
	}
	rdmaneg_sha256_str(s, "file");
	rdmaneg_sha256_update(s, head, n);
	for (;;) {
		uint8_t buf[65536];

		n = fread(buf, 1, sizeof(buf), f);
		rdmaneg_sha256_update(s, buf, n);
		if (n < sizeof(buf))
			break;
	}
	if (ferror(f)) {
		fclose(f);
		return fail(err, errlen, "cannot read", path);
	}
	fclose(f);
	*kind = RDMANEG_KEY_FILE;
	return 0;
}

/* one entry under a folder (nftw's walk, gathered, then sorted) */
struct entry {
	char *path;
};

static struct {
	struct entry *e;
	size_t n, cap;
	bool oom;
} walk;

static int gather(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	if (ftw->level == 0)
		return 0;
	if (walk.n == walk.cap) {
		size_t cap = walk.cap ? 2 * walk.cap : 256;
		struct entry *ne = realloc(walk.e, cap * sizeof(*ne));

		if (!ne) {
			walk.oom = true;
			return 1;
		}
		walk.e = ne;
		walk.cap = cap;
	}
	walk.e[walk.n].path = strdup(path);
	if (!walk.e[walk.n].path) {
		walk.oom = true;
		return 1;
	}
	walk.n++;
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->path, ((const struct entry *)b)->path);
}

static int leaf_input(struct rdmaneg_sha256 *s, const char *path, enum rdmaneg_key_kind *kind,
		      char *err, size_t errlen);

/* a folder: every path under it, in name order, and what each is */
static int dir_input(struct rdmaneg_sha256 *s, const char *path, char *err, size_t errlen)
{
	size_t root = strlen(path);
	int rc = 0;

	walk.n = 0;
	walk.oom = false;
	if (nftw(path, gather, 32, FTW_PHYS) != 0 || walk.oom)
		rc = fail(err, errlen, walk.oom ? "out of memory listing" : "cannot list", path);
	if (rc == 0 && walk.n > 1)
		qsort(walk.e, walk.n, sizeof(*walk.e), by_path);
	rdmaneg_sha256_str(s, "dir");
	for (size_t i = 0; i < walk.n && rc == 0; i++) {
		enum rdmaneg_key_kind k;

		rdmaneg_sha256_str(s, walk.e[i].path + root);
		rc = leaf_input(s, walk.e[i].path, &k, err, errlen);
	}
	for (size_t i = 0; i < walk.n; i++)
		free(walk.e[i].path);
	walk.n = 0;
	return rc;
}

/* one path that is not followed into: a file, a link, a folder's name */
static int leaf_input(struct rdmaneg_sha256 *s, const char *path, enum rdmaneg_key_kind *kind,
		      char *err, size_t errlen)
{
	struct stat st;

	if (lstat(path, &st) != 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			return fail(err, errlen, "cannot look at", path);
		rdmaneg_sha256_str(s, "absent");
		*kind = RDMANEG_KEY_ABSENT;
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		char to[4096];
		ssize_t n = readlink(path, to, sizeof(to) - 1);

		if (n < 0)
			return fail(err, errlen, "cannot read the link", path);
		to[n] = '\0';
		rdmaneg_sha256_str(s, "link");
		rdmaneg_sha256_str(s, to);
		*kind = RDMANEG_KEY_FILE;
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		rdmaneg_sha256_str(s, "subdir"); /* its entries follow, by their paths */
		*kind = RDMANEG_KEY_DIR;
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		/* a socket or a fifo: its name and type */
		rdmaneg_sha256_str(s, "special");
		rdmaneg_sha256_u64(s, (uint64_t)st.st_mode);
		*kind = RDMANEG_KEY_FILE;
		return 0;
	}
	/* the executable bit decides whether a script runs */
	rdmaneg_sha256_u64(s, (uint64_t)(st.st_mode & 0111));
	return file_input(s, path, st.st_size, kind, err, errlen);
}

static int path_input(struct rdmaneg_sha256 *s, const char *path, enum rdmaneg_key_kind *kind,
		      char *err, size_t errlen)
{
	struct stat st;

	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		*kind = RDMANEG_KEY_DIR;
		return dir_input(s, path, err, errlen);
	}
	return leaf_input(s, path, kind, err, errlen);
}

int rdmaneg_key_input(struct rdmaneg_sha256 *s, const char *input, enum rdmaneg_key_kind *kind,
		      char *err, size_t errlen)
{
	glob_t g;
	int rc = 0;

	rdmaneg_sha256_str(s, input);
	if (strpbrk(input, "*?[") == NULL)
		return path_input(s, input, kind, err, errlen);
	switch (glob(input, 0, NULL, &g)) {
	case 0:
		break;
	case GLOB_NOMATCH:
		rdmaneg_sha256_str(s, "nomatch");
		*kind = RDMANEG_KEY_ABSENT;
		return 0;
	default:
		snprintf(err, errlen, "cannot expand %s", input);
		return -1;
	}
	for (size_t i = 0; i < g.gl_pathc && rc == 0; i++) {
		enum rdmaneg_key_kind k = RDMANEG_KEY_ABSENT;

		rdmaneg_sha256_str(s, g.gl_pathv[i]);
		rc = path_input(s, g.gl_pathv[i], &k, err, errlen);
		if (i == 0)
			*kind = k;
	}
	globfree(&g);
	return rc;
}

bool rdmaneg_key_env_counts(const char *name)
{
	/* the toolchain, and what CI changes */
	static const char *const exact[] = { "PATH",	"CC",  "CLANG", "CXX",	  "CFLAGS",
					     "LDFLAGS", "OPT", "CI",	"AFL_CC", "B" };
	/* the settings the project's own scripts and programs read */
	static const char *const prefix[] = { "RDMANEG_", "PROPS_", "SWEEP_", "MUTANTS_",
					      "OSSFUZZ_", "LINT_",  "PROOF_", "FUZZ_",
					      "LIVE_",	  "ASAN_",  "UBSAN_", "MSAN_" };
	size_t n = strcspn(name, "=");

	for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		if (strlen(exact[i]) == n && strncmp(name, exact[i], n) == 0)
			return true;
	for (size_t i = 0; i < sizeof(prefix) / sizeof(prefix[0]); i++) {
		size_t p = strlen(prefix[i]);

		if (n > p && strncmp(name, prefix[i], p) == 0)
			return true;
	}
	return false;
}

static int by_var(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void rdmaneg_key_env(struct rdmaneg_sha256 *s, char *const *env)
{
	const char *pick[512] = { NULL };
	size_t n = 0;

	for (size_t i = 0; env[i] && n < sizeof(pick) / sizeof(pick[0]); i++)
		if (rdmaneg_key_env_counts(env[i]))
			pick[n++] = env[i];
	qsort(pick, n, sizeof(pick[0]), by_var);
	rdmaneg_sha256_str(s, "env");
	for (size_t i = 0; i < n; i++)
		rdmaneg_sha256_str(s, pick[i]);
}
