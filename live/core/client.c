// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* client: a hostile rdma_cm client as a campaign's agent (client.h) */
#include "live/core/client.h"

#include "live/core/cm.h"
#include "util/arcs.h"

struct adaptor {
	struct live_client k;
	live_client_case_fn run;
};

static const char *one_case(struct rdmaneg_agent *a, void *ctx, const char *name, char *finding,
			    size_t cap)
{
	const struct adaptor *d = ctx;

	(void)cap;
	finding[0] = '\0'; /* the host judges the case from the console */
	return d->run(&d->k, a, name);
}

int live_client_serve(const char *who, const char *addr, int port, const struct live_agent_opts *o,
		      live_client_case_fn run, FILE *out)
{
	static struct rdmaneg_agent a;
	static struct rdmaneg_arcs arcs;
	struct adaptor d = { { rdma_create_event_channel(), { 0 }, out }, run };
	int rc;

	if (!d.k.ch || live_cm_addr(addr, port, &d.k.sin) != 0) {
		fprintf(stderr, "rdmaneg-live %s: %s\n", who,
			d.k.ch ? "--addr is not an IPv4 address" : "no rdma_cm event channel");
		if (d.k.ch)
			rdma_destroy_event_channel(d.k.ch);
		return 1;
	}
	rc = rdmaneg_agent_serve(&a, who, o->agent, &arcs, o->gcov, o->gcov_scope, one_case, &d);
	rdma_destroy_event_channel(d.k.ch);
	return rc;
}
