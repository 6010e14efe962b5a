// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* make live-roce's table frames for tshark; see roce_wire.h. */
#define _GNU_SOURCE
#include "live/roce/roce_wire.h"

#include "rules/roce_rules.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

int live_roce_encode(struct rdmaneg_roce_hdr *h, const uint8_t src[6], const uint8_t dst[6],
		     const uint8_t *mad, size_t n, uint8_t *out, size_t cap, size_t *len)
{
	memcpy(h->src_mac, src, 6);
	memcpy(h->dst_mac, dst, 6);
	(void)inet_pton(AF_INET, LIVE_ROCE_PEER, h->src_ip);
	(void)inet_pton(AF_INET, LIVE_ROCE_ADDR, h->dst_ip);
	return rdmaneg_roce_encode(h, mad, n, out, cap, len);
}

const char *const live_roce_tshark_fields[] = { "ip.version",
						"ip.checksum.status",
						"udp.dstport",
						"udp.checksum.status",
						"infiniband.bth.opcode",
						"infiniband.bth.tver",
						"infiniband.bth.padcnt",
						"infiniband.bth.destqp",
						"infiniband.bth.psn",
						"infiniband.deth.q_key",
						"infiniband.deth.srcqp",
						"infiniband.mad.attributeid",
						"infiniband.mad.transactionid",
						"infiniband.invariant.crc",
						NULL };

void live_roce_tshark_line(const struct rdmaneg_roce_hdr *h, const uint8_t *mad, size_t n,
			   const uint8_t *frame, size_t len, char *out, size_t cap)
{
	/* [roce-a17#icrc-1]: the oracle's ICRC over the IP packet, sent
	 * least significant octet first; tshark reads the 4 octets
	 * big-endian */
	uint32_t icrc =
		(len > 14 ? rdmaneg_ref_roce_icrc(frame + 14, len - 14, h->ip_version) : 0) ^
		h->icrc_xor;
	uint32_t shown = (icrc & 0xFF) << 24 | (icrc >> 8 & 0xFF) << 16 | (icrc >> 16 & 0xFF) << 8 |
			 icrc >> 24;
	char attr[16] = "", tid[24] = "";

	/* the MAD's header as the case wrote it (Wireshark reads a UD
	 * Send's payload as a MAD to any QP) */
	if (n >= 24) {
		unsigned long long t = 0;

		for (size_t i = 8; i < 16; i++)
			t = t << 8 | mad[i];
		snprintf(attr, sizeof(attr), "0x%04x", (unsigned)mad[16] << 8 | mad[17]);
		snprintf(tid, sizeof(tid), "0x%016llx", t);
	}
	snprintf(out, cap, "%u,%s,4791,1,%u,%u,%u,0x%06x,%u,0x%016llx,0x%08x,%s,%s,0x%08x",
		 h->ip_version, h->ip_version == 4 ? "1" : "", h->opcode, h->tver, h->pad,
		 (unsigned)h->dest_qp, (unsigned)h->psn, (unsigned long long)h->qkey,
		 (unsigned)h->src_qp, attr, tid, (unsigned)shown);
}

/* The frames case k sends: its frame, and the good REQ after it
 * (follow); or an active case's answers to the model REQ. How many, each
 * header, MAD and length. */
static size_t case_frames(size_t k, struct live_roce_case *c, struct rdmaneg_roce_hdr h[2],
			  uint8_t mads[2][LIVE_ROCE_MAD_MAX], size_t n[2])
{
	if (!live_roce_case(k, c))
		return 0;
	if (c->active) {
		uint8_t req[RDMANEG_IBCM_MAD_LEN], out[2][RDMANEG_IBCM_MAD_LEN];
		size_t m;

		live_roce_model_req(req);
		m = live_roce_answer(c, req, c->comm_id, out);
		for (size_t i = 0; i < m; i++) {
			h[i] = c->frame;
			h[i].psn = (c->frame.psn + (uint32_t)i) & 0xFFFFFF;
			memcpy(mads[i], out[i], RDMANEG_IBCM_MAD_LEN);
			n[i] = RDMANEG_IBCM_MAD_LEN;
		}
		return m;
	}
	h[0] = c->frame;
	memcpy(mads[0], c->mad, c->mad_len);
	n[0] = c->mad_len;
	if (!c->follow)
		return 1;
	/* as the peer sends it: the case's headers, no pad, the next PSN */
	h[1] = c->frame;
	h[1].pad = 0;
	h[1].psn = (h[1].psn + 1) & 0xFFFFFF;
	memcpy(mads[1], c->follow_mad, RDMANEG_IBCM_MAD_LEN);
	n[1] = RDMANEG_IBCM_MAD_LEN;
	return 2;
}

static const uint8_t mac_peer[6] = { 0x02, 0, 0, 0, 0, 0x02 }, mac_rxe[6] = { 0x02, 0, 0, 0, 0, 1 };

static void le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

