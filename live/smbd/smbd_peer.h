/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The hostile SMB Direct roles of make live-smbd (guest only;
 * live/smbd/smbd_peer.c): cases from index first, count of them (0: all),
 * each printed to out as a LIVE_SMBD* line.
 */
#ifndef RDMANEG_LIVE_SMBD_PEER_H
#define RDMANEG_LIVE_SMBD_PEER_H

#include <stddef.h>
#include <stdio.h>

/* The server's cases: each starts the kernel client argv (mount.cifs)
 * and answers it on addr's port 5445. 0, or 1 when it cannot listen. */
int live_smbd_server(const char *addr, size_t first, size_t count, char *const argv[], FILE *out);
/* The client's cases against the server on addr's port 5445. */
int live_smbd_client(const char *addr, size_t first, size_t count, FILE *out);

#endif
