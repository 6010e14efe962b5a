/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-roce's table frames read by a second dissector: every frame
 * a case sends (its frame and the good REQ after it; an active case's
 * answers to the model REQ) written as a pcap, and what tshark must show
 * of each: the headers as the case set them, the MAD where the case put
 * it, and the ICRC the oracle computes (oracle/roce_ref.c, written
 * without the core), XORed with the case's icrc_xor. tests/roce-table-wire.sh
 * runs it; docs/roce.md.
 */
#ifndef RDMANEG_LIVE_ROCE_WIRE_H
#define RDMANEG_LIVE_ROCE_WIRE_H

#include "live/roce/roce_live.h"
#include <rdmaneg/roce.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The frame of mad[0..n-1] with h's headers from the peer
 * (LIVE_ROCE_PEER, MAC src) to rxe (LIVE_ROCE_ADDR, MAC dst): h's
 * addresses filled in, the frame into out[0..cap-1], its length into
 * *len. RDMANEG_OK, or the core's error (rdmaneg_roce_check() names the
 * field). */
int live_roce_encode(struct rdmaneg_roce_hdr *h, const uint8_t src[6], const uint8_t dst[6],
		     const uint8_t *mad, size_t n, uint8_t *out, size_t cap, size_t *len);

/* tshark's fields, in the order of live_roce_tshark_line() */
extern const char *const live_roce_tshark_fields[];

/* What tshark shows of the frame h and mad[0..n-1] make, as its
 * "-T fields -E separator=," line: built from h and the MAD, not from
 * the frame, and the ICRC from the oracle over the frame's IP packet */
void live_roce_tshark_line(const struct rdmaneg_roce_hdr *h, const uint8_t *mad, size_t n,
			   const uint8_t *frame, size_t len, char *out, size_t cap);

/* Every table frame into the pcap f (LINKTYPE_ETHERNET); with control,
 * the first frame's BTH PSN changed after its line was made (the
 * negative control: one frame not as intended). How many frames, or -1
 * when one could not be built or written (the case named on stderr). */
long live_roce_wire_pcap(FILE *f, bool control);

/* What tshark must show of every table frame, a line each, to out (the
 * check's own lines); how many, or -1 when a frame could not be built. */
long live_roce_wire_lines(FILE *out);

/* tshark's lines (csv, one a frame, in the pcap's order) against the
 * table's: each frame that differs printed to out with its case, want
 * and got, then "N frames as intended, N differ (...)"; 0 when all are, 1
 * otherwise (a missing or extra line differs too). Every frame's ICRC
 * octets must be the oracle's; where tshark leaves the ICRC out (after a
 * MAD of a class it does not dissect, or one past 256 octets) the rest
 * of its line must still match, and the summary counts those frames. */
int live_roce_wire_check(const char *csv, size_t len, FILE *out);

#endif
