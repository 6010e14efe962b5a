// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Unit tests of the RoCE v2 frame codec (src/roce.c): a frame captured
 * from a ConnectX-4 Lx and one whose checksums and ICRC Scapy's RoCE
 * layer computes (its test/contrib/roce.uts), octets checked by hand,
 * and a second CRC-32 written here (tests/unit.c runs them). */
#include "tests/unit_roce.h"

#include <rdmaneg/rdmaneg.h>

#include <stdlib.h>
#include <string.h>

#include "tests/check.h"

/* [roce-a17#icrc-1]: a RoCE v2 CNP as a ConnectX-4 Lx sent it (captured,
 * in Scapy's test/contrib/roce.uts): IPv4, UDP checksum 0, BECN set in the
 * BTH's octet 4, its ICRC 82 fd 00 2a last */
static const uint8_t cnp_cx4[74] = {
	0xe4, 0x1d, 0x2d, 0xab, 0x2b, 0xc2, 0x7c, 0xfe, 0x90, 0x64, 0x3b, 0x32, 0x08, 0x00, 0x45,
	0xc2, 0x00, 0x3c, 0x71, 0x8c, 0x40, 0x00, 0x40, 0x11, 0x91, 0x61, 0x0a, 0x00, 0x11, 0x01,
	0x0a, 0x00, 0x12, 0x01, 0x00, 0x00, 0x12, 0xb7, 0x00, 0x28, 0x00, 0x00, 0x81, 0x00, 0xff,
	0xff, 0x40, 0x00, 0x01, 0x18, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x82, 0xfd, 0x00, 0x2a,
};

/* a UC Send Only (Scapy's first RoCE test): IP checksum b4d5, UDP aca2,
 * ICRC 78 f3 53 f3, as Scapy computes them */
static const uint8_t uc_scapy[78] = {
	0x24, 0x8a, 0x07, 0xa8, 0xfa, 0x22, 0x24, 0x8a, 0x07, 0xa8, 0xfa, 0x22, 0x08,
	0x00, 0x45, 0x01, 0x00, 0x40, 0x04, 0x78, 0x40, 0x00, 0x40, 0x11, 0xb4, 0xd5,
	0xc0, 0xa8, 0x00, 0x07, 0xc0, 0xa8, 0x00, 0x07, 0xc0, 0x00, 0x12, 0xb7, 0x00,
	0x2c, 0xac, 0xa2, 0x24, 0x60, 0xff, 0xff, 0x00, 0x00, 0x00, 0xd3, 0x00, 0xcf,
	0x17, 0x10, 0x46, 0x30, 0x81, 0x8b, 0xe2, 0x89, 0x35, 0xd9, 0x0e, 0x9a, 0x95,
	0x50, 0x54, 0x01, 0xbe, 0x88, 0x5e, 0x50, 0x00, 0x00, 0x78, 0xf3, 0x53, 0xf3,
};

static unsigned defects_of(const uint8_t *f, size_t n, struct rdmaneg_roce_hdr *h, size_t *off,
			   size_t *len)
{
	unsigned d = ~0u;

	if (rdmaneg_roce_decode(f, n, h, off, len, &d) != RDMANEG_OK)
		return ~0u;
	return d;
}

/* CRC-32 with a 256-entry table, as zlib computes it: a second reading */
static uint32_t crc32_table(const uint8_t *p, size_t n)
{
	static uint32_t t[256];
	uint32_t c = 0xFFFFFFFFu;
	size_t i;

	if (t[1] == 0) {
		for (i = 0; i < 256; i++) {
			uint32_t v = (uint32_t)i;

			for (int k = 0; k < 8; k++)
				v = (v & 1u) ? 0xEDB88320u ^ (v >> 1) : v >> 1;
			t[i] = v;
		}
	}
	for (i = 0; i < n; i++)
		c = t[(c ^ p[i]) & 0xFFu] ^ (c >> 8);
	return ~c;
}

/* the UDP checksum of a frame's IP packet ip[0..len-1], a third reading:
 * the pseudo-header's words added one by one (RFC 768; RFC 8200 8.1),
 * the checksum field skipped, folded at the end. A computed 0 is
 * returned as 0, not as the 0xffff a sender puts on the wire, so that a
 * test can tell the two apart. */
