# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/nfs/nfs-init.sh, sourced by /init when live.mode=nfs: Linux NFS over
# RDMA on siw0, both ends in this guest (Documentation/admin-guide/nfs/
# nfs-rdma.rst). nfsd listens on rdma 20049; the client mounts with
# proto=rdma, writes a file larger than any inline threshold, remounts and
# reads it back. Around it: the MPA frames on the wire (rdmaneg-live
# capture), xprtrdma's thresholds (the rpcrdma:xprtrdma_inline_thresh
# tracepoint) and svcrdma's Sends (rpcrdma:svcrdma_post_send, whose
# inv_rkey says Send With Invalidate). Then the harness as a hostile client
# against nfsd and as a hostile server to the kernel client
# (live/nfspeer/nfspeer.c), agents of a campaign (live/campaign) that send
# them their cases; live.nfs_case=NAME (NFS_CASE) marks a run of one.
# Every result is a LIVE_NFS* line on the console, judged on the host by
# rdmaneg-live nfs (live/nfs/nfs.c).
# nfsd's port, the hostile server's first port (live/nfs/nfs.h)
# shellcheck disable=SC2046 # numbers, split into $1 $2 $3
set -- $(/bin/rdmaneg-live nfs-facts)
NFS_PORT=$1 NFS_SERVER_PORT=$2
set --
NFS_ADDR=192.0.2.1
nfs_step() { suite_step LIVE_NFS_STEP "$@"; } # init.sh's
nfs_server() {
	mkdir -p /export /var/lib/nfs/v4recovery /run/rpc_pipefs /etc/exports.d &&
	mount -t tmpfs export /export &&
	echo "/export $NFS_ADDR/24(rw,fsid=0,insecure,no_subtree_check,no_root_squash)" \
		>/etc/exports &&
	mount -t nfsd nfsd /proc/fs/nfsd &&
	exportfs -r &&
	rpc.mountd --no-nfs-version 2 --no-nfs-version 3 --no-udp &&
	# the shortest grace period nfsd allows: opens wait it out
	echo 10 >/proc/fs/nfsd/nfsv4gracetime &&
	echo 10 >/proc/fs/nfsd/nfsv4leasetime &&
	nfsd_rdma "$NFS_PORT"
}
nfs_trace() {
	mount -t tracefs tracefs /sys/kernel/tracing &&
	echo 1 >/sys/kernel/tracing/events/rpcrdma/xprtrdma_inline_thresh/enable &&
	echo 1 >/sys/kernel/tracing/events/rpcrdma/svcrdma_post_send/enable
}
nfs_io() { # write 1 MiB, remount, read it back
	mkdir -p /mnt &&
	dd if=/dev/urandom of=/tmp/nfs-data bs=1024 count=1024 2>/dev/null &&
	mount.nfs4 "$NFS_ADDR:/" /mnt -o "vers=4.1,proto=rdma,port=$NFS_PORT" &&
	cp /tmp/nfs-data /mnt/data && sync && umount /mnt &&
	mount.nfs4 "$NFS_ADDR:/" /mnt -o "vers=4.1,proto=rdma,port=$NFS_PORT" &&
	cmp /tmp/nfs-data /mnt/data && cmp /tmp/nfs-data /export/data && umount /mnt
}
nfs_main() {
	nfs_step modules load_modules nfs || return
	nfs_step server nfs_server || return
	nfs_step trace nfs_trace
	capture_start LIVE_NFS_STEP "$NFS_PORT"
	echo "LIVE_NFS_CASE mount"
	nfs_step io nfs_io
	capture_stop
	if [ "$(arg nfs_smoke)" = 1 ]; then
		# CI's subset (LIVE_NFS_SMOKE=1): the mount, its data, its table
		echo "LIVE_NFS_SMOKE"
		nfs_report
		return
	fi
	# the hostile peers serve a campaign (live/campaign): the mount's own
	# thresholds first, then the agents wait on their ports for the host's
	# cases (live/nfspeer/nfspeer.h); the guest never ends, the host
	# restores or stops it
	nfs_report
	: >/sys/kernel/tracing/trace
	[ -n "$(arg nfs_case)" ] && echo "LIVE_NFS_ONLY $(arg nfs_case)"
	serve_agents nfs_agent
}
# nfs_agent ROLE [GCOV-ARGS...]: a hostile peer as a campaign's agent
# (serve_agents; the server reports no arcs)
nfs_agent() {
	case "$1" in
	nfs-client)
		shift
		/bin/rdmaneg-live nfs-client --addr "$NFS_ADDR" --port "$NFS_PORT" \
			--agent rdmaneg.agent.nfs-client "$@" & ;;
	nfs-server)
		/bin/rdmaneg-live nfs-server --addr "$NFS_ADDR" --port "$NFS_SERVER_PORT" \
			--agent rdmaneg.agent.nfs-server & ;;
	*) return 1 ;;
	esac
}
nfs_report() {
	grep -oE '(xprtrdma_inline_thresh|svcrdma_post_send): .*' /sys/kernel/tracing/trace |
		sed 's/^/LIVE_NFS_TRACE /'
	sed 's/^/LIVE_NFS_PORTLIST /' </proc/fs/nfsd/portlist
}
nfs_main
