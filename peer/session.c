// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE
#include "peer/session.h"

#include "util/clock.h"

#include "oracle/mpa_ref.h"
#include "peer/fpdu.h"
#include "util/net.h"
#include <rdmaneg/errors.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* After the first outcome, how long to keep reading for a TERM or close. */
#define GRACE_MS 100.0
/* how long a case with a wrong RTR CRC watches for the SUT's TERM or
 * close after it, past the case's own wait: siw, checking CRCs, logged
 * its CRC error 8 ms after the case began (rtr-crc-wrong-c, TCG) */
#define RTR_WATCH_MS 500.0

double rdmaneg_peer_now_ms(void)
{
	return (double)rdmaneg_mono_us() / 1e3;
}

int rdmaneg_peer_addr(const char *s, struct sockaddr_storage *sa, socklen_t *len, char *err,
		      size_t errcap)
{
	char host[256];
	const char *colon, *port;
	struct addrinfo hints, *res = NULL;
	size_t hl;
	int rc;
	char *end;
	long p;

	if (!s || !*s) {
		snprintf(err, errcap, "missing HOST:PORT");
		return -1;
	}
	if (s[0] == '[') {
		const char *rb = strchr(s, ']');

		if (!rb || rb[1] != ':') {
			snprintf(err, errcap, "bad address '%s': want [IPv6]:PORT", s);
			return -1;
		}
		hl = (size_t)(rb - s - 1);
		if (hl >= sizeof(host)) {
			snprintf(err, errcap, "bad address '%s': host too long", s);
			return -1;
		}
		memcpy(host, s + 1, hl);
		port = rb + 2;
	} else {
		colon = strrchr(s, ':');
		if (!colon) {
			snprintf(err, errcap, "bad address '%s': want HOST:PORT", s);
			return -1;
		}
		hl = (size_t)(colon - s);
		if (hl == 0 || hl >= sizeof(host)) {
			snprintf(err, errcap, "bad address '%s': want HOST:PORT", s);
			return -1;
		}
		memcpy(host, s, hl);
		port = colon + 1;
	}
	host[hl] = '\0';
	errno = 0;
	p = strtol(port, &end, 10);
	if (!*port || *end || errno || p < 1 || p > 65535) {
		snprintf(err, errcap, "bad port in '%s': want 1..65535", s);
		return -1;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	rc = getaddrinfo(host, port, &hints, &res);
	if (rc != 0 || !res) {
		snprintf(err, errcap, "cannot resolve '%s': %s", host, gai_strerror(rc));
		return -1;
	}
	memcpy(sa, res->ai_addr, res->ai_addrlen);
	*len = res->ai_addrlen;
	freeaddrinfo(res);
	return 0;
}

static void ports(int fd, struct rdmaneg_peer_wire *w)
{
	struct sockaddr_storage a;
	socklen_t l = sizeof(a);

	memset(&a, 0, sizeof(a)); /* a family the kernel did not write reads as none */
	if (getsockname(fd, (struct sockaddr *)&a, &l) == 0)
		w->local_port = rdmaneg_sockaddr_port((const struct sockaddr *)&a);
	l = sizeof(a);
	if (getpeername(fd, (struct sockaddr *)&a, &l) == 0)
		w->sut_port = rdmaneg_sockaddr_port((const struct sockaddr *)&a);
}

int rdmaneg_peer_send(int fd, const uint8_t *f, size_t n, enum rdmaneg_peer_delivery d)
{
	size_t off = 0, step = n, end = n;
	int one = 1;

	switch (d) {
	case RDMANEG_DELIVER_NOTHING:
	case RDMANEG_DELIVER_RESET:
		return 0;
	case RDMANEG_DELIVER_HALFCLOSE:
		end = n < RDMANEG_MPA_HDR_LEN ? n : RDMANEG_MPA_HDR_LEN;
		step = end;
		break;
	case RDMANEG_DELIVER_BYTEWISE:
		(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		step = 1;
		break;
	default:
		break;
	}
	while (off < end) {
		size_t k = end - off < step ? end - off : step;
		ssize_t r = send(fd, f + off, k, MSG_NOSIGNAL);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)r;
		if (d == RDMANEG_DELIVER_BYTEWISE)
			usleep(1000); /* one octet per segment */
	}
	if (d == RDMANEG_DELIVER_HALFCLOSE)
		(void)shutdown(fd, SHUT_WR);
	return 0;
}

/* poll+recv with a deadline: >0 octets, 0 EOF, -1 timeout, -2 reset/error */
static ssize_t recv_until(int fd, uint8_t *b, size_t cap, double deadline)
{
	for (;;) {
		double left = deadline - rdmaneg_peer_now_ms();
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t r;
		int pr;

		if (left <= 0 || cap == 0)
			return -1;
		pr = poll(&p, 1, (int)left + 1);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr <= 0)
			return pr == 0 ? -1 : -2;
		r = recv(fd, b, cap, 0);
		if (r < 0 && errno == EINTR)
			continue;
		return r < 0 ? -2 : r;
	}
}

