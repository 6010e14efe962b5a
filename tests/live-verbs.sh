#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# rdmaneg-live's dispatch on the host: each verb reached through live/main.c's
# table reads its own arguments (the verbs take argv[0] as the verb,
# util/verb.h), on the fixtures of tests/nfs, tests/nvme and tests/triage;
# and the table's arity and unknown verbs end in a usage error (exit 2).
# Usage: tests/live-verbs.sh path/to/rdmaneg-live
set -uo pipefail
BIN=${1:?usage: live-verbs.sh BIN}
pass=0 fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect NAME EXIT REGEX -- ARGS...: the exit status, and REGEX (grep -E)
# found in stdout and stderr together ("" checks the status only)
expect() {
	local name=$1 want=$2 re=$3 rc; shift 4
	"$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -eq "$want" ] && { [ -z "$re" ] || cat "$tmp/out" "$tmp/err" | grep -qE -- "$re"; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit $rc (want $want), wanted /$re/: $BIN $*"
		sed 's/^/  out: /' "$tmp/out" | tail -5
		sed 's/^/  err: /' "$tmp/err" | tail -5
	fi
}

# the table: help, unknown verbs, too few and too many arguments
expect help 0 '^  nvme-next CONSOLE' -- help
expect no-verb 2 '^usage: rdmaneg-live VERB' --
expect unknown 2 "unknown verb 'nosuch'" -- nosuch
expect too-few 2 'nfs-case: too few arguments' -- nfs-case
expect too-many 2 'fixed: too many arguments' -- fixed x
expect alias-arity 2 'connect: too few.*' -- connect --addr 192.0.2.1
# verbs that print facts
expect fixed 0 '^[0-9]+$' -- fixed
expect nvme-facts 0 '^[0-9]+ nqn\.' -- nvme-facts
first=$("$BIN" nfs-cases | head -1)
expect nfs-case 0 '^0$' -- nfs-case "$first"
expect nfs-case-none 2 "no NFS case 'nosuch'" -- nfs-case nosuch
expect smbd-cases 0 '^0 [a-z0-9-]+ (server|client)$' -- smbd-cases
expect iser-cases 0 '^0 [a-z0-9-]+ ' -- iser-cases
# the reports, from a console: the file is the verb's first argument
expect nfs 0 '^live-nfs: [1-9][0-9]* connection\(s\) measured' -- nfs tests/nfs/console-stock.log
expect nfs-json 0 'connection\(s\) measured' -- nfs tests/nfs/console-stock.log --json "$tmp/nfs.json"
if head -c1 "$tmp/nfs.json" 2>/dev/null | grep -q '{'; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL nfs-json: no JSON object in --json's file"; fi
expect nfs-badopt 2 'nfs CONSOLE \[--json FILE\]' -- nfs tests/nfs/console-stock.log --jsn x
expect nvme 0 '^live-nvme: [1-9][0-9]* connections' -- nvme tests/nvme/console-stock.log
expect nvme-next 0 '^(done|none|[0-9]+ [a-z0-9-]+)$' -- nvme-next tests/nvme/console-stock.log
expect nvme-unread 2 'cannot read /nonexistent' -- nvme-next /nonexistent
# a report's --json FILE that cannot be written: exit 2, said, nothing judged
expect nfs-unwritable 2 'cannot write /nonexistent/r.json' -- nfs tests/nfs/console-stock.log --json /nonexistent/r.json
expect nvme-unwritable 2 'cannot write /nonexistent/r.json' -- nvme tests/nvme/console-stock.log --json /nonexistent/r.json
expect smbd-unread 2 'cannot read /nonexistent' -- smbd /nonexistent --json "$tmp/s.json"
expect splats 0 'NULL pointer dereference in siw_cm_work_handler' -- splats tests/triage/console-three-splats.log
[ "$("$BIN" splats tests/triage/console-three-splats.log | wc -l)" -eq 3 ] && pass=$((pass + 1)) ||
	{ fail=$((fail + 1)); echo "FAIL splats: not the three splats of console-three-splats.log"; }
expect splats-none 1 '' -- splats tests/nfs/console-stock.log
printf 'ffffffff81000000 T _stext\nffffffff81001000 T live_verbs_fn\n' >"$tmp/map"
printf 'CPU#1\nRIP=ffffffff81001010 RFL=00000246\n' >"$tmp/qlog"
expect rips 0 '^CPU#1 RIP=ffffffff81001010 live_verbs_fn\+0x10' -- rips "$tmp/map" tests/nfs/console-stock.log "$tmp/qlog"
# the options of the roles: each value where the verb reads it
head -c 5000 /dev/urandom >"$tmp/src"
expect smbd-write 0 '' -- smbd-write "$tmp/src" "$tmp/dst" 3 512
cmp -s "$tmp/src" "$tmp/dst" && pass=$((pass + 1)) ||
	{ fail=$((fail + 1)); echo "FAIL smbd-write: DST is not a copy of SRC"; }
