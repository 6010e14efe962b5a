/* rdmaneg(1): command-line front end to the negotiation core, JSON out. */
#define _POSIX_C_SOURCE 200809L

#include "hex.h"
#include "json.h"
#include "rdmaneg.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_MALFORMED 1
#define EXIT_USAGE 2
#define FILE_MAX (1u << 20)

/* ---- help texts, man-page style ---- */

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
"    rdmaneg help [COMMAND]   |   rdmaneg --version\n"
"\n"
"DESCRIPTION\n"
"    Encodes, decodes and negotiates RPC-over-RDMA version 1 CM private\n"
"    data (RFC 8797) and MPA v2 Request/Reply frames (RFC 5044, RFC 6581).\n"
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

static const char help_decode[] =
"NAME\n"
"    rdmaneg decode - find and decode RFC 8797 private data in a buffer\n"
"\n"
"SYNOPSIS\n"
"    rdmaneg decode [--strict] [-f FILE | HEX...]\n"
"\n"
"DESCRIPTION\n"
"    Searches the buffer for the format identifier 0xf6ab0e18 at every\n"
"    offset (RFC 8797 sec. 5.2) and decodes the first valid version-1\n"
"    message. Occurrences that are truncated or carry another version are\n"
"    skipped; a later valid one is still found. A buffer with none is\n"
"    \"present\":false with a reason: empty, no_identifier, truncated or\n"
"    bad_version (the first failing occurrence). That is not an error.\n"
"\n"
"OPTIONS\n"
"    --strict    accept the message only at offset 0, as Linux peers send it\n"
"    -f FILE     read raw octets from FILE (- for stdin)\n"
"\n"
"EXAMPLES\n"
"    rdmaneg decode f6ab0e18 01 00 00 00\n"
"    rdmaneg decode --strict \"00 f6ab0e18 01 01 1f 1f\"\n";

static const char help_encode[] =
"NAME\n"
"    rdmaneg encode - build the 8-octet RFC 8797 message\n"
"\n"
"SYNOPSIS\n"
"    rdmaneg encode --send N --recv N [--remote-invalidation] [--json]\n"
"\n"
"DESCRIPTION\n"
"    Prints 16 hex digits. Sizes are octets; K, M and G suffixes are binary.\n"
"    Each is encoded as floor(N/1024)-1 (RFC 8797 sec. 4.2); above 262144\n"
"    it is clamped to 255, never wrapped. A size below 1024 is rejected\n"
"    (exit 1): advertising more than the real buffer is never done.\n"
"\n"
"OPTIONS\n"
"    --send N                largest Send this side will transmit\n"
"    --recv N                largest Receive buffer this side posts\n"
"    --remote-invalidation   set R (RFC 8797 sec. 4.1)\n"
"    --json                  print an object with the normalized sizes\n"
"\n"
"EXAMPLES\n"
"    rdmaneg encode --send 4096 --recv 8K --remote-invalidation\n";

static const char help_negotiate[] =
"NAME\n"
"    rdmaneg negotiate - compute inline thresholds for one side\n"
"\n"
"SYNOPSIS\n"
"    rdmaneg negotiate --role client|server --send N --recv N\n"
"                      [--remote-invalidation] [--strict] [-f FILE | PEER_HEX...]\n"
"\n"
"DESCRIPTION\n"
"    Decodes what the peer sent (nothing if PEER_HEX is omitted) and prints\n"
"    send_threshold = min(own send, peer receive) and recv_threshold =\n"
"    min(peer send, own receive), both also named by direction. Without a\n"
"    valid peer message the peer counts as 1024/1024 with R clear (RFC 8797\n"
"    sec. 5.1). Remote invalidation needs R from both sides (sec. 4.1).\n"
"    Local sizes are normalized as they are advertised.\n"
"\n"
"OPTIONS\n"
"    --role ROLE             client (connects) or server (accepts)\n"
"    --send N, --recv N      local sizes in octets (K, M, G suffixes)\n"
"    --remote-invalidation   this side sets R\n"
"    --strict                peer message accepted at offset 0 only\n"
"    -f FILE                 peer's private data as raw octets\n"
"\n"
"EXAMPLES\n"
"    rdmaneg negotiate --role client --send 32K --recv 32K f6ab0e18010003 07\n";

