# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/fuzz.mk: the fuzz targets in every flavour, replay, coverage, fuzz, bench, corpus-merge, oss-fuzz-check (included by the Makefile, in order)
# ---- fuzz targets (fuzz/): one source each, four builds ----
# fuzz/targets is the one list every script reads.
TARGETS := $(shell . tools/targets.sh && rdmaneg_targets)
# the CLI's readers of untrusted input, for fuzz/cli_input.c
CLI_READERS := cli/input.c util/hex.c util/file.c
FUZZ_SUPPORT := $(PBT_SRC) $(LIB_SRC) $(CLI_READERS) util/gcda.c
FUZZ_DEPS := $(FUZZ_SUPPORT) $(PBT_HDR) $(LIB_HDR) fuzz/fuzz.h fuzz/prop.h cli/input.h util/hex.h util/file.h util/gcda.h
# PLANT=<name> builds the targets with one planted bug (negative control).
# Sections + --gc-sections: each target keeps only the coverage counters of
# code it can reach, so the per-run counter reset and scan stay small.
# PLANT=a+b plants two bugs at once (for the triage demo).
PLANT_WORDS := $(subst +, ,$(PLANT))
PLANT_FLAGS := $(if $(word 1,$(PLANT_WORDS)),-DRDMANEG_PLANT=$(word 1,$(PLANT_WORDS))) \
	$(if $(word 2,$(PLANT_WORDS)),-DRDMANEG_PLANT2=$(word 2,$(PLANT_WORDS)))
FUZZ_COPTS := -std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer \
	-ffunction-sections -fdata-sections $(PLANT_FLAGS)
FUZZ_CFLAGS := $(FUZZ_COPTS) $(GC)
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
	$$(CLANG) $$(FUZZ_COPTS) $$(FLAVOUR_$(1)) $$(INC) -MMD -MP -c $$< -o $$@
$(B)/obj/$(1)/fuzz-support.a: $$(call flavour_objs,$(1),$$(FUZZ_SUPPORT))
	rm -f $$@ && $$(AR) rcs $$@ $$^
endef
$(foreach f,libfuzzer replay replay-msan,$(eval $(call fuzz_flavour,$(f))))
# (fuzz-support.a: the support code of a flavour as an archive, so a
# target takes only the objects it calls into. Each object's sanitizer
# constructor keeps all of its tables, rdmaneg_props holds every property,
# and so a target linked from all the objects held code it never runs and
# was a new program at any change to src/: make test's cache, tests/suites,
# compares programs by their code.)

# libFuzzer + ASan + UBSan
$(B)/libfuzzer/%: $(B)/obj/libfuzzer/fuzz/%.o $(B)/obj/libfuzzer/fuzz-support.a
	@mkdir -p $(@D)
	$(CLANG) -fsanitize=fuzzer,address,undefined $(GC) $^ -o $@

# plain replay driver + ASan + UBSan (what make test runs)
$(B)/replay/%: $(B)/obj/replay/fuzz/%.o $(B)/obj/replay/fuzz/replay.o $(B)/obj/replay/fuzz-support.a
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# the replay driver around a target that misbehaves on demand (tests/replay.sh)
$(B)/asan/replay-control: tests/replay_control.c fuzz/replay.c fuzz/fuzz.h
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) $(SAN) $(INC) $< fuzz/replay.c -o $@

# plain replay driver + MSan (triage reproduces under every sanitizer)
$(B)/replay-msan/%: $(B)/obj/replay-msan/fuzz/%.o $(B)/obj/replay-msan/fuzz/replay.o \
		$(B)/obj/replay-msan/fuzz-support.a
	@mkdir -p $(@D)
	$(CLANG) -fsanitize=memory -fsanitize-memory-track-origins $(GC) $^ -o $@

# AFL++: its libFuzzer-compatible driver (persistent mode), ASan + UBSan,
# and a CMPLOG twin for input-to-state comparisons.
$(B)/afl/%: fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 $(AFL_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		$(INC) $< $(FUZZ_SUPPORT) -o $@

$(B)/afl-cmplog/%: fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_LLVM_CMPLOG=1 AFL_QUIET=1 $(AFL_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		$(INC) $< $(FUZZ_SUPPORT) -o $@

# source-based coverage of the replay driver, for src/ branch figures
$(B)/cov/%: fuzz/%.c fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -fprofile-instr-generate -fcoverage-mapping \
		$(INC) $< fuzz/replay.c $(FUZZ_SUPPORT) -o $@

COV_FLAGS := -fprofile-instr-generate -fcoverage-mapping
$(B)/cov-tools/unit: $(UNIT_SRC) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O0 -g $(COV_FLAGS) $(INC) $(UNIT_SRC) $(LIB_SRC) -o $@
$(B)/cov-tools/props: properties/main.c $(PBT_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -Wno-missing-prototypes -O0 -g $(COV_FLAGS) $(INC) \
		properties/main.c $(PBT_SRC) $(LIB_SRC) -o $@
$(B)/cov-tools/rdmaneg: $(CLI_DEPS) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O0 -g $(COV_FLAGS) $(INC) $(CLI_SRC) $(CLI_UTIL) $(LIB_SRC) -o $@

# Coverage for review: HTML in build/coverage/html, summary of src/ printed.
coverage: $(B)/cov-tools/unit $(B)/cov-tools/props $(B)/cov-tools/rdmaneg \
		$(addprefix $(B)/cov/,$(TARGETS))
	@tools/coverage.sh

fuzz-libfuzzer: $(addprefix $(B)/libfuzzer/,$(TARGETS) empty)
fuzz-replay: $(addprefix $(B)/replay/,$(TARGETS))
fuzz-afl: $(addprefix $(B)/afl/,$(TARGETS)) $(addprefix $(B)/afl-cmplog/,$(TARGETS))

# Replays every seed and every past crash through the plain driver.
# (the logs go beside build/replay/, which holds only the programs)
replay: fuzz-replay
	@mkdir -p $(B)/replay-logs
	@for t in $(TARGETS); do \
		$(B)/replay/$$t corpus/$$t corpus/regress/$$t 2>$(B)/replay-logs/$$t.log || \
			{ echo "replay $$t: crashed on $$(grep '^replay:' $(B)/replay-logs/$$t.log | tail -1)"; \
			  tail -20 $(B)/replay-logs/$$t.log; exit 1; }; \
	done

# The main job: a short campaign over every target (docs/fuzzing.md).
fuzz:
	@tools/fuzz.sh

bench:
	@tools/bench.sh

corpus-merge:
	@tools/corpus-merge.sh
