// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of the clause registry's extractor (tools/clauses/clauses.c):
 * headings, page lines, paragraphs joined, sentences split, key words and
 * their levels, the Requirements Language boilerplate left out, layouts
 * and their fields, section filters' numbers, and citations found in
 * text; and the compliance model (compliance.c): citations tallied by
 * kind, unknown ids counted, make test's and a campaign's results turned
 * into verdicts. Prints "N passed, N failed".
 */
#include "tools/clauses/clauses.h"
#include "tools/clauses/compliance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"

static struct rdmaneg_clause c[64];

/* a reflowed RFC (one paragraph a line, as spec/rfc8797.txt) */
static const char rfc[] =
	"Request for Comments: 9999\n"
	"\n"
	"Table of Contents\n"
	"\n"
	"   1.  Introduction\n"
	"   2.  Requirements Language\n"
	"\n"
	"1. Introduction\n"
	"\n"
	"1. Setting up a transfer can be costly. It MAY be cheaper, e.g. with Sends.\n"
	"\n"
	"2. Requirements Language\n"
	"\n"
	"The key words \"MUST\", \"MUST NOT\" and \"MAY\" in this document are to be "
	"interpreted as described in BCP 14 [RFC2119].\n"
	"\n"
	"4. Format\n"
	"\n"
	"     0                   1\n"
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
	"    |    Version    |  Res  |R|\n"
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
	"\n"
	"Version: This 8-bit field holds the version. Senders MUST set it to 1.\n"
	"\n"
	"Res: Senders MUST NOT set it. Receivers SHOULD NOT check it, and it is NOT "
	"RECOMMENDED to log it. It is OPTIONAL to read Sec. 4.1. A peer SHALL close.\n"
	"\n"
	"4.1.  Using R\n"
	"\n"
	"A reply is REQUIRED. The value 1. Then the peer SHOULD go on? It must, in lower case.\n";

/* a paginated draft: indented paragraphs, page footers and headers */
static const char draft[] =
	"3.1.  Inline Threshold\n"
	"\n"
	"   The sender MUST\n"
	"   round the size up.\n"
	"\n"
	"Lever                     Expires May 10, 2019                 [Page 4]\n"
	"\f\n"
	"Internet-Draft        RPC-over-RDMA CM Private Data        November 2018\n"
	"\n"
	"   A receiver MAY ignore it.\n"
	"\n"
	"7.1.1  MPA Frame\n"
	"\n"
	"   Keys MUST match.\n";

static void test_extract(void)
{
	size_t n = rdmaneg_clauses_extract("rfc9999", rfc, sizeof(rfc) - 1, c, 64);

	CHECK(n == 11);
	/* the numbered list item is a paragraph of section 1, not a heading;
	 * "e.g." ends no sentence */
	CHECK(strcmp(c[0].id, "rfc9999#1-1") == 0 && c[0].level == RDMANEG_LEVEL_MAY &&
	      strcmp(c[0].text, "It MAY be cheaper, e.g. with Sends.") == 0);
	/* section 2's boilerplate requires nothing; the layout and its field */
	CHECK(strcmp(c[1].id, "rfc9999#4-1") == 0 && c[1].level == RDMANEG_LEVEL_LAYOUT &&
	      strcmp(c[1].text, "Layout: Version | Res | R") == 0);
	CHECK(strcmp(c[2].id, "rfc9999#4-2") == 0 && c[2].level == RDMANEG_LEVEL_LAYOUT &&
	      strcmp(c[2].text, "Field Version: This 8-bit field holds the version.") == 0);
	CHECK(c[3].level == RDMANEG_LEVEL_MUST &&
	      strcmp(c[3].text, "Senders MUST set it to 1.") == 0);
	/* Res: a field too; MUST NOT, SHOULD NOT, NOT RECOMMENDED, OPTIONAL,
	 * SHALL, each its own sentence ("Sec." ends none) */
	CHECK(c[4].level == RDMANEG_LEVEL_LAYOUT && strcmp(c[4].id, "rfc9999#4-4") == 0);
	CHECK(c[5].level == RDMANEG_LEVEL_MUST_NOT);
	CHECK(c[6].level == RDMANEG_LEVEL_SHOULD_NOT &&
	      strstr(c[6].text, "NOT RECOMMENDED to log it.") != NULL);
	CHECK(c[7].level == RDMANEG_LEVEL_MAY &&
	      strcmp(c[7].text, "It is OPTIONAL to read Sec. 4.1.") == 0);
	CHECK(c[8].level == RDMANEG_LEVEL_MUST && strcmp(c[8].text, "A peer SHALL close.") == 0);
	/* 4.1: REQUIRED is MUST; a number ends a sentence; lower case is no
	 * key word */
	CHECK(strcmp(c[9].id, "rfc9999#4.1-1") == 0 && c[9].level == RDMANEG_LEVEL_MUST &&
	      strcmp(c[9].section, "4.1") == 0);
	CHECK(strcmp(c[10].text, "Then the peer SHOULD go on?") == 0 &&
	      c[10].level == RDMANEG_LEVEL_SHOULD);
	/* past cap: counted, not stored */
	CHECK(rdmaneg_clauses_extract("rfc9999", rfc, sizeof(rfc) - 1, c, 2) == 11 &&
	      strcmp(c[1].id, "rfc9999#4-1") == 0);
}

