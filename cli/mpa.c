// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the MPA commands (RFC 5044, RFC 6581): mpa decode, encode
 * and negotiate. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"

#include "util/hex.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char rdmaneg_cli_help_mpa_decode[] =
	"NAME\n"
	"    rdmaneg mpa decode - parse an MPA Request or Reply frame\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg mpa decode [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Parses the 20-octet header ([rfc5044#7.1]), the enhanced data word\n"
	"    when S=1 ([rfc6581#9]), and searches the remaining ULP private data\n"
	"    for an RFC 8797 message. Octets after PD_Length are not examined.\n"
	"    Malformed frames exit 1 with an error naming the rule: mpa_short,\n"
	"    mpa_key, mpa_rev0, mpa_rev_unknown, mpa_pd_too_long, mpa_pd_truncated,\n"
	"    mpa_s_rev, mpa_s_short.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg mpa decode 4d504120494420526571204672616d65 10 02 000c \\\n"
	"        00050004 f6ab0e18 01 01 1f 1f\n";

const char rdmaneg_cli_help_mpa_encode[] =
	"NAME\n"
	"    rdmaneg mpa encode - build an MPA Request or Reply frame\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg mpa encode --type request|reply [--rev N] [--marker] [--crc]\n"
	"        [--reject] [--res N] [--enhanced --ird N --ord N [--p2p]\n"
	"        [--rtr LIST]] [--ulp HEX]\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints the frame as hex. --enhanced sets S and puts the IRD/ORD word\n"
	"    before the ULP data; Rev defaults to 2 then, else 1. LIST is a comma\n"
	"    list of send, write, read (B, C, D); it needs --p2p (A).\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg mpa encode --type request --enhanced --ird 5 --ord 4 \\\n"
	"        --ulp $(rdmaneg encode --send 32K --recv 32K)\n";

const char rdmaneg_cli_help_mpa_negotiate[] =
	"NAME\n"
	"    rdmaneg mpa negotiate - replay one RFC 6581 IRD/ORD/RTR exchange\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg mpa negotiate [--ini-ird N] [--ini-ord N] [--ini-ird-max N]\n"
	"        [--ini-p2p] [--ini-rtr LIST] [--rsp-ird N] [--rsp-ord N]\n"
	"        [--rsp-ird-max N] [--rsp-ord-min N] [--rsp-rtr LIST]\n"
	"        [--request WORD] [--reply WORD] [--rejected]\n"
	"\n"
	"DESCRIPTION\n"
	"    The initiator builds its request word, the responder answers it (sec.\n"
	"    9.1, 9.2) and the initiator completes ([rfc6581#9.3]). --request or --reply\n"
	"    replaces the computed word with one taken from the wire (8 hex digits),\n"
	"    so a captured exchange can be replayed against either side. Values\n"
	"    accept 0x prefixes; 0x3FFF means \"do not negotiate\". The output\n"
	"    shows both words, both outcomes with any TERM triple (layer 2, type 0,\n"
	"    code 5, 6 or 7), and the [rfc6581#9.1] inequalities.\n"
	"\n"
	"OPTIONS\n"
	"    --ini-ird N, --ini-ord N   initiator IRD and ORD (default 4, 4)\n"
	"    --ini-ird-max N            initiator IRRQ capacity (default 16)\n"
	"    --ini-p2p                  request the peer-to-peer model (A=1)\n"
	"    --ini-rtr LIST             initiator RTR types (default send,write,read)\n"
	"    --rsp-ird N, --rsp-ord N   responder IRD and ORD (default 4, 4)\n"
	"    --rsp-ird-max N            responder IRRQ capacity (default 16)\n"
	"    --rsp-ord-min N            ORD the responder ULP requires (default 0)\n"
	"    --rsp-rtr LIST             responder RTR types (default send)\n"
	"    --request WORD, --reply WORD   wire words to use instead\n"
	"    --rejected                 treat the reply as a reject frame (R=1)\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg mpa negotiate --ini-ird 5 --ini-ord 4 --rsp-ird 3 --rsp-ord 8\n";

