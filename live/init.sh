#!/bin/busybox sh
# /init of the live guest: modules, siw0 and rxe0 on dummy netdevs, the
# harness (records on /dev/ttyS1, progress on the console), then off.
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
transport=$(arg transport)
ip link set lo up
# 127/8 is "any address" to rdma_cm and fails on iWARP: use dummy devices
ip link add d0 type dummy
ip addr add 192.0.2.1/24 dev d0
ip link set d0 up
rdma link add siw0 type siw netdev d0 || echo "LIVE_ERROR rdma link add siw0"
if [ "$transport" != siw ]; then
	ip link add d1 type dummy
	ip addr add 198.51.100.1/24 dev d1
	ip link set d1 up
	rdma link add rxe0 type rxe netdev d1 || echo "LIVE_ERROR rdma link add rxe0"
fi
rdma link show | sed 's/^/LIVE_INFO /'
/bin/rdmaneg-live res boot --out /dev/ttyS1
echo "LIVE_READY $(cut -d' ' -f1 /proc/uptime)"
run() { # run TRANSPORT ADDR
	/bin/rdmaneg-live run --transport "$1" --addr "$2" --out /dev/ttyS1 \
		--count "$(arg count)" --seed "$(arg seed)" --soak "$(arg soak)" \
		--random-per-round "$(arg random)" ${plant:+--plant "$plant"}
	echo "LIVE_RC $1 $?"
}
plant=$(arg plant)
case "$transport" in
siw) run siw 192.0.2.1 ;;
rxe) run rxe 198.51.100.1 ;;
*) run siw 192.0.2.1; run rxe 198.51.100.1 ;;
esac
# nothing may be left once the harness is gone
/bin/rdmaneg-live res exit --out /dev/ttyS1
echo "LIVE_END $(cut -d' ' -f1 /proc/uptime)"
poweroff -f
