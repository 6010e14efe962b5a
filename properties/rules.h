/*
 * rules: each RFC invariant written once, as a predicate over results.
 * Properties (props.c) and fuzz targets (fuzz/) both call these. Each
 * returns 0 when the rule holds, else 1 with p->msg naming the rule.
 */
#ifndef RDMANEG_RULES_H
#define RDMANEG_RULES_H

#include "pbt.h"
#include "rdmaneg.h"

/* Reference decoder: a naive, separate reading of RFC 8797 sec. 5.2.
 * Returns the offset of the first valid message, or -1. */
long rdmaneg_ref_find(const uint8_t *buf, size_t len);

/* RFC 8797 sec. 5.2: decode agrees with the reference, offset + 8 <= len,
 * strict-present implies search-present at offset 0. */
int rdmaneg_rule_decode(struct pbt *p, const uint8_t *buf, size_t len);

/* RFC 8797 sec. 4.2, 5.1: thresholds of one side after negotiation. */
int rdmaneg_rule_thresholds(struct pbt *p, const struct rdmaneg_conn *c);

/* RFC 8797 sec. 4.1, 4.2: both ends of one exchange agree. */
int rdmaneg_rule_agree(struct pbt *p, const struct rdmaneg_conn *cl,
		       const struct rdmaneg_conn *sv);

/* RFC 5044 sec. 7.1: a frame that parses is in bounds and rebuilds exactly.
 * *parsed gets the parse (frame_len 0 when buf did not parse), so callers
 * need not parse again. */
int rdmaneg_rule_frame(struct pbt *p, const uint8_t *buf, size_t len,
		       struct rdmaneg_mpa_frame *parsed);

/* RFC 6581 sec. 9.1: IRD/ORD inequalities, 0x3FFF rules, capacities. */
int rdmaneg_rule_ird_ord(struct pbt *p, const struct rdmaneg_mpa_local *ini,
			 const struct rdmaneg_mpa_local *rsp,
			 const struct rdmaneg_mpa_enh *req,
			 const struct rdmaneg_mpa_enh *reply,
			 const struct rdmaneg_mpa_outcome *ro,
			 const struct rdmaneg_mpa_outcome *io);

/* RFC 6581 sec. 9.2: A/B/C/D and TERM 7 rules for one exchange. */
int rdmaneg_rule_rtr(struct pbt *p, const struct rdmaneg_mpa_local *ini,
		     const struct rdmaneg_mpa_local *rsp,
		     const struct rdmaneg_mpa_enh *req,
		     const struct rdmaneg_mpa_enh *reply,
		     const struct rdmaneg_mpa_outcome *ro,
		     const struct rdmaneg_mpa_outcome *io);

/* RFC 6581 sec. 9 + RFC 8797 sec. 5.2: the ULP data of parsed frame f
 * decodes exactly as the same octets do bare (the decoder itself is
 * checked by rdmaneg_rule_decode). */
int rdmaneg_rule_stack(struct pbt *p, const struct rdmaneg_mpa_frame *f);

#endif
