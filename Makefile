# rdmaneg: README.md lists every target; each concern is a fragment in mk/,
# included in this order (later fragments use the variables of earlier ones).
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
# A flavour is a compiler with its flags, CC_<name>: each source is compiled
# once per flavour into $(B)/obj/<name>/, with its header dependencies from
# -MMD -MP (included at the end), so a changed header rebuilds exactly the
# objects that include it. Defined with $(eval $(call c_flavour,NAME)).
define c_flavour
$(B)/obj/$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CC_$(1)) -MMD -MP -c $$< -o $$@
endef


include mk/core.mk mk/properties.mk mk/fuzz.mk mk/tools.mk mk/proof.mk mk/mutants.mk \
	mk/live.mk mk/compliance.mk mk/lint.mk mk/checks.mk
-include $(wildcard $(addsuffix *.d,$(B)/obj/*/*/ $(B)/obj/*/*/*/ $(B)/obj/*/*/*/*/))
