#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make mutants: every mutant of src/*.c (tools/mutants/mutate.h says which) is built
# and run against the kill suite; rdmaneg-mutants scores the results.
#
#   MUTANTS_SAMPLE=N MUTANTS_SEED=S  a reproducible sample (default: all)
#   MUTANTS_JOBS=J                   mutants at once (default: nproc)
#   MUTANTS_TIMEOUT=T                seconds per kill-suite step (default 120)
#   MUTANTS_FILES="src/a.c ..."      files to mutate (default src/*.c)
#   MUTANTS_SUITE=none               negative control: run no check, so every
#                                    mutant that compiles differently survives
#
# Writes build/mutants/{list.tsv,results.tsv,report.json}; exits 1 when a
# mutant survives that src/EQUIVALENT_MUTANTS does not argue equivalent.
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
. tools/targets.sh
B=${B:-build}
M=$B/mutants
TOOL=$B/plain/rdmaneg-mutants
TIMEOUT=${MUTANTS_TIMEOUT:-120}
SUITE=${MUTANTS_SUITE:-full}
PROPS_CASES=${PROPS_CASES:-100000}
MAKE_ONE=(make --no-print-directory -s B="$B")

# The kill suite, fastest first; a mutant is killed by the first step that
# fails. Each step: name, program to link, command.
steps() {
	[ "$SUITE" = none ] && return
	echo "unit unit ./unit"
	echo "props props ./props --seed 1 --cases $PROPS_CASES"
	echo "sweep-enh sweep ./sweep enh --slice 16 --jobs 1"
	for t in $(rdmaneg_targets); do
		echo "replay-$t replay/$t ./replay/$t $PWD/corpus/$t $PWD/corpus/regress/$t"
	done
	echo "cli rdmaneg $PWD/tests/cli.sh ./rdmaneg"
	echo "sweep-rpcrdma sweep ./sweep rpcrdma --slice 64 --jobs 1"
	echo "sweep-mpa sweep ./sweep mpa --slice 16 --jobs 1"
	echo "sweep-nvme sweep ./sweep nvme --slice 16 --jobs 1"
}

# one ID: build and judge one mutant; prints and stores "ID status detail"
one() {
	local id=$1 row file name w status=survived detail=""
	row=$(awk -F'\t' -v id="$id" '$1 == id' "$M/list.tsv")
	file=$(cut -f2 <<<"$row")
	name=$(basename "$file" .c)
	w=$M/work/${id//[:.]/_}
	rm -rf "$w"
	mkdir -p "$w"
	"$TOOL" apply "$id" "$file" "$w/$name.c"
	if ! "${MAKE_ONE[@]}" MUT_W="$w" MUT_F="$name" "$w/o2.o" >"$w/build.log" 2>&1; then
		status=stillborn detail="does not compile"
	elif cmp -s "$w/o2.o" "$M/o2/src/$name.o"; then
		status=equivalent detail="same object code"
	else
		while read -r step prog cmd; do
			# the mutated file compiled: a kill-suite program that does
			# not link is the harness's fault, and no mutant's verdict
			# (a stillborn verdict here hid four survivors until 2026-11)
			if ! "${MAKE_ONE[@]}" MUT_W="$w" MUT_F="$name" "$w/$prog" >>"$w/build.log" 2>&1; then
				status=error detail="$prog does not link: the kill suite is broken ($w/build.log)"
				break
			fi
			# shellcheck disable=SC2086 # cmd is a word list
			(cd "$w" && timeout -k 5 "$TIMEOUT" $cmd) >"$w/$step.log" 2>&1 && continue
			case $? in
			124|137) status=timeout detail="$step: over ${TIMEOUT}s" ;;
			*) status=killed detail=$step ;;
			esac
			break
		done < <(steps)
	fi
	printf '%s\t%s\t%s\n' "$id" "$status" "$detail" >"$M/results/${id//[:.]/_}"
	printf 'mutant %-22s %-10s %s\n' "$id" "$status" "$detail"
	# keep the logs of a survivor for whoever argues it, and of an error
	# for whoever mends the harness; drop the rest
	[ "$status" = survived ] || [ "$status" = error ] || rm -rf "$w"
}

if [ "${1:-}" = one ]; then
	one "$2"
	exit 0
fi

tools/deps.sh build
make --no-print-directory -s B="$B" "$TOOL" mutants-base
# shellcheck disable=SC2206 # MUTANTS_FILES is a list of paths and globs
FILES=(${MUTANTS_FILES:-src/*.c})
args=(--first src/EQUIVALENT_MUTANTS)
[ -n "${MUTANTS_SAMPLE:-}" ] && args+=(--sample "$MUTANTS_SAMPLE" --seed "${MUTANTS_SEED:-1}")
rm -rf "$M/results" "$M/work"
mkdir -p "$M/results"
"$TOOL" list "${args[@]}" "${FILES[@]}" >"$M/list.tsv"
total=$("$TOOL" list "${FILES[@]}" | wc -l)
echo "mutants: $(wc -l <"$M/list.tsv") of $total mutants of ${FILES[*]}${MUTANTS_SAMPLE:+ (sample, seed ${MUTANTS_SEED:-1})}; suite: $SUITE; jobs ${MUTANTS_JOBS:-$(nproc)}"
start=$SECONDS
export B M TOOL TIMEOUT SUITE PROPS_CASES
cut -f1 "$M/list.tsv" | xargs -P "${MUTANTS_JOBS:-$(nproc)}" -n 1 "$0" one
cat "$M/results"/* >"$M/results.tsv" 2>/dev/null || : >"$M/results.tsv"
echo "mutants: $((SECONDS - start)) s"
"$TOOL" score --list "$M/list.tsv" --results "$M/results.tsv" \
	--equivalent src/EQUIVALENT_MUTANTS --json "$M/report.json"