expect smbd-write-size 2 'OFFSET and SIZE' -- smbd-write "$tmp/src" "$tmp/dst" 3 0
expect listen-port 2 'port is 1..65535' -- listen --addr 192.0.2.1 --port 0 --log "$tmp/l"
expect listen-log 2 'cannot open /nonexistent/l' -- listen --addr 192.0.2.1 --port 9 --log /nonexistent/l
expect res-out 2 'cannot open the output' -- res boot --out /nonexistent/r
expect run-addr 2 '--addr takes an IPv4 address' -- run --addr x
expect capture-port 2 'capture --port P' -- capture --port 0 --ready "$tmp/r"
expect nvme-host-odd 2 'nvme-host --addr A' -- nvme-host --addr 192.0.2.1 --port
expect nvme-target-nqn 2 'nvme-target --addr A' -- nvme-target --addr 192.0.2.1 --nqn 'a,b'
expect nfs-server-room 2 'no room for a port per case' -- nfs-server --addr 192.0.2.1 --port 65535 --agent a
expect smbd-server-cmd 2 'smbd-server --addr A' -- smbd-server --addr 192.0.2.1 --first 1 --
expect iser-initiator-extra 2 'iser-initiator --addr A' -- iser-initiator --addr 192.0.2.1 x
# make live-roce's verbs: the table, the report with CI's smoke subset
# (the first 3 cases and a-rep) and make compliance's rows, bad arguments
expect roce-cases 0 '^[0-9]+ a-rep rtu$' -- roce-cases
ka=$("$BIN" roce-cases | awk '$2 == "a-rep" {print $1}')
kw=$("$BIN" roce-cases | awk '$2 == "a-rep-remote-id-wrong" {print $1}')
kn=$("$BIN" roce-cases | awk '$2 == "nvmet-base-admin" {print $1}')
{
	echo "LIVE_ROCE_CASE 0 req-listener answer=rep reason=0 rcvd=1 icrc=ok frames=1"
	echo "LIVE_ROCE_CASE 1 req-no-listener answer=rej reason=8 rcvd=1 icrc=ok frames=1"
	echo "LIVE_ROCE_CASE 2 frame-bad-icrc answer=none reason=0 rcvd=0 icrc=- frames=0"
	echo "LIVE_ROCE_CASE $ka a-rep answer=rtu reason=0 rcvd=1 icrc=ok frames=1 req=ok event=ESTABLISHED status=0"
} >"$tmp/roce.log"
expect roce-smoke 0 '^4 conform, 0 diverge' -- roce "$tmp/roce.log" --count 3 --also "$ka" --json "$tmp/roce.json"
grep -q '"impl":"ib_cm active","case":"a-rep","clause":"ibcm-c12#rep-1"' "$tmp/roce.json" 2>/dev/null &&
	pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL roce-json: no ib_cm active row for a-rep in $tmp/roce.json"; }
expect roce-smoke-missing 1 'a-rep-remote-id-wrong +no-rtu +missing' -- roce "$tmp/roce.log" --count 3 --also "$kw"
expect roce-also 2 "--also takes K\\[,K...\\] \\(at most 8\\), not 'x'" -- roce "$tmp/roce.log" --also x
expect roce-also-two 1 'nvmet-base-admin +answer +missing' -- roce "$tmp/roce.log" --count 3 --also "$ka,$kn"
expect roce-also-name 0 '^2 conform, 0 diverge' -- roce "$tmp/roce.log" --count 1 --also a-rep
expect roce-also-no-name 2 "not 'a-rep,b'" -- roce "$tmp/roce.log" --also a-rep,b
# a range from --first: the cases outside it are not judged, nor missing
expect roce-range 0 '^2 conform, 0 diverge' -- roce "$tmp/roce.log" --first 1 --count 2
expect roce-all-options 0 '^3 conform, 0 diverge' -- roce "$tmp/roce.log" --first 1 --count 1 --also a-rep,2 --json "$tmp/roce2.json"
expect roce-range-missing 1 'frame-tver-1 +silence +missing' -- roce "$tmp/roce.log" --first 1 --count 3
expect roce-first 2 "--first takes a number, not 'x'" -- roce "$tmp/roce.log" --first x
expect roce-json 2 'cannot write /nonexistent/r' -- roce "$tmp/roce.log" --json /nonexistent/r
expect roce-peer-log 2 'usage: rdmaneg-live roce-peer' -- roce-peer --ifname a --rxe-ifname b -- /bin/true
expect roce-peer-also 2 'usage: rdmaneg-live roce-peer' -- roce-peer --ifname a --rxe-ifname b --also x
expect roce-peer-seed 2 'usage: rdmaneg-live roce-peer' -- roce-peer --ifname a --rxe-ifname b --random-seed xyz
expect roce-peer-seed-upper 2 'usage: rdmaneg-live roce-peer' -- roce-peer --ifname a --rxe-ifname b --random-seed 1F
expect roce-peer-seed-long 2 'usage: rdmaneg-live roce-peer' -- roce-peer --ifname a --rxe-ifname b \
	--random-seed 0123456789abcdef0
expect roce-peer-seconds 2 'usage: rdmaneg-live roce-peer' -- roce-peer --ifname a --rxe-ifname b \
	--random-seed 1 --random-seconds -5
expect roce-peer-random-ok 1 'no interface a or b' -- roce-peer --ifname a --rxe-ifname b \
	--random-seed 1f --random-seconds 5 --random-max 2
echo "live-verbs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
