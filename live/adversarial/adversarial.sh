#!/usr/bin/env bash
# live/adversarial/adversarial.sh [repro]: rdmaneg-peer against the guest kernel's siw,
# as responder (behind an rdma_cm listener) and as initiator (behind an
# rdma_cm client). Orchestration only: the peer judges in the guest.
#   make live-adversarial  every table case in both roles, then a seeded
#                          random campaign per role within a budget
#   make live-repro        one case (CASE=name) or one frame (FRAME=hex)
#                          in one role on a fresh guest, with its kernel log
# A guest that dies or hangs mid-run is a finding: its console is kept,
# the case named, and a fresh guest carries on after that case.
# Settings: PEER_ROLE=both|request|reply  PEER_RANDOM=60 (per role)
#   PEER_SEED (default: fresh)  PEER_BUDGET=60 (s of random per role)
#   PEER_TIMEOUT=500 (ms per case)  PEER_CASE=glob[,glob]  PEER_REBOOTS=60
#   LIVE_TIMEOUT=300 (s per boot); for repro: CASE, FRAME, ROLE.
#   KERNEL=debug: the debug kernel (make live-kernel), with its coverage;
#   KERNEL=fixed: the same with the patches of findings/.
# Writes build/live/adversarial/ (repro: build/live/repro/): console-N.log,
# verdicts.txt (role case verdict clause, all boots), {request,reply}-N.json,
# findings.txt (role, case, kernel splat title, reproducer; tab-separated),
# and ends with the findings grouped by splat (rdmaneg-triage kernel, in
# triage/report.md and report.json): one bug, one group. Exit 0 when the
# campaign ran (divergences and findings are its results), 1 when it could
# not, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
MODE=${1:-campaign}
L=build/live A=build/live/$([ "$MODE" = repro ] && echo repro || echo adversarial)
ROLE=${PEER_ROLE:-both} RANDOM_N=${PEER_RANDOM:-60} BUDGET=${PEER_BUDGET:-60}
SEED=${PEER_SEED:-$(( $(date +%s) % 1000000 ))} TMO_CASE=${PEER_TIMEOUT:-500}
CASES=${PEER_CASE:-} FRAME='' REBOOTS=${PEER_REBOOTS:-60} TMO=${LIVE_TIMEOUT:-300} DMESG=''
if [ "$MODE" = repro ]; then
	ROLE=${ROLE_ARG:-} CASES=${CASE_ARG:-} FRAME=${FRAME_ARG:-} RANDOM_N='' DMESG=1 REBOOTS=0
	[ -n "$CASES$FRAME" ] && { [ -z "$CASES" ] || [ -z "$FRAME" ]; } ||
		{ echo "live-repro: give CASE=name or FRAME=hex (one of them)" >&2; exit 2; }
	case "$ROLE" in request|reply) ;; *) echo "live-repro: ROLE is request or reply" >&2; exit 2 ;; esac
	case "$FRAME" in *[!0-9a-fA-F]*) echo "live-repro: FRAME is hex" >&2; exit 2 ;; esac
	[ ${#FRAME} -le 1800 ] || { echo "live-repro: FRAME is at most 900 octets (kernel command line)" >&2; exit 2; }
elif [ "$MODE" != campaign ]; then
	echo "usage: live/adversarial/adversarial.sh [repro]" >&2; exit 2
fi
case "$ROLE" in both|request|reply) ;; *) echo "live: PEER_ROLE is both, request or reply" >&2; exit 2 ;; esac
case "$RANDOM_N$BUDGET$SEED$TMO_CASE$REBOOTS$TMO" in *[!0-9]*)
	echo "live: PEER_RANDOM, PEER_BUDGET, PEER_SEED, PEER_TIMEOUT, PEER_REBOOTS and LIVE_TIMEOUT are numbers" >&2; exit 2 ;; esac
