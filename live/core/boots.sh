# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=bash # sourced by a suite's host script
# live/core/boots.sh, sourced by the suites' host scripts (live/ulp/suite.sh
# for smbd and iser, live/nvme/nvme.sh, live/roce/roce.sh): the one loop
# that boots the guest until a boot ends (LIVE_END), and makes the case a
# dead or hung boot was in a finding: the splat that ended it, its
# console and its reproducer in findings.txt. What
# differs between suites is four functions the script defines first:
#   boot_cmdline            the next boot's kernel command line
#   boot_join FILE          a later boot's console FILE into $N/console.log
#                           (the first boot's is copied whole)
#   boot_case FILE          the case the dead boot FILE was in, as
#                           "RESUME NAME" (RESUME is the suite's own word
#                           for where to go on), or nothing when the boot
#                           died outside a case: that fails the run
#   boot_on RESUME NAME     the next boot's state after a death in NAME;
#                           false to stop (one case run, a range's end)
# and the variables SUITE (make live-SUITE), N (its build directory),
# kver, img, TMO (seconds a boot may take), CASE_VAR (the variable that
# reruns one case) and the caller's KERNEL. After live_boots: boot (the
# boots), fail (1 when the run failed), gcov (the debug kernel's counters
# of each boot that sent them), which live_boots_gcov reports.
# shellcheck disable=SC2154,SC2034 # kver, img, TMO are the sourcing script's; it reads fail
live_boots() {
	local qrc why c resume name repro=make\ live-$SUITE\ KERNEL=$KERNEL
	[ "${KVER:-6.1}" = 6.1 ] || repro="$repro KVER=$KVER"
	boot=0 fail=0 gcov=()
	: >"$N/findings.txt"
	while :; do
		boot=$((boot + 1))
		live/guest/qemu.sh "$kver" "$img" "$TMO" "$(boot_cmdline)"
		qrc=$?
		cp build/live/console.log "$N/console-$boot.log"
		[ -s build/live/gcov.tar ] && cp build/live/gcov.tar "$N/gcov-$boot.tar" &&
			gcov+=("$N/gcov-$boot.tar")
		if [ "$boot" = 1 ]; then cp "$N/console-1.log" "$N/console.log"
		else boot_join "$N/console-$boot.log"; fi
		[ "$qrc" -eq 0 ] && grep -aq '^LIVE_END' "$N/console-$boot.log" && break
		# the guest died or hung: its last splat, but for a panic another
		# splat led to (panic_on_warn, oops=panic: then that splat; an
		# earlier case's WARNING, where a suite lets it pass, is not the
		# cause), or how it ended
		why=$(build/live/rdmaneg-live splats "$N/console-$boot.log" | cut -f1 |
			grep -v -E '^Kernel panic - not syncing: (panic_on_warn set|Fatal exception)' | tail -1)
		[ -n "$why" ] || why=$(build/live/rdmaneg-live splats "$N/console-$boot.log" | tail -1 | cut -f1)
		[ -n "$why" ] || why=$([ "$qrc" -eq 124 ] && echo "hung: no end after ${TMO}s" ||
			{ [ "$qrc" -eq 125 ] && echo "flood: the console passed LIVE_CONSOLE_MAX or LIVE_REPORTS_MAX"; } ||
			echo "died (qemu exit $qrc)")
		c=$(boot_case "$N/console-$boot.log")
		if [ -z "$c" ]; then
			echo "live-$SUITE: FAILED: boot $boot ended outside a case ($why)"
			sed -E '/^LIVE_(WATCHDOG|HUNG)/,$d' "$N/console-$boot.log" | tail -25 | sed 's/^/  | /'
			build/live/rdmaneg-live stacks "$N/console-$boot.log" | sed 's/^/  /'
			fail=1
			break
		fi
		read -r resume name <<<"$c"
		printf '%s\t%s\t%s %s=%s\tconsole-%d.log\n' "$name" "$why" "$repro" "$CASE_VAR" "$name" \
			"$boot" >>"$N/findings.txt"
		echo "live-$SUITE: finding: case $name: $why ($N/console-$boot.log)"
		boot_on "$resume" "$name" || break
		[ "$boot" -ge 20 ] && { echo "live-$SUITE: FAILED: 20 boots, giving up"; fail=1; break; }
	done
}
# after live_boots, on a kernel with gcov (debug or fixed; the caller
# says when): the coverage over the boots that sent their counters
# (live/guest/gcov.sh), or that none did
live_boots_gcov() {
	if [ ${#gcov[@]} -gt 0 ]; then live/guest/gcov.sh "$SUITE" "$kver" "${gcov[@]}" || fail=1
	else echo "live-$SUITE: no kernel coverage: no guest lived to send its counters"; fi
}
