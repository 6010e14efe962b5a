#include "obs.h"

#include <stdlib.h>
#include <string.h>

const char *live_transport_name(enum live_transport t)
{
	return t == LIVE_RXE ? "rxe" : "siw";
}

int live_transport_parse(const char *s, enum live_transport *t)
{
	if (strcmp(s, "siw") == 0)
		*t = LIVE_SIW;
	else if (strcmp(s, "rxe") == 0)
		*t = LIVE_RXE;
	else
		return -1;
	return 0;
}

void live_side_init(struct live_side_obs *s)
{
	memset(s, 0, sizeof(*s));
	s->send_status = -1;
	s->recv_status = -1;
	s->ird_seen = -1;
	s->ord_seen = -1;
	s->us_connect = -1;
	s->us_met = -1;
	s->us_freed = -1;
}

void live_obs_init(struct live_obs *o)
{
	memset(o, 0, sizeof(*o));
	o->attempt = 1;
	live_side_init(&o->client);
	live_side_init(&o->server);
}

static void copy_name(char *dst, const char *src)
{
	snprintf(dst, LIVE_NAME, "%s", src ? src : "");
}

void live_side_event(struct live_side_obs *s, int64_t us, int event, int status,
		     const char *name)
{
	struct live_ev *e;

	if (s->nev == LIVE_MAX_EV)
		return;
	e = &s->ev[s->nev++];
	e->us = us;
	e->event = event;
	e->status = status;
	copy_name(e->name, name);
}

void live_side_wc(struct live_side_obs *s, int64_t us, bool send, int status, uint32_t len,
		  const char *name)
{
	struct live_wc *w;

	if (send && s->send_status < 0)
		s->send_status = status;
	if (!send && s->recv_status < 0) {
		s->recv_status = status;
		s->recv_len = status == 0 ? len : 0;
	}
	if (s->nwc == LIVE_MAX_WC)
		return;
	w = &s->wc[s->nwc++];
	w->us = us;
	w->send = send;
	w->status = status;
	w->len = len;
	copy_name(w->name, name);
}

/* ---- writing ---- */

static void key(char *out, size_t cap, const char *p, const char *k)
{
	snprintf(out, cap, "%s.%s", p, k);
}

static void side_write(FILE *f, const char *p, const struct live_side_obs *s)
{
	char k[48], v[160];

	key(k, sizeof(k), p, "ok");
	rdmaneg_rec_i64w(f, k, s->ok);
	key(k, sizeof(k), p, "errno");
	rdmaneg_rec_i64w(f, k, s->err_no);
	key(k, sizeof(k), p, "err");
	rdmaneg_rec_strw(f, k, s->err);
	key(k, sizeof(k), p, "send_th");
	rdmaneg_rec_i64w(f, k, (int64_t)s->send_threshold);
	key(k, sizeof(k), p, "recv_th");
	rdmaneg_rec_i64w(f, k, (int64_t)s->recv_threshold);
	key(k, sizeof(k), p, "ri");
	rdmaneg_rec_i64w(f, k, s->remote_invalidation);
	key(k, sizeof(k), p, "peer_present");
	rdmaneg_rec_i64w(f, k, s->peer_present);
	key(k, sizeof(k), p, "posted_recv");
	rdmaneg_rec_i64w(f, k, (int64_t)s->posted_recv);
	key(k, sizeof(k), p, "sent");
	rdmaneg_rec_i64w(f, k, (int64_t)s->sent);
	key(k, sizeof(k), p, "recv_len");
	rdmaneg_rec_i64w(f, k, (int64_t)s->recv_len);
	key(k, sizeof(k), p, "data_ok");
	rdmaneg_rec_i64w(f, k, s->data_ok);
	key(k, sizeof(k), p, "ird_seen");
	rdmaneg_rec_i64w(f, k, s->ird_seen);
	key(k, sizeof(k), p, "ord_seen");
	rdmaneg_rec_i64w(f, k, s->ord_seen);
	key(k, sizeof(k), p, "pd_seen");
	rdmaneg_rec_hexw(f, k, s->pd_seen, s->pd_seen_len);
	key(k, sizeof(k), p, "disc");
	rdmaneg_rec_i64w(f, k, s->disconnected);
	key(k, sizeof(k), p, "us_connect");
	rdmaneg_rec_i64w(f, k, s->us_connect);
	key(k, sizeof(k), p, "us_met");
	rdmaneg_rec_i64w(f, k, s->us_met);
	key(k, sizeof(k), p, "us_freed");
	rdmaneg_rec_i64w(f, k, s->us_freed);
	for (size_t i = 0; i < s->nwc; i++) {
		const struct live_wc *w = &s->wc[i];

		snprintf(k, sizeof(k), "%s.wc.%zu", p, i);
		snprintf(v, sizeof(v), "%lld,%s,%d,%u,%s", (long long)w->us,
			 w->send ? "send" : "recv", w->status, w->len, w->name);
		rdmaneg_rec_strw(f, k, v);
	}
	for (size_t i = 0; i < s->nev; i++) {
		const struct live_ev *e = &s->ev[i];

		snprintf(k, sizeof(k), "%s.ev.%zu", p, i);
		snprintf(v, sizeof(v), "%lld,%d,%d,%s", (long long)e->us, e->event, e->status,
			 e->name);
		rdmaneg_rec_strw(f, k, v);
	}
}

