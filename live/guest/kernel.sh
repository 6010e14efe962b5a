#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/kernel.sh: the debug guest kernel (make live-kernel; KERNEL=debug on
# the live suites). Built from Debian's linux-source of the kernel line
# KVER (6.1 by default; live/guest/kvers lists the lines), fetched with
# live/guest/debs.sh, so the guest runs the code Debian users run,
# instrumented: allnoconfig plus live/guest/kernel.config (KASAN, KFENCE,
# lockdep, DEBUG_LIST, hung-task detector, lkdtm; everything the suites
# use built in, no modules) with the line's own edits of it
# (live/guest/kernel-KVER.config: "-LINE" drops a line the line no longer
# has, any other line is added), gcov and KCOV on GCOV_DIRS and UBSAN on
# UBSAN_DIRS below.
# Cached in ${XDG_CACHE_HOME:-~/.cache}/rdmaneg/live/ keyed by the source
# version, the compiler, the config and the two lists, one kernel per line:
#   kbuild-KVER-KEY/       the build tree (its .gcno files serve coverage)
#   kernel-debug-KVER-KEY/ boot/{vmlinuz,System.map}-RELEASE, lib/modules/RELEASE/
#                     modules.builtin*, config, release, build-seconds,
#                     qemu-mem (MiB for live/guest/qemu.sh), cmdline (what
#                     live/guest/qemu.sh adds to the kernel's command line)
# build/live/cache/kernel-RELEASE links to the second, as live/guest/prepare.sh
# does for Debian's kernel. Prints "RELEASE DIR" on its last line.
#
# live/guest/kernel.sh fixed: the same kernel with the patches listed in
# KERNEL_PATCHES (files, in order; make live-fixes and KERNEL=fixed take
# them from findings/), release e.g. 6.1.192-rdmaneg-fixed. Built from a copy
# of the debug tree, so only what the patches touch is compiled again;
# cached beside it, keyed by the debug key and the patches' contents:
#   kbuild-KVER-KEY-fixed-PKEY/, kernel-fixed-KVER-KEY-PKEY/ (as above, plus
#   patches: the list applied; w1-before.log, w1-after.log: W=1 builds of
#   the touched files before and after the patches)
#
# KSRC=DIR: a kernel tree of the user's (a release candidate, a vendor
# tree) instead of Debian's source, read as the line KVER (its config
# edits, command line and patch ports). Cached as the line "ksrc" (one
# kernel), keyed also by the tree: a git tree's HEAD, its uncommitted
# changes and untracked files; any other tree's every file's size and
# time. The fixed kernel takes the patches that apply to it and names
# those that do not.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live
# gcov and KCOV: a directory, or one file of a big directory (dir/file.c)
GCOV_DIRS="drivers/infiniband/sw/siw drivers/infiniband/sw/rxe drivers/infiniband/core net/sunrpc/xprtrdma \
drivers/nvme/target drivers/nvme/host drivers/infiniband/ulp/iser drivers/infiniband/ulp/isert \
fs/smb/server/transport_rdma.c fs/smb/client/smbdirect.c"
UBSAN_DIRS="drivers/infiniband/core drivers/infiniband/sw/siw drivers/infiniband/sw/rxe \
net/sunrpc net/sunrpc/xprtrdma drivers/nvme/target drivers/nvme/host \
drivers/infiniband/ulp/iser drivers/infiniband/ulp/isert fs/smb/server fs/smb/client"
# KSRC: refused before anything is installed or fetched
if [ -n "${KSRC:-}" ]; then
	[ -d "$KSRC" ] && grep -q '^VERSION = ' "$KSRC/Makefile" 2>/dev/null && [ -d "$KSRC/drivers/infiniband" ] ||
		{ echo "kernel: KSRC=$KSRC is not a kernel tree (no top Makefile with VERSION, no drivers/infiniband)" >&2; exit 2; }
