#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=dash # busybox ash, which shellcheck checks as dash
# /init of the live guest: modules, siw0 and rxe0 on dummy netdevs, the
# harness (records on /dev/ttyS1, progress on the console), then off.
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin:/usr/sbin:/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
# lkdtm and gcov live there on the debug kernel (make live-kernel)
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
echo "LIVE_BOOT $(cut -d' ' -f1 /proc/uptime)"
# the CPUs the guest came up with (qemu.sh asks for 2; a kernel without the
# MP table parser under pci=noacpi came up with one: kernel-KVER.config)
echo "LIVE_CPUS $(grep -c '^processor' /proc/cpuinfo)"
# "Linux version ..." names the kernel in a triage report (quiet boots omit it)
cat /proc/version
arg() { sed -n "s/.*live\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
# still running near qemu.sh's timeout: every task's state and kernel stack
# (SysRq t) on the console, so a hang names where it waits (rdmaneg-live stacks)
wd=$(arg watchdog)
if [ -n "$wd" ]; then
	(sleep "$wd"; echo "LIVE_WATCHDOG ${wd}s: still running, every task's stack follows"
	 # the task lines are KERN_INFO: above loglevel=5's console cut
	 echo 7 >/proc/sys/kernel/printk
	 echo t >/proc/sysrq-trigger) &
fi
# the hung-task detector's first report ends the boot (live.hung=S, from
# qemu.sh's LIVE_HUNG: its timeout, checked every 5 s), with every task's
# stack, instead of the watchdog's minutes later. Not under a campaign
# (live.agents): its host bounds each case and restores a snapshot.
hung=$(arg hung)
if [ "${hung:-0}" != 0 ] && [ -z "$(arg agents)" ]; then
	if echo "$hung" >/proc/sys/kernel/hung_task_timeout_secs &&
		echo 5 >/proc/sys/kernel/hung_task_check_interval_secs; then
		# /dev/kmsg blocks for the next record; a read that lost records
		# to a full ring buffer fails, and the next open starts again
		(until grep -q -m1 'blocked for more than' /dev/kmsg 2>/dev/null; do sleep 1; done
		 echo "LIVE_HUNG ${hung}s: the hung-task detector reported a blocked task, every task's stack follows, then the boot ends"
		 echo 7 >/proc/sys/kernel/printk
		 echo t >/proc/sysrq-trigger
		 sleep 3
		 echo "LIVE_HUNG_END"
		 # no sync, no device shutdown that the hang could block (qemu.sh's
		 # -no-reboot ends QEMU)
		 echo b >/proc/sysrq-trigger) &
	else
		echo "LIVE_ERROR no hung-task detector to set: a hang lasts until the watchdog"
	fi
fi
# shellcheck disable=SC2013 # one module path a line, none with a space
for m in $(cat /modules.order); do
	insmod "/lib/modules/$m.ko" || echo "LIVE_ERROR insmod $m"
done
# where each module sits, for naming a hung guest's RIPs (rdmaneg-live rips)
sed 's/^/LIVE_MODULE /' /proc/modules
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
# rdmaneg-peer against siw: the responder behind an rdma_cm listener, the
# initiator behind an rdma_cm client; each ULP logs what rdma_cm told it.
PEER_PORT=19000 # the responder's; the initiator connects to PEER_PORT+1
PEER_BIN=/bin/rdmaneg-peer PEER_CORE=unplanted # the planted one: see the smoke below
ULP_KCOV= # make live-kcov: --kcov for the ULP endpoints
wait_port() { # a TCP listener on port $1 (IPv4 or IPv6), up to 10 s
	hex=$(printf '%04X' "$1")
	for _ in $(seq 100); do
		cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -q ":$hex [0:]*:0000 0A" && return 0
		sleep 0.1
	done
	echo "LIVE_ERROR nothing listens on port $1"
	return 1
}
peer() { # peer ROLE JSON-OUT ARGS...
	role=$1 json=$2; shift 2
	if [ "$role" = request ]; then
		: >/tmp/ulp-listen.log
		# shellcheck disable=SC2086 # ULP_KCOV is one option or none
		/bin/rdmaneg-live listen --addr 192.0.2.1 --port $PEER_PORT --log /tmp/ulp-listen.log $ULP_KCOV &
		ep=$!
		wait_port $PEER_PORT
		"$PEER_BIN" request 192.0.2.1:$PEER_PORT --ulp-log /tmp/ulp-listen.log \
			--kmsg --progress --json "$json" "$@"
		rc=$?
		# a listener gone before its kill is the harness's failure, not siw's
		if kill -0 $ep 2>/dev/null; then kill $ep; else
			wait $ep; echo "LIVE_ERROR the rdma_cm listener exited early, status $?"; ep=
		fi
	else
		ep=
		: >/tmp/ulp-connect.log
		"$PEER_BIN" reply --listen $((PEER_PORT + 1)) --ulp-log /tmp/ulp-connect.log \
			--kmsg --progress --json "$json" "$@" &
		pp=$!
		wait_port $((PEER_PORT + 1))
		# shellcheck disable=SC2086 # ULP_KCOV is one option or none
		/bin/rdmaneg-live connect --addr 192.0.2.1 --port $((PEER_PORT + 1)) \
			--log /tmp/ulp-connect.log $ULP_KCOV
		wait $pp
		rc=$?
	fi
	[ -n "$ep" ] && wait $ep 2>/dev/null
	echo "PEER_RC $role $rc"
	echo "LIVE_PEER role=$role rc=$rc cases=$(grep -o '"cases":[0-9]*' "$json" | cut -d: -f2) core=$PEER_CORE" >/dev/ttyS1
}
# the debug kernel's gcov counters, as one tar into $1 (debugfs gives them
# no size, so each is read into /tmp first; Documentation/dev-tools/gcov.rst)
gcov_tar() {
	rm -rf /tmp/gcov && mkdir -p /tmp/gcov || return 1
	g=/sys/kernel/debug/gcov n=0
	for f in $(cd $g && find . -name '*.gcda'); do
		mkdir -p "/tmp/gcov/${f%/*}" && cat "$g/$f" >"/tmp/gcov/$f" && n=$((n + 1))
	done
	tar -c -C /tmp/gcov . >"$1" && echo "LIVE_GCOV $n files"
}
vport() { # the /dev node of the virtio-serial port named $1
	for p in /sys/class/virtio-ports/*; do
		[ "$(cat "$p/name" 2>/dev/null)" = "$1" ] && echo "/dev/${p##*/}"
	done
}
# Under a campaign (live/campaign; live.agents=...): the host's service
# shell on the port rdmaneg.service (live/campaign/vm.c): "sysrq C" (the
# console shows every task's stack for t), "gcov" (GCOV SIZE, then the tar),
# "dmesg" (its last lines on the console) and "teardown" (the SUT's
# listeners destroyed, as a suite's end does; before a dirty case's guest
# is dropped, so what breaks in their teardown shows); one line each.
SUT_PIDS=
service() {
	port=$(vport rdmaneg.service)
	[ -n "$port" ] || { echo "LIVE_ERROR no rdmaneg.service port"; return 1; }
	exec 3<>"$port"
	while read -r cmd <&3; do
		case "$cmd" in
		"sysrq "?)
			# the task lines are KERN_INFO: above loglevel=5's console cut
			echo 7 >/proc/sys/kernel/printk
			echo "${cmd#sysrq }" >/proc/sysrq-trigger
			echo OK >&3 ;;
		gcov)
			if [ -d /sys/kernel/debug/gcov ] && gcov_tar /tmp/gcov.tar; then
				echo "GCOV $(wc -c </tmp/gcov.tar)" >&3
				cat /tmp/gcov.tar >&3
			else
				echo "ERROR no gcov" >&3
			fi ;;
		dmesg)
			echo "PEER_DMESG_BEGIN"; dmesg | tail -60; echo "PEER_DMESG_END"
			echo OK >&3 ;;
		teardown)
			for p in $SUT_PIDS; do
				kill "$p" 2>/dev/null
				wait "$p" 2>/dev/null
			done
			echo "LIVE_TEARDOWN $SUT_PIDS"
			SUT_PIDS=
			echo OK >&3 ;;
		*) echo "ERROR unknown command" >&3 ;;
		esac
	done
}
# suite_step TAG NAME CMD...: runs CMD, prints "TAG NAME ok" or "TAG NAME
# failed: its last lines" (the NFS and NVMe-oF suites' steps)
suite_step() {
	tag=$1 name=$2
	shift 2
	if out=$("$@" 2>&1); then
		echo "$tag $name ok"
	else
		echo "$tag $name failed: $(echo "$out" | tail -3 | tr '\n' ' ')"
		return 1
	fi
}
# serve_agents START [ARG...]: a campaign's agents (live/campaign;
# live.agents=ROLE,...), each started in the background by the suite's
# START ROLE ARG... (1 for a role it does not know), with the debug
# kernel's arcs in scope after ARG when live.gcov=1 (sent after a case the
# host asks); then the host's service channel. The guest never ends: the
# host restores or stops it.
serve_agents() {
	agent_start=$1
	shift
	[ "$(arg gcov)" = 1 ] && set -- "$@" --gcov /sys/kernel/debug/gcov \
		--gcov-scope "$(arg gcov_scope)"
	for role in $(arg agents | tr , ' '); do
		"$agent_start" "$role" "$@" || echo "LIVE_ERROR unknown agent $role"
	done
	service
	echo "LIVE_ERROR the service shell ended"
	while :; do sleep 3600; done
}
# capture_start STEP PORT [ARGS...]: rdmaneg-live capture of PORT (ARGS:
# its --tag, --fpdu) in the background, once it listens; "STEP capture
# failed: ..." after 10 s without (the suites' step tag). capture_stop
# ends it.
capture_start() {
	cap_step=$1 cap_port=$2
	shift 2
	rm -f /tmp/capture.ready
	/bin/rdmaneg-live capture --port "$cap_port" --ready /tmp/capture.ready "$@" & cap=$!
	for _ in $(seq 100); do [ -e /tmp/capture.ready ] && break; sleep 0.1; done
	[ -e /tmp/capture.ready ] || echo "$cap_step capture failed: not listening after 10 s"
}
capture_stop() {
	kill "$cap"
	wait "$cap"
}
# load_modules SUITE: the suite's modules in load order (/SUITE.modules
# and /lib/modules/SUITE, from live/SUITE/SUITE-prepare.sh by
# live/guest/mkinitramfs.sh), each one not loaded yet (/proc/modules
# spells its name with _ for -)
load_modules() {
	# shellcheck disable=SC2013 # one module name a line, none with a space
	for m in $(cat "/$1.modules"); do
		grep -q "^$(echo "$m" | tr - _) " /proc/modules && continue
		insmod "/lib/modules/$1/$m.ko" || return 1
	done
}
# the kernel ULPs' listeners, which more than one suite starts
# (live/guest/listeners.sh, /listeners in the image)
# shellcheck source=live/guest/listeners.sh
. /listeners
plant=$(arg plant)
# LIVE_PLANT=kasan, the debug kernel's control (KERNEL=debug): lkdtm writes
# 4 octets past a 1020-octet kmalloc; KASAN must report it, the judge flag it
if [ "$plant" = kasan ]; then
	echo SLAB_LINEAR_OVERFLOW >/sys/kernel/debug/provoke-crash/DIRECT ||
		echo "LIVE_ERROR no lkdtm in this kernel"
	plant=
