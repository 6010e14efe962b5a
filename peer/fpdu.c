// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "peer/fpdu.h"

#include "util/be.h"

#include <string.h>

/* DDP/RDMAP control (RFC 5041 sec. 4, RFC 5040 sec. 4.3): T, L, DV=1,
 * RV=1, opcode. */
#define CTRL_T 0x8000u
#define CTRL_L 0x4000u
#define CTRL_VERSIONS 0x0140u
#define OP_WRITE 0x0u
#define OP_READ_REQ 0x1u
#define OP_SEND 0x3u
#define OP_TERMINATE 0x7u
/* untagged queue numbers (RFC 5040 sec. 5.1) */
#define QN_SEND 0u
#define QN_READ 1u
#define QN_TERM 2u

uint32_t rdmaneg_crc32c(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;

	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
	}
	return ~c;
}

/* Untagged header: ctrl, RsvdULP(4), QN, MSN, MO. */
static size_t untagged(uint8_t *u, uint32_t op, uint32_t qn)
{
	rdmaneg_be16_put(u, CTRL_L | CTRL_VERSIONS | op);
	memset(u + 2, 0, 4);
	rdmaneg_be32_put(u + 6, qn);
	rdmaneg_be32_put(u + 10, 1); /* MSN starts at 1 */
	rdmaneg_be32_put(u + 14, 0);
	return 18;
}

size_t rdmaneg_fpdu_build(enum rdmaneg_fpdu_kind kind, uint8_t layer, uint8_t etype, uint8_t ecode,
			  bool crc, uint8_t *out, size_t cap)
{
	uint8_t u[64];
	size_t n, total, pad;
	uint32_t c;

	memset(u, 0, sizeof(u));
	switch (kind) {
	case RDMANEG_FPDU_TERM:
		n = untagged(u, OP_TERMINATE, QN_TERM);
		u[n] = (uint8_t)((layer & 0xFu) << 4 | (etype & 0xFu));
		u[n + 1] = ecode;
		n += 4; /* M, D, R clear: no header copied */
		break;
	case RDMANEG_FPDU_RTR_SEND:
		n = untagged(u, OP_SEND, QN_SEND);
		break;
	case RDMANEG_FPDU_RTR_READ:
		n = untagged(u, OP_READ_REQ, QN_READ);
		/* sink STag 1, sink TO 0, size 0, source STag 1, source TO 0 */
		rdmaneg_be32_put(u + n, 1);
		rdmaneg_be32_put(u + n + 12, 0);
		rdmaneg_be32_put(u + n + 16, 1);
		n += 28;
		break;
	case RDMANEG_FPDU_RTR_WRITE:
		rdmaneg_be16_put(u, CTRL_T | CTRL_L | CTRL_VERSIONS | OP_WRITE);
		rdmaneg_be32_put(u + 2, 1); /* STag 1: siw's choice, "some HW treats 0 special" */
		n = 14;			    /* ctrl, STag, TO */
		break;
	default:
		return 0;
	}
	/* MPA: ULPDU_Length, ULPDU, pad to 4, CRC ([rfc5044#4.1]) */
	pad = (4 - (2 + n) % 4) % 4;
	total = 2 + n + pad + 4;
	if (cap < total)
		return 0;
	rdmaneg_be16_put(out, (uint32_t)n);
	memcpy(out + 2, u, n);
	memset(out + 2 + n, 0, pad);
	/* [rfc5044#7.1.1-13] [rfc5044#7.1.1-14] */
	c = crc ? rdmaneg_crc32c(out, 2 + n + pad) : 0u;
	/* the CRC is sent as the 4 octets of the CRC32c value, low first */
	out[2 + n + pad] = (uint8_t)c;
	out[3 + n + pad] = (uint8_t)(c >> 8);
	out[4 + n + pad] = (uint8_t)(c >> 16);
	out[5 + n + pad] = (uint8_t)(c >> 24);
	return total;
}

bool rdmaneg_fpdu_crc_ok(const uint8_t *p, size_t n)
{
	uint32_t c;

	if (n < 4)
		return false;
	c = rdmaneg_crc32c(p, n - 4);
	return p[n - 4] == (uint8_t)c && p[n - 3] == (uint8_t)(c >> 8) &&
	       p[n - 2] == (uint8_t)(c >> 16) && p[n - 1] == (uint8_t)(c >> 24);
}

bool rdmaneg_fpdu_parse(const uint8_t *p, size_t n, struct rdmaneg_fpdu *f)
{
	uint16_t ctrl;
	size_t need, pad;

	memset(f, 0, sizeof(*f));
	f->kind = RDMANEG_FPDU_BAD;
	if (n < 4) {
		f->len = 0;
		return false;
	}
	f->ulpdu_len = (uint16_t)(p[0] << 8 | p[1]);
	pad = (4 - (2 + (size_t)f->ulpdu_len) % 4) % 4;
	need = 2 + (size_t)f->ulpdu_len + pad + 4;
	f->len = need;
	if (f->ulpdu_len < 2)
		return true; /* framed, but no DDP header: BAD */
	ctrl = (uint16_t)(p[2] << 8 | p[3]);
	f->tagged = (ctrl & CTRL_T) != 0;
	f->last = (ctrl & CTRL_L) != 0;
	f->opcode = (uint8_t)(ctrl & 0xFu);
	if (n < need)
		return false;
	if ((ctrl & 0x0300u) != 0x0100u || (ctrl & 0x00C0u) != 0x0040u)
		return true; /* DDP or RDMAP version not 1: BAD */
	f->kind = RDMANEG_FPDU_DATA;
	if (!f->tagged && f->ulpdu_len >= 18) {
		uint32_t qn = rdmaneg_be32_get(p + 8);

		if (f->opcode == OP_TERMINATE && qn == QN_TERM && f->ulpdu_len >= 22) {
			f->kind = RDMANEG_FPDU_TERM;
			f->layer = p[20] >> 4;
			f->etype = p[20] & 0xFu;
			f->ecode = p[21];
		} else if (f->opcode == OP_SEND && qn == QN_SEND && f->ulpdu_len == 18) {
			f->kind = RDMANEG_FPDU_RTR_SEND;
		} else if (f->opcode == OP_READ_REQ && qn == QN_READ && f->ulpdu_len >= 46 &&
			   rdmaneg_be32_get(p + 32) == 0) {
			f->kind = RDMANEG_FPDU_RTR_READ;
		}
	} else if (f->tagged && f->opcode == OP_WRITE && f->ulpdu_len == 14) {
		f->kind = RDMANEG_FPDU_RTR_WRITE;
	}
	return true;
}
