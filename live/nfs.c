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
	struct rdmaneg_hex h;
	uint8_t buf[sizeof(s->frame)];

	if (!number(&p, 65536, &sport) || *p++ != ' ' || !number(&p, 65536, &dport) || *p++ != ' ')
		return false;
	rdmaneg_hex_init(&h, buf, sizeof(buf));
	if (rdmaneg_hex_feed(&h, p) != 0 || !rdmaneg_hex_whole(&h))
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
	s->len = h.len;
	memcpy(s->frame, buf, h.len);
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
	unsigned long port, snd, rcv;
	struct live_nfs_conn *c;

	if (!arrow || !neg)
		return false;
	for (const char *q = p; q < arrow; q++)
		if (*q == ':')
			colon = q;
	if (!colon)
		return false;
	colon++;
	neg += strlen("neg send/recv=");
	if (!number(&colon, 65536, &port) || colon != arrow || !number(&neg, 1ul << 31, &snd) ||
	    *neg++ != '/' || !number(&neg, 1ul << 31, &rcv))
		return false;
	c = conn_of(r, (uint16_t)port);
	if (!c)
		return false;
	c->traced = true;
	c->linux_send = snd;
	c->linux_recv = rcv;
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
		r->bad_lines += !ok;
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

size_t live_nfs_print(FILE *out, const struct live_nfs *r)
{
	size_t div = 0;

	for (size_t i = 0; i < r->nconn; i++) {
		const struct live_nfs_conn *c = &r->conn[i];
		char cl[64], sv[64], core[32], lin[32];

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
		snprintf(core, sizeof(core), "%zu", c->rfc_client_send);
		snprintf(lin, sizeof(lin), "%zu", c->linux_send);
		row(out, "client send threshold", "min(c send, s recv)", core,
		    c->traced ? lin : "not traced", "-");
		if (c->traced && c->linux_send != c->rfc_client_send) {
			fprintf(out,
				"  DIVERGENCE RFC 8797 4.2: the client sends up to %zu inline, "
				"the RFC %zu\n",
				c->linux_send, c->rfc_client_send);
			div++;
		}
		snprintf(core, sizeof(core), "%zu", c->rfc_client_recv);
		snprintf(lin, sizeof(lin), "%zu", c->linux_recv);
		row(out, "client receive threshold", "min(s send, c recv)", core,
		    c->traced ? lin : "not traced", "-");
		if (c->traced && c->linux_recv != c->rfc_client_recv) {
			fprintf(out,
				"  DIVERGENCE RFC 8797 4.2: the client receives up to %zu inline, "
				"the RFC %zu\n",
				c->linux_recv, c->rfc_client_recv);
			div++;
		}
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
