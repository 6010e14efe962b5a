#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Regenerates the seed corpora in corpus/<target>/ from the CLI and from
# the planted bugs' minimal counterexample streams. Seeds are named by
# what they are. Usage: tools/make-seeds.sh  (after make and make plants)
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
. tools/targets.sh
CLI=build/plain/rdmaneg
make --no-print-directory -s "$CLI"
seed() { # seed TARGET NAME HEX...
	local t=$1 n=$2; shift 2
	mkdir -p "corpus/$t"
	tr -d ' \n:' <<<"$*" | xxd -r -p >"corpus/$t/$n"
}
REQ=4d504120494420526571204672616d65
REP=4d504120494420526570204672616d65
msg() { "$CLI" encode "$@"; }
zeros() { head -c "$1" /dev/zero | xxd -p | tr -d '\n'; }
# deterministic filler with no 0xf6, so no identifier starts in it
noise_seed=0
noise() {
	noise_seed=$((noise_seed + 1))
	awk -v n="$1" -v s="$noise_seed" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
		b = int(rand() * 256); if (b == 246) b = 245; printf "%02x", b } }'
}

for t in rpcrdma_decode rpcrdma_roundtrip; do
	find "corpus/$t" -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null; mkdir -p "corpus/$t"
	seed $t empty ""
	seed $t rfc8797-defaults "$(msg --send 1024 --recv 1024)"
	seed $t siw-request-ulp f6ab0e1801011f1f
	seed $t siw-reply-ulp f6ab0e1801000307
	seed $t max-sizes-R "$(msg --send 256K --recv 256K --remote-invalidation)"
	seed $t reserved-bits-set f6ab0e1801fe0707
	seed $t reserved-and-R f6ab0e1801ff0102
	for off in 1 2 3 5 7 13; do
		seed $t "offset-$off" "$(noise $off)" f6ab0e1801010303 "$(noise 5)"
	done
	seed $t at-end-of-64 "$(noise 56)" f6ab0e180100ff00
	seed $t truncated-7 "$(noise 9)" f6ab0e18010003
	seed $t truncated-4 "$(noise 9)" f6ab0e18
	seed $t version-0 f6ab0e1800000000
	seed $t version-2 f6ab0e1802000000
	seed $t version-255 f6ab0e18ff000000
	seed $t bad-then-good f6ab0e1809000000 f6ab0e1801001f1f
	seed $t two-valid f6ab0e1801000303 f6ab0e180101ffff
	seed $t mpa-word-then-msg 00050004 f6ab0e1801011f1f
	seed $t rxe-connect-56 f6ab0e1801011f1f "$(zeros 48)"
	seed $t rxe-accept-196 f6ab0e1801000307 "$(zeros 188)"
	seed $t siw-ulp-max-252 "$(noise 243)" f6ab0e1801010f0f 00
	seed $t near-id f6ab0e19010000 00 f6ab0f18010000 00
done

for t in mpa_frame stack; do
	find "corpus/$t" -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null; mkdir -p "corpus/$t"
	seed $t siw-request $REQ 10 02 000c 00050004 f6ab0e1801011f1f
	seed $t siw-reply $REP 10 02 000c 00040002 f6ab0e1801000307
	seed $t v1-request-empty $REQ 00 01 0000
	seed $t v1-request-msg $REQ 00 01 0008 f6ab0e1801000000
	seed $t v1-reply-markers-crc $REP c0 01 0008 f6ab0e1801000303
	seed $t v2-3fff $REQ 10 02 000c 3fff3fff f6ab0e1801000303
	seed $t v2-3fff-reply $REP 10 02 0004 3fff3fff
	seed $t v2-p2p-all-rtr $REQ 10 02 000c c0044004 f6ab0e1801000303
	seed $t v2-p2p-read-reply $REP 10 02 0004 80014001
	seed $t reject-term6 $REP 30 02 0004 00040006
	seed $t reject-v1 $REP 20 01 0000
	seed $t res-bits $REQ 0f 01 0000
	seed $t pd-512 $REQ 00 01 0200 "$(noise 504)" f6ab0e1801000303
	seed $t pd-513 $REQ 00 01 0201 "$(zeros 513)"
	seed $t pd-truncated $REQ 00 01 0010 f6ab0e18
	seed $t rev0 $REQ 00 00 0000
	seed $t rev3 $REQ 00 03 0000
	seed $t s-rev1 $REQ 10 01 0004 00000000
	seed $t s-pd3 $REQ 10 02 0003 000000
	seed $t bad-key 4d504120494420526571204672616d66 00 01 0000
	seed $t ulp-252-odd $REQ 10 02 0100 00050004 "$(noise 201)" f6ab0e1801011f1f "$(noise 43)"
	seed $t trailing-fpdu $REQ 10 02 000c 00050004 f6ab0e1801011f1f 000000000000
