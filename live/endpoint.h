/*
 * endpoint: the guest's rdma_cm ULP for rdmaneg-peer (see endpoint.c).
 * Both write ULP records to log and return 0, or 1 when rdma_cm could
 * not be set up.
 */
#ifndef RDMANEG_LIVE_ENDPOINT_H
#define RDMANEG_LIVE_ENDPOINT_H

#include <netinet/in.h>
#include <rdma/rdma_cma.h>
#include <stdio.h>

/* Accepts every connection request on addr:port, forever. */
int live_endpoint_listen(const char *addr, int port, FILE *log);
/* Connects to addr:port, one connection at a time, until refused. */
int live_endpoint_connect(const char *addr, int port, FILE *log);

/* The next rdma_cm event on ch, up to ms; NULL on a timeout or an error. */
struct rdma_cm_event *live_cm_next_event(struct rdma_event_channel *ch, int ms);
/* Resolves id's address and route to sin, acking both events; 0 or -1. */
int live_cm_resolve(struct rdma_event_channel *ch, struct rdma_cm_id *id,
		    const struct sockaddr_in *sin);

#endif
