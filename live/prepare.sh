#!/usr/bin/env bash
# live/prepare.sh: everything the guest needs, cached under build/live/.
#  1. host packages (tools/deps.sh live);
#  2. the current Debian 6.1 kernel: ABI from apt-cache, never hard-coded;
#     image fetched with apt-get download and unpacked with dpkg-deb -x;
#  3. siw.ko built out of tree from linux-source-6.1 against the matching
#     linux-headers (no Debian kernel ships siw);
# A second run finds everything cached and prints "cached".
set -euo pipefail
cd "$(dirname "$0")/.."
L=build/live
mkdir -p "$L/cache"
tools/deps.sh live

abi_file=$L/cache/abi
if [ ! -s "$abi_file" ]; then
	[ "$(id -u)" -eq 0 ] && apt-get update -qq >/dev/null 2>&1 || true
	pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-6\.1\./ {print $2; exit}')
	[ -n "$pkg" ] || { echo "prepare: no linux-image-6.1.* behind linux-image-amd64" >&2; exit 1; }
	abi=${pkg#linux-image-}; abi=${abi%-amd64}
	ver=$(apt-cache policy "$pkg" | awk '/Candidate:/ {print $2}')
	echo "$abi $ver" >"$abi_file"
fi
read -r abi ver <"$abi_file"
kver=$abi-amd64
echo "prepare: guest kernel $kver ($ver)"

# kernel image and modules, unpacked into the cache (nothing installed)
kdir=$L/cache/kernel-$kver
if [ ! -e "$kdir/boot/vmlinuz-$kver" ]; then
	rm -rf "$kdir" "$L/cache/deb"; mkdir -p "$L/cache/deb"
	(cd "$L/cache/deb" && apt-get -o APT::Sandbox::User=root download "linux-image-$kver" >/dev/null)
	dpkg-deb -x "$L"/cache/deb/linux-image-"$kver"_*.deb "$kdir"
fi

# matching headers and source (installed: they are build inputs)
need=()
dpkg-query -W -f='${Status}' "linux-headers-$kver" 2>/dev/null | grep -q 'ok installed' ||
	need+=("linux-headers-$kver")
src_ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
[ "$src_ver" = "$ver" ] || need+=("linux-source-6.1=$ver")
if [ ${#need[@]} -gt 0 ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "prepare: as root, run: apt-get install -y ${need[*]}" >&2; exit 1
	fi
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

# siw.ko, out of tree
siw=$L/cache/siw-$kver
if [ ! -s "$siw/siw.ko" ]; then
	rm -rf "$siw"; mkdir -p "$siw"
	tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$siw" --strip-components=5 \
		linux-source-6.1/drivers/infiniband/sw/siw
	make -s -C "/usr/src/linux-headers-$kver" M="$PWD/$siw" CONFIG_RDMA_SIW=m modules >&2
fi
echo "prepare: siw.ko $(stat -c %s "$siw/siw.ko") octets; kernel $kdir"