done

# choice-stream targets: the planted bugs' minimal streams
make --no-print-directory -s plants >/dev/null
for t in rpcrdma_negotiate mpa_negotiate props; do rm -rf "corpus/$t"; mkdir -p "corpus/$t"; done
props_list=$(build/plant/decode_overrun/props --list | awk '{print $1}')
while IFS=$'\t' read -r plant checker _; do
	case "$checker" in props:*) ;; *) continue ;; esac
	prop=${checker#props:}
	stream=$( ("build/plant/$plant/props" --seed 1 --prop "$prop" || true) | sed -n 's/^  stream: *//p')
	idx=$(awk -v p="$prop" '$0 == p {print NR - 1}' <<<"$props_list")
	seed props "$prop-$plant" "$(printf '%02x' "$idx")" "$stream"
	case "$prop" in
	exchange|thresholds|agreement|remote_invalidation)
		seed rpcrdma_negotiate "$prop-$plant" "$stream" ;;
	ird_ord|rtr|hostile_reply|respond|liveness)
		seed mpa_negotiate "$prop-$plant" "$stream" ;;
	esac
done < <(grep -v '^#' plants/plants.tsv)
for t in rpcrdma_negotiate mpa_negotiate; do seed $t all-zero 00; done
# cli_input: a reader selector (fuzz/cli_input.c), then the text
txt() { printf '%b' "$1" | xxd -p | tr -d '\n'; }
find corpus/cli_input -maxdepth 1 -type f -delete 2>/dev/null || true
cli() { seed cli_input "$1" "$2" "$(txt "$3")"; }
cli size-plain 00 4096; cli size-k 00 8K; cli size-kib 00 4KiB; cli size-g 00 1g
cli size-max 00 18446744073709551615; cli size-over 00 18446744073709551616
cli size-trailing-space 00 '4096 '; cli size-k-overflow 00 18014398509481984K
cli value-hex 01 0x3FFF; cli value-octal 01 017; cli value-bad-octal 01 08
cli value-bare-0x 01 0x; cli value-res 83 0x0f
cli rtr-all 02 send,write,read; cli rtr-none 02 none; cli rtr-trailing-comma 02 send,
cli rtr-empty-word 02 'send,,read'
cli hex-args 03 'f6ab0e18 01\n00 03:07'; cli hex-split-octet 03 'f6a\nb'; cli hex-odd 03 abc
cli hex-bad 03 'f6ab0e1g'
cli stream 04 'f6ab0e18\x01\x00\x03\x07'
mkdir -p corpus/regress
# gcda: a header alone, and one function with two arcs (one hit); the
# other seeds there are images the debug kernel wrote (make live
# KERNEL=debug, build/live/gcov/), kept as they came
find corpus/gcda -maxdepth 1 -type f -name 'hand-*' -delete 2>/dev/null; mkdir -p corpus/gcda
seed gcda hand-header-only 61646367 2a323242 01000000 00000000
seed gcda hand-one-function 61646367 2a323242 01000000 00000000 \
	00000001 0c000000 01000000 02000000 03000000 \
	0000a101 10000000 00000000 00000000 05000000 00000000
