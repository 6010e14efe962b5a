/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * findings: the registry of kernel findings (findings/<slug>/finding),
 * one plain-text file per finding, "key: value" per line, repeatable keys
 * for lists. Parsed and checked here, not in shell: make live-fixes,
 * rdmaneg-triage, the docs' tables and the status page all read it
 * through this module. docs/findings.md lists the keys.
 */
#ifndef RDMANEG_FINDINGS_H
#define RDMANEG_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RDMANEG_FINDINGS_MAX 32
#define RDMANEG_FINDING_LIST 8 /* values of one repeatable key */
#define RDMANEG_FINDING_TEXT 320

enum rdmaneg_finding_kind {
	RDMANEG_FK_OOPS = 0, /* NULL dereference, general protection fault */
	RDMANEG_FK_KASAN,
	RDMANEG_FK_LOCKDEP,
	RDMANEG_FK_BUG, /* BUG() or BUG_ON() */
	RDMANEG_FK_HANG,
	RDMANEG_FK_DIVERGENCE, /* an RFC divergence, no crash */
	RDMANEG_FK_OOM,	       /* memory exhausted from the wire: OOM kills, a panic */
	RDMANEG_FK_CORRUPTION, /* data written is not the data stored, no splat */
	RDMANEG_FK_COUNT
};

/* How make live-fixes tells that a run reproduced the finding. */
enum rdmaneg_finding_expect {
	RDMANEG_FE_SPLAT = 0, /* a kernel splat titled as one of its signatures */
	RDMANEG_FE_VERDICT,   /* the peer's verdict on the check's case is not "conforms"
			       * (with expect_clause: names that clause) */
	RDMANEG_FE_STEP,      /* the check's step (expect_step) failed: the suite's
			       * "LIVE_<SUITE>_STEP NAME failed" line */
	RDMANEG_FE_LOG	      /* a kernel log line of the check's case holds expect_log */
};

/* "on: KVER RELEASE K/N[: NOTE]": the finding's check run N times on the
 * debug kernel RELEASE of the kernel line KVER (live/guest/kvers) by make
 * live-findings KVER=KVER, K of them reproducing it. A K of 0 needs the
 * note that says why, starting "absent: " (the code changed, fixed
 * upstream by a commit: no patch is needed there) or "present: " (the
 * defect is in the code but the check did not show it: the patch is
 * still needed). One line a kernel line. */
#define RDMANEG_FINDING_KVERS 4
struct rdmaneg_finding_on {
	char kver[8];
	char release[48];
	unsigned k, n;
	bool absent; /* K == 0 and the note says "absent: " */
	char note[RDMANEG_FINDING_TEXT];
};

struct rdmaneg_finding_list {
	char v[RDMANEG_FINDING_LIST][RDMANEG_FINDING_TEXT];
	size_t n;
};

struct rdmaneg_finding {
	char slug[64]; /* the directory's name */
	unsigned id;
	char title[RDMANEG_FINDING_TEXT];
	enum rdmaneg_finding_kind kind;
	char subsystem[RDMANEG_FINDING_TEXT];
	struct rdmaneg_finding_list maintainer, list, function, file, seen, signature, fixes, patch,
		upstream;
	char trigger[RDMANEG_FINDING_TEXT];
	char reproduced[RDMANEG_FINDING_TEXT]; /* "k of N ..." as measured */
	char reproducer[RDMANEG_FINDING_TEXT]; /* one command */
	/* what make live-fixes runs: its suite (repro, nfs, nvme, smbd, iser), the make
	 * variables, and how it tells a reproduction */
	char check_suite[16];
	char check_args[RDMANEG_FINDING_TEXT];
	char check_role[16], check_case[64]; /* ROLE= and CASE=, NFS_CASE= or NVME_CASE= */
	enum rdmaneg_finding_expect expect;
	char expect_clause[48]; /* "expect: verdict CLAUSE"; empty: any divergence */
	char expect_step[32];	/* "expect: step NAME" */
	char expect_log[96];	/* "expect: log TEXT" */
	/* "unpatched: others": the check reproduces only on the debug kernel
	 * with the other findings' patches (an earlier bug hides it), so make
	 * live-fixes runs it unpatched on KERNEL=fixed FIXES_DROP=this one */
	bool unpatched_others;
	bool race;	   /* tried FIXES_TRIES times, not once */
	unsigned requires; /* the finding whose patch this one's applies on, or 0 */
	char mainline_repo[128], mainline_commit[48];
	char mainline_code[16]; /* present, changed, fixed, unknown */
	char mainline_note[RDMANEG_FINDING_TEXT];
	struct rdmaneg_finding_on on[RDMANEG_FINDING_KVERS];
	size_t n_on;
	/* "series: NAME": the mail series its patch goes in, one a subsystem
	 * tree (mail/NAME.cover holds its cover letter's prose) */
	char series[32];
	/* "regression: COMMIT (\"subject\") TEXT": the stable commit that
	 * brought the bug into a stable line (a regression): the stable
	 * series' cover letter names it for regzbot */
	char regression[RDMANEG_FINDING_TEXT];
	/* the mainline commit its first patch backports, when the patch's
	 * body opens with stable's "commit ID upstream." (read by
	 * rdmaneg_findings_load); empty: the patch is a fix of its own */
	char backport[41];
};

