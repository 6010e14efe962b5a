#!/usr/bin/env bash
# make live: boots Debian's 6.1 kernel under qemu (TCG) with siw and runs
# the live harness: real rdma_cm connections carrying the core's private
# data, thresholds proven by real Sends, MPA frames checked on the wire.
#   LIVE_CASES=8       random cases after the fixed ones
#   LIVE_SEED=1        their seed
#   LIVE_TIMEOUT=300   seconds for the whole boot
#   LIVE_SEEDS=1       also copy the captured frames into corpus/
# Writes build/live/report.json and build/live/console.log; ends with
# "N passed, N failed". Fails loudly when qemu or packages are missing.
set -uo pipefail
cd "$(dirname "$0")/.."
L=build/live
CASES=${LIVE_CASES:-8}
SEED=${LIVE_SEED:-1}
TMO=${LIVE_TIMEOUT:-300}
case "$CASES$SEED$TMO" in *[!0-9]*) echo "live: LIVE_CASES, LIVE_SEED, LIVE_TIMEOUT are numbers" >&2; exit 2 ;; esac
t0=$(date +%s.%N)
live/prepare.sh || { echo "live: FAILED: preparation"; exit 1; }
read -r abi _ <"$L/cache/abi"
kver=$abi-amd64
make --no-print-directory -s PLANT= "$L/rdmaneg-live" || exit 1
fixed=$("$L/rdmaneg-live" fixed)
count=$((fixed + CASES))
# the image is rebuilt only when an input changed
stamp=$(cat live/init.sh live/mkinitramfs.sh "$L/rdmaneg-live" "$L/cache/siw-$kver/siw.ko" | sha1sum | cut -c1-16)
img=$L/initramfs-$stamp.gz
if [ ! -s "$img" ]; then
	rm -f "$L"/initramfs-*.gz
	live/mkinitramfs.sh "$kver" "$L/rdmaneg-live" "$img" || { echo "live: FAILED: initramfs"; exit 1; }
fi
command -v qemu-system-x86_64 >/dev/null || { echo "live: FAILED: no qemu-system-x86_64"; exit 1; }
t_prep=$(date +%s.%N)
echo "live: booting $kver under qemu (TCG), $count cases ($fixed fixed + $CASES random, seed $SEED)"
log=$L/console.log
timeout --foreground "$TMO" qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 512 \
	-nographic -no-reboot -nic none -kernel "$L/cache/kernel-$kver/boot/vmlinuz-$kver" \
	-initrd "$img" \
	-append "console=ttyS0 panic=-1 loglevel=4 live.count=$count live.seed=$SEED" \
	</dev/null >"$log" 2>&1 &
qpid=$!
# progress while it runs
while kill -0 "$qpid" 2>/dev/null; do
	sleep 5
	last=$(grep -a '^LIVE_START' "$log" | tail -1)
	[ -n "$last" ] && printf '  running case %s\n' "${last#LIVE_START }"
done
wait "$qpid"; qrc=$?
t_end=$(date +%s.%N)
tr -d '\r' <"$log" >"$log.clean"; mv "$log.clean" "$log"

fail_boot() {
	echo "live: FAILED: $1"
	last=$(grep -a '^LIVE_START' "$log" | tail -1)
	[ -n "$last" ] && echo "live: the case running was ${last#LIVE_START }"
	tail -20 "$log" | sed 's/^/  | /'
	echo "0 passed, 1 failed"
	exit 1
}
[ "$qrc" -eq 124 ] && fail_boot "boot timed out after ${TMO}s"
grep -aq '^LIVE_END' "$log" || fail_boot "the guest did not finish (qemu exit $qrc)"

# ---- results ----
grep -a '^LIVE_CASE ' "$log" | sed 's/^LIVE_CASE //' | jq -s . >"$L/cases.json" ||
	fail_boot "unparsable case lines"
grep -a '^LIVE_FRAME ' "$log" | sed 's/^LIVE_FRAME //' | jq -s . >"$L/frames.json"
grep -a '^LIVE_PCAPHEX ' "$log" | sed 's/^LIVE_PCAPHEX //' | tr -d '\n' | xxd -r -p >"$L/mpa.pcap"

