# shellcheck shell=dash # sourced by busybox ash (live/guest/init.sh)
# live/smbd/smbd-init.sh, sourced by /init when live.mode=smbd: SMB Direct on
# siw0, both ends in this guest (docs/smbd.md). First the hostile server
# (rdmaneg-live smbd-server, live/smbd/smbd_peer.c) answers the cifs
# client's mounts on port 5445 with each of its cases, before ksmbd owns
# that port; then ksmbd (ksmbd-tools' ksmbd.mountd) serves /srv/share,
# cifs mounts it with rdma, 1 MiB is written, read back uncached and
# compared with what the server's file holds, every MPA frame and the
# first FPDUs of each connection on the console (rdmaneg-live capture
# --fpdu); then the hostile client (rdmaneg-live smbd-client) sends ksmbd
# each of its cases. Cases from live.smbd_first on, live.smbd_count of
# them (0: all), in one index space: the server's cases, then the
# client's (live.smbd_rfirst, live.smbd_rcount: a range of their own).
# A boot after one that died goes on from there with live.smbd_data=0.
# Every result is a LIVE_SMBD* line.
SMBD_ADDR=192.0.2.1
SMBD_PORT=5445 # MS-SMBD 1.9: SMB Direct on iWARP
smbd_step() { suite_step LIVE_SMBD_STEP "$@"; } # init.sh's
smbd_modules() {
	# shellcheck disable=SC2013 # one module name a line, none with a space
	for m in $(cat /smbd.modules); do
		grep -q "^$(echo "$m" | tr - _) " /proc/modules && continue
		insmod "/lib/modules/smbd/$m.ko" || return 1
	done
	for t in mountd adduser addshare control; do ln -sf ksmbd.tools "/sbin/ksmbd.$t"; done
	ln -sf /proc/mounts /etc/mtab
	mkdir -p /etc/ksmbd /srv/share /mnt/smb /run /var/run
}
smbd_server() { # ksmbd serving /srv/share to the user rdmaneg
	# the initramfs has no user xattrs, where ksmbd keeps DOS attributes
	printf '[global]\n\tserver signing = disabled\n[share]\n\tpath = /srv/share\n\tread only = no\n\tstore dos attributes = no\n' \
		>/etc/ksmbd/ksmbd.conf || return 1
	# ksmbd.mountd maps the SMB user to a local one
	grep -q '^rdmaneg:' /etc/passwd || echo 'rdmaneg:x:1000:1000::/srv/share:/bin/sh' >>/etc/passwd
	grep -q '^rdmaneg:' /etc/group || echo 'rdmaneg:x:1000:' >>/etc/group
	chmod 777 /srv/share
	ksmbd.adduser -a rdmaneg -p rdmaneg || return 1
	# in the foreground of its own, its output kept for a failure
	ksmbd.mountd -n </dev/null >/tmp/ksmbd.log 2>&1 &
	wait_port "$SMBD_PORT" || { cat /tmp/ksmbd.log; return 1; }
}
smbd_mount() {
	mount.cifs "//$SMBD_ADDR/share" /mnt/smb \
		-o rdma,vers=3.1.1,username=rdmaneg,password=rdmaneg,cache=none
}
smbd_io() { # 1 MiB through the share and back, and in the server's file
	dd if=/dev/urandom of=/tmp/smbd-data bs=256k count=4 2>/dev/null &&
	cp /tmp/smbd-data /mnt/smb/data && sync &&
	cat /mnt/smb/data >/tmp/smbd-back && cmp /tmp/smbd-data /tmp/smbd-back &&
	cmp /tmp/smbd-data /srv/share/data
}
smbd_main() {
	first=$(arg smbd_first) count=$(arg smbd_count)
	smbd_step modules smbd_modules || return
	# the hostile server's cases, while port 5445 is free: cifs mounts
	# with the options above, rdmaneg-live answers
	/bin/rdmaneg-live smbd-server --addr "$SMBD_ADDR" --first "${first:-0}" --count "${count:-0}" \
		-- mount.cifs "//$SMBD_ADDR/share" /mnt/smb \
		-o rdma,vers=3.1.1,username=rdmaneg,password=rdmaneg,cache=none
	if [ "$(arg smbd_data)" != 0 ]; then
		echo "LIVE_SMBD_CASE check data" # a death from here on is the data check's
		rm -f /tmp/capture.ready
		/bin/rdmaneg-live capture --port "$SMBD_PORT" --ready /tmp/capture.ready --fpdu \
			--tag LIVE_SMBD_FRAME & cap=$!
		for _ in $(seq 100); do [ -e /tmp/capture.ready ] && break; sleep 0.1; done
		[ -e /tmp/capture.ready ] || echo "LIVE_SMBD_STEP capture failed: not listening after 10 s"
		smbd_step server smbd_server || { kill $cap; return; }
		if smbd_step mount smbd_mount; then
			smbd_step io smbd_io
			smbd_step umount umount /mnt/smb
		else
			# why, in the kernel's and ksmbd.mountd's words: the mount
			# again with both ends' debug logs on
			sed 's/^/LIVE_SMBD_MOUNTD /' /tmp/ksmbd.log
			echo all >/sys/class/ksmbd-control/debug 2>/dev/null
			echo 1 >/proc/fs/cifs/cifsFYI 2>/dev/null
			dmesg -c >/dev/null
			smbd_mount >/dev/null 2>&1
			dmesg | grep -v 'speed is unknown' | tail -150 | sed 's/^/LIVE_SMBD_DMESG /'
			sed 's/^/LIVE_SMBD_MOUNTD /' /tmp/ksmbd.log
			echo 0 >/proc/fs/cifs/cifsFYI 2>/dev/null
		fi
		kill $cap; wait $cap
		echo "LIVE_SMBD_DONE"
	else
		smbd_step server smbd_server || return
	fi
	# the client's cases: a range of their own in the smoke subset
	rfirst=$(arg smbd_rfirst) rcount=$(arg smbd_rcount)
	/bin/rdmaneg-live smbd-client --addr "$SMBD_ADDR" --first "${rfirst:-${first:-0}}" \
		--count "${rcount:-${count:-0}}"
}
smbd_main
