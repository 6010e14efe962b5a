#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# rdmaneg-peer on the host, no guest: the conformance suite in both roles
# against the reference responder and initiator (every case must conform),
# the reference's planted faults (each must be reported as diverging,
# naming its clause), and the CLI's errors (exit 2, one message).
# Usage: tests/peer.sh PATH/TO/rdmaneg-peer. Prints "N passed, N failed".
set -u
# shellcheck source=tests/sections.sh
. "$(dirname "$0")/sections.sh"
P=${1:?usage: tests/peer.sh PATH/TO/rdmaneg-peer}
[ -x "$P" ] || { echo "tests/peer.sh: $P is not executable" >&2; exit 2; }
pass=0 fail=0
# listen ports below Linux's ephemeral range (32768..60999): a client
# socket's port can never take one of them from under a listener; each
# section below has ten of its own, for they run side by side (and
# tests/campaign.sh, beside this one, takes 30100..32139)
base=$(( 20000 + $$ % 10000 ))
out=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$out"' EXIT

ok() { pass=$((pass + 1)); }
# listening PORT: returns once a socket listens on PORT (at most 10 s), so
# a client never races the listener it was started beside
listening() {
	local i
	for ((i = 0; i < 200; i++)); do
		[ -n "$(ss -Hltn "sport = :$1")" ] && return 0
		sleep 0.05
	done
	echo "FAIL tests/peer.sh: nothing listens on port $1 after 10 s"
	return 1
}
bad() { fail=$((fail + 1)); echo "FAIL tests/peer.sh: $1"; [ -f "$2" ] && tail -30 "$2"; }

# expect NAME WANT_EXIT GREP LOG -- CMD...
expect() {
	local name=$1 want=$2 pat=$3 log=$4; shift 5
	"$@" > "$log" 2>&1
	local rc=$?
	if [ "$rc" -ne "$want" ]; then bad "$name: exit $rc, want $want" "$log"; return; fi
	if [ -n "$pat" ] && ! grep -qE -- "$pat" "$log"; then bad "$name: no /$pat/" "$log"; return; fi
	ok
}

T=200 # ms per case: loopback answers in well under 1 ms

s_request() {
	# 1. request role against the conforming responder: all conform
	local port=$base rp
	"$P" respond --listen $port & rp=$!; listening $port
	expect "request vs reference" 0 " 0 diverge .* 0 findings" "$out/req.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --random 200 --seed 3 \
		--json "$out/req.json" --junit "$out/req.xml"
	kill $rp 2>/dev/null; wait $rp 2>/dev/null
	grep -q '"cases":317' "$out/req.json" && grep -q '<testsuites' "$out/req.xml" && ok \
		|| bad "request: json/junit reports" "$out/req.json"
}

s_plants() {
	# 2. negative controls: each planted responder fault names its clause
	# (--progress: the per-case verdict line the live campaign keeps)
	# [rfc5044#7.1.1-22] [rfc5044#7.1.2-4]
	# [rfc6581#9.1-11] [rfc5044#7.1.1-14] [rfc5044#7.1.1-15]
	local port=$((base + 10)) pc plant glob want rp
	for pc in "rev0_accept:rev-*:PEER_VERDICT request [0-9]+ rev-0 diverges rfc5044#7.1.1-22" "reply_3fff:ird-1*:diverges request ird-1 +rfc6581#9.1-4" \
		"ignore_3fff:*3fff*:rfc6581#9.1-1[13]" "reset_kills:reset-*:PEER_VERDICT request [0-9]+ reset-before-accept finding suite-alive" \
		"crc_unchecked:rtr-crc-*:PEER_VERDICT request [0-9]+ rtr-crc-wrong-c diverges rfc5044#7.1.1-14" \
		"crc_always:rtr-crc-*:PEER_VERDICT request [0-9]+ rtr-crc-wrong diverges rfc5044#7.1.1-15"; do
		IFS=: read -r plant glob want <<<"$pc"
		port=$((port + 1))
		"$P" respond --listen $port --plant "$plant" & rp=$!; listening $port
		expect "plant $plant" 1 "$want" "$out/$plant.txt" -- \
			"$P" request 127.0.0.1:$port --timeout $T --case "$glob" --progress
		kill $rp 2>/dev/null; wait $rp 2>/dev/null
	done
}

s_baseline() {
	# 2b. a baseline (what make live's smoke runs): written, then matched; a
	# changed verdict is caught, and --only-expected runs only its 6 cases
	local port=$((base + 20)) rp
	"$P" respond --listen $port --plant rev0_accept & rp=$!; listening $port
	expect "write a baseline" 1 "" "$out/bw.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --case "rev-*" --write-expect "$out/base.txt"
	grep -qx "request rev-0 diverges rfc5044#7.1.1-22" "$out/base.txt" &&
		grep -qx "request rev-2 conforms -" "$out/base.txt" && ok ||
		bad "baseline lines" "$out/base.txt"
	expect "baseline matches" 0 "baseline .*: 6 match, 0 differ" "$out/bm.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --case "rev-*" --expect "$out/base.txt"
	sed 's/^request rev-0 diverges .*/request rev-0 conforms -/' "$out/base.txt" >"$out/base2.txt"
	expect "baseline differs" 1 "EXPECT differs: request rev-0: baseline conforms -, now diverges rfc5044#7.1.1-22" \
		"$out/bd.txt" -- "$P" request 127.0.0.1:$port --timeout $T --expect "$out/base2.txt" \
		--only-expected
	grep -q " 6 cases," "$out/bd.txt" && ok || bad "--only-expected ran other cases" "$out/bd.txt"
	kill $rp 2>/dev/null; wait $rp 2>/dev/null
}

