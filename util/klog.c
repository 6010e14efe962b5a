// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/klog.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rdmaneg_klog_message(const char *line)
{
	const char *p = line;

	/* /dev/kmsg: "6,1234,5678901,-;message" */
	if (isdigit((unsigned char)*p)) {
		const char *semi = strchr(p, ';');
		const char *sp = strchr(p, ' ');

		if (semi && (!sp || semi < sp)) {
			size_t commas = 0;

			for (const char *q = strchr(p, ','); q && q < semi; q = strchr(q + 1, ','))
				commas++;
			if (commas >= 3)
				return semi + 1;
		}
	}
	/* console: "[   12.345678] message" */
	while (*p == ' ')
		p++;
	if (*p == '[') {
		const char *close = strchr(p, ']');

		if (close && close - p < 24) {
			p = close + 1;
			if (*p == ' ')
				p++;
		}
	}
	return p;
}

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The kind of splat a message line starts, or NULL. */
static const char *start_kind(const char *m)
{
	if (starts_with(m, "BUG: KASAN:"))
		return "KASAN";
	if (starts_with(m, "BUG: KFENCE:"))
		return "KFENCE";
	if (starts_with(m, "UBSAN:"))
		return "UBSAN";
	if (starts_with(m, "WARNING: possible") || starts_with(m, "WARNING: inconsistent lock") ||
	    starts_with(m, "WARNING: suspicious RCU") ||
	    (starts_with(m, "WARNING: ") && strstr(m, " lock order detected")))
		return "LOCKDEP";
	if (starts_with(m, "WARNING:"))
		return "WARNING";
	if (starts_with(m, "refcount_t:"))
		return "REFCOUNT";
	if (strstr(m, "list_add corruption") || strstr(m, "list_del corruption"))
		return "LIST";
	if (starts_with(m, "BUG:") || starts_with(m, "kernel BUG at"))
		return "BUG";
	/* since 6.11 x86 prints "Oops: " in front (seen on 7.3.4) */
	if (starts_with(m, "general protection fault") ||
	    starts_with(m, "Oops: general protection fault"))
		return "GPF";
	if (starts_with(m, "Oops:") || starts_with(m, "Oops "))
		return "OOPS";
	if (starts_with(m, "INFO: task ") && strstr(m, "blocked for more than"))
		return "HUNG";
	if (strstr(m, "self-detected stall") || strstr(m, "rcu: INFO:") || strstr(m, "RCU stall"))
		return "RCU";
	if (starts_with(m, "Kernel panic"))
		return "PANIC";
	return NULL;
}

bool rdmaneg_klog_starts(const char *line)
{
	return start_kind(rdmaneg_klog_message(line)) != NULL;
}

bool rdmaneg_klog_release(const char *msg, size_t n, char *out, size_t cap)
{
	static const char banner[] = "Linux version ";
	const size_t b = sizeof(banner) - 1;
	size_t k = 0;

	if (!msg || !out || cap == 0 || n <= b || memcmp(msg, banner, b) != 0)
		return false;
	while (b + k < n && k + 1 < cap && msg[b + k] != ' ' && msg[b + k] != '\r' &&
	       msg[b + k] != '\0')
		k++;
	memcpy(out, msg + b, k);
	out[k] = '\0';
	return true;
}

/* "func+0x12/0x30 [mod]" or "func.cold+0x1" -> "func". */
static void func_name(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	while (*s == ' ')
		s++;
	while (s[n] && (isalnum((unsigned char)s[n]) || s[n] == '_') && n + 1 < cap)
		n++;
	memcpy(out, s, n);
	out[n] = '\0';
}

/* Whether a WARNING line is the form of Linux 6.16 on, "WARNING:
 * FILE:LINE at FUNC+OFF/SIZE, CPU#N: COMM/PID": one word, ending in a
 * line number, between "WARNING: " and " at ". */
