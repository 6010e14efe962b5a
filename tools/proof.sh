#!/usr/bin/env bash
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
	-cpp-extra-args="-nostdinc -I$libc -Isrc ${PLANT:+-DRDMANEG_PLANT=$PLANT}")
jobs=${PROOF_JOBS:-$(nproc)}
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
# runs every job (wp:FILE or eva:FUNCTION), $jobs at once
job() {
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
pool "${queue[@]}"
inputs=()
mapfile -t sorted < <(printf '%s\n' "${filelist[@]}" | sort)
for f in "${sorted[@]}"; do
	base=$(basename "$f" .c)
	[ -s "$out/wp-$base.secs" ] ||
		{ echo "proof: frama-c failed on $f:"; tail -20 "$out/wp-$base.log"; exit 1; }
	secs=$(cat "$out/wp-$base.secs")
	echo "wp  $f: $(grep -o 'Proved goals: *[0-9]* / [0-9]*' "$out/wp-$base.log" | tr -s ' ') (${secs%.*} s)"
	inputs+=("wp:$out/wp-$base.csv:$secs")
done
for fn in "${fns[@]}"; do
	[ -s "$out/eva-$fn.secs" ] ||
		{ echo "proof: Eva failed on $fn:"; tail -20 "$out/eva-$fn.log"; exit 1; }
	inputs+=("eva:$out/eva-$fn.csv:$(cat "$out/eva-$fn.secs"):$fn")
done
build/plain/rdmaneg-proof-report --md "$out/report.md" "${inputs[@]}"