static void test_draft(void)
{
	char secs[8][24];
	size_t n = rdmaneg_clauses_extract("x", draft, sizeof(draft) - 1, c, 64);

	/* lines joined across the paragraph; the page's footer and header
	 * dropped; "7.1.1  Title" (no final dot) is a heading */
	CHECK(n == 3 && strcmp(c[0].text, "The sender MUST round the size up.") == 0);
	CHECK(strcmp(c[1].id, "x#3.1-2") == 0 &&
	      strcmp(c[1].text, "A receiver MAY ignore it.") == 0);
	CHECK(strcmp(c[2].id, "x#7.1.1-1") == 0);
	CHECK(rdmaneg_clause_sections(draft, sizeof(draft) - 1, secs, 8) == 2 &&
	      strcmp(secs[0], "3.1") == 0 && strcmp(secs[1], "7.1.1") == 0);
}

static void test_doc(void)
{
	char d[RDMANEG_CLAUSE_DOC];

	CHECK(rdmaneg_clause_doc("spec/rfc8797.txt", d, sizeof(d)) && strcmp(d, "rfc8797") == 0);
	CHECK(rdmaneg_clause_doc("spec/draft-ietf-nfsv4-rpcrdma-cm-pvt-data-01.txt", d,
				 sizeof(d)) &&
	      strcmp(d, "rpcrdma-cm-pvt-data-01") == 0);
	CHECK(!rdmaneg_clause_doc("spec/.txt", d, sizeof(d)) &&
	      !rdmaneg_clause_doc("abcdef", d, 4));
	CHECK(rdmaneg_clause_level_of("MUST NOT") == RDMANEG_LEVEL_MUST_NOT &&
	      rdmaneg_clause_level_of("must") == -1 &&
	      strcmp(rdmaneg_clause_level_name(RDMANEG_LEVEL_LAYOUT), "LAYOUT") == 0);
	CHECK(rdmaneg_clause_fnv("a", 1) != rdmaneg_clause_fnv("b", 1) &&
	      rdmaneg_clause_fnv("", 0) == 0xcbf29ce484222325ull);
}

static char seen[8][RDMANEG_CLAUSE_ID];
static size_t seen_line[8], nseen;

static void cite(void *ctx, const char *id, size_t line)
{
	(void)ctx;
	if (nseen < 8) {
		snprintf(seen[nseen], sizeof(seen[0]), "%s", id);
		seen_line[nseen++] = line;
	}
}

static void test_cites(void)
{
	static const char src[] =
		"/* [rfc8797#5.2-1] and [rfc6581#9.1] */\n"
		"x[3] [RFC8797#4] [rfc8797#] [rfc8797#.1] [rfc8797#4-] [a#B.1-22]\n"
		"[rpcrdma-cm-pvt-data-01#5.1-3][rfc8797#4.2. ][nvme-rdma#fig5-2]";

	CHECK(rdmaneg_clause_cites(src, sizeof(src) - 1, cite, NULL) == 5);
	CHECK(nseen == 5 && strcmp(seen[0], "rfc8797#5.2-1") == 0 && seen_line[0] == 1);
	CHECK(strcmp(seen[1], "rfc6581#9.1") == 0 && strcmp(seen[2], "a#B.1-22") == 0 &&
	      seen_line[2] == 2);
	CHECK(strcmp(seen[3], "rpcrdma-cm-pvt-data-01#5.1-3") == 0 && seen_line[3] == 3);
	CHECK(strcmp(seen[4], "nvme-rdma#fig5-2") == 0);
}