int rdmaneg_peer_read_frame(int fd, uint8_t *buf, size_t cap, size_t *len, double deadline)
{
	struct rdmaneg_mpa_frame f;
	int st = -1;

	for (;;) {
		ssize_t r;
		size_t want;

		if (*len >= RDMANEG_MPA_HDR_LEN) {
			st = rdmaneg_ref_mpa_read(buf, *len, &f);
			if (st != RDMANEG_E_MPA_PD_TRUNC)
				return st;
		}
		/* read exactly up to the frame's end: what follows is not ours */
		want = *len < RDMANEG_MPA_HDR_LEN
			       ? RDMANEG_MPA_HDR_LEN - *len
			       /* [rfc5044#7.1-1] */
			       : RDMANEG_MPA_HDR_LEN + (size_t)(buf[18] << 8 | buf[19]) - *len;
		if (want > cap - *len)
			return st < 0 ? -1 : st;
		/* [rfc5044#7.1.4.2-4] */
		r = recv_until(fd, buf + *len, want, deadline);
		if (r <= 0)
			return *len >= RDMANEG_MPA_HDR_LEN ? st : -1;
		*len += (size_t)r;
	}
}

/* REQUEST role: the RTR the peer, as initiator, owes after an A=1 accept. */
static void send_rtr(int fd, const uint8_t *sent, size_t sent_n, const uint8_t *reply,
		     size_t reply_n, bool wrong_crc, struct rdmaneg_peer_obs *o)
{
	struct rdmaneg_mpa_frame q, p;
	struct rdmaneg_mpa_enh qe, pe;
	struct rdmaneg_mpa_local ini;
	bool accept;
	uint8_t b[64], term, usable, rtr;
	size_t n;
	enum rdmaneg_fpdu_kind k;

	if (rdmaneg_ref_mpa_read(sent, sent_n, &q) != RDMANEG_OK || !q.enhanced ||
	    rdmaneg_ref_mpa_read(reply, reply_n, &p) != RDMANEG_OK || !p.enhanced ||
	    !rdmaneg_ref_mpa_word(&q, &qe) || !rdmaneg_ref_mpa_word(&p, &pe) || !pe.a)
		return;
	if (!qe.a) /* the SUT answered A=1 to A=0: no RTR is owed */
		return;
	rdmaneg_peer_initiator_of(&qe, &ini);
	ini.ird_max = 0x3FFE; /* the peer takes any ORD the SUT chooses */
	rdmaneg_ref_mpa_initiator(&ini, &qe, &pe, &accept, &term, &usable);
	if (!accept)
		return;
	/* the lowest of the types it may send */
	rtr = (uint8_t)(usable & -usable);
	k = rtr == RDMANEG_RTR_SEND    ? RDMANEG_FPDU_RTR_SEND
	    : rtr == RDMANEG_RTR_WRITE ? RDMANEG_FPDU_RTR_WRITE
				       : RDMANEG_FPDU_RTR_READ;
	/* [rfc5044#7.1.1-13] [rfc5044#7.1.1-14] */
	n = rdmaneg_fpdu_build(k, 0, 0, 0, q.crc || p.crc, b, sizeof(b));
	if (!n)
		return;
	/* [rfc5044#7.1.1-15]: a CRC field that is not the frame's CRC */
	if (wrong_crc)
		for (size_t i = n - 4; i < n; i++)
			b[i] ^= 0xA5u;
	o->crc_on = q.crc || p.crc;
	o->rtr_sent = send(fd, b, n, MSG_NOSIGNAL) == (ssize_t)n;
}

