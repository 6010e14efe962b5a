#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make proof: Frama-C WP (with the RTE plugin's assertions) on every file of
# src/, and Eva on one driver per public entry point (proof/eva.c); the
# per-function table comes from build/plain/rdmaneg-proof-report. Output in
# build/proof/: the logs, the Report CSVs and report.md.
#   PLANT=<name>      prove a planted build (negative control)
#   PROOF_FILES=...   only these src/ files (default: all)
#   PROOF_FUNCS=a,b   WP on these functions only (default: all)
#   PROOF_EVA=0       skip the Eva drivers
#   PROOF_TIMEOUT=s   prover timeout per goal (default 20; the slowest
#                     goal takes 5.5 to 7 s alone here, docs/proof.md)
#   PROOF_JOBS=n      files (then Eva drivers) proved at once (default: the cores)
#   PROOF_KEYS=1      print each job's cache key and prove nothing
#   PROOF_CACHE=0     prove every job again (default: a job whose inputs are
#                     unchanged since a passing run reuses that run's log)
# The cache (~/.cache/rdmaneg/proof/<key>) keeps each job of a passing run:
# its log, Report CSV and seconds. The key covers all a verdict depends on:
# Frama-C's version, the provers' config, this script and its options, and
# the job's sources preprocessed as Frama-C reads them, with comments (so
# every ACSL contract of the file and of the headers it includes).
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
tools/deps.sh proof
# why3's prover list is machine state: detected into our own config
export WHY3CONFIG=$PWD/build/proof/why3.conf
make -s build/plain/rdmaneg-proof-report build/proof/why3.conf
out=build/proof${PLANT:+-$PLANT}
mkdir -p "$out"
libc=$(frama-c -print-share-path)/libc
# src/ uses no libc function: only Frama-C's own stddef/stdint/stdbool
cpp=(-machdep gcc_x86_64 -no-frama-c-stdlib
	-cpp-extra-args="-nostdinc -I$libc -I. -Iinclude ${PLANT:+-DRDMANEG_PLANT=$PLANT}")
