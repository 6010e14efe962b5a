/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rdmaneg(1) internals shared by its command files: the commands and
 * their help pages, and the output helpers. main.c holds the one verb
 * table (util/verb.h's rows, each command's help its whole page); help,
 * dispatch and the man page all walk it.
 */
#ifndef RDMANEG_CLI_H
#define RDMANEG_CLI_H

#include "cli/input.h"
#include <rdmaneg/rdmaneg.h>

#include <getopt.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exit statuses (the EXIT STATUS section of the main help page). */
#define RDMANEG_CLI_EXIT_OK 0
#define RDMANEG_CLI_EXIT_MALFORMED 1 /* {"error":...} on stdout */
#define RDMANEG_CLI_EXIT_USAGE 2     /* a message on stderr */

/* rpcrdma.c: RFC 8797 */
int rdmaneg_cli_decode(int argc, char **argv);
int rdmaneg_cli_encode(int argc, char **argv);
int rdmaneg_cli_negotiate(int argc, char **argv);
extern const char rdmaneg_cli_help_decode[];
extern const char rdmaneg_cli_help_encode[];
extern const char rdmaneg_cli_help_negotiate[];

/* mpa.c: RFC 5044, RFC 6581 */
int rdmaneg_cli_mpa_decode(int argc, char **argv);
int rdmaneg_cli_mpa_encode(int argc, char **argv);
int rdmaneg_cli_mpa_negotiate(int argc, char **argv);
extern const char rdmaneg_cli_help_mpa_decode[];
extern const char rdmaneg_cli_help_mpa_encode[];
extern const char rdmaneg_cli_help_mpa_negotiate[];

/* nvme.c: NVMe-oF RDMA transport */
int rdmaneg_cli_nvme_encode(int argc, char **argv);
int rdmaneg_cli_nvme_judge(int argc, char **argv);
int rdmaneg_cli_nvme_check(int argc, char **argv);
extern const char rdmaneg_cli_help_nvme_encode[];
extern const char rdmaneg_cli_help_nvme_judge[];
extern const char rdmaneg_cli_help_nvme_check[];

/* smbd.c: SMB Direct (MS-SMBD) */
int rdmaneg_cli_smbd_encode(int argc, char **argv);
int rdmaneg_cli_smbd_judge(int argc, char **argv);
int rdmaneg_cli_smbd_check(int argc, char **argv);
extern const char rdmaneg_cli_help_smbd_encode[];
extern const char rdmaneg_cli_help_smbd_judge[];
extern const char rdmaneg_cli_help_smbd_check[];

/* iser.c: iSER CM private data */
int rdmaneg_cli_iser_encode(int argc, char **argv);
int rdmaneg_cli_iser_reply(int argc, char **argv);
int rdmaneg_cli_iser_check(int argc, char **argv);
extern const char rdmaneg_cli_help_iser_encode[];
extern const char rdmaneg_cli_help_iser_reply[];
extern const char rdmaneg_cli_help_iser_check[];

/* ibcm.c: the InfiniBand CM's MADs */
int rdmaneg_cli_ibcm_encode(int argc, char **argv);
int rdmaneg_cli_ibcm_passive(int argc, char **argv);
int rdmaneg_cli_ibcm_active(int argc, char **argv);
extern const char rdmaneg_cli_help_ibcm_encode[];
extern const char rdmaneg_cli_help_ibcm_passive[];
extern const char rdmaneg_cli_help_ibcm_active[];

/* roce.c: RoCE v2 frames */
int rdmaneg_cli_roce_encode(int argc, char **argv);
int rdmaneg_cli_roce_decode(int argc, char **argv);
extern const char rdmaneg_cli_help_roce_encode[];
extern const char rdmaneg_cli_help_roce_decode[];

/* output.c */
const char *rdmaneg_cli_jbool(bool b);
/* A bit set as a JSON array of the names of its set bits (bit k:
 * names[k], k below n). */
void rdmaneg_cli_json_bits(unsigned bits, const char *const *names, size_t n);
void rdmaneg_cli_json_hex(const uint8_t *p, size_t n);
void rdmaneg_cli_print_rpcrdma(const struct rdmaneg_rpcrdma_result *r);
/* {"error":MSG} on stdout; returns RDMANEG_CLI_EXIT_MALFORMED */
int rdmaneg_cli_fail_input(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* {"error":...,"code":NAME,"where":WHAT}; returns RDMANEG_CLI_EXIT_MALFORMED */
int rdmaneg_cli_fail_status(const char *what, int rc);
/* "rdmaneg CMD: MSG" on stderr; returns RDMANEG_CLI_EXIT_USAGE */
int rdmaneg_cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* getopt_long, remembering in *name the long option it matched (NULL for
 * a short one or an error), so that a command can name an option that
 * exists but is not its own. */
int rdmaneg_cli_getopt(int argc, char **argv, const char *shorts, const struct option *opts,
		       const char **name);
/* The usage error for an option CMD does not take; name may be NULL
 * (getopt has then already named the option). */
int rdmaneg_cli_not_here(const char *cmd, const char *name);
/* True when --help or -h is among argv[1..]. */
bool rdmaneg_cli_wants_help(int argc, char **argv);
/* -f FILE or HEX arguments into *in (optional: neither is allowed);
 * 0, or the exit status after reporting. */
int rdmaneg_cli_input(const char *file, char **args, int n, struct rdmaneg_cli_buf *in,
		      const char *cmd, bool optional);
/* One hex argument into *in; 0, or the exit status after reporting. */
int rdmaneg_cli_hex_arg(const char *s, struct rdmaneg_cli_buf *in);

#endif
