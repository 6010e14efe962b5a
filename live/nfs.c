#include "nfs.h"

#include "hex.h"
#include "klog.h"
#include "negotiate.h"

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

static struct live_nfs_conn *conn_of(struct live_nfs *r, uint16_t client_port)
{
	for (size_t i = 0; i < r->nconn; i++)
		if (r->conn[i].client_port == client_port)
			return &r->conn[i];
	if (r->nconn == LIVE_NFS_MAX_CONNS)
		return NULL;
	memset(&r->conn[r->nconn], 0, sizeof(r->conn[0]));
	r->conn[r->nconn].client_port = client_port;
	return &r->conn[r->nconn++];
}

/* RFC 5044 7.1, RFC 6581 9, RFC 8797 4: what the frame says */
static void decode_side(struct live_nfs_side *s)
{
	const uint8_t *ulp = NULL;
	size_t n = 0;

	s->parse = rdmaneg_mpa_parse(s->frame, s->len, &s->f);
	if (s->parse != RDMANEG_OK)
		return;
	if (s->f.enhanced)
		rdmaneg_mpa_frame_enh(&s->f, &s->enh);
	if (rdmaneg_mpa_ulp_pd(&s->f, &ulp, &n) == RDMANEG_OK)
		rdmaneg_rpcrdma_decode(ulp, n, RDMANEG_DECODE_SEARCH, &s->msg);
}

