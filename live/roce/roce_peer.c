// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * roce_peer (guest only): the hostile RoCE v2 peer. On an AF_PACKET
 * socket of IFNAME (veth1, whose other end carries rxe0) it sends each
 * case's frame, built by the core, and reads what comes back for the
 * case's REQ within the case's time: a REP (then it sends the RTU and a
 * DREQ, and waits for the DREP), a REJ, an MRA, or nothing. It also
 * reads rxe0's rcvd_pkts counter before and after, so a frame rxe
 * dropped shows, and judges every frame rxe sends with the core
 * (src/roce.c: its ICRC). One line a case:
 *   LIVE_ROCE_BEGIN passive K NAME
 *   LIVE_ROCE_SENT K HEX   LIVE_ROCE_GOT K HEX (the first answer)
 *   LIVE_ROCE_CASE K NAME answer=A reason=R rcvd=D icrc=ok|bad|- frames=N
 *   PEER_VERDICT passive K NAME conforms|diverges
 * An active case (after the passive ones) turns the roles round: the
 * command after "--" (rdmaneg-live connect, started at the first active
 * case and stopped at the end) asks 203.0.113.2 for a connection, and
 * the peer answers each new REQ with the case's MADs; what comes back
 * is the case's answer (an RTU, a REJ, nothing), and the connector's
 * log its event:
 *   LIVE_ROCE_REQ K HEX (Linux's REQ frame)   LIVE_ROCE_ULP K LINE
 *   LIVE_ROCE_CASE K NAME answer=A ... event=E status=S
 *   PEER_VERDICT active K NAME conforms|diverges
 * nvme-rdma's cases (last; the connector is stopped first): the peer
 * makes the kernel host connect through /dev/nvme-fabrics and answers
 * its admin queue's REQ with the NVMe suite's accept or reject; event=
 * says whether the host then sent its first command to the QP our REP
 * named (CAPSULE, NO_CAPSULE), status= how its connect attempt ended
 * (0, its errno, -1 still trying after 20 s). xprtrdma's (h-nfs-, after
 * them) mount NFS 4.1 over RDMA from the peer, a port a row (the NFS
 * suite's hostile server's of that case), whose REP carries the NFS
 * suite's server case; event= is CALL-S/R (the client's first call seen
 * after the RTU, S and R its xprtrdma_inline_thresh thresholds), CALL or
 * NO_CALL, ulppd= its REQ's private data, status= how the mount ended.
 * ib_iser's (h-iser-, last) have open-iscsi log in to the peer, a port a
 * row, whose REP or REJ carries the iSER suite's target case; event= is
 * LOGIN (its Login Request seen on the QP our REP named) or NO_LOGIN,
 * ulppd= its REQ's private data, status= iscsiadm's exit status.
 */
#define _GNU_SOURCE
#include "live/roce/roce_peer.h"
#include "live/roce/roce_host.h"
#include "live/roce/roce_live.h"
#include "live/roce/roce_mads.h"
#include "live/roce/roce_ulp.h"
#include "live/roce/roce_wire.h"

#include "util/clock.h"
#include "util/hex.h"
#include <rdmaneg/ibcm.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RCVD "/sys/class/infiniband/%s/ports/1/hw_counters/rcvd_pkts"

#define ANSWERED (sizeof(((struct live_roce_peer *)0)->answered) / sizeof(uint32_t))

static long long now_ms(void)
{
	return (long long)(rdmaneg_mono_us() / 1000);
}

/* the first line of a small file, without its newline; false when unread */
static bool read_line(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)cap, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

static int read_mac(const char *ifname, uint8_t mac[6])
{
	char path[128], line[64], *p = line;

	snprintf(path, sizeof(path), "/sys/class/net/%s/address", ifname);
	if (!read_line(path, line, sizeof(line)))
		return -1;
	for (int i = 0; i < 6; i++) {
		char *end = NULL;
		unsigned long v = strtoul(p, &end, 16);

		if (end != p + 2 || v > 255 || *end != (i == 5 ? '\0' : ':'))
			return -1;
		mac[i] = (uint8_t)v;
		p = end + (i < 5);
	}
	return 0;
}

/* rxe's count of the packets it took (after its checks), or -1. The
 * RDMA core caches a device's counters for their lifespan (10 ms by
 * default: core/sysfs.c), so a read right after another may show the
 * older value: wait it out first. */
static long long rcvd_pkts(const char *dev)
{
	char path[160], line[32], *end = NULL;
	long long v;

	usleep(30000);
	snprintf(path, sizeof(path), RCVD, dev);
	if (!read_line(path, line, sizeof(line)))
		return -1;
	v = strtoll(line, &end, 10);
	return end != line && *end == '\0' && v >= 0 ? v : -1;
}

