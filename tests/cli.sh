#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# CLI tests: every example of docs/cli.md and every malformed-input class.
# Usage: tests/cli.sh path/to/rdmaneg
set -uo pipefail
BIN=${1:?usage: cli.sh BIN}
pass=0 fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect NAME EXIT JQ-FILTER -- ARGS...   (JQ-FILTER "" skips the JSON check,
# "stderr" requires a non-empty stderr and empty stdout)
expect() {
	local name=$1 want=$2 filter=$3; shift 4
	"$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	local ok=1
	[ "$rc" -eq "$want" ] || ok=0
	if [ "$ok" = 1 ] && [ "$filter" = stderr ]; then
		[ -s "$tmp/err" ] && [ ! -s "$tmp/out" ] || ok=0
	elif [ "$ok" = 1 ] && [ -n "$filter" ]; then
		[ "$(wc -l <"$tmp/out")" -eq 1 ] || ok=0
		jq -e "$filter" "$tmp/out" >/dev/null 2>&1 || ok=0
	fi
	# sanitizer reports go to stderr; any is a failure
	grep -qE 'ERROR: AddressSanitizer|runtime error:' "$tmp/err" && ok=0
	if [ "$ok" = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit $rc (want $want), filter: $filter"
		sed 's/^/  out: /' "$tmp/out" | head -5
		sed 's/^/  err: /' "$tmp/err" | head -5
	fi
}

REQ=4d504120494420526571204672616d65
REP=4d504120494420526570204672616d65

# ---- decode ----
expect dec-basic 0 '.present and .offset==0 and .version==1 and (.remote_invalidation|not) and .send_size==1024 and .recv_size==1024' -- decode f6ab0e18 01 00 00 00
expect dec-spaces 0 '.present and .send_size==32768 and .remote_invalidation' -- decode "f6 ab 0e 18 01 01 1f 1f"
expect dec-empty 0 '(.present|not) and .reason=="empty"' -- decode ""
expect dec-noid 0 '(.present|not) and .reason=="no_identifier"' -- decode 00112233445566778899
expect dec-trunc 0 '(.present|not) and .reason=="truncated"' -- decode 00f6ab0e180100
expect dec-badver 0 '(.present|not) and .reason=="bad_version"' -- decode f6ab0e18020000 00
expect dec-odd-offset 0 '.present and .offset==3' -- decode 000000f6ab0e1801000307
expect dec-strict-miss 0 '(.present|not) and .reason=="no_identifier"' -- decode --strict 000000f6ab0e1801000307
expect dec-strict-hit 0 '.present and .offset==0' -- decode --strict f6ab0e1801000307
expect dec-skip-invalid 0 '.present and .offset==8 and .candidates==2' -- decode f6ab0e1809000000 f6ab0e1801000000
expect dec-reserved 0 '.present and .reserved==127 and .remote_invalidation' -- decode f6ab0e1801ff0000
printf '\xf6\xab\x0e\x18\x01\x01\x03\x07' >"$tmp/pd.bin"
expect dec-file 0 '.present and .send_size==4096 and .recv_size==8192' -- decode -f "$tmp/pd.bin"
expect dec-stdin 0 '.present' -- decode -f - <"$tmp/pd.bin"
expect dec-odd-hex 1 '.error|test("odd number")' -- decode f6a
expect dec-bad-hex 1 '.error|test("invalid hex")' -- decode f6zz
expect dec-nofile 1 '.error|test("cannot open")' -- decode -f "$tmp/does-not-exist"
expect dec-noinput 2 stderr -- decode
expect dec-both 2 stderr -- decode -f "$tmp/pd.bin" 00
expect dec-badopt 2 stderr -- decode --bogus 00
expect dec-help 0 '' -- decode --help

# ---- encode ----
expect enc-basic 0 '' -- encode --send 4096 --recv 8192 --remote-invalidation
[ "$("$BIN" encode --send 4096 --recv 8K --remote-invalidation)" = f6ab0e1801010307 ] \
	&& pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL enc-value"; }
[ "$("$BIN" encode --send 300000 --recv 1024)" = f6ab0e180100ff00 ] \
	&& pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL enc-clamp"; }
[ "$("$BIN" encode --send 263168 --recv 2047)" = f6ab0e180100ff00 ] \
	&& pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL enc-nowrap"; }
expect enc-json 0 '.private_data=="f6ab0e180100ff03" and .send_size==262144 and .recv_size==4096' -- encode --send 1G --recv 5000 --json 2>/dev/null
expect enc-small 1 '.error|test("below the 1024")' -- encode --send 512 --recv 4096
expect enc-small-recv 1 '.error|test("receive size")' -- encode --send 4096 --recv 0
expect enc-notnum 2 stderr -- encode --send abc --recv 4096
expect enc-neg 2 stderr -- encode --send -5 --recv 4096
expect enc-overflow 2 stderr -- encode --send 99999999999999999999999 --recv 4096
expect enc-missing 2 stderr -- encode --send 4096
expect enc-extra 2 stderr -- encode --send 4096 --recv 4096 junk

# ---- negotiate ----
expect neg-client 0 '.send_threshold==8192 and .recv_threshold==4096 and .client_to_server==8192 and .server_to_client==4096 and (.remote_invalidation|not) and .peer_private_data.present' -- negotiate --role client --send 32K --recv 32K f6ab0e1801000307
expect neg-server 0 '.send_threshold==4096 and .recv_threshold==8192 and .client_to_server==8192 and .server_to_client==4096' -- negotiate --role server --send 4096 --recv 8192 f6ab0e1801001f1f
expect neg-absent 0 '.send_threshold==1024 and .recv_threshold==1024 and (.peer_private_data.present|not) and .peer_private_data.reason=="empty"' -- negotiate --role client --send 32K --recv 32K
expect neg-rinv 0 '.remote_invalidation' -- negotiate --role server --send 4K --recv 4K --remote-invalidation f6ab0e1801010303
expect neg-rinv-one 0 '(.remote_invalidation|not)' -- negotiate --role server --send 4K --recv 4K f6ab0e1801010303
expect neg-strict 0 '.send_threshold==1024' -- negotiate --role client --strict --send 4K --recv 4K 00f6ab0e1801000303
expect neg-normalize 0 '.local.send_size==4096 and .local.recv_size==262144 and .send_threshold==4096' -- negotiate --role client --send 5000 --recv 1G f6ab0e180100ffff
expect neg-badrole 2 stderr -- negotiate --role peer --send 4K --recv 4K
expect neg-norole 2 stderr -- negotiate --send 4K --recv 4K
expect neg-small 1 '.error|test("1024")' -- negotiate --role client --send 100 --recv 4K
expect neg-badhex 1 '.error' -- negotiate --role client --send 4K --recv 4K xyz

# ---- mpa decode ----
SIWREQ="$REQ 10 02 000c 00050004 f6ab0e18 01 01 1f 1f"
SIWREP="$REP 10 02 000c 00040002 f6ab0e18 01 00 03 07"
# shellcheck disable=SC2086 # the hex goes in as words, as a user types it
expect mpa-req 0 '.type=="request" and .enhanced and .revision==2 and .pd_length==12 and .ird==5 and .ord==4 and (.peer_to_peer|not) and .ulp_private_data=="f6ab0e1801011f1f" and .rpcrdma.present and .rpcrdma.send_size==32768' -- mpa decode $SIWREQ
# shellcheck disable=SC2086 # as above
expect mpa-rep 0 '.type=="reply" and .ird==4 and .ord==2 and .rpcrdma.recv_size==8192 and (.reject|not)' -- mpa decode $SIWREP
expect mpa-v1 0 '.revision==1 and (.enhanced|not) and .ird==null and .rpcrdma.present' -- mpa decode $REQ 00 01 0008 f6ab0e1801000000
expect mpa-reject 0 '.reject and .pd_length==0 and (.rpcrdma.present|not)' -- mpa decode $REP 20 01 0000
expect mpa-3fff 0 '.ird==16383 and .ord==16383 and .peer_to_peer and .rtr_send and .rtr_read and (.rtr_write|not)' -- mpa decode $REQ 10 02 0004 ffff 7fff
# [rfc5044#7.1-1]
expect mpa-trailing 0 '.trailing==3 and .frame_length==20' -- mpa decode $REQ 00 01 0000 aabbcc
expect mpa-short 1 '.code=="mpa_short"' -- mpa decode $REQ 00 01 00
# [rfc5044#7.1.2-13]
expect mpa-key 1 '.code=="mpa_key"' -- mpa decode 4d504120494420526571204672616d66 00 01 0000
expect mpa-rev0 1 '.code=="mpa_rev0"' -- mpa decode $REQ 00 00 0000
expect mpa-rev3 1 '.code=="mpa_rev_unknown"' -- mpa decode $REQ 00 03 0000
expect mpa-pdlong 1 '.code=="mpa_pd_too_long"' -- mpa decode $REQ 00 01 0201
expect mpa-pdtrunc 1 '.code=="mpa_pd_truncated"' -- mpa decode $REQ 00 01 0008 f6ab0e18
expect mpa-srev 1 '.code=="mpa_s_rev"' -- mpa decode $REQ 10 01 0004 00000000
expect mpa-sshort 1 '.code=="mpa_s_short"' -- mpa decode $REQ 10 02 0003 000000
expect mpa-noinput 2 stderr -- mpa decode
expect mpa-badsub 2 stderr -- mpa frobnicate

# ---- mpa encode ----
[ "$("$BIN" mpa encode --type request --enhanced --ird 5 --ord 4 --ulp f6ab0e1801011f1f)" = "$(tr -d ' ' <<<"$SIWREQ")" ] \
	&& pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL mpa-enc-siw"; }
expect mpa-enc-p2p-norev 2 stderr -- mpa encode --type request --rtr send
expect mpa-enc-srev 1 '.code=="mpa_s_rev"' -- mpa encode --type request --enhanced --rev 1
expect mpa-enc-long 1 '.code=="mpa_pd_too_long"' -- mpa encode --type reply --ulp "$(head -c 513 /dev/zero | od -An -v -tx1 | tr -d ' \n')"
expect mpa-enc-range 2 stderr -- mpa encode --type request --enhanced --ird 16384

# ---- mpa negotiate ----
expect mneg-basic 0 '.request.ird==5 and .request.ord==4 and .reply.ird==4 and .reply.ord==5 and .responder.accepted and .initiator.accepted and .checks.initiator_ord_le_responder_ird and .checks.responder_ord_le_initiator_ird' -- mpa negotiate --ini-ird 5 --ini-ord 4 --rsp-ird 3 --rsp-ord 8
expect mneg-3fff 0 '.reply.ird==16383 and .reply.ord==16383 and .responder.ird==4 and .initiator.ord==16383' -- mpa negotiate --ini-ird 0x3FFF --ini-ord 0x3fff
# [rfc5044#7.1.2-15]
expect mneg-term6 0 '(.responder.accepted|not) and .responder.term.code==6 and .responder.term.layer==2 and .reply.ord==6 and .reply_rejected and (.initiator.accepted|not)' -- mpa negotiate --ini-ird 2 --rsp-ord 8 --rsp-ord-min 6
expect mneg-term7 0 '.initiator.term.code==7 and .initiator.term.type==0' -- mpa negotiate --ini-p2p --ini-rtr write --rsp-rtr send
expect mneg-p2p 0 '.initiator.accepted and .initiator.rtr=="write" and .reply.a' -- mpa negotiate --ini-p2p --ini-rtr write,read --rsp-rtr send,write,read
expect mneg-replay 0 '.reply.word=="00040011" and .initiator.term.code==6' -- mpa negotiate --ini-ird 5 --ini-ird-max 8 --reply 00040011
expect mneg-replay-req 0 '.request.word=="00050004" and .reply.ird==4' -- mpa negotiate --request 00050004
expect mneg-badword 1 '.error|test("4 octets.*got 2$")' -- mpa negotiate --reply 0004
expect mneg-badcfg 1 '.code=="config"' -- mpa negotiate --rsp-ird 9 --rsp-ird-max 4
expect mneg-badval 2 stderr -- mpa negotiate --ini-ird 16384

# ---- smbd ([ms-smbd#2.2.1] to [ms-smbd#6.1]) ----
SREQ=000100010000ff00540500005405000000001000
expect smbd-enc-req 0 '' -- smbd encode --kind request
[ "$("$BIN" smbd encode --kind request)" = "$SREQ" ] && pass=$((pass + 1)) ||
	{ fail=$((fail + 1)); echo "FAIL smbd-enc-req-octets"; }
expect smbd-judge-ok 0 '.action=="respond" and .defects==[] and (.response|length)==64' -- smbd judge $SREQ
expect smbd-judge-128 0 '.action=="respond"' -- smbd judge "$("$BIN" smbd encode --kind request --max-receive 128)"
expect smbd-judge-127 0 '.action=="terminate" and .defects==["receive"] and .response==null' -- smbd judge "$("$BIN" smbd encode --kind request --max-receive 127)"
expect smbd-judge-version 0 '.action=="not_supported" and .defects==["version"]' -- smbd judge "$("$BIN" smbd encode --kind request --min-version 0x200 --max-version 0x200)"
expect smbd-judge-short 0 '.action=="terminate" and .request==null and .defects==["short"]' -- smbd judge 0001
expect smbd-judge-empty 0 '.length==0 and .action=="terminate"' -- smbd judge ""
expect smbd-check-status 0 '.response.defects==["status"]' -- smbd check "$("$BIN" smbd encode --kind response --status 0xC00000BB)"
expect smbd-check-own 0 '.response.defects==["preferred"]' -- smbd check --max-receive 1363 "$("$BIN" smbd encode --kind response)"
expect smbd-check-irdord 0 '.irdord.ird==16 and .irdord.ord==1 and .irdord.defects==[]' -- smbd check "$("$BIN" smbd encode --kind irdord --ird 16 --ord 1)"
expect smbd-check-zero 0 '.irdord.defects==["zero"]' -- smbd check 0000000000000001
expect smbd-bad-hex 1 '.error' -- smbd judge zz
expect smbd-no-kind 2 stderr -- smbd encode
expect smbd-bad-kind 2 stderr -- smbd encode --kind hello
expect smbd-wrong-opt 2 stderr -- smbd encode --kind request --status 1
expect smbd-irdord-zero 2 stderr -- smbd encode --kind irdord --ird 0 --ord 1
expect smbd-u16-range 2 stderr -- smbd encode --kind request --credits-requested 65536
expect smbd-judge-opt 2 stderr -- smbd judge --status 1 $SREQ
expect smbd-judge-loc 2 stderr -- smbd judge --max-receive 127 $SREQ
expect smbd-check-opt 2 stderr -- smbd check --ird 1 $SREQ
expect smbd-unknown-opt 2 stderr -- smbd check --bogus 1

# ---- iser ([iser-a12#req-1] to [iser-a12#req-3]) ----
[ "$("$BIN" iser encode --zbva-off)" = 80000000 ] && pass=$((pass + 1)) ||
	{ fail=$((fail + 1)); echo "FAIL iser-enc"; }
expect iser-reply-linux 0 '.send_with_invalidate and .reply=="80000000" and .request.defects==[]' -- iser reply 80000000
expect iser-reply-noinv 0 '(.send_with_invalidate|not) and .reply=="c0000000"' -- iser reply c0000000
expect iser-reply-nosi 0 '(.send_with_invalidate|not)' -- iser reply --no-si 80000000
expect iser-reply-short 0 '.request.defects==["short"] and (.send_with_invalidate|not) and .reply=="c0000000"' -- iser reply 00
expect iser-reply-rsvd 0 '.request.defects==["reserved"] and .request.reserved_at==2' -- iser reply 8000ff00
expect iser-check-ok 0 '.reply.defects==[]' -- iser check --zbva-off --si-off c0000000
expect iser-check-si 0 '.reply.defects==["si"]' -- iser check --zbva-off --si-off 80000000
expect iser-check-empty 0 '.reply.defects==["short"]' -- iser check ""
expect iser-bad-hex 1 '.error' -- iser check 8
expect iser-enc-arg 2 stderr -- iser encode 80
expect iser-wrong-opt 2 stderr -- iser reply --si-off 80000000
expect iser-check-opt 2 stderr -- iser check --no-si 80000000

# ---- ibcm ([ibcm-c12#mad-1] to [ibcm-c12#cma-2]) ----
CMREQ=$("$BIN" ibcm encode req local_comm_id=0x1234 service_id=0x0000000001061144 path_mtu=3 \
	responder_resources=16 initiator_depth=16 private_data=00401144)
# the header (base 1, class 7, version 2, Send, tid 0, attribute 0x10), the
# private data at octet 164, 256 octets in all
[ "${CMREQ:0:36}" = 010702030000000000000000000000000010 ] && [ "${#CMREQ}" = 512 ] &&
	[ "${CMREQ:328:8}" = 00401144 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL ibcm-enc"; }
expect ibcm-passive-req 0 '.message=="req" and .defects==[] and .fields.path_mtu==3 and .cma.ip_version==4 and .cma.port==4420 and .private_data.offset==164' -- ibcm passive "$CMREQ"
expect ibcm-passive-cma 0 '.defects==["cma"]' -- ibcm passive "$("$BIN" ibcm encode req service_id=0x0000000001061144 path_mtu=3 private_data=00501144)"
expect ibcm-passive-ib 0 '.defects==[] and .cma==null and .private_data.length==92' -- ibcm passive "$("$BIN" ibcm encode req service_id=0x00000000013f1144 path_mtu=3 private_data=00501144)"
expect ibcm-passive-mtu 0 '.defects==["mtu"]' -- ibcm passive "$("$BIN" ibcm encode req path_mtu=0)"
expect ibcm-passive-short 0 '.defects==["length"] and (.message|not)' -- ibcm passive 0107
expect ibcm-passive-attr 0 '.defects==["attr"] and .message==null' -- ibcm passive "$("$BIN" ibcm encode req attr_id=0x20)"
expect ibcm-active-ok 0 '.message=="rep" and .defects==[]' -- ibcm active --comm-id 0x1234 --responder-resources 16 --initiator-depth 16 "$("$BIN" ibcm encode rep remote_comm_id=0x1234 initiator_depth=16)"
expect ibcm-active-bad 0 '.defects==["comm_id","resources"]' -- ibcm active --comm-id 0x1234 "$("$BIN" ibcm encode rep remote_comm_id=0x1235 initiator_depth=1)"
expect ibcm-active-rej 0 '.defects==["info_len"] and .fields.rejected_info_length==73' -- ibcm active "$("$BIN" ibcm encode rej rejected_info_length=73)"
expect ibcm-bad-hex 1 '.error' -- ibcm passive 0
expect ibcm-enc-none 2 stderr -- ibcm encode
expect ibcm-enc-msg 2 stderr -- ibcm encode hello
expect ibcm-enc-field 2 stderr -- ibcm encode rep service_id=1
expect ibcm-enc-wide 2 stderr -- ibcm encode req path_mtu=16
expect ibcm-enc-long 2 stderr -- ibcm encode rtu "private_data=$(head -c 225 /dev/zero | xxd -p | tr -d '\n')"
expect ibcm-enc-pair 2 stderr -- ibcm encode req path_mtu
expect ibcm-active-range 2 stderr -- ibcm active --initiator-depth 256 ""
expect ibcm-passive-opt 2 stderr -- ibcm passive --comm-id 1 ""

# ---- roce ([roce-a17#frame-1] to [roce-a17#icrc-1]) ----
RF=$("$BIN" roce encode src_ip=198.51.100.2 dst_ip=198.51.100.1 psn=0x123 payload=0102030405)
expect roce-decode 0 '.defects==[] and .ip_version==4 and .dst_ip=="198.51.100.1" and .psn==291 and .dest_qp==1 and .qkey==2147549184 and .payload.hex=="0102030405" and .payload.offset==62' -- roce decode "$RF"
expect roce-decode-v6 0 '.defects==[] and .ip_version==6 and .flow_label==74565 and .src_ip=="2001:db8::2"' -- roce decode "$("$BIN" roce encode src_ip=2001:db8::2 dst_ip=2001:db8::1 flow_label=0x12345)"
expect roce-decode-icrc 0 '.defects==["icrc"]' -- roce decode "$("$BIN" roce encode src_ip=198.51.100.2 dst_ip=198.51.100.1 icrc_xor=1 payload=00)"
expect roce-decode-pad 0 '.defects==[] and .pad==3 and .payload.length==1' -- roce decode "$("$BIN" roce encode pad=3 payload=ff)"
expect roce-decode-short 0 '.defects==["short"] and .payload.length==0' -- roce decode 0800
expect roce-decode-bad-hex 1 '.error' -- roce decode 0
expect roce-enc-wide 2 stderr -- roce encode dest_qp=0x1000000
expect roce-enc-field 2 stderr -- roce encode frobnicate=1
expect roce-enc-pair 2 stderr -- roce encode psn
expect roce-enc-mac 2 stderr -- roce encode dst_mac=00:11:22
expect roce-enc-ip 2 stderr -- roce encode src_ip=300.1.1.1
expect roce-enc-mixed 2 stderr -- roce encode src_ip=::1 dst_ip=10.0.0.1
expect roce-enc-long 2 stderr -- roce encode "payload=$(head -c 4097 /dev/zero | xxd -p | tr -d '\n')"
expect roce-decode-opt 2 stderr -- roce decode --comm-id 1 ""

# ---- help and usage ----
expect help 0 '' -- --help
expect help-mpa 0 '' -- help mpa negotiate
expect version 0 '' -- --version
expect noargs 2 '' --
expect unknown 2 stderr -- frobnicate
expect help-nopage 2 stderr -- help mpa bogus
expect mpa-nosub 2 stderr -- mpa bogus
expect opt-elsewhere 2 stderr -- decode --send 1 ff
# a trailing space is not a size (it once read as a TiB multiplier)
expect enc-size-space 2 stderr -- encode --send '4096 ' --recv 4096
expect enc-size-junk 2 stderr -- encode --send 4X --recv 4096
expect enc-size-kib 0 '.send_size==4096' -- encode --send 4KiB --recv 4096 --json
for page in decode encode negotiate "smbd encode" "smbd judge" "smbd check" "iser encode" "iser reply" "iser check" \
	"ibcm encode" "ibcm passive" "ibcm active" "roce encode" "roce decode"; do
	# shellcheck disable=SC2086 # a page is one or two words
	"$BIN" help $page | grep -q '^SYNOPSIS' && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL help-$page"; }
done

echo "cli($BIN): $pass passed, $fail failed"
[ "$fail" -eq 0 ]
