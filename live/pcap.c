#include "pcap.h"

#include "rdmaneg.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p, int swap)
{
	uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		     (uint32_t)p[3] << 24;

	return swap ? __builtin_bswap32(v) : v;
}

static void hex(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", b[i]);
}

/* One frame: the core's view of it, for the host to check against what
 * each case sent. */
static void frame(int n, const uint8_t *pl, size_t len, unsigned sport, unsigned dport)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e = { false, false, false, false, 0, 0 };
	struct rdmaneg_rpcrdma_result r;
	const uint8_t *ulp = NULL;
	size_t ulp_len = 0;
	int rc = rdmaneg_mpa_parse(pl, len, &f);

	printf("LIVE_FRAME {\"n\":%d,\"sport\":%u,\"dport\":%u,\"hex\":\"", n, sport, dport);
	hex(pl, rc == 0 ? f.frame_len : len);
	if (rc != 0) {
		printf("\",\"error\":\"%s\"}\n", rdmaneg_status_name(rc));
		return;
	}
	if (f.enhanced)
		rdmaneg_mpa_frame_enh(&f, &e);
	rdmaneg_mpa_ulp_pd(&f, &ulp, &ulp_len);
	rdmaneg_rpcrdma_decode(ulp, ulp_len, RDMANEG_DECODE_SEARCH, &r);
	printf("\",\"type\":\"%s\",\"flags\":%u,\"rev\":%u,\"pd_length\":%u,\"enhanced\":%d,"
	       "\"marker\":%d,\"crc\":%d,\"reject\":%d,\"a\":%d,\"ird\":%u,\"ord\":%u,\"ulp\":\"",
	       f.type == RDMANEG_MPA_REQUEST ? "request" : "reply", pl[16], f.rev, f.pd_length,
	       f.enhanced, f.marker, f.crc, f.reject, e.a, e.ird, e.ord);
	hex(ulp, ulp_len);
	printf("\",\"rpcrdma_present\":%d,\"rpcrdma_offset\":%zu,\"send_size\":%zu,"
	       "\"recv_size\":%zu,\"r\":%d}\n", r.present, r.offset, r.send_size, r.recv_size,
	       r.remote_invalidation);
}

int live_pcap(const char *path)
{
	static uint8_t pkt[65536 + 64];
	uint8_t gh[24], rh[16];
	FILE *fp = fopen(path, "rb");
	int swap, link, n = 0, frames = 0;

	if (!fp || fread(gh, 1, 24, fp) != 24) {
		printf("LIVE_PCAP_ERROR cannot read %s\n", path);
		return 1;
	}
	swap = rd32(gh, 0) == 0xd4c3b2a1u;
	link = (int)rd32(gh + 20, swap);
	while (fread(rh, 1, 16, fp) == 16) {
		uint32_t cap = rd32(rh + 8, swap);
		size_t off = link == 113 ? 16 : 14, ihl, doff;

		if (cap > sizeof(pkt) || fread(pkt, 1, cap, fp) != cap)
			break;
		n++;
		if (cap < off + 20 || (pkt[off] >> 4) != 4)
			continue;
		ihl = (size_t)(pkt[off] & 0x0f) * 4;
		if (pkt[off + 9] != 6 || cap < off + ihl + 20)
			continue;
		doff = (size_t)(pkt[off + ihl + 12] >> 4) * 4;
		if (cap < off + ihl + doff + 20)
			continue;
		{
			const uint8_t *tcp = pkt + off + ihl;
			const uint8_t *pl = tcp + doff;
			size_t len = cap - (off + ihl + doff);

			if (len >= 16 && memcmp(pl, "MPA ID Re", 9) == 0) {
				frame(frames++, pl, len, (unsigned)tcp[0] << 8 | tcp[1],
				      (unsigned)tcp[2] << 8 | tcp[3]);
			}
		}
	}
	fclose(fp);
	printf("LIVE_PCAP {\"packets\":%d,\"frames\":%d}\n", n, frames);
	return 0;
}
