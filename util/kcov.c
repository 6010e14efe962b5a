// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* kcov: the kernel's KCOV for the calling thread (see kcov.h) */
#define _GNU_SOURCE
#include "util/kcov.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

/* include/uapi/linux/kcov.h */
#define KCOV_INIT_TRACE _IOR('c', 1, unsigned long)
#define KCOV_ENABLE _IO('c', 100)
#define KCOV_DISABLE _IO('c', 101)
#define KCOV_TRACE_PC 0

int rdmaneg_kcov_open(struct rdmaneg_kcov *k, size_t cap, char *err, size_t errcap)
{
	k->area = NULL;
	k->cap = cap;
	k->fd = open("/sys/kernel/debug/kcov", O_RDWR | O_CLOEXEC);
	if (k->fd < 0) {
		snprintf(err, errcap, "/sys/kernel/debug/kcov: %s (no KCOV in this kernel?)",
			 strerror(errno));
		return -1;
	}
	if (ioctl(k->fd, KCOV_INIT_TRACE, cap) != 0) {
		snprintf(err, errcap, "KCOV_INIT_TRACE: %s", strerror(errno));
		close(k->fd);
		return -1;
	}
	k->area = mmap(NULL, cap * sizeof(uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED, k->fd, 0);
	if (k->area == MAP_FAILED) {
		snprintf(err, errcap, "mmap of the KCOV buffer: %s", strerror(errno));
		k->area = NULL;
		close(k->fd);
		return -1;
	}
	return 0;
}

int rdmaneg_kcov_start(struct rdmaneg_kcov *k)
{
	__atomic_store_n(&k->area[0], 0, __ATOMIC_RELAXED);
	return ioctl(k->fd, KCOV_ENABLE, KCOV_TRACE_PC) == 0 ? 0 : -1;
}

size_t rdmaneg_kcov_stop(struct rdmaneg_kcov *k)
{
	uint64_t n = __atomic_load_n(&k->area[0], __ATOMIC_RELAXED);

	(void)ioctl(k->fd, KCOV_DISABLE, 0);
	return n < k->cap ? (size_t)n : k->cap - 1;
}

void rdmaneg_kcov_close(struct rdmaneg_kcov *k)
{
	if (k->area)
		munmap(k->area, k->cap * sizeof(uint64_t));
	if (k->fd >= 0)
		close(k->fd);
	k->area = NULL;
	k->fd = -1;
}

static int by_pc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int rdmaneg_kcov_fold(struct rdmaneg_kcov *k, struct rdmaneg_kcov_set *set)
{
	size_t n = rdmaneg_kcov_stop(k), u = 0;
	int rc = 0;

	if (set->n + n > set->cap) {
		size_t cap = (set->n + n) * 2 + 1024;
		uint64_t *more = realloc(set->pc, cap * sizeof(*more));

		if (more) {
			set->pc = more;
			set->cap = cap;
		} else {
			n = set->cap - set->n;
			rc = -1;
		}
	}
	memcpy(set->pc + set->n, k->area + 1, n * sizeof(uint64_t));
	set->n += n;
	qsort(set->pc, set->n, sizeof(*set->pc), by_pc);
	for (size_t i = 0; i < set->n; i++)
		if (i == 0 || set->pc[i] != set->pc[u - 1])
			set->pc[u++] = set->pc[i];
	set->n = u;
	if (rdmaneg_kcov_start(k) != 0)
		rc = -1;
	return rc;
}

struct sym {
	uint64_t addr;
	const char *name; /* into the caller's text, up to a space or newline */
	size_t len;
};

static int by_addr(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static bool wanted(const char *name, size_t len, const char *prefixes)
{
	for (const char *p = prefixes; *p;) {
		size_t n;

		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (n && n <= len && strncmp(name, p, n) == 0)
			return true;
		p += n;
	}
	return false;
}

size_t rdmaneg_kcov_functions(const char *kallsyms, size_t len, const uint64_t *pcs, size_t n,
			      const char *prefixes, char *out, size_t cap)
{
	struct sym *s = NULL;
	size_t ns = 0, room = 0, found = 0, o = 0;
	bool *seen;

	if (cap)
		out[0] = '\0';
	for (size_t i = 0; i < len;) {
		const char *line = kallsyms + i, *nl = memchr(line, '\n', len - i);
		size_t ll = nl ? (size_t)(nl - line) : len - i;
		char *end;
		uint64_t a = strtoull(line, &end, 16);

		i += ll + 1;
		/* "ADDR t name": text symbols only */
		if (end == line || (size_t)(end - line) + 3 > ll || end[0] != ' ' ||
		    (end[1] != 't' && end[1] != 'T') || end[2] != ' ')
			continue;
		if (ns == room) {
			struct sym *more = realloc(s, (room ? room * 2 : 4096) * sizeof(*s));

			if (!more)
				break;
			s = more;
			room = room ? room * 2 : 4096;
		}
		s[ns].addr = a;
		s[ns].name = end + 3;
		s[ns].len = strcspn(end + 3, " \t\n");
		if (s[ns].len > ll)
			s[ns].len = ll;
		ns++;
	}
	if (!ns) {
		free(s);
		return 0;
	}
	qsort(s, ns, sizeof(*s), by_addr);
	seen = calloc(ns, sizeof(*seen));
	for (size_t i = 0; seen && i < n; i++) {
		size_t lo = 0, hi = ns;

		if (pcs[i] < s[0].addr)
			continue;
		while (hi - lo > 1) { /* the last symbol at or below the PC */
			size_t mid = lo + (hi - lo) / 2;

			if (s[mid].addr <= pcs[i])
				lo = mid;
			else
				hi = mid;
		}
		seen[lo] = true;
	}
	for (size_t i = 0; seen && i < ns; i++) {
		int w;

		if (!seen[i] || !wanted(s[i].name, s[i].len, prefixes))
			continue;
		found++;
		w = snprintf(out + o, o < cap ? cap - o : 0, "%s%.*s", o ? " " : "", (int)s[i].len,
			     s[i].name);
		if (w > 0 && o + (size_t)w < cap)
			o += (size_t)w;
	}
	free(seen);
	free(s);
	return found;
}

void rdmaneg_kcov_report(FILE *f, const char *tag, const char *who,
			 const struct rdmaneg_kcov_set *set, const char *prefixes)
{
	size_t len = 0, cap = 1u << 16;
	char *text = malloc(cap), *out = malloc(1u << 16);
	FILE *ks = fopen("/proc/kallsyms", "r");
	uint64_t *all = NULL;
	size_t n;

	if (!text || !out || !ks) {
		free(text);
		free(out);
		if (ks)
			fclose(ks);
		return;
	}
	while (!feof(ks)) {
		if (len + 4096 > cap) {
			char *more = realloc(text, cap * 2);

			if (!more)
				break;
			text = more;
			cap *= 2;
		}
		len += fread(text + len, 1, cap - len - 1, ks);
	}
	fclose(ks);
	n = rdmaneg_kcov_functions(text, len, set->pc, set->n, prefixes, out, 1u << 16);
	fprintf(f, "%s %s %zu %s\n", tag, who, n, out);
	/* every function of the prefixes: one PC at each symbol's address */
	{
		size_t na = 0;

		for (size_t i = 0; i < len; i++)
			na += text[i] == '\n';
		all = calloc(na + 1, sizeof(*all));
		na = 0;
		for (size_t i = 0; all && i < len;) {
			const char *line = text + i, *nl = memchr(line, '\n', len - i);
			char *end;

			all[na] = strtoull(line, &end, 16);
			if (end != line)
				na++;
			i += (nl ? (size_t)(nl - line) : len - i) + 1;
		}
		n = all ? rdmaneg_kcov_functions(text, len, all, na, prefixes, out, 1u << 16) : 0;
		fprintf(f, "%s_SYMS %s %zu %s\n", tag, who, n, out);
	}
	fflush(f);
	free(all);
	free(text);
	free(out);
}
