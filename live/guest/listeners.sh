# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/guest/listeners.sh, sourced by /init as /listeners: the kernel ULPs'
# listeners that more than one suite starts (the ULP's own suite on siw0,
# and make live-roce behind rxe), and the initiators' daemons, one
# function each.
# nfsd_rdma PORT: nfsd's 4 threads and its RDMA listener on PORT, on every
# address (the NFS suite's and the RoCE suite's; /proc/fs/nfsd mounted).
# NFSv4 alone: no rpcbind runs, and nfsd fails to start a version 3 it
# cannot register ("svc: failed to register nfsdv3 RPC service (errno
# 111)", seen on 6.1); version 4's registration is optional.
# Threads first on 6.1, which opens TCP and UDP listeners of its own for
# threads started without one; a kernel that starts no thread without a
# listener ("NFSD: Failed to start, no listeners configured", seen on
# 7.3.4) gets the RDMA listener first
nfsd_rdma() {
	echo "-2 -3 +4 +4.1 +4.2" >/proc/fs/nfsd/versions || return 1
	if echo 4 2>/dev/null >/proc/fs/nfsd/threads; then
		echo "rdma $1" >/proc/fs/nfsd/portlist
	else
		echo "rdma $1" >/proc/fs/nfsd/portlist && echo 4 >/proc/fs/nfsd/threads
	fi
}
# nvmet_port ADDR PORT NQN: nvmet's port 1 on rdma ADDR:PORT (IPv4),
# serving the subsystem NQN (made before, configfs mounted)
nvmet_port() {
	p=/sys/kernel/config/nvmet/ports/1
	mkdir "$p" && echo rdma >"$p/addr_trtype" && echo ipv4 >"$p/addr_adrfam" &&
	echo "$1" >"$p/addr_traddr" && echo "$2" >"$p/addr_trsvcid" &&
	ln -s "/sys/kernel/config/nvmet/subsystems/$3" "$p/subsystems/$3"
}
# lio_iser ADDR PORT IQN: LIO's target IQN with a 2 MiB RAM disk LUN
# behind an iSER portal on ADDR:PORT, any initiator let in. LIO opens a
# TCP listener on each portal before its iSER one, and siw's listener is
# a TCP socket on the same address and port: the two clash. So the portal
# is made from a network namespace of its own, where the TCP listener
# binds (ip_nonlocal_bind) and stays out of the way; isert's rdma_cm
# listener is in the initial namespace whatever the writer's
# (docs/iser.md). Both kernels have network namespaces (the debug one
# since live/guest/kernel.config asked for them).
lio_iser() {
	t=/sys/kernel/config/target
	{ [ -d "$t" ] || mount -t configfs none /sys/kernel/config; } &&
	mkdir -p "$t/core/rd_mcp_0/rd0" && echo rd_pages=512 >"$t/core/rd_mcp_0/rd0/control" &&
	echo 1 >"$t/core/rd_mcp_0/rd0/enable" &&
	tpg=$t/iscsi/$3/tpgt_1 && mkdir -p "$tpg/lun/lun_0" &&
	ln -s "$t/core/rd_mcp_0/rd0" "$tpg/lun/lun_0/rd0" &&
	echo 1 >"$tpg/attrib/generate_node_acls" && echo 0 >"$tpg/attrib/authentication" &&
	echo 0 >"$tpg/attrib/demo_mode_write_protect" && echo 1 >"$tpg/attrib/cache_dynamic_acls" &&
	np=$tpg/np/$1:$2 &&
	{ [ -e /proc/self/ns/net ] || { echo "this kernel has no network namespaces (CONFIG_NET_NS)"; false; }; } &&
	unshare -n sh -c "echo 1 >/proc/sys/net/ipv4/ip_nonlocal_bind && mkdir $np" &&
	echo 1 >"$np/iser" && echo 1 >"$tpg/enable"
}
# iscsid_start: open-iscsi's iscsid, for ib_iser's logins (the iSER
# suite's and the RoCE suite's): one login attempt, 5 s to log in, no
# reconnection after a failure; its log in /tmp/iscsid.log
iscsid_start() {
	mkdir -p /etc/iscsi/nodes /etc/iscsi/send_targets /etc/iscsi/ifaces /var/lib/iscsi \
		/run/lock/iscsi /var/lock /run
	echo "InitiatorName=iqn.2026-11.org.rdmaneg:guest" >/etc/iscsi/initiatorname.iscsi
	printf '%s\n' 'node.startup = manual' 'node.session.initial_login_retry_max = 1' \
		'node.conn[0].timeo.login_timeout = 5' 'node.session.timeo.replacement_timeout = 1' \
		>/etc/iscsi/iscsid.conf
	iscsid -f </dev/null >/tmp/iscsid.log 2>&1 &
	for _ in $(seq 50); do [ -S /run/iscsid.sock ] || [ -e /etc/iscsi/.initiator ] && break; sleep 0.1; done
	sleep 1
	kill -0 $! || { cat /tmp/iscsid.log; return 1; }
}
