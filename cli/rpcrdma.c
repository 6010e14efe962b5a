// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the RFC 8797 commands, decode, encode and negotiate. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"

#include "util/hex.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char rdmaneg_cli_help_decode[] =
	"NAME\n"
	"    rdmaneg decode - find and decode RFC 8797 private data in a buffer\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg decode [--strict] [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Searches the buffer for the format identifier 0xf6ab0e18 at every\n"
	"    offset ([rfc8797#5.2]) and decodes the first valid version-1\n"
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

const char rdmaneg_cli_help_encode[] =
	"NAME\n"
	"    rdmaneg encode - build the 8-octet RFC 8797 message\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg encode --send N --recv N [--remote-invalidation] [--json]\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints 16 hex digits. Sizes are octets; K, M and G suffixes are binary.\n"
	"    Each is encoded as floor(N/1024)-1 ([rfc8797#4.2]); above 262144\n"
	"    it is clamped to 255, never wrapped. A size below 1024 is rejected\n"
	"    (exit 1): advertising more than the real buffer is never done.\n"
	"\n"
	"OPTIONS\n"
	"    --send N                largest Send this side will transmit\n"
	"    --recv N                largest Receive buffer this side posts\n"
	"    --remote-invalidation   set R ([rfc8797#4.1])\n"
	"    --json                  print an object with the normalized sizes\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg encode --send 4096 --recv 8K --remote-invalidation\n";

const char rdmaneg_cli_help_negotiate[] =
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
	"    valid peer message the peer counts as 1024/1024 with R clear\n"
	"    ([rfc8797#5.1]). Remote invalidation needs R from both sides ([rfc8797#4.1]).\n"
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

/* long options only; the values sit above every short option letter */
enum { OPT_STRICT = 256, OPT_SEND, OPT_RECV, OPT_REMOTE_INV, OPT_ROLE, OPT_JSON, OPT_HELP };

static const struct option opts[] = { { "strict", no_argument, NULL, OPT_STRICT },
				      { "send", required_argument, NULL, OPT_SEND },
				      { "recv", required_argument, NULL, OPT_RECV },
				      { "remote-invalidation", no_argument, NULL, OPT_REMOTE_INV },
				      { "role", required_argument, NULL, OPT_ROLE },
				      { "json", no_argument, NULL, OPT_JSON },
				      { "help", no_argument, NULL, OPT_HELP },
				      { NULL, 0, NULL, 0 } };

/* This side's --send, --recv and --remote-invalidation, for encode and
 * negotiate alike. */
struct local {
	struct rdmaneg_rpcrdma_settings s;
	bool have_send, have_recv;
};

/* Takes option c if it is one of the three; 1 taken, 0 not, else the exit
 * status after reporting. */
static int local_opt(const char *cmd, int c, const char *arg, struct local *l)
{
	switch (c) {
	case OPT_SEND:
		if (!rdmaneg_cli_size(arg, &l->s.send_size))
			return rdmaneg_cli_usage(cmd, "--send: not a size: '%s'", arg);
		l->have_send = true;
		return 1;
	case OPT_RECV:
		if (!rdmaneg_cli_size(arg, &l->s.recv_size))
			return rdmaneg_cli_usage(cmd, "--recv: not a size: '%s'", arg);
		l->have_recv = true;
		return 1;
	case OPT_REMOTE_INV:
		l->s.remote_invalidation = true;
		return 1;
	default:
		return 0;
	}
}

/* [rfc8797#4.2]: a size below 1024 cannot be advertised. */
static int check_local_sizes(const struct rdmaneg_rpcrdma_settings *s)
{
	if (s->send_size < RDMANEG_INLINE_MIN)
		return rdmaneg_cli_fail_input("send size %zu is below the 1024-octet minimum "
					      "([rfc8797#4.2])",
					      s->send_size);
	if (s->recv_size < RDMANEG_INLINE_MIN)
		return rdmaneg_cli_fail_input("receive size %zu is below the 1024-octet minimum "
					      "([rfc8797#4.2])",
					      s->recv_size);
	return 0;
}

int rdmaneg_cli_decode(int argc, char **argv)
{
	struct rdmaneg_rpcrdma_result r;
	struct rdmaneg_cli_buf in;
	const char *file = NULL;
	unsigned flags = RDMANEG_DECODE_SEARCH;
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_decode, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		if (c == OPT_STRICT)
			flags = RDMANEG_DECODE_STRICT;
		else if (c == 'f')
			file = optarg;
		else
			return rdmaneg_cli_not_here("decode", name);
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "decode", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_rpcrdma_decode(in.buf, in.len, flags, &r);
	rdmaneg_cli_buf_free(&in);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("decode", rc);
	rdmaneg_cli_print_rpcrdma(&r);
	putchar('\n');
	return 0;
}

