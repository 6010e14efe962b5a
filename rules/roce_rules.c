// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/roce_rules.h"

#include <string.h>

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* the defects that leave no ICRC to judge */
#define UNFOUND \
	(RDMANEG_ROCE_D_SHORT | RDMANEG_ROCE_D_ETHERTYPE | RDMANEG_ROCE_D_IP | \
	 RDMANEG_ROCE_D_IP_LEN)

/* the IP packet's length as its own header gives it, and its version;
 * the caller has the frame's first 20 octets */
static size_t frame_iplen(const uint8_t *f, unsigned *v)
{
	*v = f[12] == 0x08 ? 4 : 6;
	return *v == 4 ? (size_t)f[16] * 256 + f[17] : 40 + (size_t)f[18] * 256 + f[19];
}

/* the reference's verdict on a frame's ICRC: over the IP packet its own
 * length field gives, which must fit in the frame ([roce-a17#icrc-1]) */
static int ref_icrc_good(const uint8_t *f, size_t len)
{
	unsigned v;
	size_t iplen;

	if (len < 20)
		return 0;
	iplen = frame_iplen(f, &v);
	return iplen >= 4 && iplen <= len - 14 &&
	       rdmaneg_ref_roce_icrc(f + 14, iplen, v) == le32(f + 14 + iplen - 4);
}

/* the first field of h that g does not hold as h has it, or NULL: the
 * decoder's reading of every field the encoder wrote (the DETH's only
 * when the decoder reads one, a UD frame's) */
static const char *field_differs(const struct rdmaneg_roce_hdr *h, const struct rdmaneg_roce_hdr *g,
				 int ud)
{
	size_t an = h->ip_version == 4 ? 4 : 16;

	if (memcmp(g->dst_mac, h->dst_mac, 6) != 0)
		return "dst_mac";
	if (memcmp(g->src_mac, h->src_mac, 6) != 0)
		return "src_mac";
	if (g->ip_version != h->ip_version)
		return "ip_version";
	if (memcmp(g->src_ip, h->src_ip, an) != 0)
		return "src_ip";
	if (memcmp(g->dst_ip, h->dst_ip, an) != 0)
		return "dst_ip";
	if (g->tclass != h->tclass)
		return "tclass";
	if (h->ip_version == 6 && g->flow_label != h->flow_label)
		return "flow_label";
	if (g->hop_limit != h->hop_limit)
		return "hop_limit";
	if (h->ip_version == 4 && g->ip_id != h->ip_id)
		return "ip_id";
	if (g->src_port != h->src_port)
		return "src_port";
	if (g->opcode != h->opcode || g->se != h->se || g->mig != h->mig || g->pad != h->pad ||
	    g->tver != h->tver)
		return "bth octets 0-1";
	if (g->pkey != h->pkey || g->resv8a != h->resv8a)
		return "bth octets 2-4";
	if (g->dest_qp != h->dest_qp)
		return "dest_qp";
	if (g->ack_req != h->ack_req || g->resv7 != h->resv7)
		return "bth octet 8";
	if (g->psn != h->psn)
		return "psn";
	if (ud && g->qkey != h->qkey)
		return "qkey";
	if (ud && g->deth_resv != h->deth_resv)
		return "deth_resv";
	if (ud && g->src_qp != h->src_qp)
		return "src_qp";
	return NULL;
}

/* an octet of the IP length: IPv4's Total Length, IPv6's Payload Length */
static int ip_len_octet(size_t i, unsigned v)
{
	return v == 4 ? i == 2 || i == 3 : i == 4 || i == 5;
}

