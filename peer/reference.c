// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE
#include "peer/reference.h"

#include "peer/fpdu.h"
#include "peer/peer_cases.h"
#include "peer/session.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

/* [rfc5044#7.1] leaves the MPA timers to the implementation. */
#define REF_TIMER_MS 3000

int rdmaneg_ref_plant_parse(const char *name)
{
	if (!name || !*name || strcmp(name, "none") == 0)
		return RDMANEG_REF_NONE;
	if (strcmp(name, "rev0_accept") == 0)
		return RDMANEG_REF_REV0_ACCEPT;
	if (strcmp(name, "reply_3fff") == 0)
		return RDMANEG_REF_REPLY_3FFF;
	if (strcmp(name, "ignore_3fff") == 0)
		return RDMANEG_REF_IGNORE_3FFF;
	if (strcmp(name, "reset_kills") == 0)
		return RDMANEG_REF_RESET_KILLS;
	if (strcmp(name, "crc_unchecked") == 0)
		return RDMANEG_REF_CRC_UNCHECKED;
	if (strcmp(name, "crc_always") == 0)
		return RDMANEG_REF_CRC_ALWAYS;
	return -1;
}

/* Reads and drops until EOF or the deadline: the peer ends the case. */
static void drain(int fd, int ms)
{
	uint8_t b[512];
	double end = rdmaneg_peer_now_ms() + ms;

	for (;;) {
		double left = end - rdmaneg_peer_now_ms();
		struct pollfd p = { fd, POLLIN, 0 };

		if (left <= 0 || poll(&p, 1, (int)left + 1) <= 0)
			return;
		if (recv(fd, b, sizeof(b), 0) <= 0)
			return;
	}
}

static void send_fpdu(int fd, enum rdmaneg_fpdu_kind k, uint8_t code, bool crc);

/* The initiator's first FPDU (its RTR) after an A=1 accept: with CRCs in
 * use, one whose CRC is wrong gets a TERM (LLP, MPA, CRC error) and the
 * close ([rfc5044#7.1.1-14]); with them off, any CRC field is valid
 * ([rfc5044#7.1.1-15]). */
#define TERM_LLP_CRC 2
static void check_first_fpdu(int fd, bool crc)
{
	uint8_t b[128];
	size_t n = 0;
	struct rdmaneg_fpdu f;
	double end = rdmaneg_peer_now_ms() + REF_TIMER_MS;

	while (!rdmaneg_fpdu_parse(b, n, &f)) {
		double left = end - rdmaneg_peer_now_ms();
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t r;

		/* longer than any RTR: not a frame this responder checks */
		if (f.len > sizeof(b) || n == sizeof(b)) {
			drain(fd, REF_TIMER_MS);
			return;
		}
		if (left <= 0 || poll(&p, 1, (int)left + 1) <= 0)
			return;
		r = recv(fd, b + n, sizeof(b) - n, 0);
		if (r <= 0)
			return;
		n += (size_t)r;
	}
	if (crc && !rdmaneg_fpdu_crc_ok(b, f.len)) {
		send_fpdu(fd, RDMANEG_FPDU_TERM, TERM_LLP_CRC, true);
		return;
	}
	drain(fd, REF_TIMER_MS);
}