/* "LIVE_NFS_FRAME SPORT DPORT HEX" */
static bool read_frame(struct live_nfs *r, const char *p)
{
	unsigned long sport, dport;
	struct live_nfs_conn *c;
	struct live_nfs_side *s;
	uint8_t buf[sizeof(s->frame)];
	size_t len;

	if (!number(&p, 65536, &sport) || *p++ != ' ' || !number(&p, 65536, &dport) || *p++ != ' ')
		return false;
	if (!hex_word(p, strlen(p), buf, sizeof(buf), &len) || len == 0)
		return false;
	if (dport == LIVE_NFS_PORT)
		c = conn_of(r, (uint16_t)sport);
	else if (sport == LIVE_NFS_PORT)
		c = conn_of(r, (uint16_t)dport);
	else
		return false;
	if (!c)
		return false;
	s = dport == LIVE_NFS_PORT ? &c->client : &c->server;
	s->seen = true;
	s->len = len;
	memcpy(s->frame, buf, len);
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
	c = conn_of(r, (uint16_t)port);
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

/* RFC 8797 4.2 with the core, for one side: its own message as its local
 * settings (the RFC 8166 defaults, 5.1, when it sent none), the peer's ULP data */
static void rfc_side(const struct live_nfs_side *own, const struct live_nfs_side *peer,
		     enum rdmaneg_role role, size_t *snd, size_t *rcv, bool *ri)
{
	struct rdmaneg_rpcrdma_settings local = { RDMANEG_INLINE_MIN, RDMANEG_INLINE_MIN, false };
	struct rdmaneg_conn conn;
	const uint8_t *ulp = NULL;
	size_t n = 0;

	if (own->msg.present) {
		local.send_size = own->msg.send_size;
		local.recv_size = own->msg.recv_size;
		local.remote_invalidation = own->msg.remote_invalidation;
	}
	if (peer->parse == RDMANEG_OK)
		rdmaneg_mpa_ulp_pd(&peer->f, &ulp, &n);
	if (rdmaneg_conn_init(&conn, role, &local) != RDMANEG_OK ||
	    rdmaneg_conn_negotiate(&conn, ulp, n, RDMANEG_DECODE_SEARCH) != RDMANEG_OK)
		return;
	*snd = conn.send_threshold;
	*rcv = conn.recv_threshold;
	*ri = conn.remote_invalidation;
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
	size_t n[6], pdlen;
	struct live_nfs_hostile *h;
	struct live_nfs_case c;
	uint8_t pd[256];
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
	if (!hex_word(w[3], n[3], pd, sizeof(pd), &pdlen))
		return false;
	rdmaneg_rpcrdma_decode(pd, pdlen, RDMANEG_DECODE_SEARCH, &h->reply);
	if (!read_call(w[4], n[4], &h->null) || !read_call(w[5], n[5], &h->compound))
		return false;
	for (size_t k = 0; live_nfs_case(k, &c); k++)
		if (strcmp(c.name, h->name) == 0) {
			h->known = true;
			h->present = c.present;
			h->recv = c.recv;
		}
	/* sec. 4.2, and 5.1 for a side without a message: the defaults */
	h->threshold = h->reply.present ? h->reply.send_size : RDMANEG_INLINE_MIN;
	if (h->recv < h->threshold)
		h->threshold = h->recv;
	r->nhostile++;
	return true;
}

void live_nfs_read(const char *text, size_t len, struct live_nfs *r)
{
	char line[1600];
	size_t pos = 0;

	memset(r, 0, sizeof(*r));
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
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
		r->bad_lines += !ok;
	}
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		struct live_nfs_served *v = &r->served[k];
		struct rdmaneg_rpcrdma_settings local = { RDMANEG_INLINE_MIN, RDMANEG_INLINE_MIN,
							  false };
		struct rdmaneg_rpcrdma_result own;
		struct rdmaneg_conn conn;

		if (!v->seen)
			continue;
		/* the kernel client's own message, as it sent it to us */
		rdmaneg_rpcrdma_decode(v->client_pd, v->client_pd_len, RDMANEG_DECODE_SEARCH, &own);
		if (own.present) {
			local.send_size = own.send_size;
			local.recv_size = own.recv_size;
			local.remote_invalidation = own.remote_invalidation;
		}
		rdmaneg_rpcrdma_decode(v->c.pd, v->c.pd_len, RDMANEG_DECODE_SEARCH, &v->msg);
		if (rdmaneg_conn_init(&conn, RDMANEG_ROLE_CLIENT, &local) == RDMANEG_OK &&
		    rdmaneg_conn_negotiate(&conn, v->c.pd, v->c.pd_len, RDMANEG_DECODE_SEARCH) ==
			    RDMANEG_OK) {
			v->rfc_send = conn.send_threshold;
			v->rfc_recv = conn.recv_threshold;
		}
	}
	for (size_t i = 0; i < r->nconn; i++) {
		struct live_nfs_conn *c = &r->conn[i];

		if (!c->client.seen || !c->server.seen)
			continue;
		rfc_side(&c->client, &c->server, RDMANEG_ROLE_CLIENT, &c->rfc_client_send,
			 &c->rfc_client_recv, &c->rfc_client_ri);
		rfc_side(&c->server, &c->client, RDMANEG_ROLE_SERVER, &c->rfc_server_send,
			 &c->rfc_server_recv, &c->rfc_server_ri);
	}
}

static void describe(const struct live_nfs_side *s, char *out, size_t cap)
{
	if (!s->seen)
		snprintf(out, cap, "not captured");
	else if (s->parse != RDMANEG_OK)
		snprintf(out, cap, "MPA frame: %s", rdmaneg_strerror(s->parse));
	else if (!s->msg.present)
		snprintf(out, cap, "no message (%s)", rdmaneg_rpcrdma_reason_name(s->msg.reason));
	else
		snprintf(out, cap, "v%u R=%d %zu/%zu @%zu", s->msg.version,
			 s->msg.remote_invalidation, s->msg.send_size, s->msg.recv_size,
			 s->msg.offset);
}

static void row(FILE *out, const char *field, const char *rfc, const char *core, const char *cl,
		const char *sv)
{
	fprintf(out, "  %-30s %-24s %-20s %-20s %s\n", field, rfc, core, cl, sv);
}

/* One threshold of the client: the row, and a divergence when Linux
 * differs from the core (RFC 8797 sec. 4.2); returns 1 for a divergence. */
