#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# shellcheck disable=SC2016,SC2034 # check NAME 'CONDITION' evals CONDITION: its $ expand then, and the variables it reads look unused
# make install into a fresh DESTDIR staging tree, then: the shared library
# exports rdmaneg_* only (nm -D) under SONAME librdmaneg.so.0, the example
# (examples/rdma_cm_embed.c) builds with pkg-config against the staged
# tree, shared and static, and runs; rdmaneg(1) and rdmaneg(3) render and
# cover every command, option and exported function; make uninstall
# removes every file.
# The export check's negative control: a library with one stray export.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi; }
stage=$(mktemp -d /tmp/rdmaneg-stage.XXXXXX) work=$(mktemp -d /tmp/rdmaneg-embed.XXXXXX)
trap 'rm -rf "$stage" "$work"' EXIT
prefix=/usr lib=$stage/usr/lib

# exports_only_api LIB: every defined dynamic symbol is rdmaneg_* (or the version node)
exports_only_api() {
	local stray
	stray=$(nm -D --defined-only "$1" | awk '{print $3}' | sed 's/@.*//' |
		grep -vE '^(rdmaneg_[a-z0-9_]+|RDMANEG_[0-9]+)$')
	[ -z "$stray" ] || { echo "exported beyond the API: $stray"; return 1; }
}

make --no-print-directory -s install DESTDIR="$stage" PREFIX=$prefix >"$work/install.log" 2>&1
check "make install" '[ $? -eq 0 ] || { cat "$work/install.log"; false; }'
check "headers under include/rdmaneg" '[ -f "$stage/usr/include/rdmaneg/rdmaneg.h" ] && [ ! -e "$stage/usr/include/rdmaneg/plant.h" ]'
check "static library" '[ -f "$lib/librdmaneg.a" ]'
check "SONAME librdmaneg.so.0" 'readelf -d "$lib/librdmaneg.so" | grep -q "SONAME.*\[librdmaneg.so.0\]"'
check "CLI" '"$stage/usr/bin/rdmaneg" --version | grep -q "^rdmaneg "'
man1=$stage/usr/share/man/man1/rdmaneg.1
# rendered_has_every_option PAGE: each --option of each CLI help page is in
# the rendered man page, and so is each command's NAME line
rendered_has_every_option() {
	local txt missing="" page
	txt=$(MANWIDTH=100 man -l "$1" 2>/dev/null) || return 1
	for page in "" decode encode negotiate "mpa decode" "mpa encode" "mpa negotiate"; do
		# shellcheck disable=SC2086
		for o in $("$stage/usr/bin/rdmaneg" help $page | grep -oE -- "--[a-z][a-z0-9-]+" | sort -u); do
			grep -qF -- "$o" <<<"$txt" || missing="$missing $o"
		done
		[ -z "$page" ] || grep -qF "rdmaneg $page - " <<<"$txt" || missing="$missing [$page]"
	done
	[ -z "$missing" ] || { echo "not in the man page:$missing"; return 1; }
}
check "rdmaneg(1) installed, renders with man -l, no groff warnings" \
	'[ -f "$man1" ] && [ -z "$(MANWIDTH=80 man --warnings -l "$man1" 2>&1 >/dev/null)" ]'
check "rdmaneg(1) has every command and option of the help pages" 'rendered_has_every_option "$man1"'
# negative control: a page that lost its last command is caught
sed '/^\.SS rdmaneg mpa negotiate/,$d' "$man1" >"$work/short.1"
check "control: a man page missing a command is caught" '! rendered_has_every_option "$work/short.1" >/dev/null'
man3=$stage/usr/share/man/man3/rdmaneg.3
check "rdmaneg(3) installed, renders with man -l, no groff warnings" \
	'[ -f "$man3" ] && [ -z "$(MANWIDTH=80 man --warnings -l "$man3" 2>&1 >/dev/null)" ]'
check "rdmaneg(3) has a section for every exported function" \
	'[ "$(nm -D --defined-only "$lib/librdmaneg.so.0" | awk "/ T rdmaneg_/ {print \$3}" | sed "s/@.*//" | sort)" = "$(sed -n "s/^\.SS //p" "$man3" | sort)" ]'
