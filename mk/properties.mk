# mk/properties.mk: the oracle, the property suite, the sweeps and the planted builds (included by the Makefile, in order)
# ---- the oracle (oracle/): RFC rules and the reference decoder ----
ORACLE_SRC := $(wildcard oracle/*.c)
ORACLE_HDR := $(wildcard oracle/*.h)

# ---- property checks (properties/) ----
PBT_SRC := properties/pbt.c properties/props.c $(ORACLE_SRC)
PBT_HDR := $(wildcard properties/*.h) $(ORACLE_HDR)
PBT_INC := -Isrc -Ioracle -Iproperties -Iutil
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
	$(B)/plain/sweep nvme --slice 16 --jobs $(SWEEP_JOBS)

# The whole RFC 8797 sweep: 2^34 pairs (make test runs 1/64), and the rest.
prove: $(B)/plain/sweep
	$(B)/plain/sweep rpcrdma --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep mpa --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep enh --slice 1 --jobs $(SWEEP_JOBS)
	$(B)/plain/sweep nvme --slice 1 --jobs $(SWEEP_JOBS)

# Negative controls: every planted bug is caught by its checker.
plants:
	@tests/plants.sh