static bool warn_file_first(const char *m)
{
	const char *w, *at;
	size_t n;

	if (!starts_with(m, "WARNING: "))
		return false;
	w = m + 9;
	at = strstr(w, " at ");
	if (!at)
		return false;
	n = (size_t)(at - w);
	if (n < 3 || memchr(w, ' ', n) || !isdigit((unsigned char)w[n - 1]))
		return false;
	return strstr(at, ", CPU#") != NULL;
}

/* The frames the reporting machinery adds: never the bug's location. */
static bool reporting_frame(const char *f)
{
	static const char *const skip[] = {
		"dump_stack",
		"dump_stack_lvl",
		"show_stack",
		"print_report",
		"print_address_description",
		"kasan_report",
		"__kasan_",
		"kasan_",
		"__asan_",
		"__warn",
		"warn_slowpath",
		"report_bug",
		"handle_bug",
		"exc_invalid_op",
		"asm_exc_",
		"__ubsan_handle",
		"ubsan_",
		"kfence_",
		"__kfence_",
		"panic",
		"refcount_warn_saturate",
		"__list_add_valid",
		"__list_del_entry_valid",
		"lockdep_",
		"__lock_acquire",
		"lock_acquire",
		"check_noncircular",
		"print_circular",
		"watchdog",
		"rcu_dump",
		"rcu_sched_clock_irq",
		"update_process_times",
		"tick_",
		"sched_show_task",
		"show_regs",
		"__die",
		"die",
		"do_trap",
		"do_error_trap",
		"exc_general_protection",
		"asm_exc_general_protection",
		"page_fault_oops",
		"kernelmode_fixup",
		"do_user_addr_fault",
		"exc_page_fault",
		"asm_exc_page_fault",
		"__schedule",
		"schedule",
		"schedule_timeout",
		"__x64_sys",
		"do_syscall_64",
		"entry_SYSCALL_64",
		"ret_from_fork",
		"kthread",
		"worker_thread",
		"process_one_work",
	};
	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (starts_with(f, skip[i]))
			return true;
	return false;
}

/* Library helpers a fault lands in on behalf of its caller (syzbot names
 * the caller): kmemdup(NULL + 4) faults in memcpy, the bug is above it. */
static bool generic_frame(const char *f)
{
	static const char *const skip[] = {
		"memcpy",	   "__memcpy",	  "memmove",  "__memmove",  "memset",
		"__memset",	   "memcmp",	  "__memcmp", "bcmp",	    "kmemdup",
		"kstrdup",	   "strlen",	  "strnlen",  "strcmp",	    "strncmp",
		"strcpy",	   "strncpy",	  "strscpy",  "copy_user_", "_copy_to_user",
		"_copy_from_user", "__copy_user", "rep_movs",
	};
	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (starts_with(f, skip[i]))
			return true;
	return false;
}

/* Locking and wake-up primitives a use-after-free lands in when the freed
 * object holds the lock (syzbot names the caller): kfree'd cep->waitq is
 * reported in _raw_spin_lock_irqsave, do_raw_spin_lock, __wake_up... */
static bool lock_frame(const char *f)
{
	static const char *const skip[] = {
		"_raw_spin_",	 "_raw_read_",	       "_raw_write_",	   "do_raw_spin_",
		"do_raw_read_",	 "do_raw_write_",      "queued_spin_",	   "queued_read_",
		"queued_write_", "native_queued_spin", "__pv_queued_spin", "__mutex_lock",
		"mutex_lock",	 "mutex_unlock",       "__wake_up",	   "__lock_acquire",
		"lock_acquire",	 "lock_release",       "lock_is_held",	   "debug_spin_",
		"spin_dump",	 "spin_bug",
	};
	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (starts_with(f, skip[i]))
			return true;
	return false;
}

/* The symbol after "in ", "at <path> " or "RIP: 0010:". */
static void symbol_after(const char *m, const char *marker, char *out, size_t cap)
{
	const char *p = strstr(m, marker);

	out[0] = '\0';
	if (!p)
		return;
	func_name(p + strlen(marker), out, cap);
}

