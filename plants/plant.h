/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Planted bugs: the negative controls of every checker.
 * Build with -DRDMANEG_PLANT=<name>; RDMANEG_PLANTED(name) is then true
 * for exactly that name. This is the one list of names.
 */
#ifndef RDMANEG_PLANT_H
#define RDMANEG_PLANT_H

#define RDMANEG_PLANT_ID_decode_overrun 1      /* decode reads 1 octet past the end */
#define RDMANEG_PLANT_ID_thresh_own_recv 2     /* threshold uses own recv, not peer's */
#define RDMANEG_PLANT_ID_code_wrap 3	       /* size code wraps at 256 */
#define RDMANEG_PLANT_ID_r_one_side 4	       /* R honoured when one side set it */
#define RDMANEG_PLANT_ID_mpa_3fff_number 5     /* 0x3FFF treated as a number */
#define RDMANEG_PLANT_ID_ord_no_clamp 6	       /* responder ORD not clamped to peer IRD */
#define RDMANEG_PLANT_ID_mpa_pd_overrun 7      /* PD_Length trusted beyond the buffer */
#define RDMANEG_PLANT_ID_absent_own 8	       /* absent peer: own sizes, not 1024 */
#define RDMANEG_PLANT_ID_no_normalize 9	       /* local sizes not normalized */
#define RDMANEG_PLANT_ID_encode_round_up 10    /* encode rounds up */
#define RDMANEG_PLANT_ID_search_aligned 11     /* search only at 4-aligned offsets */
#define RDMANEG_PLANT_ID_stale_peer 12	       /* renegotiation keeps old peer state */
#define RDMANEG_PLANT_ID_a0_echo_bcd 13	       /* A=0 reply echoes B/C/D */
#define RDMANEG_PLANT_ID_rtr_no_term7 14       /* no common RTR still accepted */
#define RDMANEG_PLANT_ID_res_dropped 15	       /* build drops the Res bits */
#define RDMANEG_PLANT_ID_ulp_offset 16	       /* ULP data starts 1 octet early */
#define RDMANEG_PLANT_ID_search_overrun 17     /* identifier search 2 octets too far */
#define RDMANEG_PLANT_ID_ini_3fff_ird 18       /* initiator: responder ORD 0x3FFF as a number */
#define RDMANEG_PLANT_ID_rsp_reject_equal 19   /* responder rejects ORD equal to the ULP minimum */
#define RDMANEG_PLANT_ID_enh_ord_mask 20       /* enhanced word: ORD read with the D bit */
#define RDMANEG_PLANT_ID_reason_last 21	       /* decode reason: last failing candidate */
#define RDMANEG_PLANT_ID_a_mismatch_ok 22      /* initiator accepts a Reply with another A */
#define RDMANEG_PLANT_ID_parse_dirty 23	       /* parse leaves fields set on an error */
#define RDMANEG_PLANT_ID_cli_size_mask 24      /* CLI: a size's suffix case-folded with ~0x20 */
#define RDMANEG_PLANT_ID_gcda_len_unchecked 25 /* .gcda: a record read past the image */
#define RDMANEG_PLANT_ID_nvme_short_read 26    /* NVMe request: 30 octets taken as 32 */
#define RDMANEG_PLANT_ID_nvme_swap_sizes 27    /* NVMe request: HRQSIZE and HSQSIZE swapped */
#define RDMANEG_PLANT_ID_nvme_admin_limit 28   /* NVMe target: HSQSIZE limit off by one */
#define RDMANEG_PLANT_ID_nvme_crq_plus_one 29  /* NVMe host: CRQSIZE = HSQSIZE + 1 passes */
#define RDMANEG_PLANT_ID_nvme_sts_two 30       /* NVMe reject: STS read from 2 octets */
#define RDMANEG_PLANT_ID_nvme_accept_plus_one 31 /* NVMe accept: CRQSIZE sent as HSQSIZE + 1 */
#define RDMANEG_PLANT_ID_smbd_irdord_le 32	 /* SMB Direct IRD/ORD read little-endian */
#define RDMANEG_PLANT_ID_smbd_resp_short 33	 /* SMB Direct response: 28 octets taken */
#define RDMANEG_PLANT_ID_smbd_receive_le 34 /* SMB Direct request: MaxReceiveSize 128 refused */
#define RDMANEG_PLANT_ID_smbd_version_max_only 35 /* SMB Direct request: MinVersion unread */
#define RDMANEG_PLANT_ID_smbd_status_ignored 36	  /* SMB Direct response: Status unchecked */
#define RDMANEG_PLANT_ID_iser_one_octet 37	  /* iSER header: 1 octet taken as 4 */
#define RDMANEG_PLANT_ID_iser_si_ignored 38	  /* iSER target: I not read, SI used anyway */
#define RDMANEG_PLANT_ID_iser_zbva_unchecked 39	  /* iSER initiator: a REP's Z not checked */
#define RDMANEG_PLANT_ID_ibcm_mtu_zero 40	  /* IB CM REQ: path MTU code 0 taken */
#define RDMANEG_PLANT_ID_ibcm_ari_73 41		  /* IB CM REJ: 73 octets of ARI taken */
#define RDMANEG_PLANT_ID_ibcm_rej_comm_id 42	  /* IB CM: a REJ's Remote Comm ID unchecked */
#define RDMANEG_PLANT_ID_ibcm_cma_nibble 43    /* rdma_cm header: IP version from the low nibble */
#define RDMANEG_PLANT_ID_ibcm_set_lsb_first 44 /* IB CM set: bits written least significant first */
#define RDMANEG_PLANT_ID_roce_icrc_udp_csum 45 /* ICRC: one UDP checksum octet left unmasked */
#define RDMANEG_PLANT_ID_iser_encode_reserved 46 /* iSER header: h->reserved sent with the flags */
#define RDMANEG_PLANT_ID_roce_flow_label_nibble 47 /* IPv6: the flow label's top nibble not sent */
#define RDMANEG_PLANT_ID_roce_udp_pseudo_v6 48	   /* UDP checksum: IPv6 addresses from octet 9 */