static const char help_mpa_decode[] =
"NAME\n"
"    rdmaneg mpa decode - parse an MPA Request or Reply frame\n"
"\n"
"SYNOPSIS\n"
"    rdmaneg mpa decode [-f FILE | HEX...]\n"
"\n"
"DESCRIPTION\n"
"    Parses the 20-octet header (RFC 5044 sec. 7.1), the enhanced data word\n"
"    when S=1 (RFC 6581 sec. 9), and searches the remaining ULP private data\n"
"    for an RFC 8797 message. Octets after PD_Length are not examined.\n"
"    Malformed frames exit 1 with an error naming the rule: mpa_short,\n"
"    mpa_key, mpa_rev0, mpa_rev_unknown, mpa_pd_too_long, mpa_pd_truncated,\n"
"    mpa_s_rev, mpa_s_short.\n"
"\n"
"EXAMPLES\n"
"    rdmaneg mpa decode 4d504120494420526571204672616d65 10 02 000c \\\n"
"        00050004 f6ab0e18 01 01 1f 1f\n";

static const char help_mpa_encode[] =
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

static const char help_mpa_negotiate[] =
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
"    9.1, 9.2) and the initiator completes (sec. 9.3). --request or --reply\n"
"    replaces the computed word with one taken from the wire (8 hex digits),\n"
"    so a captured exchange can be replayed against either side. Values\n"
"    accept 0x prefixes; 0x3FFF means \"do not negotiate\". The output\n"
"    shows both words, both outcomes with any TERM triple (layer 2, type 0,\n"
"    code 5, 6 or 7), and the sec. 9.1 inequalities.\n"
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

/* ---- output helpers ---- */

static void json_str(const char *s)
{
	putchar('"');
	rdmaneg_json_escape(stdout, s, strlen(s));
	putchar('"');
}

static void json_hex(const uint8_t *p, size_t n)
{
	putchar('"');
	rdmaneg_hex_print(stdout, p, n);
	putchar('"');
}

static const char *jbool(bool b)
{
	return b ? "true" : "false";
}

static int fail_input(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("{\"error\":");
	json_str(msg);
	printf("}\n");
	return EXIT_MALFORMED;
}

static int fail_status(const char *what, int rc)
{
	printf("{\"error\":");
	json_str(rdmaneg_strerror(rc));
	printf(",\"code\":\"%s\",\"where\":", rdmaneg_status_name(rc));
	json_str(what);
	printf("}\n");
	return EXIT_MALFORMED;
}

static int usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "rdmaneg %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'rdmaneg help %s'.\n", cmd);
	return EXIT_USAGE;
}

/* ---- input ---- */

struct input {
	uint8_t *buf;
	size_t len;
	bool given;
};

static void input_free(struct input *in)
{
	free(in->buf);
	in->buf = NULL;
	in->len = 0;
}

/* Joins args; returns 0, or EXIT_MALFORMED after printing the error. */
static int parse_hex(char **args, int n, struct input *in)
{
	struct rdmaneg_hex h;
	size_t total = 0;

	for (int i = 0; i < n; i++)
		total += strlen(args[i]);
	in->buf = malloc(total / 2 + 1);
	if (!in->buf)
		return fail_input("out of memory");
	in->len = 0;
	in->given = true;
	rdmaneg_hex_init(&h, in->buf, total / 2 + 1);
	for (int i = 0; i < n; i++) {
		int rc = rdmaneg_hex_feed(&h, args[i]);

		if (rc != RDMANEG_HEX_OK) {
			input_free(in);
			/* total / 2 + 1 octets hold every digit: FULL cannot happen */
			return rc == RDMANEG_HEX_DIGIT
				       ? fail_input("invalid hex digit '%c' in argument %d", *h.at,
						    i + 1)
				       : fail_input("hex input too long");
		}
	}
	if (!rdmaneg_hex_whole(&h)) {
		input_free(in);
		return fail_input("odd number of hex digits (%zu)", h.digits);
	}
	in->len = h.len;
	return 0;
}

static int read_file(const char *path, struct input *in)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	size_t n;

	if (!fp)
		return fail_input("cannot open %s: %s", path, strerror(errno));
	in->buf = malloc(FILE_MAX + 1);
	if (!in->buf) {
		if (fp != stdin)
			fclose(fp);
		return fail_input("out of memory");
	}
	n = fread(in->buf, 1, FILE_MAX + 1, fp);
	if (ferror(fp)) {
		if (fp != stdin)
			fclose(fp);
		input_free(in);
		return fail_input("cannot read %s", path);
	}
	if (fp != stdin)
		fclose(fp);
	if (n > FILE_MAX) {
		input_free(in);
		return fail_input("%s is larger than %u octets", path, FILE_MAX);
	}
	in->len = n;
	in->given = true;
	return 0;
}

