// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * nvme_host (guest only): the harness as a hostile NVMe-oF host. Each case
 * of live/nvme/nvme_cases.c is one rdma_cm connection to nvmet with the
 * case's private data and Linux's host's connection parameters
 * (drivers/nvme/host/rdma.c nvme_rdma_route_resolved: responder resources
 * for the target's Reads, no initiator depth, retries and RNR retries 7);
 * an accepted connection is closed at once. The target's answer is the
 * case's outcome, judged on the host (live/nvme/nvme_judge.c).
 */
#include "live/nvme/nvme.h"

#include "live/core/client.h"
#include "live/core/cm.h"
#include "util/agent.h"
#include "util/hex.h"

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#include <string.h>
#include <unistd.h>

#define WAIT_MS 20000

/* a campaign's agent, for the case marks; NULL in a table run */
static const struct rdmaneg_agent *marks;

struct conn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
};

static void one_case(struct rdma_event_channel *ch, const struct sockaddr_in *sin,
		     const struct live_nvme_case *c, const char *tag, FILE *out)
{
	char hex[2 * LIVE_NVME_CASE_PD + 1] = "-";
	struct live_cm_answer ans = { .event = "setup-failed", .pd = "-" };
	struct rdma_conn_param cp;
	struct conn k;
	size_t n;

	/* the kernel log after this line belongs to this case */
	if (c->pd_len)
		(void)rdmaneg_hex_format(c->pd, c->pd_len, hex, sizeof(hex), &n);
	fprintf(out, "LIVE_NVME_CASE host %s %s\n", c->name, hex);
	fflush(out);
	rdmaneg_agent_mark(marks, out, c->name);
	memset(&k, 0, sizeof(k));
	if (rdma_create_id(ch, &k.id, NULL, RDMA_PS_TCP) || live_cm_resolve(ch, k.id, sin) ||
	    live_cm_qp(k.id, 4, &k.pd, &k.cq))
		goto done;
	memset(&cp, 0, sizeof(cp));
	cp.private_data = c->pd_len ? c->pd : NULL;
	cp.private_data_len = (uint8_t)c->pd_len;
	cp.responder_resources = 16;
	cp.initiator_depth = 0;
	cp.retry_count = 7;
	cp.rnr_retry_count = 7;
	cp.flow_control = 1;
	if (live_cm_connect(ch, k.id, &cp, WAIT_MS, &ans))
		live_cm_disconnect(ch, k.id);
done:
	live_cm_release(k.id, k.cq, k.pd);
	fprintf(out, "%s %s %s %d %s\n", tag, c->name, ans.event, ans.status, ans.pd);
	fflush(out);
}

int live_nvme_host(const char *addr, int port, size_t first, size_t count, FILE *out)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct sockaddr_in sin;
	struct live_nvme_case c;

	if (!ch)
		return 1;
	if (live_cm_addr(addr, port, &sin) != 0) {
		rdma_destroy_event_channel(ch);
		return 1;
	}
	for (size_t i = first; (count == 0 || i < first + count) && live_nvme_case(i, &c); i++)
		one_case(ch, &sin, &c, "LIVE_NVMEH", out);
	fprintf(out, "LIVE_NVMEH_END\n");
	fflush(out);
	rdma_destroy_event_channel(ch);
	return 0;
}

/* One campaign case: a table case's line is judged (LIVE_NVMEH), a
 * mutated one's only reported (LIVE_NVMEHR) */
static const char *agent_case(const struct live_client *h, const struct rdmaneg_agent *a,
			      const char *name)
{
	struct live_nvme_case c;

	if (!live_nvme_case_named(name, &c))
		return "no such hostile host case";
	marks = a;
	one_case(h->ch, &h->sin, &c, live_nvme_case_index(name) >= 0 ? "LIVE_NVMEH" : "LIVE_NVMEHR",
		 h->out);
	return NULL;
}

int live_nvme_host_agent(const char *addr, int port, const struct live_agent_opts *ao, FILE *out)
{
	return live_client_serve("nvme-host", addr, port, ao, agent_case, out);
}
