/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smbd_rules: the oracle's own reading of SMB Direct's connection setup
 * ([ms-smbd#2.2.1] to [ms-smbd#6.1]), written from MS-SMBD without the
 * core, and the rules that hold the core (src/smbd.c) to it: the fuzz
 * targets smbd_server and smbd_client and the properties call them.
 */
#ifndef RDMANEG_SMBD_RULES_H
#define RDMANEG_SMBD_RULES_H

#include "rules/rules.h"
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

/* The core's server judgement of buf equals the reference's, its fields
 * are the octets, and its response passes the reference client. */
int rdmaneg_rule_smbd_server(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     const struct rdmaneg_smbd_local *loc);

/* The core's client check of buf and its IRD/ORD reading of it equal the
 * reference's. */
int rdmaneg_rule_smbd_client(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     uint32_t own);

#endif
