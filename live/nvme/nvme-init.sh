# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/nvme/nvme-init.sh, sourced by /init when live.mode=nvme: Linux NVMe over
# Fabrics on siw0, both ends in this guest. nvmet (configfs) serves a
# subsystem with one file-backed namespace on rdma 192.0.2.1:4420; the
# kernel host connects with an admin queue and two I/O queues through
# /dev/nvme-fabrics, writes a random 1 MiB pattern with O_DIRECT, reads it
# back and compares, then deletes the controller. The MPA frames of every
# connection are on the console (rdmaneg-live capture --tag
# LIVE_NVME_FRAME); rdmaneg-live nvme judges them on the host
# (live/nvme/nvme_judge.c). Then, unless live.nvme_smoke=1, the hostile
# host (rdmaneg-live nvme-host, live/nvme/nvme_host.c) sends nvmet every
# case from live.nvme_first on, live.nvme_count of them (0: all), and the
# hostile target (rdmaneg-live nvme-target, live/nvme/nvme_target.c)
# answers the kernel host's connections with those of its cases in the
# same range (one index space, the host's cases first); a boot
# after one that died goes on from there with live.nvme_data=0 (no data
# check, no capture). With live.agents (a campaign), the hostile roles
# serve the host's cases instead (nvme_agent, serve_agents).
# Every result is a LIVE_NVME* line.
# the target's port and subsystem NQN (live/nvme/nvme.h)
# shellcheck disable=SC2046 # two words, split into $1 $2
set -- $(/bin/rdmaneg-live nvme-facts)
NVME_PORT=$1 NVME_NQN=$2
set --
NVME_ADDR=192.0.2.1
NVMET=/sys/kernel/config/nvmet
nvme_step() { suite_step LIVE_NVME_STEP "$@"; } # init.sh's
nvme_target() {
	{ [ -d "$NVMET" ] || mount -t configfs none /sys/kernel/config; } &&
	s=$NVMET/subsystems/$NVME_NQN &&
	mkdir "$s" && echo 1 >"$s/attr_allow_any_host" &&
	dd if=/dev/zero of=/tmp/nvme-ns.img bs=1M count=16 2>/dev/null &&
	mkdir "$s/namespaces/1" &&
	echo /tmp/nvme-ns.img >"$s/namespaces/1/device_path" &&
	# tmpfs has no O_DIRECT: the target reads and writes the file buffered
	echo 1 >"$s/namespaces/1/buffered_io" &&
	echo 1 >"$s/namespaces/1/enable" &&
	nvmet_port "$NVME_ADDR" "$NVME_PORT" "$NVME_NQN" # /listeners
}
nvme_connect() { # the admin queue and two I/O queues; waits for the namespace
	echo "transport=rdma,traddr=$NVME_ADDR,trsvcid=$NVME_PORT,nqn=$NVME_NQN,nr_io_queues=2" \
		>/dev/nvme-fabrics || return 1
	for _ in $(seq 200); do [ -b /dev/nvme0n1 ] && break; sleep 0.1; done
	[ -b /dev/nvme0n1 ] || { echo "no /dev/nvme0n1 after 20 s"; return 1; }
}
nvme_io() { # 1 MiB of random octets through the block device and back (256 KiB
	# blocks: malloc maps them, so O_DIRECT gets page-aligned buffers)
	dd if=/dev/urandom of=/tmp/nvme-data bs=256k count=4 2>/dev/null &&
	dd if=/tmp/nvme-data of=/dev/nvme0n1 bs=256k count=4 oflag=direct 2>/dev/null &&
	dd if=/dev/nvme0n1 of=/tmp/nvme-back bs=256k count=4 iflag=direct 2>/dev/null &&
	cmp /tmp/nvme-data /tmp/nvme-back &&
	# and on the target's side: the namespace's file holds the same octets
	dd if=/tmp/nvme-ns.img of=/tmp/nvme-file bs=256k count=4 2>/dev/null &&
	cmp /tmp/nvme-data /tmp/nvme-file
}
nvme_disconnect() {
	echo 1 >/sys/class/nvme/nvme0/delete_controller &&
	for _ in $(seq 100); do [ -e /sys/class/nvme/nvme0 ] || return 0; sleep 0.1; done &&
	echo "nvme0 still there after 10 s" && return 1
}
# Under a campaign (live.agents=nvme-host,nvme-target; make live-guided):
# both hostile roles wait on their ports for the host's cases
# (live/nvme/nvme.h; serve_agents)
nvme_agent() {
	role=$1
	shift
	case "$role" in
	nvme-host)
		/bin/rdmaneg-live nvme-host --addr "$NVME_ADDR" --port "$NVME_PORT" \
			--agent rdmaneg.agent.nvme-host "$@" & ;;
	nvme-target)
		/bin/rdmaneg-live nvme-target --addr "$NVME_ADDR" --nqn "$NVME_NQN" \
			--agent rdmaneg.agent.nvme-target "$@" & ;;
	*) return 1 ;;
	esac
}
nvme_main() {
	first=$(arg nvme_first)
	nvme_step modules load_modules nvme || return
	nvme_step target nvme_target || return
	if [ "$(arg nvme_data)" != 0 ]; then
		capture_start LIVE_NVME_STEP "$NVME_PORT" --tag LIVE_NVME_FRAME
		if nvme_step connect nvme_connect; then
			echo "LIVE_NVME_QUEUES $(cat /sys/class/nvme/nvme0/queue_count)"
			nvme_step io nvme_io
			nvme_step disconnect nvme_disconnect
		fi
		capture_stop
		echo "LIVE_NVME_DONE"
	fi
	[ "$(arg nvme_smoke)" = 1 ] && return
	# the hostile target's host gives up on a silent target in 5 s
	t=/sys/module/nvme_core/parameters/admin_timeout
	[ -w $t ] && echo 5 >$t
	if [ -n "$(arg agents)" ]; then
		serve_agents nvme_agent
		return
	fi
	/bin/rdmaneg-live nvme-host --addr "$NVME_ADDR" --port "$NVME_PORT" \
		--first "${first:-0}" --count "$(arg nvme_count)"
	# the hostile target: the kernel host connects to rdmaneg-live's
	# listener, which answers every case; an accepted host's Connect
	# command is failed at once, so the admin timeout only bounds a host
	# that never sends one
	# (CI's smoke subset names a range of the target's cases of its own)
	tfirst=$(arg nvme_tfirst) tcount=$(arg nvme_tcount)
	/bin/rdmaneg-live nvme-target --addr "$NVME_ADDR" --nqn "$NVME_NQN" \
		--first "${tfirst:-${first:-0}}" --count "${tcount:-$(arg nvme_count)}"
}
nvme_main