jobs=${PROOF_JOBS:-$(nproc)}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/proof
case "${PROOF_CACHE:-1}" in 0 | 1) ;; *) echo "proof: PROOF_CACHE must be 0 or 1" >&2; exit 2 ;; esac
[ "${CACHE:-1}" = 0 ] && PROOF_CACHE=0
case "$jobs" in '' | *[!0-9]* | 0) echo "proof: PROOF_JOBS must be a positive number" >&2; exit 2 ;; esac
# WP's goal generation runs on one core, so the files are proved side by
# side, largest first (mpa_negotiate.c alone is 40% of the work), and the
# Eva drivers after them in the same pool. Each job writes its log, its Report CSV and its
# seconds; a job that fails leaves no .secs file.
wp_one() {
	local f=$1 base start
	base=$(basename "$f" .c)
	start=$(date +%s.%N)
	rm -f "$out/wp-$base.secs"
	# shellcheck disable=SC2086 # PROOF_FUNCS holds no space
	frama-c "${cpp[@]}" "$f" -warn-unsigned-overflow -wp -wp-rte -wp-model Typed \
		-wp-prover qed,z3,cvc4 -wp-timeout "${PROOF_TIMEOUT:-20}" -wp-par 2 \
		${PROOF_FUNCS:+-wp-fct "$PROOF_FUNCS"} \
		-then -report-csv "$out/wp-$base.csv" >"$out/wp-$base.log" 2>&1 || return 1
	echo "$(date +%s.%N) - $start" | bc >"$out/wp-$base.secs"
}
eva_one() {
	local fn=$1 start
	start=$(date +%s.%N)
	rm -f "$out/eva-$fn.secs"
	frama-c "${cpp[@]}" proof/eva.c src/*.c -warn-unsigned-overflow -eva -main "eva_$fn" \
		-eva-precision 3 -eva-domains octagon -eva-octagon-through-calls -eva-split-return auto \
		-then -report-csv "$out/eva-$fn.csv" >"$out/eva-$fn.log" 2>&1 || return 1
	echo "$(date +%s.%N) - $start" | bc >"$out/eva-$fn.secs"
}
# the cache key of one job: what the verdict depends on, then its sources
# as Frama-C's preprocessor sees them (comments kept: the ACSL)
common_key=$({
	frama-c -version
	cat "$WHY3CONFIG"
	cat tools/proof.sh
	# the plant reaches Frama-C only through the preprocessor: in pp_hash
	printf '%s\n' "${cpp[@]/-DRDMANEG_PLANT=*/}" "${PROOF_TIMEOUT:-20}" "${PROOF_FUNCS:-}"
} | sha256sum | cut -c1-64)
declare -A pp=() key=()
# one source's hash, as Frama-C's preprocessor sees it, once a run
pp_hash() { # FILE
	[ -n "${pp[$1]:-}" ] && return
	pp[$1]=$(gcc -E -C -nostdinc -I"$libc" -I. -Iinclude -D__FRAMAC__ -D__FC_MACHDEP_GCC_X86_64 \
		${PLANT:+-DRDMANEG_PLANT=$PLANT} "$1" | sha256sum | cut -c1-64) ||
		{ echo "proof: cannot preprocess $1" >&2; exit 2; }
}
job_key() { # wp:FILE | eva:FUNCTION
	local f srcs
	case "$1" in
	wp:*) srcs=("${1#wp:}") ;;
	eva:*) srcs=(proof/eva.c src/*.c) ;;
	esac
	for f in "${srcs[@]}"; do pp_hash "$f"; done
	key[$1]=$({
		echo "$common_key $1"
		for f in "${srcs[@]}"; do echo "$f ${pp[$f]}"; done
	} | sha256sum | cut -c1-64)
}
# the files a job leaves in $out
job_files() { # wp:FILE | eva:FUNCTION
	local b
	case "$1" in
	wp:*) b=wp-$(basename "${1#wp:}" .c) ;;
	eva:*) b=eva-${1#eva:} ;;
	esac
	echo "$out/$b.log $out/$b.csv $out/$b.secs"
}
# runs every job (wp:FILE or eva:FUNCTION), $jobs at once; a job whose key
# is in the cache takes its files from there
cached=()
job() {
	local f
	if [ "$PROOF_CACHE" = 1 ] && [ -s "$cache/${key[$1]}/secs" ]; then
		for f in $(job_files "$1"); do cp "$cache/${key[$1]}/${f##*.}" "$f"; done
		return
	fi
	case "$1" in
	wp:*) wp_one "${1#wp:}" ;;
	eva:*) eva_one "${1#eva:}" ;;
	esac
}
pool() {
	local running=0 a
	for a in "$@"; do
		# a failed job is reported below, by its missing .secs file
		if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
		job "$a" &
		running=$((running + 1))
	done
	wait
}
# shellcheck disable=SC2012 # src/ names have no spaces; ls -S sorts by size
files=${PROOF_FILES:-$(ls -S src/*.c | tr '\n' ' ')}
read -ra filelist <<<"$files"
fns=()
[ "${PROOF_EVA:-1}" != 0 ] && mapfile -t fns < <(sed -n 's/^void eva_\([a-z_0-9]*\)(void)$/\1/p' proof/eva.c)
# the files largest first, then the Eva drivers, in one pool
queue=()
for f in "${filelist[@]}"; do queue+=("wp:$f"); done
for fn in "${fns[@]}"; do queue+=("eva:$fn"); done
PROOF_CACHE=${PROOF_CACHE:-1}
for a in "${queue[@]}"; do
	job_key "$a"
	[ "$PROOF_CACHE" = 1 ] && [ -s "$cache/${key[$a]}/secs" ] && cached+=("$a")
done
if [ "${PROOF_KEYS:-0}" = 1 ]; then
	for a in "${queue[@]}"; do echo "${key[$a]} $a"; done
	exit 0
fi
[ "${#cached[@]}" -eq 0 ] || echo "proof: ${#cached[@]} of ${#queue[@]} jobs cached (inputs unchanged since a passing run; PROOF_CACHE=0 proves them again)"
pool "${queue[@]}"
# prints " (cached)" for a job taken from the cache
mark() { case " ${cached[*]} " in *" $1 "*) echo " (cached)" ;; esac; }
inputs=()
mapfile -t sorted < <(printf '%s\n' "${filelist[@]}" | sort)
for f in "${sorted[@]}"; do
	base=$(basename "$f" .c)
	[ -s "$out/wp-$base.secs" ] ||
		{ echo "proof: frama-c failed on $f:"; tail -20 "$out/wp-$base.log"; exit 1; }
	secs=$(cat "$out/wp-$base.secs")
	echo "wp  $f: $(grep -o 'Proved goals: *[0-9]* / [0-9]*' "$out/wp-$base.log" | tr -s ' ') (${secs%.*} s)$(mark "wp:$f")"
	inputs+=("wp:$out/wp-$base.csv:$secs")
done
for fn in "${fns[@]}"; do
	[ -s "$out/eva-$fn.secs" ] ||
		{ echo "proof: Eva failed on $fn:"; tail -20 "$out/eva-$fn.log"; exit 1; }
	inputs+=("eva:$out/eva-$fn.csv:$(cat "$out/eva-$fn.secs"):$fn")
done
build/plain/rdmaneg-proof-report --md "$out/report.md" "${inputs[@]}"
# a passing run keeps each job it ran for the next (a failing one keeps none)
[ "$PROOF_CACHE" = 1 ] || exit 0
for a in "${queue[@]}"; do
	d=$cache/${key[$a]}
	[ -s "$d/secs" ] && continue
	mkdir -p "$cache"
	tmp=$(mktemp -d "$cache/.tmp.XXXXXX")
	for f in $(job_files "$a"); do cp "$f" "$tmp/${f##*.}"; done
	mv -T "$tmp" "$d" 2>/dev/null || rm -rf "$tmp"
done
