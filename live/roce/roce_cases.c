// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's table and what a conforming passive side does with
 * each case ([ibcm-c12#req-1], [roce-a17#frame-1]), then the active
 * cases' answers and what a conforming active side does with each
 * ([ibcm-c12#rep-2], [ibcm-c12#rep-3]); see roce_live.h. */
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

/* The active cases: how the peer answers Linux's REQ. A REP (as
 * cm_format_rep() fills one), a REJ of reason with rejected info of ari
 * octets, an MRA first or alone, a REJ and then the REP, the REP twice,
 * the REP and then message attr, or message attr in the REP's place;
 * then one field edited in the answer's message that has it: set to
 * value, XORed with it, or (O_FROM) the REQ's field from plus value, or
 * (O_PD) the REP's private data filled with value. */
enum answer {
	A_REP,
	A_REP_TWICE,
	A_MRA_REP,
	A_REJ,
	A_MRA_ONLY,
	A_REJ_REP,
	A_OTHER,
	A_REP_THEN,
	A_NVME, /* nvme-rdma's: the NVMe suite's target answer value (roce_ulp.h) */
	A_NFS,	/* xprtrdma's: the NFS suite's case value in the REP (roce_ulp.h) */
	A_ISER	/* ib_iser's: the iSER suite's target case value (roce_ulp.h) */
};
enum op { O_NONE, O_SET, O_XOR, O_FROM, O_PD };

struct arow {
	char name[48];
	size_t field, from;
	uint64_t value;
	enum answer answer;
	enum op op;
	unsigned ari;	 /* A_REJ, A_REJ_REP: the REJ's Rejected Info Length */
	uint16_t reason; /* and its reason */
	uint16_t attr;	 /* A_OTHER, A_REP_THEN: the other message */
};

#define AREP(nm, o, f, fr, v) \
	{ \
		nm, f, fr, v, A_REP, o, 0, 0, 0 \
	}
#define AREJ(nm, r, i) \
	{ \
		nm, 0, 0, 0, A_REJ, O_NONE, i, r, 0 \
	}

static const struct arow ahand[] = {
	AREP("a-rep", O_NONE, 0, 0, 0),
	AREP("a-rep-remote-id-wrong", O_XOR, RDMANEG_IBCM_F_REP_REMOTE_COMM_ID, 0, 1),
	AREP("a-rep-responder-resources-above", O_FROM, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES,
	     RDMANEG_IBCM_F_REQ_INITIATOR_DEPTH, 1),
	AREP("a-rep-initiator-depth-above", O_FROM, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH,
	     RDMANEG_IBCM_F_REQ_RESPONDER_RESOURCES, 1),
	AREP("a-rep-responder-resources-255", O_SET, RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES, 0,
	     255),
	AREP("a-rep-initiator-depth-0", O_SET, RDMANEG_IBCM_F_REP_INITIATOR_DEPTH, 0, 0),
	AREP("a-rep-qpn-0", O_SET, RDMANEG_IBCM_F_REP_LOCAL_QPN, 0, 0),
	AREP("a-rep-qpn-1", O_SET, RDMANEG_IBCM_F_REP_LOCAL_QPN, 0, 1),
	AREP("a-rep-psn-max", O_SET, RDMANEG_IBCM_F_REP_STARTING_PSN, 0, 0xFFFFFF),
	AREP("a-rep-target-ack-delay-31", O_SET, RDMANEG_IBCM_F_REP_TARGET_ACK_DELAY, 0, 31),
	AREP("a-rep-failover-3", O_SET, RDMANEG_IBCM_F_REP_FAILOVER_ACCEPTED, 0, 3),
	AREP("a-rep-rnr-retry-0", O_SET, RDMANEG_IBCM_F_REP_RNR_RETRY_COUNT, 0, 0),
	AREP("a-rep-srq-1", O_SET, RDMANEG_IBCM_F_REP_SRQ, 0, 1),
	AREP("a-rep-pd-ff", O_PD, 0, 0, 0xff),
	{ .name = "a-rep-twice", .answer = A_REP_TWICE },
	{ .name = "a-mra-then-rep", .answer = A_MRA_REP },
	AREJ("a-rej-consumer", 28, 0),
	AREJ("a-rej-reason-0", 0, 0),
	AREJ("a-rej-reason-ffff", 0xFFFF, 0),
	AREJ("a-rej-timeout-ari-8", 4, 8),
	AREJ("a-rej-stale-conn", 10, 0),
	AREJ("a-rej-ari-72", 1, 72),
	AREJ("a-rej-ari-127", 1, 127),
	{ .name = "a-rej-remote-id-wrong",
	  .answer = A_REJ,
	  .op = O_XOR,
	  .field = RDMANEG_IBCM_F_REJ_REMOTE_COMM_ID,
	  .value = 1,
	  .reason = 28 },
};
#define NAHAND (sizeof(ahand) / sizeof(ahand[0]))

/* The table: the hand rows, then the sweeps, built once. */
#define PMAX 512u /* the test of the last row catches a table that outgrew it */
#define AMAX 320u
static struct row ptab[PMAX];
static size_t np;
static struct arow atab[AMAX];
static size_t na;

static void add_row(const struct row *r)
{
	if (np < PMAX)
		ptab[np++] = *r;
}

static void add_arow(const struct arow *a)
{
	if (na < AMAX)
		atab[na++] = *a;
}

/* a field's edges: 0, its top bit alone (the sign of a signed reading)
 * and all ones; how many for width w (top only from 2 bits) */
static size_t edges(unsigned w, uint64_t v[3], const char *lab[3])
{
	size_t k = 0;

	v[k] = 0, lab[k++] = "0";
	if (w >= 2)
		v[k] = 1ull << (w - 1), lab[k++] = "top";
	v[k] = w >= 64 ? ~0ull : (1ull << w) - 1, lab[k++] = "max";
	return k;
}

/* "pre-" and a field's name, '_' as '-', then "-lab" */
static void field_name(char *out, size_t cap, const char *pre, const char *name, const char *lab)
{
	size_t n = (size_t)snprintf(out, cap, "%s%s-%s", pre, name, lab);

	for (size_t i = strlen(pre); i < n && i < cap; i++)
		if (out[i] == '_')
			out[i] = '-';
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
				field_name(r.name, sizeof(r.name), pre, fd.name,
					   fill ? "max" : "0");
				add_row(&r);
			}
			continue;
		}
		(void)rdmaneg_ibcm_get(good, RDMANEG_IBCM_MAD_LEN, f, &g);
		n = edges(fd.width, v, lab);
		for (size_t i = 0; i < n; i++) {
			if (v[i] == g || hand_has(f, v[i]))
				continue;
			r.edit = E_FIELD, r.value = v[i];
			field_name(r.name, sizeof(r.name), pre, fd.name, lab[i]);
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

static bool ahand_has(size_t f, uint64_t v)
{
	for (size_t i = 0; i < NAHAND; i++)
		if (ahand[i].op == O_SET && ahand[i].field == f && ahand[i].value == v)
			return true;
	return false;
}

static bool ahand_rej(unsigned reason, unsigned ari)
{
	for (size_t i = 0; i < NAHAND; i++)
		if (ahand[i].answer == A_REJ && ahand[i].op == O_NONE &&
		    ahand[i].reason == reason && ahand[i].ari == ari)
			return true;
	return false;
}

/* the active sweeps, after the hand rows */
static void sweep_active(void)
{
	static const uint16_t others[] = { RDMANEG_IBCM_RTU,  RDMANEG_IBCM_DREQ,
					   RDMANEG_IBCM_DREP, RDMANEG_IBCM_LAP,
					   RDMANEG_IBCM_APR,  RDMANEG_IBCM_SIDR_REP,
					   RDMANEG_IBCM_REQ,  0x0020 };
	static const uint16_t thens[] = { RDMANEG_IBCM_REJ,  RDMANEG_IBCM_MRA,	RDMANEG_IBCM_RTU,
					  RDMANEG_IBCM_DREQ, RDMANEG_IBCM_DREP, RDMANEG_IBCM_LAP,
					  RDMANEG_IBCM_APR };
	static const unsigned aris[] = { 1, 16, 71, 73, 126 };
	uint8_t req[RDMANEG_IBCM_MAD_LEN], rep[RDMANEG_IBCM_MAD_LEN];
	struct arow a;

	for (size_t i = 0; i < NAHAND; i++)
		add_arow(&ahand[i]);
	/* [ibcm-c12#rep-1]: every REP field at its edges */
	live_roce_model_req(req);
	live_roce_good_rep(rep, req, 0x53000000u);
	for (size_t f = RDMANEG_IBCM_F_REP_LOCAL_COMM_ID; f <= RDMANEG_IBCM_F_REP_LOCAL_CA_GUID;
	     f++) {
		struct rdmaneg_ibcm_field fd;
		uint64_t v[3], g = 0;
		const char *lab[3];
		size_t n;

		if (rdmaneg_ibcm_field(f, &fd) != RDMANEG_OK)
			continue;
		(void)rdmaneg_ibcm_get(rep, sizeof(rep), f, &g);
		n = edges(fd.width, v, lab);
		for (size_t i = 0; i < n; i++) {
			if ((v[i] == g && f != RDMANEG_IBCM_F_REP_LOCAL_COMM_ID) ||
			    ahand_has(f, v[i]))
				continue;
			a = (struct arow){
				.answer = A_REP, .op = O_SET, .field = f, .value = v[i]
			};
			field_name(a.name, sizeof(a.name), "a-rep-", fd.name, lab[i]);
			add_arow(&a);
		}
	}
	/* [ibcm-c12#rej-1], [ibcm-c12#rej-3]: every reason Linux names
	 * (ib_cm_rej_reason, 1..35), 0 and the top of the field, with no
	 * rejected info and with all 72 octets of it */
	for (unsigned r = 0; r <= 0xFFFF; r = r == 36 ? 0x7FFF : r == 0x8000 ? 0xFFFE : r + 1) {
		for (unsigned ari = 0; ari <= 72; ari += 72) {
			if (r == LIVE_ROCE_CLEANUP_REASON || ahand_rej(r, ari) ||
			    (r == 1 && ari == 72))
				continue;
			a = (struct arow){ .answer = A_REJ, .reason = (uint16_t)r, .ari = ari };
			snprintf(a.name, sizeof(a.name),
				 r <= 36 ? "a-rej-reason-%u%s" : "a-rej-reason-%x%s", r,
				 ari ? "-ari-72" : "");
			add_arow(&a);
		}
	}
	/* [ibcm-c12#rej-2]: the REJ naming another message */
	for (unsigned m = 1; m <= 3; m++) {
		a = (struct arow){ .answer = A_REJ,
				   .op = O_SET,
				   .field = RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED,
				   .value = m,
				   .reason = 28 };
		snprintf(a.name, sizeof(a.name), "a-rej-message-%u", m);
		add_arow(&a);
	}
	/* [ibcm-c12#rej-3]: rejected info lengths about the edges */
	for (size_t i = 0; i < sizeof(aris) / sizeof(aris[0]); i++) {
		a = (struct arow){ .answer = A_REJ, .reason = 1, .ari = aris[i] };
		snprintf(a.name, sizeof(a.name), "a-rej-ari-%u", aris[i]);
		add_arow(&a);
	}
	/* [ibcm-c12#mra-1], [ibcm-c12#mra-2]: an MRA naming each message,
	 * at its timeouts' edges, or for another connection, then the REP;
	 * an MRA alone (its timeout the REQ's new wait) */
	for (unsigned m = 1; m <= 3; m++) {
		a = (struct arow){ .answer = A_MRA_REP,
				   .op = O_SET,
				   .field = RDMANEG_IBCM_F_MRA_MESSAGE_MRAED,
				   .value = m };
		snprintf(a.name, sizeof(a.name), "a-mra-message-%u-then-rep", m);
		add_arow(&a);
	}
	for (unsigned t = 0; t <= 31; t += 31) {
		a = (struct arow){ .answer = A_MRA_REP,
				   .op = O_SET,
				   .field = RDMANEG_IBCM_F_MRA_SERVICE_TIMEOUT,
				   .value = t };
		snprintf(a.name, sizeof(a.name), "a-mra-timeout-%u-then-rep", t);
		add_arow(&a);
		a.answer = A_MRA_ONLY;
		snprintf(a.name, sizeof(a.name), "a-mra-only-timeout-%u", t);
		add_arow(&a);
	}
	add_arow(&(struct arow){ .name = "a-mra-remote-id-wrong-then-rep",
				 .answer = A_MRA_REP,
				 .op = O_XOR,
				 .field = RDMANEG_IBCM_F_MRA_REMOTE_COMM_ID,
				 .value = 1 });
	add_arow(&(struct arow){ .name = "a-mra-only", .answer = A_MRA_ONLY });
	add_arow(&(struct arow){ .name = "a-rej-then-rep", .answer = A_REJ_REP, .reason = 28 });
	add_arow(&(struct arow){ .name = "a-rep-pd-0", .answer = A_REP, .op = O_PD });
	/* another message in the REP's place, or after it */
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		const char *m = live_roce_msg_name(others[i]);

		a = (struct arow){ .answer = A_OTHER, .attr = others[i] };
		if (m)
			snprintf(a.name, sizeof(a.name), "a-%s-instead-of-rep", m);
		else
			snprintf(a.name, sizeof(a.name), "a-attr-0x%x-instead-of-rep", others[i]);
		add_arow(&a);
	}
	for (size_t i = 0; i < sizeof(thens) / sizeof(thens[0]); i++) {
		a = (struct arow){ .answer = A_REP_THEN, .attr = thens[i] };
		snprintf(a.name, sizeof(a.name), "a-rep-then-%s", live_roce_msg_name(thens[i]));
		add_arow(&a);
	}
	/* nvme-rdma connecting: last, after rdmaneg-live connect's rows */
	for (size_t j = 0; j < live_roce_nvme_host_count(); j++) {
		a = (struct arow){ .answer = A_NVME, .value = j };
		if (live_roce_nvme_host_name(j, a.name, sizeof(a.name)))
			add_arow(&a);
	}
	/* the NFS client mounting: after nvme-rdma's */
	for (size_t j = 0; j < live_roce_nfs_client_count(); j++) {
		a = (struct arow){ .answer = A_NFS, .value = j };
		if (live_roce_nfs_client_name(j, a.name, sizeof(a.name)))
			add_arow(&a);
	}
	/* open-iscsi logging in through ib_iser: after the NFS client's */
	for (size_t j = 0; j < live_roce_iser_initiator_count(); j++) {
		a = (struct arow){ .answer = A_ISER, .value = j };
		if (live_roce_iser_initiator_name(j, a.name, sizeof(a.name)))
			add_arow(&a);
	}
}

static void build(void)
{
	if (np != 0)
		return;
	sweep_passive();
	sweep_active();
}

size_t live_roce_case_count(void)
{
	build();
	return np + na;
}

/* the REJ of a's reason and rejected info ([ibcm-c12#rej-1]) */
static void rej(uint8_t *m, const struct arow *a, uint64_t tid, uint32_t local, uint32_t remote)
{
	uint8_t pd[RDMANEG_IBCM_MAD_LEN];
	size_t off, n;

	live_roce_message(m, RDMANEG_IBCM_REJ, tid, local, remote, 0);
	live_roce_put(m, RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED, 0);
	live_roce_put(m, RDMANEG_IBCM_F_REJ_REASON, a->reason);
	live_roce_put(m, RDMANEG_IBCM_F_REJ_REJECTED_INFO_LENGTH, a->ari);
	if (rdmaneg_ibcm_field_octets(RDMANEG_IBCM_F_REJ_ARI, &off, &n) == RDMANEG_OK)
		for (size_t i = 0; i < n; i++)
			m[off + i] = (uint8_t)(0xc0 + i);
	for (size_t i = 0; i < sizeof(pd); i++)
		pd[i] = (uint8_t)(0x40 + i);
	if (rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REJ, &off, &n) == RDMANEG_OK)
		(void)rdmaneg_ibcm_set_pd(m, RDMANEG_IBCM_MAD_LEN, pd, n);
}

/* a's edit on the MAD m, if m is the message a's field belongs to (O_PD:
 * a REP) */
static void edit(uint8_t *m, const struct arow *a, const uint8_t *req)
{
	struct rdmaneg_ibcm_field fd;
	uint64_t v = 0;
	size_t off, n;
	uint16_t attr = (uint16_t)(m[16] << 8 | m[17]);

	if (a->op == O_PD) {
		if (attr == RDMANEG_IBCM_REP &&
		    rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REP, &off, &n) == RDMANEG_OK)
			memset(m + off, (int)a->value, n);
		return;
	}
	if (a->op == O_NONE || rdmaneg_ibcm_field(a->field, &fd) != RDMANEG_OK || fd.attr != attr)
		return;
	switch (a->op) {
	case O_SET:
		live_roce_put(m, a->field, a->value);
		break;
	case O_XOR:
		(void)rdmaneg_ibcm_get(m, RDMANEG_IBCM_MAD_LEN, a->field, &v);
		live_roce_put(m, a->field, v ^ a->value);
		break;
	case O_FROM:
		(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, a->from, &v);
		live_roce_put(m, a->field, v + a->value);
		break;
	case O_NONE:
	case O_PD:
		break;
	}
}

size_t live_roce_answer(const struct live_roce_case *c, const uint8_t *req, uint32_t local_id,
			uint8_t out[2][RDMANEG_IBCM_MAD_LEN])
{
	const struct arow *a;
	uint64_t tid = 0, id = 0, qpn = 0;
	size_t k = 0;

	build();
	if (!c || !c->active || c->row >= na || !req)
		return 0;
	a = &atab[c->row];
	if (a->answer == A_NVME) {
		live_roce_nvme_host_answer((size_t)a->value, req, local_id, out[0]);
		return 1;
	}
	if (a->answer == A_NFS) {
		live_roce_nfs_client_answer((size_t)a->value, req, local_id, out[0]);
		return 1;
	}
	if (a->answer == A_ISER) {
		live_roce_iser_initiator_answer((size_t)a->value, req, local_id, out[0]);
		return 1;
	}
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_MAD_TID, &tid);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, &id);
	(void)rdmaneg_ibcm_get(req, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_LOCAL_QPN, &qpn);
	/* [ibcm-c12#mra-1]: the REQ MRAed, a service timeout of 2^14 x 4.096 us */
	if (a->answer == A_MRA_REP || a->answer == A_MRA_ONLY) {
		live_roce_message(out[k], RDMANEG_IBCM_MRA, tid, local_id, (uint32_t)id, 0);
		live_roce_put(out[k++], RDMANEG_IBCM_F_MRA_MESSAGE_MRAED, 0);
	}
	if (a->answer == A_REJ || a->answer == A_REJ_REP)
		rej(out[k++], a, tid, local_id, (uint32_t)id);
	else if (a->answer == A_OTHER)
		live_roce_message(out[k++], a->attr, tid, local_id, (uint32_t)id, qpn);
	if (a->answer != A_REJ && a->answer != A_MRA_ONLY && a->answer != A_OTHER)
		live_roce_good_rep(out[k++], req, local_id);
	for (size_t i = 0; i < k; i++)
		edit(out[i], a, req);
	if (a->answer == A_REP_TWICE)
		memcpy(out[k], out[k - 1], RDMANEG_IBCM_MAD_LEN), k++;
	else if (a->answer == A_REP_THEN)
		live_roce_message(out[k++], a->attr, tid, local_id, (uint32_t)id, qpn);
	return k;
}
/* [roce-a17#bth-1], [roce-a17#deth-1]: case k's headers of a MAD to QP1
 * from QP1 (the addresses are the peer's to fill) */
