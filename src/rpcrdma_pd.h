/* rdmaneg: RFC 8797 RPC-over-RDMA version 1 CM private data codec. */
#ifndef RDMANEG_RPCRDMA_PD_H
#define RDMANEG_RPCRDMA_PD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RDMANEG_RPCRDMA_FORMAT_ID 0xf6ab0e18u /* RFC 8797 sec. 4 */
#define RDMANEG_RPCRDMA_VERSION 1u
#define RDMANEG_RPCRDMA_MSG_LEN 8u
#define RDMANEG_RPCRDMA_R_BIT 0x01u           /* octet 5, last bit */
#define RDMANEG_INLINE_MIN 1024u              /* RFC 8166 sec. 3.3.3 */
#define RDMANEG_INLINE_MAX 262144u            /* code 255, RFC 8797 sec. 4.2 */

/* Decode flags. */
#define RDMANEG_DECODE_SEARCH 0u /* RFC 8797 sec. 5.2: any offset (default) */
#define RDMANEG_DECODE_STRICT 1u /* offset 0 only, as Linux peers send it */

/* What one side advertises; sizes in octets. */
struct rdmaneg_rpcrdma_settings {
	size_t send_size;
	size_t recv_size;
	bool remote_invalidation;
};

/* Why no message was taken from a buffer. */
enum rdmaneg_rpcrdma_reason {
	RDMANEG_PD_PRESENT = 0,
	RDMANEG_PD_EMPTY,          /* zero-length buffer */
	RDMANEG_PD_NO_IDENTIFIER,  /* no 0xf6ab0e18 anywhere (strict: at 0) */
	RDMANEG_PD_TRUNCATED,      /* identifier, but fewer than 8 octets left */
	RDMANEG_PD_BAD_VERSION     /* identifier, 8 octets, version != 1 */
};

struct rdmaneg_rpcrdma_result {
	bool present;
	enum rdmaneg_rpcrdma_reason reason; /* first failing candidate if absent */
	size_t offset;        /* of the identifier; valid when present */
	size_t candidates;    /* identifier occurrences examined */
	uint8_t version;
	uint8_t flags;        /* raw octet 5, Reserved bits included */
	bool remote_invalidation;
	uint8_t send_code;
	uint8_t recv_code;
	size_t send_size;     /* decoded: (code + 1) * 1024 */
	size_t recv_size;
};

/* Size as it is advertised: floor to 1024, clamp to 262144; 0 if < 1024. */
size_t rdmaneg_rpcrdma_normalize(size_t size);
/* RFC 8797 sec. 4.2 encoding; RDMANEG_E_SIZE_TOO_SMALL below 1024. */
int rdmaneg_rpcrdma_size_code(size_t size, uint8_t *code);
/* Inverse of the above: (code + 1) * 1024. */
size_t rdmaneg_rpcrdma_code_size(uint8_t code);

/* Writes the 8-octet version-1 message into out[0..7]. */
int rdmaneg_rpcrdma_encode(const struct rdmaneg_rpcrdma_settings *s,
			   uint8_t *out, size_t cap);

/*
 * Decodes a received private-data buffer. A missing or invalid message is
 * not an error: out->present is false and out->reason says why. In search
 * mode the first valid occurrence wins; invalid ones are skipped.
 */
int rdmaneg_rpcrdma_decode(const uint8_t *buf, size_t len, unsigned flags,
			   struct rdmaneg_rpcrdma_result *out);

/* Short stable name of a reason, e.g. "no_identifier". */
const char *rdmaneg_rpcrdma_reason_name(enum rdmaneg_rpcrdma_reason r);

#endif
