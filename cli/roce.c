// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* rdmaneg(1): the RoCE v2 frame commands ([roce-a17#frame-1]): roce
 * encode and decode. */
#define _POSIX_C_SOURCE 200809L

#include "cli/cli.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char rdmaneg_cli_help_roce_encode[] =
	"NAME\n"
	"    rdmaneg roce encode - build a RoCE v2 frame around a payload\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg roce encode [FIELD=VALUE...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Prints an Ethernet frame as hex: IPv4 or IPv6, UDP to port 4791, the\n"
	"    BTH, the DETH, the payload and the invariant CRC, with the IP and UDP\n"
	"    lengths and checksums computed ([roce-a17#frame-1]). By default a\n"
	"    MAD's frame: UD Send Only from QP1 to QP1, Q_Key 0x80010000, P_Key\n"
	"    0xffff, hop limit 64. FIELD is one of rdmaneg roce decode's header\n"
	"    fields: dst_mac, src_mac (aa:bb:cc:dd:ee:ff), src_ip, dst_ip (an IPv4\n"
	"    or IPv6 address, which sets ip_version), tclass, flow_label,\n"
	"    hop_limit, ip_id, src_port, opcode, se, mig, pad, tver, pkey,\n"
	"    resv8a, dest_qp, ack_req, resv7, psn, qkey, deth_resv, src_qp; or\n"
	"    payload=HEX (at most 4096 octets), or icrc_xor=N, XORed into the\n"
	"    ICRC: a frame a receiver must drop. A value wider than its field is\n"
	"    refused with the field named.\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg roce encode src_ip=198.51.100.2 dst_ip=198.51.100.1 \\\n"
	"        payload=$(rdmaneg ibcm encode req)\n";

const char rdmaneg_cli_help_roce_decode[] =
	"NAME\n"
	"    rdmaneg roce decode - a receiver's reading of a RoCE v2 frame\n"
	"\n"
	"SYNOPSIS\n"
	"    rdmaneg roce decode [-f FILE | HEX...]\n"
	"\n"
	"DESCRIPTION\n"
	"    Reads the octets as an Ethernet frame and prints its headers, where\n"
	"    its payload is (pad octets excluded) and the defects: short,\n"
	"    ethertype, ip, ip_len, ip_csum, udp_port, udp_len, udp_csum, tver,\n"
	"    opcode, pad, icrc (docs/roce.md).\n"
	"\n"
	"EXAMPLES\n"
	"    rdmaneg roce decode -f frame.bin\n";

/* the numeric header fields: name, where, how wide in octets, the most it holds */
struct field {
	const char *name;
	size_t off, size;
	unsigned long max;
};

#define F(n, m) \
	{ \
#n, offsetof(struct rdmaneg_roce_hdr, n), \
			sizeof(((struct rdmaneg_roce_hdr *)0)->n), m \
	}
static const struct field fields[] = {
	F(tclass, 0xFF),
	F(flow_label, 0xFFFFF),
	F(hop_limit, 0xFF),
	F(ip_id, 0xFFFF),
	F(src_port, 0xFFFF),
	F(opcode, 0xFF),
	F(se, 1),
	F(mig, 1),
	F(pad, 3),
	F(tver, 15),
	F(pkey, 0xFFFF),
	F(resv8a, 0xFF),
	F(dest_qp, 0xFFFFFF),
	F(ack_req, 1),
	F(resv7, 0x7F),
	F(psn, 0xFFFFFF),
	F(qkey, 0xFFFFFFFF),
	F(deth_resv, 0xFF),
	F(src_qp, 0xFFFFFF),
	F(icrc_xor, 0xFFFFFFFF),
};
#undef F
#define N_FIELDS (sizeof(fields) / sizeof(fields[0]))

static void put_field(struct rdmaneg_roce_hdr *h, const struct field *f, unsigned long v)
{
	unsigned char *p = (unsigned char *)h + f->off;

	if (f->size == 1) {
		uint8_t x = (uint8_t)v;
		memcpy(p, &x, 1);
	} else if (f->size == 2) {
		uint16_t x = (uint16_t)v;
		memcpy(p, &x, 2);
	} else {
		uint32_t x = (uint32_t)v;
		memcpy(p, &x, 4);
	}
}

