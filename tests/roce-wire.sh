#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/roce-wire.sh RDMANEG: the RoCE v2 frames rdmaneg roce encode builds,
# read by a second dissector: tshark (Wireshark's RoCE v2 on UDP 4791 and
# its InfiniBand CM). Each frame's fields as intended, its IP and UDP
# checksums good, and its ICRC octets where rdmaneg roce decode finds
# them (tshark 4.0 shows the ICRC without judging it: the ICRC itself is
# checked on a captured frame in tests/unit_roce.c and by rxe in the
# guest). Negative controls: a UDP checksum and an IP length broken on
# purpose, which tshark must report. Prints "N passed, N failed".
set -uo pipefail
BIN=${1:?usage: tests/roce-wire.sh RDMANEG}
tools/deps.sh test >/dev/null || exit 2
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
F=(-e ip.version -e ip.checksum.status -e ipv6.flow -e udp.dstport -e udp.checksum.status
	-e infiniband.bth.opcode -e infiniband.bth.padcnt -e infiniband.bth.destqp
	-e infiniband.bth.psn -e infiniband.deth.q_key -e infiniband.deth.srcqp
	-e infiniband.mad.attributeid -e infiniband.cm.req.serviceid -e infiniband.invariant.crc)
# dissect HEX: tshark's fields of the frame, comma-separated
dissect() {
	sed 's/../& /g; s/^/000000 /' <<<"$1" | text2pcap -q - "$tmp/f.pcap" >/dev/null 2>&1 || return 1
	tshark -r "$tmp/f.pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE \
		-T fields -E separator=, "${F[@]}" 2>/dev/null
}
# check NAME WANT HEX: tshark reads HEX as WANT
check() {
	local got
	got=$(dissect "$3")
	if [ "$got" = "$2" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		printf 'FAIL %s:\n  frame %s\n  want  %s\n  got   %s\n' "$1" "$3" "$2" "$got"
	fi
}
# the ICRC as tshark prints it: the frame's last 4 octets, big-endian
icrc() { echo "0x${1: -8}"; }
mad=$("$BIN" ibcm encode req local_comm_id=0x11223344 service_id=0x0000000001061144) || exit 1
v4=$("$BIN" roce encode src_ip=198.51.100.2 dst_ip=198.51.100.1 psn=0x123 payload="$mad") || exit 1
check ipv4-req "4,1,,4791,1,100,0,0x000001,291,0x0000000080010000,0x00000001,0x0010,0x0000000001061144,$(icrc "$v4")" "$v4"
v6=$("$BIN" roce encode src_ip=2001:db8::2 dst_ip=2001:db8::1 flow_label=0xabcde tclass=0x20 \
	hop_limit=1 payload="$mad") || exit 1
check ipv6-req "6,,0x0abcde,4791,1,100,0,0x000001,0,0x0000000080010000,0x00000001,0x0010,0x0000000001061144,$(icrc "$v6")" "$v6"
# every BTH and DETH field away from its MAD default
odd=$("$BIN" roce encode src_ip=10.0.0.1 dst_ip=10.0.0.2 dest_qp=0xabcdef psn=0xffffff \
	qkey=0x12345678 src_qp=0x654321 pad=3 payload=00112233445566778899) || exit 1
check fields "4,1,,4791,1,100,3,0xabcdef,16777215,0x0000000012345678,0x00654321,,,$(icrc "$odd")" "$odd"
# negative controls: the UDP checksum's last octet flipped (tshark: bad,
# status 0), and an IP length one past the frame
bad=${v4:0:$((14 * 2 + 20 * 2 + 7 * 2))}$(printf '%02x' $((0x${v4:82:2} ^ 1)))${v4:84}
check control-udp-csum "4,1,,4791,0,100,0,0x000001,291,0x0000000080010000,0x00000001,0x0010,0x0000000001061144,$(icrc "$v4")" "$bad"
"$BIN" roce decode "$bad" | jq -e '.defects == ["udp_csum"]' >/dev/null && pass=$((pass + 1)) ||
	{ fail=$((fail + 1)); echo "FAIL control-udp-csum: rdmaneg roce decode did not report udp_csum"; }
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
