// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The RoCE v2 frame property ([roce-a17#frame-1], [roce-a17#icrc-1]):
 * frames drawn field by field at each field's edges, judged by
 * rules/roce_rules.c. */
#include "properties/pbt.h"
#include "properties/props.h"
#include "rules/roce_rules.h"

#include <string.h>

/* a value of a field w bits wide: its edges, or any */
static uint32_t draw_bits(struct pbt *p, unsigned w, const char *name)
{
	uint64_t max = (1ull << w) - 1;
	const uint64_t edges[] = { 0, 1, max, max - 1 };

	return (uint32_t)pbt_mixed(p, edges, 4, 0, max, name);
}

int prop_roce_frame(struct pbt *p)
{
	static const uint64_t lens[] = { 256, 0, 1, 3, 4096 };
	struct rdmaneg_roce_hdr h;
	uint8_t payload[RDMANEG_ROCE_PAYLOAD_MAX];
	size_t n;

	memset(&h, 0, sizeof(h));
	h.ip_version = pbt_bool(p, "ipv6") ? 6 : 4;
	pbt_bytes(p, h.src_ip, h.ip_version == 4 ? 4 : 16, "src_ip");
	pbt_bytes(p, h.dst_ip, h.ip_version == 4 ? 4 : 16, "dst_ip");
	h.tclass = (uint8_t)draw_bits(p, 8, "tclass");
	h.flow_label = h.ip_version == 6 ? draw_bits(p, 20, "flow_label") : 0;
	h.hop_limit = (uint8_t)draw_bits(p, 8, "hop_limit");
	h.ip_id = h.ip_version == 4 ? (uint16_t)draw_bits(p, 16, "ip_id") : 0;
	h.src_port = (uint16_t)draw_bits(p, 16, "src_port");
	h.opcode = pbt_bool(p, "other_opcode") ? (uint8_t)draw_bits(p, 8, "opcode")
					       : RDMANEG_ROCE_OP_UD_SEND_ONLY;
	h.se = (uint8_t)draw_bits(p, 1, "se");
	h.mig = (uint8_t)draw_bits(p, 1, "mig");
	h.pad = (uint8_t)draw_bits(p, 2, "pad");
	h.tver = pbt_bool(p, "other_tver") ? (uint8_t)draw_bits(p, 4, "tver") : 0;
	h.pkey = (uint16_t)draw_bits(p, 16, "pkey");
	h.resv8a = (uint8_t)draw_bits(p, 8, "resv8a");
	h.dest_qp = draw_bits(p, 24, "dest_qp");
	h.ack_req = (uint8_t)draw_bits(p, 1, "ack_req");
	h.resv7 = (uint8_t)draw_bits(p, 7, "resv7");
	h.psn = draw_bits(p, 24, "psn");
	h.qkey = draw_bits(p, 32, "qkey");
	h.deth_resv = (uint8_t)draw_bits(p, 8, "deth_resv");
	h.src_qp = draw_bits(p, 24, "src_qp");
	h.icrc_xor =
		pbt_bool(p, "bad_icrc") ? (uint32_t)pbt_range(p, 1, 0xFFFFFFFFu, "icrc_xor") : 0;
	n = (size_t)pbt_mixed(p, lens, 5, 0, 300, "payload_len");
	memset(payload, 0, n);
	pbt_bytes(p, payload, n < 64 ? n : 64, "payload");
	return rdmaneg_rule_roce_frame(&p->o, &h, payload, n,
				       (size_t)pbt_range(p, 0, 71, "flip_from"));
}