static size_t threshold_row(FILE *out, const char *field, const char *rfc, const char *verb,
			    bool traced, size_t core, size_t linux_value)
{
	char c[32], l[32];

	snprintf(c, sizeof(c), "%zu", core);
	snprintf(l, sizeof(l), "%zu", linux_value);
	row(out, field, rfc, c, traced ? l : "not traced", "-");
	if (!traced || linux_value == core)
		return 0;
	fprintf(out, "  DIVERGENCE RFC 8797 4.2: the client %s up to %zu inline, the RFC %zu\n",
		verb, linux_value, core);
	return 1;
}

size_t live_nfs_print(FILE *out, const struct live_nfs *r)
{
	size_t div = 0;

	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];
		char cl[64], sv[64], core[32];

		fprintf(out, "connection %zu: client port %u -> %d\n", i + 1, c->client_port,
			LIVE_NFS_PORT);
		row(out, "field", "RFC", "core", "Linux client", "Linux server");
		describe(&c->client, cl, sizeof(cl));
		describe(&c->server, sv, sizeof(sv));
		row(out, "message sent (ver R send/recv)", "v1, 8 octets (4)", "decodes both", cl,
		    sv);
		snprintf(cl, sizeof(cl), "IRD %u ORD %u", c->client.enh.ird, c->client.enh.ord);
		snprintf(sv, sizeof(sv), "IRD %u ORD %u", c->server.enh.ird, c->server.enh.ord);
		row(out, "MPA v2 word (RFC 6581 9)", "-", "-", c->client.f.enhanced ? cl : "none",
		    c->server.f.enhanced ? sv : "none");
		if (!c->client.seen || !c->server.seen)
			continue;
		div += threshold_row(out, "client send threshold", "min(c send, s recv)", "sends",
				     c->traced, c->rfc_client_send, c->linux_send);
		div += threshold_row(out, "client receive threshold", "min(s send, c recv)",
				     "receives", c->traced, c->rfc_client_recv, c->linux_recv);
		snprintf(core, sizeof(core), "%zu", c->rfc_server_send);
		row(out, "server send threshold", "min(s send, c recv)", core, "-",
		    "not observable here");
		row(out, "server may Send With Invalidate", "only if both set R (4.1)",
		    c->rfc_server_ri ? "yes" : "no", "-", "see below");
	}
	if (r->server_sends) {
		bool may = r->nconn > 0;
		char sv[64];

		for (size_t i = 0; i < r->nconn; i++)
			may = may && r->conn[i].rfc_server_ri;
		snprintf(sv, sizeof(sv), "%zu of %zu Sends", r->server_sends_inv, r->server_sends);
		fprintf(out, "all connections\n");
		row(out, "server Sends With Invalidate", "none unless both set R",
		    may ? "allowed" : "none allowed", "-", sv);
		if (!may && r->server_sends_inv) {
			fprintf(out,
				"  DIVERGENCE RFC 8797 4.1: the server cleared R (or the client "
				"did) and still sent %zu of its %zu Sends With Invalidate; "
				"when either peer clears R the responder MUST use only Send\n",
				r->server_sends_inv, r->server_sends);
			div++;
		}
	}
	return div;
}

static void call_text(const struct live_nfs_call *c, char *out, size_t cap)
{
	if (!c->reached)
		snprintf(out, cap, "not sent");
	else if (c->timeout)
		snprintf(out, cap, "no reply");
	else if (c->wc_status == 1)
		snprintf(out, cap, "LOC_LEN_ERR");
	else if (c->wc_status != 0)
		snprintf(out, cap, "wc status %d", c->wc_status);
	else if (c->nfs_status >= 0)
		snprintf(out, cap, "%lu octets, nfs %ld", c->len, c->nfs_status);
	else
		snprintf(out, cap, "%lu octets, rpc %ld", c->len, c->accept);
}

