/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: RoCE v2 frames ([roce-a17#frame-1]); see roce.h. */
#include <rdmaneg/roce.h>

#include "plants/plant.h"

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
 * with its pseudo-header; iphl is 20 or 40 and the datagram under 65536 */
/*@ requires iphl == 20 || iphl == 40;
    requires iphl + 8 <= len <= iphl + 65535;
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
#if RDMANEG_PLANTED(roce_udp_pseudo_v6)
		sum = csum_add(0, ip + 9, 32);
#else
		sum = csum_add(0, ip + 8, 32);
#endif
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

/* The helpers below each write one header from h: WP proves a short
 * function fast, and the long one with every write in it did not finish
 * in CI's hour (docs/proof.md). */

/* the Ethernet header: the addresses and the ethertype */
/*@ requires \valid_read(h);
    requires \valid(eth + (0 .. 13));
    requires \separated(h, eth + (0 .. 13));
    assigns eth[0 .. 13];
*/
static void put_eth(uint8_t *eth, const struct rdmaneg_roce_hdr *h)
{
	size_t i;

	/*@ loop invariant 0 <= i <= 6;
	    loop assigns i, eth[0 .. 11];
	    loop variant 6 - i;
	*/
	for (i = 0; i < 6u; i++) {
		eth[i] = h->dst_mac[i];
		eth[6u + i] = h->src_mac[i];
	}
	put16(eth + 12,
	      h->ip_version == 4u ? RDMANEG_ROCE_ETHERTYPE_IP4 : RDMANEG_ROCE_ETHERTYPE_IP6);
}

/* the source and destination addresses of h, n octets each (4 or 16),
 * into p[0 .. 2n - 1] */
/*@ requires n == 4 || n == 16;
    requires \valid_read(h);
    requires \valid(p + (0 .. 2 * n - 1));
    requires \separated(h, p + (0 .. 2 * n - 1));
    assigns p[0 .. 2 * n - 1];
*/
static void put_addrs(uint8_t *p, const struct rdmaneg_roce_hdr *h, size_t n)
{
	size_t i;

	/*@ loop invariant 0 <= i <= n;
	    loop assigns i, p[0 .. 2 * n - 1];
	    loop variant n - i;
	*/
	for (i = 0; i < n; i++) {
		p[i] = h->src_ip[i];
		p[n + i] = h->dst_ip[i];
	}
}

/* [roce-a17#frame-1]: IPv4's header for an iplen-octet packet, with its
 * checksum */
/*@ requires \valid_read(h);
    requires \valid(ip + (0 .. 19));
    requires \separated(h, ip + (0 .. 19));
    requires iplen <= 65535;
    assigns ip[0 .. 19];
*/
static void put_ip4(uint8_t *ip, const struct rdmaneg_roce_hdr *h, size_t iplen)
{
	ip[0] = 0x45u;
	ip[1] = h->tclass;
	put16(ip + 2, (unsigned)iplen);
	put16(ip + 4, h->ip_id);
	put16(ip + 6, 0x4000u); /* don't fragment */
	ip[8] = h->hop_limit;
	ip[9] = 17u;
	put16(ip + 10, 0u);
	put_addrs(ip + 12, h, 4);
	put16(ip + 10, csum_fold(csum_add(0, ip, RDMANEG_ROCE_IP4_LEN)));
}

/* [roce-a17#frame-1]: IPv6's header before a udplen-octet UDP datagram */
/*@ requires \valid_read(h);
    requires \valid(ip + (0 .. 39));
    requires \separated(h, ip + (0 .. 39));
    requires udplen <= 65535;
    assigns ip[0 .. 39];
*/
static void put_ip6(uint8_t *ip, const struct rdmaneg_roce_hdr *h, size_t udplen)
{
	ip[0] = (uint8_t)(0x60u | h->tclass / 16u);
#if RDMANEG_PLANTED(roce_flow_label_nibble)
	ip[1] = (uint8_t)(h->tclass % 16u * 16u);
#else
	ip[1] = (uint8_t)(h->tclass % 16u * 16u | h->flow_label / 65536u);
#endif
	put16(ip + 2, (unsigned)(h->flow_label % 65536u));
	put16(ip + 4, (unsigned)udplen);
	ip[6] = 17u;
	ip[7] = h->hop_limit;
	put_addrs(ip + 8, h, 16);
}

/* the UDP header (its checksum 0 until the ICRC is in), the BTH and the
 * DETH of a udplen-octet UDP datagram */
/*@ requires \valid_read(h);
    requires \valid(udp + (0 .. 27));
    requires \separated(h, udp + (0 .. 27));
    requires udplen <= 65535;
    assigns udp[0 .. 27];
*/
static void put_udp_bth(uint8_t *udp, const struct rdmaneg_roce_hdr *h, size_t udplen)
{
	uint8_t *bth = udp + RDMANEG_ROCE_UDP_LEN;

	put16(udp, h->src_port);
	put16(udp + 2, RDMANEG_ROCE_UDP_PORT);
	put16(udp + 4, (unsigned)udplen);
	put16(udp + 6, 0u);
	/* [roce-a17#bth-1] */
	bth[0] = h->opcode;
	bth[1] = (uint8_t)(h->se * 128u + h->mig * 64u + h->pad * 16u + h->tver);
	put16(bth + 2, h->pkey);
	bth[4] = h->resv8a;
	put24(bth + 5, h->dest_qp);
	bth[8] = (uint8_t)(h->ack_req * 128u + h->resv7);
	put24(bth + 9, h->psn);
	/* [roce-a17#deth-1] */
	put16(bth + 12, (unsigned)(h->qkey / 65536u));
	put16(bth + 14, (unsigned)(h->qkey % 65536u));
	bth[16] = h->deth_resv;
	put24(bth + 17, h->src_qp);
}

/* the frame carries the ICRC least significant octet first */
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
*/
static uint32_t get32le(const uint8_t *p)
{
	return (uint32_t)p[3] * 16777216u + (uint32_t)p[2] * 65536u + (uint32_t)p[1] * 256u + p[0];
}

int rdmaneg_roce_encode(const struct rdmaneg_roce_hdr *h, const uint8_t *payload,
			size_t payload_len, uint8_t *out, size_t cap, size_t *out_len)
{
	size_t iphl, iplen, total, pad, i;
	uint8_t *ip, *data;
	uint32_t icrc = 0;

	if (out_len)
		*out_len = 0;
	if (!h || !out || !out_len || (!payload && payload_len > 0))
		return RDMANEG_E_INVAL;
	if (rdmaneg_roce_check(h, payload_len) != RDMANEG_ROCE_F_NONE)
		return RDMANEG_E_INVAL;
	iphl = h->ip_version == 4u ? RDMANEG_ROCE_IP4_LEN : RDMANEG_ROCE_IP6_LEN;
	pad = h->pad;
	iplen = iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_DETH_LEN +
		payload_len + pad + RDMANEG_ROCE_ICRC_LEN;
	total = RDMANEG_ROCE_ETH_LEN + iplen;
	if (cap < total)
		return RDMANEG_E_NOSPACE;
	/*@ assert iphl + 32 <= iplen <= iphl + 4131 && total <= cap; */
	ip = out + RDMANEG_ROCE_ETH_LEN;
	data = ip + iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_DETH_LEN;
	/* [roce-a17#frame-1] */
	put_eth(out, h);
	if (iphl == RDMANEG_ROCE_IP4_LEN)
		put_ip4(ip, h, iplen);
	else
		put_ip6(ip, h, iplen - iphl);
	put_udp_bth(ip + iphl, h, iplen - iphl);
	/* the payload, then h->pad zero octets */
	/*@ loop invariant 0 <= i <= payload_len;
	    loop assigns i, data[0 .. payload_len - 1];
	    loop variant payload_len - i;
	*/
	for (i = 0; i < payload_len; i++)
		data[i] = payload[i];
	/*@ loop invariant payload_len <= i <= payload_len + pad;
	    loop assigns i, data[payload_len .. payload_len + pad - 1];
	    loop variant payload_len + pad - i;
	*/
	for (i = payload_len; i < payload_len + pad; i++)
		data[i] = 0;
	/* the ICRC first: the UDP checksum covers it, and it masks the checksum */
	(void)rdmaneg_roce_icrc(ip, iplen, h->ip_version, &icrc);
	icrc ^= h->icrc_xor;
	/*@ loop invariant 0 <= i <= 4;
	    loop assigns i, ip[iplen - 4 .. iplen - 1];
	    loop variant 4 - i;
	*/
	for (i = 0; i < 4u; i++)
		ip[iplen - 4u + i] = (uint8_t)((icrc >> (8u * i)) % 256u);
	put16(ip + iphl + 6, udp_csum(ip, iplen, iphl));
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

/* The Ethernet addresses into h; the ethertype */
/*@ requires \valid_read(eth + (0 .. 13));
    requires \valid(h);
    assigns h->dst_mac[0 .. 5], h->src_mac[0 .. 5];
    ensures \result <= 0xFFFF;
*/
static unsigned get_eth(const uint8_t *eth, struct rdmaneg_roce_hdr *h)
{
	size_t i;

	/*@ loop invariant 0 <= i <= 6;
	    loop assigns i, h->dst_mac[0 .. 5], h->src_mac[0 .. 5];
	    loop variant 6 - i;
	*/
	for (i = 0; i < 6u; i++) {
		h->dst_mac[i] = eth[i];
		h->src_mac[i] = eth[6u + i];
	}
	return get16(eth + 12);
}

/* p[0 .. 2n - 1], the source then the destination address, n octets
 * each (4 or 16), into h */
/*@ requires n == 4 || n == 16;
    requires \valid_read(p + (0 .. 2 * n - 1));
    requires \valid(h);
    assigns h->src_ip[0 .. n - 1], h->dst_ip[0 .. n - 1];
*/
static void get_addrs(const uint8_t *p, struct rdmaneg_roce_hdr *h, size_t n)
{
	size_t i;

	/*@ loop invariant 0 <= i <= n;
	    loop assigns i, h->src_ip[0 .. n - 1], h->dst_ip[0 .. n - 1];
	    loop variant n - i;
	*/
	for (i = 0; i < n; i++) {
		h->src_ip[i] = p[i];
		h->dst_ip[i] = p[n + i];
	}
}

/* [roce-a17#frame-1]: IPv4's header into h and its total length into
 * *iplen; RDMANEG_ROCE_D_IP for a header RoCE v2 does not use (options,
 * not UDP, a fragment: the rest left zero), else the checksum's defect */
/*@ requires \valid_read(ip + (0 .. 19));
    requires \valid(h) && \valid(iplen);
    requires \separated(h, iplen);
    assigns h->ip_version, h->tclass, h->ip_id, h->hop_limit, *iplen;
    assigns h->src_ip[0 .. 3], h->dst_ip[0 .. 3];
    ensures \result == 0 || \result == RDMANEG_ROCE_D_IP || \result == RDMANEG_ROCE_D_IP_CSUM;
    ensures *iplen <= 0xFFFF;
*/
static unsigned get_ip4(const uint8_t *ip, struct rdmaneg_roce_hdr *h, size_t *iplen)
{
	*iplen = 0;
	h->ip_version = (uint8_t)(ip[0] / 16u);
	if (ip[0] != 0x45u || ip[9] != 17u || get16(ip + 6) % 0x4000u != 0u)
		return RDMANEG_ROCE_D_IP;
	*iplen = get16(ip + 2);
	h->tclass = ip[1];
	h->ip_id = (uint16_t)get16(ip + 4);
	h->hop_limit = ip[8];
	get_addrs(ip + 12, h, 4);
	return csum_fold(csum_add(0, ip, RDMANEG_ROCE_IP4_LEN)) != 0u ? RDMANEG_ROCE_D_IP_CSUM : 0u;
}

/* [roce-a17#frame-1]: IPv6's header into h and the packet's length into
 * *iplen; RDMANEG_ROCE_D_IP for a header RoCE v2 does not use (another
 * version, a next header other than UDP: the rest left zero), else 0 */
/*@ requires \valid_read(ip + (0 .. 39));
    requires \valid(h) && \valid(iplen);
    requires \separated(h, iplen);
    assigns h->ip_version, h->tclass, h->flow_label, h->hop_limit, *iplen;
    assigns h->src_ip[0 .. 15], h->dst_ip[0 .. 15];
    ensures \result == 0 || \result == RDMANEG_ROCE_D_IP;
    ensures *iplen <= 40 + 0xFFFF;
*/
static unsigned get_ip6(const uint8_t *ip, struct rdmaneg_roce_hdr *h, size_t *iplen)
{
	*iplen = 0;
	h->ip_version = (uint8_t)(ip[0] / 16u);
	if (ip[0] / 16u != 6u || ip[6] != 17u)
		return RDMANEG_ROCE_D_IP;
	*iplen = RDMANEG_ROCE_IP6_LEN + get16(ip + 4);
	h->tclass = (uint8_t)(ip[0] % 16u * 16u + ip[1] / 16u);
	h->flow_label = (uint32_t)(ip[1] % 16u) * 65536u + get16(ip + 2);
	h->hop_limit = ip[7];
	get_addrs(ip + 8, h, 16);
	return 0;
}

/* [roce-a17#bth-1]: the BTH's fields into h */
/*@ requires \valid_read(bth + (0 .. 11));
    requires \valid(h);
    assigns h->opcode, h->se, h->mig, h->pad, h->tver, h->pkey, h->resv8a;
    assigns h->dest_qp, h->ack_req, h->resv7, h->psn;
*/
static void get_bth(const uint8_t *bth, struct rdmaneg_roce_hdr *h)
{
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
}

/* [roce-a17#deth-1]: the DETH's fields into h */
/*@ requires \valid_read(deth + (0 .. 7));
    requires \valid(h);
    assigns h->qkey, h->deth_resv, h->src_qp;
*/
static void get_deth(const uint8_t *deth, struct rdmaneg_roce_hdr *h)
{
	h->qkey = (uint32_t)get16(deth) * 65536u + get16(deth + 2);
	h->deth_resv = deth[4];
	h->src_qp = get24(deth + 5);
}

int rdmaneg_roce_decode(const uint8_t *frame, size_t len, struct rdmaneg_roce_hdr *h,
			size_t *pay_off, size_t *pay_len, unsigned *defects)
{
	size_t iphl, iplen, ipl = 0, heads, body, pad;
	const uint8_t *ip, *udp, *bth;
	uint32_t icrc = 0, got;
	unsigned d, type;

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
	type = get_eth(frame, h);
	ip = frame + RDMANEG_ROCE_ETH_LEN;
	/* [roce-a17#frame-1] */
	if (type == RDMANEG_ROCE_ETHERTYPE_IP4) {
		iphl = RDMANEG_ROCE_IP4_LEN;
		d = get_ip4(ip, h, &ipl);
	} else if (type == RDMANEG_ROCE_ETHERTYPE_IP6) {
		iphl = RDMANEG_ROCE_IP6_LEN;
		if (len < RDMANEG_ROCE_ETH_LEN + RDMANEG_ROCE_IP6_LEN) {
			*defects = RDMANEG_ROCE_D_SHORT;
			return RDMANEG_OK;
		}
		d = get_ip6(ip, h, &ipl);
	} else {
		*defects = RDMANEG_ROCE_D_ETHERTYPE;
		return RDMANEG_OK;
	}
	if (d == RDMANEG_ROCE_D_IP) {
		*defects = d;
		return RDMANEG_OK;
	}
	iplen = ipl;
	/* the headers before the payload, then the ICRC */
	heads = iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN + RDMANEG_ROCE_ICRC_LEN;
	if (iplen > len - RDMANEG_ROCE_ETH_LEN || iplen < heads) {
		*defects = d | RDMANEG_ROCE_D_IP_LEN |
			   (len - RDMANEG_ROCE_ETH_LEN < heads ? RDMANEG_ROCE_D_SHORT : 0u);
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
	get_bth(bth, h);
	/* [roce-a17#bth-1]: transport version 0 */
	if (bth[1] % 16u != 0u)
		d |= RDMANEG_ROCE_D_TVER;
	/* [roce-a17#icrc-1] */
	(void)rdmaneg_roce_icrc(ip, iplen, iphl == RDMANEG_ROCE_IP4_LEN ? 4u : 6u, &icrc);
	got = get32le(ip + iplen - RDMANEG_ROCE_ICRC_LEN);
	if (got != icrc)
		d |= RDMANEG_ROCE_D_ICRC;
	/* iplen >= heads, checked above: the guard is for Eva, which does
	 * not keep that relation across the two IP versions */
	// cppcheck-suppress knownConditionTrueFalse
	body = iplen >= heads ? iplen - heads : 0u;
	if (bth[0] != RDMANEG_ROCE_OP_UD_SEND_ONLY || body < RDMANEG_ROCE_DETH_LEN) {
		*defects = d | RDMANEG_ROCE_D_OPCODE;
		return RDMANEG_OK;
	}
	get_deth(bth + RDMANEG_ROCE_BTH_LEN, h);
	body -= RDMANEG_ROCE_DETH_LEN;
	pad = bth[1] / 16u % 4u;
	if (pad > body)
		d |= RDMANEG_ROCE_D_PAD;
	else
		*pay_len = body - pad;
	*pay_off = RDMANEG_ROCE_ETH_LEN + iphl + RDMANEG_ROCE_UDP_LEN + RDMANEG_ROCE_BTH_LEN +
		   RDMANEG_ROCE_DETH_LEN;
	*defects = d;
	return RDMANEG_OK;
}
