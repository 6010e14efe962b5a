// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * props_roundtrip: the round trips of the codecs that had none field by
 * field, one function each: every field an encoder writes, drawn at its
 * edges, read back by the decoder as written, and nothing else read.
 * (RFC 8797's is props.c's roundtrip, SMB Direct's smbd_roundtrip, the IB
 * CM's ibcm_fields and RoCE v2's roce_frame.)
 */
#include "properties/props.h"

#include <rdmaneg/rdmaneg.h>

#include <string.h>

static const uint64_t u8s[] = { 0, 1, 127, 128, 255 };
static const uint64_t u14s[] = { 0, 1, 63, 64, 255, 256, 0x3FFE, 0x3FFF };
static const uint64_t u16s[] = { 0, 1, 255, 256, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF };

/* 29. [ibcm-c12#cma-1]: rdma_cm's IP header, its 36 octets and no more */
int prop_cma_roundtrip(struct pbt *p)
{
	static const uint64_t ipvs[] = { 4, 6, 0, 15 };
	struct rdmaneg_ibcm_cma_hdr h, g;
	uint8_t out[RDMANEG_IBCM_CMA_HDR_LEN + 4];
	unsigned d = ~0u, want;

	memset(&h, 0, sizeof(h));
	h.version = (uint8_t)pbt_mixed(p, u8s, 5, 0, 255, "version");
	h.ip_version = (uint8_t)pbt_mixed(p, ipvs, 4, 0, 15, "ip_version");
	h.port = (uint16_t)pbt_mixed(p, u16s, 8, 0, 65535, "port");
	pbt_bytes(p, h.src, sizeof(h.src), "src");
	pbt_bytes(p, h.dst, sizeof(h.dst), "dst");
	memset(out, 0xA5, sizeof(out));
	PBT_CHECK(p, rdmaneg_ibcm_cma_encode(&h, out, sizeof(out)) == RDMANEG_OK,
		  "[ibcm-c12#cma-1]: the header not written");
	PBT_CHECK(p, out[36] == 0xA5 && out[37] == 0xA5 && out[38] == 0xA5 && out[39] == 0xA5,
		  "[ibcm-c12#cma-1]: written past its 36 octets");
	PBT_CHECK(p,
		  rdmaneg_ibcm_cma_decode(pbt_exact(p, out, RDMANEG_IBCM_CMA_HDR_LEN),
					  RDMANEG_IBCM_CMA_HDR_LEN, &g, &d) == RDMANEG_OK,
		  "the header not read");
	PBT_CHECK(p,
		  g.version == h.version && g.ip_version == h.ip_version && g.port == h.port &&
			  memcmp(g.src, h.src, 16) == 0 && memcmp(g.dst, h.dst, 16) == 0,
		  "[ibcm-c12#cma-1]: version %u IP version %u port %u read back as %u %u %u (or "
		  "an address changed)",
		  h.version, h.ip_version, h.port, g.version, g.ip_version, g.port);
	/* [ibcm-c12#cma-2] */
	want = h.version != 0 || (h.ip_version != 4 && h.ip_version != 6) ? RDMANEG_IBCM_D_CMA : 0u;
	PBT_CHECK(p, d == want, "[ibcm-c12#cma-2]: defects 0x%x, not 0x%x", d, want);
	return 0;
}

/* 30. [rfc5044#7.1], [rfc6581#9]: a frame's header fields, its private
 * data and its enhanced word */
