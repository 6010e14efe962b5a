/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * make live-roce's rows for the kernel ULPs' listeners behind rxe: a
 * good REQ to the ULP's port whose octets after rdma_cm's header are one
 * case of that ULP's own suite (nvmet: live/nvme/nvme_cases.c; svcrdma:
 * live/nfs/nfs_cases.c; isert: the hostile initiator's of
 * live/iser/iser_cases.c), what the ULP's oracle allows of its answer, the
 * clause each row tests, and the ULP's REP judged. The next ULP is a
 * row of roce_ulp.c's table and a listener in live/guest/listeners.sh
 * (started by live/roce/roce-init.sh). Pure: no sockets.
 */
#ifndef RDMANEG_LIVE_ROCE_ULP_H
#define RDMANEG_LIVE_ROCE_ULP_H

#include "live/nvme/nvme.h"
#include "live/roce/roce_live.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The ULPs, in the table's order. */
#define LIVE_ROCE_ULP_FIRST LIVE_ROCE_ULP_NVMET
#define LIVE_ROCE_ULP_LAST LIVE_ROCE_ULP_ISERT

/* The REQ's ULP octets: off and n of them, after rdma_cm's header;
 * false when the core names no such span. */
bool live_roce_req_ulp_span(size_t *off, size_t *n);
/* How many cases u's suite has (0 for none). */
size_t live_roce_ulp_count(enum live_roce_ulp u);
/* The row name of u's case i ("nvmet-NAME", "svcrdma-NAME",
 * "isert-NAME") into name (cap octets); false past the last, and for a
 * case that is not one to send a listener (the iSER suite's target
 * cases). */
bool live_roce_ulp_case_name(enum live_roce_ulp u, size_t i, char *name, size_t cap);
/* u's port on LIVE_ROCE_ADDR (0 for none). */
uint16_t live_roce_ulp_port(enum live_roce_ulp u);
/* u's case i as the ULP octets of c's REQ (c->mad, after rdma_cm's
 * header, zeros after them), and c's ulp, ulp_allowed and ulp_sts. */
void live_roce_ulp_octets(enum live_roce_ulp u, size_t i, struct live_roce_case *c);
/* The clause c (one of u's rows, its octets set) tests, as the registry
 * names it. */
const char *live_roce_ulp_clause(const struct live_roce_case *c);
/* The kernel whose ULPs answer (uname -r in the guest, the console's
 * "Linux version" word on the host): nvmet's rows are judged from now on
 * by its line's limits (live_nvme_limits; 6.1's until called), copied to
 * *lim when not NULL. Returns the line, NULL when 6.1's are assumed. */
const char *live_roce_ulp_kernel(const char *release, struct rdmaneg_nvme_limits *lim);

/*
 * nvme-rdma's rows (active): the kernel host connects through
 * /dev/nvme-fabrics to the peer, which answers its admin queue's REQ
 * with the NVMe suite's target answer j (live_nvme_tcase, built for the
 * REQ's HSQSIZE): a REP carrying the accept, or a REJ (consumer defined,
 * as rdma_reject sends one) carrying the reject.
 */
size_t live_roce_nvme_host_count(void);
/* Answer j's row name ("h-nvme-NAME") into name (cap octets); false past
 * the last and for an answer that is neither an accept nor a reject. */
bool live_roce_nvme_host_name(size_t j, char *name, size_t cap);
/* Answer j to the REQ req (256 octets) as the peer whose Local
 * Communication ID is local_id, into mad: a REP as live_roce_good_rep
 * makes it, or a REJ, its private data the answer's, zeros after it. */
void live_roce_nvme_host_answer(size_t j, const uint8_t *req, uint32_t local_id,
				uint8_t mad[RDMANEG_IBCM_MAD_LEN]);
/* What a conforming host does after answer j to nvme-rdma's admin REQ
 * (HSQSIZE 31, RNR retries): the NVMe oracle's reading of the accept. */
enum live_nvme_host_expect live_roce_nvme_host_expect(size_t j);
/* The clause row j tests: the accept's ([nvme-rdma#fig6-2]) or the
 * reject's ([nvme-rdma#fig7-1]), as the NVMe suite names them. */
const char *live_roce_nvme_host_clause(size_t j);
/* The REQ's HSQSIZE (octets 6 and 7 of its ULP octets), as the oracle
 * reads it. */
unsigned live_roce_nvme_hsqsize(const uint8_t *req);

/*
 * xprtrdma's rows (active): the kernel's NFS client mounts (vers=4.1,
 * proto=rdma) from the peer, which answers its REQ with a REP carrying
 * the NFS suite's hostile server case j's private data (live_nfs_case),
 * zeros after it to the REP's 196 octets; the client's thresholds come
 * from its xprtrdma_inline_thresh tracepoint.
 */
