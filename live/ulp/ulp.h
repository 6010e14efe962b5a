/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The harness as a hostile client or server of a kernel ULP that puts its
 * own header in the CM private data and exchanges a first message right
 * after the connection: SMB Direct (live/smbd/) and iSER (live/iser/).
 * Guest only (rdma_cm and verbs). A case's outcome is printed as one
 * line and judged on the host by that suite's report.
 */
#ifndef RDMANEG_LIVE_ULP_H
#define RDMANEG_LIVE_ULP_H

#include <rdma/rdma_cma.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define LIVE_ULP_PD 256	  /* private data, either way: [rfc5044#7.1]'s 512 is the MPA limit */
#define LIVE_ULP_MSG 1024 /* a first message, either way */
#define LIVE_ULP_KEEP 64  /* the octets of a message a line shows */

/* A hostile client's case: what it sent and what came back. */
struct live_ulp_client_out {
	char event[40]; /* the answer's rdma_cm event, or connect-failed, no-event */
	int status;
	uint8_t rep[LIVE_ULP_PD];
	size_t rep_len;
	bool established;
	bool sent;		   /* the first message went out */
	uint8_t msg[LIVE_ULP_MSG]; /* the server's first message */
	size_t msg_len;
	bool got_msg;
	bool closed;	/* the server ended the connection within the wait */
	bool last_sent; /* the last one's send completed: the connection was closed then */
};

/*
 * One connection to sin with private data pd[0..pd_len-1] (ird and ord as
 * responder resources and initiator depth); once established, msg (when
 * msg_len > 0) is sent and the server's first message or its close is
 * awaited for wait_ms (then 500 ms more for a close after a message).
 * The connection is closed after. 0, or -1 when no id could be made.
 */
int live_ulp_client(struct rdma_event_channel *ch, const struct sockaddr_in *sin, const uint8_t *pd,
		    size_t pd_len, uint8_t ird, uint8_t ord, const uint8_t *msg, size_t msg_len,
		    int wait_ms, struct live_ulp_client_out *o);

/* A client's answer to the server's message m[0..len-1]: writes it into
 * out (at most cap) and returns its length (0: none); sets *last when the
 * connection is to be closed as soon as this answer has left. */
typedef size_t (*live_ulp_answer_fn)(const uint8_t *m, size_t len, uint8_t *out, size_t cap,
				     bool *last, void *ctx);
/* A client's conversation: its first message, how long to wait for each
 * of the server's, and its answer to each (NULL: none) */
struct live_ulp_talk {
	const uint8_t *msg;
	size_t msg_len;
	int wait_ms;
	live_ulp_answer_fn answer;
	void *ctx;
	/* the last answer followed, in the same post, by an RDMA Write to a
	 * remote key nobody registered: the server's QP fails in its receive
	 * path right after the answer has arrived */
	bool poison;
};
/*
 * live_ulp_client with t's messages: each message of the server's is
 * given to t->answer and its answer sent, until one is the last: then
 * the connection is closed as soon as that send has completed, without
 * waiting for a reply, so what the server does with a message whose
 * connection is gone is the case (o->last_sent). The last answer's send
 * failing ends the conversation at once too.
 * live_ulp_client is this without answers.
 */
int live_ulp_client_talk(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
			 const uint8_t *pd, size_t pd_len, uint8_t ird, uint8_t ord,
			 const struct live_ulp_talk *t, struct live_ulp_client_out *o);

/* HOLD: no rdma_cm answer at all; the client's TCP handshake held while
 * it is killed (live_ulp_hold) */
enum live_ulp_answer { LIVE_ULP_ACCEPT, LIVE_ULP_REJECT, LIVE_ULP_SILENT, LIVE_ULP_HOLD };

/* The server's answer to the client's first message m[0..len-1]: writes
 * it into out (at most cap) and returns its length, 0 for none. */
typedef size_t (*live_ulp_reply_fn)(const uint8_t *m, size_t len, uint8_t *out, size_t cap,
				    void *ctx);