static void title_of(struct rdmaneg_splat *s, const char *first, const char *second)
{
	char what[96] = "";
	const char *fn = s->nframes > 0 ? s->frames[0] : "";
	const char *where = s->rip[0] ? s->rip : fn;
	size_t n;

	for (size_t i = 0; generic_frame(where) && i < s->nframes; i++)
		where = s->frames[i];

	if (strcmp(s->kind, "KASAN") == 0 || strcmp(s->kind, "KFENCE") == 0) {
		/* "BUG: KASAN: slab-out-of-bounds in f+0x" / "Read of size 4 at ..." */
		const char *t = first + strlen("BUG: ");
		const char *in = strstr(t, " in ");

		for (size_t i = 0; (generic_frame(where) || lock_frame(where)) && i < s->nframes;
		     i++)
			where = s->frames[i];

		n = in ? (size_t)(in - t) : strlen(t);
		if (n >= sizeof(what))
			n = sizeof(what) - 1;
		memcpy(what, t, n);
		what[n] = '\0';
		if (second && (starts_with(second, "Read") || starts_with(second, "Write")))
			snprintf(s->title, sizeof(s->title), "%s %s in %s", what,
				 starts_with(second, "Read") ? "Read" : "Write", where);
		else
			snprintf(s->title, sizeof(s->title), "%s in %s", what, where);
		return;
	}
	if (strcmp(s->kind, "UBSAN") == 0) {
		const char *in = strstr(first, " in ");

		n = in ? (size_t)(in - first) : strlen(first);
		if (n >= sizeof(what))
			n = sizeof(what) - 1;
		memcpy(what, first, n);
		what[n] = '\0';
		snprintf(s->title, sizeof(s->title), "%s in %s", what, fn);
		return;
	}
	if (strcmp(s->kind, "WARNING") == 0) {
		if (starts_with(first, "WARNING: CPU:") || warn_file_first(first))
			snprintf(s->title, sizeof(s->title), "WARNING in %s", where);
		else
			snprintf(s->title, sizeof(s->title), "%.140s", first);
		return;
	}
	if (strcmp(s->kind, "LOCKDEP") == 0) {
		/* syzbot's titles: "possible deadlock in f" (circular, recursive,
		 * and "X-safe -> X-unsafe lock order"), "inconsistent lock state
		 * in f", "suspicious RCU usage in f" */
		const char *t = starts_with(first, "WARNING: ") ? first + 9 : first;

		n = strcspn(t, "!");
		if (n >= sizeof(what))
			n = sizeof(what) - 1;
		memcpy(what, t, n);
		what[n] = '\0';
		snprintf(s->title, sizeof(s->title), "%s in %s",
			 strstr(first, "circular") || strstr(first, "recursive") ||
					 strstr(first, "lock order detected")
				 ? "possible deadlock"
				 : what,
			 where);
		return;
	}
	if (strcmp(s->kind, "REFCOUNT") == 0) {
		snprintf(s->title, sizeof(s->title), "WARNING: refcount bug in %s", fn);
		return;
	}
	if (strcmp(s->kind, "LIST") == 0) {
		snprintf(s->title, sizeof(s->title), "BUG: corrupted list in %s", fn);
		return;
	}
	if (strcmp(s->kind, "BUG") == 0) {
		if (starts_with(first, "kernel BUG at")) {
			snprintf(s->title, sizeof(s->title), "kernel BUG in %s", where);
		} else if (starts_with(first, "BUG: unable to handle page fault")) {
			snprintf(s->title, sizeof(s->title),
				 "BUG: unable to handle kernel paging request in %s", where);
		} else {
			n = strcspn(first + 4, ",(") + 4; /* keep "BUG:" */
			if (n >= sizeof(what))
				n = sizeof(what) - 1;
			memcpy(what, first, n);
			what[n] = '\0';
			snprintf(s->title, sizeof(s->title), "%s in %s", what, where);
		}
		return;
	}
	if (strcmp(s->kind, "GPF") == 0) {
		snprintf(s->title, sizeof(s->title), "general protection fault in %s", where);
		return;
	}
	if (strcmp(s->kind, "HUNG") == 0) {
		snprintf(s->title, sizeof(s->title), "INFO: task hung in %s", fn);
		return;
	}
	if (strcmp(s->kind, "RCU") == 0) {
		snprintf(s->title, sizeof(s->title), "INFO: rcu detected stall in %s", fn);
		return;
	}
	if (strcmp(s->kind, "OOPS") == 0) {
		snprintf(s->title, sizeof(s->title), "Oops in %s", where);
		return;
	}
	snprintf(s->title, sizeof(s->title), "%.140s", first);
}

