// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "live/mpa/judge.h"

#include "rules/rules.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void live_side_effective(const struct live_side *s, struct rdmaneg_rpcrdma_settings *eff)
{
	struct rdmaneg_rpcrdma_result r;
	uint8_t pd[sizeof(s->raw)];
	size_t n = live_side_pd(s, pd);
	long at;

	eff->send_size = s->send;
	eff->recv_size = s->recv;
	eff->remote_invalidation = s->r;
	if (s->mode == PD_CORE)
		return;
	at = rdmaneg_ref_find(pd, n);
	if (at >= 0 && rdmaneg_rpcrdma_decode(pd + at, 8, RDMANEG_DECODE_STRICT, &r) == 0) {
		eff->send_size = r.send_size;
		eff->recv_size = r.recv_size;
		eff->remote_invalidation = r.remote_invalidation;
	} else {
		/* [rfc8797#5.1]: a peer without the message is a legacy peer */
		eff->send_size = eff->recv_size = RDMANEG_INLINE_MIN;
		eff->remote_invalidation = false;
	}
}

/* [rfc6581#9.1]: what the core would reply to these IRD/ORD values. */
static void core_mpa(const struct live_case *c, int dev_ird, struct live_expected *e)
{
	struct rdmaneg_mpa_local ini = { c->c_ird, c->c_ord, (uint16_t)dev_ird, 0, false, 0 };
	struct rdmaneg_mpa_local rsp = { c->s_ird, c->s_ord, (uint16_t)dev_ird,
					 0,	   false,    RDMANEG_RTR_SEND };
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome ro;

	if (ini.ird > ini.ird_max)
		ini.ird_max = ini.ird;
	if (rsp.ird > rsp.ird_max)
		rsp.ird_max = rsp.ird;
	e->core_mpa = rdmaneg_mpa_request(&ini, &req) == RDMANEG_OK &&
		      rdmaneg_mpa_respond(&rsp, &req, &rep, &ro) == RDMANEG_OK;
	e->core_reply_ird = e->core_mpa ? rep.ird : 0;
	e->core_reply_ord = e->core_mpa ? rep.ord : 0;
}

void live_expected_make(const struct live_case *c, enum live_transport t, int dev_ird,
			struct live_expected *e)
{
	struct rdmaneg_rpcrdma_settings ce, se;
	uint8_t cdel[LIVE_PD_MAX], sdel[LIVE_PD_MAX];
	size_t cn, sn;

	memset(e, 0, sizeof(*e));
	e->expect = live_case_expect(c, t);
	e->cpd_len = live_side_pd(&c->client, e->cpd);
	e->spd_len = live_side_pd(&c->server, e->spd);
	live_side_effective(&c->client, &ce);
	live_side_effective(&c->server, &se);
	/* every live size is >= 1024, so init cannot fail */
	rdmaneg_conn_init(&e->client, RDMANEG_ROLE_CLIENT, &ce);
	rdmaneg_conn_init(&e->server, RDMANEG_ROLE_SERVER, &se);
	/* each side negotiates with what its transport hands it */
	cn = live_pd_delivery(t, true, e->cpd, e->cpd_len, cdel);
	sn = live_pd_delivery(t, false, e->spd, e->spd_len, sdel);
	rdmaneg_conn_negotiate(&e->client, sdel, sn, RDMANEG_DECODE_SEARCH);
	rdmaneg_conn_negotiate(&e->server, cdel, cn, RDMANEG_DECODE_SEARCH);
	core_mpa(c, dev_ird, e);
}

size_t live_pd_delivery(enum live_transport t, bool request, const uint8_t *sent, size_t sent_len,
			uint8_t *out)
{
	size_t n = sent_len < LIVE_PD_MAX ? sent_len : LIVE_PD_MAX;

	if (sent_len > 0) /* sent may be NULL when there is nothing */
		memcpy(out, sent, n);
	if (t == LIVE_SIW)
		return n;
	/* IB CM: the ULP gets the whole field, its octets then zeros */
	n = request ? LIVE_IB_REQ_PD : LIVE_IB_REP_PD;
	if (sent_len < n)
		memset(out + sent_len, 0, n - sent_len);
	return n;
}

