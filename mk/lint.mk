# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/lint.mk: make lint (tools/lint.sh says which checks), one stamp a step
# under build/lint/: a second lint redoes only what changed since, a file,
# a header it includes (its .d), .clang-tidy or tools/lint.sh
# (included by the Makefile, in order)
LINT_B := $(B)/lint
LINT_HOST := $(wildcard oracle/*.c rules/*.c cli/*.c man/*.c util/*.c tools/*.c tools/*/*.c fuzz/*.c properties/*.c live/*.c \
	live/*/*.c peer/*.c tests/*.c)
LINT_HOST_HDR := $(wildcard oracle/*.h rules/*.h cli/*.h man/*.h util/*.h tools/*/*.h fuzz/*.h properties/*.h live/*/*.h \
	peer/*.h tests/*.h)
LINT_CONF := .clang-tidy tools/lint.sh
# the scripts: by name, and .ci/run (tools/lint.sh --scripts finds every
# file that starts with a shell's #! line; the recipe lints what it finds,
# and tests/lint.sh fails when a script escapes this list)
LINT_SCRIPTS := .ci/run $(wildcard .clusterfuzzlite/*.sh oss-fuzz/*.sh live/*/*.sh tests/*.sh tools/*.sh tools/*/*.sh)
# every file that names the licence (tools/lint.sh --licensed finds them; the
# recipe checks what it finds, this list only says when to look again)
LINT_LICENSED := LICENSE Makefile $(LIB_SRC) $(LIB_HDR) $(LINT_HOST) $(LINT_HOST_HDR) $(LINT_SCRIPTS) \
	$(wildcard mk/*.mk src/*.in examples/*.c oss-fuzz/* .clusterfuzzlite/* .github/workflows/*)
LINT_STAMPS := $(LINT_B)/spdx.ok $(patsubst %,$(LINT_B)/src/%.ok,$(LIB_SRC)) $(patsubst %,$(LINT_B)/host/%.ok,$(LINT_HOST)) \
	$(LINT_B)/cppcheck-src.ok $(LINT_B)/cppcheck-host.ok $(LINT_B)/shellcheck.ok

$(LINT_B)/src/%.ok: % $(LINT_CONF)
	@tools/lint.sh --one src $< $@
$(LINT_B)/host/%.ok: % $(LINT_CONF)
	@tools/lint.sh --one host $< $@
$(LINT_B)/cppcheck-src.ok: $(LIB_SRC) $(LIB_HDR) tools/lint.sh
	@tools/lint.sh --cppcheck src $@ $(LIB_SRC)
$(LINT_B)/cppcheck-host.ok: $(LINT_HOST) $(LINT_HOST_HDR) $(LIB_HDR) tools/lint.sh
	@tools/lint.sh --cppcheck host $@ $(LINT_HOST)
$(LINT_B)/shellcheck.ok: $(LINT_SCRIPTS) .shellcheckrc tools/lint.sh
	@tools/lint.sh --shellcheck $@ $$(tools/lint.sh --scripts)

$(LINT_B)/spdx.ok: $(LINT_LICENSED) tools/lint.sh
	@tools/lint.sh --spdx $@ $$(tools/lint.sh --licensed)

lint: $(LINT_STAMPS)
	@echo "lint: clang-tidy on $(words $(LIB_SRC) $(LINT_HOST)) files, cppcheck, shellcheck on $(words $(LINT_SCRIPTS)) scripts, every file's SPDX line: clean"
	@echo "lint: 1 passed, 0 failed"

-include $(wildcard $(addsuffix *.d,$(LINT_B)/src/src/ $(LINT_B)/host/*/ $(LINT_B)/host/*/*/ \
	$(LINT_B)/host/*/*/*/))
