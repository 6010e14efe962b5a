#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# rdmaneg-campaign on the host, no guest (--local: the agents are local
# processes, a recovery restarts them): rdmaneg-peer's agent against the
# reference responder over the campaign's channel. Every case conforms;
# random and guided names reach the agent and come back judged; the
# planted responder that dies after a reset is a finding, recorded with
# its console, and the case after it runs on a restarted "guest"; a case
# that hangs is named; bad arguments exit 2 with one message.
# Usage: tests/campaign.sh CAMPAIGN PEER. Prints "N passed, N failed".
set -u
# shellcheck source=tests/sections.sh
. "$(dirname "$0")/sections.sh"
D=${1:?usage: tests/campaign.sh CAMPAIGN PEER}
P=${2:?usage: tests/campaign.sh CAMPAIGN PEER}
for x in "$D" "$P"; do [ -x "$x" ] || { echo "tests/campaign.sh: $x is not executable" >&2; exit 2; }; done
P=$(realpath "$P")
pass=0 fail=0
# listen ports below Linux's ephemeral range, apart from tests/peer.sh's
# (20000..30039; the two run side by side); ten for each section below
base=$(( 30100 + $$ % 2000 ))
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# the case list of sections 3 and 4
printf 'request send-nothing\n' >"$out/c3.txt"
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL tests/campaign.sh: $1"; [ -f "${2:-}" ] && tail -20 "$2"; }

# agents PORT [PLANT]: the command that starts a local "guest": the
# reference responder on PORT, then the peer's request agent against it
agents() {
	echo "$P respond --listen $1 ${2:+--plant $2} & \
for i in \$(seq 100); do ss -Hltn 'sport = :$1' | grep -q . && break; sleep 0.05; done; \
exec $P request 127.0.0.1:$1 --timeout 200 --progress --agent \$RDMANEG_CAMPAIGN_CTL/agent-request.sock"
}

s_conform() {
	# 1. the table's first cases, then random and guided ones: all conform
	local port=$base n rc v g
	"$P" list --role request --case 'rev-*' --case 'flag-*' | sed 's/^/request /' >"$out/cases.txt"
	"$P" list --role request --bases | head -20 | sed 's/^/request /' >"$out/bases.txt"
	n=$(wc -l <"$out/cases.txt")
	"$D" --local "$(agents $port)" --out "$out/a" --agent request --cases "$out/cases.txt" \
		--bases "$out/bases.txt" --random 15 --seed 7 --boot-timeout 20 >"$out/a.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] && ok || bad "conforming campaign: exit $rc" "$out/a.log"
	v=$(wc -l <"$out/a/verdicts.txt")
	[ "$v" -eq $((n + 15)) ] && ok || bad "conforming campaign: $v verdicts, want $((n + 15))" "$out/a/verdicts.txt"
	[ "$(grep -c ' conforms -$' "$out/a/verdicts.txt")" -eq "$v" ] && [ ! -s "$out/a/findings.txt" ] && ok ||
		bad "conforming campaign: a case did not conform" "$out/a/verdicts.txt"
	grep -q '^request random-7-14 conforms -$' "$out/a/verdicts.txt" && ok ||
		bad "the 15th random case is random-7-14" "$out/a/verdicts.txt"
	grep -q "campaign: $((n + 15)) cases in .* 0 recoveries" "$out/a.log" && ok || bad "the summary line" "$out/a.log"
	port=$((port + 1))
	"$D" --local "$(agents $port)" --out "$out/g" --agent request --cases "$out/cases.txt" \
		--bases "$out/bases.txt" --random 12 --seed 7 --guided --boot-timeout 20 >"$out/g.log" 2>&1
	# guided names: a base mutated once, built on the host, run by the agent
	g=$(grep -cE '^request [a-z0-9.-]+~[0-9a-f]+ conforms -$' "$out/g/verdicts.txt")
	[ "$g" -eq 12 ] && ok || bad "guided campaign: $g of 12 chain names judged" "$out/g/verdicts.txt"
}

s_reset() {
	# 2. negative control: a responder that dies after a reset. The case is a
	# finding with its console and reproducer; the next case runs on a
	# restarted guest and conforms
	local port=$((base + 10))
	printf 'request rev-2\nrequest reset-before-accept\nrequest rev-1\n' >"$out/c2.txt"
	"$D" --local "$(agents $port reset_kills)" --out "$out/k" --agent request --cases "$out/c2.txt" \
		--boot-timeout 20 --repro "make live-repro ROLE=%a CASE=%c" >"$out/k.log" 2>&1
	grep -qx $'request reset-before-accept\tthe SUT stopped accepting connections\tmake live-repro ROLE=request CASE=reset-before-accept' \
		"$out/k/findings.txt" && ok || bad "planted reset_kills: no finding" "$out/k.log"
	grep -q 'PEER_CASE request [0-9]* reset-before-accept' "$out/k/console-1.log" && ok ||
		bad "the finding's console names its case" "$out/k/console-1.log"
	grep -qx 'request rev-1 conforms -' "$out/k/verdicts.txt" && grep -q '1 recoveries: 0 restores .* 2 boots' "$out/k.log" && ok ||
		bad "the case after the finding ran on a restarted guest" "$out/k.log"
}

