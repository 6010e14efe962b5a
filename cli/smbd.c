// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the SMB Direct commands ([MS-SMBD]): smbd encode, judge and
 * check. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

const char rdmaneg_cli_help_smbd_encode[] =
	"NAME\n"
	"    rdmaneg smbd encode - build an SMB Direct negotiate message or IRD/ORD header\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg smbd encode --kind request [--min-version N] [--max-version N]\n"
	"        [--credits-requested N] [--preferred-send N] [--max-receive N]\n"
	"        [--max-fragmented N]\n"
	"    rdmaneg smbd encode --kind response [--negotiated-version N] [--credits-requested N]\n"
	"        [--credits-granted N] [--status N] [--max-read-write N] [--preferred-send N]\n"
	"        [--max-receive N] [--max-fragmented N]\n"
	"    rdmaneg smbd encode --kind irdord --ird N --ord N\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints as hex the 20-octet Negotiate Request ([ms-smbd#2.2.1]; defaults:\n"
	"    Linux cifs 6.1's, version 0x0100, 255 credits, 1364/1364, 1 MiB\n"
	"    fragmented), the 32-octet Negotiate Response ([ms-smbd#2.2.2]; defaults:\n"
	"    ksmbd 6.1's answer to that request) or the 8-octet big-endian IRD/ORD\n"
	"    header of iWARP private data ([ms-smbd#6.1]; IRD and ORD 1 or more).\n"
	"    Versions and credits are 0..65535, the rest 0..4294967295, decimal or\n"
	"    0x hex.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg smbd encode --kind request --max-receive 128\n";

const char rdmaneg_cli_help_smbd_judge[] =
	"NAME\n"
	"    rdmaneg smbd judge - what a conforming SMB Direct server does with a request\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg smbd judge [--credits-max N] [--preferred-send N] [--max-receive N]\n"
	"        [--max-fragmented N] [--max-read-write N] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads a Negotiate Request ([ms-smbd#2.2.1]) and prints its fields, its\n"
	"    defects, the action a conforming server takes ([ms-smbd#3.1.5.6]:\n"
	"    respond, not_supported or terminate) and the response it sends, in\n"
	"    hex. The server's resources default to ksmbd 6.1's (255 credits,\n"
	"    1364, 1364, 1 MiB, 8 MiB). A request under 20 octets is judged: terminate.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg smbd judge $(rdmaneg smbd encode --kind request --credits-requested 0)\n";

const char rdmaneg_cli_help_smbd_check[] =
	"NAME\n"
	"    rdmaneg smbd check - a client's checks of an SMB Direct response\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg smbd check [--max-receive N] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the octets as a Negotiate Response ([ms-smbd#2.2.2]) checked by a\n"
	"    client whose Connection.MaxReceiveSize is N (default 1364, cifs 6.1's;\n"
	"    [ms-smbd#3.1.5.7]) and as the IRD/ORD header that starts iWARP private\n"
	"    data ([ms-smbd#6.1]), and prints each reading's fields and defects:\n"
	"    short, version, credits, receive, fragmented, preferred, status, zero.\n"
	"    Any response defect means the client terminates the connection.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg smbd check $(rdmaneg smbd encode --kind response --status 0xC00000BB)\n";

enum {
	OPT_HELP = 256,
	OPT_KIND,
	OPT_MIN_VERSION,
	OPT_MAX_VERSION,
	OPT_NEG_VERSION,
	OPT_CREDITS_REQUESTED,
	OPT_CREDITS_GRANTED,
	OPT_CREDITS_MAX,
	OPT_STATUS,
	OPT_MAX_READ_WRITE,
	OPT_PREFERRED_SEND,
	OPT_MAX_RECEIVE,
	OPT_MAX_FRAGMENTED,
	OPT_IRD,
	OPT_ORD
};

static const struct option opts[] = {
	{ "kind", required_argument, NULL, OPT_KIND },
	{ "min-version", required_argument, NULL, OPT_MIN_VERSION },
	{ "max-version", required_argument, NULL, OPT_MAX_VERSION },
	{ "negotiated-version", required_argument, NULL, OPT_NEG_VERSION },
	{ "credits-requested", required_argument, NULL, OPT_CREDITS_REQUESTED },
	{ "credits-granted", required_argument, NULL, OPT_CREDITS_GRANTED },
	{ "credits-max", required_argument, NULL, OPT_CREDITS_MAX },
	{ "status", required_argument, NULL, OPT_STATUS },
	{ "max-read-write", required_argument, NULL, OPT_MAX_READ_WRITE },
	{ "preferred-send", required_argument, NULL, OPT_PREFERRED_SEND },
	{ "max-receive", required_argument, NULL, OPT_MAX_RECEIVE },
	{ "max-fragmented", required_argument, NULL, OPT_MAX_FRAGMENTED },
	{ "ird", required_argument, NULL, OPT_IRD },
	{ "ord", required_argument, NULL, OPT_ORD },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 }
};