/* RFC 8797 4.2, 5.1: nothing inline above the threshold; IBV_WC_LOC_LEN_ERR
 * (1) on our Receive is a Send longer than the Receive we posted */
static bool overflowed(const struct live_nfs_hostile *h)
{
	return h->compound.reached && !h->compound.timeout &&
	       (h->compound.wc_status == 1 || h->compound.len > h->threshold);
}

/* the names of the cases that broke one clause, and the first outcome */
struct group {
	char names[512];
	size_t n;
	char what[64];
};

/* One DIVERGENCE line per clause that some case broke; their number. */
static size_t groups_print(FILE *out, const char *const *clause, const struct group *g, size_t n)
{
	size_t div = 0;

	for (size_t k = 0; k < n; k++) {
		if (g[k].n == 0)
			continue;
		fprintf(out, "  DIVERGENCE RFC 8797 %s (%s) in %zu case(s): %s\n", clause[k],
			g[k].what, g[k].n, g[k].names);
		div++;
	}
	return div;
}

/* "ESTABLISHED" for "RDMA_CM_EVENT_ESTABLISHED" */
static const char *event_short(const char *event)
{
	return strncmp(event, "RDMA_CM_EVENT_", 14) == 0 ? event + 14 : event;
}

static void group_add(struct group *g, const char *name, const char *what)
{
	size_t used = strlen(g->names);

	if (g->n++ == 0)
		snprintf(g->what, sizeof(g->what), "%s", what);
	snprintf(g->names + used, sizeof(g->names) - used, "%s%s", used ? ", " : "", name);
}

size_t live_nfs_print_hostile(FILE *out, const struct live_nfs *r)
{
	/* 0: sec. 4.2 (a valid message), 1: sec. 5.1 (none: the defaults),
	 * 2: refused or NULL not served */
	static const char *const clause[3] = {
		"4.2: the server sent more inline than the smaller of its own Send "
		"Size and the client's Receive Size",
		"5.1: without a valid message from the client, the server sent more "
		"inline than the 1024-octet default",
		"5.1: a client without a valid message was not served with the defaults",
	};
	struct group g[3];

	if (r->nhostile == 0)
		return 0;
	memset(g, 0, sizeof(g));
	fprintf(out, "hostile client against nfsd (NULL, then PUTROOTFH + %d GETFH)\n",
		LIVE_NFS_GETFH);
	fprintf(out, "  %-17s %-6s %-7s %-11s %-17s %-8s %-17s %-22s %s\n", "case", "msg", "recv",
		"connect", "server sent", "RFC s->c", "NULL", "COMPOUND", "verdict");
	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		char sv[40], nul[40], cmp[40];
		int broke = -1;

		if (h->reply.present)
			snprintf(sv, sizeof(sv), "v%u R=%d %zu/%zu", h->reply.version,
				 h->reply.remote_invalidation, h->reply.send_size,
				 h->reply.recv_size);
		else
			snprintf(sv, sizeof(sv), "none");
		call_text(&h->null, nul, sizeof(nul));
		call_text(&h->compound, cmp, sizeof(cmp));
		if (strcmp(h->event, "RDMA_CM_EVENT_ESTABLISHED") != 0 ||
		    (h->null.reached && (h->null.timeout || h->null.accept != 0)))
			broke = h->present ? -1 : 2;
		else if (overflowed(h))
			broke = h->present ? 0 : 1;
		if (broke >= 0)
			group_add(&g[broke], h->name, broke == 2 ? nul : cmp);
		fprintf(out, "  %-17s %-6s %-7zu %-11s %-17s %-8zu %-17s %-22s %s\n", h->name,
			h->present ? "valid" : "none", h->recv, event_short(h->event), sv,
			h->threshold, nul, cmp,
			broke < 0    ? "conforms"
			: broke == 0 ? "diverges 4.2"
				     : "diverges 5.1");
	}
	return groups_print(out, clause, g, sizeof(g) / sizeof(g[0]));
}

