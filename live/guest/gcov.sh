#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/gcov.sh SUITE KVER TAR...: the debug kernel's coverage of one suite,
# over its boots. Each boot's guest sent its .gcda files (init.sh, on the
# rdmaneg.gcov virtio-serial port, live/guest/qemu.sh) as one TAR; a guest that
# died sends none, and that boot's coverage is lost. Here they meet the
# build tree's .gcno files (live/guest/kernel.sh); lcov makes one tracefile per
# boot and adds them up, genhtml makes the pages, and rdmaneg-live gcov
# prints lines and branches per file.
# Writes build/live/gcov/SUITE/{coverage.info,html/,summary.txt}.
# Exit 1 when there is no coverage to show, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
[ $# -ge 3 ] || { echo "usage: live/guest/gcov.sh SUITE KVER TAR..." >&2; exit 2; }
suite=$1 kver=$2
shift 2
case "$suite" in '' | */* | .*) echo "live/guest/gcov.sh: SUITE is a plain name" >&2; exit 2 ;; esac
kdir=$L/cache/kernel-$kver
[ -s "$kdir/tree" ] || { echo "live/guest/gcov.sh: $kver is not the debug kernel (no build tree)" >&2; exit 2; }
tree=$(cat "$kdir/tree")
# a fixed kernel's base, the debug tree it was copied from (kernel.sh
# names the copy BASE-fixed-PKEY); none for a debug kernel
base=${tree%-fixed-*}
[ "$base" != "$tree" ] || base=
fail() { echo "live: FAILED: kernel coverage: $*"; exit 1; }
tools/deps.sh kernel >&2 || fail "lcov is not installed (tools/deps.sh kernel)"
G=$L/gcov/$suite
rm -rf "$G" && mkdir -p "$G" || exit 1
b=0 n=0 adds=()
for t in "$@"; do
	[ -s "$t" ] || continue
	b=$((b + 1))
	raw=$G/raw-$b dir=$G/tree-$b
	mkdir -p "$raw" "$dir"
	tar -x -f "$t" -C "$raw" || fail "$t does not unpack"
	# the guest names each file by its build path: put it beside its .gcno.
	# A fixed kernel's tree is a copy of the debug tree (kernel.sh fixed):
	# what the patches did not make kbuild compile again keeps the debug
	# tree's path, and its .gcno is the same file in the copy
	while IFS= read -r f; do
		rel=${f#"$raw$tree/"}
		[ "$rel" != "$f" ] || rel=${f#"$raw$base/"}
		[ "$rel" != "$f" ] && [ -e "$tree/${rel%.gcda}.gcno" ] ||
			fail "$f: not from the build tree $tree${base:+ or its base $base}"
		mkdir -p "$dir/$(dirname "$rel")"
		cp "$f" "$dir/$rel"
		ln -s "$tree/${rel%.gcda}.gcno" "$dir/${rel%.gcda}.gcno"
		n=$((n + 1))
	done < <(find "$raw" -name '*.gcda')
	lcov --quiet --capture --rc lcov_branch_coverage=1 --directory "$dir" \
		--base-directory "$tree" --output-file "$G/boot-$b.info" >>"$G/lcov.log" 2>&1 ||
		{ tail -10 "$G/lcov.log" | sed 's/^/  | /'; fail "lcov failed on $t ($G/lcov.log)"; }
	adds+=(--add-tracefile "$G/boot-$b.info")
done
[ "$n" -gt 0 ] || fail "no boot sent gcov data ($# tar file(s), none with a .gcda)"
lcov --quiet --rc lcov_branch_coverage=1 "${adds[@]}" --output-file "$G/coverage.info" \
	>>"$G/lcov.log" 2>&1 || fail "lcov could not add the boots up ($G/lcov.log)"
genhtml --quiet --branch-coverage --output-directory "$G/html" "$G/coverage.info" \
	>>"$G/lcov.log" 2>&1 || fail "genhtml failed ($G/lcov.log)"
"$L/rdmaneg-live" gcov "$suite" "$G/coverage.info" | tee "$G/summary.txt"
rc=${PIPESTATUS[0]}
echo "live: kernel coverage of $b boot(s), $n .gcda files: $G/html/index.html"
exit "$rc"
