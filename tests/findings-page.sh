#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/findings-page.sh DIR: make findings-docs's status page as a browser
# shows it at 1400 px. Debian's headless Chromium (no network: the pages
# need none) renders DIR/index.html and every finding's page beside it in
# a 1400x1000 window; each page's script writes how far the page runs past
# the window's right edge into body's data-overflow, which must be 0, and
# the index must show one row a finding. DIR/index-1400.png is the
# screenshot of the index, checked to be 1400 px wide, for a reader. The
# negative control: a copy of the index with one unbreakable 3000 px line
# must be caught running past the edge. Exit 0, 1 on a page that does not
# fit or a missing row, 2 on a usage error.
set -uo pipefail
dir=${1:?usage: tests/findings-page.sh DIR}
cd "$(dirname "$0")/.." || exit 2
[ -s "$dir/index.html" ] || { echo "findings-page: $dir/index.html: missing or empty" >&2; exit 2; }
tools/deps.sh compliance >&2 || exit 2
prof=$(mktemp -d)
trap 'rm -rf "$prof"' EXIT
# --no-sandbox: root in a container has no user namespace for the sandbox
chrome() { # chrome ARGS... URL
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$prof/p" --window-size=1400,1000 --virtual-time-budget=3000 "$@" 2>>"$prof/err"
}
overflow() { # overflow PAGE: the page's data-overflow as Chromium renders it, or "none"
	local dom o
	dom=$(chrome --dump-dom "file://$(realpath "$1")")
	o=$(grep -o '<body data-overflow="[0-9]*"' <<<"$dom" | grep -o '[0-9]*')
	echo "${o:-none}"
}
fail=0 pages=0
want=$(find "$dir" -maxdepth 1 -name '*.html' ! -name index.html ! -name control.html | wc -l)
rows=$(chrome --dump-dom "file://$(realpath "$dir/index.html")" | grep -c '<tr id="f[0-9]*">')
[ "$rows" -eq "$want" ] && [ "$want" -gt 0 ] ||
	{ echo "findings-page: FAILED: the index shows $rows rows, there are $want finding pages"; fail=1; }
for p in "$dir/index.html" "$dir"/*.html; do
	case "$p" in */control.html) continue ;; esac
	[ "$p" = "$dir/index.html" ] && [ "$pages" -gt 0 ] && continue
	o=$(overflow "$p")
	pages=$((pages + 1))
	[ "$o" = 0 ] || { echo "findings-page: FAILED: $p runs ${o} px past a 1400 px window's edge"; fail=1; }
done
# the control: a line no browser can wrap
sed 's|</h1>|</h1><pre>'"$(printf 'x%.0s' $(seq 400))"'</pre>|' "$dir/index.html" >"$dir/control.html"
o=$(overflow "$dir/control.html")
rm -f "$dir/control.html"
case "$o" in '' | none | 0)
	echo "findings-page: FAILED: the control (a 400-character line) was not seen past the edge (data-overflow: $o)"
	tail -3 "$prof/err"; fail=1 ;;
esac
chrome --screenshot="$(realpath "$dir")/index-1400.png" "file://$(realpath "$dir/index.html")" >/dev/null
w=$(od -An -tu1 -j16 -N4 "$dir/index-1400.png" 2>/dev/null | awk '{print $1*16777216+$2*65536+$3*256+$4}')
[ "${w:-0}" = 1400 ] || { echo "findings-page: FAILED: no 1400 px screenshot of the index (width ${w:-none})"; fail=1; }
[ "$fail" -eq 0 ] && echo "findings-page: $pages pages fit 1400 px ($rows findings on the index; the control ran ${o} px past it); screenshot $dir/index-1400.png"
exit "$fail"
