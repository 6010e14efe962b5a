/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: RoCE v2 frames ([roce-a17#frame-1]); see roce.h. */
#include "roce.h"

#include "plant.h"

static const char *const field_names[RDMANEG_ROCE_F_COUNT] = {
	"none",	   "ip_version", "flow_label", "se",  "mig",	"pad",	   "tver",
	"dest_qp", "ack_req",	 "resv7",      "psn", "src_qp", "payload",
};

const char *rdmaneg_roce_field_name(size_t f)
{
	if (f >= RDMANEG_ROCE_F_COUNT)
		return "unknown";
	return field_names[f];
}

size_t rdmaneg_roce_check(const struct rdmaneg_roce_hdr *h, size_t payload_len)
{
	if (h->ip_version != 4u && h->ip_version != 6u)
		return RDMANEG_ROCE_F_IP_VERSION;
	if (h->flow_label > 0xFFFFFu)
		return RDMANEG_ROCE_F_FLOW_LABEL;
	if (h->se > 1u)
		return RDMANEG_ROCE_F_SE;
	if (h->mig > 1u)
		return RDMANEG_ROCE_F_MIG;
	if (h->pad > 3u)
		return RDMANEG_ROCE_F_PAD;
	if (h->tver > 15u)
		return RDMANEG_ROCE_F_TVER;
	if (h->dest_qp > 0xFFFFFFu)
		return RDMANEG_ROCE_F_DEST_QP;
	if (h->ack_req > 1u)
		return RDMANEG_ROCE_F_ACK_REQ;
	if (h->resv7 > 0x7Fu)
		return RDMANEG_ROCE_F_RESV7;
	if (h->psn > 0xFFFFFFu)
		return RDMANEG_ROCE_F_PSN;
	if (h->src_qp > 0xFFFFFFu)
		return RDMANEG_ROCE_F_SRC_QP;
	if (payload_len > RDMANEG_ROCE_PAYLOAD_MAX)
		return RDMANEG_ROCE_F_PAYLOAD;
	return RDMANEG_ROCE_F_NONE;
}

/* [roce-a17#icrc-1]: octet i of an IP packet as the ICRC sees it, with
 * the variant fields as ones; iphl is 20 (IPv4) or 40 (IPv6). */
/*@ requires iphl == 20 || iphl == 40;
    assigns \nothing;
*/
static uint8_t icrc_octet(uint8_t o, size_t i, size_t iphl)
{
	size_t bth = iphl + RDMANEG_ROCE_UDP_LEN;

	if (iphl == RDMANEG_ROCE_IP4_LEN) {
		/* TOS, TTL, header checksum */
		if (i == 1u || i == 8u || i == 10u || i == 11u)
			return 0xFFu;
	} else {
		/* traffic class (octets 0's low nibble and 1's high), flow label, hop limit */
		if (i == 0u)
			return (uint8_t)(o | 0x0Fu);
		if (i == 1u || i == 2u || i == 3u || i == 7u)
			return 0xFFu;
	}
	/* UDP checksum; BTH octet 4 (FECN, BECN, reserved) */
#if RDMANEG_PLANTED(roce_icrc_udp_csum)
	if (i == iphl + 6u)
		return 0xFFu;
#else
	if (i == iphl + 6u || i == iphl + 7u)
		return 0xFFu;
#endif
	if (i == bth + 4u)
		return 0xFFu;
	return o;
}

int rdmaneg_roce_icrc(const uint8_t *ip, size_t len, uint8_t ip_version, uint32_t *icrc)
{
	size_t iphl, i;
	/* CRC-32's register after 8 octets of ones from all ones: the masked LRH */
	uint32_t crc = 0xDEBB20E3u;

	if (!ip || !icrc || (ip_version != 4u && ip_version != 6u))
		return RDMANEG_E_INVAL;
	iphl = ip_version == 4u ? RDMANEG_ROCE_IP4_LEN : RDMANEG_ROCE_IP6_LEN;
	if (len < iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_ICRC_LEN)
		return RDMANEG_E_INVAL;
	/*@ loop invariant 0 <= i <= len - 4;
	    loop assigns i, crc;
	    loop variant len - 4 - i;
	*/
	for (i = 0; i < len - RDMANEG_ROCE_ICRC_LEN; i++) {
		unsigned k;

		crc ^= icrc_octet(ip[i], i, iphl);
		/* the reflected polynomial 0xEDB88320, one bit at a time */
		/*@ loop invariant 0 <= k <= 8;
		    loop assigns k, crc;
		    loop variant 8 - k;
		*/
		for (k = 0; k < 8u; k++)
			crc = (crc % 2u != 0u) ? (crc / 2u) ^ 0xEDB88320u : crc / 2u;
	}
	*icrc = ~crc;
	return RDMANEG_OK;
}

/* the one's complement sum of the 16-bit words of p[0 .. n - 1] added to
 * sum, an odd last octet padded with zero (RFC 1071), not yet folded */
/*@ requires \valid_read(p + (0 .. n - 1));
    requires n <= 65536;
    requires sum <= 0xFFFFFFFFFF;
    assigns \nothing;
    ensures \result <= sum + 65536 * n;
*/
static uint64_t csum_add(uint64_t sum, const uint8_t *p, size_t n)
{
	size_t i;

	/*@ loop invariant 0 <= i <= n;
	    loop invariant sum <= \at(sum, Pre) + 65536 * i;
	    loop assigns i, sum;
	    loop variant n - i;
	*/
	for (i = 0; i < n; i++)
		sum += i % 2u == 0u ? (uint64_t)p[i] * 256u : p[i];
	return sum;
}

/*@ assigns \nothing;
    ensures \result <= 0xFFFF;
*/
static uint16_t csum_fold(uint64_t sum)
{
	unsigned k;

	/*@ loop invariant 0 <= k <= 4;
	    loop assigns k, sum;
	    loop variant 4 - k;
	*/
	for (k = 0; k < 4u; k++)
		sum = sum % 65536u + sum / 65536u;
	return (uint16_t)(~(uint32_t)sum % 65536u);
}

/* the UDP checksum of ip[0 .. len - 1] (the checksum field as zero),
 * with its pseudo-header; iphl is 20 or 40 and len under 65536 */
/*@ requires iphl == 20 || iphl == 40;
    requires iphl + 8 <= len <= 65535;
    requires \valid_read(ip + (0 .. len - 1));
    assigns \nothing;
*/
static uint16_t udp_csum(const uint8_t *ip, size_t len, size_t iphl)
{
	uint64_t sum;
	size_t ulen = len - iphl;
	uint16_t c;

	/* the addresses: IPv4's at 12, IPv6's at 8 */
	if (iphl == RDMANEG_ROCE_IP4_LEN)
		sum = csum_add(0, ip + 12, 8);
	else
		sum = csum_add(0, ip + 8, 32);
	sum += 17u + ulen;
	sum = csum_add(sum, ip + iphl, 6);
	sum = csum_add(sum, ip + iphl + 8u, ulen - 8u);
	c = csum_fold(sum);
	/* [roce-a17#frame-1]: a computed 0 goes as all ones (RFC 768) */
	return c == 0u ? 0xFFFFu : c;
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
*/
static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v / 256u % 256u);
	p[1] = (uint8_t)(v % 256u);
}

/*@ requires \valid(p + (0 .. 2));
    assigns p[0 .. 2];
*/
static void put24(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v / 65536u % 256u);
	p[1] = (uint8_t)(v / 256u % 256u);
	p[2] = (uint8_t)(v % 256u);
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    ensures \result <= 0xFFFF;
*/
static unsigned get16(const uint8_t *p)
{
	return (unsigned)p[0] * 256u + p[1];
}

/*@ requires \valid_read(p + (0 .. 2));
    assigns \nothing;
    ensures \result <= 0xFFFFFF;
*/
static uint32_t get24(const uint8_t *p)
{
	return (uint32_t)p[0] * 65536u + (uint32_t)p[1] * 256u + p[2];
}

int rdmaneg_roce_encode(const struct rdmaneg_roce_hdr *h, const uint8_t *payload,
			size_t payload_len, uint8_t *out, size_t cap, size_t *out_len)
{
	size_t iphl, iplen, total, i;
	uint8_t *ip, *udp, *bth, bth1, bth8, ip6_0, ip6_1;
	uint32_t icrc = 0;

	if (out_len)
		*out_len = 0;
	if (!h || !out || !out_len || (!payload && payload_len > 0))
		return RDMANEG_E_INVAL;
	if (rdmaneg_roce_check(h, payload_len) != RDMANEG_ROCE_F_NONE)
		return RDMANEG_E_INVAL;
	/* the octets made of several fields, while nothing is written yet */
	bth1 = (uint8_t)(h->se * 128u + h->mig * 64u + h->pad * 16u + h->tver);
	bth8 = (uint8_t)(h->ack_req * 128u + h->resv7);
	ip6_0 = (uint8_t)(0x60u | h->tclass / 16u);
	ip6_1 = (uint8_t)(h->tclass % 16u * 16u | h->flow_label / 65536u);
	iphl = h->ip_version == 4u ? RDMANEG_ROCE_IP4_LEN : RDMANEG_ROCE_IP6_LEN;
	iplen = iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_DETH_LEN +
		payload_len + h->pad + RDMANEG_ROCE_ICRC_LEN;
	total = RDMANEG_ROCE_ETH_LEN + iplen;
	if (cap < total)
		return RDMANEG_E_NOSPACE;
	/*@ loop invariant 0 <= i <= total;
	    loop assigns i, out[0 .. total - 1];
	    loop variant total - i;
	*/
	for (i = 0; i < total; i++)
		out[i] = 0;
	/*@ loop invariant 0 <= i <= 6;
	    loop assigns i, out[0 .. 11];
	    loop variant 6 - i;
	*/
	for (i = 0; i < 6u; i++) {
		out[i] = h->dst_mac[i];
		out[6u + i] = h->src_mac[i];
	}
	ip = out + RDMANEG_ROCE_ETH_LEN;
	udp = ip + iphl;
	bth = udp + RDMANEG_ROCE_UDP_LEN;
	/* [roce-a17#frame-1] */
	if (h->ip_version == 4u) {
		put16(out + 12, RDMANEG_ROCE_ETHERTYPE_IP4);
		ip[0] = 0x45u;
		ip[1] = h->tclass;
		put16(ip + 2, (unsigned)iplen);
		put16(ip + 4, h->ip_id);
		put16(ip + 6, 0x4000u); /* don't fragment */
		ip[8] = h->hop_limit;
		ip[9] = 17u;
		/*@ loop invariant 0 <= i <= 4;
		    loop assigns i, ip[12 .. 19];
		    loop variant 4 - i;
		*/
		for (i = 0; i < 4u; i++) {
			ip[12u + i] = h->src_ip[i];
			ip[16u + i] = h->dst_ip[i];
		}
		put16(ip + 10, csum_fold(csum_add(0, ip, RDMANEG_ROCE_IP4_LEN)));
	} else {
		put16(out + 12, RDMANEG_ROCE_ETHERTYPE_IP6);
		ip[0] = ip6_0;
		ip[1] = ip6_1;
		put16(ip + 2, (unsigned)(h->flow_label % 65536u));
		put16(ip + 4, (unsigned)(iplen - iphl));
		ip[6] = 17u;
		ip[7] = h->hop_limit;
		/*@ loop invariant 0 <= i <= 16;
		    loop assigns i, ip[8 .. 39];
		    loop variant 16 - i;
		*/
		for (i = 0; i < 16u; i++) {
			ip[8u + i] = h->src_ip[i];
			ip[24u + i] = h->dst_ip[i];
		}
	}
	put16(udp, h->src_port);
	put16(udp + 2, RDMANEG_ROCE_UDP_PORT);
	put16(udp + 4, (unsigned)(iplen - iphl));
	/* [roce-a17#bth-1] */
	bth[0] = h->opcode;
	bth[1] = bth1;
	put16(bth + 2, h->pkey);
	bth[4] = h->resv8a;
	put24(bth + 5, h->dest_qp);
	bth[8] = bth8;
	put24(bth + 9, h->psn);
	/* [roce-a17#deth-1] */
	put16(bth + 12, (unsigned)(h->qkey / 65536u));
	put16(bth + 14, (unsigned)(h->qkey % 65536u));
	bth[16] = h->deth_resv;
	put24(bth + 17, h->src_qp);
	/*@ loop invariant 0 <= i <= payload_len;
	    loop assigns i, bth[20 .. 20 + payload_len - 1];
	    loop variant payload_len - i;
	*/
	for (i = 0; i < payload_len; i++)
		bth[20u + i] = payload[i];
	/* the ICRC first: the UDP checksum covers it, and it masks the checksum */
	(void)rdmaneg_roce_icrc(ip, iplen, h->ip_version, &icrc);
	icrc ^= h->icrc_xor;
	/*@ loop invariant 0 <= i <= 4;
	    loop assigns i, ip[iplen - 4 .. iplen - 1];
	    loop variant 4 - i;
	*/
	for (i = 0; i < 4u; i++)
		ip[iplen - 4u + i] = (uint8_t)((icrc >> (8u * i)) % 256u);
	put16(udp + 6, udp_csum(ip, iplen, iphl));
	*out_len = total;
	return RDMANEG_OK;
}

/*@ requires \valid(h);
    assigns *h;
*/
static void hdr_clear(struct rdmaneg_roce_hdr *h)
{
	static const struct rdmaneg_roce_hdr zero = { 0 };

	*h = zero;
}

int rdmaneg_roce_decode(const uint8_t *frame, size_t len, struct rdmaneg_roce_hdr *h,
			size_t *pay_off, size_t *pay_len, unsigned *defects)
{
	size_t iphl, iplen, i, body, pad;
	const uint8_t *ip, *udp, *bth;
	uint32_t icrc = 0, got;
	unsigned d = 0, type;

	if (!frame || !h || !pay_off || !pay_len || !defects)
		return RDMANEG_E_INVAL;
	hdr_clear(h);
	*pay_off = 0;
	*pay_len = 0;
	*defects = 0;
	if (len < RDMANEG_ROCE_ETH_LEN + RDMANEG_ROCE_IP4_LEN) {
		*defects = RDMANEG_ROCE_D_SHORT;
		return RDMANEG_OK;
	}
	/*@ loop invariant 0 <= i <= 6;
	    loop assigns i, h->dst_mac[0 .. 5], h->src_mac[0 .. 5];
	    loop variant 6 - i;
	*/
	for (i = 0; i < 6u; i++) {
		h->dst_mac[i] = frame[i];
		h->src_mac[i] = frame[6u + i];
	}
	type = get16(frame + 12);
	ip = frame + RDMANEG_ROCE_ETH_LEN;
	/* [roce-a17#frame-1] */
	if (type == RDMANEG_ROCE_ETHERTYPE_IP4) {
		iphl = RDMANEG_ROCE_IP4_LEN;
		h->ip_version = (uint8_t)(ip[0] / 16u);
		if (ip[0] != 0x45u || ip[9] != 17u || get16(ip + 6) % 0x4000u != 0u) {
			*defects = RDMANEG_ROCE_D_IP;
			return RDMANEG_OK;
		}
		iplen = get16(ip + 2);
		h->tclass = ip[1];
		h->ip_id = (uint16_t)get16(ip + 4);
		h->hop_limit = ip[8];
		/*@ loop invariant 0 <= i <= 4;
		    loop assigns i, h->src_ip[0 .. 3], h->dst_ip[0 .. 3];
		    loop variant 4 - i;
		*/
		for (i = 0; i < 4u; i++) {
			h->src_ip[i] = ip[12u + i];
			h->dst_ip[i] = ip[16u + i];
		}
		if (csum_fold(csum_add(0, ip, RDMANEG_ROCE_IP4_LEN)) != 0u)
			d |= RDMANEG_ROCE_D_IP_CSUM;
	} else if (type == RDMANEG_ROCE_ETHERTYPE_IP6) {
		iphl = RDMANEG_ROCE_IP6_LEN;
		if (len < RDMANEG_ROCE_ETH_LEN + RDMANEG_ROCE_IP6_LEN) {
			*defects = RDMANEG_ROCE_D_SHORT;
			return RDMANEG_OK;
		}
		h->ip_version = (uint8_t)(ip[0] / 16u);
		if (ip[0] / 16u != 6u || ip[6] != 17u) {
			*defects = RDMANEG_ROCE_D_IP;
			return RDMANEG_OK;
		}
		iplen = RDMANEG_ROCE_IP6_LEN + get16(ip + 4);
		h->tclass = (uint8_t)(ip[0] % 16u * 16u + ip[1] / 16u);
		h->flow_label = (uint32_t)(ip[1] % 16u) * 65536u + get16(ip + 2);
		h->hop_limit = ip[7];
		/*@ loop invariant 0 <= i <= 16;
		    loop assigns i, h->src_ip[0 .. 15], h->dst_ip[0 .. 15];
		    loop variant 16 - i;
		*/
		for (i = 0; i < 16u; i++) {
			h->src_ip[i] = ip[8u + i];
			h->dst_ip[i] = ip[24u + i];
		}
	} else {
		*defects = RDMANEG_ROCE_D_ETHERTYPE;
		return RDMANEG_OK;
	}
	/* the headers before the payload, then the ICRC */
	if (iplen > len - RDMANEG_ROCE_ETH_LEN ||
	    iplen < iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_ICRC_LEN) {
		*defects = d | RDMANEG_ROCE_D_IP_LEN |
			   (len - RDMANEG_ROCE_ETH_LEN < iphl + RDMANEG_ROCE_UDP_LEN +
								 RDMANEG_ROCE_BTH_LEN +
								 RDMANEG_ROCE_ICRC_LEN
				    ? RDMANEG_ROCE_D_SHORT
				    : 0u);
		return RDMANEG_OK;
	}
	udp = ip + iphl;
	bth = udp + RDMANEG_ROCE_UDP_LEN;
	h->src_port = (uint16_t)get16(udp);
	if (get16(udp + 2) != RDMANEG_ROCE_UDP_PORT)
		d |= RDMANEG_ROCE_D_UDP_PORT;
	if (get16(udp + 4) != iplen - iphl)
		d |= RDMANEG_ROCE_D_UDP_LEN;
	/* [roce-a17#frame-1]: IPv4 may leave the UDP checksum 0; IPv6 may not */
	if (get16(udp + 6) == 0u) {
		if (iphl == RDMANEG_ROCE_IP6_LEN)
			d |= RDMANEG_ROCE_D_UDP_CSUM;
	} else if (udp_csum(ip, iplen, iphl) != get16(udp + 6)) {
		d |= RDMANEG_ROCE_D_UDP_CSUM;
	}
	/* [roce-a17#bth-1] */
	h->opcode = bth[0];
	h->se = (uint8_t)(bth[1] / 128u);
	h->mig = (uint8_t)(bth[1] / 64u % 2u);
	h->pad = (uint8_t)(bth[1] / 16u % 4u);
	h->tver = (uint8_t)(bth[1] % 16u);
	h->pkey = (uint16_t)get16(bth + 2);
	h->resv8a = bth[4];
	h->dest_qp = get24(bth + 5);
	h->ack_req = (uint8_t)(bth[8] / 128u);
	h->resv7 = (uint8_t)(bth[8] % 128u);
	h->psn = get24(bth + 9);
	if (h->tver != 0u)
		d |= RDMANEG_ROCE_D_TVER;
	/* [roce-a17#icrc-1] */
	(void)rdmaneg_roce_icrc(ip, iplen, h->ip_version == 4u ? 4u : 6u, &icrc);
	got = (uint32_t)ip[iplen - 4u] | (uint32_t)ip[iplen - 3u] << 8 |
	      (uint32_t)ip[iplen - 2u] << 16 | (uint32_t)ip[iplen - 1u] << 24;
	if (got != icrc)
		d |= RDMANEG_ROCE_D_ICRC;
	/* iplen holds these headers and the ICRC (checked above) */
	i = iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_ICRC_LEN;
	body = iplen >= i ? iplen - i : 0u;
	if (h->opcode != RDMANEG_ROCE_OP_UD_SEND_ONLY || body < RDMANEG_ROCE_DETH_LEN) {
		*defects = d | RDMANEG_ROCE_D_OPCODE;
		return RDMANEG_OK;
	}
	/* [roce-a17#deth-1] */
	h->qkey = (uint32_t)get16(bth + 12) * 65536u + get16(bth + 14);
	h->deth_resv = bth[16];
	h->src_qp = get24(bth + 17);
	body -= RDMANEG_ROCE_DETH_LEN;
	pad = h->pad;
	if (pad > body)
		d |= RDMANEG_ROCE_D_PAD;
	else
		*pay_len = body - pad;
	*pay_off = RDMANEG_ROCE_ETH_LEN + iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN +
		   RDMANEG_ROCE_DETH_LEN;
	*defects = d;
	return RDMANEG_OK;
}