static unsigned udp_sum(const uint8_t *ip, size_t len, int v)
{
	size_t hl = v == 4 ? 20 : 40, ulen = len - hl, a = v == 4 ? 12 : 8, i;
	unsigned long s = 17 + ulen;

	for (i = a; i < a + (v == 4 ? 8u : 32u); i += 2)
		s += (unsigned long)ip[i] * 256 + ip[i + 1];
	for (i = 0; i < ulen; i++)
		if (i != 6 && i != 7)
			s += i % 2 ? ip[hl + i] : (unsigned long)ip[hl + i] * 256;
	while (s > 0xffff)
		s = (s & 0xffff) + (s >> 16);
	return (unsigned)(~s & 0xffff);
}

static void test_captured(void)
{
	struct rdmaneg_roce_hdr h;
	uint8_t f[sizeof(uc_scapy)];
	size_t off = 1, len = 1;
	uint32_t icrc = 0;

	/* the CNP is no UD Send Only, and every check before that passes */
	CHECK(defects_of(cnp_cx4, sizeof(cnp_cx4), &h, &off, &len) == RDMANEG_ROCE_D_OPCODE);
	CHECK(h.ip_version == 4 && h.tclass == 0xc2 && h.hop_limit == 0x40 && h.ip_id == 0x718c);
	CHECK(h.opcode == 0x81 && h.resv8a == 0x40 && h.dest_qp == 0x118 && h.pkey == 0xffff);
	CHECK(len == 0 && h.src_port == 0);
	CHECK(rdmaneg_roce_icrc(cnp_cx4 + 14, 60, 4, &icrc) == RDMANEG_OK && icrc == 0x2a00fd82u);
	/* the masked octets move no ICRC: TTL (the IP checksum notices), the
	 * BTH's FECN/BECN octet (nothing notices) */
	memcpy(f, cnp_cx4, sizeof(cnp_cx4));
	f[22] = 1;
	CHECK(defects_of(f, sizeof(cnp_cx4), &h, &off, &len) ==
	      (RDMANEG_ROCE_D_OPCODE | RDMANEG_ROCE_D_IP_CSUM));
	memcpy(f, cnp_cx4, sizeof(cnp_cx4));
	f[46] = 0x80;
	CHECK(defects_of(f, sizeof(cnp_cx4), &h, &off, &len) == RDMANEG_ROCE_D_OPCODE);
	/* any other octet does: the destination QP's last */
	f[49] ^= 1;
	CHECK(defects_of(f, sizeof(cnp_cx4), &h, &off, &len) ==
	      (RDMANEG_ROCE_D_OPCODE | RDMANEG_ROCE_D_ICRC));
	/* Scapy's UC frame: checksums and ICRC agree; its UDP checksum is the
	 * one of the octets with the ICRC in place */
	CHECK(defects_of(uc_scapy, sizeof(uc_scapy), &h, &off, &len) == RDMANEG_ROCE_D_OPCODE);
	CHECK(h.opcode == 0x24 && h.mig == 1 && h.pad == 2 && h.dest_qp == 211 &&
	      h.psn == 0xcf1710);
	CHECK(h.src_port == 49152 && h.ip_id == 1144 && h.tclass == 1);
	memcpy(f, uc_scapy, sizeof(uc_scapy));
	f[41] ^= 0x10; /* the UDP checksum: masked from the ICRC */
	CHECK(defects_of(f, sizeof(f), &h, &off, &len) ==
	      (RDMANEG_ROCE_D_OPCODE | RDMANEG_ROCE_D_UDP_CSUM));
}

/* [roce-a17#icrc-1]: Linux's own REQ as rxe sent it (6.1.0-56, rdma_cm's
 * rdma_connect() from 203.0.113.1 to the peer; captured by make live-roce,
 * corpus/roce_decode/live-req-rxe-6.1): rxe computed its ICRC */
static const char req_rxe_hex[] =
	"e2793f0734e97e53e421ac5e080045000134b84f400040110965cb007101cb007102d87212b70120"
	"00006400ffff000000018000001d80010000000000010107020300000000000000023da199590010"
	"0000000000005999a13d000000000000000001064a9e7c53e4fffe21ac5e00000000000000000000"
	"1c1000000010000000a077600ca0ffff30f0ffffffff00000000000000000000ffffcb0071010000"
	"0000000000000000ffffcb0071027ceea00000400098000000000000000000000000000000000000"
	"00000000000000000000000000000000000000000000000000000040c23400000000000000000000"
	"0000cb007101000000000000000000000000cb007102f6ab0e180100030300000001000000000000"
	"00000000000000000000000000000000000000000000000000000000000000000000000000005cd6"
	"15c4";