#define RDMANEG_PLANT_CAT_(a, b) a##b
#define RDMANEG_PLANT_CAT(a, b) RDMANEG_PLANT_CAT_(a, b)

/* A second name (RDMANEG_PLANT2) lets triage be shown two distinct bugs. */
#if defined(RDMANEG_PLANT2) && !defined(RDMANEG_PLANT)
#error "RDMANEG_PLANT2 needs RDMANEG_PLANT"
#endif
#ifdef RDMANEG_PLANT
#if RDMANEG_PLANT_CAT(RDMANEG_PLANT_ID_, RDMANEG_PLANT) == 0
#error "unknown RDMANEG_PLANT name; see plants/plant.h"
#endif
#ifdef RDMANEG_PLANT2
#if RDMANEG_PLANT_CAT(RDMANEG_PLANT_ID_, RDMANEG_PLANT2) == 0
#error "unknown RDMANEG_PLANT2 name; see plants/plant.h"
#endif
#define RDMANEG_PLANTED(name) \
	(RDMANEG_PLANT_CAT(RDMANEG_PLANT_ID_, RDMANEG_PLANT) == RDMANEG_PLANT_ID_##name || \
	 RDMANEG_PLANT_CAT(RDMANEG_PLANT_ID_, RDMANEG_PLANT2) == RDMANEG_PLANT_ID_##name)
#else
#define RDMANEG_PLANTED(name) \
	(RDMANEG_PLANT_CAT(RDMANEG_PLANT_ID_, RDMANEG_PLANT) == RDMANEG_PLANT_ID_##name)
#endif
#else
#define RDMANEG_PLANTED(name) 0
#endif

#endif
