// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Host tests of the shared helpers in util/: the kernel-log scanner
 * (klog.c), hex (hex.c), gcov's .gcda reader and the arcs reached
 * (gcda.c, arcs.c), the verdict type (verdict.c), the guided loop's
 * pool (guide.c), case names (casename.c) and the campaign channel (agent.c:
 * arc lists, the serving side's commands). Prints "N passed, N failed".
 */
#define _GNU_SOURCE

#include "util/agent.h"
#include "util/arcs.h"
#include "util/casename.h"
#include "util/file.h"
#include "util/gcda.h"
#include "util/guide.h"
#include "util/hex.h"
#include "util/kcov.h"
#include "util/klog.h"
#include "util/verdict.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/check.h"

/* a SysRq-t dump: the rdmaneg-live blocks, not the others */
static void test_task_stacks(void)
{
	static const char dump[] =
		"LIVE_START 16 siw client-no-pd\n"
		"[  285.1] task:sh              state:S stack:0     pid:1     ppid:0\n"
		"[  285.1] Call Trace:\n"
		"[  285.1]  <TASK>\n"
		"[  285.1]  do_wait+0x15e/0x300\n"
		"[  285.1]  </TASK>\n"
		"[  285.2] task:rdmaneg-live    state:S stack:0     pid:170   ppid:1\n"
		"[  285.2] Call Trace:\n"
		"[  285.2]  <TASK>\n"
		"[  285.2]  pipe_read+0x2ee/0x460\n"
		"[  285.2]  </TASK>\n"
		"[  285.3] task:kworker/0:1     state:I stack:0     pid:20    ppid:2\n"
		"[  285.3]  worker_thread+0xc6/0x3c0\n";
	char out[512];

	CHECK(rdmaneg_klog_task_stacks(dump, sizeof(dump) - 1, "rdmaneg-", out, sizeof(out)) == 1);
	CHECK(strncmp(out, "task:rdmaneg-live", 17) == 0 && strstr(out, " pipe_read+0x2ee") &&
	      strstr(out, "</TASK>\n") && !strstr(out, "do_wait") && !strstr(out, "worker_thread"));
	CHECK(rdmaneg_klog_task_stacks(dump, sizeof(dump) - 1, "sh", out, 20) == 1 &&
	      strlen(out) == 19 && strncmp(out, "task:sh", 7) == 0);
	CHECK(rdmaneg_klog_task_stacks(dump, sizeof(dump) - 1, "nfsd", out, sizeof(out)) == 0 &&
	      out[0] == '\0');
	CHECK(rdmaneg_klog_task_stacks("", 0, "rdmaneg-", out, 0) == 0);
}

static void test_klog(void)
{
	static const char text[] =
		"[    1.000000] siw: loaded\n"
		"[    2.000000] ------------[ cut here ]------------\n"
		"[    2.000001] WARNING: CPU: 1 PID: 42 at drivers/infiniband/sw/siw/siw_cm.c:100 siw_cm_work_handler+0x12/0x30 [siw]\n"
		"[    2.000002] CPU: 1 PID: 42 Comm: kworker/1:1 Tainted: G           OE      6.1.0-56-amd64 #1  Debian 6.1.192-2\n"
		"[    2.000003] RIP: 0010:siw_cm_work_handler+0x12/0x30 [siw]\n"
		"[    2.000004] Call Trace:\n"
		"[    2.000005]  <TASK>\n"
		"[    2.000006]  ? __warn+0x7d/0xc0\n"
		"[    2.000007]  process_one_work+0x1c7/0x380\n"
		"[    2.000008]  </TASK>\n"
		"[    2.000009] ---[ end trace 0000000000000000 ]---\n"
		"[    3.000000] all good\n";
	static const char null_in_memcpy[] =
		"[   17.832060] BUG: kernel NULL pointer dereference, address: 0000000000000004\n"
		"[   17.833630] Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
		"[   17.835113] RIP: 0010:memcpy_erms+0x6/0x10\n"
		"[   17.835113] Call Trace:\n"
		"[   17.835113]  <TASK>\n"
		"[   17.835113]  kmemdup+0x32/0x40\n"
		"[   17.835113]  cm_event_handler+0x1c6/0x240 [iw_cm]\n"
		"[   17.835113]  siw_cm_upcall+0x10a/0x1b0 [siw]\n"
		"[   17.835113]  process_one_work+0x1c7/0x380\n"
		"[   17.835113] ---[ end trace 0000000000000000 ]---\n"
		"[   17.835113] Kernel panic - not syncing: Fatal exception\n";
	struct rdmaneg_splat s[4];

	CHECK(rdmaneg_klog_scan(text, sizeof(text) - 1, s, 4) == 1);
	CHECK(strcmp(s[0].title, "WARNING in siw_cm_work_handler") == 0);
	CHECK(strcmp(s[0].taint, "G           OE") == 0);
	CHECK(rdmaneg_klog_scan("[ 1.0] siw: all fine\n", 21, s, 4) == 0);
	/* a fault in memcpy names its caller; oops=panic's panic is no splat */
	CHECK(rdmaneg_klog_scan(null_in_memcpy, sizeof(null_in_memcpy) - 1, s, 4) == 1);
	CHECK(strcmp(s[0].title, "BUG: kernel NULL pointer dereference in cm_event_handler") == 0);
	CHECK(strcmp(s[0].rip, "memcpy_erms") == 0);
	/* 7.3's x86 puts "Oops: " before a general protection fault */
	{
		static const char gpf73[] =
			"[   21.942418] Oops: general protection fault, probably for non-canonical address 0xdffffc0000000000: 0000 [#1] SMP KASAN\n"
			"[   21.943649] KASAN: null-ptr-deref in range [0x0000000000000000-0x0000000000000007]\n"
			"[   21.946818] Workqueue: siw_cm_wq siw_cm_work_handler\n"
			"[   21.948874] RIP: 0010:siw_cm_work_handler+0x1b97/0x28c0\n"
			"[   21.956314] Call Trace:\n"
			"[   21.957031]  <TASK>\n"
			"[   21.960003]  process_one_work+0x8ab/0x1830\n"
			"[   21.960009] ---[ end trace 0000000000000000 ]---\n";

		CHECK(rdmaneg_klog_scan(gpf73, sizeof(gpf73) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title, "general protection fault in siw_cm_work_handler") == 0);
	}
	/* built-in frames end their lines (no " [module]"): 7.3.4's debug
	 * kernel, where kmemdup is kmemdup_noprof and memcpy memcpy_orig */
	{
		static const char builtin[] =
			"[   20.611400] BUG: kernel NULL pointer dereference, address: 0000000000000004\n"
			"[   20.613390] Oops: Oops: 0000 [#1] SMP KASAN\n"
			"[   20.616791] RIP: 0010:memcpy_orig+0x16/0x110\n"
			"[   20.621680] Call Trace:\n"
			"[   20.622079]  <TASK>\n"
			"[   20.622312]  kmemdup_noprof+0x32/0x40\n"
			"[   20.622598]  cm_event_handler+0x4fd/0x770\n"
			"[   20.623053]  ? siw_send_mpareqrep+0x3e0/0x3e0\n"
			"[   20.623811]  siw_cm_work_handler+0xf3a/0x28c0\n"
			"[   20.627708] ---[ end trace 0000000000000000 ]---\n";

		CHECK(rdmaneg_klog_scan(builtin, sizeof(builtin) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title,
			     "BUG: kernel NULL pointer dereference in cm_event_handler") == 0);
	}
	/* panic_on_warn=1's panic ends the WARNING that set it off (seen on
	 * Debian's 6.1.0-56 for make live-smbd's s-len-31) */
	{
		static const char on_warn[] =
			"[   28.650479] ------------[ cut here ]------------\n"
			"[   28.650692] WARNING: CPU: 1 PID: 287 at siw_cm.c:453 siw_cep_put+0x11d/0x130 [siw]\n"
			"[   28.650700] RIP: 0010:siw_cep_put+0x11d/0x130 [siw]\n"
			"[   28.650710] Call Trace:\n"
			"[   28.650711]  <TASK>\n"
			"[   28.650712]  siw_accept+0x3a0/0x8f0 [siw]\n"
			"[   28.650713]  </TASK>\n"
			"[   28.677110] Kernel panic - not syncing: kernel: panic_on_warn set ...\n"
			"[   28.677906]  panic+0x118/0x2f4\n"
			"[   28.678075]  check_panic_on_warn.cold+0xf/0x1e\n";

		CHECK(rdmaneg_klog_scan(on_warn, sizeof(on_warn) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title, "WARNING in siw_cep_put") == 0);
	}
	/* Linux 6.16 on puts the file first (seen on 7.3.4 for make
	 * live-adversarial's abcd-1000, finding 22) */
	{
		static const char file_first[] =
			"[   43.757241] WARNING: drivers/infiniband/sw/siw/siw_cm.c:164 at siw_rtr_data_ready+0x1f6/0x270, CPU#0: rdmaneg-peer/139\n"
			"[   43.763932] CPU: 0 UID: 0 PID: 139 Comm: rdmaneg-peer Not tainted 7.3.4-rdmaneg-fixed #2 PREEMPTLAZY  \n"
			"[   43.767064] RIP: 0010:siw_rtr_data_ready+0x1ff/0x270\n"
			"[   43.767070] Call Trace:\n"
			"[   43.767071]  <IRQ>\n"
			"[   43.767072]  tcp_data_queue+0x1aa7/0x4d60\n"
			"[   43.767073]  </IRQ>\n"
			"[   43.767074] ---[ end trace 0000000000000000 ]---\n";
		/* a WARNING's own text with " at " in it is not that form */
		static const char text_at[] =
			"[    5.000000] WARNING: CPU: 0 PID: 9 at kernel/x.c:3 f+0x1/0x2\n"
			"[    5.000001] RIP: 0010:f+0x1/0x2\n"
			"[    5.000002] ---[ end trace 0000000000000000 ]---\n";

		CHECK(rdmaneg_klog_scan(file_first, sizeof(file_first) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title, "WARNING in siw_rtr_data_ready") == 0);
		CHECK(strcmp(s[0].rip, "siw_rtr_data_ready") == 0);
		CHECK(rdmaneg_klog_scan(text_at, sizeof(text_at) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title, "WARNING in f") == 0);
	}
	/* seen on the guest console: the peer's line, cut by the kernel's
	 * report (without the split it reads as "Oops in cm_event_handler") */
	{
		static const char cut[] =
			"PEER_CASE reply 0 pd-length-257-exact\n"
			"PEER_FRAME reply 0 277 4d504120494420526570204672616d65100201010010"
			"[    3.587052] BUG: kernel NULL pointer dereference, address: 0000000000000004\n"
			"[    3.588493] Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
			"[    3.592509] RIP: 0010:memcpy_erms+0x6/0x10\n"
			"[    3.592509] Call Trace:\n"
			"[    3.592509]  <TASK>\n"
			"[    3.592509]  kmemdup+0x32/0x40\n"
			"[    3.592509]  cm_event_handler+0x1c6/0x240 [iw_cm]\n"
			"[    3.592509] ---[ end trace 0000000000000000 ]---\n";

		CHECK(rdmaneg_klog_scan(cut, sizeof(cut) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title,
			     "BUG: kernel NULL pointer dereference in cm_event_handler") == 0);
		CHECK(s[0].line == 2); /* the file's line, where the cut line began */
	}
	/* lockdep names the lock's taker in its "at:" line (syzbot's title);
	 * seen on the debug kernel for request abcd-1000 */
	{
		static const char lockdep[] =
			"[   43.342434] ================================\n"
			"[   43.342434] WARNING: inconsistent lock state\n"
			"[   43.342434] 6.1.192-rdmaneg-debug #1 Not tainted\n"
			"[   43.342434] --------------------------------\n"
			"[   43.342434] inconsistent {SOFTIRQ-ON-R} -> {IN-SOFTIRQ-W} usage.\n"
			"[   43.342434] rdmaneg-peer/115 [HC0[0]:SC1[3]:HE1:SE0] takes:\n"
			"[   43.342434] ffff8880059933a0 (clock-AF_INET){++-?}-{2:2}, at: "
			"siw_qp_socket_assoc+0x72/0x140\n"
			"[   43.342434] {SOFTIRQ-ON-R} state was registered at:\n"
			"[   43.342434]   lock_acquire+0x19c/0x480\n"
			"[   43.342434]   _raw_read_lock+0x58/0x70\n"
			"[   43.342434]   siw_cm_llp_state_change+0x23/0x210\n"
			"[   43.342434] stack backtrace:\n"
			"[   43.342434] Call Trace:\n"
			"[   43.342434]  <IRQ>\n"
			"[   43.342434]  dump_stack_lvl+0x4c/0x5f\n"
			"[   43.342434]  mark_lock.cold+0x8a/0x97\n"
			"[   43.342434]  __lock_acquire+0x153e/0x6030\n"
			"[   43.342434]  lock_acquire+0x19c/0x480\n"
			"[   43.342434]  _raw_write_lock_bh+0x2f/0x40\n"
			"[   43.342434]  siw_qp_socket_assoc+0x72/0x140\n"
			"[   43.342434]  siw_rtr_data_ready+0x176/0x230\n"
			"[   43.342434] RIP: 0033:0x7f7ce0b099f0\n";

		CHECK(rdmaneg_klog_scan(lockdep, sizeof(lockdep) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].kind, "LOCKDEP") == 0);
		CHECK(strcmp(s[0].title, "inconsistent lock state in siw_qp_socket_assoc") == 0);
	}
	/* lockdep's irq-safety report, laid out as print_bad_irq_dependency()
	 * prints it (6.1, kernel/locking/lockdep.c; the addresses are made
	 * up): syzbot's "possible deadlock in" the acquirer */
	{
		static const char order[] =
			"[   88.100000] =====================================================\n"
			"[   88.100000] WARNING: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected\n"
			"[   88.100000] 6.1.192-rdmaneg-fixed #1 Not tainted\n"
			"[   88.100000] -----------------------------------------------------\n"
			"[   88.100000] rpc.nfsd/201 [HC0[0]:SC0[2]:HE1:SE0] is trying to acquire:\n"
			"[   88.100000] ffff888006559ba0 (clock-AF_INET){++.-}-{2:2}, at: "
			"inet_child_forget+0x9c/0x3c0\n"
			"[   88.100000] \n"
			"[   88.100000] and this task is already holding:\n"
			"[   88.100000] ffff8880065598a8 (slock-AF_INET/1){+.-.}-{2:2}, at: "
			"inet_csk_listen_stop+0x1c5/0xd40\n"
			"[   88.100000] stack backtrace:\n"
			"[   88.100000] Call Trace:\n"
			"[   88.100000]  <TASK>\n"
			"[   88.100000]  dump_stack_lvl+0x4c/0x5f\n"
			"[   88.100000]  __lock_acquire+0x153e/0x6030\n"
			"[   88.100000]  lock_acquire+0x19c/0x480\n"
			"[   88.100000]  _raw_write_lock_bh+0x2f/0x40\n"
			"[   88.100000]  inet_child_forget+0x9c/0x3c0\n"
			"[   88.100000]  </TASK>\n";

		CHECK(rdmaneg_klog_scan(order, sizeof(order) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].kind, "LOCKDEP") == 0);
		CHECK(strcmp(s[0].title, "possible deadlock in inet_child_forget") == 0);
	}
	/* a hung task whose stack the report left out: no " in " and nothing */
	{
		static const char hung[] =
			"[  246.910674] INFO: task rdmaneg-live:111 blocked for more than 120 seconds.\n"
			"[  246.914580]       Tainted: G    B              6.1.192-rdmaneg-debug #1\n"
			"[  246.920044] INFO: lockdep is turned off.\n";

		CHECK(rdmaneg_klog_scan(hung, sizeof(hung) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].kind, "HUNG") == 0 && strstr(s[0].title, " in") == NULL &&
		      s[0].title[0] != '\0');
	}
	/* the same, with the SysRq t dump live/guest/init.sh writes after it (7.3.4's
	 * console, make live-kernel's hung control): the task's own frames */
	{
		static const char hung[] =
			"[   90.524857] INFO: task kworker/u4:3:1 blocked for more than 61 seconds.\n"
			"[   90.525745]       Not tainted 7.3.4-rdmaneg-debug #1\n"
			"[   90.545100] \n"
			"[   90.545100] Showing all locks held in the system:\n"
			"[   90.545322] locks held by init/1: 1, on CPU#0:\n"
			"[   90.546380] =============================================\n"
			"LIVE_HUNG 60s: the hung-task detector reported a blocked task\n"
			"[   90.566000] task:kworker/0:1     state:D stack:0     pid:11    tgid:11\n"
			"[   90.566100]  <TASK>\n"
			"[   90.566110]  __schedule+0xd64/0x2010\n"
			"[   90.566120]  wrong_task+0x1/0x2\n"
			"[   90.566130]  </TASK>\n"
			"[   90.566672] task:kworker/u4:3    state:D stack:0     pid:1     tgid:1     ppid:0\n"
			"[   90.566834] Call Trace:\n"
			"[   90.566863]  <TASK>\n"
			"[   90.566883]  __schedule+0xd64/0x2010\n"
			"[   90.566974]  ? io_schedule_timeout+0x150/0x150\n"
			"[   90.567016]  schedule+0xe4/0x2e0\n"
			"[   90.567095]  lkdtm_HUNG_TASK+0x84/0xb0\n"
			"[   90.567138]  lkdtm_do_action+0x2f/0x50\n"
			"[   90.568139]  </TASK>\n"
			"[   90.568259] task:kthreadd        state:S stack:0     pid:2\n"
			"[   90.568332]  <TASK>\n"
			"[   90.568347]  other_frame+0xd64/0x2010\n";

		CHECK(rdmaneg_klog_scan(hung, sizeof(hung) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title, "INFO: task hung in lkdtm_HUNG_TASK") == 0);
		CHECK(s[0].nframes == 2 && strcmp(s[0].frames[1], "lkdtm_do_action") == 0);
	}
	/* stock 6.1's console (make live-smbd, 2026-11-29, finding 21's hang):
	 * nothing ends the report before the dump, whose first task is init
	 * asleep in do_wait; the blocked kworker's frames must win */
	{
		static const char hung[] =
			"[   77.446771] INFO: task kworker/u4:2:31 blocked for more than 61 seconds.\n"
			"[   77.447138]       Tainted: G           OE      6.1.0-56-amd64 #1 Debian 6.1.192-2\n"
			"[   77.447351] \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.\n"
			"LIVE_HUNG 60s: the hung-task detector reported a blocked task\n"
			"[   77.460221] sysrq: Show State\n"
			"[   77.460452] task:init            state:S stack:0     pid:1     ppid:0\n"
			"[   77.460689] Call Trace:\n"
			"[   77.460766]  <TASK>\n"
			"[   77.460840]  __schedule+0x34d/0xa00\n"
			"[   77.461055]  do_wait+0x114/0x320\n"
			"[   77.461152]  kernel_wait4+0xb4/0x160\n"
			"[   77.464728]  </TASK>\n"
			"[   77.491093] task:kworker/u4:2    state:D stack:0     pid:31    ppid:2\n"
			"[   77.491238] Workqueue: iw_cm_wq cm_work_handler [iw_cm]\n"
			"[   77.491358] Call Trace:\n"
			"[   77.491502]  <TASK>\n"
			"[   77.491551]  __schedule+0x34d/0xa00\n"
			"[   77.491610]  schedule+0x5a/0xd0\n"
			"[   77.491657]  schedule_preempt_disabled+0x11/0x20\n"
			"[   77.491721]  __mutex_lock.constprop.0+0x39d/0x720\n"
			"[   77.491794]  rdma_destroy_id+0x15/0x20 [rdma_cm]\n"
			"[   77.491882]  free_transport+0x17f/0x260 [ksmbd]\n"
			"[   77.492736]  </TASK>\n";

		CHECK(rdmaneg_klog_scan(hung, sizeof(hung) - 1, s, 4) == 1);
		CHECK(strcmp(s[0].title, "INFO: task hung in __mutex_lock") == 0);
		CHECK(s[0].nframes >= 2 && strcmp(s[0].frames[1], "rdma_destroy_id") == 0);
	}
	CHECK(rdmaneg_klog_starts("6,99,123,-;BUG: kernel NULL pointer dereference, address: 8"));
	CHECK(!rdmaneg_klog_starts("6,99,123,-;siw: bug fixed"));
}