static void test_captured_rxe(void)
{
	uint8_t f[sizeof(req_rxe_hex) / 2];
	struct rdmaneg_roce_hdr h;
	struct rdmaneg_ibcm_msg m;
	size_t off = 0, len = 0;
	unsigned d = ~0u;

	for (size_t i = 0; i < sizeof(f); i++) {
		char two[3] = { req_rxe_hex[2 * i], req_rxe_hex[2 * i + 1], '\0' }, *end = NULL;

		f[i] = (uint8_t)strtoul(two, &end, 16);
		CHECK(end == two + 2);
	}
	CHECK(sizeof(f) == 322);
	CHECK(defects_of(f, sizeof(f), &h, &off, &len) == 0);
	CHECK(h.ip_version == 4 && h.dest_qp == 1 && h.src_qp == 1 &&
	      h.qkey == RDMANEG_ROCE_QKEY_GSI && off == 62 && len == 256);
	/* the MAD: a REQ the core reads without a defect */
	CHECK(rdmaneg_ibcm_passive_check(f + off, len, &m, &d) == RDMANEG_OK && d == 0 &&
	      m.attr == RDMANEG_IBCM_REQ);
	/* its ICRC, one bit off */
	f[sizeof(f) - 1] ^= 1;
	CHECK(defects_of(f, sizeof(f), &h, &off, &len) == RDMANEG_ROCE_D_ICRC);
}

/* a REQ-sized UD frame as a RoCE peer sends a MAD to QP1 */
static void mad_hdr(struct rdmaneg_roce_hdr *h, uint8_t v)
{
	static const uint8_t a4[4] = { 198, 51, 100, 2 }, b4[4] = { 198, 51, 100, 1 };
	static const uint8_t a6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };
	static const uint8_t b6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };

	memset(h, 0, sizeof(*h));
	memcpy(h->dst_mac, "\x02\x00\x00\x00\x00\x01", 6);
	memcpy(h->src_mac, "\x02\x00\x00\x00\x00\x02", 6);
	h->ip_version = v;
	memcpy(h->src_ip, v == 4 ? a4 : a6, v == 4 ? 4 : 16);
	memcpy(h->dst_ip, v == 4 ? b4 : b6, v == 4 ? 4 : 16);
	h->hop_limit = 64;
	h->tclass = 0x0a;
	h->flow_label = v == 6 ? 0xabcde : 0;
	h->ip_id = 0x1234;
	h->src_port = 0xc001;
	h->opcode = RDMANEG_ROCE_OP_UD_SEND_ONLY;
	h->pkey = 0xffff;
	h->dest_qp = 1;
	h->psn = 0x123456;
	h->qkey = RDMANEG_ROCE_QKEY_GSI;
	h->src_qp = 1;
}

