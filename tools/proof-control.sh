#!/usr/bin/env bash
# make proof-control: the negative controls of make proof. Each planted
# bug below must make WP fail on the function that holds the planted line
# (an unproved goal there); only that function is proved, to keep it short.
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
