#include "nfs.h"

#include "hex.h"
#include "json.h"
#include "klog.h"
#include "negotiate.h"
#include "rules.h"

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

/* The ULP data of a captured side: none when its frame did not parse */
static void side_ulp(const struct live_nfs_side *s, const uint8_t **ulp, size_t *n)
{
	if (s->parse != RDMANEG_OK || rdmaneg_mpa_ulp_pd(&s->f, ulp, n) != RDMANEG_OK) {
		*ulp = NULL;
		*n = 0;
	}
}

/* RFC 5044 7.1, RFC 6581 9, RFC 8797 4: what the frame says, the message
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
	side_ulp(s, &ulp, &n);
	rdmaneg_rpcrdma_decode(ulp, n, RDMANEG_DECODE_SEARCH, &s->msg);
	rdmaneg_ref_decode(ulp, n, false, &s->ref);
}

/* The table case named name into c; false when there is none. */
static bool case_named(const char *name, struct live_nfs_case *c)
{
	long k = live_nfs_case_find(name);

	return k >= 0 && live_nfs_case((size_t)k, c);
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

/* The RFC column: the oracle's reading of RFC 8797 4.1, 4.2 and 5.1 with
 * its reference decoder (rdmaneg_ref_thresholds), never the core */
static struct live_nfs_th rfc_th(const uint8_t *own, size_t own_n, const uint8_t *peer,
				 size_t peer_n)
{
	struct live_nfs_th t;

	rdmaneg_ref_thresholds(own, own_n, peer, peer_n, &t.send, &t.recv, &t.ri);
	return t;
}

/* The core column: the same with the core, in role: its own message
 * (decoded by the core) as its local settings, then negotiated with the
 * peer's octets. All zero when the core refuses. */
static struct live_nfs_th core_th(enum rdmaneg_role role, const uint8_t *own, size_t own_n,
				  const uint8_t *peer, size_t peer_n)
{
	struct rdmaneg_rpcrdma_settings local = { RDMANEG_INLINE_MIN, RDMANEG_INLINE_MIN, false };
	struct rdmaneg_rpcrdma_result m;
	struct rdmaneg_conn conn;
	struct live_nfs_th t = { 0, 0, false };

	rdmaneg_rpcrdma_decode(own, own_n, RDMANEG_DECODE_SEARCH, &m);
	if (m.present) {
		local.send_size = m.send_size;
		local.recv_size = m.recv_size;
		local.remote_invalidation = m.remote_invalidation;
	}
	if (rdmaneg_conn_init(&conn, role, &local) != RDMANEG_OK ||
	    rdmaneg_conn_negotiate(&conn, peer, peer_n, RDMANEG_DECODE_SEARCH) != RDMANEG_OK)
		return t;
	t.send = conn.send_threshold;
	t.recv = conn.recv_threshold;
	t.ri = conn.remote_invalidation;
	return t;
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
	/* the server-to-client threshold (sec. 4.2, and 5.1 for a side
	 * without a message: the defaults) is the client's receive threshold */
	if (case_named(h->name, &c)) {
		h->known = true;
		h->present = c.present;
		h->recv = c.recv;
		h->threshold = rfc_th(c.pd, c.pd_len, h->reply_pd, h->reply_pd_len).recv;
		h->core_threshold =
			core_th(RDMANEG_ROLE_CLIENT, c.pd, c.pd_len, h->reply_pd, h->reply_pd_len)
				.recv;
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
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		struct live_nfs_served *v = &r->served[k];

		if (!v->seen)
			continue;
		/* the kernel client's own message, as it sent it to us, and the
		 * case's as the server's */
		rdmaneg_rpcrdma_decode(v->c.pd, v->c.pd_len, RDMANEG_DECODE_SEARCH, &v->msg);
		v->rfc = rfc_th(v->client_pd, v->client_pd_len, v->c.pd, v->c.pd_len);
		v->core = core_th(RDMANEG_ROLE_CLIENT, v->client_pd, v->client_pd_len, v->c.pd,
				  v->c.pd_len);
	}
	for (size_t i = 0; i < r->nconn; i++) {
		struct live_nfs_conn *c = &r->conn[i];
		const uint8_t *cu, *su;
		size_t cn, sn;

		if (!c->client.seen || !c->server.seen)
			continue;
		side_ulp(&c->client, &cu, &cn);
		side_ulp(&c->server, &su, &sn);
		c->rfc_client = rfc_th(cu, cn, su, sn);
		c->rfc_server = rfc_th(su, sn, cu, cn);
		c->core_client = core_th(RDMANEG_ROLE_CLIENT, cu, cn, su, sn);
		c->core_server = core_th(RDMANEG_ROLE_SERVER, su, sn, cu, cn);
	}
}

/* ---- verdicts ---- */

/* Adds one disagreement, or names one more case in the entry of the same
 * table, clause and text (the hostile tables group their cases; the
 * text's " (first: ...)" tail, the first case's outcome, is not compared). */
static void div_add(struct live_nfs_div *d, size_t *n, enum live_nfs_table t, const char *clause,
		    const char *text, const char *where, bool is_case)
{
	const char *tail = strstr(text, " (first: ");
	size_t key = tail ? (size_t)(tail - text) : strlen(text);
	struct live_nfs_div *e = NULL;
	size_t used;

	for (size_t i = 0; is_case && i < *n; i++)
		if (d[i].table == t && d[i].ncases && strcmp(d[i].clause, clause) == 0 &&
		    strncmp(d[i].text, text, key) == 0 &&
		    (d[i].text[key] == '\0' || strncmp(d[i].text + key, " (first: ", 9) == 0))
			e = &d[i];
	if (!e) {
		if (*n == LIVE_NFS_MAX_DIV)
			return;
		e = &d[(*n)++];
		memset(e, 0, sizeof(*e));
		e->table = t;
		snprintf(e->clause, sizeof(e->clause), "%s", clause);
		snprintf(e->text, sizeof(e->text), "%s", text);
	}
	used = strlen(e->where);
	snprintf(e->where + used, sizeof(e->where) - used, "%s%s", used ? ", " : "", where);
	e->ncases += is_case;
}

static bool same_msg(const struct rdmaneg_rpcrdma_result *a, const struct rdmaneg_rpcrdma_result *b)
{
	return a->present == b->present &&
	       (!a->present || (a->offset == b->offset && a->flags == b->flags &&
				a->send_size == b->send_size && a->recv_size == b->recv_size));
}

static void describe_msg(const struct rdmaneg_rpcrdma_result *m, char *out, size_t cap)
{
	if (!m->present)
		snprintf(out, cap, "none (%s)", rdmaneg_rpcrdma_reason_name(m->reason));
	else
		snprintf(out, cap, "v%u R=%d %zu/%zu @%zu", m->version, m->remote_invalidation,
			 m->send_size, m->recv_size, m->offset);
}

/* The core against the RFC column for one side's thresholds */
static void core_vs_rfc(struct live_nfs_verdict *v, enum live_nfs_table t, const char *where,
			const char *who, const struct live_nfs_th *core,
			const struct live_nfs_th *rfc, bool with_ri)
{
	char text[240];

	if (core->send != rfc->send || core->recv != rfc->recv) {
		snprintf(text, sizeof(text), "%s thresholds: core %zu/%zu, RFC %zu/%zu", who,
			 core->send, core->recv, rfc->send, rfc->recv);
		div_add(v->core, &v->ncore, t, "4.2", text, where, false);
	}
	if (with_ri && core->ri != rfc->ri) {
		snprintf(text, sizeof(text), "%s Send With Invalidate: core %s, RFC %s", who,
			 core->ri ? "yes" : "no", rfc->ri ? "yes" : "no");
		div_add(v->core, &v->ncore, t, "4.1", text, where, false);
	}
}

static void judge_conns(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	bool may = r->nconn > 0;

	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];
		char where[64], text[240];

		snprintf(where, sizeof(where), "connection %zu (client port %u)", i + 1,
			 c->client_port);
		if (!c->client.seen || !c->server.seen) {
			may = false;
			continue;
		}
		may = may && c->rfc_server.ri;
		for (int s = 0; s < 2; s++) {
			const struct live_nfs_side *side = s ? &c->server : &c->client;

			if (side->parse == RDMANEG_OK && !same_msg(&side->msg, &side->ref)) {
				char a[64], b[64];

				describe_msg(&side->msg, a, sizeof(a));
				describe_msg(&side->ref, b, sizeof(b));
				snprintf(text, sizeof(text), "the %s's message: core %s, RFC %s",
					 s ? "server" : "client", a, b);
				div_add(v->core, &v->ncore, LIVE_NFS_T_CONN, "5.2", text, where,
					false);
			}
		}
		core_vs_rfc(v, LIVE_NFS_T_CONN, where, "client", &c->core_client, &c->rfc_client,
			    true);
		core_vs_rfc(v, LIVE_NFS_T_CONN, where, "server", &c->core_server, &c->rfc_server,
			    true);
		if (c->traced && c->linux_send != c->rfc_client.send) {
			snprintf(text, sizeof(text),
				 "the client sends up to %zu octets inline, the RFC allows %zu",
				 c->linux_send, c->rfc_client.send);
			div_add(v->div, &v->ndiv, LIVE_NFS_T_CONN, "4.2", text, where, false);
		}
		if (c->traced && c->linux_recv != c->rfc_client.recv) {
			snprintf(text, sizeof(text),
				 "the client receives up to %zu octets inline, the RFC %zu",
				 c->linux_recv, c->rfc_client.recv);
			div_add(v->div, &v->ndiv, LIVE_NFS_T_CONN, "4.2", text, where, false);
		}
	}
	if (r->server_sends && !may && r->server_sends_inv) {
		char text[240];

		snprintf(text, sizeof(text),
			 "the server cleared R (or the client did) and still sent %zu of its %zu "
			 "Sends With Invalidate; when either peer clears R the responder MUST "
			 "use only Send",
			 r->server_sends_inv, r->server_sends);
		div_add(v->div, &v->ndiv, LIVE_NFS_T_CONN, "4.1", text, "all connections", false);
	}
}

