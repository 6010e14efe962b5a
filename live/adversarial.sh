#!/usr/bin/env bash
# live/adversarial.sh [repro]: rdmaneg-peer against the guest kernel's siw,
# as responder (behind an rdma_cm listener) and as initiator (behind an
# rdma_cm client). Orchestration only: the peer judges in the guest.
#   make live-adversarial  every table case in both roles, then a seeded
#                          random campaign per role within a budget
#   make live-repro        one case (CASE=name) or one frame (FRAME=hex)
#                          in one role on a fresh guest, with its kernel log
# A guest that dies or hangs mid-run is a finding: its console is kept,
# the case named, and a fresh guest carries on after that case.
# Settings: PEER_ROLE=both|request|reply  PEER_RANDOM=400 (per role)
#   PEER_SEED (default: fresh)  PEER_BUDGET=60 (s of random per role)
#   PEER_TIMEOUT=500 (ms per case)  PEER_CASE=glob[,glob]  PEER_REBOOTS=5
#   LIVE_TIMEOUT=900 (s per boot); for repro: CASE, FRAME, ROLE.
# Writes build/live/adversarial/: console-N.log, {request,reply}-N.json,
# findings.txt. Exit 0 when the campaign ran (divergences and findings
# are its results), 1 when it could not, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/.."
L=build/live A=build/live/adversarial
MODE=${1:-campaign}
ROLE=${PEER_ROLE:-both} RANDOM_N=${PEER_RANDOM:-400} BUDGET=${PEER_BUDGET:-60}
SEED=${PEER_SEED:-$(( $(date +%s) % 1000000 ))} TMO_CASE=${PEER_TIMEOUT:-500}
CASES=${PEER_CASE:-} FRAME= REBOOTS=${PEER_REBOOTS:-5} TMO=${LIVE_TIMEOUT:-900} DMESG=
if [ "$MODE" = repro ]; then
	ROLE=${ROLE_ARG:-} CASES=${CASE_ARG:-} FRAME=${FRAME_ARG:-} RANDOM_N= DMESG=1 REBOOTS=0
	[ -n "$CASES$FRAME" ] && [ -z "$CASES" -o -z "$FRAME" ] ||
		{ echo "live-repro: give CASE=name or FRAME=hex (one of them)" >&2; exit 2; }
	case "$ROLE" in request|reply) ;; *) echo "live-repro: ROLE is request or reply" >&2; exit 2 ;; esac
	case "$FRAME" in *[!0-9a-fA-F]*) echo "live-repro: FRAME is hex" >&2; exit 2 ;; esac
	[ ${#FRAME} -le 1800 ] || { echo "live-repro: FRAME is at most 900 octets (kernel command line)" >&2; exit 2; }
elif [ "$MODE" != campaign ]; then
	echo "usage: live/adversarial.sh [repro]" >&2; exit 2
fi
case "$ROLE" in both|request|reply) ;; *) echo "live: PEER_ROLE is both, request or reply" >&2; exit 2 ;; esac
case "$RANDOM_N$BUDGET$SEED$TMO_CASE$REBOOTS$TMO" in *[!0-9]*)
	echo "live: PEER_RANDOM, PEER_BUDGET, PEER_SEED, PEER_TIMEOUT, PEER_REBOOTS and LIVE_TIMEOUT are numbers" >&2; exit 2 ;; esac
case "$CASES" in *[!a-zA-Z0-9_.,*?-]*) echo "live: PEER_CASE/CASE holds case names or globs" >&2; exit 2 ;; esac

read -r kver img prep_s img_s < <(live/image.sh | tail -1)
[ -n "${img:-}" ] || exit 1
mkdir -p "$A"
[ "$MODE" = campaign ] && rm -f "$A"/*
echo "live: rdmaneg-peer vs siw on $kver (prepared in $prep_s s, image in $img_s s)"
[ -n "$RANDOM_N" ] && echo "live: random campaign: up to $RANDOM_N cases or ${BUDGET}s per role, seed $SEED"
from_request= from_reply= boot=0 t0=$(date +%s)
roles=$ROLE
while :; do
	boot=$((boot + 1))
	append="live.mode=adversarial live.transport=siw live.role=$roles live.timeout=$TMO_CASE"
	[ -n "$CASES" ] && append+=" live.case=$CASES"
	[ -n "$FRAME" ] && append+=" live.frame=$FRAME"
	[ -n "$RANDOM_N" ] && append+=" live.random=$RANDOM_N live.seed=$SEED live.budget=$BUDGET"
	[ -n "$from_request" ] && append+=" live.from_request=$from_request"
	[ -n "$from_reply" ] && append+=" live.from_reply=$from_reply"
	[ -n "$DMESG" ] && append+=" live.dmesg=1"
	echo "live: boot $boot: roles $roles${from_request:+, request from case $from_request}${from_reply:+, reply from case $from_reply}"
	live/qemu.sh "$kver" "$img" "$TMO" "$append"; qrc=$?
	cp "$L/console.log" "$A/console-$boot.log"
	for r in request reply; do
		[ -s "$L/peer-$r.json" ] && tr -d '\r' <"$L/peer-$r.json" >"$A/$r-$boot.json"
	done
	# the peer's own report, per role, as the guest printed it
	tr -d '\r' <"$L/console.log" | sed -n '/^PEER_BEGIN/,/^PEER_RC/p' | grep -v '^PEER_CASE'
	[ -n "$DMESG" ] && tr -d '\r' <"$L/console.log" | sed -n '/^PEER_DMESG_BEGIN/,/^PEER_DMESG_END/p'
	next=
	for r in request reply; do
		case "$roles" in "$r" | both) ;; *) continue ;; esac
		grep -aq "^PEER_END $r" "$L/console.log" && continue
		# the guest died or hung in this role: the case running is a finding
		last=$(tr -d '\r' <"$L/console.log" | grep -a "^PEER_CASE $r " | tail -1)
		k=$(cut -d' ' -f3 <<<"$last") name=$(cut -d' ' -f4 <<<"$last")
		if [ -z "$last" ]; then
			echo "live: FAILED: boot $boot never started the $r role (qemu exit $qrc)"
			tail -20 "$L/console.log" | sed 's/^/  | /'
			exit 1
		fi
		echo "finding $r $name guest $([ "$qrc" -eq 124 ] && echo "hung (boot timed out after ${TMO}s)" || echo "died (qemu exit $qrc)") console $A/console-$boot.log repro: make live-repro ROLE=$r CASE=$name" |
			tee -a "$A/findings.txt"
		tail -40 "$L/console.log" | sed 's/^/  | /'
		eval "from_$r=$((k + 1))"
		next=${next:+both}${next:-$r}
	done
	[ -z "$next" ] && break
	[ "$boot" -gt "$REBOOTS" ] && { echo "live: stopping after $boot boots"; break; }
	roles=$next
done
# findings the peer judged in a live guest (kernel splats, a dead SUT):
# its table rows that start with "finding"
cat "$A"/console-*.log | tr -d '\r' | grep -aE '^finding +(request|reply) ' |
	sed -E 's/^finding +([a-z]+) +([^ ]+) .*/finding \1 \2 repro: make live-repro ROLE=\1 CASE=\2/' |
	tee -a "$A/findings.txt"
n=$(cat "$A/findings.txt" 2>/dev/null | wc -l)
echo "live: $boot boot(s), $(( $(date +%s) - t0 )) s; $n finding(s); reports in $A/"
exit 0
