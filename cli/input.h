/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The CLI's readers of untrusted input: hex arguments, -f files, sizes
 * with K/M/G suffixes, 14-bit IRD/ORD values, small header fields and RTR
 * lists. No printing: a reader fills err and returns nonzero, and the
 * command reports it. fuzz/cli_input.c fuzzes every one.
 */
#ifndef RDMANEG_CLI_INPUT_H
#define RDMANEG_CLI_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RDMANEG_CLI_FILE_MAX (1u << 20) /* -f reads at most this many octets */
#define RDMANEG_CLI_ERR_LEN 160u

/* Octets read from hex arguments or a file; buf is heap, NULL when empty. */
struct rdmaneg_cli_buf {
	uint8_t *buf;
	size_t len;
	bool given;
};

void rdmaneg_cli_buf_free(struct rdmaneg_cli_buf *in);

/* Joins n hex arguments (whitespace and ':' separate octets) into *in.
 * 0, or -1 with err set (a bad digit and its argument, an odd count,
 * out of memory) and *in empty. */
int rdmaneg_cli_hex(const char *const *args, int n, struct rdmaneg_cli_buf *in, char *err,
		    size_t errlen);

/* Reads fp to its end, at most RDMANEG_CLI_FILE_MAX octets; name is for
 * messages. 0, or -1 with err set and *in empty. */
int rdmaneg_cli_stream(FILE *fp, const char *name, struct rdmaneg_cli_buf *in, char *err,
		       size_t errlen);

/* The same from a path, "-" being stdin. */
int rdmaneg_cli_file(const char *path, struct rdmaneg_cli_buf *in, char *err, size_t errlen);

/* An unsigned decimal with an optional binary K, M or G (and "iB"): true
 * and *out, or false for a sign, junk, an empty string or an overflow. */
bool rdmaneg_cli_size(const char *s, size_t *out);

/* 0..0x3FFF ([rfc6581#9]), decimal or 0x hex. */
bool rdmaneg_cli_u14(const char *s, uint16_t *out);

/* 0..max, decimal or 0x hex (Rev, Res). */
bool rdmaneg_cli_uint(const char *s, unsigned long max, unsigned long *out);

/* "none" or a comma list of send, write, read ([rfc6581#9.2] B, C, D)
 * as RDMANEG_RTR_* bits; false for an empty list or an unknown word. */
bool rdmaneg_cli_rtr(const char *s, uint8_t *out);

#endif