fi
mkdir -p "$L/cache" "$CACHE"
tools/deps.sh kernel >&2
read -r KVER src_pkg suite < <(live/guest/kver.sh "${KVER:-6.1}") || exit 2
ksrc=${KSRC:-} line=$KVER
if [ -n "$ksrc" ]; then
	ksrc=$(cd "$ksrc" && pwd)
	kv=$(make -s -C "$ksrc" kernelversion 2>/dev/null) ||
		{ echo "kernel: KSRC=$ksrc: make kernelversion failed" >&2; exit 2; }
	if git -C "$ksrc" rev-parse -q --verify HEAD >/dev/null 2>&1; then
		id=$({ git -C "$ksrc" rev-parse HEAD; git -C "$ksrc" diff HEAD
			git -C "$ksrc" ls-files --others --exclude-standard; } | sha1sum | cut -c1-12)
	else
		id=$(find "$ksrc" -type f -not -path '*/.git/*' -printf '%P %s %T@\n' | LC_ALL=C sort |
			sha1sum | cut -c1-12)
	fi
	src_pkg="KSRC $ksrc" src_ver="$kv-$id" line=ksrc
	[ "$(echo "$kv" | cut -d. -f1-2)" = "$KVER" ] ||
		echo "kernel: KSRC is $kv, read as the line $KVER (its config edits, command line and patch ports; KVER= to choose another)" >&2
else
	suite_arg=()
	[ "$suite" = - ] || suite_arg=(--suite "$suite")
	src_root=$(live/guest/debs.sh "${suite_arg[@]}" "$src_pkg") ||
		{ echo "kernel: cannot fetch $src_pkg${suite_arg[*]:+ from $suite} (live/guest/debs.sh)" >&2; exit 1; }
	src_ver=${src_root##*/"$src_pkg"-}
	src_tar=$src_root/usr/src/$src_pkg.tar.xz
	[ -s "$src_tar" ] || { echo "kernel: $src_tar missing ($src_pkg $src_ver)" >&2; exit 1; }
fi
# the fragment as this line reads it (build/live/kernel-KVER.config)
frag=$L/kernel-$KVER.config
edits=live/guest/kernel-$KVER.config
if [ -f "$edits" ]; then
	grep -vxF -f <(sed -n 's/^-//p' "$edits") live/guest/kernel.config >"$frag.tmp" || :
	grep -E '^(CONFIG_[A-Z0-9_]+=.*|# CONFIG_[A-Z0-9_]+ is not set)$' "$edits" >>"$frag.tmp" || :
	mv "$frag.tmp" "$frag"
else
	cp live/guest/kernel.config "$frag"
fi
key=$({
	echo "$src_pkg $src_ver"
	gcc --version | head -1
	cat "$frag"
	echo "$GCOV_DIRS|$UBSAN_DIRS"
} | sha1sum | cut -c1-12)
tree=$CACHE/kbuild-$line-$key
out=$CACHE/kernel-debug-$line-$key

# Every line of the fragment must hold in the final .config: a symbol
# whose dependencies are unmet is dropped by Kconfig without a word.
check_config() { # check_config FRAGMENT CONFIG
	local bad=0 line sym
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF "$line" "$2" || { echo "kernel: config lacks $line" >&2; bad=1; } ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}
			! grep -q "^$sym=" "$2" || { echo "kernel: config sets $sym, the fragment unsets it" >&2; bad=1; } ;;
		esac
	done <"$1"
	return "$bad"
}

