// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nfs_read: the capture and decode passes of make live-nfs. live_nfs_read
 * turns the console's LIVE_NFS* lines into struct live_nfs, decoding each
 * side's private data with the core and with the reference decoder.
 */
#include "live/core/frames.h"
#include "live/nfs/nfs.h"

#include "rules/rules.h"
#include "util/hex.h"
#include "util/klog.h"
#include <rdmaneg/negotiate.h>

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* one unsigned decimal at *s, below lim; *s moves past it */
static bool number(const char **s, unsigned long lim, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (**s < '0' || **s > '9')
		return false;
	v = strtoul(*s, &end, 10);
	if (v >= lim)
		return false;
	*s = end;
	*out = v;
	return true;
}

/* A line of exactly count words, each non-empty, split at single spaces:
 * w[i] and its length n[i]. */
static bool split_words(const char *p, const char **w, size_t *n, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		w[i] = p;
		while (*p && *p != ' ')
			p++;
		n[i] = (size_t)(p - w[i]);
		if (n[i] == 0 || (i + 1 < count && *p++ != ' '))
			return false;
	}
	return *p == '\0';
}

/* The hex word w[0..n-1] ("-" for none) as octets into out[0..cap-1]. */
static bool hex_word(const char *w, size_t n, uint8_t *out, size_t cap, size_t *len)
{
	char buf[2 * 600 + 1];
	struct rdmaneg_hex h;

	*len = 0;
	if (n == 1 && w[0] == '-')
		return true;
	if (n >= sizeof(buf))
		return false;
	memcpy(buf, w, n);
	buf[n] = '\0';
	rdmaneg_hex_init(&h, out, cap);
	if (rdmaneg_hex_feed(&h, buf) != 0 || !rdmaneg_hex_whole(&h))
		return false;
	*len = h.len;
	return true;
}

/* The word w[0..n-1], NUL-terminated, into out (false when it does not fit). */
static bool copy_word(const char *w, size_t n, char *out, size_t cap)
{
	if (n >= cap)
		return false;
	memcpy(out, w, n);
	out[n] = '\0';
	return true;
}

/* The connection of a client's port, a new one when it has none (NULL
 * when the table is full) */
static struct live_nfs_conn *conn_of(struct live_nfs *r, unsigned client_port)
{
	return live_seg_conn(r->conn, sizeof(r->conn[0]),
			     offsetof(struct live_nfs_conn, client_port), &r->nconn,
			     LIVE_NFS_MAX_CONNS, client_port);
}

void live_nfs_side_ulp(const struct live_nfs_side *s, const uint8_t **ulp, size_t *n)
{
	if (s->parse != RDMANEG_OK || rdmaneg_mpa_ulp_pd(&s->f, ulp, n) != RDMANEG_OK) {
		*ulp = NULL;
		*n = 0;
	}
}

/* [rfc5044#7.1], [rfc6581#9], [rfc8797#4]: what the frame says, the message
 * found by the core and by the oracle's reference decoder */
static void decode_side(struct live_nfs_side *s)
{
	const uint8_t *ulp;
	size_t n;

	s->parse = rdmaneg_mpa_parse(s->frame, s->len, &s->f);
	if (s->parse != RDMANEG_OK)
		return;
	if (s->f.enhanced)
		rdmaneg_mpa_frame_enh(&s->f, &s->enh);
	live_nfs_side_ulp(s, &ulp, &n);
	rdmaneg_rpcrdma_decode(ulp, n, RDMANEG_DECODE_SEARCH, &s->msg);
	rdmaneg_ref_decode(ulp, n, false, &s->ref);
}

/* The table case named name into c; false when there is none. */

/* "LIVE_NFS_FRAME SPORT DPORT HEX" */
static bool read_frame(struct live_nfs *r, const char *p)
{
	static struct live_seg fr;
	struct live_nfs_conn *c;
	struct live_nfs_side *s;

	if (!live_seg_read(p, strlen(p), LIVE_NFS_PORT, &fr) || fr.len > sizeof(s->frame))
		return false;
	c = conn_of(r, fr.client_port);
	if (!c)
		return false;
	s = fr.to_server ? &c->client : &c->server;
	s->seen = true;
	s->len = fr.len;
	memcpy(s->frame, fr.b, fr.len);
	decode_side(s);
	return true;
}

/* "... svcrdma_post_send: cq.id=N cid=N num_sge=N inv_rkey=0xHEX": an
 * inv_rkey other than 0 is a Send With Invalidate (rpcrdma.h) */
static bool read_post_send(struct live_nfs *r, const char *p)
{
	const char *k = strstr(p, "inv_rkey=0x");
	char *end;
	unsigned long rkey;

	if (!k)
		return false;
	k += strlen("inv_rkey=0x");
	rkey = strtoul(k, &end, 16);
	if (end == k)
		return false;
	r->server_sends++;
	r->server_sends_inv += rkey != 0;
	return true;
}