/* A hostile server's case: what the kernel client sent and did. */
struct live_ulp_server_out {
	unsigned requests; /* connection requests seen (the first is answered) */
	uint8_t req[LIVE_ULP_PD];
	size_t req_len;
	bool established;
	uint8_t first[LIVE_ULP_MSG]; /* the client's first message */
	size_t first_len;
	bool got_first;
	uint8_t reply[LIVE_ULP_MSG]; /* ours to it */
	size_t reply_len;
	/* after the reply (or the accept, with no reply): "continued" (a
	 * further message), "closed", "silent" (neither within the wait), or
	 * "-" (not established) */
	const char *after;
	char client[16]; /* the client command's exit status, "hung", "fork" */
};

/*
 * One case of a hostile server on listener (its events on ch): the kernel
 * client is started as argv in a child (stdout and stderr to /dev/null);
 * its first connection request is answered with how and pd[0..pd_len-1];
 * once established, its first message is answered with reply(); then
 * what it does is awaited for wait_ms. The child gets client_ms in all,
 * then is killed (after a decision, it gets 2 * wait_ms to exit). Later
 * requests are rejected. 0, or -1 (no child).
 */
int live_ulp_server(struct rdma_event_channel *ch, char *const argv[], enum live_ulp_answer how,
		    const uint8_t *pd, size_t pd_len, live_ulp_reply_fn reply, void *ctx,
		    int wait_ms, int client_ms, struct live_ulp_server_out *o);

/* The client command argv in a child, stdout and stderr to /dev/null:
 * its pid, or -1. */
pid_t live_ulp_start_client(char *const argv[]);
/* True once the child pid has exited, its status in client ("N", or 128 +
 * the signal). */
bool live_ulp_client_exited(pid_t pid, char *client, size_t cap);

/*
 * A LIVE_ULP_HOLD case (live/ulp/ulp_hold.c), with no rdma_cm listener on
 * addr:port: a TCP listener there whose full queue drops the client argv's
 * SYN; once it has (TcpExt ListenOverflows), the client is killed, and
 * when it has blocked (or exited: its kernel stack printed) the queue is
 * freed, its connection accepted, what it sends read into req, the
 * connection reset 1 s later, and the case waits 8 s more. In
 * o: requests 1 when the SYN was held; after "connected" (its connection
 * came after the kill), "gave-up" (none), or "no-syn" (never held);
 * client its exit status, or "hung". Prints one LIVE_ULP_HOLD line of
 * timings (ms from the start; -1: never). 0, or -1 with why on stderr.
 */
int live_ulp_hold(const char *addr, int port, char *const argv[], FILE *out,
		  struct live_ulp_server_out *o);

/* One case of a suite's hostile server, as live_ulp_serve runs it. */
struct live_ulp_case {
	const char *name;
	enum live_ulp_answer how; /* to the first connection request */
	const uint8_t *pd;	  /* with this private data */
	size_t pd_len;
	live_ulp_reply_fn reply; /* to the first message; NULL: none */
	void *ctx;		 /* reply's */
};

/* A suite's hostile server: where it listens, what it prints, its cases. */
struct live_ulp_server_cases {
	const char *verb; /* the rdmaneg-live verb, for its errors */
	int port;
	const char *role;     /* the case line: CASE ROLE NAME */
	const char *case_tag; /* CASE, e.g. LIVE_ISER_CASE */
	const char *line;     /* the result line's tag; LINE_END ends the run */
	bool show_reply;      /* the result line ends with our reply */
	int wait_ms, client_ms;
	/* case i into *c: 1 when it is this server's, 0 another role's, -1
	 * past the last; ctx is the suite's */
	int (*nth)(size_t i, struct live_ulp_case *c, void *ctx);
	void *ctx;
};

/*
 * The suite's server cases first .. first + count - 1 (count 0: to the
 * last) against the kernel client argv, one live_ulp_server each, on a
 * listener at addr and the suite's port. Each prints "CASE ROLE NAME"
 * (the kernel's lines after it are the case's), then
 *   LINE NAME REQUESTS ESTABLISHED AFTER CLIENT  REQ OUR-PD FIRST [REPLY]
 * each octet string as live_ulp_hex writes it; then LINE_END. 0, or 1
 * with why on stderr when it cannot listen.
 */
int live_ulp_serve(const struct live_ulp_server_cases *s, const char *addr, size_t first,
		   size_t count, char *const argv[], FILE *out);

/* " LEN HEX": b[0..len-1]'s length and at most LIVE_ULP_KEEP octets of
 * it in hex, or " 0 -": two fields of a line */
void live_ulp_hex(FILE *out, const uint8_t *b, size_t len);

#endif