bool live_pd_delivered(enum live_transport t, bool request, const uint8_t *sent, size_t sent_len,
		       const uint8_t *seen, size_t seen_len)
{
	uint8_t want[LIVE_PD_MAX];
	size_t n = live_pd_delivery(t, request, sent, sent_len, want);

	return seen_len == n && (n == 0 || memcmp(seen, want, n) == 0);
}

static bool fail(struct live_verdict *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool fail(struct live_verdict *v, const char *fmt, ...)
{
	va_list ap;

	v->verdict.kind = RDMANEG_VERDICT_DIVERGES;
	va_start(ap, fmt);
	vsnprintf(v->verdict.detail, sizeof(v->verdict.detail), fmt, ap);
	va_end(ap);
	return false;
}

static void wire_note(struct live_verdict *v, bool ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void wire_note(struct live_verdict *v, bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v->wire, sizeof(v->wire), fmt, ap);
	va_end(ap);
	v->wire_ok = ok;
}

/* The first captured frame in a direction: request to the case's port,
 * or reply from it. */
static const struct live_frame *frame_of(const struct live_obs *o, bool request)
{
	for (size_t i = 0; i < o->nframes; i++) {
		const struct live_frame *f = &o->frame[i];

		if (request ? f->dport == o->port : f->sport == o->port)
			return f;
	}
	return NULL;
}

/* One frame against the octets its sender passed to rdma_cm. */
static bool frame_ok(const struct live_frame *fr, bool request, const uint8_t *ulp_sent,
		     size_t ulp_len, bool peer_finds, struct rdmaneg_mpa_enh *enh, char *why,
		     size_t cap)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_rpcrdma_result r;
	const uint8_t *ulp;
	size_t n;
	int rc = rdmaneg_mpa_parse(fr->b, fr->len, &f);

	if (rc != RDMANEG_OK)
		return snprintf(why, cap, "%s does not parse: %s", request ? "Request" : "Reply",
				rdmaneg_status_name(rc)),
		       false;
	/* [rfc6581#10-1] [rfc6581#10-5] [rfc5044#7.1.1-2] [rfc5044#7.1.1-4] */
	if (f.type != (request ? RDMANEG_MPA_REQUEST : RDMANEG_MPA_REPLY) || !f.enhanced ||
	    /* [rfc5044#7.1.1-20] */
	    f.rev != 2 || f.reject)
		return snprintf(why, cap, "%s: key/S/Rev/R not a v2 %s (rev %u, S=%d, R=%d)",
				request ? "Request" : "Reply", request ? "Request" : "Reply", f.rev,
				f.enhanced, f.reject),
		       false;
	/* [rfc6581#9]: PD_Length counts the enhanced word and the ULP data */
	/* [rfc6581#6-13] [rfc5044#7.1.1-24] */
	if (f.pd_length != RDMANEG_MPA_ENH_LEN + ulp_len)
		return snprintf(why, cap, "%s PD_Length %u, sent 4 + %zu",
				request ? "Request" : "Reply", f.pd_length, ulp_len),
		       false;
	rdmaneg_mpa_frame_enh(&f, enh);
	rdmaneg_mpa_ulp_pd(&f, &ulp, &n);
	/* [rfc6581#7-2] */
	if (n != ulp_len || (n > 0 && memcmp(ulp, ulp_sent, n) != 0))
		return snprintf(why, cap, "%s ULP octets differ from what was sent",
				request ? "Request" : "Reply"),
		       false;
	rdmaneg_rpcrdma_decode(ulp, n, RDMANEG_DECODE_SEARCH, &r);
	if (r.present != peer_finds)
		return snprintf(why, cap,
				"%s: RFC 8797 message present=%d on the wire, %d at the peer",
				request ? "Request" : "Reply", r.present, peer_finds),
		       false;
	return true;
}

