# mk/live.mk: the live suites in the qemu guest, and rdmaneg-peer (included by the Makefile, in order)
# ---- live loopback harness over soft-iWARP (live/) ----
UTIL_SRC := util/record.c util/json.c util/klog.c util/hex.c util/file.c util/gcda.c util/arcs.c
UTIL_HDR := $(wildcard util/*.h)
# the pure half of the harness: host and guest, and make test's unit tests
LIVE_PURE := live/cases.c live/obs.c live/judge.c live/report.c live/nfs.c live/gcov.c
LIVE_SRC := live/harness.c live/capture.c live/endpoint.c live/nfspeer.c $(LIVE_PURE) $(ORACLE_SRC) $(UTIL_SRC)
LIVE_INC := -Isrc -Ioracle -Iutil -Ilive
$(B)/live/rdmaneg-live: $(LIVE_SRC) $(wildcard live/*.h) $(ORACLE_HDR) $(UTIL_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -O2 -g $(LIVE_INC) \
		$(LIVE_SRC) $(LIB_SRC) -lrdmacm -libverbs -pthread -o $@

# ... with one planted bug in the core: the NFS judge's negative control
# (tests/plants.sh, nfs: rows of properties/plants.tsv)
$(B)/plant-live/%/rdmaneg-live: $(LIVE_SRC) $(wildcard live/*.h) $(ORACLE_HDR) $(UTIL_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -O2 -g -DRDMANEG_PLANT=$* $(LIVE_INC) \
		$(LIVE_SRC) $(LIB_SRC) -lrdmacm -libverbs -pthread -o $@

# the judge, the records and the report, tested on the host (no qemu)
$(B)/asan/live-unit: tests/live_unit.c $(LIVE_PURE) $(ORACLE_SRC) $(UTIL_SRC) $(wildcard live/*.h) \
		$(ORACLE_HDR) $(UTIL_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) $(LIVE_INC) \
		tests/live_unit.c $(LIVE_PURE) $(ORACLE_SRC) $(UTIL_SRC) $(LIB_SRC) -o $@

# ---- rdmaneg-peer: hostile MPA peer and conformance tester (peer/) ----
# the pure half (cases, expectations, verdict, report) and the sockets
PEER_PURE := peer/peer_cases.c peer/expect.c peer/fpdu.c peer/peer_report.c
PEER_SRC := peer/main.c peer/session.c peer/reference.c $(PEER_PURE) $(UTIL_SRC)
PEER_DEP := $(PEER_SRC) $(wildcard peer/*.h) $(UTIL_HDR) $(LIB_SRC) $(LIB_HDR)
PEER_INC := -Isrc -Iutil -Ipeer
$(B)/plain/rdmaneg-peer: $(PEER_DEP)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g $(PEER_INC) \
		$(PEER_SRC) $(LIB_SRC) -o $@

$(B)/asan/rdmaneg-peer: $(PEER_DEP)
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O1 -g $(SAN) $(PEER_INC) \
		$(PEER_SRC) $(LIB_SRC) -o $@

$(B)/asan/peer-unit: tests/peer_unit.c $(PEER_DEP)
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) $(PEER_INC) \
		tests/peer_unit.c $(PEER_PURE) $(UTIL_SRC) $(LIB_SRC) -o $@

peer: $(B)/plain/rdmaneg-peer

live:
	@live/run.sh

# rdmaneg-peer against the guest's siw, both roles (see live/adversarial.sh)
live-adversarial:
	@live/adversarial.sh

# one case or frame on a fresh guest: make live-repro ROLE=request CASE=rev-0
live-repro:
	@ROLE_ARG="$(ROLE)" CASE_ARG="$(CASE)" FRAME_ARG="$(FRAME)" live/adversarial.sh repro

# Linux NFS over RDMA in the guest, measured against RFC 8797 (live/nfs.sh)
live-nfs:
	@live/nfs.sh

# the debug guest kernel from linux-source-6.1 (live/kernel.sh, cached),
# then its control: lkdtm's slab overflow must fail make live as a KASAN
# finding. KERNEL=debug runs live, live-soak, live-adversarial and live-nfs on it.
live-kernel:
	@live/kernel.sh >/dev/null && live/kernel-control.sh

# a hostile peer's random mode against its coverage-guided mode on the
# debug kernel, one boot each with the same budget: rdmaneg-peer's MPA
# cases, or with PEER_ROLE=nfs-client the NFS private data (live/guided.sh)
live-guided:
	@live/guided.sh

# LIVE_SOAK cases per transport in one boot (default 1000)
live-soak:
	@live/run.sh soak

# OSS-Fuzz build.sh under the environment OSS-Fuzz sets, plus check_build.
oss-fuzz-check:
	@tools/oss-fuzz-check.sh
