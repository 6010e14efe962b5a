// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-layout: does docs/layout.md name every file of the tree
 * (tools/layout/layout.h says what names one)? The verb is in the table at
 * the end, which help lists.
 * Exit status: 0 every path named, 1 a path unnamed or the page
 * unreadable, 2 usage.
 */
#include "tools/layout/layout.h"
#include "util/file.h"
#include "util/verb.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PROG "rdmaneg-layout"
#define PAGE_MAX (1u << 20)

/* unnamed PAGE: the paths on stdin, one a line, that PAGE does not name */
static int unnamed(int argc, char **argv)
{
	size_t len, n = 0, unnamed_n = 0;
	bool more;
	char line[4096];
	char *page = rdmaneg_read_file(argv[1], PAGE_MAX, &len, &more);

	(void)argc;
	if (!page) {
		fprintf(stderr, PROG ": cannot read %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (more || strlen(page) != len) {
		fprintf(stderr, PROG ": %s is over %u octets or holds a NUL\n", argv[1], PAGE_MAX);
		free(page);
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		size_t l = strlen(line);

		if (l > 0 && line[l - 1] == '\n')
			line[--l] = '\0';
		else if (!feof(stdin)) {
			fprintf(stderr, PROG ": a path on stdin is over %zu octets\n",
				sizeof(line) - 2);
			free(page);
			return 2;
		}
		if (l == 0)
			continue;
		n++;
		if (!rdmaneg_layout_names(page, line)) {
			printf("%s\n", line);
			unnamed_n++;
		}
	}
	free(page);
	fprintf(stderr, PROG ": %zu of %zu paths not named by %s\n", unnamed_n, n, argv[1]);
	return unnamed_n ? 1 : 0;
}

static const struct rdmaneg_verb verbs[] = {
	{ "unnamed", "PAGE", "print each path on stdin (one a line) that PAGE does not name",
	  unnamed, 1, 1 },
};

int main(int argc, char **argv)
{
	return rdmaneg_verb_dispatch(
		PROG,
		"Exit status: 0 every path named, 1 a path unnamed or PAGE unreadable, 2 usage.",
		verbs, sizeof(verbs) / sizeof(verbs[0]), argc, argv);
}
