#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The body of 'make test': runs the suites of tests/suites side by side
# (TEST_JOBS at once, default one more than the cores), each through
# build/plain/rdmaneg-test-cache with its own log under build/test-logs/.
# A suite whose inputs have not changed since it passed is not run: its
# earlier verdict is reported as cached, and its checks are counted apart
# (CACHE=0, or CI=true, runs every suite). Prints one line per suite as it
# ends (wall and CPU seconds), writes the timing table to
# build/test-logs/times.json (the previous run's kept as times.prev.json,
# for make bench-tests), and closes with one line:
# "N passed, N failed; K cached ...".
#   TEST_SUITES=FILE TEST_LOGS=DIR TEST_STATE=DIR   another table, log folder
#   and cache folder (tests/test-cache.sh runs a table of its own)
#   TEST_TRACE=DIR   every suite runs under strace into DIR (tools/test-audit.sh)
#   TEST_ONLY="a b"  only these suites (and nothing waits for the others)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
suites=${TEST_SUITES:-tests/suites}
logs=${TEST_LOGS:-build/test-logs}
state=${TEST_STATE:-build/test-cache}
tool=build/plain/rdmaneg-test-cache
# one more than the cores: peer and oss-fuzz spend much of their time waiting
jobs=${TEST_JOBS:-$(($(nproc) + 1))}
case "$jobs" in '' | *[!0-9]* | 0) echo "run-tests: TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
case "${CACHE:-1}" in 0 | 1) ;; *) echo "run-tests: CACHE must be 0 or 1, not '$CACHE'" >&2; exit 2 ;; esac
fresh=()
if [ "${CACHE:-1}" = 0 ] || [ "${CI:-}" = true ]; then fresh=(--fresh); fi
[ -n "${TEST_TRACE:-}" ] && fresh+=(--trace "$TEST_TRACE")
mkdir -p "$logs"
rm -f "$logs"/*.log "$logs"/*.time "$logs"/*.result "$logs/rows.tsv"

# Each suite's builds run on every core; a caller's own -j or jobserver is kept.
case " ${MAKEFLAGS:-} " in
*" -j"* | *jobserver*) ;;
*) MAKEFLAGS="${MAKEFLAGS:-} -j$(nproc)"; export MAKEFLAGS ;;
esac
# the toolchain counts in every key: the Debian packages the suites run
# (tests/test-cache.sh sets its own)
if [ -z "${RDMANEG_TOOLCHAIN:-}" ]; then
	# shellcheck disable=SC2016 # dpkg-query's format, not the shell's
	RDMANEG_TOOLCHAIN=$(tools/deps.sh --list test fuzz build oss-fuzz |
		xargs dpkg-query -W -f '${Package}=${Version}\n' 2>/dev/null | sha256sum | cut -c1-16)
fi
export RDMANEG_TOOLCHAIN

# Files more than one suite builds or runs (the table's "prebuild" line),
# and the runner's own tools, built first.
t0=$(date +%s.%N)
M="make --no-print-directory"
prebuild=()
if ! $M -s "$tool" build/plain/rdmaneg-test-times >"$logs/prebuild.log" 2>&1 ||
	! mapfile -t prebuild < <("$tool" prebuild "$suites" 2>>"$logs/prebuild.log") ||
	{ [ ${#prebuild[@]} -gt 0 ] && ! $M -s "${prebuild[@]}" >>"$logs/prebuild.log" 2>&1; }; then
	echo "FAIL  the shared builds (log: $logs/prebuild.log)"
	tail -n 15 "$logs/prebuild.log" | sed 's/^/      | /'
	echo "0 passed, 1 failed"
	exit 1
fi

names=() afters=()
# longest first, as each last ran (LPT: the pool ends evenly)
if ! list=$("$tool" list "$suites" --state "$state"); then
	echo "run-tests: $suites is not a suite table (see above)" >&2
	exit 2
fi
while IFS=$'\t' read -r name after; do
	if [ -n "${TEST_ONLY:-}" ]; then
		case " $TEST_ONLY " in *" $name "*) after=- ;; *) continue ;; esac
	fi
	names+=("$name")
	afters+=("$after")
done <<<"$list"
n=${#names[@]}
[ "$n" -gt 0 ] || { echo "run-tests: TEST_ONLY names no suite of $suites" >&2; exit 2; }
state_of=() pids=()
for ((i = 0; i < n; i++)); do state_of[i]=waiting; done

index_of() {
	local k
	for ((k = 0; k < n; k++)); do [ "${names[k]}" = "$1" ] && { echo "$k"; return 0; }; done
	return 1
}

start() {
	local i=$1
	state_of[i]=running
	/usr/bin/time -f '%e %U %S' -o "$logs/${names[i]}.time" \
		"$tool" run "$suites" "${names[i]}" --state "$state" --result "$logs/${names[i]}.result" \
		"${fresh[@]}" >"$logs/${names[i]}.log" 2>&1 &
	pids[i]=$!
}

total_pass=0 total_fail=0 total_cached=0 cached_suites=0 failed_suites=()
finish() {
	local i=$1 rc=$2 name=${names[$1]} log="$logs/${names[$1]}.log" p f how wall user sys cpu
	state_of[i]=finished
	# GNU time puts "Command exited with non-zero status N" before the figures
	read -r wall user sys < <(tail -n 1 "$logs/$name.time" 2>/dev/null) || { wall=0 user=0 sys=0; }
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')
	# the checks as rdmaneg-test-cache counted them: "PASSED FAILED ran|cached"
	read -r p f how <"$logs/$name.result" 2>/dev/null || { p=0 f=1 how=ran; }
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$wall" "$cpu" "$p" "$f" "$how" >>"$logs/rows.tsv"
	if [ "$how" = cached ] && [ "$f" -eq 0 ]; then
		total_cached=$((total_cached + p))
		cached_suites=$((cached_suites + 1))
		printf 'cached %-18s %5d checks, unchanged inputs since they passed\n' "$name" "$p"
		return
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	if [ "$f" -eq 0 ]; then
		printf 'ok    %-18s %5d checks %6.1fs wall %6.1fs cpu\n' "$name" "$p" "$wall" "$cpu"
	else
		printf 'FAIL  %-18s %5d passed %d failed, exit %d, %.1fs (log: %s)\n' "$name" "$p" "$f" "$rc" "$wall" "$log"
		tail -n 15 "$log" | sed 's/^/      | /'
		failed_suites+=("$name")
	fi
}

running=0 finished=0
while [ "$finished" -lt "$n" ]; do
	for ((i = 0; i < n && running < jobs; i++)); do
		[ "${state_of[i]}" = waiting ] || continue
		ready=1
		if [ "${afters[i]}" != - ]; then
			for a in ${afters[i]//,/ }; do
				d=$(index_of "$a") || { echo "run-tests: ${names[i]} waits for unknown suite $a" >&2; exit 2; }
				[ "${state_of[d]}" = finished ] || ready=0
			done
		fi
		[ "$ready" = 1 ] || continue
		start "$i"
		running=$((running + 1))
	done
	pid=
	wait -n -p pid
	rc=$?
	for ((i = 0; i < n; i++)); do
		if [ "${state_of[i]}" = running ] && [ "${pids[i]}" = "$pid" ]; then
			finish "$i" "$rc"
			break
		fi
	done
	running=$((running - 1))
	finished=$((finished + 1))
done

wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
[ -f "$logs/times.json" ] && mv "$logs/times.json" "$logs/times.prev.json"
if ! build/plain/rdmaneg-test-times record --jobs "$jobs" --wall "$wall" "$logs/rows.tsv" "$logs/times.json"; then
	echo "FAIL  the timing table ($logs/rows.tsv)"
	total_fail=$((total_fail + 1))
fi
echo
[ ${#failed_suites[@]} -gt 0 ] && echo "failed suites: ${failed_suites[*]}"
echo "make test: ${wall}s wall on $jobs jobs; the table is in $logs/times.json"
if [ "$cached_suites" -gt 0 ]; then
	echo "$total_pass passed, $total_fail failed; $total_cached cached ($cached_suites suites whose inputs had not changed; CACHE=0 runs them)"
else
	echo "$total_pass passed, $total_fail failed"
fi
[ "$total_fail" -eq 0 ]
