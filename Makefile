# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# rdmaneg: README.md lists every target; each concern is a fragment in mk/,
# included in this order (later fragments use the variables of earlier ones).
.DEFAULT_GOAL := all
SHELL := /bin/bash

# ccache (CCACHE=0 turns it off): every cc, gcc and clang a recipe runs goes
# through /usr/lib/ccache, with the objects in ~/.cache/rdmaneg/ccache, so a
# fresh clone (CI's) or a build tree made again (a plant, a mutant, the
# OSS-Fuzz build) compiles only what it has not compiled before. The
# objects' paths are relative (CCACHE_BASEDIR), so clones share them.
CCACHE ?= 1
ifeq ($(CCACHE)$(wildcard /usr/lib/ccache/clang),1/usr/lib/ccache/clang)
export PATH := /usr/lib/ccache:$(PATH)
export CCACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/rdmaneg/ccache
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE ?= 4G
endif
CC ?= cc
CLANG ?= clang
OPT ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wpedantic -Wstrict-prototypes \
	-Wmissing-prototypes -Wconversion
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-ffunction-sections -fdata-sections
# Linking what SAN compiled, or the fuzz flavours: what a program does not
# reach is left out (with the coverage tables of what is dropped), so a
# change to a function a program never calls leaves it the same program,
# and make test's cache (tests/suites) keeps that suite's verdict.
GC_SECTIONS := -Wl,--gc-sections -Wl,-z,start-stop-gc
# These programs link with ld.lld: a test program's link takes under half
# the CPU of ld.bfd's (docs/benchmarks.md), and make test links hundreds.
# (GCC's -flto needs ld.bfd's plugin: the sweeps link with GC_SECTIONS.)
GC := $(GC_SECTIONS) -fuse-ld=lld

# Includes are by path: <rdmaneg/NAME.h> for the public headers (include/),
# "DIR/NAME.h" from the top of the tree for everything else
INC := -I. -Iinclude
LIB_SRC := $(wildcard src/*.c)
LIB_HDR := $(wildcard include/rdmaneg/*.h plants/*.h)
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
# the dependency files are never made by a rule: saying so spares make a
# search of every pattern rule for each of them at every start
%.d: ;
-include $(wildcard $(addsuffix *.d,$(B)/obj/*/*/ $(B)/obj/*/*/*/ $(B)/obj/*/*/*/*/))
