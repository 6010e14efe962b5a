// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the InfiniBand CM commands ([ibcm-c12#mad-1]): ibcm encode,
 * passive and active. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"
#include "util/ibcm_name.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

const char rdmaneg_cli_help_ibcm_encode[] =
	"NAME\n"
	"    rdmaneg ibcm encode - build an InfiniBand CM MAD\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg ibcm encode MESSAGE [FIELD=VALUE...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints the 256-octet MAD as hex ([ibcm-c12#mad-1]): MESSAGE is req,\n"
	"    mra, rej, rep, rtu, dreq, drep, sidr-req, sidr-rep, lap or apr; the\n"
	"    header says base version 1, class 0x07, class version 2, method Send,\n"
	"    and every other octet is zero until a FIELD=VALUE sets it. FIELD is\n"
	"    a field of the MAD header (tid, attr_id, ...) or of the message, as\n"
	"    docs/ibcm.md lists them (the names of rdmaneg ibcm passive's\n"
	"    output); VALUE is a number (0x for hex) for a field of up to 64\n"
	"    bits, hex for an octet string (a GID, private_data), which fills it\n"
	"    from its first octet.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg ibcm encode rep remote_comm_id=0x1234 initiator_depth=16\n";

const char rdmaneg_cli_help_ibcm_passive[] =
	"NAME\n"
	"    rdmaneg ibcm passive - a passive side's reading of a CM MAD\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg ibcm passive [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the octets as a CM MAD sent to a listener and prints every\n"
	"    field of its message, its private data, for a REQ or SIDR REQ to an\n"
	"    rdma_cm IP service the rdma_cm header at the start of the private\n"
	"    data ([ibcm-c12#cma-1]), and the defects: length, class, method,\n"
	"    attr, msg, info_len, transport, mtu, cma (docs/ibcm.md).\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg ibcm passive -f req.bin\n";

const char rdmaneg_cli_help_ibcm_active[] =
	"NAME\n"
	"    rdmaneg ibcm active - an active side's check of an answer to its REQ\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg ibcm active [--comm-id N] [--responder-resources N]\n"
	"                        [--initiator-depth N] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the octets as a CM MAD that answers a REQ with the given Local\n"
	"    Communication ID, responder resources and initiator depth (default\n"
	"    0, 0 and 0) and prints what passive prints, with the active side's\n"
	"    defects: comm_id (a REP, REJ or MRA for another REQ,\n"
	"    [ibcm-c12#rep-2]) and resources (a REP allowing more RDMA reads than\n"
	"    the REQ, [ibcm-c12#rep-3]).\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg ibcm active --comm-id 0x1234 --initiator-depth 16 -f rep.bin\n";

enum { OPT_HELP = 256, OPT_COMM_ID, OPT_RESP, OPT_DEPTH };

static const struct option opts[] = { { "comm-id", required_argument, NULL, OPT_COMM_ID },
				      { "responder-resources", required_argument, NULL, OPT_RESP },
				      { "initiator-depth", required_argument, NULL, OPT_DEPTH },
				      { "help", no_argument, NULL, OPT_HELP },
				      { NULL, 0, NULL, 0 } };

static void print_defects(unsigned d)
{
	static const char *const names[] = { "length", "class",	   "method",	"attr",
					     "msg",    "info_len", "transport", "mtu",
					     "cma",    "comm_id",  "resources" };

	rdmaneg_cli_json_bits(d, names, sizeof(names) / sizeof(names[0]));
}

/* every field of the header and of the message, as "name":value */
static void print_fields(const uint8_t *mad, unsigned attr)
{
	struct rdmaneg_ibcm_field r;
	const char *sep = "";
	size_t off, n;
	uint64_t v;

	printf("\"fields\":{");
	for (size_t f = 0; rdmaneg_ibcm_field(f, &r) == RDMANEG_OK; f++) {
		if (r.attr != 0 && r.attr != attr)
			continue;
		printf("%s\"%s\":", sep, r.name);
		sep = ",";
		if (rdmaneg_ibcm_get(mad, RDMANEG_IBCM_MAD_LEN, f, &v) == RDMANEG_OK)
			printf(r.width > 32 ? "\"0x%016llx\"" : "%llu", (unsigned long long)v);
		else if (rdmaneg_ibcm_field_octets(f, &off, &n) == RDMANEG_OK)
			rdmaneg_cli_json_hex(mad + off, n);
		else
			printf("null");
	}
	putchar('}');
}

