/* rdmaneg: RFC 5044 / RFC 6581 MPA Request/Reply frames and the enhanced word. */
#ifndef RDMANEG_MPA_H
#define RDMANEG_MPA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_MPA_KEY_LEN 16u
#define RDMANEG_MPA_HDR_LEN 20u      /* key + flags + Rev + PD_Length */
#define RDMANEG_MPA_PD_MAX 512u      /* RFC 5044 sec. 7.1 */
#define RDMANEG_MPA_ENH_LEN 4u       /* RFC 6581 sec. 9 */
#define RDMANEG_MPA_NO_NEGOTIATE 0x3FFFu /* RFC 6581 sec. 9.1: all ones */
#define RDMANEG_MPA_REV_MAX 2u

/* Octet 16 of the header (RFC 6581 sec. 6). */
#define RDMANEG_MPA_F_M 0x80u
#define RDMANEG_MPA_F_C 0x40u
#define RDMANEG_MPA_F_R 0x20u
#define RDMANEG_MPA_F_S 0x10u
#define RDMANEG_MPA_F_RES 0x0Fu

enum rdmaneg_mpa_type {
	RDMANEG_MPA_REQUEST = 0,
	RDMANEG_MPA_REPLY = 1
};

struct rdmaneg_mpa_frame {
	enum rdmaneg_mpa_type type;
	bool marker;      /* M */
	bool crc;         /* C */
	bool reject;      /* R: reject in a Reply, unchecked in a Request */
	bool enhanced;    /* S: private data begins with the enhanced word */
	uint8_t res;      /* 4 Res bits: kept, never checked (RFC 5044 7.1) */
	uint8_t rev;
	uint16_t pd_length;
	const uint8_t *pd; /* into the parsed buffer; NULL if pd_length is 0 */
	size_t frame_len;  /* 20 + pd_length */
};

/* RFC 6581 sec. 9: A B IRD / C D ORD, 14-bit values in network order. */
struct rdmaneg_mpa_enh {
	bool a;   /* peer-to-peer model */
	bool b;   /* zero-length Send RTR */
	bool c;   /* zero-length RDMA Write RTR */
	bool d;   /* zero-length RDMA Read RTR */
	uint16_t ird;
	uint16_t ord;
};

/* Parses a frame at buf[0]; octets after frame_len are not examined.
 * On an error *f is all zero. */
int rdmaneg_mpa_parse(const uint8_t *buf, size_t len, struct rdmaneg_mpa_frame *f);

/* Builds a frame; accepts exactly what parse accepts. */
int rdmaneg_mpa_build(const struct rdmaneg_mpa_frame *f, uint8_t *out,
		      size_t cap, size_t *written);

/* Reads the enhanced word; flags are reported raw (see mpa_negotiate.h). */
int rdmaneg_mpa_enh_decode(const uint8_t *p, size_t len, struct rdmaneg_mpa_enh *e);

/* Writes the enhanced word; rejects values above 0x3FFF and A=0 with B/C/D. */
int rdmaneg_mpa_enh_encode(const struct rdmaneg_mpa_enh *e, uint8_t *out, size_t cap);

/* The ULP's private data: pd, past the enhanced word when S=1. */
int rdmaneg_mpa_ulp_pd(const struct rdmaneg_mpa_frame *f, const uint8_t **ulp,
		       size_t *ulp_len);

/* The enhanced word of a parsed S=1 frame. */
int rdmaneg_mpa_frame_enh(const struct rdmaneg_mpa_frame *f, struct rdmaneg_mpa_enh *e);

#endif
