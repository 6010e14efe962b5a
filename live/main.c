// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rdmaneg-live: the live suites' program, in the guest and on the host.
 * main() only dispatches, through util/verb.h, the table below; each
 * verb lives beside its suite (live/mpa, live/nfs, live/nvme, live/ulp)
 * or, when it reads what the guest kernel left, in live/guest.
 */
#include "live/guest/guest_verbs.h"
#include "live/mpa/mpa_verbs.h"
#include "live/nfs/nfs_verbs.h"
#include "live/nvme/nvme_verbs.h"
#include "live/roce/roce_verbs.h"
#include "live/ulp/ulp_verbs.h"
#include "util/verb.h"

#include <signal.h>

#define ANY RDMANEG_VERB_ANY

static const struct rdmaneg_verb verbs[] = {
	/* the MPA suite (make live) and the peer's endpoint (live/mpa) */
	{ "run",
	  "--addr A [--transport siw|rxe] [--first N] [--count N] [--seed S]\n"
	  "    [--soak N] [--random-per-round N] [--out FILE] [--plant NAME]",
	  "the loopback's cases (--plant: one of rdmaneg-live plants)", live_verb_run, 0, ANY },
	{ "res", "PHASE [--out FILE]", "the RDMA resources at a phase", live_verb_res, 1, 3 },
	{ "report",
	  "--records FILE [--console FILE] [--out DIR] [--tshark CSV] [--frames DIR]\n"
	  "    [--quiet-passes]",
	  "make live's report", live_verb_report, 0, ANY },
	{ "fixed", "", "the number of fixed cases", live_verb_fixed, 0, 0 },
	{ "plants", "",
	  "the negative controls (LIVE_PLANT), one per line: name,\nharness|guest, what it does",
	  live_verb_plants, 0, 0 },
	{ "capture", "--port P --ready FILE [--tag NAME] [--fpdu]",
	  "every MPA Request and Reply to or from port P, one NAME line each,\n"
	  "until SIGTERM; FILE once it listens (--fpdu: and each connection's\n"
	  "first segments after them)",
	  live_verb_capture, 0, ANY },
	{ "listen", "--addr A --port P --log FILE [--kcov]",
	  "(or connect) the ULP endpoint rdmaneg-peer tests siw through\n"
	  "(--kcov: KCOV over its syscalls)",
	  live_verb_endpoint, 6, 7 },
	{ "connect", "--addr A --port P --log FILE [--kcov]", NULL, live_verb_endpoint, 6, 7 },
	/* NFS over RDMA (make live-nfs; live/nfs, live/nfspeer) */
	{ "nfs-client", "--addr A --port P --agent CHANNEL [--gcov DIR [--gcov-scope P]]",
	  "the hostile NFS/RDMA client against nfsd, serving a campaign's cases",
	  live_verb_nfs_agent, 0, ANY },
	{ "nfs-server", "--addr A --port P --agent CHANNEL",
	  "each case's private data to the kernel NFS client, on port P + the\ncase's index",
	  live_verb_nfs_agent, 0, ANY },
	{ "nfs-facts", "",
	  "nfsd's port, the hostile server's first port and the number of\nhostile cases",
	  live_verb_nfs_facts, 0, 0 },
	{ "nfs-case", "NAME", "the index of hostile case NAME", live_verb_nfs_case, 1, 1 },
	{ "nfs-cases", "", "every hostile case's name", live_verb_nfs_cases, 0, 0 },
	{ "nfs", "FILE [--json OUT]",
	  "make live-nfs's tables and divergences from its console log (exit 1:\n"
	  "nothing measured, or the core disagrees)",
	  live_verb_nfs, 1, 3 },
	/* NVMe over Fabrics (make live-nvme; live/nvme) */
	{ "nvme-facts", "", "nvmet's port and the subsystem's NQN", live_verb_nvme_facts, 0, 0 },
	{ "nvme-host", "--addr A --port P [--first K] [--count N]",
	  "the hostile host's cases K.. against nvmet; or --agent CHANNEL\n"
	  "[--gcov DIR [--gcov-scope P]]: a campaign's cases (util/agent.h)",
	  live_verb_nvme_host, 0, ANY },
	{ "nvme-target", "--addr A --nqn NQN [--first K] [--count N]",
	  "the hostile target's cases among K.. against the kernel host; or\n"
	  "--agent CHANNEL [--gcov DIR [--gcov-scope P]]: a campaign's cases",
	  live_verb_nvme_target, 0, ANY },
	{ "nvme-cases", "", "every hostile case: index, name, role (host or target)",
	  live_verb_nvme_cases, 0, 0 },
	{ "nvme-next", "CONSOLE",
	  "the case after the last one begun in a console (either role):\n"
	  "\"INDEX NAME\", \"done\" or \"none\"",
	  live_verb_nvme_next, 1, 1 },
	{ "nvme", "FILE [--json OUT]",
	  "make live-nvme's differential table from its console log (exit 1: a\n"
	  "step failed, nothing measured, or the core and the oracle differ)",
	  live_verb_nvme, 1, 3 },
	/* SMB Direct (make live-smbd) and iSER (make live-iser) on live/ulp */
	{ "smbd-server", "--addr A [--first N] [--count N] -- CLIENT...",
	  "the hostile SMB Direct server's cases against the kernel client\nCLIENT starts (guest)",
	  live_verb_ulp_role, 3, ANY },
	{ "smbd-client", "--addr A [--first N] [--count N]",
	  "the hostile client's cases against ksmbd (guest)", live_verb_ulp_role, 2, 6 },
	{ "smbd-write", "SRC DST OFFSET SIZE",
	  "SRC copied to DST in writes of SIZE octets from a buffer OFFSET\n"
	  "octets into a page (the data check's unaligned writes)",
	  live_verb_smbd_write, 4, 4 },
	{ "smbd-cases", "", "every hostile SMB Direct case: index, name, role", live_verb_ulp_cases,
	  0, 0 },
	{ "smbd-next", "CONSOLE",
	  "the case after the last one begun, \"INDEX NAME\", \"done\" or \"none\"", live_verb_ulp,
	  1, 1 },
	{ "smbd", "CONSOLE [--json OUT]",
	  "make live-smbd's tables from its console (exit 1: the data check\n"
	  "failed, a line is malformed, or the core and the oracle differ)",
	  live_verb_ulp, 1, 3 },
	{ "iser-target", "--addr A [--first N] [--count N] -- LOGIN...",
	  "the hostile iSER target's cases against the initiator LOGIN starts\n(guest)",
	  live_verb_ulp_role, 3, ANY },
	{ "iser-initiator", "--addr A [--first N] [--count N]",
	  "the hostile initiator's cases against isert (guest)", live_verb_ulp_role, 2, 6 },
	{ "iser-cases", "", "every hostile iSER case: index, name, role", live_verb_ulp_cases, 0,
	  0 },
	{ "iser-facts", "", "LIO's iSER port, the hostile target's port and LIO's target IQN",
	  live_verb_iser_facts, 0, 0 },
	{ "iser-next", "CONSOLE",
	  "the case after the last one begun, \"INDEX NAME\", \"done\" or \"none\"", live_verb_ulp,
	  1, 1 },
	{ "iser", "CONSOLE [--json OUT]",
	  "make live-iser's tables from its console (exit 1: the data check\n"
	  "failed, a line is malformed, or the core and the oracle differ)",
	  live_verb_ulp, 1, 3 },
	/* RoCE v2 (make live-roce, live/roce) */
	{ "roce-peer",
	  "--ifname IF --rxe-ifname IF [--dev RXE] [--first N] [--count N]\n"
	  "    [--also K[,K...]] [--wait-ms MS] [--random-seed HEX\n"
	  "    [--random-seconds S] [--random-max N]] [-- CONNECTOR... --log FILE]",
	  "the hostile RoCE v2 peer's cases against rxe, ib_cm and rdma_cm,\n"
	  "passive and active (the connector asks it for connections), then\n"
	  "random REQs from consecutive seeds for S seconds (guest)",
	  live_verb_roce_peer, 4, 30 },
	{ "roce-cases", "", "every RoCE case: index, name, what a conforming side does",
	  live_verb_roce_cases, 0, 0 },
	{ "roce-wire", "--fields | --pcap FILE [--control] | --check CSV",
	  "the table's frames for tshark: its fields (-e each), every frame\n"
	  "as a pcap (--control: the first one's PSN changed after), or\n"
	  "tshark's lines of them checked (exit 1: a frame not as intended)",
	  live_verb_roce_wire, 1, 3 },
	{ "roce", "CONSOLE [--first K] [--count N] [--also K[,K...]] [--json OUT]",
	  "make live-roce's table from its console, N cases from K on (0: to\n"
	  "the last) and the cases --also names, by index or name (exit 1: a\n"
	  "line is malformed, a case is missing, or a control failed); OUT: make\n"
	  "compliance's rows",
	  live_verb_roce, 1, 9 },
	/* what the guest kernel left (live/guest) */
	{ "splats", "FILE",
	  "the kernel splats in a console log, one per line: title, then RIP\n(exit 1: none)",
	  live_verb_splats, 1, 1 },
	{ "stacks", "FILE",
	  "from the watchdog's SysRq-t dump in a console log, the stack of every\n"
	  "rdmaneg-* task (exit 1: none)",
	  live_verb_stacks, 1, 1 },
	{ "rips", "MAP CONSOLE QEMULOG", "each vCPU's RIP in a hung guest, named from System.map",
	  live_verb_rips, 3, 3 },
	{ "gcov", "SUITE INFO",
	  "the debug kernel's lines and branches reached per file, from lcov's\n"
	  "tracefile (exit 1: none of the files, or torn)",
	  live_verb_gcov, 2, 2 },
	{ "kcov", "CONSOLE INFO",
	  "which tasks' KCOV saw the functions of siw and iw_cm gcov saw run\n"
	  "(make live-kcov; exit 1: nothing to compare)",
	  live_verb_kcov, 2, 2 },
	{ "arcs", "UNGUIDED GUIDED",
	  "the kernel arcs two peer runs reached over time (make live-guided;\n"
	  "exit 1: no samples)",
	  live_verb_arcs, 2, 2 },
};

int main(int argc, char **argv)
{
	signal(SIGPIPE, SIG_IGN);
	return rdmaneg_verb_dispatch(
		"rdmaneg-live",
		"Exit 0 when every case passed, 1 when one failed, 2 on a usage error.", verbs,
		sizeof(verbs) / sizeof(verbs[0]), argc, argv);
}