size_t live_roce_nfs_client_count(void);
/* Case j's row name ("h-nfs-NAME") into name (cap octets); false past
 * the last. */
bool live_roce_nfs_client_name(size_t j, char *name, size_t cap);
/* The port the client mounts from in row j: the NFS suite's hostile
 * server's port of case j (LIVE_NFS_SERVER_PORT + j), so that a REQ a
 * row's client sends after it ended is not taken for the next one's. */
uint16_t live_roce_nfs_client_port(size_t j);
/* Case j's REP to the REQ req (256 octets) as the peer whose Local
 * Communication ID is local_id, into mad. */
void live_roce_nfs_client_answer(size_t j, const uint8_t *req, uint32_t local_id,
				 uint8_t mad[RDMANEG_IBCM_MAD_LEN]);
/* The thresholds a conforming client takes after case j's REP, its own
 * private data own (n octets: its REQ's, after rdma_cm's header): the
 * oracle's reading ([rfc8797#4.2], [rfc8797#5.1-1], [rfc8797#5.2]) of
 * both; false past the last case. */
bool live_roce_nfs_client_expect(size_t j, const uint8_t *own, size_t n, size_t *send,
				 size_t *recv);
/* The clause row j tests: what the REP's private data asks of a client
 * ([rfc8797#5.1-1], [rfc8797#5.2-1], [rfc8797#4-6], or the thresholds'
 * field, [rfc8797#4-9]). */
const char *live_roce_nfs_client_clause(size_t j);
/* "A/B" at p, two decimal numbers, into *a and *b: where it ends, NULL
 * when p does not start with them. */
const char *live_roce_nfs_pair(const char *p, unsigned long *a, unsigned long *b);
/* Whether the client conformed in row j: event is "CALL-S/R" (its first
 * call after the RTU seen, xprtrdma_inline_thresh's negotiated send and
 * receive S and R), "CALL" (no such line) or "NO_CALL"; own (n octets)
 * its REQ's ULP octets. why (cap octets) says what it took and what the
 * oracle wants. */
bool live_roce_nfs_client_judge(size_t j, const char *event, const uint8_t *own, size_t n,
				char *why, size_t cap);

/*
 * ib_iser's rows (active): open-iscsi logs in (iscsiadm, the iser
 * interface) to a node at the peer's address, and the peer answers
 * ib_iser's REQ with the iSER suite's hostile target case j's REP or REJ
 * (live_iser_case, role LIVE_ISER_TARGET: they come first in its index
 * space), its private data the case's octets and zeros after them. What
 * ib_iser does next is the peer's to see: its Login Request, sent on the
 * QP the REP named, or nothing.
 */
size_t live_roce_iser_initiator_count(void);
/* Case j's row name ("h-iser-NAME") into name (cap octets); false past
 * the last. */
bool live_roce_iser_initiator_name(size_t j, char *name, size_t cap);
/* The port row j logs in to (LIVE_ISER_TARGET_PORT + j): a row's own, so
 * that a REQ ib_iser sends after its row ended is not the next one's. */
uint16_t live_roce_iser_initiator_port(size_t j);
/* Case j's REP or REJ (reason 28, rdma_reject()'s) to the REQ req as the
 * peer whose Local Communication ID is local_id, into mad. */
void live_roce_iser_initiator_answer(size_t j, const uint8_t *req, uint32_t local_id,
				     uint8_t mad[RDMANEG_IBCM_MAD_LEN]);
/* What a conforming initiator does after row j's answer, its own REQ
 * header own (n octets: its REQ's, after rdma_cm's header): "continued"
 * (its Login) after a REP that keeps the REQ's refusals ([iser-a12#rep-1]),
 * "closed" after one that claims what the REQ refused ([iser-a12#req-2],
 * [iser-a12#req-3]) or after a REJ, "either" after a REP the annex says
 * nothing of (reserved bits set); NULL past the last row. The iSER
 * suite's words (live/iser/iser_report.c). own NULL: the header ib_iser
 * sends by default (zero-based VAs refused, always_register set). */
const char *live_roce_iser_initiator_expect(size_t j, const uint8_t *own, size_t n);
/* The clause row j tests, by the same reading of the default header. */
const char *live_roce_iser_initiator_clause(size_t j);
/* Whether ib_iser conformed in row j: event is "LOGIN" (an RC packet on
 * the REP's QP after the RTU) or "NO_LOGIN"; own (n octets) its REQ's
 * ULP octets. why (cap octets) says what a conforming one does. */
bool live_roce_iser_initiator_judge(size_t j, const char *event, const uint8_t *own, size_t n,
				    char *why, size_t cap);

#endif
