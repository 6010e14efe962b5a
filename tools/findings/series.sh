#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tools/findings/series.sh (make findings-series KVER=7.3): one mail series
# a subsystem tree, ready for git send-email, from the ports of
# tools/findings/port.sh (findings/SLUG/KVER/): for each series the
# registry names (its findings' "series:" key), the ports applied in id
# order with git am to Debian's source of KVER (the tree port.sh made),
# then git format-patch with a cover letter into
# mail/KVER/NAME/. To: and Cc: come from that source's
# scripts/get_maintainer.pl run on the patches (maintainers To, reviewers
# and lists Cc); the cover letter's subject and prose from
# mail/NAME.cover (its first line the subject), followed by
# the facts rdmaneg-findings cover prints (each finding, who can trigger
# it, its measurement on KVER, its reproducer, and the findings with no
# patch on KVER). A series with no patch on KVER is named and skipped.
# Exits 1 if a port does not apply or a cover file is missing, 2 on a
# usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
FB=build/plain/rdmaneg-findings
read -r KVER pkg _ < <(live/guest/kver.sh "${KVER:-7.3}") || exit 2
[ -n "${KVER:-}" ] || exit 2
[ "$KVER" != 6.1 ] || { echo "findings-series: series go to a newer line than 6.1 (KVER=7.3)" >&2; exit 2; }
make --no-print-directory -s "$FB" || exit 1
"$FB" check findings >/dev/null || exit 2
W=build/findings-port/$KVER
tree=$W/linux
[ -s "$W/source" ] || tools/findings/port.sh >/dev/null || [ -s "$W/source" ] ||
	{ echo "findings-series: no git tree of $pkg (tools/findings/port.sh)" >&2; exit 1; }
read -r _ ver <"$W/source"
g() { git -C "$tree" -c user.name=rdmaneg -c user.email=rdmaneg@invalid "$@"; }
root=$(g rev-list --max-parents=0 HEAD | tail -1)
fail=0
for name in $("$FB" series findings); do
	cover=mail/$name.cover
	[ -s "$cover" ] || { echo "findings-series: $name: no $cover (its subject and prose)"; fail=1; continue; }
	read -r -a patches <<<"$("$FB" patches findings --kver "$KVER" --series "$name" 2>/dev/null)"
	out=mail/$KVER/$name
	rm -rf "$out"
	if [ "${#patches[@]}" -eq 0 ]; then
		echo "findings-series: $name: no patch for $KVER; nothing to send"
		continue
	fi
	g am --abort >/dev/null 2>&1
	g checkout -q -f -B "series-$name" "$root" && g clean -fdqx || { echo "findings-series: cannot reset $tree"; exit 1; }
	for p in "${patches[@]}"; do
		g am -q "$PWD/$p" >"$W/am.log" 2>&1 && continue
		g am --abort >/dev/null 2>&1
		echo "findings-series: $name: $p does not apply on $ver (make findings-port KVER=$KVER):"
		sed 's/^/  | /' "$W/am.log" | head -5
		fail=1
		continue 2
	done
	# maintainers To, everyone else Cc, as the kernel's MAINTAINERS says
	top=$PWD
	(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --nofixes \
		"${patches[@]/#/$top/}") >"$W/maintainers-$name.txt" 2>"$W/maintainers-$name.log" ||
		{ echo "findings-series: $name: get_maintainer.pl failed ($W/maintainers-$name.log)"; fail=1; continue; }
	addr=()
	while IFS= read -r line; do
		a=${line%% (*}
		case "$line" in *"(maintainer:"*) addr+=(--to="$a") ;; *) addr+=(--cc="$a") ;; esac
	done <"$W/maintainers-$name.txt"
	mkdir -p "$out"
	g format-patch -q --cover-letter --zero-commit --no-signature "${addr[@]}" -o "$PWD/$out" "$root..HEAD" ||
		{ echo "findings-series: $name: git format-patch failed"; fail=1; continue; }
	{
		tail -n +3 "$cover"
		echo
		echo "The series applies to Linux ${ver%%-*} as Debian ships it ($pkg, which carries"
		echo "Debian's own patches); each patch was rebased there with git am."
		echo "Each patch's finding, measured with rdmaneg's harness:"
		echo
		"$FB" cover findings "$name" "$KVER"
	} >"$W/blurb-$name.txt"
	subject=$(head -1 "$cover")
	c=$out/0000-cover-letter.patch
	awk -v blurb="$W/blurb-$name.txt" -v subject="$subject" '
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
		/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < blurb) > 0) print l; next }
		{ print }' "$c" >"$c.tmp" && mv "$c.tmp" "$c"
	echo "findings-series: $name: ${#patches[@]} patch(es) and a cover letter in $out ($(grep -c '^' "$W/maintainers-$name.txt") addressees)"
done
exit "$fail"
