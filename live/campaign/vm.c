// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* vm: one live guest under a campaign's control (see vm.h) */
#define _GNU_SOURCE
#include "live/campaign/vm.h"

#include "live/campaign/cache.h"

#include "util/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define PING_MS 10000 /* an agent answers a PING after a restore within this */

/* The files of the guest: under build/live (live/guest/qemu.sh's), or
 * under local_dir (default build/campaign-local) for local agents. */
static const char *vm_path(const struct vm *v, const char *file)
{
	static char path[4][512];
	static int i;

	i = (i + 1) % 4;
	snprintf(path[i], sizeof(path[i]), "%s/%s",
		 !v->local	? "build/live"
		 : v->local_dir ? v->local_dir
				: "build/campaign-local",
		 file);
	return path[i];
}

static double ms_since(int64_t t0)
{
	return (double)(rdmaneg_mono_us() - t0) / 1000.0;
}

void vm_init(struct vm *v, const char *kver, const char *image, const char *append,
	     const char *cache, int boot_s)
{
	memset(v, 0, sizeof(*v));
	v->snap.kver = kver;
	v->snap.image = image;
	v->snap.append = append;
	v->snap.dir = cache;
	v->boot_s = boot_s;
	v->pid = -1;
	v->q.fd = -1;
	v->con = -1;
	v->svc.fd = -1;
	for (size_t i = 0; i < VM_AGENTS; i++)
		v->chan[i].fd = -1;
}

bool vm_add_agent(struct vm *v, const char *name)
{
	if (v->snap.nagents == VM_AGENTS || strlen(name) >= VM_NAME)
		return false;
	snprintf(v->snap.agent[v->snap.nagents], VM_NAME, "%s", name);
	snprintf(v->chan[v->snap.nagents].name, VM_NAME, "%s", name);
	v->snap.nagents++;
	return true;
}

/* ---- processes */
/* Runs argv, waits; its first line of output into out (may be NULL). */
int vm_run(char *const argv[], char *out, size_t cap)
{
	int p[2], st = 0;
	pid_t pid;
	posix_spawn_file_actions_t fa;

	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], STDOUT_FILENO);
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		close(p[0]);
		close(p[1]);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	if (out && cap) {
		ssize_t r = read(p[0], out, cap - 1);

		out[r > 0 ? r : 0] = '\0';
		out[strcspn(out, "\n")] = '\0';
	}
	close(p[0]);
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* ---- channels */
static int chan_connect(struct vm_chan *c, const char *path, int timeout_ms)
{
	struct sockaddr_un sa;
	int64_t end = rdmaneg_mono_us() + (int64_t)timeout_ms * 1000;

	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sa.sun_path))
		return -1;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	c->len = c->used = 0;
	for (;;) {
		c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (c->fd >= 0 && connect(c->fd, (struct sockaddr *)&sa, sizeof(sa)) == 0)
			return 0;
		if (c->fd >= 0)
			close(c->fd);
		c->fd = -1;
		if (rdmaneg_mono_us() > end)
			return -1;
		usleep(20000);
	}
}

static void chan_close(struct vm_chan *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->len = c->used = 0;
}

/* Drops whatever the channel holds: what a guest sent before a restore
 * is not the restored guest's. */