check "rdmaneg(3): rdmaneg_mpa_parse returns ok, inval and its 8 MPA errors, from its contract" \
	'[ "$(sed -n "/^\.SS rdmaneg_mpa_parse$/,/^\.SS /p" "$man3" | grep -c "^\.B RDMANEG_")" -eq 10 ]'
# negative control: a public function with no comment stops the generator
printf '/* ok */\nint rdmaneg_documented(void);\nint rdmaneg_undocumented(void);\n' >"$work/bad.h"
out=$(build/plain/rdmaneg-man3 0 "$work/bad.h" 2>&1 >/dev/null); rc=$?
check "control: an undocumented function fails rdmaneg(3)" '[ $rc -eq 1 ] && grep -q "rdmaneg_undocumented has no comment" <<<"$out"'
# and so does a comment that leaves a parameter unnamed
printf '/* Reads buf into out. */\nint rdmaneg_half(const char *buf, unsigned long len, int *out);\n' >"$work/half.h"
out=$(build/plain/rdmaneg-man3 0 "$work/half.h" 2>&1 >/dev/null); rc=$?
check "control: a comment that does not name len fails rdmaneg(3)" '[ $rc -eq 1 ] && grep -q "rdmaneg_half does not name its parameter len" <<<"$out"'
check "exports only rdmaneg_*" 'exports_only_api "$lib/librdmaneg.so.0"'
check "exports every public function" '[ "$(nm -D --defined-only "$lib/librdmaneg.so.0" | grep -c " T rdmaneg_")" -eq "$(grep -hoE "^[a-z].* \**rdmaneg_[a-z0-9_]+\(" include/rdmaneg/*.h | grep -oE "rdmaneg_[a-z0-9_]+" | sort -u | wc -l)" ]'
# negative control: one stray export must be caught
printf 'int rdmaneg_ok(void);\nint rdmaneg_ok(void) { return 0; }\nint helper(void) { return 1; }\n' >"$work/stray.c"
cc -shared -fPIC "$work/stray.c" -o "$work/libstray.so"
check "control: a stray export is caught" '! exports_only_api "$work/libstray.so" >/dev/null'

export PKG_CONFIG_SYSROOT_DIR=$stage PKG_CONFIG_PATH=$lib/pkgconfig PKG_CONFIG_LIBDIR=$lib/pkgconfig
check "pkg-config knows it" '[ "$(pkg-config --modversion rdmaneg)" = "$(sed -n "s/^#define RDMANEG_VERSION \"\(.*\)\"/\1/p" include/rdmaneg/rdmaneg.h)" ]'
# shellcheck disable=SC2046 # pkg-config prints flags, one word each
cc -std=c11 -Wall -Wextra -Werror -Wshadow -Wconversion examples/rdma_cm_embed.c \
	$(pkg-config --cflags --libs rdmaneg) -o "$work/embed" 2>"$work/cc.log"
check "example builds against the staged shared library" '[ $? -eq 0 ] || { cat "$work/cc.log"; false; }'
check "example links librdmaneg.so.0" 'readelf -d "$work/embed" | grep -q "NEEDED.*librdmaneg.so.0"'
LD_LIBRARY_PATH=$lib "$work/embed" >"$work/run.log" 2>&1
check "example runs and both sides agree" '[ $? -eq 0 ] && grep -q "^agreed: client to server 4096, server to client 8192$" "$work/run.log"'
check "example: no message from the peer gives the defaults" 'grep -q "^client: peer message no_identifier; send threshold 1024, Receives of 1024" "$work/run.log"'
# shellcheck disable=SC2046 # as above
cc -std=c11 -Wall -Wextra -Werror examples/rdma_cm_embed.c $(pkg-config --cflags rdmaneg) \
	"$lib/librdmaneg.a" -o "$work/embed-static" && "$work/embed-static" >/dev/null
check "example links the static library and runs" '[ $? -eq 0 ]'

make --no-print-directory -s uninstall DESTDIR="$stage" PREFIX=$prefix >/dev/null 2>&1
check "make uninstall removes every file" '[ -z "$(find "$stage" -type f -o -type l)" ]'
echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