/* "LIVE_NFS_TRACE xprtrdma_inline_thresh: A:SPORT -> B:DPORT neg
 * send/recv=S/R, calc send/recv=..." (include/trace/events/rpcrdma.h) */
static bool read_trace(struct live_nfs *r, const char *p)
{
	const char *arrow = strstr(p, " -> "), *colon = NULL, *neg = strstr(p, "neg send/recv=");
	const char *dst;
	unsigned long port, dport, snd, rcv;
	struct live_nfs_conn *c;

	if (!arrow || !neg)
		return false;
	for (const char *q = p; q < arrow; q++)
		if (*q == ':')
			colon = q;
	dst = strchr(arrow + 4, ':');
	if (!colon || !dst || dst > neg)
		return false;
	colon++;
	dst++;
	neg += strlen("neg send/recv=");
	if (!number(&colon, 65536, &port) || colon != arrow || !number(&dst, 65536, &dport) ||
	    *dst != ' ' || !number(&neg, 1ul << 31, &snd) || *neg++ != '/' ||
	    !number(&neg, 1ul << 31, &rcv))
		return false;
	if (dport >= LIVE_NFS_SERVER_PORT && dport - LIVE_NFS_SERVER_PORT < LIVE_NFS_MAX_HOSTILE) {
		struct live_nfs_served *v = &r->served[dport - LIVE_NFS_SERVER_PORT];

		v->traced = true;
		v->linux_send = snd;
		v->linux_recv = rcv;
		return true;
	}
	if (dport != LIVE_NFS_PORT)
		return false;
	c = conn_of(r, (unsigned)port);
	if (!c)
		return false;
	c->traced = true;
	c->linux_send = snd;
	c->linux_recv = rcv;
	return true;
}

/* "LIVE_NFSS CASE PORT EVENT CLIENT_PD_HEX FIRST_SEND" */
static bool read_served(struct live_nfs *r, const char *p)
{
	const char *w[5], *q;
	size_t n[5];
	unsigned long port, st, len;
	struct live_nfs_served *v;
	struct live_nfs_case c;
	char event[sizeof(v->event)], first[40];

	if (!split_words(p, w, n, 5))
		return false;
	q = w[1];
	if (!number(&q, 65536, &port) || q != w[1] + n[1] || port < LIVE_NFS_SERVER_PORT ||
	    port - LIVE_NFS_SERVER_PORT >= LIVE_NFS_MAX_HOSTILE ||
	    !live_nfs_case(port - LIVE_NFS_SERVER_PORT, &c) || strlen(c.name) != n[0] ||
	    strncmp(c.name, w[0], n[0]) != 0 || !copy_word(w[2], n[2], event, sizeof(event)) ||
	    !copy_word(w[4], n[4], first, sizeof(first)))
		return false;
	v = &r->served[port - LIVE_NFS_SERVER_PORT];
	if (!hex_word(w[3], n[3], v->client_pd, sizeof(v->client_pd), &v->client_pd_len))
		return false;
	v->seen = true;
	v->c = c;
	snprintf(v->event, sizeof(v->event), "%s", event);
	v->first_len = 0;
	v->first_ok = false;
	if (strcmp(first, "timeout") != 0 && strcmp(first, "-") != 0) {
		q = first;
		if (!number(&q, 64, &st) || *q++ != ':' || !number(&q, 1ul << 20, &len) || *q)
			return false;
		v->first_ok = st == 0;
		v->first_len = len;
	}
	r->nserved++;
	return true;
}

/* "LIVE_NFS_STEP NAME ok" or "LIVE_NFS_STEP NAME failed: WHY" */
static bool read_step(struct live_nfs *r, const char *p)
{
	const char *sp = strchr(p, ' ');
	struct live_nfs_step *s;

	if (!sp || sp == p || (size_t)(sp - p) >= sizeof(s->name) || r->nstep == LIVE_NFS_MAX_STEPS)
		return false;
	s = &r->step[r->nstep];
	memset(s, 0, sizeof(*s));
	memcpy(s->name, p, (size_t)(sp - p));
	if (strcmp(sp + 1, "ok") == 0) {
		s->ok = true;
	} else if (strncmp(sp + 1, "failed", 6) == 0) {
		snprintf(s->why, sizeof(s->why), "%s", sp + 1);
	} else {
		return false;
	}
	r->nstep++;
	return true;
}

/* "wc:len:proc:accept:nfs", "timeout", "-", or another word (a failed
 * post or Send) */