static int get_input(const char *file, char **args, int n, struct input *in,
		     const char *cmd, bool optional)
{
	memset(in, 0, sizeof(*in));
	if (file && n > 0)
		return usage(cmd, "give either -f FILE or HEX, not both");
	if (file)
		return read_file(file, in);
	if (n == 0)
		return optional ? 0 : usage(cmd, "missing input: HEX or -f FILE");
	return parse_hex(args, n, in);
}

/* Unsigned decimal with optional K, M or G (binary); rejects signs and junk. */
static bool parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return false;
	if (*end != '\0') {
		const char *units = "KMG";
		const char *u = strchr(units, *end & ~0x20);
		unsigned long long mul = 1024u;

		if (!u)
			return false;
		for (const char *k = units; k < u; k++)
			mul *= 1024u;
		if (v > (unsigned long long)SIZE_MAX / mul)
			return false;
		v *= mul;
		end++;
		if (*end == 'i' && end[1] == 'B')
			end += 2;
	}
	if (*end != '\0' || v > SIZE_MAX)
		return false;
	*out = (size_t)v;
	return true;
}

/* 0..0x3FFF, decimal or 0x hex. */
static bool parse_u14(const char *s, uint16_t *out)
{
	char *end;
	unsigned long v;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno != 0 || *end != '\0' || v > RDMANEG_MPA_NO_NEGOTIATE)
		return false;
	*out = (uint16_t)v;
	return true;
}

static bool parse_rtr(const char *s, uint8_t *out)
{
	uint8_t set = 0;
	const char *p = s;

	if (strcmp(s, "none") == 0) {
		*out = 0;
		return true;
	}
	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == 4 && strncmp(p, "send", 4) == 0)
			set |= RDMANEG_RTR_SEND;
		else if (n == 5 && strncmp(p, "write", 5) == 0)
			set |= RDMANEG_RTR_WRITE;
		else if (n == 4 && strncmp(p, "read", 4) == 0)
			set |= RDMANEG_RTR_READ;
		else
			return false;
		p += n;
		if (*p == ',')
			p++;
	}
	*out = set;
	return set != 0;
}

static bool wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	return false;
}

/* ---- JSON bodies ---- */

static void print_rpcrdma(const struct rdmaneg_rpcrdma_result *r)
{
	if (!r->present) {
		printf("{\"present\":false,\"reason\":\"%s\",\"candidates\":%zu}",
		       rdmaneg_rpcrdma_reason_name(r->reason), r->candidates);
		return;
	}
	printf("{\"present\":true,\"offset\":%zu,\"version\":%u,"
	       "\"remote_invalidation\":%s,\"send_size\":%zu,\"recv_size\":%zu,"
	       "\"send_code\":%u,\"recv_code\":%u,\"reserved\":%u,\"candidates\":%zu}",
	       r->offset, r->version, jbool(r->remote_invalidation), r->send_size,
	       r->recv_size, r->send_code, r->recv_code,
	       (unsigned)(r->flags & ~RDMANEG_RPCRDMA_R_BIT) >> 1, r->candidates);
}

static const char *rtr_name(uint8_t rtr)
{
	static const char *const names[8] = {
		"", "send", "write", "send,write", "read", "send,read",
		"write,read", "send,write,read"
	};

	return names[rtr & 7u];
}

static void print_enh(const struct rdmaneg_mpa_enh *e)
{
	uint8_t w[4];

	printf("{\"a\":%s,\"b\":%s,\"c\":%s,\"d\":%s,\"ird\":%u,\"ord\":%u,\"word\":",
	       jbool(e->a), jbool(e->b), jbool(e->c), jbool(e->d), e->ird, e->ord);
	if (rdmaneg_mpa_enh_encode(e, w, sizeof(w)) == RDMANEG_OK)
		json_hex(w, sizeof(w));
	else
		printf("null");
	putchar('}');
}

/* ---- commands ---- */