/* long options only; the values sit above every short option letter */
enum {
	OPT_HELP = 256,
	/* mpa encode */
	OPT_TYPE,
	OPT_REV,
	OPT_MARKER,
	OPT_CRC,
	OPT_REJECT,
	OPT_RES,
	OPT_ENHANCED,
	OPT_IRD,
	OPT_ORD,
	OPT_P2P,
	OPT_RTR,
	OPT_ULP,
	/* mpa negotiate */
	OPT_INI_IRD,
	OPT_INI_ORD,
	OPT_INI_IRD_MAX,
	OPT_INI_P2P,
	OPT_INI_RTR,
	OPT_RSP_IRD,
	OPT_RSP_ORD,
	OPT_RSP_IRD_MAX,
	OPT_RSP_ORD_MIN,
	OPT_RSP_RTR,
	OPT_REQUEST,
	OPT_REPLY,
	OPT_REJECTED
};

static const char *rtr_name(uint8_t rtr)
{
	static const char *const names[8] = {
		"",	"send",	     "write",	   "send,write",
		"read", "send,read", "write,read", "send,write,read"
	};

	return names[rtr & 7u];
}

static void print_enh(const struct rdmaneg_mpa_enh *e)
{
	uint8_t w[4];

	printf("{\"a\":%s,\"b\":%s,\"c\":%s,\"d\":%s,\"ird\":%u,\"ord\":%u,\"word\":",
	       rdmaneg_cli_jbool(e->a), rdmaneg_cli_jbool(e->b), rdmaneg_cli_jbool(e->c),
	       rdmaneg_cli_jbool(e->d), e->ird, e->ord);
	if (rdmaneg_mpa_enh_encode(e, w, sizeof(w)) == RDMANEG_OK)
		rdmaneg_cli_json_hex(w, sizeof(w));
	else
		printf("null");
	putchar('}');
}

int rdmaneg_cli_mpa_decode(int argc, char **argv)
{
	static const struct option opts[] = { { "help", no_argument, NULL, OPT_HELP },
					      { NULL, 0, NULL, 0 } };
	struct rdmaneg_rpcrdma_result r;
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	const uint8_t *ulp;
	size_t ulp_len;
	const char *file = NULL;
	struct rdmaneg_cli_buf in;
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_mpa_decode, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		if (c == 'f')
			file = optarg;
		else
			return rdmaneg_cli_not_here("mpa decode", name);
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "mpa decode", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_mpa_parse(in.buf, in.len, &f);
	if (rc == RDMANEG_OK && f.enhanced)
		rc = rdmaneg_mpa_frame_enh(&f, &e);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_rpcrdma_decode(ulp, ulp_len, RDMANEG_DECODE_SEARCH, &r);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("mpa decode", rc);
	}
	printf("{\"type\":\"%s\",\"marker\":%s,\"crc\":%s,\"reject\":%s,"
	       "\"enhanced\":%s,\"res\":%u,\"revision\":%u,\"pd_length\":%u,"
	       "\"frame_length\":%zu,\"trailing\":%zu,",
	       f.type == RDMANEG_MPA_REQUEST ? "request" : "reply", rdmaneg_cli_jbool(f.marker),
	       rdmaneg_cli_jbool(f.crc), rdmaneg_cli_jbool(f.reject), rdmaneg_cli_jbool(f.enhanced),
	       f.res, f.rev, f.pd_length, f.frame_len, in.len - f.frame_len);
	if (f.enhanced)
		printf("\"ird\":%u,\"ord\":%u,\"peer_to_peer\":%s,\"rtr_send\":%s,"
		       "\"rtr_write\":%s,\"rtr_read\":%s,",
		       e.ird, e.ord, rdmaneg_cli_jbool(e.a), rdmaneg_cli_jbool(e.b),
		       rdmaneg_cli_jbool(e.c), rdmaneg_cli_jbool(e.d));
	else
		printf("\"ird\":null,\"ord\":null,\"peer_to_peer\":null,"
		       "\"rtr_send\":null,\"rtr_write\":null,\"rtr_read\":null,");
	printf("\"ulp_private_data\":");
	rdmaneg_cli_json_hex(ulp, ulp_len);
	printf(",\"rpcrdma\":");
	rdmaneg_cli_print_rpcrdma(&r);
	printf("}\n");
	rdmaneg_cli_buf_free(&in);
	return 0;
}

