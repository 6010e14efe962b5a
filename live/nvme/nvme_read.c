// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_read: make live-nvme's first pass, the console into plain structs
 * (struct live_nvme): the captured frames by connection, the steps, and
 * each hostile case as the guest printed it, its private data included.
 * nvme_judge.c judges them, nvme_print.c prints the verdicts.
 */
#define _GNU_SOURCE /* memmem */
#include "live/core/frames.h"
#include "live/nvme/nvme.h"

#include "util/hex.h"
#include "util/klog.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char *const step_names[LIVE_NVME_NSTEPS] = { "modules", "target", "connect", "io",
							  "disconnect" };

const char *live_nvme_step_name(int step)
{
	return step >= 0 && step < LIVE_NVME_NSTEPS ? step_names[step] : "?";
}

static void bad_line(struct live_nvme *r, const char *p, size_t n)
{
	if (r->bad++ == 0)
		snprintf(r->first_bad, sizeof(r->first_bad), "%.*s", (int)(n > 120 ? 120 : n), p);
}

/* "SPORT DPORT HEX": one MPA frame on the target's port */
static int frame_line(struct live_nvme *r, const char *p, size_t n, char *why, size_t cap)
{
	static struct live_seg fr;
	struct rdmaneg_mpa_frame f;
	struct live_nvme_conn *c;
	const uint8_t *ulp;
	size_t ulp_len;

	/* [rfc5044#7.1]: a frame is its 20-octet header and PD_Length's
	 * limit at most */
	if (!live_seg_read(p, n, LIVE_NVME_PORT, &fr) || fr.len > 20 + LIVE_NVME_PD ||
	    rdmaneg_mpa_parse(fr.b, fr.len, &f) != RDMANEG_OK ||
	    rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) != RDMANEG_OK)
		return bad_line(r, p, n), 0;
	c = live_seg_conn(r->conn, sizeof(r->conn[0]), offsetof(struct live_nvme_conn, host_port),
			  &r->nconn, LIVE_NVME_CONNS, fr.client_port);
	if (!c) {
		snprintf(why, cap, "more than %d connections", LIVE_NVME_CONNS);
		return -1;
	}
	if (f.type == RDMANEG_MPA_REQUEST && fr.to_server) {
		c->have_req = true;
		c->req_len = ulp_len;
		if (ulp_len)
			memcpy(c->req, ulp, ulp_len);
	} else if (f.type == RDMANEG_MPA_REPLY && !fr.to_server) {
		c->have_rep = true;
		c->rejected = f.reject;
		c->rep_len = ulp_len;
		if (ulp_len)
			memcpy(c->rep, ulp, ulp_len);
	} else {
		bad_line(r, p, n);
	}
	return 0;
}

/* "NAME EVENT STATUS REPLY_PD_HEX": one hostile case's outcome */
static void hostile_line(struct live_nvme *r, const char *p, size_t n)
{
	char line[600], name[40], event[48], rpd[530];
	struct live_nvme_hostile *h;
	long idx;
	int status, used = 0;

	if (n >= sizeof(line) || r->nhost == LIVE_NVME_CASES_MAX)
		return bad_line(r, p, n);
	memcpy(line, p, n);
	line[n] = '\0';
	/* NOLINTNEXTLINE(cert-err34-c): STATUS is rdma_cm's errno, only printed */
	if (sscanf(line, "%39s %47s %d %529s%n", name, event, &status, rpd, &used) != 4 ||
	    (size_t)used != n || (idx = live_nvme_case_index(name)) < 0 ||
	    strcmp(name, r->sent.name) != 0)
		return bad_line(r, p, n);
	h = &r->host[r->nhost++];
	memset(h, 0, sizeof(*h));
	h->index = idx;
	/* the private data the case sent: its LIVE_NVME_CASE line's */
	snprintf(h->name, sizeof(h->name), "%s", name);
	memcpy(h->pd, r->sent.pd, r->sent.pd_len);
	h->pd_len = r->sent.pd_len;
	snprintf(h->event, sizeof(h->event), "%s", event);
	h->established = strcmp(event, "RDMA_CM_EVENT_ESTABLISHED") == 0;
	h->answered = h->established || strcmp(event, "RDMA_CM_EVENT_REJECTED") == 0;
	if (!h->established && h->answered && strcmp(rpd, "-") != 0) {
		uint8_t b[256];
		struct rdmaneg_hex hx;

		rdmaneg_hex_init(&hx, b, sizeof(b));
		if (rdmaneg_hex_feed(&hx, rpd) != 0 || !rdmaneg_hex_whole(&hx))
			return bad_line(r, p, n);
		/* [nvme-rdma#fig7]: STS is octets 03:02 */
		h->has_sts = hx.len >= RDMANEG_NVME_REJECT_LEN;
		h->sts = h->has_sts ? (unsigned)b[2] + 256u * (unsigned)b[3] : 0u;
	}
}

