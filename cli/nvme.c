// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the NVMe-oF RDMA transport commands (NVM Express RDMA
 * Transport Specification 1.0): nvme encode, judge and check. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

const char rdmaneg_cli_help_nvme_encode[] =
	"NAME\n"
	"    rdmaneg nvme encode - build NVMe-oF RDMA connect private data\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg nvme encode --kind request [--recfmt N] [--qid N] [--hrqsize N]\n"
	"        [--hsqsize N] [--cntlid N]\n"
	"    rdmaneg nvme encode --kind accept --hsqsize N\n"
	"    rdmaneg nvme encode --kind reject --sts N\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints the private data as hex: the host's 32-octet RDMA_CM_REQUEST\n"
	"    ([nvme-rdma#fig5]; defaults: the admin queue as Linux asks for it,\n"
	"    qid 0, hrqsize 32, hsqsize 31), the controller's 32-octet\n"
	"    RDMA_CM_ACCEPT answering a request with HSQSIZE N ([nvme-rdma#fig6]: CRQSIZE\n"
	"    equal to HSQSIZE), or its 4-octet RDMA_CM_REJECT with status 1..9\n"
	"    ([nvme-rdma#fig7], 11). Values are 0..65535, decimal or 0x hex.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg nvme encode --kind request --qid 1 --hrqsize 128 --hsqsize 127\n";

const char rdmaneg_cli_help_nvme_judge[] =
	"NAME\n"
	"    rdmaneg nvme judge - what a conforming NVMe-oF target answers a request\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg nvme judge [--max-qid N] [--admin-max N] [--io-max N]\n"
	"        [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the RDMA_CM_REQUEST private data ([nvme-rdma#fig5]) and prints\n"
	"    its fields, the status a strict target rejects it with (\"accept\" when\n"
	"    none; [nvme-rdma#fig11] names otherwise) and every answer that conforms. The\n"
	"    limits are the target's: I/O queue ids 1..max-qid, admin and I/O\n"
	"    queue entries (default Linux nvmet-rdma 6.1: 128, 32, 128). Private data\n"
	"    under 32 octets is judged, not refused: its answer is invalid_length.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg nvme judge $(rdmaneg nvme encode --kind request --hsqsize 32)\n";

const char rdmaneg_cli_help_nvme_check[] =
	"NAME\n"
	"    rdmaneg nvme check - a host's checks of an NVMe-oF accept or reject\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg nvme check [--hsqsize N] [--rnr] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the octets both as the RDMA_CM_ACCEPT private data that answered\n"
	"    a request with HSQSIZE N (default 31, Linux's admin queue; [nvme-rdma#fig6]) and\n"
	"    as RDMA_CM_REJECT private data ([nvme-rdma#fig7], 11), and prints each reading's\n"
	"    fields and defects: short, recfmt, crqsize (above HSQSIZE with --rnr,\n"
	"    RNR_RETRY_COUNT flow control; not equal to it without) and sts (0h or\n"
	"    reserved). A field is read only when all its octets are there.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg nvme check --rnr 0000 2000 $(printf '%.56d' 0)\n";

enum {
	OPT_HELP = 256,
	OPT_KIND,
	OPT_RECFMT,
	OPT_QID,
	OPT_HRQSIZE,
	OPT_HSQSIZE,
	OPT_CNTLID,
	OPT_STS,
	OPT_MAX_QID,
	OPT_ADMIN_MAX,
	OPT_IO_MAX,
	OPT_RNR
};

static const struct option opts[] = { { "kind", required_argument, NULL, OPT_KIND },
				      { "recfmt", required_argument, NULL, OPT_RECFMT },
				      { "qid", required_argument, NULL, OPT_QID },
				      { "hrqsize", required_argument, NULL, OPT_HRQSIZE },
				      { "hsqsize", required_argument, NULL, OPT_HSQSIZE },
				      { "cntlid", required_argument, NULL, OPT_CNTLID },
				      { "sts", required_argument, NULL, OPT_STS },
				      { "max-qid", required_argument, NULL, OPT_MAX_QID },
				      { "admin-max", required_argument, NULL, OPT_ADMIN_MAX },
				      { "io-max", required_argument, NULL, OPT_IO_MAX },
				      { "rnr", no_argument, NULL, OPT_RNR },
				      { "help", no_argument, NULL, OPT_HELP },
				      { NULL, 0, NULL, 0 } };

