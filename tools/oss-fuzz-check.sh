#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make oss-fuzz-check: runs oss-fuzz/build.sh with the environment OSS-Fuzz
# sets (Docker cannot run here), then checks what its check_build checks:
# every target is shipped with its seed zip, dict and options, is
# instrumented for the engine and the sanitizer (and no other sanitizer),
# and runs on its seed corpus without crashing.
#   OSSFUZZ_COMBOS="libfuzzer:address afl:address"   a subset
#   OSSFUZZ_PLANT=<name>   negative control: adds -DRDMANEG_PLANT=<name>, and
#                          the check must then fail
#   OSSFUZZ_CACHE=0        build and run everything (CACHE=0 and CI=true too)
# What has not changed is not done again: a combination's build.sh runs
# only when what it reads (build.sh, the sources, the corpus, the flags)
# changed since its last build, and a target's fuzzer runs only when its
# program (by the code it loads), seeds, dictionary or options changed
# since it last ran clean. Each says so. The compiles go through ccache.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=$PWD
COMBOS=${OSSFUZZ_COMBOS:-libfuzzer:address libfuzzer:undefined libfuzzer:memory afl:address}
RUN_SECONDS=${OSSFUZZ_RUN_SECONDS:-3}
tools/deps.sh oss-fuzz || exit 1
make --no-print-directory -s build/plain/rdmaneg-test-cache || exit 1
hash=build/plain/rdmaneg-test-cache
cache=1
if [ "${OSSFUZZ_CACHE:-1}" = 0 ] || [ "${CACHE:-1}" = 0 ] || [ "${CI:-}" = true ]; then cache=0; fi
. tools/targets.sh
TARGETS=$(rdmaneg_targets)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "  FAIL $*"; }

# base-builder's flags
BASE="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
[ -n "${OSSFUZZ_PLANT:-}" ] && BASE="$BASE -DRDMANEG_PLANT=$OSSFUZZ_PLANT"
# each sanitizer's flags as base-builder sets them
san_flags() {
	case "$1" in
	address) echo "-fsanitize=address -fsanitize-address-use-after-scope" ;;
	undefined) echo "-fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr" ;;
	memory) echo "-fsanitize=memory -fsanitize-memory-track-origins" ;;
	*) return 1 ;;
	esac
}
# a symbol each sanitizer runtime defines
san_mark() {
	case "$1" in
	address) echo __asan_init ;;
	undefined) echo __ubsan_handle_ ;;
	memory) echo __msan_init ;;
	esac
}
for combo in $COMBOS; do
	case "$combo" in
	libfuzzer:address | libfuzzer:undefined | libfuzzer:memory | afl:address | afl:undefined) ;;
	*) echo "oss-fuzz-check: unknown combination '$combo' (engine:sanitizer)" >&2; exit 2 ;;
	esac
done

