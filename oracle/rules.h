/*
 * oracle: each RFC invariant written once, as a predicate over results,
 * and an independent reference decoder. The properties, the fuzz targets,
 * the live harness and the hostile peer all judge through these. Each
 * rule returns 0 when it holds, else 1 with o->msg naming the rule.
 */
#ifndef RDMANEG_RULES_H
#define RDMANEG_RULES_H

#include "rdmaneg.h"

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
#define RDMANEG_CHECK(o, cond, ...)                               \
	do {                                                      \
		if (!(cond))                                      \
			return rdmaneg_oracle_fail((o), __VA_ARGS__); \
	} while (0)

/* Reference decoder: a naive, separate reading of RFC 8797 sec. 5.2.
 * Returns the offset of the first valid message, or -1. */
long rdmaneg_ref_find(const uint8_t *buf, size_t len);

/* RFC 8797 sec. 5.2: decode agrees with the reference, offset + 8 <= len,
 * strict-present implies search-present at offset 0. */
int rdmaneg_rule_decode(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len);

/* RFC 8797 sec. 4.2, 5.1: thresholds of one side after negotiation. */
int rdmaneg_rule_thresholds(struct rdmaneg_oracle *o, const struct rdmaneg_conn *c);

/* RFC 8797 sec. 4.1, 4.2: both ends of one exchange agree. */
int rdmaneg_rule_agree(struct rdmaneg_oracle *o, const struct rdmaneg_conn *cl,
		       const struct rdmaneg_conn *sv);

/* RFC 5044 sec. 7.1: a frame that parses is in bounds and rebuilds exactly.
 * *parsed gets the parse (frame_len 0 when buf did not parse), so callers
 * need not parse again. */
int rdmaneg_rule_frame(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
		       struct rdmaneg_mpa_frame *parsed);

/* RFC 6581 sec. 9.1: IRD/ORD inequalities, 0x3FFF rules, capacities. */
int rdmaneg_rule_ird_ord(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_local *rsp,
			 const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply,
			 const struct rdmaneg_mpa_outcome *ro,
			 const struct rdmaneg_mpa_outcome *io);

/* RFC 6581 sec. 9.2: A/B/C/D and TERM 7 rules for one exchange. */
int rdmaneg_rule_rtr(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_local *ini,
		     const struct rdmaneg_mpa_local *rsp,
		     const struct rdmaneg_mpa_enh *req,
		     const struct rdmaneg_mpa_enh *reply,
		     const struct rdmaneg_mpa_outcome *ro,
		     const struct rdmaneg_mpa_outcome *io);

/* RFC 6581 sec. 9 + RFC 8797 sec. 5.2: the ULP data of parsed frame f
 * decodes exactly as the same octets do bare (the decoder itself is
 * checked by rdmaneg_rule_decode). */
int rdmaneg_rule_stack(struct rdmaneg_oracle *o, const struct rdmaneg_mpa_frame *f);

#endif
