#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck disable=SC2016,SC2034 # check NAME 'CONDITION' evals CONDITION: its $ expand then,
# and the variables it reads are set for it
# End-to-end checks of tools/triage.sh on stored inputs:
#  - tests/crashes/search_overrun/: one defect (the identifier search runs
#    two octets too far; its stack has two frames in src/) found through
#    three targets must come out as exactly one group listing all three;
#  - tests/crashes/two-plants/ (make fuzz PLANT=decode_overrun+mpa_pd_overrun):
#    two bugs, exactly two groups with their signatures;
#  - tests/triage/console-three-splats.log: two splats of one kernel bug and
#    one of another, exactly two groups with their titles;
#  - tests/triage/console-nfs.log: make live-nfs on the debug kernel, two
#    over-reads in three NFS cases and one, exactly two groups;
#  - tests/triage/console-nfs-case.log: make live-nfs KERNEL=debug
#    NFS_CASE=short-1, both over-reads, each replayed by that one case;
#  - each kernel group is labelled with its finding in findings/, or NEW,
#    and a malformed registry is an error;
#  - the output is the progress lines and the table, nothing else;
#  - the real build survives every stored input.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=tests/sections.sh
. tests/sections.sh
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; tail -5 "$log" 2>/dev/null; fi; }
group() { jq -e --arg s "$2" ".groups[] | select(.signature == \$s)${3:+ | $3}" "$1/report.json" >/dev/null; }

# what every section runs, built once before they start side by side
mkdir -p build/triage-test
make --no-print-directory -s build/plain/rdmaneg-triage build/plain/rdmaneg build/asan/props || exit 1

s_one_bug() {
	local out=build/triage-test/one-bug log=build/triage-test/one-bug.log
	tools/triage.sh --plant search_overrun --minimize-seconds 2 --out "$out" tests/crashes/search_overrun >"$log" 2>&1
	check "one bug: triage ran" '[ -s "$out/report.json" ] && [ -s "$out/report.md" ]'
	check "one bug: exactly one group" '[ "$(jq ".groups | length" "$out/report.json")" = 1 ]'
	check "one bug: signed in src/" 'group "$out" "heap-buffer-overflow in id_at < search < rdmaneg_rpcrdma_decode" ".in_library and .reliability == \"3/3\""'
	check "one bug: all three targets listed" 'group "$out" "heap-buffer-overflow in id_at < search < rdmaneg_rpcrdma_decode" "(.targets | sort) == [\"rpcrdma_decode\", \"rpcrdma_roundtrip\", \"stack\"]"'
	check "one bug: three inputs" 'group "$out" "heap-buffer-overflow in id_at < search < rdmaneg_rpcrdma_decode" ".count == 3"'
	# bash job-control lines ("line 122: ... Aborted") or sanitizer text on the console
	check "one bug: quiet output" '! grep -vE "^(triage: |  [0-9]+  |     )" "$log"'
	check "one bug: progress per input" '[ "$(grep -c "^triage: \[[0-9]*/3\]" "$log")" = 3 ]'
}

s_two_bugs() {
	local out=build/triage-test/two-bugs log=build/triage-test/two-bugs.log
	tools/triage.sh --plant decode_overrun+mpa_pd_overrun --minimize-seconds 2 --out "$out" \
		tests/crashes/two-plants >"$log" 2>&1
	check "two bugs: exactly two groups" '[ "$(jq ".groups | length" "$out/report.json")" = 2 ]'
	check "two bugs: decode overrun" 'group "$out" "heap-buffer-overflow in fill < search < rdmaneg_rpcrdma_decode" ".bug_type == \"heap-buffer-overflow\" and .reliability == \"3/3\""'
	check "two bugs: PD_Length rule" 'group "$out" "rule-violation: [rfc5044#7.1]: PD_Length N trusted beyond the N octets given"'
	check "two bugs: reproducers kept" 'for f in $(jq -r ".groups[].reproducer" "$out/report.json"); do [ -s "$f" ] || exit 1; done'
	check "two bugs: decoded" 'jq -e "all(.groups[]; .decoded | test(\"^hex: [0-9a-f]+\"))" "$out/report.json" >/dev/null'
	check "two bugs: minimized reproducer reproduces" 'eval "$(jq -r ".groups[0].reproduce" "$out/report.json")" >/dev/null 2>&1; [ $? -ne 0 ]'
}

