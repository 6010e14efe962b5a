#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/mail-series.sh [KVER]: every mail series of mail/KVER/ (make
# findings-series, default 7.3) as a maintainer receives it: each series'
# patches, in their numbered order, must apply with git am onto the
# pristine tree of Debian's source of KVER (build/findings-port/KVER/linux,
# its first commit), and each must be clean under that tree's
# scripts/checkpatch.pl --strict (no Signed-off-by: whoever sends signs);
# each cover letter must name its To: and a subject. Three negative controls
# must be caught: a patch whose context was changed must not apply, and a
# patch with trailing whitespace added, and one with a misspelling in its
# message (a Fixes: subject alone is excused), must fail checkpatch. Ends with
# "N passed, N failed"; exit 2 on a usage error or a missing tree.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
KVER=${1:-7.3}
M=mail/$KVER W=build/findings-port/$KVER
tree=$W/linux T=$W/mail-test
[ -d "$M" ] || { echo "mail-series: no $M (make findings-series KVER=$KVER)" >&2; exit 2; }
[ -d "$tree/.git" ] || { echo "mail-series: no tree $tree (make findings-port KVER=$KVER)" >&2; exit 2; }
g() { git -C "$tree" -c user.name=rdmaneg -c user.email=rdmaneg@invalid "$@"; }
root=$(g rev-list --max-parents=0 HEAD | tail -1)
rm -rf "$T" && mkdir -p "$T"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "mail-series: FAILED: $1"; [ -n "${2:-}" ] && sed 's/^/  | /' "$2" | head -8; fail=$((fail + 1)); }
reset() { g am --abort >/dev/null 2>&1; g checkout -q -f --detach "$root" && g clean -fdqx; }
checkpatch() { tools/findings/checkpatch.sh "$tree" "$1" >"$2" 2>&1; } # PATCH LOG
n_series=0 n_patches=0
for d in "$M"/*/; do
	name=$(basename "$d")
	n_series=$((n_series + 1))
	c=$d/0000-cover-letter.patch
	if [ -s "$c" ] && grep -q '^To: ' "$c" && ! grep -q 'SUBJECT HERE\|BLURB HERE' "$c"; then ok
	else bad "$name: the cover letter has no To:, or its subject or blurb was not filled" "$c"; fi
	reset || { echo "mail-series: cannot reset $tree" >&2; exit 2; }
	for p in "$d"/0[0-9][0-9][0-9]-*.patch; do
		case "$p" in */0000-cover-letter.patch) continue ;; esac
		n_patches=$((n_patches + 1))
		if g am -q "$PWD/$p" >"$T/am.log" 2>&1; then ok
		else bad "$name: $(basename "$p") does not apply in order on $KVER's pristine tree" "$T/am.log"; g am --abort >/dev/null 2>&1; continue 2; fi
		if checkpatch "$p" "$T/cp.log"; then ok
		else bad "$name: $(basename "$p") is not checkpatch --strict clean" "$T/cp.log"; fi
	done
done
[ "$n_series" -gt 0 ] || bad "no series in $M"
# the controls, on the first patch of the first series
first=$(find "$M" -mindepth 2 -maxdepth 2 -name '0001-*.patch' | sort | head -1)
reset
awk 'BEGIN { done = 0 } /^ / && !done && seen { sub(/^ /, " rdmaneg-control "); done = 1 } /^@@/ { seen = 1 } { print }' \
	"$first" >"$T/context.patch"
if g am -q "$PWD/$T/context.patch" >"$T/am.log" 2>&1; then bad "control: a patch with a changed context line applied"
else ok; fi
reset
awk 'BEGIN { done = 0 } /^\+[^+]/ && !done { $0 = $0 " "; done = 1 } { print }' "$first" >"$T/space.patch"
if checkpatch "$T/space.patch" "$T/cp.log"; then bad "control: trailing whitespace passed checkpatch"
else ok; fi
# a typo is excused in a Fixes: tag's quoted subject only
sed '0,/^$/s/^$/\nThe recieve is wrong.\n/' "$first" >"$T/typo.patch"
if checkpatch "$T/typo.patch" "$T/cp.log"; then bad "control: a misspelling in the message passed checkpatch"
else ok; fi
reset
[ "$fail" -eq 0 ] &&
	echo "mail-series: $n_series series, $n_patches patches applied in order onto $KVER's pristine tree, each checkpatch --strict clean; the three controls caught"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
