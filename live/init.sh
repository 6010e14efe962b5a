#!/bin/busybox sh
# /init of the live guest: modules, a siw device on a dummy netdev, a
# capture of MPA frames on lo, the cases, then the capture, then off.
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin:/usr/sbin:/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
echo "LIVE_BOOT $(cut -d' ' -f1 /proc/uptime)"
arg() { sed -n "s/.*live\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
for m in $(cat /modules.order); do
	insmod "/lib/modules/$m.ko" || echo "LIVE_ERROR insmod $m"
done
ip link set lo up
ip link add d0 type dummy
# 127/8 is "any address" to rdma_cm and fails on iWARP: use a dummy device
ip addr add 192.0.2.1/24 dev d0
ip link set d0 up
rdma link add siw0 type siw netdev d0 || echo "LIVE_ERROR rdma link add"
rdma link show | sed 's/^/LIVE_INFO /'
# MPA Request/Reply frames only: TCP payloads that begin with "MPA "
tcpdump -i lo -U -Z root -s 1024 -w /tmp/mpa.pcap \
	'tcp[((tcp[12:1] & 0xf0) >> 2):4] = 0x4d504120' 2>/tmp/tcpdump.log &
tcpdump_pid=$!
sleep 1
echo "LIVE_READY $(cut -d' ' -f1 /proc/uptime)"
/bin/rdmaneg-live run 192.0.2.1 0 "$(arg count)" "$(arg seed)"
echo "LIVE_RC $?"
sleep 1
kill "$tcpdump_pid"
wait "$tcpdump_pid" 2>/dev/null
/bin/rdmaneg-live pcap /tmp/mpa.pcap
od -An -v -tx1 /tmp/mpa.pcap | tr -d ' \n' | fold -w 2000 | sed 's/^/LIVE_PCAPHEX /'
echo
echo "LIVE_END $(cut -d' ' -f1 /proc/uptime)"
poweroff -f
