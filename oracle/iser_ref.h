/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * iser_ref: the oracle's own reading of iSER's CM REQ header
 * ([iser-a12#req-1], [iser-a12#req-2]), written without the core
 * (src/iser_pd.c).
 */
#ifndef RDMANEG_ISER_REF_H
#define RDMANEG_ISER_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* [iser-a12#req-2]: whether a target that can may use Send with
 * Invalidate after the REQ buf[0..len-1]. */
bool rdmaneg_ref_iser_may_invalidate(const uint8_t *buf, size_t len);

#endif
