/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smbd_ref: the oracle's own reading of SMB Direct's connection setup
 * ([ms-smbd#2.2.1] to [ms-smbd#6.1]), written from MS-SMBD without the
 * core (src/smbd.c). Only the core's data types and constants are shared.
 */
#ifndef RDMANEG_SMBD_REF_H
#define RDMANEG_SMBD_REF_H

#include <rdmaneg/smbd.h>

#include <stddef.h>
#include <stdint.h>

/* The little-endian field of w octets (2 or 4) at buf + off. */
uint32_t rdmaneg_ref_smbd_le(const uint8_t *buf, size_t off, size_t w);

/* [ms-smbd#3.1.5.6]: what a server does with buf[0..len-1]
 * (RDMANEG_SMBD_RESPOND, _NOT_SUPPORTED, _TERMINATE). */
unsigned rdmaneg_ref_smbd_server(const uint8_t *buf, size_t len);

/* [ms-smbd#3.1.5.7]: the defects (RDMANEG_SMBD_D_*) a client with
 * Connection.MaxReceiveSize own finds in the response buf[0..len-1]. */
unsigned rdmaneg_ref_smbd_client(const uint8_t *buf, size_t len, uint32_t own);

#endif