void live_obs_write(FILE *f, const struct live_obs *o)
{
	char k[32];

	rdmaneg_rec_begin(f, "LIVE_CASE");
	rdmaneg_rec_i64w(f, "seq", o->seq);
	rdmaneg_rec_i64w(f, "attempt", o->attempt);
	rdmaneg_rec_i64w(f, "case", o->case_no);
	rdmaneg_rec_i64w(f, "seed", (int64_t)o->seed);
	rdmaneg_rec_strw(f, "transport", live_transport_name(o->transport));
	rdmaneg_rec_i64w(f, "port", o->port);
	rdmaneg_rec_i64w(f, "us_total", o->us_total);
	side_write(f, "c", &o->client);
	side_write(f, "s", &o->server);
	for (size_t i = 0; i < o->nframes; i++) {
		const struct live_frame *fr = &o->frame[i];
		char v[64];

		snprintf(k, sizeof(k), "fr.%zu.hdr", i);
		snprintf(v, sizeof(v), "%lld,%u,%u", (long long)fr->us, fr->sport, fr->dport);
		rdmaneg_rec_strw(f, k, v);
		snprintf(k, sizeof(k), "fr.%zu.hex", i);
		rdmaneg_rec_hexw(f, k, fr->b, fr->len);
	}
	rdmaneg_rec_end(f);
}

/* ---- reading ---- */

static int get_i(const struct rdmaneg_rec *r, const char *k, int64_t lo, int64_t hi,
		 int64_t *v)
{
	int rc = rdmaneg_rec_i64(r, k, v);

	if (rc != RDMANEG_REC_OK)
		return rc;
	return *v < lo || *v > hi ? RDMANEG_REC_RANGE : RDMANEG_REC_OK;
}

#define GET(r, k, lo, hi, dst)                                 \
	do {                                                   \
		int64_t v_;                                    \
		int rc_ = get_i((r), (k), (lo), (hi), &v_);    \
		if (rc_ != RDMANEG_REC_OK)                     \
			return rc_;                            \
		(dst) = v_;                                    \
	} while (0)

/* "a,b,c,..." into at most n fields; returns how many, -1 on overflow. */
static int split(char *s, char **out, int n)
{
	int k = 0;

	for (;;) {
		if (k == n)
			return -1;
		out[k++] = s;
		s = strchr(s, ',');
		if (!s)
			return k;
		*s++ = '\0';
	}
}

static bool to_i64(const char *s, int64_t lo, int64_t hi, int64_t *v)
{
	char *end;
	long long x;

	if (!*s)
		return false;
	x = strtoll(s, &end, 10);
	if (*end || x < lo || x > hi)
		return false;
	*v = x;
	return true;
}