/* A u16 option's value into *out, or a usage error naming it. */
static int u16_opt(const char *cmd, const char *name, const char *s, uint16_t *out)
{
	unsigned long v;

	if (!rdmaneg_cli_uint(s, 65535, &v))
		return rdmaneg_cli_usage(cmd, "--%s: '%s' is not 0..65535", name, s);
	*out = (uint16_t)v;
	return 0;
}

static void print_hex(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
	putchar('\n');
}

int rdmaneg_cli_nvme_encode(int argc, char **argv)
{
	struct rdmaneg_nvme_req r = { 0, 0, 32, 31, 0, 0 };
	uint8_t out[RDMANEG_NVME_REQ_LEN];
	const char *kind = NULL, *name;
	bool hsq_given = false;
	uint16_t sts = 0;
	int c, rc = 0;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_nvme_encode, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+", opts, &name)) != -1) {
		switch (c) {
		case OPT_KIND:
			kind = optarg;
			break;
		case OPT_RECFMT:
			rc = u16_opt("nvme encode", name, optarg, &r.recfmt);
			break;
		case OPT_QID:
			rc = u16_opt("nvme encode", name, optarg, &r.qid);
			break;
		case OPT_HRQSIZE:
			rc = u16_opt("nvme encode", name, optarg, &r.hrqsize);
			break;
		case OPT_HSQSIZE:
			rc = u16_opt("nvme encode", name, optarg, &r.hsqsize);
			hsq_given = true;
			break;
		case OPT_CNTLID:
			rc = u16_opt("nvme encode", name, optarg, &r.cntlid);
			break;
		case OPT_STS:
			rc = u16_opt("nvme encode", name, optarg, &sts);
			break;
		default:
			return rdmaneg_cli_not_here("nvme encode", name);
		}
		if (rc != 0)
			return rc;
	}
	if (optind < argc)
		return rdmaneg_cli_usage("nvme encode", "unexpected argument '%s'", argv[optind]);
	if (!kind)
		return rdmaneg_cli_usage("nvme encode",
					 "--kind request, accept or reject is needed");
	if (strcmp(kind, "request") == 0) {
		if (sts)
			return rdmaneg_cli_usage("nvme encode", "--sts is for --kind reject");
		rc = rdmaneg_nvme_req_encode(&r, out, sizeof(out));
		if (rc == RDMANEG_OK)
			print_hex(out, RDMANEG_NVME_REQ_LEN);
	} else if (strcmp(kind, "accept") == 0) {
		if (!hsq_given || sts || r.recfmt || r.qid || r.cntlid || r.hrqsize != 32)
			return rdmaneg_cli_usage("nvme encode",
						 "--kind accept takes --hsqsize only");
		rc = rdmaneg_nvme_accept_encode(&r, out, sizeof(out));
		if (rc == RDMANEG_OK)
			print_hex(out, RDMANEG_NVME_ACCEPT_LEN);
	} else if (strcmp(kind, "reject") == 0) {
		if (hsq_given || r.recfmt || r.qid || r.cntlid || r.hrqsize != 32)
			return rdmaneg_cli_usage("nvme encode", "--kind reject takes --sts only");
		if (sts == 0 || sts > RDMANEG_NVME_STS_MAX)
			return rdmaneg_cli_usage("nvme encode", "--sts: 1..%u ([nvme-rdma#fig11])",
						 RDMANEG_NVME_STS_MAX);
		rc = rdmaneg_nvme_reject_encode(sts, out, sizeof(out));
		if (rc == RDMANEG_OK)
			print_hex(out, RDMANEG_NVME_REJECT_LEN);
	} else {
		return rdmaneg_cli_usage("nvme encode",
					 "--kind: '%s' is not request, accept or reject", kind);
	}
	return rc == RDMANEG_OK ? 0 : rdmaneg_cli_fail_status("nvme encode", rc);
}

