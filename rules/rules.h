/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rules: each RFC invariant written once, as a predicate over the core's
 * results, judged against the oracle's own readings (oracle/). The
 * properties, the fuzz targets, the live harness and the hostile peer all
 * judge through these. Each rule returns 0 when it holds, else 1 with
 * o->msg naming the rule.
 */
#ifndef RDMANEG_RULES_H
#define RDMANEG_RULES_H

#include "oracle/mpa_ref.h"
#include "oracle/rpcrdma_ref.h"
#include <rdmaneg/rdmaneg.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a broken rule is described. */
struct rdmaneg_oracle {
	char msg[256];
};

/* Records the broken rule; returns 1 so a rule can return it. */
int rdmaneg_oracle_fail(struct rdmaneg_oracle *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* In a rule: fail with the named rule unless cond holds. */
#define RDMANEG_CHECK(o, cond, ...) \
	do { \
		if (!(cond)) \
			return rdmaneg_oracle_fail((o), __VA_ARGS__); \
	} while (0)

/* [rfc8797#5.2]: decode agrees with the reference field by field in
 * both modes, offset + 8 <= len, and an error leaves the result untouched. */
int rdmaneg_rule_decode(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

/* [rfc8797#4.2], 5.1: thresholds of one side after negotiation. */
int rdmaneg_rule_thresholds(struct rdmaneg_oracle *o, const struct rdmaneg_conn *c);

/* [rfc8797#4.1], 4.2: both ends of one exchange agree. */
int rdmaneg_rule_agree(struct rdmaneg_oracle *o, const struct rdmaneg_conn *cl,
		       const struct rdmaneg_conn *sv);

/* [rfc5044#7.1]: a frame that parses is in bounds and rebuilds exactly.
 * *parsed gets the parse (frame_len 0 when buf did not parse), so callers
 * need not parse again. */
int rdmaneg_rule_frame(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
		       struct rdmaneg_mpa_frame *parsed);

/* [rfc6581#9.1]: IRD/ORD inequalities, 0x3FFF rules, capacities. */
int rdmaneg_rule_ird_ord(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_local *rsp, const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply, const struct rdmaneg_mpa_outcome *ro,
			 const struct rdmaneg_mpa_outcome *io);

/* [rfc6581#9.2]: A/B/C/D and TERM 7 rules for one exchange. */
int rdmaneg_rule_rtr(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
		     const struct rdmaneg_mpa_local *rsp, const struct rdmaneg_mpa_enh *req,
		     const struct rdmaneg_mpa_enh *reply, const struct rdmaneg_mpa_outcome *ro,
		     const struct rdmaneg_mpa_outcome *io);

/* [rfc6581#9.1], 9.2: the responder's Reply and outcome for any
 * request word, including ones no honest initiator sends: 0x3FFF rules,
 * ORD at most the initiator IRD and no lower, IRD covering the initiator
 * ORD within capacity, every common RTR type offered, TERM 6 exactly when
 * the initiator IRD is below the ULP's minimum. */
int rdmaneg_rule_respond(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *rsp,
			 const struct rdmaneg_mpa_enh *req, const struct rdmaneg_mpa_enh *reply,
			 const struct rdmaneg_mpa_outcome *out);

/* [rfc6581#9.1], 9.2, 9.3: the initiator's outcome for any Reply word
 * (a hostile or buggy responder's too): peer values passed on, A matched
 * or TERM 7, 0x3FFF leaves the local value, ORD at most the responder IRD,
 * IRD at least the responder ORD or TERM 6, one usable RTR or TERM 7; and
 * a Reply that allows the connection is accepted. */
int rdmaneg_rule_complete(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
			  const struct rdmaneg_mpa_enh *req, const struct rdmaneg_mpa_enh *reply,
			  bool rejected, const struct rdmaneg_mpa_outcome *out);

/* [rfc6581#9] + [rfc8797#5.2]: the ULP data of parsed frame f
 * decodes exactly as the same octets do bare (the decoder itself is
 * checked by rdmaneg_rule_decode). */
int rdmaneg_rule_stack(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_frame *f);

#endif