# wire truth: each case's Request and Reply against what it sent
jq --slurpfile f "$L/frames.json" '
  map(. as $c | ($f[0] | map(select(.dport == 18515 + $c.case and .type == "request")) | .[0]) as $rq
    | ($f[0] | map(select(.sport == 18515 + $c.case and .type == "reply")) | .[0]) as $rp
    | ($f[0] | map(select(.dport == 18515 + $c.case)) | .[0]) as $any
    | . + {wire: (
      if $c.negative == 1 then {ok: true, note: "not checked (negative control)"}
      elif $c.expect_reject == 1 and ($c.client.ok == 0) then
        {ok: ($any != null and $any.error == "mpa_s_short" and $any.hex[36:40] == "0000"
              and ($any.hex | length) / 2 == 24 + ($c.cfg.client.pd | length / 2)),
         note: "siw sent PD_Length \($any.hex[36:40] // "none") then \((($any.hex // "" | length) / 2) - 20) octets; core: \($any.error // "-")"}
      elif $rq == null or $rp == null then {ok: false, note: "frames not captured"}
      else {ok: ($rq.enhanced == 1 and $rp.enhanced == 1
                 and $rq.pd_length == 4 + ($c.cfg.client.pd | length / 2)
                 and $rp.pd_length == 4 + ($c.cfg.server.pd | length / 2)
                 and $rq.ulp == $c.cfg.client.pd and $rp.ulp == $c.cfg.server.pd
                 and $rq.ird == $c.cfg.c_ird and $rq.ord == $c.cfg.c_ord
                 and ($rq.rpcrdma_present == 1) == ($c.server.peer_present == 1)
                 and ($rp.rpcrdma_present == 1) == ($c.client.peer_present == 1)),
            request: {pd_length: $rq.pd_length, ird: $rq.ird, ord: $rq.ord},
            reply: {pd_length: $rp.pd_length, ird: $rp.ird, ord: $rp.ord}}
      end)})' "$L/cases.json" >"$L/cases+wire.json"

# kernel health: any of these lines in the guest log fails the run
health=$(grep -anE 'BUG:|Oops|WARNING:|general protection|blocked for more than|hung_task|rcu_sched self-detected stall|rcu: INFO|RCU stall' "$log" | head -5)

boot=$(grep -a '^LIVE_BOOT' "$log" | awk '{print $2}')
ready=$(grep -a '^LIVE_READY' "$log" | awk '{print $2}')
done_line=$(grep -a '^LIVE_DONE' "$log" | sed 's/^LIVE_DONE //')
secs=$(jq -r .seconds <<<"$done_line")
jq --arg kver "$kver" --argjson seed "$SEED" --arg health "$health" \
	--argjson prep "$(echo "$t_prep - $t0" | bc)" --argjson boot_total "$(echo "$t_end - $t_prep" | bc)" \
	--argjson guest_ready "${ready:-0}" --argjson cases_seconds "${secs:-0}" \
	--argjson device "$(grep -a '^LIVE_DEVICE' "$log" | sed 's/^LIVE_DEVICE //' | head -1)" \
	'{kernel: $kver, seed: $seed, device: $device, kernel_health: (if $health == "" then "clean" else $health end),
	  timing: {prepare_s: $prep, qemu_s: $boot_total, guest_uptime_at_first_case_s: $guest_ready,
	           cases_s: $cases_seconds,
	           connections_per_s: (if $cases_seconds > 0 then (length / $cases_seconds) else 0 end)},
	  ird_ord_reply_vs_core: (map(select(.wire.reply and .core_mpa))
	    | {agree: map(select(.wire.reply.ird == .core_mpa.reply[0] and .wire.reply.ord == .core_mpa.reply[1])) | length,
	       differ: map(select(.wire.reply.ird != .core_mpa.reply[0] or .wire.reply.ord != .core_mpa.reply[1])) | length}),
	  cases: ., passed: map(select(.verdict == "pass" and .wire.ok)) | length,
	  failed: map(select(.verdict != "pass" or (.wire.ok | not))) | length}' \
	"$L/cases+wire.json" >"$L/report.json"

printf '\n%-28s %-17s %-17s %-23s %-9s %-25s %s\n' case "client snd/rcv" "server snd/rcv" \
	"thresholds c2s/s2c" "Sends" "reply IRD/ORD wire|core" verdict