/* A frame line of a call trace: " func+0x1/0x2 [mod]", not " ? func". */
static bool frame_line(const char *m, char *fn, size_t cap)
{
	const char *plus, *sp;

	while (*m == ' ')
		m++;
	if (*m == '?' || *m == '<' || (!isalpha((unsigned char)*m) && *m != '_'))
		return false;
	plus = strchr(m, '+');
	/* "func+0x1/0x2", then " [module]" or nothing (a built-in frame
	 * at the end of its line) */
	sp = strchr(m, ' ');
	if (!plus || strncmp(plus, "+0x", 3) != 0 || (sp && sp < plus))
		return false;
	func_name(m, fn, cap);
	return fn[0] != '\0';
}

/* Closes a splat: its title, and the RIP as the only frame if none. */
static void finish(struct rdmaneg_splat *cur, const char *first, const char *second,
		   struct rdmaneg_splat *out, size_t max, size_t *found)
{
	if (cur->nframes == 0 && cur->rip[0])
		snprintf(cur->frames[cur->nframes++], RDMANEG_KLOG_NAME, "%s", cur->rip);
	title_of(cur, first, second);
	/* no function known (a hung task without its stack): no " in " */
	{
		size_t tl = strlen(cur->title);

		if (tl >= 4 && strcmp(cur->title + tl - 4, " in ") == 0)
			cur->title[tl - 4] = '\0';
	}
	if (*found < max)
		out[*found] = *cur;
	(*found)++;
}

/* "[   12.345678]" at s: a kernel console timestamp. */
static bool stamp_at(const char *s, size_t n)
{
	size_t i = 1, digits = 0, frac = 0;

	while (i < n && s[i] == ' ')
		i++;
	while (i < n && isdigit((unsigned char)s[i]) && digits < 10) {
		i++;
		digits++;
	}
	if (digits == 0 || i >= n || s[i] != '.')
		return false;
	i++;
	while (i < n && isdigit((unsigned char)s[i]) && frac < 9) {
		i++;
		frac++;
	}
	return frac >= 6 && i < n && s[i] == ']';
}

/*
 * A hung task's report prints its stack at KERN_INFO, below the guest's
 * console loglevel, so the console often has none; live/guest/init.sh then
 * dumps every task (SysRq t), and the frames the scan kept after the
 * report are then the dump's first task's (init's, on 6.1). Takes the
 * frames of "task:NAME ... pid:PID" in state D after the report (PID from
 * "INFO: task NAME:PID blocked") into s in their place, and titles it
 * again; s is left as it was when the dump does not hold that task.
 */