/* An option's value, at most max, into *out, or a usage error naming it. */
static int num_opt(const char *cmd, const char *name, const char *s, unsigned long max,
		   unsigned long *out)
{
	if (!rdmaneg_cli_uint(s, max, out))
		return rdmaneg_cli_usage(cmd, "--%s: '%s' is not 0..%lu", name, s, max);
	return 0;
}

static void print_hex(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
}

static void print_defects(unsigned d)
{
	static const char *const names[] = { "short",	   "version",	"credits", "receive",
					     "fragmented", "preferred", "status",  "zero" };

	rdmaneg_cli_json_bits(d, names, sizeof(names) / sizeof(names[0]));
}

/* The option values of one command; which were given. */
struct vals {
	unsigned long v[OPT_ORD + 1];
	bool given[OPT_ORD + 1];
};

static int read_opts(int argc, char **argv, const char *cmd, const char *shorts, struct vals *o,
		     const char **kind, const char **file)
{
	const char *name;
	int c, rc;

	while ((c = rdmaneg_cli_getopt(argc, argv, shorts, opts, &name)) != -1) {
		if (c == 'f' && file) {
			*file = optarg;
			continue;
		}
		if (c == OPT_KIND && kind) {
			*kind = optarg;
			continue;
		}
		if (c < OPT_MIN_VERSION || c > OPT_ORD)
			return rdmaneg_cli_not_here(cmd, name);
		rc = num_opt(cmd, name, optarg, c <= OPT_CREDITS_MAX ? 65535ul : 4294967295ul,
			     &o->v[c]);
		if (rc != 0)
			return rc;
		o->given[c] = true;
	}
	return 0;
}

/* The value of option k, or dflt when it was not given. */
static unsigned long val(const struct vals *o, int k, unsigned long dflt)
{
	return o->given[k] ? o->v[k] : dflt;
}

/* Whether any option outside the allowed set [lo, hi] and extra was given. */
static bool others(const struct vals *o, const int *allowed, size_t n)
{
	for (int k = OPT_MIN_VERSION; k <= OPT_ORD; k++) {
		bool ok = false;

		for (size_t i = 0; i < n; i++)
			ok = ok || allowed[i] == k;
		if (o->given[k] && !ok)
			return true;
	}
	return false;
}

