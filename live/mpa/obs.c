// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "live/mpa/obs.h"

#include <stddef.h>
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

void live_side_event(struct live_side_obs *s, int64_t us, int event, int status, const char *name)
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

/* ---- the numeric fields: one table for writing and reading ---- */

enum ftype { F_BOOL, F_INT, F_SIZE, F_I64, F_U64 };

struct field {
	const char *key;
	size_t off;
	enum ftype type;
	int64_t lo, hi; /* what a reader accepts */
};

/* one field per line */
/* clang-format off */
#define SIDE(k, m, t, lo, hi) { k, offsetof(struct live_side_obs, m), t, lo, hi }
static const struct field side_fields[] = {
	SIDE("ok", ok, F_BOOL, 0, 1),
	SIDE("errno", err_no, F_INT, 0, 4095),
	SIDE("send_th", send_threshold, F_SIZE, 0, INT64_MAX),
	SIDE("recv_th", recv_threshold, F_SIZE, 0, INT64_MAX),
	SIDE("ri", remote_invalidation, F_BOOL, 0, 1),
	SIDE("peer_present", peer_present, F_BOOL, 0, 1),
	SIDE("posted_recv", posted_recv, F_SIZE, 0, INT64_MAX),
	SIDE("sent", sent, F_SIZE, 0, INT64_MAX),
	SIDE("recv_len", recv_len, F_SIZE, 0, INT64_MAX),
	SIDE("data_ok", data_ok, F_BOOL, 0, 1),
	SIDE("ird_seen", ird_seen, F_INT, -1, 255),
	SIDE("ord_seen", ord_seen, F_INT, -1, 255),
	SIDE("disc", disconnected, F_BOOL, 0, 1),
	SIDE("us_connect", us_connect, F_I64, -1, INT64_MAX),
	SIDE("us_met", us_met, F_I64, -1, INT64_MAX),
	SIDE("us_freed", us_freed, F_I64, -1, INT64_MAX),
};
#undef SIDE
/* clang-format on */

/* one field per line */
/* clang-format off */
#define OBS(k, m, t, lo, hi) { k, offsetof(struct live_obs, m), t, lo, hi }
static const struct field obs_fields[] = {
	OBS("seq", seq, F_I64, 0, INT64_MAX),
	OBS("attempt", attempt, F_INT, 1, 2),
	OBS("case", case_no, F_INT, 0, 1 << 20),
	OBS("seed", seed, F_U64, 0, INT64_MAX),
	OBS("port", port, F_INT, 1, 65535),
	OBS("us_total", us_total, F_I64, 0, INT64_MAX),
};
#undef OBS
/* clang-format on */

static int64_t field_get(const void *base, const struct field *f)
{
	const char *p = (const char *)base + f->off;

	switch (f->type) {
	case F_BOOL:
		return *(const bool *)(const void *)p;
	case F_INT:
		return *(const int *)(const void *)p;
	case F_SIZE:
		return (int64_t) * (const size_t *)(const void *)p;
	case F_U64:
		return (int64_t) * (const uint64_t *)(const void *)p;
	default:
		return *(const int64_t *)(const void *)p;
	}
}

/* v is within the field's lo..hi, which fits its type */
static void field_set(void *base, const struct field *f, int64_t v)
{
	char *p = (char *)base + f->off;

	switch (f->type) {
	case F_BOOL:
		*(bool *)(void *)p = v != 0;
		break;
	case F_INT:
		*(int *)(void *)p = (int)v;
		break;
	case F_SIZE:
		*(size_t *)(void *)p = (size_t)v;
		break;
	case F_U64:
		*(uint64_t *)(void *)p = (uint64_t)v;
		break;
	default:
		*(int64_t *)(void *)p = v;
	}
}

/* ---- writing ---- */

static void key(char *out, size_t cap, const char *p, const char *k)
{
	snprintf(out, cap, "%s.%s", p, k);
}