/* whether mad is a REQ or SIDR REQ whose private data starts with
 * rdma_cm's IP header ([ibcm-c12#cma-1]) */
static bool ip_service(const uint8_t *mad, unsigned attr)
{
	uint64_t sid = 0;

	if (attr != RDMANEG_IBCM_REQ && attr != RDMANEG_IBCM_SIDR_REQ)
		return false;
	(void)rdmaneg_ibcm_get(mad, RDMANEG_IBCM_MAD_LEN,
			       attr == RDMANEG_IBCM_REQ ? RDMANEG_IBCM_F_REQ_SERVICE_ID
							: RDMANEG_IBCM_F_SIDR_REQ_SERVICE_ID,
			       &sid);
	return rdmaneg_ibcm_sid_is_ip(sid);
}

/* the JSON of one reading; mad holds in.len octets */
static void print_msg(const uint8_t *mad, size_t len, const struct rdmaneg_ibcm_msg *m, unsigned d)
{
	struct rdmaneg_ibcm_cma_hdr h;
	const char *name = rdmaneg_ibcm_message_name(m->attr);
	unsigned c;

	printf("{\"length\":%zu,", len);
	if (len >= RDMANEG_IBCM_MAD_LEN) {
		printf("\"attr_id\":%u,\"message\":", m->attr);
		if (name)
			printf("\"%s\",", name);
		else
			printf("null,");
		printf("\"tid\":\"0x%016llx\",\"local_id\":%u,\"remote_id\":%u,",
		       (unsigned long long)m->tid, m->local_id, m->remote_id);
		print_fields(mad, m->attr);
		if (m->pd_len > 0) {
			printf(",\"private_data\":{\"offset\":%zu,\"length\":%zu,\"hex\":",
			       m->pd_off, m->pd_len);
			rdmaneg_cli_json_hex(mad + m->pd_off, m->pd_len);
			putchar('}');
			if (ip_service(mad, m->attr) &&
			    rdmaneg_ibcm_cma_decode(mad + m->pd_off, m->pd_len, &h, &c) ==
				    RDMANEG_OK) {
				printf(",\"cma\":{\"version\":%u,\"ip_version\":%u,\"port\":%u,"
				       "\"src\":",
				       h.version, h.ip_version, h.port);
				rdmaneg_cli_json_hex(h.src, sizeof(h.src));
				printf(",\"dst\":");
				rdmaneg_cli_json_hex(h.dst, sizeof(h.dst));
				putchar('}');
			}
		}
		putchar(',');
	}
	printf("\"defects\":");
	print_defects(d);
	printf("}\n");
}

