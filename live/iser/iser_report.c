// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * make live-iser's judge (pure; live/iser/iser.h). Each row sets what the
 * header's rules make a conforming peer do against what Linux did:
 *  - the data check: ib_iser's REQ and isert's REP, as captured;
 *  - the hostile target's cases: ib_iser goes on to its Login after a REP
 *    that keeps its REQ's refusals, and stops after one that claims what
 *    it refused ([iser-a12#req-2], [iser-a12#req-3]);
 *  - the hostile initiator's cases: isert's REP says "not used" for what
 *    the REQ refused or left out ([iser-a12#req-2], [iser-a12#req-3]).
 * The target's expectation comes from the core and is checked against
 * the oracle's; a disagreement fails the run.
 */
#include "live/iser/iser.h"

#include "live/ulp/ulp_read.h"
#include "rules/iser_rules.h"

#include <string.h>

/* The REP a conforming isert sends for req: its flags octet; the oracle
 * holds the core to it */
static uint8_t expected_rep(struct live_ulp_rows *rows, const struct live_ulp_bytes *req)
{
	struct rdmaneg_iser_hdr rep;
	bool inv = false;
	uint8_t b[RDMANEG_ISER_HDR_LEN] = { 0 };

	(void)rdmaneg_iser_target_reply(req->b, req->kept < req->len ? req->kept : req->len,
					LIVE_ISERT_SI, LIVE_ISERT_ZBVA, &rep, &inv);
	if (inv != rdmaneg_ref_iser_may_invalidate(req->b, req->kept))
		rows->core_wrong++;
	(void)rdmaneg_iser_encode(&rep, b, sizeof(b));
	return b[0];
}

/* isert's REP against the one expected for req: a row */
static void rep_row(struct live_ulp_rows *rows, const char *name, const struct live_ulp_bytes *req,
		    const struct live_ulp_bytes *rep)
{
	uint8_t want = expected_rep(rows, req);
	char exp[16], got[16];
	const char *clause = "iser-a12#rep-1";
	bool ok;

	snprintf(exp, sizeof(exp), "%02x000000", want);
	if (rep->kept < RDMANEG_ISER_HDR_LEN) {
		snprintf(got, sizeof(got), "%zu-octets", rep->len);
		ok = false;
	} else {
		snprintf(got, sizeof(got), "%02x%02x%02x%02x", rep->b[0], rep->b[1], rep->b[2],
			 rep->b[3]);
		ok = rep->b[0] == want && !rep->b[1] && !rep->b[2] && !rep->b[3];
		if ((rep->b[0] ^ want) & RDMANEG_ISER_F_SI)
			clause = "iser-a12#req-2";
		else if ((rep->b[0] ^ want) & RDMANEG_ISER_F_ZBVA)
			clause = "iser-a12#req-3";
	}
	live_ulp_row(rows, "isert", name, clause, exp, got,
		     ok ? LIVE_ULP_CONFORMS : LIVE_ULP_DIVERGES, NULL);
}

/* LIVE_ISERI NAME EVENT STATUS ESTABLISHED OUR-PD REP */
static void initiator_row(struct live_ulp_rows *rows, const struct live_ulp_words *w)
{
	struct live_ulp_bytes ours, rep;
	struct live_iser_case c;
	long i = live_iser_case_index(w->w[0]);
	struct rdmaneg_iser_hdr h;
	unsigned d = 0;

	if (i < 0 || !live_iser_case((size_t)i, &c) || !live_ulp_bytes(w, 4, &ours) ||
	    !live_ulp_bytes(w, 6, &rep)) {
		rows->malformed++;
		live_ulp_row(rows, "isert", w->w[0], "-", "-", "malformed", LIVE_ULP_MISSING, NULL);
		return;
	}
	(void)rdmaneg_iser_decode(ours.b, ours.kept, &h, &d);
	if (strcmp(w->w[3], "1") != 0) {
		/* a well-formed REQ is one a target accepts; a malformed one it
		 * may refuse */
		live_ulp_row(rows, "isert", c.name, "iser-a12#req-1", d ? "-" : "accept", w->w[1],
			     d ? LIVE_ULP_MEASURED : LIVE_ULP_DIVERGES, NULL);
		return;
	}
	rep_row(rows, c.name, &ours, &rep);
}

/* LIVE_ISERT NAME REQUESTS ESTABLISHED AFTER CLIENT REQ OUR-PD FIRST */
static void target_row(struct live_ulp_rows *rows, const struct live_ulp_words *w)
{
	struct live_ulp_bytes req, ours, first;
	struct live_iser_case c;
	long i = live_iser_case_index(w->w[0]);
	struct rdmaneg_iser_hdr sent, h;
	unsigned d = 0, dq = 0;
	const char *after = w->w[3];

	if (i < 0 || !live_iser_case((size_t)i, &c) || !live_ulp_bytes(w, 5, &req) ||
	    !live_ulp_bytes(w, 7, &ours) || !live_ulp_bytes(w, 9, &first)) {
		rows->malformed++;
		live_ulp_row(rows, "ib_iser", w->w[0], "-", "-", "malformed", LIVE_ULP_MISSING,
			     NULL);
		return;
	}
	if (strcmp(w->w[1], "0") == 0) {
		live_ulp_unreached(rows, "ib_iser", c.name,
				   c.how == LIVE_ISER_REJECT ? "-" : "iser-a12#rep-1", w->w[4]);
		return;
	}
	if (c.how == LIVE_ISER_REJECT) {
		live_ulp_row(rows, "ib_iser", c.name, "-", "-", after, LIVE_ULP_MEASURED, NULL);
		return;
	}
	if (strcmp(w->w[2], "1") != 0 || !req.len) {
		live_ulp_row(rows, "ib_iser", c.name, "iser-a12#rep-1", "-", "not-connected",
			     LIVE_ULP_MISSING, NULL);
		return;
	}
	(void)rdmaneg_iser_decode(req.b, req.kept, &sent, &dq);
	(void)rdmaneg_iser_initiator_check(ours.b, ours.kept < ours.len ? ours.kept : ours.len,
					   &sent, &h, &d);
	if (d & (RDMANEG_ISER_D_SI | RDMANEG_ISER_D_ZBVA)) {
		/* the target claims what the initiator refused: it cannot go on */
		live_ulp_row(rows, "ib_iser", c.name,
			     d & RDMANEG_ISER_D_SI ? "iser-a12#req-2" : "iser-a12#req-3", "closed",
			     after,
			     strcmp(after, "closed") == 0 ? LIVE_ULP_CONFORMS : LIVE_ULP_DIVERGES,
			     NULL);
	} else if (d) {
		live_ulp_row(rows, "ib_iser", c.name, "iser-a12#rep-1", "-", after,
			     LIVE_ULP_MEASURED,
			     d & RDMANEG_ISER_D_SHORT ? "short REP" : "reserved set");
	} else {
		live_ulp_row(rows, "ib_iser", c.name, "iser-a12#rep-1", "continued", after,
			     strcmp(after, "continued") == 0 ? LIVE_ULP_CONFORMS
							     : LIVE_ULP_DIVERGES,
			     NULL);
	}
}

static void data_rows(struct live_ulp_rows *rows, const struct live_ulp_capture *cap, bool *ok)
{
	const struct live_ulp_conn *c = NULL;
	struct rdmaneg_iser_hdr h;
	unsigned d = 0;
	char got[16];

	for (size_t i = 0; i < cap->nconn && !c; i++)
		if (cap->conn[i].have_req && cap->conn[i].have_rep)
			c = &cap->conn[i];
	if (!c) {
		fprintf(rows->out, "  no connection with its REQ and REP captured (%u frames)\n",
			cap->frames);
		*ok = false;
		return;
	}
	(void)rdmaneg_iser_decode(c->req.b, c->req.kept, &h, &d);
	snprintf(got, sizeof(got), "%zu-octets", c->req.len);
	live_ulp_row(rows, "ib_iser", "data", "iser-a12#req-1", "4-octets,clean", d ? got : "clean",
		     d ? LIVE_ULP_DIVERGES : LIVE_ULP_CONFORMS, "its REQ header");
	rep_row(rows, "data", &c->req, &c->rep);
}

static bool case_at(size_t i, char *name, size_t cap, const char **role)
{
	struct live_iser_case c;

	if (!live_iser_case(i, &c))
		return false;
	snprintf(name, cap, "%s", c.name);
	*role = c.role == LIVE_ISER_TARGET ? "target" : "initiator";
	return true;
}

const struct live_ulp_suite live_iser_suite = {
	"iser",
	"LIVE_ISER",
	"ib_iser and isert",
	LIVE_ISER_PORT,
	{ "LIVE_ISERT", "LIVE_ISERI" },
	{ 11, 8 },
	{ target_row, initiator_row },
	data_rows,
	case_at,
	live_iser_case_index,
};
