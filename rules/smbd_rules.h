/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smbd_rules: the rules that hold the core (src/smbd.c) to the oracle's
 * reading (oracle/smbd_ref.h): the fuzz targets smbd_server and
 * smbd_client and the properties call them.
 */
#ifndef RDMANEG_SMBD_RULES_H
#define RDMANEG_SMBD_RULES_H

#include "oracle/smbd_ref.h"
#include "rules/rules.h"
#include <rdmaneg/smbd.h>

#include <stddef.h>
#include <stdint.h>

/* The core's server judgement of buf equals the reference's, its fields
 * are the octets, and its response passes the reference client. */
int rdmaneg_rule_smbd_server(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     const struct rdmaneg_smbd_local *loc);

/* The core's client check of buf and its IRD/ORD reading of it equal the
 * reference's. */
int rdmaneg_rule_smbd_client(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     uint32_t own);

#endif
