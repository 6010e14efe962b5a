// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * smbd_peer (guest only): the harness as a hostile SMB Direct server
 * against Linux's cifs client, and as a hostile client against ksmbd,
 * through live/ulp/. Each case prints LIVE_SMBD_CASE ROLE NAME (the
 * kernel's lines after it are the case's), then its result line, judged
 * on the host (live/smbd/smbd_report.c):
 *   LIVE_SMBDS NAME REQUESTS ESTABLISHED AFTER CLIENT  REQ-PD OUR-PD FIRST REPLY
 *   LIVE_SMBDC NAME EVENT STATUS ESTABLISHED SENT GOT CLOSED  OUR-PD REP-PD MSG ANSWER
 * each octet string as "LEN HEX" (live_ulp_hex). An abort case
 * (LIVE_SMBD_ABORT) first withdraws connection requests, then its line is
 * the ordinary connection after them.
 */
#define _GNU_SOURCE
#include "live/smbd/smbd_peer.h"

#include "live/core/cm.h"
#include "live/smbd/smbd_live.h"
#include "live/ulp/ulp.h"
#include <rdmaneg/mpa.h> /* the core's */

#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

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

/* case i as the server's (live_ulp_server_cases.nth) */
static int server_case(size_t i, struct live_ulp_case *u, void *ctx)
{
	struct live_smbd_case *c = ctx;

	if (!live_smbd_case(i, c))
		return -1;
	if (c->role != LIVE_SMBD_SERVER)
		return 0;
	*u = (struct live_ulp_case){ .name = c->name,
				     .how = c->how == LIVE_SMBD_REJECT ? LIVE_ULP_REJECT
					    : c->how == LIVE_SMBD_HOLD ? LIVE_ULP_HOLD
								       : LIVE_ULP_ACCEPT,
				     .pd = c->pd,
				     .pd_len = c->pd_len,
				     .reply = reply_fn,
				     .ctx = c };
	return 1;
}

int live_smbd_server(const char *addr, size_t first, size_t count, char *const argv[], FILE *out)
{
	static struct live_smbd_case c;
	const struct live_ulp_server_cases s = { .verb = "smbd-server",
						 .port = LIVE_SMBD_PORT,
						 .role = "server",
						 .case_tag = "LIVE_SMBD_CASE",
						 .line = "LIVE_SMBDS",
						 .show_reply = true,
						 .wait_ms = WAIT_MS,
						 .client_ms = CLIENT_MS,
						 .nth = server_case,
						 .ctx = &c };

	return live_ulp_serve(&s, addr, first, count, argv, out);
}

/* LIVE_SMBD_ABORT: one MPA Request a siw initiator would send (revision
 * 2, the enhanced word with IRD and ORD 16, then the IRD/ORD header pd),
 * on a TCP connection of its own that resets delay_ms after it: soon
 * enough that siw can lose the connection between handing the request
 * to rdma_cm and ksmbd's accept. Prints LIVE_SMBD_ABORT DELAY RESULT. */
static void abort_request(const struct sockaddr_in *sin, const uint8_t *pd, size_t pd_len,
			  unsigned delay_ms, FILE *out)
{
	const struct rdmaneg_mpa_enh e = { .ird = 16, .ord = 16 };
	uint8_t upd[RDMANEG_MPA_ENH_LEN + LIVE_SMBD_PD], frame[RDMANEG_MPA_HDR_LEN + sizeof(upd)];
	struct rdmaneg_mpa_frame f = { .type = RDMANEG_MPA_REQUEST, .enhanced = true, .rev = 2 };
	const struct linger lg = { 1, 0 };
	struct timespec ts = { (time_t)(delay_ms / 1000), (long)(delay_ms % 1000) * 1000000L };
	const char *result = "reset";
	size_t n = 0;
	int fd = -1;

	if (pd_len <= LIVE_SMBD_PD && rdmaneg_mpa_enh_encode(&e, upd, sizeof(upd)) == RDMANEG_OK) {
		memcpy(upd + RDMANEG_MPA_ENH_LEN, pd, pd_len);
		f.pd_length = (uint16_t)(RDMANEG_MPA_ENH_LEN + pd_len);
		f.pd = upd;
	}
	if (!f.pd || rdmaneg_mpa_build(&f, frame, sizeof(frame), &n) != RDMANEG_OK)
		result = "no-frame"; /* the case's private data does not fit */
	else if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
		 connect(fd, (const struct sockaddr *)sin, sizeof(*sin)) != 0)
		result = "connect-failed";
	else if (send(fd, frame, n, MSG_NOSIGNAL) != (ssize_t)n)
		result = "send-failed";
	else
		(void)nanosleep(&ts, NULL);
	if (fd >= 0) {
		(void)setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
		close(fd);
	}
	fprintf(out, "LIVE_SMBD_ABORT %u %s\n", delay_ms, result);
	fflush(out);
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
		/* delays from none to past a handler's run under TCG */
		for (unsigned d = 0; c.how == LIVE_SMBD_ABORT && d <= 256; d = d ? 2 * d : 1)
			abort_request(&sin, c.pd, c.pd_len, d, out);
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