static void put_hex(const char *tag, size_t k, const uint8_t *p, size_t n)
{
	printf("%s %zu ", tag, k);
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
	putchar('\n');
}

/* frame the MAD of n octets to QP1 of rxe, from QP1 of ours */
static int send_mad(struct live_roce_peer *p, struct rdmaneg_roce_hdr *h, const uint8_t *mad,
		    size_t n, size_t k, bool show)
{
	static uint8_t f[RDMANEG_ROCE_FRAME_MAX];
	struct sockaddr_ll to = { .sll_family = AF_PACKET,
				  .sll_ifindex = p->ifindex,
				  .sll_halen = 6 };
	size_t len = 0;

	if (live_roce_encode(h, p->mac, p->rxe_mac, mad, n, f, sizeof(f), &len) != RDMANEG_OK) {
		fprintf(stderr, "rdmaneg-live roce-peer: case %zu: no frame (%s out of range)\n", k,
			rdmaneg_roce_field_name(rdmaneg_roce_check(h, n)));
		return -1;
	}
	memcpy(to.sll_addr, p->rxe_mac, 6);
	if (show)
		put_hex("LIVE_ROCE_SENT", k, f, len);
	if (sendto(p->fd, f, len, 0, (struct sockaddr *)&to, sizeof(to)) != (ssize_t)len) {
		fprintf(stderr, "rdmaneg-live roce-peer: send: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* The next well-formed CM MAD rxe sends within deadline, into *m and
 * frame (the whole frame); every RoCE frame seen counted in *frames and
 * judged in *icrc_bad. 0, or -1 at the deadline. */
static int next_mad(struct live_roce_peer *p, long long deadline, struct rdmaneg_ibcm_msg *m,
		    uint8_t *frame, size_t *frame_len, size_t *mad_off, unsigned *frames,
		    unsigned *icrc_bad)
{
	for (;;) {
		struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
		struct sockaddr_ll from = { 0 };
		socklen_t fl = sizeof(from);
		struct rdmaneg_roce_hdr h;
		size_t off, n;
		unsigned d, md;
		long long left = deadline - now_ms();
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
			return -1;
		got = recvfrom(p->fd, frame, RDMANEG_ROCE_FRAME_MAX + 64, 0,
			       (struct sockaddr *)&from, &fl);
		if (got <= 0 || from.sll_pkttype == PACKET_OUTGOING)
			continue;
		if (rdmaneg_roce_decode(frame, (size_t)got, &h, &off, &n, &d) != RDMANEG_OK ||
		    (d & (RDMANEG_ROCE_D_SHORT | RDMANEG_ROCE_D_ETHERTYPE | RDMANEG_ROCE_D_IP |
			  RDMANEG_ROCE_D_IP_LEN | RDMANEG_ROCE_D_UDP_PORT)))
			continue; /* ARP, or not RoCE */
		(*frames)++;
		if (d & RDMANEG_ROCE_D_ICRC)
			(*icrc_bad)++;
		if (n != RDMANEG_IBCM_MAD_LEN ||
		    rdmaneg_ibcm_decode(frame + off, n, m, &md) != RDMANEG_OK || md != 0)
			continue;
		*frame_len = (size_t)got;
		*mad_off = off;
		return 0;
	}
}

/* The next CM MAD rxe sends, whose Remote Communication ID (a SIDR
 * REP: Request ID) is id, within
 * deadline: its attribute into *attr, the MAD into mad, the frame into
 * frame; frames and ICRCs as next_mad(). 0, or -1 at the deadline. */
static int recv_answer(struct live_roce_peer *p, uint32_t id, long long deadline, uint16_t *attr,
		       uint8_t *mad, uint8_t *frame, size_t *frame_len, unsigned *frames,
		       unsigned *icrc_bad)
{
	static uint8_t f[RDMANEG_ROCE_FRAME_MAX + 64];
	struct rdmaneg_ibcm_msg m;
	size_t fl = 0, off = 0;

	while (next_mad(p, deadline, &m, f, &fl, &off, frames, icrc_bad) == 0) {
		/* a SIDR REP names the SIDR REQ by its Request ID */
		if (m.attr == RDMANEG_IBCM_SIDR_REP ? m.local_id != id : m.remote_id != id)
			continue;
		*attr = m.attr;
		memcpy(mad, f + off, RDMANEG_IBCM_MAD_LEN);
		memcpy(frame, f, fl);
		*frame_len = fl;
		return 0;
	}
	return -1;
}

/* [ibcm-c12#dreq-1]: our DREQ (we are ours, Linux is their, its QP qpn)
 * with h's headers as they are, and Linux's DREP awaited */
static void close_dreq(struct live_roce_peer *p, struct rdmaneg_roce_hdr *h, uint32_t ours,
		       uint64_t their, uint64_t qpn, size_t k)
{
	static uint8_t fr[RDMANEG_ROCE_FRAME_MAX + 64];
	uint8_t mad[RDMANEG_IBCM_MAD_LEN], got[RDMANEG_IBCM_MAD_LEN];
	uint16_t attr = 0;
	size_t fl;
	unsigned frames = 0, bad = 0;

	(void)rdmaneg_ibcm_init(mad, sizeof(mad), RDMANEG_IBCM_DREQ, 0x5400000000000000ull + k);
	(void)rdmaneg_ibcm_set(mad, sizeof(mad), RDMANEG_IBCM_F_DREQ_LOCAL_COMM_ID, ours);
	(void)rdmaneg_ibcm_set(mad, sizeof(mad), RDMANEG_IBCM_F_DREQ_REMOTE_COMM_ID, their);
	(void)rdmaneg_ibcm_set(mad, sizeof(mad), RDMANEG_IBCM_F_DREQ_REMOTE_QPN, qpn);
	if (send_mad(p, h, mad, sizeof(mad), k, false) != 0)
		return;
	if (recv_answer(p, ours, now_ms() + p->wait_ms, &attr, got, fr, &fl, &frames, &bad) == 0)
		printf("LIVE_ROCE_CLOSE %zu attr=0x%x icrc=%s\n", k, attr, bad ? "bad" : "ok");
	else
		printf("LIVE_ROCE_CLOSE %zu attr=none\n", k);
}

/* after a REP: the RTU ([ibcm-c12#rtu-1]), then our DREQ */
static void finish(struct live_roce_peer *p, const struct live_roce_case *c, const uint8_t *rep,
		   size_t k)
{
	struct rdmaneg_roce_hdr h = c->frame;
	uint8_t mad[RDMANEG_IBCM_MAD_LEN];
	uint64_t their = 0, qpn = 0;

	(void)rdmaneg_ibcm_get(rep, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REP_LOCAL_COMM_ID, &their);
	(void)rdmaneg_ibcm_get(rep, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REP_LOCAL_QPN, &qpn);
	h.icrc_xor = 0;
	h.pad = 0;
	(void)rdmaneg_ibcm_init(mad, sizeof(mad), RDMANEG_IBCM_RTU, 0x5300000000000000ull + k);
	(void)rdmaneg_ibcm_set(mad, sizeof(mad), RDMANEG_IBCM_F_RTU_LOCAL_COMM_ID, c->comm_id);
	(void)rdmaneg_ibcm_set(mad, sizeof(mad), RDMANEG_IBCM_F_RTU_REMOTE_COMM_ID, their);
	h.psn = (h.psn + 1) & 0xFFFFFF;
	if (send_mad(p, &h, mad, sizeof(mad), k, false) != 0)
		return;
	h.psn = (h.psn + 1) & 0xFFFFFF;
	close_dreq(p, &h, c->comm_id, their, qpn, k);
}

/* the answer an attribute makes: what a case's REQ (passive) or REP
 * (active) got back */
static enum live_roce_answer answer_of_attr(uint16_t attr)
{
	switch (attr) {
	case RDMANEG_IBCM_REP:
		return LIVE_ROCE_REP;
	case RDMANEG_IBCM_REJ:
		return LIVE_ROCE_REJ;
	case RDMANEG_IBCM_MRA:
		return LIVE_ROCE_MRA;
	case RDMANEG_IBCM_RTU:
		return LIVE_ROCE_RTU;
	default:
		return LIVE_ROCE_OTHER;
	}
}

/* A child running run(p), which ends it (_exit); its pid, or 0 with why
 * on stderr: the connector and nvme-rdma's connecting child alike. */
static pid_t spawn(const struct live_roce_peer *p, void (*run)(const struct live_roce_peer *p))
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		run(p);
		_exit(127);
	}
	if (pid < 0) {
		fprintf(stderr, "rdmaneg-live roce-peer: fork: %s\n", strerror(errno));
		return 0;
	}
	return pid;
}

static void run_connector(const struct live_roce_peer *p)
{
	execv(p->connect[0], p->connect);
	fprintf(stderr, "rdmaneg-live roce-peer: %s: %s\n", p->connect[0], strerror(errno));
	_exit(127);
}

/* the connector, started once for the active cases; 0 or -1 */
static int start_connector(struct live_roce_peer *p)
{
	if (p->child > 0)
		return 0;
	if (!p->connect) {
		fprintf(stderr, "rdmaneg-live roce-peer: active cases need a connector after --\n");
		return -1;
	}
	p->child = spawn(p, run_connector);
	return p->child > 0 ? 0 : -1;
}

static void stop_connector(struct live_roce_peer *p)
{
	if (p->child <= 0)
		return;
	kill(p->child, SIGTERM);
	(void)waitpid(p->child, NULL, 0);
	p->child = 0;
}

/* the connector's log lines since the last call, each as "LIVE_ROCE_ULP
 * K LINE"; the first event of a connection after the last case's (its
 * "seq=", one a connection) into event and *status (event "-" when none):
 * a late line of an earlier connection (its DISCONNECTED) is not this
 * case's */
static void read_events(struct live_roce_peer *p, size_t k, char *event, size_t cap,
			long long *status)
{
	FILE *f = p->log ? fopen(p->log, "r") : NULL;

	snprintf(event, cap, "-");
	*status = 0;
	if (!f)
		return;
	if (fseek(f, p->log_off, SEEK_SET) == 0) {
		char line[1024];

		while (fgets(line, sizeof(line), f)) {
			const char *e = strstr(line, " event="), *st = strstr(line, " status="),
				   *sq = strstr(line, " seq=");
			long long seq = sq ? strtoll(sq + 5, NULL, 10) : -1;

			if (!strchr(line, '\n'))
				break; /* a line still being written: the next call's */
			p->log_off = ftell(f);
			line[strcspn(line, "\n")] = '\0';
			printf("LIVE_ROCE_ULP %zu %s\n", k, line);
			if (e && strcmp(event, "-") == 0 && seq > p->seq_done) {
				snprintf(event, cap, "%.*s", (int)strcspn(e + 7, " "), e + 7);
				*status = st ? strtoll(st + 8, NULL, 10) : 0;
				p->seq_done = seq;
			}
		}
	}
	fclose(f);
}

/* The next REQ Linux sends to port (of rdma_cm's TCP port space) with a
 * Local Communication ID not answered before, within deadline: the MAD
 * into req, the frame shown. 0 or -1. */
static int recv_req(struct live_roce_peer *p, size_t k, long long deadline, uint16_t port,
		    uint8_t *req, unsigned *frames, unsigned *bad)
{
	static uint8_t f[RDMANEG_ROCE_FRAME_MAX + 64];
	struct rdmaneg_ibcm_msg m;
	size_t fl = 0, off = 0;

	while (next_mad(p, deadline, &m, f, &fl, &off, frames, bad) == 0) {
		uint64_t sid = 0;
		bool old = false;

		if (m.attr != RDMANEG_IBCM_REQ ||
		    rdmaneg_ibcm_get(f + off, RDMANEG_IBCM_MAD_LEN, RDMANEG_IBCM_F_REQ_SERVICE_ID,
				     &sid) != RDMANEG_OK ||
		    (sid & 0xFFFFu) != port)
			continue;
		for (size_t i = 0; i < p->n_answered && i < ANSWERED; i++)
			old |= p->answered[i] == m.local_id;
		if (old)
			continue; /* a REQ sent again */
		p->answered[p->n_answered++ % ANSWERED] = m.local_id;
		memcpy(req, f + off, RDMANEG_IBCM_MAD_LEN);
		put_hex("LIVE_ROCE_REQ", k, f, fl);
		return 0;
	}
	return -1;
}

/* a MAD to Linux's QP1 with the case's headers and the next PSN */
static int send_next(struct live_roce_peer *p, const struct live_roce_case *c, const uint8_t *mad,
		     size_t k, bool show)
{
	struct rdmaneg_roce_hdr h = c->frame;

	h.psn = p->psn++ & 0xFFFFFF;
	return send_mad(p, &h, mad, RDMANEG_IBCM_MAD_LEN, k, show);
}

/* nvme-rdma's cases: the host's connect attempt, at most, after the
 * peer's part; how long its first command is awaited after the RTU (the
 * guest sets nvme_core's admin_timeout to 2 s: live/roce/roce-init.sh) */
#define HOST_MS 20000
#define CAPSULE_MS 3000

/* the ULPs' connecting children (live/roce/roce_host.c) */
static void run_host(const struct live_roce_peer *p)
{
	(void)p;
	live_roce_nvme_connect();
}

static void run_mount(const struct live_roce_peer *p)
{
	live_roce_nfs_mount(p->host_port);
}

static void run_login(const struct live_roce_peer *p)
{
	live_roce_iser_login(p->host_port);
}

/* the ULP's connecting child started (nvme-rdma's, the NFS client's or
 * open-iscsi's); 0, or -1 (no child) */
static int start_host(struct live_roce_peer *p, enum live_roce_ulp u)
{
	p->host = spawn(p, u == LIVE_ROCE_ULP_NFS_CLIENT       ? run_mount
			   : u == LIVE_ROCE_ULP_ISER_INITIATOR ? run_login
							       : run_host);
	return p->host > 0 ? 0 : -1;
}

/* " ulppd=HEX": pd's n octets through the last that is not zero (the
 * rest are zeros), "-" for none */
static void put_pd(const uint8_t *pd, size_t n)
{
	while (n > 0 && pd[n - 1] == 0)
		n--;
	printf(" ulppd=");
	if (n == 0)
		putchar('-');
	rdmaneg_hex_print(stdout, pd, n);
}

/* A REJ of reason 28 (consumer defined, as rdma_reject() sends it) to
 * the REQ req, from the peer's Local Communication ID local_id */
static void refuse(struct live_roce_peer *p, const struct live_roce_case *c, const uint8_t *req,
		   uint32_t local_id, size_t k)
{
	uint8_t rej[RDMANEG_IBCM_MAD_LEN];

	live_roce_rej_req(rej, req, local_id, 28);
	(void)send_next(p, c, rej, k, false);
	printf("LIVE_ROCE_CLOSE %zu refused a later REQ\n", k);
}

/* the host child's exit status within HOST_MS; -1 when it was still
 * trying then (it is killed, and left if it cannot die). With port, each
 * new REQ to it meanwhile (the NFS client connecting again after our
 * DREQ, to send its call once more) is refused, so that its attempts end
 * within the case and none is left for the next one's. */
static int end_host(struct live_roce_peer *p, const struct live_roce_case *c, size_t k,
		    uint16_t port)
{
	uint8_t req[RDMANEG_IBCM_MAD_LEN];
	unsigned frames = 0, bad = 0;
	int st = 0;

	for (int waited = 0; p->host > 0 && waited < HOST_MS; waited += 100) {
		if (waitpid(p->host, &st, WNOHANG) == p->host) {
			p->host = 0;
			return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
		}
		if (port && recv_req(p, k, now_ms() + 100, port, req, &frames, &bad) == 0)
			refuse(p, c, req, c->comm_id + 0x100000u + (uint32_t)waited, k);
		else if (!port)
			usleep(100000);
	}
	if (p->host > 0) {
		kill(p->host, SIGKILL);
		for (int waited = 0; waited < 2000; waited += 100) {
			if (waitpid(p->host, &st, WNOHANG) == p->host)
				break;
			usleep(100000);
		}
	}
	p->host = 0;
	return -1;
}

/* Whether Linux sends an RC packet to our QP qpn within deadline: the
 * host's first command after the RTU ([roce-a17#bth-1]: opcodes 0x00 to
 * 0x1F are RC's); frames counted and their ICRCs judged as next_mad() */
static bool watch_qp(struct live_roce_peer *p, uint32_t qpn, long long deadline, unsigned *frames,
		     unsigned *icrc_bad)
{
	static uint8_t f[RDMANEG_ROCE_FRAME_MAX + 64];

	for (;;) {
		struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
		struct sockaddr_ll from = { 0 };
		socklen_t fl = sizeof(from);
		struct rdmaneg_roce_hdr h;
		size_t off, n;
		unsigned d;
		long long left = deadline - now_ms();
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
			return false;
		got = recvfrom(p->fd, f, sizeof(f), 0, (struct sockaddr *)&from, &fl);
		if (got <= 0 || from.sll_pkttype == PACKET_OUTGOING ||
		    rdmaneg_roce_decode(f, (size_t)got, &h, &off, &n, &d) != RDMANEG_OK ||
		    (d & (RDMANEG_ROCE_D_SHORT | RDMANEG_ROCE_D_ETHERTYPE | RDMANEG_ROCE_D_IP |
			  RDMANEG_ROCE_D_IP_LEN | RDMANEG_ROCE_D_UDP_PORT)))
			continue;
		(*frames)++;
		if (d & RDMANEG_ROCE_D_ICRC)
			(*icrc_bad)++;
		if (h.dest_qp == qpn && h.opcode < 0x20)
			return true;
	}
}

/* an active case: Linux's next REQ answered with the case's MADs, then
 * its answer; an RTU is followed by our DREQ (the DREP awaited), and an
 * attempt Linux has not ended is ended with a REJ of ours */
static void run_active(struct live_roce_peer *p, const struct live_roce_case *c, size_t k)
{
	static uint8_t fr[RDMANEG_ROCE_FRAME_MAX + 64];
	uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN], got[RDMANEG_IBCM_MAD_LEN];
	uint64_t their = 0, qpn = 0, reason = 0;
	uint32_t ours = c->comm_id;
	uint16_t attr = 0;
	size_t n, fl = 0;
	unsigned frames = 0, bad = 0, md = 0;
	long long before, after, status = 0;
	enum live_roce_answer a = LIVE_ROCE_NOREQ;
	struct rdmaneg_ibcm_msg m;
	char event[32];
	bool nfs = c->ulp == LIVE_ROCE_ULP_NFS_CLIENT, capsule = false;
	bool iser = c->ulp == LIVE_ROCE_ULP_ISER_INITIATOR;
	bool host = c->ulp == LIVE_ROCE_ULP_NVME_HOST || nfs || iser;
	const uint8_t *own = NULL; /* xprtrdma's and ib_iser's: the REQ's ULP octets */
	size_t own_n = 0;

	printf("LIVE_ROCE_BEGIN active %zu %s\n", k, c->name);
	fflush(stdout);
	/* the ULPs' cases come last: the connector's attempts end first */
	if (host)
		stop_connector(p);
	if (nfs)
		live_roce_trace_clear();
	/* each NFS and iSER row its own port: a REQ sent after its row
	 * ended is refused, not taken for the next row's */
	p->host_port = nfs    ? live_roce_nfs_client_port(c->ulp_case)
		       : iser ? live_roce_iser_initiator_port(c->ulp_case)
			      : 0;
	if ((host ? start_host(p, c->ulp) : start_connector(p)) != 0 ||
	    recv_req(p, k, now_ms() + (host ? 15000 : 10000),
		     p->host_port ? p->host_port
		     : host	  ? LIVE_NVME_PORT
				  : LIVE_ROCE_ACTIVE_PORT,
		     req, &frames, &bad) != 0) {
		printf("LIVE_ROCE_CASE %zu %s answer=noreq reason=0 rcvd=-1 icrc=- frames=%u "
		       "event=- status=%d\n",
		       k, c->name, frames, host ? end_host(p, c, k, 0) : 0);
		printf("PEER_VERDICT active %zu %s diverges\n", k, c->name);
		fflush(stdout);
		return;
	}
	/* Linux's own REQ, read as a passive side reads it */
	(void)rdmaneg_ibcm_passive_check(req, sizeof(req), &m, &md);
	(void)rdmaneg_ibcm_get(req, sizeof(req), RDMANEG_IBCM_F_REQ_LOCAL_COMM_ID, &their);
	(void)rdmaneg_ibcm_get(req, sizeof(req), RDMANEG_IBCM_F_REQ_LOCAL_QPN, &qpn);
	/* xprtrdma's own RFC 8797 message, or ib_iser's iSER header, is in
	 * its REQ, after rdma_cm's header */
	if (live_roce_ulp_judges_req(c->ulp) && live_roce_req_ulp_span(&n, &own_n))
		own = req + n;
	before = rcvd_pkts(p->dev);
	n = live_roce_answer(c, req, c->comm_id, out);
	/* Linux answers a REP to its Local Communication ID, which a case
	 * may have edited */
	for (size_t i = 0; i < n; i++) {
		struct rdmaneg_ibcm_msg om;
		unsigned od = 0;

		if (rdmaneg_ibcm_decode(out[i], sizeof(out[i]), &om, &od) == RDMANEG_OK &&
		    om.attr == RDMANEG_IBCM_REP)
			ours = om.local_id;
	}
	for (size_t i = 0; i < n; i++) {
		if (send_next(p, c, out[i], k, true) != 0)
			break;
		if (i + 1 < n)
			usleep(100000);
	}
	if (recv_answer(p, ours, now_ms() + p->wait_ms, &attr, got, fr, &fl, &frames, &bad) == 0) {
		a = answer_of_attr(attr);
		if (a == LIVE_ROCE_REJ)
			(void)rdmaneg_ibcm_get(got, sizeof(got), RDMANEG_IBCM_F_REJ_REASON,
					       &reason);
		put_hex("LIVE_ROCE_GOT", k, fr, fl);
	} else {
		a = LIVE_ROCE_NONE;
	}
	after = rcvd_pkts(p->dev);
	if (a == LIVE_ROCE_RTU) {
		struct rdmaneg_roce_hdr h = c->frame;
		uint64_t our_qpn = 0;

		/* the ULP's first command or call, to the QP our REP named */
		for (size_t i = 0; host && i < n; i++)
			if (out[i][17] == RDMANEG_IBCM_REP)
				(void)rdmaneg_ibcm_get(out[i], sizeof(out[i]),
						       RDMANEG_IBCM_F_REP_LOCAL_QPN, &our_qpn);
		capsule = host &&
			  watch_qp(p, (uint32_t)our_qpn, now_ms() + CAPSULE_MS, &frames, &bad);
		h.psn = p->psn++ & 0xFFFFFF;
		close_dreq(p, &h, ours, their, qpn, k);
	} else {
		/* Linux may still wait for a REP (a REJ it sent may be its
		 * passive side's, for a REQ of ours): a REJ of ours ends its
		 * attempt, so the next case gets a new REQ; its reason, 3 (no
		 * resources), is no case's, so the ULP's event says which REJ
		 * it took */
		uint8_t rej[RDMANEG_IBCM_MAD_LEN];

		live_roce_rej_req(rej, req, c->comm_id, LIVE_ROCE_CLEANUP_REASON);
		(void)send_next(p, c, rej, k, false);
		printf("LIVE_ROCE_CLOSE %zu rej\n", k);
	}
	/* a connecting ULP's event: whether it sent its first message
	 * (xprtrdma's call, with the thresholds it took; ib_iser's Login;
	 * nvme-rdma's command); then how its child ended, later REQs to its
	 * row's port refused (none for nvme-rdma's, port 0) */
	if (nfs && capsule)
		live_roce_nfs_thresholds(p->host_port, event, sizeof(event));
	else if (host)
		snprintf(event, sizeof(event), "%s",
			 nfs	? "NO_CALL"
			 : iser ? (capsule ? "LOGIN" : "NO_LOGIN")
				: (capsule ? "CAPSULE" : "NO_CAPSULE"));
	if (host)
		status = end_host(p, c, k, p->host_port);
	/* the connector logs its event when rdma_cm hands it over, which
	 * may come after the wire's answer: read until one comes, up to 3 s */
	for (int waited = 0; !host && waited < 3000; waited += 100) {
		usleep(100000);
		read_events(p, k, event, sizeof(event), &status);
		if (strcmp(event, "-") != 0)
			break;
	}
	printf("LIVE_ROCE_CASE %zu %s answer=%s reason=%llu rcvd=%lld icrc=%s frames=%u "
	       "req=%s event=%s status=%lld",
	       k, c->name, live_roce_answer_name(a), (unsigned long long)reason,
	       before < 0 || after < 0 ? -1 : after - before, frames ? (bad ? "bad" : "ok") : "-",
	       frames, md ? "defective" : "ok", event, status);
	if (own)
		put_pd(own, own_n);
	putchar('\n');
	printf("PEER_VERDICT active %zu %s %s\n", k, c->name,
	       live_roce_judge(c, a, -1, event, own, own_n, NULL, 0) ? "conforms" : "diverges");
	fflush(stdout);
}