static void test_encode(int v)
{
	struct rdmaneg_roce_hdr h, g;
	uint8_t mad[256], f[RDMANEG_ROCE_FRAME_MAX], m[RDMANEG_ROCE_FRAME_MAX + 8];
	size_t n = 1, off = 0, len = 0, iphl = v == 4 ? 20 : 40, i;
	uint32_t crc;

	for (i = 0; i < sizeof(mad); i++)
		mad[i] = (uint8_t)(i * 7u);
	mad_hdr(&h, (uint8_t)v);
	CHECK(rdmaneg_roce_encode(&h, mad, sizeof(mad), f, sizeof(f), &n) == RDMANEG_OK);
	CHECK(n == 14 + iphl + 8 + 12 + 8 + 256 + 4);
	/* [roce-a17#frame-1] [roce-a17#bth-1] [roce-a17#deth-1], by hand */
	CHECK(f[12] == (v == 4 ? 0x08 : 0x86) && f[13] == (v == 4 ? 0x00 : 0xdd));
	if (v == 4)
		CHECK(f[14] == 0x45 && f[15] == 0x0a && f[16] * 256 + f[17] == (int)(n - 14) &&
		      f[20] == 0x40 && f[21] == 0 && f[22] == 64 && f[23] == 17 && f[26] == 198 &&
		      f[29] == 2 && f[33] == 1);
	else
		CHECK(f[14] == 0x60 && f[15] == 0xaa && f[16] == 0xbc && f[17] == 0xde &&
		      f[18] * 256 + f[19] == (int)(n - 54) && f[20] == 17 && f[21] == 64 &&
		      f[22] == 0x20 && f[37] == 2 && f[53] == 1);
	i = 14 + iphl;
	CHECK(f[i] == 0xc0 && f[i + 1] == 0x01 && f[i + 2] == 0x12 && f[i + 3] == 0xb7 &&
	      f[i + 4] * 256 + f[i + 5] == (int)(n - 14 - iphl));
	i += 8;
	CHECK(f[i] == 0x64 && f[i + 1] == 0 && f[i + 2] == 0xff && f[i + 3] == 0xff &&
	      f[i + 4] == 0 && f[i + 7] == 1 && f[i + 8] == 0 && f[i + 9] == 0x12 &&
	      f[i + 11] == 0x56);
	CHECK(f[i + 12] == 0x80 && f[i + 13] == 0x01 && f[i + 14] == 0 && f[i + 15] == 0 &&
	      f[i + 19] == 1 && memcmp(f + i + 20, mad, 256) == 0);
	/* the ICRC by a second CRC-32 over the masked copy, after 8 octets of ones */
	memset(m, 0xff, 8);
	memcpy(m + 8, f + 14, n - 18);
	if (v == 4) {
		m[8 + 1] = m[8 + 8] = m[8 + 10] = m[8 + 11] = 0xff;
	} else {
		m[8] |= 0x0f;
		m[8 + 1] = m[8 + 2] = m[8 + 3] = m[8 + 7] = 0xff;
	}
	m[8 + iphl + 6] = m[8 + iphl + 7] = m[8 + iphl + 8 + 4] = 0xff;
	crc = crc32_table(m, n - 18 + 8);
	CHECK(f[n - 4] == (crc & 0xff) && f[n - 3] == ((crc >> 8) & 0xff) &&
	      f[n - 2] == ((crc >> 16) & 0xff) && f[n - 1] == crc >> 24);
	/* [roce-a17#frame-1]: the UDP checksum, by the reading above */
	CHECK(f[14 + iphl + 6] * 256u + f[14 + iphl + 7] == udp_sum(f + 14, n - 14, v));
	/* and back */
	CHECK(defects_of(f, n, &g, &off, &len) == 0);
	CHECK(off == 14 + iphl + 28 && len == 256 && memcmp(f + off, mad, 256) == 0);
	{
		uint8_t again[RDMANEG_ROCE_FRAME_MAX];
		size_t n2 = 0;

		CHECK(g.ip_version == v && g.tclass == 0x0a && g.hop_limit == 64 &&
		      g.src_port == 0xc001 && g.psn == 0x123456 &&
		      g.qkey == RDMANEG_ROCE_QKEY_GSI && g.dest_qp == 1 && g.src_qp == 1 &&
		      g.pkey == 0xffff && memcmp(g.src_ip, h.src_ip, 16) == 0 &&
		      memcmp(g.dst_ip, h.dst_ip, 16) == 0 && memcmp(g.dst_mac, h.dst_mac, 6) == 0 &&
		      memcmp(g.src_mac, h.src_mac, 6) == 0 &&
		      (v == 4 ? g.ip_id == 0x1234 : g.flow_label == 0xabcde));
		CHECK(rdmaneg_roce_encode(&g, f + off, len, again, sizeof(again), &n2) ==
			      RDMANEG_OK &&
		      n2 == n && memcmp(again, f, n) == 0);
	}
	/* Ethernet padding after the IP packet is no defect */
	CHECK(defects_of(f, n + 1, &g, &off, &len) == 0);
	/* cut: the IP length runs past the frame */
	CHECK(defects_of(f, n - 1, &g, &off, &len) == RDMANEG_ROCE_D_IP_LEN && len == 0);
	/* [roce-a17#icrc-1]: a frame with icrc_xor is one to drop */
	h.icrc_xor = 1;
	CHECK(rdmaneg_roce_encode(&h, mad, sizeof(mad), f, sizeof(f), &n) == RDMANEG_OK);
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_ICRC);
	h.icrc_xor = 0;
	/* pad octets: counted out of the payload, covered by the ICRC */
	h.pad = 3;
	CHECK(rdmaneg_roce_encode(&h, mad, 5, f, sizeof(f), &n) == RDMANEG_OK);
	CHECK(defects_of(f, n, &g, &off, &len) == 0 && len == 5 && g.pad == 3);
	f[n - 5] = 1;
	CHECK(defects_of(f, n, &g, &off, &len) == (RDMANEG_ROCE_D_ICRC | RDMANEG_ROCE_D_UDP_CSUM));
	/* a pad count past the payload */
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	f[14 + iphl + 8 + 1] = 0x30; /* pad 3 with no octet before it: the ICRC still holds */
	CHECK((defects_of(f, n - 3, &g, &off, &len) & RDMANEG_ROCE_D_PAD) == 0);
	h.pad = 0;
	/* [roce-a17#frame-1]: a zero UDP checksum, good over IPv4 only */
	CHECK(rdmaneg_roce_encode(&h, mad, sizeof(mad), f, sizeof(f), &n) == RDMANEG_OK);
	f[14 + iphl + 6] = f[14 + iphl + 7] = 0;
	CHECK(defects_of(f, n, &g, &off, &len) == (v == 4 ? 0u : RDMANEG_ROCE_D_UDP_CSUM));
}