/* Returns false when the planted fault ends the listener. */
static bool respond_one(int fd, enum rdmaneg_ref_plant plant)
{
	uint8_t req[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX], rep[64];
	size_t n = 0, rn = 0;
	struct rdmaneg_mpa_frame q, f;
	struct rdmaneg_mpa_enh qe, re;
	struct rdmaneg_mpa_local loc;
	struct rdmaneg_mpa_outcome out;
	uint8_t word[RDMANEG_MPA_ENH_LEN];
	int st;

	errno = 0;
	/* [rfc5044#7.1.2-17] */
	st = rdmaneg_peer_read_frame(fd, req, sizeof(req), &n,
				     rdmaneg_peer_now_ms() + REF_TIMER_MS);
	if (plant == RDMANEG_REF_RESET_KILLS && n == 0 && errno == ECONNRESET)
		return false; /* planted: the reset takes the listener along */
	if (plant == RDMANEG_REF_REV0_ACCEPT && n >= RDMANEG_MPA_HDR_LEN && req[17] == 0) {
		req[17] = 1; /* planted: Rev 0 read as Rev 1 */
		errno = 0;
		st = rdmaneg_peer_read_frame(fd, req, sizeof(req), &n,
					     rdmaneg_peer_now_ms() + REF_TIMER_MS);
	}
	/* [rfc5044#7.1]: an incomplete or improperly formatted Request, or
	 * another key, ends the connection */
	/* [rfc5044#7.1.2-4] */
	if (st != RDMANEG_OK || rdmaneg_mpa_parse(req, n, &q) != RDMANEG_OK ||
	    q.type != RDMANEG_MPA_REQUEST)
		return true;
	memset(&f, 0, sizeof(f));
	f.type = RDMANEG_MPA_REPLY;
	f.rev = q.rev; /* [rfc6581#10]: enhanced answers enhanced, and only then */
	f.enhanced = q.enhanced;
	if (q.enhanced) {
		rdmaneg_peer_responder_local(&loc);
		if (rdmaneg_mpa_frame_enh(&q, &qe) != RDMANEG_OK)
			return true;
		if (plant == RDMANEG_REF_IGNORE_3FFF) {
			qe.ird = qe.ird > 0x3FFEu ? 0x3FFEu : qe.ird; /* planted */
			qe.ord = qe.ord > 0x3FFEu ? 0x3FFEu : qe.ord;
		}
		if (rdmaneg_mpa_respond(&loc, &qe, &re, &out) != RDMANEG_OK)
			return true;
		if (plant == RDMANEG_REF_REPLY_3FFF) {
			re.ird = RDMANEG_MPA_NO_NEGOTIATE; /* planted */
			re.ord = RDMANEG_MPA_NO_NEGOTIATE;
		}
		if (rdmaneg_mpa_enh_encode(&re, word, sizeof(word)) != RDMANEG_OK)
			return true;
		/* [rfc5044#7.1.2-5] [rfc5044#7.1.2-6] [rfc5044#7.1.2-15] */
		f.reject = !out.accepted;
		f.pd = word;
		f.pd_length = RDMANEG_MPA_ENH_LEN;
	}
	if (rdmaneg_mpa_build(&f, rep, sizeof(rep), &rn) != RDMANEG_OK)
		return true;
	if (rdmaneg_peer_send(fd, rep, rn, RDMANEG_DELIVER_WHOLE) < 0)
		return true;
	/* accepted with A=1: the RTR comes first ([rfc6581#9.2-9]) */
	if (q.enhanced && !f.reject && qe.a) {
		bool crc = q.crc || f.crc;

		if (plant == RDMANEG_REF_CRC_UNCHECKED || plant == RDMANEG_REF_CRC_ALWAYS)
			crc = plant == RDMANEG_REF_CRC_ALWAYS; /* planted */
		check_first_fpdu(fd, crc);
		return true;
	}
	/* accepted (and any RTR follows) or rejected: the initiator closes */
	/* [rfc5044#7.1.2-12] */
	drain(fd, REF_TIMER_MS);
	return true;
}

void rdmaneg_ref_respond(int lfd, enum rdmaneg_ref_plant plant, unsigned count)
{
	for (unsigned i = 0; count == 0 || i < count; i++) {
		int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);

		if (fd < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		/* the last connection: nobody else may reach the backlog, so a
		 * connection after it is refused, not queued until exit */
		if (count && i + 1 == count) {
			close(lfd);
			lfd = -1;
		}
		if (!respond_one(fd, plant)) {
			close(fd);
			break;
		}
		close(fd);
	}
	if (lfd >= 0)
		close(lfd);
}