int rdmaneg_cli_encode(int argc, char **argv)
{
	struct local l = { { 0, 0, false }, false, false };
	uint8_t m[RDMANEG_RPCRDMA_MSG_LEN];
	bool json = false;
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_encode, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+", opts, &name)) != -1) {
		rc = local_opt("encode", c, optarg, &l);
		if (rc == 1)
			continue;
		if (rc != 0)
			return rc;
		if (c != OPT_JSON)
			return rdmaneg_cli_not_here("encode", name);
		json = true;
	}
	if (!l.have_send || !l.have_recv)
		return rdmaneg_cli_usage("encode", "--send and --recv are required");
	if (optind < argc)
		return rdmaneg_cli_usage("encode", "unexpected argument '%s'", argv[optind]);
	rc = check_local_sizes(&l.s);
	if (rc != 0)
		return rc;
	rc = rdmaneg_rpcrdma_encode(&l.s, m, sizeof(m));
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("encode", rc);
	if (!json) {
		rdmaneg_hex_print(stdout, m, sizeof(m));
		putchar('\n');
		return 0;
	}
	printf("{\"private_data\":");
	rdmaneg_cli_json_hex(m, sizeof(m));
	printf(",\"send_size\":%zu,\"recv_size\":%zu,\"remote_invalidation\":%s}\n",
	       rdmaneg_rpcrdma_normalize(l.s.send_size), rdmaneg_rpcrdma_normalize(l.s.recv_size),
	       rdmaneg_cli_jbool(l.s.remote_invalidation));
	return 0;
}

int rdmaneg_cli_negotiate(int argc, char **argv)
{
	struct local l = { { 0, 0, false }, false, false };
	bool have_role = false;
	enum rdmaneg_role role = RDMANEG_ROLE_CLIENT;
	unsigned flags = RDMANEG_DECODE_SEARCH;
	const char *file = NULL;
	uint8_t m[RDMANEG_RPCRDMA_MSG_LEN];
	struct rdmaneg_conn conn;
	struct rdmaneg_cli_buf in;
	const char *name;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_negotiate, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", opts, &name)) != -1) {
		rc = local_opt("negotiate", c, optarg, &l);
		if (rc == 1)
			continue;
		if (rc != 0)
			return rc;
		switch (c) {
		case OPT_ROLE:
			if (strcmp(optarg, "client") == 0)
				role = RDMANEG_ROLE_CLIENT;
			else if (strcmp(optarg, "server") == 0)
				role = RDMANEG_ROLE_SERVER;
			else
				return rdmaneg_cli_usage("negotiate",
							 "--role must be client or server");
			have_role = true;
			break;
		case OPT_STRICT:
			flags = RDMANEG_DECODE_STRICT;
			break;
		case 'f':
			file = optarg;
			break;
		default:
			return rdmaneg_cli_not_here("negotiate", name);
		}
	}
	if (!have_role || !l.have_send || !l.have_recv)
		return rdmaneg_cli_usage("negotiate", "--role, --send and --recv are required");
	rc = check_local_sizes(&l.s);
	if (rc != 0)
		return rc;
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "negotiate", true);
	if (rc != 0)
		return rc;
	rc = rdmaneg_conn_init(&conn, role, &l.s);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_conn_local_pd(&conn, m, sizeof(m));
	if (rc == RDMANEG_OK)
		rc = rdmaneg_conn_negotiate(&conn, in.buf, in.len, flags);
	rdmaneg_cli_buf_free(&in);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("negotiate", rc);
	printf("{\"role\":\"%s\",\"local\":{\"send_size\":%zu,\"recv_size\":%zu,"
	       "\"remote_invalidation\":%s,\"private_data\":",
	       role == RDMANEG_ROLE_CLIENT ? "client" : "server", conn.local.send_size,
	       conn.local.recv_size, rdmaneg_cli_jbool(conn.local.remote_invalidation));
	rdmaneg_cli_json_hex(m, sizeof(m));
	printf("},\"send_threshold\":%zu,\"recv_threshold\":%zu,"
	       "\"client_to_server\":%zu,\"server_to_client\":%zu,"
	       "\"remote_invalidation\":%s,\"peer_private_data\":",
	       conn.send_threshold, conn.recv_threshold, rdmaneg_conn_c2s(&conn),
	       rdmaneg_conn_s2c(&conn), rdmaneg_cli_jbool(conn.remote_invalidation));
	rdmaneg_cli_print_rpcrdma(&conn.peer);
	printf("}\n");
	return 0;
}
