// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's active table: the peer's answers to Linux's REQ and
 * what a conforming active side does with each ([ibcm-c12#rep-2],
 * [ibcm-c12#rep-3]); see roce_active.h. */
#include "live/roce/roce_active.h"

#include "live/roce/roce_mads.h"
#include "live/roce/roce_ulp.h"

#include "rules/ibcm_rules.h"
#include <rdmaneg/ibcm.h>

#include <stdio.h>
#include <string.h>

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

/* The table: the hand rows, then the sweeps, built once */
#define AMAX 320u /* the test of the last row catches a table that outgrew it */
static struct arow atab[AMAX];
static size_t na;

static void add_arow(const struct arow *a)
{
	if (na < AMAX)
		atab[na++] = *a;
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
		n = live_roce_edges(fd.width, v, lab);
		for (size_t i = 0; i < n; i++) {
			if ((v[i] == g && f != RDMANEG_IBCM_F_REP_LOCAL_COMM_ID) ||
			    ahand_has(f, v[i]))
				continue;
			a = (struct arow){
				.answer = A_REP, .op = O_SET, .field = f, .value = v[i]
			};
			live_roce_field_name(a.name, sizeof(a.name), "a-rep-", fd.name, lab[i]);
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

static void build_active(void)
{
	if (na == 0)
		sweep_active();
}

size_t live_roce_active_count(void)
{
	build_active();
	return na;
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

	build_active();
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

bool live_roce_active_case(size_t row, size_t k, struct live_roce_case *c)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
	size_t n, j = 0;

	build_active();
	if (row >= na)
		return false;
	memset(c, 0, sizeof(*c));
	c->active = true;
	c->row = (unsigned)row;
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
	live_roce_mad_frame(&c->frame, k);
	return true;
}

const char *live_roce_active_clause(const struct live_roce_case *c)
{
	const struct arow *a;

	build_active();
	a = &atab[c->row < na ? c->row : 0];
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

enum live_roce_expect live_roce_active_expected(const struct live_roce_case *c)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN];
	enum answer a;

	build_active();
	a = atab[c->row < na ? c->row : 0].answer;
	/* a REJ or an MRA alone ends or stalls the attempt with no MAD back;
	 * a REJ before the REP, or another message in its place, leaves
	 * nothing to answer with an RTU; a REP the oracle finds good gets
	 * the RTU ([ibcm-c12#rtu-1]), one it finds defective does not
	 * ([ibcm-c12#rep-2], [ibcm-c12#rep-3]) */
	if (a == A_REJ || a == A_MRA_ONLY ||
	    ((a == A_NVME || a == A_ISER) && c->mad[16] == 0 && c->mad[17] == RDMANEG_IBCM_REJ))
		return LIVE_ROCE_X_QUIET;
	if (a == A_REJ_REP || a == A_OTHER)
		return LIVE_ROCE_X_NO_RTU;
	live_roce_model_req(req);
	return rdmaneg_ref_ibcm_active(c->mad, c->mad_len, req) == 0 ? LIVE_ROCE_X_RTU
								     : LIVE_ROCE_X_NO_RTU;
}
