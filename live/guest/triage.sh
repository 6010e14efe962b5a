#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/triage.sh SUITE DIR CONSOLE...: the end of a live suite's output
# when its consoles hold a kernel splat: rdmaneg-triage kernel's groups in
# DIR (report.md, report.json), each labelled with the registered finding
# it is, and, last, a framed NEW banner for any group that is none, so that
# no run, smoke runs included, passes one by unseen. Reproducers name
# KERNEL and KVER when not the defaults. Prints nothing when no console holds a splat.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
[ $# -ge 3 ] || { echo "usage: live/guest/triage.sh SUITE DIR CONSOLE..." >&2; exit 2; }
suite=$1 out=$2
shift 2
L=build/live
any=0
for c in "$@"; do
	[ -r "$c" ] || { echo "live-$suite: triage: cannot read $c" >&2; exit 2; }
	"$L/rdmaneg-live" splats "$c" >/dev/null && any=1
done
[ "$any" = 1 ] || exit 0
make --no-print-directory -s build/plain/rdmaneg-triage || exit 1
# the reproducers name the kernel: KERNEL when not stock, KVER when not 6.1
margs=
[ "${KERNEL:-stock}" != stock ] && margs="KERNEL=$KERNEL"
[ "${KVER:-6.1}" != 6.1 ] && margs="${margs:+$margs }KVER=$KVER"
targs=()
[ -n "$margs" ] && targs=(--make-args "$margs")
build/plain/rdmaneg-triage kernel --out "$out" "${targs[@]}" "$@" | sed "s/^/live-$suite: /"
exit "${PIPESTATUS[0]}"
