#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make bench-loop BASE=COMMIT: the inner loop measured side by side, in one
# sitting, BASE against HEAD (docs/benchmarks.md). For each side, from fresh
# clones under build/bench-loop/ and a cache folder of its own (the runs'
# XDG_CACHE_HOME; ~/.cache is never touched):
#   cold    make test, fresh clone, empty cache
#   again   make test again, nothing changed
#   mpa     make test after a one-line change to src/mpa.c (the operands of
#           rdmaneg_mpa_parse's first || swapped; the same edit on both sides)
#   ci-empty  CI=true bash .ci/run, fresh clone, empty cache
#   ci-warm   CI=true bash .ci/run, fresh clone, the cache ci-empty left
# Then the table of the five runs with their ratios and the issue's goals,
# and each make test run's per-suite table (rdmaneg-test-times compare).
# BENCH_RUNS=LIST picks runs (default "cold again mpa ci-empty ci-warm");
# BENCH_SIDES=LIST picks sides (default "base head"). Each run's output is in
# build/bench-loop/SIDE-RUN.log; a run that fails is reported, and its time
# is not a figure; the bench exits 1 when one failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=$PWD
base=${BASE:-}
[ -n "$base" ] || { echo "bench-loop: BASE=COMMIT is required (the issue's reference is 9b52362)" >&2; exit 2; }
head=$(git rev-parse --verify -q HEAD) || { echo "bench-loop: no HEAD" >&2; exit 2; }
base=$(git rev-parse --verify -q "$base^{commit}") || { echo "bench-loop: BASE=$BASE is not a commit here" >&2; exit 2; }
runs=${BENCH_RUNS:-cold again mpa ci-empty ci-warm}
sides=${BENCH_SIDES:-base head}
for r in $runs; do
	case $r in cold | again | mpa | ci-empty | ci-warm) ;; *) echo "bench-loop: unknown run '$r'" >&2; exit 2 ;; esac
done
for s in $sides; do
	case $s in base | head) ;; *) echo "bench-loop: unknown side '$s'" >&2; exit 2 ;; esac
done
out=$root/build/bench-loop
mkdir -p "$out"
make -s build/plain/rdmaneg-test-times || exit 1
times=$root/build/plain/rdmaneg-test-times

# clone SIDE DIR: a fresh clone of SIDE's commit in DIR
clone() {
	local c=$head
	[ "$1" = base ] && c=$base
	rm -rf "$2" && git clone -q "$root" "$2" && git -C "$2" checkout -q "$c"
}
# What make bench-loop's own make exported must not reach the runs: its
# CCACHE_DIR (the warm ~/.cache/rdmaneg/ccache, which the runs' Makefiles
# keep when it is set), the ccache folder first in PATH (a base without
# ccache would compile through it), and its MAKEFLAGS. A run sees the
# environment a user's shell gives it.
path=$(tr ':' '\n' <<<"$PATH" | grep -vx /usr/lib/ccache | paste -sd:)
# run SIDE NAME DIR CACHE CMD...: CMD in DIR with XDG_CACHE_HOME=CACHE; its
# seconds and exit status go to $out/SIDE-NAME.{secs,rc}, its output to .log
run() {
	local side=$1 name=$2 dir=$3 cache=$4 start rc=0
	shift 4
	echo "== $side $name: $*"
	start=$(date +%s.%N)
	(cd "$dir" && env -u CCACHE_DIR -u CCACHE_BASEDIR -u CCACHE_NOHASHDIR -u CCACHE_MAXSIZE \
		-u MAKEFLAGS -u MFLAGS -u MAKELEVEL PATH="$path" XDG_CACHE_HOME="$cache" "$@") \
		>"$out/$side-$name.log" 2>&1 || rc=$?
	awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", b - a }' >"$out/$side-$name.secs"
	echo "$rc" >"$out/$side-$name.rc"
	[ -f "$dir/build/test-logs/times.json" ] && [ "${name#ci}" = "$name" ] &&
		cp "$dir/build/test-logs/times.json" "$out/$side-$name.json"
	echo "== $side $name: exit $rc, $(cat "$out/$side-$name.secs") s"
	tail -3 "$out/$side-$name.log"
}
wanted() { case " $runs " in *" $1 "*) return 0 ;; esac; return 1; }

for side in $sides; do
	dir=$out/$side cache=$out/$side-cache
	if wanted cold || wanted again || wanted mpa; then
		rm -rf "$cache" && mkdir -p "$cache"
		clone "$side" "$dir" || exit 1
		wanted cold && run "$side" cold "$dir" "$cache" make test
		wanted again && run "$side" again "$dir" "$cache" make test
		if wanted mpa; then
			sed -i 's/if (!f || (!buf && len > 0))/if ((!buf \&\& len > 0) || !f)/' "$dir/src/mpa.c"
			git -C "$dir" diff --quiet -- src/mpa.c && { echo "bench-loop: the mpa.c edit did not apply on $side" >&2; exit 1; }
			run "$side" mpa "$dir" "$cache" make test
		fi
	fi
	cache=$out/$side-ci-cache
	if wanted ci-empty; then
		rm -rf "$cache" && mkdir -p "$cache"
		clone "$side" "$dir-ci" || exit 1
		run "$side" ci-empty "$dir-ci" "$cache" env CI=true bash .ci/run
	fi
	if wanted ci-warm; then
		clone "$side" "$dir-ci" || exit 1
		run "$side" ci-warm "$dir-ci" "$cache" env CI=true bash .ci/run
	fi
done

# the table: each run's seconds on both sides, their ratio and the goal
# (again and mpa are measured against base's second run)
echo
printf '%-9s %9s %9s %6s %6s\n' run base head ratio goal
for r in $runs; do
	b=$out/base-$r h=$out/head-$r ref=$b goal=
	case $r in cold) goal=0.5 ;; again) goal=0.25 ;; mpa) goal=0.5 ref=$out/base-again ;;
	ci-warm) goal=0.5 ;; ci-empty) goal=0.7 ;; esac
	printf '%-9s %9s %9s ' "$r" "$(cat "$b.secs" 2>/dev/null || echo -)" "$(cat "$h.secs" 2>/dev/null || echo -)"
	if [ -s "$ref.secs" ] && [ -s "$h.secs" ] && [ "$(cat "$ref.rc")" = 0 ] && [ "$(cat "$h.rc")" = 0 ]; then
		awk -v h="$(cat "$h.secs")" -v b="$(cat "$ref.secs")" -v g="$goal" 'BEGIN { printf "%6.2f %6s\n", h / b, g }'
	else
		printf '%6s %6s  (a run is missing or failed: see build/bench-loop/*-%s.log)\n' - "$goal" "$r"
	fi
done
for r in cold again mpa; do
	if [ ! -f "$out/base-$r.json" ] || [ ! -f "$out/head-$r.json" ]; then continue; fi
	echo
	echo "== make test, $r: base beside head"
	"$times" compare "$out/base-$r.json" "$out/head-$r.json"
done
# a figure never fails the bench; a run that failed does
failed=0
for side in $sides; do
	for r in $runs; do
		[ "$(cat "$out/$side-$r.rc" 2>/dev/null)" = 0 ] || { echo "bench-loop: $side $r failed or did not run (build/bench-loop/$side-$r.log)"; failed=1; }
	done
done
exit "$failed"