# nvme_target: RDMA_CM_REQUEST private data ([nvme-rdma#fig5]) as Linux's
# host sends it (drivers/nvme/host/rdma.c: admin 32/31, I/O queue_size and
# sqsize) and at each field's edge; captures of the guest's exchange are
# kept as they came (live-*)
nreq() { "$CLI" nvme encode --kind request "$@"; }
find corpus/nvme_target corpus/nvme_host -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null || true
seed nvme_target empty ""
seed nvme_target linux-admin "$(nreq)"
seed nvme_target linux-io-1 "$(nreq --qid 1 --hrqsize 128 --hsqsize 127)"
seed nvme_target short-31 "$(nreq | cut -c1-62)"
seed nvme_target short-8 "$(nreq | cut -c1-16)"
seed nvme_target ib-padded-56 "$(nreq --qid 2 --hrqsize 128 --hsqsize 127)" "$(zeros 24)"
seed nvme_target recfmt-1 "$(nreq --recfmt 1)"
seed nvme_target hsqsize-0 "$(nreq --hsqsize 0)"
seed nvme_target admin-hsqsize-32 "$(nreq --hsqsize 32)"
seed nvme_target io-hsqsize-max "$(nreq --qid 1 --hrqsize 65535 --hsqsize 65535)"
seed nvme_target hrqsize-0 "$(nreq --hrqsize 0)"
seed nvme_target hrq-below-hsq "$(nreq --qid 1 --hrqsize 16 --hsqsize 127)"
seed nvme_target qid-max "$(nreq --qid 65535 --hrqsize 128 --hsqsize 127)"
seed nvme_target admin-cntlid "$(nreq --cntlid 1)"
seed nvme_target reserved-31 "$(nreq | cut -c1-62)ff"
# nvme_host: RDMA_CM_ACCEPT ([nvme-rdma#fig6]) and RDMA_CM_REJECT ([nvme-rdma#fig7]) private data
seed nvme_host empty ""
seed nvme_host accept-admin "$("$CLI" nvme encode --kind accept --hsqsize 31)"
seed nvme_host accept-linux-crq-plus-one 0000 2000 "$(zeros 28)"
seed nvme_host accept-short-2 0000
for sts in 1 2 3 4 5 6 7 8 9; do
	seed nvme_host "reject-sts-$sts" "$("$CLI" nvme encode --kind reject --sts "$sts")"
done
seed nvme_host reject-short-2 0000
seed nvme_host reject-short-3 000006
seed nvme_host reject-sts-reserved 00000a00
# smbd_server: SMB Direct Negotiate Requests ([ms-smbd#2.2.1]) as Linux's
# cifs sends one and at each rule's edge ([ms-smbd#3.1.5.6])
sreq() { "$CLI" smbd encode --kind request "$@"; }
sresp() { "$CLI" smbd encode --kind response "$@"; }
find corpus/smbd_server corpus/smbd_client -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null || true
seed smbd_server empty ""
seed smbd_server linux-cifs "$(sreq)"
seed smbd_server short-19 "$(sreq | cut -c1-38)"
seed smbd_server version-above "$(sreq --min-version 0x0101 --max-version 0x0200)"
seed smbd_server version-range "$(sreq --min-version 0x0001 --max-version 0xffff)"
seed smbd_server credits-0 "$(sreq --credits-requested 0)"
seed smbd_server receive-128 "$(sreq --max-receive 128)"
seed smbd_server receive-127 "$(sreq --max-receive 127)"
seed smbd_server fragmented-131071 "$(sreq --max-fragmented 131071)"
seed smbd_server preferred-0 "$(sreq --preferred-send 0)"
# smbd_client: Negotiate Responses ([ms-smbd#2.2.2]) and iWARP IRD/ORD
# headers ([ms-smbd#6.1]) as ksmbd 6.1 sends them and at each edge
seed smbd_client empty ""
seed smbd_client linux-ksmbd "$(sresp)"
seed smbd_client short-31 "$(sresp | cut -c1-62)"
seed smbd_client not-supported "$(sresp --negotiated-version 0 --credits-requested 0 --credits-granted 0 --status 0xC00000BB --max-read-write 0 --preferred-send 0 --max-receive 0 --max-fragmented 0)"
seed smbd_client granted-0 "$(sresp --credits-granted 0)"
seed smbd_client preferred-above "$(sresp --preferred-send 1365)"
seed smbd_client irdord-be "$("$CLI" smbd encode --kind irdord --ird 16 --ord 1)"
seed smbd_client irdord-host-order 10000000 01000000
seed smbd_client irdord-zero 00000000 00000001
# iser_target and iser_initiator: the iSER CM REQ and REP headers
# ([iser-a12#req-1]) as Linux's ib_iser and ib_isert send them, and edges
find corpus/iser_target corpus/iser_initiator -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null || true
for t in iser_target iser_initiator; do
	seed $t empty ""
	seed $t linux-z "$("$CLI" iser encode --zbva-off)"
	seed $t linux-z-i "$("$CLI" iser encode --zbva-off --si-off)"
	seed $t none "$("$CLI" iser encode)"
	seed $t short-1 80
	seed $t reserved-bit 81000000
	seed $t reserved-octet 800000ff
	seed $t padded-8 80000000 00000000
