// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): JSON bits, error reports and usage messages (see cli.h). */
#include "cli/cli.h"

#include "util/hex.h"
#include "util/json.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *rdmaneg_cli_jbool(bool b)
{
	return b ? "true" : "false";
}

static void json_str(const char *s)
{
	putchar('"');
	rdmaneg_json_escape(stdout, s, strlen(s));
	putchar('"');
}

void rdmaneg_cli_json_bits(unsigned bits, const char *const *names, size_t n)
{
	const char *sep = "";

	putchar('[');
	for (size_t k = 0; k < n; k++)
		if ((bits >> k) & 1u) {
			printf("%s\"%s\"", sep, names[k]);
			sep = ",";
		}
	putchar(']');
}

void rdmaneg_cli_json_hex(const uint8_t *p, size_t n)
{
	putchar('"');
	rdmaneg_hex_print(stdout, p, n);
	putchar('"');
}

void rdmaneg_cli_print_rpcrdma(const struct rdmaneg_rpcrdma_result *r)
{
	if (!r->present) {
		printf("{\"present\":false,\"reason\":\"%s\",\"candidates\":%zu}",
		       rdmaneg_rpcrdma_reason_name(r->reason), r->candidates);
		return;
	}
	printf("{\"present\":true,\"offset\":%zu,\"version\":%u,"
	       "\"remote_invalidation\":%s,\"send_size\":%zu,\"recv_size\":%zu,"
	       "\"send_code\":%u,\"recv_code\":%u,\"reserved\":%u,\"candidates\":%zu}",
	       r->offset, r->version, rdmaneg_cli_jbool(r->remote_invalidation), r->send_size,
	       r->recv_size, r->send_code, r->recv_code,
	       (unsigned)(r->flags & ~RDMANEG_RPCRDMA_R_BIT) >> 1, r->candidates);
}

int rdmaneg_cli_fail_input(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("{\"error\":");
	json_str(msg);
	printf("}\n");
	return RDMANEG_CLI_EXIT_MALFORMED;
}

int rdmaneg_cli_fail_status(const char *what, int rc)
{
	printf("{\"error\":");
	json_str(rdmaneg_strerror(rc));
	printf(",\"code\":\"%s\",\"where\":", rdmaneg_status_name(rc));
	json_str(what);
	printf("}\n");
	return RDMANEG_CLI_EXIT_MALFORMED;
}

int rdmaneg_cli_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "rdmaneg %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'rdmaneg help %s'.\n", cmd);
	return RDMANEG_CLI_EXIT_USAGE;
}

int rdmaneg_cli_getopt(int argc, char **argv, const char *shorts, const struct option *opts,
		       const char **name)
{
	int idx = -1;
	int c = getopt_long(argc, argv, shorts, opts, &idx);

	*name = idx >= 0 ? opts[idx].name : NULL;
	return c;
}

int rdmaneg_cli_not_here(const char *cmd, const char *name)
{
	if (name)
		return rdmaneg_cli_usage(cmd, "--%s does not apply here", name);
	return rdmaneg_cli_usage(cmd, "unknown option");
}

bool rdmaneg_cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	return false;
}

int rdmaneg_cli_input(const char *file, char **args, int n, struct rdmaneg_cli_buf *in,
		      const char *cmd, bool optional)
{
	char err[RDMANEG_CLI_ERR_LEN];

	memset(in, 0, sizeof(*in));
	if (file && n > 0)
		return rdmaneg_cli_usage(cmd, "give either -f FILE or HEX, not both");
	if (!file && n == 0)
		return optional ? 0 : rdmaneg_cli_usage(cmd, "missing input: HEX or -f FILE");
	if ((file ? rdmaneg_cli_file(file, in, err, sizeof(err))
		  : rdmaneg_cli_hex((const char *const *)args, n, in, err, sizeof(err))) != 0)
		return rdmaneg_cli_fail_input("%s", err);
	return 0;
}

int rdmaneg_cli_hex_arg(const char *s, struct rdmaneg_cli_buf *in)
{
	char err[RDMANEG_CLI_ERR_LEN];
	const char *args[1] = { s };

	if (rdmaneg_cli_hex(args, 1, in, err, sizeof(err)) != 0)
		return rdmaneg_cli_fail_input("%s", err);
	return 0;
}
