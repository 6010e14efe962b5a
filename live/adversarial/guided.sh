#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/adversarial/guided.sh (make live-guided): a hostile peer's random
# mode against its coverage-guided mode on the debug kernel (make
# live-kernel), one campaign each (live/campaign: one boot, snapshots)
# with the same seed and budget, random cases only. The guided one reads
# the kernel's arcs in scope after every case and mutates the inputs that
# reached new ones; the random one mutates the table and the shipped
# frames, and samples the arcs every 10 s. rdmaneg-live arcs prints both
# series every 10 s, and each campaign its cases per second.
# Settings: PEER_ROLE=request|reply (rdmaneg-peer's MPA cases against siw)
#   or nfs-client (rdmaneg-live nfs-client's private data against nfsd,
#   after make live-nfs's mount) or nvme-host|nvme-target (rdmaneg-live's
#   hostile NVMe-oF host against nvmet, or target against nvme-rdma; the
#   arcs of drivers/nvme/{target,host}/rdma.c)  PEER_BUDGET=60 (s of random cases)
#   PEER_SEED=1  PEER_TIMEOUT=500 (ms, MPA roles)
#   PEER_CORPUS=1 (MPA roles: corpus/mpa_frame's frames join the table as
#   inputs to mutate, in both modes; 0: the table alone)
#   LIVE_TIMEOUT=300 (s a boot may take)
# Writes build/live/guided/{unguided,guided}/ (the campaigns' files, and
# arcs.log: the series). Exit 0 when both campaigns gave samples, 1 when
# not, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live G=build/live/guided
ROLE=${PEER_ROLE:-request} BUDGET=${PEER_BUDGET:-60} SEED=${PEER_SEED:-1}
TMO_CASE=${PEER_TIMEOUT:-500} TMO=${LIVE_TIMEOUT:-300} CORPUS=${PEER_CORPUS:-1}
case "$ROLE" in request | reply | nfs-client | nvme-host | nvme-target) ;; *)
	echo "live-guided: PEER_ROLE is request, reply, nfs-client, nvme-host or nvme-target" >&2; exit 2 ;; esac
case "$CORPUS" in 0 | 1) ;; *) echo "live-guided: PEER_CORPUS is 0 or 1" >&2; exit 2 ;; esac
case "$BUDGET$SEED$TMO_CASE$TMO" in '' | *[!0-9]*)
	echo "live-guided: PEER_BUDGET, PEER_SEED, PEER_TIMEOUT and LIVE_TIMEOUT are numbers" >&2; exit 2 ;; esac
[ "$BUDGET" -ge 1 ] || { echo "live-guided: PEER_BUDGET is at least 1 s" >&2; exit 2; }
suite=() # the NFS or NVMe-oF guest for their roles' cases
case "$ROLE" in nfs-client) suite=(nfs) ;; nvme-*) suite=(nvme) ;; esac
read -r kver img _ < <(KERNEL=debug live/guest/image.sh "${suite[@]}" | tail -1)
[ -n "${img:-}" ] || exit 1
make --no-print-directory -s "$L/rdmaneg-campaign" || exit 1
mkdir -p "$G"
rm -rf "${G:?}"/*
# what random and guided cases start from, and the guest's command line:
# the arcs in scope are what a guided case reports (docs/snapshots.md)
if [ "$ROLE" = nfs-client ]; then
	"$L/rdmaneg-live" nfs-cases | sed 's/^/nfs-client /' >"$G/bases.txt"
	append="printk.devkmsg=on live.transport=siw live.mode=nfs live.nfs_smoke=0 live.agents=nfs-client"
	append+=" live.gcov=1 live.gcov_scope=net/sunrpc/xprtrdma/"
elif [ "$ROLE" != "${ROLE#nvme-}" ]; then
	# the role's own cases (rdmaneg-live nvme-cases: index, name, role)
	"$L/rdmaneg-live" nvme-cases | awk -v r="${ROLE#nvme-}" -v a="$ROLE" '$3 == r {print a, $2}' >"$G/bases.txt"
	# (printk.devkmsg=on: the agents' case marks, never rate-limited)
	append="printk.devkmsg=on live.transport=siw live.mode=nvme live.nvme_data=0 live.agents=$ROLE"
	append+=" live.gcov=1 live.gcov_scope=drivers/nvme/target/rdma.,drivers/nvme/host/rdma."
else
	corpus=()
	[ "$CORPUS" = 1 ] && corpus=(--corpus corpus/mpa_frame)
	build/plain/rdmaneg-peer list --role "$ROLE" --bases "${corpus[@]}" | sed "s/^/$ROLE /" >"$G/bases.txt"
	append="oops=panic printk.devkmsg=on live.mode=adversarial live.transport=siw live.agents=$ROLE"
	append+=" live.timeout=$TMO_CASE live.corpus=$CORPUS"
	append+=" live.gcov=1 live.gcov_scope=drivers/infiniband/sw/siw/,drivers/infiniband/core/iwcm."
fi
# a finding's one-command reproducer
case "$ROLE" in
nvme-*) repro="make live-nvme KERNEL=debug NVME_ROLE=${ROLE#nvme-} NVME_CASE=%c" ;;
*) repro="make live-repro KERNEL=debug ROLE=%a CASE=%c" ;;
esac
: >"$G/cases.txt" # random cases only
echo "live-guided: $ROLE role on $kver, seed $SEED, ${BUDGET}s of random cases per mode"
for mode in unguided guided; do
	flags=()
	[ "$mode" = guided ] && flags=(--guided)
	"$L/rdmaneg-campaign" --kver "$kver" --image "$img" --append "$append" --out "$G/$mode" \
		--agent "$ROLE" --cases "$G/cases.txt" --bases "$G/bases.txt" --random 10000000 \
		--seed "$SEED" --budget "$BUDGET" --cov-every 10 --case-timeout 60000 \
		--cache "${XDG_CACHE_HOME:-$HOME/.cache}/rdmaneg/live" --boot-timeout "$TMO" \
		--repro "$repro" "${flags[@]}" >"$G/$mode.log" 2>&1
	rc=$?
	grep -E '^(campaign|finding)' "$G/$mode.log" | sed "s/^/live-guided: $mode: /"
	[ "$rc" -eq 0 ] || { echo "live-guided: FAILED: the $mode campaign could not run (exit $rc)"; exit 1; }
	echo "live-guided: $mode: $(grep -c '^PEER_ARCS' "$G/$mode/arcs.log") samples"
done
echo "live-guided: kernel arcs reached (scope: ${append##*gcov_scope=}), by seconds since the first case:"
"$L/rdmaneg-live" arcs "$G/unguided/arcs.log" "$G/guided/arcs.log"
