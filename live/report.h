/*
 * report (host): reads the guest's records (and console log), judges
 * every attempt with judge.h, prints the table and the summary, and
 * writes report.json and cases.jsonl. The pure parts are exposed for
 * make test.
 */
#ifndef RDMANEG_LIVE_REPORT_H
#define RDMANEG_LIVE_REPORT_H

#include "obs.h"

#include <stddef.h>
#include <stdint.h>

/* p (0..100) percentile of v[0..n-1] by nearest rank; sorts v. */
int64_t live_percentile(int64_t *v, size_t n, int p);

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

/* A resource snapshot: boot, start, end or exit. */
struct live_res_snap {
	char phase[16];
	struct live_res r;
};
/* Each start must equal the next end of its device (the harness's own),
 * and boot the next exit (the kernel's own, such as rxe's QP1); a start
 * or boot with no partner counts too. Returns the number of faults; why
 * names the first. */
int live_res_leaks(const struct live_res_snap *s, size_t n, char *why, size_t cap);

int live_report_main(int argc, char **argv);

#endif
