#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/compliance-page.sh PAGE: make compliance's page as a browser shows
# it. Debian's headless Chromium loads PAGE (no network: the page needs
# none), runs its script and dumps the DOM; every clause of the
# compliance.json beside PAGE must have its row, every implementation its
# column, and the script must have counted the rows it shows. Exit 0, 1 on
# a missing row or column, 2 on a usage error.
set -uo pipefail
page=${1:?usage: tests/compliance-page.sh PAGE}
json=$(dirname "$page")/compliance.json
for f in "$page" "$json"; do [ -s "$f" ] || { echo "compliance-page: $f: missing or empty" >&2; exit 2; }; done
command -v chromium >/dev/null || { echo "compliance-page: no chromium (tools/deps.sh compliance installs it)" >&2; exit 2; }
prof=$(mktemp -d)
trap 'rm -rf "$prof"' EXIT
# --no-sandbox: root in a container has no user namespace for the sandbox
dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$prof" \
	--virtual-time-budget=5000 --dump-dom "file://$(realpath "$page")" 2>"$prof/err")
if [ -z "$dom" ]; then
	echo "compliance-page: FAILED: chromium rendered nothing:"; tail -5 "$prof/err"; exit 1
fi
fail=0
want=$(jq '.clauses' "$json")
rows=$(grep -o '<tr class="clause" data-id="[^"]*"' <<<"$dom" | sed 's/.*data-id="//; s/"$//' | sort -u)
got=$(grep -c . <<<"$rows")
[ "$got" -eq "$want" ] || { echo "compliance-page: FAILED: $got clause rows rendered, compliance.json has $want"; fail=1; }
missing=$(comm -23 <(jq -r '.rows[].id' "$json" | sort -u) <(echo "$rows"))
[ -z "$missing" ] || { echo "compliance-page: FAILED: no row for: $(echo "$missing" | head -5 | tr '\n' ' ')"; fail=1; }
while IFS= read -r impl; do
	grep -q "<th class=\"impl\">$impl</th>" <<<"$dom" ||
		{ echo "compliance-page: FAILED: no column for $impl"; fail=1; }
done < <(jq -r '.rows[0].verdicts | keys_unsorted[]' "$json")
# the page's script ran: it filled the count of rows shown
grep -q "<span id=\"count\">$want of $want clauses</span>" <<<"$dom" ||
	{ echo "compliance-page: FAILED: the page's script did not count $want rows"; fail=1; }
[ "$fail" -eq 0 ] && echo "compliance-page: $want clause rows and $(jq -r '.rows[0].verdicts | length' "$json") implementation columns rendered in $(chromium --version 2>/dev/null | head -1)"
exit "$fail"
