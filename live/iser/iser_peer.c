// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * iser_peer (guest only): the harness as a hostile iSER target against
 * Linux's ib_iser, and as a hostile initiator against LIO's isert,
 * through live/ulp/. Each case prints LIVE_ISER_CASE ROLE NAME, then:
 *   LIVE_ISERT NAME REQUESTS ESTABLISHED AFTER CLIENT  REQ OUR-PD FIRST
 *   LIVE_ISERI NAME EVENT STATUS ESTABLISHED  OUR-PD REP
 * each octet string as "LEN HEX" (live_ulp_hex); judged on the host
 * (live/iser/iser_report.c). The target answers no message: ib_iser's
 * first one (its iSCSI Login) shows that it went on. A session case
 * (LIVE_ISER_LOGOUT_*) prints before its LIVE_ISERI line
 *   LIVE_ISER_SESSION NAME LOGIN ROUNDS LOGOUT
 * LOGIN the last Login Response's outcome (live_iser_login_outcome, in
 * hex; "none": no response), ROUNDS the responses, LOGOUT "sent-closed"
 * (the Logout left and the connection was closed right after) or "-":
 * the kernel's lines after it are what isert did with it.
 */
#include "live/iser/iser_peer.h"

#include "live/core/cm.h"
#include "live/iser/iser.h"
#include "live/ulp/ulp.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define WAIT_MS 5000	/* for the initiator's Login after the accept */
#define CLIENT_MS 40000 /* a login attempt, at most */
/* for isert's Login Response: past LIO's login timeout (15 s,
 * TA_LOGIN_TIMEOUT), for which a connection of an earlier case that never
 * logged in holds the portal's login thread, gone or not */
#define LOGIN_MS 20000
#define AFTER_MS 3000  /* for isert to handle the Logout, before the next case */
#define LOGIN_ROUNDS 4 /* Login Responses answered, at most */

/* case i as the target's (live_ulp_server_cases.nth) */
static int target_case(size_t i, struct live_ulp_case *u, void *ctx)
{
	struct live_iser_case *c = ctx;

	if (!live_iser_case(i, c))
		return -1;
	if (c->role != LIVE_ISER_TARGET)
		return 0;
	*u = (struct live_ulp_case){ .name = c->name,
				     .how = c->how == LIVE_ISER_REJECT ? LIVE_ULP_REJECT
								       : LIVE_ULP_ACCEPT,
				     .pd = c->pd,
				     .pd_len = c->pd_len };
	return 1;
}

int live_iser_target(const char *addr, size_t first, size_t count, char *const argv[], FILE *out)
{
	static struct live_iser_case c;
	const struct live_ulp_server_cases s = { .verb = "iser-target",
						 .port = LIVE_ISER_TARGET_PORT,
						 .role = "target",
						 .case_tag = "LIVE_ISER_CASE",
						 .line = "LIVE_ISERT",
						 .wait_ms = WAIT_MS,
						 .client_ms = CLIENT_MS,
						 .nth = target_case,
						 .ctx = &c };

	return live_ulp_serve(&s, addr, first, count, argv, out);
}

/* a session case's login: the last response's outcome, responses seen */
struct session {
	long outcome;
	unsigned rounds;
};

/* each Login Response answered: a Login Request while the login goes on,
 * the Logout, the last message, once it admits the session */
static size_t session_answer(const uint8_t *m, size_t len, uint8_t *out, size_t cap, bool *last,
			     void *ctx)
{
	struct session *s = ctx;
	uint32_t stat_sn = 0, exp_cmd_sn = 0;

	s->outcome = live_iser_login_outcome(m, len, &stat_sn, &exp_cmd_sn);
	if (++s->rounds > LOGIN_ROUNDS)
		return 0;
	if (s->outcome == 0) {
		*last = true;
		return live_iser_logout_request(stat_sn, exp_cmd_sn, out, cap);
	}
	return s->outcome == 0x10000 ? live_iser_login_next(m, len, out, cap) : 0;
}

/* one case's connection: its REQ, and for a session case the login and
 * the Logout */
static void initiator_case(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
			   const struct live_iser_case *c, struct live_ulp_client_out *o, FILE *out)
{
	static uint8_t login[LIVE_ULP_MSG];
	struct session s = { .outcome = -2, .rounds = 0 };
	struct live_ulp_talk t = { 0 };

	if (c->session != LIVE_ISER_SESSION_NONE) {
		t = (struct live_ulp_talk){ .msg = login,
					    .msg_len =
						    live_iser_login_request(login, sizeof(login)),
					    .wait_ms = LOGIN_MS,
					    .answer = session_answer,
					    .ctx = &s,
					    .poison = c->session == LIVE_ISER_LOGOUT_FAIL };
	}
	/* ib_iser's connection parameters (iser_route_handler): ORD 1,
	 * IRD the device's */
	(void)live_ulp_client_talk(ch, sin, c->pd, c->pd_len, 16, 1, &t, o);
	if (c->session == LIVE_ISER_SESSION_NONE)
		return;
	if (s.outcome == -2)
		fprintf(out, "LIVE_ISER_SESSION %s none %u", c->name, s.rounds);
	else
		fprintf(out, "LIVE_ISER_SESSION %s %lx %u", c->name, (unsigned long)s.outcome,
			s.rounds);
	fprintf(out, " %s\n", o->last_sent ? "sent-closed" : "-");
	fflush(out);
	usleep(AFTER_MS * 1000);
}

int live_iser_initiator(const char *addr, size_t first, size_t count, FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct sockaddr_in sin;
	struct live_iser_case c;
	static struct live_ulp_client_out o;

	if (!ch || live_cm_addr(addr, LIVE_ISER_PORT, &sin) != 0) {
		fprintf(stderr, "rdmaneg-live iser-initiator: no event channel, or a bad --addr\n");
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	for (size_t i = first; (count == 0 || i < first + count) && live_iser_case(i, &c); i++) {
		if (c.role != LIVE_ISER_INITIATOR)
			continue;
		fprintf(out, "LIVE_ISER_CASE initiator %s\n", c.name);
		fflush(out);
		initiator_case(ch, &sin, &c, &o, out);
		fprintf(out, "LIVE_ISERI %s %s %d %d", c.name, o.event, o.status, o.established);
		live_ulp_hex(out, c.pd, c.pd_len);
		live_ulp_hex(out, o.rep, o.rep_len);
		fprintf(out, "\n");
		fflush(out);
	}
	fprintf(out, "LIVE_ISERI_END\n");
	fflush(out);
	rdma_destroy_event_channel(ch);
	return 0;
}
