// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * make live-smbd's judge (pure; live/smbd/smbd.h). Each row sets what the
 * spec makes a conforming peer do against what Linux did:
 *  - the data check: cifs's IRD/ORD header and Negotiate Request, ksmbd's
 *    header and Negotiate Response, as the capture shows them;
 *  - the hostile server's cases: cifs's answer to each response (it goes
 *    on, or closes: [ms-smbd#3.1.5.7]) and to each IRD/ORD header;
 *  - the hostile client's cases: ksmbd's answer to each request (a
 *    response, a failure response, or the end of the connection:
 *    [ms-smbd#3.1.5.6]) and its IRD/ORD header ([ms-smbd#6.1-2]).
 * Every expectation comes from the core and is checked against the
 * oracle's; a disagreement fails the run.
 */
#include "live/smbd/smbd_live.h"

#include "live/ulp/ulp_read.h"
#include "rules/smbd_rules.h"

#include <string.h>

/* the clause a client's first defect breaks ([ms-smbd#3.1.5.7]) */
static const char *client_clause(unsigned d)
{
	if (d & RDMANEG_SMBD_D_SHORT)
		return "ms-smbd#3.1.5.7-1";
	if (d & RDMANEG_SMBD_D_VERSION)
		return "ms-smbd#3.1.5.7-2";
	if (d & (RDMANEG_SMBD_D_RECEIVE | RDMANEG_SMBD_D_FRAGMENTED))
		return "ms-smbd#3.1.5.7-3";
	if (d & RDMANEG_SMBD_D_CREDITS)
		return "ms-smbd#3.1.5.7-4";
	if (d & RDMANEG_SMBD_D_PREFERRED)
		return "ms-smbd#3.1.5.7-5";
	if (d & RDMANEG_SMBD_D_STATUS)
		return "ms-smbd#3.1.5.7-6";
	return "ms-smbd#3.1.5.7";
}

/* the clause that decides a server's action ([ms-smbd#3.1.5.6]) */
static const char *server_clause(const struct rdmaneg_smbd_answer *a)
{
	if (a->defects & RDMANEG_SMBD_D_SHORT)
		return "ms-smbd#3.1.5.6-1";
	if (a->action == RDMANEG_SMBD_NOT_SUPPORTED)
		return "ms-smbd#3.1.5.6-2";
	if (a->action == RDMANEG_SMBD_TERMINATE)
		return "ms-smbd#3.1.5.6-3";
	return "ms-smbd#3.1.5.6";
}

static const char *action_name(unsigned a)
{
	return a == RDMANEG_SMBD_RESPOND	 ? "respond"
	       : a == RDMANEG_SMBD_NOT_SUPPORTED ? "not-supported"
						 : "terminate";
}

/* cifs's MaxReceiveSize: its request's, or its default */
static uint32_t own_receive(const struct live_ulp_bytes *req)
{
	struct rdmaneg_smbd_req r;

	if (rdmaneg_smbd_req_decode(req->b, req->kept, &r) == RDMANEG_OK)
		return r.max_receive_size;
	live_smbd_cifs_request(&r);
	return r.max_receive_size;
}

/* the client check of resp, held to the oracle's */
static unsigned check_response(struct live_ulp_rows *rows, const struct live_ulp_bytes *resp,
			       uint32_t own)
{
	struct rdmaneg_smbd_resp r;
	unsigned d = 0;

	(void)rdmaneg_smbd_client_check(resp->b, resp->kept, own, &r, &d);
	if (d != rdmaneg_ref_smbd_client(resp->b, resp->kept, own))
		rows->core_wrong++;
	return d;
}

/* the server judgement of req, held to the oracle's */
static void judge_request(struct live_ulp_rows *rows, const struct live_ulp_bytes *req,
			  struct rdmaneg_smbd_answer *a)
{
	const struct rdmaneg_smbd_local loc = RDMANEG_SMBD_LOCAL_LINUX;

	(void)rdmaneg_smbd_server_judge(req->b, req->kept, &loc, a);
	if (a->action != rdmaneg_ref_smbd_server(req->b, req->kept))
		rows->core_wrong++;
}

/* an IRD/ORD header's row ([ms-smbd#6.1-2]) */
static void irdord_row(struct live_ulp_rows *rows, const char *impl, const char *name,
		       const struct live_ulp_bytes *pd)
{
	uint32_t ird = 0, ord = 0;
	unsigned d = 0;
	char got[48];

	(void)rdmaneg_smbd_irdord_decode(pd->b, pd->kept, &ird, &ord, &d);
	if (d & RDMANEG_SMBD_D_SHORT)
		snprintf(got, sizeof(got), "%zu-octets", pd->len);
	else
		snprintf(got, sizeof(got), "%08x/%08x", (unsigned)ird, (unsigned)ord);
	live_ulp_row(rows, impl, name, "ms-smbd#6.1-2", "both>0", got,
		     d ? LIVE_ULP_DIVERGES : LIVE_ULP_CONFORMS,
		     d & RDMANEG_SMBD_D_ZERO ? "IRD or ORD is 0 (read big-endian)"
		     : d		     ? "no IRD/ORD header"
					     : NULL);
}

static void data_rows(struct live_ulp_rows *rows, const struct live_ulp_capture *cap, bool *ok)
{
	const struct live_ulp_conn *c = NULL;

	/* the connection whose negotiate the capture holds both ways */
	for (size_t i = 0; i < cap->nconn && !c; i++)
		if (cap->conn[i].have_cmsg && cap->conn[i].have_smsg)
			c = &cap->conn[i];
	if (!c) {
		fprintf(rows->out,
			"  no connection with both negotiate messages captured "
			"(%u frames, %zu connections)\n",
			cap->frames, cap->nconn);
		*ok = false;
		return;
	}
	{
		struct rdmaneg_smbd_answer a;
		struct rdmaneg_smbd_req req;
		struct rdmaneg_smbd_resp resp;
		unsigned d = check_response(rows, &c->smsg, own_receive(&c->cmsg));
		char got[48];

		if (c->have_req)
			irdord_row(rows, "cifs", "data", &c->req);
		if (c->have_rep)
			irdord_row(rows, "ksmbd", "data", &c->rep);
		judge_request(rows, &c->cmsg, &a);
		live_ulp_row(
			rows, "cifs", "data", server_clause(&a), "respond", action_name(a.action),
			a.action == RDMANEG_SMBD_RESPOND ? LIVE_ULP_CONFORMS : LIVE_ULP_DIVERGES,
			"its Negotiate Request, as a conforming server judges it");
		live_ulp_row(rows, "ksmbd", "data", client_clause(d), "no-defect",
			     d ? "defects" : "no-defect", d ? LIVE_ULP_DIVERGES : LIVE_ULP_CONFORMS,
			     "its Negotiate Response, as a conforming client checks it");
		/* [ms-smbd#3.1.5.6-4]: MaxReceiveSize at most the client's
		 * PreferredSendSize, and at least 128 */
		(void)rdmaneg_smbd_req_decode(c->cmsg.b, c->cmsg.kept, &req);
		(void)rdmaneg_smbd_resp_decode(c->smsg.b, c->smsg.kept, &resp);
		snprintf(got, sizeof(got), "%u", (unsigned)resp.max_receive_size);
		live_ulp_row(rows, "ksmbd", "data", "ms-smbd#3.1.5.6-4", "128..preferred", got,
			     resp.max_receive_size >= RDMANEG_SMBD_MIN_RECEIVE &&
					     resp.max_receive_size <= req.preferred_send_size
				     ? LIVE_ULP_CONFORMS
				     : LIVE_ULP_DIVERGES,
			     NULL);
	}
}

/* LIVE_SMBDS NAME REQUESTS ESTABLISHED AFTER CLIENT REQ OUR-PD FIRST REPLY */
static void server_row(struct live_ulp_rows *rows, const struct live_ulp_words *w)
{
	struct live_ulp_bytes req, ours, first, reply;
	struct live_smbd_case c;
	long i = live_smbd_case_index(w->w[0]);
	bool est = strcmp(w->w[2], "1") == 0;
	const char *after = w->w[3];

	if (i < 0 || !live_smbd_case((size_t)i, &c) || !live_ulp_bytes(w, 5, &req) ||
	    !live_ulp_bytes(w, 7, &ours) || !live_ulp_bytes(w, 9, &first) ||
	    !live_ulp_bytes(w, 11, &reply)) {
		rows->malformed++;
		live_ulp_row(rows, "cifs", w->w[0], "-", "-", "malformed", LIVE_ULP_MISSING, NULL);
		return;
	}
	if (strcmp(w->w[1], "0") == 0) {
		live_ulp_unreached(rows, "cifs", c.name,
				   c.what == LIVE_SMBD_W_MSG  ? "ms-smbd#3.1.5.7"
				   : c.what == LIVE_SMBD_W_PD ? "ms-smbd#6.1"
							      : "-",
				   w->w[4]);
		return;
	}
	if (c.what == LIVE_SMBD_W_MSG) {
		unsigned d;

		if (!est || !first.len) {
			live_ulp_row(rows, "cifs", c.name, "ms-smbd#3.1.5.7", "-",
				     est ? "no-request" : "not-connected", LIVE_ULP_MISSING, NULL);
			return;
		}
		d = check_response(rows, &reply, own_receive(&first));
		live_ulp_row(rows, "cifs", c.name, client_clause(d), d ? "closed" : "continued",
			     after,
			     strcmp(after, d ? "closed" : "continued") == 0 ? LIVE_ULP_CONFORMS
									    : LIVE_ULP_DIVERGES,
			     NULL);
		return;
	}
	/* the mount killed while its connect was held: measured, whether
	 * the kernel's connect went on for it ("connected") or not */
	if (c.how == LIVE_SMBD_HOLD) {
		live_ulp_row(rows, "cifs", c.name, "-", "-", after, LIVE_ULP_MEASURED,
			     strcmp(after, "connected") == 0
				     ? "its connect went on after the mount was killed"
				     : NULL);
		return;
	}
	/* the IRD/ORD header, or a reject: the spec says nothing of what the
	 * client does with them; measured */
	live_ulp_row(rows, "cifs", c.name, c.what == LIVE_SMBD_W_PD ? "ms-smbd#6.1" : "-", "-",
		     est ? after : "not-connected", LIVE_ULP_MEASURED, NULL);
}

/* LIVE_SMBDC NAME EVENT STATUS ESTABLISHED SENT GOT CLOSED OUR-PD REP MSG ANSWER */
static void client_row(struct live_ulp_rows *rows, const struct live_ulp_words *w)
{
	struct live_ulp_bytes ours, rep, msg, ans;
	struct live_smbd_case c;
	long i = live_smbd_case_index(w->w[0]);
	bool est = strcmp(w->w[3], "1") == 0, sent = strcmp(w->w[4], "1") == 0;
	bool got = strcmp(w->w[5], "1") == 0, closed = strcmp(w->w[6], "1") == 0;
	struct rdmaneg_smbd_answer a;
	char seen[40];

	if (i < 0 || !live_smbd_case((size_t)i, &c) || !live_ulp_bytes(w, 7, &ours) ||
	    !live_ulp_bytes(w, 9, &rep) || !live_ulp_bytes(w, 11, &msg) ||
	    !live_ulp_bytes(w, 13, &ans)) {
		rows->malformed++;
		live_ulp_row(rows, "ksmbd", w->w[0], "-", "-", "malformed", LIVE_ULP_MISSING, NULL);
		return;
	}
	if (c.what == LIVE_SMBD_W_PD) {
		if (est)
			irdord_row(rows, "ksmbd", c.name, &rep);
		else
			live_ulp_row(rows, "ksmbd", c.name, "ms-smbd#6.1", "-", w->w[1],
				     LIVE_ULP_MEASURED, NULL);
		return;
	}
	if (!est || (!sent && msg.len)) {
		live_ulp_row(rows, "ksmbd", c.name, "ms-smbd#3.1.5.6", "-",
			     est ? "not-sent" : w->w[1], LIVE_ULP_MISSING, NULL);
		return;
	}
	judge_request(rows, &msg, &a);
	if (got) {
		struct rdmaneg_smbd_resp r;

		if (rdmaneg_smbd_resp_decode(ans.b, ans.kept, &r) != RDMANEG_OK)
			snprintf(seen, sizeof(seen), "short-%zu", ans.len);
		else if (r.status == 0)
			snprintf(seen, sizeof(seen), "respond");
		else if (r.status == RDMANEG_SMBD_STATUS_NOT_SUPPORTED)
			snprintf(seen, sizeof(seen), "not-supported");
		else
			snprintf(seen, sizeof(seen), "status-%08x", (unsigned)r.status);
	} else {
		snprintf(seen, sizeof(seen), "%s", closed ? "terminate" : "silent");
	}
	{
		bool same = strcmp(seen, action_name(a.action)) == 0;
		unsigned d = 0;
		struct rdmaneg_smbd_req q;

		/* a response must also pass the client that sent the request */
		if (same && a.action == RDMANEG_SMBD_RESPOND &&
		    rdmaneg_smbd_req_decode(msg.b, msg.kept, &q) == RDMANEG_OK)
			d = check_response(rows, &ans, q.max_receive_size);
		live_ulp_row(rows, "ksmbd", c.name, d ? client_clause(d) : server_clause(&a),
			     action_name(a.action), seen,
			     same && !d ? LIVE_ULP_CONFORMS : LIVE_ULP_DIVERGES,
			     d ? "its response fails the client's checks" : NULL);
	}
}

static bool case_at(size_t i, char *name, size_t cap, const char **role)
{
	struct live_smbd_case c;

	if (!live_smbd_case(i, &c))
		return false;
	snprintf(name, cap, "%s", c.name);
	*role = c.role == LIVE_SMBD_SERVER ? "server" : "client";
	return true;
}

const struct live_ulp_suite live_smbd_suite = {
	"smbd",
	"LIVE_SMBD",
	"ksmbd and cifs",
	LIVE_SMBD_PORT,
	{ "LIVE_SMBDS", "LIVE_SMBDC" },
	{ 13, 15 },
	{ server_row, client_row },
	data_rows,
	case_at,
	live_smbd_case_index,
};
