#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# deps.sh GROUP... : make sure the Debian packages a make target needs are
# installed. As root, installs what is missing; otherwise prints the exact
# apt-get line and exits 1. Groups: build test fuzz afl cov oss-fuzz live live-nfs
# kernel proof compliance audit.
#   deps.sh --list GROUP...   print the groups' packages, one a line
# Two installs at once (two make targets started together, or another
# apt-get) do not fail: each waits for the other's lock, up to 10 minutes.
set -euo pipefail
LOCK_WAIT=${DEPS_LOCK_WAIT:-600}

pkgs_for() {
	case "$1" in
	build) echo "gcc make clang libclang-rt-14-dev" ;;
	test) echo "gcc make clang libclang-rt-14-dev lld llvm jq cppcheck clang-tidy clang-format pkgconf librdmacm-dev man-db time shellcheck iproute2 ccache strace tshark" ;;
	fuzz) echo "clang libclang-rt-14-dev lld llvm" ;;
	afl) echo "afl++ clang lld llvm" ;;
	cov) echo "clang libclang-rt-14-dev lld llvm" ;;
	proof) echo "frama-c-base why3 z3 cvc4 bc" ;;
	oss-fuzz) echo "clang libclang-rt-14-dev llvm afl++ zip unzip yamllint" ;;
	live) echo "qemu-system-x86 qemu-utils busybox-static cpio kmod gcc make lld xz-utils \
librdmacm-dev libibverbs-dev rdma-core ibverbs-providers rdmacm-utils \
iproute2 tcpdump tshark bc flex bison libelf-dev libssl-dev dwarves xxd jq" ;;
	live-nfs) echo "libwrap0 kmod" ;;
	kernel) echo "linux-source-6.1 gcc make bc bison flex libelf-dev libssl-dev xz-utils lcov" ;;
	compliance) echo "gcc make chromium jq git" ;;
	audit) echo "strace" ;;
	*) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
	esac
}

list=0
if [ "${1:-}" = --list ]; then list=1; shift; fi
[ $# -gt 0 ] || { echo "usage: tools/deps.sh [--list] GROUP..." >&2; exit 2; }
want=()
for g in "$@"; do
	pkgs=$(pkgs_for "$g") || exit 2
	for p in $pkgs; do want+=("$p"); done
done
if [ "$list" = 1 ]; then
	printf '%s\n' "${want[@]}" | sort -u
	exit 0
fi
missing=()
find_missing() {
	local p status
	missing=()
	for p in $(printf '%s\n' "${want[@]}" | sort -u); do
		status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
		[ "$status" = "install ok installed" ] || missing+=("$p")
	done
}
find_missing
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing Debian packages for '$*'. As root, run:" >&2
	echo "    apt-get update && $line" >&2
	exit 1
fi
# one deps.sh at a time: the second waits, then finds what the first installed
exec 9>/run/lock/rdmaneg-deps.lock
if ! flock -w "$LOCK_WAIT" 9; then
	echo "deps.sh: another tools/deps.sh held /run/lock/rdmaneg-deps.lock for ${LOCK_WAIT} s" >&2
	exit 1
fi
find_missing
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# apt-get waits for dpkg's lock (another apt-get) instead of failing at once
wait_lock=(-o "DPkg::Lock::Timeout=$LOCK_WAIT")
# the lists may be stale or absent on a fresh machine
apt-get "${wait_lock[@]}" update -qq >&2 || true
if ! apt-get "${wait_lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >&2; then
	echo "deps.sh: '$line' failed; see the messages above" >&2
	exit 1
fi