# The built kernel of $tree into $out: boot/, the builtin module lists,
# config, tree, gcov-dirs, build-seconds (since $t0), and release last
# (what marks it complete); plus the files given and, for the fixed
# kernel, the list of patches applied.
install_kernel() {
	kver=$(make -s -C "$tree" kernelrelease)
	rm -rf "$out.part"
	mkdir -p "$out.part/boot" "$out.part/lib/modules/$kver"
	cp "$tree/arch/x86/boot/bzImage" "$out.part/boot/vmlinuz-$kver"
	cp "$tree/System.map" "$out.part/boot/System.map-$kver"
	cp "$tree/.config" "$out.part/config"
	for f in modules.builtin modules.builtin.modinfo; do
		if [ -e "$tree/$f" ]; then cp "$tree/$f" "$out.part/lib/modules/$kver/"; fi
	done
	[ $# -eq 0 ] || cp "$@" "$out.part/"
	[ "${#patches[@]}" -eq 0 ] || printf '%s\n' "${patches[@]}" >"$out.part/patches"
	echo "$tree" >"$out.part/tree"
	echo "$GCOV_DIRS" >"$out.part/gcov-dirs"
	echo $(($(date +%s) - t0)) >"$out.part/build-seconds"
	echo "$kver" >"$out.part/release"
	mv "$out.part" "$out"
}

patches=()
if [ ! -s "$out/release" ]; then
	t0=$(date +%s)
	echo "kernel: cold build of $src_pkg $src_ver (key $key) in $tree" >&2
	# one debug kernel a line: a changed key makes the line's old one
	# stale, and the fixed kernels built from it
	rm -rf "$CACHE/kbuild-$line-"* "$CACHE/kernel-debug-$line-"* "$CACHE/kernel-fixed-$line-"*
	mkdir -p "$tree"
	if [ -n "$ksrc" ]; then
		# the tree as it is, without its git history or anything built
		# in it (mrproper: a stale object or .config of the user's)
		tar -C "$ksrc" --exclude=./.git -cf - . | tar -xf - -C "$tree" &&
			make -s -C "$tree" mrproper >/dev/null ||
			{ echo "kernel: cannot copy KSRC=$ksrc" >&2; exit 1; }
	else
		tar -x -I 'xz -T0' -f "$src_tar" -C "$tree" --strip-components=1
	fi
	for d in $GCOV_DIRS $UBSAN_DIRS; do
		[ -e "$tree/$d" ] || { echo "kernel: $src_pkg has no $d (GCOV_DIRS, UBSAN_DIRS)" >&2; exit 1; }
	done
	for d in $GCOV_DIRS; do
		case "$d" in
		*.c) f=${d##*/}
			printf 'GCOV_PROFILE_%s := y\nKCOV_INSTRUMENT_%s := y\n' "${f%.c}.o" "${f%.c}.o" \
				>>"$tree/${d%/*}/Makefile" ;;
		*) printf 'GCOV_PROFILE := y\nKCOV_INSTRUMENT := y\n' >>"$tree/$d/Makefile" ;;
		esac
	done
	for d in $UBSAN_DIRS; do echo 'UBSAN_SANITIZE := y' >>"$tree/$d/Makefile"; done
	log=$tree/build.log
	if ! make -C "$tree" KCONFIG_ALLCONFIG="$PWD/$frag" allnoconfig >"$log" 2>&1; then
		tail -20 "$log" >&2; echo "kernel: allnoconfig failed ($log)" >&2; exit 1
	fi
	check_config "$frag" "$tree/.config" ||
		{ echo "kernel: live/guest/kernel.config${edits:+ with $edits} does not hold on $KVER; see above" >&2; exit 1; }
	if ! make -C "$tree" -j"$(nproc)" bzImage >>"$log" 2>&1; then
		grep -E 'error|Error' "$log" | head -20 >&2
		echo "kernel: build failed; the log is $log" >&2
		exit 1
	fi
	install_kernel
