#!/usr/bin/env bash
# make proof: Frama-C WP (with the RTE plugin's assertions) on every file of
# src/, and Eva on one driver per public entry point (proof/eva.c); the
# per-function table comes from build/plain/rdmaneg-proof-report. Output in
# build/proof/: the logs, the Report CSVs and report.md.
#   PLANT=<name>      prove a planted build (negative control)
#   PROOF_FILES=...   only these src/ files (default: all)
#   PROOF_FUNCS=a,b   WP on these functions only (default: all)
#   PROOF_EVA=0       skip the Eva drivers
#   PROOF_TIMEOUT=s   prover timeout per goal (default 10; the slowest
#                     goals take about 3 s here)
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
tools/deps.sh proof
make -s build/plain/rdmaneg-proof-report
out=build/proof${PLANT:+-$PLANT}
mkdir -p "$out"
# why3's prover list is machine state: detect it into our own config
export WHY3CONFIG=$PWD/build/proof/why3.conf
if [ ! -s "$WHY3CONFIG" ]; then
	mkdir -p "$(dirname "$WHY3CONFIG")"
	why3 config detect >"$out/why3-detect.log" 2>&1 ||
		{ echo "proof: why3 config detect failed:"; cat "$out/why3-detect.log"; exit 1; }
fi
libc=$(frama-c -print-share-path)/libc
# src/ uses no libc function: only Frama-C's own stddef/stdint/stdbool
cpp=(-machdep gcc_x86_64 -no-frama-c-stdlib
	-cpp-extra-args="-nostdinc -I$libc -Isrc ${PLANT:+-DRDMANEG_PLANT=$PLANT}")
files=${PROOF_FILES:-$(ls src/*.c)}
inputs=()
for f in $files; do
	base=$(basename "$f" .c)
	start=$(date +%s.%N)
	frama-c "${cpp[@]}" "$f" -warn-unsigned-overflow -wp -wp-rte -wp-model Typed \
		-wp-prover qed,z3,cvc4 -wp-timeout "${PROOF_TIMEOUT:-10}" -wp-par "$(nproc)" \
		${PROOF_FUNCS:+-wp-fct "$PROOF_FUNCS"} \
		-then -report-csv "$out/wp-$base.csv" >"$out/wp-$base.log" 2>&1 ||
		{ echo "proof: frama-c failed on $f:"; tail -20 "$out/wp-$base.log"; exit 1; }
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	echo "wp  $f: $(grep -o 'Proved goals: *[0-9]* / [0-9]*' "$out/wp-$base.log" | tr -s ' ') (${secs%.*} s)"
	inputs+=("wp:$out/wp-$base.csv:$secs")
done
if [ "${PROOF_EVA:-1}" != 0 ]; then
	# shellcheck disable=SC2013 # one function name a line
	for fn in $(sed -n 's/^void eva_\([a-z_0-9]*\)(void)$/\1/p' proof/eva.c); do
		start=$(date +%s.%N)
		frama-c "${cpp[@]}" proof/eva.c src/*.c -warn-unsigned-overflow -eva -main "eva_$fn" \
			-eva-precision 3 -eva-domains octagon -eva-octagon-through-calls -eva-split-return auto \
			-then -report-csv "$out/eva-$fn.csv" >"$out/eva-$fn.log" 2>&1 ||
			{ echo "proof: Eva failed on $fn:"; tail -20 "$out/eva-$fn.log"; exit 1; }
		secs=$(echo "$(date +%s.%N) - $start" | bc)
		inputs+=("eva:$out/eva-$fn.csv:$secs:$fn")
	done
fi
build/plain/rdmaneg-proof-report --md "$out/report.md" "${inputs[@]}"
