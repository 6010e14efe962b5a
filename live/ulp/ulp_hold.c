// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * LIVE_ULP_HOLD (guest only): a hostile server that holds a kernel
 * client's TCP handshake while the client is killed. siw's connect is a
 * blocking TCP connect made inside rdma_cm's event handler (siw_connect(),
 * from rdma_connect_locked()), so a client whose wait gives up meanwhile
 * releases its socket while the handler still runs. The listener is a
 * plain TCP one with a backlog of 0 and its queue already full, so the
 * kernel drops the client's SYN (TcpExt ListenOverflows counts it): from
 * that moment the handler is inside its connect. The client is killed,
 * given time to block on the handler, then the queue is freed: the
 * SYN's retransmission (1 s, then 3 s) connects, the handler goes on, and
 * whatever it armed outlives the socket. The connection is reset 1 s
 * later: that ends the connect (siw's endpoint lets go of the QP the
 * release waits for in siw_destroy_qp()); without it siw's 10 s MPA
 * timeout would, after the ULP's timers. The case then waits past those
 * timers (smbdirect: 5 s) so that what they do is the case's.
 */
#define _GNU_SOURCE
#include "live/ulp/ulp.h"

#include "live/core/cm.h"
#include "util/clock.h"
#include "util/netstat.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define SYN_MS 20000	/* for the client's SYN */
#define BLOCK_MS 5000	/* for the killed client to block (or exit) */
#define CONNECT_MS 8000 /* for its retransmitted SYN, once the queue is free */
#define READ_MS 2000	/* for what it sends on the connection */
#define RESET_MS 1000	/* from its connection to our reset of it */
#define TIMER_MS 8000	/* past the ULP's timers, from the reset */

static long now_ms(void)
{
	return (long)(rdmaneg_mono_us() / 1000);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (ms % 1000) * 1000000L };

	(void)nanosleep(&ts, NULL);
}

/* TcpExt ListenOverflows: SYNs dropped by a full accept queue; -1 when
 * /proc/net/netstat cannot be read */
static long long overflows(void)
{
	static char text[16384];
	uint64_t v = 0;
	ssize_t n;
	int fd = open("/proc/net/netstat", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, text, sizeof(text));
	close(fd);
	if (n <= 0 || !rdmaneg_netstat_get(text, (size_t)n, "TcpExt", "ListenOverflows", &v))
		return -1;
	return (long long)v;
}

/* the state letter of /proc/PID/stat ('D': blocked uninterruptibly), or
 * '?' */
static char proc_state(pid_t pid)
{
	char path[64], text[512], *close_paren;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return '?';
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return '?';
	text[n] = '\0';
	close_paren = strrchr(text, ')'); /* the command may hold spaces */
	if (!close_paren || close_paren[1] != ' ' || !close_paren[2])
		return '?';
	return close_paren[2];
}

/* where the blocked client waits: its kernel stack, one line each */
static void print_stack(pid_t pid, FILE *out)
{
	char path[64], text[4096];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stack", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return;
	text[n] = '\0';
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		fprintf(out, "LIVE_ULP_HOLD_STACK %s\n", line);
	fflush(out);
}

/* fd readable within ms */
static bool readable(int fd, long ms)
{
	struct pollfd p = { fd, POLLIN, 0 };

	return poll(&p, 1, (int)ms) == 1 && (p.revents & POLLIN);
}

/* a TCP listener at sin with backlog 0 whose queue holds one connection
 * (*filler, never accepted until freed): 0, or -1 with errno */
static int full_listener(const struct sockaddr_in *sin, int *lfd, int *filler)
{
	const int one = 1;

	*filler = -1;
	*lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*lfd < 0)
		return -1;
	if (setsockopt(*lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0 ||
	    bind(*lfd, (const struct sockaddr *)sin, sizeof(*sin)) != 0 || listen(*lfd, 0) != 0)
		return -1;
	*filler = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*filler < 0 || connect(*filler, (const struct sockaddr *)sin, sizeof(*sin)) != 0)
		return -1;
	/* the filler is queued once the listener reads as readable */
	if (!readable(*lfd, 2000)) {
		errno = ETIMEDOUT;
		return -1;
	}
	return 0;
}