static void test_symbol(void)
{
	static const char map[] = "ffffffff81000000 T _stext\n"
				  "ffffffff81001000 t native_safe_halt\n"
				  "ffffffff81001040 D some_data\n"
				  "ffffffff81002000 T default_idle\n";
	static const char mods[] = "siw 200704 0 - Live 0xffffffffc0600000 (OE)\n"
				   "iw_cm 53248 1 rdma_cm, Live 0xffffffffc0500000\n";
	char out[96];

	rdmaneg_klog_symbol(map, sizeof(map) - 1, mods, sizeof(mods) - 1, 0xffffffff81001010ull,
			    out, sizeof(out));
	CHECK(strcmp(out, "native_safe_halt+0x10") == 0); /* data symbols skipped */
	rdmaneg_klog_symbol(map, sizeof(map) - 1, mods, sizeof(mods) - 1, 0xffffffffc0600b91ull,
			    out, sizeof(out));
	CHECK(strcmp(out, "[siw]+0xb91") == 0);
	rdmaneg_klog_symbol(map, sizeof(map) - 1, mods, sizeof(mods) - 1, 0x401000ull, out,
			    sizeof(out));
	CHECK(strcmp(out, "?") == 0); /* user space: nothing to name */
	rdmaneg_klog_symbol(NULL, 0, NULL, 0, 0xffffffff81001010ull, out, sizeof(out));
	CHECK(strcmp(out, "vmlinux") == 0); /* Debian's System.map is a stub */
}

