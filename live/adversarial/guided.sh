#!/usr/bin/env bash
# live/adversarial/guided.sh (make live-guided): rdmaneg-peer's random mode against its
# coverage-guided mode on the debug kernel (make live-kernel), one fresh
# boot each with the same seed and budget, random cases only (the table
# takes a minute on this kernel). Both read the kernel's arcs after every
# case (--gcov); the random one mutates table cases, the guided one the
# inputs that reached new arcs, starting from the table cases. rdmaneg-live arcs prints both
# series every 10 s. Settings: PEER_ROLE=request|reply (rdmaneg-peer's MPA
# cases against siw) or nfs-client (rdmaneg-live nfs-client's private data
# against nfsd, after make live-nfs's mount)  PEER_BUDGET=60 (s of random
# cases, after the table)  PEER_SEED=1  PEER_TIMEOUT=500 (ms, MPA roles)
#   PEER_CORPUS=1 (MPA roles: corpus/mpa_frame's frames join the table as
#   inputs to mutate, in both modes; 0: the table alone)
#   LIVE_TIMEOUT=300 (s per boot)
# Writes build/live/guided/{unguided,guided}.log. Exit 0 when both boots
# gave samples, 1 when not, 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
L=build/live G=build/live/guided
ROLE=${PEER_ROLE:-request} BUDGET=${PEER_BUDGET:-60} SEED=${PEER_SEED:-1}
TMO_CASE=${PEER_TIMEOUT:-500} TMO=${LIVE_TIMEOUT:-300} CORPUS=${PEER_CORPUS:-1}
case "$ROLE" in request | reply | nfs-client) ;; *) echo "live-guided: PEER_ROLE is request, reply or nfs-client" >&2; exit 2 ;; esac
case "$CORPUS" in 0 | 1) ;; *) echo "live-guided: PEER_CORPUS is 0 or 1" >&2; exit 2 ;; esac
case "$BUDGET$SEED$TMO_CASE$TMO" in '' | *[!0-9]*)
	echo "live-guided: PEER_BUDGET, PEER_SEED, PEER_TIMEOUT and LIVE_TIMEOUT are numbers" >&2; exit 2 ;; esac
suite=() # the NFS guest for the NFS client's cases
[ "$ROLE" = nfs-client ] && suite=(nfs)
read -r kver img _ < <(KERNEL=debug live/guest/image.sh "${suite[@]}" | tail -1)
[ -n "${img:-}" ] || exit 1
mkdir -p "$G"
echo "live-guided: $ROLE role on $kver, seed $SEED, ${BUDGET}s of random cases per mode"
for mode in unguided guided; do
	if [ "$ROLE" = nfs-client ]; then
		append="live.mode=nfs live.transport=siw live.nfs_smoke=0"
	else
		# both modes draw from the table and the shipped MPA frames
		append="live.mode=adversarial live.transport=siw live.role=$ROLE live.timeout=$TMO_CASE"
		[ "$CORPUS" = 1 ] && append+=" live.corpus=1"
	fi
	append+=" live.random=20000 live.seed=$SEED live.budget=$BUDGET live.gcov=1 live.only_random=1"
	[ "$mode" = guided ] && append+=" live.guided=1"
	live/guest/qemu.sh "$kver" "$img" "$TMO" "$append"; qrc=$?
	tr -d '\r' <"$L/console.log" >"$G/$mode.log"
	grep -a '^PEER_END' "$G/$mode.log" >/dev/null ||
		echo "live-guided: the $mode boot did not finish its role (qemu exit $qrc): its series stops early"
	grep -a -m1 -E '^rdmaneg-(peer|live nfs-client): ' "$G/$mode.log" | sed "s/^/live-guided: $mode: /"
	echo "live-guided: $mode: $(grep -ac '^PEER_ARCS ' "$G/$mode.log") samples; splats: $("$L/rdmaneg-live" splats "$G/$mode.log" | cut -f1 | sort -u | tr '\n' ';')"
done
echo "live-guided: kernel arcs reached (siw, the CMs, xprtrdma), by seconds since the first case:"
"$L/rdmaneg-live" arcs "$G/unguided.log" "$G/guided.log"