static void test_defects(void)
{
	struct rdmaneg_roce_hdr h, g;
	uint8_t f[RDMANEG_ROCE_FRAME_MAX];
	size_t n = 0, off, len;
	uint32_t icrc;
	unsigned d;

	mad_hdr(&h, 4);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK &&
	      n == 14 + 20 + 32);
	CHECK(defects_of(f, n, &g, &off, &len) == 0 && len == 0);
	CHECK(defects_of(f, 33, &g, &off, &len) == RDMANEG_ROCE_D_SHORT);
	f[12] = 0x81; /* a VLAN tag: not read */
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_ETHERTYPE);
	f[12] = 0x08;
	f[14] = 0x46; /* IPv4 options */
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_IP);
	f[14] = 0x45;
	f[20] = 0x20; /* more fragments */
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_IP);
	f[20] = 0x40;
	f[23] = 6; /* TCP */
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_IP);
	f[23] = 17;
	/* an IP length under UDP, BTH and ICRC */
	f[17] = 20 + 8 + 12 + 3;
	d = defects_of(f, n, &g, &off, &len);
	CHECK((d & RDMANEG_ROCE_D_IP_LEN) && !(d & RDMANEG_ROCE_D_SHORT));
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	f[36] = 0x12; /* port 4790 */
	f[37] = 0xb6;
	CHECK(defects_of(f, n, &g, &off, &len) ==
	      (RDMANEG_ROCE_D_UDP_PORT | RDMANEG_ROCE_D_UDP_CSUM | RDMANEG_ROCE_D_ICRC));
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	f[39] += 1; /* the UDP length: the ICRC covers it */
	CHECK(defects_of(f, n, &g, &off, &len) ==
	      (RDMANEG_ROCE_D_UDP_LEN | RDMANEG_ROCE_D_UDP_CSUM | RDMANEG_ROCE_D_ICRC));
	/* a transport version and an opcode of a hostile peer's: built, and judged */
	h.tver = 1;
	h.opcode = 0x04; /* RC Send Only */
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	CHECK(defects_of(f, n, &g, &off, &len) == (RDMANEG_ROCE_D_TVER | RDMANEG_ROCE_D_OPCODE));
	/* a UD frame with no room for its DETH */
	mad_hdr(&h, 4);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	f[17] -= 8;
	f[39] -= 8;
	CHECK((defects_of(f, n - 8, &g, &off, &len) & RDMANEG_ROCE_D_OPCODE) != 0);
	/* bad arguments */
	CHECK(rdmaneg_roce_decode(NULL, 0, &g, &off, &len, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_decode(f, n, &g, &off, &len, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_icrc(f + 14, 20 + 8 + 12 + 3, 4, &icrc) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_icrc(f + 14, 60, 5, &icrc) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_icrc(NULL, 60, 4, &icrc) == RDMANEG_E_INVAL);
}

/* every field of h zero */
static int hdr_zero(const struct rdmaneg_roce_hdr *h)
{
	static const uint8_t none[16];

	return memcmp(h->dst_mac, none, 6) == 0 && memcmp(h->src_mac, none, 6) == 0 &&
	       memcmp(h->src_ip, none, 16) == 0 && memcmp(h->dst_ip, none, 16) == 0 &&
	       h->ip_version == 0 && h->tclass == 0 && h->flow_label == 0 && h->hop_limit == 0 &&
	       h->ip_id == 0 && h->src_port == 0 && h->opcode == 0 && h->se == 0 && h->mig == 0 &&
	       h->pad == 0 && h->tver == 0 && h->pkey == 0 && h->resv8a == 0 && h->dest_qp == 0 &&
	       h->ack_req == 0 && h->resv7 == 0 && h->psn == 0 && h->qkey == 0 &&
	       h->deth_resv == 0 && h->src_qp == 0 && h->icrc_xor == 0;
}

/* the edges of each length test, of each argument and of each field */
static void test_edges(void)
{
	struct rdmaneg_roce_hdr h, g;
	uint8_t f[RDMANEG_ROCE_FRAME_MAX];
	size_t n = 0, off, len;
	unsigned d;

	mad_hdr(&h, 4);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK && n == 66);
	CHECK(rdmaneg_roce_icrc(f + 14, n - 14, 4, NULL) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_decode(f, n, NULL, &off, &len, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_decode(f, n, &g, NULL, &len, &d) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_decode(f, n, &g, &off, NULL, &d) == RDMANEG_E_INVAL);
	/* a short frame leaves nothing of an earlier reading */
	memset(&g, 0xaa, sizeof(g));
	off = len = 99;
	CHECK(defects_of(f, 33, &g, &off, &len) == RDMANEG_ROCE_D_SHORT && off == 0 && len == 0 &&
	      hdr_zero(&g));
	/* nor does a whole one, in the fields IPv4 does not carry */
	memset(&g, 0xaa, sizeof(g));
	CHECK(defects_of(f, n, &g, &off, &len) == 0 && g.flow_label == 0 && g.icrc_xor == 0);
	/* [roce-a17#frame-1]: Ethernet and IPv4 headers, and no octet more */
	CHECK(defects_of(f, 34, &g, &off, &len) == (RDMANEG_ROCE_D_IP_LEN | RDMANEG_ROCE_D_SHORT));
	/* short of the headers and the ICRC by one octet, and not short */
	CHECK(defects_of(f, 14 + 20 + 8 + 12 + 3, &g, &off, &len) ==
	      (RDMANEG_ROCE_D_IP_LEN | RDMANEG_ROCE_D_SHORT));
	CHECK(defects_of(f, 14 + 20 + 8 + 12 + 4, &g, &off, &len) == RDMANEG_ROCE_D_IP_LEN);
	/* the version of a header that is not IPv4's, as read */
	f[14] = 0xf0;
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_IP && g.ip_version == 15);
	/* [roce-a17#bth-1]: a pad count past the payload */
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	f[14 + 20 + 8 + 1] = 0x30;
	CHECK((defects_of(f, n, &g, &off, &len) & RDMANEG_ROCE_D_PAD) != 0 && len == 0);
	/* the top octet of each 24-bit field */
	h.dest_qp = h.psn = h.src_qp = 0xfffffe;
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	CHECK(f[42 + 5] == 0xff && f[42 + 9] == 0xff && f[42 + 17] == 0xff);
	CHECK(defects_of(f, n, &g, &off, &len) == 0 && g.dest_qp == 0xfffffe && g.psn == 0xfffffe &&
	      g.src_qp == 0xfffffe);
	/* [roce-a17#frame-1]: a UDP checksum computed as 0 goes as 0xffff:
	 * the ICRC, which it covers, turned to make the sum all ones */
	mad_hdr(&h, 6);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK && n == 86);
	{
		unsigned c = udp_sum(f + 14, n - 14, 6), w = f[n - 4] * 256u + f[n - 3];
		/* the first ICRC word becomes w + c, with the carry around */
		unsigned w2 = (w + c) % 0xffffu;

		CHECK(c != 0);
		h.icrc_xor = (uint32_t)((w ^ w2) >> 8 | ((w ^ w2) & 0xff) << 8);
		CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
		CHECK(udp_sum(f + 14, n - 14, 6) == 0 && f[14 + 40 + 6] == 0xff &&
		      f[14 + 40 + 7] == 0xff);
		CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_ICRC);
	}
	h.icrc_xor = 0;
	/* IPv6: a traffic class whose low nibble is not under the flow label's */
	h.tclass = 0x05;
	h.flow_label = 0xa0000;
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_OK);
	CHECK(f[14] == 0x60 && f[15] == 0x5a);
	CHECK(defects_of(f, n, &g, &off, &len) == 0 && g.tclass == 0x05 && g.flow_label == 0xa0000);
	/* Ethernet and IPv6 headers and no octet more; one octet fewer */
	CHECK(defects_of(f, 54, &g, &off, &len) == (RDMANEG_ROCE_D_IP_LEN | RDMANEG_ROCE_D_SHORT));
	CHECK(defects_of(f, 53, &g, &off, &len) == RDMANEG_ROCE_D_SHORT);
	/* IPv6's ethertype over another version, and over another next header */
	f[14] = 0x40;
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_IP && g.ip_version == 4);
	f[14] = 0x60;
	f[14 + 6] = 6;
	CHECK(defects_of(f, n, &g, &off, &len) == RDMANEG_ROCE_D_IP);
}