static void mad_frame(struct rdmaneg_roce_hdr *h, size_t k)
{
	h->ip_version = 4;
	h->hop_limit = 64;
	h->ip_id = (uint16_t)k;
	h->src_port = (uint16_t)(0xC000 + k);
	h->opcode = RDMANEG_ROCE_OP_UD_SEND_ONLY;
	h->pkey = 0xFFFF;
	h->dest_qp = 1;
	h->psn = (uint32_t)k;
	h->qkey = RDMANEG_ROCE_QKEY_GSI;
	h->src_qp = 1;
}

/* active case k (np - 1 <= k < np - 1 + na): its answer to the model
 * REQ, the REP when there is one (the MAD judged), in c->mad
 * ([ibcm-c12#rep-1]) */
static bool active_case(size_t k, struct live_roce_case *c)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	size_t n, j = 0;

	memset(c, 0, sizeof(*c));
	c->active = true;
	c->row = (unsigned)(k - (np - 1));
	snprintf(c->name, sizeof(c->name), "%s", atab[c->row].name);
	switch (atab[c->row].answer) {
	case A_NVME:
		c->ulp = LIVE_ROCE_ULP_NVME_HOST;
		break;
	case A_NFS:
		c->ulp = LIVE_ROCE_ULP_NFS_CLIENT;
		break;
	case A_ISER:
		c->ulp = LIVE_ROCE_ULP_ISER_INITIATOR;
		break;
	default:
		break;
	}
	if (c->ulp != LIVE_ROCE_ULP_NONE)
		c->ulp_case = (unsigned)atab[c->row].value;
	c->comm_id = 0x53000000u + (uint32_t)k;
	live_roce_model_req(req);
	n = live_roce_answer(c, req, c->comm_id, out);
	for (size_t i = n; i-- > 0;)
		if (out[i][16] == 0 && out[i][17] == RDMANEG_IBCM_REP)
			j = i;
	memcpy(c->mad, out[j], RDMANEG_IBCM_MAD_LEN);
	c->mad_len = RDMANEG_IBCM_MAD_LEN;
	mad_frame(&c->frame, k);
	return true;
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

