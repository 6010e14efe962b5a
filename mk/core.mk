# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# mk/core.mk: the library (plain and PIC), the CLI, the unit tests, install, ASan builds (included by the Makefile, in order)
# ---- plain build: library, CLI, unit tests ($(CC), -Werror) ----
# flavours (Makefile): core for the library and its unit tests, pic for
# the shared library, cli for the CLI and the man-page generator, cli-asan
# for their ASan+UBSan twins
CC_core = $(CC) $(WARN) $(OPT) $(INC)
CC_pic = $(CC) $(WARN) $(OPT) -fPIC $(INC)
CC_cli = $(CC) $(WARN) $(OPT) $(INC)
CC_cli-asan = $(CLANG) $(WARN) -O1 -g $(SAN) $(INC)
$(foreach f,core pic cli cli-asan,$(eval $(call c_flavour,$(f))))
PLAIN_OBJ := $(call flavour_objs,core,$(LIB_SRC))

all: $(B)/plain/librdmaneg.a $(B)/plain/rdmaneg $(B)/plain/unit

$(B)/plain/librdmaneg.a: $(PLAIN_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

# the CLI reads and writes hex and escapes JSON with util/, as rdmaneg-peer
# and the live harness do
CLI_UTIL := util/hex.c util/json.c util/roff.c util/file.c util/ibcm_name.c util/verb.c
# cli/: main.c (the verb table, help, man page), rpcrdma.c, mpa.c and nvme.c
# (the commands), input.c (the readers of untrusted input), output.c
CLI_SRC := $(wildcard cli/*.c)
CLI_DEPS := $(CLI_SRC) $(wildcard cli/*.h) $(CLI_UTIL) $(wildcard util/*.h)
$(B)/plain/rdmaneg: $(call flavour_objs,cli,$(CLI_SRC) $(CLI_UTIL)) $(B)/plain/librdmaneg.a
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# rdmaneg(1), generated from the CLI's own help pages
$(B)/plain/rdmaneg.1: $(B)/plain/rdmaneg
	$< help --man >$@


# ---- the shared library, pkg-config file, install (docs/embedding.md) ----
VERSION := $(shell sed -n 's/^\#define RDMANEG_VERSION "\(.*\)"/\1/p' include/rdmaneg/rdmaneg.h)
SOMAJOR := 0
PIC_OBJ := $(call flavour_objs,pic,$(LIB_SRC))

# SONAME librdmaneg.so.0; src/librdmaneg.map exports rdmaneg_* only
$(B)/pic/librdmaneg.so.$(VERSION): $(PIC_OBJ) src/librdmaneg.map
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,librdmaneg.so.$(SOMAJOR) -Wl,--version-script=src/librdmaneg.map \
		-Wl,-z,defs $(PIC_OBJ) -o $@

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PUB_HDR := $(wildcard include/rdmaneg/*.h)
# rdmaneg(3), generated from the public headers' comments and contracts
MAN3_SRC := man/main.c man/apidoc.c util/file.c util/roff.c
$(B)/plain/rdmaneg-man3: $(call flavour_objs,cli,$(MAN3_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@
$(B)/plain/rdmaneg.3: $(B)/plain/rdmaneg-man3 $(PUB_HDR)
	$< $(VERSION) $(filter-out include/rdmaneg/rdmaneg.h,$(PUB_HDR)) >$@ || { rm -f $@; exit 1; }

$(B)/pic/rdmaneg.pc: src/rdmaneg.pc.in include/rdmaneg/rdmaneg.h
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

# the core's unit tests, one program
UNIT_SRC := tests/unit.c tests/unit_ulp.c tests/unit_ibcm.c tests/unit_roce.c
$(B)/plain/unit: $(call flavour_objs,core,$(UNIT_SRC)) $(B)/plain/librdmaneg.a
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# ---- ASan+UBSan build of the same programs (clang) ----
$(B)/asan/rdmaneg: $(call flavour_objs,cli-asan,$(CLI_SRC) $(CLI_UTIL) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

$(B)/asan/unit: $(call flavour_objs,cli-asan,$(UNIT_SRC) $(LIB_SRC))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $(GC) $^ -o $@

asan: $(B)/asan/rdmaneg $(B)/asan/unit
