// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * iser_peer (guest only): the harness as a hostile iSER target against
 * Linux's ib_iser, and as a hostile initiator against LIO's isert,
 * through live/ulp/. Each case prints LIVE_ISER_CASE ROLE NAME, then:
 *   LIVE_ISERT NAME REQUESTS ESTABLISHED AFTER CLIENT  REQ OUR-PD FIRST
 *   LIVE_ISERI NAME EVENT STATUS ESTABLISHED  OUR-PD REP
 * each octet string as "LEN HEX" (live_ulp_hex); judged on the host
 * (live/iser/iser_report.c). The target answers no message: ib_iser's
 * first one (its iSCSI Login) shows that it went on.
 */
#include "live/iser/iser_peer.h"

#include "live/core/cm.h"
#include "live/iser/iser.h"
#include "live/ulp/ulp.h"

#include <errno.h>
#include <string.h>

#define WAIT_MS 5000	/* for the initiator's Login after the accept */
#define CLIENT_MS 40000 /* a login attempt, at most */

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
		/* ib_iser's connection parameters (iser_route_handler): ORD 1,
		 * IRD the device's */
		(void)live_ulp_client(ch, &sin, c.pd, c.pd_len, 16, 1, NULL, 0, 0, &o);
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
