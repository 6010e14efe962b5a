/*
 * endpoint: the guest's rdma_cm ULP for rdmaneg-peer (see endpoint.c).
 * Both write ULP records to log and return 0, or 1 when rdma_cm could
 * not be set up.
 */
#ifndef RDMANEG_LIVE_ENDPOINT_H
#define RDMANEG_LIVE_ENDPOINT_H

#include <stdio.h>

/* Accepts every connection request on addr:port, forever. */
int live_endpoint_listen(const char *addr, int port, FILE *log);
/* Connects to addr:port, one connection at a time, until refused. */
int live_endpoint_connect(const char *addr, int port, FILE *log);

#endif