static uint8_t rtr_bit(enum rdmaneg_fpdu_kind k)
{
	switch (k) {
	case RDMANEG_FPDU_RTR_SEND:
		return RDMANEG_RTR_SEND;
	case RDMANEG_FPDU_RTR_WRITE:
		return RDMANEG_RTR_WRITE;
	case RDMANEG_FPDU_RTR_READ:
		return RDMANEG_RTR_READ;
	default:
		return 0;
	}
}

static void classify(struct rdmaneg_peer_obs *o, bool *done, enum rdmaneg_peer_outcome out,
		     double start, struct rdmaneg_peer_wire *w, double *until, double deadline)
{
	double now = rdmaneg_peer_now_ms();

	if (*done)
		return;
	*done = true;
	o->outcome = out;
	w->ms = now - start;
	/* an accept owes nothing more; after a refusal, watch for the close */
	if (out == RDMANEG_OUT_ACCEPT)
		*until = now;
	else
		*until = now + GRACE_MS < deadline ? now + GRACE_MS : deadline;
}

/* Reads and classifies what the SUT does until the deadline. */
static void observe(int fd, enum rdmaneg_peer_role role, enum rdmaneg_peer_delivery d,
		    const uint8_t *sent, size_t sent_n, double start, double deadline,
		    struct rdmaneg_peer_obs *o, struct rdmaneg_peer_wire *w)
{
	size_t used = 0;
	bool done = false, stuck = false;
	double until = deadline;

	while (rdmaneg_peer_now_ms() < until && w->rx_len < sizeof(w->rx)) {
		ssize_t r = recv_until(fd, w->rx + w->rx_len, sizeof(w->rx) - w->rx_len, until);

		if (r == -1)
			break;
		if (r <= 0) {
			enum rdmaneg_peer_outcome c =
				r == 0 ? RDMANEG_OUT_CLOSE : RDMANEG_OUT_RESET;

			if (done)
				o->closed_after = true;
			classify(o, &done, c, start, w, &until, deadline);
			break;
		}
		w->rx_len += (size_t)r;
		while (!stuck && used < w->rx_len) {
			const uint8_t *p = w->rx + used;
			size_t left = w->rx_len - used;

			if (role == RDMANEG_PEER_REQUEST && !o->have_reply && !done) {
				struct rdmaneg_mpa_frame f;
				struct rdmaneg_fpdu fp;
				int st = rdmaneg_ref_mpa_read(p, left, &f);

				if (st == RDMANEG_E_MPA_SHORT || st == RDMANEG_E_MPA_PD_TRUNC)
					break; /* more to come */
				/* [rfc5044#7.1.1-4] */
				if (st == RDMANEG_E_MPA_KEY) {
					bool term = rdmaneg_fpdu_parse(p, left, &fp) &&
						    fp.kind == RDMANEG_FPDU_TERM;

					if (term) {
						o->have_term = true;
						o->term_layer = fp.layer;
						o->term_etype = fp.etype;
						o->term_code = fp.ecode;
					}
					classify(o, &done,
						 term ? RDMANEG_OUT_TERM : RDMANEG_OUT_GARBAGE,
						 start, w, &until, deadline);
					stuck = !term;
					used += term ? fp.len : 0;
					continue;
				}
				o->have_reply = true;
				o->reply_status = st;
				o->reply_flags = p[16];
				o->reply_rev = p[17];
				o->reply_pd_length = (uint16_t)(p[18] << 8 | p[19]);
				if (st == RDMANEG_OK && f.enhanced)
					o->reply_has_enh = rdmaneg_ref_mpa_word(&f, &o->reply_enh);
				classify(o, &done,
					 (p[16] & RDMANEG_MPA_F_R) ? RDMANEG_OUT_REJECT
								   : RDMANEG_OUT_ACCEPT,
					 start, w, &until, deadline);
				if (st != RDMANEG_OK) {
					stuck = true;
					break;
				}
				if (!f.reject)
					/* [rfc5044#7.1.2-7] */
					send_rtr(fd, sent, sent_n, p, f.frame_len,
						 d == RDMANEG_DELIVER_RTR_BAD_CRC, o);
				if (o->rtr_sent && d == RDMANEG_DELIVER_RTR_BAD_CRC)
					until = rdmaneg_peer_now_ms() + RTR_WATCH_MS;
				used += f.frame_len;
				continue;
			}
			{
				struct rdmaneg_fpdu fp;

				if (!rdmaneg_fpdu_parse(p, left, &fp)) {
					if (fp.len == 0 || fp.len <= sizeof(w->rx) - used)
						break; /* more to come */
					fp.kind = RDMANEG_FPDU_BAD;
				}
				if (fp.kind == RDMANEG_FPDU_TERM && !o->have_term) {
					o->have_term = true;
					o->term_layer = fp.layer;
					o->term_etype = fp.etype;
					o->term_code = fp.ecode;
				}
				if (fp.kind == RDMANEG_FPDU_DATA && !o->rtr)
					o->data_before_rtr = true;
				o->rtr |= rtr_bit(fp.kind);
				classify(o, &done,
					 fp.kind == RDMANEG_FPDU_TERM  ? RDMANEG_OUT_TERM
					 : fp.kind == RDMANEG_FPDU_BAD ? RDMANEG_OUT_GARBAGE
								       : RDMANEG_OUT_ACCEPT,
					 start, w, &until, deadline);
				if (fp.kind == RDMANEG_FPDU_BAD) {
					stuck = true;
					break;
				}
				used += fp.len;
			}
		}
	}
	if (!done) {
		o->outcome = RDMANEG_OUT_SILENCE;
		w->ms = rdmaneg_peer_now_ms() - start;
	}
}