static int side_read(const struct rdmaneg_rec *r, const char *p, struct live_side_obs *s)
{
	char k[48], v[200];
	int rc;

	live_side_init(s);
#define K(name) (key(k, sizeof(k), p, name), k)
	GET(r, K("ok"), 0, 1, s->ok);
	GET(r, K("errno"), 0, 4095, s->err_no);
	rc = rdmaneg_rec_str(r, K("err"), s->err, sizeof(s->err));
	if (rc != RDMANEG_REC_OK)
		return rc;
	GET(r, K("send_th"), 0, INT64_MAX, s->send_threshold);
	GET(r, K("recv_th"), 0, INT64_MAX, s->recv_threshold);
	GET(r, K("ri"), 0, 1, s->remote_invalidation);
	GET(r, K("peer_present"), 0, 1, s->peer_present);
	GET(r, K("posted_recv"), 0, INT64_MAX, s->posted_recv);
	GET(r, K("sent"), 0, INT64_MAX, s->sent);
	GET(r, K("recv_len"), 0, INT64_MAX, s->recv_len);
	GET(r, K("data_ok"), 0, 1, s->data_ok);
	GET(r, K("ird_seen"), -1, 255, s->ird_seen);
	GET(r, K("ord_seen"), -1, 255, s->ord_seen);
	rc = rdmaneg_rec_hex(r, K("pd_seen"), s->pd_seen, sizeof(s->pd_seen), &s->pd_seen_len);
	if (rc != RDMANEG_REC_OK)
		return rc;
	GET(r, K("disc"), 0, 1, s->disconnected);
	GET(r, K("us_connect"), -1, INT64_MAX, s->us_connect);
	GET(r, K("us_met"), -1, INT64_MAX, s->us_met);
	GET(r, K("us_freed"), -1, INT64_MAX, s->us_freed);
#undef K
	for (size_t i = 0; i < LIVE_MAX_WC; i++) {
		char *fl[5];
		int64_t us, st, len;

		snprintf(k, sizeof(k), "%s.wc.%zu", p, i);
		rc = rdmaneg_rec_str(r, k, v, sizeof(v));
		if (rc == RDMANEG_REC_MISSING)
			break;
		if (rc != RDMANEG_REC_OK || split(v, fl, 5) != 5 ||
		    (strcmp(fl[1], "send") != 0 && strcmp(fl[1], "recv") != 0) ||
		    !to_i64(fl[0], 0, INT64_MAX, &us) || !to_i64(fl[2], 0, 255, &st) ||
		    !to_i64(fl[3], 0, UINT32_MAX, &len))
			return RDMANEG_REC_RANGE;
		/* keeps the first-status fields consistent with the list */
		live_side_wc(s, us, strcmp(fl[1], "send") == 0, (int)st, (uint32_t)len, fl[4]);
	}
	for (size_t i = 0; i < LIVE_MAX_EV; i++) {
		char *fl[4];
		int64_t us, ev, st;

		snprintf(k, sizeof(k), "%s.ev.%zu", p, i);
		rc = rdmaneg_rec_str(r, k, v, sizeof(v));
		if (rc == RDMANEG_REC_MISSING)
			break;
		if (rc != RDMANEG_REC_OK || split(v, fl, 4) != 4 ||
		    !to_i64(fl[0], 0, INT64_MAX, &us) || !to_i64(fl[1], 0, 255, &ev) ||
		    !to_i64(fl[2], -4095, 4095, &st))
			return RDMANEG_REC_RANGE;
		live_side_event(s, us, (int)ev, (int)st, fl[3]);
	}
	return RDMANEG_REC_OK;
}

int live_obs_read(const struct rdmaneg_rec *r, struct live_obs *o)
{
	char k[32], v[64], tr[8];
	int rc;

	live_obs_init(o);
	if (strcmp(r->tag, "LIVE_CASE") != 0)
		return RDMANEG_REC_SYNTAX;
	GET(r, "seq", 0, INT64_MAX, o->seq);
	GET(r, "attempt", 1, 2, o->attempt);
	GET(r, "case", 0, 1 << 20, o->case_no);
	GET(r, "seed", 0, INT64_MAX, o->seed);
	rc = rdmaneg_rec_str(r, "transport", tr, sizeof(tr));
	if (rc != RDMANEG_REC_OK)
		return rc;
	if (live_transport_parse(tr, &o->transport) != 0)
		return RDMANEG_REC_RANGE;
	GET(r, "port", 1, 65535, o->port);
	GET(r, "us_total", 0, INT64_MAX, o->us_total);
	rc = side_read(r, "c", &o->client);
	if (rc == RDMANEG_REC_OK)
		rc = side_read(r, "s", &o->server);
	if (rc != RDMANEG_REC_OK)
		return rc;
	for (size_t i = 0; i < LIVE_MAX_FRAMES; i++) {
		struct live_frame *fr = &o->frame[i];
		char *fl[3];
		int64_t us, sp, dp;

		snprintf(k, sizeof(k), "fr.%zu.hdr", i);
		rc = rdmaneg_rec_str(r, k, v, sizeof(v));
		if (rc == RDMANEG_REC_MISSING)
			break;
		if (rc != RDMANEG_REC_OK || split(v, fl, 3) != 3 ||
		    !to_i64(fl[0], 0, INT64_MAX, &us) || !to_i64(fl[1], 0, 65535, &sp) ||
		    !to_i64(fl[2], 0, 65535, &dp))
			return RDMANEG_REC_RANGE;
		snprintf(k, sizeof(k), "fr.%zu.hex", i);
		rc = rdmaneg_rec_hex(r, k, fr->b, sizeof(fr->b), &fr->len);
		if (rc != RDMANEG_REC_OK)
			return rc;
		fr->us = us;
		fr->sport = (uint16_t)sp;
		fr->dport = (uint16_t)dp;
		o->nframes++;
	}
	return RDMANEG_REC_OK;
}