int rdmaneg_cli_mpa_encode(int argc, char **argv)
{
	static const struct option opts[] = { { "type", required_argument, NULL, OPT_TYPE },
					      { "rev", required_argument, NULL, OPT_REV },
					      { "marker", no_argument, NULL, OPT_MARKER },
					      { "crc", no_argument, NULL, OPT_CRC },
					      { "reject", no_argument, NULL, OPT_REJECT },
					      { "res", required_argument, NULL, OPT_RES },
					      { "enhanced", no_argument, NULL, OPT_ENHANCED },
					      { "ird", required_argument, NULL, OPT_IRD },
					      { "ord", required_argument, NULL, OPT_ORD },
					      { "p2p", no_argument, NULL, OPT_P2P },
					      { "rtr", required_argument, NULL, OPT_RTR },
					      { "ulp", required_argument, NULL, OPT_ULP },
					      { "help", no_argument, NULL, OPT_HELP },
					      { NULL, 0, NULL, 0 } };
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	uint8_t pd[RDMANEG_MPA_PD_MAX], out[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX];
	struct rdmaneg_cli_buf ulp = { NULL, 0, false };
	bool have_type = false, have_rev = false;
	uint8_t rtr = 0;
	size_t n, pd_len = 0;
	unsigned long v;
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_mpa_encode, stdout), 0;
	memset(&f, 0, sizeof(f));
	memset(&e, 0, sizeof(e));
	while ((c = rdmaneg_cli_getopt(argc, argv, "+", opts, &name)) != -1) {
		switch (c) {
		case OPT_TYPE:
			if (strcmp(optarg, "request") == 0)
				f.type = RDMANEG_MPA_REQUEST;
			else if (strcmp(optarg, "reply") == 0)
				f.type = RDMANEG_MPA_REPLY;
			else
				return rdmaneg_cli_usage("mpa encode",
							 "--type must be request or reply");
			have_type = true;
			break;
		case OPT_REV:
		case OPT_RES:
			if (!rdmaneg_cli_uint(optarg, c == OPT_REV ? 255u : 15u, &v))
				return rdmaneg_cli_usage("mpa encode", "bad value '%s'", optarg);
			if (c == OPT_REV) {
				f.rev = (uint8_t)v;
				have_rev = true;
			} else {
				f.res = (uint8_t)v;
			}
			break;
		case OPT_MARKER:
			f.marker = true;
			break;
		case OPT_CRC:
			f.crc = true;
			break;
		case OPT_REJECT:
			f.reject = true;
			break;
		case OPT_ENHANCED:
			f.enhanced = true;
			break;
		case OPT_P2P:
			e.a = true;
			break;
		case OPT_IRD:
		case OPT_ORD:
			if (!rdmaneg_cli_u14(optarg, c == OPT_IRD ? &e.ird : &e.ord))
				return rdmaneg_cli_usage("mpa encode",
							 "IRD/ORD must be 0..0x3FFF: '%s'", optarg);
			break;
		case OPT_RTR:
			if (!rdmaneg_cli_rtr(optarg, &rtr))
				return rdmaneg_cli_usage("mpa encode",
							 "--rtr: list of send,write,read");
			break;
		case OPT_ULP:
			rdmaneg_cli_buf_free(&ulp);
			rc = rdmaneg_cli_hex_arg(optarg, &ulp);
			if (rc != 0)
				return rc;
			break;
		default:
			return rdmaneg_cli_not_here("mpa encode", name);
		}
	}
	if (!have_type)
		return rdmaneg_cli_usage("mpa encode", "--type is required");
	if (optind < argc)
		return rdmaneg_cli_usage("mpa encode", "unexpected argument '%s'", argv[optind]);
	if (rtr && !e.a)
		return rdmaneg_cli_usage("mpa encode", "--rtr needs --p2p ([rfc6581#9.2])");
	e.b = (rtr & RDMANEG_RTR_SEND) != 0;
	e.c = (rtr & RDMANEG_RTR_WRITE) != 0;
	e.d = (rtr & RDMANEG_RTR_READ) != 0;
	if (!have_rev)
		f.rev = f.enhanced ? 2 : 1;
	if (f.enhanced) {
		rc = rdmaneg_mpa_enh_encode(&e, pd, sizeof(pd));
		if (rc != RDMANEG_OK)
			return rdmaneg_cli_fail_status("mpa encode", rc);
		pd_len = RDMANEG_MPA_ENH_LEN;
	}
	if (ulp.len > sizeof(pd) - pd_len) {
		rdmaneg_cli_buf_free(&ulp);
		return rdmaneg_cli_fail_status("mpa encode", RDMANEG_E_MPA_PD_TOO_LONG);
	}
	if (ulp.len)
		memcpy(pd + pd_len, ulp.buf, ulp.len);
	pd_len += ulp.len;
	rdmaneg_cli_buf_free(&ulp);
	f.pd_length = (uint16_t)pd_len;
	f.pd = pd_len ? pd : NULL;
	rc = rdmaneg_mpa_build(&f, out, sizeof(out), &n);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("mpa encode", rc);
	rdmaneg_hex_print(stdout, out, n);
	putchar('\n');
	return 0;
}

