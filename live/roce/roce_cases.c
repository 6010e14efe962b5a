// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's table, one index space (the active cases from
 * live/roce/roce_active.c), and what a conforming passive side does
 * with each case ([ibcm-c12#req-1], [roce-a17#frame-1]); see
 * roce_live.h. */
#include "live/roce/roce_active.h"
#include "live/roce/roce_live.h"
#include "live/roce/roce_mads.h"
#include "live/roce/roce_random.h"
#include "live/roce/roce_ulp.h"

#include "rules/ibcm_rules.h"
#include "rules/roce_rules.h"
#include <rdmaneg/ibcm.h>

#include <stdio.h>
#include <string.h>

/* How a passive case differs from the good REQ: a field of the MAD (one
 * of up to 64 bits, or an octet string filled with value), a header of
 * the frame, the MAD's length, octets of the private data, another
 * message in the REQ's place, (E_ULP) a REQ to ULP field's listener
 * whose octets are case value of that ULP's suite (roce_ulp.h), or
 * (E_RANDOM) 2 to 4 of the REQ's fields at values drawn from seed
 * value (roce_random.h). */
enum edit {
	E_NONE,
	E_FIELD,
	E_OCTETS,
	E_ICRC,
	E_TVER,
	E_DEST_QP,
	E_QKEY,
	E_LEN,
	E_PD,
	E_MSG,
	E_ULP,
	E_RANDOM
};

struct row {
	char name[48];
	size_t field;	/* E_FIELD, E_OCTETS: the IB CM field */
	uint64_t value; /* the field's, header's or length's value; E_MSG: the attribute */
	/* E_PD: octets off..off+n-1 of the private data: value big-endian
	 * (n <= 8), or each octet value */
	size_t off, n;
	enum edit edit;
	bool listener;	/* to the listener's port (else to the idle one) */
	bool unmatched; /* an edit that leaves no listener to match */
};

#define HF(nm, f, v) \
	{ \
		nm, f, v, 0, 0, E_FIELD, true, false \
	}
#define HH(nm, e, v) \
	{ \
		nm, 0, v, 0, 0, e, true, false \
	}
#define HCMA(nm, v, um) \
	{ \
		nm, 0, v, 0, 2, E_PD, true, um \
	}

/* The rows written by hand; the sweeps (sweep_passive()) follow them. */
static const struct row hand[] = {
	/* the two good REQs: to a listener, and to no one */
	{ "req-listener", 0, 0, 0, 0, E_NONE, true, false },
	{ "req-no-listener", 0, 0, 0, 0, E_NONE, false, false },
	/* frames rxe must drop ([roce-a17#icrc-1], [roce-a17#bth-1], [roce-a17#deth-1]) */
	HH("frame-bad-icrc", E_ICRC, 1),
	HH("frame-tver-1", E_TVER, 1),
	HH("frame-dest-qp-2", E_DEST_QP, 2),
	HH("frame-qkey-0", E_QKEY, 0),
	/* MADs that are not a CM REQ ([ibcm-c12#mad-1]) */
	HH("mad-len-255", E_LEN, 255),
	HF("mad-class-6", RDMANEG_IBCM_F_MAD_MGMT_CLASS, 6),
	HF("mad-class-version-1", RDMANEG_IBCM_F_MAD_CLASS_VERSION, 1),
	HF("mad-method-get", RDMANEG_IBCM_F_MAD_METHOD, 1),
	HF("mad-attr-0x20", RDMANEG_IBCM_F_MAD_ATTR_ID, 0x20),
	/* REQ fields ([ibcm-c12#req-2], [ibcm-c12#req-3]) */
	HF("req-mtu-0", RDMANEG_IBCM_F_REQ_PATH_MTU, 0),
	HF("req-mtu-6", RDMANEG_IBCM_F_REQ_PATH_MTU, 6),
	HF("req-mtu-15", RDMANEG_IBCM_F_REQ_PATH_MTU, 15),
	HF("req-transport-3", RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE, 3),
	HF("req-transport-rd", RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE, 2),
	HF("req-responder-resources-255", RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 255),
	HF("req-initiator-depth-0", RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 0),
	HF("req-local-qpn-0", RDMANEG_IBCM_F_REQ_LOCAL_QPN, 0),
	HF("req-psn-max", RDMANEG_IBCM_F_REQ_STARTING_PSN, 0xFFFFFF),
	HF("req-hop-limit-0", RDMANEG_IBCM_F_REQ_PRIMARY_HOP_LIMIT, 0),
	HF("req-pkey-0", RDMANEG_IBCM_F_REQ_PARTITION_KEY, 0),
	HF("req-retries-0", RDMANEG_IBCM_F_REQ_MAX_CM_RETRIES, 0),
	{ "req-service-id-ib", RDMANEG_IBCM_F_REQ_SERVICE_ID, 0x00000000013f4a8cull, 0, 0, E_FIELD,
	  true, true },
	/* rdma_cm's header at the start of the private data ([ibcm-c12#cma-2]): its
	 * version and IP version octets; an IPv6 header whose destination is
	 * no address here has no listener */
	HCMA("cma-version-1", 0x0140, false),
	HCMA("cma-ip-version-5", 0x0050, false),
	HCMA("cma-ip-version-0", 0x0000, false),
	HCMA("cma-ip-version-6", 0x0060, true),
};
#define NHAND (sizeof(hand) / sizeof(hand[0]))

/* last of all: a MAD longer than QP1's receive buffer, then a good REQ
 * (its answer is the case's): a receiver drops the first
 * ([ibcm-c12#mad-1]) and answers the second */
static const struct row last_row = HH("qp1-after-mad-len-260", E_LEN, 260);

/* The table: the hand rows, then the sweeps, built once. */
#define PMAX 512u /* the test of the last row catches a table that outgrew it */
static struct row ptab[PMAX];
static size_t np;
static unsigned rnd_row; /* the first rnd-req- row: a random mode's cases are its kind */

static void add_row(const struct row *r)
{
	if (np < PMAX)
		ptab[np++] = *r;
}

static bool hand_has(size_t f, uint64_t v)
{
	for (size_t i = 0; i < NHAND; i++)
		if (hand[i].edit == E_FIELD && hand[i].field == f && hand[i].value == v)
			return true;
	return false;
}

/* [ibcm-c12#mad-1], [ibcm-c12#req-1]: every field of the MAD header and
 * of the REQ at its edges (0, top bit, all ones; an octet string all
 * zeros or all ones), but a value the good REQ has or a hand row tests */
static void sweep_fields(const uint8_t *good, size_t first, size_t last, const char *pre)
{
	for (size_t f = first; f <= last; f++) {
		struct rdmaneg_ibcm_field fd;
		struct row r = { .field = f, .listener = true };
		uint64_t v[3], g = 0;
		const char *lab[3];
		size_t n, off, len;

		if (rdmaneg_ibcm_field(f, &fd) != RDMANEG_OK)
			continue;
		if (fd.width > 64) {
			if (rdmaneg_ibcm_field_octets(f, &off, &len) != RDMANEG_OK)
				continue;
			for (unsigned fill = 0; fill <= 0xFF; fill += 0xFF) {
				size_t same = 0;

				for (size_t i = 0; i < len; i++)
					same += good[off + i] == fill;
				if (same == len)
					continue;
				r.edit = E_OCTETS, r.value = fill;
				live_roce_field_name(r.name, sizeof(r.name), pre, fd.name,
						     fill ? "max" : "0");
				add_row(&r);
			}
			continue;
		}
		(void)rdmaneg_ibcm_get(good, RDMANEG_IBCM_MAD_LEN, f, &g);
		n = live_roce_edges(fd.width, v, lab);
		for (size_t i = 0; i < n; i++) {
			if (v[i] == g || hand_has(f, v[i]))
				continue;
			r.edit = E_FIELD, r.value = v[i];
			live_roce_field_name(r.name, sizeof(r.name), pre, fd.name, lab[i]);
			add_row(&r);
		}
	}
}

/* the passive sweeps, after the hand rows */
static void sweep_passive(void)
{
	static const struct {
		const char *name;
		enum edit edit;
		uint64_t value;
	} frames[] = {
		/* [roce-a17#icrc-1], [roce-a17#bth-1], [roce-a17#deth-1] */
		{ "frame-icrc-top", E_ICRC, 0x80000000u },
		{ "frame-icrc-max", E_ICRC, 0xFFFFFFFFu },
		{ "frame-tver-top", E_TVER, 8 },
		{ "frame-tver-max", E_TVER, 15 },
		{ "frame-dest-qp-0", E_DEST_QP, 0 },
		{ "frame-dest-qp-max", E_DEST_QP, 0xFFFFFF },
		{ "frame-qkey-top", E_QKEY, 0x80000000u },
		{ "frame-qkey-max", E_QKEY, 0xFFFFFFFFu },
	};
	/* [ibcm-c12#cma-1], [ibcm-c12#cma-2]: rdma_cm's header, octet by
	 * field (its version, IP version and reserved nibble, port, the
	 * destination address, which no listener then matches), and the
	 * ULP's octets after it */
	static const struct {
		const char *name;
		uint64_t value;
		size_t off, n;
		bool unmatched;
	} pds[] = {
		{ "cma-version-top", 0x8040, 0, 2, false },
		{ "cma-version-max", 0xFF40, 0, 2, false },
		{ "cma-ip-reserved-top", 0x0048, 0, 2, false },
		{ "cma-ip-reserved-max", 0x004F, 0, 2, false },
		{ "cma-port-0", 0, 2, 2, false },
		{ "cma-port-top", 0x8000, 2, 2, false },
		{ "cma-port-max", 0xFFFF, 2, 2, false },
		{ "cma-dst-0", 0, 20, 16, true },
		{ "cma-dst-max", 0xFF, 20, 16, true },
		{ "pd-ulp-0", 0, 36, 56, false },
		{ "pd-ulp-max", 0xFF, 36, 56, false },
	};
	uint8_t good[RDMANEG_IBCM_MAD_LEN];
	struct row r;

	for (size_t i = 0; i < NHAND; i++)
		add_row(&hand[i]);
	for (size_t i = 0; i < sizeof(frames) / sizeof(frames[0]); i++) {
		r = (struct row){ .edit = frames[i].edit,
				  .value = frames[i].value,
				  .listener = true };
		snprintf(r.name, sizeof(r.name), "%s", frames[i].name);
		add_row(&r);
	}
	live_roce_good_req(good, 0x52000000u, LIVE_ROCE_PORT, 40000);
	sweep_fields(good, RDMANEG_IBCM_F_MAD_BASE_VERSION, RDMANEG_IBCM_F_MAD_ATTR_MOD, "mad-");
	sweep_fields(good, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID,
		     RDMANEG_IBCM_F_REQ_ALTERNATE_LOCAL_ACK_TIMEOUT, "req-");
	/* every IP version but 4 (the good one) and the hand rows' 0, 5, 6 */
	for (unsigned v = 1; v < 16; v++) {
		if (v == 4 || v == 5 || v == 6)
			continue;
		r = (struct row){ .edit = E_PD, .value = v << 4, .n = 2, .listener = true };
		snprintf(r.name, sizeof(r.name), "cma-ip-version-%u", v);
		add_row(&r);
	}
	for (size_t i = 0; i < sizeof(pds) / sizeof(pds[0]); i++) {
		r = (struct row){ .edit = E_PD,
				  .value = pds[i].value,
				  .off = pds[i].off,
				  .n = pds[i].n,
				  .listener = true,
				  .unmatched = pds[i].unmatched };
		snprintf(r.name, sizeof(r.name), "%s", pds[i].name);
		add_row(&r);
	}
	/* [ibcm-c12#mad-1]: every other message where a REQ would start a
	 * connection, for no connection */
	for (uint16_t a = RDMANEG_IBCM_MRA; a <= RDMANEG_IBCM_APR; a++) {
		r = (struct row){ .edit = E_MSG, .value = a, .listener = true };
		snprintf(r.name, sizeof(r.name), "idle-%s",
			 live_roce_msg_name(a) ? live_roce_msg_name(a) : "?");
		add_row(&r);
	}
	rnd_row = (unsigned)np;
	for (unsigned i = 0; i < LIVE_ROCE_RANDOM_ROWS; i++) {
		r = (struct row){ .edit = E_RANDOM, .value = 0x726f6365ull + i, .listener = true };
		snprintf(r.name, sizeof(r.name), "rnd-req-%u", i);
		add_row(&r);
	}
	/* the ULPs' listeners behind rxe (nvmet's, svcrdma's), each case
	 * of their own suites after rdma_cm's header (roce_ulp.h) */
	for (size_t u = LIVE_ROCE_ULP_FIRST; u <= LIVE_ROCE_ULP_LAST; u++)
		for (size_t i = 0; i < live_roce_ulp_count((enum live_roce_ulp)u); i++) {
			r = (struct row){ .edit = E_ULP, .field = u, .value = i, .listener = true };
			if (live_roce_ulp_case_name((enum live_roce_ulp)u, i, r.name,
						    sizeof(r.name)))
				add_row(&r);
		}
	add_row(&last_row);
}

static void build(void)
{
	if (np == 0)
		sweep_passive();
}

size_t live_roce_case_count(void)
{
	build();
	return np + live_roce_active_count();
}

/* r's edit on case c's MAD and frame */
static void apply(const struct row *r, struct live_roce_case *c)
{
	size_t off, n;

	switch (r->edit) {
	case E_FIELD:
		live_roce_put(c->mad, r->field, r->value);
		break;
	case E_OCTETS:
		if (rdmaneg_ibcm_field_octets(r->field, &off, &n) == RDMANEG_OK)
			memset(c->mad + off, (int)r->value, n);
		break;
	case E_ICRC:
		c->frame.icrc_xor = (uint32_t)r->value;
		break;
	case E_TVER:
		c->frame.tver = (uint8_t)r->value;
		break;
	case E_DEST_QP:
		c->frame.dest_qp = (uint32_t)r->value;
		break;
	case E_QKEY:
		c->frame.qkey = (uint32_t)r->value;
		break;
	case E_LEN:
		c->mad_len = (size_t)r->value;
		break;
	case E_PD:
		if (rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REQ, &off, &n) != RDMANEG_OK ||
		    r->off + r->n > n)
			break;
		for (size_t i = 0; i < r->n; i++)
			c->mad[off + r->off + i] =
				r->n <= 8 ? (uint8_t)(r->value >> (8 * (r->n - 1 - i)))
					  : (uint8_t)r->value;
		break;
	case E_MSG:
		/* [ibcm-c12#mad-1]: another message from the same IDs, to the
		 * listener's Service ID where it has one */
		live_roce_message(c->mad, (uint16_t)r->value, 0x52000000u + c->comm_id, c->comm_id,
				  0x0badc0deu, 0x100);
		live_roce_put(c->mad, live_roce_field_of((uint16_t)r->value, "service_id"),
			      0x0000000001060000ull + LIVE_ROCE_PORT);
		live_roce_put(c->mad, live_roce_field_of((uint16_t)r->value, "partition_key"),
			      0xFFFF);
		break;
	case E_ULP:
		live_roce_ulp_octets((enum live_roce_ulp)r->field, (size_t)r->value, c);
		break;
	case E_RANDOM:
		live_roce_random_req(c->mad, r->value);
		break;
	case E_NONE:
		break;
	}
}

/* passive case k of row r (c->row already set) */
static void passive_case(const struct row *r, size_t k, struct live_roce_case *c)
{
	uint8_t good[RDMANEG_IBCM_MAD_LEN];
	uint64_t id = 0, sid = 0, good_sid = 0;
	uint16_t port;

	snprintf(c->name, sizeof(c->name), "%s", r->name);
	c->comm_id = 0x52000000u + (uint32_t)k;
	port = r->edit == E_ULP ? live_roce_ulp_port((enum live_roce_ulp)r->field)
	       : r->listener	? LIVE_ROCE_PORT
				: LIVE_ROCE_IDLE_PORT;
	live_roce_good_req(c->mad, c->comm_id, port, (uint16_t)(40000 + k));
	c->mad_len = RDMANEG_IBCM_MAD_LEN;
	live_roce_mad_frame(&c->frame, k);
	apply(r, c);
	/* the answer names the REQ's Local Communication ID as it went out;
	 * a listener matches the listener's Service ID only */
	if (r->edit != E_MSG &&
	    rdmaneg_ibcm_get(c->mad, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, &id) ==
		    RDMANEG_OK)
		c->comm_id = (uint32_t)id;
	live_roce_good_req(good, 0, port, 0);
	(void)rdmaneg_ibcm_get(good, sizeof(good), RDMANEG_IBCM_F_REQ_SERVICE_ID, &good_sid);
	(void)rdmaneg_ibcm_get(c->mad, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_SERVICE_ID, &sid);
	c->listener = r->listener && !r->unmatched && sid == good_sid;
	/* the payload and its pad to a multiple of 4 ([roce-a17#bth-1]) */
	c->frame.pad = (uint8_t)((4 - c->mad_len % 4) % 4);
	if (strncmp(r->name, "qp1-after-", 10) == 0) {
		c->follow = true;
		c->follow_id = c->comm_id + 0x1000u;
		live_roce_good_req(c->follow_mad, c->follow_id, LIVE_ROCE_PORT,
				   (uint16_t)(41000 + k));
	}
}

bool live_roce_case(size_t k, struct live_roce_case *c)
{
	size_t na = live_roce_active_count();

	build();
	if (k >= np + na || !c)
		return false;
	/* the last passive row (qp1-after-) last of all: on a kernel with
	 * finding 23 it leaves QP1 dead, and no case after it could be
	 * answered; the active cases come before it */
	if (k >= np - 1 && k < np - 1 + na)
		return live_roce_active_case(k - (np - 1), k, c);
	memset(c, 0, sizeof(*c));
	c->row = (unsigned)(k < np - 1 ? k : np - 1);
	passive_case(&ptab[c->row], k, c);
	return true;
}

void live_roce_random_case(uint64_t seed, size_t k, struct live_roce_case *c)
{
	struct row r = { .edit = E_RANDOM, .value = seed, .listener = true };

	build();
	live_roce_random_name(seed, r.name, sizeof(r.name));
	memset(c, 0, sizeof(*c));
	c->row = rnd_row;
	passive_case(&r, k, c);
}

const char *live_roce_clause(const struct live_roce_case *c)
{
	const struct row *r;

	build();
	if (c->active)
		return live_roce_active_clause(c);
	r = &ptab[c->row < np ? c->row : 0];
	switch (r->edit) {
	case E_ICRC:
		return "roce-a17#icrc-1";
	case E_TVER:
		return "roce-a17#bth-1";
	case E_DEST_QP:
	case E_QKEY:
		return "roce-a17#deth-1";
	case E_LEN:
		return "ibcm-c12#mad-1";
	case E_PD:
		return r->off < RDMANEG_IBCM_CMA_HDR_LEN ? "ibcm-c12#cma-2" : "ibcm-c12#cma-1";
	case E_MSG:
		return live_roce_msg_clause((uint16_t)r->value);
	case E_ULP:
		return live_roce_ulp_clause(c);
	case E_RANDOM:
		return "ibcm-c12#req-1";
	case E_FIELD:
	case E_OCTETS:
		if (r->field == RDMANEG_IBCM_F_REQ_PATH_MTU)
			return "ibcm-c12#req-3";
		if (r->field == RDMANEG_IBCM_F_REQ_TRANSPORT_SERVICE_TYPE)
			return "ibcm-c12#req-2";
		return r->field <= RDMANEG_IBCM_F_MAD_ATTR_MOD ? "ibcm-c12#mad-1"
							       : "ibcm-c12#req-1";
	case E_NONE:
		break;
	}
	return "ibcm-c12#req-1";
}

enum live_roce_expect live_roce_expected(const struct live_roce_case *c)
{
	build();
	if (c->active)
		return live_roce_active_expected(c);
	/* the answer is the good REQ's that follows */
	if (c->follow)
		return LIVE_ROCE_X_REP;
	/* [roce-a17#icrc-1], [roce-a17#bth-1]: a frame a receiver drops, or
	 * one for no QP1 ([roce-a17#deth-1]: QP1 takes only its Q_Key) */
	if (c->frame.icrc_xor != 0 || c->frame.tver != 0 || c->frame.dest_qp != 1 ||
	    c->frame.qkey != RDMANEG_ROCE_QKEY_GSI)
		return LIVE_ROCE_X_SILENCE;
	/* [ibcm-c12#mad-1] to [ibcm-c12#cma-2]: the oracle's reading; a
	 * message other than a REQ starts no connection */
	if (rdmaneg_ref_ibcm_passive(c->mad, c->mad_len) != 0 ||
	    (c->mad_len >= 18 && (c->mad[16] != 0 || c->mad[17] != RDMANEG_IBCM_REQ)))
		return LIVE_ROCE_X_NO_REP;
	/* a ULP's listener: its oracle's answer ([nvme-rdma#fig5-1]) */
	if (c->ulp_allowed != 0)
		return c->ulp_allowed == 1u	    ? LIVE_ROCE_X_REP
		       : (c->ulp_allowed & 1u) == 0 ? LIVE_ROCE_X_REJ
						    : LIVE_ROCE_X_ANSWER;
	return c->listener ? LIVE_ROCE_X_REP : LIVE_ROCE_X_REJ;
}