/* The statuses of a bit set as a JSON array of names. */
static void print_allowed(unsigned allowed)
{
	const char *sep = "";

	putchar('[');
	for (unsigned k = 0; k <= RDMANEG_NVME_STS_MAX; k++)
		if ((allowed >> k) & 1u) {
			printf("%s\"%s\"", sep, rdmaneg_nvme_sts_name(k));
			sep = ",";
		}
	putchar(']');
}

static void print_defects(unsigned d)
{
	static const char *const names[] = { "short", "recfmt", "crqsize", "sts" };

	rdmaneg_cli_json_bits(d, names, sizeof(names) / sizeof(names[0]));
}

int rdmaneg_cli_nvme_judge(int argc, char **argv)
{
	struct rdmaneg_nvme_limits lim = RDMANEG_NVME_LIMITS_LINUX;
	struct rdmaneg_nvme_answer a;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	unsigned long v;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_nvme_judge, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		switch (c) {
		case 'f':
			file = optarg;
			break;
		case OPT_MAX_QID:
			rc = u16_opt("nvme judge", name, optarg, &lim.max_qid);
			if (rc != 0)
				return rc;
			break;
		case OPT_ADMIN_MAX:
		case OPT_IO_MAX:
			if (!rdmaneg_cli_uint(optarg, 65536, &v) || v == 0)
				return rdmaneg_cli_usage("nvme judge", "--%s: '%s' is not 1..65536",
							 name, optarg);
			*(c == OPT_ADMIN_MAX ? &lim.admin_max : &lim.io_max) = (uint32_t)v;
			break;
		default:
			return rdmaneg_cli_not_here("nvme judge", name);
		}
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "nvme judge", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_nvme_target_judge(in.buf, in.len, &lim, &a);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("nvme judge", rc);
	}
	printf("{\"length\":%zu,\"request\":", in.len);
	rdmaneg_cli_buf_free(&in);
	if (a.decoded)
		printf("{\"recfmt\":%u,\"qid\":%u,\"hrqsize\":%u,\"hsqsize\":%u,\"cntlid\":%u,"
		       "\"reserved_at\":%zu}",
		       a.req.recfmt, a.req.qid, a.req.hrqsize, a.req.hsqsize, a.req.cntlid,
		       a.req.reserved_at);
	else
		printf("null");
	printf(",\"strict\":\"%s\",\"sts\":%u,\"conforming\":", rdmaneg_nvme_sts_name(a.sts),
	       a.sts);
	print_allowed(a.allowed);
	printf("}\n");
	return 0;
}

int rdmaneg_cli_nvme_check(int argc, char **argv)
{
	struct rdmaneg_nvme_req r = { 0, 0, 0, 31, 0, 0 };
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	bool rnr = false;
	unsigned dacc = 0, drej = 0;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_nvme_check, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		switch (c) {
		case 'f':
			file = optarg;
			break;
		case OPT_HSQSIZE:
			rc = u16_opt("nvme check", name, optarg, &r.hsqsize);
			if (rc != 0)
				return rc;
			break;
		case OPT_RNR:
			rnr = true;
			break;
		default:
			return rdmaneg_cli_not_here("nvme check", name);
		}
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "nvme check", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_nvme_accept_check(in.buf, in.len, &r, rnr, &acc, &dacc);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_nvme_reject_read(in.buf, in.len, &rej, &drej);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("nvme check", rc);
	}
	printf("{\"length\":%zu,\"accept\":{", in.len);
	rdmaneg_cli_buf_free(&in);
	if (!(dacc & RDMANEG_NVME_D_SHORT))
		printf("\"recfmt\":%u,\"crqsize\":%u,\"reserved_at\":%zu,", acc.recfmt, acc.crqsize,
		       acc.reserved_at);
	printf("\"hsqsize\":%u,\"rnr\":%s,\"defects\":", r.hsqsize, rdmaneg_cli_jbool(rnr));
	print_defects(dacc);
	printf("},\"reject\":{");
	if (rej.has_recfmt)
		printf("\"recfmt\":%u,", rej.recfmt);
	if (rej.has_sts)
		printf("\"sts\":%u,\"status\":\"%s\",", rej.sts, rdmaneg_nvme_sts_name(rej.sts));
	printf("\"defects\":");
	print_defects(drej);
	printf("}}\n");
	return 0;
}