static void chan_drain(struct vm_chan *c)
{
	char buf[4096];

	while (c->fd >= 0 && recv(c->fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
	c->len = c->used = 0;
}

static struct vm_chan *chan_of(struct vm *v, const char *agent)
{
	if (!agent)
		return &v->svc;
	for (size_t i = 0; i < v->snap.nagents; i++)
		if (strcmp(v->snap.agent[i], agent) == 0)
			return &v->chan[i];
	return NULL;
}

/* The guest is gone: QMP saw it reset, shut down or panic, or QEMU ended. */
static bool dead(struct vm *v, char *why, size_t cap)
{
	int st;

	if (v->pid > 0 && waitpid(v->pid, &st, WNOHANG) == v->pid) {
		v->pid = -1;
		snprintf(why, cap, "QEMU exited (status %d)",
			 WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
		return true;
	}
	if (v->q.fd >= 0 && qmp_poll(&v->q, 0) != 0) {
		snprintf(why, cap, "the QMP socket closed");
		return true;
	}
	if (v->q.events & (QMP_EV_RESET | QMP_EV_SHUTDOWN | QMP_EV_PANIC)) {
		snprintf(why, cap, "the guest %s",
			 v->q.events & QMP_EV_PANIC   ? "panicked"
			 : v->q.events & QMP_EV_RESET ? "rebooted (a panic, with panic=-1)"
						      : "shut down");
		return true;
	}
	return false;
}

int vm_line(struct vm *v, const char *agent, int timeout_ms, char **line, char *why, size_t cap)
{
	struct vm_chan *c = chan_of(v, agent);
	int64_t end = rdmaneg_mono_us() + (int64_t)timeout_ms * 1000;

	if (!c || c->fd < 0) {
		snprintf(why, cap, "no channel to %s", agent ? agent : "the service");
		return -1;
	}
	if (c->used) {
		memmove(c->buf, c->buf + c->used, c->len - c->used);
		c->len -= c->used;
		c->used = 0;
	}
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		struct pollfd p[2] = { { c->fd, POLLIN, 0 }, { v->q.fd, POLLIN, 0 } };
		int64_t left;
		ssize_t r;

		if (nl) {
			*nl = '\0';
			c->used = (size_t)(nl - c->buf) + 1;
			*line = c->buf;
			return 1;
		}
		if (c->len == sizeof(c->buf)) /* a line past the bound: drop it */
			c->len = 0;
		if (dead(v, why, cap))
			return -1;
		left = (end - rdmaneg_mono_us()) / 1000;
		if (left <= 0)
			return 0;
		/* QEMU's own end has no fd: look again every 200 ms */
		if (poll(p, v->q.fd >= 0 ? 2 : 1, left < 200 ? (int)left : 200) < 0 &&
		    errno != EINTR)
			return -1;
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		r = read(c->fd, c->buf + c->len, sizeof(c->buf) - c->len);
		if (r <= 0) {
			if (!dead(v, why, cap))
				snprintf(why, cap, "the %s channel closed", c->name);
			return -1;
		}
		c->len += (size_t)r;
	}
}

int vm_send(struct vm *v, const char *agent, const char *line)
{
	struct vm_chan *c = chan_of(v, agent);
	size_t n = strlen(line);

	if (!c || c->fd < 0 || write(c->fd, line, n) != (ssize_t)n || write(c->fd, "\n", 1) != 1)
		return -1;
	return 0;
}

/* ---- the console */
char *vm_console(struct vm *v, int quiet_ms, size_t *n)
{
	int64_t end = rdmaneg_mono_us() + 5000000, last = rdmaneg_mono_us();
	struct stat st;
	off_t seen = v->con_off;
	char *buf;
	ssize_t r;

	*n = 0;
	if (v->con < 0)
		return NULL;
	while (quiet_ms > 0 && rdmaneg_mono_us() < end) {
		if (fstat(v->con, &st) == 0 && st.st_size != seen) {
			seen = st.st_size;
			last = rdmaneg_mono_us();
		} else if (rdmaneg_mono_us() - last >= (int64_t)quiet_ms * 1000) {
			break;
		}
		usleep(20000);
	}
	if (fstat(v->con, &st) != 0 || st.st_size <= v->con_off)
		return NULL;
	buf = malloc((size_t)(st.st_size - v->con_off) + 1);
	if (!buf)
		return NULL;
	r = pread(v->con, buf, (size_t)(st.st_size - v->con_off), v->con_off);
	if (r <= 0) {
		free(buf);
		return NULL;
	}
	buf[r] = '\0';
	v->con_off += r;
	*n = (size_t)r;
	return buf;
}

char *vm_monitor(struct vm *v, const char *cmd)
{
	static char out[QMP_LINE];

	if (qmp_hmp(&v->q, cmd, out, sizeof(out), 10000) != 0)
		return NULL;
	return out;
}

/* ---- the service shell */
int vm_service(struct vm *v, const char *cmd, const char *path, int timeout_ms)
{
	char *line, why[200];
	long size;
	int fd;

	chan_drain(&v->svc);
	if (vm_send(v, NULL, cmd) != 0 ||
	    vm_line(v, NULL, timeout_ms, &line, why, sizeof(why)) != 1)
		return -1;
	if (strncmp(line, "GCOV ", 5) != 0)
		return strcmp(line, "OK") == 0 ? 0 : -1;
	size = strtol(line + 5, NULL, 10);
	if (size <= 0 || !path)
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	/* the tar follows the line: first what the buffer already holds */
	{
		struct vm_chan *c = &v->svc;
		size_t have = c->len - c->used;
		int64_t end = rdmaneg_mono_us() + (int64_t)timeout_ms * 1000;

		if (have > (size_t)size)
			have = (size_t)size;
		if (write(fd, c->buf + c->used, have) != (ssize_t)have) {
			close(fd);
			return -1;
		}
		c->used += have;
		size -= (long)have;
		while (size > 0 && rdmaneg_mono_us() < end) {
			struct pollfd p = { c->fd, POLLIN, 0 };
			char buf[65536];
			ssize_t r;

			if (poll(&p, 1, 200) <= 0)
				continue;
			r = read(c->fd, buf,
				 (size_t)size < sizeof(buf) ? (size_t)size : sizeof(buf));
			if (r <= 0 || write(fd, buf, (size_t)r) != r)
				break;
			size -= r;
		}
	}
	close(fd);
	return size == 0 ? 0 : -1;
}

/* ---- up, restore, down */
void vm_down(struct vm *v)
{
	if (v->pid > 0) {
		int64_t end = rdmaneg_mono_us() + 10000000;

		kill(-v->pid, SIGKILL);
		waitpid(v->pid, NULL, 0);
		/* QEMU is qemu.sh's child, not ours: its drive lock goes when
		 * the whole group is gone */
		while (kill(-v->pid, 0) == 0 && rdmaneg_mono_us() < end)
			usleep(10000);
	}
	v->pid = -1;
	qmp_close(&v->q);
	for (size_t i = 0; i < v->snap.nagents; i++)
		chan_close(&v->chan[i]);
	chan_close(&v->svc);
	if (v->con >= 0)
		close(v->con);
	v->con = -1;
	v->con_off = 0;
}

/* Starts QEMU through live/guest/qemu.sh, control mode; from the
 * snapshot on the drive when loadvm. */
static int start(struct vm *v, bool loadvm, char *err, size_t cap)
{
	char agents[VM_AGENTS * (VM_NAME + 1)] = "", tmo[32], path[128];
	size_t al = 0;
	char *const argv[] = { "live/guest/qemu.sh",   (char *)v->snap.kver,
			       (char *)v->snap.image,  tmo,
			       (char *)v->snap.append, NULL };
	char *envp[512];
	size_t ne = 0;
	posix_spawnattr_t at;
	int64_t end;

	for (size_t i = 0; i < v->snap.nagents; i++)
		al += (size_t)snprintf(agents + al, sizeof(agents) - al, "%s ", v->snap.agent[i]);
	/* the campaign keeps its own deadlines: QEMU's outer bound is a day */
	snprintf(tmo, sizeof(tmo), "86400");
	for (char **e = environ; *e && ne < 500; e++)
		if (strncmp(*e, "LIVE_QEMU_", 10) != 0)
			envp[ne++] = *e;
	{
		static char a[VM_AGENTS * (VM_NAME + 1) + 32];

		snprintf(a, sizeof(a), "LIVE_QEMU_AGENTS=%s", agents);
		envp[ne++] = "LIVE_QEMU_CTL=1";
		envp[ne++] = a;
		envp[ne++] = loadvm ? "LIVE_QEMU_LOADVM=1" : "LIVE_QEMU_LOADVM=0";
		envp[ne] = NULL;
	}
	posix_spawnattr_init(&at);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	if (posix_spawn(&v->pid, argv[0], NULL, &at, argv, envp) != 0) {
		posix_spawnattr_destroy(&at);
		snprintf(err, cap, "live/guest/qemu.sh: %s", strerror(errno));
		v->pid = -1;
		return -1;
	}
	posix_spawnattr_destroy(&at);
	if (qmp_open(&v->q, vm_path(v, "ctl/qmp.sock"), 20000, err, cap) != 0)
		return -1;
	for (size_t i = 0; i < v->snap.nagents; i++) {
		snprintf(path, sizeof(path), "ctl/agent-%s.sock", v->snap.agent[i]);
		if (chan_connect(&v->chan[i], vm_path(v, path), 10000) != 0) {
			snprintf(err, cap, "no socket %s", vm_path(v, path));
			return -1;
		}
	}
	if (chan_connect(&v->svc, vm_path(v, "ctl/service.sock"), 10000) != 0) {
		snprintf(err, cap, "no socket %s", vm_path(v, "ctl/service.sock"));
		return -1;
	}
	/* QEMU makes the console file before it takes QMP commands */
	end = rdmaneg_mono_us() + 10000000;
	while ((v->con = open(vm_path(v, "console.log"), O_RDONLY | O_CLOEXEC)) < 0 &&
	       rdmaneg_mono_us() < end)
		usleep(20000);
	v->con_off = 0;
	if (v->con < 0) {
		snprintf(err, cap, "no %s", vm_path(v, "console.log"));
		return -1;
	}
	return 0;
}

/* Every agent answers a PING within ms: the guest runs and its agents
 * wait for cases. */
static int ping(struct vm *v, int ms, char *err, size_t cap)
{
	for (size_t i = 0; i < v->snap.nagents; i++) {
		char *line, why[200];
		int r = 0;

		if (vm_send(v, v->snap.agent[i], "PING seq=0") != 0) {
			snprintf(err, cap, "cannot write to the %s agent", v->snap.agent[i]);
			return -1;
		}
		while ((r = vm_line(v, v->snap.agent[i], ms, &line, why, sizeof(why))) == 1 &&
		       strncmp(line, "PONG", 4) != 0)
			;
		if (r != 1) {
			snprintf(err, cap, "the %s agent did not answer a PING: %s",
				 v->snap.agent[i], r == 0 ? "no answer in time" : why);
			return -1;
		}
	}
	return 0;
}

/* Local agents (host tests): the command starts them, each connects to
 * its socket under ctl/ (RDMANEG_CAMPAIGN_CTL names the directory), and
 * what they print is the console. */
static int start_local(struct vm *v, char *err, size_t cap)
{
	char cwd[256], ctl[400], env[440], path[512];
	char *const argv[] = { "/bin/sh", "-c", (char *)v->local, NULL };
	char *envp[512];
	size_t ne = 0;
	int lfd[VM_AGENTS], out;

	for (size_t i = 0; i < VM_AGENTS; i++)
		lfd[i] = -1;
	posix_spawnattr_t sa_;
	posix_spawn_file_actions_t fa;
	int rc = -1;

	if (!getcwd(cwd, sizeof(cwd)))
		return -1;
	if (vm_path(v, "")[0] == '/')
		snprintf(ctl, sizeof(ctl), "%s", vm_path(v, "ctl"));
	else
		snprintf(ctl, sizeof(ctl), "%s/%s", cwd, vm_path(v, "ctl"));
	snprintf(env, sizeof(env), "RDMANEG_CAMPAIGN_CTL=%s", ctl);
	(void)mkdir(vm_path(v, ""), 0755);
	(void)mkdir(ctl, 0755);
	for (size_t i = 0; i < v->snap.nagents; i++) {
		struct sockaddr_un sa = { .sun_family = AF_UNIX };

		snprintf(path, sizeof(path), "%s/agent-%s.sock", ctl, v->snap.agent[i]);
		unlink(path);
		lfd[i] = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (strlen(path) >= sizeof(sa.sun_path) || lfd[i] < 0) {
			snprintf(err, cap, "%s: no socket", path);
			for (size_t j = 0; j <= i; j++)
				if (lfd[j] >= 0)
					close(lfd[j]);
			return -1;
		}
		memcpy(sa.sun_path, path, strlen(path) + 1);
		if (bind(lfd[i], (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
		    listen(lfd[i], 1) != 0) {
			snprintf(err, cap, "%s: %s", path, strerror(errno));
			for (size_t j = 0; j <= i; j++)
				if (lfd[j] >= 0)
					close(lfd[j]);
			return -1;
		}
	}
	out = open(vm_path(v, "console.log"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	for (char **e = environ; *e && ne < 509; e++)
		envp[ne++] = *e;
	envp[ne++] = env;
	envp[ne] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, out, STDERR_FILENO);
	posix_spawnattr_init(&sa_);
	posix_spawnattr_setpgroup(&sa_, 0);
	posix_spawnattr_setflags(&sa_, POSIX_SPAWN_SETPGROUP);
	if (out < 0 || posix_spawn(&v->pid, argv[0], &fa, &sa_, argv, envp) != 0) {
		snprintf(err, cap, "the local command did not start");
		v->pid = -1;
		goto done;
	}
	/* read from the start: a command whose agents never connect still
	 * leaves its console to be read (vm_console) */
	v->con = open(vm_path(v, "console.log"), O_RDONLY | O_CLOEXEC);
	v->con_off = 0;
	for (size_t i = 0; i < v->snap.nagents; i++) {
		struct pollfd p = { lfd[i], POLLIN, 0 };

		if (poll(&p, 1, v->boot_s * 1000) != 1 ||
		    (v->chan[i].fd = accept4(lfd[i], NULL, NULL, SOCK_CLOEXEC)) < 0) {
			snprintf(err, cap, "the local %s agent did not connect", v->snap.agent[i]);
			goto done;
		}
		v->chan[i].len = v->chan[i].used = 0;
	}
	rc = v->con < 0 ? -1 : 0;
done:
	posix_spawnattr_destroy(&sa_);
	posix_spawn_file_actions_destroy(&fa);
	if (out >= 0)
		close(out);
	for (size_t i = 0; i < v->snap.nagents; i++)
		if (lfd[i] >= 0)
			close(lfd[i]);
	return rc;
}

static int boot(struct vm *v, char *err, size_t cap)
{
	char *const img[] = { "qemu-img", "create", "-q",
			      "-f",	  "qcow2",  (char *)vm_path(v, "ctl/snap.qcow2"),
			      "16M",	  NULL };
	int64_t t0 = rdmaneg_mono_us(), end;
	size_t ready = 0;

	vm_down(v);
	v->snapped = false;
	if (v->local) {
		if (start_local(v, err, cap) != 0)
			return -1;
	} else {
		if (mkdir(vm_path(v, "ctl"), 0755) != 0 && errno != EEXIST) {
			snprintf(err, cap, "%s: %s", vm_path(v, "ctl"), strerror(errno));
			return -1;
		}
		if (vm_run(img, NULL, 0) != 0) {
			snprintf(err, cap,
				 "qemu-img create failed (tools/deps.sh live installs qemu-utils)");
			return -1;
		}
		if (start(v, false, err, cap) != 0)
			return -1;
	}
	for (size_t i = 0; i < v->snap.nagents; i++) {
		free(v->snap.ready[i]);
		v->snap.ready[i] = NULL;
	}
	end = t0 + (int64_t)v->boot_s * 1000000;
	while (ready < v->snap.nagents) {
		for (size_t i = 0; i < v->snap.nagents; i++) {
			char *line, why[200];
			int r;

			if (v->snap.ready[i])
				continue;
			r = vm_line(v, v->snap.agent[i], 100, &line, why, sizeof(why));
			if (r < 0) {
				snprintf(err, cap,
					 "the boot died before the %s agent was ready: %s",
					 v->snap.agent[i], why);
				return -1;
			}
			if (r == 1 && strncmp(line, "READY", 5) == 0) {
				v->snap.ready[i] = strdup(line);
				ready++;
			}
		}
		if (ready < v->snap.nagents && rdmaneg_mono_us() > end) {
			snprintf(err, cap, "no READY from every agent after %d s", v->boot_s);
			return -1;
		}
	}
	free(v->snap.boot_log);
	v->snap.boot_log = vm_console(v, 0, &v->snap.boot_log_n);
	if (!v->snap.boot_log) {
		v->snap.boot_log = strdup("");
		v->snap.boot_log_n = 0;
	}
	v->fig.boots++;
	v->fig.boot_ms += ms_since(t0);
	return 0;
}

static int save(struct vm *v, char *err, size_t cap)
{
	char out[4096], path[600];
	int64_t t0 = rdmaneg_mono_us();
	struct stat st;

	if (qmp_run(&v->q, "{\"execute\":\"stop\"}", out, sizeof(out), 10000) != 0 ||
	    qmp_hmp(&v->q, "savevm ready", out, sizeof(out), 120000) != 0 || out[0] ||
	    qmp_run(&v->q, "{\"execute\":\"cont\"}", NULL, 0, 10000) != 0) {
		snprintf(err, cap, "savevm failed: %.200s", out);
		return -1;
	}
	qmp_events_clear(&v->q);
	v->snapped = true;
	v->fig.saves++;
	v->fig.save_ms += ms_since(t0);
	if (stat(vm_path(v, "ctl/snap.qcow2"), &st) == 0)
		v->fig.snap_octets = (long long)st.st_size;
	if (mkdir(v->snap.dir, 0755) != 0 && errno != EEXIST)
		return 0; /* no cache: this run still restores from the drive */
	cache_path(&v->snap, "qcow2", path, sizeof(path));
	if (cache_copy(vm_path(v, "ctl/snap.qcow2"), path) != 0 || cache_save_meta(&v->snap) != 0)
		fprintf(stderr, "campaign: could not keep the snapshot in %s\n", v->snap.dir);
	else
		cache_evict(&v->snap);
	return 0;
}

int vm_up(struct vm *v, bool use_cache, char *err, size_t cap)
{
	int64_t t0 = rdmaneg_mono_us();

	if (v->snap.dir && !v->snap.key[0]) {
		char *const qv[] = { "qemu-system-x86_64", "--version", NULL };
		char ver[256] = "";

		if (vm_run(qv, ver, sizeof(ver)) != 0) {
			snprintf(err, cap, "qemu-system-x86_64 --version did not run");
			return -1;
		}
		if (cache_key(&v->snap, ver, err, cap) != 0)
			return -1;
	}
	if (v->snap.dir && use_cache) {
		char path[600];

		cache_path(&v->snap, "qcow2", path, sizeof(path));
		if (access(path, R_OK) == 0 && cache_load_meta(&v->snap) == 0) {
			char why[300] = "the ctl directory";

			vm_down(v);
			if (mkdir(vm_path(v, "ctl"), 0755) == 0 || errno == EEXIST) {
				if (cache_copy(path, vm_path(v, "ctl/snap.qcow2")) == 0 &&
				    start(v, true, why, sizeof(why)) == 0 &&
				    ping(v, PING_MS, why, sizeof(why)) == 0) {
					struct stat st;

					v->snapped = true;
					v->fig.cache_hits++;
					v->fig.cache_ms += ms_since(t0);
					if (stat(vm_path(v, "ctl/snap.qcow2"), &st) == 0)
						v->fig.snap_octets = (long long)st.st_size;
					return 0;
				}
			}
			fprintf(stderr,
				"campaign: the cached snapshot %s did not come up (%s): booting\n",
				path, why);
		}
	}
	if (boot(v, err, cap) != 0)
		return -1;
	return v->snap.dir ? save(v, err, cap) : 0;
}

int vm_restore(struct vm *v, bool *fell_back, char *err, size_t cap)
{
	int64_t t0 = rdmaneg_mono_us();

	*fell_back = false;
	if (v->snapped && v->pid > 0 && v->q.fd >= 0) {
		bool down = v->q.events & QMP_EV_SHUTDOWN;
		char out[4096], why[300] = "";

		(void)qmp_run(&v->q, "{\"execute\":\"stop\"}", NULL, 0, 5000);
		/* a guest that shut down must be reset before it runs again */
		if (down)
			(void)qmp_run(&v->q, "{\"execute\":\"system_reset\"}", NULL, 0, 5000);
		for (size_t i = 0; i < v->snap.nagents; i++)
			chan_drain(&v->chan[i]);
		chan_drain(&v->svc);
		if (qmp_hmp(&v->q, "loadvm ready", out, sizeof(out), 60000) == 0 && !out[0]) {
			for (size_t i = 0; i < v->snap.nagents; i++)
				chan_drain(&v->chan[i]);
			chan_drain(&v->svc);
			qmp_events_clear(&v->q);
			if (qmp_run(&v->q, "{\"execute\":\"cont\"}", out, sizeof(out), 5000) == 0 &&
			    ping(v, PING_MS, why, sizeof(why)) == 0) {
				v->fig.restores++;
				v->fig.restore_ms += ms_since(t0);
				return 0;
			}
			if (!why[0])
				snprintf(why, sizeof(why), "cont: %.200s", out);
		} else {
			snprintf(why, sizeof(why), "loadvm: %.200s", out);
		}
		fprintf(stderr, "campaign: the restore failed (%s): QEMU starts again\n", why);
		*fell_back = true;
	} else if (v->snapped) {
		fprintf(stderr, "campaign: QEMU is gone: it starts again from the snapshot\n");
		*fell_back = true;
	}
	/* in a new QEMU: from the cached snapshot, else a boot */
	return vm_up(v, *fell_back, err, cap);
}
