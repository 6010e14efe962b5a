// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pcap: the MPA frames a run captured, written for and compared with
 * tshark's MPA dissector (make live's wire cross-check).
 */
#include "live/mpa/pcap.h"

#include "util/hex.h"
#include <rdmaneg/rdmaneg.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool live_frame_csv(const struct live_frame *f, char *out, size_t cap)
{
	struct rdmaneg_mpa_frame m;
	int n;

	if (rdmaneg_mpa_parse(f->b, f->len, &m) != RDMANEG_OK)
		return false;
	n = snprintf(out, cap, "%u,%u,%u,%u,%d,%d,%d,", f->sport, f->dport, m.rev, m.pd_length,
		     m.marker, m.crc, m.reject);
	/* false, not a silently shortened line, when the octets do not fit */
	return n > 0 && (size_t)n < cap &&
	       rdmaneg_hex_format(m.pd, m.pd_length, out + n, cap - (size_t)n, NULL);
}

/* One tshark line normalized to the core's form: flags as 0/1. */
static void normalize_csv(const char *in, size_t n, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 2 < cap; i++) {
		if (strncmp(in + i, "True", 4) == 0 && n - i >= 4) {
			out[o++] = '1';
			i += 3;
		} else if (strncmp(in + i, "False", 5) == 0 && n - i >= 5) {
			out[o++] = '0';
			i += 4;
		} else if (in[i] != '\r') {
			out[o++] = in[i];
		}
	}
	out[o] = '\0';
}

size_t live_tshark_differ(const char *const *core, size_t ncore, const char *tshark_csv,
			  size_t *tshark_lines)
{
	size_t differ = 0, lines = 0;

	for (const char *p = tshark_csv; *p;) {
		const char *e = strchr(p, '\n');

		lines += (e ? e : p + strlen(p)) > p;
		p = e ? e + 1 : p + strlen(p);
	}
	*tshark_lines = lines;
	for (size_t i = 0; i < ncore; i++) {
		bool found = false;

		for (const char *p = tshark_csv; *p && !found;) {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			char norm[2048];

			normalize_csv(p, n, norm, sizeof(norm));
			found = strcmp(norm, core[i]) == 0;
			p = e ? e + 1 : p + n;
		}
		differ += !found;
	}
	return differ;
}

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32le(FILE *f, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

	fwrite(b, 1, 4, f);
}

void live_frames_request_first(const struct live_frame **fr, size_t n)
{
	/* a stable insertion: a Request moves ahead of the Replies before it */
	for (size_t i = 1; i < n; i++) {
		struct rdmaneg_mpa_frame m;
		const struct live_frame *f = fr[i];
		size_t k = i;

		if (rdmaneg_mpa_parse(f->b, f->len, &m) != RDMANEG_OK ||
		    m.type != RDMANEG_MPA_REQUEST)
			continue;
		while (k > 0) {
			struct rdmaneg_mpa_frame p;

			if (rdmaneg_mpa_parse(fr[k - 1]->b, fr[k - 1]->len, &p) != RDMANEG_OK ||
			    p.type != RDMANEG_MPA_REPLY)
				break;
			fr[k] = fr[k - 1];
			k--;
		}
		fr[k] = f;
	}
}

int live_pcap_write(const char *path, const struct live_frame *const *frames, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	put32le(f, 0xa1b2c3d4u);
	put32le(f, 0x00040002u); /* version 2.4 */
	put32le(f, 0);
	put32le(f, 0);
	put32le(f, 65535);
	put32le(f, 101); /* LINKTYPE_RAW: IPv4 from the first octet */
	for (size_t i = 0; i < n; i++) {
		const struct live_frame *fr = frames[i];
		uint8_t h[40];
		uint32_t sum = 0;
		size_t total = sizeof(h) + fr->len;

		memset(h, 0, sizeof(h));
		h[0] = 0x45;
		put16(h + 2, (unsigned)total);
		h[6] = 0x40; /* DF */
		h[8] = 64;   /* TTL */
		h[9] = 6;    /* TCP */
		h[12] = 192, h[13] = 0, h[14] = 2, h[15] = 1;
		memcpy(h + 16, h + 12, 4);
		for (int k = 0; k < 20; k += 2)
			sum += (uint32_t)(h[k] << 8 | h[k + 1]);
		while (sum >> 16)
			sum = (sum & 0xffffu) + (sum >> 16);
		put16(h + 10, ~sum & 0xffffu);
		put16(h + 20, fr->sport);
		put16(h + 22, fr->dport);
		h[27] = 1;    /* seq 1 */
		h[31] = 1;    /* ack 1 */
		h[32] = 0x50; /* data offset 5 */
		h[33] = 0x18; /* PSH, ACK */
		put16(h + 34, 0xffff);
		put32le(f, (uint32_t)(1000 + i));
		put32le(f, 0);
		put32le(f, (uint32_t)total);
		put32le(f, (uint32_t)total);
		fwrite(h, 1, sizeof(h), f);
		fwrite(fr->b, 1, fr->len, f);
	}
	return fclose(f) == 0 ? 0 : -1;
}
