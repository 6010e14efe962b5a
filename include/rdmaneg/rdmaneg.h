/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* rdmaneg: umbrella header. No allocation, no I/O, no global state. */
#ifndef RDMANEG_H
#define RDMANEG_H

#include "errors.h"
#include "ibcm.h"
#include "iser_pd.h"
#include "mpa.h"
#include "mpa_negotiate.h"
#include "negotiate.h"
#include "nvme_rdma_pd.h"
#include "roce.h"
#include "rpcrdma_pd.h"
#include "smbd.h"

#define RDMANEG_VERSION "0.1.0"

#endif
