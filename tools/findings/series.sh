#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tools/findings/series.sh (make findings-series KVER=7.3, or KVER=6.1 or 6.12
# for the stable series of bugs the newest line is free of, to stable@): one
# mail series
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
# patch on KVER). A patch whose bug an older stable line has (rdmaneg-findings
# stable) gets "Cc: stable@vger.kernel.org" after its Fixes: tag. A series
# with no patch on KVER is named and skipped.
# Exits 1 if a port does not apply or a cover file is missing, 2 on a
# usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
FB=build/plain/rdmaneg-findings
read -r KVER pkg _ < <(live/guest/kver.sh "${KVER:-7.3}") || exit 2
[ -n "${KVER:-}" ] || exit 2
make --no-print-directory -s "$FB" || exit 1
"$FB" check findings >/dev/null || exit 2
W=build/findings-port/$KVER
read -r tree ver < <(tools/findings/tree.sh "$KVER") && [ -d "${tree:-}" ] ||
	{ echo "findings-series: no git tree of $pkg (tools/findings/tree.sh)" >&2; exit 1; }
# A line older than the newest (live/guest/kvers): a stable series, to
# stable@ with the maintainers in Cc, of the fixes for bugs the newest line
# is free of, or backports of the upstream fix that cured it there
# (rdmaneg-findings patches --stable-only): on 6.1 the patches
# themselves, on another line their ports (make findings-port KVER=...); a
# regression's cover letter carries its regzbot line and Cc's the
# regressions list
stable=0 sel=(--kver "$KVER") prefix=PATCH
if [ "$KVER" != "$(live/guest/kver.sh --list | tail -1)" ]; then
	stable=1 prefix="PATCH $KVER" sel=(--stable-only "$KVER")
	[ "$KVER" = 6.1 ] || sel+=(--kver "$KVER")
fi
# index lines at 12 digits: the same mail from any tree, however many objects
g() { git -C "$tree" -c user.name=rdmaneg -c user.email=rdmaneg@invalid -c core.abbrev=12 "$@"; }
root=$(g rev-list --max-parents=0 HEAD | tail -1)
fail=0
for name in $("$FB" series findings); do
	cover=mail/$name.cover
	[ -s "$cover" ] || { echo "findings-series: $name: no $cover (its subject and prose)"; fail=1; continue; }
	read -r -a patches <<<"$("$FB" patches findings "${sel[@]}" --series "$name" 2>/dev/null)"
	out=mail/$KVER/$name
	rm -rf "$out"
	if [ "${#patches[@]}" -eq 0 ]; then
		echo "findings-series: $name: no patch for $KVER; nothing to send"
		continue
	fi
	g am --abort >/dev/null 2>&1
	g checkout -q -f -B "series-$name" "$root" && g clean -fdqx || { echo "findings-series: cannot reset $tree"; exit 1; }
	for p in "${patches[@]}"; do
		if ! g am -q "$PWD/$p" >"$W/am.log" 2>&1; then
			g am --abort >/dev/null 2>&1
			echo "findings-series: $name: $p does not apply on $ver (make findings-port KVER=$KVER):"
			sed 's/^/  | /' "$W/am.log" | head -5
			fail=1
			continue 2
		fi
		# "Cc: stable" where an older stable line has the bug (measured,
		# or seen there: rdmaneg-findings stable)
		slug=${p#findings/}
		slug=${slug%%/*}
		if [ "$stable" = 0 ] && "$FB" stable findings "$slug" "$KVER" >"$W/stable.log"; then
			g commit -q --amend --no-edit --trailer "Cc: stable@vger.kernel.org" ||
				{ echo "findings-series: $name: cannot add Cc: stable to $p"; fail=1; continue 2; }
		fi
	done
	# maintainers To, everyone else Cc, as the kernel's MAINTAINERS says;
	# perl's hash order fixed, so that two runs list them in one order
	top=$PWD
	(cd "$tree" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl --no-git --no-git-fallback --nofixes \
		"${patches[@]/#/$top/}") >"$W/maintainers-$name.txt" 2>"$W/maintainers-$name.log" ||
		{ echo "findings-series: $name: get_maintainer.pl failed ($W/maintainers-$name.log)"; fail=1; continue; }
	addr=()
	[ "$stable" = 1 ] && addr+=(--to=stable@vger.kernel.org)
	while IFS= read -r line; do
		a=${line%% (*}
		case "$stable $line" in "0 "*"(maintainer:"*) addr+=(--to="$a") ;; *) addr+=(--cc="$a") ;; esac
	done <"$W/maintainers-$name.txt"
	"$FB" cover findings "$name" "$KVER" | grep -q '^#regzbot introduced:' &&
		addr+=(--cc=regressions@lists.linux.dev)
	mkdir -p "$out"
	g format-patch -q --cover-letter --zero-commit --no-signature --subject-prefix="$prefix" \
		"${addr[@]}" -o "$PWD/$out" "$root..HEAD" ||
		{ echo "findings-series: $name: git format-patch failed"; fail=1; continue; }
	{
		tail -n +3 "$cover"
		echo
		echo "The series applies to Linux ${ver%%-*} as Debian ships it ($pkg, which carries"
		if [ "$stable" = 1 ]; then
			echo "Debian's own patches). These fixes are for $KVER.y: the newest line"
			echo "measured is free of each bug. A patch that opens with \"commit ID"
			echo "upstream.\" is the backport of that mainline fix; the others are"
			echo "$KVER.y's own, and where upstream changed the code so that the bug went"
			echo "away, the finding's note below names that change."
		else
			echo "Debian's own patches); each patch was rebased there with git am."
		fi
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