size_t live_nfs_print_served(FILE *out, const struct live_nfs *r)
{
	/* 0: sec. 4.2 (a message at offset 0), 1: sec. 5.2 (elsewhere: the
	 * receiver searches), 2: sec. 5.1 (none: the defaults), 3: a first
	 * Send above the client's own send threshold */
	static const char *const clause[4] = {
		"4.2: the client's thresholds are not min(own, server's) for the server's message",
		("5.2: the client did not find the server's message away from offset 0 "
		 "(the receiver searches at any alignment)"),
		"5.1: without a valid message from the server, the client did not use the defaults",
		"4.2: the client's first Send was longer than its send threshold",
	};
	struct group g[4];
	size_t seen = 0;

	memset(g, 0, sizeof(g));
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++)
		seen += r->served[k].seen;
	if (seen == 0)
		return 0;
	fprintf(out, "hostile server against the kernel NFS client (its mount's connection)\n");
	fprintf(out, "  %-17s %-18s %-11s %-13s %-13s %-10s %s\n", "case", "server msg", "connect",
		"RFC send/recv", "Linux", "1st Send", "verdict");
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *v = &r->served[k];
		char msg[24], rfc[24], lin[24], first[16];
		int broke = -1;

		if (!v->seen)
			continue;
		if (v->msg.present)
			snprintf(msg, sizeof(msg), "%zu/%zu @%zu", v->msg.send_size,
				 v->msg.recv_size, v->msg.offset);
		else
			snprintf(msg, sizeof(msg), "none");
		snprintf(rfc, sizeof(rfc), "%zu/%zu", v->rfc_send, v->rfc_recv);
		snprintf(lin, sizeof(lin), v->traced ? "%zu/%zu" : "not traced", v->linux_send,
			 v->linux_recv);
		snprintf(first, sizeof(first), v->first_ok ? "%zu" : "none", v->first_len);
		if (v->traced && (v->linux_send != v->rfc_send || v->linux_recv != v->rfc_recv))
			broke = !v->msg.present ? 2 : v->msg.offset > 0 ? 1 : 0;
		else if (v->first_ok && v->first_len > v->rfc_send)
			broke = 3;
		if (broke >= 0) {
			char what[64];

			snprintf(what, sizeof(what), "Linux %s, RFC %s", lin, rfc);
			group_add(&g[broke], v->c.name, what);
		}
		fprintf(out, "  %-17s %-18s %-11s %-13s %-13s %-10s %s\n", v->c.name, msg,
			event_short(v->event), rfc, lin, first,
			broke < 0 ? "conforms" : "diverges");
	}
	return groups_print(out, clause, g, sizeof(g) / sizeof(g[0]));
}

/* The hostile peers' part of live_nfs_broken: every case ran and is known. */
static bool hostile_broken(const struct live_nfs *r, char *why, size_t cap)
{
	if (r->nhostile != live_nfs_case_count()) {
		snprintf(why, cap, "the hostile client ran %zu of its %zu cases", r->nhostile,
			 live_nfs_case_count());
		return true;
	}
	if (r->nserved != live_nfs_case_count()) {
		snprintf(why, cap, "the hostile server ran %zu of its %zu cases", r->nserved,
			 live_nfs_case_count());
		return true;
	}
	for (size_t k = 0; k < live_nfs_case_count(); k++)
		if (!r->served[k].seen || !r->served[k].traced) {
			snprintf(why, cap, "hostile server case %zu: %s", k,
				 !r->served[k].seen ? "no LIVE_NFSS line"
						    : "no xprtrdma_inline_thresh line");
			return true;
		}
	for (size_t i = 0; i < r->nhostile; i++)
		if (!r->hostile[i].known) {
			snprintf(why, cap, "the hostile client ran an unknown case %s",
				 r->hostile[i].name);
			return true;
		}
	return false;
}

