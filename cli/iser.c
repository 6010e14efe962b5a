// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the iSER CM private data commands ([iser-a12#req-1]): iser
 * encode, reply and check. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

const char rdmaneg_cli_help_iser_encode[] =
	"NAME\n"
	"    rdmaneg iser encode - build an iSER CM REQ or REP header\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg iser encode [--zbva-off] [--si-off]\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints the 4-octet header as hex ([iser-a12#req-1], [iser-a12#rep-1]):\n"
	"    --zbva-off sets Z (zero-based virtual addresses not supported, in a\n"
	"    REQ; not used, in a REP), --si-off sets I (Send with Invalidate not\n"
	"    supported, or not used). Linux's ib_iser sends Z, and I unless\n"
	"    always_register is set; ib_isert answers Z, and I unless it will\n"
	"    invalidate.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg iser encode --zbva-off\n";

const char rdmaneg_cli_help_iser_reply[] =
	"NAME\n"
	"    rdmaneg iser reply - what a conforming iSER target answers a REQ\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg iser reply [--no-si] [--zbva] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the initiator's CM private data as an iSER CM REQ header and\n"
	"    prints its flags, its defects (short, reserved), the REP header the\n"
	"    target sends and whether it may answer with Send with Invalidate\n"
	"    ([iser-a12#req-2]: only when I is clear; [iser-a12#req-3] likewise\n"
	"    zero-based VAs with Z). The target can use Send with Invalidate\n"
	"    (unless --no-si) and does not use zero-based VAs (unless --zbva), as\n"
	"    Linux's ib_isert. Under 4 octets there is no header: neither option.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg iser reply 80000000\n";

const char rdmaneg_cli_help_iser_check[] =
	"NAME\n"
	"    rdmaneg iser check - an initiator's check of an iSER CM REP\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg iser check [--zbva-off] [--si-off] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the target's CM private data as an iSER CM REP header that\n"
	"    answered a REQ with the given flags (--zbva-off, --si-off: Z and I\n"
	"    in the REQ) and prints its flags and defects: short, reserved, si\n"
	"    (Send with Invalidate used though the REQ refused it), zbva (the\n"
	"    same for zero-based VAs).\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg iser check --zbva-off --si-off 80000000\n";

enum { OPT_HELP = 256, OPT_ZBVA_OFF, OPT_SI_OFF, OPT_NO_SI, OPT_ZBVA };

static const struct option opts[] = { { "zbva-off", no_argument, NULL, OPT_ZBVA_OFF },
				      { "si-off", no_argument, NULL, OPT_SI_OFF },
				      { "no-si", no_argument, NULL, OPT_NO_SI },
				      { "zbva", no_argument, NULL, OPT_ZBVA },
				      { "help", no_argument, NULL, OPT_HELP },
				      { NULL, 0, NULL, 0 } };

static void print_defects(unsigned d)
{
	static const char *const names[] = { "short", "reserved", "si", "zbva" };

	rdmaneg_cli_json_bits(d, names, sizeof(names) / sizeof(names[0]));
}

static void print_hdr(const char *key, const struct rdmaneg_iser_hdr *h, unsigned d)
{
	printf("\"%s\":{", key);
	if (!(d & RDMANEG_ISER_D_SHORT))
		printf("\"zbva_off\":%s,\"si_off\":%s,\"reserved_bits\":%u,\"reserved_at\":%zu,",
		       rdmaneg_cli_jbool(h->zbva_off), rdmaneg_cli_jbool(h->si_off), h->reserved,
		       h->reserved_at);
	printf("\"defects\":");
	print_defects(d);
	putchar('}');
}

int rdmaneg_cli_iser_encode(int argc, char **argv)
{
	struct rdmaneg_iser_hdr h = { false, false, 0, 0 };
	uint8_t out[RDMANEG_ISER_HDR_LEN];
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_iser_encode, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+", opts, &name)) != -1) {
		if (c == OPT_ZBVA_OFF)
			h.zbva_off = true;
		else if (c == OPT_SI_OFF)
			h.si_off = true;
		else
			return rdmaneg_cli_not_here("iser encode", name);
	}
	if (optind < argc)
		return rdmaneg_cli_usage("iser encode", "unexpected argument '%s'", argv[optind]);
	rc = rdmaneg_iser_encode(&h, out, sizeof(out));
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("iser encode", rc);
	printf("%02x%02x%02x%02x\n", out[0], out[1], out[2], out[3]);
	return 0;
}

int rdmaneg_cli_iser_reply(int argc, char **argv)
{
	struct rdmaneg_iser_hdr req, rep;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	uint8_t out[RDMANEG_ISER_HDR_LEN];
	bool si = true, zbva = false, inv;
	unsigned d;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_iser_reply, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		if (c == 'f')
			file = optarg;
		else if (c == OPT_NO_SI)
			si = false;
		else if (c == OPT_ZBVA)
			zbva = true;
		else
			return rdmaneg_cli_not_here("iser reply", name);
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "iser reply", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_iser_decode(in.buf, in.len, &req, &d);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_iser_target_reply(in.buf, in.len, si, zbva, &rep, &inv);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_iser_encode(&rep, out, sizeof(out));
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("iser reply", rc);
	}
	printf("{\"length\":%zu,", in.len);
	rdmaneg_cli_buf_free(&in);
	print_hdr("request", &req, d);
	printf(",\"send_with_invalidate\":%s,\"reply\":\"%02x%02x%02x%02x\"}\n",
	       rdmaneg_cli_jbool(inv), out[0], out[1], out[2], out[3]);
	return 0;
}

int rdmaneg_cli_iser_check(int argc, char **argv)
{
	struct rdmaneg_iser_hdr sent = { false, false, 0, 0 }, h;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	unsigned d;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_iser_check, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		if (c == 'f')
			file = optarg;
		else if (c == OPT_ZBVA_OFF)
			sent.zbva_off = true;
		else if (c == OPT_SI_OFF)
			sent.si_off = true;
		else
			return rdmaneg_cli_not_here("iser check", name);
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "iser check", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_iser_initiator_check(in.buf, in.len, &sent, &h, &d);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("iser check", rc);
	}
	printf("{\"length\":%zu,\"sent\":{\"zbva_off\":%s,\"si_off\":%s},", in.len,
	       rdmaneg_cli_jbool(sent.zbva_off), rdmaneg_cli_jbool(sent.si_off));
	rdmaneg_cli_buf_free(&in);
	print_hdr("reply", &h, d);
	printf("}\n");
	return 0;
}
