/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rdmaneg: RoCE v2 frames, as a CM MAD travels between RoCE peers:
 * Ethernet, IPv4 or IPv6, UDP to port 4791, the Base Transport Header,
 * the Datagram Extended Transport Header, the payload and the invariant
 * CRC ([roce-a17#frame-1]). The IBTA's RoCE v2 annex (A17) is not public
 * here: each layout and the CRC's masks are where Linux's rxe
 * (rxe_hdr.h, rxe_icrc.c) and Wireshark's RoCE dissector agree
 * (docs/roce.md).
 *
 * rdmaneg_roce_encode() builds any frame a hostile peer may want (every
 * header field is the caller's, checked only for its width), and
 * rdmaneg_roce_decode() judges a frame as a receiver would.
 */
#ifndef RDMANEG_ROCE_H
#define RDMANEG_ROCE_H

#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_ROCE_UDP_PORT 4791u /* [roce-a17#frame-1] */
#define RDMANEG_ROCE_ETH_LEN 14u
#define RDMANEG_ROCE_IP4_LEN 20u
#define RDMANEG_ROCE_IP6_LEN 40u
#define RDMANEG_ROCE_UDP_LEN 8u
#define RDMANEG_ROCE_BTH_LEN 12u
#define RDMANEG_ROCE_DETH_LEN 8u
#define RDMANEG_ROCE_ICRC_LEN 4u
/* the largest payload: a 4096-octet path MTU */
#define RDMANEG_ROCE_PAYLOAD_MAX 4096u
/* Ethernet + IPv6 + UDP + BTH + DETH + payload + 3 pad octets + ICRC */
#define RDMANEG_ROCE_FRAME_MAX (14u + 40u + 8u + 12u + 8u + 4096u + 3u + 4u)
#define RDMANEG_ROCE_ETHERTYPE_IP4 0x0800u
#define RDMANEG_ROCE_ETHERTYPE_IP6 0x86DDu
/* [roce-a17#bth-1]: the UD Send Only opcode, which carries every MAD */
#define RDMANEG_ROCE_OP_UD_SEND_ONLY 0x64u
/* [roce-a17#deth-1]: the Q_Key of QP1, the General Services Interface */
#define RDMANEG_ROCE_QKEY_GSI 0x80010000u

/* Every header field a caller sets, for naming the one out of range. */
enum rdmaneg_roce_field {
	RDMANEG_ROCE_F_NONE = 0,
	RDMANEG_ROCE_F_IP_VERSION, /* 4 or 6 */
	RDMANEG_ROCE_F_FLOW_LABEL, /* 20 bits */
	RDMANEG_ROCE_F_SE,	   /* 1 bit */
	RDMANEG_ROCE_F_MIG,	   /* 1 bit */
	RDMANEG_ROCE_F_PAD,	   /* 2 bits */
	RDMANEG_ROCE_F_TVER,	   /* 4 bits */
	RDMANEG_ROCE_F_DEST_QP,	   /* 24 bits */
	RDMANEG_ROCE_F_ACK_REQ,	   /* 1 bit */
	RDMANEG_ROCE_F_RESV7,	   /* 7 bits */
	RDMANEG_ROCE_F_PSN,	   /* 24 bits */
	RDMANEG_ROCE_F_SRC_QP,	   /* 24 bits */
	RDMANEG_ROCE_F_PAYLOAD,	   /* at most RDMANEG_ROCE_PAYLOAD_MAX octets */
	RDMANEG_ROCE_F_COUNT
};

/* One frame's headers: each field as it goes on the wire. */
struct rdmaneg_roce_hdr {
	uint8_t dst_mac[6];
	uint8_t src_mac[6];
	uint8_t ip_version; /* 4 or 6 */
	uint8_t src_ip[16]; /* IPv4: octets 0..3 */
	uint8_t dst_ip[16];
	uint8_t tclass;	     /* IPv4's TOS, IPv6's traffic class */
	uint32_t flow_label; /* IPv6 */
	uint8_t hop_limit;   /* IPv4's TTL, IPv6's hop limit */
	uint16_t ip_id;	     /* IPv4 identification */
	uint16_t src_port;   /* UDP; the destination port is 4791 */
	/* [roce-a17#bth-1] */
	uint8_t opcode;
	uint8_t se, mig, pad, tver;
	uint16_t pkey;
	uint8_t resv8a; /* FECN, BECN and reserved: outside the ICRC */
	uint32_t dest_qp;
	uint8_t ack_req, resv7;
	uint32_t psn;
	/* [roce-a17#deth-1] */
	uint32_t qkey;
	uint8_t deth_resv;
	uint32_t src_qp;
	uint32_t icrc_xor; /* 0; else XORed into the ICRC: a frame to drop */
};

/* Defects a receiver finds (bits). */
#define RDMANEG_ROCE_D_SHORT 0x001u	/* shorter than its headers and ICRC */
#define RDMANEG_ROCE_D_ETHERTYPE 0x002u /* neither IPv4 nor IPv6 */
#define RDMANEG_ROCE_D_IP 0x004u	/* IP version, header length, fragment, not UDP */
#define RDMANEG_ROCE_D_IP_LEN 0x008u	/* IP length past the frame or under the headers */
#define RDMANEG_ROCE_D_IP_CSUM 0x010u	/* IPv4 header checksum */
#define RDMANEG_ROCE_D_UDP_PORT 0x020u	/* destination port not 4791 */
#define RDMANEG_ROCE_D_UDP_LEN 0x040u	/* UDP length not the IP payload's */
#define RDMANEG_ROCE_D_UDP_CSUM 0x080u	/* UDP checksum (IPv6: 0 too) */
#define RDMANEG_ROCE_D_TVER 0x100u	/* BTH transport version not 0 */
#define RDMANEG_ROCE_D_OPCODE 0x200u	/* not UD Send Only */
#define RDMANEG_ROCE_D_PAD 0x400u	/* pad count past the payload */
#define RDMANEG_ROCE_D_ICRC 0x800u	/* the invariant CRC */
#define RDMANEG_ROCE_D_ALL 0xFFFu

/* The name of field f, an enum rdmaneg_roce_field ("dest_qp"), "none"
 * for RDMANEG_ROCE_F_NONE, "unknown" past the last; never NULL. */
/*@ assigns \nothing;
    ensures \result != \null;
*/
const char *rdmaneg_roce_field_name(size_t f);

/*
 * The first field of h out of its width (an enum rdmaneg_roce_field, for
 * rdmaneg_roce_field_name()), RDMANEG_ROCE_F_PAYLOAD when payload_len is
 * above RDMANEG_ROCE_PAYLOAD_MAX, RDMANEG_ROCE_F_NONE (0) when every
 * field fits. h must not be NULL.
 */
/*@ requires \valid_read(h);
    assigns \nothing;
    ensures RDMANEG_ROCE_F_NONE <= \result < RDMANEG_ROCE_F_COUNT;
    ensures \result == RDMANEG_ROCE_F_NONE ==>
      (h->ip_version == 4 || h->ip_version == 6) && h->flow_label <= 0xFFFFF &&
      h->se <= 1 && h->mig <= 1 && h->pad <= 3 && h->tver <= 15 &&
      h->dest_qp <= 0xFFFFFF && h->ack_req <= 1 && h->resv7 <= 0x7F &&
      h->psn <= 0xFFFFFF && h->src_qp <= 0xFFFFFF &&
      payload_len <= RDMANEG_ROCE_PAYLOAD_MAX;
*/
size_t rdmaneg_roce_check(const struct rdmaneg_roce_hdr *h, size_t payload_len);

/*
 * The invariant CRC of an IP packet ([roce-a17#icrc-1]): CRC-32 over 8
 * octets of ones (the masked LRH), then ip[0 .. len - 5] with IPv4's TOS,
 * TTL and header checksum, IPv6's traffic class, flow label and hop limit,
 * UDP's checksum and the BTH's octet 4 as ones; len counts the whole
 * packet, its 4 ICRC octets last. The frame carries it least significant
 * octet first. ip_version 4 or 6; returns RDMANEG_E_INVAL for a NULL
 * pointer, another version, or len under the IP, UDP and BTH headers
 * and the ICRC.
 */
/*@ requires ip == \null || \valid_read(ip + (0 .. len - 1));
    requires icrc == \null || \valid(icrc);
    assigns *icrc;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
*/
int rdmaneg_roce_icrc(const uint8_t *ip, size_t len, uint8_t ip_version, uint32_t *icrc);

/*
 * Writes the frame of h around payload[0 .. payload_len - 1] into out:
 * h->pad zero octets after the payload, IP and UDP lengths and checksums
 * computed, the ICRC last (XORed with h->icrc_xor). *out_len gets the
 * frame's length. Returns RDMANEG_OK, RDMANEG_E_INVAL (a NULL pointer,
 * or a field out of range: rdmaneg_roce_check() names it) or
 * RDMANEG_E_NOSPACE (cap too small); *out_len is 0 on an error.
 */
/*@ requires h == \null || \valid_read(h);
    requires payload == \null || \valid_read(payload + (0 .. payload_len - 1));
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires out_len == \null || \valid(out_len);
    requires out == \null || out_len == \null || \separated(out_len, out + (0 .. cap - 1));
    requires h == \null || out == \null || \separated(h, out + (0 .. cap - 1));
    requires payload == \null || out == \null ||
      \separated(payload + (0 .. payload_len - 1), out + (0 .. cap - 1));
    assigns out[0 .. cap - 1], *out_len;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures out_len != \null && \result == RDMANEG_OK ==> *out_len <= cap;
*/
int rdmaneg_roce_encode(const struct rdmaneg_roce_hdr *h, const uint8_t *payload,
			size_t payload_len, uint8_t *out, size_t cap, size_t *out_len);

/*
 * Reads frame[0 .. len - 1] as a receiver: its headers into *h, where the
 * payload starts and how long it is (pad octets excluded; inside the
 * frame) into *pay_off and *pay_len, and each defect as a bit into
 * *defects (within RDMANEG_ROCE_D_ALL). WP proves it free of run-time
 * errors; the span and the bits are the oracle's rule (fuzz target
 * roce_decode) and the unit tests' to hold, not the contract's: as
 * ensures they took WP past its time (docs/proof.md). A frame whose
 * headers cannot be found (D_SHORT, D_ETHERTYPE, D_IP, D_IP_LEN) leaves
 * the later fields zero and *pay_len 0. Returns RDMANEG_OK, or
 * RDMANEG_E_INVAL for a NULL pointer.
 */
/*@ requires frame == \null || \valid_read(frame + (0 .. len - 1));
    requires h == \null || \valid(h);
    requires pay_off == \null || \valid(pay_off);
    requires pay_len == \null || \valid(pay_len);
    requires defects == \null || \valid(defects);
    requires h == \null || pay_off == \null || \separated(h, pay_off);
    requires h == \null || pay_len == \null || \separated(h, pay_len);
    requires h == \null || defects == \null || \separated(h, defects);
    requires pay_off == \null || pay_len == \null || \separated(pay_off, pay_len);
    requires pay_off == \null || defects == \null || \separated(pay_off, defects);
    requires pay_len == \null || defects == \null || \separated(pay_len, defects);
    assigns *h, *pay_off, *pay_len, *defects;
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL;
*/
int rdmaneg_roce_decode(const uint8_t *frame, size_t len, struct rdmaneg_roce_hdr *h,
			size_t *pay_off, size_t *pay_len, unsigned *defects);

#endif
