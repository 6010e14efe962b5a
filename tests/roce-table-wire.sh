#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/roce-table-wire.sh RDMANEG-LIVE: every frame of make live-roce's
# table (each case's frame and the good REQ after it; each active case's
# answers to the model REQ) read by tshark: its IP and UDP checksums
# good, its BTH, DETH and MAD header as the case set them, its ICRC the
# oracle's (rdmaneg-live roce-wire; docs/roce.md). The negative control:
# the same pcap with the first frame's PSN changed after it was built,
# which the check must report for that case. Prints "N passed, N failed".
set -uo pipefail
BIN=${1:?usage: tests/roce-table-wire.sh RDMANEG-LIVE}
tools/deps.sh test >/dev/null || exit 2
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t fields < <("$BIN" roce-wire --fields)
# dissect PCAP CSV: tshark's fields of every frame
dissect() {
	tshark -r "$1" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE \
		-T fields -E separator=, "${fields[@]/#/-e}" >"$2" 2>"$tmp/tshark.err"
}
if "$BIN" roce-wire --pcap "$tmp/t.pcap" >"$tmp/n" && dissect "$tmp/t.pcap" "$tmp/t.csv" &&
	"$BIN" roce-wire --check "$tmp/t.csv" >"$tmp/out"; then
	pass=$((pass + 1))
	echo "table: $(cat "$tmp/n"): $(tail -1 "$tmp/out")"
else
	fail=$((fail + 1))
	echo "FAIL table: the frames as tshark reads them are not as the cases set them"
	tail -20 "$tmp/out" "$tmp/tshark.err" 2>/dev/null
fi
if "$BIN" roce-wire --pcap "$tmp/c.pcap" --control >/dev/null && dissect "$tmp/c.pcap" "$tmp/c.csv" &&
	! "$BIN" roce-wire --check "$tmp/c.csv" >"$tmp/cout" &&
	grep -q '^case 0 req-listener frame 0:' "$tmp/cout" && grep -q ', 1 differ' "$tmp/cout"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL control: a frame changed after it was built was not reported"
	tail -5 "$tmp/cout" 2>/dev/null
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