static void test_hex(void)
{
	uint8_t b[3];
	struct rdmaneg_hex h;

	/* separators skip, a half octet carries to the next piece */
	rdmaneg_hex_init(&h, b, sizeof(b));
	CHECK(rdmaneg_hex_feed(&h, "4d:5\t") == RDMANEG_HEX_OK && !rdmaneg_hex_whole(&h));
	CHECK(rdmaneg_hex_feed(&h, "0 Aa") == RDMANEG_HEX_OK && rdmaneg_hex_whole(&h));
	CHECK(h.len == 3 && b[0] == 0x4d && b[1] == 0x50 && b[2] == 0xaa && h.digits == 6);
	/* one octet more than fits, and a non-digit: each stops, naming where */
	rdmaneg_hex_init(&h, b, 1);
	CHECK(rdmaneg_hex_feed(&h, "0102") == RDMANEG_HEX_FULL && h.len == 1 && *h.at == '2');
	rdmaneg_hex_init(&h, b, sizeof(b));
	CHECK(rdmaneg_hex_feed(&h, "01g2") == RDMANEG_HEX_DIGIT && *h.at == 'g');
	CHECK(rdmaneg_hex_digit('f') == 15 && rdmaneg_hex_digit('G') == -1);
	/* and back: whole octets only, false when they do not all fit */
	{
		static const uint8_t o[3] = { 0x4d, 0x0a, 0xff };
		char out[7], *text = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&text, &n);

		CHECK(rdmaneg_hex_format(o, 3, out, sizeof(out), &n) && n == 6 &&
		      strcmp(out, "4d0aff") == 0);
		CHECK(!rdmaneg_hex_format(o, 3, out, 6, &n) && n == 4 && strcmp(out, "4d0a") == 0);
		CHECK(!rdmaneg_hex_format(o, 1, out, 0, &n) && n == 0);
		if (f) {
			rdmaneg_hex_print(f, o, 3);
			fclose(f);
			CHECK(text && strcmp(text, "4d0aff") == 0);
			free(text);
		}
	}
}

