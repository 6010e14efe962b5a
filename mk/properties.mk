# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/properties.mk: the oracle, the property suite, the sweeps and the planted builds (included by the Makefile, in order)
# ---- the oracle: the reference decoder written without the core (oracle/)
# and the RFC rule checkers that drive the core and judge it (rules/) ----
ORACLE_SRC := $(wildcard oracle/*.c rules/*.c)
ORACLE_HDR := $(wildcard oracle/*.h rules/*.h)

# ---- property checks (properties/) ----
PBT_SRC := properties/pbt.c $(wildcard properties/props*.c) $(ORACLE_SRC)
PBT_HDR := $(wildcard properties/*.h) $(ORACLE_HDR)
SWEEP_SRC := properties/sweep.c $(ORACLE_SRC)
PROPS_CASES ?= 100000
SWEEP_JOBS ?= $(shell nproc)

$(B)/asan/props: properties/main.c $(PBT_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -Wno-missing-prototypes -O1 -g $(SAN) $(INC) \
		properties/main.c $(PBT_SRC) $(LIB_SRC) -o $@

# -flto: the core and the oracle inline into the sweep's inner loops
$(B)/plain/sweep: $(SWEEP_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) -Wno-missing-prototypes -O2 -flto -pthread $(INC) \
		$(SWEEP_SRC) $(LIB_SRC) -o $@

# One planted build per name: $(B)/plant/<name>/{props,sweep}, and
# $(B)/plant-asan/<name>/props for the over-read plants (exact-size copies,
# pbt_exact). A plant's archive holds the src/ objects the plant touches
# compiled with it (RDMANEG_PLANTED(<name>) in the source) and the shared
# unplanted objects of every other file, so a plant compiles one file, and
# a change to src/ recompiles that file once per flavour and relinks the
# plants; the harness objects (properties/, oracle/) are shared too.
PLANT_FLAVOURS := plant-o1 plant-asan plant-o2
CC_plant-o1 = $(CLANG) -std=c11 -O1 -g
CC_plant-asan = $(CLANG) -std=c11 -O1 -g $(SAN)
CC_plant-o2 = $(CC) -std=c11 -O2 -pthread
define plant_flavour
$(B)/obj/$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CC_$(1)) $$(INC) -MMD -MP -c $$< -o $$@
$(B)/plant-core/%/$(1).a: $$(call flavour_objs,$(1),$$(LIB_SRC)) $$(LIB_SRC) $$(LIB_HDR)
	@mkdir -p $$(@D)/$(1)
	objs=; for f in $$(LIB_SRC); do o=$(B)/obj/$(1)/$$$${f%.c}.o; \
		if grep -q 'RDMANEG_PLANTED($$*)' $$$$f; then o=$$(@D)/$(1)/$$$$(basename $$$$f .c).o; \
			$$(CC_$(1)) -DRDMANEG_PLANT=$$* $$(INC) -c $$$$f -o $$$$o || exit 1; fi; \
		objs="$$$$objs $$$$o"; done; \
	rm -f $$@ && $$(AR) rcs $$@ $$$$objs
endef
$(foreach f,$(PLANT_FLAVOURS),$(eval $(call plant_flavour,$(f))))
PLANT_PROPS_SRC := properties/main.c $(PBT_SRC)

$(B)/plant/%/props: $(call flavour_objs,plant-o1,$(PLANT_PROPS_SRC)) $(B)/plant-core/%/plant-o1.a
	@mkdir -p $(@D)
	$(CLANG) $^ -o $@

$(B)/plant-asan/%/props: $(call flavour_objs,plant-asan,$(PLANT_PROPS_SRC)) $(B)/plant-core/%/plant-asan.a
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

$(B)/plant/%/sweep: $(call flavour_objs,plant-o2,$(SWEEP_SRC)) $(B)/plant-core/%/plant-o2.a
	@mkdir -p $(@D)
	$(CC) -pthread $^ -o $@

# a planted sweep alone, as make test runs it (tests/plants.sh checks both)
define plant_sweep
$(B)/obj/plant-o2/properties/sweep-$(1).o: properties/sweep.c
	@mkdir -p $$(@D)
	$$(CC_plant-o2) $$(INC) -DSWEEP_ONLY=$(SWEEP_ID_$(1)) -MMD -MP -c $$< -o $$@
$(B)/plant/%/sweep-$(1): $(B)/obj/plant-o2/properties/sweep-$(1).o \
		$(call flavour_objs,plant-o2,$(ORACLE_SRC)) $(B)/plant-core/%/plant-o2.a
	@mkdir -p $$(@D)
	$$(CC) -pthread $$^ -o $$@
endef

# The sampled sweeps of make test, one program each, built with only the
# code its sweep runs (SWEEP_ONLY; properties/sweep.c): make test's
# sweep-<kind> suite reruns when that code changes, not on any change to src/.
SWEEP_KINDS := rpcrdma mpa enh nvme
SWEEP_ID_rpcrdma := 1
SWEEP_ID_mpa := 2
SWEEP_ID_enh := 3
SWEEP_ID_nvme := 4
SWEEP_SLICE_rpcrdma := 64
SWEEP_SLICE_mpa := 1
SWEEP_SLICE_enh := 1
SWEEP_SLICE_nvme := 16
$(B)/plain/sweep-%: $(SWEEP_SRC) $(PBT_HDR) $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) -Wno-missing-prototypes -O2 -flto -pthread -ffunction-sections -fdata-sections \
		$(GC_SECTIONS) -DSWEEP_ONLY=$(SWEEP_ID_$*) $(INC) $(SWEEP_SRC) $(LIB_SRC) -o $@

$(foreach k,$(SWEEP_KINDS),$(eval $(call plant_sweep,$(k))))

# one sampled sweep (make test's sweep-<kind> suites)
sweep-%: $(B)/plain/sweep-%
	$< $* --slice $(SWEEP_SLICE_$*) --jobs $(SWEEP_JOBS)

# The property suite (fixed seed when CI=true, else random and printed)
# alone, as make test's props suite runs it; make props runs it, then the
# sampled sweeps that fit in make test.
pbt: $(B)/asan/props
	$< --cases $(PROPS_CASES)

props: $(B)/asan/props $(addprefix $(B)/plain/sweep-,$(SWEEP_KINDS))
	$(B)/asan/props --cases $(PROPS_CASES)
	$(foreach k,$(SWEEP_KINDS),$(B)/plain/sweep-$(k) $(k) --slice $(SWEEP_SLICE_$(k)) --jobs $(SWEEP_JOBS) &&) true

# The whole RFC 8797 sweep: 2^34 pairs (make test runs 1/64), and the rest.
prove: $(B)/plain/sweep
	$(B)/plain/sweep rpcrdma --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep mpa --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep enh --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep nvme --slice 1 --jobs $(SWEEP_JOBS)

# Negative controls: every planted bug is caught by its checker.
plants:
	@tests/plants.sh