fi
# LIVE_PLANT=hung, the hung-task control (KERNEL=debug): lkdtm puts /init
# in an uninterruptible sleep for good; the detector must end the boot
if [ "$plant" = hung ]; then
	echo "LIVE_PLANT hung: /init sleeps uninterruptibly for good (lkdtm HUNG_TASK)"
	echo HUNG_TASK >/sys/kernel/debug/provoke-crash/DIRECT ||
		echo "LIVE_ERROR no lkdtm in this kernel"
	plant=
fi
# peer_agent ROLE ARG...: rdmaneg-peer in ROLE as a campaign's agent,
# against the guest's ULP endpoint (serve_agents)
peer_agent() {
	role=$1
	shift
	case "$role" in
	request)
		: >/tmp/ulp-listen.log
		/bin/rdmaneg-live listen --addr 192.0.2.1 --port $PEER_PORT \
			--log /tmp/ulp-listen.log &
		SUT_PIDS="$SUT_PIDS $!"
		wait_port $PEER_PORT
		/bin/rdmaneg-peer request 192.0.2.1:$PEER_PORT --agent rdmaneg.agent.request \
			--ulp-log /tmp/ulp-listen.log "$@" & ;;
	reply)
		# the kernel's initiator starts at the first reply case
		: >/tmp/ulp-connect.log
		/bin/rdmaneg-peer reply --listen $((PEER_PORT + 1)) \
			--agent rdmaneg.agent.reply --ulp-log /tmp/ulp-connect.log \
			--sut "/bin/rdmaneg-live connect --addr 192.0.2.1 --port $((PEER_PORT + 1)) --log /tmp/ulp-connect.log" \
			"$@" & ;;
	*) return 1 ;;
	esac
}
mode=$(arg mode)
if [ -n "$mode" ] && [ -f "/$mode-init" ]; then
	# a suite's own steps (make live-nfs, live-nvme, live-smbd,
	# live-iser, ...): live/SUITE/SUITE-init.sh, which
	# live/guest/mkinitramfs.sh put in the image as /SUITE-init
	# shellcheck source=/dev/null # one of live/*/*-init.sh, each linted alone
	. "/$mode-init"
