// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "tools/test-cache/audit.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

/* the text between the first '"' after p and its closing '"' (strace
 * escapes '"' and '\' inside), unescaped into out */
static bool quoted(const char *p, char *out, size_t cap)
{
	size_t n = 0;

	p = strchr(p, '"');
	if (!p)
		return false;
	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1])
			p++;
		if (n + 1 >= cap)
			return false;
		out[n++] = *p;
	}
	out[n] = '\0';
	return *p == '"';
}

/* the path strace -y decodes after "= N<" at the end of the line */
static bool result_path(const char *line, char *out, size_t cap)
{
	const char *eq = strstr(line, ") = ");
	const char *lt, *gt;
	size_t n;

	if (!eq)
		return false;
	eq += 4;
	if (*eq < '0' || *eq > '9')
		return false; /* -1: it failed */
	lt = strchr(eq, '<');
	gt = lt ? strrchr(lt, '>') : NULL;
	if (!lt || !gt || gt <= lt + 1)
		return false;
	n = (size_t)(gt - lt - 1);
	if (n >= cap)
		return false;
	memcpy(out, lt + 1, n);
	out[n] = '\0';
	return true;
}

bool rdmaneg_audit_line(const char *line, struct rdmaneg_access *a)
{
	const char *call;

	/* "[pid] call(...": with -ff each file has one pid and no prefix */
	line += strspn(line, "0123456789 ");
	call = line;
	if (strncmp(call, "execve(", 7) == 0) {
		const char *eq = strstr(call, ") = ");

		if (!eq || strncmp(eq + 4, "0", 1) != 0 || !quoted(call, a->path, sizeof(a->path)))
			return false;
		a->kind = RDMANEG_ACCESS_EXEC;
		return true;
	}
	if (strncmp(call, "openat(", 7) != 0 && strncmp(call, "open(", 5) != 0 &&
	    strncmp(call, "openat2(", 8) != 0 && strncmp(call, "creat(", 6) != 0)
		return false;
	if (!result_path(call, a->path, sizeof(a->path)))
		return false;
	if (strncmp(call, "creat(", 6) == 0 || strstr(call, "O_WRONLY") || strstr(call, "O_RDWR") ||
	    strstr(call, "O_CREAT") || strstr(call, "O_TRUNC"))
		a->kind = RDMANEG_ACCESS_WRITE;
	else if (strstr(call, "O_DIRECTORY"))
		a->kind = RDMANEG_ACCESS_LIST;
	else
		a->kind = RDMANEG_ACCESS_READ;
	return true;
}

const char *rdmaneg_audit_relative(const char *abs, const char *root)
{
	size_t n = strlen(root);

	if (strcmp(abs, root) == 0)
		return ".";
	if (strncmp(abs, root, n) != 0 || abs[n] != '/')
		return NULL;
	return abs + n + 1;
}

/* whether rel is pre itself or lies under it */
static bool under(const char *rel, const char *pre, size_t n)
{
	return strncmp(rel, pre, n) == 0 && (rel[n] == '\0' || rel[n] == '/');
}

bool rdmaneg_audit_covered(const char *rel, const char *const *inputs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *in = inputs[i];
		size_t len = strlen(in);

		while (len > 1 && in[len - 1] == '/')
			len--;
		if (strpbrk(in, "*?[") == NULL) {
			if (under(rel, in, len))
				return true;
			continue;
		}
		/* a glob: rel itself, or a folder above rel, matches it */
		{
			char head[4096];

			snprintf(head, sizeof(head), "%s", rel);
			for (;;) {
				char *slash;

				if (fnmatch(in, head, FNM_PATHNAME) == 0)
					return true;
				slash = strrchr(head, '/');
				if (!slash)
					break;
				*slash = '\0';
			}
		}
	}
	return false;
}

bool rdmaneg_audit_ignored(const char *rel)
{
	return strcmp(rel, ".") == 0 || under(rel, ".git", 4);
}
