# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
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
	load_modules smbd || return 1
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
smbd_io() { # 1 MiB through the share and back (read(2): see smbd_longpath),
	# and in the server's file
	dd if=/dev/urandom of=/tmp/smbd-data bs=256k count=4 2>/dev/null &&
	cp /tmp/smbd-data /mnt/smb/data && sync &&
	dd if=/mnt/smb/data of=/tmp/smbd-back bs=65536 2>/dev/null && cmp /tmp/smbd-data /tmp/smbd-back &&
	cmp /tmp/smbd-data /srv/share/data
}
smbd_same() { # files $1 and $2 hold the same octets, or where they differ
	cmp -s "$1" "$2" && return
	echo "$2 differs in $(cmp -l "$1" "$2" 2>&1 | wc -l) octets; $(cmp "$1" "$2" 2>&1)"
	return 1
}
smbd_smallio() { # writes under cifs's 4096-octet RDMA threshold go inline,
	# in messages of at most 1340 octets ([ms-smbd#3.1.5.7-7]); each from a
	# buffer part way into a page, so it spans two pages
	dd if=/dev/urandom of=/tmp/smbd-small bs=1000 count=30 2>/dev/null || return 1
	for w in "2000 3000" "3000 2000" "100 4000" "4000 1500"; do
		# shellcheck disable=SC2086 # two numbers, split on purpose
		set -- $w
		/bin/rdmaneg-live smbd-write /tmp/smbd-small /mnt/smb/small "$1" "$2" || return 1
		smbd_same /tmp/smbd-small /srv/share/small ||
			{ echo "(writes of $2 octets from $1 into a page)"; return 1; }
	done
}
smbd_signed() { # 1 MiB through a signed session, where cifs offloads no
	# I/O to RDMA (smb3_use_rdma_offload()): every write's pages go inline,
	# a full page in three messages and a fourth of 76 octets
	mkdir -p /mnt/smb-signed &&
		mount.cifs "//$SMBD_ADDR/share" /mnt/smb-signed \
			-o rdma,vers=3.1.1,username=rdmaneg,password=rdmaneg,cache=none,sign || return 1
	rc=0
	# writes of 64 KiB from a page-aligned buffer (cp's are one page each)
	{ /bin/rdmaneg-live smbd-write /tmp/smbd-data /mnt/smb-signed/signed 0 65536 &&
		dd if=/mnt/smb-signed/signed of=/tmp/smbd-signed-back bs=65536 2>/dev/null; } || rc=1
	for f in /srv/share/signed /tmp/smbd-signed-back; do
		[ "$rc" = 0 ] || break
		smbd_same /tmp/smbd-data "$f" || rc=1
	done
	umount /mnt/smb-signed || rc=1
	return $rc
}
smbd_longpath() { # a request longer than one SMB Direct message: the
	# third mkdir's CREATE names a 752-character path (1504 octets of
	# UTF-16), longer than the 1340 a message carries: fragments
	# ([ms-smbd#3.1.5.7-7])
	a=$(head -c 250 /dev/zero | tr '\0' a) b=$(head -c 250 /dev/zero | tr '\0' b)
	c=$(head -c 250 /dev/zero | tr '\0' c)
	mkdir -p "/mnt/smb/$a/$b/$c" && echo longpath >"/mnt/smb/$a/$b/$c/f" || return 1
	rc=0
	# read(2), not cat's sendfile(2): a splice from a cache=none cifs
	# file reads past its end on 6.1 (docs/smbd.md)
	echo longpath >/tmp/smbd-longpath
	for f in "/mnt/smb/$a/$b/$c/f" "/srv/share/$a/$b/$c/f"; do
		rm -f /tmp/smbd-longpath-back
		dd if="$f" of=/tmp/smbd-longpath-back bs=4096 2>/dev/null &&
			smbd_same /tmp/smbd-longpath /tmp/smbd-longpath-back && continue
		echo "(${f%%/a*}/a(250)/b(250)/c(250)/f, read back: $(head -c 40 /tmp/smbd-longpath-back |
			od -An -tx1 | tr -s ' \n' ' '))"
		rc=1
	done
	return $rc
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
		capture_start LIVE_SMBD_STEP "$SMBD_PORT" --fpdu --tag LIVE_SMBD_FRAME
		smbd_step server smbd_server || { capture_stop; return; }
		if smbd_step mount smbd_mount; then
			smbd_step io smbd_io
			smbd_step smallio smbd_smallio
			smbd_step longpath smbd_longpath
			smbd_step signed smbd_signed
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
		capture_stop
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
