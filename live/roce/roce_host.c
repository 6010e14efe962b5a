// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* the kernel ULPs that connect to make live-roce's peer, and what they
 * leave in the trace; see roce_host.h. */
#define _GNU_SOURCE
#include "live/roce/roce_host.h"

#include "live/iser/iser.h"
#include "live/nvme/nvme.h"
#include "live/roce/roce_live.h"
#include "live/roce/roce_ulp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* a child's exit status for errno e: e itself, 125 when it does not fit */
static int code(int e)
{
	return e > 0 && e < 126 ? e : 125;
}

void live_roce_nvme_connect(void)
{
	char opts[256];
	int n = snprintf(opts, sizeof(opts),
			 "transport=rdma,traddr=%s,trsvcid=%d,nqn=%s,nr_io_queues=1",
			 LIVE_ROCE_PEER, LIVE_NVME_PORT, LIVE_NVME_NQN);
	int fd = open("/dev/nvme-fabrics", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		_exit(code(errno));
	_exit(write(fd, opts, (size_t)n) == n ? 0 : code(errno));
}

#define NFS_MNT "/tmp/roce-nfs"

void live_roce_nfs_mount(uint16_t port)
{
	char opts[256];

	snprintf(opts, sizeof(opts),
		 "vers=4.1,proto=rdma,port=%d,addr=%s,clientaddr=%s,soft,timeo=10,retrans=1", port,
		 LIVE_ROCE_PEER, LIVE_ROCE_ADDR);
	if (mkdir(NFS_MNT, 0755) != 0 && errno != EEXIST)
		_exit(code(errno));
	if (mount(LIVE_ROCE_PEER ":/", NFS_MNT, "nfs4", 0, opts) != 0)
		_exit(code(errno));
	(void)umount2(NFS_MNT, MNT_FORCE);
	_exit(0);
}

#define ISCSIADM "/sbin/iscsiadm"
#define ISCSIADM_LOG "/tmp/roce-iscsiadm.log"

/* argv run to its end, its output appended to ISCSIADM_LOG: its exit
 * status, 126 when it could not start, 128 when a signal ended it */
static int run(char *const argv[])
{
	pid_t pid = fork();
	int st = 0;

	if (pid < 0)
		return 126;
	if (pid == 0) {
		int fd = open(ISCSIADM_LOG, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

		if (fd >= 0 && (dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0))
			_exit(126);
		execv(argv[0], argv);
		_exit(126);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 126;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

void live_roce_iser_login(uint16_t port)
{
	char portal[64], target[] = LIVE_ISER_IQN, m[] = "-m", node[] = "node", o[] = "-o",
			 add[] = "new", t[] = "-T", p[] = "-p", i[] = "-I", iser[] = "iser",
			 login[] = "--login", bin[] = ISCSIADM;
	char *create[] = { bin, m, node, o, add, t, target, p, portal, i, iser, NULL };
	char *logon[] = { bin, m, node, t, target, p, portal, i, iser, login, NULL };
	int rc;

	snprintf(portal, sizeof(portal), "%s:%u", LIVE_ROCE_PEER, port);
	rc = run(create);
	_exit(rc != 0 ? rc : run(logon));
}

#define TRACE "/sys/kernel/tracing/trace"

void live_roce_nfs_thresholds(uint16_t port, char *event, size_t cap)
{
	FILE *t = fopen(TRACE, "r");
	char line[1024], want[64];
	unsigned long snd = 0, rcv = 0;
	bool found = false;

	snprintf(event, cap, "CALL");
	snprintf(want, sizeof(want), "-> %s:%u ", LIVE_ROCE_PEER, port);
	while (t && fgets(line, sizeof(line), t)) {
		const char *m = strstr(line, "xprtrdma_inline_thresh: ");
		const char *neg = m ? strstr(m, "neg send/recv=") : NULL;

		if (!found && m && neg && strstr(m, want) &&
		    live_roce_nfs_pair(neg + strlen("neg send/recv="), &snd, &rcv))
			found = true;
	}
	if (t)
		fclose(t);
	if (found)
		snprintf(event, cap, "CALL-%lu/%lu", snd, rcv);
}

void live_roce_trace_clear(void)
{
	FILE *t = fopen(TRACE, "w");

	if (t)
		fclose(t);
}