/* RFC 8797 4.2, 5.1: nothing inline above the threshold; IBV_WC_LOC_LEN_ERR
 * (1) on our Receive is a Send longer than the Receive we posted */
static bool overflowed(const struct live_nfs_hostile *h)
{
	return h->compound.reached && !h->compound.timeout &&
	       (h->compound.wc_status == 1 || h->compound.len > h->threshold);
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

static void judge_hostile(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	static const char *const clause[3] = { "4.2", "5.1", "5.1" };
	static const char *const text[3] = {
		"the server sent more inline than the smaller of its own Send Size and the "
		"client's Receive Size",
		"without a valid message from the client, the server sent more inline than the "
		"1024-octet default",
		"a client without a valid message was not served with the defaults",
	};

	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		char where[64], what[64], t[240];
		int broke = -1;

		v->hostile[i] = "conforms";
		if (!h->known)
			continue;
		snprintf(where, sizeof(where), "hostile client case %s", h->name);
		if (h->core_threshold != h->threshold) {
			snprintf(t, sizeof(t), "server-to-client threshold: core %zu, RFC %zu",
				 h->core_threshold, h->threshold);
			div_add(v->core, &v->ncore, LIVE_NFS_T_CLIENT, "4.2", t, where, false);
		}
		if (strcmp(h->event, "RDMA_CM_EVENT_ESTABLISHED") != 0 ||
		    (h->null.reached && (h->null.timeout || h->null.accept != 0)))
			broke = h->present ? -1 : 2;
		else if (overflowed(h))
			broke = h->present ? 0 : 1;
		if (broke < 0)
			continue;
		v->hostile[i] = broke == 0 ? "diverges 4.2" : "diverges 5.1";
		call_text(broke == 2 ? &h->null : &h->compound, what, sizeof(what));
		snprintf(t, sizeof(t), "%s (first: %s)", text[broke], what);
		div_add(v->div, &v->ndiv, LIVE_NFS_T_CLIENT, clause[broke], t, h->name, true);
	}
}

