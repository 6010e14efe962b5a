/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* net: the socket-address helper rdmaneg-peer and the live endpoint share. */
#ifndef RDMANEG_NET_H
#define RDMANEG_NET_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>

/* The port of an IPv4 or IPv6 address in host order; 0 for NULL or any
 * other family. */
static inline uint16_t rdmaneg_sockaddr_port(const struct sockaddr *a)
{
	if (a && a->sa_family == AF_INET)
		return ntohs(((const struct sockaddr_in *)(const void *)a)->sin_port);
	if (a && a->sa_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)(const void *)a)->sin6_port);
	return 0;
}

#endif