int rdmaneg_rule_roce_frame(struct rdmaneg_oracle *o, const struct rdmaneg_roce_hdr *h,
			    const uint8_t *payload, size_t n, size_t from)
{
	static uint8_t f[RDMANEG_ROCE_FRAME_MAX];
	struct rdmaneg_roce_hdr g;
	size_t len = 0, off, pl, iphl, last;
	unsigned d;

	RDMANEG_CHECK(o,
		      rdmaneg_roce_encode(h, payload, n, f, sizeof(f), &len) == RDMANEG_OK &&
			      len <= sizeof(f),
		      "[roce-a17#frame-1]: a frame of %zu payload octets not built", n);
	iphl = h->ip_version == 4 ? 20 : 40;
	RDMANEG_CHECK(o, len == 14 + iphl + 28 + n + h->pad + 4, "[roce-a17#frame-1]: %zu octets",
		      len);
	RDMANEG_CHECK(o,
		      rdmaneg_ref_roce_icrc(f + 14, len - 14, h->ip_version) ==
			      (le32(f + len - 4) ^ h->icrc_xor),
		      "[roce-a17#icrc-1]: ICRC %08x, the reference's %08x", le32(f + len - 4),
		      rdmaneg_ref_roce_icrc(f + 14, len - 14, h->ip_version));
	RDMANEG_CHECK(o, rdmaneg_roce_decode(f, len, &g, &off, &pl, &d) == RDMANEG_OK,
		      "roce decode failed");
	RDMANEG_CHECK(o,
		      (d & ~(unsigned)(RDMANEG_ROCE_D_TVER | RDMANEG_ROCE_D_OPCODE)) ==
			      (h->icrc_xor ? RDMANEG_ROCE_D_ICRC : 0u),
		      "[roce-a17#frame-1]: its own frame has defects 0x%x", d);
	{
		const char *bad = field_differs(h, &g, h->opcode == RDMANEG_ROCE_OP_UD_SEND_ONLY);

		RDMANEG_CHECK(o, bad == NULL, "[roce-a17#frame-1]: %s read back other than written",
			      bad ? bad : "");
	}
	/* [roce-a17#frame-1]: the checksums as the reference computes them */
	{
		unsigned udp = rdmaneg_ref_roce_udp_csum(f + 14, len - 14, h->ip_version);
		unsigned ip4 = rdmaneg_ref_roce_ip4_csum(f + 14);

		RDMANEG_CHECK(o, f[14 + iphl + 6] * 256u + f[14 + iphl + 7] == udp,
			      "[roce-a17#frame-1]: UDP checksum %02x%02x, the reference's %04x",
			      f[14 + iphl + 6], f[14 + iphl + 7], udp);
		RDMANEG_CHECK(o, h->ip_version == 6 || f[24] * 256u + f[25] == ip4,
			      "[roce-a17#frame-1]: IPv4 header checksum %02x%02x, the reference's "
			      "%04x",
			      f[24], f[25], ip4);
	}
	if (h->icrc_xor != 0)
		return 0;
	if (h->opcode == RDMANEG_ROCE_OP_UD_SEND_ONLY) {
		/* the decoded header builds the same frame: every field on the
		 * wire read back */
		static uint8_t again[RDMANEG_ROCE_FRAME_MAX];
		size_t n2 = 0;

		g.icrc_xor = 0;
		RDMANEG_CHECK(
			o,
			pl == n && off + pl <= len && memcmp(f + off, payload, n) == 0 &&
				rdmaneg_roce_encode(&g, f + off, pl, again, sizeof(again), &n2) ==
					RDMANEG_OK &&
				n2 == len && memcmp(again, f, len) == 0,
			"[roce-a17#bth-1]: the decoded header and payload %zu+%zu build another frame",
			off, pl);
	}
	/* 8 of the header octets and the ICRC's, from the from-th, one at a time */
	last = iphl + 28;
	for (size_t k = 0; k < 8; k++) {
		size_t i = (from + k) % (last + 4);
		size_t at = i < last ? 14 + i : len - 4 - last + i;
		/* IPv6's octet 0: its low nibble, flipped here, is traffic class */
		int masked = i < last && (rdmaneg_ref_roce_masked(i, h->ip_version) ||
					  (h->ip_version == 6 && i == 0));

		int good = masked;

		f[at] ^= 0x01;
		(void)rdmaneg_roce_decode(f, len, &g, &off, &pl, &d);
		/* a changed IP length makes another packet, whose ICRC is read
		 * elsewhere: a fuzzer can make that one right (the payload holds
		 * it), so the reference judges it */
		if (i < last && ip_len_octet(i, h->ip_version))
			good = ref_icrc_good(f, len);
		f[at] ^= 0x01;
		if (d & UNFOUND)
			continue;
		RDMANEG_CHECK(o, ((d & RDMANEG_ROCE_D_ICRC) == 0) == good,
			      "[roce-a17#icrc-1]: octet %zu of the IPv%u packet changed: ICRC %s",
			      at - 14, h->ip_version, d & RDMANEG_ROCE_D_ICRC ? "bad" : "good");
	}
	return 0;
}

int rdmaneg_rule_roce_decode(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len)
{
	struct rdmaneg_roce_hdr h;
	size_t off = 0, pl = 0, iplen;
	unsigned d = 0, v;

	RDMANEG_CHECK(o, rdmaneg_roce_decode(buf, len, &h, &off, &pl, &d) == RDMANEG_OK,
		      "roce decode failed");
	RDMANEG_CHECK(o, d <= RDMANEG_ROCE_D_ALL && off + pl <= len,
		      "roce decode: defects 0x%x, payload %zu+%zu of %zu", d, off, pl, len);
	if (d & UNFOUND)
		return 0;
	/* not UNFOUND: the frame holds its IP header */
	iplen = frame_iplen(buf, &v);
	RDMANEG_CHECK(o, iplen <= len - 14, "roce decode: IP length %zu of %zu", iplen, len - 14);
	RDMANEG_CHECK(o, ((d & RDMANEG_ROCE_D_ICRC) == 0) == ref_icrc_good(buf, len),
		      "[roce-a17#icrc-1]: the core judges the ICRC %s, the reference not",
		      d & RDMANEG_ROCE_D_ICRC ? "bad" : "good");
	return 0;
}
