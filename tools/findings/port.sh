#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tools/findings/port.sh (make findings-port KVER=7.3): every finding's
# patch, taken in id order (rdmaneg-findings patches, so a patch that
# requires another lands on it), applied with git am to Debian's
# linux-source of the kernel line KVER (live/guest/kvers), in a git tree
# made from it (tools/findings/tree.sh: build/findings-port/KVER/linux, one
# commit: the source as Debian ships it). A patch that applies, with offsets but no fuzz, is
# written back rebased as findings/SLUG/KVER/NAME (same name, index lines
# of KVER's blobs, the message unchanged). One that does not is tried as
# its mainline variant (findings/SLUG/mainline/NAME), then as a port by
# hand already in findings/SLUG/KVER/NAME (the 6.1 message over a diff
# against KVER); one that none of these fits is listed, with git am's
# complaint, for a port by hand. A finding whose "on: KVER" line says it
# does not reproduce there (fixed upstream, the code gone) is named and
# needs none. Prints one line a patch and exits 1 if any did not apply, 2 on a
# usage error. make live-fixes KVER=KVER proves what this writes.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
FB=build/plain/rdmaneg-findings
read -r KVER pkg _ < <(live/guest/kver.sh "${KVER:-7.3}") || exit 2
[ -n "${KVER:-}" ] || exit 2
[ "$KVER" != 6.1 ] || { echo "findings-port: the patches of findings/ are 6.1's own; port them to a newer line" >&2; exit 2; }
make --no-print-directory -s "$FB" || exit 1
"$FB" check findings || exit 2
read -r tree ver < <(tools/findings/tree.sh "$KVER") && [ -d "${tree:-}" ] || exit 1
W=build/findings-port/$KVER
g() { git -C "$tree" -c user.name=rdmaneg -c user.email=rdmaneg@invalid "$@"; }
g am --abort >/dev/null 2>&1
g checkout -q -f -B port "$(g rev-list --max-parents=0 HEAD | tail -1)" && g clean -fdqx ||
	{ echo "findings-port: cannot reset $tree" >&2; exit 1; }
fail=0 n=0 ok=0
# a finding measured absent on KVER (its on: line, 0 of N, says why)
# needs no port: named and skipped
for p in $("$FB" patches findings --for "$KVER"); do
	n=$((n + 1))
	slug=$(basename "$(dirname "$p")") name=$(basename "$p")
	out=findings/$slug/$KVER/$name
	# the patch itself; else its mainline variant (SLUG/mainline/); else
	# a port by hand kept in SLUG/KVER/ (rebased again, so it stays one)
	applied=
	for c in "$p" "findings/$slug/mainline/$name" "$out"; do
		[ -s "$c" ] || continue
		if g am -q "$PWD/$c" >"$W/am.log" 2>&1; then applied=$c; break; fi
		g am --abort >/dev/null 2>&1
		[ "$c" = "$p" ] && cp "$W/am.log" "$W/am-first.log"
	done
	if [ -n "$applied" ]; then
		g format-patch -1 --stdout --zero-commit --no-signature >"$W/port.patch"
		mkdir -p "$(dirname "$out")" && mv "$W/port.patch" "$out"
		ok=$((ok + 1))
		how="applies to $ver"
		[ "$applied" = "$p" ] || how="$how as $applied"
		echo "findings-port: $slug: $name: $how"
	else
		echo "findings-port: $slug: $name: DOES NOT APPLY to $ver (write a port by hand as $out):"
		grep -E 'error:|patch failed|does not' "$W/am-first.log" | head -5 | sed 's/^/  | /'
		fail=1
	fi
done
echo "findings-port: $ok of $n patches rebased onto $pkg $ver"
exit "$fail"
