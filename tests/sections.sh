# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/sections.sh: sourced by a shell test to run its sections side by
# side. A section is a function that counts with ok and bad (adding to pass
# and fail); "sections NAME..." runs each in a subshell of its own, with its
# output in a file, waits for all, prints the outputs in the order given
# and adds each section's counts to pass and fail. A section that ends
# before it counts (a crash of the shell) is one failure, named.
# Sections must not share ports or files.
# shellcheck shell=bash
sections() {
	local dir s p f pids=()
	dir=$(mktemp -d) || { echo "FAIL sections: no temporary folder"; fail=$((fail + 1)); return; }
	for s in "$@"; do
		(
			# shellcheck disable=SC2030 # each section counts on its own
			pass=0 fail=0
			"$s"
			echo "$pass $fail" >"$dir/$s.count"
		) >"$dir/$s.out" 2>&1 &
		pids+=($!)
	done
	wait "${pids[@]}"
	for s in "$@"; do
		cat "$dir/$s.out"
		if read -r p f <"$dir/$s.count" 2>/dev/null; then
			# shellcheck disable=SC2031 # the caller's counts, not a section's
			pass=$((pass + p)) fail=$((fail + f))
		else
			echo "FAIL section $s ended before it counted"
			fail=$((fail + 1))
		fi
	done
	rm -rf "$dir"
}
