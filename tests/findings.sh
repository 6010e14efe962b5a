#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The findings registry (findings/, rdmaneg-findings), end to end:
#  - every finding checks, has its report, and each patch is in the
#    subsystem's style: its prefix, a Fixes: tag (or the note that it
#    could not be determined), no Signed-off-by:;
#  - --drop leaves exactly that finding's patch out;
#  - the README's and docs/findings.md's tables are what findings/ gives
#    (make findings-docs); a drifted copy is caught;
#  - a malformed finding, a missing patch: errors that name the finding;
#  - "seen" on stored consoles of real runs: a reproduction, and a run of
#    another case that measured nothing;
#  - every series's cover prose says how the security list is involved.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
FB=build/plain/rdmaneg-findings T=build/findings-test
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL tests/findings.sh: $1"; [ -n "${2:-}" ] && tail -5 "$2" | sed 's/^/  | /'; }
rm -rf "$T" && mkdir -p "$T"

"$FB" check findings >"$T/check.log" 2>&1 && ok || bad "the registry checks" "$T/check.log"
dirs=(findings/*/)
n=${#dirs[@]}
for d in "${dirs[@]}"; do
	slug=$(basename "$d")
	[ -s "$d/report.md" ] && [ -s "$d/finding" ] && ok || bad "$slug: report.md and finding"
	for p in "$d"/*.patch; do
		subj=$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$p")
		case "$subj" in "RDMA/siw: "* | "RDMA/rxe: "* | "xprtrdma: "* | "svcrdma: "* | "nvmet-rdma: "* | "nvme-rdma: "* | "ksmbd: "* | "smb: client: "* | "smb: smbdirect: "* | "IB/isert: "*) ok ;;
		*) bad "$slug: the subject '$subj' has no subsystem prefix" ;; esac
		{ grep -q '^Fixes: [0-9a-f]\{12\} ("' "$p" || grep -q 'Fixes: tag is missing' "$p"; } &&
			! grep -q '^Signed-off-by:' "$p" && ok || bad "$slug: Fixes: and no Signed-off-by: in $p"
	done
done
all=$("$FB" patches findings | wc -w) less=$("$FB" patches findings --drop 7 | wc -w)
[ "$all" -ge "$n" ] && [ "$less" -eq $((all - 1)) ] && ok || bad "--drop 7 leaves one patch out ($all, $less)"
"$FB" patches findings --drop nosuch >"$T/drop.log" 2>&1; [ $? = 2 ] && grep -q "no such finding" "$T/drop.log" && ok ||
	bad "--drop of an unknown finding is an error" "$T/drop.log"

# the tables: up to date, and a drifted copy is caught
for f in README.md docs/findings.md; do
	"$FB" splice findings "$f" --check >"$T/splice.log" 2>&1 && ok || bad "$f: the findings table drifted (make findings-docs)" "$T/splice.log"
done
mkdir -p "$T/docs" && sed 's/| kasan |/| oops |/' docs/findings.md >"$T/docs/findings.md"
"$FB" splice findings "$T/docs/findings.md" --check >"$T/splice.log" 2>&1; [ $? = 1 ] && ok || bad "a drifted table is caught" "$T/splice.log"
"$FB" splice findings "$T/docs/findings.md" && "$FB" splice findings "$T/docs/findings.md" --check && ok ||
	bad "splice rewrites the table"
mkdir -p "$T/page" && "$FB" html findings "$T/page" >"$T/html.log" 2>&1 &&
	[ "$(grep -c '<tr id="f[0-9]*"><td>' "$T/page/index.html")" = "$n" ] &&
	[ "$(find "$T/page" -name '*.html' ! -name index.html | wc -l)" = "$n" ] && ok ||
	bad "the status page has one row and one page per finding" "$T/html.log"
"$FB" html findings "$T/nowhere" >"$T/html.log" 2>&1; [ $? = 2 ] && grep -q "is not a directory" "$T/html.log" && ok ||
	bad "html into a missing directory is a usage error" "$T/html.log"
# Cc: stable and the 6.1.y-only series: finding 15 is a 6.1.y regression
"$FB" stable findings 15 7.3 >"$T/st.log" 2>&1 && grep -q "^ksmbd-smb2-open-opinfo-put-null: stable (6.1 " "$T/st.log" && ok ||
	bad "finding 15: a stable line has it" "$T/st.log"
"$FB" stable findings 15 6.1 >"$T/st.log" 2>&1; [ $? = 1 ] && ok || bad "no line is older than 6.1: no Cc: stable" "$T/st.log"
"$FB" stable findings 99 7.3 >"$T/st.log" 2>&1; [ $? = 2 ] && grep -q "no finding 99" "$T/st.log" && ok ||
	bad "stable: an unknown finding is a usage error" "$T/st.log"
"$FB" patches findings --stable-only 6.1 --series ksmbd-regression >"$T/st.log" 2>&1 &&
	grep -qx "findings/ksmbd-smb2-open-opinfo-put-null/0001-ksmbd-let-opinfo_put-take-a-NULL-oplock_info.patch" "$T/st.log" && ok ||
	bad "finding 15's patch is the 6.1.y-only ksmbd-regression series" "$T/st.log"
"$FB" patches findings --stable-only 6.1 --series siw >"$T/st.log" 2>&1 && [ -z "$(tr -d '\n' <"$T/st.log")" ] && ok ||
	bad "no siw bug is 6.1.y-only" "$T/st.log"
# each series's cover prose (mail/NAME.cover) says whether the security
# list should coordinate it (a line that starts "Security handling:");
# the control: a cover without that paragraph
says_security() { grep -q '^Security handling: ' "$1"; } # COVER
for name in $("$FB" series findings); do
	says_security "mail/$name.cover" && ok || bad "mail/$name.cover has no \"Security handling:\" paragraph"
done
grep -v '^Security handling: ' mail/siw.cover >"$T/nosec.cover"
says_security "$T/nosec.cover" && bad "control: a cover without its security paragraph passed" || ok
"$FB" cover findings ksmbd-regression 6.1 >"$T/st.log" 2>&1 && grep -qx "#regzbot introduced: e1b21e606661" "$T/st.log" && ok ||
	bad "the 6.1.y ksmbd-regression cover names the regression for regzbot" "$T/st.log"
"$FB" cover findings ksmbd 6.1 >"$T/st.log" 2>&1 && ! grep -q "regzbot" "$T/st.log" && ok ||
	bad "the 6.1.y ksmbd series (findings 20, 21: no regression) has no regzbot line" "$T/st.log"

# malformed registries: each names the finding and the rule
cp -r findings "$T/reg"
printf 'id: 3\nkind: crash\n' >"$T/reg/siw-rtr-data-ready-lockdep/finding"
"$FB" check "$T/reg" >"$T/bad.log" 2>&1; [ $? = 2 ] && grep -q "finding siw-rtr-data-ready-lockdep, line 2: kind" "$T/bad.log" && ok ||
	bad "a bad kind is named" "$T/bad.log"
rm -rf "$T/reg" && cp -r findings "$T/reg" && rm "$T"/reg/siw-term-header-bit-order/*.patch
"$FB" check "$T/reg" >"$T/bad.log" 2>&1; [ $? = 2 ] && grep -q "finding siw-term-header-bit-order: patch .*: no such file" "$T/bad.log" && ok ||
	bad "a missing patch is named" "$T/bad.log"

# consoles of real runs (2026-11-25): finding 3 on Debian's kernel, 6 on the debug kernel
"$FB" seen findings 3 tests/findings/console-abcd-1000-reset-stock.log >"$T/seen.log" 2>&1 && ok || bad "finding 3 seen in its console" "$T/seen.log"
"$FB" seen findings 6 tests/findings/console-abcd-1000-debug.log >"$T/seen.log" 2>&1 && ok || bad "finding 6 seen in its console" "$T/seen.log"
"$FB" seen findings 3 tests/findings/console-abcd-1000-debug.log >"$T/seen.log" 2>&1; [ $? = 3 ] && grep -q "not a measurement" "$T/seen.log" && ok ||
	bad "a run of another case measured nothing" "$T/seen.log"
"$FB" seen findings 7 tests/findings/console-abcd-1000-debug.log >"$T/seen.log" 2>&1; [ $? = 3 ] && ok || bad "finding 7: not measured by a run of abcd-1000" "$T/seen.log"
# finding 6's lock order form, from make live-nfs KERNEL=fixed FIXES_DROP=6
# (2026-11-25): triage reads the splat and labels it with finding 6
make --no-print-directory -s build/plain/rdmaneg-triage >/dev/null 2>&1
build/plain/rdmaneg-triage kernel --out "$T/tri" --findings findings \
	tests/findings/console-nfs-lock-order-fixed.log >"$T/tri.log" 2>&1 &&
	grep -q "possible deadlock in inet_child_forget  \[finding 6: siw-rtr-data-ready-lockdep\]" "$T/tri.log" &&
	ok || bad "the lock order form is labelled finding 6" "$T/tri.log"
# make live-fixes's table: fixed only when reproduced before and never after
printf 'siw-mpa-reply-enhanced-no-pd 1 1 0 0 1 0\n7 1 1 0 0 1 0\n' >"$T/results.tsv"
"$FB" verdicts findings "$T/results.tsv" >"$T/v.log" 2>&1 && grep -q "2 fixed, 0 not" "$T/v.log" && ok || bad "all fixed: exit 0" "$T/v.log"
printf 'siw-mpa-reply-enhanced-no-pd 1 1 0 1 1 0\n7 0 1 0 0 1 0\n' >"$T/results.tsv"
"$FB" verdicts findings "$T/results.tsv" >"$T/v.log" 2>&1; [ $? = 1 ] && grep -q "reproduces with the patch" "$T/v.log" &&
	grep -q "did not reproduce on the unpatched kernel" "$T/v.log" && ok || bad "the FIXES_DROP shape and an unreproduced finding fail" "$T/v.log"
printf 'siw-mpa-reply-enhanced-no-pd 1 1 x 0 1 0\n' >"$T/results.tsv"
"$FB" verdicts findings "$T/results.tsv" >"$T/v.log" 2>&1; [ $? = 2 ] && grep -q "not a result line" "$T/v.log" && ok || bad "a malformed result line" "$T/v.log"
# make live-findings's table against the registry's on: lines
rm -rf "$T/reg" && mkdir -p "$T/reg" && cp -r findings/siw-listener-reset-before-accept-uaf "$T/reg/"
echo "on: 9.9 9.9.1-rdmaneg-debug 1/1" >>"$T/reg/siw-listener-reset-before-accept-uaf/finding"
printf 'siw-listener-reset-before-accept-uaf 9.9.1-rdmaneg-debug 2 3 0\n' >"$T/m.tsv"
"$FB" measured "$T/reg" "$T/m.tsv" 9.9 --check >"$T/m.log" 2>&1 && grep -q ' 2/3 .* 1/1 .*recorded$' "$T/m.log" &&
	ok || bad "measured: a result the registry records" "$T/m.log"
printf 'siw-listener-reset-before-accept-uaf 9.9.1-rdmaneg-debug 0 1 0\n' >"$T/m.tsv"
"$FB" measured "$T/reg" "$T/m.tsv" 9.9 --check >"$T/m.log" 2>&1; [ $? = 1 ] && grep -q 'differs$' "$T/m.log" &&
	grep -q 'on: 9.9 9.9.1-rdmaneg-debug 0/1: absent: or present: (why' "$T/m.log" && ok || bad "measured --check: a contradiction fails" "$T/m.log"
"$FB" measured "$T/reg" "$T/m.tsv" 9.9 >"$T/m.log" 2>&1 && ok || bad "measured: a contradiction alone is a measurement" "$T/m.log"
printf 'siw-listener-reset-before-accept-uaf 9.9.1-rdmaneg-debug 0 1 1\n' >"$T/m.tsv"
"$FB" measured "$T/reg" "$T/m.tsv" 9.9 >"$T/m.log" 2>&1; [ $? = 1 ] && grep -q '1 with runs that measured nothing' "$T/m.log" &&
	ok || bad "measured: a void run fails" "$T/m.log"
printf 'siw-listener-reset-before-accept-uaf 9.9.1-rdmaneg-debug 2 1 0\n' >"$T/m.tsv"
"$FB" measured "$T/reg" "$T/m.tsv" 9.9 >"$T/m.log" 2>&1; [ $? = 2 ] && grep -q 'not a measured line' "$T/m.log" &&
	ok || bad "measured: k over n is malformed" "$T/m.log"
# a newer line's ports, the mail series and their cover letters' facts
r=$T/reg/siw-listener-reset-before-accept-uaf
"$FB" patches "$T/reg" --kver 9.9 >"$T/p.out" 2>"$T/p.err" && [ "$(wc -w <"$T/p.out")" = 0 ] &&
	grep -q 'has no 9.9 port' "$T/p.err" && ok || bad "patches --kver: a finding without a port is named and left out" "$T/p.err"
"$FB" cover "$T/reg" siw 9.9 >"$T/c.out" 2>&1 && grep -q '^Not in this series (no patch for 9.9):' "$T/c.out" &&
	ok || bad "cover: a finding without a port is not in the series" "$T/c.out"
mkdir -p "$r/9.9" && cp "$r"/*.patch "$r/9.9/"
"$FB" patches "$T/reg" --kver 9.9 --series siw >"$T/p.out" 2>"$T/p.err" && grep -q "/9.9/0001-" "$T/p.out" &&
	ok || bad "patches --kver --series: the port" "$T/p.err"
"$FB" patches "$T/reg" --series nvme-rdma >"$T/p.out" 2>&1 && [ "$(wc -w <"$T/p.out")" = 0 ] && ok ||
	bad "patches --series: another series's patch is left out" "$T/p.out"
"$FB" cover "$T/reg" siw 9.9 >"$T/c.out" 2>&1 &&
	grep -q '^RDMA/siw: Do not release the listener when a pending connection closes$' "$T/c.out" &&
	grep -q '  On 9.9: reproduced in 1 of 1 runs on 9.9.1-rdmaneg-debug.' "$T/c.out" &&
	grep -q 'KVER=9.9$' "$T/c.out" && ok || bad "cover: the subject unfolded, the measurement, the reproducer" "$T/c.out"
grep -qx 'The Fixes: tags, and how each was checked:' "$T/c.out" &&
	grep -qx '  6c52fdc244b5 ("rdma/siw: connection management") (finding 7):' "$T/c.out" &&
	grep -q '^    v5.3, the commit that added siw_cm.c; .*not a git blame$' "$T/c.out" &&
	[ "$(grep -c '^  [0-9a-f]\{12\} ("' "$T/c.out")" = 1 ] && ok ||
	bad "cover: the series's Fixes: tag once, its finding and how it was checked" "$T/c.out"
sed -i 's|^\(reproducer: .*\)$|\1 KVER=9.9|' "$r/finding"
"$FB" cover "$T/reg" siw 9.9 >"$T/c.out" 2>&1 && grep -q 'reset-before-accept KVER=9.9$' "$T/c.out" &&
	! grep -q 'KVER=9.9 KVER=9.9' "$T/c.out" && ok || bad "cover: a reproducer that names its line keeps it once" "$T/c.out"
sed -i 's|^\(reproducer: .*\) KVER=9.9$|\1|' "$r/finding"
"$FB" cover "$T/reg" nosuch 9.9 >"$T/c.out" 2>&1; [ $? = 2 ] && grep -q 'no finding is in series nosuch' "$T/c.out" &&
	ok || bad "cover: an unknown series is an error" "$T/c.out"
"$FB" patches "$T/reg" --for 9.9 >"$T/p.out" 2>&1 && grep -q "$r/0001-" "$T/p.out" && ok ||
	bad "patches --for: a finding that reproduces there keeps its patch" "$T/p.out"
sed -i 's|^on: 9.9 9.9.1-rdmaneg-debug 1/1$|on: 9.9 9.9.1-rdmaneg-debug 0/1: absent: fixed upstream by abc|' "$r/finding"
"$FB" patches "$T/reg" --for 9.9 >"$T/p.out" 2>"$T/p.err" && [ "$(wc -w <"$T/p.out")" = 0 ] &&
	grep -q 'needs no patch on 9.9: absent: fixed upstream by abc' "$T/p.err" && ok ||
	bad "patches --for: a finding absent there is named and left out" "$T/p.err"
"$FB" plan "$T/reg" --for 9.9 >"$T/p.out" 2>"$T/p.err" && [ "$(wc -w <"$T/p.out")" = 0 ] &&
	grep -q 'does not reproduce on 9.9: absent: fixed upstream by abc' "$T/p.err" && "$FB" plan "$T/reg" --for 8.0 | grep -q '^siw-listener' &&
	ok || bad "plan --for: a finding absent there is left out, one measured elsewhere kept" "$T/p.err"
sed -i 's|^on: 9.9 .*|on: 9.9 9.9.1-rdmaneg-debug 0/3: present: the race was not hit|' "$r/finding"
"$FB" cover "$T/reg" siw 9.9 >"$T/c.out" 2>&1 &&
	grep -q '  On 9.9: not shown in 3 runs on 9.9.1-rdmaneg-debug (present: the race was not hit).' "$T/c.out" &&
	ok || bad "cover: a present finding the check missed says why" "$T/c.out"
sed -i 's/^series: siw$/series: Siw!/' "$r/finding"
"$FB" check "$T/reg" >"$T/c.out" 2>&1; [ $? = 2 ] && grep -q 'series: a name' "$T/c.out" && ok || bad "series: a bad name" "$T/c.out"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
