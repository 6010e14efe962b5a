// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * How an rdma_cm application embeds rdmaneg for RFC 8797, built against the
 * installed library:
 *
 *   cc rdma_cm_embed.c $(pkg-config --cflags --libs rdmaneg) -o rdma_cm_embed
 *
 * Each side
 *  1. calls rdmaneg_conn_init() with its own Send and Receive sizes, and
 *     rdmaneg_conn_local_pd() to fill rdma_conn_param.private_data for
 *     rdma_connect() (client) or rdma_accept() (server);
 *  2. hands the peer's private data from the event (the server's
 *     RDMA_CM_EVENT_CONNECT_REQUEST, the client's RDMA_CM_EVENT_ESTABLISHED)
 *     to rdmaneg_conn_negotiate(); the CM may pad it (IB pads a REQ to 56
 *     octets, a REP to 196), and a peer that sent none gets the defaults
 *     ([rfc8797#5.1]);
 *  3. posts Receives of recv_threshold octets and sends larger RPC
 *     messages with chunks (send_threshold).
 *
 * This program opens no device: main() plays both sides and passes each
 * one's rdma_conn_param to the other inside a struct rdma_cm_event, as the
 * CM would. Exit 0 when both sides agree on both thresholds.
 */
#include <rdma/rdma_cma.h>
#include <rdmaneg/rdmaneg.h>

#include <stdio.h>
#include <string.h>

struct side {
	const char *name;
	struct rdmaneg_conn conn;
	uint8_t pd[RDMANEG_RPCRDMA_MSG_LEN];
	struct rdma_conn_param param; /* what rdma_connect()/rdma_accept() get */
	size_t recv_buf_size;	      /* each posted Receive */
};

static int side_init(struct side *s, const char *name, enum rdmaneg_role role, size_t send,
		     size_t recv)
{
	struct rdmaneg_rpcrdma_settings own = { send, recv, true };
	int rc;

	memset(s, 0, sizeof(*s));
	s->name = name;
	rc = rdmaneg_conn_init(&s->conn, role, &own);
	if (rc == RDMANEG_OK)
		rc = rdmaneg_conn_local_pd(&s->conn, s->pd, sizeof(s->pd));
	if (rc != RDMANEG_OK) {
		fprintf(stderr, "%s: %s\n", name, rdmaneg_strerror(rc));
		return -1;
	}
	s->param.private_data = s->pd;
	s->param.private_data_len = sizeof(s->pd);
	return 0;
}

/* The event that carries the peer's private data. */
static int on_event(struct side *s, const struct rdma_cm_event *ev)
{
	int rc;

	if (ev->event != RDMA_CM_EVENT_CONNECT_REQUEST && ev->event != RDMA_CM_EVENT_ESTABLISHED)
		return 0;
	rc = rdmaneg_conn_negotiate(&s->conn, ev->param.conn.private_data,
				    ev->param.conn.private_data_len, RDMANEG_DECODE_SEARCH);
	if (rc != RDMANEG_OK) {
		fprintf(stderr, "%s: %s\n", s->name, rdmaneg_strerror(rc));
		return -1;
	}
	s->recv_buf_size = s->conn.recv_threshold;
	printf("%s: peer message %s; send threshold %zu, Receives of %zu octets, remote invalidation %s\n",
	       s->name, rdmaneg_rpcrdma_reason_name(s->conn.peer.reason), s->conn.send_threshold,
	       s->recv_buf_size, s->conn.remote_invalidation ? "on" : "off");
	return 0;
}

/* The CM delivers private data padded to its field size. */
static void deliver(struct side *to, const struct side *from, enum rdma_cm_event_type type,
		    size_t field, uint8_t *room, int send_none)
{
	struct rdma_cm_event ev;

	memset(&ev, 0, sizeof(ev));
	memset(room, 0, field);
	if (!send_none)
		memcpy(room, from->param.private_data, from->param.private_data_len);
	ev.event = type;
	ev.param.conn.private_data = room;
	ev.param.conn.private_data_len = (uint8_t)field;
	on_event(to, &ev);
}

static int run(size_t cs, size_t cr, size_t ss, size_t sr, int old_server)
{
	struct side client, server;
	uint8_t req[56], rep[196];

	if (side_init(&client, "client", RDMANEG_ROLE_CLIENT, cs, cr) != 0 ||
	    side_init(&server, "server", RDMANEG_ROLE_SERVER, ss, sr) != 0)
		return -1;
	/* rdma_connect(id, &client.param) ... the server's CONNECT_REQUEST */
	deliver(&server, &client, RDMA_CM_EVENT_CONNECT_REQUEST, sizeof(req), req, 0);
	/* rdma_accept(id, &server.param) ... the client's ESTABLISHED; a
	 * server without RFC 8797 sends no message */
	deliver(&client, &server, RDMA_CM_EVENT_ESTABLISHED, sizeof(rep), rep, old_server);
	if (old_server)
		return 0; /* it did not read the client's message either */
	if (rdmaneg_conn_c2s(&client.conn) != rdmaneg_conn_c2s(&server.conn) ||
	    rdmaneg_conn_s2c(&client.conn) != rdmaneg_conn_s2c(&server.conn)) {
		fprintf(stderr, "the two sides disagree\n");
		return -1;
	}
	printf("agreed: client to server %zu, server to client %zu\n",
	       rdmaneg_conn_c2s(&client.conn), rdmaneg_conn_s2c(&client.conn));
	return 0;
}

int main(void)
{
	printf("rdmaneg %s\n", RDMANEG_VERSION);
	if (run(4096, 8192, 16384, 4096, 0) != 0)
		return 1;
	printf("a server without RFC 8797:\n");
	return run(4096, 8192, 16384, 4096, 1) != 0;
}
