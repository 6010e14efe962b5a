/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pcap: the captured MPA frames for tshark (make live): written as a pcap,
 * and tshark's CSV of them compared with the core's reading.
 */
#ifndef RDMANEG_LIVE_PCAP_H
#define RDMANEG_LIVE_PCAP_H

#include "live/mpa/obs.h"

#include <stdbool.h>
#include <stddef.h>

/* One frame as tshark's CSV line would show it:
 * "sport,dport,rev,pdlength,M,C,R,privatedata-hex"; false if the core does
 * not parse the frame. */
bool live_frame_csv(const struct live_frame *f, char *out, size_t cap);

/* Counts the core's frames that tshark's CSV (True/False or 1/0 flags)
 * does not show the same way. */
size_t live_tshark_differ(const char *const *core, size_t ncore, const char *tshark_csv,
			  size_t *tshark_lines);

/* Writes a pcap (LINKTYPE_RAW) of the frames, with synthetic IPv4/TCP
 * headers, for tshark. */
/* Within one attempt's frames, each MPA Request moved ahead of the Replies
 * recorded just before it, the rest in order. The capture once held a
 * Reply ahead of its own Request (1 in about 40 runs of make live; the
 * cause is not found), and tshark decodes a Reply only after its
 * connection's Request, so the pcap states the protocol's order. */
void live_frames_request_first(const struct live_frame **fr, size_t n);
int live_pcap_write(const char *path, const struct live_frame *const *frames, size_t n);

#endif