long live_roce_wire_pcap(FILE *f, bool control)
{
	static uint8_t fr[RDMANEG_ROCE_FRAME_MAX];
	/* pcap's file header: version 2.4, snap length 65535, Ethernet */
	uint8_t gh[24] = { 0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0 };
	struct rdmaneg_roce_hdr h[2];
	uint8_t mads[2][LIVE_ROCE_MAD_MAX];
	struct live_roce_case c;
	size_t n[2];
	long frames = 0;

	le32(gh + 16, 65535);
	le32(gh + 20, 1);
	if (fwrite(gh, 1, sizeof(gh), f) != sizeof(gh))
		return -1;
	for (size_t k = 0; k < live_roce_case_count(); k++) {
		size_t m = case_frames(k, &c, h, mads, n);

		for (size_t i = 0; i < m; i++) {
			uint8_t rh[16] = { 0 };
			size_t len = 0;

			if (live_roce_encode(&h[i], mac_peer, mac_rxe, mads[i], n[i], fr,
					     sizeof(fr), &len) != RDMANEG_OK) {
				fprintf(stderr,
					"roce-wire: case %zu %s: no frame (%s out of range)\n", k,
					c.name,
					rdmaneg_roce_field_name(rdmaneg_roce_check(&h[i], n[i])));
				return -1;
			}
			/* the control: the BTH's last PSN octet changed after the
			 * frame was made (Ethernet 14, IPv4 20, UDP 8, BTH 12) */
			if (control && frames == 0)
				fr[14 + 20 + 8 + 11] ^= 1;
			le32(rh, (uint32_t)frames);
			le32(rh + 8, (uint32_t)len);
			le32(rh + 12, (uint32_t)len);
			if (fwrite(rh, 1, sizeof(rh), f) != sizeof(rh) ||
			    fwrite(fr, 1, len, f) != len)
				return -1;
			frames++;
		}
	}
	return frames;
}

long live_roce_wire_lines(FILE *out)
{
	static uint8_t fr[RDMANEG_ROCE_FRAME_MAX];
	struct rdmaneg_roce_hdr h[2];
	uint8_t mads[2][LIVE_ROCE_MAD_MAX];
	struct live_roce_case c;
	size_t n[2];
	long frames = 0;

	for (size_t k = 0; k < live_roce_case_count(); k++) {
		size_t m = case_frames(k, &c, h, mads, n);

		for (size_t i = 0; i < m; i++, frames++) {
			char want[256];
			size_t fl = 0;

			if (live_roce_encode(&h[i], mac_peer, mac_rxe, mads[i], n[i], fr,
					     sizeof(fr), &fl) != RDMANEG_OK)
				return -1;
			live_roce_tshark_line(&h[i], mads[i], n[i], fr, fl, want, sizeof(want));
			fprintf(out, "%s\n", want);
		}
	}
	return frames;
}

/* [roce-a17#icrc-1]: the frame's last 4 octets (least significant
 * first) are the oracle's ICRC XORed with the case's icrc_xor */
static bool icrc_as_sent(const struct rdmaneg_roce_hdr *h, const uint8_t *fr, size_t len)
{
	uint32_t in = (uint32_t)fr[len - 4] | (uint32_t)fr[len - 3] << 8 |
		      (uint32_t)fr[len - 2] << 16 | (uint32_t)fr[len - 1] << 24;

	return in == (rdmaneg_ref_roce_icrc(fr + 14, len - 14, h->ip_version) ^ h->icrc_xor);
}

/* tshark's line got as want, but for an ICRC it did not show (tshark
 * 4.0 leaves it out after a MAD of a class it does not dissect, or past
 * 256 octets): counted in *unread, the frame's own octets checked by
 * icrc_as_sent() */
static bool same_line(const char *want, const char *got, size_t *unread)
{
	const char *w = strrchr(want, ','), *g = strrchr(got, ',');

	if (strcmp(want, got) == 0)
		return true;
	if (!w || !g || g[1] != '\0' || w - want != g - got ||
	    strncmp(want, got, (size_t)(w - want)) != 0)
		return false;
	(*unread)++;
	return true;
}

int live_roce_wire_check(const char *csv, size_t len, FILE *out)
{
	static uint8_t fr[RDMANEG_ROCE_FRAME_MAX];
	struct rdmaneg_roce_hdr h[2];
	uint8_t mads[2][LIVE_ROCE_MAD_MAX];
	struct live_roce_case c;
	size_t n[2], pos = 0, same = 0, differ = 0, unread = 0;

	for (size_t k = 0; k < live_roce_case_count(); k++) {
		size_t m = case_frames(k, &c, h, mads, n);

		for (size_t i = 0; i < m; i++) {
			char want[256], got[256];
			size_t fl = 0, e = pos;

			while (e < len && csv[e] != '\n')
				e++;
			snprintf(got, sizeof(got), "%.*s", (int)(e - pos), csv + pos);
			pos = e < len ? e + 1 : e;
			if (live_roce_encode(&h[i], mac_peer, mac_rxe, mads[i], n[i], fr,
					     sizeof(fr), &fl) != RDMANEG_OK)
				fl = 0;
			live_roce_tshark_line(&h[i], mads[i], n[i], fr, fl, want, sizeof(want));
			if (fl >= 4 && icrc_as_sent(&h[i], fr, fl) &&
			    same_line(want, got, &unread)) {
				same++;
				continue;
			}
			differ++;
			fprintf(out, "case %zu %s frame %zu:\n  want %s\n  got  %s\n", k, c.name, i,
				want, got[0] ? got : "(no line)");
		}
	}
	for (; pos < len; differ++) {
		size_t e = pos;

		while (e < len && csv[e] != '\n')
			e++;
		fprintf(out, "a line past the table's frames: %.*s\n", (int)(e - pos), csv + pos);
		pos = e + 1;
	}
	fprintf(out,
		"%zu frames as intended, %zu differ (ICRC: every frame's the oracle's, %zu of "
		"them not shown by tshark)\n",
		same, differ, unread);
	return differ == 0 ? 0 : 1;
}
