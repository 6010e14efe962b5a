/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * blame: whose finding a dirty case is (docs/snapshots.md). A kernel can
 * go down a moment after a case's verdict came back, so the splat or the
 * death shows up while the next case runs. The console says when: a case's
 * octets go out after its "PEER_FRAME" mark, which the peer and the
 * rdmaneg-live agents write through /dev/kmsg (util/agent.h), in order with
 * the kernel's lines. Pure, so the host tests it.
 */
#ifndef RDMANEG_CAMPAIGN_BLAME_H
#define RDMANEG_CAMPAIGN_BLAME_H

#include "util/klog.h"

#include <stdbool.h>
#include <stddef.h>

/* How a case ended: its DONE came back, the guest died (QMP's reset,
 * shutdown or panic, or QEMU gone), or no DONE came in time. */
enum campaign_how { CAMPAIGN_DONE, CAMPAIGN_DIED, CAMPAIGN_HUNG };

/* The first splat of a console segment, or NULL (a static, valid until
 * the next call). */
const struct rdmaneg_splat *campaign_first_splat(const char *seg, size_t n);

/* The line (1-based) of the PEER_FRAME mark after the PEER_CASE mark that
 * names agent's case name: when the case's octets went out. 0 when they
 * did not. */
size_t campaign_frame_line(const char *seg, size_t n, const char *agent, const char *name);

/*
 * Does the case before (run clean in this guest: has_prev) take the
 * finding the case name found? Yes when the segment's first splat comes
 * before the case's octets went out, when the guest died before they did,
 * or when the agent found the SUT already down (before). Never for a
 * hang, nor for the peer's own finding or a bare taint of a case whose
 * octets went out.
 */
bool campaign_blame_earlier(const char *seg, size_t n, const char *agent, const char *name,
			    enum campaign_how how, bool before, bool has_prev);

#endif