struct rdmaneg_findings {
	struct rdmaneg_finding f[RDMANEG_FINDINGS_MAX];
	size_t n;
};

const char *rdmaneg_finding_kind_name(enum rdmaneg_finding_kind k);

/*
 * Parses one finding's text (its file's contents) into f, which is named
 * slug. 0, or -1 with a message naming the slug, the line and the rule
 * in err. Every key is checked: unknown keys, a missing required key, a
 * value too long, a bad kind, a patch that is not a plain file name.
 */
int rdmaneg_finding_parse(const char *slug, const char *text, size_t len, struct rdmaneg_finding *f,
			  char *err, size_t errcap);

/*
 * Reads every DIR/<slug>/finding, sorted by id; checks that ids and
 * slugs are unique, each patch file exists, and a "requires" names an
 * earlier finding with a patch. 0, or -1 with the first problem in err.
 */
int rdmaneg_findings_load(const char *dir, struct rdmaneg_findings *all, char *err, size_t errcap);

/* Is f's patch left out when dropped's is: f is dropped, or requires,
 * directly or through others, a finding that is. */
bool rdmaneg_findings_dropped(const struct rdmaneg_findings *all, const struct rdmaneg_finding *f,
			      const struct rdmaneg_finding *dropped);

/* f's "on:" line for the kernel line kver, or NULL. */
const struct rdmaneg_finding_on *rdmaneg_finding_on(const struct rdmaneg_finding *f,
						    const char *kver);

/* The finding whose slug or id (decimal) is key, or NULL. */
const struct rdmaneg_finding *rdmaneg_findings_find(const struct rdmaneg_findings *all,
						    const char *key);

/* The finding one of whose signatures is the splat title title, or NULL. */
const struct rdmaneg_finding *rdmaneg_findings_match(const struct rdmaneg_findings *all,
						     const char *title);

/* A suite a check runs (live/fixes/fixes.sh has one runner each): its
 * name, the make variable that names its case, the console line, before
 * the role or index word, that says the case ran, and the one that
 * reports each step of its setup and data check (NULL: none). */
struct rdmaneg_check_suite {
	const char *name, *case_var, *line, *step;
};

/* The check suite named name (tools/findings/seen.c), or NULL. */
const struct rdmaneg_check_suite *rdmaneg_check_suite(const char *name);

/* Did a run whose console is text[0..len-1] reproduce f? 1 yes, 0 no,
 * -1 the run measured nothing: the check's case never ran (why says so).
 * tools/findings/seen.c. */
int rdmaneg_finding_seen(const struct rdmaneg_finding *f, const char *text, size_t len, char *why,
			 size_t whycap);

/* One make live-fixes row: k of n runs reproduced, on each kernel. */
struct rdmaneg_fix_row {
	char slug[64];
	unsigned before_k, before_n, after_k, after_n;
	unsigned before_void, after_void; /* runs that measured nothing */
};

/* The row's verdict: "fixed" only when the unpatched kernel reproduced it
 * and the patched one never did in as many measured runs; else why not. */
const char *rdmaneg_fix_verdict(const struct rdmaneg_fix_row *r);

/* A measured run of make live-findings against the registry's "on:" line
 * for its kernel line (reg, or NULL): "recorded" when the line names the
 * same release and both reproduce or both do not; "unrecorded" when there
 * is no line; else "differs". */
