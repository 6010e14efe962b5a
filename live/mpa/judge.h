/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * judge: the verdict on one live connection attempt, from the case's
 * definition and what both sides observed. Pure: the guest uses it to
 * decide on a replay, the host to report, and make test to check it.
 */
#ifndef RDMANEG_LIVE_JUDGE_H
#define RDMANEG_LIVE_JUDGE_H

#include "live/mpa/cases.h"
#include "live/mpa/obs.h"
#include "util/verdict.h"
#include <rdmaneg/rdmaneg.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* rdma_cm event numbers the judge needs (enum rdma_cm_event_type; the
 * harness asserts they match librdmacm's). */
#define LIVE_EV_CONNECT_REQUEST 4
#define LIVE_EV_REJECTED 8
#define LIVE_EV_ESTABLISHED 9
#define LIVE_EV_DISCONNECTED 10

/* What the case must produce, computed with the core from its definition. */
struct live_expected {
	enum live_expect expect;
	uint8_t cpd[255], spd[255]; /* what each side sends */
	size_t cpd_len, spd_len;
	struct rdmaneg_conn client, server; /* each side after negotiating with
					       what the other sent */
	/* [rfc6581#9.1]: the core's choice for these IRD/ORD values */
	bool core_mpa;
	uint16_t core_reply_ird, core_reply_ord;
};

struct live_verdict {
	struct rdmaneg_verdict verdict; /* conforms, or diverges with why in detail */
	bool wire_checked;		/* siw: the captured MPA frames were checked */
	bool wire_ok;
	char wire[240];
	bool reply_known; /* siw's Reply IRD/ORD, from the wire */
	uint16_t reply_ird, reply_ord;
};

/* A side's local settings as it lives by them: the core's message, or,
 * for raw octets, a legacy RFC 8166 peer (1024/1024) unless the
 * reference decoder finds a valid message in them ([rfc8797#5.1], 5.2). */
void live_side_effective(const struct live_side *s, struct rdmaneg_rpcrdma_settings *eff);

/* dev_ird: the device's max_qp_rd_atom, for the core's RFC 6581 choice. */
void live_expected_make(const struct live_case *c, enum live_transport t, int dev_ird,
			struct live_expected *e);

/* The private data a ULP is handed for `sent` on this transport, into
 * out[LIVE_PD_MAX]: the same octets on siw; on rxe the IB CM field,
 * zero-padded to 56 (REQ) or 196 (REP). [rfc8797#5.2] is why the
 * receiver searches: the transport adds octets of its own. */
size_t live_pd_delivery(enum live_transport t, bool request, const uint8_t *sent, size_t sent_len,
			uint8_t *out);
/* seen is exactly what live_pd_delivery() gives for sent. */
bool live_pd_delivered(enum live_transport t, bool request, const uint8_t *sent, size_t sent_len,
		       const uint8_t *seen, size_t seen_len);

/* The wire check (siw): the attempt's MPA Request and Reply against what
 * the case sent. Fills v->wire*. */
void live_wire_check(const struct live_case *c, const struct live_expected *e,
		     const struct live_obs *o, struct live_verdict *v);

/* The whole verdict: v->verdict, and the wire check. */
bool live_judge(const struct live_case *c, const struct live_expected *e, const struct live_obs *o,
		struct live_verdict *v);

/* The attempt conforms: every check passed. */
static inline bool live_passed(const struct live_verdict *v)
{
	return v->verdict.kind == RDMANEG_VERDICT_CONFORMS;
}

#endif