static void hung_stack(const char *text, size_t len, struct rdmaneg_splat *s)
{
	char line[1024], want[48];
	char frames[RDMANEG_KLOG_FRAMES][RDMANEG_KLOG_NAME];
	const char *m;
	size_t pos = 0, no = 0, nframes = 0;
	unsigned long pid = 0;
	bool found = false, trace = false;

	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line)) && ++no < s->line)
		;
	m = strstr(line, "INFO: task ");
	if (no != s->line || !m)
		return;
	/* the last ':' before " blocked": a name may hold one (kworker/u4:3) */
	{
		const char *end = strstr(m, " blocked for"), *c = NULL;

		for (const char *q = m + 11; end && q < end; q++)
			if (*q == ':')
				c = q;
		if (!c || !isdigit((unsigned char)c[1]))
			return;
		pid = strtoul(c + 1, NULL, 10);
	}
	snprintf(want, sizeof(want), " pid:%lu ", pid);
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		char fn[RDMANEG_KLOG_NAME];

		m = rdmaneg_klog_message(line);
		if (!found) {
			found = starts_with(m, "task:") && strstr(m, " state:D") && strstr(m, want);
			continue;
		}
		if (starts_with(m, "</TASK>") || starts_with(m, "task:"))
			break;
		if (starts_with(m, "Call Trace:") || starts_with(m, "<TASK>")) {
			trace = true;
			continue;
		}
		if (trace && frame_line(m, fn, sizeof(fn)) && !reporting_frame(fn) &&
		    nframes < RDMANEG_KLOG_FRAMES)
			snprintf(frames[nframes++], RDMANEG_KLOG_NAME, "%s", fn);
	}
	/* the named task's frames replace whatever followed the report (the
	 * dump's first task, which is not the blocked one) */
	if (nframes == 0)
		return;
	memcpy(s->frames, frames, sizeof(frames));
	s->nframes = nframes;
	title_of(s, "", NULL);
}