static bool read_call(const char *w, size_t n, struct live_nfs_call *c)
{
	char buf[64];
	const char *p = buf;
	unsigned long v[2];
	long sv[3];

	memset(c, 0, sizeof(*c));
	if (n == 0 || n >= sizeof(buf))
		return false;
	memcpy(buf, w, n);
	buf[n] = '\0';
	if (strcmp(buf, "-") == 0)
		return true;
	c->reached = true;
	if (!(buf[0] >= '0' && buf[0] <= '9')) {
		c->timeout = true; /* "timeout", "post-failed", "send-N": no reply */
		return true;
	}
	if (!number(&p, 64, &v[0]) || *p++ != ':' || !number(&p, 1ul << 20, &v[1]) || *p++ != ':')
		return false;
	for (int i = 0; i < 3; i++) {
		bool neg = *p == '-';
		unsigned long u;

		p += neg;
		if (!number(&p, 1ul << 31, &u) || (i < 2 && *p++ != ':'))
			return false;
		sv[i] = neg ? -(long)u : (long)u;
	}
	/* ":inv", the STag a Send With Invalidate invalidated, or ":-" */
	if (p[0] == ':' && p[1] == '-' && p[2] == '\0') {
		p += 2;
	} else if (p[0] == ':') {
		char *e;

		c->inv_rkey = strtoul(p + 1, &e, 16);
		if (e == p + 1 || *e != '\0' || c->inv_rkey > 0xFFFFFFFFul)
			return false;
		c->inv = true;
		p = e;
	}
	if (*p != '\0')
		return false;
	c->wc_status = (int)v[0];
	c->len = v[1];
	c->proc = sv[0];
	c->accept = sv[1];
	c->nfs_status = sv[2];
	return true;
}

/* "LIVE_NFSC CASE EVENT STATUS REPLY_PD_HEX NULL COMPOUND" */
static bool read_hostile(struct live_nfs *r, const char *p)
{
	const char *w[6], *q;
	size_t n[6];
	struct live_nfs_hostile *h;
	struct live_nfs_case c;
	unsigned long st;
	bool neg;

	if (!split_words(p, w, n, 6) || r->nhostile == LIVE_NFS_MAX_HOSTILE)
		return false;
	h = &r->hostile[r->nhostile];
	memset(h, 0, sizeof(*h));
	if (!copy_word(w[0], n[0], h->name, sizeof(h->name)) ||
	    !copy_word(w[1], n[1], h->event, sizeof(h->event)))
		return false;
	q = w[2];
	neg = *q == '-';
	q += neg;
	if (!number(&q, 4096, &st) || q != w[2] + n[2])
		return false;
	h->event_status = neg ? -(int)st : (int)st;
	if (!hex_word(w[3], n[3], h->reply_pd, sizeof(h->reply_pd), &h->reply_pd_len))
		return false;
	rdmaneg_rpcrdma_decode(h->reply_pd, h->reply_pd_len, RDMANEG_DECODE_SEARCH, &h->reply);
	if (!read_call(w[4], n[4], &h->null) || !read_call(w[5], n[5], &h->compound))
		return false;
	if (live_nfs_case_named(h->name, &c)) {
		h->known = true;
		h->present = c.present;
		h->recv = c.recv;
	}
	r->nhostile++;
	return true;
}

/* "LIVE_NFS_ONLY NAME": NFS_CASE=NAME ran that table case alone */
static bool read_only(struct live_nfs *r, const char *p)
{
	return live_nfs_case_find(p) >= 0 && copy_word(p, strlen(p), r->only, sizeof(r->only));
}

void live_nfs_read(const char *text, size_t len, struct live_nfs *r)
{
	char line[1600];
	size_t pos = 0;

	memset(r, 0, sizeof(*r));
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		const char *m = rdmaneg_klog_message(line);
		bool ok = true;

		if (strncmp(line, "LIVE_NFS_FRAME ", 15) == 0)
			ok = read_frame(r, line + 15);
		else if (strncmp(line, "LIVE_NFS_TRACE ", 15) == 0)
			ok = strstr(line, "svcrdma_post_send:") ? read_post_send(r, line + 15)
								: read_trace(r, line + 15);
		else if (strncmp(line, "LIVE_NFS_STEP ", 14) == 0)
			ok = read_step(r, line + 14);
		else if (strncmp(line, "LIVE_NFSC ", 10) == 0)
			ok = read_hostile(r, line + 10);
		else if (strncmp(line, "LIVE_NFSS ", 10) == 0)
			ok = read_served(r, line + 10);
		else if (strcmp(line, "LIVE_NFS_SMOKE") == 0)
			r->smoke = true;
		else if (strncmp(line, "LIVE_NFS_ONLY ", 14) == 0)
			ok = read_only(r, line + 14);
		else if (!r->kernel[0] && strncmp(m, "Linux version ", 14) == 0)
			snprintf(r->kernel, sizeof(r->kernel), "%s", m + 14);
		r->bad_lines += !ok;
	}
}