jq -r '.cases[] | [ .name,
    "\(.cfg.client.send/1024|floor)K/\(.cfg.client.recv/1024|floor)K\(if .cfg.client.mode != "core" then "(" + .cfg.client.mode + ")" else "" end)",
    "\(.cfg.server.send/1024|floor)K/\(.cfg.server.recv/1024|floor)K\(if .cfg.server.mode != "core" then "(" + .cfg.server.mode + ")" else "" end)",
    "\(.client.send_threshold)=\(.server.recv_threshold) \(.server.send_threshold)=\(.client.recv_threshold)",
    (if .negative == 1 then "neg:fail" elif .client.send_status == 0 and .server.send_status == 0 and .client.recv_status == 0 and .server.recv_status == 0 then "ok" else "FAIL" end),
    "\(.wire.reply.ird // "-")/\(.wire.reply.ord // "-")|\(if .core_mpa then "\(.core_mpa.reply[0])/\(.core_mpa.reply[1])" else "-" end)",
    (if .verdict == "pass" and .wire.ok then "pass" else "FAIL: " + .why + (if .wire.ok then "" else " wire: " + (.wire.note // "mismatch") end) end)
  ] | @tsv' "$L/report.json" | awk -F'\t' '{printf "%-28s %-17s %-17s %-23s %-9s %-25s %s\n", $1, $2, $3, $4, $5, $6, $7}'

# captured frames: real-world seeds
rm -rf "$L/frames"; mkdir -p "$L/frames"
jq -r '.[] | if .type then "\(.type)-\(if .type == "request" then .dport else .sport end - 18515) \(.hex)"
	else "malformed-\(.dport - 18515) \(.hex)" end' \
	"$L/frames.json" | while read -r name hex; do
	xxd -r -p <<<"$hex" >"$L/frames/live-$name"
done
if [ "${LIVE_SEEDS:-0}" = 1 ]; then
	for t in mpa_frame stack; do cp "$L"/frames/live-* "corpus/$t/"; done
	echo "live: copied $(ls "$L/frames" | wc -l) captured frames into corpus/mpa_frame and corpus/stack"
fi

# tshark's reading of the same frames: Debian's dissector (Wireshark 4.0)
# knows Rev, PD_Length, the M/C/R flags and the private data, not the
# MPA v2 IRD/ORD word, so those are the fields compared.
if command -v tshark >/dev/null && [ -s "$L/mpa.pcap" ]; then
	tshark -r "$L/mpa.pcap" -Y iwarp_mpa -T fields -E separator=, -e tcp.srcport -e tcp.dstport \
		-e iwarp_mpa.rev -e iwarp_mpa.pdlength -e iwarp_mpa.marker_flag -e iwarp_mpa.crc_flag \
		-e iwarp_mpa.rej_flag -e iwarp_mpa.privatedata 2>/dev/null |
		sed 's/True/1/g; s/False/0/g' | sort >"$L/tshark.csv"
	jq -r '.[] | select(.type) | "\(.sport),\(.dport),\(.rev),\(.pd_length),\(.marker),\(.crc),\(.reject),\(.hex[40:])"' \
		"$L/frames.json" | sort >"$L/core.csv"
	diff "$L/core.csv" <(grep -vE ',0,[01],[01],[01],$' "$L/tshark.csv" | grep -v "^$" ) >"$L/tshark.diff"
	ndiff=$(grep -c '^[<>]' "$L/tshark.diff")
	jq --argjson n "$(wc -l <"$L/core.csv")" --argjson t "$(wc -l <"$L/tshark.csv")" \
		--argjson d "$ndiff" '. + {tshark: {core_frames: $n, tshark_frames: $t, differing_lines: $d}}' \
		"$L/report.json" >"$L/report.tmp" && mv "$L/report.tmp" "$L/report.json"
	echo "live: tshark vs core: $(wc -l <"$L/core.csv") frames the core parsed, $(wc -l <"$L/tshark.csv") tshark decoded, $ndiff differing lines ($L/tshark.diff)"
else
	echo "live: tshark not run (not installed, or nothing captured)"
fi

jq -r '"\nkernel \(.kernel), device \(.device.name), kernel log: \(.kernel_health)",
  "IRD/ORD in siw'"'"'s Reply vs the core'"'"'s RFC 6581 choice: \(.ird_ord_reply_vs_core.agree) agree, \(.ird_ord_reply_vs_core.differ) differ",
  "timing: prepare \(.timing.prepare_s|.*10|round/10) s, qemu \(.timing.qemu_s|.*10|round/10) s, first case at guest uptime \(.timing.guest_ready // .timing.guest_uptime_at_first_case_s) s, cases \(.timing.cases_s) s, \(.timing.connections_per_s|.*100|round/100) connections/s"' "$L/report.json"
echo "report: $L/report.json"
passed=$(jq .passed "$L/report.json") failed=$(jq .failed "$L/report.json")
if [ -n "$health" ]; then
	echo "live: FAILED: kernel log:"; echo "$health" | sed 's/^/  | /'
	failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