static unsigned long get_field(const struct rdmaneg_roce_hdr *h, const struct field *f)
{
	const unsigned char *p = (const unsigned char *)h + f->off;
	uint8_t a;
	uint16_t b;
	uint32_t c;

	if (f->size == 1)
		return memcpy(&a, p, 1), a;
	if (f->size == 2)
		return memcpy(&b, p, 2), b;
	return memcpy(&c, p, 4), c;
}

static bool parse_mac(const char *s, uint8_t mac[6])
{
	/* six pairs of hex digits, colon-separated: aa:bb:cc:dd:ee:ff */
	for (int i = 0; i < 6; i++, s += 3) {
		char pair[3] = { 0 }, *end = NULL;
		unsigned long v;

		pair[0] = s[0];
		if (pair[0])
			pair[1] = s[1];
		if (!isxdigit((unsigned char)pair[0]) || !isxdigit((unsigned char)pair[1]) ||
		    s[2] != (i == 5 ? '\0' : ':'))
			return false;
		v = strtoul(pair, &end, 16);
		if (!end || *end)
			return false;
		mac[i] = (uint8_t)v;
	}
	return true;
}

/* an IPv4 or IPv6 address into ip (IPv4 in octets 0..3); its version, or 0 */
static uint8_t parse_ip(const char *s, uint8_t ip[16])
{
	memset(ip, 0, 16);
	if (inet_pton(AF_INET, s, ip) == 1)
		return 4;
	if (inet_pton(AF_INET6, s, ip) == 1)
		return 6;
	return 0;
}

int rdmaneg_cli_roce_encode(int argc, char **argv)
{
	static uint8_t frame[RDMANEG_ROCE_FRAME_MAX];
	struct rdmaneg_roce_hdr h;
	struct rdmaneg_cli_buf pay = { 0 };
	uint8_t src_v = 0, dst_v = 0;
	size_t n = 0;
	unsigned long v;
	size_t bad;
	int rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_roce_encode, stdout), 0;
	memset(&h, 0, sizeof(h));
	h.ip_version = 4;
	h.hop_limit = 64;
	h.src_port = 0xC000;
	h.opcode = RDMANEG_ROCE_OP_UD_SEND_ONLY;
	h.pkey = 0xFFFF;
	h.dest_qp = 1;
	h.qkey = RDMANEG_ROCE_QKEY_GSI;
	h.src_qp = 1;
	for (int i = 1; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		size_t k = eq ? (size_t)(eq - argv[i]) : 0;
		size_t f;

		if (!eq)
			rc = rdmaneg_cli_usage("roce encode", "'%s' is not FIELD=VALUE", argv[i]);
		else if (k == 7 && strncmp(argv[i], "payload", k) == 0) {
			rdmaneg_cli_buf_free(&pay);
			rc = rdmaneg_cli_hex_arg(eq + 1, &pay);
		} else if ((k == 7 && strncmp(argv[i], "dst_mac", k) == 0) ||
			   (k == 7 && strncmp(argv[i], "src_mac", k) == 0)) {
			rc = parse_mac(eq + 1, argv[i][0] == 'd' ? h.dst_mac : h.src_mac)
				     ? 0
				     : rdmaneg_cli_usage("roce encode",
							 "%.7s takes aa:bb:cc:dd:ee:ff, not '%s'",
							 argv[i], eq + 1);
		} else if (k == 6 && (strncmp(argv[i], "src_ip", k) == 0 ||
				      strncmp(argv[i], "dst_ip", k) == 0)) {
			bool src = argv[i][0] == 's';
			uint8_t *ver = src ? &src_v : &dst_v;

			*ver = parse_ip(eq + 1, src ? h.src_ip : h.dst_ip);
			rc = *ver ? 0
				  : rdmaneg_cli_usage(
					    "roce encode",
					    "%.6s takes an IPv4 or IPv6 address, not '%s'", argv[i],
					    eq + 1);
		} else {
			for (f = 0; f < N_FIELDS; f++)
				if (strlen(fields[f].name) == k &&
				    strncmp(argv[i], fields[f].name, k) == 0)
					break;
			if (f == N_FIELDS)
				rc = rdmaneg_cli_usage("roce encode",
						       "no field '%.*s' (rdmaneg help roce encode)",
						       (int)k, argv[i]);
			else if (!rdmaneg_cli_uint(eq + 1, fields[f].max, &v))
				rc = rdmaneg_cli_usage("roce encode",
						       "%s holds at most %lu, not '%s'",
						       fields[f].name, fields[f].max, eq + 1);
			else {
				put_field(&h, &fields[f], v);
				rc = 0;
			}
		}
		if (rc != 0) {
			rdmaneg_cli_buf_free(&pay);
			return rc;
		}
	}
	if (src_v && dst_v && src_v != dst_v) {
		rdmaneg_cli_buf_free(&pay);
		return rdmaneg_cli_usage("roce encode", "src_ip and dst_ip are of two IP versions");
	}
	if (src_v || dst_v)
		h.ip_version = src_v ? src_v : dst_v;
	bad = rdmaneg_roce_check(&h, pay.len);
	if (bad != RDMANEG_ROCE_F_NONE) {
		rdmaneg_cli_buf_free(&pay);
		return rdmaneg_cli_usage(
			"roce encode", "%s is out of range%s", rdmaneg_roce_field_name(bad),
			bad == RDMANEG_ROCE_F_PAYLOAD ? " (at most 4096 octets)" : "");
	}
	rc = rdmaneg_roce_encode(&h, pay.buf, pay.len, frame, sizeof(frame), &n);
	rdmaneg_cli_buf_free(&pay);
	if (rc != RDMANEG_OK)
		return rdmaneg_cli_fail_status("roce encode", rc);
	for (size_t i = 0; i < n; i++)
		printf("%02x", frame[i]);
	putchar('\n');
	return 0;
}