/* .gcda images: one the debug kernel wrote (siw_cm.c after make live;
 * gcov-dump-12 -l counts 55 functions, 701 arcs, 317 of them non-zero),
 * then each way an image can be refused */
static void test_gcda(void)
{
	static uint8_t map[128], acc[128], img[64];
	struct rdmaneg_gcda g;
	size_t len = 0;
	uint8_t *b = (uint8_t *)rdmaneg_read_file("tests/gcda/siw_cm.gcda", 1 << 20, &len, NULL);
	const uint8_t fn[] = { 0x00, 0x00, 0x00, 0x01, 12, 0, 0, 0, 1, 0,
			       0,    0,	   2,	 0,    0,  0, 3, 0, 0, 0 };
	const uint8_t arcs[] = { 0x00, 0x00, 0xa1, 0x01, 16, 0, 0, 0, 0, 0, 0, 0,
				 0,    0,    0,	   0,	 0,  0, 0, 0, 0, 0, 0, 1 };

	CHECK(b != NULL && len == 7164);
	if (!b)
		return;
	CHECK(rdmaneg_gcda_parse(b, len, map, sizeof(map) * 8, &g) == NULL);
	CHECK(g.functions == 55 && g.arcs == 701 && g.arcs_hit == 317);
	CHECK(rdmaneg_gcda_count(map, 701) == 317 &&
	      rdmaneg_gcda_count(map, sizeof(map) * 8) == 317);
	CHECK(rdmaneg_gcda_merge(acc, map, 701) == 317);
	CHECK(rdmaneg_gcda_merge(acc, map, 701) == 0); /* nothing new the second time */
	/* a small bitmap keeps the first arcs only; the totals stay whole */
	memset(map, 0, sizeof(map));
	CHECK(rdmaneg_gcda_parse(b, len, map, 8, &g) == NULL && g.arcs_hit == 317 && map[1] == 0 &&
	      rdmaneg_gcda_count(map, 8) <= 8);
	/* every cut shorter than the image: refused, unless it falls on a
	 * record's end (the header, then 109 of the 110 records' ends) */
	{
		size_t whole = 0, bad = 0;

		for (size_t cut = 0; cut < len; cut++) {
			if (rdmaneg_gcda_parse(b, cut, NULL, 0, &g) != NULL)
				continue;
			whole++;
			bad += cut < RDMANEG_GCDA_HEADER || g.arcs_hit > 317;
		}
		CHECK(whole == 110 && bad == 0);
	}
	b[0] ^= 1;
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	b[0] ^= 1;
	b[RDMANEG_GCDA_HEADER + 4] = 13; /* the first function record: 13 octets */
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	b[RDMANEG_GCDA_HEADER + 4] = 12;
	b[RDMANEG_GCDA_HEADER + 20 + 4] = 20; /* its arcs: 20 octets, 2.5 counters */
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	b[RDMANEG_GCDA_HEADER + 20 + 7] = 0x40; /* longer than the image */
	CHECK(rdmaneg_gcda_parse(b, len, NULL, 0, &g) != NULL);
	free(b);
	/* built by hand: arcs before any function; one with a counter of 2^56 */
	static const uint8_t head[16] = { 'a', 'd', 'c', 'g' };
	memcpy(img, head, sizeof(head));
	memcpy(img + 16, arcs, sizeof(arcs));
	CHECK(rdmaneg_gcda_parse(img, 16 + sizeof(arcs), NULL, 0, &g) != NULL);
	memcpy(img + 16, fn, sizeof(fn));
	memcpy(img + 16 + sizeof(fn), arcs, sizeof(arcs));
	memset(map, 0, sizeof(map));
	CHECK(rdmaneg_gcda_parse(img, 16 + sizeof(fn) + sizeof(arcs), map, 16, &g) == NULL &&
	      g.functions == 1 && g.arcs == 2 && g.arcs_hit == 1 && map[0] == 2);
	CHECK(rdmaneg_gcda_parse(img, 15, NULL, 0, &g) != NULL);
	CHECK(rdmaneg_gcda_parse(img, 16, NULL, 0, &g) == NULL && g.functions == 0);
}

