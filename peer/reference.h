/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reference: a conforming MPA responder and initiator built from the core,
 * for testing rdmaneg-peer itself on the host (and as a model of what the
 * RFCs ask). Planted faults turn each into a negative control:
 *   rev0_accept   the responder accepts Rev 0 Requests (as Rev 1)
 *   reply_3fff    the responder answers every enhanced Request with
 *                 IRD = ORD = 0x3FFF ("don't negotiate") instead of numbers
 *   ignore_3fff   the responder treats an initiator's 0x3FFF as a number
 *                 and never echoes it
 */
#ifndef RDMANEG_PEER_REFERENCE_H
#define RDMANEG_PEER_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

enum rdmaneg_ref_plant {
	RDMANEG_REF_NONE = 0,
	RDMANEG_REF_REV0_ACCEPT,
	RDMANEG_REF_REPLY_3FFF,
	RDMANEG_REF_IGNORE_3FFF,
	RDMANEG_REF_RESET_KILLS,   /* a connection reset before its Request ends
				    the listener: siw's finding 7 */
	RDMANEG_REF_CRC_UNCHECKED, /* the RTR's CRC is never checked */
	RDMANEG_REF_CRC_ALWAYS	   /* ... and checked even with CRCs off */
};

/* Name to plant; -1 if unknown. */
int rdmaneg_ref_plant_parse(const char *name);

/* Serves count connections (0: until killed) on the listening socket lfd,
 * and closes it: at the count-th accept, before serving that connection. */
void rdmaneg_ref_respond(int lfd, enum rdmaneg_ref_plant plant, unsigned count);

/* Connects to sa again and again, one Request each, until a connect is
 * refused (the peer is done) or count connections (0: no limit). With
 * p2p the Requests set A and offer every RTR type. Returns the number of
 * connections made. */
unsigned rdmaneg_ref_initiate(const struct sockaddr_storage *sa, socklen_t salen, bool p2p,
			      unsigned count);

#endif
