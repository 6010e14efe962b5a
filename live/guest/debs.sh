#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/guest/debs.sh [--suite SUITE] PACKAGE...: Debian packages for the
# guest, fetched with apt-get download and unpacked under the live cache
# (~/.cache/rdmaneg/live/PACKAGE-VERSION), nothing installed on the host.
# Prints each package's unpacked root, one a line, in the order given.
# Without --suite, the host's apt lists say which version; with it, a
# private apt state under the cache (apt-SUITE/) fetches that suite of
# deb.debian.org, signed by the same archive keyring: for a package whose
# bookworm version does not work with the kernel under test (docs/smbd.md).
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live
suite=
if [ "${1:-}" = --suite ]; then
	suite=${2:-}
	case "$suite" in '' | *[!a-z0-9-]*) echo "debs.sh: --suite takes a Debian suite's name" >&2; exit 2 ;; esac
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: live/guest/debs.sh [--suite SUITE] PACKAGE..." >&2; exit 2; }
mkdir -p "$CACHE"
apt=()
if [ -n "$suite" ]; then
	A=$CACHE/apt-$suite
	mkdir -p "$A/lists/partial" "$A/archives/partial"
	printf 'deb http://deb.debian.org/debian %s main\n' "$suite" >"$A/sources.list"
	apt=(-o "Dir::Etc::SourceList=$A/sources.list" -o Dir::Etc::SourceParts=/nonexistent
		-o "Dir::State::Lists=$A/lists" -o "Dir::Cache=$A" -o "Dir::Cache::Archives=$A/archives"
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=)
	# apt's downloads drop to the _apt user, who cannot write a root's cache
	[ "$(id -u)" = 0 ] && apt+=(-o APT::Sandbox::User=root)
fi
updated=0
update() { # once a run, before the first download: the pool keeps only current versions
	[ -n "$suite" ] && [ "$updated" = 0 ] || return 1
	updated=1
	apt-get -q "${apt[@]}" update >&2 || { echo "debs.sh: apt-get update of $suite failed" >&2; exit 1; }
}
[ -z "$suite" ] || compgen -G "$A/lists/*Packages*" >/dev/null || update
version() {
	v=$(apt-cache "${apt[@]}" policy "$1" | awk '/Candidate:/ {print $2}')
	[ -n "$v" ] && [ "$v" != "(none)" ] ||
		{ echo "debs.sh: apt knows no $1${suite:+ in $suite} (apt-get update?)" >&2; exit 1; }
	r=$CACHE/$1-${v//[:+~]/_}
}
for p in "$@"; do
	version "$p"
	if [ ! -d "$r/usr" ] && update; then version "$p"; fi
	if [ ! -d "$r/usr" ]; then
		tmp=$(mktemp -d "$CACHE/deb.XXXXXX")
		(cd "$tmp" && apt-get download -q "${apt[@]}" "$p=$v" >&2) ||
			{ rm -rf "$tmp"; echo "debs.sh: apt-get download $p=$v failed" >&2; exit 1; }
		dpkg-deb -x "$tmp"/*.deb "$tmp/root"
		rm -rf "$r" && mv "$tmp/root" "$r" && rm -rf "$tmp"
	fi
	echo "$r"
done