/* util/arcs: a directory of .gcda files sampled as debugfs would serve
 * them: the first sample counts as reached, a counter that turns non-zero
 * is fresh once, a file whose layout changes or that vanishes is refused */
static void write_gcda(const char *path, uint8_t c0, uint8_t c1, size_t ncounters)
{
	uint8_t img[16 + 20 + 8 + 3 * 8] = { 'a', 'd', 'c', 'g' };
	const uint8_t fn[] = { 0x00, 0x00, 0x00, 0x01, 12, 0, 0, 0, 1, 0,
			       0,    0,	   2,	 0,    0,  0, 3, 0, 0, 0 };
	const uint8_t tag[] = { 0x00, 0x00, 0xa1, 0x01 };
	FILE *f = fopen(path, "wb");

	memcpy(img + 16, fn, sizeof(fn));
	memcpy(img + 36, tag, sizeof(tag));
	img[40] = (uint8_t)(8 * ncounters);
	img[44] = c0;
	img[52] = c1;
	CHECK(f != NULL && fwrite(img, 1, 44 + 8 * ncounters, f) == 44 + 8 * ncounters);
	if (f)
		fclose(f);
}

static void test_arcs_dir(void)
{
	static struct rdmaneg_arcs a;
	char dir[] = "/tmp/rdmaneg-arcs-XXXXXX", sub[64], p1[96], p2[96], err[256];

	if (!mkdtemp(dir)) {
		CHECK(0);
		return;
	}
	CHECK(rdmaneg_arcs_open(&a, dir, NULL, err, sizeof(err)) == -1 && strstr(err, "no .gcda"));
	snprintf(sub, sizeof(sub), "%s/siw", dir);
	snprintf(p1, sizeof(p1), "%s/siw/b.gcda", dir);
	snprintf(p2, sizeof(p2), "%s/a.gcda", dir);
	CHECK(mkdir(sub, 0700) == 0);
	write_gcda(p1, 0, 0, 2);
	write_gcda(p2, 1, 0, 2);
	/* a scope keeps the files whose path holds one of its parts */
	CHECK(rdmaneg_arcs_open(&a, dir, "nope,/siw/", err, sizeof(err)) == 0 && a.nfiles == 1 &&
	      strcmp(a.path[0], p1) == 0);
	CHECK(rdmaneg_arcs_open(&a, dir, "nope", err, sizeof(err)) == -1 &&
	      strstr(err, "in scope nope"));
	CHECK(rdmaneg_arcs_open(&a, dir, "", err, sizeof(err)) == 0 && a.nfiles == 2);
	CHECK(rdmaneg_arcs_open(&a, dir, NULL, err, sizeof(err)) == 0);
	/* sorted by path; each file's first bit a multiple of 8 */
	CHECK(a.nfiles == 2 && strcmp(a.path[0], p2) == 0 && a.off[1] == 8 && a.narcs == 4 &&
	      a.total == 1);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 0 && a.total == 1);
	write_gcda(p1, 0, 7, 2);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 1 && a.total == 2);
	/* the fresh map names the one new arc: b.gcda's second, bit 8 + 1 */
	CHECK(a.fresh[1] == 0x02 && a.fresh[0] == 0);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 0 && a.total == 2);
	write_gcda(p2, 1, 1, 2);
	write_gcda(p1, 1, 7, 2);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == 2 && a.total == 4);
	write_gcda(p1, 0, 0, 3);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == -1 && strstr(err, "changed"));
	CHECK(unlink(p1) == 0);
	CHECK(rdmaneg_arcs_sample(&a, err, sizeof(err)) == -1 && strstr(err, p1));
	CHECK(unlink(p2) == 0 && rmdir(sub) == 0 && rmdir(dir) == 0);
}