size_t rdmaneg_klog_scan(const char *text, size_t len, struct rdmaneg_splat *out, size_t max)
{
	char line[1024], first[512] = "", second[512] = "";
	struct rdmaneg_splat cur;
	bool in = false, trace = false, have_second = false, cut_before = false;
	size_t found = 0, lineno = 0, pos = 0, body = 0;

	memset(&cur, 0, sizeof(cur));
	while (pos < len) {
		size_t e = pos, n;
		const char *m, *kind;
		char fn[RDMANEG_KLOG_NAME];
		bool cut = false;

		/* the console interleaves a user program's line with the
		 * kernel's: a timestamp mid-line starts a kernel line */
		while (e < len && text[e] != '\n') {
			if (e > pos && text[e] == '[' && stamp_at(text + e, len - e)) {
				cut = true;
				break;
			}
			e++;
		}
		n = e - pos < sizeof(line) - 1 ? e - pos : sizeof(line) - 1;
		memcpy(line, text + pos, n);
		line[n] = '\0';
		/* cppcheck 2.10 wrongly takes n for 0 here */
		// cppcheck-suppress knownConditionTrueFalse
		if (n > 0 && line[n - 1] == '\r')
			line[n - 1] = '\0';
		/* lineno is the file's line: a cut piece shares it with the next */
		if (!cut_before)
			lineno++;
		cut_before = cut;
		pos = cut ? e : e + 1;
		m = rdmaneg_klog_message(line);
		kind = start_kind(m);
		/* a second marker early in a report continues it (BUG: then
		 * Oops:, refcount_t: then WARNING:, a GPF then KASAN:) */
		if (kind && in && !trace && body < 12)
			kind = NULL;
		/* oops=panic and panic_on_warn=1: the panic that ends a report
		 * is not one of its own ("kernel: panic_on_warn set ..." since
		 * 6.1.y's check_panic_on_warn) */
		if (kind && strcmp(kind, "PANIC") == 0 &&
		    (strstr(m, "Fatal exception") || strstr(m, "panic_on_warn set")) &&
		    (in || found > 0)) {
			if (in)
				finish(&cur, first, have_second ? second : NULL, out, max, &found);
			in = false;
			continue;
		}
		if (kind) {
			if (in)
				finish(&cur, first, have_second ? second : NULL, out, max, &found);
			memset(&cur, 0, sizeof(cur));
			snprintf(cur.kind, sizeof(cur.kind), "%s", kind);
			cur.line = lineno;
			snprintf(first, sizeof(first), "%s", m);
			have_second = false;
			in = true;
			trace = false;
			body = 0;
			/* WARNING/KASAN name the function in their first line */
			if (strcmp(kind, "WARNING") == 0) {
				const char *at = strstr(m, " at ");

				if (at && warn_file_first(m)) {
					/* 6.16 on: "WARNING: FILE:LINE at FUNC+0x1f6/0x270, CPU#0: ..." */
					func_name(at + 4, cur.rip, sizeof(cur.rip));
				} else if (at) {
					/* "WARNING: CPU: 1 PID: 42 at FILE:LINE FUNC+0x12/0x30" */
					const char *sp = strchr(at + 4, ' ');

					if (sp)
						func_name(sp + 1, cur.rip, sizeof(cur.rip));
				}
			} else if (strcmp(kind, "KASAN") == 0 || strcmp(kind, "KFENCE") == 0) {
				symbol_after(m, " in ", cur.rip, sizeof(cur.rip));
			}
			continue;
		}
		if (!in)
			continue;
		body++;
		if (!have_second && *m) {
			snprintf(second, sizeof(second), "%s", m);
			have_second = true;
		}
		if (strstr(m, "Tainted: ")) {
			const char *t = strstr(m, "Tainted: ") + 9;
			size_t k = 0;

			/* the flags run up to the kernel version */
			while (t[k] && !(isdigit((unsigned char)t[k]) && t[k + 1] == '.') &&
			       k + 1 < sizeof(cur.taint))
				k++;
			while (k > 0 && t[k - 1] == ' ')
				k--;
			memcpy(cur.taint, t, k);
			cur.taint[k] = '\0';
		}
		/* lockdep names the lock's taker: "(lock){..}-{2:2}, at: f+0x72/0x140" */
		if (strcmp(cur.kind, "LOCKDEP") == 0 && !cur.rip[0] && strstr(m, ", at: "))
			symbol_after(m, ", at: ", cur.rip, sizeof(cur.rip));
		/* a user-space RIP (CS 0033) names no kernel function */
		if (starts_with(m, "RIP: ") && !starts_with(m, "RIP: 0033:") && !cur.rip[0]) {
			const char *colon = strchr(m + 5, ':');

			if (colon)
				func_name(colon + 1, cur.rip, sizeof(cur.rip));
		}
		if (starts_with(m, "Call Trace:")) {
			trace = true;
			continue;
		}
		/* KFENCE: "Use-after-free read at 0x... (in kfence-#185):", its
		 * frames, then "kfence-#185: 0x...-0x..., size=..." */
		if (strcmp(cur.kind, "KFENCE") == 0 && body <= 3 && strstr(m, " at 0x") &&
		    strstr(m, "(in kfence-#")) {
			trace = true;
			continue;
		}
		if (strcmp(cur.kind, "KFENCE") == 0 && starts_with(m, "kfence-#"))
			trace = false;
		if (starts_with(m, "---[ end") || (starts_with(m, "=====") && body > 2) ||
		    starts_with(m, "Allocated by task") || starts_with(m, "Freed by task")) {
			finish(&cur, first, have_second ? second : NULL, out, max, &found);
			in = false;
			continue;
		}
		if (trace && frame_line(m, fn, sizeof(fn)) && !reporting_frame(fn) &&
		    cur.nframes < RDMANEG_KLOG_FRAMES) {
			/* the WARN/RIP function is the top frame when known */
			if (cur.nframes == 0 && cur.rip[0] && strcmp(cur.rip, fn) != 0 &&
			    !reporting_frame(cur.rip))
				snprintf(cur.frames[cur.nframes++], RDMANEG_KLOG_NAME, "%s",
					 cur.rip);
			if (cur.nframes < RDMANEG_KLOG_FRAMES &&
			    (cur.nframes == 0 || strcmp(cur.frames[cur.nframes - 1], fn) != 0))
				snprintf(cur.frames[cur.nframes++], RDMANEG_KLOG_NAME, "%s", fn);
		}
	}
	if (in)
		finish(&cur, first, have_second ? second : NULL, out, max, &found);
	for (size_t i = 0; i < found && i < max; i++)
		if (strcmp(out[i].kind, "HUNG") == 0)
			hung_stack(text, len, &out[i]);
	return found;
}

bool rdmaneg_klog_next(const char **at, const char *end, const char **p, size_t *n)
{
	const char *nl;

	if (*at >= end)
		return false;
	*p = *at;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	*n = (size_t)((nl ? nl : end) - *p);
	*at = nl ? nl + 1 : end;
	if (*n && (*p)[*n - 1] == '\r')
		(*n)--;
	return true;
}

