# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/live.mk: the live suites in the qemu guest, and rdmaneg-peer (included by the Makefile, in order)
# ---- rdmaneg-live: the live suites' program (live/) ----
UTIL_SRC := util/record.c util/json.c util/klog.c util/hex.c util/file.c util/gcda.c util/arcs.c \
	util/verdict.c util/guide.c util/agent.c util/casename.c util/kcov.c util/verb.c \
	util/ibcm_name.c util/netstat.c
# the pure half of the harness (no sockets, no verbs): host and guest, and
# make test's unit tests; each suite's fragment (live/SUITE/SUITE.mk, all
# included here, before the rules) adds its own pure files to LIVE_PURE,
# and its guest files to LIVE_SUITE_SRC: a new suite
# is a folder with its fragment, and its verbs in live/main.c's table
LIVE_PURE := live/core/frames.c live/guest/gcov.c live/ulp/ulp_read.c
LIVE_SUITE_SRC :=
include $(sort $(wildcard live/*/*.mk))
LIVE_SRC := live/main.c live/core/live_args.c live/core/cm.c live/core/client.c live/ulp/ulp_verbs.c \
	live/guest/guest_verbs.c live/ulp/ulp_peer.c live/ulp/ulp_hold.c $(LIVE_SUITE_SRC) $(LIVE_PURE) $(ORACLE_SRC) \
	$(UTIL_SRC)
CC_live = $(CC) -std=gnu11 -Wall -Wextra -Werror -O2 -g $(INC)
CC_live-asan = $(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) $(INC)
$(foreach f,live live-asan,$(eval $(call c_flavour,$(f))))
LIVE_LIBS := -lrdmacm -libverbs -pthread

$(B)/live/rdmaneg-live: $(call flavour_objs,live,$(LIVE_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CC) $^ $(LIVE_LIBS) -o $@

# ... with one planted bug in the core (its archive from mk/properties.mk):
# the NFS judge's negative control (tests/plants.sh, nfs: rows of
# plants/plants.tsv)
$(B)/plant-live/%/rdmaneg-live: $(call flavour_objs,live,$(LIVE_SRC)) $(B)/plant-core/%/plant-o2.a
	@mkdir -p $(@D)
	$(CC) $^ $(LIVE_LIBS) -o $@

# the pure half, tested on the host (no qemu): the MPA loopback's judge and
# report, and the NFS suite's reader, judge, report, cases and RPC
$(B)/asan/live-unit: $(call flavour_objs,live-asan,tests/live_unit.c tests/live_unit_roce.c tests/live_unit_roce_host.c tests/live_unit_roce_random.c $(LIVE_PURE) $(ORACLE_SRC) \
		$(UTIL_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@
$(B)/asan/nfs-unit: $(call flavour_objs,live-asan,tests/nfs_unit.c $(LIVE_PURE) $(ORACLE_SRC) \
		$(UTIL_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@
$(B)/asan/nvme-unit: $(call flavour_objs,live-asan,tests/nvme_unit.c $(LIVE_PURE) $(ORACLE_SRC) \
		$(UTIL_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

$(B)/asan/ulp-unit: $(call flavour_objs,live-asan,tests/ulp_unit.c $(LIVE_PURE) $(ORACLE_SRC) \
		$(UTIL_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# util/'s shared helpers: klog, hex, gcda, arcs, verdict
$(B)/asan/util-unit: $(call flavour_objs,live-asan,tests/util_unit.c $(UTIL_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# ---- rdmaneg-peer: hostile MPA peer and conformance tester (peer/) ----
# the pure half (cases, expectations, verdict, report) and the sockets
PEER_PURE := peer/peer_cases.c peer/plan.c peer/expect.c peer/fpdu.c peer/peer_report.c \
	oracle/mpa_ref.c oracle/rpcrdma_ref.c rules/rules.c
PEER_SRC := peer/main.c peer/run.c peer/session.c peer/reference.c $(PEER_PURE) $(UTIL_SRC)
CC_peer = $(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g $(INC)
CC_peer-asan = $(CLANG) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O1 -g $(SAN) \
	$(INC)
$(foreach f,peer peer-asan,$(eval $(call c_flavour,$(f))))
$(B)/plain/rdmaneg-peer: $(call flavour_objs,peer,$(PEER_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# ... on a core with one planted bug: make live runs its baseline with it
# too, on siw, and its verdicts must not move (docs/compliance.md)
$(B)/plant-peer/%/rdmaneg-peer: $(call flavour_objs,peer,$(PEER_SRC)) $(B)/plant-core/%/plant-o2.a
	@mkdir -p $(@D)
	$(CC) $^ -pthread -o $@

$(B)/asan/rdmaneg-peer: $(call flavour_objs,peer-asan,$(PEER_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

$(B)/asan/peer-unit: $(call flavour_objs,peer-asan,tests/peer_unit.c $(PEER_PURE) $(UTIL_SRC) \
		$(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

peer: $(B)/plain/rdmaneg-peer

# rdmaneg-peer against the guest's siw, both roles (see live/adversarial/adversarial.sh)
live-adversarial:
	@live/adversarial/adversarial.sh

# one case or frame on a fresh guest: make live-repro ROLE=request CASE=rev-0
live-repro:
	@ROLE_ARG="$(ROLE)" CASE_ARG="$(CASE)" FRAME_ARG="$(FRAME)" live/adversarial/adversarial.sh repro

# the debug guest kernel from linux-source-KVER (live/guest/kernel.sh, cached),
# then its controls: lkdtm's slab overflow must fail make live as a KASAN
# finding, lkdtm's hung task must end the boot at the hung-task detector's
# report. KERNEL=debug runs every live suite on it.
live-kernel:
	@live/guest/kernel.sh >/dev/null && live/guest/kernel-control.sh

# a hostile peer's random mode against its coverage-guided mode on the
# debug kernel, one boot each with the same budget: rdmaneg-peer's MPA
# cases, or with PEER_ROLE=nfs-client the NFS private data (live/adversarial/guided.sh)
live-guided:
	@live/adversarial/guided.sh

# every finding's patch proven on the harness that found it: checkpatch,
# W=1, the debug kernel built again with the patches (KERNEL=fixed), each
# reproducer on both kernels, then the suites on the fixed one
# (live/fixes/fixes.sh; docs/findings.md)
live-fixes:
	@live/fixes/fixes.sh

# every finding's check on the debug kernel of one kernel line, KVER=6.1
# (default), 6.12 or 7.3 (live/guest/kvers): reproduced k of N, against the
# registry's on: lines (live/fixes/measure.sh; docs/findings.md)
live-findings:
	@live/fixes/measure.sh

# its negative control: with one finding's patch left out (FIXES_DROP),
# make live-fixes must fail and name that finding (tests/fixes-control.sh)
live-fixes-control:
	@tests/fixes-control.sh

# what KCOV would see of siw and iw_cm, against gcov (live/adversarial/kcov.sh)
live-kcov:
	@live/adversarial/kcov.sh

# snapshots against boots: the same campaign in both modes, stock and
# debug, the table's outcomes compared, guided against random mode
# (live/campaign/bench.sh; docs/snapshots.md)
bench-live:
	@live/campaign/bench.sh

# OSS-Fuzz build.sh under the environment OSS-Fuzz sets, plus check_build.
oss-fuzz-check:
	@tools/oss-fuzz-check.sh

# ---- rdmaneg-campaign: the host's campaign driver (live/campaign/) ----
# boots the guest once, saves it, hands each case to its agent over a
# virtio-serial port and restores the snapshot after a case that killed,
# hung or tainted it (docs/snapshots.md)
CAMPAIGN_PURE := live/campaign/schedule.c live/campaign/qmp.c live/campaign/compare.c \
	live/campaign/blame.c
CAMPAIGN_SRC := live/campaign/main.c live/campaign/record.c live/campaign/vm.c live/campaign/cache.c \
	$(CAMPAIGN_PURE) $(UTIL_SRC)
CC_campaign = $(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g $(INC)
CC_campaign-asan = $(CLANG) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O1 -g \
	$(SAN) $(INC)
$(foreach f,campaign campaign-asan,$(eval $(call c_flavour,$(f))))
$(B)/live/rdmaneg-campaign: $(call flavour_objs,campaign,$(CAMPAIGN_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/campaign-unit: $(call flavour_objs,campaign-asan,tests/campaign_unit.c \
		$(CAMPAIGN_PURE) $(UTIL_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# the snapshot cache alone (struct cache_snap; vm.c includes it, not the reverse)
$(B)/asan/snapshot-unit: $(call flavour_objs,campaign-asan,tests/snapshot_unit.c \
		live/campaign/cache.c util/file.c)
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# the peer's judge with a bug planted in the core under test: its verdicts
# must not move (docs/compliance.md: expectations come from oracle/, never
# from src/); make test runs it for the plants of the functions the peer
# once called
$(B)/plant-asan/%/peer-unit: $(call flavour_objs,peer-asan,tests/peer_unit.c $(PEER_PURE) \
		$(UTIL_SRC)) $(B)/plant-core/%/plant-asan.a
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@