void live_wire_check(const struct live_case *c, const struct live_expected *e,
		     const struct live_obs *o, struct live_verdict *v)
{
	const struct live_frame *rq = frame_of(o, true), *rp = frame_of(o, false);
	struct rdmaneg_mpa_enh qe, pe;
	char why[200];

	v->wire_checked = o->transport == LIVE_SIW;
	v->wire_ok = true;
	v->wire[0] = '\0';
	if (!v->wire_checked) {
		snprintf(v->wire, sizeof(v->wire), "no MPA on %s",
			 live_transport_name(o->transport));
		return;
	}
	if (e->expect == EXPECT_SIW_WRAP) {
		/* siw adds the 4-octet word to a u8: PD_Length goes out mod 256 */
		struct rdmaneg_mpa_frame f;
		int rc;
		size_t want = (e->cpd_len + RDMANEG_MPA_ENH_LEN) & 0xFFu, got;

		if (!rq)
			return wire_note(v, false, "no Request captured");
		rc = rdmaneg_mpa_parse(rq->b, rq->len, &f);
		got = rq->len >= 20 ? ((size_t)rq->b[18] << 8 | rq->b[19]) : 0;
		return wire_note(v,
				 rc == RDMANEG_E_MPA_S_SHORT && got == want &&
					 rq->len == 20 + RDMANEG_MPA_ENH_LEN + e->cpd_len,
				 "siw sent PD_Length %zu then %zu octets; core: %s", got,
				 rq->len >= 20 ? rq->len - 20 : 0, rdmaneg_status_name(rc));
	}
	if (!rq || !rp)
		return wire_note(v, false, "frames not captured (Request %s, Reply %s)",
				 rq ? "yes" : "no", rp ? "yes" : "no");
	/* [rfc5044#7.1.2-1] */
	if (!frame_ok(rq, true, e->cpd, e->cpd_len, e->server.peer.present, &qe, why,
		      sizeof(why)) ||
	    !frame_ok(rp, false, e->spd, e->spd_len, e->client.peer.present, &pe, why, sizeof(why)))
		return wire_note(v, false, "%s", why);
	v->reply_known = true;
	v->reply_ird = pe.ird;
	v->reply_ord = pe.ord;
	/* the Request carries the initiator's own values unchanged */
	if (qe.ird != c->c_ird || qe.ord != c->c_ord)
		return wire_note(v, false, "Request IRD/ORD %u/%u, the ULP asked %u/%u", qe.ird,
				 qe.ord, c->c_ird, c->c_ord);
	wire_note(v, true, "Request %u+%zu octets, Reply %u+%zu", RDMANEG_MPA_ENH_LEN, e->cpd_len,
		  RDMANEG_MPA_ENH_LEN, e->spd_len);
}

static bool saw_event(const struct live_side_obs *s, int ev)
{
	for (size_t i = 0; i < s->nev; i++)
		if (s->ev[i].event == ev)
			return true;
	return false;
}

/* Each side's thresholds and R as the core computed them from the case. */
static bool thresholds_ok(const struct live_expected *e, const struct live_obs *o,
			  struct live_verdict *v)
{
	const struct rdmaneg_conn *ec = &e->client, *es = &e->server;
	const struct live_side_obs *c = &o->client, *s = &o->server;

	if (c->send_threshold != ec->send_threshold || c->recv_threshold != ec->recv_threshold ||
	    s->send_threshold != es->send_threshold || s->recv_threshold != es->recv_threshold)
		return fail(v,
			    "thresholds c2s %zu/%zu s2c %zu/%zu, the core computes "
			    "c2s %zu s2c %zu ([rfc8797#4.2])",
			    c->send_threshold, s->recv_threshold, s->send_threshold,
			    c->recv_threshold, ec->send_threshold, es->send_threshold);
	if (c->remote_invalidation != ec->remote_invalidation ||
	    s->remote_invalidation != es->remote_invalidation)
		return fail(v,
			    "remote invalidation client %d server %d, the core computes %d "
			    "([rfc8797#4.1])",
			    c->remote_invalidation, s->remote_invalidation,
			    ec->remote_invalidation);
	if (c->peer_present != ec->peer.present || s->peer_present != es->peer.present)
		return fail(v, "RFC 8797 message found: client %d server %d, expected %d/%d",
			    c->peer_present, s->peer_present, ec->peer.present, es->peer.present);
	if (c->posted_recv != ec->local.recv_size || s->posted_recv != es->local.recv_size)
		return fail(v, "Receives posted %zu/%zu, advertised %zu/%zu", c->posted_recv,
			    s->posted_recv, ec->local.recv_size, es->local.recv_size);
	return true;
}

static bool exchange_ok(const struct live_expected *e, const struct live_obs *o,
			struct live_verdict *v)
{
	const struct live_side_obs *c = &o->client, *s = &o->server;

