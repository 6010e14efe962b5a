#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# triage - reproduce, group, minimize, decode and report crashes
#
# SYNOPSIS
#   tools/triage.sh [--plant NAME] [--runs N] [--minimize-seconds S]
#                [--out DIR] [--add-regression] CRASH...
#   tools/triage.sh --kernel [--out DIR] CONSOLE-LOG...
#
# DESCRIPTION
#   CRASH is a file or a directory holding libFuzzer artifacts (crash-*,
#   leak-*, timeout-*, oom-*) or AFL++ crashes (crashes/id:*). Each input is
#   replayed against every target in fuzz/targets under ASan+UBSan and MSan,
#   N times (default 3). One bug is one group: a crash is signed by the
#   sanitizer's bug type and the top 3 frames inside src/ (harness frames
#   only when the crash is outside src/), a broken rule by its name; see
#   tools/triage/triage.h and docs/triage.md. Each group's smallest input is minimized
#   with libFuzzer -minimize_crash=1 (S seconds, default 20), re-checked,
#   and decoded with the CLI. The report goes to DIR (default build/triage)
#   as report.md and report.json. --add-regression copies each minimized
#   reproducer to corpus/regress/<target>/<signature>. --plant NAME triages
#   against builds with that planted bug (plants/plant.h); NAME may be a+b.
#
#   --kernel groups the kernel splats in guest console logs by their
#   syzbot-style title, names the rdmaneg-peer case and frame that was
#   running, and writes the same report (default build/triage-kernel).
#
# EXIT STATUS
#   0 report written (whether or not anything reproduced), 1 a build or a
#   program failed, 2 usage error.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
usage() { sed -n '3,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
[ $# -gt 0 ] || usage
case "$1" in -h|--help) usage ;; esac
make --no-print-directory -s build/plain/rdmaneg-triage || exit 1
if [ "$1" = --kernel ]; then
	shift
	exec build/plain/rdmaneg-triage kernel "$@"
fi
PLANT="" args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--plant) PLANT=${2:-}; [ -n "$PLANT" ] || usage; shift 2 ;;
	--runs|--minimize-seconds|--out) [ $# -ge 2 ] || usage; args+=("$1" "$2"); shift 2 ;;
	*) args+=("$1"); shift ;;
	esac
done
for pl in ${PLANT//+/ }; do
	grep -q "RDMANEG_PLANT_ID_$pl " plants/plant.h ||
		{ echo "triage: no planted bug '$pl' in plants/plant.h" >&2; exit 2; }
done
tools/deps.sh test fuzz || exit 1
B=build; [ -n "$PLANT" ] && B=build/plant-fuzz/$PLANT
. tools/targets.sh
TARGETS=$(rdmaneg_targets)
# shellcheck disable=SC2046 # the targets are words
make --no-print-directory -s B="$B" PLANT="$PLANT" \
	$(for t in $TARGETS; do for b in replay replay-msan libfuzzer; do echo "$B/$b/$t"; done; done) || exit 1
# the decoders are unplanted: they show what the input says
make --no-print-directory -s PLANT= build/plain/rdmaneg build/asan/props || exit 1
export ASAN_OPTIONS=symbolize=1:detect_leaks=1:abort_on_error=1:handle_abort=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export MSAN_OPTIONS=symbolize=1
ASAN_SYMBOLIZER_PATH=$(command -v llvm-symbolizer) MSAN_SYMBOLIZER_PATH=$(command -v llvm-symbolizer)
export ASAN_SYMBOLIZER_PATH MSAN_SYMBOLIZER_PATH
exec build/plain/rdmaneg-triage fuzz --build-dir "$B" ${PLANT:+--plant "$PLANT"} "${args[@]}"