static int word_arg(const char *s, struct rdmaneg_mpa_enh *e)
{
	struct rdmaneg_cli_buf in;
	int rc;

	rc = rdmaneg_cli_hex_arg(s, &in);
	if (rc != 0)
		return rc;
	if (in.len != RDMANEG_MPA_ENH_LEN) {
		size_t got = in.len;

		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_input("a wire word is 4 octets (8 hex digits), got %zu",
					      got);
	}
	rc = rdmaneg_mpa_enh_decode(in.buf, in.len, e);
	rdmaneg_cli_buf_free(&in);
	return rc == RDMANEG_OK ? 0 : rdmaneg_cli_fail_status("mpa negotiate", rc);
}

static void print_outcome(const struct rdmaneg_mpa_outcome *o)
{
	printf("{\"accepted\":%s,\"term\":", rdmaneg_cli_jbool(o->accepted));
	if (o->term.code)
		printf("{\"layer\":%u,\"type\":%u,\"code\":%u}", o->term.layer, o->term.type,
		       o->term.code);
	else
		printf("null");
	printf(",\"ird\":%u,\"ord\":%u,\"peer_ird\":%u,\"peer_ord\":%u,"
	       "\"peer_to_peer\":%s,\"rtr\":\"%s\"}",
	       o->ird, o->ord, o->peer_ird, o->peer_ord, rdmaneg_cli_jbool(o->p2p),
	       rtr_name(o->rtr));
}