static void judge_served(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	/* 0: a message at offset 0, 1: elsewhere (the receiver searches), 2:
	 * none (the defaults), 3: a first Send above the client's own send
	 * threshold */
	static const char *const clause[4] = { "4.2", "5.2", "5.1", "4.2" };
	static const char *const text[4] = {
		"the client's thresholds are not min(own, server's) for the server's message",
		("the client did not find the server's message away from offset 0 (the receiver "
		 "searches at any alignment)"),
		"without a valid message from the server, the client did not use the defaults",
		"the client's first Send was longer than its send threshold",
	};

	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *s = &r->served[k];
		char where[64], t[240];
		int broke = -1;

		v->served[k] = NULL;
		if (!s->seen)
			continue;
		v->served[k] = "conforms";
		snprintf(where, sizeof(where), "hostile server case %s", s->c.name);
		core_vs_rfc(v, LIVE_NFS_T_SERVER, where, "the client's", &s->core, &s->rfc, false);
		if (s->traced && (s->linux_send != s->rfc.send || s->linux_recv != s->rfc.recv))
			broke = !s->msg.present ? 2 : s->msg.offset > 0 ? 1 : 0;
		else if (s->first_ok && s->first_len > s->rfc.send)
			broke = 3;
		if (broke < 0)
			continue;
		v->served[k] = "diverges";
		if (broke == 3)
			snprintf(t, sizeof(t), "%s (first: %zu octets, RFC %zu)", text[broke],
				 s->first_len, s->rfc.send);
		else
			snprintf(t, sizeof(t), "%s (first: Linux %zu/%zu, RFC %zu/%zu)",
				 text[broke], s->linux_send, s->linux_recv, s->rfc.send,
				 s->rfc.recv);
		div_add(v->div, &v->ndiv, LIVE_NFS_T_SERVER, clause[broke], t, s->c.name, true);
	}
}