fi
if [ "${1:-}" = fixed ]; then
	read -r -a patches <<<"${KERNEL_PATCHES:-}"
	[ "${#patches[@]}" -gt 0 ] || { echo "kernel: fixed: KERNEL_PATCHES names no patch" >&2; exit 2; }
	for f in "${patches[@]}"; do
		[ -s "$f" ] || { echo "kernel: fixed: patch $f: no such file" >&2; exit 2; }
	done
	pkey=$({ echo "$key"; cat "${patches[@]}"; } | sha1sum | cut -c1-12)
	base=$tree tree=$CACHE/kbuild-$line-$key-fixed-$pkey out=$CACHE/kernel-fixed-$line-$key-$pkey
	if [ ! -s "$out/release" ]; then
		t0=$(date +%s)
		echo "kernel: fixed kernel (patches key $pkey): ${#patches[@]} patch(es) on the debug tree" >&2
		# the two used last stay beside the new one (a finding whose
		# check needs the others' patches runs on make live-fixes'
		# kernel without its own, then on the one with every patch;
		# a new debug key removed them all above)
		# shellcheck disable=SC2012 # cache directories, named by hex keys
		# (none yet after a new debug key: ls fails, and pipefail with it)
		{ ls -dt "$CACHE/kernel-fixed-$line-$key-"* 2>/dev/null || :; } | tail -n +3 | while read -r d; do
			rm -rf "$d" "$CACHE/kbuild-$line-$key-fixed-${d##*-}"
		done
		# built where it stays: gcov's .gcda paths are the objects'
		# build paths (a tree built as .part and renamed names files
		# that are not there); $out/release marks it complete
		# (a copy an interrupted build left is not reused: cp would
		# copy into it, and its patches are half applied)
		rm -rf "$tree"
		cp -a "$base" "$tree" || { echo "kernel: fixed: cannot copy $base" >&2; exit 1; }
		# objtool is built with absolute paths (tools/build): in the copy
		# its commands name the base tree, so kbuild rebuilds it, and
		# every object, which depends on objtool, after it. Named for the
		# copy, only what the patches touch is compiled again.
		grep -rlF --include='*.cmd' --include='*.d' "$base/" "$tree/tools" |
			xargs -r sed -i "s#$base/#$tree/#g" ||
			{ echo "kernel: fixed: cannot rename $base in the copy's tools/" >&2; exit 1; }
		# a tree of the user's takes the patches that apply to it, in
		# order (one may need an earlier one): tried on a scratch copy of
		# the files they touch
		if [ -n "$ksrc" ]; then
			keep=() scratch=$tree.try
			rm -rf "$scratch" && mkdir -p "$scratch"
			sed -n 's#^+++ b/##p' "${patches[@]}" | sort -u | while read -r f; do
				[ -e "$tree/$f" ] || continue
				mkdir -p "$scratch/$(dirname "$f")" && cp "$tree/$f" "$scratch/$f"
			done
			for f in "${patches[@]}"; do
				if patch -d "$scratch" -p1 -F0 --dry-run <"$f" >/dev/null 2>&1; then
					patch -d "$scratch" -p1 -F0 --no-backup-if-mismatch <"$f" >/dev/null 2>&1
					keep+=("$f")
				else
					echo "kernel: fixed: $f does not apply to KSRC ($kv): left out" >&2
				fi
			done
			rm -rf "$scratch"
			[ "${#keep[@]}" -gt 0 ] || { echo "kernel: fixed: no patch applies to KSRC ($kv)" >&2; exit 1; }
			patches=("${keep[@]}")
		fi
		# the objects the patches touch, built with W=1 before and after
		mapfile -t objs < <(sed -n 's#^+++ b/\(.*\)\.c$#\1.o#p' "${patches[@]}" | sort -u)
		log=$tree/build.log
		make -C "$tree" W=1 "${objs[@]}" >"$tree/w1-before.log" 2>&1 ||
			{ tail -20 "$tree/w1-before.log" >&2; echo "kernel: fixed: W=1 build before the patches failed" >&2; exit 1; }
		for f in "${patches[@]}"; do
			if ! out_p=$(patch -d "$tree" -p1 -F0 --no-backup-if-mismatch <"$f" 2>&1); then
				printf '%s\n' "$out_p" >&2
				echo "kernel: fixed: patch $f does not apply to $src_pkg $src_ver" >&2
				exit 1
			fi
		done
		sed -i 's/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION="-rdmaneg-fixed"/' "$tree/.config"
		make -C "$tree" W=1 "${objs[@]}" >"$tree/w1-after.log" 2>&1 ||
			{ tail -20 "$tree/w1-after.log" >&2; echo "kernel: fixed: a patched file does not build (W=1)" >&2; exit 1; }
		if ! make -C "$tree" -j"$(nproc)" bzImage >>"$log" 2>&1; then
			grep -E 'error|Error' "$log" | tail -20 >&2
			echo "kernel: fixed: build failed; the log is $log" >&2
			exit 1
		fi
		install_kernel "$tree/w1-before.log" "$tree/w1-after.log"
	fi
fi
kver=$(cat "$out/release")
touch "$out" # the one used last (the pruning above)
echo 1024 >"$out/qemu-mem" # MiB: KASAN's shadow and lockdep's tables
# every KASAN report, not the first of the boot only: a campaign's later
# cases are judged too (Documentation/dev-tools/kasan.rst)
# and the line's own additions (live/guest/kernel-KVER.cmdline says why)
{
	echo kasan_multi_shot
	if [ -f "live/guest/kernel-$KVER.cmdline" ]; then grep -v '^#' "live/guest/kernel-$KVER.cmdline"; fi
} | paste -sd' ' >"$out/cmdline"
ln -sfn "$out" "$L/cache/kernel-$kver"
echo "kernel: $kver from $src_pkg $src_ver; bzImage $(stat -c %s "$out/boot/vmlinuz-$kver") octets;" \
	"its build took $(cat "$out/build-seconds") s" >&2
echo "$kver $out"