int rdmaneg_cli_mpa_negotiate(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "ini-ird", required_argument, NULL, OPT_INI_IRD },
		{ "ini-ord", required_argument, NULL, OPT_INI_ORD },
		{ "ini-ird-max", required_argument, NULL, OPT_INI_IRD_MAX },
		{ "ini-p2p", no_argument, NULL, OPT_INI_P2P },
		{ "ini-rtr", required_argument, NULL, OPT_INI_RTR },
		{ "rsp-ird", required_argument, NULL, OPT_RSP_IRD },
		{ "rsp-ord", required_argument, NULL, OPT_RSP_ORD },
		{ "rsp-ird-max", required_argument, NULL, OPT_RSP_IRD_MAX },
		{ "rsp-ord-min", required_argument, NULL, OPT_RSP_ORD_MIN },
		{ "rsp-rtr", required_argument, NULL, OPT_RSP_RTR },
		{ "request", required_argument, NULL, OPT_REQUEST },
		{ "reply", required_argument, NULL, OPT_REPLY },
		{ "rejected", no_argument, NULL, OPT_REJECTED },
		{ "help", no_argument, NULL, OPT_HELP },
		{ NULL, 0, NULL, 0 }
	};
	struct rdmaneg_mpa_local ini = { 4, 4, 16, 0, false, RDMANEG_RTR_ALL };
	struct rdmaneg_mpa_local rsp = { 4, 4, 16, 0, false, RDMANEG_RTR_SEND };
	struct rdmaneg_mpa_enh req, reply, wreq, wrep;
	struct rdmaneg_mpa_outcome ro, io;
	const char *req_hex = NULL, *rep_hex = NULL;
	bool rejected = false;
	uint16_t *u14 = NULL;
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_mpa_negotiate, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+", opts, &name)) != -1) {
		switch (c) {
		case OPT_INI_IRD:
			u14 = &ini.ird;
			break;
		case OPT_INI_ORD:
			u14 = &ini.ord;
			break;
		case OPT_INI_IRD_MAX:
			u14 = &ini.ird_max;
			break;
		case OPT_RSP_IRD:
			u14 = &rsp.ird;
			break;
		case OPT_RSP_ORD:
			u14 = &rsp.ord;
			break;
		case OPT_RSP_IRD_MAX:
			u14 = &rsp.ird_max;
			break;
		case OPT_RSP_ORD_MIN:
			u14 = &rsp.ord_min;
			break;
		case OPT_INI_P2P:
			ini.p2p = true;
			continue;
		case OPT_INI_RTR:
		case OPT_RSP_RTR:
			if (!rdmaneg_cli_rtr(optarg, c == OPT_INI_RTR ? &ini.rtr : &rsp.rtr))
				return rdmaneg_cli_usage("mpa negotiate",
							 "RTR list: send,write,read");
			continue;
		case OPT_REQUEST:
			req_hex = optarg;
			continue;
		case OPT_REPLY:
			rep_hex = optarg;
			continue;
		case OPT_REJECTED:
			rejected = true;
			continue;
		default:
			return rdmaneg_cli_not_here("mpa negotiate", name);
		}
		if (!rdmaneg_cli_u14(optarg, u14))
			return rdmaneg_cli_usage("mpa negotiate", "value must be 0..0x3FFF: '%s'",
						 optarg);
	}
	if (optind < argc)
		return rdmaneg_cli_usage("mpa negotiate", "unexpected argument '%s'", argv[optind]);
	rc = rdmaneg_mpa_request(&ini, &req);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("initiator configuration", rc);
	rc = rdmaneg_mpa_check_responder(&rsp);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("responder configuration", rc);
	wreq = req;
	if (req_hex && (rc = word_arg(req_hex, &wreq)) != 0)
		return rc;
	rc = rdmaneg_mpa_respond(&rsp, &wreq, &reply, &ro);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("responder", rc);
	wrep = reply;
	if (rep_hex && (rc = word_arg(rep_hex, &wrep)) != 0)
		return rc;
	if (!rep_hex && !ro.accepted)
		rejected = true;
	rc = rdmaneg_mpa_complete(&ini, &req, &wrep, rejected, &io);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("initiator", rc);
	printf("{\"request\":");
	print_enh(&wreq);
	printf(",\"responder\":");
	print_outcome(&ro);
	printf(",\"reply\":");
	print_enh(&wrep);
	printf(",\"reply_rejected\":%s,\"initiator\":", rdmaneg_cli_jbool(rejected));
	print_outcome(&io);
	printf(",\"checks\":{\"initiator_ord_le_responder_ird\":%s,"
	       "\"responder_ord_le_initiator_ird\":%s}}\n",
	       rdmaneg_cli_jbool(!(io.accepted && ro.accepted) ||
				 wrep.ird == RDMANEG_MPA_NO_NEGOTIATE || io.ord <= ro.ird),
	       rdmaneg_cli_jbool(!(io.accepted && ro.accepted) ||
				 wreq.ird == RDMANEG_MPA_NO_NEGOTIATE || ro.ord <= io.ird));
	return 0;
}