int rdmaneg_cli_smbd_encode(int argc, char **argv)
{
	static const int req_opts[] = { OPT_MIN_VERSION,    OPT_MAX_VERSION, OPT_CREDITS_REQUESTED,
					OPT_PREFERRED_SEND, OPT_MAX_RECEIVE, OPT_MAX_FRAGMENTED };
	static const int resp_opts[] = { OPT_NEG_VERSION,     OPT_CREDITS_REQUESTED,
					 OPT_CREDITS_GRANTED, OPT_STATUS,
					 OPT_MAX_READ_WRITE,  OPT_PREFERRED_SEND,
					 OPT_MAX_RECEIVE,     OPT_MAX_FRAGMENTED };
	static const int irdord_opts[] = { OPT_IRD, OPT_ORD };
	struct vals o;
	uint8_t out[RDMANEG_SMBD_RESP_LEN];
	const char *kind = NULL;
	size_t n;
	int rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_smbd_encode, stdout), 0;
	memset(&o, 0, sizeof(o));
	rc = read_opts(argc, argv, "smbd encode", "+", &o, &kind, NULL);
	if (rc != 0)
		return rc;
	if (optind < argc)
		return rdmaneg_cli_usage("smbd encode", "unexpected argument '%s'", argv[optind]);
	if (!kind)
		return rdmaneg_cli_usage("smbd encode",
					 "--kind request, response or irdord is needed");
	if (strcmp(kind, "request") == 0) {
		struct rdmaneg_smbd_req q;

		if (others(&o, req_opts, sizeof(req_opts) / sizeof(req_opts[0])))
			return rdmaneg_cli_usage("smbd encode",
						 "--kind request takes the request's fields only");
		q.min_version = (uint16_t)val(&o, OPT_MIN_VERSION, RDMANEG_SMBD_V1);
		q.max_version = (uint16_t)val(&o, OPT_MAX_VERSION, RDMANEG_SMBD_V1);
		q.reserved = 0;
		q.credits_requested = (uint16_t)val(&o, OPT_CREDITS_REQUESTED, 255);
		q.preferred_send_size = (uint32_t)val(&o, OPT_PREFERRED_SEND, 1364);
		q.max_receive_size = (uint32_t)val(&o, OPT_MAX_RECEIVE, 1364);
		q.max_fragmented_size = (uint32_t)val(&o, OPT_MAX_FRAGMENTED, 1048576);
		rc = rdmaneg_smbd_req_encode(&q, out, sizeof(out));
		n = RDMANEG_SMBD_REQ_LEN;
	} else if (strcmp(kind, "response") == 0) {
		struct rdmaneg_smbd_resp r;

		if (others(&o, resp_opts, sizeof(resp_opts) / sizeof(resp_opts[0])))
			return rdmaneg_cli_usage(
				"smbd encode", "--kind response takes the response's fields only");
		r.min_version = RDMANEG_SMBD_V1;
		r.max_version = RDMANEG_SMBD_V1;
		r.negotiated_version = (uint16_t)val(&o, OPT_NEG_VERSION, RDMANEG_SMBD_V1);
		r.reserved = 0;
		r.credits_requested = (uint16_t)val(&o, OPT_CREDITS_REQUESTED, 255);
		r.credits_granted = (uint16_t)val(&o, OPT_CREDITS_GRANTED, 255);
		r.status = (uint32_t)val(&o, OPT_STATUS, 0);
		r.max_read_write_size = (uint32_t)val(&o, OPT_MAX_READ_WRITE, 8388608);
		r.preferred_send_size = (uint32_t)val(&o, OPT_PREFERRED_SEND, 1364);
		r.max_receive_size = (uint32_t)val(&o, OPT_MAX_RECEIVE, 1364);
		r.max_fragmented_size = (uint32_t)val(&o, OPT_MAX_FRAGMENTED, 1048576);
		rc = rdmaneg_smbd_resp_encode(&r, out, sizeof(out));
		n = RDMANEG_SMBD_RESP_LEN;
	} else if (strcmp(kind, "irdord") == 0) {
		if (others(&o, irdord_opts, 2) || !o.given[OPT_IRD] || !o.given[OPT_ORD])
			return rdmaneg_cli_usage("smbd encode",
						 "--kind irdord takes --ird and --ord");
		if (o.v[OPT_IRD] == 0 || o.v[OPT_ORD] == 0)
			return rdmaneg_cli_usage("smbd encode",
						 "--ird and --ord are 1 or more ([ms-smbd#6.1-2])");
		rc = rdmaneg_smbd_irdord_encode((uint32_t)o.v[OPT_IRD], (uint32_t)o.v[OPT_ORD], out,
						sizeof(out));
		n = RDMANEG_SMBD_IRDORD_LEN;
	} else {
		return rdmaneg_cli_usage("smbd encode",
					 "--kind: '%s' is not request, response or irdord", kind);
	}
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("smbd encode", rc);
	print_hex(out, n);
	putchar('\n');
	return 0;
}

static const char *action_name(unsigned a)
{
	return a == RDMANEG_SMBD_RESPOND	 ? "respond"
	       : a == RDMANEG_SMBD_NOT_SUPPORTED ? "not_supported"
						 : "terminate";
}

