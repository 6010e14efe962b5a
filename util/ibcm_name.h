/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibcm_name: the IB CM messages' short names ("req" ... "apr"), by
 * attribute ID (include/rdmaneg/ibcm.h's RDMANEG_IBCM_REQ .. RDMANEG_IBCM_APR): the
 * CLI's `rdmaneg ibcm encode MESSAGE` words and make live-roce's case
 * names.
 */
#ifndef RDMANEG_UTIL_IBCM_NAME_H
#define RDMANEG_UTIL_IBCM_NAME_H

/* attribute attr's name, or NULL for no CM message */
const char *rdmaneg_ibcm_message_name(unsigned attr);

/* the attribute named name, or 0 for none */
unsigned rdmaneg_ibcm_message_attr(const char *name);

#endif