s_reply() {
	# 3. reply role against the conforming initiator, client-server and p2p
	# (two sections: they run side by side)
	local port=$((base + 30)) ip
	( listening $port && "$P" initiate 127.0.0.1:$port > /dev/null ) & ip=$!
	expect "reply vs reference" 0 " 0 diverge .* 0 findings" "$out/rep.txt" -- \
		"$P" reply --listen $port --timeout $T
	wait $ip 2>/dev/null
}

s_reply_p2p() {
	local port=$((base + 31)) ip
	( listening $port && "$P" initiate 127.0.0.1:$port --p2p > /dev/null ) & ip=$!
	expect "reply vs reference --p2p" 0 " 0 diverge .* 0 findings" "$out/rep--p2p.txt" -- \
		"$P" reply --listen $port --timeout $T
	wait $ip 2>/dev/null
}

s_cli() {
	# 4. the CLI: usage and setup errors exit 2 with one message
	local port=$((base + 40)) rp i zz
	expect "no verb" 2 "usage:" "$out/u1.txt" -- "$P"
	expect "bad verb" 2 "unknown verb" "$out/u2.txt" -- "$P" frobnicate
	expect "bad port" 2 "bad port" "$out/u3.txt" -- "$P" request 127.0.0.1:99999
	expect "no port" 2 "want HOST:PORT" "$out/u4.txt" -- "$P" request localhost
	expect "bad timeout" 2 "not a number" "$out/u5.txt" -- "$P" request 127.0.0.1:1 --timeout x
	expect "unreachable" 2 "cannot reach 127.0.0.1:$port" "$out/u6.txt" -- \
		"$P" request 127.0.0.1:$port
	expect "no such case" 2 "no case matches" "$out/u7.txt" -- \
		"$P" request 127.0.0.1:$port --case 'nope-*'
	expect "bad frame" 2 "not hex" "$out/u8.txt" -- "$P" request 127.0.0.1:$port --frame zz
	expect "bad plant" 2 "unknown plant" "$out/u9.txt" -- "$P" respond --listen $port --plant x
	expect "list" 0 "^pd-length-252-over " "$out/list.txt" -- "$P" list

	# --gcov: a kernel's .gcda files (here the hand seed: 1 of 2 arcs hit),
	# sampled after each case; a torn one, or --guided alone, is refused
	mkdir -p "$out/gcov/d" "$out/gcov-torn"
	cp corpus/gcda/hand-one-function "$out/gcov/d/x.gcda"
	head -c 30 corpus/gcda/hand-one-function >"$out/gcov-torn/y.gcda"
	"$P" respond --listen $port & rp=$!; listening $port
	expect "gcov sampled" 0 "^PEER_ARCS request 0 [0-9]+ 1 0$" "$out/gcov.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --case rev-2 --gcov "$out/gcov"
	grep -q "^PEER_ARCS request start 0 1 0 (1 files, 2 arcs)$" "$out/gcov.txt" && ok ||
		bad "gcov: the first sample" "$out/gcov.txt"
	expect "gcov torn" 2 "y.gcda: a record longer than the image" "$out/gcov2.txt" -- \
		"$P" request 127.0.0.1:$port --case rev-2 --gcov "$out/gcov-torn"
	expect "guided alone" 2 "needs --gcov DIR and --random N" "$out/gcov3.txt" -- \
		"$P" request 127.0.0.1:$port --guided --gcov "$out/gcov"
	# --corpus: its frames join the table as inputs to mutate, random or
	# guided; 50 copies of a 64-octet 0x5a run make 50 of 163 draws, and the
	# run survives most mutations; without --corpus no frame carries it
	mkdir -p "$out/corp" "$out/corp-empty"
	for i in $(seq 50); do head -c 64 /dev/zero | tr '\0' Z >"$out/corp/z$i"; done
	zz=5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a
	expect "corpus: random draws it" 0 "" "$out/corp.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --only-random --random 20 --progress \
		--corpus "$out/corp"
	[ "$(grep -c "^PEER_FRAME request .*$zz" "$out/corp.txt")" -ge 3 ] && ok ||
		bad "corpus: random sent no corpus frame" "$out/corp.txt"
	expect "corpus: guided draws it" 0 "^PEER_ARCS request 19 " "$out/corp2.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --only-random --random 20 --progress \
		--corpus "$out/corp" --gcov "$out/gcov" --guided
	[ "$(grep -c "^PEER_FRAME request .*$zz" "$out/corp2.txt")" -ge 3 ] && ok ||
		bad "corpus: guided sent no corpus frame" "$out/corp2.txt"
	expect "corpus: none without it" 0 "" "$out/corp3.txt" -- \
		"$P" request 127.0.0.1:$port --timeout $T --only-random --random 20 --progress
	grep -q "^PEER_FRAME request .*$zz" "$out/corp3.txt" && bad "corpus: frames without --corpus" \
		"$out/corp3.txt" || ok
	expect "corpus without random" 2 "needs --random N" "$out/corp4.txt" -- \
		"$P" request 127.0.0.1:$port --corpus "$out/corp"
	expect "corpus empty" 2 "no frame of 1 to" "$out/corp5.txt" -- \
		"$P" request 127.0.0.1:$port --random 1 --corpus "$out/corp-empty"
	expect "corpus missing" 2 "No such file" "$out/corp6.txt" -- \
		"$P" request 127.0.0.1:$port --random 1 --corpus "$out/nosuch"
	kill $rp 2>/dev/null; wait $rp 2>/dev/null
}

# the sections wait on sockets and timers, not the CPU: all at once
sections s_request s_plants s_baseline s_reply s_reply_p2p s_cli
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
