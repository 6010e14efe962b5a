/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * capture (guest only): the MPA Request and Reply of every connection,
 * taken from lo by an AF_PACKET socket whose classic BPF filter keeps
 * IPv4/TCP segments whose payload begins with "MPA ". A case claims the
 * frames to or from its port when it ends.
 */
#ifndef RDMANEG_LIVE_CAPTURE_H
#define RDMANEG_LIVE_CAPTURE_H

#include "live/mpa/obs.h"

#include <stdbool.h>

/* Opens the socket on lo; 0, or -1 with errno. segments: every TCP
 * segment with a payload, not only MPA frames. */
int live_capture_open(bool segments);
/* Reads what arrived, then moves the frames to or from `port` into o
 * (timestamps relative to t0_real_us, CLOCK_REALTIME). */
void live_capture_claim(int port, int64_t t0_real_us, struct live_obs *o);
void live_capture_close(void);

#endif
