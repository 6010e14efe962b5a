#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every 'make TARGET' that README.md or docs/*.md names is a target the
# Makefile has (make -n runs it), and every docs/ topic the README's table
# links to exists, and the counts the pages state (fuzz targets,
# properties) are the sources'. Its negative controls: a page naming a
# target that does not exist, and stale counts, must be caught.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# the targets a page names: 'make NAME' in code (a `span` or a fenced
# block), not followed by a path (make build/x)
# shellcheck disable=SC2016 # the backticks are Markdown, not a command
code() { awk '/^```/ {fence = !fence; next} fence {print; next} {print}' "$@" |
	grep -oE '`[^`]+`' ; awk '/^```/ {fence = !fence; next} fence' "$@"; }
named() { code "$@" | grep -oP '\bmake \K[a-z][a-z0-9_-]*(?![a-z0-9_/.-])' | sort -u; }

check_pages() {
	local t missing=""
	for t in $(named "$@"); do
		make -n "$t" >/dev/null 2>&1 || missing="$missing $t"
	done
	echo "$missing"
}

missing=$(check_pages README.md docs/*.md)
[ -z "${missing// /}" ] && ok || bad "make targets named in README.md or docs/ that make -n cannot run:$missing"
count=$(named README.md docs/*.md | wc -l)
[ "$count" -ge 20 ] && ok || bad "only $count make targets named in README.md and docs/ (the table lost rows?)"

# every phony target the Makefile declares has its row in docs/make-targets.md
# (`make` itself stands for all)
phony() { make --no-print-directory -pnq 2>/dev/null | sed -n 's/^\.PHONY: //p' | tr ' ' '\n' | grep -vx 'all' | sort -u; }
unlisted() { # PAGE TARGET...: the targets PAGE gives no row
	local page=$1 t rows
	shift
	# the names in each row's first cell (`make install` / `make uninstall`)
	rows=$(grep -oP '^\| \K[^|]*' "$page" | grep -oP '`make \K[a-z][a-z0-9_-]*' | sort -u)
	for t in "$@"; do grep -qxF "$t" <<<"$rows" || echo "$t"; done
}
mapfile -t targets < <(phony)
[ "${#targets[@]}" -ge 40 ] && ok || bad "only ${#targets[@]} phony targets found in the Makefile"
missing=$(unlisted docs/make-targets.md "${targets[@]}" | tr '\n' ' ')
[ -z "$missing" ] && ok || bad "docs/make-targets.md has no row for: $missing"

# every docs/ link of the README resolves, and every docs/ page is linked
for f in $(grep -oE '\(docs/[a-z0-9-]+\.md\)' README.md | tr -d '()' | sort -u); do
	[ -f "$f" ] && ok || bad "README.md links to $f, which does not exist"
done
for f in docs/*.md; do
	grep -qF "($f)" README.md && ok || bad "$f is not linked from README.md"
done
# the counts the pages state follow the sources: "N fuzz targets" and
# "(N targets" the one target list, "N properties" the property engine's
# list (build/asan/props --list)
# shellcheck source=tools/targets.sh
. tools/targets.sh
stated() { grep -ohE "\b[0-9]+ $2" "$1" | cut -d' ' -f1 | sort -u; } # PAGE PHRASE
counts() { # PAGE...: each stated count that is not the source's, "PAGE: N PHRASE (is M)"
	local f n
	for f in "$@"; do
		for n in $(stated "$f" 'fuzz targets\b') $(stated "$f" 'targets,'); do
			[ "$n" = "$ntargets" ] || echo "$f: $n fuzz targets (there are $ntargets)"
		done
		for n in $(stated "$f" 'properties\b'); do
			[ "$n" = "$nprops" ] || echo "$f: $n properties (there are $nprops)"
		done
	done
}
ntargets=$(rdmaneg_targets | wc -l)
nprops=$(build/asan/props --list | wc -l)
wrong=$(counts README.md docs/*.md)
[ -z "$wrong" ] && ok || bad "counts that are not the sources': $wrong"
lines=$(wc -l <README.md)
[ "$lines" -le 300 ] && ok || bad "README.md has $lines lines (at most 300; topics go to docs/)"

# negative control: a page that names a target the Makefile lacks
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2016 # the backticks are Markdown, not a command
printf 'Run `make no-such-target` and `make build/replay/stack`.\n' >"$tmp/page.md"
missing=$(check_pages "$tmp/page.md")
[ "${missing// /}" = no-such-target ] && ok || bad "control: a page naming make no-such-target was not caught (got '$missing')"

# negative control: a target the table lacks is caught
missing=$(unlisted docs/make-targets.md test no-such-target)
[ "$missing" = no-such-target ] && ok || bad "control: a target without a row was not caught (got '$missing')"

# negative control: a stale count is caught
printf 'Around it: 9 fuzz targets (9 targets, in turn) and 16 properties.\n' >"$tmp/stale.md"
wrong=$(counts "$tmp/stale.md")
[ "$(echo "$wrong" | wc -l)" = 3 ] && ok || bad "control: stale counts were not caught (got '$wrong')"

echo "docs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