static const struct option opt_input[] = {
	{ "strict", no_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int cmd_decode(int argc, char **argv)
{
	struct rdmaneg_rpcrdma_result r;
	struct input in;
	const char *file = NULL;
	unsigned flags = RDMANEG_DECODE_SEARCH;
	int c, rc;

	if (wants_help(argc, argv))
		return fputs(help_decode, stdout), 0;
	while ((c = getopt_long(argc, argv, "+f:", opt_input, NULL)) != -1) {
		if (c == 's')
			flags = RDMANEG_DECODE_STRICT;
		else if (c == 'f')
			file = optarg;
		else
			return usage("decode", "unknown option");
	}
	rc = get_input(file, argv + optind, argc - optind, &in, "decode", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_rpcrdma_decode(in.buf, in.len, flags, &r);
	free(in.buf);
	if (rc != RDMANEG_OK)
		return fail_status("decode", rc);
	print_rpcrdma(&r);
	putchar('\n');
	return 0;
}

struct local_opts {
	struct rdmaneg_rpcrdma_settings s;
	bool have_send, have_recv;
};

static const struct option opt_local[] = {
	{ "send", required_argument, NULL, 'S' },
	{ "recv", required_argument, NULL, 'R' },
	{ "remote-invalidation", no_argument, NULL, 'i' },
	{ "role", required_argument, NULL, 'r' },
	{ "strict", no_argument, NULL, 's' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int check_local_sizes(const struct rdmaneg_rpcrdma_settings *s)
{
	if (s->send_size < RDMANEG_INLINE_MIN)
		return fail_input("send size %zu is below the 1024-octet minimum "
				  "(RFC 8797 sec. 4.2)", s->send_size);
	if (s->recv_size < RDMANEG_INLINE_MIN)
		return fail_input("receive size %zu is below the 1024-octet minimum "
				  "(RFC 8797 sec. 4.2)", s->recv_size);
	return 0;
}

static int cmd_encode(int argc, char **argv)
{
	struct rdmaneg_rpcrdma_settings s = { 0, 0, false };
	bool have_send = false, have_recv = false, json = false;
	uint8_t m[RDMANEG_RPCRDMA_MSG_LEN];
	int c, rc;

	if (wants_help(argc, argv))
		return fputs(help_encode, stdout), 0;
	while ((c = getopt_long(argc, argv, "+", opt_local, NULL)) != -1) {
		switch (c) {
		case 'S':
			if (!parse_size(optarg, &s.send_size))
				return usage("encode", "--send: not a size: '%s'", optarg);
			have_send = true;
			break;
		case 'R':
			if (!parse_size(optarg, &s.recv_size))
				return usage("encode", "--recv: not a size: '%s'", optarg);
			have_recv = true;
			break;
		case 'i':
			s.remote_invalidation = true;
			break;
		case 'j':
			json = true;
			break;
		default:
			return usage("encode", "unknown option");
		}
	}
	if (!have_send || !have_recv)
		return usage("encode", "--send and --recv are required");
	if (optind < argc)
		return usage("encode", "unexpected argument '%s'", argv[optind]);
	rc = check_local_sizes(&s);
	if (rc != 0)
		return rc;
	rc = rdmaneg_rpcrdma_encode(&s, m, sizeof(m));
	if (rc != RDMANEG_OK)
		return fail_status("encode", rc);
	if (!json) {
		rdmaneg_hex_print(stdout, m, sizeof(m));
		putchar('\n');
		return 0;
	}
	printf("{\"private_data\":");
	json_hex(m, sizeof(m));
	printf(",\"send_size\":%zu,\"recv_size\":%zu,\"remote_invalidation\":%s}\n",
	       rdmaneg_rpcrdma_normalize(s.send_size),
	       rdmaneg_rpcrdma_normalize(s.recv_size), jbool(s.remote_invalidation));
	return 0;
}

static int cmd_negotiate(int argc, char **argv)
{
	struct rdmaneg_rpcrdma_settings s = { 0, 0, false };
	bool have_send = false, have_recv = false, have_role = false;
	enum rdmaneg_role role = RDMANEG_ROLE_CLIENT;
	unsigned flags = RDMANEG_DECODE_SEARCH;
	const char *file = NULL;
	uint8_t m[RDMANEG_RPCRDMA_MSG_LEN];
	struct rdmaneg_conn conn;
	struct input in;
	int c, rc;

	if (wants_help(argc, argv))
		return fputs(help_negotiate, stdout), 0;
	while ((c = getopt_long(argc, argv, "+f:", opt_local, NULL)) != -1) {
		switch (c) {
		case 'S':
			if (!parse_size(optarg, &s.send_size))
				return usage("negotiate", "--send: not a size: '%s'", optarg);
			have_send = true;
			break;
		case 'R':
			if (!parse_size(optarg, &s.recv_size))
				return usage("negotiate", "--recv: not a size: '%s'", optarg);
			have_recv = true;
			break;
		case 'i':
			s.remote_invalidation = true;
			break;
		case 'r':
			if (strcmp(optarg, "client") == 0)
				role = RDMANEG_ROLE_CLIENT;
			else if (strcmp(optarg, "server") == 0)
				role = RDMANEG_ROLE_SERVER;
			else
				return usage("negotiate", "--role must be client or server");
			have_role = true;
			break;
		case 's':
			flags = RDMANEG_DECODE_STRICT;
			break;
		case 'f':
			file = optarg;
			break;
		default:
			return usage("negotiate", "unknown option");
		}
	}
	if (!have_role || !have_send || !have_recv)
		return usage("negotiate", "--role, --send and --recv are required");
	rc = check_local_sizes(&s);
	if (rc != 0)
		return rc;
	rc = get_input(file, argv + optind, argc - optind, &in, "negotiate", true);
	if (rc != 0)
		return rc;
	rc = rdmaneg_conn_init(&conn, role, &s);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_conn_local_pd(&conn, m, sizeof(m));
	if (rc == RDMANEG_OK)
		rc = rdmaneg_conn_negotiate(&conn, in.buf, in.len, flags);
	free(in.buf);
	if (rc != RDMANEG_OK)
		return fail_status("negotiate", rc);
	printf("{\"role\":\"%s\",\"local\":{\"send_size\":%zu,\"recv_size\":%zu,"
	       "\"remote_invalidation\":%s,\"private_data\":",
	       role == RDMANEG_ROLE_CLIENT ? "client" : "server", conn.local.send_size,
	       conn.local.recv_size, jbool(conn.local.remote_invalidation));
	json_hex(m, sizeof(m));
	printf("},\"send_threshold\":%zu,\"recv_threshold\":%zu,"
	       "\"client_to_server\":%zu,\"server_to_client\":%zu,"
	       "\"remote_invalidation\":%s,\"peer_private_data\":",
	       conn.send_threshold, conn.recv_threshold, rdmaneg_conn_c2s(&conn),
	       rdmaneg_conn_s2c(&conn), jbool(conn.remote_invalidation));
	print_rpcrdma(&conn.peer);
	printf("}\n");
	return 0;
}

static int cmd_mpa_decode(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 }
	};
	struct rdmaneg_rpcrdma_result r;
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	const uint8_t *ulp;
	size_t ulp_len;
	const char *file = NULL;
	struct input in;
	int c, rc;

	if (wants_help(argc, argv))
		return fputs(help_mpa_decode, stdout), 0;
	while ((c = getopt_long(argc, argv, "+f:", opts, NULL)) != -1) {
		if (c == 'f')
			file = optarg;
		else
			return usage("mpa decode", "unknown option");
	}
	rc = get_input(file, argv + optind, argc - optind, &in, "mpa decode", false);
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
		free(in.buf);
		return fail_status("mpa decode", rc);
	}
	printf("{\"type\":\"%s\",\"marker\":%s,\"crc\":%s,\"reject\":%s,"
	       "\"enhanced\":%s,\"res\":%u,\"revision\":%u,\"pd_length\":%u,"
	       "\"frame_length\":%zu,\"trailing\":%zu,",
	       f.type == RDMANEG_MPA_REQUEST ? "request" : "reply", jbool(f.marker),
	       jbool(f.crc), jbool(f.reject), jbool(f.enhanced), f.res, f.rev,
	       f.pd_length, f.frame_len, in.len - f.frame_len);
	if (f.enhanced)
		printf("\"ird\":%u,\"ord\":%u,\"peer_to_peer\":%s,\"rtr_send\":%s,"
		       "\"rtr_write\":%s,\"rtr_read\":%s,",
		       e.ird, e.ord, jbool(e.a), jbool(e.b), jbool(e.c), jbool(e.d));
	else
		printf("\"ird\":null,\"ord\":null,\"peer_to_peer\":null,"
		       "\"rtr_send\":null,\"rtr_write\":null,\"rtr_read\":null,");
	printf("\"ulp_private_data\":");
	json_hex(ulp, ulp_len);
	printf(",\"rpcrdma\":");
	print_rpcrdma(&r);
	printf("}\n");
	free(in.buf);
	return 0;
}

static int cmd_mpa_encode(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "type", required_argument, NULL, 't' },
		{ "rev", required_argument, NULL, 'v' },
		{ "marker", no_argument, NULL, 'M' },
		{ "crc", no_argument, NULL, 'C' },
		{ "reject", no_argument, NULL, 'R' },
		{ "res", required_argument, NULL, 'e' },
		{ "enhanced", no_argument, NULL, 'S' },
		{ "ird", required_argument, NULL, 'I' },
		{ "ord", required_argument, NULL, 'O' },
		{ "p2p", no_argument, NULL, 'A' },
		{ "rtr", required_argument, NULL, 'T' },
		{ "ulp", required_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;
	uint8_t pd[RDMANEG_MPA_PD_MAX], out[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX];
	struct input ulp = { NULL, 0, false };
	bool have_type = false, have_rev = false;
	uint8_t rtr = 0;
	size_t n, pd_len = 0;
	unsigned long v;
	char *end;
	int c, rc;

	if (wants_help(argc, argv))
		return fputs(help_mpa_encode, stdout), 0;
	memset(&f, 0, sizeof(f));
	memset(&e, 0, sizeof(e));
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			if (strcmp(optarg, "request") == 0)
				f.type = RDMANEG_MPA_REQUEST;
			else if (strcmp(optarg, "reply") == 0)
				f.type = RDMANEG_MPA_REPLY;
			else
				return usage("mpa encode", "--type must be request or reply");
			have_type = true;
			break;
		case 'v':
		case 'e':
			errno = 0;
			v = strtoul(optarg, &end, 0);
			if (errno || *end || *optarg < '0' || *optarg > '9' ||
			    v > (c == 'v' ? 255u : 15u))
				return usage("mpa encode", "bad value '%s'", optarg);
			if (c == 'v') {
				f.rev = (uint8_t)v;
				have_rev = true;
			} else {
				f.res = (uint8_t)v;
			}
			break;
		case 'M': f.marker = true; break;
		case 'C': f.crc = true; break;
		case 'R': f.reject = true; break;
		case 'S': f.enhanced = true; break;
		case 'A': e.a = true; break;
		case 'I':
		case 'O':
			if (!parse_u14(optarg, c == 'I' ? &e.ird : &e.ord))
				return usage("mpa encode", "IRD/ORD must be 0..0x3FFF: '%s'", optarg);
			break;
		case 'T':
			if (!parse_rtr(optarg, &rtr))
				return usage("mpa encode", "--rtr: list of send,write,read");
			break;
		case 'u':
			free(ulp.buf);
			rc = parse_hex(&optarg, 1, &ulp);
			if (rc != 0)
				return rc;
			break;
		default:
			return usage("mpa encode", "unknown option");
		}
	}
	if (!have_type)
		return usage("mpa encode", "--type is required");
	if (optind < argc)
		return usage("mpa encode", "unexpected argument '%s'", argv[optind]);
	if (rtr && !e.a)
		return usage("mpa encode", "--rtr needs --p2p (RFC 6581 sec. 9.2)");
	e.b = (rtr & RDMANEG_RTR_SEND) != 0;
	e.c = (rtr & RDMANEG_RTR_WRITE) != 0;
	e.d = (rtr & RDMANEG_RTR_READ) != 0;
	if (!have_rev)
		f.rev = f.enhanced ? 2 : 1;
	if (f.enhanced) {
		rc = rdmaneg_mpa_enh_encode(&e, pd, sizeof(pd));
		if (rc != RDMANEG_OK)
			return fail_status("mpa encode", rc);
		pd_len = RDMANEG_MPA_ENH_LEN;
	}
	if (ulp.len > sizeof(pd) - pd_len) {
		free(ulp.buf);
		return fail_status("mpa encode", RDMANEG_E_MPA_PD_TOO_LONG);
	}
	if (ulp.len)
		memcpy(pd + pd_len, ulp.buf, ulp.len);
	pd_len += ulp.len;
	free(ulp.buf);
	f.pd_length = (uint16_t)pd_len;
	f.pd = pd_len ? pd : NULL;
	rc = rdmaneg_mpa_build(&f, out, sizeof(out), &n);
	if (rc != RDMANEG_OK)
		return fail_status("mpa encode", rc);
	rdmaneg_hex_print(stdout, out, n);
	putchar('\n');
	return 0;
}