bool live_roce_case(size_t k, struct live_roce_case *c)
{
	const struct row *r;
	uint8_t good[RDMANEG_IBCM_MAD_LEN];
	uint64_t id = 0, sid = 0, good_sid = 0;
	uint16_t port;

	build();
	if (k >= np + na || !c)
		return false;
	/* the last passive row (qp1-after-) last of all: on a kernel with
	 * finding 23 it leaves QP1 dead, and no case after it could be
	 * answered; the active cases come before it */
	if (k >= np - 1 && k < np - 1 + na)
		return active_case(k, c);
	memset(c, 0, sizeof(*c));
	c->row = (unsigned)(k < np - 1 ? k : np - 1);
	r = &ptab[c->row];
	snprintf(c->name, sizeof(c->name), "%s", r->name);
	c->comm_id = 0x52000000u + (uint32_t)k;
	port = r->edit == E_ULP ? live_roce_ulp_port((enum live_roce_ulp)r->field)
	       : r->listener	? LIVE_ROCE_PORT
				: LIVE_ROCE_IDLE_PORT;
	live_roce_good_req(c->mad, c->comm_id, port, (uint16_t)(40000 + k));
	c->mad_len = RDMANEG_IBCM_MAD_LEN;
	mad_frame(&c->frame, k);
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
	return true;
}