void live_nfs_judge(const struct live_nfs *r, struct live_nfs_verdict *v)
{
	memset(v, 0, sizeof(*v));
	judge_conns(r, v);
	judge_hostile(r, v);
	judge_served(r, v);
}

size_t live_nfs_count(const struct live_nfs_verdict *v, enum live_nfs_table t, bool core)
{
	const struct live_nfs_div *d = core ? v->core : v->div;
	size_t n = core ? v->ncore : v->ndiv, c = 0;

	for (size_t i = 0; i < n; i++)
		c += d[i].table == t;
	return c;
}

/* ---- the text report ---- */

static void row(FILE *out, const char *field, const char *rfc, const char *core, const char *cl,
		const char *sv)
{
	fprintf(out, "  %-31s %-27s %-18s %-22s %s\n", field, rfc, core, cl, sv);
}

static void describe(const struct live_nfs_side *s, char *out, size_t cap)
{
	if (!s->seen)
		snprintf(out, cap, "not captured");
	else if (s->parse != RDMANEG_OK)
		snprintf(out, cap, "MPA frame: %s", rdmaneg_strerror(s->parse));
	else
		describe_msg(&s->msg, out, cap);
}

/* the table's DIVERGENCE and CORE DISAGREES lines */
static void print_divs(FILE *out, const struct live_nfs_verdict *v, enum live_nfs_table t)
{
	for (size_t i = 0; i < v->ndiv; i++)
		if (v->div[i].table == t) {
			if (v->div[i].ncases)
				fprintf(out, "  DIVERGENCE RFC 8797 %s: %s, in %zu case(s): %s\n",
					v->div[i].clause, v->div[i].text, v->div[i].ncases,
					v->div[i].where);
			else
				fprintf(out, "  DIVERGENCE RFC 8797 %s: %s (%s)\n",
					v->div[i].clause, v->div[i].text, v->div[i].where);
		}
	for (size_t i = 0; i < v->ncore; i++)
		if (v->core[i].table == t)
			fprintf(out, "  CORE DISAGREES with RFC 8797 %s: %s (%s)\n",
				v->core[i].clause, v->core[i].text, v->core[i].where);
}

static void num_row(FILE *out, const char *field, const char *formula, size_t rfc, size_t core,
		    const char *cl, const char *sv)
{
	char a[40], b[32];

	snprintf(a, sizeof(a), "%zu = %s", rfc, formula);
	snprintf(b, sizeof(b), "%zu", core);
	row(out, field, a, b, cl, sv);
}

