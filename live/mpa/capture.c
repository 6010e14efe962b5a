// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define _GNU_SOURCE

#include "live/mpa/capture.h"

#include <arpa/inet.h>
#include <errno.h>
#include <linux/filter.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/if_ether.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define HELD 64

static int fd = -1;
static struct live_frame held[HELD];
static size_t nheld;

/* SOCK_DGRAM: offsets start at the IP header. */
static struct sock_filter mpa_filter[] = {
	BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 0), /* version/IHL */
	BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xf0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x40, 0, 11), /* IPv4 */
	BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 9),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 6, 0, 9), /* TCP */
	BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 6),
	BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x1fff, 7, 0), /* first fragment */
	BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 0),		    /* X = IHL * 4 */
	BPF_STMT(BPF_LD | BPF_B | BPF_IND, 12),		    /* TCP data offset */
	BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xf0),
	BPF_STMT(BPF_ALU | BPF_RSH | BPF_K, 2),
	BPF_STMT(BPF_ALU | BPF_ADD | BPF_X, 0),
	BPF_STMT(BPF_MISC | BPF_TAX, 0), /* X = payload offset */
	BPF_STMT(BPF_LD | BPF_W | BPF_IND, 0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x4d504120, 0, 1), /* "MPA " */
	BPF_STMT(BPF_RET | BPF_K, 0xffff),
	BPF_STMT(BPF_RET | BPF_K, 0),
};

/* ... or every IPv4/TCP segment (first fragments): the FPDUs after the
 * MPA frames too; drain() drops those without payload */
static struct sock_filter tcp_filter[] = {
	BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 0), /* version/IHL */
	BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xf0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x40, 0, 5), /* IPv4 */
	BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 9),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 6, 0, 3), /* TCP */
	BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 6),
	BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x1fff, 1, 0), /* first fragment */
	BPF_STMT(BPF_RET | BPF_K, 0xffff),
	BPF_STMT(BPF_RET | BPF_K, 0),
};

int live_capture_open(bool segments)
{
	struct sock_fprog prog = { sizeof(mpa_filter) / sizeof(mpa_filter[0]), mpa_filter };

	if (segments) {
		prog.len = sizeof(tcp_filter) / sizeof(tcp_filter[0]);
		prog.filter = tcp_filter;
	}
	struct sockaddr_ll sll;
	int one = 1;

	fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_NONBLOCK, htons(ETH_P_IP));
	if (fd < 0)
		return -1;
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_IP);
	sll.sll_ifindex = (int)if_nametoindex("lo");
	if (sll.sll_ifindex == 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog)) ||
	    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof(one)) ||
	    bind(fd, (struct sockaddr *)&sll, sizeof(sll))) {
		close(fd);
		fd = -1;
		return -1;
	}
	return 0;
}

/* Reads every queued packet into the held set (the oldest are dropped
 * when it is full: a case claims its frames when it ends). */
static void drain(void)
{
	uint8_t pkt[2048];

	for (;;) {
		struct sockaddr_ll from;
		char ctl[CMSG_SPACE(sizeof(struct timespec))];
		struct iovec iov = { pkt, sizeof(pkt) };
		struct msghdr mh = { &from, sizeof(from), &iov, 1, ctl, sizeof(ctl), 0 };
		struct cmsghdr *cm;
		struct live_frame *f;
		ssize_t n = recvmsg(fd, &mh, MSG_DONTWAIT);
		size_t ihl, doff;

		if (n < 0)
			return;
		/* lo shows each packet leaving and arriving: keep the arrival */
		if (from.sll_pkttype == PACKET_OUTGOING || n < 40)
			continue;
		/* recvmsg wrote n >= 40 octets through iov, which cppcheck cannot see */
		// cppcheck-suppress legacyUninitvar
		ihl = (size_t)(pkt[0] & 0x0f) * 4;
		if ((size_t)n < ihl + 20)
			continue;
		doff = (size_t)(pkt[ihl + 12] >> 4) * 4;
		if ((size_t)n <= ihl + doff)
			continue; /* no payload: an ACK, a SYN, a FIN */
		if (nheld == HELD) {
			memmove(held, held + 1, sizeof(held[0]) * (HELD - 1));
			nheld--;
		}
		f = &held[nheld++];
		memset(f, 0, sizeof(*f));
		f->sport = (uint16_t)(pkt[ihl] << 8 | pkt[ihl + 1]);
		f->dport = (uint16_t)(pkt[ihl + 2] << 8 | pkt[ihl + 3]);
		f->len = (size_t)n - ihl - doff;
		if (f->len > sizeof(f->b))
			f->len = sizeof(f->b);
		memcpy(f->b, pkt + ihl + doff, f->len);
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
			if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_TIMESTAMPNS) {
				struct timespec ts;

				memcpy(&ts, CMSG_DATA(cm), sizeof(ts));
				f->us = (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
			}
		}
	}
}

void live_capture_claim(int port, int64_t t0_real_us, struct live_obs *o)
{
	size_t keep = 0;

	if (fd < 0)
		return;
	drain();
	for (size_t i = 0; i < nheld; i++) {
		struct live_frame *f = &held[i];

		if ((f->dport == port || f->sport == port) && o->nframes < LIVE_MAX_FRAMES) {
			o->frame[o->nframes] = *f;
			o->frame[o->nframes].us = f->us - t0_real_us;
			o->nframes++;
		} else {
			held[keep++] = *f;
		}
	}
	nheld = keep;
}

void live_capture_close(void)
{
	if (fd >= 0)
		close(fd);
	fd = -1;
}