done
# ibcm_passive and ibcm_active: CM MADs with the fields Linux's
# cm_format_req()/cm_format_rep() fill for an rdma_cm connection over RoCE
# (NVMe/TCP port space, port 4420; values from reading cm.c and cma.c, not
# captured from a wire), and the edges of each rule ([ibcm-c12#mad-1])
find corpus/ibcm_passive corpus/ibcm_active -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null || true
cm() { "$CLI" ibcm encode "$@"; }
V4SRC=0000000000000000000000000a000001
V4DST=0000000000000000000000000a000002
CMA4=00401144${V4SRC}${V4DST}
NVME_REQ=0000010080007f00$(zeros 24)
NVME_ACC=00008000$(zeros 28)
GIDS="primary_local_gid=00000000000000000000ffff0a000001 primary_remote_gid=00000000000000000000ffff0a000002"
REQ_LINUX="tid=0x1 local_comm_id=0x12345678 service_id=0x0000000001061144 local_ca_guid=0x0200000000000001 local_qpn=0x11 responder_resources=16 initiator_depth=16 remote_cm_response_timeout=20 end_to_end_flow_control=1 starting_psn=0xabcdef local_cm_response_timeout=20 retry_count=7 partition_key=0xffff path_mtu=3 rnr_retry_count=7 max_cm_retries=15 primary_local_lid=0xffff primary_remote_lid=0xffff $GIDS primary_hop_limit=64 primary_local_ack_timeout=18"
t=ibcm_passive
seed $t empty ""
# shellcheck disable=SC2086 # the field lists are words
seed $t req-nvme-v4 "$(cm req $REQ_LINUX private_data=$CMA4$NVME_REQ)"
# shellcheck disable=SC2086
seed $t req-nvme-v6 "$(cm req $REQ_LINUX private_data=00601144fe800000000000000000000000000001fe800000000000000000000000000002$NVME_REQ)"
# shellcheck disable=SC2086
seed $t req-cma-version-1 "$(cm req $REQ_LINUX private_data=01401144${V4SRC}${V4DST})"
# shellcheck disable=SC2086
seed $t req-cma-ip-5 "$(cm req $REQ_LINUX private_data=00501144${V4SRC}${V4DST})"
# shellcheck disable=SC2086
seed $t req-ps-ib-no-cma "$(cm req $REQ_LINUX service_id=0x00000000013f1144)"
# shellcheck disable=SC2086
seed $t req-mtu-0 "$(cm req $REQ_LINUX path_mtu=0 private_data=$CMA4)"
# shellcheck disable=SC2086
seed $t req-transport-3 "$(cm req $REQ_LINUX transport_service_type=3 private_data=$CMA4)"
# shellcheck disable=SC2086
seed $t req-xrc "$(cm req $REQ_LINUX transport_service_type=3 extended_transport_type=1 private_data=$CMA4)"
seed $t sidr-req-udp "$(cm sidr-req request_id=7 partition_key=0xffff service_id=0x0000000001110007 private_data=$CMA4)"
seed $t rtu "$(cm rtu local_comm_id=0x12345678 remote_comm_id=0x5a5a5a5a)"
seed $t dreq "$(cm dreq local_comm_id=0x12345678 remote_comm_id=0x5a5a5a5a remote_qpn=0x12)"
seed $t drep "$(cm drep local_comm_id=0x12345678 remote_comm_id=0x5a5a5a5a)"
seed $t lap "$(cm lap local_comm_id=0x12345678 remote_comm_id=0x5a5a5a5a)"
# shellcheck disable=SC2086
seed $t short-255 "$(cm req $REQ_LINUX | cut -c1-510)"
# shellcheck disable=SC2086
seed $t long-257 "$(cm req $REQ_LINUX private_data=$CMA4)" 00
seed $t other-class "$(cm rtu mgmt_class=6 method=0x13)"
t=ibcm_active
seed $t empty ""
REP_LINUX="tid=0x1 local_comm_id=0x5a5a5a5a remote_comm_id=0x12345678 local_qpn=0x12 starting_psn=0x123456 responder_resources=16 initiator_depth=16 target_ack_delay=15 rnr_retry_count=7 local_ca_guid=0x0200000000000002"
# shellcheck disable=SC2086
seed $t rep-nvme "$(cm rep $REP_LINUX private_data=$NVME_ACC)"
# shellcheck disable=SC2086
seed $t rep-depth-17 "$(cm rep $REP_LINUX initiator_depth=17)"
# shellcheck disable=SC2086
seed $t rep-other-id "$(cm rep $REP_LINUX remote_comm_id=0x1)"
seed $t rej-consumer "$(cm rej local_comm_id=0x5a5a5a5a remote_comm_id=0x12345678 reason=28 private_data=00000400)"
seed $t rej-ari-72 "$(cm rej remote_comm_id=0x12345678 rejected_info_length=72 reason=1)"
seed $t rej-ari-73 "$(cm rej remote_comm_id=0x12345678 rejected_info_length=73 reason=1)"
seed $t rej-msg-3 "$(cm rej remote_comm_id=0x12345678 message_rejected=3 reason=28)"
seed $t mra "$(cm mra remote_comm_id=0x12345678 message_mraed=0 service_timeout=20)"
seed $t mra-msg-3 "$(cm mra remote_comm_id=0x12345678 message_mraed=3)"
seed $t sidr-rep-info-73 "$(cm sidr-rep request_id=7 additional_info_length=73)"
seed $t apr-info-73 "$(cm apr remote_comm_id=0x12345678 additional_info_length=73)"
seed $t dreq-before-rtu "$(cm dreq local_comm_id=0x5a5a5a5a remote_comm_id=0x12345678)"
seed $t short-1 01
# roce_decode: RoCE v2 frames around a REQ built by rdmaneg roce encode,
# a CNP captured from a ConnectX-4 Lx and a UC Send whose checksums Scapy
# computes (tests/unit_roce.c), and the edges of each defect ([roce-a17#frame-1])
find corpus/roce_decode -maxdepth 1 -type f ! -name 'live-*' -delete 2>/dev/null || true
t=roce_decode
rf() { "$CLI" roce encode "$@"; }
# shellcheck disable=SC2086 # the field list is words
REQ4=$(cm req $REQ_LINUX private_data=$CMA4$NVME_REQ)
seed $t empty ""
seed $t req-v4 "$(rf src_ip=10.0.0.1 dst_ip=10.0.0.2 payload="$REQ4")"
seed $t req-v6 "$(rf src_ip=fe80::1 dst_ip=fe80::2 flow_label=0x12345 payload="$REQ4")"
seed $t req-bad-icrc "$(rf src_ip=10.0.0.1 dst_ip=10.0.0.2 icrc_xor=1 payload="$REQ4")"
seed $t pad-3 "$(rf src_ip=10.0.0.1 dst_ip=10.0.0.2 pad=3 payload=0011223344)"
seed $t rc-send-tver-1 "$(rf src_ip=10.0.0.1 dst_ip=10.0.0.2 opcode=4 tver=1)"
seed $t cnp-cx4-captured e41d2dab2bc27cfe90643b32080045c2003c718c4000401191610a0011010a001201000012b7002800008100ffff40000118000000000000000000000000000000000000000082fd002a
seed $t uc-scapy 248a07a8fa22248a07a8fa22080045010040047840004011b4d5c0a80007c0a80007c00012b7002caca22460ffff000000d300cf17104630818be28935d90e9a95505401be885e50000078f353f3
seed $t short-33 "$(rf src_ip=10.0.0.1 dst_ip=10.0.0.2 | cut -c1-66)"
for t in $(rdmaneg_targets); do mkdir -p "corpus/regress/$t"; touch "corpus/regress/$t/.keep"; done
for t in $(rdmaneg_targets); do printf '%-20s %3d seeds\n' "$t" "$(find "corpus/$t" -mindepth 1 -maxdepth 1 | wc -l)"; done