static void print_conns(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];
		char cl[64], sv[64], l[32];
		bool same = same_msg(&c->client.msg, &c->client.ref) &&
			    same_msg(&c->server.msg, &c->server.ref);

		fprintf(out, "connection %zu: client port %u -> %d\n", i + 1, c->client_port,
			LIVE_NFS_PORT);
		row(out, "field", "RFC", "core", "Linux client", "Linux server");
		describe(&c->client, cl, sizeof(cl));
		describe(&c->server, sv, sizeof(sv));
		row(out, "message sent (ver R send/recv)", "v1, 8 octets (4)",
		    same ? "decodes both alike" : "DECODES OTHERWISE", cl, sv);
		snprintf(cl, sizeof(cl), "IRD %u ORD %u", c->client.enh.ird, c->client.enh.ord);
		snprintf(sv, sizeof(sv), "IRD %u ORD %u", c->server.enh.ird, c->server.enh.ord);
		row(out, "MPA v2 word (RFC 6581 9)", "-", "-", c->client.f.enhanced ? cl : "none",
		    c->server.f.enhanced ? sv : "none");
		if (!c->client.seen || !c->server.seen)
			continue;
		snprintf(l, sizeof(l), "%zu", c->linux_send);
		num_row(out, "client send threshold", "min(c send, s recv)", c->rfc_client.send,
			c->core_client.send, c->traced ? l : "not traced", "-");
		snprintf(l, sizeof(l), "%zu", c->linux_recv);
		num_row(out, "client receive threshold", "min(s send, c recv)", c->rfc_client.recv,
			c->core_client.recv, c->traced ? l : "not traced", "-");
		num_row(out, "server send threshold", "min(s send, c recv)", c->rfc_server.send,
			c->core_server.send, "-", "not observable here");
		row(out, "server may Send With Invalidate",
		    c->rfc_server.ri ? "yes: both set R (4.1)" : "no: not both R (4.1)",
		    c->core_server.ri ? "yes" : "no", "-", "see below");
	}
	if (r->server_sends) {
		bool may = r->nconn > 0;
		char sv[64];

		for (size_t i = 0; i < r->nconn; i++)
			may = may && r->conn[i].rfc_server.ri;
		snprintf(sv, sizeof(sv), "%zu of %zu Sends", r->server_sends_inv, r->server_sends);
		fprintf(out, "all connections\n");
		row(out, "server Sends With Invalidate", may ? "allowed" : "none allowed", "-", "-",
		    sv);
	}
	print_divs(out, v, LIVE_NFS_T_CONN);
}

/* "ESTABLISHED" for "RDMA_CM_EVENT_ESTABLISHED" */
static const char *event_short(const char *event)
{
	return strncmp(event, "RDMA_CM_EVENT_", 14) == 0 ? event + 14 : event;
}

static void print_hostile(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	if (r->nhostile == 0)
		return;
	fprintf(out, "hostile client against nfsd (NULL, then PUTROOTFH + %d GETFH)\n",
		LIVE_NFS_GETFH);
	fprintf(out, "  %-17s %-6s %-7s %-11s %-17s %-8s %-8s %-17s %-22s %s\n", "case", "msg",
		"recv", "connect", "server sent", "RFC s->c", "core", "NULL", "COMPOUND",
		"verdict");
	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		char sv[40], nul[40], cmp[40];

		if (h->reply.present)
			snprintf(sv, sizeof(sv), "v%u R=%d %zu/%zu", h->reply.version,
				 h->reply.remote_invalidation, h->reply.send_size,
				 h->reply.recv_size);
		else
			snprintf(sv, sizeof(sv), "none");
		call_text(&h->null, nul, sizeof(nul));
		call_text(&h->compound, cmp, sizeof(cmp));
		fprintf(out, "  %-17s %-6s %-7zu %-11s %-17s %-8zu %-8zu %-17s %-22s %s\n", h->name,
			h->present ? "valid" : "none", h->recv, event_short(h->event), sv,
			h->threshold, h->core_threshold, nul, cmp, v->hostile[i]);
	}
	print_divs(out, v, LIVE_NFS_T_CLIENT);
}

static void print_served(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	size_t seen = 0;

	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++)
		seen += r->served[k].seen;
	if (seen == 0)
		return;
	fprintf(out, "hostile server against the kernel NFS client (its mount's connection)\n");
	fprintf(out, "  %-17s %-18s %-11s %-13s %-13s %-13s %-10s %s\n", "case", "server msg",
		"connect", "RFC send/recv", "core", "Linux", "1st Send", "verdict");
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *s = &r->served[k];
		char msg[24], rfc[24], core[24], lin[24], first[16];

		if (!s->seen)
			continue;
		if (s->msg.present)
			snprintf(msg, sizeof(msg), "%zu/%zu @%zu", s->msg.send_size,
				 s->msg.recv_size, s->msg.offset);
		else
			snprintf(msg, sizeof(msg), "none");
		snprintf(rfc, sizeof(rfc), "%zu/%zu", s->rfc.send, s->rfc.recv);
		snprintf(core, sizeof(core), "%zu/%zu", s->core.send, s->core.recv);
		snprintf(lin, sizeof(lin), s->traced ? "%zu/%zu" : "not traced", s->linux_send,
			 s->linux_recv);
		snprintf(first, sizeof(first), s->first_ok ? "%zu" : "none", s->first_len);
		fprintf(out, "  %-17s %-18s %-11s %-13s %-13s %-13s %-10s %s\n", s->c.name, msg,
			event_short(s->event), rfc, core, lin, first, v->served[k]);
	}
	print_divs(out, v, LIVE_NFS_T_SERVER);
}

