// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The whole path of a real iWARP peer: MPA frame -> enhanced word ->
 * ULP private data -> RFC 8797 search -> threshold and IRD/ORD negotiation. */
#include "fuzz/fuzz.h"
#include "rules/rules.h"

#include <string.h>

static const struct rdmaneg_rpcrdma_settings local[2] = {
	{ 4096, 32768, true },	 /* a typical NFS client */
	{ 262144, 1024, false }, /* extremes */
};
static const struct rdmaneg_mpa_local responder = { 4, 8, 16, 0, false, RDMANEG_RTR_SEND };

static void check_ird_ord(struct rdmaneg_oracle *p, const struct rdmaneg_mpa_frame *f)
{
	struct rdmaneg_mpa_enh req, rep;
	struct rdmaneg_mpa_outcome ro, io;
	struct rdmaneg_mpa_local ini;

	if (!f->enhanced || f->type != RDMANEG_MPA_REQUEST || rdmaneg_mpa_frame_enh(f, &req) != 0)
		return;
	/* the initiator whose request this is, as far as the word tells */
	memset(&ini, 0, sizeof(ini));
	ini.ird = req.ird;
	ini.ord = req.ord;
	ini.ird_max = req.ird == RDMANEG_MPA_NO_NEGOTIATE ? 0x3FFE : req.ird;
	ini.p2p = req.a;
	ini.rtr = rdmaneg_mpa_rtr_of(&req);
	if (rdmaneg_mpa_check_initiator(&ini) != 0)
		return;
	rdmaneg_fuzz_check(
		rdmaneg_mpa_respond(&responder, &req, &rep, &ro) != 0 ||
				rdmaneg_mpa_complete(&ini, &req, &rep, !ro.accepted, &io) != 0
			? rdmaneg_oracle_fail(p,
					      "[rfc6581#9.1]: negotiation refused a wire request")
			: 0,
		p, "stack");
	rdmaneg_fuzz_check(rdmaneg_rule_ird_ord(p, &ini, &responder, &req, &rep, &ro, &io), p,
			   "stack");
	rdmaneg_fuzz_check(rdmaneg_rule_rtr(p, &ini, &responder, &req, &rep, &ro, &io), p, "stack");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rdmaneg_mpa_frame f;
	const uint8_t *ulp;
	size_t ulp_len;
	struct rdmaneg_oracle p;

	if (size > 1024)
		return 0;
	/* parsed once; every later step works on f */
	rdmaneg_fuzz_check(rdmaneg_rule_frame(&p, data, size, &f), &p, "stack");
	if (f.frame_len == 0)
		return 0;
	rdmaneg_fuzz_check(rdmaneg_rule_stack(&p, &f), &p, "stack");
	if (rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len) != 0)
		return 0;
	check_ird_ord(&p, &f);
	{
		/* the side that receives this frame, with one of two configurations */
		struct rdmaneg_conn c;

		rdmaneg_conn_init(&c,
				  f.type == RDMANEG_MPA_REQUEST ? RDMANEG_ROLE_SERVER
								: RDMANEG_ROLE_CLIENT,
				  &local[data[size - 1] & 1u]);
		rdmaneg_fuzz_check(
			rdmaneg_conn_negotiate(&c, ulp, ulp_len, 0) != 0
				? rdmaneg_oracle_fail(&p,
						      "[rfc8797#5.2]: negotiate error on ULP data")
				: 0,
			&p, "stack");
		rdmaneg_fuzz_check(rdmaneg_rule_thresholds(&p, &c), &p, "stack");
	}
	return 0;
}
