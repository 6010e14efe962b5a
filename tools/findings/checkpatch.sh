#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tools/findings/checkpatch.sh TREE PATCH: the kernel's
# scripts/checkpatch.pl --strict on PATCH (read on stdin, as a mail, not
# a file of TREE), the one way make live-fixes and the mail series check
# a patch. No Signed-off-by is asked for (whoever sends signs), and
# commit ids cannot be looked up here (UNKNOWN_COMMIT_ID). A Fixes: tag
# quotes its commit's subject as it is, typos included (0626e6641f6b's
# "tranport"), so spelling is checked on everything but those quotes.
# Exit 0 clean, 1 with checkpatch's findings on stdout, 2 on a usage error.
set -uo pipefail
[ $# -eq 2 ] && [ -f "$1/scripts/checkpatch.pl" ] && [ -f "$2" ] ||
	{ echo "usage: tools/findings/checkpatch.sh KERNEL-TREE PATCH" >&2; exit 2; }
cp=$1/scripts/checkpatch.pl rc=0
perl "$cp" --strict --no-signoff --ignore UNKNOWN_COMMIT_ID,TYPO_SPELLING --no-tree - <"$2" || rc=1
sed -E 's/^(Fixes: [0-9a-f]{12,40}) \(".*"\)$/\1/' "$2" |
	perl "$cp" --strict --no-signoff --types TYPO_SPELLING --no-tree - || rc=1
exit "$rc"