/* util/casename.c: the grammar of case names; the random names of the
 * peers' runs, chains, corpus bases and every way out of the grammar */
static void test_casename(void)
{
	struct rdmaneg_casename c;
	char out[RDMANEG_CASENAME_MAX], longn[RDMANEG_CASENAME_MAX + 8];

	CHECK(rdmaneg_casename_parse("random-42-3", &c) && c.kind == RDMANEG_CASENAME_RANDOM &&
	      c.seed == 42 && c.index == 3);
	CHECK(rdmaneg_casename_parse("random-18446744073709551615-0", &c) &&
	      c.kind == RDMANEG_CASENAME_RANDOM && c.seed == 18446744073709551615ul);
	/* past the bounds, or off the pattern: a plain name (no table case) */
	CHECK(rdmaneg_casename_parse("random-18446744073709551616-0", &c) &&
	      c.kind == RDMANEG_CASENAME_PLAIN);
	CHECK(rdmaneg_casename_parse("random-1-10000000", &c) && c.kind == RDMANEG_CASENAME_PLAIN);
	CHECK(rdmaneg_casename_parse("random-1-9999999", &c) && c.kind == RDMANEG_CASENAME_RANDOM);
	CHECK(rdmaneg_casename_parse("random--1-3", &c) && c.kind == RDMANEG_CASENAME_PLAIN);
	CHECK(rdmaneg_casename_parse("random-1-", &c) && c.kind == RDMANEG_CASENAME_PLAIN);
	CHECK(rdmaneg_casename_parse("abcd-1000", &c) && c.kind == RDMANEG_CASENAME_PLAIN &&
	      strcmp(c.base, "abcd-1000") == 0);
	CHECK(rdmaneg_casename_parse("abcd-1000~1f~ffffffff", &c) &&
	      c.kind == RDMANEG_CASENAME_CHAIN && strcmp(c.base, "abcd-1000") == 0 &&
	      c.nchain == 2 && c.chain[0] == 0x1f && c.chain[1] == 0xffffffffu);
	CHECK(rdmaneg_casename_parse("corpus.live-reply-0~0", &c) && c.nchain == 1 &&
	      c.chain[0] == 0 && strcmp(c.base, "corpus.live-reply-0") == 0);
	CHECK(rdmaneg_casename_parse("a~1~2~3~4~5~6~7~8", &c) && c.nchain == 8);
	CHECK(!rdmaneg_casename_parse("a~1~2~3~4~5~6~7~8~9", &c));
	CHECK(!rdmaneg_casename_parse("~1", &c) && !rdmaneg_casename_parse("a~", &c));
	CHECK(!rdmaneg_casename_parse("a~~1", &c) && !rdmaneg_casename_parse("a~123456789", &c));
	CHECK(!rdmaneg_casename_parse("a~AB", &c) && !rdmaneg_casename_parse("a~g", &c));
	CHECK(!rdmaneg_casename_parse("", &c) && !rdmaneg_casename_parse("a b", &c));
	CHECK(!rdmaneg_casename_parse("a*", &c) && !rdmaneg_casename_parse("a/b", &c));
	memset(longn, 'a', sizeof(longn) - 1);
	longn[sizeof(longn) - 1] = '\0';
	CHECK(!rdmaneg_casename_parse(longn, &c));
	longn[RDMANEG_CASENAME_MAX - 1] = '\0';
	CHECK(rdmaneg_casename_parse(longn, &c));
	/* a child: one mutation more; a full chain's last one replaced */
	CHECK(rdmaneg_casename_child("abcd", 0x1f, out, sizeof(out)) &&
	      strcmp(out, "abcd~1f") == 0);
	CHECK(rdmaneg_casename_child("abcd~1f", 0, out, sizeof(out)) &&
	      strcmp(out, "abcd~1f~0") == 0);
	CHECK(rdmaneg_casename_child("a~1~2~3~4~5~6~7~8", 0xabc, out, sizeof(out)) &&
	      strcmp(out, "a~1~2~3~4~5~6~7~abc") == 0);
	CHECK(!rdmaneg_casename_child("a b", 1, out, sizeof(out)));
	CHECK(!rdmaneg_casename_child("abcd", 0x1f, out, 7) &&
	      rdmaneg_casename_child("abcd", 0x1f, out, 8));
	CHECK(!rdmaneg_casename_child(longn, 1, out, sizeof(out)));
	CHECK(rdmaneg_casename_corpus("live-reply-0", out, sizeof(out)) &&
	      strcmp(out, "corpus.live-reply-0") == 0);
	CHECK(!rdmaneg_casename_corpus("a b", out, sizeof(out)) &&
	      !rdmaneg_casename_corpus("", out, sizeof(out)));
	CHECK(!rdmaneg_casename_corpus("abc", out, 10));
}

/* util/agent.c: arc lists on the channel, written and read back, and
 * every malformed list refused whole */