static int word_arg(const char *s, struct rdmaneg_mpa_enh *e)
{
	struct input in;
	char *args[1];
	int rc;

	args[0] = (char *)(uintptr_t)s;
	rc = parse_hex(args, 1, &in);
	if (rc != 0)
		return rc;
	if (in.len != RDMANEG_MPA_ENH_LEN) {
		free(in.buf);
		return fail_input("a wire word is 4 octets (8 hex digits), got %zu", in.len);
	}
	rc = rdmaneg_mpa_enh_decode(in.buf, in.len, e);
	free(in.buf);
	return rc == RDMANEG_OK ? 0 : fail_status("mpa negotiate", rc);
}

static void print_outcome(const struct rdmaneg_mpa_outcome *o)
{
	printf("{\"accepted\":%s,\"term\":", jbool(o->accepted));
	if (o->term.code)
		printf("{\"layer\":%u,\"type\":%u,\"code\":%u}", o->term.layer,
		       o->term.type, o->term.code);
	else
		printf("null");
	printf(",\"ird\":%u,\"ord\":%u,\"peer_ird\":%u,\"peer_ord\":%u,"
	       "\"peer_to_peer\":%s,\"rtr\":\"%s\"}",
	       o->ird, o->ord, o->peer_ird, o->peer_ord, jbool(o->p2p), rtr_name(o->rtr));
}