int rdmaneg_cli_ibcm_encode(int argc, char **argv)
{
	uint8_t mad[RDMANEG_IBCM_MAD_LEN];
	struct rdmaneg_ibcm_field r;
	struct rdmaneg_cli_buf hex;
	const char *name;
	unsigned attr = 0;
	size_t off, n, f;
	unsigned long v;
	int c;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_ibcm_encode, stdout), 0;
	if (rdmaneg_cli_getopt(argc, argv, "+", opts, &name) != -1)
		return rdmaneg_cli_not_here("ibcm encode", name);
	if (optind >= argc)
		return rdmaneg_cli_usage("ibcm encode", "which message? (req, rep, rej, ...)");
	attr = rdmaneg_ibcm_message_attr(argv[optind]);
	if (!attr)
		return rdmaneg_cli_usage("ibcm encode", "unknown message '%s'", argv[optind]);
	(void)rdmaneg_ibcm_init(mad, sizeof(mad), (uint16_t)attr, 0);
	for (int i = optind + 1; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');

		if (!eq)
			return rdmaneg_cli_usage("ibcm encode", "'%s' is not FIELD=VALUE", argv[i]);
		for (f = 0; rdmaneg_ibcm_field(f, &r) == RDMANEG_OK; f++)
			if ((r.attr == 0 || r.attr == attr) &&
			    strncmp(argv[i], r.name, (size_t)(eq - argv[i])) == 0 &&
			    r.name[eq - argv[i]] == '\0')
				break;
		if (f == RDMANEG_IBCM_F_COUNT)
			return rdmaneg_cli_usage("ibcm encode", "%s has no field '%.*s'",
						 rdmaneg_ibcm_message_name(attr),
						 (int)(eq - argv[i]), argv[i]);
		if (rdmaneg_ibcm_field_octets(f, &off, &n) == RDMANEG_OK) {
			c = rdmaneg_cli_hex_arg(eq + 1, &hex);
			if (c != 0)
				return c;
			if (hex.len > n) {
				rdmaneg_cli_buf_free(&hex);
				return rdmaneg_cli_usage("ibcm encode",
							 "%s holds %zu octets, not %zu", r.name, n,
							 hex.len);
			}
			memcpy(mad + off, hex.buf, hex.len);
			rdmaneg_cli_buf_free(&hex);
			continue;
		}
		if (!rdmaneg_cli_uint(eq + 1, r.width < 64 ? (1ul << r.width) - 1 : ~0ul, &v))
			return rdmaneg_cli_usage("ibcm encode",
						 "%s takes a number of %u bits, not '%s'", r.name,
						 r.width, eq + 1);
		(void)rdmaneg_ibcm_set(mad, sizeof(mad), f, v);
	}
	for (size_t i = 0; i < sizeof(mad); i++)
		printf("%02x", mad[i]);
	putchar('\n');
	return 0;
}

int rdmaneg_cli_ibcm_passive(int argc, char **argv)
{
	struct rdmaneg_ibcm_msg m;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	unsigned d;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_ibcm_passive, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		if (c != 'f')
			return rdmaneg_cli_not_here("ibcm passive", name);
		file = optarg;
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "ibcm passive", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_ibcm_passive_check(in.buf, in.len, &m, &d);
	if (rc == RDMANEG_OK)
		print_msg(in.buf, in.len, &m, d);
	rdmaneg_cli_buf_free(&in);
	return rc == RDMANEG_OK ? 0 : rdmaneg_cli_fail_status("ibcm passive", rc);
}

int rdmaneg_cli_ibcm_active(int argc, char **argv)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN];
	struct rdmaneg_ibcm_msg m;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	unsigned long id = 0, resp = 0, depth = 0;
	unsigned d;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_ibcm_active, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		unsigned long *to = c == OPT_COMM_ID ? &id : c == OPT_RESP ? &resp : &depth;

		if (c == 'f') {
			file = optarg;
			continue;
		}
		if (c != OPT_COMM_ID && c != OPT_RESP && c != OPT_DEPTH)
			return rdmaneg_cli_not_here("ibcm active", name);
		if (!rdmaneg_cli_uint(optarg, c == OPT_COMM_ID ? 0xFFFFFFFFu : 255u, to))
			return rdmaneg_cli_usage("ibcm active", "--%s: '%s' is out of range", name,
						 optarg);
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "ibcm active", false);
	if (rc != 0)
		return rc;
	(void)rdmaneg_ibcm_init(req, sizeof(req), RDMANEG_IBCM_REQ, 0);
	(void)rdmaneg_ibcm_set(req, sizeof(req), RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, id);
	(void)rdmaneg_ibcm_set(req, sizeof(req), RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, resp);
	(void)rdmaneg_ibcm_set(req, sizeof(req), RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, depth);
	rc = rdmaneg_ibcm_active_check(in.buf, in.len, req, sizeof(req), &m, &d);
	if (rc == RDMANEG_OK)
		print_msg(in.buf, in.len, &m, d);
	rdmaneg_cli_buf_free(&in);
	return rc == RDMANEG_OK ? 0 : rdmaneg_cli_fail_status("ibcm active", rc);
}