const char *live_roce_clause(const struct live_roce_case *c)
{
	const struct row *r;

	build();
	if (c->active) {
		const struct arow *a = &atab[c->row < na ? c->row : 0];

		if (a->answer == A_NVME)
			return live_roce_nvme_host_clause((size_t)a->value);
		if (a->answer == A_NFS)
			return live_roce_nfs_client_clause((size_t)a->value);
		if (a->answer == A_ISER)
			return live_roce_iser_initiator_clause((size_t)a->value);
		if (a->answer == A_OTHER || a->answer == A_REP_THEN)
			return live_roce_msg_clause(a->attr);
		if (a->answer == A_REJ || a->answer == A_REJ_REP)
			return a->ari > 72					 ? "ibcm-c12#rej-3"
			       : a->field == RDMANEG_IBCM_F_REJ_MESSAGE_REJECTED ? "ibcm-c12#rej-2"
										 : "ibcm-c12#rej-1";
		if (a->answer == A_MRA_REP || a->answer == A_MRA_ONLY)
			return a->field == RDMANEG_IBCM_F_MRA_MESSAGE_MRAED && a->value == 3
				       ? "ibcm-c12#mra-2"
				       : "ibcm-c12#mra-1";
		if (a->field == RDMANEG_IBCM_F_REP_REMOTE_COMM_ID && a->op != O_NONE)
			return "ibcm-c12#rep-2";
		if (a->op != O_NONE && a->op != O_PD &&
		    (a->field == RDMANEG_IBCM_F_REP_RESPONDER_RESOURCES ||
		     a->field == RDMANEG_IBCM_F_REP_INITIATOR_DEPTH))
			return "ibcm-c12#rep-3";
		return "ibcm-c12#rep-1";
	}
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
	/* active: a REJ or an MRA alone ends or stalls the attempt with no
	 * MAD back; a REJ before the REP, or another message in its place,
	 * leaves nothing to answer with an RTU; a REP the oracle finds good
	 * gets the RTU ([ibcm-c12#rtu-1]), one it finds defective does not
	 * ([ibcm-c12#rep-2], [ibcm-c12#rep-3]) */
	if (c->active) {
		uint8_t req[RDMANEG_IBCM_MAD_LEN];
		enum answer a = atab[c->row < na ? c->row : 0].answer;

		if (a == A_REJ || a == A_MRA_ONLY ||
		    ((a == A_NVME || a == A_ISER) && c->mad[16] == 0 &&
		     c->mad[17] == RDMANEG_IBCM_REJ))
			return LIVE_ROCE_X_QUIET;
		if (a == A_REJ_REP || a == A_OTHER)
			return LIVE_ROCE_X_NO_RTU;
		live_roce_model_req(req);
		return rdmaneg_ref_ibcm_active(c->mad, c->mad_len, req) == 0 ? LIVE_ROCE_X_RTU
									     : LIVE_ROCE_X_NO_RTU;
	}
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
