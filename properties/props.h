/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* props: the property suite, one function per property (docs/properties.md lists them). */
#ifndef RDMANEG_PROPS_H
#define RDMANEG_PROPS_H

#include "properties/pbt.h"

int prop_thresholds(struct pbt *p);
int prop_absent_defaults(struct pbt *p);
int prop_remote_invalidation(struct pbt *p);
int prop_agreement(struct pbt *p);
int prop_roundtrip(struct pbt *p);
int prop_search(struct pbt *p);
int prop_reconnect(struct pbt *p);
int prop_ird_ord(struct pbt *p);
int prop_rtr(struct pbt *p);
int prop_frame_roundtrip(struct pbt *p);
int prop_stacking(struct pbt *p);
int prop_exchange(struct pbt *p);
int prop_hostile_reply(struct pbt *p);
int prop_respond(struct pbt *p);
int prop_liveness(struct pbt *p);
int prop_decode_pieces(struct pbt *p);
int prop_nvme_request(struct pbt *p);
int prop_nvme_answer(struct pbt *p);
int prop_nvme_host(struct pbt *p);
int prop_smbd_server(struct pbt *p);
int prop_smbd_roundtrip(struct pbt *p);
int prop_smbd_client(struct pbt *p);
int prop_iser_target(struct pbt *p);
int prop_iser_initiator(struct pbt *p);
int prop_ibcm_passive(struct pbt *p);
int prop_ibcm_active(struct pbt *p);
int prop_ibcm_fields(struct pbt *p);
int prop_roce_frame(struct pbt *p);
int prop_cma_roundtrip(struct pbt *p);
int prop_mpa_roundtrip(struct pbt *p);
int prop_nvme_roundtrip(struct pbt *p);
int prop_iser_roundtrip(struct pbt *p);

extern const struct pbt_prop rdmaneg_props[];
extern const size_t rdmaneg_nprops;

#endif
