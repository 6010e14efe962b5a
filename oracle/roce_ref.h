/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_ref: the oracle's own reading of RoCE v2 frames' invariant CRC
 * ([roce-a17#icrc-1]), written without the core (src/roce.c): the IP,
 * UDP and BTH headers copied and their variant fields overwritten at
 * absolute offsets (as Linux's rxe_icrc.c does), then a table-driven
 * CRC-32.
 */
#ifndef RDMANEG_ROCE_REF_H
#define RDMANEG_ROCE_REF_H

#include <stddef.h>
#include <stdint.h>

/* The ICRC of the IP packet ip[0..len-1] (its last 4 octets the ICRC's
 * place), IP version v: 0 when len is under the headers. */
uint32_t rdmaneg_ref_roce_icrc(const uint8_t *ip, size_t len, unsigned v);

/* Whether octet i of an IPv4 (v 4) or IPv6 packet is one the ICRC does
 * not see ([roce-a17#icrc-1]). */
int rdmaneg_ref_roce_masked(size_t i, unsigned v);

/* The checksum a sender puts in the UDP header of the IP packet
 * ip[0..len-1] (IP version v), from a pseudo-header built here and the
 * datagram with its checksum field read as zero, a computed 0 sent as
 * 0xFFFF (RFC 768, RFC 8200 section 8.1): 0 when len is under the headers. */
uint16_t rdmaneg_ref_roce_udp_csum(const uint8_t *ip, size_t len, unsigned v);

/* The checksum of an IPv4 header ip[0..19] with its checksum field read
 * as zero (RFC 791, RFC 1071). */
uint16_t rdmaneg_ref_roce_ip4_csum(const uint8_t *ip);

#endif
