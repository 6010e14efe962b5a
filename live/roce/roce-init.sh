# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/roce/roce-init.sh, sourced by /init when live.mode=roce: rxe0 on
# veth0 at 203.0.113.1, the hostile RoCE v2 peer on veth1, the other end
# (live/roce/roce_live.h has the addresses and ports). veth1 has no
# address: rxe0's answers to the peer's 203.0.113.2 leave by veth0 to a
# permanent neighbour entry (veth1's MAC) and reach the peer's AF_PACKET
# socket, not this kernel's stack. An rdma_cm listener (rdmaneg-live
# listen) waits on 203.0.113.1:19100, nvmet on 203.0.113.1:4420, nfsd
# (svcrdma) on 20049, LIO (isert) on 203.0.113.1:3260 (live/guest/
# listeners.sh); nothing listens on 19101. Then
# rdmaneg-live roce-peer runs every case (live.roce_first, live.roce_count:
# a range, 0 for all; live.roce_also: more, by index or name; then
# live.roce_rsecs seconds of random REQs from seed live.roce_rseed, at
# most live.roce_rmax, 0 for no limit) and prints its LIVE_ROCE
# lines; for the active ones
# it runs rdmaneg-live connect, which asks 203.0.113.2:19102 (the peer)
# for one connection after another; for the last ones the peer itself
# makes nvme-rdma connect to it through /dev/nvme-fabrics (h-nvme-), or
# the NFS client mount from it (h-nfs-: xprtrdma's thresholds from the
# rpcrdma:xprtrdma_inline_thresh tracepoint), or open-iscsi log in to it
# through ib_iser (h-iser-: iscsid started here).
ROCE_ADDR=203.0.113.1 ROCE_PEER=203.0.113.2 ROCE_PORT=19100 ROCE_APORT=19102
roce_setup() {
	load_modules roce &&
	/sbin/ip link add veth0 type veth peer name veth1 &&
	/sbin/ip addr add "$ROCE_ADDR/24" dev veth0 &&
	/sbin/ip link set veth0 up && /sbin/ip link set veth1 up &&
	/sbin/ip neigh replace "$ROCE_PEER" lladdr "$(cat /sys/class/net/veth1/address)" \
		dev veth0 nud permanent &&
	rdma link add rxe1 type rxe netdev veth0 &&
	echo "LIVE_ROCE_STEP setup ok: rxe1 on veth0 $(cat /sys/class/net/veth0/address)," \
		"the peer on veth1 $(cat /sys/class/net/veth1/address)"
}
# nvmet on ROCE_ADDR at its port (rdmaneg-live nvme-facts: the port and
# the subsystem's NQN, live/nvme/nvme.h): a subsystem any host may use, no
# namespace (the nvmet- cases send a REQ and end the connection)
roce_nvmet() {
	t=/sys/kernel/config/nvmet
	{ [ -d "$t" ] || mount -t configfs none /sys/kernel/config; } &&
	mkdir "$t/subsystems/$2" && echo 1 >"$t/subsystems/$2/attr_allow_any_host" &&
	nvmet_port "$ROCE_ADDR" "$1" "$2" && # /listeners
	echo "LIVE_ROCE_STEP nvmet ok: $ROCE_ADDR:$1 $2"
}
# nfsd's svcrdma on every address at its port (rdmaneg-live nfs-facts'
# first word, live/nfs/nfs.h): threads and the RDMA listener only (the
# svcrdma- cases send a REQ and end the connection: no export, no mountd)
roce_nfsd() { mount -t nfsd nfsd /proc/fs/nfsd && nfsd_rdma "$1"; }
roce_trace() {
	{ [ -d /sys/kernel/tracing/events ] || mount -t tracefs tracefs /sys/kernel/tracing; } &&
		echo 1 >/sys/kernel/tracing/events/rpcrdma/xprtrdma_inline_thresh/enable
}
if ! roce_setup; then
	echo "LIVE_ROCE_STEP setup failed"
else
	# shellcheck disable=SC2046 # two words: the port and the NQN
	roce_nvmet $(/bin/rdmaneg-live nvme-facts) || echo "LIVE_ROCE_STEP nvmet failed"
	suite_step LIVE_ROCE_STEP nfsd roce_nfsd "$(/bin/rdmaneg-live nfs-facts | cut -d' ' -f1)" &&
		sed 's/^/LIVE_ROCE_NFSD /' /proc/fs/nfsd/portlist
	# LIO's isert on its iSER port, the iSER suite's target IQN
	# (rdmaneg-live iser-facts: port, the hostile target's port, IQN)
	# shellcheck disable=SC2046 # the port and the IQN
	suite_step LIVE_ROCE_STEP isert lio_iser "$ROCE_ADDR" \
		$(/bin/rdmaneg-live iser-facts | cut -d' ' -f1,3)
	# nvme-rdma's cases (h-nvme-): a Connect command the peer never
	# answers fails in 2 s instead of nvme_core's 60
	echo 2 >/sys/module/nvme_core/parameters/admin_timeout ||
		echo "LIVE_ROCE_STEP nvme-host failed: no nvme_core admin_timeout"
	# the NFS client's cases (h-nfs-): the thresholds xprtrdma took
	suite_step LIVE_ROCE_STEP trace roce_trace
	# ib_iser's cases (h-iser-): open-iscsi's daemon (/listeners)
	suite_step LIVE_ROCE_STEP iscsid iscsid_start
	: >/tmp/roce-listen.log
	/bin/rdmaneg-live listen --addr "$ROCE_ADDR" --port "$ROCE_PORT" --log /tmp/roce-listen.log \
		>/tmp/roce-listen.out 2>&1 &
	rl=$!
	for _ in $(seq 100); do grep -q LIVE_LISTENING /tmp/roce-listen.out && break; sleep 0.1; done
	grep -q LIVE_LISTENING /tmp/roce-listen.out ||
		echo "LIVE_ERROR the rdma_cm listener on $ROCE_ADDR:$ROCE_PORT did not start: $(cat /tmp/roce-listen.out)"
	# the active cases' connector: rdma_connect() to the peer, again and
	# again (the peer starts it at its first active case)
	: >/tmp/roce-connect.log
	also=$(arg roce_also) rseed=$(arg roce_rseed)
	/bin/rdmaneg-live roce-peer --ifname veth1 --rxe-ifname veth0 --dev rxe1 \
		--first "$(arg roce_first)" --count "$(arg roce_count)" ${also:+--also "$also"} \
		${rseed:+--random-seed "$rseed" --random-seconds "$(arg roce_rsecs)" --random-max "$(arg roce_rmax)"} \
		-- /bin/rdmaneg-live connect --addr "$ROCE_PEER" --port "$ROCE_APORT" \
		--log /tmp/roce-connect.log
	echo "LIVE_ROCE_RC $?"
	kill "$rl" 2>/dev/null
	for c in /sys/class/infiniband/rxe1/ports/1/hw_counters/*; do
		echo "LIVE_ROCE_COUNTER ${c##*/} $(cat "$c")"
	done
	rdma resource show qp | sed 's/^/LIVE_ROCE_QP /'
	sed 's/^/LIVE_ROCE_LISTEN /' /tmp/roce-listen.log /tmp/roce-listen.out
	[ -e /tmp/roce-iscsiadm.log ] && tail -n 60 /tmp/roce-iscsiadm.log | sed 's/^/LIVE_ROCE_ISCSIADM /'
fi
