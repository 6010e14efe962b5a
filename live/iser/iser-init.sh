# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/iser/iser-init.sh, sourced by /init when live.mode=iser: iSER on siw0,
# both ends in this guest (docs/iser.md). First the hostile target
# (rdmaneg-live iser-target, live/iser/iser_peer.c) answers ib_iser's
# logins (open-iscsi's iscsiadm and iscsid) on port 3261 with each of its
# cases; then LIO serves a 2 MiB RAM disk on an iSER portal at port 3260,
# the initiator logs in, 1 MiB is written to the disk and read back
# uncached, every MPA frame on the console (rdmaneg-live capture); then
# the hostile initiator (rdmaneg-live iser-initiator) connects to isert
# with each of its cases. Cases from live.iser_first on, live.iser_count
# of them (0: all), one index space: the target's, then the initiator's
# (live.iser_rfirst, live.iser_rcount: a range of their own). A boot after
# one that died goes on with live.iser_data=0. Every result is a
# LIVE_ISER* line.
# LIO's portal is made by lio_iser (live/guest/listeners.sh), from a
# network namespace of its own (docs/iser.md).
# LIO's iSER port, the hostile target's port and LIO's IQN (live/iser/iser.h)
# shellcheck disable=SC2046 # three words, split into $1 $2 $3
set -- $(/bin/rdmaneg-live iser-facts)
ISER_PORT=$1 ISER_TPORT=$2 ISER_IQN=$3
set --
ISER_ADDR=192.0.2.1
iser_step() { suite_step LIVE_ISER_STEP "$@"; } # init.sh's
iser_modules() { load_modules iser && iscsid_start; } # /listeners
iser_node() { # iser_node ADDR PORT: open-iscsi's node record for LIO's target there
	iscsiadm -m node -o new -T "$ISER_IQN" -p "$1:$2" -I iser >/dev/null
}
iser_lio() { lio_iser "$ISER_ADDR" "$ISER_PORT" "$ISER_IQN"; } # /listeners
iser_login() {
	iser_node "$ISER_ADDR" "$ISER_PORT" &&
	iscsiadm -m node -T "$ISER_IQN" -p "$ISER_ADDR:$ISER_PORT" -I iser --login >/dev/null &&
	for _ in $(seq 200); do [ -b /dev/sda ] && break; sleep 0.1; done &&
	[ -b /dev/sda ] || { echo "no /dev/sda after 20 s"; return 1; }
}
iser_io() { # 1 MiB through the disk and back, uncached
	dd if=/dev/urandom of=/tmp/iser-data bs=256k count=4 2>/dev/null &&
	dd if=/tmp/iser-data of=/dev/sda bs=256k count=4 oflag=direct 2>/dev/null &&
	dd if=/dev/sda of=/tmp/iser-back bs=256k count=4 iflag=direct 2>/dev/null &&
	cmp /tmp/iser-data /tmp/iser-back
}
iser_logout() {
	iscsiadm -m node -T "$ISER_IQN" -p "$ISER_ADDR:$ISER_PORT" -I iser --logout >/dev/null
}
iser_main() {
	first=$(arg iser_first) count=$(arg iser_count)
	iser_step modules iser_modules || return
	iser_node "$ISER_ADDR" "$ISER_TPORT"
	# each case's login: the last case's session (iscsid may still be
	# retrying it) logged out first, or iscsiadm refuses with "session
	# exists" and never connects
	n="-m node -T $ISER_IQN -p $ISER_ADDR:$ISER_TPORT -I iser"
	printf '#!/bin/sh\niscsiadm %s --logout >/dev/null 2>&1\nexec iscsiadm %s --login\n' "$n" "$n" \
		>/tmp/iser-login && chmod +x /tmp/iser-login
	/bin/rdmaneg-live iser-target --addr "$ISER_ADDR" --first "${first:-0}" --count "${count:-0}" \
		-- /tmp/iser-login
	iser_step lio iser_lio || return
	if [ "$(arg iser_data)" != 0 ]; then
		echo "LIVE_ISER_CASE check data" # a death from here on is the data check's
		capture_start LIVE_ISER_STEP "$ISER_PORT" --tag LIVE_ISER_FRAME
		if iser_step login iser_login; then
			iser_step io iser_io
			iser_step logout iser_logout
		else
			sed 's/^/LIVE_ISER_ISCSID /' /tmp/iscsid.log | tail -20
			dmesg | grep -i -E 'iser|isert|iscsi' | tail -20 | sed 's/^/LIVE_ISER_DMESG /'
		fi
		capture_stop
		echo "LIVE_ISER_DONE"
	fi
	rfirst=$(arg iser_rfirst) rcount=$(arg iser_rcount)
	/bin/rdmaneg-live iser-initiator --addr "$ISER_ADDR" --first "${rfirst:-${first:-0}}" \
		--count "${rcount:-${count:-0}}"
}
iser_main