int prop_mpa_roundtrip(struct pbt *p)
{
	static const uint64_t lens[] = { 0, 4, 5, 511, 512 };
	static uint8_t pd[RDMANEG_MPA_PD_MAX], out[RDMANEG_MPA_HDR_LEN + RDMANEG_MPA_PD_MAX];
	struct rdmaneg_mpa_frame f, g;
	struct rdmaneg_mpa_enh e, b;
	size_t n = 0, at;

	memset(&f, 0, sizeof(f));
	memset(&e, 0, sizeof(e));
	memset(pd, 0, sizeof(pd));
	f.type = pbt_bool(p, "reply") ? RDMANEG_MPA_REPLY : RDMANEG_MPA_REQUEST;
	f.marker = pbt_bool(p, "m");
	f.crc = pbt_bool(p, "c");
	f.reject = pbt_bool(p, "r");
	f.res = (uint8_t)pbt_range(p, 0, 15, "res");
	f.rev = (uint8_t)pbt_range(p, 1, 2, "rev");
	f.enhanced = f.rev == 2 && pbt_bool(p, "s");
	f.pd_length = (uint16_t)pbt_mixed(p, lens, 5, 0, RDMANEG_MPA_PD_MAX, "pd_length");
	at = 0;
	if (f.enhanced) {
		/* [rfc6581#9-1]: B, C and D only with A */
		e.a = pbt_bool(p, "a");
		e.b = e.a && pbt_bool(p, "b");
		e.c = e.a && pbt_bool(p, "c_rtr");
		e.d = e.a && pbt_bool(p, "d_rtr");
		e.ird = (uint16_t)pbt_mixed(p, u14s, 8, 0, RDMANEG_MPA_NO_NEGOTIATE, "ird");
		e.ord = (uint16_t)pbt_mixed(p, u14s, 8, 0, RDMANEG_MPA_NO_NEGOTIATE, "ord");
		if (f.pd_length < RDMANEG_MPA_ENH_LEN)
			f.pd_length = RDMANEG_MPA_ENH_LEN;
		PBT_CHECK(p, rdmaneg_mpa_enh_encode(&e, pd, sizeof(pd)) == RDMANEG_OK,
			  "[rfc6581#9-1]: the enhanced word not written");
		at = RDMANEG_MPA_ENH_LEN;
	}
	if (f.pd_length > at)
		pbt_bytes(p, pd + at, f.pd_length - at, "pd");
	f.pd = f.pd_length ? pd : NULL;
	PBT_CHECK(p, rdmaneg_mpa_build(&f, out, sizeof(out), &n) == RDMANEG_OK,
		  "[rfc5044#7.1]: the frame not built");
	PBT_CHECK(p, rdmaneg_mpa_parse(pbt_exact(p, out, n), n, &g) == RDMANEG_OK,
		  "[rfc5044#7.1]: the built frame does not parse");
	PBT_CHECK(p,
		  g.type == f.type && g.marker == f.marker && g.crc == f.crc &&
			  g.reject == f.reject && g.enhanced == f.enhanced && g.res == f.res &&
			  g.rev == f.rev,
		  "[rfc5044#7.1.1-7]: flags %d%d%d%d res %u rev %u read back as %d%d%d%d %u %u",
		  f.marker, f.crc, f.reject, f.enhanced, f.res, f.rev, g.marker, g.crc, g.reject,
		  g.enhanced, g.res, g.rev);
	PBT_CHECK(p,
		  g.pd_length == f.pd_length && g.frame_len == n &&
			  (f.pd_length == 0 || memcmp(g.pd, pd, f.pd_length) == 0),
		  "[rfc5044#7.1.1-24]: %u octets of private data read back as %u, or changed",
		  f.pd_length, g.pd_length);
	if (!f.enhanced)
		return 0;
	PBT_CHECK(p, rdmaneg_mpa_frame_enh(&g, &b) == RDMANEG_OK,
		  "[rfc6581#9]: the enhanced word not read");
	PBT_CHECK(p,
		  b.a == e.a && b.b == e.b && b.c == e.c && b.d == e.d && b.ird == e.ird &&
			  b.ord == e.ord,
		  "[rfc6581#9-1]: A%d B%d IRD %u C%d D%d ORD %u read back as A%d B%d IRD %u C%d "
		  "D%d ORD %u",
		  e.a, e.b, e.ird, e.c, e.d, e.ord, b.a, b.b, b.ird, b.c, b.d, b.ord);
	return 0;
}

/* 31. [nvme-rdma#fig5], 6, 7: the request's fields, the accept's and the
 * reject's */
