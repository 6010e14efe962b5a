#!/usr/bin/env bash
# deps.sh GROUP... : make sure the Debian packages a make target needs are
# installed. As root, installs what is missing; otherwise prints the exact
# apt-get line and exits 1. Groups: build test fuzz afl cov oss-fuzz live live-nfs
# kernel proof compliance.
set -euo pipefail

pkgs_for() {
	case "$1" in
	build) echo "gcc make clang libclang-rt-14-dev" ;;
	test) echo "gcc make clang libclang-rt-14-dev llvm jq cppcheck clang-tidy clang-format pkgconf librdmacm-dev man-db time shellcheck iproute2" ;;
	fuzz) echo "clang libclang-rt-14-dev llvm" ;;
	afl) echo "afl++ clang llvm" ;;
	cov) echo "clang libclang-rt-14-dev llvm" ;;
	proof) echo "frama-c-base why3 z3 cvc4 bc" ;;
	oss-fuzz) echo "clang libclang-rt-14-dev llvm afl++ zip unzip yamllint" ;;
	live) echo "qemu-system-x86 qemu-utils busybox-static cpio kmod gcc make xz-utils \
librdmacm-dev libibverbs-dev rdma-core ibverbs-providers rdmacm-utils \
iproute2 tcpdump tshark bc flex bison libelf-dev libssl-dev dwarves xxd jq" ;;
	live-nfs) echo "libwrap0 kmod" ;;
	kernel) echo "linux-source-6.1 gcc make bc bison flex libelf-dev libssl-dev xz-utils lcov" ;;
	compliance) echo "gcc make chromium jq git" ;;
	*) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
	esac
}

want=()
for g in "$@"; do
	for p in $(pkgs_for "$g"); do want+=("$p"); done
done
missing=()
for p in $(printf '%s\n' "${want[@]}" | sort -u); do
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing Debian packages for '$*'. As root, run:" >&2
	echo "    apt-get update && $line" >&2
	exit 1
fi
echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# the lists may be stale or absent on a fresh machine
apt-get update -qq >&2 || true
if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2; then
	echo "deps.sh: '$line' failed; see the messages above" >&2
	exit 1
fi
