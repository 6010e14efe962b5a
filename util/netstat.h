/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * netstat: one counter of the text of /proc/net/netstat (or snmp), where
 * each group is a line of names ("TcpExt: SyncookiesSent ...") followed by
 * a line of values ("TcpExt: 0 ..."). Pure: the caller reads the file.
 */
#ifndef RDMANEG_NETSTAT_H
#define RDMANEG_NETSTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The value of name in group of text[0..len-1] (no terminator needed):
 * true with *v, or false when the group or the name is absent, the two
 * lines differ in length, or the value is not a decimal that fits. */
bool rdmaneg_netstat_get(const char *text, size_t len, const char *group, const char *name,
			 uint64_t *v);

#endif
