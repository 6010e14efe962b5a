// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of tools/layout/layout.c: which paths a layout page names,
 * and which it does not (each rule with a path one step outside it). */
#include "tests/check.h"
#include "tools/layout/layout.h"

static const char page[] = "# Layout\n"
			   "\n"
			   "| path | what |\n"
			   "|---|---|\n"
			   "| `src/` | the core; `MODULE.{c,h}` below |\n"
			   "| `src/mpa.{c,h}` | the codec |\n"
			   "| `live/mpa/` | `run.sh`, `cases.c` and `pcap.{c,h}` |\n"
			   "| `live/guest/` | `kernel-<KVER>.config` |\n"
			   "| `corpus/<target>/` | seeds |\n"
			   "| `tools/*.sh` | `fuzz.sh` |\n"
			   "| `tools/triage.sh`, `tools/triage/` | `main.c` |\n"
			   "| `docs/` | one topic a page |\n"
			   "| `mail/` | `<KVER>/<NAME>/` |\n"
			   "\n"
			   "Build outputs go to `build/`; `README.md` says what it is.\n";

static void test_named(void)
{
	CHECK(rdmaneg_layout_names(page, "src/mpa.c"));
	CHECK(rdmaneg_layout_names(page, "src/mpa.h"));
	CHECK(rdmaneg_layout_names(page, "live/mpa/run.sh"));
	CHECK(rdmaneg_layout_names(page, "live/mpa/pcap.h"));
	CHECK(rdmaneg_layout_names(page, "live/guest/kernel-6.12.config"));
	CHECK(rdmaneg_layout_names(page, "corpus/mpa_frame/seed-1"));
	CHECK(rdmaneg_layout_names(page, "corpus/regress/mpa_frame/crash-1"));
	CHECK(rdmaneg_layout_names(page, "tools/fuzz.sh"));
	CHECK(rdmaneg_layout_names(page, "tools/triage/main.c"));
	CHECK(rdmaneg_layout_names(page, "README.md"));
	CHECK(rdmaneg_layout_names(page, "mail/6.1/cifs/0000-cover-letter.patch"));
}

static void test_unnamed(void)
{
	/* a module's source the page does not name, though its folder is */
	CHECK(!rdmaneg_layout_names(page, "src/roce.c"));
	/* a name of one row is not a name in another row's folder */
	CHECK(!rdmaneg_layout_names(page, "live/guest/run.sh"));
	CHECK(!rdmaneg_layout_names(page, "live/mpa/kernel-6.1.config"));
	/* a folder without a placeholder does not name what is below it */
	CHECK(!rdmaneg_layout_names(page, "docs/fuzzing.md"));
	CHECK(!rdmaneg_layout_names(page, "build/plain/rdmaneg"));
	/* a placeholder stands for one name, not for a path */
	CHECK(!rdmaneg_layout_names(page, "live/guest/kernel-6.1/x.config"));
	/* '*' in a span does not cross '/' */
	CHECK(!rdmaneg_layout_names(page, "tools/cli/x.sh"));
	/* a span that starts with a placeholder is read below its row's
	 * folders only */
	CHECK(!rdmaneg_layout_names(page, "tests/triage/console.log"));
	CHECK(!rdmaneg_layout_names(page, "mail/6.1/x"));
	/* a span is a path, not a part of one */
	CHECK(!rdmaneg_layout_names(page, "src/mpa.c.orig"));
	CHECK(!rdmaneg_layout_names(page, "x/README.md"));
	/* the row's first cell names its folders only there */
	CHECK(!rdmaneg_layout_names("| a | `src/` `x.c` |\n", "src/x.c"));
	CHECK(!rdmaneg_layout_names("", "src/x.c"));
}

static void test_edges(void)
{
	/* an unclosed span, a brace with no end, an empty span: no match, no
	 * read past the end */
	CHECK(!rdmaneg_layout_names("| `src/` | `x.c\n", "src/x.c"));
	CHECK(!rdmaneg_layout_names("`src/x.{c,h`\n", "src/x.c"));
	CHECK(!rdmaneg_layout_names("`` ``\n", ""));
	CHECK(rdmaneg_layout_names("`a/{b,c,d}.c`", "a/d.c"));
	CHECK(!rdmaneg_layout_names("`a/[x].c`", "a/x.c"));
	CHECK(rdmaneg_layout_names("`a/[x].c`", "a/[x].c"));
}

int main(void)
{
	test_named();
	test_unnamed();
	test_edges();
	printf("layout-unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