static int cmd_mpa_negotiate(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "ini-ird", required_argument, NULL, 1 },
		{ "ini-ord", required_argument, NULL, 2 },
		{ "ini-ird-max", required_argument, NULL, 3 },
		{ "ini-p2p", no_argument, NULL, 4 },
		{ "ini-rtr", required_argument, NULL, 5 },
		{ "rsp-ird", required_argument, NULL, 6 },
		{ "rsp-ord", required_argument, NULL, 7 },
		{ "rsp-ird-max", required_argument, NULL, 8 },
		{ "rsp-ord-min", required_argument, NULL, 9 },
		{ "rsp-rtr", required_argument, NULL, 10 },
		{ "request", required_argument, NULL, 11 },
		{ "reply", required_argument, NULL, 12 },
		{ "rejected", no_argument, NULL, 13 },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct rdmaneg_mpa_local ini = { 4, 4, 16, 0, false, RDMANEG_RTR_ALL };
	struct rdmaneg_mpa_local rsp = { 4, 4, 16, 0, false, RDMANEG_RTR_SEND };
	struct rdmaneg_mpa_enh req, reply, wreq, wrep;
	struct rdmaneg_mpa_outcome ro, io;
	const char *req_hex = NULL, *rep_hex = NULL;
	bool rejected = false;
	uint16_t *u14 = NULL;
	int c, rc;

	if (wants_help(argc, argv))
		return fputs(help_mpa_negotiate, stdout), 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		switch (c) {
		case 1: u14 = &ini.ird; break;
		case 2: u14 = &ini.ord; break;
		case 3: u14 = &ini.ird_max; break;
		case 6: u14 = &rsp.ird; break;
		case 7: u14 = &rsp.ord; break;
		case 8: u14 = &rsp.ird_max; break;
		case 9: u14 = &rsp.ord_min; break;
		case 4: ini.p2p = true; continue;
		case 5:
		case 10:
			if (!parse_rtr(optarg, c == 5 ? &ini.rtr : &rsp.rtr))
				return usage("mpa negotiate", "RTR list: send,write,read");
			continue;
		case 11: req_hex = optarg; continue;
		case 12: rep_hex = optarg; continue;
		case 13: rejected = true; continue;
		default:
			return usage("mpa negotiate", "unknown option");
		}
		if (!parse_u14(optarg, u14))
			return usage("mpa negotiate", "value must be 0..0x3FFF: '%s'", optarg);
	}
	if (optind < argc)
		return usage("mpa negotiate", "unexpected argument '%s'", argv[optind]);
	rc = rdmaneg_mpa_request(&ini, &req);
	if (rc != RDMANEG_OK)
		return fail_status("initiator configuration", rc);
	rc = rdmaneg_mpa_check_responder(&rsp);
	if (rc != RDMANEG_OK)
		return fail_status("responder configuration", rc);
	wreq = req;
	if (req_hex && (rc = word_arg(req_hex, &wreq)) != 0)
		return rc;
	rc = rdmaneg_mpa_respond(&rsp, &wreq, &reply, &ro);
	if (rc != RDMANEG_OK)
		return fail_status("responder", rc);
	wrep = reply;
	if (rep_hex && (rc = word_arg(rep_hex, &wrep)) != 0)
		return rc;
	if (!rep_hex && !ro.accepted)
		rejected = true;
	rc = rdmaneg_mpa_complete(&ini, &req, &wrep, rejected, &io);
	if (rc != RDMANEG_OK)
		return fail_status("initiator", rc);
	printf("{\"request\":");
	print_enh(&wreq);
	printf(",\"responder\":");
	print_outcome(&ro);
	printf(",\"reply\":");
	print_enh(&wrep);
	printf(",\"reply_rejected\":%s,\"initiator\":", jbool(rejected));
	print_outcome(&io);
	printf(",\"checks\":{\"initiator_ord_le_responder_ird\":%s,"
	       "\"responder_ord_le_initiator_ird\":%s}}\n",
	       jbool(!(io.accepted && ro.accepted) || wrep.ird == RDMANEG_MPA_NO_NEGOTIATE ||
		     io.ord <= ro.ird),
	       jbool(!(io.accepted && ro.accepted) || wreq.ird == RDMANEG_MPA_NO_NEGOTIATE ||
		     ro.ord <= io.ird));
	return 0;
}