case "$CASES" in *[!a-zA-Z0-9_.,*?-]*) echo "live: PEER_CASE/CASE holds case names or globs" >&2; exit 2 ;; esac

read -r kver img prep_s img_s < <(live/guest/image.sh | tail -1)
# a reproducer names the kernel it needs
repro="make live-repro" triage_args=()
if [ "${KERNEL:-stock}" != stock ]; then
	repro="make live-repro KERNEL=$KERNEL" triage_args=(--make-args "KERNEL=$KERNEL")
fi
[ -n "${img:-}" ] || exit 1
make --no-print-directory -s build/plain/rdmaneg-triage || exit 1
mkdir -p "$A"
rm -rf "${A:?}"/*
echo "live: rdmaneg-peer vs siw on $kver (prepared in $prep_s s, image in $img_s s)"
[ -n "$RANDOM_N" ] && echo "live: random campaign: up to $RANDOM_N cases or ${BUDGET}s per role, seed $SEED"
from_request='' from_reply='' boot=0 t0=$(date +%s)
roles=$ROLE
while :; do
	boot=$((boot + 1))
	# oops=panic: an oops in a kworker leaves rdma_cm blocked and the guest
	# hung until LIVE_TIMEOUT; as a panic it ends the boot at once, its
	# console intact, and the case running is the finding
	append="oops=panic live.mode=adversarial live.transport=siw live.role=$roles live.timeout=$TMO_CASE"
	[ -n "$CASES" ] && append+=" live.case=$CASES"
	[ -n "$FRAME" ] && append+=" live.frame=$FRAME"
	[ -n "$RANDOM_N" ] && append+=" live.random=$RANDOM_N live.seed=$SEED live.budget=$BUDGET"
	[ -n "$from_request" ] && append+=" live.from_request=$from_request"
	[ -n "$from_reply" ] && append+=" live.from_reply=$from_reply"
	[ -n "$DMESG" ] && append+=" live.dmesg=1"
	echo "live: boot $boot: roles $roles${from_request:+, request from case $from_request}${from_reply:+, reply from case $from_reply}"
	live/guest/qemu.sh "$kver" "$img" "$TMO" "$append"; qrc=$?
	cp "$L/console.log" "$A/console-$boot.log"
	[ -s "$L/gcov.tar" ] && cp "$L/gcov.tar" "$A/gcov-$boot.tar"
	for r in request reply; do
		[ -s "$L/peer-$r.json" ] && tr -d '\r' <"$L/peer-$r.json" >"$A/$r-$boot.json"
	done
	# the peer's own report, per role, as the guest printed it
	tr -d '\r' <"$L/console.log" | sed -n '/^PEER_BEGIN/,/^PEER_RC/p' | grep -vE '^PEER_(CASE|FRAME) '
	[ -n "$DMESG" ] && tr -d '\r' <"$L/console.log" | sed -n '/^PEER_DMESG_BEGIN/,/^PEER_DMESG_END/p'
	next='' ended=''
	for r in request reply; do
		case "$roles" in "$r" | both) ;; *) continue ;; esac
		grep -aq "^PEER_END $r" "$L/console.log" && continue
		# the guest died or hung in this role: the case running is a finding
		last=$(tr -d '\r' <"$L/console.log" | grep -a "^PEER_CASE $r " | tail -1)
		k=$(cut -d' ' -f3 <<<"$last") name=$(cut -d' ' -f4 <<<"$last")
		if [ -z "$last" ] && [ -n "$ended" ]; then
			# an earlier role's finding ended this boot before this role
			# began: it runs in the next boot, from where it stands
			echo "live: the $r role did not begin (the $ended role's finding ended boot $boot); next boot"
			next=${next:+both}${next:-$r}
			continue
		fi
		if [ -z "$last" ]; then
			echo "live: FAILED: boot $boot never started the $r role (qemu exit $qrc)"
			tail -20 "$L/console.log" | sed 's/^/  | /'
			exit 1
		fi
		how=$([ "$qrc" -eq 124 ] && echo "hung (boot timed out after ${TMO}s)" || echo "died (qemu exit $qrc)")
		sig=$("$L/rdmaneg-live" splats "$A/console-$boot.log" | tail -1 | cut -f1)
		printf '%s\t%s\t%s\n' "$r $name" "${sig:-guest $how, no kernel splat}" \
			"$repro ROLE=$r CASE=$name" >>"$A/findings.txt"
		echo "finding $r $name: guest $how: ${sig:-no kernel splat}; console $A/console-$boot.log"
		tail -40 "$L/console.log" | sed 's/^/  | /'
		[ "$qrc" -eq 124 ] && "$L/rdmaneg-live" rips "$L/cache/kernel-$kver/boot/System.map-$kver" \
			"$L/console.log" "$L/qemu.log" | sed 's/^/  vCPU /'
		eval "from_$r=$((k + 1))"
		next=${next:+both}${next:-$r} ended=$r
	done
	[ -z "$next" ] && break
	[ "$boot" -gt "$REBOOTS" ] && { echo "live: stopping after $boot boots"; break; }
	roles=$next
done
# findings the peer judged in a live guest (a splat in /dev/kmsg, a SUT
# that stopped answering): its table rows that start with "finding"
cat "$A"/console-*.log | tr -d '\r' | grep -aE '^finding +(request|reply) ' |
	sed -E "s/^finding +([a-z]+) +([^ ]+) .* -> (.*)\$/\\1 \\2\t\\3\t$repro ROLE=\\1 CASE=\\2/" \
		>>"$A/findings.txt"
touch "$A/findings.txt"
# every case's verdict, from every boot (a boot that died keeps the
# verdicts printed before it did), and the divergences among them
cat "$A"/console-*.log | tr -d '\r' |
	grep -aE '^PEER_VERDICT (request|reply) [0-9]+ [^ ]+ (conforms|diverges|finding) [^ ]+$' |
	cut -d' ' -f2,4- >"$A/verdicts.txt"
n=$(wc -l <"$A/findings.txt") v=$(wc -l <"$A/verdicts.txt") secs=$(( $(date +%s) - t0 ))
echo "live: $boot boot(s), $secs s; $v verdicts ($(echo "scale=2; $v / ($secs + 1)" | bc) cases/s with reboots), $n finding(s) that ended a guest or the SUT; reports in $A/"
echo "verdicts (role verdict count):"
cut -d' ' -f1,3 "$A/verdicts.txt" | sort | uniq -c | sed 's/^/  /'
grep -q ' diverges ' "$A/verdicts.txt" && {
	echo "divergences (role case clause):"
	grep ' diverges ' "$A/verdicts.txt" | cut -d' ' -f1,2,4 | sed 's/^/  /'
}
if [ "$n" -gt 0 ]; then
	echo "findings (role case, splat, reproducer):"
	sed 's/^/  /' "$A/findings.txt"
fi
# one kernel bug, one group: the splats of every boot, with the case and
# the frame that was running (report.md and report.json)
build/plain/rdmaneg-triage kernel --out "$A/triage" "${triage_args[@]}" \
	"$A"/console-*.log || exit 1
# the debug kernel: what the peer reached in siw, the CMs and rpcrdma; a
# repro whose guest died sends no counters, which is no failure of it (the
# fixed kernel's objects come from two build trees: no coverage there)
if [ "${KERNEL:-stock}" = debug ]; then
	if [ "$MODE" = repro ] && ! grep -qa '^PEER_END' "$L/console.log"; then
		echo "live: no kernel coverage: the guest ended before it could send it"
	else
		live/guest/gcov.sh "$([ "$MODE" = repro ] && echo repro || echo adversarial)" "$kver" \
			"$A"/gcov-*.tar || exit 1
	fi
fi
exit 0