static void side_write(FILE *f, const char *p, const struct live_side_obs *s)
{
	char k[48], v[160];

	for (size_t i = 0; i < sizeof(side_fields) / sizeof(side_fields[0]); i++) {
		key(k, sizeof(k), p, side_fields[i].key);
		rdmaneg_rec_i64w(f, k, field_get(s, &side_fields[i]));
	}
	key(k, sizeof(k), p, "err");
	rdmaneg_rec_strw(f, k, s->err);
	key(k, sizeof(k), p, "pd_seen");
	rdmaneg_rec_hexw(f, k, s->pd_seen, s->pd_seen_len);
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
	for (size_t i = 0; i < sizeof(obs_fields) / sizeof(obs_fields[0]); i++)
		rdmaneg_rec_i64w(f, obs_fields[i].key, field_get(o, &obs_fields[i]));
	rdmaneg_rec_strw(f, "transport", live_transport_name(o->transport));
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

/* Every field of the table into base, each within its bounds. */
static int get_fields(const struct rdmaneg_rec *r, const char *prefix, const struct field *t,
		      size_t n, void *base)
{
	char k[48];

	for (size_t i = 0; i < n; i++) {
		int64_t v;
		int rc;

		if (prefix)
			key(k, sizeof(k), prefix, t[i].key);
		rc = rdmaneg_rec_i64(r, prefix ? k : t[i].key, &v);
		if (rc != RDMANEG_REC_OK)
			return rc;
		if (v < t[i].lo || v > t[i].hi)
			return RDMANEG_REC_RANGE;
		field_set(base, &t[i], v);
	}
	return RDMANEG_REC_OK;
}

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
	rc = get_fields(r, p, side_fields, sizeof(side_fields) / sizeof(side_fields[0]), s);
	if (rc != RDMANEG_REC_OK)
		return rc;
	key(k, sizeof(k), p, "err");
	rc = rdmaneg_rec_str(r, k, s->err, sizeof(s->err));
	if (rc != RDMANEG_REC_OK)
		return rc;
	key(k, sizeof(k), p, "pd_seen");
	rc = rdmaneg_rec_hex(r, k, s->pd_seen, sizeof(s->pd_seen), &s->pd_seen_len);
	if (rc != RDMANEG_REC_OK)
		return rc;
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
	rc = get_fields(r, NULL, obs_fields, sizeof(obs_fields) / sizeof(obs_fields[0]), o);
	if (rc != RDMANEG_REC_OK)
		return rc;
	rc = rdmaneg_rec_str(r, "transport", tr, sizeof(tr));
	if (rc != RDMANEG_REC_OK)
		return rc;
	if (live_transport_parse(tr, &o->transport) != 0)
		return RDMANEG_REC_RANGE;
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

const char *const live_res_names[LIVE_RES_KINDS] = { "pd", "cq", "qp", "cm_id", "mr", "ctx" };

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
			for (size_t k = 0; k < LIVE_RES_KINDS && !dst; k++)
				if (strcmp(tok, live_res_names[k]) == 0)
					dst = &r->n[k];
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
	for (size_t k = 0; k < LIVE_RES_KINDS; k++)
		rdmaneg_rec_i64w(f, live_res_names[k], r->n[k]);
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
	for (size_t k = 0; k < LIVE_RES_KINDS; k++) {
		rc = rdmaneg_rec_i64(rec, live_res_names[k], &r->n[k]);
		if (rc != RDMANEG_REC_OK)
			return rc;
		if (r->n[k] < 0)
			return RDMANEG_REC_RANGE;
	}
	return RDMANEG_REC_OK;
}

static void res_counts(const struct live_res *r, char *out, size_t cap)
{
	size_t o = 0;

	out[0] = '\0';
	for (size_t k = 0; k < LIVE_RES_KINDS && o < cap; k++) {
		int w = snprintf(out + o, cap - o, "%s%s %lld", k ? " " : "", live_res_names[k],
				 (long long)r->n[k]);

		if (w < 0)
			break;
		o += (size_t)w;
	}
}

int live_res_leaks(const struct live_res_snap *s, size_t n, char *why, size_t cap)
{
	int found = 0;

	why[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const struct live_res *a = &s[i].r;
		const char *then = strcmp(s[i].phase, "start") == 0  ? "end"
				   : strcmp(s[i].phase, "boot") == 0 ? "exit"
								     : NULL;
		bool paired = false;

		if (!then)
			continue;
		for (size_t k = i + 1; k < n && !paired; k++) {
			const struct live_res *b = &s[k].r;

			if (strcmp(s[k].phase, then) != 0 || strcmp(b->dev, a->dev) != 0)
				continue;
			paired = true;
			if (memcmp(a->n, b->n, sizeof(a->n)) == 0)
				continue;
			if (found++ == 0) {
				char ca[160], cb[160];

				res_counts(a, ca, sizeof(ca));
				res_counts(b, cb, sizeof(cb));
				snprintf(why, cap, "%s: %s %s, %s %s", a->dev, s[i].phase, ca, then,
					 cb);
			}
		}
		if (!paired && found++ == 0)
			snprintf(why, cap, "%s: a %s snapshot with no %s", a->dev, s[i].phase,
				 then);
	}
	return found;
}