void live_nfs_print(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v)
{
	print_conns(out, r, v);
	print_hostile(out, r, v);
	print_served(out, r, v);
}

/* ---- the JSON report ---- */

/* The case a splat at line no came during: the last "LIVE_NFS_CASE ROLE
 * NAME" line before it, or "the setup" */
static void splat_case(const char *text, size_t len, size_t no, char *during, size_t cap)
{
	char line[256];
	size_t pos = 0, at = 0;

	snprintf(during, cap, "the setup");
	while (++at < no && rdmaneg_klog_line(text, len, &pos, line, sizeof(line)))
		if (strncmp(line, "LIVE_NFS_CASE ", 14) == 0)
			snprintf(during, cap, "%s", line + 14);
}

static void json_msg(struct rdmaneg_json *j, const char *key,
		     const struct rdmaneg_rpcrdma_result *m)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_bool(j, "present", m->present);
	if (m->present) {
		rdmaneg_json_uint(j, "offset", m->offset);
		rdmaneg_json_uint(j, "version", m->version);
		rdmaneg_json_bool(j, "R", m->remote_invalidation);
		rdmaneg_json_uint(j, "flags", m->flags);
		rdmaneg_json_uint(j, "send_size", m->send_size);
		rdmaneg_json_uint(j, "recv_size", m->recv_size);
	} else {
		rdmaneg_json_str(j, "reason", rdmaneg_rpcrdma_reason_name(m->reason));
	}
	rdmaneg_json_end(j);
}

static void json_th(struct rdmaneg_json *j, const char *key, const struct live_nfs_th *t)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_uint(j, "send", t->send);
	rdmaneg_json_uint(j, "recv", t->recv);
	rdmaneg_json_bool(j, "remote_invalidation", t->ri);
	rdmaneg_json_end(j);
}

/* the thresholds xprtrdma_inline_thresh showed, or null when not traced */
static void json_traced(struct rdmaneg_json *j, const char *key, bool traced, size_t send,
			size_t recv)
{
	if (!traced) {
		rdmaneg_json_null(j, key);
		return;
	}
	rdmaneg_json_obj(j, key);
	rdmaneg_json_uint(j, "send", send);
	rdmaneg_json_uint(j, "recv", recv);
	rdmaneg_json_end(j);
}

static void json_side(struct rdmaneg_json *j, const char *key, const struct live_nfs_side *s)
{
	rdmaneg_json_obj(j, key);
	rdmaneg_json_bool(j, "captured", s->seen);
	if (s->seen) {
		rdmaneg_json_hex(j, "frame", s->frame, s->len);
		rdmaneg_json_str(j, "mpa",
				 s->parse == RDMANEG_OK ? "ok" : rdmaneg_strerror(s->parse));
		if (s->parse == RDMANEG_OK && s->f.enhanced) {
			rdmaneg_json_uint(j, "ird", s->enh.ird);
			rdmaneg_json_uint(j, "ord", s->enh.ord);
		}
		json_msg(j, "message", &s->msg);
		json_msg(j, "message_rfc", &s->ref);
	}
	rdmaneg_json_end(j);
}

static void json_call(struct rdmaneg_json *j, const char *key, const struct live_nfs_call *c)
{
	char t[40];

	call_text(c, t, sizeof(t));
	rdmaneg_json_obj(j, key);
	rdmaneg_json_str(j, "outcome", t);
	if (c->reached && !c->timeout) {
		rdmaneg_json_int(j, "wc_status", c->wc_status);
		rdmaneg_json_uint(j, "octets", c->len);
	}
	rdmaneg_json_end(j);
}

