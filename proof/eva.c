// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Eva analysis drivers: one per public entry point of src/, each run by
 * tools/proof.sh as `frama-c -eva -main eva_<function>`. Every driver calls
 * its function on fully unknown inputs: buffers of any length up to the
 * limit that matters, with unknown contents; NULL wherever the contract
 * allows it; settings structs with every field unknown. Eva must report
 * no alarm in src/ (docs/proof.md).
 */
#include "__fc_builtin.h"
#include <rdmaneg/rdmaneg.h>

/* The longest buffer a caller can hand the parsers: a 16-bit length. */
#define BUF_MAX 65535u

static uint8_t buf[BUF_MAX];
static uint8_t out[BUF_MAX];

static bool any_bool(void)
{
	return Frama_C_interval(0, 1) != 0;
}

static uint8_t any_u8(void)
{
	return (uint8_t)Frama_C_interval(0, 255);
}

static uint16_t any_u16(void)
{
	return Frama_C_unsigned_short_interval(0, 65535);
}

static size_t any_len(void)
{
	return Frama_C_size_t_interval(0, BUF_MAX);
}

static size_t any_size(void)
{
	return Frama_C_size_t_interval(0, SIZE_MAX);
}

/* buf with unknown contents; NULL or the buffer when len may be 0 */
static const uint8_t *any_buf(size_t len)
{
	Frama_C_make_unknown((char *)buf, BUF_MAX);
	return len == 0 && any_bool() ? NULL : buf;
}

static void any_settings(struct rdmaneg_rpcrdma_settings *s)
{
	s->send_size = any_size();
	s->recv_size = any_size();
	s->remote_invalidation = any_bool();
}

static void any_local(struct rdmaneg_mpa_local *l)
{
	l->ird = any_u16();
	l->ord = any_u16();
	l->ird_max = any_u16();
	l->ord_min = any_u16();
	l->p2p = any_bool();
	l->rtr = any_u8();
}

static void any_enh(struct rdmaneg_mpa_enh *e)
{
	e->a = any_bool();
	e->b = any_bool();
	e->c = any_bool();
	e->d = any_bool();
	e->ird = any_u16();
	e->ord = any_u16();
}

void eva_rdmaneg_rpcrdma_normalize(void)
{
	(void)rdmaneg_rpcrdma_normalize(any_size());
}

void eva_rdmaneg_rpcrdma_size_code(void)
{
	uint8_t code;

	(void)rdmaneg_rpcrdma_size_code(any_size(), any_bool() ? &code : NULL);
}

void eva_rdmaneg_rpcrdma_code_size(void)
{
	(void)rdmaneg_rpcrdma_code_size(any_u8());
}