s_kernel() {
	local out=build/triage-test/kernel log=build/triage-test/kernel.log reg rc
	tools/triage.sh --kernel --out "$out" tests/triage/console-three-splats.log >"$log" 2>&1
	check "kernel: exactly two groups" '[ "$(jq ".groups | length" "$out/report.json")" = 2 ]'
	check "kernel: cm_event_handler twice" 'group "$out" "BUG: kernel NULL pointer dereference in cm_event_handler" ".count == 2 and (.cases | sort) == [\"reply pd-length-257-exact\", \"reply random-1122-4\"]"'
	check "kernel: siw_cm_work_handler once" 'group "$out" "BUG: kernel NULL pointer dereference in siw_cm_work_handler" ".count == 1 and .reproduce == \"make live-repro ROLE=reply CASE=s-with-pd-0\""'
	check "kernel: quiet output" '! grep -vE "^(triage: |  [0-9]+  |     )" "$log"'
	# each group names its finding in the registry (findings/), or NEW
	check "kernel: labelled with finding 2" 'group "$out" "BUG: kernel NULL pointer dereference in cm_event_handler" ".finding == \"finding 2: siw-mpa-reply-pd-length-over-256\""'
	check "kernel: no NEW banner when every group is registered" '! grep -q "^triage: NEW" "$log"'
	check "kernel: labelled with finding 1" 'group "$out" "BUG: kernel NULL pointer dereference in siw_cm_work_handler" ".finding == \"finding 1: siw-mpa-reply-enhanced-no-pd\""'
	reg=build/triage-test/registry
	rm -rf "$reg" && mkdir -p "$reg" && cp -r findings/siw-mpa-reply-enhanced-no-pd "$reg/"
	build/plain/rdmaneg-triage kernel --out "$out-new" --findings "$reg" \
		tests/triage/console-three-splats.log >"$log" 2>&1
	check "kernel: an unknown splat is NEW" 'group "$out-new" "BUG: kernel NULL pointer dereference in cm_event_handler" ".finding == \"NEW\""'
	check "kernel: NEW on the table too" 'grep -q "cm_event_handler  \[NEW\]" "$log"'
	check "kernel: NEW said loudly, last" 'tail -5 "$log" | head -3 | tr "\n" "|" | grep -q "^triage: ====*|triage: NEW: 1 kernel splat group(s) that no registered finding names:|triage:   BUG: kernel NULL pointer dereference in cm_event_handler (2 splat(s), first in tests/triage/console-three-splats.log)|$"'
	echo "id: x" >"$reg/siw-mpa-reply-enhanced-no-pd/finding"
	build/plain/rdmaneg-triage kernel --out "$out-bad" --findings "$reg" \
		tests/triage/console-three-splats.log >"$log" 2>&1; rc=$?
	check "kernel: a malformed registry is an error naming the finding" '[ "$rc" = 2 ] && grep -q "finding siw-mpa-reply-enhanced-no-pd, line 1: id" "$log"'
	# a debug-kernel campaign's reproducers name the kernel they need
	out=build/triage-test/kernel-debug log=$out.log
	build/plain/rdmaneg-triage kernel --out "$out" --make-args KERNEL=debug \
		tests/triage/console-three-splats.log >"$log" 2>&1
	check "kernel: --make-args in the reproducer" 'group "$out" "BUG: kernel NULL pointer dereference in siw_cm_work_handler" ".reproduce == \"make live-repro KERNEL=debug ROLE=reply CASE=s-with-pd-0\""'
	# make live-nfs on the debug kernel: nfsd's and the client's over-reads are
	# two bugs whatever the case; a table case replays alone (NFS_CASE), a
	# random one with its seed's boot, and the private data is the reproducer
	out=build/triage-test/kernel-nfs log=$out.log
	build/plain/rdmaneg-triage kernel --out "$out" --make-args KERNEL=debug \
		tests/triage/console-nfs.log >"$log" 2>&1
	check "kernel nfs: exactly two groups" '[ "$(jq ".groups | length" "$out/report.json")" = 2 ]'
	check "kernel nfs: nfsd three times" 'group "$out" "KASAN: slab-out-of-bounds Read in svc_rdma_listen_handler" ".count == 3 and (.cases | sort) == [\"nfs client random-1-5\", \"nfs client short-1\", \"nfs client short-4\"] and .reproduce == \"make live-nfs NFS_CASE=short-1 KERNEL=debug\" and .reproducer == \"f6\""'
	check "kernel nfs: the client once" 'group "$out" "KASAN: slab-out-of-bounds Read in rpcrdma_cm_event_handler" ".cases == [\"nfs server 1\"]"'
	# a console of make live-nfs KERNEL=debug NFS_CASE=short-1: both roles name
	# their case and private data, and one command replays either
	out=build/triage-test/kernel-nfs-case
	build/plain/rdmaneg-triage kernel --out "$out" --make-args KERNEL=debug \
		tests/triage/console-nfs-case.log >"$log" 2>&1
	check "kernel nfs case: two groups" '[ "$(jq ".groups | length" "$out/report.json")" = 2 ]'
	check "kernel nfs case: the client's over-read replays alone" 'group "$out" "KASAN: slab-out-of-bounds Read in rpcrdma_cm_event_handler" ".cases == [\"nfs server short-1\"] and .reproduce == \"make live-nfs NFS_CASE=short-1 KERNEL=debug\" and .reproducer == \"f6\""'
	check "kernel nfs case: nfsd's over-read replays alone" 'group "$out" "KASAN: slab-out-of-bounds Read in svc_rdma_listen_handler" ".cases == [\"nfs client short-1\"] and .reproduce == \"make live-nfs NFS_CASE=short-1 KERNEL=debug\""'
	out=build/triage-test/kernel-nfs
	sed -n '/^Linux version/p; /^LIVE_NFS_CASE client random-1-5/,/^LIVE_NFS_CASE client offset/p' \
		tests/triage/console-nfs.log >"$out-random.log"
	build/plain/rdmaneg-triage kernel --out "$out-random" "$out-random.log" >"$log" 2>&1
	check "kernel nfs: a random case replays with its seed" 'group "$out-random" "KASAN: slab-out-of-bounds Read in svc_rdma_listen_handler" ".reproduce == \"make live-guided PEER_ROLE=nfs-client PEER_SEED=1 (the unguided boot, case 5)\" and .reproducer == \"f6\""'
	# a use-after-free's later reports in the same case are its own; the
	# same report in a later case, with no use-after-free before it, is not
	out=build/triage-test/kernel-uaf
	build/plain/rdmaneg-triage kernel --out "$out" tests/triage/console-uaf-later.log >"$log" 2>&1
	check "kernel uaf: two groups, not three" '[ "$(jq ".groups | length" "$out/report.json")" = 2 ]'
	check "kernel uaf: the later report joins the first, named for the caller (not the lock)" 'group "$out" "KASAN: slab-use-after-free Read in siw_cep_set_free" ".count == 2 and .cases == [\"request ord-1\"] and .finding == \"finding 19: siw-accept-cep-set-free-uaf\""'
	check "kernel uaf: the same report in another case is a group" 'group "$out" "KASAN: slab-use-after-free Write in siw_cep_set_free" ".count == 1 and .cases == [\"request ird-128\"]"'

}

s_usage() {
	local log=build/triage-test/usage.log
	tools/triage.sh --runs x tests/crashes >"$log" 2>&1
	check "usage: --runs x is exit 2" '[ $? -eq 2 ]'
	tools/triage.sh --plant nosuch tests/crashes >"$log" 2>&1
	check "usage: unknown plant is exit 2" '[ $? -eq 2 ]'
	tools/triage.sh --kernel /nonexistent >"$log" 2>&1
	check "usage: missing console is exit 2" '[ $? -eq 2 ]'
}

s_real() {
	# the real code handles every stored crash input
	local log=build/triage-test/real.log t
	make --no-print-directory -s PLANT= build/replay/rpcrdma_decode build/replay/rpcrdma_roundtrip \
		build/replay/mpa_frame build/replay/stack
	for t in rpcrdma_decode rpcrdma_roundtrip mpa_frame stack; do
		check "real build survives stored crashes on $t" 'build/replay/$t tests/crashes/two-plants tests/crashes/search_overrun >"$log" 2>&1'
	done
}

sections s_one_bug s_two_bugs s_kernel s_usage s_real
echo "triage: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
