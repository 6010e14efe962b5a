// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of tools/mutants/mutate.c: where each operator applies, and where not. */
#include "tests/check.h"
#include "tools/mutants/mutate.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAXM 256

static struct rdmaneg_mutant ms[MAXM];

static size_t list(const char *src)
{
	size_t n = rdmaneg_mutate_list(src, strlen(src), ms, MAXM);

	CHECK(n <= MAXM);
	return n;
}

/* Is there a mutant of operator op whose whole file reads want? */
static bool has(const char *src, enum rdmaneg_mut_op op, const char *want)
{
	size_t n = list(src);
	static char out[4096];

	for (size_t i = 0; i < n && i < MAXM; i++) {
		if (ms[i].op != op)
			continue;
		if (rdmaneg_mutate_apply(src, strlen(src), &ms[i], out, sizeof(out)) == (size_t)-1)
			continue;
		if (strcmp(out, want) == 0)
			return true;
	}
	return false;
}

static size_t count(const char *src, enum rdmaneg_mut_op op)
{
	size_t n = list(src), k = 0;

	for (size_t i = 0; i < n && i < MAXM; i++)
		k += ms[i].op == op;
	return k;
}

static void test_operators(void)
{
	CHECK(has("int f(int a){return a < 2;}", RDMANEG_MUT_ROR, "int f(int a){return a <= 2;}"));
	CHECK(has("int f(int a){return a < 2;}", RDMANEG_MUT_ROR, "int f(int a){return a >= 2;}"));
	CHECK(has("int f(int a){return a >= 2;}", RDMANEG_MUT_ROR, "int f(int a){return a < 2;}"));
	CHECK(has("int f(int a){return a == 2;}", RDMANEG_MUT_EQ, "int f(int a){return a != 2;}"));
	CHECK(has("int f(int a,int b){return a && b;}", RDMANEG_MUT_LCR,
		  "int f(int a,int b){return a || b;}"));
	CHECK(has("int f(int a){if (a > 1) return 1; return 0;}", RDMANEG_MUT_COND,
		  "int f(int a){if (!(a > 1)) return 1; return 0;}"));
	CHECK(has("int f(int a){return a ? 3 : 4;}", RDMANEG_MUT_COND,
		  "int f(int a){return !(a) ? 3 : 4;}"));
	CHECK(has("int f(int a){int x = a > 1 ? 3 : 4; return x;}", RDMANEG_MUT_COND,
		  "int f(int a){int x = !(a > 1) ? 3 : 4; return x;}"));
	CHECK(has("void f(int *a){for (int i = 0; i < 4; i++) a[i] = 0;}", RDMANEG_MUT_COND,
		  "void f(int *a){for (int i = 0; !(i < 4); i++) a[i] = 0;}"));
	/* literals keep base, case and suffix */
	CHECK(has("unsigned f(void){return 0x3Fu;}", RDMANEG_MUT_LIT,
		  "unsigned f(void){return 0x40u;}"));
	CHECK(has("unsigned f(void){return 0x3fu;}", RDMANEG_MUT_LIT,
		  "unsigned f(void){return 0x3eu;}"));
	CHECK(has("long f(void){return 1024;}", RDMANEG_MUT_LIT, "long f(void){return 1023;}"));
	CHECK(!has("int f(void){return 0u;}", RDMANEG_MUT_LIT, "int f(void){return -1u;}"));
	/* deleted statements: expressions, break, continue; never declarations */
	CHECK(has("void f(int *a){*a = 1; g(a);}", RDMANEG_MUT_DEL, "void f(int *a){; g(a);}"));
	CHECK(has("void f(int *a){*a = 1; g(a);}", RDMANEG_MUT_DEL, "void f(int *a){*a = 1; ;}"));
	CHECK(has("void f(int a){while (a) { if (a) break; a--; }}", RDMANEG_MUT_DEL,
		  "void f(int a){while (a) { if (a) ; a--; }}"));
	CHECK(count("void f(void){int x = 1; size_t y = 2; uint8_t *p = 0;}", RDMANEG_MUT_DEL) ==
	      0);
	CHECK(has("int f(const int *a, int i){return a[i] + a[i + 1];}", RDMANEG_MUT_IDX,
		  "int f(const int *a, int i){return a[i + 1] + a[i];}"));
	CHECK(has("int f(int a){return a + 1;}", RDMANEG_MUT_RET, "int f(int a){return 0;}"));
	CHECK(has("int f(int a){return a + 1;}", RDMANEG_MUT_RET, "int f(int a){return 1;}"));
	CHECK(!has("int f(int a){return 0;}", RDMANEG_MUT_RET, "int f(int a){return 0;}"));
	CHECK(has("int f(int a){return a << 2;}", RDMANEG_MUT_SHIFT,
		  "int f(int a){return a >> 2;}"));
	CHECK(has("int f(int a){return a - 2;}", RDMANEG_MUT_AOR, "int f(int a){return a + 2;}"));
	CHECK(has("void f(int a){a++;}", RDMANEG_MUT_AOR, "void f(int a){a--;}"));
	CHECK(has("int f(int a){return a & 2;}", RDMANEG_MUT_BIT, "int f(int a){return a | 2;}"));
	/* unary operators are not binary ones */
	CHECK(count("int f(int a){return -a;}", RDMANEG_MUT_AOR) == 0);
	CHECK(count("int *f(int a){return g(&a);}", RDMANEG_MUT_BIT) == 0);
	CHECK(count("int f(int a){return (int)-a;}", RDMANEG_MUT_AOR) == 1); /* cast: known limit */
}

