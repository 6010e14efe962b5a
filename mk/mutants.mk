# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/mutants.mk: mutation testing of src/ (included by the Makefile, in order)
# ---- mutation testing (tools/mutants.sh; docs/mutants.md) ----
MUT_TOOL_SRC := tools/mutants/main.c tools/mutants/mutate.c util/json.c util/hex.c util/file.c util/verb.c
$(B)/plain/rdmaneg-mutants: $(call flavour_objs,tool,$(MUT_TOOL_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(B)/asan/mutants-unit: $(call flavour_objs,tool-asan,tests/mutants_unit.c tools/mutants/mutate.c)
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

# The kill suite links each mutant's two objects (ASan -O1, plain -O2 -g0)
# with objects of everything else, built once under $(MUT_B). The plain
# objects are also what "equivalent by object code" compares.
MUT_B := $(B)/mutants
MUT_ASAN_CFLAGS := -std=c11 -O1 -g $(SAN) -ffunction-sections -fdata-sections
MUT_O2_CFLAGS := -std=c11 -O2 -g0
MUT_HARNESS := $(UNIT_SRC) properties/main.c $(PBT_SRC) \
	fuzz/replay.c $(addprefix fuzz/,$(addsuffix .c,$(TARGETS))) \
	$(CLI_SRC) $(CLI_UTIL) util/gcda.c
MUT_BASE := $(patsubst %.c,$(MUT_B)/asan/%.o,$(LIB_SRC) $(MUT_HARNESS)) \
	$(patsubst %.c,$(MUT_B)/o2/%.o,$(LIB_SRC) properties/sweep.c $(ORACLE_SRC))
$(MUT_B)/asan/%.o: %.c $(LIB_HDR) $(PBT_HDR) $(wildcard util/*.h fuzz/*.h cli/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(MUT_ASAN_CFLAGS) $(INC) -c $< -o $@
$(MUT_B)/o2/%.o: %.c $(LIB_HDR) $(PBT_HDR)
	@mkdir -p $(@D)
	$(CC) $(MUT_O2_CFLAGS) -pthread $(INC) -c $< -o $@
mutants-base: $(MUT_BASE)

# One mutant: make MUT_W=<dir> MUT_F=<name> $(MUT_W)/<program>, with the
# mutated source in $(MUT_W)/<name>.c
ifdef MUT_W
MUT_A = $(MUT_B)/asan
MUT_LIB_ASAN = $(MUT_W)/asan.o $(filter-out $(MUT_A)/src/$(MUT_F).o,$(LIB_SRC:%.c=$(MUT_A)/%.o))
MUT_LIB_O2 = $(MUT_W)/o2.o $(filter-out $(MUT_B)/o2/src/$(MUT_F).o,$(LIB_SRC:%.c=$(MUT_B)/o2/%.o))
MUT_LINK = $(CLANG) $(SAN) $(GC)
$(MUT_W)/asan.o: $(MUT_W)/$(MUT_F).c
	$(CLANG) $(MUT_ASAN_CFLAGS) -w $(INC) -c $< -o $@
$(MUT_W)/o2.o: $(MUT_W)/$(MUT_F).c
	$(CC) $(MUT_O2_CFLAGS) -w $(INC) -c $< -o $@
$(MUT_W)/unit: $(MUT_W)/asan.o
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,$(UNIT_SRC)) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/props: $(MUT_W)/asan.o
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,properties/main.c $(PBT_SRC)) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/rdmaneg: $(MUT_W)/asan.o
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,$(CLI_SRC) $(CLI_UTIL)) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/replay/%: $(MUT_W)/asan.o
	@mkdir -p $(@D)
	$(MUT_LINK) $(patsubst %.c,$(MUT_A)/%.o,fuzz/$*.c fuzz/replay.c $(PBT_SRC) $(CLI_READERS) util/gcda.c) $(MUT_LIB_ASAN) -o $@
$(MUT_W)/sweep: $(MUT_W)/o2.o
	$(CC) -pthread $(patsubst %.c,$(MUT_B)/o2/%.o,properties/sweep.c $(ORACLE_SRC)) \
		$(MUT_LIB_O2) -o $@
endif

# every mutant of src/ (MUTANTS_SAMPLE=N MUTANTS_SEED=S for a sample)
mutants:
	@tools/mutants.sh