static int connect_to(const struct sockaddr_storage *sa, socklen_t salen, int timeout_ms, char *err,
		      size_t errcap)
{
	int fd = socket(sa->ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int fl, soerr = 0;
	socklen_t sl = sizeof(soerr);
	struct pollfd p;

	if (fd < 0) {
		snprintf(err, errcap, "socket: %s", strerror(errno));
		return -1;
	}
	fl = fcntl(fd, F_GETFL);
	(void)fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	if (connect(fd, (const struct sockaddr *)sa, salen) < 0 && errno != EINPROGRESS) {
		snprintf(err, errcap, "connect: %s", strerror(errno));
		close(fd);
		return -1;
	}
	p.fd = fd;
	p.events = POLLOUT;
	p.revents = 0;
	if (poll(&p, 1, timeout_ms) <= 0) {
		snprintf(err, errcap, "connect: no answer within %d ms", timeout_ms);
		close(fd);
		return -1;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) < 0 || soerr) {
		snprintf(err, errcap, "connect: %s", strerror(soerr ? soerr : errno));
		close(fd);
		return -1;
	}
	(void)fcntl(fd, F_SETFL, fl);
	return fd;
}

/* RDMANEG_DELIVER_RESET: connections reset (SO_LINGER 0) as soon as they
 * are up, in a burst, so that some reset before the SUT's worker has
 * accepted them; then, once the workers had time to act, one more
 * connection: refused means a reset took the listener with it. */
#define RESET_BURST 32
#define RESET_SETTLE_S 12
static int reset_and_recheck(int fd, const struct sockaddr_storage *sa, socklen_t salen,
			     int timeout_ms, double start, struct rdmaneg_peer_obs *o,
			     struct rdmaneg_peer_wire *w)
{
	struct linger lg = { 1, 0 };
	int again;

