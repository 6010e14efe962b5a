# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck shell=bash
# live/fixes/check.sh: sourced by live/fixes/fixes.sh (make live-fixes) and
# live/fixes/measure.sh (make live-findings): one run of one finding's
# check (a line of rdmaneg-findings plan) on one kernel.
#   run_check SLUG SUITE ARGS KERNEL DROP LOG
# runs the check's suite with KERNEL= and FIXES_DROP= (KVER from the
# environment), keeps its console in LOG and its output in LOG.out, and
# judges the console with rdmaneg-findings seen (LOG.seen). Returns 0: it
# reproduced; 1: it did not; 3: the run measured nothing (LOG.seen says
# why), among them a run that left no console (the consoles of an earlier
# run are removed first).
run_check() {
	local slug=$1 suite=$2 args=$3 kernel=$4 drop=$5 log=$6 argv rc
	# make variables, one word each; read -a leaves the peer's globs in
	# CASE= unexpanded
	read -r -a argv <<<"$args"
	# the consoles an earlier run left: gone first, so a run that boots
	# nothing (a build that failed) leaves none to be judged in its place
	rm -f build/live/repro/console-*.log build/live/adversarial/console-all.log \
		build/live-roce/console.log build/live-nfs/console.log "build/live-$suite"/console-[0-9]*.log
	if [ "$suite" = repro ]; then
		KERNEL=$kernel FIXES_DROP=$drop LIVE_TIMEOUT=${LIVE_TIMEOUT:-90} make --no-print-directory live-repro \
			"${argv[@]}" >"$log.out" 2>&1
		rc=$?
		cat build/live/repro/console-*.log >"$log" 2>/dev/null
	elif [ "$suite" = adversarial ]; then
		# the campaign's consoles, every boot's and every case's
		KERNEL=$kernel FIXES_DROP=$drop make --no-print-directory live-adversarial "${argv[@]}" \
			>"$log.out" 2>&1
		rc=$?
		cp build/live/adversarial/console-all.log "$log" 2>/dev/null
	elif [ "$suite" = roce ]; then
		KERNEL=$kernel FIXES_DROP=$drop make --no-print-directory live-roce "${argv[@]}" >"$log.out" 2>&1
		rc=$?
		cp build/live-roce/console.log "$log" 2>/dev/null
	elif [ "$suite" = nfs ]; then
		KERNEL=$kernel FIXES_DROP=$drop make --no-print-directory live-nfs "${argv[@]}" >"$log.out" 2>&1
		rc=$?
		cp build/live-nfs/console.log "$log" 2>/dev/null
	else
		# nvme, smbd, iser: every boot's console (a case that kills the
		# guest is in the last one)
		KERNEL=$kernel FIXES_DROP=$drop make --no-print-directory "live-$suite" "${argv[@]}" \
			>"$log.out" 2>&1
		rc=$?
		cat "build/live-$suite"/console-[0-9]*.log >"$log" 2>/dev/null
	fi
	if [ ! -s "$log" ]; then
		echo "$slug: no console: the run booted nothing (make exit $rc; its output: $log.out)" >"$log.seen"
		return 3
	fi
	build/plain/rdmaneg-findings seen findings "$slug" "$log" >"$log.seen" 2>&1
	case $? in
	0) return 0 ;;
	1) return 1 ;;
	*) return 3 ;;
	esac
}
