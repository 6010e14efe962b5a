/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * roce_peer (guest only): the hostile RoCE v2 peer's engine, one case at
 * a time (live/roce/roce_peer.c says what a case does and prints);
 * rdmaneg-live roce-peer (live/roce/roce_run.c) chooses the cases.
 */
#ifndef RDMANEG_LIVE_ROCE_PEER_H
#define RDMANEG_LIVE_ROCE_PEER_H

#include "live/roce/roce_live.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct live_roce_peer {
	int fd, ifindex;
	uint8_t mac[6], rxe_mac[6];
	const char *dev; /* rxe0 */
	unsigned wait_ms;
	char **connect;		/* the active cases' connector (argv), or NULL */
	const char *log;	/* the file its events go to (its --log) */
	pid_t child;		/* the connector, once started; 0 before */
	pid_t host;		/* a connecting ULP's child, in its case; 0 else */
	uint16_t host_port;	/* the port an NFS or iSER row connects to, in its case */
	long log_off;		/* how much of log was read */
	long long seq_done;	/* the connector's last connection a case took */
	uint32_t answered[256]; /* the last REQs' Local Communication IDs answered */
	size_t n_answered;	/* how many ever (a ring past 256) */
	uint32_t psn;
};

/* p's AF_PACKET socket on ifname (veth1), bound, with its MAC and that
 * of peer_if (veth0, rxe's); 0, or 1 with a message on stderr. p's dev,
 * wait_ms, connect and log are the caller's, set before or after. */
int live_roce_peer_open(struct live_roce_peer *p, const char *ifname, const char *peer_if);
/* Case c, the case of index k (a table's, or past it a random mode's):
 * its frames sent, its answers read and judged, its lines printed. */
void live_roce_peer_run(struct live_roce_peer *p, const struct live_roce_case *c, size_t k);
/* The connector stopped, the socket closed. */
void live_roce_peer_close(struct live_roce_peer *p);

#endif