/* hex into out[0..cap-1], "-" for none; false when it is not whole octets
 * or too long */
static bool hex_field(const char *hex, uint8_t *out, size_t cap, size_t *len)
{
	struct rdmaneg_hex hx;

	*len = 0;
	if (strcmp(hex, "-") == 0)
		return true;
	rdmaneg_hex_init(&hx, out, cap);
	if (rdmaneg_hex_feed(&hx, hex) != 0 || !rdmaneg_hex_whole(&hx))
		return false;
	*len = hx.len;
	return true;
}

/* "NAME PD_HEX": a hostile host case as it was sent, before its outcome
 * line (live/nvme/nvme_host.c) */
static void case_line(struct live_nvme *r, const char *p, size_t n)
{
	char line[2 * LIVE_NVME_CASE_PD + 64], name[40], pd[2 * LIVE_NVME_CASE_PD + 2];
	int used = 0;

	memset(&r->sent, 0, sizeof(r->sent));
	if (n >= sizeof(line))
		return bad_line(r, p, n);
	memcpy(line, p, n);
	line[n] = '\0';
	if (sscanf(line, "%39s %97s%n", name, pd, &used) != 2 || (size_t)used != n ||
	    !hex_field(pd, r->sent.pd, sizeof(r->sent.pd), &r->sent.pd_len))
		return bad_line(r, p, n);
	snprintf(r->sent.name, sizeof(r->sent.name), "%s", name);
}

/* "NAME REQUESTS CAPSULE HOST REQ_HEX ANSWER_HEX": one hostile target
 * case's outcome (live/nvme/nvme_target.c) */
static void target_line(struct live_nvme *r, const char *p, size_t n)
{
	char line[400], name[40], nreq[8], cap[8], host[16], req[2 * LIVE_NVME_CASE_PD + 2],
		ans[2 * LIVE_NVME_ANSWER_MAX + 2], *e;
	struct live_nvme_target_run *t;
	unsigned long requests;
	long idx;
	int used = 0;

	if (n >= sizeof(line) || r->ntarget == LIVE_NVME_TCASES_MAX)
		return bad_line(r, p, n);
	memcpy(line, p, n);
	line[n] = '\0';
	if (sscanf(line, "%39s %7s %7s %15s %97s %129s%n", name, nreq, cap, host, req, ans,
		   &used) != 6 ||
	    (size_t)used != n || (idx = live_nvme_tcase_index(name)) < 0 ||
	    (strcmp(cap, "yes") != 0 && strcmp(cap, "no") != 0))
		return bad_line(r, p, n);
	requests = strtoul(nreq, &e, 10);
	if (*e || nreq[0] == '-' || requests > 1000)
		return bad_line(r, p, n);
	t = &r->target[r->ntarget];
	memset(t, 0, sizeof(*t));
	t->index = idx;
	t->requests = (unsigned)requests;
	t->capsule = strcmp(cap, "yes") == 0;
	t->hung = strcmp(host, "hung") == 0;
	t->created = strncmp(host, "created", 7) == 0;
	if (!t->hung && !t->created) {
		long err = strtol(host, &e, 10);

		if (*e || err <= 0 || err > 255)
			return bad_line(r, p, n);
		t->err = (int)err;
	}
	if (!hex_field(req, t->req, sizeof(t->req), &t->req_len) ||
	    !hex_field(ans, t->ans, sizeof(t->ans), &t->ans_len))
		return bad_line(r, p, n);
	r->ntarget++;
}