elif [ "$(arg mode)" = adversarial ] && [ -n "$(arg agents)" ]; then
	# make live-adversarial, live-guided, live-repro (live/campaign): the
	# peer's agents wait on their ports for the host's cases, one role each
	set -- --kmsg --progress --kmsg-marks --timeout "$(arg timeout)"
	[ "$(arg corpus)" = 1 ] && set -- "$@" --corpus /corpus/mpa_frame
	serve_agents peer_agent "$@"
elif [ "$(arg mode)" = kcov ]; then
	# make live-kcov (the debug kernel): cases that crash neither role's
	# siw (no finding's case), KCOV in the peer and in both ULP endpoints;
	# gcov's counters go out at the end
	ULP_KCOV=--kcov
	for role in request reply; do
		echo "PEER_BEGIN $role"
		peer "$role" "/tmp/peer-$role.json" --timeout 500 --kcov --case 'rev-2' \
			--case 'key-*' --case 'abcd-0*' --case 'ird-*' --case 'ord-*' \
			--case 'pd-length-4-*' --case 'flag-*' --case 'res-bit-*' 
		echo "PEER_END $role"
	done
else
	case "$transport" in
	siw) run siw 192.0.2.1 ;;
	rxe) run rxe 198.51.100.1 ;;
	*) run siw 192.0.2.1; run rxe 198.51.100.1 ;;
	esac
	# the peer's smoke subset, judged against the known verdicts on siw
	if [ "$(arg peer)" = 2 ]; then
		for role in request reply; do
			peer "$role" "/tmp/peer-$role.json" --timeout 500 \
				--expect /peer-baseline.txt --only-expected
		done
		# the same, by the peer built on a planted core: the verdicts come
		# from the oracle, so they must not move
		if [ -x /bin/rdmaneg-peer-planted ]; then
			PEER_BIN=/bin/rdmaneg-peer-planted PEER_CORE=planted-$(cat /peer-planted)
			for role in request reply; do
				peer "$role" "/tmp/peer-planted-$role.json" --timeout 500 \
					--expect /peer-baseline.txt --only-expected
			done
			PEER_BIN=/bin/rdmaneg-peer PEER_CORE=unplanted
		fi
	fi
fi
# nothing may be left once the harness is gone
/bin/rdmaneg-live res exit --out /dev/ttyS1
# the debug kernel's gcov counters, out on their virtio-serial port as a
# tar (live/guest/qemu.sh, live/guest/gcov.sh)
if [ -d /sys/kernel/debug/gcov ]; then
	port=$(vport rdmaneg.gcov)
	if [ -z "$port" ]; then
		echo "LIVE_ERROR no rdmaneg.gcov port: the kernel coverage stays in the guest"
	elif ! gcov_tar "$port"; then
		echo "LIVE_ERROR the gcov tar did not go out"
	fi
fi
echo "LIVE_END $(cut -d' ' -f1 /proc/uptime)"
poweroff -f
