// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * smbd_peer (guest only): the harness as a hostile SMB Direct server
 * against Linux's cifs client, and as a hostile client against ksmbd,
 * through live/ulp/. Each case prints LIVE_SMBD_CASE ROLE NAME (the
 * kernel's lines after it are the case's), then its result line, judged
 * on the host (live/smbd/smbd_report.c):
 *   LIVE_SMBDS NAME REQUESTS ESTABLISHED AFTER CLIENT  REQ-PD OUR-PD FIRST REPLY
 *   LIVE_SMBDC NAME EVENT STATUS ESTABLISHED SENT GOT CLOSED  OUR-PD REP-PD MSG ANSWER
 * each octet string as "LEN HEX" (live_ulp_hex).
 */
#include "smbd_peer.h"

#include "endpoint.h"
#include "smbd_live.h"
#include "ulp.h"

#include <string.h>

#define WAIT_MS 3000	/* for the peer's answer to a message */
#define CLIENT_MS 30000 /* a mount, at most */

static size_t reply_fn(const uint8_t *m, size_t len, uint8_t *out, size_t cap, void *ctx)
{
	const struct live_smbd_case *c = ctx;
	uint8_t base[LIVE_SMBD_MSG];
	size_t n = live_smbd_response(m, len, base, sizeof(base));

	if (n == 0 || cap < LIVE_SMBD_MSG)
		return 0; /* the core would terminate: no answer */
	return live_smbd_message(c, base, n, out, cap);
}

int live_smbd_server(const char *addr, size_t first, size_t count, char *const argv[], FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_id *listener = NULL;
	struct sockaddr_in sin;
	struct live_smbd_case c;
	static struct live_ulp_server_out o;

	if (!ch || live_cm_addr(addr, LIVE_SMBD_PORT, &sin) != 0 ||
	    rdma_create_id(ch, &listener, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(listener, (struct sockaddr *)&sin) || rdma_listen(listener, 4)) {
		fprintf(stderr, "rdmaneg-live smbd-server: cannot listen on %s:%d\n", addr,
			LIVE_SMBD_PORT);
		if (listener)
			rdma_destroy_id(listener);
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	for (size_t i = first; (count == 0 || i < first + count) && live_smbd_case(i, &c); i++) {
		if (c.role != LIVE_SMBD_SERVER)
			continue;
		fprintf(out, "LIVE_SMBD_CASE server %s\n", c.name);
		fflush(out);
		(void)live_ulp_server(ch, argv,
				      c.how == LIVE_SMBD_REJECT ? LIVE_ULP_REJECT : LIVE_ULP_ACCEPT,
				      c.pd, c.pd_len, reply_fn, &c, WAIT_MS, CLIENT_MS, &o);
		fprintf(out, "LIVE_SMBDS %s %u %d %s %s", c.name, o.requests, o.established,
			o.after, o.client);
		live_ulp_hex(out, o.req, o.req_len);
		live_ulp_hex(out, c.pd, c.pd_len);
		live_ulp_hex(out, o.first, o.first_len);
		live_ulp_hex(out, o.reply, o.reply_len);
		fprintf(out, "\n");
		fflush(out);
	}
	fprintf(out, "LIVE_SMBDS_END\n");
	fflush(out);
	rdma_destroy_id(listener);
	rdma_destroy_event_channel(ch);
	return 0;
}

int live_smbd_client(const char *addr, size_t first, size_t count, FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct sockaddr_in sin;
	struct live_smbd_case c;
	struct rdmaneg_smbd_req r;
	uint8_t base[RDMANEG_SMBD_REQ_LEN], msg[LIVE_SMBD_MSG];
	static struct live_ulp_client_out o;

	if (!ch || live_cm_addr(addr, LIVE_SMBD_PORT, &sin) != 0) {
		fprintf(stderr, "rdmaneg-live smbd-client: no event channel, or a bad --addr\n");
		if (ch)
			rdma_destroy_event_channel(ch);
		return 1;
	}
	live_smbd_cifs_request(&r);
	(void)rdmaneg_smbd_req_encode(&r, base, sizeof(base));
	for (size_t i = first; (count == 0 || i < first + count) && live_smbd_case(i, &c); i++) {
		size_t n;

		if (c.role != LIVE_SMBD_CLIENT)
			continue;
		n = live_smbd_message(&c, base, sizeof(base), msg, sizeof(msg));
		fprintf(out, "LIVE_SMBD_CASE client %s\n", c.name);
		fflush(out);
		/* cifs's connection parameters: IRD and ORD 16 (smbdirect.c
		 * responder_resources, initiator_depth) */
		(void)live_ulp_client(ch, &sin, c.pd, c.pd_len, 16, 16, msg, n ? n : 0, WAIT_MS,
				      &o);
		fprintf(out, "LIVE_SMBDC %s %s %d %d %d %d %d", c.name, o.event, o.status,
			o.established, o.sent, o.got_msg, o.closed);
		live_ulp_hex(out, c.pd, c.pd_len);
		live_ulp_hex(out, o.rep, o.rep_len);
		live_ulp_hex(out, msg, n);
		live_ulp_hex(out, o.msg, o.msg_len);
		fprintf(out, "\n");
		fflush(out);
	}
	fprintf(out, "LIVE_SMBDC_END\n");
	fflush(out);
	rdma_destroy_event_channel(ch);
	return 0;
}
