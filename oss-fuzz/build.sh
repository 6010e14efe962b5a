#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build contract for rdmaneg:
#   compile with $CC $CFLAGS, link with $CXX $CXXFLAGS $LIB_FUZZING_ENGINE,
#   write each target to $OUT with <t>_seed_corpus.zip, <t>.dict, <t>.options.
# fuzz/targets is the list of targets (tools/targets.sh reads it). No -Werror: the image's compiler may be newer.
# shellcheck disable=SC2086 # $CC, $CFLAGS, $CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE and $inc
# are word lists: OSS-Fuzz's contract splits them
cd "$SRC/rdmaneg"

support="$(ls oracle/*.c) properties/pbt.c properties/props.c tools/cli/input.c util/hex.c util/file.c util/gcda.c $(ls src/*.c)"
inc="-Isrc -Ioracle -Iproperties -Ifuzz -Itools/cli -Iutil"
objs=""
for f in $support; do
	o="$WORK/rdmaneg_$(basename "$f" .c).o"
	$CC $CFLAGS -std=c11 $inc -c "$f" -o "$o"
	objs="$objs $o"
done

. tools/targets.sh
for t in $(rdmaneg_targets); do
	$CC $CFLAGS -std=c11 $inc -c "fuzz/$t.c" -o "$WORK/fuzz_$t.o"
	$CXX $CXXFLAGS "$WORK/fuzz_$t.o" $objs $LIB_FUZZING_ENGINE -o "$OUT/$t"
	rm -f "$OUT/${t}_seed_corpus.zip"
	# seeds and every past crash, so regressions are fuzzed from day one
	find "corpus/$t" "corpus/regress/$t" -type f ! -name '.keep' -size +0 -print0 |
		xargs -0 -r zip -j -q "$OUT/${t}_seed_corpus.zip"
	cp "fuzz/$t.dict" "$OUT/$t.dict"
	cp "fuzz/$t.options" "$OUT/$t.options"
done
