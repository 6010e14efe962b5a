// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "rules/smbd_rules.h"

int rdmaneg_rule_smbd_server(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len,
			     const struct rdmaneg_smbd_local *loc)
{
	struct rdmaneg_smbd_answer a;
	uint8_t w[RDMANEG_SMBD_RESP_LEN];
	unsigned ref = rdmaneg_ref_smbd_server(buf, len);

	RDMANEG_CHECK(o, rdmaneg_smbd_server_judge(buf, len, loc, &a) == RDMANEG_OK,
		      "smbd server judge: an error for %zu octets", len);
	RDMANEG_CHECK(
		o, a.action == ref,
		"[ms-smbd#3.1.5.6]: the server's action %u, the reference says %u (%zu octets)",
		a.action, ref, len);
	RDMANEG_CHECK(o, a.decoded == (len >= 20), "[ms-smbd#2.2.1]: decoded from %zu octets", len);
	if (a.decoded) {
		/* [ms-smbd#2.2.1-1] */
		RDMANEG_CHECK(o,
			      a.req.min_version == rdmaneg_ref_smbd_le(buf, 0, 2) &&
				      a.req.max_version == rdmaneg_ref_smbd_le(buf, 2, 2) &&
				      a.req.credits_requested == rdmaneg_ref_smbd_le(buf, 6, 2) &&
				      a.req.preferred_send_size == rdmaneg_ref_smbd_le(buf, 8, 4) &&
				      a.req.max_receive_size == rdmaneg_ref_smbd_le(buf, 12, 4) &&
				      a.req.max_fragmented_size == rdmaneg_ref_smbd_le(buf, 16, 4),
			      "[ms-smbd#2.2.1]: a field is not its octets");
	}
	RDMANEG_CHECK(o, rdmaneg_smbd_resp_encode(&a.resp, w, sizeof(w)) == RDMANEG_OK,
		      "smbd response encode failed");
	if (a.action == RDMANEG_SMBD_RESPOND) {
		unsigned d = rdmaneg_ref_smbd_client(w, sizeof(w), a.req.max_receive_size);

		/* [ms-smbd#3.1.5.7]: what the server sends passes the client */
		RDMANEG_CHECK(o, d == 0,
			      "[ms-smbd#3.1.5.7]: the server's response has defects 0x%x", d);
		/* [ms-smbd#3.1.5.6-4] */
		RDMANEG_CHECK(o,
			      a.resp.max_receive_size ==
				      (a.req.preferred_send_size < loc->max_receive_size
					       ? (a.req.preferred_send_size < 128
							  ? 128u
							  : a.req.preferred_send_size)
					       : loc->max_receive_size),
			      "[ms-smbd#3.1.5.6-4]: MaxReceiveSize %u for PreferredSendSize %u",
			      a.resp.max_receive_size, a.req.preferred_send_size);
	} else if (a.action == RDMANEG_SMBD_NOT_SUPPORTED) {
		/* [ms-smbd#3.1.5.3-1] */
		RDMANEG_CHECK(o,
			      a.resp.status == 0xC00000BBu && a.resp.credits_granted == 0 &&
				      a.resp.negotiated_version == 0 &&
				      rdmaneg_ref_smbd_client(w, sizeof(w), 0xFFFFFFFFu) != 0,
			      "[ms-smbd#3.1.5.3]: the failure response is not one");
	}
	return 0;
}

int rdmaneg_rule_smbd_client(struct rdmaneg_oracle *o, const uint8_t *buf, size_t len, uint32_t own)
{
	struct rdmaneg_smbd_resp r;
	unsigned d, ref = rdmaneg_ref_smbd_client(buf, len, own);
	uint32_t ird, ord;

	RDMANEG_CHECK(o, rdmaneg_smbd_client_check(buf, len, own, &r, &d) == RDMANEG_OK,
		      "smbd client check: an error for %zu octets", len);
	RDMANEG_CHECK(o, d == ref,
		      "[ms-smbd#3.1.5.7]: the client's defects 0x%x, the reference says 0x%x "
		      "(%zu octets, own MaxReceiveSize %u)",
		      d, ref, len, own);
	RDMANEG_CHECK(o, len >= 32 || (r.status == 0 && r.max_fragmented_size == 0),
		      "[ms-smbd#2.2.2]: fields read from a %zu-octet response", len);
	/* [ms-smbd#6.1-1]: the first 8 octets, big-endian, never 0 */
	RDMANEG_CHECK(o, rdmaneg_smbd_irdord_decode(buf, len, &ird, &ord, &d) == RDMANEG_OK,
		      "smbd irdord decode: an error for %zu octets", len);
	if (len < 8) {
		RDMANEG_CHECK(o, d == RDMANEG_SMBD_D_SHORT && ird == 0 && ord == 0,
			      "[ms-smbd#6.1]: IRD/ORD read from %zu octets", len);
		return 0;
	}
	RDMANEG_CHECK(o,
		      ird == ((uint32_t)buf[0] << 24 | (uint32_t)buf[1] << 16 |
			      (uint32_t)buf[2] << 8 | buf[3]) &&
			      ord == ((uint32_t)buf[4] << 24 | (uint32_t)buf[5] << 16 |
				      (uint32_t)buf[6] << 8 | buf[7]),
		      "[ms-smbd#6.1-1]: IRD %u ORD %u are not the octets", ird, ord);
	/* [ms-smbd#6.1-2] */
	RDMANEG_CHECK(o, (d == RDMANEG_SMBD_D_ZERO) == (ird == 0 || ord == 0) && (d & ~0x80u) == 0,
		      "[ms-smbd#6.1-2]: IRD/ORD defects 0x%x for %u/%u", d, ird, ord);
	return 0;
}
