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

# ---- plain build: library, CLI, unit tests ($(CC), -Werror) ----
PLAIN_OBJ := $(patsubst src/%.c,$(B)/plain/obj/%.o,$(LIB_SRC))

all: $(B)/plain/librdmaneg.a $(B)/plain/rdmaneg $(B)/plain/unit

$(B)/plain/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) -c $< -o $@

$(B)/plain/librdmaneg.a: $(PLAIN_OBJ)
	$(AR) rcs $@ $^

$(B)/plain/rdmaneg: tools/rdmaneg.c $(B)/plain/librdmaneg.a
	$(CC) $(WARN) -Wno-missing-prototypes $(OPT) -Isrc $< $(B)/plain/librdmaneg.a -o $@

$(B)/plain/unit: tests/unit.c $(B)/plain/librdmaneg.a
	$(CC) $(WARN) $(OPT) -Isrc $< $(B)/plain/librdmaneg.a -o $@

# ---- ASan+UBSan build of the same programs (clang) ----
$(B)/asan/rdmaneg: tools/rdmaneg.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -Wno-missing-prototypes -O1 -g $(SAN) -Isrc $< $(LIB_SRC) -o $@

$(B)/asan/unit: tests/unit.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O1 -g $(SAN) -Isrc $< $(LIB_SRC) -o $@

asan: $(B)/asan/rdmaneg $(B)/asan/unit

# ---- checks ----
deps-test:
	@tools/deps.sh test

# Both compilers, zero warnings, in their own trees.
compilers:
	$(MAKE) --no-print-directory B=$(B)/gcc CC=gcc all
	$(MAKE) --no-print-directory B=$(B)/clang CC=clang all

lint:
	@out=$$(clang-tidy --quiet --warnings-as-errors='*' $(LIB_SRC) -- $(WARN) -Isrc 2>&1) \
		|| { echo "$$out"; exit 1; }; echo "clang-tidy: src/ clean"
	cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
		--std=c11 --inline-suppr --suppress=missingIncludeSystem -Isrc $(LIB_SRC)

# make test: everything CI checks; closes with "N passed, N failed".
test: deps-test
	@tools/run-tests.sh

clean:
	rm -rf $(B)

.PHONY: all asan deps-test compilers lint test clean
