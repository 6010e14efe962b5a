# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/nfs/nfs-init.sh, sourced by /init when live.mode=nfs: Linux NFS over
# RDMA on siw0, both ends in this guest (Documentation/admin-guide/nfs/
# nfs-rdma.rst). nfsd listens on rdma 20049; the client mounts with
# proto=rdma, writes a file larger than any inline threshold, remounts and
# reads it back. Around it: the MPA frames on the wire (rdmaneg-live
# capture), xprtrdma's thresholds (the rpcrdma:xprtrdma_inline_thresh
# tracepoint) and svcrdma's Sends (rpcrdma:svcrdma_post_send, whose
# inv_rkey says Send With Invalidate). Then the harness as a hostile client
# against nfsd and as a hostile server to the kernel client (live/nfspeer/nfspeer.c);
# live.random, live.gcov and live.guided add mutated client cases;
# live.nfs_case=NAME (NFS_CASE) runs that table case alone, in both roles.
# Every result is a LIVE_NFS* line on the console, judged on the host by
# rdmaneg-live nfs (live/nfs/nfs.c).
# nfsd's port, the hostile server's first port, its number of cases (live/nfs/nfs.h)
# shellcheck disable=SC2046 # three numbers, split into $1 $2 $3
set -- $(/bin/rdmaneg-live nfs-facts)
NFS_PORT=$1 NFS_SERVER_PORT=$2 NFS_CASES=$3
set --
NFS_ADDR=192.0.2.1
nfs_step() { # nfs_step NAME CMD...: runs it, says how it went
	name=$1; shift
	if out=$("$@" 2>&1); then
		echo "LIVE_NFS_STEP $name ok"
	else
		echo "LIVE_NFS_STEP $name failed: $(echo "$out" | tail -3 | tr '\n' ' ')"
		return 1
	fi
}
nfs_modules() {
	# shellcheck disable=SC2013 # one module path a line, none with a space
	for m in $(cat /nfs.modules); do
		grep -q "^$m " /proc/modules && continue
		insmod "/lib/modules/nfs/$m.ko" || return 1
	done
}
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
	echo "-2 -3 +4 +4.1 +4.2" >/proc/fs/nfsd/versions &&
	echo 4 >/proc/fs/nfsd/threads &&
	echo "rdma $NFS_PORT" >/proc/fs/nfsd/portlist
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
	nfs_step modules nfs_modules || return
	nfs_step server nfs_server || return
	nfs_step trace nfs_trace
	rm -f /tmp/capture.ready
	/bin/rdmaneg-live capture --port "$NFS_PORT" --ready /tmp/capture.ready & cap=$!
	for _ in $(seq 100); do [ -e /tmp/capture.ready ] && break; sleep 0.1; done
	[ -e /tmp/capture.ready ] || echo "LIVE_NFS_STEP capture failed: not listening after 10 s"
	echo "LIVE_NFS_CASE mount"
	nfs_step io nfs_io
	kill $cap; wait $cap
	if [ "$(arg nfs_smoke)" = 1 ]; then
		# CI's subset (LIVE_NFS_SMOKE=1): the mount, its data, its table
		echo "LIVE_NFS_SMOKE"
		nfs_report
		return
	fi
	# the harness as a hostile client: crafted private data, then NULL and
	# a COMPOUND whose reply outgrows 1024 octets (live/nfspeer/nfspeer.c); then,
	# for make live-guided PEER_ROLE=nfs-client, mutated private data,
	# guided or not by the debug kernel's arcs
	set --
	only=$(arg nfs_case)
	if [ -n "$only" ]; then
		echo "LIVE_NFS_ONLY $only"
		set -- --case "$only"
	fi
	[ -n "$(arg random)" ] && set -- --random "$(arg random)" --seed "$(arg seed)"
	[ -n "$(arg budget)" ] && set -- "$@" --budget "$(arg budget)"
	[ "$(arg gcov)" = 1 ] && set -- "$@" --gcov /sys/kernel/debug/gcov
	[ "$(arg guided)" = 1 ] && set -- "$@" --guided
	[ "$(arg only_random)" = 1 ] && set -- "$@" --only-random
	/bin/rdmaneg-live nfs-client --addr "$NFS_ADDR" --port "$NFS_PORT" "$@" ||
		echo "LIVE_NFS_STEP hostile-client failed: rdmaneg-live nfs-client exit $?"
	echo "PEER_END nfs-client"
	# the guided comparison wants the client only
	[ "$(arg only_random)" = 1 ] && return
	# the harness as a hostile server: each case's private data in the
	# Reply to the kernel client's mount, one port per case
	k=0 last=$NFS_CASES
	[ -n "$only" ] && k=$(/bin/rdmaneg-live nfs-case "$only") && last=$((k + 1))
	while [ "$k" -lt "$last" ]; do
		port=$((NFS_SERVER_PORT + k))
		/bin/rdmaneg-live nfs-server --addr "$NFS_ADDR" --port "$port" --case "$k" & srv=$!
		wait_port $port
		timeout 10 mount.nfs4 "$NFS_ADDR:/" /mnt -o \
			"vers=4.1,proto=rdma,port=$port,soft,timeo=10,retrans=1,retry=0" \
			>/dev/null 2>&1 &
		wait $srv
		k=$((k + 1))
	done
	# a kernel client that never gives up on a hostile server is a finding
	# (each mount had soft,timeo=10,retrans=1 and timeout 10)
	# (busybox has no pgrep: ps, whose own grep never matches [m]ount)
	# shellcheck disable=SC2009 # the guest's busybox has ps but no pgrep
	for _ in $(seq 150); do ps | grep -q '[m]ount.nfs' || break; sleep 0.1; done
	# shellcheck disable=SC2009 # as above
	if ps | grep -q '[m]ount.nfs'; then
		echo "LIVE_NFS_STEP clients failed: mount.nfs still running 15 s after the last case:" \
			"$(ps | grep '[m]ount.nfs' | tr '\n' ';')"
	else
		echo "LIVE_NFS_STEP clients ok"
	fi
	nfs_report
}
nfs_report() {
	grep -oE '(xprtrdma_inline_thresh|svcrdma_post_send): .*' /sys/kernel/tracing/trace |
		sed 's/^/LIVE_NFS_TRACE /'
	sed 's/^/LIVE_NFS_PORTLIST /' </proc/fs/nfsd/portlist
}
nfs_main