void eva_rdmaneg_rpcrdma_encode(void)
{
	struct rdmaneg_rpcrdma_settings s;

	any_settings(&s);
	(void)rdmaneg_rpcrdma_encode(any_bool() ? &s : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_rpcrdma_decode(void)
{
	struct rdmaneg_rpcrdma_result r;
	size_t len = any_len();

	(void)rdmaneg_rpcrdma_decode(any_buf(len), len, Frama_C_unsigned_int_interval(0, 3),
				     any_bool() ? &r : NULL);
}

void eva_rdmaneg_rpcrdma_reason_name(void)
{
	(void)rdmaneg_rpcrdma_reason_name(
		(enum rdmaneg_rpcrdma_reason)Frama_C_unsigned_int_interval(0, 4294967295u));
}

void eva_rdmaneg_conn_init(void)
{
	struct rdmaneg_rpcrdma_settings s;
	struct rdmaneg_conn c;

	any_settings(&s);
	(void)rdmaneg_conn_init(any_bool() ? &c : NULL,
				(enum rdmaneg_role)Frama_C_unsigned_int_interval(0, 4294967295u),
				any_bool() ? &s : NULL);
}

/* a connection in any state a caller can leave it in */
static void any_conn(struct rdmaneg_conn *c)
{
	struct rdmaneg_rpcrdma_settings s;

	any_settings(&s);
	if (rdmaneg_conn_init(c, any_bool() ? RDMANEG_ROLE_CLIENT : RDMANEG_ROLE_SERVER, &s) !=
		    RDMANEG_OK ||
	    any_bool()) {
		Frama_C_make_unknown((char *)c, sizeof(*c));
		c->role = any_bool() ? RDMANEG_ROLE_CLIENT : RDMANEG_ROLE_SERVER;
		c->local.remote_invalidation = any_bool();
		c->peer.present = any_bool();
		c->peer.remote_invalidation = any_bool();
		c->peer_r = any_bool();
		c->remote_invalidation = any_bool();
		c->negotiated = any_bool();
	}
}

void eva_rdmaneg_conn_local_pd(void)
{
	struct rdmaneg_conn c;

	any_conn(&c);
	(void)rdmaneg_conn_local_pd(any_bool() ? &c : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_conn_negotiate(void)
{
	struct rdmaneg_conn c;
	size_t len = any_len();

	any_conn(&c);
	(void)rdmaneg_conn_negotiate(any_bool() ? &c : NULL, any_buf(len), len,
				     Frama_C_unsigned_int_interval(0, 3));
}

void eva_rdmaneg_conn_c2s(void)
{
	struct rdmaneg_conn c;

	any_conn(&c);
	(void)rdmaneg_conn_c2s(&c);
}

void eva_rdmaneg_conn_s2c(void)
{
	struct rdmaneg_conn c;

	any_conn(&c);
	(void)rdmaneg_conn_s2c(&c);
}

void eva_rdmaneg_mpa_parse(void)
{
	struct rdmaneg_mpa_frame f;
	size_t len = any_len();

	(void)rdmaneg_mpa_parse(any_buf(len), len, any_bool() ? &f : NULL);
}

/* a frame as a caller may fill it: every field unknown, pd into buf */
static void any_frame(struct rdmaneg_mpa_frame *f)
{
	f->type = (enum rdmaneg_mpa_type)Frama_C_unsigned_int_interval(0, 4294967295u);
	f->marker = any_bool();
	f->crc = any_bool();
	f->reject = any_bool();
	f->enhanced = any_bool();
	f->res = any_u8();
	f->rev = any_u8();
	f->pd_length = any_u16();
	Frama_C_make_unknown((char *)buf, BUF_MAX);
	/* pd at the start of buf: Eva keeps no relation between an unknown
	 * offset and pd_length, so an unknown offset would only add alarms */
	f->pd = f->pd_length == 0 && any_bool() ? NULL : buf;
	f->frame_len = any_size();
}

void eva_rdmaneg_mpa_build(void)
{
	struct rdmaneg_mpa_frame f;
	size_t written;

	any_frame(&f);
	(void)rdmaneg_mpa_build(any_bool() ? &f : NULL, any_bool() ? out : NULL, any_len(),
				any_bool() ? &written : NULL);
}

void eva_rdmaneg_mpa_enh_decode(void)
{
	struct rdmaneg_mpa_enh e;
	size_t len = any_len();

	(void)rdmaneg_mpa_enh_decode(any_buf(len), len, any_bool() ? &e : NULL);
}

void eva_rdmaneg_mpa_enh_encode(void)
{
	struct rdmaneg_mpa_enh e;

	any_enh(&e);
	(void)rdmaneg_mpa_enh_encode(any_bool() ? &e : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_mpa_ulp_pd(void)
{
	struct rdmaneg_mpa_frame f;
	const uint8_t *ulp;
	size_t n;

	any_frame(&f);
	(void)rdmaneg_mpa_ulp_pd(any_bool() ? &f : NULL, any_bool() ? &ulp : NULL,
				 any_bool() ? &n : NULL);
}

void eva_rdmaneg_mpa_frame_enh(void)
{
	struct rdmaneg_mpa_frame f;
	struct rdmaneg_mpa_enh e;

	any_frame(&f);
	(void)rdmaneg_mpa_frame_enh(any_bool() ? &f : NULL, any_bool() ? &e : NULL);
}

void eva_rdmaneg_mpa_request(void)
{
	struct rdmaneg_mpa_local l;
	struct rdmaneg_mpa_enh req;

	any_local(&l);
	(void)rdmaneg_mpa_request(any_bool() ? &l : NULL, any_bool() ? &req : NULL);
}

void eva_rdmaneg_mpa_respond(void)
{
	struct rdmaneg_mpa_local l;
	struct rdmaneg_mpa_enh req;
	struct rdmaneg_mpa_enh reply;
	struct rdmaneg_mpa_outcome o;

	any_local(&l);
	any_enh(&req);
	(void)rdmaneg_mpa_respond(any_bool() ? &l : NULL, any_bool() ? &req : NULL,
				  any_bool() ? &reply : NULL, any_bool() ? &o : NULL);
}

void eva_rdmaneg_mpa_complete(void)
{
	struct rdmaneg_mpa_local l;
	struct rdmaneg_mpa_enh req;
	struct rdmaneg_mpa_enh reply;
	struct rdmaneg_mpa_outcome o;

	any_local(&l);
	any_enh(&req);
	any_enh(&reply);
	(void)rdmaneg_mpa_complete(any_bool() ? &l : NULL, any_bool() ? &req : NULL,
				   any_bool() ? &reply : NULL, any_bool(), any_bool() ? &o : NULL);
}

void eva_rdmaneg_mpa_check_initiator(void)
{
	struct rdmaneg_mpa_local l;

	any_local(&l);
	(void)rdmaneg_mpa_check_initiator(any_bool() ? &l : NULL);
}

void eva_rdmaneg_mpa_check_responder(void)
{
	struct rdmaneg_mpa_local l;

	any_local(&l);
	(void)rdmaneg_mpa_check_responder(any_bool() ? &l : NULL);
}

void eva_rdmaneg_mpa_rtr_of(void)
{
	struct rdmaneg_mpa_enh e;

	any_enh(&e);
	(void)rdmaneg_mpa_rtr_of(any_bool() ? &e : NULL);
}

void eva_rdmaneg_status_name(void)
{
	(void)rdmaneg_status_name(Frama_C_interval(-2147483647 - 1, 2147483647));
}

void eva_rdmaneg_strerror(void)
{
	(void)rdmaneg_strerror(Frama_C_interval(-2147483647 - 1, 2147483647));
}

/* NVMe-oF RDMA ([nvme-rdma#fig5] to [nvme-rdma#fig7], 11) */
static void any_nvme_req(struct rdmaneg_nvme_req *r)
{
	r->recfmt = any_u16();
	r->qid = any_u16();
	r->hrqsize = any_u16();
	r->hsqsize = any_u16();
	r->cntlid = any_u16();
	r->reserved_at = any_size();
}

void eva_rdmaneg_nvme_req_encode(void)
{
	struct rdmaneg_nvme_req r;

	any_nvme_req(&r);
	(void)rdmaneg_nvme_req_encode(any_bool() ? &r : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_nvme_req_decode(void)
{
	struct rdmaneg_nvme_req r;
	size_t len = any_len();

	(void)rdmaneg_nvme_req_decode(any_buf(len), len, any_bool() ? &r : NULL);
}

void eva_rdmaneg_nvme_target_judge(void)
{
	struct rdmaneg_nvme_limits lim;
	struct rdmaneg_nvme_answer a;
	size_t len = any_len();

	lim.max_qid = any_u16();
	lim.admin_max = Frama_C_unsigned_int_interval(0, 4294967295u);
	lim.io_max = Frama_C_unsigned_int_interval(0, 4294967295u);
	(void)rdmaneg_nvme_target_judge(any_buf(len), len, any_bool() ? &lim : NULL,
					any_bool() ? &a : NULL);
}

void eva_rdmaneg_nvme_accept_encode(void)
{
	struct rdmaneg_nvme_req r;

	any_nvme_req(&r);
	(void)rdmaneg_nvme_accept_encode(any_bool() ? &r : NULL, any_bool() ? out : NULL,
					 any_len());
}

void eva_rdmaneg_nvme_accept_check(void)
{
	struct rdmaneg_nvme_req r;
	struct rdmaneg_nvme_accept acc;
	unsigned d;
	size_t len = any_len();

	any_nvme_req(&r);
	(void)rdmaneg_nvme_accept_check(any_buf(len), len, any_bool() ? &r : NULL, any_bool(),
					any_bool() ? &acc : NULL, any_bool() ? &d : NULL);
}

void eva_rdmaneg_nvme_reject_encode(void)
{
	(void)rdmaneg_nvme_reject_encode(any_u16(), any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_nvme_reject_read(void)
{
	struct rdmaneg_nvme_reject rej;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_nvme_reject_read(any_buf(len), len, any_bool() ? &rej : NULL,
				       any_bool() ? &d : NULL);
}

void eva_rdmaneg_nvme_sts_name(void)
{
	(void)rdmaneg_nvme_sts_name(Frama_C_unsigned_int_interval(0, 4294967295u));
}

/* SMB Direct ([ms-smbd#2.2.1] to [ms-smbd#6.1]) */
static uint32_t any_u32(void)
{
	return Frama_C_unsigned_int_interval(0, 4294967295u);
}

void eva_rdmaneg_smbd_req_encode(void)
{
	struct rdmaneg_smbd_req q = { any_u16(), any_u16(), any_u16(), any_u16(),
				      any_u32(), any_u32(), any_u32() };

	(void)rdmaneg_smbd_req_encode(any_bool() ? &q : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_smbd_req_decode(void)
{
	struct rdmaneg_smbd_req q;
	size_t len = any_len();

	(void)rdmaneg_smbd_req_decode(any_buf(len), len, any_bool() ? &q : NULL);
}

void eva_rdmaneg_smbd_resp_encode(void)
{
	struct rdmaneg_smbd_resp r = { any_u16(), any_u16(), any_u16(), any_u16(),
				       any_u16(), any_u16(), any_u32(), any_u32(),
				       any_u32(), any_u32(), any_u32() };

	(void)rdmaneg_smbd_resp_encode(any_bool() ? &r : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_smbd_resp_decode(void)
{
	struct rdmaneg_smbd_resp r;
	size_t len = any_len();

	(void)rdmaneg_smbd_resp_decode(any_buf(len), len, any_bool() ? &r : NULL);
}

void eva_rdmaneg_smbd_server_judge(void)
{
	struct rdmaneg_smbd_local loc = { any_u16(), any_u32(), any_u32(), any_u32(), any_u32() };
	struct rdmaneg_smbd_answer a;
	size_t len = any_len();

	(void)rdmaneg_smbd_server_judge(any_buf(len), len, any_bool() ? &loc : NULL,
					any_bool() ? &a : NULL);
}

void eva_rdmaneg_smbd_client_check(void)
{
	struct rdmaneg_smbd_resp r;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_smbd_client_check(any_buf(len), len, any_u32(), any_bool() ? &r : NULL,
					any_bool() ? &d : NULL);
}

void eva_rdmaneg_smbd_irdord_encode(void)
{
	(void)rdmaneg_smbd_irdord_encode(any_u32(), any_u32(), any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_smbd_irdord_decode(void)
{
	uint32_t ird, ord;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_smbd_irdord_decode(any_buf(len), len, any_bool() ? &ird : NULL,
					 any_bool() ? &ord : NULL, any_bool() ? &d : NULL);
}

/* iSER ([iser-a12#req-1] to [iser-a12#req-3]) */
void eva_rdmaneg_iser_encode(void)
{
	struct rdmaneg_iser_hdr h = { any_bool(), any_bool(), any_u8(), any_size() };

	(void)rdmaneg_iser_encode(any_bool() ? &h : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_iser_decode(void)
{
	struct rdmaneg_iser_hdr h;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_iser_decode(any_buf(len), len, any_bool() ? &h : NULL,
				  any_bool() ? &d : NULL);
}

void eva_rdmaneg_iser_target_reply(void)
{
	struct rdmaneg_iser_hdr rep;
	bool inv;
	size_t len = any_len();

	(void)rdmaneg_iser_target_reply(any_buf(len), len, any_bool(), any_bool(),
					any_bool() ? &rep : NULL, any_bool() ? &inv : NULL);
}

void eva_rdmaneg_iser_initiator_check(void)
{
	struct rdmaneg_iser_hdr sent = { any_bool(), any_bool(), any_u8(), any_size() }, h;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_iser_initiator_check(any_buf(len), len, any_bool() ? &sent : NULL,
					   any_bool() ? &h : NULL, any_bool() ? &d : NULL);
}

/* The IB CM ([ibcm-c12#mad-1] to [ibcm-c12#cma-2]) */
static uint64_t any_u64(void)
{
	return (uint64_t)Frama_C_size_t_interval(0, SIZE_MAX);
}

void eva_rdmaneg_ibcm_field(void)
{
	struct rdmaneg_ibcm_field r;

	(void)rdmaneg_ibcm_field(any_size(), any_bool() ? &r : NULL);
}

void eva_rdmaneg_ibcm_get(void)
{
	size_t len = any_len();
	uint64_t v;

	(void)rdmaneg_ibcm_get(any_buf(len), len, Frama_C_size_t_interval(0, 300),
			       any_bool() ? &v : NULL);
}

void eva_rdmaneg_ibcm_set(void)
{
	size_t len = any_len();

	Frama_C_make_unknown((char *)out, BUF_MAX);
	(void)rdmaneg_ibcm_set(any_bool() ? out : NULL, len, Frama_C_size_t_interval(0, 300),
			       any_u64());
}

void eva_rdmaneg_ibcm_field_octets(void)
{
	size_t off, n;

	(void)rdmaneg_ibcm_field_octets(Frama_C_size_t_interval(0, 300), any_bool() ? &off : NULL,
					any_bool() ? &n : NULL);
}

void eva_rdmaneg_ibcm_pd_span(void)
{
	size_t off, n;

	(void)rdmaneg_ibcm_pd_span(any_u16(), any_bool() ? &off : NULL, any_bool() ? &n : NULL);
}

void eva_rdmaneg_ibcm_init(void)
{
	(void)rdmaneg_ibcm_init(any_bool() ? out : NULL, any_len(), any_u16(), any_u64());
}

void eva_rdmaneg_ibcm_set_pd(void)
{
	size_t len = any_len();

	Frama_C_make_unknown((char *)out, BUF_MAX);
	(void)rdmaneg_ibcm_set_pd(any_bool() ? out : NULL, any_len(), any_buf(len), len);
}

void eva_rdmaneg_ibcm_decode(void)
{
	struct rdmaneg_ibcm_msg m;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_ibcm_decode(any_buf(len), len, any_bool() ? &m : NULL,
				  any_bool() ? &d : NULL);
}

void eva_rdmaneg_ibcm_sid_is_ip(void)
{
	(void)rdmaneg_ibcm_sid_is_ip(any_u64());
}

void eva_rdmaneg_ibcm_cma_encode(void)
{
	struct rdmaneg_ibcm_cma_hdr h;

	Frama_C_make_unknown((char *)&h, sizeof(h));
	(void)rdmaneg_ibcm_cma_encode(any_bool() ? &h : NULL, any_bool() ? out : NULL, any_len());
}

void eva_rdmaneg_ibcm_cma_decode(void)
{
	struct rdmaneg_ibcm_cma_hdr h;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_ibcm_cma_decode(any_buf(len), len, any_bool() ? &h : NULL,
				      any_bool() ? &d : NULL);
}

void eva_rdmaneg_ibcm_passive_check(void)
{
	struct rdmaneg_ibcm_msg m;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_ibcm_passive_check(any_buf(len), len, any_bool() ? &m : NULL,
					 any_bool() ? &d : NULL);
}

void eva_rdmaneg_ibcm_active_check(void)
{
	static uint8_t req[256];
	struct rdmaneg_ibcm_msg m;
	unsigned d;
	size_t len = any_len();

	Frama_C_make_unknown((char *)req, sizeof(req));
	(void)rdmaneg_ibcm_active_check(any_buf(len), len, any_bool() ? req : NULL,
					Frama_C_size_t_interval(0, 256), any_bool() ? &m : NULL,
					any_bool() ? &d : NULL);
}

/* RoCE v2 frames ([roce-a17#frame-1] to [roce-a17#icrc-1]) */
static struct rdmaneg_roce_hdr roce_hdr;

static const struct rdmaneg_roce_hdr *any_roce_hdr(void)
{
	Frama_C_make_unknown((char *)&roce_hdr, sizeof(roce_hdr));
	return &roce_hdr;
}

void eva_rdmaneg_roce_field_name(void)
{
	(void)rdmaneg_roce_field_name(any_size());
}

void eva_rdmaneg_roce_check(void)
{
	(void)rdmaneg_roce_check(any_roce_hdr(), any_size());
}

void eva_rdmaneg_roce_icrc(void)
{
	uint32_t icrc;
	size_t len = any_len();

	(void)rdmaneg_roce_icrc(any_buf(len), len, any_u8(), any_bool() ? &icrc : NULL);
}

void eva_rdmaneg_roce_encode(void)
{
	size_t n, len = Frama_C_size_t_interval(0, RDMANEG_ROCE_PAYLOAD_MAX + 1);

	(void)rdmaneg_roce_encode(any_bool() ? any_roce_hdr() : NULL, any_buf(len), len,
				  any_bool() ? out : NULL, any_len(), any_bool() ? &n : NULL);
}

void eva_rdmaneg_roce_decode(void)
{
	struct rdmaneg_roce_hdr h;
	size_t off, n;
	unsigned d;
	size_t len = any_len();

	(void)rdmaneg_roce_decode(any_buf(len), len, any_bool() ? &h : NULL,
				  any_bool() ? &off : NULL, any_bool() ? &n : NULL,
				  any_bool() ? &d : NULL);
}
