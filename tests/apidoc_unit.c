// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* man/apidoc.c: which comment and contract a public function gets. */
#include "man/apidoc.h"
#include "tests/check.h"

#include <string.h>

static const char header[] = "/* file comment */\n"
			     "#define RDMANEG_X 1u /* trailing, of the define */\n"
			     "int rdmaneg_after_define(int a);\n"
			     "\n"
			     "/* Decodes\n"
			     " * two lines. */\n"
			     "/*@ requires a > 0;\n"
			     "    ensures \\result == RDMANEG_OK; */\n"
			     "int rdmaneg_first(const unsigned char *buf,\n"
			     "\t\t  unsigned long len);\n"
			     "/* detached by the struct */\n"
			     "struct rdmaneg_s {\n"
			     "\tint f; /* a field */\n"
			     "};\n"
			     "size_t rdmaneg_bare(void);\n"
			     "/*\n"
			     " * Block style.\n"
			     " */\n"
			     "static inline int helper(void) { return 0; }\n"
			     "/* Has a contract after\n   no star. */\n"
			     "/*@ assigns \\nothing; */\n"
			     "const char *rdmaneg_name(int s);\n";

int main(void)
{
	struct rdmaneg_apidoc d;
	size_t pos = 0;

	CHECK(rdmaneg_apidoc_next(header, &pos, &d) == 1);
	CHECK(strcmp(d.name, "rdmaneg_after_define") == 0);
	CHECK(d.doc[0] == '\0' && d.acsl == NULL); /* a trailing comment is the define's */

	CHECK(rdmaneg_apidoc_next(header, &pos, &d) == 1);
	CHECK(strcmp(d.name, "rdmaneg_first") == 0);
	CHECK(strcmp(d.proto, "int rdmaneg_first(const unsigned char *buf, unsigned long len);") ==
	      0);
	CHECK(strcmp(d.doc, "Decodes\ntwo lines.") == 0);
	CHECK(d.acsl && strstr(d.acsl, "RDMANEG_OK") &&
	      d.acsl + d.acsl_len < strstr(d.acsl, "int rdmaneg_first"));

	CHECK(rdmaneg_apidoc_next(header, &pos, &d) == 1);
	CHECK(strcmp(d.name, "rdmaneg_bare") == 0);
	CHECK(d.doc[0] == '\0' && d.acsl == NULL); /* the struct detached the comment */

	CHECK(rdmaneg_apidoc_next(header, &pos, &d) == 1);
	CHECK(strcmp(d.name, "rdmaneg_name") == 0); /* helper is not public */
	CHECK(strcmp(d.doc, "Has a contract after\nno star.") == 0);
	CHECK(d.acsl && strncmp(d.acsl, " assigns", 8) == 0);

	CHECK(rdmaneg_apidoc_next(header, &pos, &d) == 0);

	/* every parameter named in the comment, as a whole word */
	{
		struct rdmaneg_apidoc a;
		char name[32];

		memset(&a, 0, sizeof(a));
		strcpy(a.proto, "int rdmaneg_f(const uint8_t *buf, size_t len, struct x *out);");
		strcpy(a.doc, "Reads buf[0..len-1] into out.");
		CHECK(!rdmaneg_apidoc_unnamed_param(&a, name, sizeof(name)));
		strcpy(a.doc, "Reads buf into outer, length len."); /* out only inside outer */
		CHECK(rdmaneg_apidoc_unnamed_param(&a, name, sizeof(name)) &&
		      strcmp(name, "out") == 0);
		strcpy(a.doc, "Reads the buffer.");
		CHECK(rdmaneg_apidoc_unnamed_param(&a, name, sizeof(name)) &&
		      strcmp(name, "buf") == 0);
		strcpy(a.proto, "size_t rdmaneg_g(void);");
		CHECK(!rdmaneg_apidoc_unnamed_param(&a, name, sizeof(name)));
		strcpy(a.proto, "int rdmaneg_h(const uint8_t **ulp, size_t ulp_len[2]);");
		strcpy(a.doc, "Sets ulp.");
		CHECK(rdmaneg_apidoc_unnamed_param(&a, name, sizeof(name)) &&
		      strcmp(name, "ulp_len") == 0);
		strcpy(a.doc, "Sets ulp and ulp_len.");
		CHECK(!rdmaneg_apidoc_unnamed_param(&a, name, sizeof(name)));
	}

	/* a comment longer than the doc field */
	{
		static char big[4096];
		size_t p = 0;

		memset(big, 'x', 3003);
		big[0] = '/';
		big[1] = '*';
		big[2] = ' ';
		snprintf(big + 3003, sizeof(big) - 3003, " */\nint rdmaneg_long(void);\n");
		CHECK(rdmaneg_apidoc_next(big, &p, &d) == -1);
	}
	printf("apidoc-unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