s_down_before() {
	# 2b. a SUT the case before broke (a responder that serves 2 connections):
	# rev-1 takes the finding and rev-2 runs on a restarted guest. The
	# responder exits after rev-1's connection, and rev-1's own check may see
	# it gone (a finding at once) or not yet, when rev-2 finds the SUT down
	# before its octets and blames the case before: both paths are right, and
	# which one runs depends on the load (make test's 3 jobs gave the first,
	# an idle machine the second). Neither may blame another case.
	local port=$((base + 20))
	printf 'request rev-0\nrequest rev-1\nrequest rev-2\n' >"$out/c5.txt"
	"$D" --local "$(agents $port | sed 's/respond --listen [0-9]*/& --count 2/')" --out "$out/b" \
		--agent request --cases "$out/c5.txt" --boot-timeout 20 >"$out/b.log" 2>&1
	grep -q $'^request rev-1\tthe SUT stopped accepting connections\t' "$out/b/findings.txt" &&
		[ "$(wc -l <"$out/b/findings.txt")" -eq 1 ] &&
		grep -qx 'request rev-2 conforms -' "$out/b/verdicts.txt" &&
		! grep 'takes the blame' "$out/b.log" | grep -qv 'request rev-1 takes the blame' &&
		ok || bad "a SUT down before the case: the case before takes the finding" "$out/b.log"
}

s_hang() {
	# 3. an agent that never connects fails the campaign; a case the agent
	# does not answer in --case-timeout is a hang, named (send-nothing: the
	# peer waits its own --timeout, 4 s, for the SUT to speak)
	local port=$((base + 30)) rc
	"$D" --local "echo rdmaneg-boot-line; exec sleep 30 </dev/null; : \$RDMANEG_CAMPAIGN_CTL" --out "$out/h" \
		--agent request --cases "$out/c3.txt" --boot-timeout 2 >"$out/h.log" 2>&1
	rc=$?
	[ $rc -eq 1 ] && grep -q 'FAILED: the guest did not come up: the local request agent did not connect' "$out/h.log" && ok ||
		bad "an agent that never connects: exit $rc" "$out/h.log"
	# its console is kept whole, not only its end on stderr
	grep -q '^rdmaneg-boot-line$' "$out/h/console-all.log" && ok ||
		bad "a guest that did not come up: its console is not in console-all.log" "$out/h.log"
	"$D" --local "$(agents $port) --timeout 4000" --out "$out/t" --agent request --cases "$out/c3.txt" \
		--boot-timeout 20 --case-timeout 1000 >"$out/t.log" 2>&1
	grep -qx $'request send-nothing\tguest hung, no kernel splat\tmake live-repro ROLE=request CASE=send-nothing' "$out/t/findings.txt" &&
		ok || bad "a case past --case-timeout: no hang" "$out/t.log"
}

s_args() {
	# 4. bad arguments and case lists: exit 2 with a message, nothing run
	expect2() { # NAME PATTERN ARGS...
		local name=$1 pat=$2
		shift 2
		"$D" "$@" >"$out/e.log" 2>&1
		local rc=$?
		[ $rc -eq 2 ] && grep -qE -- "$pat" "$out/e.log" && ok || bad "$name: exit $rc" "$out/e.log"
	}
	printf 'request rev*\n' >"$out/bad.txt"
	expect2 "a glob in a case list" "not a case name" --local true --out "$out/x" --agent request --cases "$out/bad.txt"
	printf 'request\n' >"$out/bad.txt"
	expect2 "a line without a name" "not 'AGENT NAME'" --local true --out "$out/x" --agent request --cases "$out/bad.txt"
	printf 'request rev-0\nreply rev-0\n' >"$out/bad.txt"
	expect2 "an agent not given" "every agent of the case lists" --local true --out "$out/x" --agent request --cases "$out/bad.txt"
	expect2 "no --cases" "are needed" --local true --out "$out/x" --agent request
	expect2 "--recover" "--recover is snapshot" --local true --recover sometimes
	expect2 "--random" "not a number" --random -1
	expect2 "an unknown option" "unknown option" --bogus
	expect2 "snapshots without a cache" "need --cache" --kver k --image i --append a --out "$out/x" \
		--agent request --cases "$out/c3.txt"
	expect2 "--local with a kernel" "--local takes no" --local true --kver k --out "$out/x" --agent request \
		--cases "$out/c3.txt"
}

# the sections wait on sockets and timers, not the CPU: all at once
sections s_conform s_reset s_down_before s_hang s_args
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