static void print_mac(const char *name, const uint8_t *m)
{
	printf("\"%s\":\"%02x:%02x:%02x:%02x:%02x:%02x\",", name, m[0], m[1], m[2], m[3], m[4],
	       m[5]);
}

static void print_ip(const char *name, const uint8_t *ip, uint8_t v)
{
	char s[INET6_ADDRSTRLEN];

	if (!inet_ntop(v == 4 ? AF_INET : AF_INET6, ip, s, sizeof(s)))
		s[0] = '\0';
	printf("\"%s\":\"%s\",", name, s);
}

int rdmaneg_cli_roce_decode(int argc, char **argv)
{
	static const char *const names[] = { "short",	"ethertype", "ip",	"ip_len",
					     "ip_csum", "udp_port",  "udp_len", "udp_csum",
					     "tver",	"opcode",    "pad",	"icrc" };
	struct rdmaneg_roce_hdr h;
	struct rdmaneg_cli_buf in;
	const char *file = NULL, *name;
	static const struct option none[] = { { NULL, 0, NULL, 0 } };
	size_t off = 0, len = 0;
	unsigned d = 0;
	int c, rc;

	if (rdmaneg_cli_wants_help(argc, argv))
		return fputs(rdmaneg_cli_help_roce_decode, stdout), 0;
	while ((c = rdmaneg_cli_getopt(argc, argv, "+f:", none, &name)) != -1) {
		if (c != 'f')
			return rdmaneg_cli_not_here("roce decode", name);
		file = optarg;
	}
	rc = rdmaneg_cli_input(file, argv + optind, argc - optind, &in, "roce decode", false);
	if (rc != 0)
		return rc;
	rc = rdmaneg_roce_decode(in.buf, in.len, &h, &off, &len, &d);
	if (rc != RDMANEG_OK) {
		rdmaneg_cli_buf_free(&in);
		return rdmaneg_cli_fail_status("roce decode", rc);
	}
	printf("{\"length\":%zu,", in.len);
	print_mac("dst_mac", h.dst_mac);
	print_mac("src_mac", h.src_mac);
	printf("\"ip_version\":%u,", h.ip_version);
	if (h.ip_version == 4 || h.ip_version == 6) {
		print_ip("src_ip", h.src_ip, h.ip_version);
		print_ip("dst_ip", h.dst_ip, h.ip_version);
	}
	for (size_t f = 0; f < N_FIELDS; f++)
		if (strcmp(fields[f].name, "icrc_xor") != 0)
			printf("\"%s\":%lu,", fields[f].name, get_field(&h, &fields[f]));
	printf("\"payload\":{\"offset\":%zu,\"length\":%zu,\"hex\":", off, len);
	rdmaneg_cli_json_hex(in.buf + off, len);
	printf("},\"defects\":");
	rdmaneg_cli_json_bits(d, names, sizeof(names) / sizeof(names[0]));
	printf("}\n");
	rdmaneg_cli_buf_free(&in);
	return 0;
}