/* a field out of its width is refused and named */
static void test_check(void)
{
	struct rdmaneg_roce_hdr h;
	uint8_t f[RDMANEG_ROCE_FRAME_MAX];
	size_t n = 1;

	mad_hdr(&h, 6);
	CHECK(rdmaneg_roce_check(&h, RDMANEG_ROCE_PAYLOAD_MAX) == RDMANEG_ROCE_F_NONE);
	{
		static uint8_t big[RDMANEG_ROCE_PAYLOAD_MAX];

		CHECK(rdmaneg_roce_encode(&h, big, sizeof(big), f, sizeof(f), &n) == RDMANEG_OK &&
		      n == 14 + 40 + 28 + RDMANEG_ROCE_PAYLOAD_MAX + 4);
	}
	CHECK(rdmaneg_roce_check(&h, RDMANEG_ROCE_PAYLOAD_MAX + 1) == RDMANEG_ROCE_F_PAYLOAD);
#define OUT(field, bad, id) \
	do { \
		mad_hdr(&h, 6); \
		h.field = bad; \
		CHECK(rdmaneg_roce_check(&h, 0) == (id)); \
		CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), &n) == RDMANEG_E_INVAL && \
		      n == 0); \
		CHECK(strcmp(rdmaneg_roce_field_name(id), #field) == 0); \
	} while (0)
	OUT(ip_version, 5, RDMANEG_ROCE_F_IP_VERSION);
	OUT(flow_label, 0x100000, RDMANEG_ROCE_F_FLOW_LABEL);
	OUT(se, 2, RDMANEG_ROCE_F_SE);
	OUT(mig, 2, RDMANEG_ROCE_F_MIG);
	OUT(pad, 4, RDMANEG_ROCE_F_PAD);
	OUT(tver, 16, RDMANEG_ROCE_F_TVER);
	OUT(dest_qp, 0x1000000, RDMANEG_ROCE_F_DEST_QP);
	OUT(ack_req, 2, RDMANEG_ROCE_F_ACK_REQ);
	OUT(resv7, 0x80, RDMANEG_ROCE_F_RESV7);
	OUT(psn, 0x1000000, RDMANEG_ROCE_F_PSN);
	OUT(src_qp, 0x1000000, RDMANEG_ROCE_F_SRC_QP);
#undef OUT
	CHECK(strcmp(rdmaneg_roce_field_name(RDMANEG_ROCE_F_NONE), "none") == 0);
	CHECK(strcmp(rdmaneg_roce_field_name(RDMANEG_ROCE_F_COUNT), "unknown") == 0);
	CHECK(strcmp(rdmaneg_roce_field_name((size_t)-1), "unknown") == 0);
	mad_hdr(&h, 4);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, 14 + 20 + 32 - 1, &n) == RDMANEG_E_NOSPACE &&
	      n == 0);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, 14 + 20 + 32, &n) == RDMANEG_OK);
	CHECK(rdmaneg_roce_encode(&h, NULL, 1, f, sizeof(f), &n) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_encode(NULL, NULL, 0, f, sizeof(f), &n) == RDMANEG_E_INVAL);
	CHECK(rdmaneg_roce_encode(&h, NULL, 0, f, sizeof(f), NULL) == RDMANEG_E_INVAL);
}

void unit_roce(int *pass, int *fail)
{
	test_captured();
	test_captured_rxe();
	test_encode(4);
	test_encode(6);
	test_defects();
	test_edges();
	test_check();
	*pass += passed;
	*fail += failed;
}