	if (!c->ok || !s->ok || c->err[0] || s->err[0])
		return fail(v, "setup: client '%s' server '%s'", c->err, s->err);
	/* [rfc6581#7-6] [rfc5044#7.1.2-2] [rfc5044#7.1.2-19] */
	if (!live_pd_delivered(o->transport, true, e->cpd, e->cpd_len, s->pd_seen, s->pd_seen_len))
		return fail(v, "the server's ULP got %zu octets of private data for the %zu sent",
			    s->pd_seen_len, e->cpd_len);
	/* [rfc5044#7.1.2-7] */
	if (!live_pd_delivered(o->transport, false, e->spd, e->spd_len, c->pd_seen, c->pd_seen_len))
		return fail(v, "the client's ULP got %zu octets of private data for the %zu sent",
			    c->pd_seen_len, e->spd_len);
	if (!thresholds_ok(e, o, v))
		return false;
	if (e->expect == EXPECT_NEGATIVE) {
		/* the oversize Send must fail somewhere the harness can see */
		if (s->recv_status == 0 && c->send_status == 0)
			return fail(v, "oversize Send of %zu into %zu succeeded: harness broken",
				    c->sent, s->posted_recv);
		snprintf(v->verdict.detail, sizeof(v->verdict.detail),
			 "expected failure seen (server recv %d, client send %d, disconnected %d)",
			 s->recv_status, c->send_status, s->disconnected);
		return true;
	}
	if (c->send_status != 0 || s->send_status != 0 || c->recv_status != 0 ||
	    s->recv_status != 0)
		return fail(v, "Send failed: client send %d recv %d, server send %d recv %d",
			    c->send_status, c->recv_status, s->send_status, s->recv_status);
	/* each Send is exactly the threshold, into a Receive of the advertised size */
	if (c->sent != e->client.send_threshold || s->sent != e->server.send_threshold ||
	    s->recv_len != c->sent || c->recv_len != s->sent)
		return fail(v, "lengths: client sent %zu got %zu, server sent %zu got %zu", c->sent,
			    c->recv_len, s->sent, s->recv_len);
	if (!c->data_ok || !s->data_ok)
		return fail(v, "received octets are not the sender's pattern: client %d server %d",
			    c->data_ok, s->data_ok);
	/* [rfc5044#7.2-1] */
	if (!c->disconnected || !s->disconnected)
		return fail(v, "no DISCONNECTED event: client %d server %d", c->disconnected,
			    s->disconnected);
	snprintf(v->verdict.detail, sizeof(v->verdict.detail), "ok");
	return true;
}

bool live_judge(const struct live_case *c, const struct live_expected *e, const struct live_obs *o,
		struct live_verdict *v)
{
	const struct live_side_obs *cl = &o->client, *sv = &o->server;

	memset(v, 0, sizeof(*v));
	rdmaneg_verdict_conforms(&v->verdict);
	live_wire_check(c, e, o, v);
	switch (e->expect) {
	case EXPECT_SIW_WRAP:
		/* the passive side resets: the client is rejected, no ULP sees it */
		/* [rfc5044#7.1.1-25] */
		if (cl->ok || sv->ok || saw_event(sv, LIVE_EV_CONNECT_REQUEST) ||
		    !saw_event(cl, LIVE_EV_REJECTED))
			return fail(v,
				    "expected siw to reset the %zu-octet Request; client ok=%d "
				    "'%s', server ok=%d",
				    e->cpd_len, cl->ok, cl->err, sv->ok);
		snprintf(v->verdict.detail, sizeof(v->verdict.detail),
			 "expected: siw reset the %zu-octet Request "
			 "(u8 PD_Length wraps); client: %s",
			 e->cpd_len, cl->err);
		break;
	case EXPECT_EINVAL:
		if (cl->ok || sv->ok || cl->err_no != EINVAL)
			return fail(v,
				    "expected rdma_cm to refuse %zu octets (EINVAL); client "
				    "ok=%d errno %d '%s'",
				    e->cpd_len, cl->ok, cl->err_no, cl->err);
		snprintf(v->verdict.detail, sizeof(v->verdict.detail),
			 "expected: rdma_cm refused %zu octets "
			 "(IB CM REQ holds %u)",
			 e->cpd_len, LIVE_IB_REQ_PD);
		break;
	default:
		if (!exchange_ok(e, o, v))
			return false;
	}
	if (!v->wire_ok)
		return fail(v, "wire: %s", v->wire);
	return true;
}