static void send_fpdu(int fd, enum rdmaneg_fpdu_kind k, uint8_t code, bool crc)
{
	uint8_t b[64];
	size_t n = rdmaneg_fpdu_build(k, 2, 0, code, crc, b, sizeof(b));

	if (n)
		(void)rdmaneg_peer_send(fd, b, n, RDMANEG_DELIVER_WHOLE);
}

static void initiate_one(int fd, bool p2p)
{
	uint8_t req[64], rep[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX], word[4];
	size_t n = 0, rn = 0;
	struct rdmaneg_mpa_frame f, p;
	struct rdmaneg_mpa_enh qe, pe;
	struct rdmaneg_mpa_local ini;
	struct rdmaneg_mpa_outcome out;
	int st;

	memset(&ini, 0, sizeof(ini));
	ini.ird = 16;
	ini.ord = 16;
	ini.ird_max = 16;
	ini.p2p = p2p;
	ini.rtr = p2p ? RDMANEG_RTR_ALL : 0;
	if (rdmaneg_mpa_request(&ini, &qe) != RDMANEG_OK ||
	    rdmaneg_mpa_enh_encode(&qe, word, sizeof(word)) != RDMANEG_OK)
		return;
	memset(&f, 0, sizeof(f));
	f.type = RDMANEG_MPA_REQUEST;
	f.rev = 2;
	f.enhanced = true;
	f.pd = word;
	f.pd_length = sizeof(word);
	/* [rfc5044#7.1.2-1] */
	if (rdmaneg_mpa_build(&f, req, sizeof(req), &n) != RDMANEG_OK ||
	    /* [rfc5044#7.1-2] */
	    rdmaneg_peer_send(fd, req, n, RDMANEG_DELIVER_WHOLE) < 0)
		return;
	/* [rfc5044#7.1.2-21] */
	st = rdmaneg_peer_read_frame(fd, rep, sizeof(rep), &rn,
				     rdmaneg_peer_now_ms() + REF_TIMER_MS);
	/* [rfc5044#7.1]: anything but a well-formed Reply, or a reject: close */
	/* [rfc5044#7.1.2-8] [rfc5044#7.1.2-9] */
	if (st != RDMANEG_OK || rdmaneg_mpa_parse(rep, rn, &p) != RDMANEG_OK ||
	    /* [rfc5044#7.1.1-5] */
	    p.type != RDMANEG_MPA_REPLY || p.reject || !p.enhanced ||
	    rdmaneg_mpa_frame_enh(&p, &pe) != RDMANEG_OK)
		return;
	if (rdmaneg_mpa_complete(&ini, &qe, &pe, false, &out) != RDMANEG_OK)
		return;
	if (!out.accepted) {
		/* [rfc6581#8], 9.1, 9.2: TERM (2,0,code), then close */
		/* [rfc5044#7.1.1-14] [rfc5044#7.1.2-14] */
		send_fpdu(fd, RDMANEG_FPDU_TERM, out.term.code, p.crc);
		return;
	}
	/* [rfc5044#7.1.2-11] */
	if (out.p2p)
		send_fpdu(fd,
			  out.rtr == RDMANEG_RTR_SEND	 ? RDMANEG_FPDU_RTR_SEND
			  : out.rtr == RDMANEG_RTR_WRITE ? RDMANEG_FPDU_RTR_WRITE
							 : RDMANEG_FPDU_RTR_READ,
			  0, p.crc);
	drain(fd, REF_TIMER_MS * 2);
}

unsigned rdmaneg_ref_initiate(const struct sockaddr_storage *sa, socklen_t salen, bool p2p,
			      unsigned count)
{
	unsigned made = 0;

	while (count == 0 || made < count) {
		int fd = socket(sa->ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);

		if (fd < 0)
			break;
		if (connect(fd, (const struct sockaddr *)sa, salen) < 0) {
			close(fd);
			break;
		}
		made++;
		initiate_one(fd, p2p);
		close(fd);
	}
	return made;
}