/* how long past wait_ms a late answer is awaited */
#define LATE_MS 10000

/* whether a conforming passive side answers c's frame at all */
static bool must_answer(const struct live_roce_case *c)
{
	enum live_roce_expect x = live_roce_expected(c);

	return x == LIVE_ROCE_X_REP || x == LIVE_ROCE_X_REJ || x == LIVE_ROCE_X_ANSWER;
}

void live_roce_peer_run(struct live_roce_peer *p, const struct live_roce_case *cc, size_t k)
{
	static uint8_t fr[RDMANEG_ROCE_FRAME_MAX + 64];
	struct live_roce_case c;
	uint8_t got[RDMANEG_IBCM_MAD_LEN];
	uint16_t attr = 0;
	uint64_t reason = 0;
	size_t fl = 0, off, n;
	unsigned frames = 0, bad = 0;
	long long before, after;
	long sts = -1;
	const uint8_t *rep_pd = NULL;
	char why[96];
	bool heard;
	enum live_roce_answer a = LIVE_ROCE_NONE;

	c = *cc;
	if (c.active) {
		run_active(p, &c, k);
		return;
	}
	printf("LIVE_ROCE_BEGIN passive %zu %s\n", k, c.name);
	fflush(stdout);
	before = rcvd_pkts(p->dev);
	if (send_mad(p, &c.frame, c.mad, c.mad_len, k, true) != 0) {
		printf("LIVE_ROCE_CASE %zu %s answer=error reason=0 rcvd=-1 icrc=- frames=0\n", k,
		       c.name);
		return;
	}
	if (c.follow) {
		struct rdmaneg_roce_hdr h = c.frame;

		/* the frame's time, then the good REQ whose answer is the case's */
		(void)recv_answer(p, c.comm_id, now_ms() + p->wait_ms, &attr, got, fr, &fl, &frames,
				  &bad);
		h.pad = 0;
		h.psn = (h.psn + 1) & 0xFFFFFF;
		c.comm_id = c.follow_id;
		if (send_mad(p, &h, c.follow_mad, sizeof(c.follow_mad), k, true) != 0)
			return;
	}
	/* an answer a conforming side must send (a REP, a REJ): awaited up
	 * to LATE_MS when it is late, so that a kernel still busy with the
	 * case (a queue sized from the REQ, memory running out) fails in it
	 * and not in the next case's time */
	heard = recv_answer(p, c.comm_id, now_ms() + p->wait_ms, &attr, got, fr, &fl, &frames,
			    &bad) == 0;
	if (!heard && must_answer(&c)) {
		heard = recv_answer(p, c.comm_id, now_ms() + LATE_MS, &attr, got, fr, &fl, &frames,
				    &bad) == 0;
		printf("LIVE_ROCE_LATE %zu %s\n", k, heard ? "answered" : "none");
	}
	if (heard) {
		a = answer_of_attr(attr);
		if (a == LIVE_ROCE_REJ)
			(void)rdmaneg_ibcm_get(got, sizeof(got), RDMANEG_IBCM_F_REJ_REASON,
					       &reason);
		/* a ULP's REJ: the status in its private data */
		if (a == LIVE_ROCE_REJ &&
		    rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REJ, &off, &n) == RDMANEG_OK)
			sts = live_roce_ulp_rej_status(&c, got + off, n);
		/* a ULP's REP: its private data (svcrdma's RFC 8797 message,
		 * isert's iSER header) */
		if (a == LIVE_ROCE_REP && live_roce_ulp_reads_rep(c.ulp) &&
		    rdmaneg_ibcm_pd_span(RDMANEG_IBCM_REP, &off, &n) == RDMANEG_OK &&
		    n == LIVE_ROCE_REP_PD)
			rep_pd = got + off;
		put_hex("LIVE_ROCE_GOT", k, fr, fl);
	}
	after = rcvd_pkts(p->dev);
	printf("LIVE_ROCE_CASE %zu %s answer=%s reason=%llu rcvd=%lld icrc=%s frames=%u", k, c.name,
	       live_roce_answer_name(a), (unsigned long long)reason,
	       before < 0 || after < 0 ? -1 : after - before, frames ? (bad ? "bad" : "ok") : "-",
	       frames);
	if (sts >= 0)
		printf(" ulpsts=%ld", sts);
	if (rep_pd)
		put_pd(rep_pd, LIVE_ROCE_REP_PD);
	putchar('\n');
	/* the guest's own verdict, for a finding's check (rdmaneg-findings
	 * seen); the host's table (roce_report.c) is the suite's */
	printf("PEER_VERDICT passive %zu %s %s\n", k, c.name,
	       live_roce_judge(&c, a, sts, NULL, rep_pd, LIVE_ROCE_REP_PD, why, sizeof(why))
		       ? "conforms"
		       : "diverges");
	fflush(stdout);
	if (a == LIVE_ROCE_REP)
		finish(p, &c, got, k);
}

int live_roce_peer_open(struct live_roce_peer *p, const char *ifname, const char *peer_if)
{
	struct sockaddr_ll at = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL) };

	p->ifindex = (int)if_nametoindex(ifname);
	if (p->ifindex == 0 || read_mac(ifname, p->mac) != 0 ||
	    read_mac(peer_if, p->rxe_mac) != 0) {
		fprintf(stderr, "rdmaneg-live roce-peer: no interface %s or %s\n", ifname, peer_if);
		return 1;
	}
	p->fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (p->fd < 0) {
		fprintf(stderr, "rdmaneg-live roce-peer: AF_PACKET: %s\n", strerror(errno));
		return 1;
	}
	at.sll_ifindex = p->ifindex;
	if (bind(p->fd, (struct sockaddr *)&at, sizeof(at)) != 0) {
		fprintf(stderr, "rdmaneg-live roce-peer: bind %s: %s\n", ifname, strerror(errno));
		close(p->fd);
		p->fd = -1;
		return 1;
	}
	return 0;
}

void live_roce_peer_close(struct live_roce_peer *p)
{
	stop_connector(p);
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}