int live_ulp_hold(const char *addr, int port, char *const argv[], FILE *out,
		  struct live_ulp_server_out *o)
{
	struct sockaddr_in sin;
	int lfd = -1, filler = -1, conn = -1;
	const struct linger lg = { 1, 0 };
	long t0, syn = -1, blocked = -1, connected = -1, reset = -1;
	long long base;
	char state = '?';
	bool exited = false;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	o->after = "no-syn";
	snprintf(o->client, sizeof(o->client), "fork");
	if (live_cm_addr(addr, port, &sin) != 0 || full_listener(&sin, &lfd, &filler) != 0 ||
	    (base = overflows()) < 0) {
		fprintf(stderr, "rdmaneg-live: hold: no full TCP listener at %s:%d: %s\n", addr,
			port, strerror(errno));
		if (filler >= 0)
			close(filler);
		if (lfd >= 0)
			close(lfd);
		return -1;
	}
	t0 = now_ms();
	pid = live_ulp_start_client(argv);
	if (pid < 0) {
		close(filler);
		close(lfd);
		return -1;
	}
	/* its SYN dropped: its connect is under way, and held */
	while (now_ms() - t0 < SYN_MS && syn < 0 &&
	       !(exited = live_ulp_client_exited(pid, o->client, sizeof(o->client)))) {
		if (overflows() > base)
			syn = now_ms() - t0;
		else
			sleep_ms(10);
	}
	if (syn >= 0) {
		o->requests = 1;
		o->after = "gave-up";
		kill(pid, SIGKILL);
		/* killed: it blocks on the connect's handler, or exits */
		for (long end = now_ms() + BLOCK_MS; now_ms() < end && blocked < 0;) {
			if ((exited = live_ulp_client_exited(pid, o->client, sizeof(o->client))))
				break;
			if ((state = proc_state(pid)) == 'D')
				blocked = now_ms() - t0;
			else
				sleep_ms(10);
		}
		if (blocked >= 0) {
			sleep_ms(200); /* settled on the lock, not passing by */
			print_stack(pid, out);
		}
		/* the queue freed: the retransmitted SYN connects */
		close(filler);
		filler = -1;
		{
			int q = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);

			if (q >= 0)
				close(q);
		}
		if (readable(lfd, CONNECT_MS) &&
		    (conn = accept4(lfd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK)) >= 0) {
			ssize_t n;

			connected = now_ms() - t0;
			o->after = "connected";
			if (readable(conn, READ_MS) &&
			    (n = recv(conn, o->req, sizeof(o->req), 0)) > 0)
				o->req_len = (size_t)n; /* its MPA Request */
			/* its connect ends when the connection does: reset
			 * it once the killed client's release is past its
			 * wait for the handler (siw: else the MPA Request's
			 * 10 s timeout ends it) */
			sleep_ms(RESET_MS);
			print_stack(pid, out); /* where it waits now, if still */
			(void)setsockopt(conn, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
			close(conn);
			conn = -1;
			reset = now_ms() - t0;
			sleep_ms(TIMER_MS);
		}
	}
	if (syn < 0 && !exited)
		kill(pid, SIGKILL); /* never held: ended here, not counted as hung */
	for (long end = now_ms() + BLOCK_MS; !exited && now_ms() < end;)
		if (!(exited = live_ulp_client_exited(pid, o->client, sizeof(o->client))))
			sleep_ms(50);
	if (!exited) {
		kill(pid, SIGKILL);
		snprintf(o->client, sizeof(o->client), "hung");
	}
	fprintf(out, "LIVE_ULP_HOLD syn %ld blocked %ld %c connected %ld reset %ld client %s\n",
		syn, blocked, state, connected, reset, o->client);
	fflush(out);
	if (conn >= 0)
		close(conn);
	if (filler >= 0)
		close(filler);
	close(lfd);
	return 0;
}