bool live_nfs_broken(const struct live_nfs *r, char *why, size_t cap)
{
	for (size_t i = 0; i < r->nstep; i++)
		if (!r->step[i].ok) {
			snprintf(why, cap, "step %s %s", r->step[i].name, r->step[i].why);
			return true;
		}
	if (r->bad_lines) {
		snprintf(why, cap, "%zu LIVE_NFS line(s) did not parse", r->bad_lines);
		return true;
	}
	if (r->nstep == 0 || r->nconn == 0) {
		snprintf(why, cap, "%s",
			 r->nstep ? "no NFS/RDMA connection was captured"
				  : "the guest ran no NFS step");
		return true;
	}
	if (r->smoke && (r->nhostile || r->nserved)) {
		snprintf(why, cap, "a smoke run ran %zu hostile client and %zu server case(s)",
			 r->nhostile, r->nserved);
		return true;
	}
	if (!r->smoke && hostile_broken(r, why, cap))
		return true;
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];

		if (!c->client.seen || !c->server.seen || !c->traced) {
			snprintf(why, cap, "connection from port %u: %s", c->client_port,
				 !c->client.seen   ? "no MPA Request"
				 : !c->server.seen ? "no MPA Reply"
						   : "no xprtrdma_inline_thresh line");
			return true;
		}
	}
	return false;
}

/* ---- the hostile NFS client's cases and RPCs ---- */

/* RFC 8797 4: each case's message, where it sits and how it is cut */
static const struct {
	const char *name;
	size_t offset; /* octets of 0xA5 before the identifier */
	size_t cut;    /* octets of the message sent: 8, or fewer */
	uint8_t version, flags, send_code, recv_code;
	bool none; /* no private data at all */
} cases[] = {
	{ "no-pd", 0, 8, 1, 0, 0, 0, true },
	{ "short-1", 0, 1, 1, 0, 0, 0, false },
	{ "short-4", 0, 4, 1, 0, 0, 0, false },
	{ "short-5", 0, 5, 1, 0, 0, 0, false },
	{ "short-7", 0, 7, 1, 0, 0, 0, false },
	{ "v1-1k", 0, 8, 1, 0, 0, 0, false },
	{ "v1-1k-R", 0, 8, 1, 1, 0, 0, false },
	{ "v1-4k-R", 0, 8, 1, 1, 3, 3, false },
	{ "v1-256k", 0, 8, 1, 0, 255, 255, false },
	{ "offset-1-1k", 1, 8, 1, 0, 0, 0, false },
	{ "offset-3-1k", 3, 8, 1, 0, 0, 0, false },
	{ "version-0", 0, 8, 0, 0, 3, 3, false },
	{ "version-2", 0, 8, 2, 0, 3, 3, false },
	{ "version-255", 0, 8, 255, 0, 3, 3, false },
	{ "reserved-bits-1k", 0, 8, 1, 0xFE, 0, 0, false },
	{ "full-196-1k", LIVE_NFS_CASE_PD_MAX - 8, 8, 1, 0, 0, 0, false },
	{ "offset-1-4k", 1, 8, 1, 0, 3, 3, false },
	{ "offset-3-4k", 3, 8, 1, 0, 3, 3, false },
	{ "full-196-4k", LIVE_NFS_CASE_PD_MAX - 8, 8, 1, 0, 3, 3, false },
};

size_t live_nfs_case_count(void)
{
	return sizeof(cases) / sizeof(cases[0]);
}

/* what the server may send: the case's Receive Size when its message
 * decodes in search mode (RFC 8797 5.2), else the 1024 default (5.1) */
static void settle(struct live_nfs_case *c)
{
	struct rdmaneg_rpcrdma_result r;

	rdmaneg_rpcrdma_decode(c->pd, c->pd_len, RDMANEG_DECODE_SEARCH, &r);
	c->present = r.present;
	c->recv = r.present ? r.recv_size : RDMANEG_INLINE_MIN;
}