static void json_divs(struct rdmaneg_json *j, const char *key, const struct live_nfs_div *d,
		      size_t n)
{
	static const char *const table[LIVE_NFS_T_COUNT] = { "connections", "hostile_client",
							     "hostile_server" };

	rdmaneg_json_arr(j, key);
	for (size_t i = 0; i < n; i++) {
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "table", table[d[i].table]);
		rdmaneg_json_str(j, "clause", d[i].clause);
		rdmaneg_json_str(j, "text", d[i].text);
		rdmaneg_json_str(j, d[i].ncases ? "cases" : "where", d[i].where);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
}

static void json_conns(struct rdmaneg_json *j, const struct live_nfs *r)
{
	rdmaneg_json_arr(j, "connections");
	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];

		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_uint(j, "client_port", c->client_port);
		json_side(j, "client", &c->client);
		json_side(j, "server", &c->server);
		if (c->client.seen && c->server.seen) {
			json_th(j, "rfc_client", &c->rfc_client);
			json_th(j, "core_client", &c->core_client);
			json_th(j, "rfc_server", &c->rfc_server);
			json_th(j, "core_server", &c->core_server);
		}
		json_traced(j, "linux_client", c->traced, c->linux_send, c->linux_recv);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
	rdmaneg_json_obj(j, "server_sends");
	rdmaneg_json_uint(j, "total", r->server_sends);
	rdmaneg_json_uint(j, "with_invalidate", r->server_sends_inv);
	rdmaneg_json_end(j);
}

static void json_hostile(struct rdmaneg_json *j, const struct live_nfs *r,
			 const struct live_nfs_verdict *v)
{
	rdmaneg_json_arr(j, "hostile_client");
	for (size_t i = 0; i < r->nhostile; i++) {
		const struct live_nfs_hostile *h = &r->hostile[i];
		struct live_nfs_case c;

		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "case", h->name);
		if (case_named(h->name, &c))
			rdmaneg_json_hex(j, "private_data", c.pd, c.pd_len);
		rdmaneg_json_bool(j, "valid_message", h->present);
		rdmaneg_json_uint(j, "receive_posted", h->recv);
		rdmaneg_json_str(j, "event", h->event);
		rdmaneg_json_int(j, "event_status", h->event_status);
		rdmaneg_json_hex(j, "reply_private_data", h->reply_pd, h->reply_pd_len);
		json_msg(j, "reply", &h->reply);
		rdmaneg_json_uint(j, "rfc_server_to_client", h->threshold);
		rdmaneg_json_uint(j, "core_server_to_client", h->core_threshold);
		json_call(j, "null", &h->null);
		json_call(j, "compound", &h->compound);
		rdmaneg_json_str(j, "verdict", v->hostile[i]);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
}

static void json_served(struct rdmaneg_json *j, const struct live_nfs *r,
			const struct live_nfs_verdict *v)
{
	rdmaneg_json_arr(j, "hostile_server");
	for (size_t k = 0; k < LIVE_NFS_MAX_HOSTILE; k++) {
		const struct live_nfs_served *s = &r->served[k];

		if (!s->seen)
			continue;
		rdmaneg_json_obj(j, NULL);
		rdmaneg_json_str(j, "case", s->c.name);
		rdmaneg_json_hex(j, "private_data", s->c.pd, s->c.pd_len);
		json_msg(j, "message", &s->msg);
		rdmaneg_json_str(j, "event", s->event);
		rdmaneg_json_hex(j, "client_private_data", s->client_pd, s->client_pd_len);
		json_th(j, "rfc", &s->rfc);
		json_th(j, "core", &s->core);
		json_traced(j, "linux", s->traced, s->linux_send, s->linux_recv);
		if (s->first_ok)
			rdmaneg_json_uint(j, "first_send", s->first_len);
		else
			rdmaneg_json_null(j, "first_send");
		rdmaneg_json_str(j, "verdict", v->served[k]);
		rdmaneg_json_end(j);
	}
	rdmaneg_json_end(j);
}

