# rdmaneg: see README.md for every target.
.DEFAULT_GOAL := all
SHELL := /bin/bash

CC ?= cc
CLANG ?= clang
OPT ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wpedantic -Wstrict-prototypes \
	-Wmissing-prototypes -Wconversion
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

LIB_SRC := $(wildcard src/*.c)
LIB_HDR := $(wildcard src/*.h)
B := build
# the objects of sources $(2) in flavour $(1), under $(B)/obj/$(1)/
flavour_objs = $(patsubst %.c,$(B)/obj/$(1)/%.o,$(2))

# ---- plain build: library, CLI, unit tests ($(CC), -Werror) ----
PLAIN_OBJ := $(patsubst src/%.c,$(B)/plain/obj/%.o,$(LIB_SRC))

all: $(B)/plain/librdmaneg.a $(B)/plain/rdmaneg $(B)/plain/unit

$(B)/plain/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) -c $< -o $@

$(B)/plain/librdmaneg.a: $(PLAIN_OBJ)
	$(AR) rcs $@ $^

# the CLI reads and writes hex and escapes JSON with util/, as rdmaneg-peer
# and the live harness do
CLI_UTIL := util/hex.c util/json.c util/roff.c util/file.c
# tools/cli/: main.c (the verb table, help, man page), rpcrdma.c and mpa.c
# (the commands), input.c (the readers of untrusted input), output.c
CLI_SRC := $(wildcard tools/cli/*.c)
CLI_DEPS := $(CLI_SRC) $(wildcard tools/cli/*.h) $(CLI_UTIL) $(wildcard util/*.h)
CLI_INC := -Isrc -Iutil -Itools/cli
$(B)/plain/rdmaneg: $(CLI_DEPS) $(B)/plain/librdmaneg.a
	$(CC) $(WARN) $(OPT) $(CLI_INC) $(CLI_SRC) $(CLI_UTIL) $(B)/plain/librdmaneg.a -o $@

# rdmaneg(1), generated from the CLI's own help pages
$(B)/plain/rdmaneg.1: $(B)/plain/rdmaneg
	$< help --man >$@


# ---- the shared library, pkg-config file, install (docs/embedding.md) ----
VERSION := $(shell sed -n 's/^\#define RDMANEG_VERSION "\(.*\)"/\1/p' src/rdmaneg.h)
SOMAJOR := 0
PIC_OBJ := $(patsubst src/%.c,$(B)/pic/obj/%.o,$(LIB_SRC))
$(B)/pic/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) -fPIC -c $< -o $@

# SONAME librdmaneg.so.0; src/librdmaneg.map exports rdmaneg_* only
$(B)/pic/librdmaneg.so.$(VERSION): $(PIC_OBJ) src/librdmaneg.map
	$(CC) -shared -Wl,-soname,librdmaneg.so.$(SOMAJOR) -Wl,--version-script=src/librdmaneg.map \
		-Wl,-z,defs $(PIC_OBJ) -o $@

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PUB_HDR := $(filter-out src/plant.h,$(LIB_HDR))
# rdmaneg(3), generated from the public headers' comments and contracts
MAN3_SRC := tools/man3.c util/apidoc.c util/file.c util/roff.c
$(B)/plain/rdmaneg-man3: $(MAN3_SRC) util/apidoc.h util/file.h util/roff.h src/errors.h
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) -Isrc -Iutil $(MAN3_SRC) -o $@
$(B)/plain/rdmaneg.3: $(B)/plain/rdmaneg-man3 $(PUB_HDR)
	$< $(VERSION) $(filter-out src/rdmaneg.h,$(PUB_HDR)) >$@ || { rm -f $@; exit 1; }

$(B)/pic/rdmaneg.pc: src/rdmaneg.pc.in src/rdmaneg.h
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' $< >$@

install: $(B)/plain/librdmaneg.a $(B)/pic/librdmaneg.so.$(VERSION) $(B)/pic/rdmaneg.pc $(B)/plain/rdmaneg \
		$(B)/plain/rdmaneg.1 $(B)/plain/rdmaneg.3
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/rdmaneg \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	install -m 0755 $(B)/plain/rdmaneg $(DESTDIR)$(BINDIR)/rdmaneg
	install -m 0644 $(B)/plain/librdmaneg.a $(DESTDIR)$(LIBDIR)/librdmaneg.a
	install -m 0755 $(B)/pic/librdmaneg.so.$(VERSION) $(DESTDIR)$(LIBDIR)/librdmaneg.so.$(VERSION)
	ln -sf librdmaneg.so.$(VERSION) $(DESTDIR)$(LIBDIR)/librdmaneg.so.$(SOMAJOR)
	ln -sf librdmaneg.so.$(SOMAJOR) $(DESTDIR)$(LIBDIR)/librdmaneg.so
	install -m 0644 $(B)/pic/rdmaneg.pc $(DESTDIR)$(LIBDIR)/pkgconfig/rdmaneg.pc
	install -m 0644 $(PUB_HDR) $(DESTDIR)$(INCLUDEDIR)/rdmaneg/
	install -m 0644 $(B)/plain/rdmaneg.1 $(DESTDIR)$(MANDIR)/man1/rdmaneg.1
	install -m 0644 $(B)/plain/rdmaneg.3 $(DESTDIR)$(MANDIR)/man3/rdmaneg.3

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rdmaneg $(DESTDIR)$(LIBDIR)/librdmaneg.a \
		$(DESTDIR)$(LIBDIR)/librdmaneg.so.$(VERSION) $(DESTDIR)$(LIBDIR)/librdmaneg.so.$(SOMAJOR) \
		$(DESTDIR)$(LIBDIR)/librdmaneg.so $(DESTDIR)$(LIBDIR)/pkgconfig/rdmaneg.pc \
		$(addprefix $(DESTDIR)$(INCLUDEDIR)/rdmaneg/,$(notdir $(PUB_HDR))) \
		$(DESTDIR)$(MANDIR)/man1/rdmaneg.1 $(DESTDIR)$(MANDIR)/man3/rdmaneg.3
	-rmdir $(DESTDIR)$(INCLUDEDIR)/rdmaneg

$(B)/plain/unit: tests/unit.c $(B)/plain/librdmaneg.a
	$(CC) $(WARN) $(OPT) -Isrc $< $(B)/plain/librdmaneg.a -o $@

# ---- ASan+UBSan build of the same programs (clang) ----
$(B)/asan/rdmaneg: $(CLI_DEPS) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O1 -g $(SAN) $(CLI_INC) $(CLI_SRC) $(CLI_UTIL) $(LIB_SRC) -o $@

$(B)/asan/unit: tests/unit.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O1 -g $(SAN) -Isrc $< $(LIB_SRC) -o $@

asan: $(B)/asan/rdmaneg $(B)/asan/unit

# ---- the oracle (oracle/): RFC rules and the reference decoder ----
ORACLE_SRC := oracle/rules.c
ORACLE_HDR := oracle/rules.h

# ---- property checks (properties/) ----
PBT_SRC := properties/pbt.c properties/props.c $(ORACLE_SRC)
PBT_HDR := $(wildcard properties/*.h) $(ORACLE_HDR)
PBT_INC := -Isrc -Ioracle -Iproperties
SWEEP_SRC := properties/sweep.c $(ORACLE_SRC)
PROPS_CASES ?= 100000
SWEEP_JOBS ?= $(shell nproc)

$(B)/asan/props: properties/main.c $(PBT_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -Wno-missing-prototypes -O1 -g $(SAN) $(PBT_INC) \
		properties/main.c $(PBT_SRC) $(LIB_SRC) -o $@

# -flto: the core and the oracle inline into the sweep's inner loops
$(B)/plain/sweep: $(SWEEP_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) -Wno-missing-prototypes -O2 -flto -pthread $(PBT_INC) \
		$(SWEEP_SRC) $(LIB_SRC) -o $@

# One planted build per name: $(B)/plant/<name>/{props,sweep}, and
# $(B)/plant-asan/<name>/props for the over-read plants (exact-size copies,
# pbt_exact). Only src/ depends on the plant: it is compiled into one
# archive per plant and flavour, and the harness objects (properties/,
# oracle/) are compiled once and shared by every plant.
PLANT_FLAVOURS := plant-o1 plant-asan plant-o2
CC_plant-o1 = $(CLANG) -std=c11 -O1 -g
CC_plant-asan = $(CLANG) -std=c11 -O1 -g $(SAN)
CC_plant-o2 = $(CC) -std=c11 -O2 -pthread
define plant_flavour
$(B)/obj/$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CC_$(1)) $$(PBT_INC) -MMD -MP -c $$< -o $$@
$(B)/plant-core/%/$(1).a: $$(LIB_SRC) $$(LIB_HDR)
	@mkdir -p $$(@D)/$(1)
	for f in $$(LIB_SRC); do $$(CC_$(1)) -DRDMANEG_PLANT=$$* $$(PBT_INC) -c $$$$f \
		-o $$(@D)/$(1)/$$$$(basename $$$$f .c).o || exit 1; done
	rm -f $$@ && $$(AR) rcs $$@ $$(patsubst src/%.c,$$(@D)/$(1)/%.o,$$(LIB_SRC))
endef
$(foreach f,$(PLANT_FLAVOURS),$(eval $(call plant_flavour,$(f))))
PLANT_PROPS_SRC := properties/main.c $(PBT_SRC)

$(B)/plant/%/props: $(call flavour_objs,plant-o1,$(PLANT_PROPS_SRC)) $(B)/plant-core/%/plant-o1.a
	@mkdir -p $(@D)
	$(CLANG) $^ -o $@

$(B)/plant-asan/%/props: $(call flavour_objs,plant-asan,$(PLANT_PROPS_SRC)) $(B)/plant-core/%/plant-asan.a
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $^ -o $@

$(B)/plant/%/sweep: $(call flavour_objs,plant-o2,$(SWEEP_SRC)) $(B)/plant-core/%/plant-o2.a
	@mkdir -p $(@D)
	$(CC) -pthread $^ -o $@

# The property suite (fixed seed when CI=true, else random and printed),
# then the sampled sweeps that fit in make test.
props: $(B)/asan/props $(B)/plain/sweep
	$(B)/asan/props --cases $(PROPS_CASES)
	$(B)/plain/sweep rpcrdma --slice 64 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep mpa --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep enh --slice 1 --jobs $(SWEEP_JOBS)

# The whole RFC 8797 sweep: 2^34 pairs (make test runs 1/64), and the rest.
prove: $(B)/plain/sweep
	$(B)/plain/sweep rpcrdma --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep mpa --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep enh --slice 1 --jobs $(SWEEP_JOBS)

# Negative controls: every planted bug is caught by its checker.
plants:
	@tests/plants.sh

# ---- fuzz targets (fuzz/): one source each, four builds ----
# fuzz/targets is the one list every script reads.
TARGETS := $(shell . tools/targets.sh && rdmaneg_targets)
# the CLI's readers of untrusted input, for fuzz/cli_input.c
CLI_READERS := tools/cli/input.c util/hex.c util/file.c
FUZZ_SUPPORT := $(PBT_SRC) $(LIB_SRC) $(CLI_READERS) util/gcda.c
FUZZ_DEPS := $(FUZZ_SUPPORT) $(PBT_HDR) $(LIB_HDR) fuzz/fuzz.h fuzz/prop.h tools/cli/input.h util/hex.h util/file.h util/gcda.h
FUZZ_INC := $(PBT_INC) -Ifuzz -Itools/cli -Iutil
# PLANT=<name> builds the targets with one planted bug (negative control).
# Sections + --gc-sections: each target keeps only the coverage counters of
# code it can reach, so the per-run counter reset and scan stay small.
# PLANT=a+b plants two bugs at once (for the triage demo).
PLANT_WORDS := $(subst +, ,$(PLANT))
PLANT_FLAGS := $(if $(word 1,$(PLANT_WORDS)),-DRDMANEG_PLANT=$(word 1,$(PLANT_WORDS))) \
	$(if $(word 2,$(PLANT_WORDS)),-DRDMANEG_PLANT2=$(word 2,$(PLANT_WORDS)))
FUZZ_COPTS := -std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer \
	-ffunction-sections -fdata-sections $(PLANT_FLAGS)
FUZZ_CFLAGS := $(FUZZ_COPTS) -Wl,--gc-sections
AFL_CC ?= afl-clang-fast

# The libFuzzer, replay and MSan replay flavours compile each source once
# into $(B)/obj/<flavour>/ (header dependencies from -MMD) and link every
# target from its own object and the shared ones.
FLAVOUR_libfuzzer := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FLAVOUR_replay := $(SAN)
FLAVOUR_replay-msan := -fsanitize=memory -fsanitize-memory-track-origins
define fuzz_flavour
$(B)/obj/$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CLANG) $$(FUZZ_COPTS) $$(FLAVOUR_$(1)) $$(FUZZ_INC) -MMD -MP -c $$< -o $$@
endef
$(foreach f,libfuzzer replay replay-msan,$(eval $(call fuzz_flavour,$(f))))
-include $(wildcard $(B)/obj/*/*/*.d $(B)/obj/*/*/*/*.d)

# libFuzzer + ASan + UBSan
$(B)/libfuzzer/%: $(B)/obj/libfuzzer/fuzz/%.o $(call flavour_objs,libfuzzer,$(FUZZ_SUPPORT))
	@mkdir -p $(@D)
	$(CLANG) -fsanitize=fuzzer,address,undefined -Wl,--gc-sections $^ -o $@

# plain replay driver + ASan + UBSan (what make test runs)
$(B)/replay/%: $(B)/obj/replay/fuzz/%.o $(call flavour_objs,replay,fuzz/replay.c $(FUZZ_SUPPORT))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) -Wl,--gc-sections $^ -o $@

# the replay driver around a target that misbehaves on demand (tests/replay.sh)
$(B)/asan/replay-control: tests/replay_control.c fuzz/replay.c fuzz/fuzz.h
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) $(SAN) $(FUZZ_INC) $< fuzz/replay.c -o $@

# plain replay driver + MSan (triage reproduces under every sanitizer)
$(B)/replay-msan/%: $(B)/obj/replay-msan/fuzz/%.o \
		$(call flavour_objs,replay-msan,fuzz/replay.c $(FUZZ_SUPPORT))
	@mkdir -p $(@D)
	$(CLANG) -fsanitize=memory -fsanitize-memory-track-origins -Wl,--gc-sections $^ -o $@

# AFL++: its libFuzzer-compatible driver (persistent mode), ASan + UBSan,
# and a CMPLOG twin for input-to-state comparisons.
$(B)/afl/%: fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 $(AFL_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		$(FUZZ_INC) $< $(FUZZ_SUPPORT) -o $@

$(B)/afl-cmplog/%: fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_LLVM_CMPLOG=1 AFL_QUIET=1 $(AFL_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		$(FUZZ_INC) $< $(FUZZ_SUPPORT) -o $@

# source-based coverage of the replay driver, for src/ branch figures
$(B)/cov/%: fuzz/%.c fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -fprofile-instr-generate -fcoverage-mapping \
		$(FUZZ_INC) $< fuzz/replay.c $(FUZZ_SUPPORT) -o $@

COV_FLAGS := -fprofile-instr-generate -fcoverage-mapping
$(B)/cov-tools/unit: tests/unit.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O0 -g $(COV_FLAGS) -Isrc $< $(LIB_SRC) -o $@
$(B)/cov-tools/props: properties/main.c $(PBT_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -Wno-missing-prototypes -O0 -g $(COV_FLAGS) $(PBT_INC) \
		properties/main.c $(PBT_SRC) $(LIB_SRC) -o $@
$(B)/cov-tools/rdmaneg: $(CLI_DEPS) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O0 -g $(COV_FLAGS) $(CLI_INC) $(CLI_SRC) $(CLI_UTIL) $(LIB_SRC) -o $@

# Coverage for review: HTML in build/coverage/html, summary of src/ printed.
coverage: $(B)/cov-tools/unit $(B)/cov-tools/props $(B)/cov-tools/rdmaneg \
		$(addprefix $(B)/cov/,$(TARGETS))
	@tools/coverage.sh

fuzz-libfuzzer: $(addprefix $(B)/libfuzzer/,$(TARGETS) empty)
fuzz-replay: $(addprefix $(B)/replay/,$(TARGETS))
fuzz-afl: $(addprefix $(B)/afl/,$(TARGETS)) $(addprefix $(B)/afl-cmplog/,$(TARGETS))

# Replays every seed and every past crash through the plain driver.
replay: fuzz-replay
	@for t in $(TARGETS); do \
		$(B)/replay/$$t corpus/$$t corpus/regress/$$t 2>$(B)/replay/$$t.log || \
			{ echo "replay $$t: crashed on $$(grep '^replay:' $(B)/replay/$$t.log | tail -1)"; \
			  tail -20 $(B)/replay/$$t.log; exit 1; }; \
	done

# The main job: a short campaign over every target (docs/fuzzing.md).
fuzz:
	@tools/fuzz.sh

bench:
	@tools/bench.sh

corpus-merge:
	@tools/corpus-merge.sh

# ---- triage (tools/triage runs it): one bug, one group ----
TRIAGE_SRC := tools/triage.c util/triage.c util/klog.c util/json.c util/hex.c util/file.c
$(B)/plain/rdmaneg-triage: $(TRIAGE_SRC) $(wildcard util/*.h)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g -Iutil \
		$(TRIAGE_SRC) -o $@

$(B)/asan/triage-unit: tests/triage_unit.c util/triage.c util/klog.c util/json.c util/hex.c util/file.c \
		$(wildcard util/*.h)
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) -Iutil -Itests \
		tests/triage_unit.c util/triage.c util/klog.c util/json.c util/hex.c util/file.c -o $@

$(B)/asan/apidoc-unit: tests/apidoc_unit.c util/apidoc.c util/apidoc.h tests/check.h
	@mkdir -p $(@D)
	$(CLANG) -std=c11 -Wall -Wextra -Werror -O1 -g $(SAN) -Iutil -Itests \
		tests/apidoc_unit.c util/apidoc.c -o $@

# ---- make test's timing table (tools/test-times/; docs/benchmarks.md) ----
TIMES_SRC := tools/test-times/main.c tools/test-times/times.c util/file.c
$(B)/plain/rdmaneg-test-times: $(TIMES_SRC) tools/test-times/times.h util/file.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g -Iutil -Itools/test-times \
		$(TIMES_SRC) -lm -o $@

$(B)/asan/times-unit: tests/times_unit.c tools/test-times/times.c tools/test-times/times.h tests/check.h
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) -Itools/test-times -Itests \
		tests/times_unit.c tools/test-times/times.c -lm -o $@

# make test, then its per-suite table beside the previous run's
bench-tests: deps-test
	@tools/run-tests.sh; rc=$$?; echo; \
	if [ -f $(B)/test-logs/times.prev.json ]; then \
		$(B)/plain/rdmaneg-test-times compare $(B)/test-logs/times.prev.json $(B)/test-logs/times.json; \
	else echo "bench-tests: no previous run to compare with"; \
		$(B)/plain/rdmaneg-test-times compare $(B)/test-logs/times.json; fi; exit $$rc

# ---- proof (tools/proof.sh; docs/proof.md): Frama-C WP and Eva on src/ ----
$(B)/plain/rdmaneg-proof-report: tools/proof-report.c util/file.c $(wildcard util/*.h)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g -Iutil \
		tools/proof-report.c util/file.c -o $@

# why3's prover list is machine state: detected once into our own config
$(B)/proof/why3.conf:
	@mkdir -p $(@D)
	WHY3CONFIG=$@.tmp why3 config detect >$@.log 2>&1 || { cat $@.log; rm -f $@.tmp; exit 1; }
	mv $@.tmp $@

proof:
	@PLANT="$(PLANT)" tools/proof.sh

# its negative controls: planted bugs must leave goals unproved
proof-control:
	@tools/proof-control.sh

# ---- mutation testing (tools/mutants.sh; docs/mutants.md) ----
MUT_TOOL_SRC := tools/mutants.c util/mutate.c util/json.c util/hex.c util/file.c
$(B)/plain/rdmaneg-mutants: $(MUT_TOOL_SRC) $(wildcard util/*.h)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wconversion -O2 -g -Iutil \
		$(MUT_TOOL_SRC) -o $@

$(B)/asan/mutants-unit: tests/mutants_unit.c util/mutate.c $(wildcard util/*.h) tests/check.h
	@mkdir -p $(@D)
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -O1 -g $(SAN) -Iutil -Itests \
		tests/mutants_unit.c util/mutate.c -o $@

# The kill suite links each mutant's two objects (ASan -O1, plain -O2 -g0)
# with objects of everything else, built once under $(MUT_B). The plain
# objects are also what "equivalent by object code" compares.
MUT_B := $(B)/mutants
MUT_INC := -Isrc -Ioracle -Iproperties -Ifuzz -Iutil -Itools/cli
MUT_ASAN_CFLAGS := -std=c11 -O1 -g $(SAN) -ffunction-sections -fdata-sections
MUT_O2_CFLAGS := -std=c11 -O2 -g0
MUT_HARNESS := tests/unit.c properties/main.c properties/pbt.c properties/props.c \
	$(ORACLE_SRC) fuzz/replay.c $(addprefix fuzz/,$(addsuffix .c,$(TARGETS))) \
	$(CLI_SRC) $(CLI_UTIL)
MUT_BASE := $(patsubst %.c,$(MUT_B)/asan/%.o,$(LIB_SRC) $(MUT_HARNESS)) \
	$(patsubst %.c,$(MUT_B)/o2/%.o,$(LIB_SRC) properties/sweep.c $(ORACLE_SRC))
$(MUT_B)/asan/%.o: %.c $(LIB_HDR) $(PBT_HDR) $(wildcard util/*.h fuzz/*.h tools/cli/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(MUT_ASAN_CFLAGS) $(MUT_INC) -c $< -o $@
$(MUT_B)/o2/%.o: %.c $(LIB_HDR) $(PBT_HDR)
	@mkdir -p $(@D)
	$(CC) $(MUT_O2_CFLAGS) -pthread $(MUT_INC) -c $< -o $@
mutants-base: $(MUT_BASE)

# One mutant: make MUT_W=<dir> MUT_F=<name> $(MUT_W)/<program>, with the
# mutated source in $(MUT_W)/<name>.c
ifdef MUT_W
MUT_A = $(MUT_B)/asan
MUT_LIB_ASAN = $(MUT_W)/asan.o $(filter-out $(MUT_A)/src/$(MUT_F).o,$(LIB_SRC:%.c=$(MUT_A)/%.o))
MUT_LIB_O2 = $(MUT_W)/o2.o $(filter-out $(MUT_B)/o2/src/$(MUT_F).o,$(LIB_SRC:%.c=$(MUT_B)/o2/%.o))
MUT_LINK = $(CLANG) $(SAN) -Wl,--gc-sections
$(MUT_W)/asan.o: $(MUT_W)/$(MUT_F).c
	$(CLANG) $(MUT_ASAN_CFLAGS) -w $(MUT_INC) -c $< -o $@
$(MUT_W)/o2.o: $(MUT_W)/$(MUT_F).c
	$(CC) $(MUT_O2_CFLAGS) -w $(MUT_INC) -c $< -o $@
$(MUT_W)/unit: $(MUT_W)/asan.o
	$(MUT_LINK) $(MUT_A)/tests/unit.o $(MUT_LIB_ASAN) -o $@
$(MUT_W)/props: $(MUT_W)/asan.o
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,properties/main.c $(PBT_SRC)) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/rdmaneg: $(MUT_W)/asan.o
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,$(CLI_SRC) $(CLI_UTIL)) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/replay/%: $(MUT_W)/asan.o
	@mkdir -p $(@D)
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,fuzz/$*.c fuzz/replay.c $(PBT_SRC) $(CLI_READERS)) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/sweep: $(MUT_W)/o2.o
	$(CC) -pthread $(patsubst %.c,$(MUT_B)/o2/%.o,properties/sweep.c $(ORACLE_SRC)) \
		$(MUT_LIB_O2) -o $@
endif

# every mutant of src/ (MUTANTS_SAMPLE=N MUTANTS_SEED=S for a sample)
mutants:
	@tools/mutants.sh

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

# ---- checks ----
# every group a suite of make test asks for, installed before the suites
# run side by side (two apt-gets at once would fight over dpkg's lock)
deps-test:
	@tools/deps.sh test fuzz build oss-fuzz

# Both compilers, zero warnings, in their own trees.
compilers:
	$(MAKE) --no-print-directory B=$(B)/gcc CC=gcc all
	$(MAKE) --no-print-directory B=$(B)/clang CC=clang all

# clang-tidy and cppcheck on every C file, shellcheck on every script
# (tools/lint.sh says which checks and how its cache is keyed)
lint:
	@tools/lint.sh

# Lay every C file out as .clang-format says (tests/format.sh checks it).
format:
	tools/c-files.sh | xargs clang-format --style=file:.clang-format -i

# make test: everything CI checks; closes with "N passed, N failed".
test: deps-test
	@tools/run-tests.sh

clean:
	rm -rf $(B)

# objects built by pattern rules are kept, not deleted as intermediates
.SECONDARY:

.PHONY: install uninstall all asan deps-test compilers lint format test clean props prove plants \
	fuzz-libfuzzer fuzz-replay fuzz-afl replay fuzz bench corpus-merge oss-fuzz-check live-nfs \
	bench-tests coverage live live-kernel live-guided live-soak peer live-adversarial live-repro mutants mutants-base proof proof-control
