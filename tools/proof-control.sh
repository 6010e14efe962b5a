#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# make proof-control: the negative controls of make proof. Each planted
# bug below must make WP fail on the function that holds the planted line
# (an unproved goal there); only that function is proved, to keep it short.
# The proof's cache is put to the test first, in a cache of its own
# (build/proof-control-cache): src/errors.c proved into it, then served from
# it; and the keys of each job with and without PLANT=decode_overrun: only
# the planted file's WP job and the Eva drivers (which read all of src/)
# may change, and they must.
#   plant           file                 function holding the planted line
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
controls=(
	"decode_overrun src/rpcrdma_pd.c candidate"
	"mpa_pd_overrun src/mpa.c        rdmaneg_mpa_parse"
)
pass=0 fail=0
# the shared inputs first, then the controls side by side
make -s build/plain/rdmaneg-proof-report build/proof/why3.conf || exit 1
export XDG_CACHE_HOME=$PWD/build/proof-control-cache
rm -rf "$XDG_CACHE_HOME"
mkdir -p "$XDG_CACHE_HOME"
check() { # ok? message; failure context on stdin
	if [ "$1" = 1 ]; then
		pass=$((pass + 1)) && echo "ok    $2" && cat >/dev/null
	else
		fail=$((fail + 1)) && echo "FAIL  $2:" && tail -20
	fi
}
for run in 1 2; do
	log=$XDG_CACHE_HOME/run$run.log
	PROOF_FILES=src/errors.c PROOF_EVA=0 tools/proof.sh >"$log" 2>&1
	rc=$? cached=0
	grep -q "^proof: 1 of 1 jobs cached" "$log" && cached=1
	check "$([ $rc = 0 ] && [ $cached = $((run - 1)) ] && echo 1)" \
		"cache run $run: src/errors.c proved (exit $rc)$([ $cached = 1 ] && echo ", from the cache")" <"$log"
done
PROOF_KEYS=1 tools/proof.sh >"$XDG_CACHE_HOME/keys" 2>&1 || echo "exit $?" >>"$XDG_CACHE_HOME/keys"
PLANT=decode_overrun PROOF_KEYS=1 tools/proof.sh >"$XDG_CACHE_HOME/keys-planted" 2>&1 ||
	echo "exit $?" >>"$XDG_CACHE_HOME/keys-planted"
# the jobs whose key the plant changed, one per line
changed=$(join -j2 <(sort -k2 "$XDG_CACHE_HOME/keys") <(sort -k2 "$XDG_CACHE_HOME/keys-planted") |
	awk '$2 != $3 { print $1 }' | grep -v '^eva:' | tr '\n' ' ')
evas=$(grep -c ' eva:' "$XDG_CACHE_HOME/keys") same_evas=$(comm -12 <(sort "$XDG_CACHE_HOME/keys") \
	<(sort "$XDG_CACHE_HOME/keys-planted") | grep -c ' eva:')
check "$([ "$changed" = "wp:src/rpcrdma_pd.c " ] && [ "$evas" -gt 0 ] && [ "$same_evas" = 0 ] && echo 1)" \
	"cache keys: PLANT=decode_overrun changes wp:src/rpcrdma_pd.c (WP jobs changed: ${changed:-none}) and all $evas Eva jobs ($same_evas unchanged)" \
	< <(paste "$XDG_CACHE_HOME/keys" "$XDG_CACHE_HOME/keys-planted")
pids=()
for c in "${controls[@]}"; do
	read -r plant file fn <<<"$c"
	mkdir -p "build/proof-$plant"
	PLANT=$plant PROOF_FILES=$file PROOF_FUNCS=$fn PROOF_EVA=0 tools/proof.sh \
		>"build/proof-$plant/control.log" 2>&1 &
	pids+=($!)
done
for i in "${!controls[@]}"; do
	read -r plant file fn <<<"${controls[i]}"
	log=build/proof-$plant/control.log
	wait "${pids[i]}"
	rc=$?
	if [ $rc -eq 1 ] && grep -qE "^$fn .* FAIL$" "$log"; then
		pass=$((pass + 1))
		echo "ok    PLANT=$plant: $fn unproved ($(grep -o 'Proved goals: *[0-9]* / [0-9]*' "build/proof-$plant/wp-$(basename "$file" .c).log" | tr -s ' '))"
	else
		fail=$((fail + 1))
		echo "FAIL  PLANT=$plant: expected exit 1 with $fn failing, got exit $rc:"
		tail -20 "$log"
	fi
done
echo "proof-control: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