const char *rdmaneg_on_verdict(const struct rdmaneg_finding_on *reg, const char *release,
			       unsigned k, unsigned n);

/* The kernel lines the findings' "on:" lines name, oldest first, into
 * kvers (pointers into all); how many. */
size_t rdmaneg_findings_kvers(const struct rdmaneg_findings *all,
			      const char *kvers[RDMANEG_FINDING_KVERS]);

/* The README's and docs/findings.md's table (links relative to up: "" or
 * "../"). */
void rdmaneg_findings_markdown(FILE *out, const struct rdmaneg_findings *all, const char *up);

/*
 * Does a stable tree older than kver carry f's bug (the mail's "Cc:
 * stable")? Yes when an "on:" line of an older kernel line is not
 * absent, or, for a line with no "on:", when f was seen on it ("seen:"
 * starting with that line's version). Writes the lines that say so, or
 * why not, into why. The LTS lines older than every series' target are
 * named in RDMANEG_STABLE_LINES.
 */
#define RDMANEG_STABLE_LINES "6.1", "6.12"

/* Is f's fix for stable trees alone: the newest line measured after kver
 * is free of the bug (its "on:" line says absent, and not "absent: fixed
 * upstream" unless f's patch is the backport of that fix), and kver's own
 * line does not say absent? The fix then goes to kver's stable tree, not
 * to mainline (make findings-series KVER=6.1 or 6.12). */
bool rdmaneg_finding_stable_only(const struct rdmaneg_finding *f, const char *kver);

/* Has any finding an "on:" line of a line newer than kver (so a series
 * for kver is a stable one)? */
bool rdmaneg_findings_newer(const struct rdmaneg_findings *all, const char *kver);

/*
 * The mainline commit a patch backports: its body (after the header's
 * blank line) opens with "commit ID upstream." or "[ Upstream commit ID ]",
 * ID 40 hex digits, the stable trees' two forms. ID into id[41] and true;
 * false (id "") for any other patch.
 */
bool rdmaneg_patch_backport(const char *text, size_t len, char id[41]);

/* Every "Fixes: ID (\"subject\")" line of text (a patch) is, as written,
 * the start of one of f's "fixes:" entries (the note after it says how it
 * was checked): 0, or -1 with the first line that is not into line. */
int rdmaneg_patch_fixes_named(const struct rdmaneg_finding *f, const char *text, size_t len,
			      char *line, size_t cap);

/* Reads f's first patch under dir/f->slug/ into f->backport; a backport
 * must be of a commit f's "upstream:" names. Its Fixes: tags, and those of
 * its ports (dir/f->slug/KVER/, a line of f's "on:"), must be f's
 * (rdmaneg_patch_fixes_named). 0, or -1 with why in err. */
int rdmaneg_finding_read_backport(const char *dir, struct rdmaneg_finding *f, char *err,
				  size_t errcap);

/* The 12-digit commit id that "regression:" names, into id[13]; false when
 * f has none. */
bool rdmaneg_finding_regression(const struct rdmaneg_finding *f, char id[13]);
bool rdmaneg_finding_stable(const struct rdmaneg_finding *f, const char *kver, char *why,
			    size_t cap);

/* ---- the status page (html.c), as syzbot's: build/findings/ ---- */
/* The page's name of one finding's details: "SLUG.html". */
#define RDMANEG_FINDING_PAGE "%s.html"
/* index.html: one compact row a finding (id, title linked to its page,
 * kind, subsystem, a status cell a kernel line, patches, series). */
void rdmaneg_findings_html(FILE *out, const struct rdmaneg_findings *all);
/* One finding's page: every field of its registry entry. */
void rdmaneg_finding_html(FILE *out, const struct rdmaneg_findings *all,
			  const struct rdmaneg_finding *f);
/* A line's status in words: "reproduced", "present, not shown", "absent"
 * or "not measured", and the class the page colours it by. */
const char *rdmaneg_finding_status(const struct rdmaneg_finding_on *o, const char **cls);

/* W=1 warnings: the lines of after[0..alen-1] with "warning:" that are not
 * in before (file:line:col ignored, as patches move lines). Prints them
 * and returns how many. */
size_t rdmaneg_w1_new(FILE *out, const char *before, size_t blen, const char *after, size_t alen);

#endif
