/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-smbd's cases and judge (pure: no sockets, no verbs). The
 * guest (live/smbd/smbd-init.sh) runs the hostile server's cases against
 * Linux's cifs client, then the data check between ksmbd and cifs with
 * every MPA frame and the first FPDUs of each connection captured, then
 * the hostile client's cases against ksmbd; each result is a LIVE_SMBD*
 * line. live_smbd_report judges them with the core (src/smbd.c) and the
 * oracle (oracle/smbd_ref.c): docs/smbd.md's tables.
 */
#ifndef RDMANEG_LIVE_SMBD_LIVE_H
#define RDMANEG_LIVE_SMBD_LIVE_H

#include "live/ulp/ulp_read.h"
#include "util/casename.h"
#include <rdmaneg/smbd.h> /* the core's */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_SMBD_PORT 5445 /* MS-SMBD section 1.9: SMB Direct over iWARP */
#define LIVE_SMBD_ADDR "192.0.2.1"
#define LIVE_SMBD_PD 40
#define LIVE_SMBD_MSG 64
#define LIVE_SMBD_RANDOM 12 /* random cases per role, after each role's table */

/* SERVER: ours against the kernel's cifs client; CLIENT: ours against ksmbd */
enum live_smbd_role { LIVE_SMBD_SERVER = 0, LIVE_SMBD_CLIENT = 1 };
/* what a case tests: the IRD/ORD header, or the negotiate message */
enum live_smbd_what { LIVE_SMBD_W_PD = 0, LIVE_SMBD_W_MSG = 1, LIVE_SMBD_W_CM = 2 };
/* the hostile server's answer to the connection request; ABORT (the
 * client's): MPA Requests whose TCP connections reset before ksmbd can
 * accept them, then an ordinary connection (live/smbd/smbd_peer.c); HOLD
 * (the server's): no answer, cifs's TCP handshake held while the mount
 * is killed (live/ulp/ulp_hold.c) */
enum live_smbd_how {
	LIVE_SMBD_ACCEPT = 0,
	LIVE_SMBD_REJECT = 1,
	LIVE_SMBD_ABORT = 2,
	LIVE_SMBD_HOLD = 3
};

struct live_smbd_case {
	char name[RDMANEG_CASENAME_MAX];
	uint8_t role, what, how;
	uint8_t pd[LIVE_SMBD_PD]; /* our private data */
	size_t pd_len;
	/* our message: the base (cifs's request; the response the core's
	 * server builds for the kernel's request), then one field set
	 * (little-endian, w 2 or 4 octets at off; w 0: none), then octets
	 * flipped (random cases: mask[i] XORed at off i), then cut or padded
	 * with zeros to len (-1: as built) */
	size_t off;
	unsigned w;
	uint32_t val;
	uint8_t mask[LIVE_SMBD_MSG];
	long len;
};

/* The cases: one index space, the server's first (they run first in the
 * guest, while port 5445 is free). */
size_t live_smbd_case_count(void);
bool live_smbd_case(size_t i, struct live_smbd_case *c);
long live_smbd_case_index(const char *name);

/* cifs 6.1's Negotiate Request (fs/cifs/smbdirect.c smbd_post_send_negotiate_req
 * with its defaults): the hostile client's base message. */
void live_smbd_cifs_request(struct rdmaneg_smbd_req *r);
/* Case c's message from base[0..base_len-1] into out (cap at least
 * LIVE_SMBD_MSG); its length. */
size_t live_smbd_message(const struct live_smbd_case *c, const uint8_t *base, size_t base_len,
			 uint8_t *out, size_t cap);
/* The hostile server's base message: the core's response to the kernel's
 * request req[0..len-1] under ksmbd 6.1's resources; its length (0 when
 * the core terminates). */
size_t live_smbd_response(const uint8_t *req, size_t len, uint8_t *out, size_t cap);

/* make live-smbd's console grammar and judges (live/smbd/smbd_report.c),
 * for live_ulp_report and live_ulp_next */
extern const struct live_ulp_suite live_smbd_suite;

/* rdmaneg-live smbd-write (smbd_write.c): src copied to dst in write(2)s
 * of size octets (the last: what is left) from a buffer offset octets into
 * a page. 0, 1 on an I/O error, 2 on a bad offset or size; why on err. */
#define LIVE_SMBD_WRITE_MAX (1 << 20)
int live_smbd_write(const char *src, const char *dst, size_t offset, size_t size, FILE *err);

#endif
