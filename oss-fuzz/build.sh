#!/bin/bash -eu
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# OSS-Fuzz / ClusterFuzzLite build contract for rdmaneg:
#   compile with $CC $CFLAGS, link with $CXX $CXXFLAGS $LIB_FUZZING_ENGINE,
#   write each target to $OUT with <t>_seed_corpus.zip, <t>.dict, <t>.options.
# fuzz/targets is the list of targets (tools/targets.sh reads it). No -Werror: the image's compiler may be newer.
# shellcheck disable=SC2086 # $CC, $CFLAGS, $CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE and $inc
# are word lists: OSS-Fuzz's contract splits them
cd "$SRC/rdmaneg"

support="$(ls oracle/*.c rules/*.c) properties/pbt.c $(ls properties/props*.c) cli/input.c util/hex.c util/file.c util/gcda.c $(ls src/*.c)"
inc="-I. -Iinclude"
# each function and object in a section of its own, and what a target does
# not reach left out of it: fewer coverage counters to reset and scan per
# run, and a target whose code did not change is the same program.
# -z start-stop-gc lets the linker drop the coverage tables of dropped
# functions too (a linker that does not know it warns and goes on)
sec="-ffunction-sections -fdata-sections"
gc="-Wl,--gc-sections -Wl,-z,start-stop-gc"
objs=""
for f in $support; do
	o="$WORK/rdmaneg_$(basename "$f" .c).o"
	$CC $CFLAGS $sec -std=c11 $inc -c "$f" -o "$o"
	objs="$objs $o"
done
# an archive: a target takes only the objects it calls into (each one's
# sanitizer constructor would keep all of its tables, and through them code
# the target never runs)
rm -f "$WORK/librdmaneg_fuzz.a"
ar rcs "$WORK/librdmaneg_fuzz.a" $objs

. tools/targets.sh
for t in $(rdmaneg_targets); do
	$CC $CFLAGS $sec -std=c11 $inc -c "fuzz/$t.c" -o "$WORK/fuzz_$t.o"
	$CXX $CXXFLAGS "$WORK/fuzz_$t.o" "$WORK/librdmaneg_fuzz.a" $LIB_FUZZING_ENGINE $gc -o "$OUT/$t"
	rm -f "$OUT/${t}_seed_corpus.zip"
	# seeds and every past crash, so regressions are fuzzed from day one
	find "corpus/$t" "corpus/regress/$t" -type f ! -name '.keep' -size +0 -print0 |
		xargs -0 -r zip -j -q -X "$OUT/${t}_seed_corpus.zip"
	cp "fuzz/$t.dict" "$OUT/$t.dict"
	cp "fuzz/$t.options" "$OUT/$t.options"
done
