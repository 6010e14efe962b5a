/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fpdu: the few MPA FPDUs a connection-setup tester sends or must
 * recognise ([rfc5044#6], RFC 5041/5040 headers): TERMINATE, and the
 * zero-length RTR indications of [rfc6581#9.2] (Send, RDMA Write,
 * RDMA Read Request). No markers; the CRC is CRC32c when negotiated,
 * zero otherwise ([rfc5044#4.2]: then it is not checked).
 */
#ifndef RDMANEG_PEER_FPDU_H
#define RDMANEG_PEER_FPDU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rdmaneg_fpdu_kind {
	RDMANEG_FPDU_TERM = 0,	/* RDMAP Terminate */
	RDMANEG_FPDU_RTR_SEND,	/* zero-length Send */
	RDMANEG_FPDU_RTR_WRITE, /* zero-length tagged RDMA Write */
	RDMANEG_FPDU_RTR_READ,	/* RDMA Read Request for zero octets */
	RDMANEG_FPDU_DATA,	/* any other well-formed FPDU */
	RDMANEG_FPDU_BAD	/* not an FPDU this parser can frame */
};

struct rdmaneg_fpdu {
	enum rdmaneg_fpdu_kind kind;
	uint16_t ulpdu_len; /* MPA ULPDU_Length */
	size_t len;	    /* octets this FPDU takes on the wire */
	uint8_t opcode;	    /* RDMAP opcode */
	bool tagged, last;
	/* TERMINATE: RFC 5040 sec. 4.8 */
	uint8_t layer, etype, ecode;
};

/* CRC32c (Castagnoli) as MPA uses it. */
uint32_t rdmaneg_crc32c(const uint8_t *p, size_t n);

/* Writes one FPDU; returns its length, 0 if cap is too small. For TERM,
 * layer/etype/ecode are those of the Terminate header. */
size_t rdmaneg_fpdu_build(enum rdmaneg_fpdu_kind kind, uint8_t layer, uint8_t etype, uint8_t ecode,
			  bool crc, uint8_t *out, size_t cap);

/* Whether the CRC field of the whole FPDU p[0..n-1] (n >= 4) is the
 * CRC32c of the octets before it ([rfc5044#7.1.1-14]). */
bool rdmaneg_fpdu_crc_ok(const uint8_t *p, size_t n);

/* Frames the FPDU at p[0..n-1]; false when fewer octets than it needs
 * are given (f->len then says how many it needs, 0 if unknown). */
bool rdmaneg_fpdu_parse(const uint8_t *p, size_t n, struct rdmaneg_fpdu *f);

#endif
