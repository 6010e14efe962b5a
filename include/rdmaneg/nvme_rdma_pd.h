/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rdmaneg: the CM private data of the NVMe over Fabrics RDMA transport
 * (NVM Express RDMA Transport Specification 1.0, "nvme-rdma" below):
 * the host's RDMA_CM_REQUEST ([nvme-rdma#fig5]), the controller's RDMA_CM_ACCEPT
 * ([nvme-rdma#fig6]) and RDMA_CM_REJECT ([nvme-rdma#fig7], status values [nvme-rdma#fig11]). Every
 * field is little-endian. docs/nvme.md lists each rule with its source
 * and where Linux and SPDK read it differently.
 */
#ifndef RDMANEG_NVME_RDMA_PD_H
#define RDMANEG_NVME_RDMA_PD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "errors.h"

#define RDMANEG_NVME_REQ_LEN 32u    /* [nvme-rdma#fig5]: octets 31:00 */
#define RDMANEG_NVME_ACCEPT_LEN 32u /* [nvme-rdma#fig6]: octets 31:00 */
#define RDMANEG_NVME_REJECT_LEN 4u  /* [nvme-rdma#fig7]: octets 03:00 */
#define RDMANEG_NVME_RECFMT 0u	    /* [nvme-rdma#fig5] to [nvme-rdma#fig7]: "shall be 0h" */
#define RDMANEG_NVME_REQ_RSVD 10u   /* [nvme-rdma#fig5]: octets 31:10 reserved */
#define RDMANEG_NVME_ACCEPT_RSVD 4u /* [nvme-rdma#fig6]: octets 31:04 reserved */

/* The RDMA_CM_REJECT status values ([nvme-rdma#fig11]); 0 stands for an
 * accept wherever a status is an outcome. 0Ah..FFh are reserved. */
enum rdmaneg_nvme_sts {
	RDMANEG_NVME_ACCEPTED = 0,
	RDMANEG_NVME_STS_LEN = 1,     /* invalid private data length */
	RDMANEG_NVME_STS_RECFMT = 2,  /* invalid RECFMT */
	RDMANEG_NVME_STS_QID = 3,     /* invalid QID */
	RDMANEG_NVME_STS_HSQSIZE = 4, /* invalid HSQSIZE */
	RDMANEG_NVME_STS_HRQSIZE = 5, /* invalid HRQSIZE */
	RDMANEG_NVME_STS_NO_RSC = 6,  /* no resources */
	RDMANEG_NVME_STS_IRD = 7,     /* invalid IRD */
	RDMANEG_NVME_STS_ORD = 8,     /* invalid ORD */
	RDMANEG_NVME_STS_CNTLID = 9   /* invalid CNTLID */
};
#define RDMANEG_NVME_STS_MAX 9u

/* The host's request ([nvme-rdma#fig5]). reserved_at is the offset of the first
 * non-zero octet of 31:10, or 0 when they are all zero. */
struct rdmaneg_nvme_req {
	uint16_t recfmt;
	uint16_t qid;	  /* 0: the admin queue */
	uint16_t hrqsize; /* host receive queue entries */
	uint16_t hsqsize; /* SQSIZE, 0's based */
	uint16_t cntlid;  /* 0 when qid is 0 */
	size_t reserved_at;
};

/* The controller's accept ([nvme-rdma#fig6]). */
struct rdmaneg_nvme_accept {
	uint16_t recfmt;
	uint16_t crqsize;
	size_t reserved_at; /* first non-zero octet of 31:04, or 0 */
};

/* The controller's reject ([nvme-rdma#fig7]): what of it the octets hold. */
struct rdmaneg_nvme_reject {
	bool has_recfmt; /* 2 octets or more */
	bool has_sts;	 /* 4 octets or more */
	uint16_t recfmt;
	uint16_t sts;
};

/* What a target supports, in queue entries (1's based). */
struct rdmaneg_nvme_limits {
	uint16_t max_qid;   /* I/O queues it can create: QIDs 1..max_qid */
	uint32_t admin_max; /* admin queue entries, 1..65536 */
	uint32_t io_max;    /* I/O queue entries, 1..65536 */
};

/* Linux nvmet-rdma 6.1's limits: NVMET_NR_QUEUES I/O queues, an admin
 * queue of NVME_AQ_DEPTH entries, and I/O queues of
 * NVME_RDMA_MAX_QUEUE_SIZE entries (its CAP.MQES + 1, from
 * nvmet_rdma_get_max_queue_size; NVMET_QUEUE_SIZE, 1024, is the other
 * transports'). The default of rdmaneg nvme judge; make live-nvme and
 * make live-roce take the line of the kernel that ran. */
#define RDMANEG_NVME_LIMITS_LINUX \
	{ \
		128, 32, 128 \
	}

/* Linux nvmet-rdma 6.12's and 7.3's (read in 6.12.117 and 7.3.4): the same,
 * but NVME_RDMA_MAX_QUEUE_SIZE is 256 (128, NVME_RDMA_MAX_METADATA_QUEUE_SIZE,
 * on a port with protection information, which the suites leave off). */
#define RDMANEG_NVME_LIMITS_LINUX_6_12 \
	{ \
		128, 32, 256 \
	}

/*
 * A conforming target's answer to one request (the strict status is
 * always one of the allowed; the oracle and the properties check it):
 * sts is the one a strict
 * target sends (the first defect in [nvme-rdma#fig5]'s order: length, RECFMT, QID,
 * HSQSIZE, HRQSIZE, CNTLID), allowed every answer that conforms (bit k:
 * status k, bit 0: accept); where the spec has no rule for a value, both
 * the accept and the matching status conform.
 */
struct rdmaneg_nvme_answer {
	uint16_t sts;
	uint16_t allowed;
	bool decoded; /* req holds the request (32 octets or more) */
	struct rdmaneg_nvme_req req;
};

/* Defects a host finds in an accept or a reject (bits of .defects). */
#define RDMANEG_NVME_D_SHORT 0x01u   /* shorter than its record */
#define RDMANEG_NVME_D_RECFMT 0x02u  /* RECFMT is not 0h */
#define RDMANEG_NVME_D_CRQSIZE 0x04u /* CRQSIZE breaks [nvme-rdma#fig6] */
#define RDMANEG_NVME_D_STS 0x08u     /* STS is 0h or reserved (0Ah..FFFFh) */

/* ACSL contracts: see rpcrdma_pd.h and docs/proof.md. */

/*@ // the little-endian u16 at b + o
    logic integer rdmaneg_le16(uint8_t *b, integer o) = b[o] + 256 * b[o + 1];
*/

/*
 * Writes the 32-octet request r into out[0..31] ([nvme-rdma#fig5]), its reserved
 * octets zero (r->reserved_at is not read). Returns RDMANEG_OK,
 * RDMANEG_E_INVAL (a NULL pointer) or RDMANEG_E_NOSPACE (cap below 32);
 * nothing is written on an error.
 */
/*@ requires r == \null || \valid_read(r);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires r == \null || out == \null || \separated(r, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_NVME_REQ_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures fields: \result == RDMANEG_OK ==> cap >= RDMANEG_NVME_REQ_LEN &&
      rdmaneg_le16(out, 0) == r->recfmt && rdmaneg_le16(out, 2) == r->qid &&
      rdmaneg_le16(out, 4) == r->hrqsize && rdmaneg_le16(out, 6) == r->hsqsize &&
      rdmaneg_le16(out, 8) == r->cntlid;
    ensures reserved_zero: \result == RDMANEG_OK ==>
      \forall integer i; RDMANEG_NVME_REQ_RSVD <= i < RDMANEG_NVME_REQ_LEN ==> out[i] == 0;
*/
int rdmaneg_nvme_req_encode(const struct rdmaneg_nvme_req *r, uint8_t *out, size_t cap);

/*
 * Reads a request from buf[0..len-1]; octets past 31 are not read (an
 * InfiniBand CM pads private data). Returns RDMANEG_OK, RDMANEG_E_INVAL
 * (r NULL, or buf NULL with len > 0) or RDMANEG_E_NVME_SHORT (len below
 * 32: *r is all zero).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires r == \null || \valid(r);
    requires buf == \null || r == \null || \separated(r, buf + (0 .. len - 1));
    assigns *r;
    behavior inval:
      assumes r == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior short:
      assumes r != \null && !(buf == \null && len > 0) && len < RDMANEG_NVME_REQ_LEN;
      ensures \result == RDMANEG_E_NVME_SHORT;
      ensures r->recfmt == 0 && r->qid == 0 && r->hrqsize == 0 && r->hsqsize == 0 &&
        r->cntlid == 0 && r->reserved_at == 0;
    behavior ok:
      assumes r != \null && buf != \null && len >= RDMANEG_NVME_REQ_LEN;
      ensures \result == RDMANEG_OK;
      // [nvme-rdma#fig5-1]
      ensures fields: r->recfmt == rdmaneg_le16(buf, 0) && r->qid == rdmaneg_le16(buf, 2) &&
        r->hrqsize == rdmaneg_le16(buf, 4) && r->hsqsize == rdmaneg_le16(buf, 6) &&
        r->cntlid == rdmaneg_le16(buf, 8);
      ensures reserved: r->reserved_at == 0 || (RDMANEG_NVME_REQ_RSVD <= r->reserved_at <
        RDMANEG_NVME_REQ_LEN && buf[r->reserved_at] != 0);
      ensures reserved_zero: r->reserved_at == 0 ==>
        \forall integer i; RDMANEG_NVME_REQ_RSVD <= i < RDMANEG_NVME_REQ_LEN ==> buf[i] == 0;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_nvme_req_decode(const uint8_t *buf, size_t len, struct rdmaneg_nvme_req *r);

/*
 * Judges the request private data buf[0..len-1] as a conforming target
 * with the limits lim would ([nvme-rdma#fig5], [nvme-rdma#fig11]; the NVMe base
 * specification's Connect SQSIZE rule for HSQSIZE 0 and past the limit):
 * into *a. Returns RDMANEG_OK, or RDMANEG_E_INVAL for a NULL pointer,
 * buf NULL with len > 0, or limits out of range (admin_max or io_max 0
 * or above 65536).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires lim == \null || \valid_read(lim);
    requires a == \null || \valid(a);
    requires a == \null || \separated(a, lim);
    requires buf == \null || a == \null || \separated(a, buf + (0 .. len - 1));
    assigns *a;
    behavior inval:
      assumes a == \null || lim == \null || (buf == \null && len > 0) ||
        lim->admin_max == 0 || lim->admin_max > 65536 ||
        lim->io_max == 0 || lim->io_max > 65536;
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior judge:
      assumes a != \null && lim != \null && !(buf == \null && len > 0) &&
        1 <= lim->admin_max <= 65536 && 1 <= lim->io_max <= 65536;
      ensures \result == RDMANEG_OK;
      ensures sts_range: a->sts <= RDMANEG_NVME_STS_MAX;
      // [nvme-rdma#fig5-7]
      ensures short: len < RDMANEG_NVME_REQ_LEN ==>
        !a->decoded && a->sts == RDMANEG_NVME_STS_LEN && a->allowed == 2;
      ensures decoded: len >= RDMANEG_NVME_REQ_LEN ==> a->decoded;
      // [nvme-rdma#fig5-2]
      ensures recfmt: len >= RDMANEG_NVME_REQ_LEN && rdmaneg_le16(buf, 0) != 0 ==>
        a->sts == RDMANEG_NVME_STS_RECFMT;
    complete behaviors;
    disjoint behaviors;
*/
int rdmaneg_nvme_target_judge(const uint8_t *buf, size_t len, const struct rdmaneg_nvme_limits *lim,
			      struct rdmaneg_nvme_answer *a);

/*
 * Writes a controller's 32-octet accept for the request r into
 * out[0..31] ([nvme-rdma#fig6]): RECFMT 0, CRQSIZE equal to r->hsqsize (the rule
 * for a transport without RNR flow control, which also meets the RNR
 * one), reserved octets zero. cap is the room at out. Returns RDMANEG_OK,
 * RDMANEG_E_INVAL or RDMANEG_E_NOSPACE; nothing is written on an error.
 */
/*@ requires r == \null || \valid_read(r);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires r == \null || out == \null || \separated(r, out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_NVME_ACCEPT_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures fields: \result == RDMANEG_OK ==> cap >= RDMANEG_NVME_ACCEPT_LEN &&
      // [nvme-rdma#fig6-2]
      rdmaneg_le16(out, 0) == 0 && rdmaneg_le16(out, 2) == r->hsqsize;
    ensures reserved_zero: \result == RDMANEG_OK ==> \forall integer i;
      RDMANEG_NVME_ACCEPT_RSVD <= i < RDMANEG_NVME_ACCEPT_LEN ==> out[i] == 0;
*/
int rdmaneg_nvme_accept_encode(const struct rdmaneg_nvme_req *r, uint8_t *out, size_t cap);

/*
 * A host's check of the accept buf[0..len-1] that answered the request
 * r ([nvme-rdma#fig6]): *acc holds its fields (all zero when short) and the return
 * value, through *defects, says what breaks the spec: D_SHORT (below 32
 * octets), D_RECFMT, D_CRQSIZE (rnr: above r->hsqsize; without: not equal
 * to it). Reserved octets are reported in acc->reserved_at, never a
 * defect (no rule reads them). Returns RDMANEG_OK or RDMANEG_E_INVAL (a
 * NULL pointer, or buf NULL with len > 0).
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires r == \null || \valid_read(r);
    requires acc == \null || \valid(acc);
    requires defects == \null || \valid(defects);
    requires acc == \null || defects == \null || \separated(acc, defects);
    requires acc == \null || r == \null || \separated(acc, r);
    requires defects == \null || r == \null || \separated(defects, r);
    requires buf == \null || acc == \null || \separated(acc, buf + (0 .. len - 1));
    requires buf == \null || defects == \null || \separated(defects, buf + (0 .. len - 1));
    assigns *acc, *defects;
    behavior inval:
      assumes r == \null || acc == \null || defects == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior check:
      assumes r != \null && acc != \null && defects != \null && !(buf == \null && len > 0);
      ensures \result == RDMANEG_OK;
      // [nvme-rdma#fig6-1]
      ensures short: len < RDMANEG_NVME_ACCEPT_LEN <==> *defects == RDMANEG_NVME_D_SHORT;
      ensures bits: *defects <= RDMANEG_NVME_D_SHORT + RDMANEG_NVME_D_RECFMT +
        RDMANEG_NVME_D_CRQSIZE;
*/
int rdmaneg_nvme_accept_check(const uint8_t *buf, size_t len, const struct rdmaneg_nvme_req *r,
			      bool rnr, struct rdmaneg_nvme_accept *acc, unsigned *defects);

/*
 * Writes the 4-octet reject with status sts into out[0..3] ([nvme-rdma#fig7]); cap
 * is the room at out. Returns RDMANEG_OK, RDMANEG_E_INVAL (out NULL, or
 * sts not 1..9) or RDMANEG_E_NOSPACE (cap below 4).
 */
/*@ requires out == \null || \valid(out + (0 .. cap - 1));
    assigns out[0 .. RDMANEG_NVME_REJECT_LEN - 1];
    ensures \result == RDMANEG_OK || \result == RDMANEG_E_INVAL ||
      \result == RDMANEG_E_NOSPACE;
    ensures fields: \result == RDMANEG_OK ==> cap >= RDMANEG_NVME_REJECT_LEN &&
      // [nvme-rdma#fig11-1]
      1 <= sts <= RDMANEG_NVME_STS_MAX &&
      rdmaneg_le16(out, 0) == 0 && rdmaneg_le16(out, 2) == sts;
*/
int rdmaneg_nvme_reject_encode(uint16_t sts, uint8_t *out, size_t cap);

/*
 * A host's reading of the reject buf[0..len-1] ([nvme-rdma#fig7], [nvme-rdma#fig11]): what
 * it holds into *rej (a field is read only when every octet of it is
 * there), its defects into *defects: D_SHORT (below 4 octets), D_RECFMT,
 * D_STS (a present STS that is 0h or reserved). Returns RDMANEG_OK or
 * RDMANEG_E_INVAL.
 */
/*@ requires buf == \null || \valid_read(buf + (0 .. len - 1));
    requires rej == \null || \valid(rej);
    requires defects == \null || \valid(defects);
    requires rej == \null || defects == \null || \separated(rej, defects);
    requires buf == \null || rej == \null || \separated(rej, buf + (0 .. len - 1));
    requires buf == \null || defects == \null || \separated(defects, buf + (0 .. len - 1));
    assigns *rej, *defects;
    behavior inval:
      assumes rej == \null || defects == \null || (buf == \null && len > 0);
      assigns \nothing;
      ensures \result == RDMANEG_E_INVAL;
    behavior read:
      assumes rej != \null && defects != \null && !(buf == \null && len > 0);
      ensures \result == RDMANEG_OK;
      ensures recfmt: rej->has_recfmt <==> len >= 2;
      // [nvme-rdma#fig7-1]
      ensures sts: rej->has_sts <==> len >= RDMANEG_NVME_REJECT_LEN;
      ensures sts_value: rej->has_sts ==> rej->sts == rdmaneg_le16(buf, 2);
      ensures short: len < RDMANEG_NVME_REJECT_LEN ==> *defects % 2 == 1;
      ensures bits: *defects <= RDMANEG_NVME_D_SHORT + RDMANEG_NVME_D_RECFMT +
        RDMANEG_NVME_D_STS;
*/
int rdmaneg_nvme_reject_read(const uint8_t *buf, size_t len, struct rdmaneg_nvme_reject *rej,
			     unsigned *defects);

/* The name of status sts: "accept" for 0, the [nvme-rdma#fig11] name of a status
 * ("invalid_hsqsize"), "reserved" otherwise. Never NULL. */
/*@ assigns \nothing;
    ensures \result != \null;
*/
const char *rdmaneg_nvme_sts_name(unsigned sts);

#endif