bool rdmaneg_klog_line(const char *text, size_t len, size_t *pos, char *line, size_t cap)
{
	const char *at = text + (*pos < len ? *pos : len), *p;
	size_t n;

	if (!rdmaneg_klog_next(&at, text + len, &p, &n))
		return false;
	if (n > cap - 1)
		n = cap - 1;
	memcpy(line, p, n);
	line[n] = '\0';
	*pos = (size_t)(at - text);
	return true;
}

void rdmaneg_klog_symbol(const char *map, size_t map_len, const char *mods, size_t mods_len,
			 uint64_t addr, char *out, size_t cap)
{
	char line[256], best[128] = "";
	unsigned long long size, base;
	uint64_t best_a = 0;
	size_t pos = 0;

	if (cap == 0)
		return;
	snprintf(out, cap, "?");
	/* vmlinux: the highest text symbol at or below addr */
	while (map && rdmaneg_klog_line(map, map_len, &pos, line, sizeof(line))) {
		/* System.map: "ADDR TYPE NAME" */
		char name[128], *end, type;
		unsigned long long a;
		size_t n;

		errno = 0;
		a = strtoull(line, &end, 16);
		if (errno != 0 || end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
			continue;
		type = end[1];
		n = strcspn(end + 3, " \t");
		if (n == 0 || n >= sizeof(name))
			continue;
		memcpy(name, end + 3, n);
		name[n] = '\0';
		if ((type == 'T' || type == 't') && a <= addr && a >= best_a) {
			best_a = a;
			snprintf(best, sizeof(best), "%s", name);
		}
	}
	/* a module holds addr: it wins over a far vmlinux symbol */
	pos = 0;
	while (mods && rdmaneg_klog_line(mods, mods_len, &pos, line, sizeof(line))) {
		/* /proc/modules: "NAME SIZE ... 0xBASE" */
		char name[64], *end;
		const char *hex = strstr(line, " 0x");
		size_t n = strcspn(line, " ");

		if (!hex || n == 0 || n >= sizeof(name) || line[n] != ' ')
			continue;
		memcpy(name, line, n);
		name[n] = '\0';
		errno = 0;
		size = strtoull(line + n + 1, &end, 10);
		if (errno != 0 || end == line + n + 1)
			continue;
		base = strtoull(hex + 1, &end, 16);
		if (errno != 0 || end == hex + 1)
			continue;
		if (addr >= base && addr - base < size) {
			snprintf(out, cap, "[%s]+0x%llx", name, (unsigned long long)(addr - base));
			return;
		}
	}
	/* beyond the kernel text a System.map symbol means nothing */
	if (best[0] && addr - best_a < (1u << 20))
		snprintf(out, cap, "%s+0x%llx", best, (unsigned long long)(addr - best_a));
	else if (addr >= 0xffffffff80000000ull && addr < 0xffffffffc0000000ull)
		snprintf(out, cap, "vmlinux"); /* the kernel image, its symbol unknown */
}

size_t rdmaneg_klog_task_stacks(const char *text, size_t len, const char *prefix, char *out,
				size_t cap)
{
	char line[512];
	size_t pos = 0, used = 0, tasks = 0, plen = strlen(prefix);
	bool in = false;

	if (cap > 0)
		out[0] = '\0';
	while (rdmaneg_klog_line(text, len, &pos, line, sizeof(line))) {
		const char *m = rdmaneg_klog_message(line);

		if (strncmp(m, "task:", 5) == 0) {
			in = strncmp(m + 5, prefix, plen) == 0;
			tasks += in;
		}
		if (!in)
			continue;
		if (cap > used + 1) {
			int n = snprintf(out + used, cap - used, "%s\n", m);

			used += n < 0 ? 0 : (size_t)n < cap - used ? (size_t)n : cap - used - 1;
		}
		if (strstr(m, "</TASK>"))
			in = false;
	}
	return tasks;
}