static void step_line(struct live_nvme *r, const char *p, size_t n)
{
	for (int s = 0; s < LIVE_NVME_NSTEPS; s++) {
		size_t k = strlen(step_names[s]);

		if (n < k + 3 || strncmp(p, step_names[s], k) != 0 || p[k] != ' ')
			continue;
		if (n == k + 3 && strncmp(p + k + 1, "ok", 2) == 0) {
			r->step[s] = 1;
			return;
		}
		if (n > k + 8 && strncmp(p + k + 1, "failed", 6) == 0) {
			r->step[s] = 0;
			snprintf(r->step_why[s], sizeof(r->step_why[s]), "%.*s", (int)(n - k - 1),
				 p + k + 1);
			return;
		}
	}
	bad_line(r, p, n);
}

int live_nvme_read(const char *con, size_t len, struct live_nvme *r, char *why, size_t cap)
{
	const char *p, *end = con + len;
	size_t n;
	size_t frames = 0;
	bool in_target = false; /* between a target case's line and its outcome */
	bool logged = false;	/* ... the kernel host logged the reject's STS */
	bool connect = false;	/* ... or its NVMe Connect command's end */

	memset(r, 0, sizeof(*r));
	r->queues = -1;
	for (int s = 0; s < LIVE_NVME_NSTEPS; s++)
		r->step[s] = -1;
	for (const char *line = con; rdmaneg_klog_next(&line, end, &p, &n);) {
		if (n > 16 && strncmp(p, "LIVE_NVME_FRAME ", 16) == 0) {
			frames++;
			if (frame_line(r, p + 16, n - 16, why, cap) != 0)
				return -1;
		} else if (n > 15 && strncmp(p, "LIVE_NVME_STEP ", 15) == 0) {
			step_line(r, p + 15, n - 15);
		} else if (n > 17 && strncmp(p, "LIVE_NVME_QUEUES ", 17) == 0) {
			char *e;
			long q = strtol(p + 17, &e, 10);

			if (e != p + n || q < 0 || q > 65536)
				bad_line(r, p, n);
			else
				r->queues = q;
		} else if (n == 14 && strncmp(p, "LIVE_NVME_DONE", 14) == 0) {
			r->done = true;
		} else if (n > 20 && (strncmp(p, "LIVE_NVME_CASE host ", 20) == 0 ||
				      strncmp(p, "LIVE_NVME_CASE target ", 22) == 0)) {
			size_t at = p[15] == 'h' ? 20 : 22;
			const char *sp = memchr(p + at, ' ', n - at);
			size_t k = sp ? (size_t)(sp - p) - at : n - at;

			snprintf(r->last_case, sizeof(r->last_case), "%.*s", (int)k, p + at);
			in_target = at == 22;
			if (!in_target)
				case_line(r, p + at, n - at);
		} else if (in_target && memmem(p, n, "Connect rejected: status", 24)) {
			/* drivers/nvme/host/rdma.c nvme_rdma_conn_rejected: "nvme
			 * status" only when it read the reject's STS */
			logged |= memmem(p, n, "nvme status", 11) != NULL;
		} else if (in_target && (memmem(p, n, "Connect command failed", 22) ||
					 memmem(p, n, ": Connect Invalid", 17) ||
					 memmem(p, n, " QID 0 timeout", 14))) {
			/* the host sent its NVMe Connect command: nvmf_log_connect_error
			 * says how it failed, nvme_rdma_timeout that it never ended */
			connect = true;
		} else if (n > 11 && strncmp(p, "LIVE_NVMET ", 11) == 0) {
			size_t before = r->ntarget;

			target_line(r, p + 11, n - 11);
			if (r->ntarget > before) {
				r->target[before].sts_logged = logged;
				r->target[before].connect_logged = connect;
			}
			in_target = logged = connect = false;
		} else if (n == 14 && strncmp(p, "LIVE_NVMET_END", 14) == 0) {
			r->target_done = true;
		} else if (n > 11 && strncmp(p, "LIVE_NVMEH ", 11) == 0) {
			hostile_line(r, p + 11, n - 11);
		} else if (n == 14 && strncmp(p, "LIVE_NVMEH_END", 14) == 0) {
			r->host_done = true;
		} else if (!r->kernel[0]) {
			(void)rdmaneg_klog_release(p, n, r->kernel, sizeof(r->kernel));
		}
	}
	if (frames == 0) {
		snprintf(why, cap, "no LIVE_NVME_FRAME line: nothing was captured");
		return -1;
	}
	return 0;
}