static void test_where_not(void)
{
	/* comments, strings, characters and directives are not code */
	CHECK(list("/* a < b */ // c && d\n#define X (1 < 2)\nconst char *s = \"a<b\";") == 0);
	CHECK(list("int f(void){return '<';}") == 2); /* the two constant returns only */
	/* a file-scope initializer's literals mutate; an array size does not */
	CHECK(count("static const int t[4] = { 1, 2 };", RDMANEG_MUT_LIT) == 4);
	/* struct definitions hold no code */
	CHECK(list("struct s { int a; int b; };") == 0);
}

static void test_plants(void)
{
	const char *planted =
		"int f(int a)\n{\n#if RDMANEG_PLANTED(x)\n\treturn a < 1;\n#else\n\treturn a > 1;\n#endif\n}\n";
	const char *negated =
		"int f(int a)\n{\n#if !RDMANEG_PLANTED(x)\n\ta = a & 3;\n#endif\n\treturn a;\n}\n";
	const char *nested =
		"int f(int a)\n{\n#if RDMANEG_PLANTED(x)\n\ta = a < 1;\n#else\n#if RDMANEG_PLANTED(y)\n"
		"\ta = a < 2;\n#else\n\ta = a > 3;\n#endif\n#endif\n\treturn a;\n}\n";
	char before[256], after[256];
	size_t n, k;

	/* only the real build's branch is mutated */
	CHECK(count(planted, RDMANEG_MUT_ROR) == 2);
	CHECK(has(
		planted, RDMANEG_MUT_ROR,
		"int f(int a)\n{\n#if RDMANEG_PLANTED(x)\n\treturn a < 1;\n#else\n\treturn a >= 1;\n#endif\n}\n"));
	CHECK(count(negated, RDMANEG_MUT_BIT) == 1);
	CHECK(count(nested, RDMANEG_MUT_ROR) == 2);
	n = list(planted);
	/* the first mutant of the relational operator: line and column of '>' */
	for (k = 0; k < n && ms[k].op != RDMANEG_MUT_ROR; k++)
		;
	CHECK(k < n && ms[k].line == 6 && ms[k].col == 11);
	rdmaneg_mutate_describe(planted, strlen(planted), &ms[k < n ? k : 0], before,
				sizeof(before), after, sizeof(after));
	CHECK(strcmp(before, "return a > 1;") == 0);
	CHECK(strcmp(after, "return a >= 1;") == 0);
}

static void test_describe_all(void)
{
	const char *src = "void f(int a)\n{\n\twhile (a) {\n\t\tbreak;\n\t\tbreak;\n\t}\n}\n";
	static char d[2 * MAXM][RDMANEG_MUT_DESC];
	size_t n = list(src), dels = 0;

	rdmaneg_mutate_describe_all(src, strlen(src), ms, n, d, d + n);
	for (size_t j = 0; j < n; j++) {
		if (ms[j].op != RDMANEG_MUT_DEL)
			continue;
		dels++;
		CHECK(strcmp(d[j], "break;") == 0);
		/* the second identical deletion is told apart */
		CHECK(strcmp(d[n + j], dels == 1 ? ";" : "; [#2]") == 0);
	}
	CHECK(dels == 2);
}

static void test_apply_limits(void)
{
	const char *src = "int f(int a){return a < 2;}";
	char small[8];
	size_t n = list(src);

	CHECK(n > 0);
	CHECK(rdmaneg_mutate_apply(src, strlen(src), &ms[0], small, sizeof(small)) == (size_t)-1);
	ms[0].edit[0].end = 1000;
	CHECK(rdmaneg_mutate_apply(src, strlen(src), &ms[0], small, sizeof(small)) == (size_t)-1);
	CHECK(strcmp(rdmaneg_mut_op_name(RDMANEG_MUT_IDX), "idx") == 0);
	CHECK(strcmp(rdmaneg_mut_op_name(RDMANEG_MUT_NOPS), "unknown") == 0);
	/* unbalanced input gives no mutants rather than wrong ones */
	CHECK(list("int f(void){ return (1;") == 0);
	CHECK(list("") == 0);
}

int main(void)
{
	test_operators();
	test_where_not();
	test_plants();
	test_describe_all();
	test_apply_limits();
	printf("mutants-unit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