int rdmaneg_cli_smbd_judge(int argc, char **argv)
{
	static const int loc_opts[] = { OPT_CREDITS_MAX, OPT_PREFERRED_SEND, OPT_MAX_RECEIVE,
					OPT_MAX_FRAGMENTED, OPT_MAX_READ_WRITE };
	static const struct rdmaneg_smbd_local linux61 = RDMANEG_SMBD_LOCAL_LINUX;
	struct rdmaneg_smbd_local loc;
	struct rdmaneg_smbd_answer a;
	struct rdmaneg_cli_buf in;
	struct vals o;
	uint8_t w[RDMANEG_SMBD_RESP_LEN];
	const char *file = NULL;
	int rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_smbd_judge, stdout), 0;
	memset(&o, 0, sizeof(o));
	rc = read_opts(argc, argv, "smbd judge", "+f:", &o, NULL, &file);
	if (rc != 0)
		return rc;
	if (others(&o, loc_opts, sizeof(loc_opts) / sizeof(loc_opts[0])))
		return rdmaneg_cli_usage("smbd judge", "only the server's resources are options");
	loc.credits_max = (uint16_t)val(&o, OPT_CREDITS_MAX, linux61.credits_max);
	loc.preferred_send_size =
		(uint32_t)val(&o, OPT_PREFERRED_SEND, linux61.preferred_send_size);
	loc.max_receive_size = (uint32_t)val(&o, OPT_MAX_RECEIVE, linux61.max_receive_size);
	loc.max_fragmented_size =
		(uint32_t)val(&o, OPT_MAX_FRAGMENTED, linux61.max_fragmented_size);
	loc.max_read_write_size =
		(uint32_t)val(&o, OPT_MAX_READ_WRITE, linux61.max_read_write_size);
	if (loc.credits_max == 0 || loc.preferred_send_size < RDMANEG_SMBD_MIN_RECEIVE ||
	    loc.max_receive_size < RDMANEG_SMBD_MIN_RECEIVE ||
	    loc.max_fragmented_size < RDMANEG_SMBD_MIN_FRAGMENTED)
		return rdmaneg_cli_usage(
			"smbd judge", "the server's resources are at least 1 credit, sizes of "
				      "128 and a fragmented size of 131072 ([ms-smbd#3.1.5.6-3])");
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "smbd judge", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_smbd_server_judge(in.buf, in.len, &loc, &a);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("smbd judge", rc);
	}
	printf("{\"length\":%zu,\"request\":", in.len);
	rdmaneg_cli_buf_free(&in);
	if (a.decoded)
		printf("{\"min_version\":%u,\"max_version\":%u,\"reserved\":%u,"
		       "\"credits_requested\":%u,\"preferred_send_size\":%u,\"max_receive_size\":%u,"
		       "\"max_fragmented_size\":%u}",
		       a.req.min_version, a.req.max_version, a.req.reserved,
		       a.req.credits_requested, a.req.preferred_send_size, a.req.max_receive_size,
		       a.req.max_fragmented_size);
	else
		printf("null");
	printf(",\"defects\":");
	print_defects(a.defects);
	printf(",\"action\":\"%s\",\"response\":", action_name(a.action));
	if (a.action == RDMANEG_SMBD_TERMINATE) {
		printf("null}\n");
		return 0;
	}
	(void)rdmaneg_smbd_resp_encode(&a.resp, w, sizeof(w));
	putchar('"');
	print_hex(w, sizeof(w));
	printf("\"}\n");
	return 0;
}

int rdmaneg_cli_smbd_check(int argc, char **argv)
{
	static const int chk_opts[] = { OPT_MAX_RECEIVE };
	struct rdmaneg_smbd_resp r;
	struct rdmaneg_cli_buf in;
	struct vals o;
	const char *file = NULL;
	unsigned d, dio;
	uint32_t ird, ord, own;
	int rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_smbd_check, stdout), 0;
	memset(&o, 0, sizeof(o));
	rc = read_opts(argc, argv, "smbd check", "+f:", &o, NULL, &file);
	if (rc != 0)
		return rc;
	if (others(&o, chk_opts, 1))
		return rdmaneg_cli_usage("smbd check", "only --max-receive is an option");
	own = (uint32_t)val(&o, OPT_MAX_RECEIVE, 1364);
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "smbd check", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_smbd_client_check(in.buf, in.len, own, &r, &d);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_smbd_irdord_decode(in.buf, in.len, &ird, &ord, &dio);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("smbd check", rc);
	}
	printf("{\"length\":%zu,\"response\":{", in.len);
	rdmaneg_cli_buf_free(&in);
	if (!(d & RDMANEG_SMBD_D_SHORT))
		printf("\"min_version\":%u,\"max_version\":%u,\"negotiated_version\":%u,"
		       "\"credits_requested\":%u,\"credits_granted\":%u,\"status\":%u,"
		       "\"max_read_write_size\":%u,\"preferred_send_size\":%u,"
		       "\"max_receive_size\":%u,\"max_fragmented_size\":%u,",
		       r.min_version, r.max_version, r.negotiated_version, r.credits_requested,
		       r.credits_granted, r.status, r.max_read_write_size, r.preferred_send_size,
		       r.max_receive_size, r.max_fragmented_size);
	printf("\"own_max_receive_size\":%u,\"defects\":", own);
	print_defects(d);
	printf("},\"irdord\":{");
	if (!(dio & RDMANEG_SMBD_D_SHORT))
		printf("\"ird\":%u,\"ord\":%u,", ird, ord);
	printf("\"defects\":");
	print_defects(dio);
	printf("}}\n");
	return 0;
}