int prop_nvme_roundtrip(struct pbt *p)
{
	struct rdmaneg_nvme_req r, g;
	struct rdmaneg_nvme_accept acc;
	struct rdmaneg_nvme_reject rej;
	uint8_t out[RDMANEG_NVME_REQ_LEN];
	unsigned d = 0;
	uint16_t sts;

	memset(&r, 0, sizeof(r));
	r.recfmt = (uint16_t)pbt_mixed(p, u16s, 8, 0, 65535, "recfmt");
	r.qid = (uint16_t)pbt_mixed(p, u16s, 8, 0, 65535, "qid");
	r.hrqsize = (uint16_t)pbt_mixed(p, u16s, 8, 0, 65535, "hrqsize");
	r.hsqsize = (uint16_t)pbt_mixed(p, u16s, 8, 0, 65535, "hsqsize");
	r.cntlid = (uint16_t)pbt_mixed(p, u16s, 8, 0, 65535, "cntlid");
	PBT_CHECK(p, rdmaneg_nvme_req_encode(&r, out, sizeof(out)) == RDMANEG_OK,
		  "[nvme-rdma#fig5]: the request not written");
	PBT_CHECK(p,
		  rdmaneg_nvme_req_decode(pbt_exact(p, out, RDMANEG_NVME_REQ_LEN),
					  RDMANEG_NVME_REQ_LEN, &g) == RDMANEG_OK,
		  "the request not read");
	PBT_CHECK(p,
		  g.recfmt == r.recfmt && g.qid == r.qid && g.hrqsize == r.hrqsize &&
			  g.hsqsize == r.hsqsize && g.cntlid == r.cntlid && g.reserved_at == 0,
		  "[nvme-rdma#fig5]: RECFMT %u QID %u HRQSIZE %u HSQSIZE %u CNTLID %u read back "
		  "as %u %u %u %u %u, reserved at %zu",
		  r.recfmt, r.qid, r.hrqsize, r.hsqsize, r.cntlid, g.recfmt, g.qid, g.hrqsize,
		  g.hsqsize, g.cntlid, g.reserved_at);
	PBT_CHECK(p, rdmaneg_nvme_accept_encode(&r, out, sizeof(out)) == RDMANEG_OK,
		  "[nvme-rdma#fig6]: the accept not written");
	PBT_CHECK(p,
		  rdmaneg_nvme_accept_check(pbt_exact(p, out, RDMANEG_NVME_ACCEPT_LEN),
					    RDMANEG_NVME_ACCEPT_LEN, &r, 1, &acc,
					    &d) == RDMANEG_OK &&
			  acc.recfmt == RDMANEG_NVME_RECFMT && acc.crqsize == r.hsqsize &&
			  acc.reserved_at == 0,
		  "[nvme-rdma#fig6]: RECFMT %u CRQSIZE %u read back as %u %u, reserved at %zu",
		  RDMANEG_NVME_RECFMT, r.hsqsize, acc.recfmt, acc.crqsize, acc.reserved_at);
	sts = (uint16_t)pbt_range(p, 1, RDMANEG_NVME_STS_MAX, "sts");
	PBT_CHECK(p, rdmaneg_nvme_reject_encode(sts, out, sizeof(out)) == RDMANEG_OK,
		  "[nvme-rdma#fig7]: the reject not written");
	PBT_CHECK(p,
		  rdmaneg_nvme_reject_read(pbt_exact(p, out, RDMANEG_NVME_REJECT_LEN),
					   RDMANEG_NVME_REJECT_LEN, &rej, &d) == RDMANEG_OK &&
			  rej.has_recfmt && rej.recfmt == RDMANEG_NVME_RECFMT && rej.has_sts &&
			  rej.sts == sts,
		  "[nvme-rdma#fig7]: RECFMT %u STS %u read back as %u %u", RDMANEG_NVME_RECFMT, sts,
		  rej.recfmt, rej.sts);
	return 0;
}

/* 32. [iser-a12#req-1]: the two flags, and the reserved bits and octets
 * zero whatever h says of them */
int prop_iser_roundtrip(struct pbt *p)
{
	struct rdmaneg_iser_hdr h, g;
	uint8_t out[RDMANEG_ISER_HDR_LEN];
	unsigned d = ~0u;

	memset(&h, 0, sizeof(h));
	h.zbva_off = pbt_bool(p, "z");
	h.si_off = pbt_bool(p, "i");
	h.reserved = (uint8_t)pbt_mixed(p, u8s, 5, 0, 255, "reserved");
	h.reserved_at = (size_t)pbt_range(p, 0, 3, "reserved_at");
	PBT_CHECK(p, rdmaneg_iser_encode(&h, out, sizeof(out)) == RDMANEG_OK,
		  "[iser-a12#req-1]: the header not written");
	PBT_CHECK(p,
		  rdmaneg_iser_decode(pbt_exact(p, out, sizeof(out)), sizeof(out), &g, &d) ==
				  RDMANEG_OK &&
			  g.zbva_off == h.zbva_off && g.si_off == h.si_off && g.reserved == 0 &&
			  g.reserved_at == 0 && d == 0,
		  "[iser-a12#req-1]: Z %d I %d read back as %d %d, reserved %u at %zu, defects "
		  "0x%x",
		  h.zbva_off, h.si_off, g.zbva_off, g.si_off, g.reserved, g.reserved_at, d);
	return 0;
}
