// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg(1): command-line front end to the negotiation core, JSON out.
 * One verb table drives dispatch, the help pages and the man page
 * (rdmaneg help --man), so the three cannot drift apart.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"
#include "util/roff.h"
#include "util/verb.h"

#include <stdio.h>
#include <string.h>

static const char help_main[] =
	"NAME\n"
	"    rdmaneg - RDMA connection private-data codec and negotiator\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg decode [--strict] [-f FILE | HEX...]\n"
	"    rdmaneg encode --send N --recv N [--remote-invalidation] [--json]\n"
	"    rdmaneg negotiate --role client|server --send N --recv N\n"
	"                      [--remote-invalidation] [--strict] [-f FILE | PEER_HEX...]\n"
	"    rdmaneg mpa decode [-f FILE | HEX...]\n"
	"    rdmaneg mpa encode --type request|reply [OPTIONS]\n"
	"    rdmaneg mpa negotiate [OPTIONS]\n"
	"    rdmaneg nvme encode --kind request|accept|reject [OPTIONS]\n"
	"    rdmaneg nvme judge [LIMITS] [-f FILE | HEX...]\n"
	"    rdmaneg nvme check [--hsqsize N] [--rnr] [-f FILE | HEX...]\n"
	"    rdmaneg smbd encode --kind request|response|irdord [OPTIONS]\n"
	"    rdmaneg smbd judge [RESOURCES] [-f FILE | HEX...]\n"
	"    rdmaneg smbd check [--max-receive N] [-f FILE | HEX...]\n"
	"    rdmaneg iser encode [--zbva-off] [--si-off]\n"
	"    rdmaneg iser reply [--no-si] [--zbva] [-f FILE | HEX...]\n"
	"    rdmaneg iser check [--zbva-off] [--si-off] [-f FILE | HEX...]\n"
	"    rdmaneg ibcm encode MESSAGE [FIELD=VALUE...]\n"
	"    rdmaneg ibcm passive [-f FILE | HEX...]\n"
	"    rdmaneg ibcm active [--comm-id N] [--responder-resources N] [--initiator-depth N]\n"
	"                        [-f FILE | HEX...]\n"
	"    rdmaneg roce encode [FIELD=VALUE...]\n"
	"    rdmaneg roce decode [-f FILE | HEX...]\n"
	"    rdmaneg help [COMMAND]   |   rdmaneg --version\n"
	"\n"
	"DESCRIPTION\n"
	"    Encodes, decodes and negotiates RPC-over-RDMA version 1 CM private\n"
	"    data (RFC 8797), MPA v2 Request/Reply frames (RFC 5044, RFC 6581) and\n"
	"    the NVMe-oF RDMA transport's connect private data (nvme-rdma) and\n"
	"    SMB Direct's negotiate messages and IRD/ORD header (MS-SMBD), and\n"
	"    iSER's CM REQ and REP headers, and the InfiniBand CM's MADs with\n"
	"    rdma_cm's IP header (RoCE and InfiniBand).\n"
	"    Input is hex (whitespace allowed, several arguments are joined; \"\" is\n"
	"    a zero-length buffer) or raw octets with -f FILE (- for stdin).\n"
	"    Output is one JSON object on stdout.\n"
	"\n"
	"EXIT STATUS\n"
	"    0   decoded or negotiated, including \"present\":false\n"
	"    1   malformed input; {\"error\":...} on stdout\n"
	"    2   usage error; message on stderr\n"
	"\n"
	"    Run 'rdmaneg help COMMAND' for one command's page.\n";

/* util/verb.h's rows: each command's words, its body (argv[0] its last
 * word; it reads its own options) and its whole help page */
#define CLI_VERB(words, fn, page) \
	{ \
		words, "", page, fn, 0, RDMANEG_VERB_ANY \
	}
static const struct rdmaneg_verb verbs[] = {
	CLI_VERB("decode", rdmaneg_cli_decode, rdmaneg_cli_help_decode),
	CLI_VERB("encode", rdmaneg_cli_encode, rdmaneg_cli_help_encode),
	CLI_VERB("negotiate", rdmaneg_cli_negotiate, rdmaneg_cli_help_negotiate),
	CLI_VERB("mpa decode", rdmaneg_cli_mpa_decode, rdmaneg_cli_help_mpa_decode),
	CLI_VERB("mpa encode", rdmaneg_cli_mpa_encode, rdmaneg_cli_help_mpa_encode),
	CLI_VERB("mpa negotiate", rdmaneg_cli_mpa_negotiate, rdmaneg_cli_help_mpa_negotiate),
	CLI_VERB("nvme encode", rdmaneg_cli_nvme_encode, rdmaneg_cli_help_nvme_encode),
	CLI_VERB("nvme judge", rdmaneg_cli_nvme_judge, rdmaneg_cli_help_nvme_judge),
	CLI_VERB("nvme check", rdmaneg_cli_nvme_check, rdmaneg_cli_help_nvme_check),
	CLI_VERB("smbd encode", rdmaneg_cli_smbd_encode, rdmaneg_cli_help_smbd_encode),
	CLI_VERB("smbd judge", rdmaneg_cli_smbd_judge, rdmaneg_cli_help_smbd_judge),
	CLI_VERB("smbd check", rdmaneg_cli_smbd_check, rdmaneg_cli_help_smbd_check),
	CLI_VERB("iser encode", rdmaneg_cli_iser_encode, rdmaneg_cli_help_iser_encode),
	CLI_VERB("iser reply", rdmaneg_cli_iser_reply, rdmaneg_cli_help_iser_reply),
	CLI_VERB("iser check", rdmaneg_cli_iser_check, rdmaneg_cli_help_iser_check),
	CLI_VERB("ibcm encode", rdmaneg_cli_ibcm_encode, rdmaneg_cli_help_ibcm_encode),
	CLI_VERB("ibcm passive", rdmaneg_cli_ibcm_passive, rdmaneg_cli_help_ibcm_passive),
	CLI_VERB("ibcm active", rdmaneg_cli_ibcm_active, rdmaneg_cli_help_ibcm_active),
	CLI_VERB("roce encode", rdmaneg_cli_roce_encode, rdmaneg_cli_help_roce_encode),
	CLI_VERB("roce decode", rdmaneg_cli_roce_decode, rdmaneg_cli_help_roce_decode),
};
#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