/* compliance.c on a registry of four clauses */
static void test_compliance(void)
{
	static struct rdmaneg_comp cp;
	static char reg[] = "# sections x 9.1 9.2\n"
			    "x#9.1-1\tMUST\t9.1\tThe responder MUST do A.\n"
			    "x#9.1-2\tSHOULD\t9.1\tIt SHOULD do B.\n"
			    "x#9.2-1\tMUST NOT\t9.2\tIt MUST NOT do C.\n"
			    "x#9.2-2\tMAY\t9.2\tIt MAY do D.\n";
	static char unt[] = "# why\nx#9.2-1\tSCTP only.\n", bad_unt[] = "x#9.9-9\tno such\n";
	static const char src[] = "/* [x#9.1-1] [x#9.1] [x#9.3] [y#1-1] */";
	static const char times_ok[] = "{\"version\":1,\"passed\":10,\"failed\":0}",
			  times_bad[] = "{\"passed\":9,\"failed\":1}";
	static const char jsonl[] =
		"{\"agent\":\"request\",\"case\":\"a-1\",\"verdict\":\"conforms\",\"clause\":\"-\","
		"\"tests\":\"x#9.1-1\"}\n"
		"{\"agent\":\"reply\",\"case\":\"b-2\",\"verdict\":\"diverges\",\"clause\":"
		"\"x#9.1-1\",\"tests\":\"x#9.1-1\"}\n"
		"{\"agent\":\"reply\",\"case\":\"c-3\",\"verdict\":\"conforms\",\"tests\":\"x#9.1-1\"}\n"
		"{\"agent\":\"request\",\"case\":\"d-4\",\"verdict\":\"conforms\",\"clause\":\"-\","
		"\"tests\":\"x#9.1-2\",\"splat\":\"kernel BUG in cm_work_handler\"}\n"
		"not json\n";
	char err[200], *html = NULL;
	size_t hn = 0;
	FILE *f;

	CHECK(rdmaneg_comp_load(&cp, reg, err, sizeof(err)) == 0 && cp.n == 4);
	CHECK(rdmaneg_comp_untestable(&cp, bad_unt, err, sizeof(err)) == -1);
	CHECK(rdmaneg_comp_untestable(&cp, unt, err, sizeof(err)) == 0 &&
	      strcmp(cp.row[2].untestable, "SCTP only.") == 0);
	/* x#9.1 is a section: no clause, no error; x#9.3 and y#1-1 are none */
	rdmaneg_comp_cite(&cp, "tests/unit.c", src, sizeof(src) - 1, NULL);
	rdmaneg_comp_cite(&cp, "include/rdmaneg/mpa.h", src, sizeof(src) - 1, NULL);
	rdmaneg_comp_cite(&cp, "rules/rules.c", src, sizeof(src) - 1, NULL);
	CHECK(cp.unknown == 6 && cp.row[0].cites[2] == 1 && cp.row[0].cites[1] == 1 &&
	      cp.row[0].cites[5] == 1 && strcmp(cp.row[0].first, "tests/unit.c:1") == 0);
	CHECK(rdmaneg_comp_kind_of("src/mpa.c") == 0 &&
	      rdmaneg_comp_kind_of("include/rdmaneg/mpa.h") == 1 &&
	      rdmaneg_comp_kind_of("oracle/mpa_ref.c") == 5 &&
	      rdmaneg_comp_kind_of("Makefile") == 8 &&
	      rdmaneg_comp_kind_of("include/README") == 8 &&
	      strcmp(rdmaneg_comp_kind_name(rdmaneg_comp_kind_of("peer/expect.c")), "peer case") ==
		      0);
	/* 9.1-2 (SHOULD) uncovered; 9.2-1 untestable; 9.2-2 a MAY */
	CHECK(rdmaneg_comp_uncovered(&cp) == 1);
	/* a failed make test credits nothing; a passed one the cited clauses */
	CHECK(!rdmaneg_comp_tests(&cp, times_bad, sizeof(times_bad) - 1) &&
	      cp.row[0].v[0] == RDMANEG_COMP_NOT_EXERCISED);
	CHECK(rdmaneg_comp_tests(&cp, times_ok, sizeof(times_ok) - 1) &&
	      cp.row[0].v[0] == RDMANEG_COMP_CONFORMS && cp.row[0].v[1] == RDMANEG_COMP_CONFORMS &&
	      cp.row[1].v[0] == RDMANEG_COMP_NOT_EXERCISED);
	/* siw: responder conforms; initiator diverges, whatever else conformed */
	CHECK(rdmaneg_comp_siw(&cp, jsonl, sizeof(jsonl) - 1) == 4);
	/* a splat blamed on a case makes it a finding on the clause it tests */
	CHECK(cp.row[1].v[2] == RDMANEG_COMP_FINDING &&
	      strstr(cp.row[1].why[2], "KERNEL=debug ROLE=request CASE=d-4") != NULL);
	CHECK(cp.row[0].v[2] == RDMANEG_COMP_CONFORMS && cp.row[0].v[3] == RDMANEG_COMP_DIVERGES &&
	      strstr(cp.row[0].why[3], "make live-repro ROLE=reply CASE=b-2") != NULL &&
	      cp.row[1].v[3] == RDMANEG_COMP_NOT_EXERCISED);
	/* make live-nvme's rows: nvmet diverges on its hostile case, the host
	 * conforms; unjudged rows and rows without an impl count for nothing */
	{
		static const char nvme[] =
			"{\"queues\":3,\"rows\":[\n"
			"  {\"field\":\"RECFMT\",\"clause\":\"x#9.1-2\",\"impl\":\"nvme-rdma\","
			"\"verdict\":\"conforms\"},\n"
			"  {\"case\":\"len-3\",\"clause\":\"x#9.1-2\",\"impl\":\"nvmet\","
			"\"verdict\":\"diverges\"},\n"
			"  {\"case\":\"silent\",\"clause\":\"x#9.1-2\",\"impl\":\"nvme-rdma\","
			"\"verdict\":\"unjudged\"},\n"
			"  {\"case\":\"q\",\"clause\":\"x#9.1-2\",\"verdict\":\"diverges\"}\n]}\n";

		CHECK(rdmaneg_comp_linux(&cp, nvme, sizeof(nvme) - 1) == 2);
		CHECK(cp.row[1].v[4] == RDMANEG_COMP_DIVERGES &&
		      cp.row[1].v[5] == RDMANEG_COMP_CONFORMS &&
		      strstr(cp.row[1].why[4], "make live-nvme NVME_CASE=len-3") != NULL);
	}
	/* make live-nfs's rows, each alone on its line after the report's
	 * one-line body: the server diverges on a case, the client conforms
	 * on the mount; an unknown Linux end counts for nothing */
	{
		static const char nfs[] = "{\"suite\":\"live-nfs\",\"clause\":\"x#9.2-2\","
					  "\"verdict\":\"diverges\",\"clauses\":[\n"
					  "{\"impl\":\"svcrdma\",\"case\":\"short-1\",\"clause\":"
					  "\"x#9.2-2\",\"verdict\":\"diverges\"}\n"
					  ",{\"impl\":\"xprtrdma\",\"clause\":\"x#9.2-2\","
					  "\"verdict\":\"conforms\"}\n"
					  ",{\"impl\":\"lockd\",\"clause\":\"x#9.2-2\","
					  "\"verdict\":\"diverges\"}]}\n";

		CHECK(rdmaneg_comp_linux(&cp, nfs, sizeof(nfs) - 1) == 2);
		CHECK(cp.row[3].v[6] == RDMANEG_COMP_DIVERGES &&
		      cp.row[3].v[7] == RDMANEG_COMP_CONFORMS &&
		      strstr(cp.row[3].why[6], "make live-nfs NFS_CASE=short-1") != NULL &&
		      cp.row[3].v[4] == RDMANEG_COMP_NOT_EXERCISED);
	}
	/* make live-iser's and make live-smbd's rows: a hostile case by its
	 * name, the data check ("case":"data") by the check's reproducer; a
	 * measured row counts for nothing */
	{
		static const char ulp[] =
			"{\"suite\":\"smbd\",\"rows\":[\n"
			"{\"impl\":\"cifs\",\"case\":\"s-status-not-supported\",\"clause\":"
			"\"x#9.2-2\",\"verdict\":\"diverges\"},\n"
			"{\"impl\":\"ksmbd\",\"case\":\"data\",\"clause\":\"x#9.2-2\","
			"\"verdict\":\"diverges\"},\n"
			"{\"impl\":\"ib_iser\",\"case\":\"t-ok\",\"clause\":\"x#9.2-2\","
			"\"verdict\":\"conforms\"},\n"
			"{\"impl\":\"isert\",\"case\":\"i-len-0\",\"clause\":\"x#9.2-2\","
			"\"verdict\":\"measured\"}\n]}\n";

		CHECK(rdmaneg_comp_linux(&cp, ulp, sizeof(ulp) - 1) == 3);
		CHECK(cp.row[3].v[11] == RDMANEG_COMP_DIVERGES &&
		      strstr(cp.row[3].why[11],
			     "make live-smbd SMBD_CASE=s-status-not-supported") != NULL);
		CHECK(cp.row[3].v[10] == RDMANEG_COMP_DIVERGES &&
		      strstr(cp.row[3].why[10], "the data check: make live-smbd SMBD_CASE=data") !=
			      NULL);
		CHECK(cp.row[3].v[9] == RDMANEG_COMP_CONFORMS &&
		      cp.row[3].v[8] == RDMANEG_COMP_NOT_EXERCISED);
	}
	/* the page: a row per clause, a column per implementation */
	f = open_memstream(&html, &hn);
	CHECK(f != NULL);
	if (f) {
		rdmaneg_comp_html(&cp, f);
		fclose(f);
		CHECK(strstr(html, "data-id=\"x#9.2-2\"") &&
		      strstr(html, "<th class=\"impl\">siw initiator</th>") &&
		      !strstr(html, "http"));
	}
	free(html);
}

int main(void)
{
	test_extract();
	test_draft();
	test_doc();
	test_cites();
	test_compliance();
	printf("clauses-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