static void test_agent_ranges(void)
{
	uint8_t map[4] = { 0x0e, 0x00, 0x81, 0xff }, got[4] = { 0 };
	char buf[256];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	if (!f) {
		CHECK(0);
		return;
	}
	rdmaneg_agent_ranges_w(f, "new", map, 32);
	rdmaneg_agent_ranges_w(f, "none", got, 32);
	fclose(f);
	CHECK(strcmp(buf, " new=1-3,16,23-31 none=-") == 0);
	CHECK(rdmaneg_agent_ranges("1-3,16,23-31", 12, got, 32) == 13 &&
	      memcmp(got, map, sizeof(map)) == 0);
	CHECK(rdmaneg_agent_ranges("-", 1, got, 32) == 0);
	memset(got, 0, sizeof(got));
	CHECK(rdmaneg_agent_ranges("1,2,3", 5, got, 32) == 3 && got[0] == 0x0e);
	/* refused, and got left as it was */
	CHECK(rdmaneg_agent_ranges("3,1", 3, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("1-3,2", 5, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("5-5", 3, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("32", 2, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("1,", 2, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges(",1", 2, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("", 0, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("1-", 2, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("1x", 2, got, 32) == -1);
	CHECK(rdmaneg_agent_ranges("99999999999999999999", 20, got, 32) == -1);
	CHECK(got[0] == 0x0e && got[1] == 0 && got[2] == 0 && got[3] == 0);
}

/* util/kcov.c: PCs to the functions they fall in, text symbols only,
 * each once, in address order, by prefix; PCs below every symbol count
 * for none */
static void test_kcov_functions(void)
{
	static const char ks[] = "ffffffff81000000 T _stext\n"
				 "ffffffff81001000 t siw_accept\n"
				 "ffffffff81001200 d siw_data\n"
				 "ffffffff81001400 T siw_connect\n"
				 "ffffffff81001800 t cm_work_handler\t[iw_cm]\n"
				 "ffffffff81002000 T tcp_sendmsg\n"
				 "garbage line\n";
	const uint64_t pcs[] = { 0xffffffff81001010ull, 0xffffffff81001210ull,
				 0xffffffff81001020ull, 0xffffffff81001810ull,
				 0xffffffff81002010ull, 0xffffffff80000000ull };
	char out[256];

	CHECK(rdmaneg_kcov_functions(ks, sizeof(ks) - 1, pcs, 6, "siw_ cm_", out, sizeof(out)) ==
		      2 &&
	      strcmp(out, "siw_accept cm_work_handler") == 0);
	CHECK(rdmaneg_kcov_functions(ks, sizeof(ks) - 1, pcs, 6, "tcp_", out, sizeof(out)) == 1 &&
	      strcmp(out, "tcp_sendmsg") == 0);
	CHECK(rdmaneg_kcov_functions(ks, sizeof(ks) - 1, pcs, 0, "siw_", out, sizeof(out)) == 0 &&
	      out[0] == '\0');
	CHECK(rdmaneg_kcov_functions("", 0, pcs, 6, "siw_", out, sizeof(out)) == 0);
}

/* util/verdict.c: names round-trip, the text form, the tally */
static void test_verdict(void)
{
	struct rdmaneg_verdict v;
	struct rdmaneg_verdict_tally t = { { 0 } };
	enum rdmaneg_verdict_kind k = RDMANEG_VERDICT_FINDING;
	char out[64];

	for (unsigned i = 0; i < RDMANEG_VERDICT_KINDS; i++)
		CHECK(rdmaneg_verdict_parse(rdmaneg_verdict_name((enum rdmaneg_verdict_kind)i),
					    &k) &&
		      k == (enum rdmaneg_verdict_kind)i);
	CHECK(!rdmaneg_verdict_parse("conform", &k) && !rdmaneg_verdict_parse("", &k));
	CHECK(strcmp(rdmaneg_verdict_name((enum rdmaneg_verdict_kind)7), "?") == 0);
	rdmaneg_verdict_conforms(&v);
	rdmaneg_verdict_text(&v, out, sizeof(out));
	CHECK(strcmp(out, "conforms") == 0 && !v.clause && !v.detail[0]);
	rdmaneg_verdict_count(&t, &v);
	rdmaneg_verdict_set(&v, RDMANEG_VERDICT_DIVERGES, "4.2", "sent %d", 1040);
	rdmaneg_verdict_text(&v, out, sizeof(out));
	CHECK(strcmp(out, "diverges 4.2") == 0 && strcmp(v.detail, "sent 1040") == 0);
	rdmaneg_verdict_count(&t, &v);
	rdmaneg_verdict_count(&t, &v);
	rdmaneg_verdict_text(&v, out, 5); /* cut, terminated */
	CHECK(strcmp(out, "dive") == 0);
	CHECK(t.n[RDMANEG_VERDICT_CONFORMS] == 1 && t.n[RDMANEG_VERDICT_DIVERGES] == 2 &&
	      t.n[RDMANEG_VERDICT_FINDING] == 0);
}

/* util/guide.c: the pool of the guided loop */
static void test_guide(void)
{
	int store[3], x;
	struct rdmaneg_guide g;
	uint64_t r1 = rdmaneg_guide_rng(5, 2), r2 = rdmaneg_guide_rng(5, 2);
	const int *a, *b;

	rdmaneg_guide_init(&g, store, sizeof(store[0]), 3);
	CHECK(rdmaneg_guide_pick(&g, &r1) == NULL); /* empty: nothing to pick */
	r1 = r2;
	x = 10;
	CHECK(rdmaneg_guide_add(&g, &x) && g.n == 1 && g.kept == 0);
	x = 11;
	CHECK(!rdmaneg_guide_keep(&g, &x, 0) && g.n == 1); /* nothing new: dropped */
	CHECK(rdmaneg_guide_keep(&g, &x, 3) && g.n == 2 && g.kept == 1);
	x = 12;
	CHECK(rdmaneg_guide_keep(&g, &x, 1) && g.n == 3);
	CHECK(!rdmaneg_guide_keep(&g, &x, 9) && !rdmaneg_guide_add(&g, &x) && g.n == 3);
	a = rdmaneg_guide_pick(&g, &r1);
	b = rdmaneg_guide_pick(&g, &r2);
	CHECK(a && a == b && *a >= 10 && *a <= 12 && r1 == r2); /* (seed, k) replays */
	CHECK(rdmaneg_guide_rng(5, 2) != rdmaneg_guide_rng(5, 3) &&
	      rdmaneg_guide_rng(5, 2) != rdmaneg_guide_rng(6, 2));
}

/* rdmaneg_agent_serve's case function for the test: len-3 runs,
 * boom runs and finds, anything else is no case */
static int served;

static const char *serve_case(struct rdmaneg_agent *a, void *ctx, const char *name, char *finding,
			      size_t cap)
{
	(void)ctx;
	served++;
	if (strcmp(name, "boom") == 0)
		snprintf(finding, cap, "it went boom at %lld", (long long)a->seq);
	else if (strcmp(name, "len-3") != 0)
		return "no such case";
	return NULL;
}

/* The host's end of test_agent_serve, in a child: the commands, the
 * close, then every answer as util/agent.h says; exits 0 when each is
 * there. */
static void agent_host(int l)
{
	static const char cmds[] = "PING seq=1\nCOV seq=2\nhello\nCASE seq=4 name=len-3 cov=1\n"
				   "CASE seq=5\nCASE seq=6 name=nope\nCASE seq=7 name=boom\n";
	static const char *const want[] = {
		"READY agent=test taint=",
		"\nPONG seq=1\n",
		"\nDONE seq=2 verdict=error detail=COV",
		"\nDONE seq=-1 verdict=error detail=not",
		"\nDONE seq=4 name=len-3 verdict=unjudged clause=- detail=",
		"\nDONE seq=5 verdict=error detail=unknown",
		"\nDONE seq=6 verdict=error detail=no",
		"\nDONE seq=7 name=boom verdict=finding clause=- detail=it",
	};
	char got[2048];
	size_t have = 0;
	ssize_t n;
	int h = accept(l, NULL, NULL);

	if (h < 0 || write(h, cmds, strlen(cmds)) != (ssize_t)strlen(cmds))
		_exit(1);
	shutdown(h, SHUT_WR);
	while (have < sizeof(got) - 1 && (n = read(h, got + have, sizeof(got) - 1 - have)) > 0)
		have += (size_t)n;
	got[have] = '\0';
	if (strncmp(got, want[0], strlen(want[0])) != 0)
		_exit(2);
	for (size_t k = 1; k < sizeof(want) / sizeof(want[0]); k++)
		if (!strstr(got, want[k]))
			_exit(2 + (int)k);
	_exit(0);
}

/* util/agent.c's serving loop over a Unix socket, as the host tests'
 * campaigns connect: READY, PING, COV without arcs, a bad line and four
 * CASEs (one ran, one without a name, no such case, a finding); the
 * host's end closed ends the loop with 0. */
static void test_agent_serve(void)
{
	static struct rdmaneg_agent a;
	static struct rdmaneg_arcs arcs;
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int l = socket(AF_UNIX, SOCK_STREAM, 0), st = -1;
	pid_t pid;

	snprintf(sun.sun_path, sizeof(sun.sun_path), "/tmp/rdmaneg-util-unit-%d.sock",
		 (int)getpid());
	unlink(sun.sun_path);
	CHECK(l >= 0 && bind(l, (struct sockaddr *)&sun, sizeof(sun)) == 0 && listen(l, 1) == 0);
	pid = fork();
	if (pid == 0)
		agent_host(l);
	CHECK(pid > 0 && rdmaneg_agent_serve(&a, "test", sun.sun_path, &arcs, NULL, NULL,
					     serve_case, NULL) == 0);
	CHECK(served == 3);
	CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	unlink(sun.sun_path);
	close(l);
}

/* util/agent.c's case marks: two records, in the form the campaign's
 * blame reads (live/campaign/blame.h); none without an agent or a log */
static void test_agent_mark(void)
{
	static struct rdmaneg_agent a;
	char got[256] = { 0 };
	int p[2];
	FILE *f = tmpfile();

	CHECK(f && pipe(p) == 0);
	if (!f)
		return;
	a.who = "nvme-host";
	a.seq = 7;
	a.kmsg = p[1];
	rdmaneg_agent_mark(&a, f, "len-3~1f");
	rdmaneg_agent_mark(NULL, f, "len-4");
	a.kmsg = -1;
	rdmaneg_agent_mark(&a, f, "len-5");
	close(p[1]);
	CHECK(read(p[0], got, sizeof(got) - 1) > 0);
	CHECK(strcmp(got, "PEER_CASE nvme-host 7 len-3~1f\nPEER_FRAME nvme-host 7 -\n") == 0);
	close(p[0]);
	fclose(f);
}

/* rdmaneg_klog_next: lines without a copy, CRs dropped, a last line
 * without its newline, an empty line kept, nothing past the end */
static void test_klog_next(void)
{
	static const char text[] = "one\r\n\ntwo\nlast";
	const char *at = text, *end = text + sizeof(text) - 1, *p;
	size_t n;

	CHECK(rdmaneg_klog_next(&at, end, &p, &n) && n == 3 && memcmp(p, "one", 3) == 0);
	CHECK(rdmaneg_klog_next(&at, end, &p, &n) && n == 0);
	CHECK(rdmaneg_klog_next(&at, end, &p, &n) && n == 3 && memcmp(p, "two", 3) == 0);
	CHECK(rdmaneg_klog_next(&at, end, &p, &n) && n == 4 && memcmp(p, "last", 4) == 0 &&
	      at == end);
	CHECK(!rdmaneg_klog_next(&at, end, &p, &n));
	at = text;
	CHECK(!rdmaneg_klog_next(&at, text, &p, &n)); /* nothing to read */
}

/* rdmaneg_klog_release: the banner's release, cut to the room; any other
 * message, or one cut before the release, leaves out alone */
static void test_klog_release(void)
{
	static const char banner[] = "Linux version 7.3.4-rdmaneg-debug (root@host) (gcc 12) #1";
	char out[32] = "kept", tiny[4];
	const char *m = rdmaneg_klog_message("[    0.000000] Linux version 6.1.0-56-amd64 (x)");

	CHECK(rdmaneg_klog_release(banner, strlen(banner), out, sizeof(out)) &&
	      strcmp(out, "7.3.4-rdmaneg-debug") == 0);
	CHECK(rdmaneg_klog_release(m, strlen(m), out, sizeof(out)) &&
	      strcmp(out, "6.1.0-56-amd64") == 0);
	CHECK(rdmaneg_klog_release("Linux version 6.12.117\r", 23, out, sizeof(out)) &&
	      strcmp(out, "6.12.117") == 0);
	/* n ends the message, not a NUL */
	CHECK(rdmaneg_klog_release(banner, 19, out, sizeof(out)) && strcmp(out, "7.3.4") == 0);
	CHECK(rdmaneg_klog_release(banner, strlen(banner), tiny, sizeof(tiny)) &&
	      strcmp(tiny, "7.3") == 0);
	strcpy(out, "kept");
	CHECK(!rdmaneg_klog_release(banner, 14, out, sizeof(out)) && strcmp(out, "kept") == 0);
	CHECK(!rdmaneg_klog_release("Linux Version 6.1", 17, out, sizeof(out)) &&
	      strcmp(out, "kept") == 0);
	CHECK(!rdmaneg_klog_release(" Linux version 6.1", 18, out, sizeof(out)));
	CHECK(!rdmaneg_klog_release(banner, strlen(banner), out, 0));
	CHECK(!rdmaneg_klog_release(NULL, 5, out, sizeof(out)));
}

int main(void)
{
	test_klog_next();
	test_klog_release();
	test_klog();
	test_task_stacks();
	test_hex();
	test_symbol();
	test_gcda();
	test_arcs_dir();
	test_verdict();
	test_casename();
	test_agent_ranges();
	test_agent_serve();
	test_agent_mark();
	test_kcov_functions();
	test_guide();
	printf("util-unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