static int cmd_mpa(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(help_mpa_decode, stdout);
		fputs("\n", stdout);
		fputs(help_mpa_encode, stdout);
		fputs("\n", stdout);
		fputs(help_mpa_negotiate, stdout);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	if (strcmp(argv[1], "decode") == 0)
		return cmd_mpa_decode(argc - 1, argv + 1);
	if (strcmp(argv[1], "encode") == 0)
		return cmd_mpa_encode(argc - 1, argv + 1);
	if (strcmp(argv[1], "negotiate") == 0)
		return cmd_mpa_negotiate(argc - 1, argv + 1);
	return usage("mpa", "unknown subcommand '%s'", argv[1]);
}

static int cmd_help(int argc, char **argv)
{
	const char *t = argc > 1 ? argv[1] : "";
	const char *sub = argc > 2 ? argv[2] : "";

	if (strcmp(t, "decode") == 0)
		fputs(help_decode, stdout);
	else if (strcmp(t, "encode") == 0)
		fputs(help_encode, stdout);
	else if (strcmp(t, "negotiate") == 0)
		fputs(help_negotiate, stdout);
	else if (strcmp(t, "mpa") == 0 && strcmp(sub, "decode") == 0)
		fputs(help_mpa_decode, stdout);
	else if (strcmp(t, "mpa") == 0 && strcmp(sub, "encode") == 0)
		fputs(help_mpa_encode, stdout);
	else if (strcmp(t, "mpa") == 0 && strcmp(sub, "negotiate") == 0)
		fputs(help_mpa_negotiate, stdout);
	else if (strcmp(t, "mpa") == 0)
		printf("%s\n%s\n%s", help_mpa_decode, help_mpa_encode, help_mpa_negotiate);
	else if (*t == '\0')
		fputs(help_main, stdout);
	else
		return usage("help", "no page for '%s'", t);
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd;

	if (argc < 2) {
		fputs(help_main, stderr);
		return EXIT_USAGE;
	}
	cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
		return cmd_help(argc - 1, argv + 1);
	if (strcmp(cmd, "--version") == 0) {
		printf("rdmaneg %s\n", RDMANEG_VERSION);
		return 0;
	}
	if (strcmp(cmd, "decode") == 0)
		return cmd_decode(argc - 1, argv + 1);
	if (strcmp(cmd, "encode") == 0)
		return cmd_encode(argc - 1, argv + 1);
	if (strcmp(cmd, "negotiate") == 0)
		return cmd_negotiate(argc - 1, argv + 1);
	if (strcmp(cmd, "mpa") == 0)
		return cmd_mpa(argc - 1, argv + 1);
	return usage(cmd, "unknown command; try 'rdmaneg --help'");
}