	for (int i = 0; i < RESET_BURST && fd >= 0; i++) {
		(void)setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
		close(fd);
		fd = i + 1 < RESET_BURST ? connect_to(sa, salen, timeout_ms, w->err, sizeof(w->err))
					 : -1;
	}
	usleep(300000);
	o->outcome = RDMANEG_OUT_SILENCE;
	again = connect_to(sa, salen, timeout_ms, w->err, sizeof(w->err));
	if (again < 0) {
		o->unreachable = true;
		/* the connections it accepted end by their MPA timers (siw:
		 * 10 s at most), and with them what held the dead listener:
		 * a use of it after that is the SUT's, not a timing of ours */
		sleep(RESET_SETTLE_S);
	} else {
		close(again);
	}
	w->ms = rdmaneg_peer_now_ms() - start;
	return 0;
}

int rdmaneg_peer_run_request(const struct sockaddr_storage *sa, socklen_t salen, const uint8_t *f,
			     size_t n, enum rdmaneg_peer_delivery d, int timeout_ms,
			     struct rdmaneg_peer_obs *o, struct rdmaneg_peer_wire *w)
{
	double start = rdmaneg_peer_now_ms();
	int fd = connect_to(sa, salen, timeout_ms, w->err, sizeof(w->err));

	memset(o, 0, sizeof(*o));
	if (fd < 0)
		return -1;
	ports(fd, w);
	if (d == RDMANEG_DELIVER_RESET)
		return reset_and_recheck(fd, sa, salen, timeout_ms, start, o, w);
	if (rdmaneg_peer_send(fd, f, n, d) < 0) {
		/* the SUT reset while we were sending: that is its answer */
		o->outcome = errno == ECONNRESET || errno == EPIPE ? RDMANEG_OUT_RESET
								   : RDMANEG_OUT_CLOSE;
		w->ms = rdmaneg_peer_now_ms() - start;
		close(fd);
		return 0;
	}
	observe(fd, RDMANEG_PEER_REQUEST, d, f, n, start, start + timeout_ms, o, w);
	if (d == RDMANEG_DELIVER_THEN_RESET) {
		struct linger lg = { 1, 0 };

		(void)setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	}
	close(fd);
	return 0;
}

int rdmaneg_peer_listen(uint16_t port, char *err, size_t errcap)
{
	struct sockaddr_in6 a;
	int one = 1, zero = 0;
	int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		snprintf(err, errcap, "socket: %s", strerror(errno));
		return -1;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	(void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
	memset(&a, 0, sizeof(a));
	a.sin6_family = AF_INET6;
	a.sin6_port = htons(port);
	a.sin6_addr = in6addr_any;
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(fd, 16) < 0) {
		snprintf(err, errcap, "cannot listen on port %u: %s", port, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int rdmaneg_peer_run_reply(int lfd, int accept_ms, rdmaneg_peer_make_reply make, void *ctx,
			   enum rdmaneg_peer_delivery d, int timeout_ms, uint8_t *f, size_t cap,
			   size_t *n, struct rdmaneg_peer_obs *o, struct rdmaneg_peer_wire *w)
{
	struct pollfd p = { lfd, POLLIN, 0 };
	double start;
	int fd, pr;

	memset(o, 0, sizeof(*o));
	*n = 0;
	do
		pr = poll(&p, 1, accept_ms);
	while (pr < 0 && errno == EINTR);
	if (pr <= 0) {
		snprintf(w->err, sizeof(w->err), "no initiator connected within %d ms", accept_ms);
		return -1;
	}
	fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0) {
		snprintf(w->err, sizeof(w->err), "accept: %s", strerror(errno));
		return -1;
	}
	start = rdmaneg_peer_now_ms();
	ports(fd, w);
	w->req_len = 0;
	(void)rdmaneg_peer_read_frame(fd, w->req, sizeof(w->req), &w->req_len, start + timeout_ms);
	*n = make(ctx, w->req, w->req_len, f, cap);
	if (rdmaneg_peer_send(fd, f, *n, d) < 0) {
		o->outcome = errno == ECONNRESET || errno == EPIPE ? RDMANEG_OUT_RESET
								   : RDMANEG_OUT_CLOSE;
		w->ms = rdmaneg_peer_now_ms() - start;
		close(fd);
		return 0;
	}
	start = rdmaneg_peer_now_ms();
	observe(fd, RDMANEG_PEER_REPLY, d, f, *n, start, start + timeout_ms, o, w);
	close(fd);
	return 0;
}