void live_nfs_json(FILE *out, const struct live_nfs *r, const struct live_nfs_verdict *v,
		   const char *text, size_t len)
{
	static struct rdmaneg_splat sp[16];
	size_t found = rdmaneg_klog_scan(text, len, sp, sizeof(sp) / sizeof(sp[0]));
	struct rdmaneg_json j;
	char why[256];
	bool broken = live_nfs_broken(r, why, sizeof(why));

	rdmaneg_json_init(&j, out);
	rdmaneg_json_obj(&j, NULL);
	rdmaneg_json_str(&j, "suite", "live-nfs");
	rdmaneg_json_strn(&j, "kernel_release", r->kernel, strcspn(r->kernel, " "));
	rdmaneg_json_str(&j, "kernel_banner", r->kernel);
	rdmaneg_json_bool(&j, "smoke", r->smoke);
	if (r->only[0])
		rdmaneg_json_str(&j, "only_case", r->only);
	rdmaneg_json_bool(&j, "measured", !broken);
	if (broken)
		rdmaneg_json_str(&j, "why_not", why);
	rdmaneg_json_arr(&j, "steps");
	for (size_t i = 0; i < r->nstep; i++) {
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "name", r->step[i].name);
		rdmaneg_json_bool(&j, "ok", r->step[i].ok);
		if (!r->step[i].ok)
			rdmaneg_json_str(&j, "why", r->step[i].why);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	json_conns(&j, r);
	json_hostile(&j, r, v);
	json_served(&j, r, v);
	json_divs(&j, "divergences", v->div, v->ndiv);
	json_divs(&j, "core_disagreements", v->core, v->ncore);
	rdmaneg_json_arr(&j, "splats");
	for (size_t i = 0; i < found && i < sizeof(sp) / sizeof(sp[0]); i++) {
		char during[256];

		splat_case(text, len, sp[i].line, during, sizeof(during));
		rdmaneg_json_obj(&j, NULL);
		rdmaneg_json_str(&j, "during", during);
		rdmaneg_json_str(&j, "title", sp[i].title);
		rdmaneg_json_str(&j, "rip", sp[i].rip);
		rdmaneg_json_end(&j);
	}
	rdmaneg_json_end(&j);
	rdmaneg_json_end(&j);
	fputc('\n', out);
}

/* The hostile peers' part of live_nfs_broken: every case ran and is known
 * (the one case alone under NFS_CASE). */
static bool hostile_broken(const struct live_nfs *r, char *why, size_t cap)
{
	size_t want = r->only[0] ? 1 : live_nfs_case_count();

	if (r->nhostile != want) {
		snprintf(why, cap, "the hostile client ran %zu of its %zu cases", r->nhostile,
			 want);
		return true;
	}
	if (r->nserved != want) {
		snprintf(why, cap, "the hostile server ran %zu of its %zu cases", r->nserved, want);
		return true;
	}
	for (size_t k = 0; k < live_nfs_case_count(); k++) {
		if (r->only[0] && (long)k != live_nfs_case_find(r->only))
			continue;
		if (!r->served[k].seen || !r->served[k].traced) {
			snprintf(why, cap, "hostile server case %zu: %s", k,
				 !r->served[k].seen ? "no LIVE_NFSS line"
						    : "no xprtrdma_inline_thresh line");
			return true;
		}
	}
	for (size_t i = 0; i < r->nhostile; i++)
		if (!r->hostile[i].known ||
		    (r->only[0] && strcmp(r->hostile[i].name, r->only) != 0)) {
			snprintf(why, cap, "the hostile client ran %s case %s",
				 r->hostile[i].known ? "another" : "an unknown",
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

long live_nfs_case_find(const char *name)
{
	for (size_t k = 0; k < live_nfs_case_count(); k++)
		if (strcmp(cases[k].name, name) == 0)
			return (long)k;
	return -1;
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

/* An octet an RFC 8797 4.1 field is likely to be checked against: the
 * versions 0, 1 and 2, the R bit alone and with Reserved bits, the size
 * codes' ends (1024 and 262144) */
static const uint8_t edges[] = { 0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF };

unsigned live_nfs_mutate(struct live_nfs_case *c, uint64_t *rng)
{
	unsigned edits = 1u + (unsigned)(rdmaneg_splitmix64(rng) % 3u);
	static const uint8_t id[4] = { 0xf6, 0xab, 0x0e, 0x18 };

	for (unsigned i = 0; i < edits; i++) {
		uint64_t x = rdmaneg_splitmix64(rng);
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
		char during[256];

		splat_case(text, len, sp[i].line, during, sizeof(during));
		fprintf(out, "live-nfs: kernel splat during %s: %s (%s)\n", during, sp[i].title,
			sp[i].rip[0] ? sp[i].rip : "no RIP");
	}
	return found;
}
