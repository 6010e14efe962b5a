/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-iser's cases and judge (pure: no sockets, no verbs). The
 * guest (live/iser/iser-init.sh) runs the hostile target's cases against
 * Linux's iSER initiator (ib_iser, driven by open-iscsi), the data check
 * between ib_iser and LIO's isert with every MPA frame captured, then
 * the hostile initiator's cases against isert; each result is a
 * LIVE_ISER* line. live_iser_report judges them with the core
 * (src/iser_pd.c) and the oracle (oracle/iser_ref.c): docs/iser.md.
 */
#ifndef RDMANEG_LIVE_ISER_H
#define RDMANEG_LIVE_ISER_H

#include "live/ulp/ulp_read.h"
#include "util/casename.h"
#include <rdmaneg/iser_pd.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LIVE_ISER_PORT 3260			     /* LIO's portal: iSCSI's port */
#define LIVE_ISER_TARGET_PORT 3261		     /* the hostile target's rdma_cm listener */
#define LIVE_ISER_IQN "iqn.2026-11.org.rdmaneg:live" /* LIO's target */
/* isert: Send with Invalidate where the device can (siw and rxe can),
 * never zero-based VAs (ib_isert.c isert_rdma_accept: Z always) */
#define LIVE_ISERT_SI true
#define LIVE_ISERT_ZBVA false
#define LIVE_ISER_PD 200
#define LIVE_ISER_RANDOM 10 /* random cases per role */

/* TARGET: ours against ib_iser; INITIATOR: ours against isert */
enum live_iser_role { LIVE_ISER_TARGET = 0, LIVE_ISER_INITIATOR = 1 };
enum live_iser_how { LIVE_ISER_ACCEPT = 0, LIVE_ISER_REJECT = 1 };
/* What the hostile initiator does once connected. NONE: nothing (the
 * case is its REQ). LOGOUT_CLOSE: log in, send an immediate Logout and
 * close the connection as soon as it has left, so that isert's Logout
 * Response may meet a connection that is gone. LOGOUT_FAIL: the same,
 * with an RDMA Write to a key isert never registered right behind the
 * Logout, so that its QP fails as soon as the Logout has arrived, before
 * the response is posted (live_ulp_talk.poison). */
enum live_iser_session {
	LIVE_ISER_SESSION_NONE = 0,
	LIVE_ISER_LOGOUT_CLOSE = 1,
	LIVE_ISER_LOGOUT_FAIL = 2
};

struct live_iser_case {
	char name[RDMANEG_CASENAME_MAX];
	uint8_t role, how, session;
	uint8_t pd[LIVE_ISER_PD]; /* our REQ or REP header, or its cut or padding */
	size_t pd_len;
};

/* One index space, the target's cases first (they run first). */
size_t live_iser_case_count(void);
bool live_iser_case(size_t i, struct live_iser_case *c);
long live_iser_case_index(const char *name);

/*
 * iSCSI over iSER for the session cases (live/iser/iser_session.c, pure):
 * each message an iSER header (28 octets, the iSCSI control flag set)
 * and an iSCSI PDU (RFC 7143: a 48-octet basic header segment and its
 * data, padded to 4 octets).
 */
#define LIVE_ISER_CTRL_LEN 28
#define LIVE_ISER_BHS_LEN 48
/* The initiator name the session cases log in with */
#define LIVE_ISER_INITIATOR_IQN "iqn.2026-11.org.rdmaneg:hostile"
/* A Login Request (RFC 7143 11.12) of a new session (TSIH 0) to
 * LIVE_ISER_IQN that goes from operational negotiation to full feature
 * phase at once (T, CSG 1, NSG 3): LIO's portal needs no authentication
 * (live/guest/listeners.sh). Its length, or 0 when cap is too small. */
size_t live_iser_login_request(uint8_t *out, size_t cap);
/* The Login Request that answers a Login Response m[0..len-1] which kept
 * the login in its stage: each key the target offered (not those it
 * declares, nor a NotUnderstood, Irrelevant or Reject) with its value,
 * the first of a list; again T and NSG 3. Its length, or 0 when cap (or
 * LIVE_ISER_KEYS_MAX for the keys) is too small or m is too short. */
#define LIVE_ISER_KEYS_MAX 512
size_t live_iser_login_next(const uint8_t *m, size_t len, uint8_t *out, size_t cap);
/* The login's outcome in m[0..len-1] (RFC 7143 11.13): 0 when it is a
 * final Login Response that admits the session (status 0/0, T, NSG 3),
 * with its StatSN and ExpCmdSN; else -1 (too short, not an iSCSI control
 * message, not a Login Response) or the status class and detail as
 * 0xCCDD, or 0x10000 for a success that stays in login. */
long live_iser_login_outcome(const uint8_t *m, size_t len, uint32_t *stat_sn, uint32_t *exp_cmd_sn);
/* An immediate Logout Request that closes the session (RFC 7143 11.14,
 * reason 0), numbered after a Login Response with stat_sn and
 * exp_cmd_sn: its length, or 0 when cap is too small. */
size_t live_iser_logout_request(uint32_t stat_sn, uint32_t exp_cmd_sn, uint8_t *out, size_t cap);

/* make live-iser's console grammar and judges (live/iser/iser_report.c),
 * for live_ulp_report and live_ulp_next */
extern const struct live_ulp_suite live_iser_suite;

#endif
