#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# live/nvme/nvme-prepare.sh KVER: what the NVMe-over-Fabrics guest adds to the
# live one: the modules of Linux's target (nvmet-rdma) and host (nvme-rdma)
# in load order (live/guest/modules.sh; none on the debug kernel, which has
# them built in). The host connects through /dev/nvme-fabrics, so no
# user-space tool is needed. Writes build/live/nvme/{modules,bin}.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
kver=${1:?usage: live/nvme/nvme-prepare.sh KVER}
N=build/live/nvme
mkdir -p "$N"
live/guest/modules.sh "$kver" "$N/modules" nvmet-rdma nvme-rdma
: >"$N/bin"
echo "nvme-prepare: $(wc -l <"$N/modules") modules to load" >&2