# One engine and sanitizer: build.sh, then check_build's checks. Prints its
# lines and ends with "combo: N passed, N failed".
check_combo() {
	local combo=$1 engine san top t bin f s syms seeds env bkey rkey reused before afl_cc
	engine=${combo%%:*} san=${combo#*:}
	echo "== $engine + $san"
	top=$root/build/oss-fuzz/$engine-$san${OSSFUZZ_PLANT:+-plant-$OSSFUZZ_PLANT}
	env=(SRC="$top/src" OUT="$top/out" WORK="$top/work" SANITIZER="$san"
		FUZZING_ENGINE="$engine" ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c)
	if [ "$engine" = libfuzzer ]; then
		env+=(CC=clang CXX=clang++ LIB_FUZZING_ENGINE=-fsanitize=fuzzer
			CFLAGS="$BASE $(san_flags "$san") -fsanitize=fuzzer-no-link"
			CXXFLAGS="$BASE $(san_flags "$san") -fsanitize=fuzzer-no-link")
	else
		# afl-clang-fast is not among ccache's names: it is asked for by
		# name when the Makefile turned ccache on (its PATH comes first)
		afl_cc=afl-clang-fast
		case ":$PATH:" in *:/usr/lib/ccache:*) afl_cc="ccache afl-clang-fast" ;; esac
		env+=(CC="$afl_cc" CXX=afl-clang-fast++ AFL_QUIET=1
			LIB_FUZZING_ENGINE=/usr/lib/afl/libAFLDriver.a
			CFLAGS="$BASE $(san_flags "$san")" CXXFLAGS="$BASE $(san_flags "$san")"
			ASAN_OPTIONS="detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1")
	fi
	# what build.sh reads, and how it is called
	bkey=$("$hash" hash --str "${env[*]}" oss-fuzz/build.sh tools/targets.sh fuzz src oracle properties \
		util cli corpus rules include plants) || { bad "$engine+$san: cannot hash build.sh's inputs"; echo "combo: $pass passed, $fail failed"; return; }
	if [ "$cache" = 1 ] && [ -d "$top/out" ] && [ "$(cat "$top/build.key" 2>/dev/null)" = "$bkey" ]; then
		echo "   build.sh: its inputs are as they were at its last build; not run again"
		ok
	else
		# a new build; the fuzzer runs' keys stay, for the targets it leaves as they were
		rm -rf "$top/src" "$top/out" "$top/work" "$top/build.key"
		mkdir -p "$top/src" "$top/out" "$top/work" "$top/runs"
		ln -s "$root" "$top/src/rdmaneg"
		if env "${env[@]}" bash -eu oss-fuzz/build.sh >"$top/build.log" 2>&1; then
			ok
			echo "$bkey" >"$top/build.key"
		else
			bad "$engine+$san: build.sh failed (log: $top/build.log)"
			tail -5 "$top/build.log" | sed 's/^/    /'
			echo "combo: $pass passed, $fail failed"
			return
		fi
	fi
	mkdir -p "$top/runs"
	reused=0
	for t in $TARGETS; do
		bin=$top/out/$t
		for f in "$bin" "$bin.dict" "$bin.options" "${bin}_seed_corpus.zip"; do
			[ -s "$f" ] && ok || bad "$engine+$san $t: missing $(basename "$f")"
		done
		[ -x "$bin" ] || continue
		syms=$(nm "$bin" 2>/dev/null)
		if [ "$engine" = libfuzzer ]; then
			grep -qE '__sancov_|__sanitizer_cov_8bit_counters_init' <<<"$syms" && ok ||
				bad "$t: no libFuzzer coverage instrumentation"
		else
			grep -q '__afl_area_ptr' <<<"$syms" && ok || bad "$t: no AFL++ instrumentation"
		fi
		for s in address undefined memory; do
			[ "$s" = undefined ] && continue  # ASan and MSan runtimes carry UBSan handlers
			if [ "$s" = "$san" ]; then
				grep -q "$(san_mark "$s")" <<<"$syms" && ok || bad "$t: not built with $s"
			else
				grep -q "$(san_mark "$s")" <<<"$syms" && bad "$t: mixed in $s" || ok
			fi
		done
		[ "$san" = undefined ] && { grep -q "$(san_mark undefined)" <<<"$syms" && ok || bad "$t: no UBSan"; }
		# the fuzzer's run: skipped when the program (its code), seeds,
		# dictionary and options are those of its last clean run
		rkey=$("$hash" hash --str "$engine $san $RUN_SECONDS" tools/oss-fuzz-check.sh "$bin" \
			"$bin.dict" "$bin.options" "${bin}_seed_corpus.zip") || rkey=none
		# a run not repeated is counted apart, never as a pass
		if [ "$cache" = 1 ] && [ "$(cat "$top/runs/$t" 2>/dev/null)" = "$rkey" ]; then
			reused=$((reused + 1))
			continue
		fi
		rm -f "$top/runs/$t"
		before=$fail
		seeds=$top/work/seeds-$t
		rm -rf "$seeds"; mkdir -p "$seeds"; unzip -q -o "${bin}_seed_corpus.zip" -d "$seeds"
		if [ "$engine" = libfuzzer ]; then
			(cd "$top/out" && ./"$t" -runs=4 </dev/null >/dev/null 2>&1) && ok ||
				bad "$t: fails 4 runs on empty input"
			(cd "$top/out" && ./"$t" -max_total_time="$RUN_SECONDS" -timeout=25 -rss_limit_mb=2560 \
				-dict="$t.dict" "$seeds" >"$top/work/$t.run.log" 2>&1) && ok ||
				bad "$t: crashed on its seed corpus (log: $top/work/$t.run.log)"
		else
			"$bin" "$seeds"/* >"$top/work/$t.replay.log" 2>&1 && ok ||
				bad "$t: crashed replaying its seeds (log: $top/work/$t.replay.log)"
			rm -rf "$top/work/afl-$t"
			AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
				AFL_NO_AFFINITY=1 afl-fuzz -V "$RUN_SECONDS" -i "$seeds" -o "$top/work/afl-$t" \
				-x "$bin.dict" -- "$bin" >"$top/work/$t.run.log" 2>&1
			stats=$top/work/afl-$t/default/fuzzer_stats
			if [ -f "$stats" ] && [ -z "$(find "$top/work/afl-$t/default/crashes" -name 'id:*' 2>/dev/null)" ]; then
				ok
			else
				bad "$t: afl-fuzz did not run cleanly (log: $top/work/$t.run.log)"
			fi
		fi
		[ "$fail" = "$before" ] && echo "$rkey" >"$top/runs/$t"
	done
	[ "$reused" -gt 0 ] && echo "   $reused targets' fuzzer runs not repeated (not counted as passed): their programs, seeds and dictionaries are unchanged since they ran clean"
	echo "   $engine + $san: $(find "$top/out" -maxdepth 1 -name '*_seed_corpus.zip' | wc -l) targets shipped"
	echo "combo: $pass passed, $fail failed"
}

# the combinations side by side (OSSFUZZ_JOBS at once, default the number
# of cores), each with its own log, printed in order
jobs=${OSSFUZZ_JOBS:-$(nproc)}
case "$jobs" in '' | *[!0-9]* | 0) echo "oss-fuzz-check: OSSFUZZ_JOBS must be a positive number" >&2; exit 2 ;; esac
logdir=$root/build/oss-fuzz/logs${OSSFUZZ_PLANT:+-plant-$OSSFUZZ_PLANT}
rm -rf "$logdir"; mkdir -p "$logdir"
running=0
for combo in $COMBOS; do
	if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
	check_combo "$combo" >"$logdir/${combo/:/-}.log" 2>&1 &
	running=$((running + 1))
done
wait
for combo in $COMBOS; do
	log=$logdir/${combo/:/-}.log
	grep -v '^combo: ' "$log"
	read -r p f < <(sed -n 's/^combo: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log")
	if [ -z "${p:-}" ]; then bad "$combo: the check ended early (log: $log)"; continue; fi
	pass=$((pass + p)) fail=$((fail + f))
done
yamllint -s oss-fuzz/project.yaml .clusterfuzzlite/project.yaml .github/workflows/*.yml && ok ||
	bad "yamllint"
echo "oss-fuzz-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