/* ---- resource counts ---- */

int live_res_parse(const char *line, struct live_res *r)
{
	char buf[512], *save = NULL, *tok;
	int field = 0;

	memset(r, 0, sizeof(*r));
	if (snprintf(buf, sizeof(buf), "%s", line) >= (int)sizeof(buf))
		return -1;
	for (tok = strtok_r(buf, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		size_t n = strlen(tok);
		int64_t *dst = NULL;
		char *v, *end;
		long long x;

		if (field == 0) { /* "0:" */
			if (n < 2 || tok[n - 1] != ':')
				return -1;
		} else if (field == 1) { /* "siw0:" */
			if (n < 2 || tok[n - 1] != ':' || n - 1 >= sizeof(r->dev))
				return -1;
			memcpy(r->dev, tok, n - 1);
		} else {
			if (strcmp(tok, "pd") == 0)
				dst = &r->pd;
			else if (strcmp(tok, "cq") == 0)
				dst = &r->cq;
			else if (strcmp(tok, "qp") == 0)
				dst = &r->qp;
			else if (strcmp(tok, "cm_id") == 0)
				dst = &r->cm_id;
			else if (strcmp(tok, "mr") == 0)
				dst = &r->mr;
			else if (strcmp(tok, "ctx") == 0)
				dst = &r->ctx;
			v = strtok_r(NULL, " \t\n", &save);
			if (!v)
				return -1;
			x = strtoll(v, &end, 10);
			if (*end || x < 0)
				return -1;
			if (dst)
				*dst = x;
		}
		field++;
	}
	return field >= 2 ? 0 : -1;
}

void live_res_write(FILE *f, const char *phase, const struct live_res *r)
{
	rdmaneg_rec_begin(f, "LIVE_RES");
	rdmaneg_rec_strw(f, "phase", phase);
	rdmaneg_rec_strw(f, "dev", r->dev);
	rdmaneg_rec_i64w(f, "pd", r->pd);
	rdmaneg_rec_i64w(f, "cq", r->cq);
	rdmaneg_rec_i64w(f, "qp", r->qp);
	rdmaneg_rec_i64w(f, "cm_id", r->cm_id);
	rdmaneg_rec_i64w(f, "mr", r->mr);
	rdmaneg_rec_i64w(f, "ctx", r->ctx);
	rdmaneg_rec_end(f);
}

int live_res_read(const struct rdmaneg_rec *rec, char *phase, size_t cap, struct live_res *r)
{
	int rc;

	memset(r, 0, sizeof(*r));
	if (strcmp(rec->tag, "LIVE_RES") != 0)
		return RDMANEG_REC_SYNTAX;
	rc = rdmaneg_rec_str(rec, "phase", phase, cap);
	if (rc == RDMANEG_REC_OK)
		rc = rdmaneg_rec_str(rec, "dev", r->dev, sizeof(r->dev));
	if (rc != RDMANEG_REC_OK)
		return rc;
	GET(rec, "pd", 0, INT64_MAX, r->pd);
	GET(rec, "cq", 0, INT64_MAX, r->cq);
	GET(rec, "qp", 0, INT64_MAX, r->qp);
	GET(rec, "cm_id", 0, INT64_MAX, r->cm_id);
	GET(rec, "mr", 0, INT64_MAX, r->mr);
	GET(rec, "ctx", 0, INT64_MAX, r->ctx);
	return RDMANEG_REC_OK;
}