/* Whether word names a group of verbs ("mpa"); prints the group's pages
 * to f unless f is NULL. */
static bool group(const char *word, FILE *f)
{
	bool any = false;

	for (size_t i = 0; i < NVERBS; i++) {
		if (!rdmaneg_verb_in_group(&verbs[i], word))
			continue;
		if (any && f)
			fputc('\n', f);
		if (f)
			fputs(verbs[i].help, f);
		any = true;
	}
	return any;
}

/* ---- rdmaneg help --man: the pages as rdmaneg(1) in roff ---- */

static void roff_line(const char *s, size_t n)
{
	rdmaneg_roff(stdout, s, n);
	putchar('\n');
}

/* A help page: a line at column 0 heads a section, the rest is indented
 * 4 and kept as laid out. top: sections become .SH; else bold headings
 * inside the command's .SS. */
static void roff_page(const char *page, bool top)
{
	const char *p = page;
	bool open = false;

	while (*p) {
		size_t n = strcspn(p, "\n");

		if (n > 0 && p[0] != ' ') {
			if (open)
				puts(top ? ".fi" : ".fi\n.RE");
			if (top) {
				fputs(".SH ", stdout);
				roff_line(p, n);
			} else {
				puts(".PP");
				fputs(".B ", stdout);
				roff_line(p, n);
				puts(".RS");
			}
			puts(".nf");
			open = true;
		} else if (n == 0) {
			puts(".sp");
		} else {
			roff_line(p + (n >= 4 ? 4 : n), n >= 4 ? n - 4 : 0);
		}
		p += n;
		if (*p == '\n')
			p++;
	}
	if (open)
		puts(top ? ".fi" : ".fi\n.RE");
}

static void print_man(void)
{
	printf(".TH RDMANEG 1 \"\" \"rdmaneg %s\" \"User Commands\"\n", RDMANEG_VERSION);
	puts(".\\\" Generated by 'rdmaneg help --man' from the help pages: do not edit.");
	roff_page(help_main, true);
	puts(".SH COMMANDS");
	for (size_t i = 0; i < NVERBS; i++) {
		fputs(".SS rdmaneg ", stdout);
		roff_line(verbs[i].name, strlen(verbs[i].name));
		roff_page(verbs[i].help, false);
	}
	puts(".SH SEE ALSO");
	puts(".BR rdmaneg (3)");
}

static int cmd_help(int argc, char **argv)
{
	const struct rdmaneg_verb *v;
	int used;

	if (argc < 2) {
		fputs(help_main, stdout);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--man") == 0) {
		print_man();
		return 0;
	}
	v = rdmaneg_verb_find(verbs, NVERBS, argc - 1, argv + 1, &used);
	if (v && used == argc - 1) {
		fputs(v->help, stdout);
		return 0;
	}
	if (argc == 2 && group(argv[1], stdout))
		return 0;
	return rdmaneg_cli_usage("help", "no page for '%s%s%s'", argv[1], argc > 2 ? " " : "",
				 argc > 2 ? argv[2] : "");
}

int main(int argc, char **argv)
{
	const struct rdmaneg_verb *v;
	int used;

	if (argc < 2) {
		fputs(help_main, stderr);
		return RDMANEG_CLI_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0)
		return cmd_help(argc - 1, argv + 1);
	if (strcmp(argv[1], "--version") == 0) {
		printf("rdmaneg %s\n", RDMANEG_VERSION);
		return 0;
	}
	v = rdmaneg_verb_find(verbs, NVERBS, argc - 1, argv + 1, &used);
	if (v)
		return v->run(argc - used, argv + used);
	if (group(argv[1], NULL)) {
		/* a group's word alone (exit 2) or with --help shows its pages */
		if (argc == 2 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) {
			group(argv[1], stdout);
			return argc == 2 ? RDMANEG_CLI_EXIT_USAGE : 0;
		}
		return rdmaneg_cli_usage(argv[1], "unknown subcommand '%s'", argv[2]);
	}
	return rdmaneg_cli_usage(argv[1], "unknown command; try 'rdmaneg --help'");
}