bool live_nfs_case(size_t k, struct live_nfs_case *c)
{
	uint8_t msg[8] = { 0xf6, 0xab, 0x0e, 0x18, 0, 0, 0, 0 };

	if (k >= live_nfs_case_count())
		return false;
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", cases[k].name);
	msg[4] = cases[k].version;
	msg[5] = cases[k].flags;
	msg[6] = cases[k].send_code;
	msg[7] = cases[k].recv_code;
	if (!cases[k].none) {
		memset(c->pd, 0xA5, cases[k].offset);
		memcpy(c->pd + cases[k].offset, msg, cases[k].cut);
		c->pd_len = cases[k].offset + cases[k].cut;
	}
	settle(c);
	return true;
}

uint64_t live_nfs_rand(uint64_t *s)
{
	/* splitmix64 */
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* An octet an RFC 8797 4.1 field is likely to be checked against: the
 * versions 0, 1 and 2, the R bit alone and with Reserved bits, the size
 * codes' ends (1024 and 262144) */
static const uint8_t edges[] = { 0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF };

unsigned live_nfs_mutate(struct live_nfs_case *c, uint64_t *rng)
{
	unsigned edits = 1u + (unsigned)(live_nfs_rand(rng) % 3u);
	static const uint8_t id[4] = { 0xf6, 0xab, 0x0e, 0x18 };

	for (unsigned i = 0; i < edits; i++) {
		uint64_t x = live_nfs_rand(rng);
		size_t n = c->pd_len, at, m;

		switch (x % 6u) {
		case 0: /* a bit anywhere */
			if (n > 0)
				c->pd[(x >> 8) % n] ^= (uint8_t)(1u << ((x >> 40) % 8u));
			break;
		case 1: /* a whole message at any alignment (sec. 5.2 searches) */
		case 2: /* the identifier alone: a message cut short */
			m = (x % 6u) == 1 ? 8 : 4;
			at = (size_t)(x >> 8) % (LIVE_NFS_CASE_PD_MAX - m + 1);
			if (at > n) /* the gap before it: the filler the table uses */
				memset(c->pd + n, 0xA5, at - n);
			memcpy(c->pd + at, id, sizeof(id));
			if (m == 8) {
				c->pd[at + 4] = edges[(x >> 24) % 3u]; /* version 0, 1 or 2 */
				c->pd[at + 5] = edges[(x >> 28) % sizeof(edges)];
				c->pd[at + 6] = (uint8_t)(x >> 32);
				c->pd[at + 7] = (uint8_t)(x >> 40);
			}
			if (at + m > n)
				c->pd_len = at + m;
			break;
		case 3: /* an octet at an edge value */
			if (n > 0)
				c->pd[(x >> 8) % n] = edges[(x >> 32) % sizeof(edges)];
			break;
		case 4: /* cut */
			if (n > 0)
				c->pd_len = (size_t)(x >> 8) % n;
			break;
		default: /* grow, up to the most a case sends */
			for (unsigned j = 0;
			     j < 1u + (x >> 8) % 16u && c->pd_len < LIVE_NFS_CASE_PD_MAX; j++)
				c->pd[c->pd_len++] = (uint8_t)(x >> (j % 8u * 8u));
			break;
		}
	}
	settle(c);
	return edits;
}

struct xdr {
	uint8_t *b;
	size_t cap, n;
	bool over;
};

static void put32(struct xdr *x, uint32_t v)
{
	if (x->cap - x->n < 4) {
		x->over = true;
		return;
	}
	for (int i = 3; i >= 0; i--)
		x->b[x->n++] = (uint8_t)(v >> (i * 8));
}

/* RFC 8166 4: xid, version 1, credits, RDMA_MSG, three empty chunk lists;
 * then the RPC call header (RFC 5531 9) up to the credential */
static void call_head(struct xdr *x, uint32_t xid, uint32_t proc)
{
	static const uint32_t head[] = { 1, 8, 0, 0, 0, 0 };

	put32(x, xid);
	for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
		put32(x, head[i]);
	put32(x, xid);
	put32(x, 0);	  /* CALL */
	put32(x, 2);	  /* RPC version */
	put32(x, 100003); /* NFS */
	put32(x, 4);
	put32(x, proc);
}

/* out is written through x (struct xdr) */
/* NOLINTNEXTLINE(readability-non-const-parameter) */
size_t live_nfs_rpc_null(uint32_t xid, uint8_t *out, size_t cap)
{
	struct xdr x = { out, cap, 0, false };

	call_head(&x, xid, 0);
	for (int i = 0; i < 4; i++) /* AUTH_NONE credential and verifier */
		put32(&x, 0);
	return x.over ? 0 : x.n;
}

/* NOLINTNEXTLINE(readability-non-const-parameter) */
size_t live_nfs_rpc_compound(uint32_t xid, unsigned getfh, uint8_t *out, size_t cap)
{
	struct xdr x = { out, cap, 0, false };

	call_head(&x, xid, 1);
	put32(&x, 1);  /* AUTH_SYS */
	put32(&x, 28); /* stamp, "rdmaneg" (7 + 1 pad), uid 0, gid 0, no gids */
	put32(&x, 0);
	put32(&x, 7);
	put32(&x, 0x72646d61); /* "rdma" */
	put32(&x, 0x6e656700); /* "neg" and the pad */
	put32(&x, 0);
	put32(&x, 0);
	put32(&x, 0);
	put32(&x, 0); /* AUTH_NONE verifier */
	put32(&x, 0);
	put32(&x, 0); /* COMPOUND4args (RFC 7530 16.2): empty tag, minor version 0 */
	put32(&x, 0);
	put32(&x, 1 + getfh);
	put32(&x, 24); /* OP_PUTROOTFH */
	for (unsigned i = 0; i < getfh; i++)
		put32(&x, 10); /* OP_GETFH */
	return x.over ? 0 : x.n;
}

static long get32(const uint8_t *b, size_t len, size_t at)
{
	if (at > len || len - at < 4)
		return -1;
	return (long)((uint32_t)b[at] << 24 | (uint32_t)b[at + 1] << 16 | (uint32_t)b[at + 2] << 8 |
		      b[at + 3]);
}

void live_nfs_reply_parse(const uint8_t *b, size_t len, struct live_nfs_reply *r)
{
	long vlen;

	r->proc = get32(b, len, 12);
	r->accept = r->nfs_status = -1;
	/* RDMA_MSG with the three chunk lists empty: the RPC reply at 28 */
	if (r->proc != 0 || get32(b, len, 16) != 0 || get32(b, len, 20) != 0 ||
	    get32(b, len, 24) != 0 || get32(b, len, 32) != 1 || get32(b, len, 36) != 0)
		return;
	vlen = get32(b, len, 44); /* the verifier's body length */
	if (vlen < 0 || vlen > 400)
		return;
	r->accept = get32(b, len, 48 + ((size_t)vlen + 3) / 4 * 4);
	if (r->accept == 0)
		r->nfs_status = get32(b, len, 52 + ((size_t)vlen + 3) / 4 * 4);
}

size_t live_nfs_splats(FILE *out, const char *text, size_t len)
{
	static struct rdmaneg_splat sp[16];
	size_t found = rdmaneg_klog_scan(text, len, sp, sizeof(sp) / sizeof(sp[0]));

	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++) {
		char line[256], during[256] = "the setup";
		size_t pos = 0, no = 0;

		while (++no < sp[i].line && rdmaneg_klog_line(text, len, &pos, line, sizeof(line)))
			if (strncmp(line, "LIVE_NFS_CASE ", 14) == 0)
				snprintf(during, sizeof(during), "%s", line + 14);
		fprintf(out, "live-nfs: kernel splat during %s: %s (%s)\n", during, sp[i].title,
			sp[i].rip[0] ? sp[i].rip : "no RIP");
	}
	return found;
}
